//! Options at the edges of the integer types: refused with a typed error, or a
//! tournament that plays without a panic (amounts are bounded by
//! `holdem_tourney::MAX_AMOUNT` so that every sum fits in 64 bits).

use holdem_tourney::Chips;
use holdem_tourney::TournamentOptions;
use holdem_tourney::config::OptionsError;
use holdem_tourney::sim::{NoJournal, SimOptions, Simulation};
use proptest::prelude::*;

fn extreme() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1),
        Just(2),
        Just(255),
        Just(256),
        Just(u64::from(u32::MAX)),
        Just(holdem_tourney::MAX_AMOUNT),
        Just(holdem_tourney::MAX_AMOUNT + 1),
        Just(i64::MAX as u64),
        Just(u64::MAX),
        any::<u64>(),
        0u64..100_000,
    ]
}

#[test]
fn t1_t6_amounts_past_the_limit_are_typed_errors() {
    // rules T1 (the event's options) and T6 (the levels): one past MAX_AMOUNT is
    // refused, MAX_AMOUNT itself is taken.
    let max = holdem_tourney::MAX_AMOUNT;
    let mut o = TournamentOptions::sit_and_go(9);
    o.starting_stack = Chips(max);
    assert!(o.validate().is_ok());
    o.starting_stack = Chips(max + 1);
    assert!(matches!(
        o.validate(),
        Err(OptionsError::TooLarge {
            field: "starting-stack",
            ..
        })
    ));
    let mut o = TournamentOptions::sit_and_go(9);
    o.fee = u64::MAX;
    assert!(matches!(
        o.validate(),
        Err(OptionsError::TooLarge { field: "fee", .. })
    ));
    let mut o = TournamentOptions::sit_and_go(9);
    o.structure.levels[0].ante = Chips(max + 1);
    assert!(matches!(o.validate(), Err(OptionsError::Structure(_))));
    let mut o = TournamentOptions::sit_and_go(9);
    o.structure.levels[0].minutes = u32::MAX;
    assert!(matches!(o.validate(), Err(OptionsError::Structure(_))));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// One option set to an extreme value: refused, or played for up to 3,000
    /// commands without a panic (3,000 cases in a debug build pass).
    #[test]
    fn t1_t6_extreme_options_never_panic(
        which in 0usize..3,
        field in 0usize..9,
        value in extreme(),
        level in any::<prop::sample::Index>(),
        entrants in 2u32..40,
        seed in any::<u64>(),
    ) {
        let mut o = match which {
            0 => TournamentOptions::sit_and_go(9),
            1 => TournamentOptions::heads_up(),
            _ => TournamentOptions::online_mtt(),
        };
        let li = level.index(o.structure.levels.len());
        match field {
            0 => o.starting_stack = Chips(value),
            1 => o.buy_in = value,
            2 => o.fee = value,
            3 => o.table_size = value as u8,
            4 => o.structure.levels[li].small_blind = Chips(value),
            5 => o.structure.levels[li].big_blind = Chips(value),
            6 => o.structure.levels[li].ante = Chips(value),
            7 => o.structure.levels[li].minutes = value as u32,
            _ => o.away_hands_limit = value as u32,
        }
        if let Ok(mut sim) =
            Simulation::with_options(o, SimOptions::default(), entrants, seed, &mut NoJournal)
        {
            for _ in 0..3_000 {
                if sim.is_done() || sim.step(&mut NoJournal).is_err() {
                    break;
                }
            }
        }
    }
}
