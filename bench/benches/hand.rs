//! A full random 6-max no-limit hand, `holdem-betting` side by side with the one
//! peer that plays whole hands, `rs_poker`'s arena (`HoldemSimulation`).
//!
//! Run: `cargo bench -p holdem-bench --bench hand` (or `cargo xtask bench hand`).
//!
//! Both sides play six players with 2,000 chips at blinds 10-20 under the same
//! policy: check or call 13 times in 16, fold (check when free) once in 16, bet or
//! raise the minimum twice in 16, from deal to showdown and settlement.
//!
//! - `holdem`: the betting crate's own bench hand (`holdem_betting::testkit`, which
//!   its bench plays too): clone a prepared `Hand`, shuffle with ChaCha8, post, deal
//!   through the [`holdem_betting::Dealer`], act, show, settle.
//! - `holdem_legal_every_decision`: the same, asking `legal_actions` before every
//!   decision.
//! - `rs_poker_arena`: `rs_poker` 5.0's `HoldemSimulation` (the arena of 4.x needs a
//!   nightly compiler, 5.1 a newer one than ours) with six agents playing the policy above. Their random
//!   source is a SplitMix64 word each and the deck is shuffled with rand's
//!   `SmallRng`, both cheaper than our ChaCha8. Its API builds a game state, the
//!   agents and the simulation for each hand (a simulation cannot be reset), and
//!   that is part of its time, as cloning the prepared hand is part of ours. Its
//!   agents are `async`: the simulation's future is polled with a no-op waker (it
//!   never waits on anything, so the first poll completes the hand).
//!
//! Times are the benchmark thread's CPU time ([`ThreadCpuTime`]), as in the eval
//! bench: the shared 2-core development machine makes wall time depend on who else
//! is building.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_bench::ThreadCpuTime;
use holdem_betting::testkit::{BIG_BLIND, PLAYERS, STACK, play_hand, starting_hand};
use rand_0_10::SeedableRng as _;
use rand_0_10::rngs::SmallRng;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rs_poker_arena::arena::action::AgentAction;
use rs_poker_arena::arena::game_state::GameState;
use rs_poker_arena::arena::{Agent, GameStateBuilder, HoldemSimulationBuilder};
use std::pin::pin;
use std::task::{Context, Poll, Waker};

/// The bench policy as an `rs_poker` agent.
struct PolicyAgent {
    /// SplitMix64 state.
    state: u64,
}

impl PolicyAgent {
    fn roll(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % 16
    }
}

#[async_trait::async_trait]
impl Agent for PolicyAgent {
    fn name(&self) -> &str {
        "bench-policy"
    }

    async fn act(&mut self, _id: u128, game_state: &GameState) -> AgentAction {
        let round = &game_state.round_data;
        let roll = self.roll();
        if roll >= 3 {
            return AgentAction::Call;
        }
        let own_bet = round.current_player_bet();
        if roll == 0 {
            // Fold facing a bet, check when free.
            return if round.bet > own_bet {
                AgentAction::Fold
            } else {
                AgentAction::Call
            };
        }
        // The minimum bet or raise, as a total for the round (all-in when short).
        let stack = game_state.stacks[round.to_act_idx];
        AgentAction::Bet((round.bet + round.min_raise).min(own_bet + stack))
    }
}

/// One `rs_poker` hand under the policy; returns the chips in the pot at the end.
fn rs_poker_hand(hand_no: u64) -> f32 {
    let game_state = GameStateBuilder::new()
        .num_players_with_stack(usize::from(PLAYERS), STACK as f32)
        .blinds(BIG_BLIND as f32, (BIG_BLIND / 2) as f32)
        .dealer_idx(0)
        .build();
    let Ok(game_state) = game_state else {
        return 0.0;
    };
    let agents: Vec<Box<dyn Agent>> = (0..u64::from(PLAYERS))
        .map(|i| {
            Box::new(PolicyAgent {
                state: hand_no.wrapping_mul(16) + i,
            }) as Box<dyn Agent>
        })
        .collect();
    let built = HoldemSimulationBuilder::default()
        .game_state(game_state)
        .agents(agents)
        .build_with_rng(SmallRng::seed_from_u64(hand_no));
    let Ok(mut sim) = built else {
        return 0.0;
    };
    {
        let mut run = pin!(sim.run());
        let mut cx = Context::from_waker(Waker::noop());
        // Nothing in a simulation waits: the first poll completes it (bounded anyway).
        for _ in 0..1_000 {
            if let Poll::Ready(()) = run.as_mut().poll(&mut cx) {
                break;
            }
        }
    }
    sim.game_state.total_pot
}

fn bench(c: &mut Criterion<ThreadCpuTime>) {
    let Ok(hand0) = starting_hand() else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut group = c.benchmark_group("hand_6max_nl");
    group.throughput(Throughput::Elements(1));
    group.bench_function("holdem", |b| {
        b.iter(|| black_box(play_hand::<false>(&hand0, &mut rng)));
    });
    group.bench_function("holdem_legal_every_decision", |b| {
        b.iter(|| black_box(play_hand::<true>(&hand0, &mut rng)));
    });
    let mut hand_no = 0u64;
    group.bench_function("rs_poker_arena", |b| {
        b.iter(|| {
            hand_no += 1;
            black_box(rs_poker_hand(hand_no))
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = bench
}
criterion_main!(benches);
