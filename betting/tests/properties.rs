//! Property tests over random hands: 2-10 players, all three structures and mixed
//! limits (a random structure per street, B28), random
//! stacks (tiny ones included), antes, per-seat and dead antes, straddles, rake and
//! the showdown house rules, the fixed-limit half-bet rule (B25), runs of the board
//! agreed or refused at random (B26) and bomb pots (B27).
//! Chips are conserved after every input, no
//! card is dealt twice, every hand terminates, `legal_actions` is exactly what the
//! hand accepts, and rejected inputs change nothing.

mod common;

use common::T;
use holdem_betting::testkit::random::{all_actions, probe_amounts};
use holdem_betting::{
    Action, BettingStructure, Chips, DealerInput, Event, Events, ForcedBets, Hand, HandConfig,
    HandError, IncompleteAllInRule, Input, LegalActions, Pending, Player, Positions, RakePolicy,
    Seat, SeatSet, SeatStatus, Street, StreetStructures,
};
use holdem_cards::{Card, Deck};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

#[derive(Debug, Clone)]
struct Setup {
    stacks: Vec<u64>,
    button: u8,
    structure: u8,
    ante: u64,
    big_blind_ante: bool,
    rule: bool,
    protection: bool,
    seed: u64,
    /// Random bits for the extras: straddles, per-seat and dead antes, rake, showdown
    /// rules.
    extras: u32,
}

fn setup() -> impl Strategy<Value = Setup> {
    (
        prop::collection::vec(prop_oneof![1u64..20, 20u64..400, 400u64..5_000], 2..=10),
        0u8..10,
        0u8..4,
        prop_oneof![Just(0u64), 1u64..10],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<u64>(),
        any::<u32>(),
    )
        .prop_map(
            |(stacks, button, structure, ante, big_blind_ante, rule, protection, seed, extras)| {
                Setup {
                    stacks,
                    button,
                    structure,
                    ante,
                    big_blind_ante,
                    rule,
                    protection,
                    seed,
                    extras,
                }
            },
        )
}

fn config(setup: &Setup) -> HandConfig {
    let mut config = match setup.structure {
        0 => HandConfig::fixed_limit(Chips(20), Chips(40)),
        1 => HandConfig::pot_limit(Chips(20)),
        2 => HandConfig::no_limit(Chips(20)),
        // B28: a structure per street, from the seed's low bits.
        _ => {
            let pick = |i: u32| match (setup.seed >> (2 * i)) % 4 {
                0 => BettingStructure::FixedLimit {
                    small_bet: Chips(20),
                    big_bet: Chips(40),
                },
                1 | 3 => BettingStructure::PotLimit,
                _ => BettingStructure::NoLimit,
            };
            HandConfig::mixed(
                Chips(20),
                StreetStructures {
                    preflop: pick(0),
                    flop: pick(1),
                    turn: pick(2),
                    river: pick(3),
                },
            )
        }
    };
    config.ante = Chips(setup.ante);
    if setup.big_blind_ante {
        config.big_blind_ante = Chips(20);
    }
    config.cap_lifted_heads_up = setup.rule;
    config.reraise_must_double = setup.rule && setup.structure == 2;
    if setup.rule {
        config.incomplete_all_in = IncompleteAllInRule::FullRaiseOverLastFullBet;
    }
    config.time_out_all_in_protection = setup.protection;
    let bit = |i: u32| setup.extras >> i & 1 == 1;
    if bit(12) {
        config.rake = RakePolicy {
            basis_points: 500,
            cap: Some(Chips(30)),
            no_flop_no_drop: bit(16),
            ..RakePolicy::NONE
        };
    }
    config.showdown.losers_may_muck = !bit(13);
    config.showdown.winner_must_show_both_cards = !bit(14);
    config.showdown.all_in_hands_face_up = !bit(15);
    // B25: the half-bet rule (fixed limit) on or off.
    config.fixed_limit_half_bet = !bit(17);
    // B27: a bomb pot (short stacks go all-in posting it).
    if bit(18) && bit(19) {
        config.bomb_pot = Chips(30);
    }
    // B26: the board may run two or three times.
    if bit(20) {
        config.max_board_runs = if bit(21) { 3 } else { 2 };
    }
    config
}

