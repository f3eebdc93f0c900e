//! Nothing panics on any input, and every format round-trips (H1).

use std::io::Cursor;

use holdem_history::HandHistory;
use holdem_history::corpus::RulesBook;
use holdem_history::generate::HandGenerator;
use holdem_history::native::{
    HandRecord, JsonlHands, NativeVersion, PostcardHands, RecordReason, decode_postcard,
    encode_postcard, write_jsonl, write_postcard, write_postcard_header, write_postcard_header_of,
    write_postcard_of,
};
use holdem_history::phh::{PhhHands, parse_phh, write_phh};
use holdem_history::replay::{HouseRules, ReplayView, Replayer, replay_hand, replay_view};
use proptest::prelude::*;

const SEED_FILE: &str = include_str!("../../data/histories/seeds/b12-incomplete-all-in.phh");
const REAL_FILE: &str =
    include_str!("../../data/histories/phh/handhq/abs-2009-07-100nlh-sample.phhs");
const STRADDLE_FILE: &str = include_str!("../../data/histories/seeds/b3-b6-straddles.phh");
const RAKE_FILE: &str = include_str!("../../data/histories/seeds/b23-rake.phh");

fn generated(seed: u64, count: usize) -> Vec<HandHistory> {
    HandGenerator::new(seed)
        .take(count)
        .collect::<Result<_, _>>()
        .expect("the generator plays legal hands")
}

#[test]
fn h1_a_native_unit_past_nine_decimal_places_is_a_typed_error() {
    // rule H1: a native hand's unit byte (the second of the payload in both layouts)
    // above MAX_DECIMALS (9) is refused by both readers: 64 places would reach the
    // text of a remark and divide by a wrapped-around zero
    // (`mutated_postcard_files_never_panic` reaches such a byte with more cases).
    let h = PhhHands::new(REAL_FILE)
        .find_map(|h| h.hand.ok())
        .expect("a real hand");
    for version in [NativeVersion::V1, NativeVersion::V2] {
        let mut payload = encode_postcard(&h, version).expect("encodes");
        assert_eq!(payload[1], h.unit.decimals, "the unit byte ({version:?})");
        for places in [10, 64, 255] {
            payload[1] = places;
            let error = HandRecord::decode(&payload, version).expect_err("refused");
            assert_eq!(error.reason, RecordReason::TooManyDecimals, "{version:?}");
            assert!(decode_postcard(&payload, version).is_err(), "{version:?}");
        }
        payload[1] = 9;
        assert!(HandRecord::decode(&payload, version).is_ok(), "{version:?}");
        assert!(decode_postcard(&payload, version).is_ok(), "{version:?}");
    }
}

/// Numbers to put in a history: the edges of the integer types and the unit's
/// places, and any u64.
fn extreme_number() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1),
        Just(9),
        Just(10),
        Just(64),
        Just(255),
        Just(256),
        Just(u64::from(u32::MAX)),
        Just(1 << 53),
        Just(i64::MAX as u64),
        Just(u64::MAX - 1),
        Just(u64::MAX),
        any::<u64>(),
    ]
}

/// Replaces digit runs of `text` (chosen by each edit's index) with the edit's number.
fn replace_numbers(text: &mut String, edits: Vec<(prop::sample::Index, u64)>) {
    for (at, value) in edits {
        let mut runs = Vec::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i > start {
                runs.push(start..i);
            } else {
                i += 1;
            }
        }
        if runs.is_empty() {
            return;
        }
        let run = runs[at.index(runs.len())].clone();
        text.replace_range(run, &value.to_string());
    }
}

/// Reads and replays everything in `text`; must never panic.
fn read_and_replay(text: &str) {
    let rules = RulesBook::new(None);
    for h in PhhHands::new(text) {
        if let Ok(hand) = h.hand {
            let _ = holdem_history::corpus::judge(h.index, h.name, &hand, &rules);
        }
    }
}

