//! The house rules the standard PHH fields cannot say, in histories: the
//! fixed-limit half-bet rule switched off (B25), a board run twice or three times
//! (B26), bomb pots (B27) and mixed limits by street (B28). The native formats (JSON Lines, postcard `HOLDEMH2`
//! and `HOLDEMH1`) record them and replay them under the rules to the same result;
//! PHH has no notation for them, so its writer refuses such a hand with a typed
//! error and its reader refuses a PHH hand that claims them. A PokerStars hand run
//! twice imports as a B26 hand and settles each run (H5).

use holdem_cards::Card;
use holdem_history::native::{
    JsonlHands, NativeVersion, decode_postcard, encode_postcard, write_jsonl,
};
use holdem_history::phh::{HOUSE_FIELD, PhhWriteError, parse_phh, write_phh};
use holdem_history::pokerstars::{check, decode, import, parse_hands};
use holdem_history::replay::{HouseRules, Outcome, replay_hand};
use holdem_history::{
    Action, ActionKind, Cards, HandHistory, Metadata, OddChips, Player, Shown, Stakes, TableRules,
    Unit, Variant,
};

fn cards(text: &str) -> Cards {
    let mut out = Cards::default();
    let b = text.as_bytes();
    for pair in b.chunks(2) {
        let s = std::str::from_utf8(pair).expect("ascii");
        out.0.push(Some(s.parse::<Card>().expect("a card")));
    }
    out
}

fn p(i: u8) -> Player {
    Player(i - 1)
}

fn act(kind: ActionKind) -> Action {
    Action {
        kind,
        comment: None,
    }
}

fn deal(i: u8, c: &str) -> Action {
    act(ActionKind::DealHole {
        player: p(i),
        cards: cards(c),
    })
}

fn board(c: &str) -> Action {
    act(ActionKind::DealBoard { cards: cards(c) })
}

fn cc(i: u8) -> Action {
    act(ActionKind::CheckCall { player: p(i) })
}

fn cbr(i: u8, amount: u64) -> Action {
    act(ActionKind::BetRaiseTo {
        player: p(i),
        amount,
    })
}

fn fold(i: u8) -> Action {
    act(ActionKind::Fold { player: p(i) })
}

fn show(i: u8, c: &str) -> Action {
    act(ActionKind::ShowMuck {
        player: p(i),
        shown: Shown::Cards(cards(c)),
    })
}

/// A three-player no-limit hand, blinds 1 and 2, stacks of 100.
fn no_limit(actions: Vec<Action>) -> HandHistory {
    HandHistory {
        variant: Variant::NoLimit,
        unit: Unit::default(),
        antes: vec![0; 3],
        blinds_or_straddles: vec![1, 2, 0],
        stakes: Stakes::MinBet(2),
        starting_stacks: vec![100; 3],
        actions,
        finishing_stacks: None,
        winnings: None,
        meta: Metadata::default(),
    }
}

/// The stacks of a settled replay, or the outcome described.
fn settled(h: &HandHistory) -> Result<Vec<u64>, String> {
    match replay_hand(h, &HouseRules::standard()) {
        Outcome::Ok {
            settled: true,
            stacks,
            ..
        } => Ok(stacks.to_vec()),
        other => Err(other.describe(h.unit)),
    }
}

/// Writes `h` as JSON Lines and as postcard frames of both versions, reads each
/// back, and checks it is the same hand and replays to `stacks`.
fn round_trips_natively(h: &HandHistory, stacks: &[u64]) {
    let mut jsonl = Vec::new();
    write_jsonl(&mut jsonl, h).expect("written");
    let back = JsonlHands::new(jsonl.as_slice())
        .next()
        .expect("one hand")
        .expect("read back");
    assert_eq!(&back, h, "JSON Lines keeps the hand");
    assert_eq!(settled(&back).as_deref(), Ok(stacks), "JSON Lines replays");
    for version in [NativeVersion::V2, NativeVersion::V1] {
        let bytes = encode_postcard(h, version).expect("encoded");
        let back = decode_postcard(&bytes, version).expect("decoded");
        assert_eq!(&back, h, "postcard {version:?} keeps the hand");
        assert_eq!(settled(&back).as_deref(), Ok(stacks), "{version:?} replays");
    }
}

/// p3 moves all in, p1 calls, p2 folds; p1 offers `runs` runs and p3 answers.
fn all_in_with_an_offer(runs: u8, accept: bool) -> Vec<Action> {
    vec![
        deal(1, "AsAh"),
        deal(2, "2c3d"),
        deal(3, "KsKh"),
        cbr(3, 100),
        cc(1),
        fold(2),
        act(ActionKind::OfferRuns { player: p(1), runs }),
        act(ActionKind::AnswerRuns {
            player: p(3),
            accept,
        }),
    ]
}

