//! A seeded generator of random legal hands, as histories.
//!
//! Simple random bots choose among the engine's legal actions
//! (`Hand::legal_actions`), and the dealer deals from a deck shuffled with
//! [`holdem_cards::shuffle`]. Every random choice is the crates' one unbiased
//! bounded draw ([`uniform_below_u64`]) from a [`ChaCha8Rng`] seeded with the
//! generator's seed. `holdem gen-histories` writes the corpus under
//! `data/histories/generated/` with it.
//!
//! # Invariants
//! - The same seed generates the same hands, byte for byte.
//! - Every hand is played through `holdem_betting::Hand`, so it is legal and ends
//!   settled, with its finishing stacks recorded: chips are conserved.
//! - An engine error is a bug; it is returned ([`GenerateError`]), never hidden.
//!
//! ```
//! use holdem_history::generate::HandGenerator;
//! use holdem_history::replay::{HouseRules, Outcome, replay_hand};
//!
//! let hands: Vec<_> = HandGenerator::new(7).take(3).collect::<Result<_, _>>()?;
//! assert_eq!(hands.len(), 3);
//! for hand in &hands {
//!     let outcome = replay_hand(hand, &HouseRules::standard());
//!     assert!(matches!(outcome, Outcome::Ok { .. }), "{outcome:?}");
//! }
//! // The same seed, the same hands.
//! let again: Vec<_> = HandGenerator::new(7).take(3).collect::<Result<_, _>>()?;
//! assert_eq!(again, hands);
//! # Ok::<(), holdem_history::generate::GenerateError>(())
//! ```

use core::num::NonZeroU64;

use arrayvec::ArrayVec;
use holdem_betting::{
    Action as BetAction, Chips, DealerInput, Discard, Hand, HandConfig, HandError, Input, Pending,
    Player as BetPlayer, Seat, Street, Timestamp,
};
use holdem_cards::Card;
use holdem_cards::rng::{ChaCha8Rng, SeedableRng, uniform_below_u64};

use crate::{
    Action, ActionKind, Cards, HandHistory, Metadata, Player, Shown, Stakes, Unit, Variant,
};

/// Why a hand could not be generated: an engine error or an engine state the
/// generator does not expect (a bug, reported, not hidden).
#[derive(Debug, thiserror::Error)]
#[error("generated hand {hand}: {kind}")]
pub struct GenerateError {
    /// 1-based hand number.
    pub hand: u64,
    /// What went wrong.
    pub kind: GenerateErrorKind,
}

/// What went wrong in a [`GenerateError`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateErrorKind {
    /// The engine refused a configuration or an input the generator made.
    #[error("{0}")]
    Engine(#[from] HandError),
    /// The engine asked for an input the generator does not give.
    #[error("unexpected pending input: {0}")]
    Unexpected(Pending),
    /// The engine is in a state a playable hand is never in (no seat, no legal
    /// actions for the seat to act, no result, or a hand that does not end).
    #[error("{0}")]
    Stuck(&'static str),
}

/// An endless, seeded stream of random legal hands (see the [module](self)).
#[derive(Clone, Debug)]
pub struct HandGenerator {
    dice: Dice,
    hand: u64,
}

impl HandGenerator {
    /// The hands of `seed`, from the first.
    #[must_use]
    pub fn new(seed: u64) -> HandGenerator {
        HandGenerator {
            dice: Dice(ChaCha8Rng::seed_from_u64(seed)),
            hand: 0,
        }
    }
}

impl Iterator for HandGenerator {
    type Item = Result<HandHistory, GenerateError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.hand += 1;
        let hand = self.hand;
        Some(one_hand(&mut self.dice).map_err(|kind| GenerateError { hand, kind }))
    }
}

/// The generator's random choices, all through [`uniform_below_u64`].
#[derive(Clone, Debug)]
struct Dice(ChaCha8Rng);

impl Dice {
    /// Uniform in `0..n`; 0 when `n` is 0.
    fn below(&mut self, n: u64) -> u64 {
        NonZeroU64::new(n).map_or(0, |n| uniform_below_u64(&mut self.0, n))
    }

    /// Uniform in `lo..=hi` (`lo` when `hi < lo`).
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi.saturating_sub(lo).saturating_add(1))
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn seat(i: usize) -> Result<Seat, GenerateErrorKind> {
    u8::try_from(i)
        .ok()
        .and_then(Seat::new)
        .ok_or(GenerateErrorKind::Stuck("a seat past the table"))
}

