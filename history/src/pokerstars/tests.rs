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

#[test]
fn h5_a_cash_hand_reads_into_its_typed_form() {
    let hand = one(CASH).expect("the sample reads");
    assert_eq!(hand.header.id, 247_743_239_964);
    assert!(!hand.header.game_form && !hand.header.zoom);
    assert_eq!(hand.header.limit, Limit::NoLimit);
    assert_eq!(hand.header.currency, Currency::Usd);
    assert_eq!(hand.header.stakes, (Amount(25), Amount(50)));
    assert_eq!(hand.header.times.len(), 1);
    assert_eq!(hand.header.times[0].zone.as_deref(), Some("ET"));
    assert_eq!(hand.table.name, "Sirona");
    assert_eq!(hand.table.max_seats, Some(6));
    assert_eq!(hand.table.button, 5);
    assert_eq!(hand.seats.len(), 4);
    assert_eq!(hand.seats[1].name, "mh: uggins");
    assert_eq!(hand.seats[2].state, SeatState::SittingOut);
    assert_eq!(hand.seats[0].stack, Amount(3521));
    assert_eq!(hand.button_index(), Some(2));
    assert_eq!(
        hand.events[0].event,
        Event::Post {
            seat: 3,
            kind: PostKind::SmallBlind,
            amount: Amount(25),
            all_in: false
        }
    );
    assert!(hand.events.iter().any(|l| l.event
        == Event::Dealt {
            seat: 1,
            cards: [card("3s"), card("Qh")]
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Raise {
            seat: 1,
            by: Amount(50),
            to: Amount(100),
            all_in: false
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Bet {
            seat: 3,
            amount: Amount(350),
            all_in: true
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Note {
            seat: Some(1),
            note: Note::Chat
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Uncalled {
            seat: 3,
            amount: Amount(350)
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Collected {
            seat: 3,
            amount: Amount(464),
            pot: PotName::Pot
        }));
    assert_eq!(hand.summary.total_pot, Amount(488));
    assert_eq!(hand.summary.rake, Amount(24));
    assert_eq!(hand.summary.boards.len(), 1);
    assert_eq!(hand.summary.seats.len(), 4);
    assert_eq!(hand.summary.seats[3].won, vec![Amount(464)]);
}

#[test]
fn h5_line_ends_byte_order_marks_and_trailing_blanks_do_not_change_the_hand() {
    let plain = one(CASH).expect("the sample reads");
    let crlf = format!("\u{feff}{}", CASH.replace('\n', "  \r\n"));
    let cr = CASH.replace('\n', "\r");
    for text in [crlf, cr] {
        let hand = one(&text).expect("the variant reads");
        assert_eq!(hand.events, plain.events);
        assert_eq!(hand.summary, plain.summary);
    }
}

#[test]
fn h5_windows_1252_files_decode_the_euro_sign() {
    let euro = CASH.replace('$', "€").replace("USD", "EUR");
    let bytes: Vec<u8> = euro
        .chars()
        .map(|c| if c == '€' { 0x80 } else { c as u8 })
        .collect();
    assert!(std::str::from_utf8(&bytes).is_err());
    let text = decode(&bytes);
    let hand = one(&text).expect("the Windows-1252 hand reads");
    assert_eq!(hand.header.currency, Currency::Eur);
    assert_eq!(hand.summary.rake, Amount(24));
    let utf8 = format!("\u{feff}{euro}");
    assert_eq!(decode(utf8.as_bytes()), euro);
}

#[test]
fn h5_several_hands_per_file_are_read_one_by_one() {
    let text = format!(
        "{CASH}\n\n\n{}\n\n*********** # 3 **************\n{CASH}",
        CASH.replace("Seat 3: mh: uggins ($50", "Seat 3: mh: uggins ($5.001")
    );
    let all = parse_hands(&text);
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[2].is_ok());
    let e = all[1].as_ref().expect_err("the middle hand is bad");
    assert_eq!(e.hand, Some(247_743_239_964));
    assert_eq!(e.line, 37 + 4, "the bad seat line of the second hand");
}

#[test]
fn h5_older_game_headers_zoom_and_time_zones() {
    let old = "PokerStars Game #23371891311: Tournament #130326981, $10+$1 Hold'em No Limit - Level I (10/20) - 2008/12/29 14:33:21 ET";
    let zoom = "PokerStars Zoom Hand #164150709626:  Hold'em No Limit ($0.02/$0.05) - 2017/01/06 17:15:11 ET";
    let two = "PokerStars Hand #105024000105: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - Level XI (400/800) - 2013/10/04 19:53:27 CET [2013/10/04 13:53:27 ET]";
    let first = CASH.lines().next().unwrap_or("");
    let chips = CASH.replace('$', "");
    let chips_first = chips.lines().next().unwrap_or("");
    let h = one(&chips.replacen(chips_first, old, 1)).expect("old header reads");
    assert!(h.header.game_form);
    let t = h.header.tournament.as_ref().expect("a tournament");
    assert_eq!(t.id, 130_326_981);
    assert_eq!(t.level.as_deref(), Some("I"));
    assert_eq!(
        t.buy_in,
        BuyIn::Paid {
            parts: vec![Amount(1000), Amount(100)],
            currency: Currency::Usd
        }
    );
    assert_eq!(h.header.currency, Currency::Chips);
    assert_eq!(h.header.stakes, (Amount(1000), Amount(2000)));
    let z = one(&CASH.replacen(first, zoom, 1)).expect("zoom reads");
    assert!(z.header.zoom && z.header.currency == Currency::Usd);
    let h = one(&chips.replacen(chips_first, two, 1)).expect("two times read");
    assert_eq!(h.header.times.len(), 2);
    assert_eq!(h.header.times[0].zone.as_deref(), Some("CET"));
    assert_eq!(h.header.times[1].time, (13, 53, 27));
    assert_eq!(h.header.stakes, (Amount(40_000), Amount(80_000)));
}

#[test]
fn h5_tournament_buy_ins_freeroll_bounty_and_play_money() {
    let base = "PokerStars Hand #1: Tournament #2, BUYIN Hold'em No Limit - Level III (50/100) - 2018/03/09 23:36:32 CET [2018/03/09 17:36:32 ET]";
    let chips = CASH.replace('$', "");
    let first = chips.lines().next().unwrap_or("");
    let read = |buy: &str| {
        one(&chips.replacen(first, &base.replace("BUYIN", buy), 1))
            .map(|h| h.header.tournament.map(|t| t.buy_in))
    };
    assert_eq!(read("Freeroll ").ok().flatten(), Some(BuyIn::Freeroll));
    assert_eq!(
        read("$4.55+$4.55+$0.90 USD").ok().flatten(),
        Some(BuyIn::Paid {
            parts: vec![Amount(455), Amount(455), Amount(90)],
            currency: Currency::Usd
        })
    );
    assert_eq!(
        read("€9.20+€0.80 EUR").ok().flatten(),
        Some(BuyIn::Paid {
            parts: vec![Amount(920), Amount(80)],
            currency: Currency::Eur
        })
    );
    assert_eq!(
        read("1000+100").ok().flatten(),
        Some(BuyIn::Paid {
            parts: vec![Amount(100_000), Amount(10_000)],
            currency: Currency::Chips
        })
    );
}

#[test]
fn h5_seats_with_bounties_and_out_of_hand_players() {
    let text = CASH
        .replace('$', "")
        .replacen(
            CASH.lines().next().unwrap_or(""),
            "PokerStars Hand #247678901194: Tournament #3429918960, $4.55+$4.55+$0.90 USD Hold'em No Limit - Level XXVI (2000/4000) - 2023/12/25 18:48:09 ET",
            1,
        )
        .replace(
            "Seat 1: natek526 (35.21 in chips)",
            "Seat 1: natek526 (755175 in chips, $148.95 bounty)",
        )
        .replace(
            "maketheca11 (73.33 in chips) is sitting out",
            "maketheca11 (73.33 in chips) out of hand (moved from another table into small blind)",
        );
    let hand = one(&text).expect("reads");
    assert_eq!(hand.seats[0].stack, Amount(75_517_500));
    assert_eq!(hand.seats[0].bounty, Some(Amount(14_895)));
    assert_eq!(hand.seats[2].state, SeatState::OutOfHand);
}

#[test]
fn h5_forced_bets_antes_dead_blinds_and_no_small_blind() {
    let text = cash_with(
        "omgmuffins: posts small blind $0.25\n",
        "omgmuffins: posts the ante $0.05\nnatek526: posts the ante $0.05\nmaketheca11: posts small & big blinds $0.75\n",
    );
    let hand = one(&text).expect("reads");
    let posts: Vec<_> = hand
        .events
        .iter()
        .filter_map(|l| match l.event {
            Event::Post { kind, amount, .. } => Some((kind, amount)),
            _ => None,
        })
        .collect();
    assert_eq!(
        posts,
        vec![
            (PostKind::Ante, Amount(5)),
            (PostKind::Ante, Amount(5)),
            (PostKind::SmallAndBig, Amount(75)),
            (PostKind::BigBlind, Amount(50)),
        ]
    );
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

#[test]
fn h5_run_it_twice_reads_both_boards_and_both_showdowns() {
    let hand = one(RIT).expect("reads");
    let boards: Vec<_> = hand
        .events
        .iter()
        .filter_map(|l| match &l.event {
            Event::Board { street, run, .. } => Some((*street, *run)),
            _ => None,
        })
        .collect();
    assert_eq!(boards.len(), 6);
    assert_eq!(boards[0], (Street::Flop, Run::First));
    assert_eq!(boards[5], (Street::River, Run::Second));
    assert!(
        hand.events
            .iter()
            .any(|l| l.event == Event::ShowDown(Run::Second))
    );
    assert!(hand.summary.run_twice);
    assert_eq!(hand.summary.boards.len(), 2);
    assert_eq!(hand.summary.seats[0].won, vec![Amount(100_850)]);
    assert_eq!(
        hand.summary.seats[2].cards.as_slice(),
        &[card("Jd"), card("Qs")]
    );
}

#[test]
fn h5_side_pots_in_the_summary_and_collected_lines() {
    let text = cash_with("Total pot $4.88 | Rake $0.24", "Total pot $4.88 Main pot $3. Side pot-1 $1. Side pot-2 $0.64. | Rake $0.24")
        .replace("omgmuffins collected $4.64 from pot", "omgmuffins collected $3 from main pot\nomgmuffins collected $1 from side pot-1\nomgmuffins collected $0.64 from side pot-2");
    let hand = one(&text).expect("reads");
    assert_eq!(hand.summary.main_pot, Some(Amount(300)));
    assert_eq!(hand.summary.side_pots, vec![Amount(100), Amount(64)]);
    assert!(hand.events.iter().any(|l| matches!(
        l.event,
        Event::Collected {
            pot: PotName::SideN(2),
            ..
        }
    )));
}

#[test]
fn h5_cards_never_shown_stay_unknown() {
    let hand = one(CASH).expect("reads");
    let dealt = hand
        .events
        .iter()
        .filter(|l| matches!(l.event, Event::Dealt { .. }))
        .count();
    assert_eq!(dealt, 1, "only the hero's cards are in the text");
    assert!(hand.summary.seats.iter().all(|s| s.cards.is_empty()));
}

#[test]
fn h5_content_detection_finds_pokerstars_text() {
    assert!(looks_like_pokerstars(CASH));
    assert!(looks_like_pokerstars(&format!("\u{feff}\r\n\r\n{CASH}")));
    assert!(!looks_like_pokerstars("variant = 'NT'\n"));
    assert!(!looks_like_pokerstars("Seat 1: a (5 in chips)\n"));
    // The other sites read over the same layer (H6) are found the same way.
    assert!(looks_like_pokerstars("Full Tilt Poker Game #1: ...\n"));
    assert!(looks_like_pokerstars("Poker Hand #RC1: ...\n"));
}

// ---- typed errors for malformed input: each names the hand, the line, the reason --

fn assert_error(text: &str, line: u32, check: impl Fn(&PokerStarsErrorKind) -> bool) {
    let e = err(text);
    assert_eq!(e.line, line, "{e}");
    assert!(check(&e.kind), "unexpected reason: {e}");
}

#[test]
fn h5_other_games_languages_and_cancelled_hands_are_unsupported_and_named() {
    let first = CASH.lines().next().unwrap_or("");
    for (header, what) in [
        (
            "PokerStars Hand #124689908714:  Omaha Pot Limit ($10/$20 USD) - 2014/11/08 0:40:18 ET",
            "Omaha Pot Limit",
        ),
        (
            "PokerStars Home Game Hand #1: {Club} Hold'em No Limit ($0.01/$0.02) - 2020/01/01 1:00:00 ET",
            "home game",
        ),
    ] {
        let e = err(&CASH.replacen(first, header, 1));
        assert!(e.is_unsupported(), "{e}");
        assert_eq!(e.line, 1);
        assert!(e.hand.is_some(), "the error names the hand: {e}");
        assert!(e.to_string().contains(what), "{e}");
    }
    let foreign = CASH.replacen(
        first,
        "Mão PokerStars #137737997245: Torneio #1270291825, 4500+500 Hold'em No Limit - Nível I (10/20) - 2015/07/07 16:42:52 ET",
        1,
    );
    let e = err(&foreign);
    assert!(e.is_unsupported() && e.hand == Some(137_737_997_245), "{e}");
    assert!(e.to_string().contains("another language"), "{e}");
    let cancelled = cash_with("*** FLOP ***", "Hand cancelled\n*** FLOP ***");
    let e = err(&cancelled);
    assert!(e.is_unsupported() && e.line == 14, "{e}");
}

#[test]
fn h5_malformed_headers_and_table_lines_are_typed_errors() {
    let first = CASH.lines().next().unwrap_or("");
    let malformed = |k: &PokerStarsErrorKind| matches!(k, PokerStarsErrorKind::Malformed { .. });
    assert_error(
        &CASH.replacen(
            first,
            "PokerStars Hand #12x: Hold'em No Limit ($1/$2 USD) - 2020/01/01 1:00:00 ET",
            1,
        ),
        1,
        malformed,
    );
    assert_error(
        &CASH.replacen(
            first,
            "PokerStars Hand #12: Hold'em No Limit $1/$2 USD - 2020/01/01 1:00:00 ET",
            1,
        ),
        1,
        malformed,
    );
    assert_error(
        &CASH.replacen(
            first,
            "PokerStars Hand #12: Hold'em No Limit ($1/$2 USD) - 2020/13/01 1:00:00 ET",
            1,
        ),
        1,
        malformed,
    );
    assert_error(
        &CASH.replacen(
            first,
            "PokerStars Hand #12: Hold'em No Limit ($1/$2 XYZ) - 2020/01/01 1:00:00 ET",
            1,
        ),
        1,
        |k| matches!(k, PokerStarsErrorKind::Unsupported(s) if s.contains("XYZ")),
    );
    assert_error(
        &cash_with("Seat #5 is the button", "Seat 5 is the button"),
        2,
        malformed,
    );
}

#[test]
fn h5_malformed_seats_are_typed_errors() {
    let malformed = |k: &PokerStarsErrorKind| matches!(k, PokerStarsErrorKind::Malformed { .. });
    assert_error(&cash_with("($35.21 in chips)", "(35 chips)"), 3, malformed);
    assert_error(
        &cash_with("($50 in chips)", "($50 in chips) is dancing"),
        4,
        malformed,
    );
    assert_error(
        &cash_with("Seat 6: omgmuffins", "Seat 1: omgmuffins"),
        6,
        |k| matches!(k, PokerStarsErrorKind::DuplicateSeat { seat: 1, .. }),
    );
    assert_error(
        &cash_with("Seat 1: natek526 ($35.21 in chips)\n", ""),
        7,
        |k| matches!(k, PokerStarsErrorKind::UnknownPlayer(n) if n == "natek526"),
    );
}

#[test]
fn h5_bad_amounts_and_cards_are_typed_errors() {
    let amount = |k: &PokerStarsErrorKind| matches!(k, PokerStarsErrorKind::Amount { .. });
    let cards = |k: &PokerStarsErrorKind| matches!(k, PokerStarsErrorKind::Cards { .. });
    assert_error(&cash_with("calls $0.75", "calls $0.755"), 12, amount);
    assert_error(&cash_with("calls $0.75", "calls €0.75"), 12, amount);
    assert_error(&cash_with("calls $0.75", "calls $0,75"), 12, amount);
    assert_error(&cash_with("[3s Qh]", "[3s Qh Kd]"), 10, cards);
    assert_error(&cash_with("[3s Qh]", "[3s Qx]"), 10, cards);
    assert_error(
        &cash_with("*** FLOP *** [9d 3d Qc]", "*** FLOP *** [9d 3d 9d]"),
        14,
        cards,
    );
    assert_error(
        &cash_with("*** FLOP *** [9d 3d Qc]", "*** FLOP *** [9d 3d]"),
        14,
        cards,
    );
    assert_error(
        &cash_with(
            "*** TURN *** [9d 3d Qc] [Qd]",
            "*** TURN *** [9d 3d Qc] [Qd Jd]",
        ),
        19,
        cards,
    );
}

#[test]
fn h5_unknown_actions_and_players_are_typed_errors() {
    let malformed = |k: &PokerStarsErrorKind| matches!(k, PokerStarsErrorKind::Malformed { .. });
    assert_error(
        &cash_with("natek526: folds", "natek526: dances"),
        13,
        malformed,
    );
    assert_error(
        &cash_with("natek526: folds", "stranger: folds"),
        13,
        |k| matches!(k, PokerStarsErrorKind::UnknownPlayer(n) if n == "stranger"),
    );
    assert_error(
        &cash_with("returned to omgmuffins", "returned to nobody"),
        25,
        |k| matches!(k, PokerStarsErrorKind::UnknownPlayer(n) if n == "nobody"),
    );
    assert_error(&cash_with("from pot", "from the jackpot"), 26, malformed);
    assert_error(
        &cash_with("natek526: folds", "natek526: checks and is all-in"),
        13,
        malformed,
    );
    assert_error(
        &cash_with("natek526: folds", "this line means nothing"),
        13,
        malformed,
    );
}

#[test]
fn h5_sections_out_of_order_and_truncated_hands_are_typed_errors() {
    let order = |k: &PokerStarsErrorKind| matches!(k, PokerStarsErrorKind::OutOfOrder { .. });
    assert_error(
        &cash_with("natek526: posts big blind $0.50\n", "natek526: folds\n"),
        8,
        order,
    );
    assert_error(
        &cash_with("natek526: folds", "natek526: posts big blind $0.50"),
        13,
        order,
    );
    assert_error(&cash_with("*** HOLE CARDS ***\n", ""), 9, |k| {
        matches!(k, PokerStarsErrorKind::OutOfOrder { .. })
    });
    let cut = CASH.split("*** SUMMARY ***").next().unwrap_or("");
    assert_error(cut, 27, |k| matches!(k, PokerStarsErrorKind::Truncated(_)));
    assert_error(&cash_with("Total pot $4.88 | Rake $0.24\n", ""), 33, |k| {
        matches!(k, PokerStarsErrorKind::Truncated(_))
    });
    assert_error(
        &cash_with(
            "Total pot $4.88 | Rake $0.24",
            "Total pot $4.88 Jackpot $1. | Rake $0.24",
        ),
        29,
        |k| matches!(k, PokerStarsErrorKind::Malformed { .. }),
    );
    let e = parse_hands(&format!("some notes\n{CASH}"));
    assert_eq!(e.len(), 2);
    assert!(matches!(
        e[0],
        Err(PokerStarsError {
            line: 1,
            kind: PokerStarsErrorKind::Preamble(_),
            ..
        })
    ));
    assert!(e[1].is_ok());
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

/// The 1-based line of `text` that contains `part`.
fn line_of(text: &str, part: &str) -> u32 {
    let at = text.lines().position(|l| l.contains(part)).unwrap_or(0);
    u32::try_from(at + 1).unwrap_or(0)
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