/// A hand run twice: aces win the first board, kings the second.
fn run_twice() -> HandHistory {
    let mut actions = all_in_with_an_offer(2, true);
    actions.extend([
        board("2d7c9s"),
        board("Jd"),
        board("4c"),
        board("Kd8c5s"),
        board("Qc"),
        board("3h"),
        show(1, "AsAh"),
        show(3, "KsKh"),
    ]);
    let mut h = no_limit(actions);
    h.set_table_rules(TableRules {
        max_board_runs: 2,
        ..TableRules::STANDARD
    });
    h
}

#[test]
fn b26_a_board_run_twice_round_trips_through_json_lines_and_postcard() {
    let h = run_twice();
    // The pot of 202 divides into two parts of 101: one to each run's winner.
    let stacks = settled(&h).expect("the hand settles");
    assert_eq!(stacks, [101, 98, 101]);
    round_trips_natively(&h, &stacks);
}

#[test]
fn b26_a_board_run_three_times_round_trips_and_gives_the_odd_chip_to_the_first_run() {
    let mut actions = all_in_with_an_offer(3, true);
    actions.extend([
        board("2d7c9s"),
        board("Jd"),
        board("4c"),
        board("Kd8c5s"),
        board("Qc"),
        board("3h"),
        board("6d6h6s"),
        board("Td"),
        board("Ts"),
        show(1, "AsAh"),
        show(3, "KsKh"),
    ]);
    let mut h = no_limit(actions);
    h.set_table_rules(TableRules {
        max_board_runs: 3,
        ..TableRules::STANDARD
    });
    // 202 in three parts: 68 (with the odd chip), 67, 67; aces win runs 1 and 3.
    let stacks = settled(&h).expect("the hand settles");
    assert_eq!(stacks, [135, 98, 67]);
    round_trips_natively(&h, &stacks);
}

#[test]
fn b26_a_refused_offer_round_trips_and_the_board_runs_once() {
    let mut actions = all_in_with_an_offer(2, false);
    actions.extend([
        board("2d7c9s"),
        board("Jd"),
        board("4c"),
        show(1, "AsAh"),
        show(3, "KsKh"),
    ]);
    let mut h = no_limit(actions);
    h.set_table_rules(TableRules {
        max_board_runs: 2,
        ..TableRules::STANDARD
    });
    let stacks = settled(&h).expect("the hand settles");
    assert_eq!(stacks, [202, 98, 0]);
    round_trips_natively(&h, &stacks);
}

#[test]
fn b26_an_offer_at_a_table_that_runs_the_board_once_is_illegal_on_replay() {
    let mut h = run_twice();
    h.set_table_rules(TableRules::STANDARD);
    match replay_hand(&h, &HouseRules::standard()) {
        Outcome::Illegal { action, .. } => assert_eq!(action, 7, "the offer"),
        other => panic!("{}", other.describe(h.unit)),
    }
}

#[test]
fn b26_phh_has_no_notation_for_a_board_run_twice_and_its_writer_says_so() {
    let h = run_twice();
    assert_eq!(write_phh(&h), Err(PhhWriteError::RunsAllowed));
    let mut only_actions = h.clone();
    only_actions.set_table_rules(TableRules::STANDARD);
    assert_eq!(
        write_phh(&only_actions),
        Err(PhhWriteError::BoardRuns { action: 7 })
    );
}

/// Fixed limit 10/20 (blinds 5 and 10): on the flop p1 checks, p2 bets 10 and p3
/// is all in for 15, half a bet over it; p1 then raises to `to`.
fn half_bet_hand(to: u64, half_bet_rule: bool) -> HandHistory {
    let mut h = HandHistory {
        variant: Variant::FixedLimit,
        unit: Unit::default(),
        antes: vec![0; 3],
        blinds_or_straddles: vec![5, 10, 0],
        stakes: Stakes::Limit {
            small_bet: 10,
            big_bet: 20,
        },
        starting_stacks: vec![200, 200, 25],
        actions: vec![
            deal(1, "AsAh"),
            deal(2, "2c3d"),
            deal(3, "KsKh"),
            cc(3),
            cc(1),
            cc(2),
            board("2d7c9s"),
            cc(1),
            cbr(2, 10),
            cbr(3, 15),
            cbr(1, to),
            fold(2),
            board("Jd"),
            board("4c"),
            show(1, "AsAh"),
            show(3, "KsKh"),
        ],
        finishing_stacks: None,
        winnings: None,
        meta: Metadata::default(),
    };
    h.set_table_rules(TableRules {
        half_bet_rule,
        ..TableRules::STANDARD
    });
    h
}