/// The table of one hand: its configuration and the history's forced bets, in the
/// history's player order (heads-up, PHH writes the forced bets reversed).
struct Table {
    variant: Variant,
    stakes: Stakes,
    config: HandConfig,
    stacks: Vec<u64>,
    antes: Vec<u64>,
    blinds: Vec<u64>,
}

fn table(d: &mut Dice) -> Table {
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
    Table {
        variant,
        stakes,
        config,
        stacks,
        antes,
        blinds,
    }
}

fn one_hand(d: &mut Dice) -> Result<HandHistory, GenerateErrorKind> {
    let table = table(d);
    let n = table.stacks.len();
    let players: Vec<BetPlayer> = table
        .stacks
        .iter()
        .enumerate()
        .map(|(i, &s)| Ok(BetPlayer::new(seat(i)?, Chips(s))))
        .collect::<Result<_, GenerateErrorKind>>()?;
    let mut hand: Hand = Hand::new(table.config, &players, seat(n - 1)?)?;
    let t = Timestamp(0);
    hand.post_forced_bets(t, &mut Discard)?;

    let mut deck: Vec<Card> = Card::ALL.to_vec();
    holdem_cards::shuffle(&mut deck, &mut d.0);
    let mut next_card = || deck.pop();
    let mut actions = Vec::with_capacity(32);
    let mut push = |kind| {
        actions.push(Action {
            kind,
            comment: None,
        });
    };
    let apply = |hand: &mut Hand, input| hand.apply(t, input).map(|_| ());

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
    for _ in 0..1000 {
        match hand.pending() {
            Pending::Complete => {
                let result = hand
                    .result()
                    .ok_or(GenerateErrorKind::Stuck("a complete hand without a result"))?;
                let finishing = (0..n)
                    .map(|i| Ok(result.final_stack(seat(i)?).get()))
                    .collect::<Result<Vec<u64>, GenerateErrorKind>>()?;
                return Ok(HandHistory {
                    variant: table.variant,
                    unit: Unit::default(),
                    antes: table.antes,
                    blinds_or_straddles: table.blinds,
                    stakes: table.stakes,
                    starting_stacks: table.stacks,
                    actions,
                    finishing_stacks: Some(finishing),
                    winnings: None,
                    meta: Metadata::default(),
                });
            }
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
                let legal = hand.legal_actions().ok_or(GenerateErrorKind::Stuck(
                    "no legal actions for the seat to act",
                ))?;
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
                let shown = if d.chance(85) {
                    apply(
                        &mut hand,
                        Input::Show {
                            seat: s,
                            cards: None,
                        },
                    )?;
                    Shown::Cards(Cards(hand.hole_cards(s).into_iter().collect()))
                } else {
                    apply(&mut hand, Input::Muck { seat: s })?;
                    Shown::Muck
                };
                push(ActionKind::ShowMuck { player, shown });
            }
            other => return Err(GenerateErrorKind::Unexpected(other)),
        }
    }
    Err(GenerateErrorKind::Stuck("the hand does not end"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{HouseRules, Outcome, replay_hand};

    #[test]
    fn h1_generated_hands_replay_settled_with_their_stacks_and_repeat_by_seed() {
        let rules = HouseRules::standard();
        let hands: Vec<HandHistory> = HandGenerator::new(11)
            .take(200)
            .collect::<Result<_, _>>()
            .expect("legal hands");
        for (i, hand) in hands.iter().enumerate() {
            let outcome = replay_hand(hand, &rules);
            assert!(
                matches!(outcome, Outcome::Ok { .. }),
                "hand {i}: {outcome:?}"
            );
            let before: u64 = hand.starting_stacks.iter().sum();
            let after: u64 = hand
                .finishing_stacks
                .as_ref()
                .expect("recorded")
                .iter()
                .sum();
            assert_eq!(before, after, "hand {i}: chips are conserved");
        }
        let again: Vec<HandHistory> = HandGenerator::new(11)
            .take(200)
            .collect::<Result<_, _>>()
            .expect("legal hands");
        assert_eq!(again, hands);
        let other: Vec<HandHistory> = HandGenerator::new(12)
            .take(200)
            .collect::<Result<_, _>>()
            .expect("legal hands");
        assert_ne!(other, hands);
    }

    #[test]
    fn every_draw_is_in_its_range() {
        let mut d = Dice(ChaCha8Rng::seed_from_u64(3));
        assert_eq!(d.below(0), 0);
        assert_eq!(d.range(5, 4), 5);
        for _ in 0..1000 {
            assert!(d.below(7) < 7);
            assert!((3..=9).contains(&d.range(3, 9)));
        }
        assert_eq!(d.range(u64::MAX, u64::MAX), u64::MAX);
    }
}
