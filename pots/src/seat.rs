//! Seats, sets of seats, and the table geometry (button, clockwise order).

use core::fmt;

use arrayvec::ArrayVec;

use crate::{MAX_POT_SEATS, PotsError};

/// A position at the table: index `0..MAX_POT_SEATS`, clockwise order is increasing index,
/// wrapping from the highest seat of the table back to seat 0.
///
/// ```
/// use holdem_pots::Seat;
///
/// let seat = Seat::new(3).expect("3 < MAX_POT_SEATS");
/// assert_eq!(seat.index(), 3);
/// assert_eq!(seat.to_string(), "seat 3");
/// assert!(Seat::new(200).is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Seat(pub(crate) u8);

impl Seat {
    /// The seat with this index, or `None` when `index >= MAX_POT_SEATS`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Seat> {
        if (index as usize) < MAX_POT_SEATS {
            Some(Seat(index))
        } else {
            None
        }
    }

    /// The seat's index, `0..MAX_POT_SEATS`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The seat's index as a `usize`, for indexing per-seat arrays.
    #[must_use]
    pub const fn as_usize(self) -> usize {
        self.0 as usize
    }

    /// Every possible seat, `0..MAX_POT_SEATS`, in index order.
    pub fn all() -> impl Iterator<Item = Seat> {
        (0..MAX_POT_SEATS as u8).map(Seat)
    }
}

impl TryFrom<u8> for Seat {
    type Error = PotsError;

    fn try_from(index: u8) -> Result<Seat, PotsError> {
        Seat::new(index).ok_or(PotsError::SeatOutOfRange { index })
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats as a bitmask (bit `i` is seat `i`): who is eligible for a pot, who
/// won it, who got an odd chip. `Copy`, one `u32`, never allocates.
///
/// ```
/// use holdem_pots::{Seat, SeatSet};
///
/// let set: SeatSet = [2, 0, 5].into_iter().filter_map(Seat::new).collect();
/// assert_eq!(set.len(), 3);
/// assert!(set.contains(Seat::new(5).expect("seat")));
/// let indices: Vec<u8> = set.iter().map(Seat::index).collect();
/// assert_eq!(indices, [0, 2, 5]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u32", into = "u32"))]
pub struct SeatSet(u32);

const ALL_BITS: u32 = if MAX_POT_SEATS == 32 {
    u32::MAX
} else {
    (1u32 << MAX_POT_SEATS) - 1
};

impl SeatSet {
    /// No seats.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// An empty set.
    #[must_use]
    pub const fn new() -> SeatSet {
        SeatSet(0)
    }

    /// The set holding only `seat`.
    #[must_use]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// The set with these bits, or `None` when a bit at or above `MAX_POT_SEATS` is set.
    #[must_use]
    pub const fn from_bits(bits: u32) -> Option<SeatSet> {
        if bits & !ALL_BITS == 0 {
            Some(SeatSet(bits))
        } else {
            None
        }
    }

    /// The bitmask: bit `i` set when seat `i` is in the set.
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Adds `seat`; returns `false` when it was already there.
    pub fn insert(&mut self, seat: Seat) -> bool {
        let had = self.contains(seat);
        self.0 |= 1 << seat.0;
        !had
    }

    /// Removes `seat`; returns `false` when it was not there.
    pub fn remove(&mut self, seat: Seat) -> bool {
        let had = self.contains(seat);
        self.0 &= !(1 << seat.0);
        had
    }

    /// `true` when `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// How many seats are in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` when no seat is in the set.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-index seat, if any.
    #[must_use]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// Seats in either set.
    #[must_use]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// Seats in both sets.
    #[must_use]
    pub const fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// Seats in `self` but not in `other`.
    #[must_use]
    pub const fn difference(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// `true` when every seat of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: SeatSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The seats in increasing index order.
    #[must_use]
    pub const fn iter(self) -> SeatSetIter {
        SeatSetIter(self.0)
    }
}

impl TryFrom<u32> for SeatSet {
    type Error = PotsError;

    fn try_from(bits: u32) -> Result<SeatSet, PotsError> {
        SeatSet::from_bits(bits).ok_or(PotsError::SeatSetOutOfRange { bits })
    }
}

impl From<SeatSet> for u32 {
    fn from(set: SeatSet) -> u32 {
        set.0
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = SeatSetIter;

    fn into_iter(self) -> SeatSetIter {
        self.iter()
    }
}

impl fmt::Display for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, seat) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", seat.0)?;
        }
        f.write_str("}")
    }
}

