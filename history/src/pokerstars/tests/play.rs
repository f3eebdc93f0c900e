//! Imported hands replayed: caps, tournaments, antes, rake, contradictions (H5).

use super::*;

// ---- robustness -------------------------------------------------------------------

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever is cut out of or written into a real hand, the reader answers with a
    /// hand or a typed error, never a panic; an error names a line of the text.
    #[test]
    fn h5_mangled_text_gives_a_hand_or_a_typed_error(
        cut in 0usize..1200,
        len in 0usize..40,
        insert in "[ -~€£\n\r]{0,12}",
    ) {
        let text = clean_cash();
        let mut chars: Vec<char> = text.chars().collect();
        let at = cut.min(chars.len());
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let mangled: String = chars.into_iter().collect();
        let lines = text::lines(&mangled).count() as u32 + 1;
        for r in parse_hands(&mangled) {
            match r.and_then(|h| import(&h)) {
                Ok(i) => proptest::prop_assert!(i.history.player_count() >= 2),
                Err(e) => proptest::prop_assert!(e.line >= 1 && e.line <= lines, "{}", e),
            }
        }
    }
}

/// A capped table (`$2/$4 - $80 Cap`): the chips in play are each stack, at most
/// the cap; a player who reaches the cap is all in, the rest of the stack is not
/// in the hand and the cap is kept beside it.
#[test]
fn h5_a_capped_table_plays_each_stack_up_to_the_cap() {
    let text = clean_cash().replacen("($0.25/$0.50 USD)", "($0.25/$0.50 - $40 Cap -  USD)", 1);
    let hand = one(&text).expect("reads");
    assert_eq!(hand.header.cap, Some(Amount(4_000)));
    let imported = import(&hand).expect("imports");
    // $35.21 is below the cap; $50 and $49.50 play $40 each.
    let mut stacks = imported.history.starting_stacks.clone();
    stacks.sort_unstable();
    assert_eq!(stacks, [3_521, 4_000, 4_000]);
    let cap = imported
        .history
        .meta
        .extra
        .iter()
        .find(|e| e.key == super::convert::CAP_FIELD)
        .map(|e| e.toml.as_str());
    assert_eq!(cap, Some("40.00"));
    let capped = "Hold'em No Limit ($1/$2 - $40 Cap -  USD) - 2011/05/10 4:27:21 PT";
    let line = format!("PokerStars Game #61910233643:  {capped}");
    let hand = one(&CASH.replacen(CASH.lines().next().unwrap_or(""), &line, 1)).expect("reads");
    assert_eq!(hand.header.cap, Some(Amount(4_000)));
    assert_eq!(hand.header.stakes, (Amount(100), Amount(200)));
}

/// H5, found by the `history_pokerstars` fuzz target: stakes of nothing, or a small
/// stake above the big one, are refused at the header with a typed error (a fixed
/// limit of `$0/$2` was read, and no history format could hold its small bet).
#[test]
fn h5_stakes_of_nothing_or_a_small_stake_above_the_big_are_refused() {
    for (from, to) in [
        ("($0.25/$0.50 USD)", "($0/$0.50 USD)"),
        ("($0.25/$0.50 USD)", "($0/$0 USD)"),
        ("($0.25/$0.50 USD)", "($0.50/$0.25 USD)"),
        (
            "Hold'em No Limit ($0.25/$0.50 USD)",
            "Hold'em Limit ($0/$2 USD)",
        ),
    ] {
        let e = err(&cash_with(from, to));
        assert_eq!(e.line, 1, "{to}");
        assert!(
            matches!(&e.kind, PokerStarsErrorKind::Amount { reason, .. } if reason.contains("stakes")),
            "{to}: {e}"
        );
    }
}

