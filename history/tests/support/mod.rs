//! What the site tests (`sites.rs`, `sites_more.rs`, `winamax.rs`) share: a
//! site's real files, replaying them as `holdem replay` does, and converting
//! every played hand through PHH and the native formats.

#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};

use holdem_history::corpus::{RulesBook, Status, replay_file};
use holdem_history::native::{NativeVersion, decode_postcard, encode_postcard};
use holdem_history::phh::{PhhWriteError, parse_phh, write_phh};
use holdem_history::pokerstars::{check, decode, import, looks_like_pokerstars, parse_hands};
use holdem_history::replay::{HouseRules, replay_hand};

/// The `.txt` files under `data/histories/<site>/`, in name order.
pub fn files(site: &str) -> Vec<PathBuf> {
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

/// Hands of a site's folder by how replay judged them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Replayed {
    /// Settled and agreeing with their text.
    pub ok: usize,
    /// Another game or form, unsupported by name.
    pub unsupported: usize,
}

/// Replays every file of a site's folder and asserts that each passes. With
/// `skip_unknown`, a file that holds no text hand any reader knows is left out,
/// as `holdem replay` skips it; without it, such a file fails the test.
pub fn replay_site(site: &str, skip_unknown: bool) -> Replayed {
    let rules = RulesBook::new(None);
    let mut seen = Replayed::default();
    for f in files(site) {
        let bytes = std::fs::read(&f).expect("readable");
        if skip_unknown && !looks_like_pokerstars(&decode(&bytes)) {
            continue;
        }
        let report = replay_file(&f, &rules, true);
        assert!(
            report.counts.passed(),
            "{}: {:?}",
            f.display(),
            report.lines
        );
        let count = |status| report.lines.iter().filter(|l| l.status == status).count();
        seen.ok += count(Status::Ok);
        seen.unsupported += count(Status::Unsupported);
    }
    seen
}

/// Every played hand of a site's files goes through both native formats and
/// PHH (where PHH can say it: not a board run twice, B26) and replays to the
/// same result; returns how many were played.
pub fn convert_site(site: &str) -> usize {
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
                // What PHH cannot record: runs of the board, a site's order of
                // the odd chips.
                Err(
                    PhhWriteError::BoardRuns { .. }
                    | PhhWriteError::RunsAllowed
                    | PhhWriteError::OddChipOrder,
                ) => {}
                Err(e) => panic!("hand #{}: {e}", imported.hand),
            }
        }
    }
    played
}

/// `text` with `len` characters from character `cut` (both clamped to the text)
/// replaced by `insert`: the mangled-text properties' edit.
pub fn mangle(text: &str, cut: usize, len: usize, insert: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = cut.min(chars.len());
    let end = (at + len).min(chars.len());
    chars.splice(at..end, insert.chars());
    chars.into_iter().collect()
}

/// What the mangled-text properties require of any text: every hand read is
/// imported with at least two players, or refused with a typed error naming a
/// line of the text.
pub fn hands_or_typed_errors(mangled: &str) -> Result<(), proptest::test_runner::TestCaseError> {
    let lines = mangled.lines().count() as u32 + 1;
    for r in parse_hands(mangled) {
        match r.and_then(|h| import(&h)) {
            Ok(i) => proptest::prop_assert!(i.history.player_count() >= 2),
            Err(e) => proptest::prop_assert!(e.line <= lines, "{}", e),
        }
    }
    Ok(())
}
