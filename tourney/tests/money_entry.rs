//! Entry checks: late registration (T2), unregistration and re-entry (T3), rebuys
//! and add-ons (T4).

use holdem_tourney::Chips;
use holdem_tourney::money::{
    AddOnOptions, AddOnWindow, EntryClock, EntryOptions, LateRegistration, MoneyError,
    PlayerEntries, PlayerId, Price, RebuyOptions, Unregistration, Window, check_add_on,
    check_entry, check_rebuy, check_unregister, late_registration_closes_at,
};

const MINUTE: u64 = 60_000;
const HOUR: u64 = 60 * MINUTE;
const P: PlayerId = PlayerId(7);

fn price() -> Price {
    Price {
        prize_pool: 1_000,
        fee: 100,
        bounty: 0,
    }
}

fn options() -> EntryOptions {
    EntryOptions {
        starting_stack: Chips(5_000),
        price: price(),
        ..EntryOptions::default()
    }
}

fn clock(now_ms: u64) -> EntryClock {
    EntryClock {
        start_ms: 9 * HOUR,
        now_ms,
        level_index: 0,
        big_blind: Chips(100),
        payouts_started: false,
        on_add_on_break: false,
    }
}

fn new_player() -> PlayerEntries {
    PlayerEntries::new(P)
}

fn playing() -> PlayerEntries {
    PlayerEntries {
        entries: 1,
        still_playing: true,
        ..PlayerEntries::new(P)
    }
}

// rule T2, seed 000 1.9: "if a tournament starts at 09:00 and has 90 minutes of late
// registration, registration will close at 10:30" (clock time).
#[test]
fn late_registration_09_00_start_with_90_minutes_closes_at_10_30() {
    let mut opts = options();
    opts.late_registration.window = Some(Window::ClockMinutes(90));
    let closes = 10 * HOUR + 30 * MINUTE;
    assert_eq!(
        late_registration_closes_at(&opts.late_registration, 9 * HOUR),
        Some(closes)
    );
    let entry = check_entry(&opts, &clock(closes - 1), &new_player()).unwrap();
    assert!(entry.late);
    assert_eq!(entry.stack, Chips(5_000));
    assert_eq!(entry.price, price());
    assert_eq!(
        check_entry(&opts, &clock(closes), &new_player()),
        Err(MoneyError::LateRegistrationOver {
            closed_at_ms: closes
        })
    );
}

// rule T2: late registration closes early once payouts begin.
#[test]
fn late_registration_closes_early_once_payouts_begin() {
    let mut opts = options();
    opts.late_registration.window = Some(Window::ClockMinutes(90));
    let mut c = clock(9 * HOUR + 10 * MINUTE);
    assert!(check_entry(&opts, &c, &new_player()).is_ok());
    c.payouts_started = true;
    assert_eq!(
        check_entry(&opts, &c, &new_player()),
        Err(MoneyError::LateRegistrationClosedInTheMoney)
    );
}

// rule T2: before the start everyone enters with the full stack; after it, only
// with a late registration window.
#[test]
fn no_late_registration_without_a_window() {
    let opts = options();
    let early = check_entry(&opts, &clock(8 * HOUR), &new_player()).unwrap();
    assert_eq!(
        (early.stack, early.docked, early.late),
        (Chips(5_000), Chips(0), false)
    );
    assert_eq!(
        check_entry(&opts, &clock(9 * HOUR), &new_player()),
        Err(MoneyError::NoLateRegistration)
    );
}

// rule T2, seed 002: "Players can join a tournament up until the end of the second
// blind increase. A late player entering a tournament will be docked 10 times the
// amount of the big blind currently in play."
#[test]
fn seed_002_late_entry_until_end_of_second_blind_increase_docked_ten_big_blinds() {
    let mut opts = options();
    opts.late_registration = LateRegistration::live_house_rule();
    let mut c = clock(9 * HOUR + 50 * MINUTE);
    // Level 2 (after the second increase), blinds 100-200: docked 2,000.
    c.level_index = 2;
    c.big_blind = Chips(200);
    let entry = check_entry(&opts, &c, &new_player()).unwrap();
    assert_eq!(
        (entry.stack, entry.docked, entry.late),
        (Chips(3_000), Chips(2_000), true)
    );
    // Level 1, blinds 50-100: docked 1,000.
    c.level_index = 1;
    c.big_blind = Chips(100);
    assert_eq!(
        check_entry(&opts, &c, &new_player()).unwrap().stack,
        Chips(4_000)
    );
    // The third increase: closed.
    c.level_index = 3;
    assert_eq!(
        check_entry(&opts, &c, &new_player()),
        Err(MoneyError::LateRegistrationOverByLevel {
            last_level: 2,
            level_index: 3
        })
    );
}