/// Applies random edits to `bytes`: kind 0 changes the byte at the index, 1 cuts
/// the file there, 2 inserts the byte there.
fn mutate(bytes: &mut Vec<u8>, edits: Vec<(prop::sample::Index, u8, u8)>) {
    for (at, b, kind) in edits {
        if bytes.is_empty() {
            break;
        }
        let i = at.index(bytes.len());
        match kind {
            0 => bytes[i] = b,
            1 => bytes.truncate(i),
            _ => bytes.insert(i, b),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random bytes: a typed error or a hand, never a panic.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        read_and_replay(&String::from_utf8_lossy(&bytes));
        for h in JsonlHands::new(Cursor::new(&bytes)) { let _ = h; }
        for version in [NativeVersion::V1, NativeVersion::V2] {
            let mut framed = version.magic().to_vec();
            framed.extend_from_slice(&bytes);
            for h in PostcardHands::new(Cursor::new(framed)) { let _ = h; }
            if let Ok(record) = HandRecord::decode(&bytes, version) {
                let _ = replay_view(&record.view(), &holdem_history::replay::HouseRules::standard());
            }
        }
    }

    /// Native files of both versions, of real, straddle and rake hands, with random
    /// edits: every frame is a typed error or a hand that replays, never a panic.
    #[test]
    fn mutated_postcard_files_never_panic(
        v2 in any::<bool>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..8),
    ) {
        let version = if v2 { NativeVersion::V2 } else { NativeVersion::V1 };
        let mut bytes = Vec::new();
        write_postcard_header_of(&mut bytes, version).expect("vec");
        for text in [REAL_FILE, STRADDLE_FILE, RAKE_FILE] {
            for h in PhhHands::new(text).filter_map(|h| h.hand.ok()).take(4) {
                write_postcard_of(&mut bytes, &h, version).expect("vec");
            }
        }
        mutate(&mut bytes, edits);
        for h in PostcardHands::new(Cursor::new(&bytes)) { let _ = h; }
        let rules = RulesBook::new(None);
        let mut replayer = Replayer::new();
        let mut frames = PostcardHands::new(Cursor::new(&bytes));
        while let Some(frame) = frames.next_frame() {
            let Ok((payload, v)) = frame else { break };
            if let Ok(record) = HandRecord::decode(payload, v) {
                if let Ok(r) = rules.for_declared(record.declared_rules()) {
                    let _ = replayer.replay(&record.view(), r);
                }
            }
        }
    }

    /// Native JSON Lines hands with numbers replaced by extreme or random values
    /// (stacks, blinds, antes, amounts, card indices, the unit's places...): parsed
    /// JSON reaches the engine with any u64 where a byte edit would only break the
    /// syntax. Every hand is a typed error or a replay, never a panic.
    #[test]
    fn jsonl_hands_with_extreme_numbers_never_panic(
        which in 0usize..3,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), extreme_number()), 1..4),
    ) {
        let text = [REAL_FILE, STRADDLE_FILE, RAKE_FILE][which];
        let mut jsonl = Vec::new();
        for h in PhhHands::new(text).filter_map(|h| h.hand.ok()).take(3) {
            write_jsonl(&mut jsonl, &h).expect("vec");
        }
        let mut jsonl = String::from_utf8(jsonl).expect("JSON is UTF-8");
        replace_numbers(&mut jsonl, edits);
        let rules = HouseRules::standard();
        let mut replayer = Replayer::new();
        for h in JsonlHands::new(Cursor::new(jsonl.as_bytes())).flatten() {
            let _ = replay_hand(&h, &rules);
            let _ = replayer.replay(&ReplayView::of(&h), &rules);
            let _ = write_phh(&h);
            for version in [NativeVersion::V1, NativeVersion::V2] {
                if let Ok(payload) = encode_postcard(&h, version) {
                    let _ = decode_postcard(&payload, version);
                }
            }
        }
    }

    /// PHH files with numbers replaced by extreme or random values (stacks, blinds,
    /// antes, bets, seats, player numbers, times): a typed error or a replay and an
    /// export, never a panic.
    #[test]
    fn phh_files_with_extreme_numbers_never_panic(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), extreme_number()), 1..4),
    ) {
        let mut text = [SEED_FILE, REAL_FILE, STRADDLE_FILE, RAKE_FILE][which].to_string();
        replace_numbers(&mut text, edits);
        read_and_replay(&text);
        for h in PhhHands::new(&text).filter_map(|h| h.hand.ok()) {
            let _ = write_phh(&h);
            let mut jsonl = Vec::new();
            let _ = write_jsonl(&mut jsonl, &h);
        }
    }

    /// Real and seed files with random edits (byte changes, cuts, insertions).
    #[test]
    fn mutated_files_never_panic(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..8),
    ) {
        let mut bytes = [SEED_FILE, REAL_FILE, STRADDLE_FILE, RAKE_FILE][which].as_bytes().to_vec();
        mutate(&mut bytes, edits);
        read_and_replay(&String::from_utf8_lossy(&bytes));
    }

    /// Random PHH-like text built from the notation's own tokens, to reach deeper
    /// than random bytes do.
    #[test]
    fn random_actions_never_panic(
        tokens in proptest::collection::vec(
            prop::sample::select(vec![
                "d dh p1 AsKs", "d dh p2 ????", "d dh p3 QdQc", "d db 2c3c4c", "d db 5d", "d db ??",
                "p1 cc", "p2 cc", "p3 cc", "p1 f", "p2 f", "p3 f", "p1 cbr 40", "p2 cbr 100",
                "p3 cbr 1000", "p1 sm AsKs", "p2 sm", "p3 sm -", "p2 sm ??Kd", "p1 cc # time-out",
                "p4 f", "d dh p1 AsAs", "p1 cbr 0.5", "",
            ]),
            0..30,
        ),
    ) {
        let actions: Vec<String> = tokens.iter().map(|t| format!("{t:?}")).collect();
        let text = format!(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [10, 20, 0]\nmin_bet = 20\n\
             starting_stacks = [500, 500, 500]\nactions = [{}]\n",
            actions.join(", ")
        );
        read_and_replay(&text);
    }

    /// Random forced bets (per-seat antes, blinds, straddles, any order and size) and
    /// random `_holdem_rake` fields: a typed error, an unsupported hand or a replay,
    /// never a panic.
    #[test]
    fn random_forced_bets_and_rake_never_panic(
        antes in proptest::collection::vec(prop::sample::select(vec!["0", "0", "1", "5", "0.5", "-1"]), 1..5),
        blinds in proptest::collection::vec(prop::sample::select(vec!["0", "10", "20", "40", "80", "5", "0.25"]), 1..5),
        rake in prop::sample::select(vec![
            "", "_holdem_rake = { basis-points = 500 }", "_holdem_rake = { cap = 0.001 }",
            "_holdem_rake = { basis-points = 20000 }", "_holdem_rake = 5",
            "_holdem_rake = { rounding = 'nearest', source = 'main-pot-only', cap = 3 }",
            "_holdem_rake = { bogus = 1 }", "_holdem_rake = { basis-points = 'x' }",
        ]),
        players in 2usize..5,
        tokens in proptest::collection::vec(
            prop::sample::select(vec![
                "d dh p1 AsKs", "d dh p2 ????", "d dh p3 QdQc", "d dh p4 7h2c", "d db 2c3c4c",
                "d db 5d", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p1 f", "p3 f", "p4 cbr 200",
                "p3 cbr 1000", "p1 sm AsKs", "p3 sm -", "p4 sm",
            ]),
            0..25,
        ),
    ) {
        let list = |v: &[&str]| {
            (0..players).map(|i| v.get(i).copied().unwrap_or("0")).collect::<Vec<_>>().join(", ")
        };
        let actions: Vec<String> = tokens.iter().map(|t| format!("{t:?}")).collect();
        let text = format!(
            "variant = 'NT'\nantes = [{}]\nblinds_or_straddles = [{}]\nmin_bet = 20\n\
             starting_stacks = [{}]\nactions = [{}]\n{rake}\n",
            list(&antes),
            list(&blinds),
            vec!["500"; players].join(", "),
            actions.join(", ")
        );
        read_and_replay(&text);
    }

    /// H1: generated hands write and read back identically in PHH, JSON Lines and
    /// postcard, and replay to the recorded finishing stacks.
    #[test]
    fn h1_every_format_round_trips(seed in any::<u64>()) {
        let hands = generated(seed, 5);
        let mut jsonl = Vec::new();
        let mut pc = Vec::new();
        write_postcard_header(&mut pc).expect("vec");
        for h in &hands {
            prop_assert_eq!(&parse_phh(&write_phh(h).expect("PHH records it")).expect("valid PHH"), h);
            write_jsonl(&mut jsonl, h).expect("vec");
            write_postcard(&mut pc, h).expect("vec");
            let rules = holdem_history::replay::HouseRules::standard();
            let outcome = replay_hand(h, &rules);
            prop_assert!(
                matches!(&outcome, holdem_history::replay::Outcome::Ok { settled: true, stacks, .. }
                    if h.finishing_stacks.as_deref() == Some(&stacks[..])),
                "{:?}", outcome
            );
        }
        let back: Vec<HandHistory> = JsonlHands::new(Cursor::new(jsonl)).map(|h| h.expect("jsonl")).collect();
        prop_assert_eq!(&back, &hands);
        let back: Vec<HandHistory> = PostcardHands::new(Cursor::new(pc)).map(|h| h.expect("postcard")).collect();
        prop_assert_eq!(&back, &hands);
    }
}

