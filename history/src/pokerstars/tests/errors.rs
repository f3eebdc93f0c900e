//! Malformed and unsupported text: typed errors at their line (H5).

use super::*;

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