/// Straddles (pot and no limit, 0-2 of them, left of the big blind), one seat's
/// extra ante and one seat's dead ante, from the setup's random bits.
fn forced(setup: &Setup) -> ForcedBets {
    let n = setup.stacks.len();
    let mut forced = ForcedBets::default();
    let e = setup.extras;
    forced.antes[(e >> 2) as usize % n] = Chips(u64::from(e >> 5) % 7);
    if e >> 11 & 1 == 1 {
        forced.dead_antes[(e >> 8) as usize % n] = Chips(10);
    }
    let straddles = (e % 3) as usize;
    let set: SeatSet = (0..n as u8).filter_map(Seat::new).collect();
    let button = Seat::new(setup.button % n as u8).expect("seat");
    let fixed_preflop = matches!(
        config(setup).structure_on(Street::Preflop),
        BettingStructure::FixedLimit { .. }
    );
    if !fixed_preflop && n >= 3 + straddles {
        if let Some(p) = Positions::standard(set, button) {
            let mut seat = p.big_blind;
            let mut level = 20;
            for _ in 0..straddles {
                seat = Seat::new(((seat.index() as usize + 1) % n) as u8).expect("seat");
                level *= 2;
                forced
                    .straddle(seat, Chips(level))
                    .expect("room for straddles");
            }
        }
    }
    forced
}

fn new_hand(setup: &Setup) -> Hand {
    let n = setup.stacks.len() as u8;
    let players: Vec<Player> = setup
        .stacks
        .iter()
        .enumerate()
        .map(|(i, &st)| {
            let p = Player::new(Seat::new(i as u8).expect("seat"), Chips(st));
            if i == 3 && setup.protection {
                p.sitting_out()
            } else {
                p
            }
        })
        .collect();
    let config = config(setup);
    // A bomb pot takes no other forced bets (B27).
    let forced = if config.bomb_pot.is_zero() {
        forced(setup)
    } else {
        ForcedBets::default()
    };
    Hand::with_forced_bets(
        config,
        &players,
        Seat::new(setup.button % n).expect("seat"),
        None,
        &forced,
        holdem_eval::Evaluator::new(),
    )
    .expect("hand")
}

fn draw(deck: &mut Deck) -> Option<Card> {
    deck.deal().ok()
}