/// H1, reproducibility: the generator with the committed seed writes exactly the
/// committed sample of the corpus.
#[test]
fn h1_generated_corpus_is_reproducible() {
    let sample =
        include_str!("../../data/histories/generated/seed-2026-10000-hands-first-100.jsonl");
    let committed: Vec<HandHistory> = JsonlHands::new(Cursor::new(sample))
        .map(|h| h.expect("committed jsonl"))
        .collect();
    assert_eq!(committed.len(), 100);
    assert_eq!(generated(2026, 100), committed);
}

/// The reader agrees with the `toml` crate on which documents are valid TOML and on
/// the values of a shipped real file (our reader keeps decimals exact as text).
#[test]
fn toml_reader_agrees_with_the_toml_crate_on_real_files() {
    for text in [SEED_FILE, REAL_FILE] {
        let reference: toml::Table = text.parse().expect("valid TOML");
        let ours: Vec<_> = PhhHands::new(text)
            .map(|h| h.hand.expect("valid PHH"))
            .collect();
        let tables = reference.values().filter(|v| v.is_table()).count();
        assert_eq!(ours.len(), tables.max(1));
    }
}

/// Replays the frame of `h` (both versions) through the allocation-free decoder and
/// through the full one; both must read the same hand and give the same outcome.
fn lean_and_full_agree(h: &HandHistory) {
    for version in [NativeVersion::V1, NativeVersion::V2] {
        lean_and_full_agree_in(h, version);
    }
}