#[test]
fn b25_the_half_bet_rule_switched_off_round_trips_and_replays_under_it() {
    // With the rule, the all-in of 15 is a full raise: the next raise is to 25.
    assert!(settled(&half_bet_hand(25, true)).is_ok());
    assert!(matches!(
        replay_hand(&half_bet_hand(20, true), &HouseRules::standard()),
        Outcome::Illegal { action: 11, .. }
    ));
    // Without it, the all-in is no raise: a raise completes the bet of 10 to 20.
    let h = half_bet_hand(20, false);
    let stacks = settled(&h).expect("legal with the rule off");
    round_trips_natively(&h, &stacks);
    assert!(matches!(
        replay_hand(&half_bet_hand(25, false), &HouseRules::standard()),
        Outcome::Illegal { action: 11, .. }
    ));
    assert_eq!(write_phh(&h), Err(PhhWriteError::HalfBetRuleOff));
}

/// A bomb pot of 5 a player: no pre-flop betting, the flop comes at once.
fn bomb_pot() -> HandHistory {
    let mut h = no_limit(vec![
        deal(1, "AsAh"),
        deal(2, "2c3d"),
        deal(3, "KsKh"),
        board("2d7c9s"),
        cbr(1, 10),
        cc(2),
        fold(3),
        board("Jd"),
        cc(1),
        cc(2),
        board("4c"),
        cc(1),
        cc(2),
        show(1, "AsAh"),
        show(2, "2c3d"),
    ]);
    h.set_table_rules(TableRules {
        bomb_pot: 5,
        ..TableRules::STANDARD
    });
    h
}

#[test]
fn b27_a_bomb_pot_round_trips_and_replays_with_no_pre_flop_betting() {
    let h = bomb_pot();
    // Three posts of 5 and two bets of 10: p1's aces win 35.
    let stacks = settled(&h).expect("the bomb pot settles");
    assert_eq!(stacks, [120, 85, 95]);
    round_trips_natively(&h, &stacks);
    // The same actions without the bomb pot deal a flop while the blinds wait
    // for pre-flop action.
    let mut plain = h.clone();
    plain.set_table_rules(TableRules::STANDARD);
    assert!(matches!(
        replay_hand(&plain, &HouseRules::standard()),
        Outcome::Illegal { action: 4, .. }
    ));
    assert_eq!(write_phh(&h), Err(PhhWriteError::BombPot));
}

#[test]
fn b27_phh_text_that_claims_house_rules_phh_cannot_record_is_refused_by_the_reader() {
    let text = format!(
        "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [100, 100]\nactions = []\n{HOUSE_FIELD} = {{ bomb-pot = 5 }}\n"
    );
    let e = parse_phh(&text).expect_err("PHH cannot record a bomb pot");
    assert_eq!(e.line, 7);
    assert!(e.to_string().contains(HOUSE_FIELD), "{e}");
    let bad = text.replace("bomb-pot = 5", "board-runs = 4");
    let e = parse_phh(&bad).expect_err("four runs");
    assert!(e.to_string().contains("board-runs `4`"), "{e}");
}

