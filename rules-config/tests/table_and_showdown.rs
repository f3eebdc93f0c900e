//! The `[table]` (B18-B20) and `[betting.showdown]` (B21) house rules of each
//! preset, played on `holdem_betting::table::CashTable` and `holdem_betting::Hand`:
//! the same situation under two presets gives two different results (rule R1).

use holdem_betting::table::{CashTable, Occupant};
use holdem_betting::{
    Action, DealerInput, Hand, HandConfig, HandError, Input, Pending, Player, Street, Timestamp,
};
use holdem_cards::Card;
use holdem_pots::{Chips, Seat};
use holdem_rules_config::Rules;

const T: Timestamp = Timestamp(0);

fn seat(i: u8) -> Seat {
    Seat::new(i).expect("seat")
}

fn preset(name: &str) -> Rules {
    Rules::preset(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A table under the preset's `[table]` rules, `players` seated from seat 0,
/// the first button on seat 0.
fn table(rules: &Rules, players: u8) -> CashTable {
    let mut table = CashTable::with_rules(rules.table, seat(0));
    for i in 0..players {
        table
            .seat(
                seat(i),
                Occupant::Playing {
                    stack: Chips(1_000),
                },
            )
            .expect("seat");
    }
    table
}

/// The next hand's setup; the hand is then called off (no chips move), so the
/// table is ready for the one after.
fn dealt(t: &mut CashTable) -> holdem_betting::table::HandSetup {
    let setup = t.next_hand().expect("a hand");
    t.cancel_hand().expect("the hand dealt");
    setup
}

/// The next hand's (button, small blind, big blind) seat numbers.
fn blinds(table: &mut CashTable) -> (u8, Option<u8>, u8) {
    let p = dealt(table).positions;
    (
        p.button.index(),
        p.small_blind.map(Seat::index),
        p.big_blind.index(),
    )
}

#[test]
fn b18_live_tournament_keeps_a_dead_button_online_mtt_moves_it_forward() {
    // rule B18: 002 "Blinds" (dead button) against 000 2.4 (forward-moving). The
    // small blind of the first hand (seat 1) is eliminated.
    let mut live = table(&preset("live-tournament"), 5);
    let mut online = table(&preset("online-mtt"), 5);
    assert_eq!(blinds(&mut live), (0, Some(1), 2));
    assert_eq!(blinds(&mut online), (0, Some(1), 2));
    live.seat(seat(1), Occupant::Empty).expect("seat");
    online.seat(seat(1), Occupant::Empty).expect("seat");
    // Dead button: the button goes to the empty seat, seat 2 posts the small blind.
    assert_eq!(blinds(&mut live), (1, Some(2), 3));
    // Forward-moving: the button moves on to seat 2, who skips the small blind.
    assert_eq!(blinds(&mut online), (2, Some(3), 4));
}

#[test]
fn b20_online_mtt_deals_a_moved_player_in_at_once_live_tournament_makes_them_wait() {
    // rule B20: 000 2.6 (dealt in at once, wherever they sit) against 002
    // "Breaking down" (in the small blind or on the button they wait).
    for (name, dealt_in) in [("online-mtt", true), ("live-tournament", false)] {
        let mut t = table(&preset(name), 5);
        assert_eq!(blinds(&mut t), (0, Some(1), 2));
        // Next hand: button 1, small blind 2. A player moved in to seat 2.
        t.seat(seat(2), Occupant::MovedIn { stack: Chips(800) })
            .expect("seat");
        let setup = dealt(&mut t);
        let plays = setup.players.iter().any(|p| p.seat == seat(2));
        assert_eq!(plays, dealt_in, "{name}");
        assert_eq!(
            setup.positions.small_blind,
            dealt_in.then(|| seat(2)),
            "{name}"
        );
    }
}

#[test]
fn b19_online_cash_lets_a_new_player_post_a_file_can_make_them_wait() {
    // rule B19 (001: post a big blind at once or wait for it). No seed makes
    // every new player wait; a house that does sets `new-player`.
    let cash = preset("online-cash");
    let strict = Rules::from_toml_str(
        "extends = \"online-cash\"\n[table]\nnew-player = \"wait-for-big-blind\"",
    )
    .expect("valid");
    for (rules, posts) in [(&cash, true), (&strict, false)] {
        let mut t = table(rules, 4);
        t.seat(seat(5), Occupant::PostingToPlay { stack: Chips(500) })
            .expect("seat");
        let setup = dealt(&mut t);
        assert_eq!(setup.positions.extra_big_blinds.contains(seat(5)), posts);
        assert_eq!(setup.players.iter().any(|p| p.seat == seat(5)), posts);
    }
}

fn card(text: &str) -> Card {
    text.parse().expect("card")
}

/// Heads-up, aces (seat 0, the button) against kings (seat 1), checked down to
/// the showdown under `config`.
fn aces_v_kings_checked_down(config: HandConfig) -> Hand {
    let players = [
        Player::new(seat(0), Chips(1_000)),
        Player::new(seat(1), Chips(1_000)),
    ];
    let mut hand = Hand::new(config, &players, seat(0)).expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("blinds");
    for (s, cards) in [(0, ["Ah", "As"]), (1, ["Kc", "Kd"])] {
        hand.apply(
            T,
            Input::Deal(DealerInput::HoleCards {
                seat: seat(s),
                cards: [Some(card(cards[0])), Some(card(cards[1]))],
            }),
        )
        .expect("deal");
    }
    hand.apply(T, Input::act(seat(0), Action::Call))
        .expect("call");
    hand.apply(T, Input::act(seat(1), Action::Check))
        .expect("check");
    for street in ["7h 8h 9s", "Jd", "4c"] {
        let cards: Vec<Option<Card>> = street.split(' ').map(|t| Some(card(t))).collect();
        let input = match hand.pending() {
            Pending::Board {
                street: Street::Flop,
            } => DealerInput::Flop([cards[0], cards[1], cards[2]]),
            Pending::Board {
                street: Street::Turn,
            } => DealerInput::Turn(cards[0]),
            Pending::Board { .. } => DealerInput::River(cards[0]),
            other => panic!("no board pending: {other}"),
        };
        hand.apply(T, Input::Deal(input)).expect("board");
        hand.apply(T, Input::act(seat(1), Action::Check))
            .expect("check");
        hand.apply(T, Input::act(seat(0), Action::Check))
            .expect("check");
    }
    hand
}

/// Kings are shown, the aces are mucked: each player's final stack.
fn kings_shown_aces_mucked(config: HandConfig) -> (Chips, Chips) {
    let mut hand = aces_v_kings_checked_down(config);
    while let Pending::Showdown { seat: s } = hand.pending() {
        let input = if s == seat(1) {
            Input::Show {
                seat: s,
                cards: None,
            }
        } else {
            Input::Muck { seat: s }
        };
        hand.apply(T, input).expect("show or muck");
    }
    let result = hand.result().expect("settled");
    (result.final_stack(seat(0)), result.final_stack(seat(1)))
}

#[test]
fn b21_online_cash_winner_need_not_show_live_tournament_winner_must() {
    // rule B21: 001 "Showdown" ("he/she need not show the cards": the dealer's
    // cards decide) against 002 (both cards must be shown to claim the pot).
    let cash = preset("online-cash").hand_config(0).expect("config");
    let live = preset("live-tournament").hand_config(1).expect("config");
    assert!(!cash.showdown.winner_must_show_both_cards);
    assert!(live.showdown.winner_must_show_both_cards);
    // Blinds 5-10: the aces keep the pot of 20, less the 5% rake of 1 (B23),
    // although they mucked.
    assert_eq!(kings_shown_aces_mucked(cash), (Chips(1_009), Chips(990)));
    // Blinds 50-100: the mucked aces give up the pot of 200 to the kings.
    assert_eq!(kings_shown_aces_mucked(live), (Chips(900), Chips(1_100)));
}

#[test]
fn b21_club_lets_losers_muck_a_file_can_require_every_hand_shown() {
    // rule B21 (003 Showdown 1: each player shows or mucks). No seed requires
    // every hand shown; a house that does sets `losers-may-muck = false`.
    let club = preset("club").hand_config(0).expect("config");
    let shown =
        Rules::from_toml_str("extends = \"club\"\n[betting.showdown]\nlosers-may-muck = false")
            .expect("valid")
            .hand_config(0)
            .expect("config");
    for (config, may_muck) in [(club, true), (shown, false)] {
        let mut hand = aces_v_kings_checked_down(config);
        assert_eq!(hand.pending(), Pending::Showdown { seat: seat(1) });
        let before = hand.clone();
        match hand.apply(T, Input::Muck { seat: seat(1) }) {
            Ok(_) => assert!(may_muck, "muck accepted"),
            Err(e) => {
                assert!(!may_muck, "{e}");
                assert!(matches!(e, HandError::MuckNotAllowed { .. }), "{e}");
                assert_eq!(hand, before);
            }
        }
    }
}
