//! H6 on the real Winamax data in `data/histories/winamax/`: the files are found by
//! their content as `holdem replay` finds them (a file that holds no Winamax text
//! hand, such as the client's XML export, is skipped), every hold'em hand imports,
//! replays and agrees with its text, and PHH and the native formats keep it.

use std::path::{Path, PathBuf};

use holdem_history::corpus::{RulesBook, Status, collect_files, replay_file};
use holdem_history::native::{NativeVersion, decode_postcard, encode_postcard};
use holdem_history::phh::{parse_phh, write_phh};
use holdem_history::pokerstars::{check, decode, import, parse_hands};
use holdem_history::replay::{HouseRules, replay_hand};

fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/histories/winamax");
    collect_files(&[dir]).expect("the data folder")
}

#[test]
fn h6_winamax_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    let rules = RulesBook::new(None);
    let (mut ok, mut unsupported) = (0, 0);
    for f in files() {
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
        unsupported += report
            .lines
            .iter()
            .filter(|l| l.status == Status::Unsupported)
            .count();
    }
    // 32 hold'em hands settle; the two Omaha hands are unsupported by name.
    assert_eq!((ok, unsupported), (32, 2));
}

#[test]
fn h6_winamax_hands_survive_phh_and_the_native_formats() {
    let rules = HouseRules::standard();
    let mut played = 0;
    for f in files() {
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
            let text = write_phh(&imported.history)
                .unwrap_or_else(|e| panic!("hand #{}: {e}", imported.hand));
            let back =
                parse_phh(&text).unwrap_or_else(|e| panic!("hand #{}: {e}\n{text}", imported.hand));
            assert_eq!(back, imported.history, "hand #{}", imported.hand);
            assert_eq!(replay_hand(&back, &rules), outcome);
        }
    }
    assert_eq!(played, 32);
}
