//! One-call settlement of a hand: layer, rake, award (for `betting`).

use arrayvec::ArrayVec;

use crate::award::{Ranking, award_ranked};
use crate::layer::layer_in_place;
use crate::{
    Chips, Contribution, Layering, MAX_POT_SEATS, MAX_POTS, PotAward, PotsError, RakePolicy, Seat,
    SeatSet, TableLayout, Uncalled,
};

/// The whole outcome of a hand's chips: the uncalled bet returned (B14), each pot with
/// its rake, winners and shares, and what every seat receives.
///
/// Invariant: `uncalled + Σ pot rakes + Σ pot shares == Σ contributions`, and
/// [`Settlement::payout`] of a seat is its returned uncalled bet plus its shares.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct Settlement {
    table: TableLayout,
    pots: ArrayVec<PotAward, MAX_POTS>,
    uncalled: Option<Uncalled>,
    rake: Chips,
    total: Chips,
    in_hand: SeatSet,
    payouts: [Chips; MAX_POT_SEATS],
}

impl Settlement {
    /// The table (seat count and button) the hand was settled with.
    #[must_use]
    pub const fn table(&self) -> TableLayout {
        self.table
    }

    /// Each pot's award, main pot first.
    #[must_use]
    pub fn pots(&self) -> &[PotAward] {
        &self.pots
    }

    /// The uncalled bet returned to its owner (B14), if any.
    #[must_use]
    pub const fn uncalled(&self) -> Option<Uncalled> {
        self.uncalled
    }

    /// The total rake over all pots (B23).
    #[must_use]
    pub const fn rake(&self) -> Chips {
        self.rake
    }

    /// Everything that was contributed to the hand.
    #[must_use]
    pub const fn total(&self) -> Chips {
        self.total
    }

    /// The seats that contributed (folded ones included).
    #[must_use]
    pub const fn in_hand(&self) -> SeatSet {
        self.in_hand
    }

    /// Everything `seat` receives: its returned uncalled bet plus its pot shares.
    #[must_use]
    pub const fn payout(&self, seat: Seat) -> Chips {
        self.payouts[seat.as_usize()]
    }

    /// Every seat in the hand and what it receives (zero included), in seat order.
    pub fn payouts(&self) -> impl Iterator<Item = (Seat, Chips)> + '_ {
        self.in_hand.iter().map(|seat| (seat, self.payout(seat)))
    }

    /// The relevant pot for a bounty on `seat` (rule T16): the highest pot `seat` was
    /// eligible for, i.e. the pot in which it was all-in for its last chips, with its
    /// winners and their shares. `None` for a seat eligible for no pot (folded, or not
    /// in the hand).
    #[must_use]
    pub fn relevant_pot(&self, seat: Seat) -> Option<&PotAward> {
        self.pots.iter().rev().find(|p| p.eligible().contains(seat))
    }
}

/// How [`settle`] settles a hand: the house's rake and how far the hand got.
///
/// `Default` is [`SettleOptions::NO_RAKE`].
///
/// ```
/// use holdem_pots::{Chips, RakePolicy, SettleOptions};
///
/// let five_percent = RakePolicy { basis_points: 500, no_flop_no_drop: true, ..RakePolicy::NONE };
/// // A hand that ended before the flop pays no rake under "no flop, no drop".
/// let options = SettleOptions::raked(five_percent).ended_before_flop();
/// assert!(!options.flop_dealt);
/// assert_eq!(SettleOptions::default(), SettleOptions::NO_RAKE);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SettleOptions {
    /// The rake policy (B23, P5); [`RakePolicy::NONE`] takes nothing.
    pub rake: RakePolicy,
    /// Whether the flop was dealt. With the policy's `no_flop_no_drop` set, a hand
    /// that ended before the flop is not raked.
    pub flop_dealt: bool,
}

impl SettleOptions {
    /// No rake (tournaments, home games, a side-pot calculator).
    pub const NO_RAKE: SettleOptions = SettleOptions {
        rake: RakePolicy::NONE,
        flop_dealt: true,
    };

    /// Raked by `rake`, for a hand that saw the flop.
    #[must_use]
    pub const fn raked(rake: RakePolicy) -> SettleOptions {
        SettleOptions {
            rake,
            flop_dealt: true,
        }
    }

    /// The same options for a hand that ended before the flop was dealt.
    #[must_use]
    pub const fn ended_before_flop(self) -> SettleOptions {
        SettleOptions {
            flop_dealt: false,
            ..self
        }
    }
}

