//! The options of rules B25-B27 in a rules file: the fixed-limit half-bet rule,
//! running the board more than once and bomb pots (rules R1, R2).

use holdem_betting::{Action, DealerInput, Hand, HandError, Input, Pending, Player, PostKind};
use holdem_pots::{Chips, Seat};
use holdem_rules_config::Rules;

fn seat(i: u8) -> Seat {
    Seat::new(i).expect("seat")
}

fn rules(text: &str) -> Rules {
    Rules::from_toml_str(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The paths of the errors `text` is rejected with.
fn error_paths(text: &str) -> Vec<String> {
    let err = Rules::from_toml_str(text).expect_err("rejected");
    err.errors.iter().map(|e| e.path.clone()).collect()
}

/// Four players of 1,000 except seat 2 with `short`, the button on seat 0,
/// everyone dealt in; everyone calls to the flop and seat 1 bets 10.
fn flop_bet_10(rules: &Rules, short: u64) -> Hand {
    let config = rules.hand_config(0).expect("config");
    let players: Vec<Player> = [1_000, 1_000, short, 1_000]
        .iter()
        .enumerate()
        .map(|(i, &st)| Player::new(seat(i as u8), Chips(st)))
        .collect();
    let mut hand = Hand::new(config, &players, seat(0)).expect("hand");
    hand.post_forced_bets(Default::default(), &mut Vec::new())
        .expect("blinds");
    while let Pending::HoleCards { seat } = hand.pending() {
        let deal = DealerInput::HoleCards {
            seat,
            cards: [None, None],
        };
        hand.apply(Default::default(), Input::Deal(deal))
            .expect("deal");
    }
    for (s, action) in [
        (3, Action::Call),
        (0, Action::Call),
        (1, Action::Call),
        (2, Action::Check),
    ] {
        hand.apply(Default::default(), Input::act(seat(s), action))
            .expect("pre-flop");
    }
    hand.apply(
        Default::default(),
        Input::Deal(DealerInput::Flop([None; 3])),
    )
    .expect("flop");
    hand.apply(
        Default::default(),
        Input::act(seat(1), Action::BetTo(Chips(10))),
    )
    .expect("bet");
    hand
}

#[test]
fn b25_online_cash_raises_an_all_in_of_15_to_25_a_file_without_the_rule_to_20() {
    // online-cash is $10/$20 fixed limit: bet 10, all-in 15.
    let online = Rules::preset("online-cash").expect("preset");
    assert!(online.betting.fixed_limit_half_bet);
    let mut hand = flop_bet_10(&online, 25);
    hand.apply(Default::default(), Input::act(seat(2), Action::AllIn))
        .expect("all-in");
    let raise = hand.legal_actions().and_then(|l| l.raise).expect("raise");
    assert_eq!(raise.min, Chips(25));

    let off = rules(
        r#"
        extends = "online-cash"
        [betting]
        fixed-limit-half-bet = false
        "#,
    );
    assert!(!off.hand_config(0).expect("config").fixed_limit_half_bet);
    let mut hand = flop_bet_10(&off, 25);
    hand.apply(Default::default(), Input::act(seat(2), Action::AllIn))
        .expect("all-in");
    let raise = hand.legal_actions().and_then(|l| l.raise).expect("raise");
    assert_eq!(raise.min, Chips(20));
}

#[test]
fn b26_max_board_runs_reaches_the_hand_and_is_checked_at_its_path() {
    let twice = rules(
        r#"
        extends = "club"
        [betting]
        max-board-runs = 2
        "#,
    );
    assert_eq!(twice.hand_config(0).expect("config").max_board_runs, 2);
    assert!(twice.summary().contains("the board may run up to 2 times"));
    // Every preset is silent: off.
    for preset in holdem_rules_config::Preset::ALL {
        let rules = preset.rules().expect("preset");
        assert_eq!(rules.betting.max_board_runs, 1, "{}", preset.name());
        assert_eq!(rules.betting.bomb_pot, Chips::ZERO, "{}", preset.name());
    }
    for runs in [0, 4] {
        let text = format!("extends = \"club\"\n[betting]\nmax-board-runs = {runs}\n");
        assert_eq!(error_paths(&text), vec!["betting.max-board-runs"]);
    }
    // A cash-game rule: not in a tournament.
    let text = "extends = \"online-mtt\"\n[betting]\nmax-board-runs = 3\n";
    assert_eq!(error_paths(text), vec!["betting.max-board-runs"]);
}

#[test]
fn b27_bomb_pot_hands_post_the_agreed_amount_and_errors_name_their_path() {
    let bombs = rules(
        r#"
        extends = "club"
        [betting]
        bomb-pot = 10
        "#,
    );
    // Ordinary hands are not bomb pots.
    assert_eq!(bombs.hand_config(0).expect("config").bomb_pot, Chips::ZERO);
    let config = bombs.bomb_pot_hand_config(0).expect("bomb pot");
    assert_eq!(config.bomb_pot, Chips(10));
    let players: Vec<Player> = (0..3).map(|i| Player::new(seat(i), Chips(100))).collect();
    let hand = Hand::new(config, &players, seat(0)).expect("hand");
    assert!(matches!(
        hand.pending(),
        Pending::Post {
            kind: PostKind::BombPot,
            ..
        }
    ));
    // A table without bomb pots has no bomb-pot config.
    let club = Rules::preset("club").expect("preset");
    let err = club.bomb_pot_hand_config(0).expect_err("no bomb pots");
    assert_eq!(err.paths(), vec!["betting.bomb-pot"]);
    // Whole chip units, and not in a tournament.
    let text = "extends = \"live-tournament\"\n[betting]\nbomb-pot = 100\n";
    assert_eq!(error_paths(text), vec!["betting.bomb-pot"]);
    let text = "extends = \"club\"\n[betting]\nchip-unit = 5\nsmall-blind = 5\nbig-blind = 10\nbomb-pot = 12\n";
    assert_eq!(error_paths(text), vec!["betting.bomb-pot"]);
    // The engine agrees: the bomb pot must be in whole units.
    let mut config = club.hand_config(0).expect("config");
    config.chip_unit = Chips(5);
    config.small_blind = Chips(5);
    config.big_blind = Chips(10);
    config.bomb_pot = Chips(12);
    assert!(matches!(
        config.validate(),
        Err(HandError::InvalidConfig {
            field: "bomb-pot",
            ..
        })
    ));
}
