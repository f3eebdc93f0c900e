//! The betting rules: what the seat to act may do, with exact amounts (B7-B13, B15),
//! and the validation of an action against them.

use holdem_pots::{Chips, Seat};

use crate::hand::Phase;
use crate::{Action, BettingStructure, Hand, HandError, IncompleteAllInRule};

/// A range of totals (on this street) a bet or raise may go to, both ends included.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct AmountRange {
    /// The smallest total.
    pub min: Chips,
    /// The largest total.
    pub max: Chips,
}

impl AmountRange {
    /// `true` when `amount` is in the range.
    #[must_use]
    pub fn contains(&self, amount: Chips) -> bool {
        self.min <= amount && amount <= self.max
    }
}

/// Everything the seat to act may do (B7), with exact amounts. Amounts are totals on
/// this street, like the inputs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct LegalActions {
    /// The seat to act.
    pub seat: Seat,
    /// Folding is always allowed in turn.
    pub fold: bool,
    /// Check: nothing to call.
    pub check: bool,
    /// Call: the total after calling (all-in for less when short, B15).
    pub call_to: Option<Chips>,
    /// The chips a call costs.
    pub call_cost: Chips,
    /// Opening bet: the range of totals (no bet yet on this street).
    pub bet: Option<AmountRange>,
    /// Raise: the range of totals.
    pub raise: Option<AmountRange>,
    /// The seat's all-in total, when going all-in is allowed (it may be a call, a full
    /// bet or raise, or an all-in short of the minimum that does not reopen, B12).
    pub all_in_to: Option<Chips>,
    /// The bet to call on this street (zero: nobody has bet).
    pub current_bet: Chips,
    /// The chip unit: sized amounts other than all-in must be whole units (B24).
    pub chip_unit: Chips,
    /// Totals inside the raise range that are refused (all-in excepted): under the
    /// seed 004 house rule a re-raise is at least double the bet, and any amount
    /// over double adds at least the big blind, so `(double, double + big blind)`
    /// is excluded (B10). `None` without the rule.
    pub raise_gap: Option<AmountRange>,
}

impl LegalActions {
    /// `true` when `action` would be accepted: exactly the set [`Hand::apply`] takes.
    #[must_use]
    pub fn allows(&self, action: Action) -> bool {
        let opening = self.current_bet.is_zero();
        match action {
            Action::Fold => self.fold,
            Action::Check => self.check,
            Action::Call => self.call_to.is_some(),
            Action::CheckOrCall => self.check || self.call_to.is_some(),
            Action::BetTo(a) => opening && self.sized(a),
            Action::RaiseTo(a) => (!opening || self.all_in_to == Some(a)) && self.sized(a),
            Action::BetOrRaiseTo(a) => self.sized(a),
            Action::AllIn => self.all_in_to.is_some(),
        }
    }

    /// A bet or raise to `a` is accepted: in range and in whole units, or all-in.
    fn sized(&self, a: Chips) -> bool {
        let all_in = self.all_in_to == Some(a);
        let unit = self.chip_unit.get().max(1);
        let in_range = self.bet.or(self.raise).is_some_and(|r| r.contains(a))
            && (all_in || !self.raise_gap.is_some_and(|g| g.contains(a)));
        (in_range && (all_in || a.get().is_multiple_of(unit))) || (all_in && a > self.current_bet)
    }
}

/// Why a seat may not bet or raise (kept small; turned into a [`HandError`] only
/// when an input is refused).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Block {
    /// No chips beyond a call.
    Stack,
    /// Every opponent is all-in.
    Nobody,
    /// Not reopened since the seat acted (B8, B12).
    NotReopened,
    /// Fixed-limit cap reached (B9).
    Capped,
}

/// The internal view of a seat's options (for `legal_actions` and sized actions).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Limits {
    pub seat: Seat,
    pub street_bet: u64,
    pub current: u64,
    pub all_in_to: u64,
    /// No bet on the street yet: a bet, not a raise.
    pub opening: bool,
    /// Why raising is refused, if it is.
    pub blocked: Option<Block>,
    /// The smallest legal full bet or raise total.
    pub min_to: u64,
    /// The smallest total that is a *full* raise (reopens), without house doubling.
    pub full_to: u64,
    /// The largest legal total (before the stack).
    pub max_to: u64,
    /// Totals refused by the seed 004 re-raise step, both ends included (B10).
    pub gap: Option<(u64, u64)>,
}

