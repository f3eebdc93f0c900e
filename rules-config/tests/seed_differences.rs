//! One test per seed difference: a preset's house rule changes what the engine
//! does (rule R1). Each builds the engine's own config from the preset
//! (`Rules::hand_config`, the tourney option structs, `ButtonDraw`) and plays
//! the same situation under two presets.

use holdem_betting::{
    Action, AutoOutcome, DealerInput, Event, Events, Hand, HandConfig, HandError, Input, Pending,
    Player, Timestamp,
};
use holdem_cards::{ButtonDraw, Deck, ExposedCardRuling, Rank, draw_button};
use holdem_pots::Seat;
use holdem_rules_config::Rules;
use holdem_tourney::Chips;
use holdem_tourney::money::{EntryClock, MoneyError, PlayerEntries, PlayerId, check_entry};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

const T: Timestamp = Timestamp(0);

fn seat(i: u8) -> Seat {
    Seat::new(i).expect("seat")
}

fn preset(name: &str) -> Rules {
    Rules::preset(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn config(rules: &Rules, level: usize) -> HandConfig {
    rules.hand_config(level).expect("hand config")
}

/// A hand with `stacks` in seats 0.., button on seat 0, blinds posted, hole
/// cards dealt face down.
fn preflop(config: HandConfig, stacks: &[u64]) -> Hand {
    let players: Vec<Player> = (0u8..)
        .zip(stacks)
        .map(|(i, &stack)| Player::new(seat(i), Chips(stack)))
        .collect();
    let mut hand = Hand::new(config, &players, seat(0)).expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("blinds");
    while let Pending::HoleCards { seat } = hand.pending() {
        hand.apply(
            T,
            Input::Deal(DealerInput::HoleCards {
                seat,
                cards: [None, None],
            }),
        )
        .expect("deal");
    }
    hand
}

fn act(hand: &mut Hand, s: u8, action: Action) -> Result<Events, HandError> {
    hand.apply(T, Input::act(seat(s), action))
}

fn ok(hand: &mut Hand, s: u8, action: Action) -> Events {
    act(hand, s, action).unwrap_or_else(|e| panic!("seat {s} {action}: {e}"))
}

#[test]
fn b10_live_tour_reraise_must_double_rejects_a_raise_live_tournament_accepts() {
    // rule B10 house rule (004) against 002's standard minimum raise, both at
    // blinds 50-100: raise to 300, re-raise to 500.
    let tour = config(&preset("live-tour"), 0);
    let live = config(&preset("live-tournament"), 1);
    assert_eq!((tour.big_blind, live.big_blind), (Chips(100), Chips(100)));
    let mut hand = preflop(live, &[5_000; 4]);
    ok(&mut hand, 3, Action::RaiseTo(Chips(300)));
    ok(&mut hand, 0, Action::RaiseTo(Chips(500)));
    let mut hand = preflop(tour, &[5_000; 4]);
    ok(&mut hand, 3, Action::RaiseTo(Chips(300)));
    let before = hand.clone();
    let err = act(&mut hand, 0, Action::RaiseTo(Chips(500))).expect_err("must double");
    assert!(
        matches!(err, HandError::RaiseBelowMinimum { min, .. } if min == Chips(600)),
        "{err}"
    );
    assert_eq!(hand, before);
    ok(&mut hand, 0, Action::RaiseTo(Chips(600)));
}

/// Blinds 50-100, four players: flop checked round, seat 1 bets 100, seat 2
/// raises to 300, seat 3 (450 behind) is all-in for 350 (rule B12).
fn bet_100_raise_300_all_in_350(config: HandConfig) -> Hand {
    let mut hand = preflop(config, &[5_000, 5_000, 5_000, 450]);
    ok(&mut hand, 3, Action::Call);
    ok(&mut hand, 0, Action::Call);
    ok(&mut hand, 1, Action::Call);
    ok(&mut hand, 2, Action::Check);
    hand.apply(T, Input::Deal(DealerInput::Flop([None; 3])))
        .expect("flop");
    ok(&mut hand, 1, Action::BetTo(Chips(100)));
    ok(&mut hand, 2, Action::RaiseTo(Chips(300)));
    let events = ok(&mut hand, 3, Action::AllIn);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.event, Event::Raised { full: false, .. }))
    );
    hand
}

