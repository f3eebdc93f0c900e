//! A seeded generator of random legal hands: simple random bots choose among the
//! engine's legal actions (`Hand::legal_actions`), and the dealer draws from a
//! ChaCha8-shuffled deck. The same seed gives the same hands, byte for byte.

use arrayvec::ArrayVec;
use holdem_betting::{
    Action as BetAction, Chips, DealerInput, Discard, Hand, HandConfig, Input, Pending,
    Player as BetPlayer, Seat, Street, Timestamp,
};
use holdem_cards::Card;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use holdem_history::{
    Action, ActionKind, Cards, HandHistory, Metadata, Player, Shown, Stakes, Unit, Variant,
};

/// Why a hand could not be generated (an engine error: a bug, reported, not hidden).
#[derive(Debug, thiserror::Error)]
#[error("generated hand {hand}: {reason}")]
pub struct GenerateError {
    /// 1-based hand number.
    pub hand: usize,
    /// The engine's error.
    pub reason: String,
}

/// Random choices without modulo bias. Not `holdem_cards::uniform_below_u64`:
/// this draw (rejecting the top partial zone of `u64`, then `x % n`) made the
/// committed corpus under `data/histories/generated`, which
/// `h1_generated_corpus_is_reproducible` pins byte for byte.
struct Dice(ChaCha8Rng);

impl Dice {
    /// Uniform in `0..n` (`n > 0`), by rejection sampling.
    fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.0.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi.saturating_sub(lo).saturating_add(1))
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Generates `count` hands from `seed`, calling `out` for each.
pub fn generate(
    seed: u64,
    count: usize,
    mut out: impl FnMut(HandHistory) -> std::io::Result<()>,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut dice = Dice(ChaCha8Rng::seed_from_u64(seed));
    for i in 1..=count {
        let hand = one_hand(&mut dice).map_err(|reason| GenerateError { hand: i, reason })?;
        out(hand)?;
    }
    Ok(())
}

