//! H4: real records are read as they are. The forms below come from the HandHQ
//! part of the PHH dataset (data/histories/phh/handhq/): rake taken from the pot,
//! unknown (`inf`) starting stacks, a table with a big blind and no small blind,
//! and `????` shows repeated before the cards are known.

use holdem_betting::HandError;
use holdem_history::phh::{parse_phh, write_phh};
use holdem_history::replay::{HouseRules, IllegalReason, Outcome, replay_hand};
use holdem_history::{HandHistory, UNKNOWN_STACK};

fn replay(text: &str) -> Outcome {
    let h = parse_phh(text).expect("a valid PHH hand");
    replay_hand(&h, &HouseRules::standard())
}

/// A no-limit hand with blinds 1-2 and these stacks, actions and extra lines.
fn hand(blinds: &str, stacks: &str, actions: &str, extra: &str) -> String {
    let n = stacks.split(',').count();
    let zeros = vec!["0"; n].join(", ");
    format!(
        "variant = 'NT'\nantes = [{zeros}]\nblinds_or_straddles = [{blinds}]\nmin_bet = 2\n\
         starting_stacks = [{stacks}]\nactions = [{actions}]\n{extra}\n"
    )
}

/// Three players; p3 raises to 6, p1 folds, p2 calls; p2 checks the flop and p3
/// bets 10, p2 folds. p3 collects 1 + 6 + 6 = 13 from the pot and ends on 107.
const RAISE_AND_FOLD: &str = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', \
     'p1 f', 'p2 cc', 'd db 2c7d9h', 'p2 cc', 'p3 cbr 10', 'p2 f'";

fn note(o: &Outcome) -> Option<&str> {
    match o {
        Outcome::Ok {
            settled: true,
            note,
            ..
        } => note.as_deref(),
        other => panic!("expected a settled hand, got {other:?}"),
    }
}

#[test]
fn h4_finishing_stacks_net_of_a_rake_settle_and_report_the_inferred_rake() {
    // Without a rake p3 ends on 107; the record says 106.
    let text = hand(
        "1, 2, 0",
        "100, 100, 100",
        RAISE_AND_FOLD,
        "finishing_stacks = [99, 94, 106]",
    );
    let o = replay(&text);
    assert_eq!(note(&o), Some("rake 1 inferred from finishing_stacks"));
}

#[test]
fn h4_a_gap_that_is_not_a_rake_is_still_a_mismatch() {
    for finishing in [
        "[99, 94, 109]", // the winner has more than the pot gave
        "[99, 93, 107]", // a loser is short: a rake comes only from what winners collect
        "[99, 94, 105]", // more than a tenth of what the winner collected
    ] {
        let text = hand(
            "1, 2, 0",
            "100, 100, 100",
            RAISE_AND_FOLD,
            &format!("finishing_stacks = {finishing}"),
        );
        assert!(
            matches!(replay(&text), Outcome::Mismatch { .. }),
            "{finishing}"
        );
    }
}

#[test]
fn h4_winnings_net_of_a_rake_report_the_inferred_rake() {
    // data/histories/phh/handhq/ps-sample.phhs, table [15]: p5 collects 2.00 and
    // the record says 1.90.
    let text = hand(
        "1, 2, 0",
        "100, 100, 100",
        RAISE_AND_FOLD,
        "winnings = [0, 0, 12]",
    );
    assert_eq!(note(&replay(&text)), Some("rake 1 inferred from winnings"));
    // Winnings all zero say nothing about who won: no remark.
    let text = hand(
        "1, 2, 0",
        "100, 100, 100",
        RAISE_AND_FOLD,
        "winnings = [0, 0, 0]",
    );
    assert_eq!(note(&replay(&text)), None);
}