fn lean_and_full_agree_in(h: &HandHistory, version: NativeVersion) {
    let payload = &encode_postcard(h, version).expect("a hand");
    assert_eq!(
        &holdem_history::native::decode_postcard(payload, version).expect("full decode"),
        h
    );
    let record = HandRecord::decode(payload, version).expect("lean decode");
    let view = record.view();
    let full = ReplayView::of(h);
    assert_eq!(view.antes, full.antes);
    assert_eq!(view.blinds_or_straddles, full.blinds_or_straddles);
    assert_eq!(view.starting_stacks, full.starting_stacks);
    assert_eq!(view.finishing_stacks, full.finishing_stacks);
    assert_eq!(view.winnings, full.winnings);
    assert_eq!(view.rake, full.rake);
    assert_eq!(view.actions.len(), full.actions.len());
    for (a, b) in view.actions.iter().zip(full.actions) {
        assert_eq!(a.kind(), b.kind);
        assert_eq!(record.comment(a), b.comment.as_deref());
    }
    let rules = holdem_history::replay::HouseRules::standard();
    assert_eq!(replay_view(&view, &rules), replay_hand(h, &rules));
}

/// H1: the allocation-free postcard decoder used for replay reads every shipped PHH
/// hand (all metadata fields, commentary, rake) and generated hands exactly as the
/// full decoder does.
#[test]
fn h1_lean_and_full_postcard_decoders_agree() {
    let mut count = 0;
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/histories"
    ))];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("data folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "phh" || e == "phhs") {
                let text = std::fs::read_to_string(&path).expect("utf-8");
                for h in PhhHands::new(&text).filter_map(|h| h.hand.ok()) {
                    lean_and_full_agree(&h);
                    count += 1;
                }
            }
        }
    }
    for h in generated(7, 200) {
        lean_and_full_agree(&h);
        count += 1;
    }
    assert!(count > 500, "{count} hands compared");
}

