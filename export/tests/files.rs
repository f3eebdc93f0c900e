//! `export_files` (one thread reads, the workers parse, replay and encode, the
//! groups are appended in order) writes the same bytes and reports the same
//! hands left out, in the same order, on one thread and on three; with no hand
//! left out, the bytes of one-at-a-time appends; and `hand_index` is the hand's
//! position in its file as replay numbers it.

use std::fs::File;
use std::path::{Path, PathBuf};

use arrow_array::{Array, StringArray, UInt32Array};
use holdem_export::{Exporter, GROUP_HANDS, LeftOut, export_files};
use holdem_history::corpus::{RulesBook, collect_files};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

mod support;

fn data() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/histories"))
}

fn temp(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("holdem-export-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The three files an export of `files` on `threads` writes, and the hands it
/// left out (messages, in order).
fn export(files: &[PathBuf], threads: usize, dir: &Path) -> (Vec<Vec<u8>>, Vec<String>, u64) {
    let mut out = Exporter::create(dir).expect("create");
    let mut left = Vec::new();
    export_files(files, &RulesBook::new(None), threads, &mut out, |l| {
        left.push(match l {
            LeftOut::OtherGame(e) => format!("other game: {e}"),
            l => l.to_string(),
        })
    })
    .expect("export");
    let counts = out.finish().expect("finish");
    (tables(dir), left, counts.hands)
}

fn tables(dir: &Path) -> Vec<Vec<u8>> {
    ["hands", "players", "actions"]
        .iter()
        .map(|t| std::fs::read(dir.join(format!("{t}.parquet"))).expect("written"))
        .collect()
}

/// Copies of every file under `from` into `copies` folders of `to`.
fn copy_tree(from: &Path, to: &Path, copies: usize) {
    for f in collect_files(&[from.to_path_buf()]).expect("files") {
        let rel = f.strip_prefix(from).expect("under");
        for i in 0..copies {
            let dest = to.join(format!("{i}")).join(rel);
            std::fs::create_dir_all(dest.parent().expect("parent")).expect("mkdir");
            std::fs::copy(&f, &dest).expect("copy");
        }
    }
}

#[test]
fn phh_folders_over_several_groups_export_the_same_bytes_and_left_out_hands_on_one_thread_and_three()
 {
    // The shipped PHH folders three times: more than one group of PHH hands,
    // with hands of other games among them.
    let base = temp("phh");
    copy_tree(&data().join("phh"), &base.join("in"), 3);
    let files = collect_files(&[base.join("in")]).expect("files");
    let (one, left_one, hands) = export(&files, 1, &base.join("one"));
    let (three, left_three, _) = export(&files, 3, &base.join("three"));
    assert!(hands > GROUP_HANDS as u64, "{hands} hands: one group only");
    assert!(!left_one.is_empty());
    assert_eq!(left_one, left_three);
    for (t, (a, b)) in one.iter().zip(&three).enumerate() {
        assert!(a == b, "table {t} differs between one thread and three");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn every_shipped_history_exports_the_same_bytes_and_left_out_hands_on_one_thread_and_three() {
    // Every format, unreadable hands and hands of other games included.
    let base = temp("all");
    let files = collect_files(&[data()]).expect("files");
    let (one, left_one, _) = export(&files, 1, &base.join("one"));
    let (three, left_three, _) = export(&files, 3, &base.join("three"));
    assert!(left_one.iter().any(|l| l.starts_with("other game")));
    assert!(left_one.iter().any(|l| !l.starts_with("other game")));
    assert_eq!(left_one, left_three);
    for (t, (a, b)) in one.iter().zip(&three).enumerate() {
        assert!(a == b, "table {t} differs between one thread and three");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn with_no_hand_left_out_the_bytes_are_those_of_one_at_a_time_appends() {
    let base = temp("appends");
    let files =
        collect_files(&[data().join("phh/handhq"), data().join("generated")]).expect("files");
    let (threaded, left, hands) = export(&files, 2, &base.join("threads"));
    assert!(left.is_empty(), "{left:?}");
    assert!(hands > 2 * GROUP_HANDS as u64);

    support::append_one_at_a_time(&files, &base.join("appends"));
    let appended = tables(&base.join("appends"));
    for (t, (a, b)) in threaded.iter().zip(&appended).enumerate() {
        assert!(a == b, "table {t} differs from the appends");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn h6_hand_index_after_a_hand_of_another_game_is_the_position_replay_reports() {
    // The file holds 51 hands, one of them of a game the engine does not play
    // (left out); `holdem replay -v` numbers its last hand, #3796103150, 51.
    let file = data().join("ggpoker/layorx/GG20250810-0305-RushAndCash11101696-0.02-0.05-6max.txt");
    let dir = temp("index");
    let (_, left, hands) = export(&[file], 1, &dir);
    assert!(
        matches!(&left[..], [one] if one.ends_with("not a game or form the engine plays")),
        "the other game is left out by name: {left:?}"
    );
    assert_eq!(hands, 50);
    let f = File::open(dir.join("hands.parquet")).expect("open");
    let reader = ParquetRecordBatchReaderBuilder::try_new(f)
        .expect("parquet")
        .build()
        .expect("reader");
    let mut last = None;
    for b in reader {
        let b = b.expect("batch");
        let index = b.column_by_name("hand_index").expect("hand_index");
        let index = index.as_any().downcast_ref::<UInt32Array>().expect("u32");
        let id = b.column_by_name("hand_id").expect("hand_id");
        let id = id.as_any().downcast_ref::<StringArray>().expect("text");
        for i in 0..b.num_rows() {
            last = Some((index.value(i), id.value(i).to_string()));
        }
    }
    assert_eq!(last, Some((51, "3796103150".to_string())));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn columns_are_encoded_as_docs_export_md_says() {
    // Statistics for the key and the time only; money without a dictionary;
    // the positions and the player number as deltas; other columns but the
    // flags (booleans, never dictionary-encoded) with a dictionary.
    let dir = temp("encodings");
    let files = collect_files(&[data().join("phh/handhq")]).expect("files");
    export(&files, 1, &dir);
    for table in ["hands", "players", "actions"] {
        let f = File::open(dir.join(format!("{table}.parquet"))).expect("open");
        let meta = ParquetRecordBatchReaderBuilder::try_new(f).expect("parquet");
        let group = meta.metadata().row_group(0);
        for c in group.columns() {
            let name = c.column_path().string();
            let stats = c.statistics().is_some();
            assert_eq!(
                stats,
                ["file", "hand_index", "started_at"].contains(&name.as_str()),
                "{table}.{name}: statistics"
            );
            let dictionary = c.dictionary_page_offset().is_some();
            let money = [
                "starting_stack",
                "final_stack",
                "invested",
                "won",
                "net",
                "amount",
                "pot_before",
                "pot",
            ];
            let delta = ["hand_index", "order", "player"].contains(&name.as_str());
            assert_eq!(
                c.encodings()
                    .any(|e| e == parquet::basic::Encoding::DELTA_BINARY_PACKED),
                delta,
                "{table}.{name}: deltas"
            );
            let boolean = c.column_type() == parquet::basic::Type::BOOLEAN;
            assert_eq!(
                dictionary,
                !money.contains(&name.as_str()) && !delta && !boolean,
                "{table}.{name}: dictionary"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_cannot_be_written_stops_every_thread_with_an_error_naming_it() {
    // `actions.parquet` is /dev/full: every write fails (no space), while the
    // workers have groups in flight.
    let dir = temp("full");
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::os::unix::fs::symlink("/dev/full", dir.join("actions.parquet")).expect("link");
    let files = collect_files(&[data().join("generated")]).expect("files");
    for threads in [1, 3] {
        let mut out = Exporter::create(&dir).expect("create");
        let result = export_files(&files, &RulesBook::new(None), threads, &mut out, |_| {});
        let e = result.expect_err("the disk is full");
        assert!(
            matches!(e, holdem_export::FilesError::Export(_)),
            "{threads} threads: {e}"
        );
        assert!(e.to_string().contains("actions.parquet"), "{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn text_files_of_more_hands_than_a_group_among_small_ones_export_the_bytes_of_appends_on_any_thread_count()
 {
    // Two JSON Lines files of 2,500 and 3,000 hands (cut into several pieces by
    // the workers) around small PHH files: the groups of 2,048 hands cross
    // the pieces and the files as one-at-a-time appends cut them.
    let base = temp("large-text");
    let lines =
        std::fs::read_to_string(data().join("generated/seed-2026-10000-hands-first-100.jsonl"))
            .expect("jsonl");
    std::fs::create_dir_all(base.join("in")).expect("mkdir");
    let (first, last) = (base.join("in/a.jsonl"), base.join("in/z.jsonl"));
    std::fs::write(&first, lines.repeat(25)).expect("write");
    std::fs::write(&last, lines.repeat(30)).expect("write");
    let mut files = vec![first];
    files.extend(collect_files(&[data().join("phh/handhq")]).expect("files"));
    files.push(last);
    support::append_one_at_a_time(&files, &base.join("appends"));
    let appended = tables(&base.join("appends"));
    for threads in [1, 2, 5] {
        let (threaded, left, hands) = export(&files, threads, &base.join(format!("t{threads}")));
        assert!(left.is_empty(), "{left:?}");
        assert!(hands > 5_500, "{hands} hands");
        for (t, (a, b)) in threaded.iter().zip(&appended).enumerate() {
            assert!(
                a == b,
                "{threads} threads: table {t} differs from the appends"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_file_that_cannot_be_opened_stops_the_export_after_the_same_hands_on_one_thread_and_three() {
    // The hands before the missing file are encoded and reported (in order),
    // none after it; the error names the file.
    let base = temp("missing");
    let mut files = collect_files(&[data().join("phh")]).expect("files");
    let missing = base.join("missing.phh");
    files.insert(files.len() / 2, missing);
    let mut reports = Vec::new();
    for threads in [1, 3] {
        let dir = base.join(format!("t{threads}"));
        let mut out = Exporter::create(&dir).expect("create");
        let mut left = Vec::new();
        let result = export_files(&files, &RulesBook::new(None), threads, &mut out, |l| {
            left.push(l.to_string())
        });
        let e = result.expect_err("a file is missing");
        assert!(
            matches!(e, holdem_export::FilesError::History(_)),
            "{threads} threads: {e}"
        );
        assert!(e.to_string().contains("missing.phh"), "{e}");
        reports.push(left);
    }
    assert!(!reports[0].is_empty());
    assert_eq!(reports[0], reports[1]);
    let _ = std::fs::remove_dir_all(&base);
}