#[test]
fn b12_incomplete_all_in_live_tournament_needs_500_online_mtt_550() {
    // rule B12: seed 002 example 1 (a full raise over the last full bet) against
    // the standard rule (the last full increment on top of the all-in).
    let live = bet_100_raise_300_all_in_350(config(&preset("live-tournament"), 1));
    let online = bet_100_raise_300_all_in_350(config(&preset("online-mtt"), 0));
    let min = |hand: &Hand| hand.legal_actions().and_then(|l| l.raise).map(|r| r.min);
    assert_eq!(min(&live), Some(Chips(500)));
    assert_eq!(min(&online), Some(Chips(550)));
}

#[test]
fn b16_online_cash_time_out_is_all_in_protected_online_mtt_folds() {
    // rule B16 house rule (001) against 000 4.1.3: the small blind, with chips
    // in the pot, times out facing a raise.
    let mut cash = preflop(config(&preset("online-cash"), 0), &[1_000; 3]);
    ok(&mut cash, 0, Action::RaiseTo(Chips(20)));
    let events = cash
        .apply(T, Input::TimeOut { seat: seat(1) })
        .expect("time-out");
    assert!(events.iter().any(|e| matches!(
        e.event,
        Event::AutoAction {
            outcome: AutoOutcome::AllInProtected,
            ..
        }
    )));
    let mut mtt = preflop(config(&preset("online-mtt"), 0), &[10_000; 3]);
    ok(&mut mtt, 0, Action::RaiseTo(Chips(300)));
    let events = mtt
        .apply(T, Input::TimeOut { seat: seat(1) })
        .expect("time-out");
    assert!(events.iter().any(|e| matches!(
        e.event,
        Event::AutoAction {
            outcome: AutoOutcome::Folded,
            ..
        }
    )));
}

#[test]
fn b9_live_tour_lifts_the_cap_heads_up_online_cash_caps() {
    // rule B9 house rule (004): played fixed limit heads-up, the live tour
    // allows a fifth bet that seed 001's four-bet cap refuses.
    let tour = Rules::from_toml_str(
        "extends = \"live-tour\"\n[betting]\nstructure = { fixed-limit = { small-bet = 100, big-bet = 200 } }",
    )
    .expect("valid");
    let mut hand = preflop(config(&tour, 0), &[10_000; 2]);
    for (s, to) in [(0, 200), (1, 300), (0, 400), (1, 500), (0, 600)] {
        ok(&mut hand, s, Action::RaiseTo(Chips(to)));
    }
    let mut hand = preflop(config(&preset("online-cash"), 0), &[1_000; 2]);
    for (s, to) in [(0, 20), (1, 30), (0, 40)] {
        ok(&mut hand, s, Action::RaiseTo(Chips(to)));
    }
    let err = act(&mut hand, 1, Action::RaiseTo(Chips(50))).expect_err("capped");
    assert!(matches!(err, HandError::Capped { .. }), "{err}");
}

#[test]
fn b23_online_cash_rakes_the_pot_club_does_not() {
    // rule B23 (001): 5% capped at 3, no flop no drop; seed 003 is silent: no rake.
    let cash = config(&preset("online-cash"), 0).rake;
    let club = config(&preset("club"), 0).rake;
    assert_eq!(cash.rake_on(Chips(40)), Ok(Chips(2)));
    assert_eq!(cash.rake_on(Chips(1_000)), Ok(Chips(3)));
    assert_eq!(club.rake_on(Chips(1_000)), Ok(Chips(0)));
    assert!(cash.no_flop_no_drop);
}

#[test]
fn b2_b24_live_tournament_counts_in_25_chip_units_online_mtt_in_ones() {
    // rule B24 (002 "Chips": green chips are 25) against online chips of 1.
    assert_eq!(config(&preset("live-tournament"), 0).chip_unit, Chips(25));
    assert_eq!(config(&preset("online-mtt"), 0).chip_unit, Chips(1));
    // Both at blinds 50-100: a raise to 310 is refused live, played online.
    let mut live = preflop(config(&preset("live-tournament"), 1), &[5_000; 4]);
    let before = live.clone();
    let err = act(&mut live, 3, Action::RaiseTo(Chips(310))).expect_err("off the unit");
    assert!(
        matches!(err, HandError::NotWholeUnits { unit, .. } if unit == Chips(25)),
        "{err}"
    );
    assert_eq!(live, before);
    let mut online = preflop(config(&preset("online-mtt"), 0), &[10_000; 4]);
    ok(&mut online, 3, Action::RaiseTo(Chips(310)));
    // rule B2 (001): $10/$20 limit, blinds half the lower stake and the lower stake.
    let cash = config(&preset("online-cash"), 0);
    assert_eq!((cash.small_blind, cash.big_blind), (Chips(5), Chips(10)));
}

