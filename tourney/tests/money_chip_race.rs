//! Chip race / chipping up (rule T21).

use holdem_tourney::Chips;
use holdem_tourney::money::{ChipRaceStack, MoneyError, PlayerId, run_chip_race};

// rule T21, seed 002: "A player has three 25 value chips. When the 25 value chips
// are chipped up, the player receives two 50 value chips."
#[test]
fn seed_002_three_25s_become_two_50s() {
    let race = run_chip_race(
        Chips(25),
        Chips(50),
        &[ChipRaceStack {
            player: PlayerId(1),
            retired_chips: 3,
        }],
    )
    .unwrap();
    let p = race.players[0];
    assert_eq!(
        (p.new_chips, p.value_before, p.value_after, p.added),
        (2, Chips(75), Chips(100), Chips(25))
    );
    assert_eq!(race.total_added, Chips(25));
}

// rule T21: whole sets change directly, a remainder rounds up to one chip; the total
// change is reported.
#[test]
fn chip_race_changes_whole_sets_and_reports_the_total_added() {
    let stacks = [
        ChipRaceStack {
            player: PlayerId(3),
            retired_chips: 8,
        },
        ChipRaceStack {
            player: PlayerId(1),
            retired_chips: 9,
        },
        ChipRaceStack {
            player: PlayerId(2),
            retired_chips: 0,
        },
    ];
    // 25s into 100s: four per set.
    let race = run_chip_race(Chips(25), Chips(100), &stacks).unwrap();
    let got: Vec<(u32, u64, Chips)> = race
        .players
        .iter()
        .map(|p| (p.player.0, p.new_chips, p.added))
        .collect();
    assert_eq!(got, [(1, 3, Chips(75)), (2, 0, Chips(0)), (3, 2, Chips(0))]);
    assert_eq!(race.total_added, Chips(75));
}

// rule T21: bad denominations and duplicate players are typed errors.
#[test]
fn chip_race_rejects_bad_denominations() {
    let s = [ChipRaceStack {
        player: PlayerId(1),
        retired_chips: 1,
    }];
    for (retired, next) in [(0, 50), (50, 25), (25, 25), (25, 60)] {
        assert_eq!(
            run_chip_race(Chips(retired), Chips(next), &s),
            Err(MoneyError::InvalidDenominations {
                retired: Chips(retired),
                next: Chips(next)
            })
        );
    }
    assert_eq!(
        run_chip_race(Chips(25), Chips(50), &[s[0], s[0]]),
        Err(MoneyError::DuplicatePlayer(PlayerId(1)))
    );
    let huge = [ChipRaceStack {
        player: PlayerId(1),
        retired_chips: u64::MAX,
    }];
    assert_eq!(
        run_chip_race(Chips(25), Chips(50), &huge),
        Err(MoneyError::Overflow)
    );
}