/// H5, found by the `history_pokerstars` fuzz target: a player dealt in with no
/// chips is refused at the seat line (no history format holds an empty stack).
#[test]
fn h5_a_player_dealt_in_without_chips_is_refused() {
    let hand = one(&cash_with("($35.21 in chips)", "($0 in chips)")).expect("the text reads");
    let e = import(&hand).expect_err("an empty stack dealt in");
    assert_eq!(e.line, 3);
    assert!(
        matches!(&e.kind, PokerStarsErrorKind::Amount { reason, .. } if reason.contains("chips")),
        "{e}"
    );
}

// ---- forms of the client refused before (H5) --------------------------------------

/// A heads-up match (and a shootout round): the header names the round before the
/// level.
const MATCH: &str = "PokerStars Hand #18876543210: Tournament #101234567, $2.00+$0.20 USD Hold'em No Limit - Match Round II, Level I (10/20) - 2008/06/30 21:01:19 ET
Table '101234567 1' 2-max Seat #1 is the button
Seat 1: alpha (1500 in chips)
Seat 2: bravo (1500 in chips)
alpha: posts small blind 10
bravo: posts big blind 20
*** HOLE CARDS ***
alpha: raises 40 to 60
bravo: folds
Uncalled bet (40) returned to alpha
alpha collected 40 from pot
alpha: doesn't show hand
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 1: alpha (button) (small blind) collected (40)
Seat 2: bravo (big blind) folded before Flop
";

#[test]
fn h5_heads_up_and_shootout_match_headers_are_read() {
    let hand = one(MATCH).expect("a match header reads");
    let t = hand.header.tournament.as_ref().expect("a tournament");
    assert_eq!(t.round.as_deref(), Some("II"));
    assert_eq!(t.level.as_deref(), Some("I"));
    assert_eq!(hand.header.stakes, (Amount(1_000), Amount(2_000)));
    let h = settled(MATCH);
    assert_eq!(h.finishing_stacks, Some(vec![1480, 1520]));
    // A shootout round without a level reads too.
    let text = MATCH.replace("Match Round II, Level I", "Match Round I,");
    let hand = one(&text).expect("a round without a level reads");
    let t = hand.header.tournament.as_ref().expect("a tournament");
    assert_eq!((t.round.as_deref(), t.level.as_deref()), (Some("I"), None));
    // A round without its comma is a typed error at the header.
    let e = err(&MATCH.replace("Round II,", "Round II"));
    assert!(
        e.line == 1 && matches!(e.kind, PokerStarsErrorKind::Malformed { .. }),
        "{e}"
    );
}

/// A 2005-era hand: no `Uncalled bet` line; the total pot leaves the bet out.
const IMPLICIT_RETURN: &str =
    "PokerStars Game #2345678901: Hold'em No Limit ($0.50/$1) - 2005/08/14 20:51:38 ET