#[test]
fn h4_unknown_starting_stacks_are_played_and_written_back_as_inf() {
    let text = hand("1, 2, 0", "inf, 100, inf", RAISE_AND_FOLD, "");
    let h: HandHistory = parse_phh(&text).expect("inf is an unknown stack");
    assert_eq!(h.starting_stacks, [UNKNOWN_STACK, 100, UNKNOWN_STACK]);
    let text = write_phh(&h).expect("PHH records it");
    assert!(text.contains("starting_stacks = [inf, 100, inf]"));
    assert_eq!(parse_phh(&text).as_ref(), Ok(&h));
    match replay_hand(&h, &HouseRules::standard()) {
        Outcome::Ok {
            settled: true,
            stacks,
            ..
        } => assert_eq!(stacks[..], [UNKNOWN_STACK, 94, UNKNOWN_STACK]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn h4_what_an_unknown_stack_leaves_known_is_still_checked() {
    // p2's stack is known: its finishing stack must match.
    let text = hand(
        "1, 2, 0",
        "inf, 100, inf",
        RAISE_AND_FOLD,
        "finishing_stacks = [inf, 95, inf]",
    );
    assert!(matches!(replay(&text), Outcome::Mismatch { .. }));
    let text = hand(
        "1, 2, 0",
        "inf, 100, inf",
        RAISE_AND_FOLD,
        "finishing_stacks = [inf, 94, inf]",
    );
    assert_eq!(note(&replay(&text)), None);
    // Only `inf` stands for an unknown stack.
    let e = parse_phh(&hand("1, 2, 0", "nan, 100, 100", RAISE_AND_FOLD, "")).expect_err("nan");
    assert!(e.to_string().contains("p1"), "{e}");
}

#[test]
fn h4_a_table_with_a_big_blind_and_no_small_blind_is_played() {
    let text = hand(
        "0, 2, 0, 0",
        "100, 100, 100, 100",
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 cbr 6', 'p4 f', \
         'p1 f', 'p2 f'",
        "finishing_stacks = [100, 98, 102, 100]",
    );
    assert_eq!(note(&replay(&text)), None);
}

#[test]
fn h4_repeated_unknown_shows_give_way_to_the_cards_shown_at_the_river() {
    // Both all in before the flop; the record writes `sm ????` for both after each
    // deal and the real cards once the board is complete.
    let hidden = "'p1 sm ????', 'p2 sm ????'";
    let actions = format!(
        "'d dh p1 ????', 'd dh p2 ????', 'p2 cbr 100', 'p1 cc', {hidden}, 'd db 2c7d9h', \
         {hidden}, 'd db Th', {hidden}, 'd db Js', 'p1 sm AhAd', 'p2 sm KcKd'"
    );
    let text = hand("1, 2", "100, 100", &actions, "finishing_stacks = [200, 0]");
    assert_eq!(note(&replay(&text)), None);
}

#[test]
fn h4_a_show_of_hidden_cards_by_a_player_dealt_face_up_shows_the_dealt_cards() {
    // data/histories/phh/handhq/ipn-sample.phhs: the record knows p1's cards from
    // the deal and writes its show as `????`.
    let actions = "'d dh p1 AhAd', 'd dh p2 KcKd', 'p2 cbr 100', 'p1 cc', 'd db 2c7d9h', \
                   'd db Th', 'd db Js', 'p1 sm ????', 'p2 sm ????'";
    let text = hand("1, 2", "100, 100", actions, "finishing_stacks = [200, 0]");
    assert_eq!(note(&replay(&text)), None);
}

#[test]
fn h4_a_genuine_muck_stays_legal_but_unsettled() {
    let actions = "'d dh p1 ????', 'd dh p2 ????', 'p2 cbr 100', 'p1 cc', 'd db 2c7d9h', \
                   'd db Th', 'd db Js', 'p1 sm AhAd', 'p2 sm ????'";
    let text = hand("1, 2", "100, 100", actions, "");
    assert!(matches!(
        replay(&text),
        Outcome::Ok { settled: false, note: Some(n), .. } if n.contains("p2 does not reveal")
    ));
}

const MISSING_FOLD: &str =
    include_str!("../../data/histories/illegal/real-wsop-2019-missing-fold.phh");

#[test]
fn h4_strict_replay_reports_an_omitted_fold_as_an_error() {
    assert!(matches!(
        replay(MISSING_FOLD),
        Outcome::Illegal {
            action: 14,
            reason: IllegalReason::Engine(HandError::OutOfTurn { to_act, .. }),
            ..
        } if to_act.as_usize() == 7
    ));
}

#[test]
fn h4_lenient_replay_inserts_an_omitted_fold_and_lists_the_repair() {
    use holdem_history::replay::replay_lenient;
    let h = parse_phh(MISSING_FOLD).expect("valid");
    let (outcome, repairs) = replay_lenient(&h, &HouseRules::standard());
    // The record's finishing_stacks confirm p8's stack did not change.
    assert!(
        matches!(outcome, Outcome::Ok { settled: true, .. }),
        "{outcome:?}"
    );
    assert_eq!(repairs.len(), 1);
    assert_eq!(repairs[0].action, 14);
    assert_eq!(repairs[0].inserted, "p8 f");
    assert!(
        repairs[0].inferred.starts_with("p8 folded"),
        "{:?}",
        repairs[0]
    );
    assert!(
        repairs[0].error.contains("p1 acted out of turn"),
        "{:?}",
        repairs[0]
    );
}

#[test]
fn h4_lenient_replay_leaves_other_errors_and_legal_hands_alone() {
    use holdem_history::replay::replay_lenient;
    // A bet below the minimum is not a missing fold: still illegal, no repair.
    let below = parse_phh(include_str!(
        "../../data/histories/illegal/b10-bet-below-minimum.phh"
    ))
    .expect("valid");
    let (outcome, repairs) = replay_lenient(&below, &HouseRules::standard());
    assert!(matches!(outcome, Outcome::Illegal { .. }), "{outcome:?}");
    assert!(repairs.is_empty());
    // A legal hand is replayed as strict replay does.
    let legal = parse_phh(&hand("1, 2, 0", "100, 100, 100", RAISE_AND_FOLD, "")).expect("valid");
    let (outcome, repairs) = replay_lenient(&legal, &HouseRules::standard());
    assert_eq!(outcome, replay_hand(&legal, &HouseRules::standard()));
    assert!(repairs.is_empty());
}

#[test]
fn a_hand_can_be_stepped_through_with_the_public_view_after_each_action() {
    use holdem_betting::Event;
    use holdem_history::steps::steps;
    let h = parse_phh(&hand("1, 2, 0", "100, 100, 100", RAISE_AND_FOLD, "")).expect("valid");
    let stepped = steps(&h, &HouseRules::standard());
    assert!(matches!(
        stepped.outcome(),
        Outcome::Ok { settled: true, .. }
    ));
    let all: Vec<_> = stepped.collect();
    assert_eq!(all.len(), h.actions.len());
    assert!(all.iter().enumerate().all(|(i, s)| s.action == i + 1));
    // Each hole-card deal is its own step, with its own event.
    assert!(
        all[..3]
            .iter()
            .all(|s| matches!(s.events[..], [Event::HoleCardsDealt { .. }, ..])),
        "{:?}",
        all[..3].iter().map(|s| &s.events).collect::<Vec<_>>()
    );
    // After `p3 cbr 6` (action 4): blinds 1 + 2 and the raise, and the raise's event.
    assert_eq!(all[3].text, "p3 cbr 6");
    assert_eq!(all[3].view.pot.get(), 9);
    assert!(matches!(all[3].events[..], [Event::Raised { .. }]));
    // After the flop (action 7) three cards are on the board; no hole card shows.
    assert_eq!(all[6].view.board_len, 3);
    assert!(
        all[6]
            .events
            .iter()
            .any(|e| matches!(e, Event::BoardDealt { .. }))
    );
    assert!(
        all[6]
            .view
            .seats
            .iter()
            .flatten()
            .all(|s| s.hole_cards.is_none())
    );
    // The last fold ends the hand: its events award the pot and complete the hand.
    let last = all.last().expect("steps");
    assert!(
        last.events
            .iter()
            .any(|e| matches!(e, Event::PotAwarded { .. }))
    );
    assert!(matches!(last.events.last(), Some(Event::HandComplete)));
    // An illegal action ends the steps; the outcome names it.
    let illegal = parse_phh(include_str!(
        "../../data/histories/illegal/b10-bet-below-minimum.phh"
    ))
    .expect("valid");
    let cut = steps(&illegal, &HouseRules::standard());
    assert!(matches!(cut.outcome(), Outcome::Illegal { action: 11, .. }));
    assert_eq!(cut.len(), 10);
}

#[test]
fn stepping_through_a_hand_replays_it_once_and_agrees_with_replay() {
    use holdem_history::steps::steps;
    // Every hand of the Pluribus sample: as many steps as actions, the same
    // outcome as replay, and the last view's stacks are the replayed result.
    let text = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");
    let mut hands = 0;
    for h in holdem_history::phh::PhhHands::new(text) {
        let h = h.hand.expect("valid");
        let stepped = steps(&h, &HouseRules::standard());
        let outcome = replay_hand(&h, &HouseRules::standard());
        assert_eq!(stepped.outcome(), &outcome);
        let all: Vec<_> = stepped.collect();
        assert_eq!(all.len(), h.actions.len());
        if let Outcome::Ok {
            settled: true,
            stacks,
            ..
        } = &outcome
        {
            let last = all.last().expect("a step");
            let shown: Vec<u64> = last
                .view
                .seats
                .iter()
                .flatten()
                .map(|s| s.stack.get())
                .collect();
            assert_eq!(&shown[..], &stacks[..]);
        }
        hands += 1;
    }
    assert!(hands >= 100);
}

/// Ongame's dead small blind (see the test below): p3 posts 1 dead and raises to 6.
fn dead_blind_hand(result: &str) -> String {
    hand(
        "1, 2, -1, 0",
        "100, 100, 100, 100",
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 cbr 6', \
         'p4 f', 'p1 f', 'p2 f'",
        result,
    )
}

#[test]
fn h4_a_dead_blind_goes_to_the_pot_and_is_not_part_of_the_bet() {
    // Ongame Network writes a returning player's dead small blind as a negative
    // entry (data/histories/phh/handhq/ong-400nlh-sample.phhs, table [1]). p3 posts
    // 1 dead, then raises to 6: the raise is 6 on top of the dead chip, so p3 puts
    // in 7. p1 and p2 fold: p3 collects 1 + 2 + 1 + 6 = 10 and ends on 103.
    let text = dead_blind_hand("finishing_stacks = [99, 98, 103, 100]");
    let o = replay(&text);
    assert_eq!(note(&o), None);
    // Written back negative: the round trip is lossless (H1).
    let h = parse_phh(&text).expect("reads");
    assert!(
        write_phh(&h)
            .expect("recordable")
            .contains("blinds_or_straddles = [1, 2, -1, 0]")
    );
    assert_eq!(
        parse_phh(&write_phh(&h).expect("recordable")).expect("reads back"),
        h
    );
}

#[test]
fn h4_json_lines_write_a_dead_blind_negative_and_postcard_keeps_it() {
    use holdem_history::DEAD_BLIND;
    use holdem_history::native::{
        JsonlHands, NativeVersion, decode_postcard, encode_postcard, write_jsonl,
    };
    let text = dead_blind_hand("finishing_stacks = [99, 98, 103, 100]");
    let h = parse_phh(&text).expect("reads");
    assert_eq!(h.blinds_or_straddles, vec![1, 2, DEAD_BLIND | 1, 0]);
    let mut out = Vec::new();
    write_jsonl(&mut out, &h).expect("written");
    let json = String::from_utf8(out.clone()).expect("UTF-8");
    assert!(
        json.contains("\"blinds_or_straddles\":[1,2,-1,0]"),
        "{json}"
    );
    let back: Vec<_> = JsonlHands::new(&out[..]).collect();
    assert!(matches!(&back[..], [Ok(b)] if *b == h), "{back:?}");
    // A line written before, with the marked number, still reads.
    let marked = json.replace("[1,2,-1,0]", &format!("[1,2,{},0]", DEAD_BLIND | 1));
    let back: Vec<_> = JsonlHands::new(marked.as_bytes()).collect();
    assert!(matches!(&back[..], [Ok(b)] if *b == h), "{back:?}");
    // A negative entry too large to be an amount is an error, not a wrap.
    let huge = json.replace("[1,2,-1,0]", "[1,2,-9223372036854775808,0]");
    let back: Vec<_> = JsonlHands::new(huge.as_bytes()).collect();
    assert!(matches!(&back[..], [Err(_)]), "{back:?}");
    for version in [NativeVersion::V1, NativeVersion::V2] {
        let bytes = encode_postcard(&h, version).expect("encoded");
        assert_eq!(decode_postcard(&bytes, version).expect("decoded"), h);
    }
}

#[test]
fn h4_a_dead_blind_counted_as_a_bet_would_not_settle() {
    // The same hand with the finishing stacks of a live blind: p3 would put in 6 in
    // all and end on 104. Replay keeps the dead blind dead: a mismatch.
    let text = dead_blind_hand("finishing_stacks = [99, 98, 104, 100]");
    assert!(matches!(replay(&text), Outcome::Mismatch { .. }));
}

#[test]
fn h4_a_big_blind_posted_out_of_position_is_live() {
    // p4 joins the table and posts a big blind out of position (B19): it is live,
    // so p4 may check when the action comes back. Everyone calls or checks to the
    // flop; p1 bets 2 and takes the 8-chip pot.
    let text = hand(
        "1, 2, 0, 2",
        "100, 100, 100, 100",
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 cc', \
         'p4 cc', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cbr 2', 'p2 f', 'p3 f', 'p4 f'",
        "finishing_stacks = [106, 98, 98, 98]",
    );
    assert_eq!(note(&replay(&text)), None);
}

#[test]
fn h4_a_recorded_rake_is_used_instead_of_an_inferred_one() {
    // RAISE_AND_FOLD: without a rake p3 ends on 107. The record says the house took
    // 1 (`rake = 1`) and p3 ends on 106.
    let text = hand(
        "1, 2, 0",
        "100, 100, 100",
        RAISE_AND_FOLD,
        "finishing_stacks = [99, 94, 106]\nrake = 1",
    );
    assert_eq!(note(&replay(&text)), Some("rake 1 recorded"));
    // The field is kept for export.
    let h = parse_phh(&text).expect("reads");
    assert!(write_phh(&h).expect("recordable").contains("rake = 1"));
    assert_eq!(
        parse_phh(&write_phh(&h).expect("recordable")).expect("reads back"),
        h
    );
}

#[test]
fn h4_a_gap_other_than_the_recorded_rake_is_a_mismatch() {
    for (finishing, rake) in [
        ("[99, 94, 106]", "2"),   // the gap is 1, the record says 2
        ("[99, 94, 107]", "1"),   // no gap, though the record says a rake was taken
        ("[99, 93, 107]", "1"),   // the rake is taken from a loser
        ("[99, 94, 105]", "2.0"), // a gap of 2 from the winner, but rake 2.0 is fine
    ] {
        let text = hand(
            "1, 2, 0",
            "100, 100, 100",
            RAISE_AND_FOLD,
            &format!("finishing_stacks = {finishing}\nrake = {rake}"),
        );
        let o = replay(&text);
        if rake == "2.0" {
            assert_eq!(note(&o), Some("rake 2.0 recorded"), "{finishing}");
        } else {
            assert!(
                matches!(o, Outcome::Mismatch { .. }),
                "{finishing} {rake}: {o:?}"
            );
        }
    }
}

#[test]
fn h4_a_rake_that_is_not_an_amount_is_an_error() {
    let text = hand("1, 2, 0", "100, 100, 100", RAISE_AND_FOLD, "rake = -1");
    assert!(parse_phh(&text).is_err());
}

#[test]
fn h4_a_big_blind_written_in_the_small_blinds_place_is_a_big_blind_without_a_small_blind() {
    // Ongame Network, data/histories/phh/handhq/ong-400nlh-sample.phhs, table [9]:
    // `[4, 0, 0]`. p1 posts the big blind, p2 acts first, p1 last; p2 raises to 7
    // and both fold: p2 collects 2 + 7 = 9 and ends on 102.
    let text = hand(
        "2, 0, 0",
        "100, 100, 100",
        "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p2 cbr 7', 'p3 f', 'p1 f'",
        "finishing_stacks = [98, 102, 100]",
    );
    assert_eq!(note(&replay(&text)), None);
}

#[test]
fn h4_lenient_replay_repairs_postcard_streams_too() {
    use holdem_history::corpus::{RulesBook, replay_file};
    use holdem_history::native::{write_postcard, write_postcard_header};
    let h = parse_phh(MISSING_FOLD).expect("valid");
    let mut bytes = Vec::new();
    write_postcard_header(&mut bytes).expect("header");
    write_postcard(&mut bytes, &h).expect("frame");
    let path =
        std::env::temp_dir().join(format!("holdem-h4-lenient-{}.postcard", std::process::id()));
    std::fs::write(&path, &bytes).expect("temp file");
    let strict = replay_file(&path, &RulesBook::new(None), true);
    let lenient = replay_file(&path, &RulesBook::new(None).lenient(true), true);
    let _ = std::fs::remove_file(&path);
    // Strict replay refuses the omitted fold; lenient replay repairs it and says so.
    assert_eq!(
        (strict.counts.illegal, strict.counts.ok),
        (1, 0),
        "{strict:?}"
    );
    assert_eq!(
        (lenient.counts.illegal, lenient.counts.ok),
        (0, 1),
        "{lenient:?}"
    );
    let repairs = &lenient.lines[0].repairs;
    assert_eq!(repairs.len(), 1, "{repairs:?}");
    assert_eq!(repairs[0].inserted, "p8 f");
}
