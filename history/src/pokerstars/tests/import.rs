//! Importing a hand into the model: player order, amounts, forced bets (H5).

use super::*;

#[test]
fn h5_import_orders_players_from_the_button_and_keeps_unknown_cards_unknown() {
    use crate::model::{ActionKind, Stakes, Variant};
    let hand = one(&clean_cash()).expect("reads");
    let imported = import(&hand).expect("imports");
    let h = &imported.history;
    assert_eq!(h.variant, Variant::NoLimit);
    assert_eq!(h.unit.decimals, 2);
    assert_eq!(
        h.meta.players.as_deref(),
        Some(
            &[
                "omgmuffins".to_string(),
                "natek526".to_string(),
                "mh: uggins".to_string()
            ][..]
        )
    );
    assert_eq!(h.meta.seats.as_deref(), Some(&[6, 1, 3][..]));
    assert_eq!(h.blinds_or_straddles, vec![25, 50, 0]);
    assert_eq!(h.stakes, Stakes::MinBet(50));
    assert_eq!(h.starting_stacks, vec![4950, 3521, 5000]);
    let deals: Vec<String> = h
        .actions
        .iter()
        .filter_map(|a| match &a.kind {
            ActionKind::DealHole { cards, .. } => Some(cards.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(deals, vec!["????", "????", "3sQh"]);
    assert_eq!(imported.action_lines.len(), h.actions.len());
    assert_eq!(imported.collected, 464);
    assert_eq!(imported.rake, 24);
    assert_eq!(imported.total_pot, 488);
    assert_eq!(h.winnings, Some(vec![464, 0, 0]));
    assert_eq!(
        h.finishing_stacks.as_ref(),
        Some(&imported.final_stacks),
        "a raked hand keeps its stacks after rake"
    );
    assert_eq!(
        imported.final_stacks,
        vec![4950 - 219 + 464, 3521 - 50, 5000 - 219]
    );
}

#[test]
fn h5_amounts_the_rules_contradict_are_disagreements_at_their_line() {
    let clean = clean_cash();
    let with = |from: &str, to: &str| {
        assert!(clean.contains(from), "{from:?}");
        clean.replacen(from, to, 1)
    };
    disagreement(
        &with("omgmuffins: calls $0.75", "omgmuffins: calls $0.50"),
        12,
        "B7",
    );
    disagreement(&with("raises $0.50 to $1", "raises $0.60 to $1"), 11, "B7");
    disagreement(
        &with("Uncalled bet ($3.50)", "Uncalled bet ($3)"),
        25,
        "B14",
    );
    disagreement(&with("bets $3.50", "bets $3.50 and is all-in"), 23, "B15");
    disagreement(&with("bets $3.50", "bets $350"), 23, "B15");
    disagreement(
        &with(
            "*** TURN *** [9d 3d Qc] [Qd]",
            "*** TURN *** [9d 3d Qs] [Qd]",
        ),
        19,
        "H5",
    );
    disagreement(&with("collected ($4.64)", "collected ($4.00)"), 33, "H5");
    disagreement(
        &with("Board [9d 3d Qc Qd Js]", "Board [9d 3d Qc Qd Jc]"),
        29,
        "H5",
    );
    disagreement(
        &with(
            "omgmuffins: checks\nmh: uggins: checks",
            "omgmuffins: checks\nmh: uggins: bets $1\nomgmuffins: checks",
        ),
        22,
        "B7",
    );
}

/// A crafted cash hand (no real record in `data/histories/pokerstars` has one): a
/// player back after missing the blinds posts them together from the cutoff, a dead
/// small blind and a live big blind, and raises in turn.
const DEAD_SMALL_LIVE_BIG: &str =
    "PokerStars Hand #300000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2020/02/07 19:15:13 ET
Table 'Crafted I' 6-max Seat #1 is the button
Seat 1: alpha ($50 in chips)
Seat 2: bravo ($50 in chips)
Seat 3: charlie ($50 in chips)
Seat 4: delta ($50 in chips)
Seat 5: echo ($50 in chips)
bravo: posts small blind $0.25
charlie: posts big blind $0.50
echo: posts small & big blinds $0.75
*** HOLE CARDS ***
delta: folds
echo: raises $1 to $1.50
alpha: folds
bravo: folds
charlie: calls $1
*** FLOP *** [2c 7d Jh]
charlie: checks
echo: bets $2
charlie: folds
Uncalled bet ($2) returned to echo
echo collected $3.50 from pot
echo: doesn't show hand
*** SUMMARY ***
Total pot $3.50 | Rake $0
Board [2c 7d Jh]
Seat 1: alpha (button) folded before Flop (didn't bet)
Seat 2: bravo (small blind) folded before Flop
Seat 3: charlie (big blind) folded on the Flop
Seat 4: delta folded before Flop (didn't bet)
Seat 5: echo collected ($3.50)
";

/// A crafted cash hand: the small blind's seat is empty, so the first player after
/// the button posts the big blind alone; a new player posts a live big blind out of
/// position and checks in turn; a player who missed the small blind posts it dead.
const NO_SMALL_BLIND_NEW_AND_RETURNING: &str =
    "PokerStars Hand #300000000002:  Hold'em No Limit ($0.25/$0.50 USD) - 2020/02/07 19:20:00 ET
Table 'Crafted I' 6-max Seat #2 is the button
Seat 1: alpha ($50 in chips)
Seat 2: bravo ($50 in chips)
Seat 4: delta ($50 in chips)
Seat 5: echo ($50 in chips)
Seat 6: foxtrot ($20 in chips)
delta: posts big blind $0.50
foxtrot: posts big blind $0.50
alpha: posts small blind $0.25
*** HOLE CARDS ***
echo: calls $0.50
foxtrot: checks
alpha: calls $0.50
bravo: folds
delta: checks
*** FLOP *** [Ks 8d 3c]
delta: checks
echo: checks
foxtrot: bets $1
alpha: folds
delta: folds
echo: calls $1
*** TURN *** [Ks 8d 3c] [2h]
echo: checks
foxtrot: checks
*** RIVER *** [Ks 8d 3c 2h] [9s]
echo: checks
foxtrot: checks
*** SHOW DOWN ***
echo: shows [Kd Qd] (a pair of Kings)
foxtrot: mucks hand
echo collected $4.05 from pot
*** SUMMARY ***
Total pot $4.25 | Rake $0.20
Board [Ks 8d 3c 2h 9s]
Seat 1: alpha folded on the Flop
Seat 2: bravo (button) folded before Flop (didn't bet)
Seat 4: delta (big blind) folded on the Flop
Seat 5: echo showed [Kd Qd] and won ($4.05) with a pair of Kings
Seat 6: foxtrot mucked [7c 7h]
";

#[test]
fn h5_a_dead_small_blind_posted_with_a_live_big_blind_out_of_position_settles() {
    use crate::money::DEAD_BLIND;
    let h = settled(DEAD_SMALL_LIVE_BIG);
    // p1 bravo, p2 charlie, p3 delta, p4 echo, p5 alpha (button). Echo's dead half
    // is held where antes are; the live half is a big blind out of position.
    assert_eq!(h.antes, vec![0, 0, 0, 25, 0]);
    assert_eq!(h.blinds_or_straddles, vec![25, 50, 0, 50, 0]);
    assert_eq!(h.finishing_stacks, Some(vec![4975, 4850, 5000, 5175, 5000]));
    let h = settled(NO_SMALL_BLIND_NEW_AND_RETURNING);
    // p1 delta (big blind, no small blind), p2 echo, p3 foxtrot (a new player's
    // live big blind), p4 alpha (a dead small blind), p5 bravo (button).
    assert_eq!(h.antes, vec![0; 5]);
    assert_eq!(h.blinds_or_straddles, vec![50, 0, 50, DEAD_BLIND | 25, 0]);
    assert_eq!(h.stakes, crate::model::Stakes::MinBet(50));
}

#[test]
fn h5_blinds_posted_out_of_position_read_back_from_phh_to_the_same_result() {
    use crate::phh::{parse_phh, write_phh};
    use crate::replay::{HouseRules, replay_hand};
    for text in [DEAD_SMALL_LIVE_BIG, NO_SMALL_BLIND_NEW_AND_RETURNING] {
        let h = settled(text);
        let phh = write_phh(&h).expect("PHH records dead and out-of-position blinds");
        let back = parse_phh(&phh).expect("reads back");
        assert_eq!(back, h);
        let rules = HouseRules::standard();
        assert_eq!(replay_hand(&back, &rules), replay_hand(&h, &rules));
    }
}

#[test]
fn h5_blinds_the_rules_do_not_allow_are_refused_at_their_line() {
    // A dead and live post that is not a small blind plus the big blind.
    disagreement(
        &DEAD_SMALL_LIVE_BIG.replace("blinds $0.75", "blinds $0.60"),
        10,
        "B19",
    );
    // A big blind out of position for other than the big blind.
    disagreement(
        &NO_SMALL_BLIND_NEW_AND_RETURNING.replace(
            "foxtrot: posts big blind $0.50",
            "foxtrot: posts big blind $0.40",
        ),
        9,
        "B19",
    );
    // Out of position and all-in: the native model has no form for it.
    let e = import_err(
        &NO_SMALL_BLIND_NEW_AND_RETURNING
            .replace("alpha ($50 in chips)", "alpha ($0.25 in chips)")
            .replace(
                "alpha: posts small blind $0.25",
                "alpha: posts small blind $0.25 and is all-in",
            ),
    );
    assert!(e.is_unsupported() && e.line == 10, "{e}");
    // A small blind on the button three-handed: no seat posts it there.
    let e = import_err(RIT);
    assert!(
        e.is_unsupported() && e.line == 6 && e.to_string().contains("on the button"),
        "{e}"
    );
    // Heads-up, the button posts the small blind and the other the big: a second
    // big blind has no place.
    let clean = clean_cash();
    let e = import_err(&clean.replace(
        "natek526: posts big blind $0.50\n",
        "natek526: posts big blind $0.50\nomgmuffins: posts big blind $0.50\n",
    ));
    assert!(e.is_unsupported() && e.line == 9, "{e}");
    // A straddle from the button: the native model has the first player after the
    // big blind's only.
    let e = import_err(&DEAD_SMALL_LIVE_BIG.replace(
        "echo: posts small & big blinds $0.75",
        "alpha: posts straddle $1",
    ));
    assert!(
        e.is_unsupported() && e.line == 10 && e.to_string().contains("straddle"),
        "{e}"
    );
}

#[test]
fn h5_a_tournament_hand_in_whole_chips_with_antes_and_an_all_in_big_blind() {
    let text = "PokerStars Hand #159581842724: Tournament #1689829479, $3.19+$0.31 USD Hold'em No Limit - Level I (10/20) - 2016/10/06 22:53:35 ET
Table '1689829479 2' 9-max Seat #8 is the button
Seat 1: norgas69 (14 in chips)
Seat 3: renniweg (1229 in chips)
Seat 8: trips1126 (2310 in chips)
Seat 9: grmpjb (1379 in chips)
norgas69: posts the ante 3
renniweg: posts the ante 3
trips1126: posts the ante 3
grmpjb: posts the ante 3
grmpjb: posts small blind 10
norgas69: posts big blind 11 and is all-in
*** HOLE CARDS ***
renniweg: calls 20
trips1126: folds
grmpjb: folds
*** FLOP *** [2s 6d 6h]
*** TURN *** [2s 6d 6h] [Ts]
*** RIVER *** [2s 6d 6h Ts] [Ac]
*** SHOW DOWN ***
norgas69: shows [Ah Kd] (a pair of Aces)
renniweg: mucks hand
norgas69 collected 55 from pot
renniweg collected 9 from side pot
*** SUMMARY ***
Total pot 64 Main pot 55. Side pot 9. | Rake 0
Board [2s 6d 6h Ts Ac]
Seat 1: norgas69 (big blind) showed [Ah Kd] and won (55) with a pair of Aces
Seat 3: renniweg collected (9)
Seat 8: trips1126 (button) folded before Flop (didn't bet)
Seat 9: grmpjb (small blind) folded before Flop
";
    let imported = import(&one(text).expect("reads")).expect("imports");
    let h = &imported.history;
    assert_eq!(h.unit.decimals, 0);
    assert_eq!(h.antes, vec![3, 3, 3, 3]);
    assert_eq!(
        h.blinds_or_straddles,
        vec![10, 20, 0, 0],
        "the all-in blind counts in full (B13)"
    );
    assert_eq!(h.starting_stacks, vec![1379, 14, 1229, 2310]);
    assert_eq!(imported.final_stacks, vec![1366, 55, 1229 - 23 + 9, 2307]);
    assert_eq!(h.finishing_stacks.as_ref(), Some(&imported.final_stacks));
}