// rule T2, seed 002: entry after the break "with a maximum of 1500 chips".
#[test]
fn seed_002_late_entry_capped_at_1500_chips() {
    let mut opts = options();
    opts.late_registration = LateRegistration::live_house_rule();
    opts.late_registration.max_late_stack = Some(Chips(1_500));
    let mut c = clock(9 * HOUR + 5 * MINUTE);
    c.big_blind = Chips(50);
    let entry = check_entry(&opts, &c, &new_player()).unwrap();
    assert_eq!((entry.stack, entry.docked), (Chips(1_500), Chips(3_500)));
}

// rule T2: docking the whole starting stack leaves nothing to play with.
#[test]
fn late_entry_docked_to_nothing_is_refused() {
    let mut opts = options();
    opts.late_registration = LateRegistration::live_house_rule();
    let mut c = clock(9 * HOUR + 5 * MINUTE);
    c.big_blind = Chips(500);
    assert_eq!(
        check_entry(&opts, &c, &new_player()),
        Err(MoneyError::LateStackExhausted {
            starting_stack: Chips(5_000),
            docked: Chips(5_000)
        })
    );
    c.big_blind = Chips(u64::MAX);
    assert_eq!(
        check_entry(&opts, &c, &new_player()),
        Err(MoneyError::Overflow)
    );
}

// rule T3, seed 000 1.9: one entry per player unless re-entry is permitted; never
// while still playing.
#[test]
fn re_entry_only_where_allowed_and_only_after_busting() {
    let mut opts = options();
    opts.late_registration.window = Some(Window::ClockMinutes(90));
    let c = clock(9 * HOUR + 30 * MINUTE);
    assert_eq!(
        check_entry(&opts, &c, &playing()),
        Err(MoneyError::StillPlaying(P))
    );
    let busted = PlayerEntries {
        still_playing: false,
        ..playing()
    };
    assert_eq!(
        check_entry(&opts, &c, &busted),
        Err(MoneyError::ReEntryNotAllowed(P))
    );
    opts.re_entry = true;
    opts.max_entries = Some(2);
    assert_eq!(check_entry(&opts, &c, &busted).unwrap().stack, Chips(5_000));
    let twice = PlayerEntries {
        entries: 2,
        ..busted
    };
    assert_eq!(
        check_entry(&opts, &c, &twice),
        Err(MoneyError::MaxEntriesReached { player: P, max: 2 })
    );
}

// rule T3, seed 000 1.10: unregistration up to a configured time.
#[test]
fn unregistration_until_the_configured_time() {
    let mut opts = options();
    let c = clock(8 * HOUR);
    assert_eq!(
        check_unregister(&opts, &c),
        Err(MoneyError::UnregistrationNotAllowed)
    );
    // Closes five minutes before the start.
    opts.unregistration = Unregistration {
        closes_minutes_after_start: Some(-5),
    };
    assert_eq!(
        check_unregister(&opts, &clock(9 * HOUR - 5 * MINUTE - 1)),
        Ok(())
    );
    assert_eq!(
        check_unregister(&opts, &clock(9 * HOUR - 5 * MINUTE)),
        Err(MoneyError::UnregistrationClosed {
            closed_at_ms: 9 * HOUR - 5 * MINUTE
        })
    );
    // Closes 20 minutes into late registration.
    opts.unregistration.closes_minutes_after_start = Some(20);
    assert_eq!(
        check_unregister(&opts, &clock(9 * HOUR + 19 * MINUTE)),
        Ok(())
    );
    assert!(check_unregister(&opts, &clock(9 * HOUR + 20 * MINUTE)).is_err());
}

