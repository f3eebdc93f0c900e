//! Rake (rules B23, P5): rate, rounding, cap, "no flop, no drop", which pots pay.

use holdem_pots::{
    Chips, Contribution, RakePolicy, RakeRounding, RakeSource, Seat, SettleOptions, Settlement,
    Status, TableLayout, layer, settle,
};

fn s(index: u8) -> Seat {
    Seat::new(index).expect("seat index in range")
}

fn policy(basis_points: u16, cap: Option<u64>, source: RakeSource) -> RakePolicy {
    RakePolicy {
        basis_points,
        rounding: RakeRounding::Down,
        cap: cap.map(Chips),
        no_flop_no_drop: true,
        source,
    }
}

/// Seed 003's hand (A 75, B 100, C 200 all-in): main pot 225, side pot 50.
fn seed_003_hand() -> [Contribution; 3] {
    [
        Contribution::new(s(0), Chips(75), Status::AllIn),
        Contribution::new(s(1), Chips(100), Status::AllIn),
        Contribution::new(s(2), Chips(200), Status::AllIn),
    ]
}

fn settle_with(rake: &RakePolicy, flop_dealt: bool, hand: &[Contribution]) -> Settlement {
    let table = TableLayout::new(9, s(8)).expect("table");
    // Seat 0 best, seat 1 second.
    let shown = [(s(0), 3u8), (s(1), 2), (s(2), 1)];
    let shown: Vec<(Seat, u8)> = shown
        .into_iter()
        .filter(|(seat, _)| hand.iter().any(|c| c.seat == *seat))
        .collect();
    settle(
        table,
        hand,
        &shown,
        SettleOptions {
            rake: *rake,
            flop_dealt,
        },
    )
    .expect("settles")
}

fn pot_rakes(r: &Settlement) -> Vec<u64> {
    r.pots().iter().map(|p| p.rake().get()).collect()
}

/// B23: the cap is the most the house takes from a hand, over all its pots.
#[test]
fn b23_rake_cap_reached() {
    let policy = policy(1_000, Some(25), RakeSource::EachPot);
    // 10% of 225 is 22; 10% of 50 is 5, but only 3 are left under the cap of 25.
    let r = settle_with(&policy, true, &seed_003_hand());
    assert_eq!(pot_rakes(&r), [22, 3]);
    assert_eq!(r.rake(), Chips(25));
    // A single big pot: 10% of 2,000 capped at 25.
    assert_eq!(policy.rake_on(Chips(2_000)), Ok(Chips(25)));
}

/// B23, B24: a fractional rake is rounded down by default, or to the nearest chip
/// with a half rounding up.
#[test]
fn b23_b24_rake_rounding_down_by_default_or_to_nearest() {
    let mut policy = policy(500, None, RakeSource::EachPot);
    assert_eq!(RakePolicy::default().rounding, RakeRounding::Down);
    // 5% of 59 is 2.95; of 50 is 2.5; of 41 is 2.05.
    for (amount, down, nearest) in [(59, 2, 3), (50, 2, 3), (41, 2, 2), (19, 0, 1), (9, 0, 0)] {
        policy.rounding = RakeRounding::Down;
        assert_eq!(
            policy.rake_on(Chips(amount)),
            Ok(Chips(down)),
            "{amount} down"
        );
        policy.rounding = RakeRounding::Nearest;
        assert_eq!(
            policy.rake_on(Chips(amount)),
            Ok(Chips(nearest)),
            "{amount} nearest"
        );
    }
}

/// B23: "no flop, no drop": no rake when the hand ends before the flop; the same
/// policy rakes once the flop is dealt; without the option a preflop pot is raked.
#[test]
fn b23_no_flop_no_drop() {
    let hand = seed_003_hand();
    let mut policy = policy(1_000, None, RakeSource::EachPot);
    assert_eq!(settle_with(&policy, false, &hand).rake(), Chips(0));
    assert_eq!(settle_with(&policy, true, &hand).rake(), Chips(22 + 5));
    policy.no_flop_no_drop = false;
    assert_eq!(settle_with(&policy, false, &hand).rake(), Chips(22 + 5));
}

/// B23: with the main-pot-only policy the side pots pay no rake; with the each-pot
/// policy every pot pays its own percentage.
#[test]
fn b23_rake_from_main_pot_only_or_each_pot_in_order() {
    let hand = seed_003_hand();
    let main_only = settle_with(&policy(1_000, None, RakeSource::MainPotOnly), true, &hand);
    assert_eq!(pot_rakes(&main_only), [22, 0]);
    assert_eq!(main_only.payout(s(1)), Chips(50)); // the side pot is whole
    let each = settle_with(&policy(1_000, None, RakeSource::EachPot), true, &hand);
    assert_eq!(pot_rakes(&each), [22, 5]);
    assert_eq!(each.payout(s(1)), Chips(45));
    assert_eq!(RakePolicy::default().source, RakeSource::EachPot);
}

/// P5 (seed 001): rake comes out of the pot before it is shared, so tied winners
/// share what is left (10% of 101 is 10; 91 split two ways is 45 and 46).
#[test]
fn p5_rake_comes_out_before_the_pot_is_split() {
    let hand = [
        Contribution::new(s(0), Chips(50), Status::Active),
        Contribution::new(s(1), Chips(50), Status::Active),
        Contribution::new(s(2), Chips(1), Status::Folded),
    ];
    let table = TableLayout::new(3, s(2)).expect("table");
    let rake = policy(1_000, None, RakeSource::EachPot);
    let r = settle(
        table,
        &hand,
        &[(s(0), 1u8), (s(1), 1)],
        SettleOptions::raked(rake),
    )
    .expect("settles");
    let pot = &r.pots()[0];
    assert_eq!(
        (pot.amount(), pot.rake(), pot.net()),
        (Chips(101), Chips(10), Chips(91))
    );
    assert_eq!(r.payout(s(0)), Chips(46)); // first left of the button on seat 2
    assert_eq!(r.payout(s(1)), Chips(45));
}

/// B14 before B23: the uncalled bet is returned whole and never raked.
#[test]
fn b14_b23_uncalled_bet_is_not_raked() {
    let r = settle_with(
        &policy(1_000, None, RakeSource::EachPot),
        true,
        &seed_003_hand(),
    );
    assert_eq!(r.uncalled().map(|u| u.amount), Some(Chips(100)));
    assert_eq!(r.payout(s(2)), Chips(100));
}

/// The rake per pot can be computed on its own from a layering.
#[test]
fn b23_rake_pots_from_a_layering() {
    let layering = layer(&seed_003_hand()).expect("valid");
    let rakes = policy(1_000, Some(24), RakeSource::EachPot)
        .rake_pots(layering.pots(), true)
        .expect("valid policy");
    assert_eq!(rakes.as_slice(), [Chips(22), Chips(2)]);
    assert_eq!(
        RakePolicy::NONE
            .rake_pots(layering.pots(), true)
            .expect("valid")
            .as_slice(),
        [Chips(0), Chips(0)]
    );
}