/// Iterator over a [`SeatSet`] in increasing index order.
#[derive(Clone, Debug)]
pub struct SeatSetIter(u32);

impl Iterator for SeatSetIter {
    type Item = Seat;

    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Seat(index as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SeatSetIter {}

/// The table's geometry for one hand: how many seat positions it has and where the
/// button is. Clockwise is increasing seat index, wrapping from `seat_count - 1` to 0;
/// empty seats simply do not appear in any set, so layouts with gaps work unchanged.
///
/// The button may sit on a seat that is not in the hand (a dead button).
///
/// ```
/// use holdem_pots::{Seat, SeatSet, TableLayout};
///
/// let s = |i| Seat::new(i).expect("seat");
/// let table = TableLayout::new(9, s(4))?;
/// let winners: SeatSet = [s(1), s(4), s(6)].into_iter().collect();
/// // Left of the button first (P3), the button itself last.
/// let order: Vec<u8> = table.clockwise_from_button(winners).map(Seat::index).collect();
/// assert_eq!(order, [6, 1, 4]);
/// # Ok::<(), holdem_pots::PotsError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "RawTableLayout", into = "RawTableLayout")
)]
pub struct TableLayout {
    seat_count: u8,
    button: Seat,
    odd_chips: OddChipOrder,
}

/// The order in which a split pot's odd chips go to its tied winners, one each
/// ([`TableLayout::odd_chip_order`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OddChipOrder {
    /// The standard (P3): from the first winner left of the button, clockwise.
    #[default]
    LeftOfButton,
    /// A house order: from the winner of the lowest rank up, `ranks[i]` being
    /// position `i`'s rank; winners of the same rank keep the clockwise order.
    /// (Winamax gives them from the highest table seat number down: the ranks
    /// are the positions' places in that order.)
    Ranked {
        /// Each position's rank.
        ranks: [u8; MAX_POT_SEATS],
    },
}

/// The text form of a [`TableLayout`], checked by [`TableLayout::new`] when parsed.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
struct RawTableLayout {
    /// Read under its earlier name too.
    #[serde(alias = "seat_count")]
    seat_count: u8,
    button: Seat,
    /// Absent for the standard order.
    #[serde(default, skip_serializing_if = "is_standard_order")]
    odd_chips: OddChipOrder,
}

#[cfg(feature = "serde")]
fn is_standard_order(order: &OddChipOrder) -> bool {
    *order == OddChipOrder::LeftOfButton
}

#[cfg(feature = "serde")]
impl TryFrom<RawTableLayout> for TableLayout {
    type Error = PotsError;

    fn try_from(raw: RawTableLayout) -> Result<TableLayout, PotsError> {
        TableLayout::new(raw.seat_count, raw.button).map(|t| t.with_odd_chips(raw.odd_chips))
    }
}

#[cfg(feature = "serde")]
impl From<TableLayout> for RawTableLayout {
    fn from(table: TableLayout) -> RawTableLayout {
        RawTableLayout {
            seat_count: table.seat_count,
            button: table.button,
            odd_chips: table.odd_chips,
        }
    }
}

