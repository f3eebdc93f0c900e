//! Awarding one pot: best eligible hands (P6), equal split, odd chips (P3), rake (P5).

use crate::{Chips, MAX_SEATS, Pot, PotsError, Seat, SeatSet, Table};

/// Where every chip of one pot went: rake, winners, each winner's share, and who got
/// the odd chips.
///
/// Each winner receives [`PotAward::share`], and each seat of
/// [`PotAward::odd_chip_seats`] one chip more, so
/// `rake + share × winners + odd chips == amount`, exactly.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PotAward {
    index: usize,
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
        self.index
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

    /// The first odd chip's recipient: the first winner left of the button (P3).
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
/// the winners in clockwise order starting left of `table`'s button (P3).
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
/// use holdem_pots::{layer, split_pot, Chips, Contribution, Seat, SeatSet, Status, Table};
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
/// let award = split_pot(0, pot, Chips::ZERO, winners, Table::new(3, s(0))?)?;
/// assert_eq!(award.share_of(s(1)), Chips(51));
/// assert_eq!(award.share_of(s(0)), Chips(50));
/// # Ok::<(), holdem_pots::PotsError>(())
/// ```
pub fn split_pot(
    index: usize,
    pot: &Pot,
    rake: Chips,
    winners: SeatSet,
    table: Table,
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
    if let Some(seat) = winners.iter().find(|&w| !eligible.contains(w)) {
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
    let mut odd_left = net.get() % count;
    let mut odd_chips = SeatSet::EMPTY;
    let mut first_odd_chip = None;
    // P3: one odd chip at a time, first tied winner left of the button, then clockwise.
    for seat in table.clockwise_from_button(winners) {
        if odd_left == 0 {
            break;
        }
        first_odd_chip.get_or_insert(seat);
        odd_chips.insert(seat);
        odd_left -= 1;
    }
    Ok(PotAward {
        index,
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

/// The best hands among `eligible`: every eligible seat whose strength equals the
/// maximum (P6). Seats with no strength (mucked) cannot win.
pub(crate) fn best_hands<S: Ord>(eligible: SeatSet, strength: &[Option<&S>; MAX_SEATS]) -> SeatSet {
    let mut best: Option<&S> = None;
    let mut winners = SeatSet::EMPTY;
    for seat in eligible {
        let Some(s) = strength[seat.as_usize()] else {
            continue;
        };
        match best {
            Some(b) if s < b => {}
            Some(b) if s == b => {
                winners.insert(seat);
            }
            _ => {
                best = Some(s);
                winners = SeatSet::only(seat);
            }
        }
    }
    winners
}

/// Collects `strengths` into a per-seat table, rejecting a seat given twice.
pub(crate) fn strength_table<S>(
    strengths: &[(Seat, S)],
) -> Result<[Option<&S>; MAX_SEATS], PotsError> {
    let mut table: [Option<&S>; MAX_SEATS] = [None; MAX_SEATS];
    for (seat, s) in strengths {
        let slot = &mut table[seat.as_usize()];
        if slot.is_some() {
            return Err(PotsError::DuplicateStrength { seat: *seat });
        }
        *slot = Some(s);
    }
    Ok(table)
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
    table: Table,
    strengths: &[(Seat, S)],
) -> Result<PotAward, PotsError> {
    let strength = strength_table(strengths)?;
    award_with_table(index, pot, rake, table, &strength)
}

pub(crate) fn award_with_table<S: Ord>(
    index: usize,
    pot: &Pot,
    rake: Chips,
    table: Table,
    strength: &[Option<&S>; MAX_SEATS],
) -> Result<PotAward, PotsError> {
    let winners = if pot.is_uncontested() {
        pot.eligible()
    } else {
        best_hands(pot.eligible(), strength)
    };
    if winners.is_empty() {
        return Err(PotsError::NoHandForPot {
            pot: index,
            eligible: pot.eligible().len(),
        });
    }
    split_pot(index, pot, rake, winners, table)
}
