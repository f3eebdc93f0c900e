//! H4, B23: a replay's money adds up like a tracker's. Every shipped hand, in each
//! format it can be written in (PHH, native JSON Lines, postcard), gives each
//! player's stack after the rake and the rake taken, and over all settled hands the
//! players' net winnings sum to minus the rake.

use std::path::Path;

use holdem_history::corpus::{RulesBook, collect_files, read_hands};
use holdem_history::native::{
    JsonlHands, PostcardHands, write_jsonl, write_postcard, write_postcard_header,
};
use holdem_history::replay::{Outcome, replay_hand};
use holdem_history::{HandHistory, HistoryError, UNKNOWN_STACK};

fn shipped_hands() -> Vec<HandHistory> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/histories");
    let files = collect_files(&[root]).expect("the shipped folder");
    let mut hands = Vec::new();
    for f in &files {
        // Files of unreadable hands (data/histories/illegal/unreadable-*) hold none
        // to add up.
        let read = read_hands(
            f,
            |h| {
                hands.push(h);
                Ok::<(), HistoryError>(())
            },
            |_| {},
        );
        read.expect("every shipped file opens");
    }
    hands
}

/// (net winnings summed, rake summed, hands raked) over the settled hands with
/// every starting stack known.
fn money(outcomes: &[(&HandHistory, Outcome)]) -> (i128, i128, usize) {
    let (mut net, mut rake_total, mut raked) = (0i128, 0i128, 0);
    for (h, outcome) in outcomes {
        let Outcome::Ok {
            settled: true,
            stacks_after_rake,
            rake,
            ..
        } = outcome
        else {
            continue;
        };
        if h.starting_stacks.contains(&UNKNOWN_STACK) {
            continue;
        }
        let start: i128 = h.starting_stacks.iter().map(|&s| i128::from(s)).sum();
        let end: i128 = stacks_after_rake.iter().map(|&s| i128::from(s)).sum();
        net += end - start;
        rake_total += i128::from(*rake);
        raked += usize::from(*rake > 0);
    }
    (net, rake_total, raked)
}

fn replay_all(hands: &[HandHistory]) -> Vec<(&HandHistory, Outcome)> {
    let book = RulesBook::new(None);
    hands
        .iter()
        .filter_map(|h| Some((h, replay_hand(h, book.for_hand(h).ok()?))))
        .collect()
}

#[test]
fn h4_net_winnings_over_every_shipped_hand_sum_to_minus_the_rake() {
    let hands = shipped_hands();
    assert!(hands.len() > 1000, "{} hands", hands.len());
    let outcomes = replay_all(&hands);
    let (net, rake, raked) = money(&outcomes);
    // 37 raked hands with every starting stack known, in the PHH dataset's
    // handhq samples and the B23 seed.
    assert!(raked >= 37, "only {raked} raked hands");
    assert_eq!(net, -rake, "net winnings {net}, rake {rake}");
}

#[test]
fn h4_every_settled_hand_conserves_chips_after_the_rake() {
    let hands = shipped_hands();
    for (h, outcome) in replay_all(&hands) {
        let Outcome::Ok {
            settled: true,
            stacks,
            stacks_after_rake,
            rake,
            ..
        } = &outcome
        else {
            continue;
        };
        if h.starting_stacks.contains(&UNKNOWN_STACK) {
            continue;
        }
        let start: u64 = h.starting_stacks.iter().sum();
        let after: u64 = stacks_after_rake.iter().sum();
        assert_eq!(after + rake, start, "{:?}: {outcome:?}", h.meta.hand);
        // The rake comes from what players collected: nobody ends above the
        // engine's settlement.
        for (a, b) in stacks_after_rake.iter().zip(stacks) {
            assert!(a <= b, "{:?}: {outcome:?}", h.meta.hand);
        }
        if let Some(finishing) = &h.finishing_stacks {
            assert_eq!(finishing[..], stacks_after_rake[..], "{:?}", h.meta.hand);
        }
    }
}

#[test]
fn h4_the_rake_and_stacks_after_it_are_the_same_in_json_lines_and_postcard() {
    let hands = shipped_hands();
    let phh = replay_all(&hands);
    let mut jsonl = Vec::new();
    let mut postcard = Vec::new();
    write_postcard_header(&mut postcard).expect("in memory");
    for h in &hands {
        write_jsonl(&mut jsonl, h).expect("every model hand has a native form");
        write_postcard(&mut postcard, h).expect("every model hand has a native form");
    }
    let from_jsonl: Vec<HandHistory> = JsonlHands::new(&jsonl[..])
        .collect::<Result<_, _>>()
        .expect("read back");
    let from_postcard: Vec<HandHistory> = PostcardHands::new(&postcard[..])
        .collect::<Result<_, _>>()
        .expect("read back");
    for native in [from_jsonl, from_postcard] {
        let again = replay_all(&native);
        assert_eq!(again.len(), phh.len());
        for ((h, a), (_, b)) in phh.iter().zip(&again) {
            assert_eq!(a, b, "{:?}", h.meta.hand);
        }
        assert_eq!(money(&again), money(&phh));
    }
}

/// Replays PHH text under the standard rules: (stacks, stacks after rake, rake).
fn rake_of(text: &str) -> (Vec<u64>, Vec<u64>, u64) {
    let h = holdem_history::phh::parse_phh(text).expect("reads");
    match replay_hand(&h, &holdem_history::replay::HouseRules::standard()) {
        Outcome::Ok {
            settled: true,
            stacks,
            stacks_after_rake,
            rake,
            ..
        } => (stacks.to_vec(), stacks_after_rake.to_vec(), rake),
        other => panic!("{other:?}"),
    }
}

const RAKED: &str = include_str!("../../data/histories/seeds/b23-rake.phh");

#[test]
fn b23_a_rake_the_engine_applies_is_out_of_both_stacks() {
    let (stacks, after, rake) = rake_of(RAKED);
    assert_eq!(
        (stacks, after, rake),
        (vec![9950, 10678, 9300], vec![9950, 10678, 9300], 72)
    );
}

#[test]
fn h4_a_rake_inferred_from_finishing_stacks_is_out_of_the_stacks_after_rake() {
    let unraked: String = RAKED
        .lines()
        .filter(|l| !l.starts_with("_holdem_rake"))
        .collect::<Vec<_>>()
        .join("\n");
    let (stacks, after, rake) = rake_of(&unraked);
    assert_eq!(stacks, [9950, 10750, 9300]);
    assert_eq!((after, rake), (vec![9950, 10678, 9300], 72));
}

#[test]
fn h4_a_recorded_rake_with_finishing_stacks_is_out_of_the_stacks_after_rake() {
    let recorded = RAKED.replace(
        "_holdem_rake = { basis-points = 500, cap = 3.00, no-flop-no-drop = true }",
        "rake = 0.72",
    );
    let (stacks, after, rake) = rake_of(&recorded);
    assert_eq!(stacks, [9950, 10750, 9300]);
    assert_eq!((after, rake), (vec![9950, 10678, 9300], 72));
}

#[test]
fn h4_a_recorded_rake_without_finishing_stacks_comes_from_the_winner() {
    let recorded: String = RAKED
        .lines()
        .filter(|l| !l.starts_with("_holdem_rake") && !l.starts_with("finishing_stacks"))
        .chain(["rake = 0.72"])
        .collect::<Vec<_>>()
        .join("\n");
    let (stacks, after, rake) = rake_of(&recorded);
    assert_eq!(stacks, [9950, 10750, 9300]);
    assert_eq!((after, rake), (vec![9950, 10678, 9300], 72));
}