fn one_hand(d: &mut Dice) -> Result<HandHistory, String> {
    let n = d.range(2, 9) as usize;
    let variant = match d.below(10) {
        0..=5 => Variant::NoLimit,
        6 | 7 => Variant::PotLimit,
        _ => Variant::FixedLimit,
    };
    let bb = [2u64, 10, 50, 100, 200][d.below(5) as usize];
    let sb = bb / 2;
    let (ante, bb_ante) = match d.below(10) {
        0 => (bb / 10, 0),
        1 => (0, bb),
        _ => (0, 0),
    };
    let stacks: Vec<u64> = (0..n)
        .map(|_| {
            if d.chance(5) {
                d.range(1, bb)
            } else {
                d.range(10 * bb, 150 * bb)
            }
        })
        .collect();
    // PHH arrays by player; heads-up the forced bets are written reversed.
    let (sb_player, bb_player) = if n == 2 { (1, 0) } else { (0, 1) };
    let phh_index = |player: usize| if n == 2 { 1 - player } else { player };
    let mut blinds = vec![0; n];
    blinds[phh_index(sb_player)] = sb;
    blinds[phh_index(bb_player)] = bb;
    let antes: Vec<u64> = if bb_ante > 0 {
        let mut a = vec![0; n];
        a[phh_index(bb_player)] = bb_ante;
        a
    } else {
        vec![ante; n]
    };
    let (stakes, base) = match variant {
        Variant::NoLimit => (Stakes::MinBet(bb), HandConfig::no_limit(Chips(bb))),
        Variant::PotLimit => (Stakes::MinBet(bb), HandConfig::pot_limit(Chips(bb))),
        Variant::FixedLimit => (
            Stakes::Limit {
                small_bet: bb,
                big_bet: 2 * bb,
            },
            HandConfig::fixed_limit(Chips(bb), Chips(2 * bb)),
        ),
    };
    let mut config = base.with_blinds(Chips(sb), Chips(bb));
    config.ante = Chips(ante);
    config.big_blind_ante = Chips(bb_ante);

    let seat = |i: usize| Seat::new(i as u8).ok_or_else(|| format!("no seat {i}"));
    let players: Vec<BetPlayer> = stacks
        .iter()
        .enumerate()
        .map(|(i, &s)| Ok(BetPlayer::new(seat(i)?, Chips(s))))
        .collect::<Result<_, String>>()?;
    let mut hand = Hand::new(config, &players, seat(n - 1)?).map_err(|e| e.to_string())?;
    let t = Timestamp(0);
    hand.post_forced_bets(t, &mut Discard)
        .map_err(|e| e.to_string())?;

    let mut deck: Vec<Card> = Card::ALL.to_vec();
    for i in (1..deck.len()).rev() {
        let j = d.below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    let mut next_card = || deck.pop();
    let mut actions = Vec::with_capacity(32);
    let mut push = |kind| {
        actions.push(Action {
            kind,
            comment: None,
        })
    };
    let apply = |hand: &mut Hand<holdem_eval::Evaluator>, input| {
        hand.apply(t, input).map(|_| ()).map_err(|e| e.to_string())
    };

    for i in 0..n {
        let cards = [next_card(), next_card()];
        apply(
            &mut hand,
            Input::Deal(DealerInput::HoleCards {
                seat: seat(i)?,
                cards,
            }),
        )?;
        push(ActionKind::DealHole {
            player: Player(i as u8),
            cards: Cards(cards.into_iter().collect()),
        });
    }
    let mut guard = 0;
    loop {
        guard += 1;
        if guard > 1000 {
            return Err("the hand does not end".into());
        }
        match hand.pending() {
            Pending::Complete => break,
            Pending::Board { street } => {
                let k = if street == Street::Flop { 3 } else { 1 };
                let cards: ArrayVec<Option<Card>, 5> = (0..k).map(|_| next_card()).collect();
                let input = match street {
                    Street::Flop => DealerInput::Flop([cards[0], cards[1], cards[2]]),
                    Street::Turn => DealerInput::Turn(cards[0]),
                    _ => DealerInput::River(cards[0]),
                };
                apply(&mut hand, Input::Deal(input))?;
                push(ActionKind::DealBoard {
                    cards: Cards(cards),
                });
            }
            Pending::Action { seat: s } => {
                let legal = hand
                    .legal_actions()
                    .ok_or("no legal actions for the seat to act")?;
                let player = Player(s.as_usize() as u8);
                let facing = legal.call_to.is_some();
                let sized = legal.raise.or(legal.bet);
                let roll = d.below(100);
                let (action, kind) = if facing && roll < 20 {
                    (BetAction::Fold, ActionKind::Fold { player })
                } else if let (Some(range), true) = (sized, roll >= 75) {
                    let lo = range.min.get();
                    let hi = if d.chance(80) {
                        range.max.get().min(lo.saturating_mul(3))
                    } else {
                        range.max.get()
                    };
                    let to = d.range(lo, hi.max(lo));
                    (
                        BetAction::BetOrRaiseTo(Chips(to)),
                        ActionKind::BetRaiseTo { player, amount: to },
                    )
                } else {
                    (BetAction::CheckOrCall, ActionKind::CheckCall { player })
                };
                apply(&mut hand, Input::act(s, action))?;
                push(kind);
            }
            Pending::Showdown { seat: s } => {
                let player = Player(s.as_usize() as u8);
                let hole = hand.hole_cards(s);
                if d.chance(85) {
                    apply(
                        &mut hand,
                        Input::Show {
                            seat: s,
                            cards: None,
                        },
                    )?;
                    push(ActionKind::ShowMuck {
                        player,
                        shown: Shown::Cards(Cards(hole.into_iter().collect())),
                    });
                } else {
                    apply(&mut hand, Input::Muck { seat: s })?;
                    push(ActionKind::ShowMuck {
                        player,
                        shown: Shown::Muck,
                    });
                }
            }
            other => return Err(format!("unexpected pending input: {other}")),
        }
    }
    let result = hand
        .result()
        .ok_or("the hand is complete without a result")?;
    let finishing = (0..n)
        .map(|i| Ok(result.final_stack(seat(i)?).get()))
        .collect::<Result<Vec<u64>, String>>()?;
    Ok(HandHistory {
        variant,
        unit: Unit::default(),
        antes,
        blinds_or_straddles: blinds,
        stakes,
        starting_stacks: stacks,
        actions,
        finishing_stacks: Some(finishing),
        winnings: None,
        meta: Metadata::default(),
    })
}