fn rebuy_options() -> EntryOptions {
    EntryOptions {
        rebuy: Some(RebuyOptions {
            period: Window::ThroughLevel(5),
            chip_threshold: Chips(5_000),
            chips: Chips(5_000),
            price: price(),
            max_rebuys: Some(3),
        }),
        add_on: Some(AddOnOptions {
            window: AddOnWindow::AddOnBreak,
            chips: Chips(8_000),
            price: Price {
                prize_pool: 2_000,
                fee: 0,
                bounty: 0,
            },
            max_add_ons: 1,
            add_on_break_minutes: 3,
        }),
        ..options()
    }
}

// rule T4: a rebuy only at or below the chip threshold.
#[test]
fn rebuy_only_at_or_below_the_chip_threshold() {
    let opts = rebuy_options();
    let c = clock(9 * HOUR + 20 * MINUTE);
    let grant = check_rebuy(&opts, &c, &playing(), Chips(5_000), 10_000).unwrap();
    assert_eq!((grant.chips, grant.price), (Chips(5_000), price()));
    assert_eq!(
        check_rebuy(&opts, &c, &playing(), Chips(5_001), 10_000),
        Err(MoneyError::RebuyAboveThreshold {
            stack: Chips(5_001),
            threshold: Chips(5_000)
        })
    );
}

// rule T4, seed 000 1.8: "you must have the funds available in your account".
#[test]
fn rebuy_needs_available_funds() {
    let opts = rebuy_options();
    let c = clock(9 * HOUR + 20 * MINUTE);
    assert!(check_rebuy(&opts, &c, &playing(), Chips(0), 1_100).is_ok());
    assert_eq!(
        check_rebuy(&opts, &c, &playing(), Chips(0), 1_099),
        Err(MoneyError::InsufficientFunds {
            needed: 1_100,
            available: 1_099
        })
    );
}

// rule T4: rebuys only during the rebuy period and within the limit.
#[test]
fn rebuy_only_in_the_rebuy_period_and_within_the_limit() {
    let opts = rebuy_options();
    let mut c = clock(9 * HOUR + 20 * MINUTE);
    c.level_index = 6;
    assert_eq!(
        check_rebuy(&opts, &c, &playing(), Chips(0), 10_000),
        Err(MoneyError::RebuyPeriodOver)
    );
    c.level_index = 5;
    let spent = PlayerEntries {
        rebuys: 3,
        ..playing()
    };
    assert_eq!(
        check_rebuy(&opts, &c, &spent, Chips(0), 10_000),
        Err(MoneyError::MaxRebuysReached { player: P, max: 3 })
    );
    assert_eq!(
        check_rebuy(&options(), &c, &playing(), Chips(0), 10_000),
        Err(MoneyError::NoRebuys)
    );
}

// rule T4, seed 000 3.1.1: add-ons during the add-on break at the end of the rebuy
// period.
#[test]
fn add_on_only_during_the_add_on_break() {
    let opts = rebuy_options();
    let mut c = clock(10 * HOUR);
    assert_eq!(
        check_add_on(&opts, &c, &playing(), 10_000),
        Err(MoneyError::AddOnNotAvailable)
    );
    c.on_add_on_break = true;
    let grant = check_add_on(&opts, &c, &playing(), 10_000).unwrap();
    assert_eq!(grant.chips, Chips(8_000));
    assert_eq!(
        check_add_on(&opts, &c, &playing(), 1_999),
        Err(MoneyError::InsufficientFunds {
            needed: 2_000,
            available: 1_999
        })
    );
    let taken = PlayerEntries {
        add_ons: 1,
        ..playing()
    };
    assert_eq!(
        check_add_on(&opts, &c, &taken, 10_000),
        Err(MoneyError::MaxAddOnsReached { player: P, max: 1 })
    );
}

// rule T2, T3, T4: the options are plain data that survive serialization.
#[test]
fn entry_options_round_trip_through_serde() {
    let mut opts = rebuy_options();
    opts.late_registration = LateRegistration::live_house_rule();
    opts.re_entry = true;
    opts.max_entries = Some(3);
    let bytes = postcard::to_allocvec(&opts).unwrap();
    let back: EntryOptions = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, opts);
}
