//! H6 for the Winning Poker Network's `Hand #` generation (the client's form since
//! 2019, `sites::acr`): crafted cash and tournament hands are found by content,
//! read, converted and settle as their text says; another game and a bomb pot are
//! unsupported by name; crafted bad text gets a typed error at its line. The real
//! files are in `data/histories/wpn/` (replayed by `sites_more.rs`).

use holdem_history::pokerstars::{
    Currency, Hand, PokerStarsError, PokerStarsErrorKind as Kind, check, import, parse_hands,
};
use holdem_history::replay::{HouseRules, Outcome, replay_hand};

mod support;

fn one(text: &str) -> Result<Hand, PokerStarsError> {
    let mut hands = parse_hands(text);
    assert_eq!(hands.len(), 1, "one hand in {text}");
    hands.remove(0)
}

/// Written for this test in the client's form: a dead small blind and a big blind
/// posted together (`posts dead`), a seat sitting out, `raises X to Y` as what the
/// player adds and the total, the pot restated between the streets, no
/// `collected` line (the summary's `won` tells it) and a jackpot fee.
const CASH: &str = "Hand #100200300 - Holdem(No Limit) - $0.05/$0.10 - 2021/03/04 05:06:07 UTC
Tablename 6-max Seat #1 is the button
Seat 1: Alder ($10.00)
Seat 2: Birch Tree ($8.50)
Seat 3: Cedar ($12.00)
Seat 4: Dogwood ($5.00) is sitting out
Seat 5: Elm ($9.00)
Birch Tree posts the small blind $0.05
Cedar posts the big blind $0.10
Elm posts dead $0.15
*** HOLE CARDS ***
Main pot $0.30 | Rake $0.00
Dealt to Cedar [Ah Kd]
Elm checks
Alder raises $0.30 to $0.30
Birch Tree folds
Cedar raises $0.80 to $0.90
Elm folds
Alder calls $0.60
*** FLOP *** [2c 7d Jh]
Main pot $1.90 | Rake $0.10
Cedar bets $1.00
Alder calls $1.00
*** TURN *** [2c 7d Jh] [3s]
Main pot $3.80 | Rake $0.20
Cedar checks
Alder bets $2.00
Cedar folds
Uncalled bet ($2.00) returned to Alder
Alder does not show
*** SUMMARY ***
Total pot $3.80 | Rake $0.15 | JP Fee $0.05
Board [2c 7d Jh 3s]
Seat 1: Alder (button) did not show and won $3.80
Seat 2: Birch Tree (small blind) folded on the Pre-Flop
Seat 3: Cedar (big blind) folded on the Turn
Seat 5: Elm folded on the Pre-Flop
";

/// Written for this test in the client's tournament form: a seat not yet in play
/// (`will be allowed to play after the button`), a sitting-out player who antes
/// and plays, the blinds after `*** HOLE CARDS ***`, and the uncalled part of an
/// all-in bet returned after the board is dealt out.
const TOURNAMENT: &str = "Game Hand #700800900 - Tournament #12345678 - Holdem(No Limit) - Level 3 (50.00/100.00)- 2021/02/25 22:07:46 UTC
Table '4' 9-max Seat #2 is the button
Seat 1: Fir (3000.00)
Seat 2: Gum (1500.00)
Seat 3: Hazel will be allowed to play after the button
Seat 4: Ironwood (2500.00)
Seat 5: Juniper (800.00) is sitting out
Fir posts ante 10.00
Gum posts ante 10.00
Ironwood posts ante 10.00
Juniper posts ante 10.00
*** HOLE CARDS ***
Main pot 40.00
Ironwood posts the small blind 50.00
Juniper posts the big blind 100.00
Dealt to Gum [Qs Qh]
Fir folds
Gum raises 300.00 to 300.00
Ironwood folds
Juniper calls 200.00
*** FLOP *** [2d 5c 9h]
Main pot 690.00
Juniper checks
Gum bets 1190.00 and is all-in
Juniper calls 490.00 and is all-in
*** TURN *** [2d 5c 9h] [Kc]
Main pot 1670.00
*** RIVER *** [2d 5c 9h Kc] [4s]
Main pot 1670.00
*** SHOW DOWN ***
Main pot 1670.00
Uncalled bet (700.00) returned to Gum
Juniper shows [Ah Ad] (a pair of Aces [Ah Ad Kc 9h 5c])
Gum shows [Qs Qh] (a pair of Queens [Qs Qh Kc 9h 5c])
Juniper collected 1670.00 from main pot
*** SUMMARY ***
Total pot 1670.00
Board [2d 5c 9h Kc 4s]
Seat 1: Fir folded on the Pre-Flop and did not bet
Seat 2: Gum (button) showed [Qs Qh] and lost with a pair of Queens [Qs Qh Kc 9h 5c]
Seat 4: Ironwood (small blind) folded on the Pre-Flop
Seat 5: Juniper (big blind) showed [Ah Ad] and won 1670.00 with a pair of Aces [Ah Ad Kc 9h 5c]
";

