//! The reader's own tests (rule H5): every form of the English client's text it
//! accepts, and for each malformed form a typed error with its line and reason.

use super::*;
use holdem_cards::Card;

fn card(s: &str) -> Card {
    s.parse().unwrap_or(Card::ALL[0])
}

const CASH: &str =
    "PokerStars Hand #247743239964:  Hold'em No Limit ($0.25/$0.50 USD) - 2023/12/28 22:34:00 ET
Table 'Sirona' 6-max Seat #5 is the button
Seat 1: natek526 ($35.21 in chips)
Seat 3: mh: uggins ($50 in chips)
Seat 5: maketheca11 ($73.33 in chips) is sitting out
Seat 6: omgmuffins ($49.50 in chips)
omgmuffins: posts small blind $0.25
natek526: posts big blind $0.50
*** HOLE CARDS ***
Dealt to mh: uggins [3s Qh]
mh: uggins: raises $0.50 to $1
omgmuffins: calls $0.75
natek526: folds
*** FLOP *** [9d 3d Qc]
omgmuffins: checks
mh: uggins said, \"gl\"
mh: uggins: bets $1.19
omgmuffins: calls $1.19
*** TURN *** [9d 3d Qc] [Qd]
omgmuffins: checks
mh: uggins: checks
*** RIVER *** [9d 3d Qc Qd] [Js]
omgmuffins: bets $3.50 and is all-in
mh: uggins: folds
Uncalled bet ($3.50) returned to omgmuffins
omgmuffins collected $4.64 from pot
omgmuffins: doesn't show hand
*** SUMMARY ***
Total pot $4.88 | Rake $0.24
Board [9d 3d Qc Qd Js]
Seat 1: natek526 (big blind) folded before Flop
Seat 3: mh: uggins folded on the River
Seat 5: maketheca11 (button) folded before Flop (didn't bet)
Seat 6: omgmuffins (small blind) collected ($4.64)
";

fn one(text: &str) -> Result<Hand, PokerStarsError> {
    let mut all = parse_hands(text);
    assert_eq!(all.len(), 1, "one hand expected");
    all.pop().unwrap_or(Err(PokerStarsError {
        hand: None,
        line: 0,
        kind: PokerStarsErrorKind::Truncated("anything"),
    }))
}

fn err(text: &str) -> PokerStarsError {
    match one(text) {
        Ok(h) => panic!("hand #{} read without error", h.header.id),
        Err(e) => e,
    }
}

/// Replaces the first occurrence of `from` in the sample cash hand.
fn cash_with(from: &str, to: &str) -> String {
    assert!(CASH.contains(from), "{from:?} is not in the sample");
    CASH.replacen(from, to, 1)
}

// ---- typed errors for malformed input: each names the hand, the line, the reason --

fn assert_error(text: &str, line: u32, check: impl Fn(&PokerStarsErrorKind) -> bool) {
    let e = err(text);
    assert_eq!(e.line, line, "{e}");
    assert!(check(&e.kind), "unexpected reason: {e}");
}

// ---- conversion to the native model ---------------------------------------------

/// The sample without the sitting-out seat in its summary and without the false
/// all-in: a hand the rules and the text agree on.
fn clean_cash() -> String {
    cash_with("bets $3.50 and is all-in", "bets $3.50").replace(
        "Seat 5: maketheca11 (button) folded before Flop (didn't bet)\n",
        "",
    )
}

fn import_err(text: &str) -> PokerStarsError {
    match one(text).and_then(|h| import(&h)) {
        Ok(i) => panic!("hand #{} imported without error", i.hand),
        Err(e) => e,
    }
}

fn disagreement(text: &str, line: u32, rule: &str) {
    let e = import_err(text);
    assert_eq!(e.line, line, "{e}");
    assert!(
        matches!(&e.kind, PokerStarsErrorKind::Disagreement { rule: r, .. } if r == rule),
        "{e}"
    );
}

/// Imports, replays and checks `text`, giving the history.
fn settled(text: &str) -> crate::model::HandHistory {
    use crate::replay::{HouseRules, Outcome, replay_hand};
    let imported = import(&one(text).expect("reads")).expect("imports");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    assert!(
        matches!(outcome, Outcome::Ok { settled: true, .. }),
        "{outcome:?}"
    );
    check(&imported, &outcome).expect("agrees with the text");
    imported.history
}

/// The 1-based line of `text` that contains `part`.
fn line_of(text: &str, part: &str) -> u32 {
    let at = text.lines().position(|l| l.contains(part)).unwrap_or(0);
    u32::try_from(at + 1).unwrap_or(0)
}

const RIT: &str = "PokerStars Hand #124689908714:  Hold'em No Limit ($10/$20 USD) - 2014/11/08 0:40:18 WET [2014/11/07 19:40:18 ET]
Table 'Pomona III' 6-max Seat #1 is the button
Seat 1: jedi ($1000 in chips)
Seat 2: spin ($1859.80 in chips)
Seat 3: FLATC@T ($2000 in chips)
jedi: posts small blind $10
spin: posts big blind $20
*** HOLE CARDS ***
jedi: raises $980 to $1000 and is all-in
spin: folds
FLATC@T: calls $1000
*** FIRST FLOP *** [3d Kd 9h]
*** FIRST TURN *** [3d Kd 9h] [8h]
*** FIRST RIVER *** [3d Kd 9h 8h] [4s]
*** SECOND FLOP *** [2c 5c 7s]
*** SECOND TURN *** [2c 5c 7s] [Jc]
*** SECOND RIVER *** [2c 5c 7s Jc] [Kc]
*** FIRST SHOW DOWN ***
FLATC@T: shows [Jd Qs] (high card King)
jedi: shows [7s 9s] (a pair of Nines)
jedi collected $1008.50 from pot
*** SECOND SHOW DOWN ***
FLATC@T: shows [Jd Qs] (a pair of Jacks)
FLATC@T collected $1008.50 from pot
*** SUMMARY ***
Total pot $2020 | Rake $3
Hand was run twice
FIRST Board [3d Kd 9h 8h 4s]
SECOND Board [2c 5c 7s Jc Kc]
Seat 1: jedi (button) (small blind) showed [7s 9s] and won ($1008.50) with a pair of Nines, and lost with high card King
Seat 2: spin (big blind) folded before Flop
Seat 3: FLATC@T showed [Jd Qs] and lost with high card King, and won ($1008.50) with a pair of Jacks
";

mod errors;
mod import;
mod play;
mod read;
