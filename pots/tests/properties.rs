//! Property tests: chips are conserved, shares go to eligible seats, layering does
//! not depend on input order (rules P1, P2, P3, P5, P6, B14, B23, B24).

use holdem_pots::{
    Chips, Contribution, MAX_POT_SEATS, RakePolicy, RakeRounding, RakeSource, Seat, SettleOptions,
    Settlement, Status, TableLayout, layer, settle,
};
use proptest::prelude::*;

/// A random hand: statuses random with at least one live seat, and every active
/// seat matching the largest live contribution. With `legal`, folded seats put in
/// no more than the largest live contribution, as betting guarantees; without it,
/// folded seats may have put in more (dead money), which must still be conserved.
#[derive(Debug, Clone)]
struct Hand {
    table: TableLayout,
    contributions: Vec<Contribution>,
    strengths: Vec<(Seat, u8)>,
}

fn status() -> impl Strategy<Value = Status> {
    prop_oneof![
        Just(Status::Active),
        Just(Status::AllIn),
        Just(Status::Folded)
    ]
}

fn hand(max_amount: u64, legal: bool) -> impl Strategy<Value = Hand> {
    (2..=MAX_POT_SEATS as u8)
        .prop_flat_map(move |seat_count| {
            let seats = proptest::sample::subsequence(
                (0..seat_count).collect::<Vec<u8>>(),
                1..=seat_count as usize,
            );
            (Just(seat_count), 0..seat_count, seats)
        })
        .prop_flat_map(move |(seat_count, button, seats)| {
            let n = seats.len();
            (
                Just(seat_count),
                Just(button),
                Just(seats),
                proptest::collection::vec(0..=max_amount, n),
                proptest::collection::vec(status(), n),
                // Small strengths so ties are common; None = mucked.
                proptest::collection::vec(proptest::option::weighted(0.8, 0u8..4), n),
            )
        })
        .prop_map(
            move |(seat_count, button, seats, amounts, mut statuses, shown)| {
                if statuses.iter().all(|&s| s == Status::Folded) {
                    statuses[0] = Status::AllIn;
                }
                let live_max = amounts
                    .iter()
                    .zip(&statuses)
                    .filter(|(_, s)| **s != Status::Folded)
                    .map(|(a, _)| *a)
                    .max()
                    .unwrap_or(0);
                let seat = |i: u8| Seat::new(i).expect("seat");
                let mut contributions = Vec::new();
                let mut strengths = Vec::new();
                for (k, &i) in seats.iter().enumerate() {
                    let amount = match statuses[k] {
                        Status::Active => live_max,
                        Status::Folded if legal => amounts[k].min(live_max),
                        _ => amounts[k],
                    };
                    contributions.push(Contribution::new(seat(i), Chips(amount), statuses[k]));
                    if let (Some(strength), true) = (shown[k], statuses[k] != Status::Folded) {
                        strengths.push((seat(i), strength));
                    }
                }
                Hand {
                    table: TableLayout::new(seat_count, seat(button)).expect("table"),
                    contributions,
                    strengths,
                }
            },
        )
}

fn rake_policy() -> impl Strategy<Value = RakePolicy> {
    (
        0u16..=10_000,
        prop_oneof![Just(RakeRounding::Down), Just(RakeRounding::Nearest)],
        proptest::option::of(0u64..500),
        any::<bool>(),
        prop_oneof![Just(RakeSource::EachPot), Just(RakeSource::MainPotOnly)],
    )
        .prop_map(
            |(basis_points, rounding, cap, no_flop_no_drop, source)| RakePolicy {
                basis_points,
                rounding,
                cap: cap.map(Chips),
                no_flop_no_drop,
                source,
            },
        )
}

fn contribution_of(hand: &Hand, seat: Seat) -> u64 {
    hand.contributions
        .iter()
        .find(|c| c.seat == seat)
        .map_or(0, |c| c.amount.get())
}

/// Settles `hand`; a contested pot in which every eligible seat mucked is the one
/// legitimate error, so such hands are skipped.
fn settle_or_skip(hand: &Hand, options: SettleOptions) -> Option<Settlement> {
    match settle(hand.table, &hand.contributions, &hand.strengths, options) {
        Ok(settlement) => Some(settlement),
        Err(holdem_pots::PotsError::NoHandForPot { .. }) => None,
        Err(other) => panic!("unexpected error {other} for {hand:?}"),
    }
}

/// A pot as (amount, cap, eligible seats in order).
type ReferencePot = (u64, u64, Vec<Seat>);