/// A [`Replayer`] (which starts a hand from a copy of the previous one's state when
/// the rules, stakes, forced bets, rake and stacks are the same) gives exactly the
/// outcomes of [`replay_view`] on every shipped PHH hand, in order and with each
/// hand replayed twice in a row, under two house rules in turn.
#[test]
fn a_replayer_gives_the_outcomes_of_replay_view() {
    let mut texts = Vec::new();
    for dir in [
        "phh/pluribus",
        "phh/handhq",
        "phh/famous",
        "seeds",
        "illegal",
    ] {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/histories/").to_string() + dir;
        for entry in std::fs::read_dir(path).expect("data folder") {
            let p = entry.expect("entry").path();
            if let Ok(text) = std::fs::read_to_string(&p) {
                texts.push(text);
            }
        }
    }
    let standard = HouseRules::standard();
    let lifted = HouseRules {
        name: "cap lifted".into(),
        cap_lifted_heads_up: true,
        ..HouseRules::standard()
    };
    let mut hands: Vec<HandHistory> = texts
        .iter()
        .flat_map(|t| PhhHands::new(t).filter_map(|h| h.hand.ok()))
        .collect();
    hands.extend(generated(2026, 300));
    assert!(hands.len() > 400, "{} hands", hands.len());
    let mut replayer = Replayer::new();
    for (i, h) in hands.iter().enumerate() {
        let rules = if i % 7 == 3 { &lifted } else { &standard };
        let view = ReplayView::of(h);
        let expected = replay_view(&view, rules);
        assert_eq!(replayer.replay(&view, rules), expected, "hand {i}");
        assert_eq!(replayer.replay(&view, rules), expected, "hand {i} again");
    }
    // The same hands as `HOLDEMH2` records, whose start a replayer keys by their
    // setup bytes (consecutive Pluribus hands share it), every fifth one followed
    // by its typed view (keyed by its fields).
    let mut native_hands = 0;
    for (i, h) in hands.iter().enumerate() {
        let rules = if i % 7 == 3 { &lifted } else { &standard };
        let Ok(frame) = encode_postcard(h, NativeVersion::V2) else {
            continue;
        };
        native_hands += 1;
        let record = HandRecord::decode(&frame, NativeVersion::V2).expect("a written frame");
        let view = ReplayView::of(h);
        let expected = replay_view(&view, rules);
        let native = record.view();
        assert_eq!(replay_view(&native, rules), expected, "hand {i} native");
        assert_eq!(replayer.replay(&native, rules), expected, "hand {i} native");
        assert_eq!(
            replayer.replay(&native, rules),
            expected,
            "hand {i} native again"
        );
        if i % 5 == 0 {
            assert_eq!(replayer.replay(&view, rules), expected, "hand {i} typed");
        }
    }
    assert!(native_hands > 400, "{native_hands} native hands");
}
