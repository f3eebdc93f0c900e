//! `Hand::apply_into` allocates nothing: a counting global allocator proves it over
//! complete hands (posts, deal, betting on every street, showdown, settlement).
// A global allocator needs `unsafe impl`; it only forwards to the system allocator.
#![allow(unsafe_code)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{T, s};
use holdem_betting::{
    Action, Chips, DealerInput, Events, Hand, HandConfig, Input, Pending, Player, Street,
};
use holdem_cards::Deck;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays a hand to the end, returning how many allocations `apply_into` made. With
/// `house_rules`, a bomb pot (B27) whose players go all-in and run the board three
/// times (B26).
fn allocations_in_one_hand(seed: u64, raise_every: u32, house_rules: bool) -> usize {
    let players: Vec<Player> = (0..6)
        .map(|i| Player::new(s(i), Chips(1_000 + u64::from(i) * 150)))
        .collect();
    let mut config = HandConfig::no_limit(Chips(20)).with_ante(Chips(2));
    if house_rules {
        config.bomb_pot = Chips(20);
        config.max_board_runs = 3;
    }
    let mut hand = Hand::new(config, &players, s(0)).expect("hand");
    let mut deck = Deck::seeded(seed);
    let mut events = Events::new();
    let mut count = 0;
    let mut step = 0u32;
    loop {
        let input = match hand.pending() {
            Pending::Complete => break,
            Pending::Post { seat, kind, amount } => Input::Post { seat, kind, amount },
            Pending::HoleCards { seat } => Input::Deal(DealerInput::HoleCards {
                seat,
                cards: [deck.deal().ok(), deck.deal().ok()],
            }),
            Pending::Board { .. } if hand.runs_offerable() => {
                let mut inputs = vec![Input::OfferRuns {
                    seat: s(1),
                    runs: 3,
                }];
                inputs.extend((0..6).filter(|&i| i != 1).map(|i| Input::AnswerRuns {
                    seat: s(i),
                    accept: true,
                }));
                for input in inputs {
                    events.clear();
                    let before = ALLOCATIONS.load(Ordering::SeqCst);
                    // (A folded seat's answer is refused: nothing to count.)
                    let _ = hand.apply_into(T, input, &mut events);
                    count += ALLOCATIONS.load(Ordering::SeqCst) - before;
                }
                continue;
            }
            Pending::Board { street } => {
                let burn = Input::Deal(DealerInput::Burn(deck.deal().ok()));
                events.clear();
                let before = ALLOCATIONS.load(Ordering::SeqCst);
                hand.apply_into(T, burn, &mut events).expect("burn");
                count += ALLOCATIONS.load(Ordering::SeqCst) - before;
                match street {
                    Street::Flop => Input::Deal(DealerInput::Flop([
                        deck.deal().ok(),
                        deck.deal().ok(),
                        deck.deal().ok(),
                    ])),
                    Street::Turn => Input::Deal(DealerInput::Turn(deck.deal().ok())),
                    _ => Input::Deal(DealerInput::River(deck.deal().ok())),
                }
            }
            Pending::Action { seat } => {
                step += 1;
                let legal = hand.legal_actions().expect("legal");
                match legal.raise.or(legal.bet) {
                    _ if house_rules && step.is_multiple_of(raise_every) => {
                        Input::act(seat, Action::AllIn)
                    }
                    Some(r) if step.is_multiple_of(raise_every) => {
                        Input::act(seat, Action::BetOrRaiseTo(r.min))
                    }
                    _ => Input::act(seat, Action::CheckOrCall),
                }
            }
            Pending::Showdown { seat } => Input::Show { seat, cards: None },
        };
        events.clear();
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        hand.apply_into(T, input, &mut events).expect("legal input");
        count += ALLOCATIONS.load(Ordering::SeqCst) - before;
    }
    assert!(hand.is_complete());
    if house_rules && raise_every == 1 {
        // Everyone all-in on the flop: the board ran three times.
        assert_eq!(hand.board_runs(), 3);
    }
    count
}

// One test only: the counter is global, so a second test running in parallel would
// be counted too.
#[test]
fn apply_allocates_nothing_over_complete_hands() {
    // The counter sees allocations, so this test cannot pass vacuously.
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let v: Vec<u64> = std::hint::black_box(vec![1, 2, 3]);
    assert!(ALLOCATIONS.load(Ordering::SeqCst) > before);
    drop(v);
    // Build the evaluator's shared tables before counting (a one-time lazy init).
    let _ = holdem_eval::Evaluator::new();
    for seed in 0..20 {
        for raise_every in [2, 3, 7, 1_000] {
            assert_eq!(
                allocations_in_one_hand(seed, raise_every, false),
                0,
                "seed {seed}"
            );
        }
        // B26, B27: a bomb pot run three times.
        for all_in_every in [1, 2] {
            assert_eq!(
                allocations_in_one_hand(seed, all_in_every, true),
                0,
                "seed {seed}"
            );
        }
    }
}