Table 'Ceres' Seat #4 is the button
Seat 2: ratito ($122.95 in chips)
Seat 3: mohamed ($202.20 in chips)
Seat 4: distel ($276.15 in chips)
Seat 5: daqing ($110.15 in chips)
daqing: posts small blind $0.50
ratito: posts big blind $1
*** HOLE CARDS ***
mohamed: raises $2.50 to $3.50
distel: folds
daqing: folds
ratito: folds
mohamed collected $2.50 from pot
mohamed: doesn't show hand
*** SUMMARY ***
Total pot $2.50 | Rake $0
Seat 2: ratito (big blind) folded before Flop
Seat 3: mohamed collected ($2.50)
Seat 4: distel (button) folded before Flop (didn't bet)
Seat 5: daqing (small blind) folded before Flop
";

#[test]
fn h5_an_old_hand_without_an_uncalled_bet_line_returns_the_bet_the_total_pot_leaves_out() {
    let h = settled(IMPLICIT_RETURN);
    // p1 daqing, p2 ratito, p3 mohamed, p4 distel (button).
    assert_eq!(
        h.finishing_stacks,
        Some(vec![11_015 - 50, 12_295 - 100, 20_220 + 150, 27_615])
    );
    // All-in preflop, the board dealt, the bet no one matched never returned in
    // the text: returned where the total pot leaves it out.
    let allin = "PokerStars Game #2345678902: Hold'em No Limit ($0.50/$1) - 2005/08/14 20:53:38 ET
Table 'Ceres' Seat #4 is the button
Seat 3: mohamed ($20 in chips)
Seat 4: distel ($50 in chips)
distel: posts small blind $0.50
mohamed: posts big blind $1
*** HOLE CARDS ***
distel: raises $49 to $50 and is all-in
mohamed: calls $19 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Ts]
*** RIVER *** [2c 7d 9h Ts] [3s]
*** SHOW DOWN ***
mohamed: shows [Ah Ad] (a pair of Aces)
distel: shows [Kh Kd] (a pair of Kings)
mohamed collected $40 from pot
*** SUMMARY ***
Total pot $40 | Rake $0
Board [2c 7d 9h Ts 3s]
Seat 3: mohamed (big blind) showed [Ah Ad] and won ($40) with a pair of Aces
Seat 4: distel (button) (small blind) showed [Kh Kd] and lost with a pair of Kings
";
    let h = settled(allin);
    assert_eq!(h.finishing_stacks, Some(vec![4_000, 3_000]));
    // A total pot that does not leave out exactly the bet no one matched: nothing
    // is returned, and the replay disagrees with the text.
    use crate::replay::{HouseRules, replay_hand};
    let kept = IMPLICIT_RETURN
        .replace("Total pot $2.50", "Total pot $3")
        .replace("collected $2.50 from pot", "collected $3 from pot")
        .replace("collected ($2.50)", "collected ($3)");
    let imported = import(&one(&kept).expect("reads")).expect("imports");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    let e = check(&imported, &outcome).expect_err("the replay returns the bet");
    assert!(
        matches!(&e.kind, PokerStarsErrorKind::Disagreement { action, .. } if action == "result"),
        "{e}"
    );
}

/// The player due the big blind is all-in on the ante and posts no blind: the
/// others still call the full big blind (B13), and a raise is written from the
/// largest amount actually posted (the small blind).
const ALL_IN_ON_THE_ANTE: &str = "PokerStars Hand #200000000001: Tournament #1700000000, $3.19+$0.31 USD Hold'em No Limit - Level V (50/100) - 2017/03/04 12:00:00 ET
Table '1700000000 3' 9-max Seat #1 is the button
Seat 1: alpha (3000 in chips)
Seat 2: bravo (2500 in chips)
Seat 3: charlie (11 in chips)
Seat 4: delta (4000 in chips)
alpha: posts the ante 12
bravo: posts the ante 12
charlie: posts the ante 11 and is all-in
delta: posts the ante 12
bravo: posts small blind 50
*** HOLE CARDS ***
delta: raises 150 to 200
alpha: calls 200
bravo: folds
*** FLOP *** [2c 7d 9h]
delta: checks
alpha: checks
*** TURN *** [2c 7d 9h] [Ts]
delta: checks
alpha: checks
*** RIVER *** [2c 7d 9h Ts] [3s]
delta: checks
alpha: checks
*** SHOW DOWN ***
delta: shows [Kh Kd] (a pair of Kings)
alpha: mucks hand
charlie: shows [Ah Ad] (a pair of Aces)
delta collected 453 from side pot
charlie collected 44 from main pot
*** SUMMARY ***
Total pot 497 Main pot 44. Side pot 453. | Rake 0
Board [2c 7d 9h Ts 3s]
Seat 1: alpha (button) mucked [Qc Qs]
Seat 2: bravo (small blind) folded before Flop
Seat 3: charlie showed [Ah Ad] and won (44) with a pair of Aces
Seat 4: delta showed [Kh Kd] and won (453) with a pair of Kings
";

