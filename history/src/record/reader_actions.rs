//! Reading cards and actions, in the `HOLDEMH2` layout and in postcard's.

use super::action::ActionRecord;
use super::error::{EnumField, Field, RecordError, RecordReason};
use super::frame::{V2_ANSWER_RUNS, V2_COMMENTED, V2_OFFER_RUNS, V2_UNKNOWN_CARD};
use super::hand::action_slots;
use super::reader::Reader;
use crate::compact::{CompactAction, CompactCards, CompactShown};
use crate::model::Player;

impl<'a> Reader<'a> {
    /// `HOLDEMH2` cards: a count (at most five), then a byte a card (its index, or
    /// [`V2_UNKNOWN_CARD`]).
    #[inline(always)]
    pub(super) fn cards_v2(&mut self) -> Result<CompactCards, RecordError> {
        let n = usize::from(self.byte()?);
        self.card_bytes(n)
    }

    /// `n` `HOLDEMH2` card bytes.
    #[inline(always)]
    pub(super) fn card_bytes(&mut self, n: usize) -> Result<CompactCards, RecordError> {
        if n > 5 {
            return Err(self.fail(RecordReason::TooManyCards));
        }
        let Some((bytes, rest)) = self.rest.split_at_checked(n) else {
            return Err(self.fail(RecordReason::EndsEarly));
        };
        let mut cards = [V2_UNKNOWN_CARD; 5];
        for (i, (slot, &b)) in cards.iter_mut().zip(bytes).enumerate() {
            if b > V2_UNKNOWN_CARD {
                let mut e = self.fail(RecordReason::BadCard { found: b });
                e.offset = e.offset.saturating_add(i as u32);
                return Err(e);
            }
            *slot = b;
        }
        self.rest = rest;
        // (At most five cards, each a card index or the unknown card's byte.)
        Ok(CompactCards::from_checked_bytes(n as u8, cards))
    }

    /// The `HOLDEMH2` action list (a count, then the actions), into `out` (emptied
    /// first).
    #[inline(always)]
    pub(super) fn actions_v2(&mut self, out: &mut Vec<ActionRecord>) -> Result<usize, RecordError> {
        let n = self.len()?;
        // Each action takes at least one byte: a longer count is a hand that ends
        // early, and nothing is written for it.
        if n > self.rest.len() {
            return Err(self.fail(RecordReason::EndsEarly));
        }
        // Written in place, in the first `n` of the storage (grown when it holds
        // fewer): a push loaded the list's length and capacity and stored the length
        // again for each action.
        for slot in action_slots(out, n) {
            let mut code = self.byte()?;
            let mut comment = None;
            // A commentary comes first: its byte (`V2_COMMENTED`, kind 7) is one more
            // arm of the dispatch on the kind, which then reads the action byte (no
            // test before the dispatch).
            loop {
                let player = Player(code & 0x1f);
                // Each kind pushed in its own arm: through one shared push, the kinds'
                // different layouts met in stack slots, copied field by field.
                let mut push = |action| *slot = ActionRecord { action, comment };
                match code >> 5 {
                    // The common deals, known cards only (two hole cards, a flop, a turn
                    // or river card), in one slice pattern each and pushed in their own
                    // arm; other card lists a byte at a time.
                    0 => match *self.rest {
                        [2, a, b, ref rest @ ..] if a < 52 && b < 52 => {
                            self.rest = rest;
                            push(CompactAction::DealHole {
                                player,
                                cards: CompactCards::known([a, b]),
                            })
                        }
                        _ => push(CompactAction::DealHole {
                            player,
                            cards: self.cards_v2()?,
                        }),
                    },
                    1 if player.0 == 0 => match *self.rest {
                        [3, a, b, c, ref rest @ ..] if a < 52 && b < 52 && c < 52 => {
                            self.rest = rest;
                            push(CompactAction::DealBoard {
                                cards: CompactCards::known([a, b, c]),
                            })
                        }
                        [1, a, ref rest @ ..] if a < 52 => {
                            self.rest = rest;
                            push(CompactAction::DealBoard {
                                cards: CompactCards::known([a]),
                            })
                        }
                        _ => push(CompactAction::DealBoard {
                            cards: self.cards_v2()?,
                        }),
                    },
                    2 => push(CompactAction::Fold { player }),
                    3 => push(CompactAction::CheckCall { player }),
                    4 => push(CompactAction::BetRaiseTo {
                        player,
                        amount: self.u64()?,
                    }),
                    5 => push(CompactAction::ShowMuck {
                        player,
                        shown: match self.byte()? {
                            0 => CompactShown::Muck,
                            1 => CompactShown::AsDealt,
                            k @ 2..=7 => CompactShown::Cards(self.card_bytes(usize::from(k - 2))?),
                            found => {
                                return Err(
                                    self.fail_last_byte(RecordReason::BadShowByte { found })
                                );
                            }
                        },
                    }),
                    6 if player.0 == 0 => push(CompactAction::NoOp),
                    // The commentary's byte, once, before the action byte.
                    7 if code == V2_COMMENTED && comment.is_none() => {
                        comment = Some(self.span()?);
                        code = self.byte()?;
                        continue;
                    }
                    // The rare bytes (an offer or answer to run the board more than
                    // once, or a bad byte) share the cold arm, which keeps the common
                    // arms small.
                    _ => push(self.rare_action(code)?),
                }
                break;
            }
        }
        Ok(n)
    }

