//! Split pots and odd chips (rule P3): equal shares, odd chips one at a time from the
//! first tied winner left of the button, then clockwise.

use holdem_pots::{
    Chips, Contribution, Seat, SeatSet, SettleOptions, Settlement, Status, TableLayout, settle,
};

fn s(index: u8) -> Seat {
    Seat::new(index).expect("seat index in range")
}

fn set(seats: &[u8]) -> SeatSet {
    seats.iter().map(|&i| s(i)).collect()
}

/// Settles with everyone in `tied` showing the same best hand.
fn settle_tie(
    seat_count: u8,
    button: u8,
    contributions: &[Contribution],
    tied: &[u8],
) -> Settlement {
    let table = TableLayout::new(seat_count, s(button)).expect("table");
    let strengths: Vec<(Seat, u8)> = tied.iter().map(|&i| (s(i), 1)).collect();
    settle(table, contributions, &strengths, SettleOptions::NO_RAKE).expect("settles")
}

/// Three players tie for a pot of 100 (33 each, one odd chip); a fourth folded 1.
/// With the button on each of the four seats in turn, the odd chip goes to the first
/// tied winner clockwise from the button: the button itself is last (rule P3).
#[test]
fn p3_three_way_split_of_100_with_the_button_at_each_position() {
    let hand = [
        Contribution::new(s(0), Chips(33), Status::Active),
        Contribution::new(s(1), Chips(33), Status::Active),
        Contribution::new(s(2), Chips(33), Status::Active),
        Contribution::new(s(3), Chips(1), Status::Folded),
    ];
    // (button, seat that gets the odd chip)
    let cases = [(0, 1), (1, 2), (2, 0), (3, 0)];
    for (button, odd) in cases {
        let r = settle_tie(4, button, &hand, &[0, 1, 2]);
        let pot = &r.pots()[0];
        assert_eq!(pot.amount(), Chips(100));
        assert_eq!(pot.share(), Chips(33), "button {button}");
        assert_eq!(pot.odd_chip_seats(), set(&[odd]), "button {button}");
        assert_eq!(pot.first_odd_chip(), Some(s(odd)));
        for seat in 0..3 {
            let expected = if seat == odd { 34 } else { 33 };
            assert_eq!(r.payout(s(seat)), Chips(expected), "button {button}");
        }
    }
}

/// A three-way split of 101 leaves two odd chips: the first left of the button gets
/// one, the next tied winner clockwise the other (rule P3).
#[test]
fn p3_three_way_split_of_101_two_odd_chips_go_clockwise_from_the_button() {
    let hand = [
        Contribution::new(s(0), Chips(33), Status::Active),
        Contribution::new(s(1), Chips(33), Status::Active),
        Contribution::new(s(2), Chips(33), Status::Active),
        Contribution::new(s(3), Chips(2), Status::Folded),
    ];
    for (button, odd) in [(0, [1, 2]), (1, [2, 0]), (2, [0, 1]), (3, [0, 1])] {
        let r = settle_tie(4, button, &hand, &[0, 1, 2]);
        assert_eq!(r.pots()[0].odd_chip_seats(), set(&odd), "button {button}");
        assert_eq!(r.pots()[0].first_odd_chip(), Some(s(odd[0])));
    }
}

/// Two players tie on a nine-seat table with empty seats between them. The odd chip
/// goes to the first winner left of the button, wrapping past the highest seat
/// (rule P3): with the button on seat 8, seat 1 gets it although seat 7 sits just
/// before the button; with the button on seat 7 (a winner), seat 1 gets it too,
/// because the button is the last seat clockwise; with the button on seat 4,
/// seat 7 gets it.
#[test]
fn p3_two_way_split_odd_chip_crosses_the_button() {
    let hand = [
        Contribution::new(s(1), Chips(50), Status::Active),
        Contribution::new(s(7), Chips(50), Status::Active),
        Contribution::new(s(3), Chips(5), Status::Folded),
    ];
    for (button, odd) in [(8, 1), (7, 1), (0, 1), (4, 7), (1, 7)] {
        let r = settle_tie(9, button, &hand, &[1, 7]);
        assert_eq!(r.pots()[0].odd_chip_seats(), set(&[odd]), "button {button}");
        assert_eq!(r.payout(s(odd)), Chips(53), "button {button}");
    }
}