/// Plays one random hand, checking the invariants after every input.
fn play(setup: &Setup, probe: bool) -> Result<Hand, TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let mut deck = Deck::seeded(setup.seed);
    let mut hand = new_hand(setup);
    let total: u64 = setup.stacks.iter().sum();
    let mut dealt = 0u32;
    // The seats whose hands an event turned face up.
    let mut shown = 0u32;
    for _step in 0..1_000 {
        prop_assert!(hand.chips_conserved(), "chips not conserved");
        // Every state the engine builds passes the check a loaded state must pass.
        prop_assert_eq!(hand.check_state(), Ok(()));
        prop_assert!(
            hand.masks_consistent(),
            "seat masks out of step with the seats"
        );
        prop_assert_eq!(
            hand.known_cards().len(),
            dealt,
            "a card was lost or dealt twice"
        );
        views_hide_unshown_cards(&hand, shown)?;
        let input = match hand.pending() {
            Pending::Complete => {
                let result = hand.result().expect("complete hands have a result");
                let finals: u64 = result.final_stacks().map(|(_, c)| c.get()).sum();
                prop_assert_eq!(finals + result.rake().get(), total);
                return Ok(hand);
            }
            Pending::Post { seat, kind, amount } => Input::Post { seat, kind, amount },
            Pending::HoleCards { seat } => {
                dealt += 2;
                Input::Deal(DealerInput::HoleCards {
                    seat,
                    cards: [draw(&mut deck), draw(&mut deck)],
                })
            }
            Pending::Board { street } => {
                if hand.runs_offerable() && rng.next_u32() % 2 == 0 {
                    shown |= offer_runs(&mut hand, &mut rng)?;
                    continue;
                }
                if rng.next_u32() % 2 == 0 {
                    dealt += 1;
                    hand.apply(T, Input::Deal(DealerInput::Burn(draw(&mut deck))))
                        .map_err(|e| TestCaseError::fail(e.to_string()))?;
                }
                match street {
                    Street::Flop => {
                        dealt += 3;
                        Input::Deal(DealerInput::Flop([
                            draw(&mut deck),
                            draw(&mut deck),
                            draw(&mut deck),
                        ]))
                    }
                    Street::Turn => {
                        dealt += 1;
                        Input::Deal(DealerInput::Turn(draw(&mut deck)))
                    }
                    _ => {
                        dealt += 1;
                        Input::Deal(DealerInput::River(draw(&mut deck)))
                    }
                }
            }
            Pending::Action { seat } => {
                let legal = hand
                    .legal_actions()
                    .expect("legal actions while waiting for one");
                prop_assert_eq!(legal.seat, seat);
                if probe {
                    // legal_actions() is exactly the set the hand accepts.
                    for amount in probe_amounts(&legal) {
                        for action in all_actions(amount) {
                            let mut copy = hand.clone();
                            let accepted = copy.apply(T, Input::act(seat, action)).is_ok();
                            prop_assert_eq!(
                                accepted,
                                legal.allows(action),
                                "{} by {}: legal {:?}",
                                action,
                                seat,
                                legal
                            );
                        }
                    }
                }
                // A random (often illegal) input: if rejected, nothing changes.
                let before = hand.clone();
                let wrong_seat = Seat::new((rng.next_u32() % 10) as u8).expect("seat");
                let amount = u64::from(rng.next_u32() % 3_000);
                let action = all_actions(amount)[(rng.next_u32() % 8) as usize];
                match hand.apply(T, Input::act(wrong_seat, action)) {
                    Err(_) => {
                        prop_assert_eq!(&hand, &before, "a rejected input changed the hand");
                        pick(&legal, &mut rng, seat)
                    }
                    Ok(events) => {
                        shown |= shown_by(&events);
                        continue;
                    }
                }
            }
            Pending::Showdown { seat } => {
                let must_show = !hand.config().showdown.losers_may_muck;
                if must_show || rng.next_u32() % 4 == 0 {
                    // A muck is refused when every hand is shown (house rule) or when
                    // it is the last hand that can win a pot (B21): then nothing
                    // changes and the seat shows instead.
                    let before = hand.clone();
                    match hand.apply(T, Input::Muck { seat }) {
                        Ok(events) => {
                            prop_assert!(
                                !must_show,
                                "a muck was accepted though losers may not muck"
                            );
                            shown |= shown_by(&events);
                            continue;
                        }
                        Err(e) => {
                            prop_assert!(
                                matches!(
                                    e,
                                    HandError::MuckNotAllowed { .. }
                                        | HandError::LastHandInPot { .. }
                                ),
                                "muck refused for another reason: {}",
                                e
                            );
                            prop_assert_eq!(&hand, &before, "a rejected muck changed the hand");
                            Input::Show { seat, cards: None }
                        }
                    }
                } else {
                    Input::Show { seat, cards: None }
                }
            }
        };
        let events = hand
            .apply(T, input)
            .map_err(|e| TestCaseError::fail(format!("{input:?} rejected: {e}")))?;
        shown |= shown_by(&events);
    }
    Err(TestCaseError::fail(
        "the hand did not terminate in 1000 inputs",
    ))
}

/// B26: a player still in offers to run the board more than once; every other one
/// answers, mostly accepting. Gives the seats turned face up (none).
fn offer_runs(hand: &mut Hand, rng: &mut ChaCha8Rng) -> Result<u32, TestCaseError> {
    let in_hand: Vec<Seat> = hand
        .players()
        .iter()
        .filter(|s| matches!(hand.status(*s), SeatStatus::Active | SeatStatus::AllIn))
        .collect();
    let seat = in_hand[rng.next_u32() as usize % in_hand.len()];
    let runs = 2 + (rng.next_u32() % u32::from(hand.config().max_board_runs - 1)) as u8;
    let fail = |e: HandError| TestCaseError::fail(e.to_string());
    let mut shown = shown_by(
        &hand
            .apply(T, Input::OfferRuns { seat, runs })
            .map_err(fail)?,
    );
    while let Some(offer) = hand.run_offer() {
        // A card is refused while answers are missing, and changes nothing.
        let before = hand.clone();
        prop_assert!(hand.apply(T, Input::Deal(DealerInput::Burn(None))).is_err());
        prop_assert_eq!(&*hand, &before);
        let next = offer.waiting.iter().next().expect("a seat to answer");
        let accept = !rng.next_u32().is_multiple_of(4);
        let events = hand
            .apply(T, Input::AnswerRuns { seat: next, accept })
            .map_err(fail)?;
        shown |= shown_by(&events);
    }
    Ok(shown)
}