#[test]
fn h5_a_big_blind_all_in_on_the_ante_leaves_the_call_at_the_full_blind() {
    let h = settled(ALL_IN_ON_THE_ANTE);
    // p1 bravo, p2 charlie (all-in on the ante: the big blind counts in full),
    // p3 delta, p4 alpha (button).
    assert_eq!(h.antes, vec![12, 12, 12, 12]);
    assert_eq!(h.blinds_or_straddles, vec![50, 100, 0, 0]);
    assert_eq!(h.finishing_stacks, Some(vec![2438, 44, 4241, 2788]));
    // The others call the full big blind: a call of the small blind alone is
    // refused.
    let short = ALL_IN_ON_THE_ANTE
        .replace("delta: raises 150 to 200", "delta: calls 50")
        .replace("alpha: calls 200", "alpha: calls 50");
    disagreement(&short, 13, "B7");
    // The raise written from the nominal big blind reads too.
    let nominal = ALL_IN_ON_THE_ANTE.replace("raises 150 to 200", "raises 100 to 200");
    settled(&nominal);
}

#[test]
fn h5_a_sitting_out_player_all_in_on_the_ante_who_folds_gives_up_the_ante() {
    let text = ALL_IN_ON_THE_ANTE
        .replace(
            "Seat 4: delta (4000 in chips)\n",
            "Seat 4: delta (4000 in chips)\nSeat 5: echo (5 in chips) is sitting out\n",
        )
        .replace(
            "delta: posts the ante 12\n",
            "delta: posts the ante 12\necho: posts the ante 5 and is all-in\n",
        )
        .replace(
            "delta: raises 150 to 200\n",
            "delta: raises 150 to 200\necho: folds\n",
        )
        .replace("main pot 44", "main pot 49")
        .replace("charlie collected 44", "charlie collected 49")
        .replace("Total pot 497 Main pot 44.", "Total pot 502 Main pot 49.")
        .replace("won (44)", "won (49)")
        .replace(
            "Seat 4: delta showed",
            "Seat 5: echo folded before Flop (didn't bet)\nSeat 4: delta showed",
        );
    let h = settled(&text);
    // p1 bravo, p2 charlie, p3 delta, p4 echo (folded: the ante stays in the pot),
    // p5 alpha (button).
    assert_eq!(h.finishing_stacks, Some(vec![2438, 49, 4241, 0, 2788]));
}

/// Issue 35: a raked hand keeps its finishing stacks (after rake) with the rake
/// taken beside them, so net winnings summed over hands are right; the replay
/// holds the gap to exactly that rake, and PHH carries both.
#[test]
fn h5_a_raked_hand_keeps_its_finishing_stacks_after_rake() {
    use crate::phh::{RAKE_TAKEN_FIELD, parse_phh, write_phh};
    use crate::replay::{HouseRules, Outcome, replay_hand};
    let imported = import(&one(&clean_cash()).expect("reads")).expect("imports");
    let h = &imported.history;
    let net: i64 = h
        .starting_stacks
        .iter()
        .zip(h.finishing_stacks.as_deref().unwrap_or(&[]))
        .map(|(&s, &f)| i64::try_from(f).unwrap_or(0) - i64::try_from(s).unwrap_or(0))
        .sum();
    assert_eq!(net, -24, "the players lose the rake, no more");
    let rake = h.meta.extra.iter().find(|e| e.key == RAKE_TAKEN_FIELD);
    assert_eq!(rake.map(|e| e.toml.as_str()), Some("0.24"));
    let rules = HouseRules::standard();
    let outcome = replay_hand(h, &rules);
    assert!(
        matches!(&outcome, Outcome::Ok { settled: true, note: Some(n), .. } if n.contains("rake 0.24")),
        "{outcome:?}"
    );
    check(&imported, &outcome).expect("agrees with the text");
    let back = parse_phh(&write_phh(h).expect("PHH says it")).expect("reads back");
    assert_eq!(back.finishing_stacks, h.finishing_stacks);
    assert_eq!(replay_hand(&back, &rules), outcome);
}