impl Default for SettleOptions {
    fn default() -> SettleOptions {
        SettleOptions::NO_RAKE
    }
}

/// Settles a hand in one call: [`layer`](crate::layer())s the contributions (P1, P2, B14), takes the
/// rake by `options` (B23, P5; [`SettleOptions::flop_dealt`] feeds "no flop, no drop"), and awards each
/// pot independently to its best eligible hands (P6, P4) with odd chips from the
/// left of `table`'s button (P3).
///
/// `strengths` lists each seat that showed a hand and its strength (any `Ord`, higher
/// wins; pass `holdem_eval`'s rank); a live seat left out mucked and cannot win a
/// contested pot. A hand everyone folded to one seat needs no strengths.
///
/// Allocates nothing.
///
/// # Errors
/// Everything [`layer`](crate::layer()) returns; [`PotsError::SeatNotAtTable`] for a contribution from
/// a seat the table lacks; [`PotsError::StrengthForSeatNotInHand`],
/// [`PotsError::StrengthForFoldedSeat`], [`PotsError::DuplicateStrength`];
/// [`PotsError::NoHandForPot`] for a contested pot with no hand shown;
/// [`PotsError::RakeRate`] for a rate above 100%.
///
/// ```
/// use holdem_pots::{settle, Chips, Contribution, Seat, SettleOptions, Status, TableLayout};
///
/// let s = |i| Seat::new(i).expect("seat");
/// let table = TableLayout::new(6, s(5))?;
/// let hand = [
///     Contribution::new(s(0), Chips(75), Status::AllIn),
///     Contribution::new(s(1), Chips(100), Status::AllIn),
///     Contribution::new(s(2), Chips(200), Status::AllIn),
/// ];
/// // Seat 0 has the best hand, seat 1 the second best (strength: higher wins).
/// let shown = [(s(0), 3u32), (s(1), 2), (s(2), 1)];
/// let result = settle(table, &hand, &shown, SettleOptions::NO_RAKE)?;
/// assert_eq!(result.payout(s(0)), Chips(225)); // main pot
/// assert_eq!(result.payout(s(1)), Chips(50)); // side pot
/// assert_eq!(result.payout(s(2)), Chips(100)); // uncalled, returned (B14)
/// # Ok::<(), holdem_pots::PotsError>(())
/// ```
pub fn settle<S: Ord>(
    table: TableLayout,
    contributions: &[Contribution],
    strengths: &[(Seat, S)],
    options: SettleOptions,
) -> Result<Settlement, PotsError> {
    let SettleOptions { rake, flop_dealt } = options;
    rake.validate()?;
    if let Some(c) = contributions.iter().find(|c| !table.has_seat(c.seat)) {
        return Err(PotsError::SeatNotAtTable {
            seat: c.seat,
            seat_count: table.seat_count(),
        });
    }
    let layering: Layering = layer_in_place(contributions)?;
    let ranking = Ranking::new(strengths)?;
    let shown = ranking.shown();
    if let Some(seat) = shown.difference(layering.in_hand()).first() {
        return Err(PotsError::StrengthForSeatNotInHand { seat });
    }
    if let Some(seat) = shown.intersection(layering.folded()).first() {
        return Err(PotsError::StrengthForFoldedSeat { seat });
    }
    let rakes = rake.rake_pots(layering.pots(), flop_dealt)?;

    // Built in place: the result is large (fixed arrays) and copying it would cost
    // more than computing it.
    let mut out = Settlement {
        table,
        pots: ArrayVec::new(),
        uncalled: layering.uncalled(),
        rake: Chips::ZERO,
        total: layering.total(),
        in_hand: layering.in_hand(),
        payouts: [Chips::ZERO; MAX_POT_SEATS],
    };
    if let Some(u) = layering.uncalled() {
        out.payouts[u.seat.as_usize()] = u.amount;
    }
    for (index, (pot, &pot_rake)) in layering.pots().iter().zip(rakes.iter()).enumerate() {
        let award = award_ranked(index, pot, pot_rake, table, &ranking)?;
        for (seat, share) in award.shares() {
            // Cannot overflow: every payout is part of the checked total.
            let slot = &mut out.payouts[seat.as_usize()];
            *slot = Chips(slot.get() + share.get());
        }
        out.rake = Chips(out.rake.get() + pot_rake.get());
        out.pots.push(award);
    }
    Ok(out)
}