/// A validated action, ready to apply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Resolved {
    Fold,
    Check,
    Call { to: u64 },
    Bet { to: u64, full: bool },
    Raise { to: u64, full: bool },
}

impl<E> Hand<E> {
    #[inline(always)]
    pub(crate) fn limits(&self, seat: Seat) -> Limits {
        let st = &self.seats[seat.as_usize()];
        let current = self.current_bet;
        let all_in_to = st.street_bet + st.stack;
        let opening = current == 0;
        if self.plain_no_limit {
            // The common case, the general code below with its constants folded: no
            // limit, the standard minimum raise (B10, B12), no house re-raise rule.
            let min_to = if opening {
                self.config.big_blind.get()
            } else {
                current + self.full_increment
            };
            let blocked = if all_in_to <= current {
                Some(Block::Stack)
            } else if self.active & !(1 << seat.as_usize()) == 0 {
                Some(Block::Nobody)
            } else if self.acted & (1 << seat.as_usize()) != 0
                && current.saturating_sub(st.acted_at) < self.full_increment
            {
                Some(Block::NotReopened)
            } else {
                None
            };
            return Limits {
                gap: None,
                seat,
                street_bet: st.street_bet,
                current,
                all_in_to,
                opening,
                blocked,
                min_to,
                full_to: min_to,
                max_to: all_in_to,
            };
        }
        let fixed = self.config.fixed_bet(self.street).map(Chips::get);

        let (full_to, min_to) = match fixed {
            Some(size) => {
                let to = if opening {
                    size
                } else {
                    self.last_full_bet + size
                };
                // B25: half a bet or more on top of the last full bet (an all-in, as
                // nothing else is short of a bet) counts as a full bet or raise; so
                // do several short all-ins that together reach it.
                let full = if self.config.fixed_limit_half_bet {
                    self.last_full_bet + size.div_ceil(2)
                } else {
                    to
                };
                (full, to)
            }
            None if opening => {
                let bb = self.config.big_blind.get();
                (bb, bb)
            }
            None => {
                let full = match self.config.incomplete_all_in {
                    IncompleteAllInRule::StandardLastFullIncrement => current + self.full_increment,
                    IncompleteAllInRule::FullRaiseOverLastFullBet => {
                        (self.last_full_bet + self.full_increment).max(current + 1)
                    }
                };
                let min = if self.config.reraise_must_double {
                    full.max(2 * current)
                } else {
                    full
                };
                (full, min)
            }
        };
        // 004: above double the bet, a re-raise adds at least the big blind.
        let mut gap = if self.config.reraise_must_double && fixed.is_none() && !opening {
            let double = current.saturating_mul(2);
            let next = double.saturating_add(self.config.big_blind.get());
            (next - double > 1).then(|| (double + 1, next - 1))
        } else {
            None
        };
        let mut min_to = min_to;
        if let Some((lo, hi)) = gap {
            if lo <= min_to && min_to <= hi {
                // The smallest full raise falls inside the refused step (after a
                // short all-in bet below double the big blind): the smallest legal
                // total is the first one past it.
                min_to = hi + 1;
                gap = None;
            }
        }
        let max_to = match self.config.structure_on(self.street) {
            BettingStructure::FixedLimit { .. } => min_to,
            BettingStructure::PotLimit => {
                // B11: the pot, all bets on the table, and the call, on top of the bet.
                let call = current.saturating_sub(st.street_bet);
                (current + self.pot_total().get() + call).max(min_to)
            }
            BettingStructure::NoLimit => all_in_to,
        };

        // B8, B12: the bet must have grown by a full raise since the seat acted to
        // reopen the betting to it; B25: by half a bet in fixed limit.
        let reopening = match fixed {
            Some(size) if self.config.fixed_limit_half_bet => size.div_ceil(2),
            _ => self.full_increment,
        };
        let others_able = self.active & !(1 << seat.as_usize()) != 0;
        let blocked = if all_in_to <= current {
            Some(Block::Stack)
        } else if !others_able {
            Some(Block::Nobody)
        } else if self.acted & (1 << seat.as_usize()) != 0
            && current.saturating_sub(st.acted_at) < reopening
        {
            // B8, B12: only a full raise since the seat acted reopens the betting.
            Some(Block::NotReopened)
        } else if fixed.is_some()
            && self.bets >= self.config.max_bets_per_round
            && !self.cap_lifted()
        {
            Some(Block::Capped)
        } else {
            None
        };
        Limits {
            gap,
            seat,
            street_bet: st.street_bet,
            current,
            all_in_to,
            opening,
            blocked,
            min_to,
            full_to,
            max_to,
        }
    }