impl TableLayout {
    /// A table of `seat_count` positions (`1..=MAX_POT_SEATS`) with the button on `button`.
    ///
    /// # Errors
    /// [`PotsError::SeatCount`] when `seat_count` is 0 or above [`MAX_POT_SEATS`];
    /// [`PotsError::ButtonNotASeat`] when `button` is not below `seat_count`.
    pub const fn new(seat_count: u8, button: Seat) -> Result<TableLayout, PotsError> {
        if seat_count == 0 || seat_count as usize > MAX_POT_SEATS {
            return Err(PotsError::SeatCount { seat_count });
        }
        if button.0 >= seat_count {
            return Err(PotsError::ButtonNotASeat { button, seat_count });
        }
        Ok(TableLayout {
            seat_count,
            button,
            odd_chips: OddChipOrder::LeftOfButton,
        })
    }

    /// The same table with the odd chips of a split pot given in `order`
    /// (the standard, [`OddChipOrder::LeftOfButton`], unless a house rule says
    /// otherwise).
    #[must_use]
    pub const fn with_odd_chips(self, order: OddChipOrder) -> TableLayout {
        TableLayout {
            odd_chips: order,
            ..self
        }
    }

    /// The order of a split pot's odd chips.
    #[must_use]
    pub const fn odd_chips(self) -> OddChipOrder {
        self.odd_chips
    }

    /// The seats of `set` in the order its odd chips go to them, one each: from
    /// the first left of the button clockwise (P3), or as the table's
    /// [`OddChipOrder`] says.
    ///
    /// ```
    /// use holdem_pots::{MAX_POT_SEATS, OddChipOrder, Seat, SeatSet, TableLayout};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let winners: SeatSet = [s(1), s(4), s(6)].into_iter().collect();
    /// let table = TableLayout::new(9, s(4))?;
    /// let order: Vec<u8> = table.odd_chip_order(winners).iter().map(|s| s.index()).collect();
    /// assert_eq!(order, [6, 1, 4]);
    /// // From the highest position down: position 8 ranks 0, 7 ranks 1, ...
    /// let mut ranks = [u8::MAX; MAX_POT_SEATS];
    /// for i in 0..9 {
    ///     ranks[i] = 8 - i as u8;
    /// }
    /// let house = table.with_odd_chips(OddChipOrder::Ranked { ranks });
    /// let order: Vec<u8> = house.odd_chip_order(winners).iter().map(|s| s.index()).collect();
    /// assert_eq!(order, [6, 4, 1]);
    /// # Ok::<(), holdem_pots::PotsError>(())
    /// ```
    #[must_use]
    pub fn odd_chip_order(self, set: SeatSet) -> ArrayVec<Seat, MAX_POT_SEATS> {
        let mut order: ArrayVec<Seat, MAX_POT_SEATS> = self.clockwise_from_button(set).collect();
        if let OddChipOrder::Ranked { ranks } = self.odd_chips {
            // A stable sort: equal ranks keep the clockwise order.
            order.sort_by_key(|s| ranks.get(s.as_usize()).copied());
        }
        order
    }

    /// Number of seat positions.
    #[must_use]
    pub const fn seat_count(self) -> u8 {
        self.seat_count
    }

    /// The button's seat.
    #[must_use]
    pub const fn button(self) -> Seat {
        self.button
    }

    /// `true` when `seat` is one of this table's positions.
    #[must_use]
    pub const fn has_seat(self, seat: Seat) -> bool {
        seat.0 < self.seat_count
    }

    /// The seats of `set` in clockwise order, starting with the first one left of the
    /// button and ending with the button itself if it is in `set` (rule P3's order).
    pub fn clockwise_from_button(self, set: SeatSet) -> impl Iterator<Item = Seat> + use<> {
        // Bits above the button come first, then the button and the bits below it.
        let through_button = if self.button.0 as u32 >= 31 {
            u32::MAX
        } else {
            (1u32 << (self.button.0 + 1)) - 1
        };
        let after = SeatSet(set.0 & !through_button);
        let before = SeatSet(set.0 & through_button);
        after.iter().chain(before.iter())
    }
}