/// The seats these events turned face up.
fn shown_by(events: &Events) -> u32 {
    let mut shown = 0;
    for e in events {
        if let Event::Showed { seat, .. } = e.event {
            shown |= 1 << seat.index();
        }
    }
    shown
}

/// Every view shows a player its own hole cards and another player's only once an
/// event turned them face up; the public view shows only those.
fn views_hide_unshown_cards(hand: &Hand, shown: u32) -> Result<(), TestCaseError> {
    let public = hand.public_view();
    for viewer in hand.players().iter() {
        let view = hand.view_for(viewer);
        for seat in hand.players().iter() {
            let i = seat.as_usize();
            let face_up = shown >> i & 1 == 1;
            let seen = view.seats[i].and_then(|v| v.hole_cards);
            let public_seen = public.seats[i].and_then(|v| v.hole_cards);
            prop_assert_eq!(public_seen.is_some(), face_up, "public view of {}", seat);
            if seat == viewer {
                prop_assert_eq!(seen, Some(hand.hole_cards(seat)));
            } else {
                prop_assert_eq!(seen, public_seen, "{} sees {}", viewer, seat);
            }
        }
    }
    Ok(())
}

/// A random legal action, biased toward calls and checks so hands reach showdown.
fn pick(legal: &LegalActions, rng: &mut ChaCha8Rng, seat: Seat) -> Input {
    let roll = rng.next_u32() % 21;
    if roll == 20 {
        return Input::TimeOut { seat };
    }
    let action = match roll {
        0 if legal.fold => Action::Fold,
        1..=3 if legal.all_in_to.is_some() => Action::AllIn,
        4..=7 => match legal.bet.or(legal.raise) {
            Some(r) => {
                let span = r.max.get() - r.min.get();
                let unit = legal.chip_unit.get();
                let mut pick = r.min.get() + (u64::from(rng.next_u32()) % (span + 1)) / unit * unit;
                if legal.raise_gap.is_some_and(|g| g.contains(Chips(pick))) {
                    pick = r.min.get();
                }
                Action::BetOrRaiseTo(Chips(pick))
            }
            None => Action::CheckOrCall,
        },
        _ => Action::CheckOrCall,
    };
    Input::act(seat, action)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_hands_conserve_chips_deal_no_card_twice_and_terminate(setup in setup()) {
        play(&setup, false)?;
    }

    #[test]
    fn legal_actions_are_exactly_what_the_hand_accepts(setup in setup()) {
        play(&setup, true)?;
    }

    #[test]
    fn b28_random_mixed_limit_hands_conserve_chips_and_accept_exactly_the_legal_actions(
        setup in setup().prop_map(|setup| Setup { structure: 3, ..setup })
    ) {
        play(&setup, true)?;
    }
}

#[test]
fn every_structure_is_exercised() {
    // The generator covers all three structures (B1) and mixed limits (B28).
    let kinds: Vec<_> = (0..4)
        .map(|structure| {
            config(&Setup {
                stacks: vec![100, 100],
                button: 0,
                structure,
                ante: 0,
                big_blind_ante: false,
                rule: false,
                protection: false,
                seed: 0,
                extras: 0,
            })
        })
        .collect();
    assert!(kinds[3].street_structures.is_some());
    let kinds: Vec<_> = kinds.iter().map(|config| config.structure).collect();
    assert!(matches!(kinds[0], BettingStructure::FixedLimit { .. }));
    assert_eq!(kinds[1], BettingStructure::PotLimit);
    assert_eq!(kinds[2], BettingStructure::NoLimit);
}