    /// B9 house rule (004): no cap when only two players are in the hand.
    fn cap_lifted(&self) -> bool {
        self.config.cap_lifted_heads_up && self.contenders().len() == 2
    }

    /// What the seat to act may do, with exact amounts; `None` when nobody is to act.
    #[must_use]
    #[inline]
    pub fn legal_actions(&self) -> Option<LegalActions> {
        if !matches!(self.phase, Phase::Betting) {
            return None;
        }
        let seat = self.to_act?;
        let l = &self.limits(seat);
        let to_call = l.current.saturating_sub(l.street_bet);
        let call_to = (to_call > 0).then(|| Chips(l.current.min(l.all_in_to)));
        let range = if l.blocked.is_none() && l.all_in_to >= l.min_to {
            Some(AmountRange {
                min: Chips(l.min_to),
                max: Chips(l.max_to.min(l.all_in_to)),
            })
        } else {
            None
        };
        // All-in is a call (for less, B15) at or below the bet; above it, a bet or
        // raise that must be allowed and within the limit (or short of the minimum).
        let all_in_allowed = l.all_in_to <= l.current
            || (l.blocked.is_none() && (l.all_in_to < l.min_to || l.all_in_to <= l.max_to));
        let all_in_to = all_in_allowed.then_some(Chips(l.all_in_to));
        Some(LegalActions {
            seat,
            fold: true,
            check: to_call == 0,
            call_to,
            call_cost: Chips(to_call.min(l.all_in_to - l.street_bet)),
            bet: range.filter(|_| l.opening),
            raise: range.filter(|_| !l.opening),
            all_in_to,
            current_bet: Chips(l.current),
            chip_unit: self.config.chip_unit,
            raise_gap: l
                .gap
                .filter(|_| range.is_some())
                .map(|(lo, hi)| AmountRange {
                    min: Chips(lo),
                    max: Chips(hi),
                }),
        })
    }

    /// Validates `action` by the seat to act without changing anything.
    /// A valid fold, check or call by `seat`, or `None` for anything else (sized
    /// actions, and invalid ones: [`Hand::resolve`] names the error).
    #[inline(always)]
    pub(crate) fn simple(&self, seat: Seat, action: Action) -> Option<Resolved> {
        let st = &self.seats[seat.as_usize()];
        let current = self.current_bet;
        let to_call = current.saturating_sub(st.street_bet);
        match action {
            Action::Fold => Some(Resolved::Fold),
            Action::Check | Action::CheckOrCall if to_call == 0 => Some(Resolved::Check),
            Action::Call | Action::CheckOrCall if to_call > 0 => Some(Resolved::Call {
                to: current.min(st.street_bet + st.stack),
            }),
            _ => None,
        }
    }

    pub(crate) fn resolve(&self, seat: Seat, action: Action) -> Result<Resolved, HandError> {
        // Folds, checks and calls need only the bet to call: no limits.
        let st = &self.seats[seat.as_usize()];
        let current = self.current_bet;
        let to_call = current.saturating_sub(st.street_bet);
        let all_in_to = st.street_bet + st.stack;
        match action {
            Action::Fold => return Ok(Resolved::Fold),
            Action::Check if to_call == 0 => return Ok(Resolved::Check),
            Action::Check => {
                return Err(HandError::CannotCheck {
                    seat,
                    to_call: Chips(to_call),
                });
            }
            Action::Call | Action::CheckOrCall if to_call > 0 => {
                return Ok(Resolved::Call {
                    to: current.min(all_in_to),
                });
            }
            Action::CheckOrCall => return Ok(Resolved::Check),
            Action::Call => return Err(HandError::NothingToCall { seat }),
            Action::AllIn if all_in_to <= current => {
                return Ok(Resolved::Call { to: all_in_to });
            }
            _ => {}
        }
        self.resolve_sized_action(seat, action)
    }

