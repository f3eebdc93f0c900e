//! Bounties (rule T16): knockout, progressive knockout and fixed bounties on named
//! players, paid to the winner(s) of the relevant pot.
//!
//! The relevant pot is the pot in which the busted player was all-in for their
//! last chips (000 9.1); the pot library names its winners. A split relevant pot
//! splits the bounty equally, odd cents one each to the earliest positions
//! (000 9.3). A knockout winner collects their own bounty at the end (000 9.4.1);
//! a fixed-bounty player who wins does not (000 9.4.2); a named player who never
//! registered carries no bounty (000 9.5).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::split::split_even;
use super::{Cents, MoneyError, PlayerId, checked_sum, sorted_unique};

/// Basis points in 100%.
const FULL_BP: u32 = 10_000;

/// A bounty on every entrant (`knockout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct KnockoutBounty {
    /// The bounty each entry starts with on its head (`entry-bounty`).
    pub entry_bounty: Cents,
    /// Progressive knockout: the share of each collected bounty, in basis points,
    /// added to the winner's own head instead of paid in cash
    /// (`progressive-share-bp`; 0 is a plain knockout, 5,000 the usual 50% PKO).
    pub progressive_share_bp: u32,
}

/// A fixed bounty on a named player (`fixed`), paid by the house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct FixedBounty {
    /// The named player.
    pub player: PlayerId,
    /// The bounty.
    pub cents: Cents,
}

/// The bounty options of an event (rule T16).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default)]
pub struct BountyOptions {
    /// A bounty on every entrant (`knockout`); `None`: no knockout bounties.
    pub knockout: Option<KnockoutBounty>,
    /// Fixed bounties on named players (`fixed`).
    pub fixed: Vec<FixedBounty>,
}

/// One winner of the relevant pot, with their position for odd cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BountyWinner {
    /// Who.
    pub player: PlayerId,
    /// Position at the table: 0 is the first seat left of the button, counting
    /// clockwise (the order in which the pot library hands out odd chips). The
    /// earliest position gets the first odd cent (000 9.3).
    pub position: u32,
}

/// What one winner gets from a knockout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BountyPayout {
    /// Who.
    pub player: PlayerId,
    /// Cash paid now.
    pub cash: Cents,
    /// Added to the winner's own knockout bounty (progressive knockout).
    pub added_to_head: Cents,
}

/// The result of one knockout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnockoutAward {
    /// The busted player.
    pub busted: PlayerId,
    /// Each winner's part, earliest position first.
    pub payouts: Vec<BountyPayout>,
    /// The whole bounty moved: knockout head plus fixed bounty of the busted player.
    pub total: Cents,
}

/// What the tournament winner gets from bounties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentWinnerAward {
    /// The winner.
    pub player: PlayerId,
    /// Their own knockout bounty, paid to them (000 9.4.1).
    pub own_bounty: Cents,
    /// A fixed bounty on the winner, not awarded (000 9.4.2).
    pub fixed_not_awarded: Cents,
}

/// The bounties of one event: who carries what on their head.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounties {
    knockout: Option<KnockoutBounty>,
    /// Fixed bounties advertised on named players, not yet registered.
    advertised: BTreeMap<PlayerId, Cents>,
    /// Players in the event (entered, not busted) and their knockout heads.
    heads: BTreeMap<PlayerId, Cents>,
    /// Fixed bounties on registered named players still in the event.
    fixed: BTreeMap<PlayerId, Cents>,
}

impl Bounties {
    /// Bounties for an event with these options; nobody has entered yet.
    pub fn new(opts: &BountyOptions) -> Result<Self, MoneyError> {
        if let Some(k) = opts.knockout {
            if k.progressive_share_bp > FULL_BP {
                return Err(MoneyError::InvalidShare {
                    basis_points: k.progressive_share_bp,
                });
            }
        }
        sorted_unique(opts.fixed.iter().map(|f| f.player))?;
        Ok(Self {
            knockout: opts.knockout,
            advertised: opts.fixed.iter().map(|f| (f.player, f.cents)).collect(),
            heads: BTreeMap::new(),
            fixed: BTreeMap::new(),
        })
    }

    /// A player enters (or re-enters): they carry the entry bounty, and a named
    /// player's fixed bounty becomes live. Returns the player's knockout head.
    pub fn enter(&mut self, player: PlayerId) -> Result<Cents, MoneyError> {
        if self.heads.contains_key(&player) {
            return Err(MoneyError::DuplicatePlayer(player));
        }
        let head = self.knockout.map_or(0, |k| k.entry_bounty);
        self.heads.insert(player, head);
        // A fixed bounty is placed once: a named player who re-enters after being
        // knocked out does not carry it again.
        if let Some(cents) = self.advertised.remove(&player) {
            self.fixed.insert(player, cents);
        }
        Ok(head)
    }

    /// A purchase by a player still in the event (a rebuy or an add-on, T4) that
    /// includes a bounty part adds it to their own knockout head; returns the
    /// new head. The seed is silent; this is the usual rule of knockout rebuy
    /// events (the bounty part of each purchase goes on the buyer's head, so
    /// whoever knocks them out collects it). A re-entry is a new entry instead:
    /// [`Bounties::enter`] puts a fresh entry bounty on the head. Fails, changing
    /// nothing, for a player with no head (not entered, or knocked out) or when
    /// the event has no knockout bounty and `cents` is not 0.
    pub fn add_to_head(&mut self, player: PlayerId, cents: Cents) -> Result<Cents, MoneyError> {
        let Some(head) = self.heads.get_mut(&player) else {
            return Err(MoneyError::UnknownPlayer(player));
        };
        if self.knockout.is_none() && cents > 0 {
            return Err(MoneyError::NoKnockoutBounty);
        }
        *head = head.checked_add(cents).ok_or(MoneyError::Overflow)?;
        Ok(*head)
    }