/// The layering written the slow, obvious way (rules P1, P2, B14): return the top
/// contributor's excess over the second largest, then for each distinct live
/// contribution `cap` (ascending) take `min(c, cap) - min(c, previous cap)` from
/// every seat; the top pot also takes any folded chips above it.
fn reference_layering(contributions: &[Contribution]) -> (Option<(Seat, u64)>, Vec<ReferencePot>) {
    let mut amounts: Vec<(Seat, u64, Status)> = contributions
        .iter()
        .map(|c| (c.seat, c.amount.get(), c.status))
        .collect();
    let mut sorted: Vec<u64> = amounts.iter().map(|a| a.1).collect();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let second = sorted.get(1).copied().unwrap_or(0);
    let mut uncalled = None;
    if sorted[0] > second {
        let top = amounts.iter_mut().find(|a| a.1 == sorted[0]).expect("top");
        uncalled = Some((top.0, top.1 - second));
        top.1 = second;
    }
    let live = |a: &&(Seat, u64, Status)| a.2 != Status::Folded;
    let mut caps: Vec<u64> = amounts.iter().filter(live).map(|a| a.1).collect();
    caps.sort_unstable();
    caps.dedup();
    if caps.len() > 1 {
        caps.retain(|&c| c > 0);
    }
    let mut pots = Vec::new();
    let mut below = 0;
    for (i, &cap) in caps.iter().enumerate() {
        let top = i == caps.len() - 1;
        let amount: u64 = amounts
            .iter()
            .map(|a| if top { a.1 } else { a.1.min(cap) }.saturating_sub(below))
            .sum();
        let mut eligible: Vec<Seat> = amounts
            .iter()
            .filter(live)
            .filter(|a| a.1 >= cap)
            .map(|a| a.0)
            .collect();
        eligible.sort();
        if amount > 0 {
            pots.push((amount, cap, eligible));
        }
        below = cap;
    }
    (uncalled, pots)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_024))]

    /// B14, B23, B24, P5: returned + awarded + rake == contributed, always, and every
    /// pot's rake + shares == its amount.
    #[test]
    fn chips_are_conserved_returned_plus_awarded_plus_rake_equals_contributed(
        hand in hand(1_000_000, false),
        rake in rake_policy(),
        flop in any::<bool>(),
    ) {
        let Some(r) = settle_or_skip(&hand, SettleOptions { rake, flop_dealt: flop }) else { return Ok(()) };
        let contributed: u128 = hand.contributions.iter().map(|c| u128::from(c.amount.get())).sum();
        let returned = u128::from(r.uncalled().map_or(0, |u| u.amount.get()));
        let mut awarded = 0u128;
        let mut raked = 0u128;
        for pot in r.pots() {
            let shares: u128 = pot.shares().map(|(_, c)| u128::from(c.get())).sum();
            prop_assert_eq!(shares + u128::from(pot.rake().get()), u128::from(pot.amount().get()));
            awarded += shares;
            raked += u128::from(pot.rake().get());
        }
        prop_assert_eq!(returned + awarded + raked, contributed);
        prop_assert_eq!(raked, u128::from(r.rake().get()));
        let paid: u128 = r.payouts().map(|(_, c)| u128::from(c.get())).sum();
        prop_assert_eq!(paid + raked, contributed);
        if let Some(cap) = rake.cap {
            prop_assert!(r.rake() <= cap);
        }
        if rake.no_flop_no_drop && !flop {
            prop_assert_eq!(r.rake(), Chips(0));
        }
    }

    /// P1, P2, P6, P3: every winner is eligible (not folded, put in at least the
    /// pot's cap) and has the best strength among the eligible seats that showed;
    /// shares differ by at most one chip; nobody wins from an opponent more than
    /// they put in themselves.
    #[test]
    fn every_share_goes_to_an_eligible_seat_with_the_best_hand(hand in hand(1_000, true)) {
        let Some(r) = settle_or_skip(&hand, SettleOptions::NO_RAKE) else { return Ok(()) };
        let strength = |seat: Seat| hand.strengths.iter().find(|(s, _)| *s == seat).map(|(_, v)| *v);
        for pot in r.pots() {
            prop_assert!(pot.winners().is_subset(pot.eligible()));
            prop_assert!(pot.odd_chip_seats().is_subset(pot.winners()));
            prop_assert!(pot.odd_chip_seats().len() < pot.winners().len().max(1));
            for seat in pot.eligible() {
                let c = hand.contributions.iter().find(|c| c.seat == seat).expect("in hand");
                prop_assert_ne!(c.status, Status::Folded);
                prop_assert!(c.amount >= pot.cap());
            }
            if !pot.is_uncontested() {
                let best = pot.eligible().iter().filter_map(strength).max();
                for winner in pot.winners() {
                    prop_assert_eq!(strength(winner), best);
                }
            }
        }
        // P1: a seat's winnings are at most what each opponent matched of its own.
        for seat in r.in_hand() {
            let own = contribution_of(&hand, seat);
            let returned = r.uncalled().filter(|u| u.seat == seat).map_or(0, |u| u.amount.get());
            let won = r.payout(seat).get() - returned;
            let reachable: u64 = hand.contributions.iter().map(|c| c.amount.get().min(own)).sum();
            prop_assert!(won <= reachable, "{seat} won {won} > {reachable}");
        }
    }

    /// The single-pass layering agrees with the obvious one (rules P1, P2, B14).
    #[test]
    fn layering_matches_the_reference_layering(hand in hand(1_000, false)) {
        let layering = layer(&hand.contributions).expect("valid hand");
        let pots: Vec<ReferencePot> = layering
            .pots()
            .iter()
            .map(|p| (p.amount().get(), p.cap().get(), p.eligible().iter().collect()))
            .collect();
        let uncalled = layering.uncalled().map(|u| (u.seat, u.amount.get()));
        prop_assert_eq!((uncalled, pots), reference_layering(&hand.contributions));
    }

    /// The layering depends only on each seat's contribution and status, never on
    /// the order of the input.
    #[test]
    fn layering_is_independent_of_seat_order_in_the_input(
        (hand, shuffled) in hand(10_000, false).prop_flat_map(|h| {
            let shuffled = Just(h.contributions.clone()).prop_shuffle();
            (Just(h), shuffled)
        }),
    ) {
        prop_assert_eq!(layer(&hand.contributions), layer(&shuffled));
        let a = settle_or_skip(&hand, SettleOptions::NO_RAKE);
        let shuffled_hand = Hand { contributions: shuffled, ..hand.clone() };
        let b = settle_or_skip(&shuffled_hand, SettleOptions::NO_RAKE);
        prop_assert_eq!(a, b);
    }
}
