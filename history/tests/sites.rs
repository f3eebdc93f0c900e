//! H6 on the real data of the other sites in `data/histories/<site>/`: each file is
//! found by its content, every hold'em hand the engine plays imports, replays and
//! agrees with its text, and converting to PHH (where PHH can say it) and to the
//! native formats keeps the hand.

use std::path::{Path, PathBuf};

use holdem_history::corpus::{RulesBook, Status, replay_file};
use holdem_history::native::{NativeVersion, decode_postcard, encode_postcard};
use holdem_history::phh::{PhhWriteError, parse_phh, write_phh};
use holdem_history::pokerstars::{check, decode, import, parse_hands};
use holdem_history::replay::{HouseRules, replay_hand};

fn files(site: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("the data folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "txt") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/histories")
        .join(site);
    walk(&dir, &mut out);
    out.sort();
    out
}

/// Replays a site's folder: every file passes, and returns the hands that settle.
fn replay_site(site: &str) -> usize {
    let rules = RulesBook::new(None);
    let mut ok = 0;
    for f in files(site) {
        let report = replay_file(&f, &rules, true);
        assert!(
            report.counts.passed(),
            "{}: {:?}",
            f.display(),
            report.lines
        );
        ok += report
            .lines
            .iter()
            .filter(|l| l.status == Status::Ok)
            .count();
    }
    ok
}

/// Every played hand of a site's files: PHH (or, for a board run twice, the
/// native formats) keeps it and replays it to the same result. Returns the count.
fn convert_site(site: &str) -> usize {
    let rules = HouseRules::standard();
    let mut played = 0;
    for f in files(site) {
        let bytes = std::fs::read(&f).expect("readable");
        for hand in parse_hands(&decode(&bytes)).into_iter().flatten() {
            let Ok(imported) = import(&hand) else {
                continue;
            };
            let outcome = replay_hand(&imported.history, &rules);
            if check(&imported, &outcome).is_err() {
                continue;
            }
            played += 1;
            for version in [NativeVersion::V2, NativeVersion::V1] {
                let bytes = encode_postcard(&imported.history, version).expect("encoded");
                let back = decode_postcard(&bytes, version).expect("decoded");
                assert_eq!(back, imported.history, "hand #{}", imported.hand);
                assert_eq!(replay_hand(&back, &rules), outcome);
            }
            match write_phh(&imported.history) {
                Ok(text) => {
                    let back = parse_phh(&text)
                        .unwrap_or_else(|e| panic!("hand #{}: {e}\n{text}", imported.hand));
                    assert_eq!(back, imported.history, "hand #{}", imported.hand);
                    assert_eq!(replay_hand(&back, &rules), outcome);
                }
                // A board run twice: PHH has no notation for it (B26).
                Err(PhhWriteError::BoardRuns { .. } | PhhWriteError::RunsAllowed) => {}
                Err(e) => panic!("hand #{}: {e}", imported.hand),
            }
        }
    }
    played
}

#[test]
fn h6_ggpoker_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    assert!(replay_site("ggpoker") >= 100);
}

#[test]
fn h6_ggpoker_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("ggpoker") >= 100);
}

#[test]
fn h6_full_tilt_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    assert!(replay_site("fulltilt") >= 39);
}

#[test]
fn h6_full_tilt_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("fulltilt") >= 39);
}