/// Three pots, each split, each with its own odd chips (rules P3, P6): seat 0 all-in
/// 31, seat 1 all-in 62, seats 2 and 3 call 93, seat 4 folds after putting in 81.
/// Main pot 155 split four ways (38 each, 3 odd chips), side pot 1 124 three ways
/// (41 each, 1 odd chip), side pot 2 81 two ways (40 each, 1 odd chip). With the
/// button on seat 3, clockwise order starts at seat 4 (folded), then 0, 1, 2, 3.
#[test]
fn p3_multiple_side_pots_each_with_its_own_odd_chip() {
    let hand = [
        Contribution::new(s(0), Chips(31), Status::AllIn),
        Contribution::new(s(1), Chips(62), Status::AllIn),
        Contribution::new(s(2), Chips(93), Status::Active),
        Contribution::new(s(3), Chips(93), Status::Active),
        Contribution::new(s(4), Chips(81), Status::Folded),
    ];
    let r = settle_tie(6, 3, &hand, &[0, 1, 2, 3]);
    let summary: Vec<(u64, u64, SeatSet)> = r
        .pots()
        .iter()
        .map(|p| (p.amount().get(), p.share().get(), p.odd_chip_seats()))
        .collect();
    assert_eq!(
        summary,
        [
            (155, 38, set(&[0, 1, 2])),
            (124, 41, set(&[1])),
            (81, 40, set(&[2])),
        ]
    );
    assert_eq!(r.payout(s(0)), Chips(39));
    assert_eq!(r.payout(s(1)), Chips(39 + 42));
    assert_eq!(r.payout(s(2)), Chips(39 + 41 + 41));
    assert_eq!(r.payout(s(3)), Chips(38 + 41 + 40));
    assert_eq!(r.payout(s(4)), Chips(0));
}

/// An even split leaves no odd chip at all.
#[test]
fn p3_even_split_has_no_odd_chip() {
    let hand = [
        Contribution::new(s(0), Chips(50), Status::Active),
        Contribution::new(s(1), Chips(50), Status::Active),
    ];
    let r = settle_tie(2, 0, &hand, &[0, 1]);
    assert_eq!(r.pots()[0].odd_chip_seats(), SeatSet::EMPTY);
    assert_eq!(r.pots()[0].first_odd_chip(), None);
    assert_eq!(r.payout(s(0)), r.payout(s(1)));
}

/// A house order (a site's, `OddChipOrder::Ranked`): four players tie for 103
/// (25 each, three odd chips; a fifth folded 3); the odd chips go by rank,
/// lowest first, whatever the button, and seats of equal rank keep the
/// clockwise order.
#[test]
fn p3_a_house_order_gives_the_odd_chips_by_rank_not_from_the_button() {
    use holdem_pots::{MAX_POT_SEATS, OddChipOrder};
    let hand = [
        Contribution::new(s(0), Chips(25), Status::Active),
        Contribution::new(s(1), Chips(25), Status::Active),
        Contribution::new(s(2), Chips(25), Status::Active),
        Contribution::new(s(3), Chips(25), Status::Active),
        Contribution::new(s(4), Chips(3), Status::Folded),
    ];
    let strengths: Vec<(Seat, u8)> = (0..4).map(|i| (s(i), 1)).collect();
    let mut ranks = [u8::MAX; MAX_POT_SEATS];
    // Seat 3 first, then seats 0 and 2 tied (clockwise from the button: 0 then
    // 2 with the button on 3), seat 1 last.
    ranks[..4].copy_from_slice(&[1, 2, 1, 0]);
    let table = TableLayout::new(5, s(3))
        .expect("table")
        .with_odd_chips(OddChipOrder::Ranked { ranks });
    let settled = settle(table, &hand, &strengths, SettleOptions::NO_RAKE).expect("settles");
    let payouts: Vec<(u8, u64)> = settled
        .payouts()
        .map(|(s, c)| (s.index(), c.get()))
        .collect();
    assert_eq!(payouts, [(0, 26), (1, 25), (2, 26), (3, 26), (4, 0)]);
    // The standard order with the same button: seats 0, 1, 2.
    let standard = TableLayout::new(5, s(3)).expect("table");
    let settled = settle(standard, &hand, &strengths, SettleOptions::NO_RAKE).expect("settles");
    let payouts: Vec<(u8, u64)> = settled
        .payouts()
        .map(|(s, c)| (s.index(), c.get()))
        .collect();
    assert_eq!(payouts, [(0, 26), (1, 26), (2, 26), (3, 25), (4, 0)]);
}