    /// A `HOLDEMH2` action byte none of the common kinds takes: an offer
    /// ([`V2_OFFER_RUNS`]: the player's byte and the runs follow) or an answer
    /// ([`V2_ANSWER_RUNS`]: the player's byte and 1 to accept or 0) to run the board
    /// more than once (B26), or an error.
    #[cold]
    #[inline(never)]
    pub(super) fn rare_action(&mut self, code: u8) -> Result<CompactAction, RecordError> {
        if code != V2_OFFER_RUNS && code != V2_ANSWER_RUNS {
            return Err(self.fail_last_byte(RecordReason::BadActionByte { found: code }));
        }
        let player = self.player()?;
        if code == V2_OFFER_RUNS {
            Ok(CompactAction::OfferRuns {
                player,
                runs: self.byte()?,
            })
        } else {
            Ok(CompactAction::AnswerRuns {
                player,
                accept: self.option(Field::RunsAnswer)?,
            })
        }
    }

    /// The one-byte index of a seat ([`Player`]).
    #[inline(always)]
    pub(super) fn player(&mut self) -> Result<Player, RecordError> {
        // Every native format holds a player index in five bits (`HOLDEMH2`'s
        // action byte), so a `HOLDEMH1` index of 32 or more is refused here, as
        // the writers refuse it.
        let found = self.byte()?;
        if found < 32 {
            Ok(Player(found))
        } else {
            Err(self.fail_last_byte(RecordReason::BadPlayer { found }))
        }
    }

    /// A card: its index, below 52.
    #[inline(always)]
    pub(super) fn card(&mut self) -> Result<u8, RecordError> {
        let i = self.byte()?;
        if i < 52 {
            Ok(i)
        } else {
            Err(self.fail_last_byte(RecordReason::BadCard { found: i }))
        }
    }

    /// Up to five cards, each an option (`??` is `None`).
    #[inline(always)]
    pub(super) fn cards(&mut self) -> Result<CompactCards, RecordError> {
        let n = self.len()?;
        if n > 5 {
            return Err(self.fail(RecordReason::TooManyCards));
        }
        let mut cards = [V2_UNKNOWN_CARD; 5];
        for slot in &mut cards[..n] {
            if self.option(Field::Card)? {
                *slot = self.card()?;
            }
        }
        // (At most five cards, each a card index or the unknown card's byte.)
        Ok(CompactCards::from_checked_bytes(n as u8, cards))
    }

    #[inline(always)]
    pub(super) fn action_kind(&mut self) -> Result<CompactAction, RecordError> {
        Ok(match self.u32()? {
            0 => CompactAction::DealHole {
                player: self.player()?,
                cards: self.cards()?,
            },
            1 => CompactAction::DealBoard {
                cards: self.cards()?,
            },
            2 => CompactAction::Fold {
                player: self.player()?,
            },
            3 => CompactAction::CheckCall {
                player: self.player()?,
            },
            4 => CompactAction::BetRaiseTo {
                player: self.player()?,
                amount: self.u64()?,
            },
            5 => CompactAction::ShowMuck {
                player: self.player()?,
                shown: match self.u32()? {
                    0 => CompactShown::Muck,
                    1 => CompactShown::AsDealt,
                    2 => CompactShown::Cards(self.cards()?),
                    _ => return Err(self.fail(RecordReason::UnknownEnum(EnumField::ShowKind))),
                },
            },
            6 => CompactAction::NoOp,
            7 => CompactAction::OfferRuns {
                player: self.player()?,
                runs: self.byte()?,
            },
            8 => CompactAction::AnswerRuns {
                player: self.player()?,
                accept: self.option(Field::RunsAnswer)?,
            },
            _ => return Err(self.fail(RecordReason::UnknownEnum(EnumField::ActionKind))),
        })
    }

    /// The action list, into `out` (emptied first).
    #[inline(always)]
    pub(super) fn actions(&mut self, out: &mut Vec<ActionRecord>) -> Result<usize, RecordError> {
        let n = self.len()?;
        // Each action takes at least two bytes (its kind and its commentary's tag):
        // a longer count is a hand that ends early, and nothing is written for it.
        if n > self.rest.len() / 2 {
            return Err(self.fail(RecordReason::EndsEarly));
        }
        // Written in place, as in `actions_v2`.
        for slot in action_slots(out, n) {
            let action = self.action_kind()?;
            let comment = if self.option(Field::Commentary)? {
                Some(self.span()?)
            } else {
                None
            };
            *slot = ActionRecord { action, comment };
        }
        Ok(n)
    }
}