    /// Validates a bet, raise or all-in above the bet against the seat's limits.
    #[inline(never)]
    fn resolve_sized_action(&self, seat: Seat, action: Action) -> Result<Resolved, HandError> {
        let l = self.limits(seat);
        match action {
            Action::BetTo(_) if !l.opening => Err(HandError::BetFacingBet {
                seat,
                current: Chips(l.current),
            }),
            Action::RaiseTo(to) if l.opening && to.get() != l.all_in_to => {
                Err(HandError::RaiseWithoutBet { seat })
            }
            Action::BetTo(to) | Action::RaiseTo(to) | Action::BetOrRaiseTo(to) => {
                self.resolve_sized(&l, action, to.get())
            }
            _ => self.resolve_sized(&l, action, l.all_in_to),
        }
    }

    #[inline(always)]
    fn resolve_sized(&self, l: &Limits, action: Action, to: u64) -> Result<Resolved, HandError> {
        let seat = l.seat;
        let unit = self.config.chip_unit.get();
        if to > l.all_in_to {
            return Err(HandError::MoreThanStack {
                seat,
                action,
                max: Chips(l.all_in_to),
            });
        }
        if to <= l.current {
            return Err(if l.opening {
                HandError::BetBelowMinimum {
                    seat,
                    amount: Chips(to),
                    min: Chips(l.min_to),
                }
            } else {
                HandError::RaiseBelowMinimum {
                    seat,
                    amount: Chips(to),
                    min: Chips(l.min_to),
                    rule: self.min_raise_rule(),
                }
            });
        }
        if let Some(block) = l.blocked {
            return Err(match block {
                Block::Stack => HandError::MoreThanStack {
                    seat,
                    action,
                    max: Chips(l.all_in_to),
                },
                Block::Nobody => HandError::NobodyToRaise { seat },
                Block::NotReopened => HandError::NotReopened { seat },
                Block::Capped => HandError::Capped {
                    seat,
                    bets: self.bets,
                },
            });
        }
        let all_in = to == l.all_in_to;
        // (A unit of one needs no division.)
        if !all_in && unit > 1 && !to.is_multiple_of(unit) {
            return Err(HandError::NotWholeUnits {
                seat,
                action,
                unit: self.config.chip_unit,
            });
        }
        let fixed = matches!(
            self.config.structure_on(self.street),
            BettingStructure::FixedLimit { .. }
        );
        if to < l.min_to && !all_in {
            return Err(if fixed {
                HandError::FixedLimitAmount {
                    seat,
                    action,
                    required: Chips(l.min_to),
                }
            } else if l.opening {
                HandError::BetBelowMinimum {
                    seat,
                    amount: Chips(to),
                    min: Chips(l.min_to),
                }
            } else {
                HandError::RaiseBelowMinimum {
                    seat,
                    amount: Chips(to),
                    min: Chips(l.min_to),
                    rule: self.min_raise_rule(),
                }
            });
        }
        if let Some((lo, hi)) = l.gap {
            if !all_in && lo <= to && to <= hi {
                return Err(HandError::ReraiseStep {
                    seat,
                    amount: Chips(to),
                    double: Chips(lo - 1),
                    next: Chips(hi + 1),
                });
            }
        }
        if to > l.max_to {
            return Err(if fixed {
                HandError::FixedLimitAmount {
                    seat,
                    action,
                    required: Chips(l.min_to),
                }
            } else {
                HandError::AbovePotLimit {
                    seat,
                    action,
                    max: Chips(l.max_to),
                }
            });
        }
        let full = to >= l.full_to;
        Ok(if l.opening {
            Resolved::Bet { to, full }
        } else {
            Resolved::Raise { to, full }
        })
    }

    /// The rule behind the current minimum raise: B12 after an incomplete all-in.
    fn min_raise_rule(&self) -> &'static str {
        if self.current_bet > self.last_full_bet {
            "B12"
        } else {
            "B10"
        }
    }
}