/// Issue 35: text that contradicts itself is a disagreement at its line (strict),
/// and a lenient import goes on with the credible part and says what it kept.
#[test]
fn h5_text_that_contradicts_itself_is_refused_at_its_line_and_repaired_leniently() {
    let clean = clean_cash();
    let lenient = |text: &str| {
        let imported = import_lenient(&one(text).expect("reads")).expect("repaired");
        assert_eq!(imported.repairs.len(), 1, "{:?}", imported.repairs);
        imported
    };
    // The summary shows other cards than the showdown did.
    let cards = ALL_IN_ON_THE_ANTE.replace(
        "Seat 4: delta showed [Kh Kd]",
        "Seat 4: delta showed [9h 9c]",
    );
    assert_ne!(cards, ALL_IN_ON_THE_ANTE);
    let e = import_err(&cards);
    assert!(
        e.to_string()
            .contains("the summary shows 9h 9c but the hand showed Kh Kd"),
        "{e}"
    );
    disagreement(&cards, line_of(&cards, "showed [9h 9c]"), "H5");
    let kept = lenient(&cards);
    let delta = kept.history.actions.iter().find_map(|a| match &a.kind {
        crate::model::ActionKind::DealHole { player, cards } if player.0 == 2 => {
            Some(cards.to_string())
        }
        _ => None,
    });
    assert_eq!(
        delta.as_deref(),
        Some("KhKd"),
        "the showdown's cards are kept"
    );
    // Stakes of $0.10/$0.25 with blinds posted at $0.05/$0.10.
    let stakes = clean.replace("($0.25/$0.50 USD)", "($0.50/$1 USD)");
    disagreement(&stakes, 7, "B2");
    let kept = lenient(&clean.replace("($0.25/$0.50 USD)", "($0.25/$1 USD)"));
    assert_eq!(kept.repairs[0].error.line, 8, "{:?}", kept.repairs);
    assert_eq!(kept.history.stakes, crate::model::Stakes::MinBet(50));
    // Collected $0.01 with a rake of all the rest of the pot.
    let rake = clean
        .replace("collected $4.64 from pot", "collected $0.01 from pot")
        .replace("collected ($4.64)", "collected ($0.01)")
        .replace("Rake $0.24", "Rake $4.87");
    disagreement(&rake, line_of(&rake, "Total pot"), "B23");
    let kept = lenient(&rake);
    assert_eq!(kept.rake, 487);
    // Through the corpus: strict refuses at the line, lenient lists the repair.
    use crate::corpus::{RulesBook, Status, judge_pokerstars};
    let strict = judge_pokerstars(1, one(&stakes), &RulesBook::new(None));
    assert_eq!(strict.status, Status::Illegal, "{}", strict.message);
    let repaired = judge_pokerstars(1, one(&stakes), &RulesBook::new(None).lenient(true));
    assert_eq!(repaired.status, Status::Ok, "{}", repaired.message);
    assert_eq!(
        repaired.repairs.len(),
        2,
        "both blinds: {:?}",
        repaired.repairs
    );
    assert!(
        repaired.repairs[0].error.contains("line 7"),
        "{:?}",
        repaired.repairs
    );
}

/// PokerStars' "Pot Limit Pre-Flop, No Limit Post-Flop" reads as mixed limits
/// (B28); a mix it does not deal is a typed unsupported error that names it, never
/// an unreadable header.
#[test]
fn h5_mixed_limits_by_street_read_and_other_mixes_are_unsupported_and_named() {
    let text = CASH.replacen(
        "Hold'em No Limit ($0.25/$0.50 USD)",
        "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop ($0.25/$0.50 USD)",
        1,
    );
    assert_ne!(text, CASH);
    let hand = one(&text).expect("PL/NL reads");
    assert_eq!(hand.header.limit, Limit::PotLimitPreFlopNoLimitPostFlop);
    let other = text.replace("Pot Limit Pre-Flop, No", "Limit Pre-Flop, No");
    let e = err(&other);
    assert!(
        e.line == 1 && e.is_unsupported() && e.to_string().contains("mixed limits"),
        "{e}"
    );
}
