//! Bad input is a typed error naming what and where, never a panic.

use holdem_pots::{
    Chips, Contribution, MAX_POT_SEATS, PotsError, RakePolicy, Seat, SeatSet, SettleOptions,
    Settlement, Status, TableLayout, layer, settle, split_pot,
};

fn s(index: u8) -> Seat {
    Seat::new(index).expect("seat index in range")
}

fn c(seat: u8, amount: u64, status: Status) -> Contribution {
    Contribution::new(s(seat), Chips(amount), status)
}

fn nine_max() -> TableLayout {
    TableLayout::new(9, s(0)).expect("table")
}

/// Settles on a nine-seat table with no rake; the result must be the expected error,
/// and its message must mention `mentions`.
fn check(
    contributions: &[Contribution],
    strengths: &[(Seat, u8)],
    expected: PotsError,
    mentions: &str,
) {
    let result: Result<Settlement, PotsError> =
        settle(nine_max(), contributions, strengths, SettleOptions::NO_RAKE);
    assert_eq!(result.as_ref().err(), Some(&expected), "{contributions:?}");
    let message = expected.to_string();
    assert!(message.contains(mentions), "{message:?} lacks {mentions:?}");
}

#[test]
fn empty_hand_is_an_error() {
    check(&[], &[], PotsError::EmptyHand, "no seat");
    assert_eq!(layer(&[]), Err(PotsError::EmptyHand));
}

#[test]
fn b24_contribution_overflow_is_an_error() {
    check(
        &[c(0, u64::MAX, Status::AllIn), c(1, 1, Status::AllIn)],
        &[],
        PotsError::ContributionOverflow {
            seat: s(1),
            amount: Chips(1),
        },
        "B24",
    );
}

#[test]
fn a_seat_contributing_twice_is_an_error() {
    check(
        &[c(3, 10, Status::Active), c(3, 10, Status::Active)],
        &[],
        PotsError::DuplicateSeat { seat: s(3) },
        "seat 3",
    );
}

#[test]
fn p2_everyone_folded_is_an_error() {
    check(
        &[c(0, 10, Status::Folded), c(1, 20, Status::Folded)],
        &[],
        PotsError::NoLiveSeat,
        "P2",
    );
}

#[test]
fn p1_active_seat_that_has_not_called_is_an_error() {
    check(
        &[
            c(0, 100, Status::Active),
            c(1, 300, Status::Active),
            c(2, 200, Status::Active),
        ],
        &[],
        PotsError::ActiveBelowCall {
            seat: s(0),
            contributed: Chips(100),
            to_call: Chips(200),
        },
        "seat 0",
    );
}

#[test]
fn contribution_from_a_seat_off_the_table_is_an_error() {
    check(
        &[c(0, 10, Status::Active), c(12, 10, Status::Active)],
        &[],
        PotsError::SeatNotAtTable {
            seat: s(12),
            seat_count: 9,
        },
        "seat 12",
    );
}

#[test]
fn strength_for_a_seat_not_in_the_hand_is_an_error() {
    check(
        &[c(0, 10, Status::Active), c(1, 10, Status::Active)],
        &[(s(0), 1), (s(5), 2)],
        PotsError::StrengthForSeatNotInHand { seat: s(5) },
        "seat 5",
    );
}

#[test]
fn p2_strength_for_a_folded_seat_is_an_error() {
    check(
        &[
            c(0, 10, Status::Active),
            c(1, 10, Status::Active),
            c(2, 5, Status::Folded),
        ],
        &[(s(0), 1), (s(2), 9)],
        PotsError::StrengthForFoldedSeat { seat: s(2) },
        "P2",
    );
}

#[test]
fn two_strengths_for_one_seat_is_an_error() {
    check(
        &[c(0, 10, Status::Active), c(1, 10, Status::Active)],
        &[(s(1), 1), (s(1), 2)],
        PotsError::DuplicateStrength { seat: s(1) },
        "seat 1",
    );
}

#[test]
fn p6_contested_pot_with_no_hand_shown_is_an_error() {
    check(
        &[c(0, 10, Status::Active), c(1, 10, Status::Active)],
        &[],
        PotsError::NoHandForPot {
            pot: 0,
            eligible: 2,
        },
        "P6",
    );
}

#[test]
fn bad_table_and_button_are_errors() {
    assert_eq!(
        TableLayout::new(0, s(0)),
        Err(PotsError::SeatCount { seat_count: 0 })
    );
    let too_many = u8::try_from(MAX_POT_SEATS + 1).expect("small");
    assert_eq!(
        TableLayout::new(too_many, s(0)),
        Err(PotsError::SeatCount {
            seat_count: too_many
        })
    );
    let err = TableLayout::new(6, s(6)).expect_err("button off the table");
    assert_eq!(
        err,
        PotsError::ButtonNotASeat {
            button: s(6),
            seat_count: 6
        }
    );
    assert!(err.to_string().contains("seat 6"));
}

#[test]
fn seat_and_seat_set_out_of_range_are_errors() {
    let index = u8::try_from(MAX_POT_SEATS).expect("small");
    assert_eq!(Seat::new(index), None);
    assert_eq!(
        Seat::try_from(index),
        Err(PotsError::SeatOutOfRange { index })
    );
    assert_eq!(SeatSet::from_bits(1 << MAX_POT_SEATS), None);
    assert_eq!(
        SeatSet::try_from(u32::MAX),
        Err(PotsError::SeatSetOutOfRange { bits: u32::MAX })
    );
}

#[test]
fn b23_rake_rate_above_100_percent_is_an_error() {
    let rake = RakePolicy {
        basis_points: 10_001,
        ..RakePolicy::NONE
    };
    let hand = [c(0, 10, Status::Active), c(1, 10, Status::Active)];
    let result = settle(
        nine_max(),
        &hand,
        &[(s(0), 1u8)],
        SettleOptions::raked(rake),
    );
    assert_eq!(
        result.err(),
        Some(PotsError::RakeRate {
            basis_points: 10_001
        })
    );
    assert!(rake.rake_on(Chips(100)).is_err());
    let full = RakePolicy {
        basis_points: 10_000,
        ..RakePolicy::NONE
    };
    assert_eq!(full.rake_on(Chips(100)), Ok(Chips(100)));
}

#[test]
fn p1_split_pot_winner_not_eligible_no_winner_and_rake_too_big_are_errors() {
    let layering = layer(&[
        c(0, 50, Status::AllIn),
        c(1, 100, Status::Active),
        c(2, 100, Status::Active),
    ])
    .expect("valid");
    let side = &layering.pots()[1];
    let err = split_pot(1, side, Chips(0), SeatSet::only(s(0)), nine_max())
        .expect_err("seat 0 is all-in for less");
    assert_eq!(err, PotsError::WinnerNotEligible { seat: s(0), pot: 1 });
    assert!(err.to_string().contains("P1"));
    assert_eq!(
        split_pot(1, side, Chips(0), SeatSet::EMPTY, nine_max()),
        Err(PotsError::NoWinner { pot: 1 })
    );
    assert_eq!(
        split_pot(1, side, Chips(101), SeatSet::only(s(1)), nine_max()),
        Err(PotsError::RakeExceedsPot {
            pot: 1,
            rake: Chips(101),
            amount: Chips(100)
        })
    );
}
