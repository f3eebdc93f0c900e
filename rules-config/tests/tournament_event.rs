//! The `[tournament.event]` house rules of each preset driving
//! `holdem_tourney`'s clock and seating: the same event under two presets
//! gives two different results (rule R1; T7, T11).

use holdem_rules_config::Rules;
use holdem_tourney::clock::{Clock, ClockEvent};
use holdem_tourney::seating::{Seating, SeatingChange};
use holdem_tourney::{MINUTE, PlayerId, TournamentOptions};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

fn event(name: &str) -> TournamentOptions {
    Rules::preset(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .tournament
        .expect("a tournament preset")
        .event
}

/// The first break the preset's clock calls, started on the hour: (due at
/// minute, length in minutes).
fn first_break(event: &TournamentOptions) -> Option<(u64, u32)> {
    let mut clock = Clock::start(event.structure.clone(), 0).expect("valid structure");
    clock
        .advance(4 * 60 * MINUTE)
        .into_iter()
        .find_map(|e| match e {
            ClockEvent::BreakDue { at, minutes } => Some((at / MINUTE, minutes)),
            _ => None,
        })
}

#[test]
fn t7_online_mtt_breaks_at_55_past_the_hour_live_tournament_after_two_hours_of_play() {
    // rule T7: 000 3.1.1 (synchronized at :55, five minutes) against the standard
    // live break that 002 leaves to the house (every 120 minutes, 15 minutes).
    assert_eq!(first_break(&event("online-mtt")), Some((55, 5)));
    assert_eq!(first_break(&event("live-tournament")), Some((120, 15)));
}

/// Three tables with `counts` players seated from seat 0, no button yet.
fn seating(table_size: u8, counts: [u8; 3]) -> Seating {
    let mut next = 0;
    let tables: Vec<(Vec<Option<PlayerId>>, Option<u8>)> = counts
        .iter()
        .map(|&n| {
            let seats = (0..table_size)
                .map(|i| {
                    (i < n).then(|| {
                        next += 1;
                        PlayerId(next)
                    })
                })
                .collect();
            (seats, None)
        })
        .collect();
    Seating::from_tables(table_size, &tables).expect("layout")
}

fn breaks_a_table(name: &str, counts: [u8; 3]) -> bool {
    let event = event(name);
    let seating = seating(event.table_size, counts);
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    seating
        .plan(event.break_policy, &mut rng)
        .iter()
        .any(|c| matches!(c, SeatingChange::TableBroken { .. }))
}

#[test]
fn t11_online_mtt_breaks_a_table_of_five_that_fits_live_tournament_waits_for_four() {
    // rule T11: 000 2.6 (break as soon as the players fit) against 002 "Breaking
    // down" (break a table once it has four or fewer players). In both, the
    // short table's five players would just fit in the other tables' empty seats.
    assert!(breaks_a_table("online-mtt", [6, 7, 5]));
    assert!(!breaks_a_table("live-tournament", [7, 8, 5]));
    // At four, live breaks it too.
    assert!(breaks_a_table("live-tournament", [7, 8, 4]));
}
