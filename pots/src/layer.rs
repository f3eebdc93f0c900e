//! Layering contributions into a main pot and side pots (rules P1, P2, P4, B14).

use arrayvec::ArrayVec;

use crate::{Chips, MAX_POT_SEATS, MAX_POTS, PotsError, Seat, SeatSet};

/// Where a seat stands when the chips are counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Status {
    /// Still in the hand with chips behind; must have matched the largest live bet.
    Active,
    /// Still in the hand with no chips behind: eligible only up to what it put in (P1).
    AllIn,
    /// Out of the hand: its chips stay in the pots, it is eligible for none (P2).
    Folded,
}

/// One seat's total contribution to the hand (every street, blinds and antes included)
/// and its status at the end of the betting.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contribution {
    /// The seat.
    pub seat: Seat,
    /// Everything it put in this hand.
    pub amount: Chips,
    /// Active, all-in or folded.
    pub status: Status,
}

impl Contribution {
    /// A contribution of `amount` chips from `seat` with `status`.
    #[must_use]
    pub const fn new(seat: Seat, amount: Chips, status: Status) -> Contribution {
        Contribution {
            seat,
            amount,
            status,
        }
    }
}

/// One pot: its chips and the seats that can win it.
///
/// Pot 0 is the main pot; pot `i + 1` is the side pot above pot `i`'s cap.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pot {
    amount: Chips,
    cap: Chips,
    eligible: SeatSet,
}

impl Pot {
    /// The chips in the pot (before rake).
    #[must_use]
    pub const fn amount(&self) -> Chips {
        self.amount
    }

    /// The contribution level this pot is filled up to: a seat that put in at least
    /// this much (and did not fold) is eligible for it.
    #[must_use]
    pub const fn cap(&self) -> Chips {
        self.cap
    }

    /// The seats that can win this pot: not folded, and put in at least [`Pot::cap`].
    #[must_use]
    pub const fn eligible(&self) -> SeatSet {
        self.eligible
    }

    /// `true` when a single seat is eligible: the pot goes back to it uncontested (P4).
    #[must_use]
    pub const fn is_uncontested(&self) -> bool {
        self.eligible.len() == 1
    }
}

/// The uncalled part of the largest bet, returned to its owner before any pot is
/// formed (rule B14).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Uncalled {
    /// The seat that made the bet nobody matched.
    pub seat: Seat,
    /// The part of it nobody matched.
    pub amount: Chips,
}

/// The result of [`layer`]: the pots, main pot first, and the returned uncalled bet.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct Layering {
    pots: ArrayVec<Pot, MAX_POTS>,
    uncalled: Option<Uncalled>,
    in_hand: SeatSet,
    folded: SeatSet,
    all_in: SeatSet,
    total: Chips,
}

impl Layering {
    /// The pots: index 0 is the main pot, then the side pots in order. Pots with no
    /// chips are not listed.
    #[must_use]
    pub fn pots(&self) -> &[Pot] {
        &self.pots
    }

    /// The main pot, if any chips were put in beyond the uncalled bet.
    #[must_use]
    pub fn main_pot(&self) -> Option<&Pot> {
        self.pots.first()
    }

    /// The side pots (every pot after the main pot).
    #[must_use]
    pub fn side_pots(&self) -> &[Pot] {
        self.pots.get(1..).unwrap_or(&[])
    }

    /// The uncalled part of the largest bet, returned to its owner (B14).
    #[must_use]
    pub const fn uncalled(&self) -> Option<Uncalled> {
        self.uncalled
    }

    /// Every seat that contributed (including folded ones).
    #[must_use]
    pub const fn in_hand(&self) -> SeatSet {
        self.in_hand
    }

    /// The seats that folded.
    #[must_use]
    pub const fn folded(&self) -> SeatSet {
        self.folded
    }

    /// The seats that are all-in.
    #[must_use]
    pub const fn all_in(&self) -> SeatSet {
        self.all_in
    }

    /// Everything contributed: the pots plus the uncalled bet.
    #[must_use]
    pub const fn total(&self) -> Chips {
        self.total
    }
}

/// Layers each seat's total contribution into a main pot and side pots.
///
/// - B14: when one seat put in more than anyone else, the excess over the second
///   largest contribution is returned to it ([`Layering::uncalled`]) and forms no pot.
/// - P1: the pot caps are the distinct contributions of the seats that did not fold;
///   pot `i` takes from every seat the part of its contribution between cap `i - 1`
///   and cap `i`, and is open to the non-folded seats that reached cap `i`.
/// - P2: folded chips stay in the pots; folded seats are eligible for none. Chips a
///   folded seat put in above the largest live contribution (which legal betting
///   cannot produce once B14 is applied) are dead money in the top pot.
/// - P4: a pot with one eligible seat is kept, marked [`Pot::is_uncontested`], and
///   goes back to that seat.
///
/// The order of `contributions` does not matter. Zero contributions are allowed.
///
/// # Errors
/// [`PotsError::EmptyHand`] for no contributions, [`PotsError::DuplicateSeat`],
/// [`PotsError::ContributionOverflow`] when the total exceeds `u64`,
/// [`PotsError::NoLiveSeat`] when everyone folded, and
/// [`PotsError::ActiveBelowCall`] when an active seat has not matched the largest
/// live contribution (the betting is not over).
///
/// ```
/// use holdem_pots::{layer, Chips, Contribution, Seat, Status};
///
/// let s = |i| Seat::new(i).expect("seat");
/// // Seed 003: A all-in 75, B all-in 100, C all-in 200.
/// let layering = layer(&[
///     Contribution::new(s(0), Chips(75), Status::AllIn),
///     Contribution::new(s(1), Chips(100), Status::AllIn),
///     Contribution::new(s(2), Chips(200), Status::AllIn),
/// ])?;
/// let amounts: Vec<u64> = layering.pots().iter().map(|p| p.amount().get()).collect();
/// assert_eq!(amounts, [225, 50]);
/// let uncalled = layering.uncalled().expect("C's extra 100 is uncalled");
/// assert_eq!((uncalled.seat, uncalled.amount), (s(2), Chips(100)));
/// # Ok::<(), holdem_pots::PotsError>(())
/// ```
pub fn layer(contributions: &[Contribution]) -> Result<Layering, PotsError> {
    layer_in_place(contributions)
}

