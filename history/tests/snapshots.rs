//! H3: every history shipped in `data/histories` is replayed and the result compared
//! with its committed insta snapshot. A change in any result fails until reviewed.

use std::path::Path;

use holdem_history::corpus::{Counts, RulesBook, replay_file};

fn render(path: &Path, rules: &RulesBook) -> String {
    let report = replay_file(path, rules, true);
    let mut out = String::new();
    if let Some(e) = &report.expected {
        out.push_str(&format!("declared: expect-illegal: {e}\n"));
    }
    for line in &report.lines {
        let name = line
            .name
            .as_ref()
            .map(|n| format!(" [{n}]"))
            .unwrap_or_default();
        out.push_str(&format!(
            "hand {}{name}: {:?}: {}\n",
            line.hand, line.status, line.message
        ));
    }
    out.push_str(&format!("{:?}\n", report.counts));
    out
}

/// H3 (and H2 for the files in `illegal/`): one snapshot per PHH file.
#[test]
fn h3_phh_histories_match_their_snapshots() {
    let rules = RulesBook::new(None);
    insta::glob!(
        "../../data/histories",
        "{seeds,illegal,phh}/**/*.{phh,phhs}",
        |path| {
            insta::assert_snapshot!(render(path, &rules));
        }
    );
}

/// H5 (and H3): every real PokerStars file is imported, replayed and checked against
/// its text, one snapshot per file: each hand's result, or the line, action and rule
/// where the text and the rules disagree, or why the hand is not played.
#[test]
fn h5_pokerstars_histories_match_their_snapshots() {
    let rules = RulesBook::new(None);
    insta::glob!("../../data/histories", "pokerstars/**/*.txt", |path| {
        insta::assert_snapshot!(render(path, &rules));
    });
}

/// H6 (and H3): every real file of the other sites (GGPoker, Full Tilt), found by
/// its content, is imported, replayed and checked against its text, one snapshot
/// per file.
#[test]
fn h6_site_histories_match_their_snapshots() {
    let rules = RulesBook::new(None);
    insta::glob!(
        "../../data/histories",
        "{ggpoker,fulltilt,winamax}/**/*.txt",
        |path| {
            insta::assert_snapshot!(render(path, &rules));
        }
    );
}

/// H6 (and H3): every real Winning Poker Network file, found by its content, is
/// imported, replayed and checked against its text, one snapshot per file.
#[test]
fn h6_wpn_histories_match_their_snapshots() {
    let rules = RulesBook::new(None);
    insta::glob!("../../data/histories", "wpn/**/*.txt", |path| {
        insta::assert_snapshot!(render(path, &rules));
    });
}

/// H6 (and H3): every real 888poker file, found by its content, is imported,
/// replayed and checked against its text, one snapshot per file.
#[test]
fn h6_888poker_histories_match_their_snapshots() {
    let rules = RulesBook::new(None);
    insta::glob!("../../data/histories", "888/**/*.txt", |path| {
        insta::assert_snapshot!(render(path, &rules));
    });
}

/// H6 (and H3): every real PartyPoker file, found by its content, is imported,
/// replayed and checked against its text, one snapshot per file.
#[test]
fn h6_partypoker_histories_match_their_snapshots() {
    let rules = RulesBook::new(None);
    insta::glob!("../../data/histories", "partypoker/**/*.txt", |path| {
        insta::assert_snapshot!(render(path, &rules));
    });
}

/// H6 (and H3): every real iPoker file (XML sessions, found by their content) is
/// read whole, and each game imported, replayed and checked against its text, one
/// snapshot per file.
#[test]
fn h6_ipoker_histories_match_their_snapshots() {
    let rules = RulesBook::new(None);
    insta::glob!("../../data/histories", "ipoker/**/*.txt", |path| {
        insta::assert_snapshot!(render(path, &rules));
    });
}

/// H3: the generated corpus (10,000 hands, native postcard, plus PHH and JSON Lines
/// samples) is summarized in one snapshot, so the test stays fast.
#[test]
fn h3_generated_corpus_matches_its_snapshot() {
    let rules = RulesBook::new(None);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/histories/generated");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    let mut out = String::new();
    let mut total = Counts::default();
    for f in &files {
        let report = replay_file(f, &rules, true);
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Every hand's result (final stacks and pots) goes into one FNV-1a digest.
        let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
        for line in &report.lines {
            for b in line.message.bytes().chain(std::iter::once(b'\n')) {
                digest = (digest ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        out.push_str(&format!(
            "{name}: {:?}\n  results digest {digest:016x}\n",
            report.counts
        ));
        for line in report
            .lines
            .iter()
            .filter(|l| l.status != holdem_history::corpus::Status::Ok)
            .take(20)
        {
            out.push_str(&format!(
                "  hand {}: {:?}: {}\n",
                line.hand, line.status, line.message
            ));
        }
        total.merge(&report.counts);
    }
    assert!(
        total.hands >= 10_000,
        "the corpus has at least 10,000 hands"
    );
    assert!(total.passed());
    insta::assert_snapshot!(out);
}

/// The same expectations through the `--json` report types: every shipped file passes.
#[test]
fn h2_shipped_data_passes_and_illegal_files_fail_as_declared() {
    let rules = RulesBook::new(None);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/histories");
    let files = holdem_history::corpus::collect_files(&[root.join("illegal")]).expect("folder");
    assert!(files.len() >= 10);
    for f in files {
        let r = replay_file(&f, &rules, false);
        assert!(r.expected.is_some(), "{f:?} declares its error");
        assert_eq!(r.counts.expected_illegal, 1, "{f:?}: {:?}", r.lines);
        assert!(r.counts.passed(), "{f:?}");
    }
}
