//! What `holdem-export` writes reads back through the Parquet reader: the schema
//! version, the row counts, and the money (each settled hand's nets sum to minus
//! its rake, the pot is what the players put in).

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use arrow_array::{Array, BooleanArray, Int64Array, RecordBatch, UInt32Array};
use holdem_export::{Counts, Exporter, GROUP_HANDS, HandRows, SCHEMA_VERSION, SCHEMA_VERSION_KEY};
use holdem_history::corpus::{RulesBook, collect_files, read_hands};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

mod support;

fn export(dir: &Path) -> Counts {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/histories"));
    let files = collect_files(&[root.join("phh/handhq"), root.join("generated")]).expect("files");
    support::append_one_at_a_time(&files, dir)
}

fn read(dir: &Path, table: &str) -> (Vec<RecordBatch>, Option<String>) {
    let f = File::open(dir.join(format!("{table}.parquet"))).expect("open");
    let builder = ParquetRecordBatchReaderBuilder::try_new(f).expect("parquet");
    let version = builder
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .and_then(|kv| kv.iter().find(|k| k.key == SCHEMA_VERSION_KEY))
        .and_then(|k| k.value.clone());
    let batches = builder
        .build()
        .expect("reader")
        .collect::<Result<Vec<_>, _>>()
        .expect("batches");
    (batches, version)
}

fn col<'a, T: 'static>(b: &'a RecordBatch, name: &str) -> &'a T {
    b.column_by_name(name)
        .and_then(|c| c.as_any().downcast_ref::<T>())
        .expect(name)
}

#[test]
fn h4_exported_money_reads_back_and_nets_sum_to_minus_the_rake() {
    let dir = std::env::temp_dir().join(format!("holdem-export-read-{}", std::process::id()));
    let counts = export(&dir);
    let (hands, v1) = read(&dir, "hands");
    let (players, v2) = read(&dir, "players");
    let (actions, v3) = read(&dir, "actions");
    for v in [v1, v2, v3] {
        assert_eq!(v.as_deref(), Some(SCHEMA_VERSION));
    }
    let rows = |b: &[RecordBatch]| b.iter().map(RecordBatch::num_rows).sum::<usize>() as u64;
    assert_eq!(rows(&hands), counts.hands);
    assert_eq!(rows(&players), counts.players);
    assert_eq!(rows(&actions), counts.actions);
    assert!(counts.hands > 10_000);

    // Per hand (by file order and index): the rake and pot of `hands`...
    let mut expected: BTreeMap<(String, u32), (i64, i64)> = BTreeMap::new();
    for b in &hands {
        let file = col::<arrow_array::StringArray>(b, "file");
        let index = col::<UInt32Array>(b, "hand_index");
        let (pot, rake) = (col::<Int64Array>(b, "pot"), col::<Int64Array>(b, "rake"));
        for i in 0..b.num_rows() {
            if !rake.is_null(i) {
                expected.insert(
                    (file.value(i).to_string(), index.value(i)),
                    (pot.value(i), rake.value(i)),
                );
            }
        }
    }
    // ...against the sums over its players, where every starting stack is known.
    let mut sums: BTreeMap<(String, u32), (i64, i64, bool)> = BTreeMap::new();
    for b in &players {
        let file = col::<arrow_array::StringArray>(b, "file");
        let index = col::<UInt32Array>(b, "hand_index");
        let net = col::<Int64Array>(b, "net");
        let invested = col::<Int64Array>(b, "invested");
        let start = col::<Int64Array>(b, "starting_stack");
        let settled = col::<BooleanArray>(b, "settled");
        for i in 0..b.num_rows() {
            if settled.value(i) {
                let e = sums
                    .entry((file.value(i).to_string(), index.value(i)))
                    .or_insert((0, 0, true));
                e.0 += net.value(i);
                e.1 += invested.value(i);
                e.2 &= !start.is_null(i);
            }
        }
    }
    assert_eq!(sums.len(), expected.len());
    let mut raked = 0;
    for (key, (net, invested, known)) in &sums {
        let (pot, rake) = expected[key];
        assert_eq!(*invested, pot, "{key:?}");
        if *known {
            assert_eq!(*net, -rake, "{key:?}");
        }
        raked += usize::from(rake > 0);
    }
    assert!(raked > 30, "{raked}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The rows of the generated corpus, in file order.
fn generated_rows() -> Vec<HandRows> {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/histories"));
    let files = collect_files(&[root.join("generated")]).expect("files");
    let book = RulesBook::new(None);
    let mut rows = Vec::new();
    for file in files {
        let name = file.display().to_string();
        let mut index = 0;
        read_hands(
            &file,
            |h| {
                index += 1;
                let rules = book.for_hand(&h).expect("rules");
                rows.push(HandRows::of(&name, index, &h, rules));
                Ok::<(), holdem_history::HistoryError>(())
            },
            |e| panic!("{e}"),
        )
        .expect("read");
    }
    rows
}

#[test]
fn groups_encoded_on_other_threads_write_the_same_bytes_as_appends() {
    let rows = generated_rows();
    assert!(
        rows.len() > 2 * GROUP_HANDS,
        "the corpus spans several groups"
    );
    let base = std::env::temp_dir().join(format!("holdem-export-groups-{}", std::process::id()));
    let (one, grouped) = (base.join("one"), base.join("grouped"));

    let mut out = Exporter::create(&one).expect("create");
    for r in &rows {
        out.append(r).expect("append");
    }
    let one_counts = out.finish().expect("finish");

    // Groups encoded on two threads, finishing in any order, appended in order.
    let mut out = Exporter::create(&grouped).expect("create");
    let encoder = out.encoder();
    let groups: Vec<&[HandRows]> = rows.chunks(GROUP_HANDS).collect();
    let encoded = std::thread::scope(|s| {
        let mut handles = Vec::new();
        for pair in groups.chunks(2) {
            let encoder = encoder.clone();
            handles.push(s.spawn(move || {
                pair.iter()
                    .map(|g| encoder.encode(g).expect("encode"))
                    .collect::<Vec<_>>()
            }));
        }
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("thread"))
            .collect::<Vec<_>>()
    });
    for g in encoded {
        out.append_group(g).expect("append group");
    }
    let grouped_counts = out.finish().expect("finish");

    assert_eq!(one_counts, grouped_counts);
    assert_eq!(one_counts.hands, rows.len() as u64);
    for table in ["hands", "players", "actions"] {
        let name = format!("{table}.parquet");
        let a = std::fs::read(one.join(&name)).expect("read");
        let b = std::fs::read(grouped.join(&name)).expect("read");
        assert!(a == b, "{name} differs");
        let f = File::open(one.join(&name)).expect("open");
        let meta = ParquetRecordBatchReaderBuilder::try_new(f).expect("parquet");
        let groups = meta.metadata().num_row_groups();
        assert_eq!(
            groups,
            rows.len().div_ceil(GROUP_HANDS),
            "{name}: row groups"
        );
    }
    let _ = std::fs::remove_dir_all(&base);
}