/// [`layer`], inlined into [`crate::settle`] so the layering is not copied.
#[inline(always)]
pub(crate) fn layer_in_place(contributions: &[Contribution]) -> Result<Layering, PotsError> {
    if contributions.is_empty() {
        return Err(PotsError::EmptyHand);
    }
    // Per-seat view, so the input order cannot matter.
    let mut amount = [0u64; MAX_POT_SEATS];
    let mut in_hand = SeatSet::EMPTY;
    let mut folded = SeatSet::EMPTY;
    let mut all_in = SeatSet::EMPTY;
    let mut active = SeatSet::EMPTY;
    let mut total = Chips::ZERO;
    for c in contributions {
        if !in_hand.insert(c.seat) {
            return Err(PotsError::DuplicateSeat { seat: c.seat });
        }
        total = total
            .checked_add(c.amount)
            .ok_or(PotsError::ContributionOverflow {
                seat: c.seat,
                amount: c.amount,
            })?;
        amount[c.seat.as_usize()] = c.amount.get();
        match c.status {
            Status::Active => active.insert(c.seat),
            Status::AllIn => all_in.insert(c.seat),
            Status::Folded => folded.insert(c.seat),
        };
    }
    let live = active.union(all_in);
    if live.is_empty() {
        return Err(PotsError::NoLiveSeat);
    }

    // B14: the largest contribution's excess over the second largest is uncalled.
    let mut top: Option<Seat> = None;
    let mut top_amount = 0u64;
    let mut second = 0u64;
    for seat in in_hand {
        let a = amount[seat.as_usize()];
        if top.is_none() || a > top_amount {
            second = top_amount;
            top_amount = a;
            top = Some(seat);
        } else if a > second {
            second = a;
        }
    }
    let mut uncalled = None;
    if let Some(seat) = top {
        if top_amount > second {
            uncalled = Some(Uncalled {
                seat,
                amount: Chips(top_amount - second),
            });
            amount[seat.as_usize()] = second;
        }
    }

    // The largest live contribution: every active seat must have matched it.
    let mut to_call = 0u64;
    for seat in live {
        to_call = to_call.max(amount[seat.as_usize()]);
    }
    for seat in active {
        let a = amount[seat.as_usize()];
        if a < to_call {
            return Err(PotsError::ActiveBelowCall {
                seat,
                contributed: Chips(a),
                to_call: Chips(to_call),
            });
        }
    }

    // Every seat in the hand, by contribution ascending (insertion sort: at most
    // MAX_POT_SEATS entries, no allocation).
    let mut order = [(0u64, Seat(0)); MAX_POT_SEATS];
    let mut n = 0;
    for seat in in_hand {
        let a = amount[seat.as_usize()];
        let mut at = n;
        while at > 0 && order[at - 1].0 > a {
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = (a, seat);
        n += 1;
    }
    let order = &order[..n];

    let mut pots: ArrayVec<Pot, MAX_POTS> = ArrayVec::new();
    if to_call == 0 {
        // Every live seat put in nothing: any folded chips form one pot open to them.
        let dead = total.get() - uncalled.map_or(0, |u| u.amount.get());
        if dead > 0 {
            pots.push(Pot {
                amount: Chips(dead),
                cap: Chips::ZERO,
                eligible: live,
            });
        }
    } else {
        // P1: each distinct live contribution is a cap. `below` is the previous cap;
        // `reaching` holds the seats that put in more than `below`; `next` is the
        // first entry of `order` not yet below the current cap.
        let mut below = 0u64;
        let mut reaching = in_hand;
        let mut next = 0;
        for &(cap, seat) in order {
            if cap <= below || !live.contains(seat) {
                continue;
            }
            let mut pot_amount = 0u64;
            while let Some(&(a, short)) = order.get(next) {
                if a >= cap {
                    break;
                }
                // A seat (folded, or all-in for less) with part of its chips here.
                pot_amount += a - below;
                reaching.remove(short);
                next += 1;
            }
            pot_amount += (cap - below) * reaching.len() as u64;
            if cap == to_call {
                // P2: dead money a folded seat put in above the top cap joins it.
                pot_amount += order[next..].iter().map(|&(a, _)| a - cap).sum::<u64>();
            }
            pots.push(Pot {
                amount: Chips(pot_amount),
                cap: Chips(cap),
                eligible: reaching.intersection(live),
            });
            below = cap;
        }
    }

    Ok(Layering {
        pots,
        uncalled,
        in_hand,
        folded,
        all_in,
        total,
    })
}
