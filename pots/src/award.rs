//! Awarding one pot: best eligible hands (P6), equal split, odd chips (P3), rake (P5).

use crate::{Chips, MAX_POT_SEATS, Pot, PotsError, Seat, SeatSet, TableLayout};

/// Where every chip of one pot went: rake, winners, each winner's share, and who got
/// the odd chips.
///
/// Each winner receives [`PotAward::share`], and each seat of
/// [`PotAward::odd_chip_seats`] one chip more, so
/// `rake + share × winners + odd chips == amount`, exactly.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct PotAward {
    index: u8,
    amount: Chips,
    cap: Chips,
    rake: Chips,
    eligible: SeatSet,
    winners: SeatSet,
    share: Chips,
    odd_chips: SeatSet,
    first_odd_chip: Option<Seat>,
}

impl PotAward {
    /// The pot's index: 0 is the main pot, then the side pots in order.
    #[must_use]
    pub const fn index(&self) -> usize {
        self.index as usize
    }

    /// The chips in the pot before rake.
    #[must_use]
    pub const fn amount(&self) -> Chips {
        self.amount
    }

    /// The contribution level this pot was filled up to (see [`Pot::cap`]).
    #[must_use]
    pub const fn cap(&self) -> Chips {
        self.cap
    }

    /// The rake taken from this pot before it was shared (P5).
    #[must_use]
    pub const fn rake(&self) -> Chips {
        self.rake
    }

    /// What the winners share: [`PotAward::amount`] minus [`PotAward::rake`].
    #[must_use]
    pub const fn net(&self) -> Chips {
        self.amount.saturating_sub(self.rake)
    }

    /// The seats that could win this pot.
    #[must_use]
    pub const fn eligible(&self) -> SeatSet {
        self.eligible
    }

    /// The seats that won it (tied winners split it, P3).
    #[must_use]
    pub const fn winners(&self) -> SeatSet {
        self.winners
    }

    /// `true` when only one seat was eligible and the pot went back to it (P4).
    #[must_use]
    pub const fn is_uncontested(&self) -> bool {
        self.eligible.len() == 1
    }

    /// The equal share each winner gets before odd chips.
    #[must_use]
    pub const fn share(&self) -> Chips {
        self.share
    }

    /// The winners that got one odd chip each on top of [`PotAward::share`] (P3).
    #[must_use]
    pub const fn odd_chip_seats(&self) -> SeatSet {
        self.odd_chips
    }

    /// The first odd chip's recipient: the first winner left of the button (P3),
    /// or first in the table's house order ([`crate::OddChipOrder`]).
    #[must_use]
    pub const fn first_odd_chip(&self) -> Option<Seat> {
        self.first_odd_chip
    }

    /// What `seat` receives from this pot (zero for a seat that did not win it).
    #[must_use]
    pub const fn share_of(&self, seat: Seat) -> Chips {
        if !self.winners.contains(seat) {
            return Chips::ZERO;
        }
        let odd = if self.odd_chips.contains(seat) { 1 } else { 0 };
        Chips(self.share.get() + odd)
    }

    /// Each winner and what it receives, in seat order.
    pub fn shares(&self) -> impl Iterator<Item = (Seat, Chips)> + '_ {
        self.winners.iter().map(|seat| (seat, self.share_of(seat)))
    }
}

/// Splits `pot`, less `rake`, equally among `winners`; the odd chips go one each to
/// the winners in clockwise order starting left of `table`'s button (P3), or in
/// its house order ([`TableLayout::odd_chip_order`]).
///
/// `index` is the pot's position (0 = main pot), used in the result and in errors.
/// An uncontested pot (P4) may be given no winners: it goes to its only eligible seat.
///
/// # Errors
/// [`PotsError::NoWinner`] when `winners` is empty and the pot is contested,
/// [`PotsError::WinnerNotEligible`] when a winner is not eligible for the pot,
/// [`PotsError::RakeExceedsPot`] when `rake` is more than the pot.
///
/// ```
/// use holdem_pots::{layer, split_pot, Chips, Contribution, Seat, SeatSet, Status, TableLayout};
///
/// let s = |i| Seat::new(i).expect("seat");
/// let layering = layer(&[
///     Contribution::new(s(0), Chips(50), Status::Active),
///     Contribution::new(s(1), Chips(50), Status::Active),
///     Contribution::new(s(2), Chips(1), Status::Folded),
/// ])?;
/// let pot = &layering.pots()[0];
/// let winners: SeatSet = [s(0), s(1)].into_iter().collect();
/// // Button on seat 0: seat 1 is first left of it and gets the odd chip.
/// let award = split_pot(0, pot, Chips::ZERO, winners, TableLayout::new(3, s(0))?)?;
/// assert_eq!(award.share_of(s(1)), Chips(51));
/// assert_eq!(award.share_of(s(0)), Chips(50));
/// # Ok::<(), holdem_pots::PotsError>(())
/// ```
pub fn split_pot(
    index: usize,
    pot: &Pot,
    rake: Chips,
    winners: SeatSet,
    table: TableLayout,
) -> Result<PotAward, PotsError> {
    let eligible = pot.eligible();
    let winners = if pot.is_uncontested() && winners.is_empty() {
        eligible
    } else {
        winners
    };
    if winners.is_empty() {
        return Err(PotsError::NoWinner { pot: index });
    }
    if let Some(seat) = winners.difference(eligible).first() {
        return Err(PotsError::WinnerNotEligible { seat, pot: index });
    }
    let net = pot
        .amount()
        .checked_sub(rake)
        .ok_or(PotsError::RakeExceedsPot {
            pot: index,
            rake,
            amount: pot.amount(),
        })?;
    let count = winners.len() as u64;
    let share = Chips(net.get() / count);
    let odd_count = net.get() % count;
    let mut odd_chips = SeatSet::EMPTY;
    let mut first_odd_chip = None;
    if odd_count > 0 {
        // P3: one odd chip at a time, first tied winner left of the button, then
        // clockwise (or in the table's house order).
        for seat in table
            .odd_chip_order(winners)
            .into_iter()
            .take(odd_count as usize)
        {
            first_odd_chip.get_or_insert(seat);
            odd_chips.insert(seat);
        }
    }
    Ok(PotAward {
        // Pots are numbered below MAX_POTS, so this never saturates.
        index: u8::try_from(index).unwrap_or(u8::MAX),
        amount: pot.amount(),
        cap: pot.cap(),
        rake,
        eligible,
        winners,
        share,
        odd_chips,
        first_odd_chip,
    })
}