#[test]
fn c5_each_preset_draws_the_first_button_its_own_way() {
    // rule C5: the same table and the same shuffled deck, five policies.
    let seats = [1u8, 3, 4, 7, 9];
    let arrival = [7u8, 1, 9, 3, 4];
    let draw = |name: &str| {
        let policy = preset(name).dealing.button_draw;
        let mut deck = Deck::seeded(11);
        let mut rng = ChaCha20Rng::seed_from_u64(11);
        (
            policy,
            draw_button(policy, &seats, &arrival, &mut deck, &mut rng).expect("draw"),
        )
    };
    let (policy, online) = draw("online-mtt");
    assert_eq!((policy, online.button), (ButtonDraw::SeatOne, 1));
    let (policy, cash) = draw("online-cash");
    assert_eq!((policy, cash.button), (ButtonDraw::FirstSeated, 7));
    let (policy, live) = draw("live-tournament");
    assert_eq!(policy, ButtonDraw::HighCard);
    let best = live
        .dealt
        .iter()
        .max_by_key(|(_, card)| *card)
        .map(|(s, _)| *s);
    assert_eq!(Some(live.button), best);
    let (policy, tour) = draw("live-tour");
    assert_eq!(policy, ButtonDraw::FirstAce);
    assert!(
        matches!(tour.dealt.last(), Some((s, c)) if *s == tour.button && c.rank() == Rank::Ace)
    );
    let (policy, club) = draw("club");
    assert_eq!(policy, ButtonDraw::Random);
    assert!(club.dealt.is_empty() && seats.contains(&club.button));
}

#[test]
fn t2_live_tournament_docks_late_entrants_ten_big_blinds_online_mtt_does_not() {
    // rule T2: 002's house rule (through the second blind increase, ten big
    // blinds docked) against 000 1.9 (90 clock minutes, no penalty).
    let minute = 60_000;
    let clock = |level_index, big_blind, now_ms| EntryClock {
        start_ms: 0,
        now_ms,
        level_index,
        big_blind,
        payouts_started: false,
        on_add_on_break: false,
    };
    let player = PlayerEntries::new(PlayerId(1));
    let entry = |name: &str| preset(name).tournament.expect("tournament").entry;
    let live = check_entry(
        &entry("live-tournament"),
        &clock(1, Chips(100), 30 * minute),
        &player,
    )
    .expect("open at level 1");
    // 5,000 less ten big blinds of 100.
    assert_eq!(
        (live.stack, live.docked, live.late),
        (Chips(4_000), Chips(1_000), true)
    );
    let online = check_entry(
        &entry("online-mtt"),
        &clock(1, Chips(100), 30 * minute),
        &player,
    )
    .expect("open at 30 minutes");
    assert_eq!((online.docked, online.stack), (Chips(0), Chips(10_000)));
    // Level 3 after 60 minutes: closed live, still open online.
    let closed = check_entry(
        &entry("live-tournament"),
        &clock(3, Chips(200), 60 * minute),
        &player,
    );
    assert!(
        matches!(closed, Err(MoneyError::LateRegistrationOverByLevel { .. })),
        "{closed:?}"
    );
    assert!(
        check_entry(
            &entry("online-mtt"),
            &clock(3, Chips(200), 60 * minute),
            &player
        )
        .is_ok()
    );
}

#[test]
fn c6_live_tournament_misdeal_rules_rule_on_exposed_cards_and_a_file_can_tighten_them() {
    // rule C6 (002 "Misdeals"): two exposed cards are a misdeal, a single one is
    // replaced and burned; every seed that says anything says this. A house that
    // calls a misdeal on any exposed card sets `single-exposed-card = "misdeal"`.
    let live = preset("live-tournament").dealing.misdeal;
    assert_eq!(
        live.ruling(1),
        ExposedCardRuling::ReplaceAndBurn { cards: 1 }
    );
    assert_eq!(live.ruling(2), ExposedCardRuling::Misdeal);
    assert!(live.grants_reshuffle_request());
    let strict = Rules::from_toml_str(
        "extends = \"live-tournament\"\n[dealing.misdeal]\nsingle-exposed-card = \"misdeal\"\nreshuffle-on-request = false",
    )
    .expect("valid")
    .dealing
    .misdeal;
    assert_eq!(strict.ruling(1), ExposedCardRuling::Misdeal);
    assert!(!strict.grants_reshuffle_request());
}