    /// A player unregisters before playing: their entry bounty is refunded with the
    /// entry, and a fixed bounty on them goes back to being merely advertised.
    /// Returns the knockout head refunded.
    pub fn withdraw(&mut self, player: PlayerId) -> Result<Cents, MoneyError> {
        let head = self
            .heads
            .remove(&player)
            .ok_or(MoneyError::UnknownPlayer(player))?;
        if let Some(cents) = self.fixed.remove(&player) {
            self.advertised.insert(player, cents);
        }
        Ok(head)
    }

    /// The knockout bounty on a player still in the event.
    pub fn knockout_head(&self, player: PlayerId) -> Option<Cents> {
        self.heads.get(&player).copied()
    }

    /// The fixed bounty on a registered player still in the event (0 if none).
    pub fn fixed_bounty(&self, player: PlayerId) -> Cents {
        self.fixed.get(&player).copied().unwrap_or(0)
    }

    /// Fixed bounties advertised on named players who have not registered; none of
    /// them will be paid unless the player registers (000 9.5).
    pub fn unregistered_fixed(&self) -> Vec<FixedBounty> {
        self.advertised
            .iter()
            .map(|(&player, &cents)| FixedBounty { player, cents })
            .collect()
    }

    /// The knockout pool still on players' heads (what a cancellation refunds).
    pub fn knockout_pool(&self) -> Result<Cents, MoneyError> {
        checked_sum(self.heads.values().copied())
    }

    /// `busted` is knocked out; `winners` won the relevant pot. The bounty (their
    /// knockout head plus any fixed bounty) is split equally among the winners, odd
    /// cents one each to the earliest positions; in a progressive knockout each
    /// winner's share of the knockout head is split into cash and an addition to
    /// their own head (the addition rounds down, so an odd cent is paid in cash).
    pub fn knock_out(
        &mut self,
        busted: PlayerId,
        winners: &[BountyWinner],
    ) -> Result<KnockoutAward, MoneyError> {
        if winners.is_empty() {
            return Err(MoneyError::NoWinners);
        }
        sorted_unique(winners.iter().map(|w| w.player))?;
        let Some(&knockout_head) = self.heads.get(&busted) else {
            return Err(MoneyError::UnknownPlayer(busted));
        };
        for w in winners {
            if w.player == busted {
                return Err(MoneyError::SelfKnockout(busted));
            }
            if !self.heads.contains_key(&w.player) {
                return Err(MoneyError::UnknownPlayer(w.player));
            }
        }
        let fixed = self.fixed_bounty(busted);
        let total = knockout_head
            .checked_add(fixed)
            .ok_or(MoneyError::Overflow)?;
        let mut ordered = winners.to_vec();
        // 000 9.3: "odd cents will be awarded in turn to the players in the earliest
        // positions".
        ordered.sort_by_key(|w| (w.position, w.player));
        let share_bp = u128::from(self.knockout.map_or(0, |k| k.progressive_share_bp));
        let knockout_parts = split_even(knockout_head, ordered.len());
        let fixed_parts = split_even(fixed, ordered.len());
        let mut payouts = Vec::with_capacity(ordered.len());
        for ((w, &k), &f) in ordered.iter().zip(&knockout_parts).zip(&fixed_parts) {
            // floor(k * bp / 10000) <= k, so it fits in u64.
            let to_head = u64::try_from(u128::from(k) * share_bp / u128::from(FULL_BP))
                .map_err(|_| MoneyError::Overflow)?;
            let cash = (k - to_head).checked_add(f).ok_or(MoneyError::Overflow)?;
            let head = self.heads.get(&w.player).copied().unwrap_or(0);
            head.checked_add(to_head).ok_or(MoneyError::Overflow)?;
            payouts.push(BountyPayout {
                player: w.player,
                cash,
                added_to_head: to_head,
            });
        }
        // Validated: apply.
        self.heads.remove(&busted);
        self.fixed.remove(&busted);
        for p in &payouts {
            if let Some(h) = self.heads.get_mut(&p.player) {
                *h += p.added_to_head;
            }
        }
        Ok(KnockoutAward {
            busted,
            payouts,
            total,
        })
    }

    /// The event is over and `winner` won it: a knockout winner collects their own
    /// bounty (000 9.4.1); a fixed bounty on the winner is not awarded (000 9.4.2).
    /// Fails if another player is still in the event.
    pub fn award_winner(&mut self, winner: PlayerId) -> Result<TournamentWinnerAward, MoneyError> {
        let Some(&own_bounty) = self.heads.get(&winner) else {
            return Err(MoneyError::UnknownPlayer(winner));
        };
        if let Some(&other) = self.heads.keys().find(|&&p| p != winner) {
            return Err(MoneyError::StillPlaying(other));
        }
        let fixed_not_awarded = self.fixed_bounty(winner);
        self.heads.remove(&winner);
        self.fixed.remove(&winner);
        Ok(TournamentWinnerAward {
            player: winner,
            own_bounty,
            fixed_not_awarded,
        })
    }

    /// Players still carrying a bounty, sorted.
    pub fn players(&self) -> Vec<PlayerId> {
        self.heads.keys().copied().collect()
    }

    /// Total of live fixed bounties (the house's liability).
    pub fn fixed_pool(&self) -> Result<Cents, MoneyError> {
        checked_sum(self.fixed.values().copied())
    }
}