/// The seats that showed a hand, grouped by equal strength, best group first.
/// Built once per hand; finding a pot's winners is then a few bitmask tests (P6).
pub(crate) struct Ranking {
    /// Seats with equal strength, strongest group first.
    groups: [SeatSet; MAX_POT_SEATS],
    len: usize,
    /// Every seat that showed.
    shown: SeatSet,
}

impl Ranking {
    /// Groups `strengths` (at most one per seat) by equal strength, best first.
    pub(crate) fn new<S: Ord>(strengths: &[(Seat, S)]) -> Result<Ranking, PotsError> {
        // Indices into `strengths`, strongest first (insertion sort; at most
        // MAX_POT_SEATS entries because a repeated seat is an error).
        let mut order = [0usize; MAX_POT_SEATS];
        let mut len = 0;
        let mut shown = SeatSet::EMPTY;
        for (k, (seat, strength)) in strengths.iter().enumerate() {
            if !shown.insert(*seat) {
                return Err(PotsError::DuplicateStrength { seat: *seat });
            }
            let mut at = len;
            while at > 0 && strengths[order[at - 1]].1 < *strength {
                order[at] = order[at - 1];
                at -= 1;
            }
            order[at] = k;
            len += 1;
        }
        // Runs of equal strength become groups.
        let mut groups = [SeatSet::EMPTY; MAX_POT_SEATS];
        let mut group = 0;
        for i in 0..len {
            let (seat, strength) = &strengths[order[i]];
            if i > 0 && strengths[order[i - 1]].1 != *strength {
                group += 1;
            }
            groups[group].insert(*seat);
        }
        Ok(Ranking {
            groups,
            len: if len == 0 { 0 } else { group + 1 },
            shown,
        })
    }

    /// Every seat that showed a hand.
    pub(crate) const fn shown(&self) -> SeatSet {
        self.shown
    }

    /// The best hands among `eligible`: the strongest group with an eligible seat,
    /// restricted to the eligible seats (P6). Empty when no eligible seat showed.
    pub(crate) fn winners(&self, eligible: SeatSet) -> SeatSet {
        self.groups[..self.len]
            .iter()
            .map(|group| group.intersection(eligible))
            .find(|winners| !winners.is_empty())
            .unwrap_or(SeatSet::EMPTY)
    }
}

/// Awards `pot`, less `rake`, to the best hands among its eligible seats (P6), split
/// equally with odd chips from the left of the button (P3). `strengths` holds each
/// seat that showed a hand and its strength (any `Ord`, higher wins); a seat that is
/// absent mucked and cannot win. Strengths of seats not eligible for this pot are
/// ignored. A pot with a single eligible seat goes to it without a showdown (P4).
///
/// # Errors
/// [`PotsError::NoHandForPot`] when the pot is contested and no eligible seat has a
/// strength, [`PotsError::DuplicateStrength`], [`PotsError::RakeExceedsPot`].
pub fn award_pot<S: Ord>(
    index: usize,
    pot: &Pot,
    rake: Chips,
    table: TableLayout,
    strengths: &[(Seat, S)],
) -> Result<PotAward, PotsError> {
    award_ranked(index, pot, rake, table, &Ranking::new(strengths)?)
}

pub(crate) fn award_ranked(
    index: usize,
    pot: &Pot,
    rake: Chips,
    table: TableLayout,
    ranking: &Ranking,
) -> Result<PotAward, PotsError> {
    let winners = if pot.is_uncontested() {
        pot.eligible()
    } else {
        ranking.winners(pot.eligible())
    };
    if winners.is_empty() {
        return Err(PotsError::NoHandForPot {
            pot: index,
            eligible: pot.eligible().len(),
        });
    }
    split_pot(index, pot, rake, winners, table)
}