/// The hand's replay, checked against its text: the rake taken.
fn settles(text: &str) -> u64 {
    let imported = import(&one(text).expect("read")).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    let Outcome::Ok { rake, .. } = outcome else {
        panic!("{outcome:?}");
    };
    rake
}

#[test]
fn h6_wpn_hand_generation_cash_hand_reads_imports_and_settles() {
    let hand = one(CASH).expect("read");
    assert_eq!(hand.header.currency, Currency::Usd);
    assert_eq!(hand.header.id, 100_200_300);
    let imported = import(&hand).expect("imported");
    // Dogwood sits out and is not dealt in.
    assert_eq!(imported.history.starting_stacks.len(), 4);
    // 4.00 went in; the rake and the jackpot fee (0.20) are taken from it.
    assert_eq!(settles(CASH), 20);
}

#[test]
fn h6_wpn_hand_generation_tournament_blinds_after_the_hole_cards_and_a_late_uncalled_bet_settle() {
    let hand = one(TOURNAMENT).expect("read");
    assert_eq!(hand.header.currency, Currency::Chips);
    assert_eq!(
        hand.header.tournament.as_ref().map(|t| t.id),
        Some(12_345_678)
    );
    let imported = import(&hand).expect("imported");
    // Hazel is not at the table for this hand; Juniper, sitting out, antes and plays.
    assert_eq!(imported.history.starting_stacks.len(), 4);
    assert_eq!(settles(TOURNAMENT), 0);
}

#[test]
fn h6_wpn_hand_generation_other_games_are_unsupported_naming_them() {
    for game in [
        "Omaha(Pot Limit)",
        "Omaha H/L (Fixed Limit)",
        "5Card Omaha (Pot Limit)",
    ] {
        let text = CASH.replace("Holdem(No Limit)", game);
        let e = one(&text).expect_err("another game");
        assert!(e.is_unsupported(), "{e}");
        assert!(e.to_string().contains("Omaha"), "{e}");
        assert_eq!(e.line, 1);
    }
}

#[test]
fn h6_wpn_hand_generation_bomb_pot_is_unsupported_at_its_line() {
    let text = CASH.replace("*** SUMMARY ***\n", "*** SUMMARY ***\nBombPot\n");
    let e = one(&text).expect_err("a bomb pot");
    assert!(e.is_unsupported(), "{e}");
    assert!(e.to_string().contains("bomb pot"), "{e}");
    assert_eq!(e.line, 32);
}

#[test]
fn h6_wpn_hand_generation_bad_amount_is_a_typed_error_at_its_line() {
    let text = CASH.replace("Cedar bets $1.00", "Cedar bets $1.0x");
    let e = one(&text).expect_err("bad amount");
    assert!(matches!(e.kind, Kind::Amount { .. }), "{e}");
    assert_eq!(e.line, 22);
}

#[test]
fn h6_wpn_hand_generation_action_by_a_stranger_is_a_typed_error_at_its_line() {
    let text = CASH.replace("Elm checks", "Nobody checks");
    let e = one(&text).expect_err("unknown player");
    assert!(matches!(e.kind, Kind::UnknownPlayer(_)), "{e}");
    assert_eq!(e.line, 14);
}

#[test]
fn h6_wpn_hand_generation_header_without_stakes_is_malformed_at_line_one() {
    let text = CASH.replace("$0.05/$0.10 - ", "");
    let e = one(&text).expect_err("no stakes");
    assert!(matches!(e.kind, Kind::Malformed { .. }), "{e}");
    assert_eq!(e.line, 1);
}

#[test]
fn h6_wpn_hand_generation_hand_without_its_summary_is_truncated() {
    let cut = CASH.split("*** SUMMARY").next().expect("text");
    let e = one(cut).expect_err("truncated");
    assert!(matches!(e.kind, Kind::Truncated(_)), "{e}");
}

#[test]
fn h6_wpn_hand_generation_summary_won_other_than_collected_is_a_disagreement() {
    let text = TOURNAMENT.replace("and won 1670.00", "and won 1600.00");
    let imported = import(&one(&text).expect("read"));
    let disagrees = match imported {
        Err(e) => matches!(e.kind, Kind::Disagreement { .. }),
        Ok(imported) => {
            let outcome = replay_hand(&imported.history, &HouseRules::standard());
            check(&imported, &outcome).is_err()
        }
    };
    assert!(
        disagrees,
        "a summary that contradicts the collection is reported"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever is cut out of or written into a `Hand #` hand, the reader answers
    /// with a hand or a typed error naming a line of the text, never a panic.
    #[test]
    fn h6_mangled_wpn_hand_generation_text_gives_a_hand_or_a_typed_error(
        which in 0usize..2,
        cut in 0usize..1800,
        len in 0usize..40,
        insert in "[ -~$,\n]{0,12}",
    ) {
        let text = [CASH, TOURNAMENT][which];
        support::hands_or_typed_errors(&support::mangle(text, cut, len, &insert))?;
    }
}