/// A PokerStars cash hand run twice (after the real hand #133974380110 of
/// `hhsmithy/CashGame_RunItTwiceTests_RunItTwice2.txt`, without its table's cap):
/// the pot of $164 less $2.80 rake is divided into two runs of $80.60, each split.
const RUN_TWICE: &str = "\
PokerStars Hand #133974380110:  Hold'em No Limit ($2/$4 USD) - 2015/04/19 11:46:35 ET
Table 'Gemma II' 6-max Seat #2 is the button
Seat 1: willybeer22 ($385.96 in chips)
Seat 2: fede_carita ($78.98 in chips)
Seat 3: Gamz11 ($80 in chips)
Seat 4: bobloblaw87 ($102.94 in chips)
Seat 5: nobre13 ($150 in chips)
Seat 6: Garnerus ($156.39 in chips)
Gamz11: posts small blind $2
bobloblaw87: posts big blind $4
*** HOLE CARDS ***
nobre13: folds
Garnerus: raises $4 to $8
willybeer22: folds
fede_carita: folds
Gamz11: raises $72 to $80 and is all-in
bobloblaw87: folds
Garnerus: calls $72
*** FIRST FLOP *** [Qd Qs 4h]
*** FIRST TURN *** [Qd Qs 4h] [Ts]
*** FIRST RIVER *** [Qd Qs 4h Ts] [7s]
*** SECOND FLOP *** [6s 8h 6h]
*** SECOND TURN *** [6s 8h 6h] [Td]
*** SECOND RIVER *** [6s 8h 6h Td] [6c]
*** FIRST SHOW DOWN ***
Gamz11: shows [Ad Ks] (a pair of Queens)
Garnerus: shows [Kh Ac] (a pair of Queens)
Gamz11 collected $40.30 from pot
Garnerus collected $40.30 from pot
*** SECOND SHOW DOWN ***
Gamz11: shows [Ad Ks] (three of a kind, Sixes)
Garnerus: shows [Kh Ac] (three of a kind, Sixes)
Gamz11 collected $40.30 from pot
Garnerus collected $40.30 from pot
*** SUMMARY ***
Total pot $164 | Rake $2.80
Hand was run twice
FIRST Board [Qd Qs 4h Ts 7s]
SECOND Board [6s 8h 6h Td 6c]
Seat 1: willybeer22 folded before Flop (didn't bet)
Seat 2: fede_carita (button) folded before Flop (didn't bet)
Seat 3: Gamz11 (small blind) showed [Ad Ks] and won ($40.30) with a pair of Queens, and won ($40.30) with three of a kind, Sixes
Seat 4: bobloblaw87 (big blind) folded before Flop
Seat 5: nobre13 folded before Flop (didn't bet)
Seat 6: Garnerus showed [Kh Ac] and won ($40.30) with a pair of Queens, and won ($40.30) with three of a kind, Sixes
";

#[test]
fn h5_a_pokerstars_run_it_twice_hand_replays_and_settles_each_run() {
    let hands: Vec<_> = parse_hands(&decode(RUN_TWICE.as_bytes()));
    let [Ok(hand)] = hands.as_slice() else {
        panic!("one hand: {hands:?}")
    };
    let imported = import(hand).expect("imported as a B26 hand");
    let h = &imported.history;
    // Gamz11 (p1, the small blind) is the first player still in: the offer is
    // his, Garnerus (p4) accepts, before the first run's flop.
    let kinds: Vec<&ActionKind> = h.actions.iter().map(|a| &a.kind).collect();
    let offer = kinds
        .iter()
        .position(|k| matches!(k, ActionKind::OfferRuns { .. }))
        .expect("an offer");
    assert_eq!(
        kinds[offer..offer + 3],
        [
            &ActionKind::OfferRuns {
                player: p(1),
                runs: 2
            },
            &ActionKind::AnswerRuns {
                player: p(4),
                accept: true
            },
            &ActionKind::DealBoard {
                cards: cards("QdQs4h")
            },
        ]
    );
    let boards = kinds
        .iter()
        .filter(|k| matches!(k, ActionKind::DealBoard { .. }))
        .count();
    assert_eq!(boards, 6, "three streets a run");
    assert_eq!(h.table_rules().map(|r| r.max_board_runs), Ok(2));
    let outcome = replay_hand(h, &HouseRules::standard());
    assert!(
        matches!(outcome, Outcome::Ok { settled: true, .. }),
        "{}",
        outcome.describe(h.unit)
    );
    // Each run's part is split; the stacks after the $2.80 rake are the text's.
    check(&imported, &outcome).expect("the stacks agree with the collected amounts");
    let Outcome::Ok { stacks, .. } = &outcome else {
        unreachable!()
    };
    round_trips_natively(h, stacks);
    assert!(matches!(
        write_phh(h),
        Err(PhhWriteError::RunsAllowed | PhhWriteError::BoardRuns { .. })
    ));
}

#[test]
fn h5_a_pokerstars_hand_whose_summary_boards_differ_from_its_runs_is_a_disagreement() {
    let text = RUN_TWICE.replace(
        "SECOND Board [6s 8h 6h Td 6c]",
        "SECOND Board [6s 8h 6h Td 6d]",
    );
    let hands: Vec<_> = parse_hands(&decode(text.as_bytes()));
    let [Ok(hand)] = hands.as_slice() else {
        panic!("one hand: {hands:?}")
    };
    let e = import(hand).expect_err("the boards differ");
    assert!(e.to_string().contains("6s 8h 6h Td 6c"), "{e}");
}

// ---------------------------------------------------------------------------
// Random hands with B25-B27

/// A small deterministic generator (xorshift64*), so the property needs no RNG
/// crate: proptest draws the seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Plays a random legal hand with random B25-B27 house rules (half-bet rule on or
/// off in fixed limit, a bomb pot, offers to run the board two or three times
/// accepted or refused) and records it as a history; gives it with the engine's
/// final stacks.
fn random_hand(seed: u64) -> (HandHistory, Vec<u64>) {
    use holdem_betting::{
        Action as Bet, BettingStructure, Chips, DealerInput, Event, Hand, HandConfig, Input,
        Pending, Player as BetPlayer, Seat, SeatStatus, Street, StreetStructures, Timestamp,
    };
    use holdem_cards::Deck;
    let t = Timestamp(0);
    let mut rng = Rng(seed | 1);
    let n = 2 + rng.below(5) as usize;
    let stacks: Vec<u64> = (0..n).map(|_| 10 + rng.below(300)).collect();
    let fixed = rng.chance(40);
    let mut config = if fixed {
        HandConfig::fixed_limit(Chips(20), Chips(40))
    } else {
        HandConfig::no_limit(Chips(20))
    };
    config.fixed_limit_half_bet = !fixed || rng.chance(50);
    if rng.chance(50) {
        config.max_board_runs = 2 + rng.below(2) as u8;
    }
    if rng.chance(30) {
        config.bomb_pot = Chips(5 + rng.below(20));
    }
    // Mixed limits (B28): the pre-flop street keeps the hand's structure, each
    // later one is no, pot or fixed limit (bets of 20 and 40, the big blind's).
    let mut streets = None;
    if rng.chance(30) {
        let variants = [Variant::NoLimit, Variant::PotLimit, Variant::FixedLimit];
        let first = if fixed {
            Variant::FixedLimit
        } else {
            Variant::NoLimit
        };
        let mut pick = || variants[rng.below(3) as usize];
        let chosen = [first, pick(), pick(), pick()];
        let of = |v: Variant| match v {
            Variant::NoLimit => BettingStructure::NoLimit,
            Variant::PotLimit => BettingStructure::PotLimit,
            Variant::FixedLimit => BettingStructure::FixedLimit {
                small_bet: Chips(20),
                big_bet: Chips(40),
            },
        };
        config.street_structures = Some(StreetStructures {
            preflop: of(chosen[0]),
            flop: of(chosen[1]),
            turn: of(chosen[2]),
            river: of(chosen[3]),
        });
        streets = Some(chosen);
    }
    let seat = |i: usize| Seat::new(i as u8).expect("a seat");
    let players: Vec<BetPlayer> = stacks
        .iter()
        .enumerate()
        .map(|(i, &s)| BetPlayer::new(seat(i), Chips(s)))
        .collect();
    let mut hand = Hand::new(config, &players, seat(n - 1)).expect("a valid setup");
    let mut deck = Deck::seeded(seed);
    let mut actions = Vec::new();
    let player = |s: Seat| Player(s.as_usize() as u8);
    for _ in 0..1_000 {
        let input = match hand.pending() {
            Pending::Complete => break,
            Pending::Post { seat, kind, amount } => Input::Post { seat, kind, amount },
            Pending::HoleCards { seat: s } => {
                let c = [deck.deal().ok(), deck.deal().ok()];
                actions.push(act(ActionKind::DealHole {
                    player: player(s),
                    cards: Cards(c.into_iter().collect()),
                }));
                Input::Deal(DealerInput::HoleCards { seat: s, cards: c })
            }
            Pending::Board { street } => {
                if let Some(offer) = hand.run_offer() {
                    let s = offer.waiting.iter().next().expect("someone answers");
                    let accept = rng.chance(75);
                    actions.push(act(ActionKind::AnswerRuns {
                        player: player(s),
                        accept,
                    }));
                    hand.apply(t, Input::AnswerRuns { seat: s, accept })
                        .expect("an answer the offer waits for");
                    continue;
                }
                if hand.runs_offerable() && rng.chance(60) {
                    let s = hand
                        .players()
                        .iter()
                        .find(|&s| matches!(hand.status(s), SeatStatus::Active | SeatStatus::AllIn))
                        .expect("a player still in");
                    let runs = 2 + rng.below(u64::from(hand.config().max_board_runs - 1)) as u8;
                    actions.push(act(ActionKind::OfferRuns {
                        player: player(s),
                        runs,
                    }));
                    hand.apply(t, Input::OfferRuns { seat: s, runs })
                        .expect("an offer in the window");
                    continue;
                }
                let k = if street == Street::Flop { 3 } else { 1 };
                let c: Vec<Option<Card>> = (0..k).map(|_| deck.deal().ok()).collect();
                actions.push(act(ActionKind::DealBoard {
                    cards: Cards(c.iter().copied().collect()),
                }));
                Input::Deal(match street {
                    Street::Flop => DealerInput::Flop([c[0], c[1], c[2]]),
                    Street::Turn => DealerInput::Turn(c[0]),
                    _ => DealerInput::River(c[0]),
                })
            }
            Pending::Action { seat: s } => {
                let legal = hand.legal_actions().expect("legal actions");
                let action = match rng.below(10) {
                    0 if legal.fold => Bet::Fold,
                    1..=3 => match legal.bet.or(legal.raise) {
                        Some(r) => Bet::BetOrRaiseTo(r.min),
                        None => Bet::CheckOrCall,
                    },
                    4 if legal.all_in_to.is_some() => Bet::AllIn,
                    _ => Bet::CheckOrCall,
                };
                let events = hand
                    .apply(t, Input::act(s, action))
                    .expect("a legal action");
                for e in &events {
                    let kind = match e.event {
                        Event::Folded { seat } => ActionKind::Fold {
                            player: player(seat),
                        },
                        Event::Checked { seat } | Event::Called { seat, .. } => {
                            ActionKind::CheckCall {
                                player: player(seat),
                            }
                        }
                        Event::Bet { seat, to, .. } | Event::Raised { seat, to, .. } => {
                            ActionKind::BetRaiseTo {
                                player: player(seat),
                                amount: to.get(),
                            }
                        }
                        _ => continue,
                    };
                    actions.push(act(kind));
                    break;
                }
                continue;
            }
            Pending::Showdown { seat: s } => {
                let hole = hand.hole_cards(s);
                actions.push(act(ActionKind::ShowMuck {
                    player: player(s),
                    shown: Shown::Cards(Cards(hole.into_iter().collect())),
                }));
                Input::Show {
                    seat: s,
                    cards: None,
                }
            }
        };
        hand.apply(t, input)
            .expect("a dealer input the hand waits for");
    }
    let result = hand.result().expect("the hand ends");
    let finals: Vec<u64> = (0..n).map(|i| result.final_stack(seat(i)).get()).collect();
    let (variant, stakes) = if fixed {
        (
            Variant::FixedLimit,
            Stakes::Limit {
                small_bet: 20,
                big_bet: 40,
            },
        )
    } else {
        (Variant::NoLimit, Stakes::MinBet(20))
    };
    let mut blinds = vec![0; n];
    let (sb, bb) = if n == 2 { (1, 0) } else { (0, 1) };
    let phh_index = |i: usize| if n == 2 { 1 - i } else { i };
    blinds[phh_index(sb)] = config.small_blind.get();
    blinds[phh_index(bb)] = config.big_blind.get();
    let mut h = HandHistory {
        variant,
        unit: Unit::default(),
        antes: vec![0; n],
        blinds_or_straddles: blinds,
        stakes,
        starting_stacks: stacks,
        actions,
        finishing_stacks: Some(finals.clone()),
        winnings: None,
        meta: Metadata::default(),
    };
    h.set_table_rules(TableRules {
        half_bet_rule: config.fixed_limit_half_bet,
        bomb_pot: config.bomb_pot.get(),
        max_board_runs: config.max_board_runs.max(1),
        streets,
        odd_chips: OddChips::LeftOfButton,
    });
    (h, finals)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// B25-B28: random legal hands with the half-bet rule on or off, bomb pots,
    /// boards run two or three times and mixed limits by street round-trip through JSON Lines and both
    /// postcard versions to the same hand, which replays to the engine's stacks.
    #[test]
    fn b26_random_hands_with_the_house_rules_round_trip_through_the_native_formats(
        seed in proptest::prelude::any::<u64>(),
    ) {
        let (h, finals) = random_hand(seed);
        let replayed = settled(&h);
        proptest::prop_assert_eq!(replayed.as_deref(), Ok(finals.as_slice()));
        round_trips_natively(&h, &finals);
        if !h.table_rules().is_ok_and(|r| r.is_standard()) {
            proptest::prop_assert!(write_phh(&h).is_err());
        }
    }
}

/// The random hands of the property above reach what it is about: boards run
/// more than once, bomb pots and the half-bet rule off in fixed limit.
#[test]
fn b26_the_random_hands_run_boards_more_than_once_and_hold_bomb_pots() {
    let (mut runs, mut bombs, mut half_bet_off, mut mixed) = (0, 0, 0, 0);
    for seed in 0..300 {
        let (h, _) = random_hand(seed);
        let rules = h.table_rules().expect("valid rules");
        let offers = h
            .actions
            .iter()
            .filter(|a| matches!(a.kind, ActionKind::OfferRuns { .. }))
            .count();
        let refused = h
            .actions
            .iter()
            .any(|a| matches!(a.kind, ActionKind::AnswerRuns { accept: false, .. }));
        runs += usize::from(offers > 0 && !refused);
        bombs += usize::from(rules.bomb_pot > 0);
        half_bet_off += usize::from(!rules.half_bet_rule);
        mixed += usize::from(rules.streets.is_some());
    }
    assert!(mixed >= 30, "{mixed} mixed-limit hands (B28)");
    assert!(runs >= 10, "{runs} hands run more than once");
    assert!(bombs >= 30, "{bombs} bomb pots");
    assert!(
        half_bet_off >= 30,
        "{half_bet_off} hands with the half-bet rule off"
    );
}

/// A crafted PokerStars "PL/NL" hand (B28): charlie raises the pot before the flop
/// ($1.75: the $0.75 of blinds, the $0.50 call and $0.50 more), then overbets the
/// flop ($10 into $3.75), which no limit allows; the turn bet is uncalled.
const PL_NL: &str = "\
PokerStars Hand #250000000001:  Hold'em Pot Limit Pre-Flop, No Limit Post-Flop ($0.25/$0.50 USD) - 2024/03/01 12:00:00 ET
Table 'Mixta' 6-max Seat #3 is the button
Seat 1: alpha ($50 in chips)
Seat 2: bravo ($50 in chips)
Seat 3: charlie ($50 in chips)
alpha: posts small blind $0.25
bravo: posts big blind $0.50
*** HOLE CARDS ***
charlie: raises $1.25 to $1.75
alpha: folds
bravo: calls $1.25
*** FLOP *** [Ah 7c 2d]
bravo: checks
charlie: bets $10
bravo: calls $10
*** TURN *** [Ah 7c 2d] [Ks]
bravo: checks
charlie: bets $30
bravo: folds
Uncalled bet ($30) returned to charlie
charlie collected $22.75 from pot
charlie: doesn't show hand
*** SUMMARY ***
Total pot $23.75 | Rake $1
Board [Ah 7c 2d Ks]
Seat 1: alpha (small blind) folded before Flop
Seat 2: bravo (big blind) folded on the Turn
Seat 3: charlie (button) collected ($22.75)
";

/// The one hand of `text`, imported.
fn import_one(text: &str) -> holdem_history::pokerstars::Imported {
    let hands: Vec<_> = parse_hands(&decode(text.as_bytes()));
    let [Ok(hand)] = hands.as_slice() else {
        panic!("one hand: {hands:?}")
    };
    import(hand).expect("imported")
}

#[test]
fn b28_a_pokerstars_pot_limit_pre_flop_no_limit_post_flop_hand_imports_and_settles() {
    let imported = import_one(PL_NL);
    let h = &imported.history;
    assert_eq!(h.variant, Variant::PotLimit, "the pre-flop structure");
    assert_eq!(
        h.table_rules().map(|r| r.streets),
        Ok(Some([
            Variant::PotLimit,
            Variant::NoLimit,
            Variant::NoLimit,
            Variant::NoLimit
        ]))
    );
    let outcome = replay_hand(h, &HouseRules::standard());
    assert!(
        matches!(outcome, Outcome::Ok { settled: true, .. }),
        "{}",
        outcome.describe(h.unit)
    );
    check(&imported, &outcome).expect("the stacks agree with the text");
    let Outcome::Ok {
        stacks,
        stacks_after_rake,
        ..
    } = &outcome
    else {
        unreachable!()
    };
    // Stacks in cents: charlie wins the $23.75 pot, $1 of it raked, less his
    // $11.75; bravo loses $11.75, alpha the small blind.
    assert_eq!(stacks.as_slice(), [4975, 3825, 6200]);
    assert_eq!(stacks_after_rake.as_slice(), [4975, 3825, 6100]);
    round_trips_natively(h, stacks);
    assert_eq!(write_phh(h), Err(PhhWriteError::MixedLimits));
}

#[test]
fn b28_a_pre_flop_raise_above_the_pot_in_a_pl_nl_hand_is_illegal() {
    // $2 is more than the pot-limit $1.75 (B11 before the flop).
    let text = PL_NL
        .replace("raises $1.25 to $1.75", "raises $1.50 to $2")
        .replace("calls $1.25", "calls $1.50");
    let imported = import_one(&text);
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    let Outcome::Illegal { reason, .. } = &outcome else {
        panic!("{}", outcome.describe(imported.history.unit))
    };
    assert_eq!(reason.rule(), "B11", "{reason}");
    // The same raise in a pot-limit hand on the flop would be refused too; in this
    // hand the flop is no limit, which the first test's $10 overbet shows.
}

#[test]
fn b28_a_mix_pokerstars_does_not_play_is_unsupported_and_named() {
    let text = PL_NL.replace(
        "Pot Limit Pre-Flop, No Limit Post-Flop",
        "No Limit Pre-Flop, Pot Limit Post-Flop",
    );
    let hands: Vec<_> = parse_hands(&decode(text.as_bytes()));
    let [Err(e)] = hands.as_slice() else {
        panic!("refused: {hands:?}")
    };
    assert!(
        e.is_unsupported() && e.to_string().contains("mixed limits"),
        "{e}"
    );
}

/// A no-limit hand whose turn and river are fixed limit (B28): the big blind is 2,
/// so those streets bet 4.
fn no_limit_then_fixed(turn_bet: u64) -> HandHistory {
    let mut h = no_limit(vec![
        deal(1, "AsAh"),
        deal(2, "2c3d"),
        deal(3, "KsKh"),
        cbr(3, 10),
        cc(1),
        fold(2),
        board("Jc8d4s"),
        cbr(1, 30),
        cc(3),
        board("9h"),
        cbr(1, turn_bet),
        cc(3),
        board("2s"),
        cc(1),
        cc(3),
        show(1, "AsAh"),
        show(3, "KsKh"),
    ]);
    h.set_table_rules(TableRules {
        streets: Some([
            Variant::NoLimit,
            Variant::NoLimit,
            Variant::FixedLimit,
            Variant::FixedLimit,
        ]),
        ..TableRules::STANDARD
    });
    h
}

#[test]
fn b28_fixed_limit_streets_of_a_mixed_hand_bet_their_size_and_round_trip_natively() {
    let h = no_limit_then_fixed(4);
    let stacks = settled(&h).expect("settles");
    // p1 wins 2 (p2's blind) + 10 + 30 + 4 from p3.
    assert_eq!(stacks, [146, 98, 56]);
    round_trips_natively(&h, &stacks);
    assert_eq!(write_phh(&h), Err(PhhWriteError::MixedLimits));
    // The same bet on a no-limit turn is legal at any size; here it is not.
    let e = settled(&no_limit_then_fixed(20)).expect_err("a fixed-limit turn bets 4");
    assert!(e.contains("B9") || e.contains("fixed"), "{e}");
    let mut plain = no_limit_then_fixed(20);
    plain.set_table_rules(TableRules::STANDARD);
    assert!(settled(&plain).is_ok(), "no limit allows it");
}

#[test]
fn b28_phh_text_that_claims_mixed_limits_is_refused_and_a_bad_streets_entry_named() {
    let text = format!(
        "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [100, 100]\nactions = []\n\
         {HOUSE_FIELD} = {{ streets = [\"PT\", \"NT\", \"NT\", \"NT\"] }}\n"
    );
    let e = parse_phh(&text).expect_err("PHH cannot record mixed limits");
    assert_eq!(e.line, 7);
    assert!(e.to_string().contains("B28"), "{e}");
    let bad = text.replace("\"PT\", ", "");
    let e = parse_phh(&bad).expect_err("three streets");
    assert!(e.to_string().contains("four variant codes"), "{e}");
    // A native hand whose pre-flop entry is not its variant is refused on replay.
    let mut h = no_limit_then_fixed(4);
    h.set_table_rules(TableRules {
        streets: Some([Variant::PotLimit; 4]),
        ..TableRules::STANDARD
    });
    let e = settled(&h).expect_err("the pre-flop structure is the variant");
    assert!(e.contains("B28"), "{e}");
}

#[test]
fn p3_a_recorded_odd_chip_order_lists_distinct_players_of_the_hand() {
    use holdem_history::phh::{InlineTableError, parse_house};
    use holdem_history::replay::{SetupError, UnsupportedReason};
    let unit = Unit::default();
    // 1-based in the text, 0-based in the model, and back.
    let rules = parse_house("{ odd-chips = [3, 1, 2] }", unit).expect("valid");
    assert_eq!(rules.odd_chips.players(), [2, 0, 1]);
    assert_eq!(rules.to_toml(unit), "{ odd-chips = [3, 1, 2] }");
    // A player twice, a player 0, a name: typed errors naming the key.
    for bad in ["{ odd-chips = [2, 2] }", "{ odd-chips = [0] }"] {
        assert!(
            matches!(
                parse_house(bad, unit),
                Err(InlineTableError::OutOfRange {
                    key: "odd-chips",
                    ..
                })
            ),
            "{bad}"
        );
    }
    assert!(matches!(
        parse_house("{ odd-chips = \"highest-seat-first\" }", unit),
        Err(InlineTableError::WrongType {
            key: "odd-chips",
            ..
        })
    ));
    // A player the hand does not have: the engine does not play the hand.
    let mut h = no_limit(vec![]);
    h.set_table_rules(TableRules {
        odd_chips: OddChips::listing(&[1, 7]),
        ..TableRules::STANDARD
    });
    match replay_hand(&h, &HouseRules::standard()) {
        Outcome::Unsupported {
            reason:
                UnsupportedReason::Setup(
                    e @ SetupError::OddChipsPlayer {
                        player: 8,
                        players: 3,
                    },
                ),
        } => assert_eq!(e.rule(), "P3"),
        other => panic!("{other:?}"),
    }
}
