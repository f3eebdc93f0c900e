//! [`Hand`]: the state of one hand, its constructor and its queries.

use arrayvec::ArrayVec;
use holdem_cards::{Card, CardSet};
use holdem_eval::{Evaluator, HandEvaluator};
use holdem_pots::{Chips, Seat, SeatSet};

use crate::fixed::{Filler, FixedVec};
use crate::result::HandResult;
use crate::runs::Runs;
use crate::state::{SeatState, next_in};
use crate::{
    ForcedBets, HandConfig, HandError, MAX_SEATS, Pending, Player, Positions, PostKind, SeatStatus,
    Street,
};

/// Where the hand is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Phase {
    Posting,
    Dealing,
    Betting,
    /// Waiting for the board cards of this street.
    Board(Street),
    Showdown,
    Complete,
}

/// The showdown evaluator, ignored by equality: two hands are equal when their
/// states are (the evaluator is a pure function).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Ranker<E>(pub E);

impl<E> PartialEq for Ranker<E> {
    fn eq(&self, _other: &Ranker<E>) -> bool {
        true
    }
}

impl<E> Eq for Ranker<E> {}

/// The most forced bets one hand can have: per seat an ante, a dead ante, a blind, a
/// straddle and a dead blind.
pub(crate) const MAX_POSTS: usize = 5 * MAX_SEATS;

/// One hand of Texas Hold'em, from the forced bets to the settlement: a sans-IO state
/// machine (DESIGN §1). Feed it [`crate::Input`]s with [`Hand::apply`]; every accepted
/// input returns events, every rejected one a [`HandError`] and no change at all.
///
/// `E` ranks the hands at showdown (E1); the default is `holdem_eval`'s fast
/// [`Evaluator`]. See the crate documentation for a complete hand.
///
/// With the `serde` feature a hand serializes; deserializing checks the state
/// ([`Hand::check_state`]: chips conserved, no card twice, masks consistent) and
/// refuses a broken one.
#[derive(Debug)]
// (`remote = "Self"`: the derived code is inherent functions, called by the checked
// impls in `check.rs`.)
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", rename_all = "kebab-case")
)]
pub struct Hand<E = Evaluator> {
    pub(crate) config: HandConfig,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) evaluator: Ranker<E>,
    pub(crate) seats: [SeatState; MAX_SEATS],
    pub(crate) players: SeatSet,
    /// Seats that folded (kept beside the per-seat status for speed).
    pub(crate) folded: SeatSet,
    /// Bits of the seats whose status is [`SeatStatus::Active`] (kept beside the
    /// per-seat status so the next seat to act is a few bit operations).
    pub(crate) active: u32,
    /// Bits of the seats that acted in this round (mirrors `SeatState::acted`).
    pub(crate) acted: u32,
    /// Bits of the seats whose street bet is below the bet to call (kept exact for
    /// the seats that can still act, the only ones it is read for).
    pub(crate) behind: u32,
    /// Bits of the seats dealt their hole cards (mirrors `SeatState::dealt`).
    pub(crate) dealt: u32,
    /// Bits of the seats whose hands are shown (mirrors `SeatState::shown`).
    pub(crate) shown: u32,
    /// Bits of the seats that mucked (mirrors `SeatState::mucked`).
    pub(crate) mucked: u32,
    /// Bits of the seats with chips in front of them on this street
    /// (`SeatState::street_bet > 0`): the round's end gathers only those.
    pub(crate) bettors: u32,
    /// Bits of the seats whose chips went in as dead money or in a round already
    /// gathered: with `bettors`, every seat that has put chips in (`total > 0`), so
    /// the settlement visits only those.
    pub(crate) contributed: u32,
    pub(crate) positions: Positions,
    /// The forced bets in posting order (sizes in `config` and `post_sizes`).
    pub(crate) posts: FixedVec<(Seat, PostKind), MAX_POSTS>,
    /// Per seat: the ante, the dead ante and the straddle (full sizes).
    pub(crate) post_sizes: [[u64; 3]; MAX_SEATS],
    /// The last straddler, who acts last before the flop (B3, B6).
    pub(crate) straddler: Option<Seat>,
    /// The blind that opens the pre-flop betting: the big blind or the last straddle
    /// (B10, B13).
    pub(crate) opening_blind: u64,
    pub(crate) next_post: u8,
    pub(crate) phase: Phase,
    pub(crate) street: Street,
    /// The bet to call on this street (B13: at least the big blind before the flop).
    pub(crate) current_bet: u64,
    /// The last full bet or raise on this street (B12, seed 002 rule).
    pub(crate) last_full_bet: u64,
    /// The largest full bet or raise increment on this street (B10).
    pub(crate) full_increment: u64,
    /// Full bets made this round, the big blind counting before the flop (B9).
    pub(crate) bets: u8,
    pub(crate) to_act: Option<Seat>,
    /// The last seat to bet or raise on this street (B21 on the river).
    pub(crate) last_aggressor: Option<Seat>,
    /// Chips in the middle from finished rounds, antes and dead money.
    pub(crate) pot: u64,
    pub(crate) board: [Option<Card>; 5],
    pub(crate) board_len: u8,
    pub(crate) burned: bool,
    pub(crate) burns: u8,
    /// Every known card dealt, burned or shown (C1: none twice).
    pub(crate) known: CardSet,
    /// Betting ended with a player all-in: hands are face up (B21).
    pub(crate) all_in_showdown: bool,
    pub(crate) showdown_order: FixedVec<Seat, MAX_SEATS>,
    /// The runs of the board (B26): one unless the players agreed to more.
    pub(crate) runs: Runs,
    pub(crate) result: Option<HandResult>,
    /// The config is no limit with the standard minimum raise and no re-raise
    /// doubling: the betting limits take a shorter path (derived from `config`;
    /// `false`, the general path, is always correct, so it is not serialized).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) plain_no_limit: bool,
    /// No seat sits out (B17): moving the action on needs no per-seat test (derived
    /// from the seats at construction; `false`, the general path, is always correct,
    /// so it is not serialized).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) nobody_sits_out: bool,
    /// Every player's ante (or bomb-pot ante) is one size: with the load checks,
    /// a showdown's settlement cannot then be refused, and a river action skips
    /// the copy that makes an input atomic (derived from the posts; `false`, the
    /// careful path, is always correct, so it is not serialized).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) antes_even: bool,
}

/// Every field but the evaluator and the result is `Copy` (fixed arrays,
/// `FixedVec`s): a clone copies them as a block, not field by field.
impl<E: Clone> Clone for Hand<E> {
    #[inline]
    fn clone(&self) -> Self {
        match &self.result {
            // A hand in play (the common thing to clone): no result to copy.
            None => Hand {
                evaluator: self.evaluator.clone(),
                result: None,
                ..*self
            },
            Some(result) => Hand {
                evaluator: self.evaluator.clone(),
                result: Some(result.clone()),
                ..*self
            },
        }
    }
}

/// Two hands are equal when their states are (the evaluator is not compared: it is a
/// pure function).
impl<E> PartialEq for Hand<E> {
    fn eq(&self, other: &Hand<E>) -> bool {
        self.config == other.config
            && self.seats == other.seats
            && self.players == other.players
            && self.folded == other.folded
            && self.active == other.active
            && self.acted == other.acted
            && self.behind == other.behind
            && self.dealt == other.dealt
            && self.shown == other.shown
            && self.mucked == other.mucked
            && self.bettors == other.bettors
            && self.contributed == other.contributed
            && self.positions == other.positions
            && self.posts == other.posts
            && self.post_sizes == other.post_sizes
            && self.straddler == other.straddler
            && self.opening_blind == other.opening_blind
            && self.next_post == other.next_post
            && self.phase == other.phase
            && self.street == other.street
            && self.current_bet == other.current_bet
            && self.last_full_bet == other.last_full_bet
            && self.full_increment == other.full_increment
            && self.bets == other.bets
            && self.to_act == other.to_act
            && self.last_aggressor == other.last_aggressor
            && self.pot == other.pot
            && self.board == other.board
            && self.board_len == other.board_len
            && self.burned == other.burned
            && self.burns == other.burns
            && self.known == other.known
            && self.all_in_showdown == other.all_in_showdown
            && self.showdown_order == other.showdown_order
            && self.runs == other.runs
            && self.result == other.result
    }
}

impl<E> Eq for Hand<E> {}

impl Hand<Evaluator> {
    /// A hand with the standard positions for `button` (B2, B4) and the fast
    /// evaluator. `players` are the seats dealt in, with their stacks.
    ///
    /// # Errors
    /// [`HandError::InvalidConfig`], [`HandError::PlayerCount`] (2 to
    /// [`MAX_SEATS`]), [`HandError::SeatOutOfRange`], [`HandError::DuplicateSeat`],
    /// [`HandError::EmptyStack`].
    #[inline]
    pub fn new(config: HandConfig, players: &[Player], button: Seat) -> Result<Self, HandError> {
        Hand::with_positions(config, players, button, None, Evaluator::new())
    }
}

impl<E: HandEvaluator + Clone> Hand<E> {
    /// A hand with explicit `positions` (dead button, dead small blind, extra big
    /// blinds: B18, B19; `None` for the standard ones for `button`) and evaluator.
    /// With `Some(positions)` the button is `positions.button` (`button` is only
    /// checked): [`Hand::at_positions`] takes the positions alone.
    ///
    /// # Errors
    /// As [`Hand::new`], and [`HandError::BlindSeatNotPlaying`] when a blind seat is
    /// not one of `players`.
    #[inline]
    pub fn with_positions(
        config: HandConfig,
        players: &[Player],
        button: Seat,
        positions: Option<Positions>,
        evaluator: E,
    ) -> Result<Self, HandError> {
        Hand::with_forced_bets(
            config,
            players,
            button,
            positions,
            &ForcedBets::default(),
            evaluator,
        )
    }

    /// A hand at explicit `positions` (button, blinds, extra and dead blinds: B18,
    /// B19), as [`crate::table::CashTable::next_hand`] gives them, and `evaluator`. The
    /// button is the one of `positions`.
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, Occupant, CashTable};
    /// use holdem_betting::{Chips, Evaluator, Hand, HandConfig, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let mut table = CashTable::new(ButtonRule::DeadButton, s(0));
    /// for i in 0..3 {
    ///     table.seat(s(i), Occupant::Playing { stack: Chips(500) })?;
    /// }
    /// let setup = table.next_hand()?;
    /// let hand = Hand::at_positions(HandConfig::no_limit(Chips(10)), &setup.players, setup.positions, Evaluator::new())?;
    /// assert_eq!(hand.positions().big_blind, s(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Hand::with_positions`].
    #[inline]
    pub fn at_positions(
        config: HandConfig,
        players: &[Player],
        positions: Positions,
        evaluator: E,
    ) -> Result<Self, HandError> {
        Hand::with_forced_bets(
            config,
            players,
            positions.button,
            Some(positions),
            &ForcedBets::default(),
            evaluator,
        )
    }

    /// A hand with explicit positions (or `None` for the standard ones), forced bets
    /// beyond the config's (any seat's ante, dead antes, straddles: B3, B5, B6) and
    /// evaluator.
    ///
    /// # Errors
    /// As [`Hand::with_positions`], and [`HandError::ForcedBetSeatNotPlaying`] for an
    /// ante of a seat not in the hand, [`HandError::InvalidStraddle`] for a straddle
    /// out of place (not left of the big blind or the previous straddle), smaller
    /// than double the previous blind, not in whole chip units, or in fixed limit.
    pub fn with_forced_bets(
        config: HandConfig,
        players: &[Player],
        button: Seat,
        positions: Option<Positions>,
        forced: &ForcedBets,
        evaluator: E,
    ) -> Result<Self, HandError> {
        config.validate()?;
        if players.len() < 2 || players.len() > MAX_SEATS {
            return Err(HandError::PlayerCount {
                count: players.len(),
            });
        }
        let mut set = SeatSet::EMPTY;
        let mut total = Chips::ZERO;
        for p in players {
            // Each partial sum is at most MAX_TOTAL_CHIPS (a quarter of u64::MAX),
            // so the next addition cannot overflow before the check refuses it.
            total = match total + p.stack {
                Ok(sum) if sum <= crate::MAX_TOTAL_CHIPS => sum,
                _ => {
                    return Err(HandError::TooManyChips {
                        max: crate::MAX_TOTAL_CHIPS,
                    });
                }
            };
            if p.seat.as_usize() >= MAX_SEATS {
                return Err(HandError::SeatOutOfRange { seat: p.seat });
            }
            if p.stack.is_zero() {
                return Err(HandError::EmptyStack { seat: p.seat });
            }
            if !set.insert(p.seat) {
                return Err(HandError::DuplicateSeat { seat: p.seat });
            }
        }
        if button.as_usize() >= MAX_SEATS {
            return Err(HandError::SeatOutOfRange { seat: button });
        }
        let positions = match positions {
            Some(p) => p,
            None => Positions::standard(set, button).ok_or(HandError::PlayerCount {
                count: players.len(),
            })?,
        };
        let blind_seats = positions
            .extra_big_blinds
            .union(positions.dead_blinds)
            .union(SeatSet::only(positions.big_blind));
        let blind_seats = match positions.small_blind {
            Some(sb) => blind_seats.union(SeatSet::only(sb)),
            None => blind_seats,
        };
        if let Some(seat) = blind_seats.iter().find(|s| !set.contains(*s)) {
            return Err(HandError::BlindSeatNotPlaying { seat });
        }

        // The seats with a per-seat ante or dead ante (without branches); only those
        // need checking, seat by seat as before.
        let mut forced_seats = 0u32;
        for (i, (ante, dead)) in forced.antes.iter().zip(&forced.dead_antes).enumerate() {
            forced_seats |= u32::from(!ante.is_zero() || !dead.is_zero()) << i;
        }
        if forced_seats != 0 {
            for (i, (ante, dead)) in forced.antes.iter().zip(&forced.dead_antes).enumerate() {
                let seat = Seat::new(i as u8).ok_or(HandError::PlayerCount { count: i })?;
                if (!ante.is_zero() || !dead.is_zero()) && !set.contains(seat) {
                    return Err(HandError::ForcedBetSeatNotPlaying { seat });
                }
                // (A unit of one needs no division.)
                let unit = config.chip_unit.get();
                if unit > 1 && (ante.get() % unit != 0 || dead.get() % unit != 0) {
                    return Err(HandError::InvalidConfig {
                        field: "antes",
                        reason: "must be a whole number of chip units (B24)",
                    });
                }
            }
        }
        if !config.bomb_pot.is_zero()
            && (!forced.is_empty()
                || !positions.extra_big_blinds.is_empty()
                || !positions.dead_blinds.is_empty())
        {
            return Err(HandError::InvalidConfig {
                field: "bomb-pot",
                reason: "a bomb pot has no other forced bets: no antes, straddles, dead or extra blinds (B27)",
            });
        }
        let (straddler, opening_blind) = check_straddles(&config, set, &positions, forced)?;
        Ok(Hand::build(
            config,
            players,
            set,
            positions,
            forced,
            forced_seats != 0,
            (straddler, opening_blind),
            evaluator,
        ))
    }

    /// The checked hand of [`Hand::with_forced_bets`]: seats, the forced-bet schedule
    /// and the starting state.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn build(
        config: HandConfig,
        players: &[Player],
        set: SeatSet,
        positions: Positions,
        forced: &ForcedBets,
        per_seat_antes: bool,
        (straddler, opening_blind): (Option<Seat>, u64),
        evaluator: E,
    ) -> Hand<E> {
        let mut hand = Hand::blank(config, set, positions, straddler, opening_blind, evaluator);
        hand.fill(players, forced, per_seat_antes);
        hand.antes_even = hand.antes_are_even();
        hand
    }

    /// A hand with its players and forced bets still to fill in.
    #[inline(always)]
    fn blank(
        config: HandConfig,
        set: SeatSet,
        positions: Positions,
        straddler: Option<Seat>,
        opening_blind: u64,
        evaluator: E,
    ) -> Hand<E> {
        Hand {
            config,
            evaluator: Ranker(evaluator),
            seats: [SeatState::EMPTY; MAX_SEATS],
            players: set,
            folded: SeatSet::EMPTY,
            active: set.bits(),
            acted: 0,
            behind: 0,
            dealt: 0,
            shown: 0,
            mucked: 0,
            bettors: 0,
            contributed: 0,
            positions,
            posts: FixedVec::new(<(Seat, PostKind)>::FILLER),
            post_sizes: [[0u64; 3]; MAX_SEATS],
            straddler,
            opening_blind,
            next_post: 0,
            phase: Phase::Posting,
            street: Street::Preflop,
            current_bet: 0,
            last_full_bet: 0,
            full_increment: 0,
            bets: 0,
            to_act: None,
            last_aggressor: None,
            pot: 0,
            board: [None; 5],
            board_len: 0,
            burned: false,
            burns: 0,
            known: CardSet::EMPTY,
            all_in_showdown: false,
            showdown_order: FixedVec::new(Seat::FILLER),
            runs: Runs::NONE,
            result: None,
            plain_no_limit: config.is_plain_no_limit(),
            nobody_sits_out: false,
            antes_even: false,
        }
    }

    /// Fills in the players' seats and the forced-bet schedule of a blank hand.
    #[inline(always)]
    fn fill(&mut self, players: &[Player], forced: &ForcedBets, per_seat_antes: bool) {
        let hand = self;
        let config = hand.config;
        let set = hand.players;
        let positions = hand.positions;
        let mut sitting_out = false;
        for p in players {
            hand.seats[p.seat.as_usize()] = SeatState {
                status: SeatStatus::Active,
                starting: p.stack.get(),
                stack: p.stack.get(),
                sitting_out: p.sitting_out,
                ..SeatState::EMPTY
            };
            sitting_out |= p.sitting_out;
        }
        hand.nobody_sits_out = !sitting_out;
        if !config.bomb_pot.is_zero() {
            // B27: every dealt-in player posts the bomb pot, clockwise from the left
            // of the button; no blinds, no antes.
            for seat in clockwise_from(set, positions.button) {
                hand.posts.push((seat, PostKind::BombPot));
                hand.post_sizes[seat.as_usize()][0] = config.bomb_pot.get();
            }
            return;
        }

        // The forced bets in posting order: antes clockwise from the left of the
        // button (B5), dead antes (the big-blind ante), the blinds (B2), straddles,
        // new players' big blinds (B19) and dead blinds. At most 4 per seat. The
        // clockwise passes run only when there is something to post in them.
        let posts = &mut hand.posts;
        let post_sizes = &mut hand.post_sizes;
        let antes = per_seat_antes || !config.ante.is_zero();
        let dead_antes = per_seat_antes || !config.big_blind_ante.is_zero();
        let extra = !positions.extra_big_blinds.is_empty();
        let dead_blinds = !positions.dead_blinds.is_empty() && !config.small_blind.is_zero();
        let clockwise = if antes || dead_antes || extra || dead_blinds {
            clockwise_from(set, positions.button)
        } else {
            ArrayVec::new()
        };
        // The saturating sums below are exact where it matters: a post is capped by
        // the poster's stack (at most MAX_TOTAL_CHIPS), so a sum clamped at
        // u64::MAX posts the same chips as the true sum would.
        if antes {
            for seat in clockwise.iter() {
                let ante = config
                    .ante
                    .get()
                    .saturating_add(forced.antes[seat.as_usize()].get());
                if ante > 0 {
                    posts.push((*seat, PostKind::Ante));
                    post_sizes[seat.as_usize()][0] = ante;
                }
            }
        }
        if dead_antes {
            for seat in clockwise.iter() {
                let mut dead = forced.dead_antes[seat.as_usize()].get();
                if *seat == positions.big_blind {
                    dead = dead.saturating_add(config.big_blind_ante.get());
                }
                if dead > 0 {
                    posts.push((*seat, PostKind::BigBlindAnte));
                    post_sizes[seat.as_usize()][1] = dead;
                }
            }
        }
        if let Some(sb) = positions.small_blind {
            if !config.small_blind.is_zero() {
                posts.push((sb, PostKind::SmallBlind));
            }
        }
        posts.push((positions.big_blind, PostKind::BigBlind));
        for (seat, amount) in &forced.straddles {
            posts.push((*seat, PostKind::Straddle));
            post_sizes[seat.as_usize()][2] = amount.get();
        }
        if extra {
            for seat in clockwise.iter() {
                if positions.extra_big_blinds.contains(*seat) && *seat != positions.big_blind {
                    posts.push((*seat, PostKind::BigBlind));
                }
            }
        }
        if dead_blinds {
            for seat in clockwise.iter() {
                if positions.dead_blinds.contains(*seat) {
                    posts.push((*seat, PostKind::DeadBlind));
                }
            }
        }
    }

    /// The same hand ranking showdowns with `evaluator` instead.
    pub fn with_evaluator<F: HandEvaluator + Clone>(self, evaluator: F) -> Hand<F> {
        Hand {
            config: self.config,
            evaluator: Ranker(evaluator),
            seats: self.seats,
            players: self.players,
            folded: self.folded,
            active: self.active,
            acted: self.acted,
            behind: self.behind,
            dealt: self.dealt,
            shown: self.shown,
            mucked: self.mucked,
            bettors: self.bettors,
            contributed: self.contributed,
            positions: self.positions,
            posts: self.posts,
            post_sizes: self.post_sizes,
            straddler: self.straddler,
            opening_blind: self.opening_blind,
            next_post: self.next_post,
            phase: self.phase,
            street: self.street,
            current_bet: self.current_bet,
            last_full_bet: self.last_full_bet,
            full_increment: self.full_increment,
            bets: self.bets,
            to_act: self.to_act,
            last_aggressor: self.last_aggressor,
            pot: self.pot,
            board: self.board,
            board_len: self.board_len,
            burned: self.burned,
            burns: self.burns,
            known: self.known,
            all_in_showdown: self.all_in_showdown,
            showdown_order: self.showdown_order,
            runs: self.runs,
            result: self.result,
            plain_no_limit: self.plain_no_limit,
            nobody_sits_out: self.nobody_sits_out,
            antes_even: self.antes_even,
        }
    }
}

/// Checks the straddles (B3, B6): each left of the big blind or the previous straddle,
/// at least double the blind before it, in whole units, pot or no limit. Gives the
/// last straddler and the blind that opens the pre-flop betting.
fn check_straddles(
    config: &HandConfig,
    players: SeatSet,
    positions: &Positions,
    forced: &ForcedBets,
) -> Result<(Option<Seat>, u64), HandError> {
    let mut previous = positions.big_blind;
    let mut level = config.big_blind.get();
    let mut blinds = SeatSet::only(positions.big_blind);
    if let Some(sb) = positions.small_blind {
        blinds.insert(sb);
    }
    for &(seat, amount) in &forced.straddles {
        let invalid = |reason| Err(HandError::InvalidStraddle { seat, reason });
        if matches!(
            config.structure_on(crate::Street::Preflop),
            crate::BettingStructure::FixedLimit { .. }
        ) {
            return invalid("straddles are for pot and no limit (B3)");
        }
        if next_in(players, previous) != Some(seat) || blinds.contains(seat) {
            return invalid(
                "a straddle sits left of the big blind or of the previous straddle (B3)",
            );
        }
        if amount.get() < level.saturating_mul(2) {
            return invalid("a straddle is at least double the blind before it (B3)");
        }
        if amount.get() % config.chip_unit.get() != 0 {
            return invalid("must be a whole number of chip units (B24)");
        }
        blinds.insert(seat);
        previous = seat;
        level = amount.get();
    }
    Ok((forced.straddles.last().map(|s| s.0), level))
}

/// The seats of `set` clockwise starting left of `button` (the button last).
pub(crate) fn clockwise_from(set: SeatSet, button: Seat) -> ArrayVec<Seat, MAX_SEATS> {
    let mut out = ArrayVec::new();
    let bits = set.bits();
    let b = button.as_usize();
    // Seats after the button first, then from seat 0 up to the button itself.
    let after = bits & !((2u32 << b) - 1);
    let upto = bits & ((2u32 << b) - 1);
    for mut part in [after, upto] {
        while part != 0 {
            if let Some(seat) = Seat::new(part.trailing_zeros() as u8) {
                // At most one seat per bit of a table's seat set.
                let _ = out.try_push(seat);
            }
            part &= part - 1;
        }
    }
    out
}

impl<E> Hand<E> {
    /// The hand's config.
    #[must_use]
    pub const fn config(&self) -> &HandConfig {
        &self.config
    }

    /// The button, blinds and extra posters.
    #[must_use]
    pub const fn positions(&self) -> &Positions {
        &self.positions
    }

    /// The seats dealt in.
    #[must_use]
    pub const fn players(&self) -> SeatSet {
        self.players
    }

    /// The current street (the last one dealt or being bet).
    #[must_use]
    pub const fn street(&self) -> Street {
        self.street
    }

    /// The seat to act, when the hand waits for a betting action.
    #[must_use]
    pub const fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Betting => self.to_act,
            _ => None,
        }
    }

    /// `true` once the hand is settled.
    #[must_use]
    pub const fn is_complete(&self) -> bool {
        matches!(self.phase, Phase::Complete)
    }

    /// The settlement, once the hand is complete.
    #[must_use]
    pub const fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// Everything in the middle: collected pots plus the bets of the current street.
    #[must_use]
    pub fn pot_total(&self) -> Chips {
        Chips(self.pot + self.seats.iter().map(|s| s.street_bet).sum::<u64>())
    }

    /// The chips in finished rounds (antes and dead money included), without the
    /// bets of the current street.
    #[must_use]
    pub const fn collected_pot(&self) -> Chips {
        Chips(self.pot)
    }

    /// The bet to call on this street.
    #[must_use]
    pub const fn current_bet(&self) -> Chips {
        Chips(self.current_bet)
    }

    /// The board dealt so far (`None` for cards dealt unknown).
    #[must_use]
    pub fn board(&self) -> &[Option<Card>] {
        &self.board[..self.board_len as usize]
    }

    /// A seat's status; [`SeatStatus::Empty`] for a seat not in the hand.
    #[must_use]
    pub fn status(&self, seat: Seat) -> SeatStatus {
        self.seat(seat).map_or(SeatStatus::Empty, |s| s.status)
    }

    /// A seat's chips behind (not yet put in).
    #[must_use]
    pub fn stack(&self, seat: Seat) -> Chips {
        Chips(self.seat(seat).map_or(0, |s| s.stack))
    }

    /// A seat's live bet on the current street.
    #[must_use]
    pub fn street_bet(&self, seat: Seat) -> Chips {
        Chips(self.seat(seat).map_or(0, |s| s.street_bet))
    }

    /// Everything a seat has put in this hand (uncalled chips returned excluded).
    #[must_use]
    pub fn contributed(&self, seat: Seat) -> Chips {
        Chips(self.seat(seat).map_or(0, |s| s.total))
    }

    /// A seat's stack when the hand began.
    #[must_use]
    pub fn starting_stack(&self, seat: Seat) -> Chips {
        Chips(self.seat(seat).map_or(0, |s| s.starting))
    }

    /// A seat's hole cards as the hand knows them (unredacted: for the dealer and
    /// the journal; players get [`Hand::view_for`]).
    #[must_use]
    pub fn hole_cards(&self, seat: Seat) -> [Option<Card>; 2] {
        self.seat(seat).map_or([None; 2], |s| s.hole)
    }

    /// Every known card dealt so far (hole, board, burns, shown).
    #[must_use]
    pub const fn known_cards(&self) -> CardSet {
        self.known
    }

    pub(crate) fn seat(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(seat.as_usize())
    }

    /// Seats still able to bet (in the hand with chips, not protected all-in).
    pub(crate) fn able_count(&self) -> usize {
        self.active.count_ones() as usize
    }

    /// Brings the seat bit masks in line with seat `i`'s state after a change (the
    /// `acted` bits are the only record of acting: they are set where a seat acts).
    pub(crate) fn sync_seat(&mut self, i: usize) {
        let bit = 1u32 << i;
        let st = &self.seats[i];
        if st.status == SeatStatus::Active {
            self.active |= bit;
        } else {
            self.active &= !bit;
        }
        if st.street_bet < self.current_bet && st.in_hand() {
            self.behind |= bit;
        } else {
            self.behind &= !bit;
        }
    }

    /// Seats not folded (active or all-in).
    pub(crate) fn contenders(&self) -> SeatSet {
        SeatSet::from_bits(self.players.bits() & !self.folded.bits()).unwrap_or_default()
    }

    /// What the hand waits for next.
    #[must_use]
    #[inline]
    pub fn pending(&self) -> Pending {
        match (self.phase, self.to_act) {
            (Phase::Betting, Some(seat)) => Pending::Action { seat },
            _ => self.pending_other(),
        }
    }

    #[inline(never)]
    fn pending_other(&self) -> Pending {
        match self.phase {
            Phase::Posting => match self.posts.get(self.next_post as usize) {
                Some(&(seat, kind)) => Pending::Post {
                    seat,
                    kind,
                    amount: Chips(
                        self.post_size(seat, kind)
                            .min(self.seats[seat.as_usize()].stack),
                    ),
                },
                None => Pending::Complete,
            },
            Phase::Dealing => {
                let undealt =
                    SeatSet::from_bits(self.players.bits() & !self.dealt).unwrap_or_default();
                let first = if self.players.len() == 2 {
                    // C3 heads-up: the big blind gets the first card.
                    Some(self.positions.big_blind).filter(|s| undealt.contains(*s))
                } else {
                    None
                };
                match first.or_else(|| next_in(undealt, self.positions.button)) {
                    Some(seat) => Pending::HoleCards { seat },
                    None => Pending::Complete,
                }
            }
            Phase::Betting => match self.to_act {
                Some(seat) => Pending::Action { seat },
                None => Pending::Complete,
            },
            Phase::Board(street) => Pending::Board { street },
            // During the showdown `to_act` keeps the next seat to show or muck.
            Phase::Showdown => match self.to_act.or_else(|| self.next_to_show()) {
                Some(seat) => Pending::Showdown { seat },
                None => Pending::Complete,
            },
            Phase::Complete => Pending::Complete,
        }
    }

    /// The full size of `seat`'s forced bet of `kind`.
    pub(crate) fn post_size(&self, seat: Seat, kind: PostKind) -> u64 {
        let sizes = self.post_sizes[seat.as_usize()];
        match kind {
            // A bomb pot's amount sits in the ante slot (a bomb pot has no antes).
            PostKind::Ante | PostKind::BombPot => sizes[0],
            PostKind::BigBlindAnte => sizes[1],
            PostKind::Straddle => sizes[2],
            PostKind::SmallBlind | PostKind::DeadBlind => self.config.small_blind.get(),
            PostKind::BigBlind => self.config.big_blind.get(),
        }
    }

    /// The next seat to show or muck at showdown (B21 order), if any.
    pub(crate) fn next_to_show(&self) -> Option<Seat> {
        // The order is clockwise among the contenders from its first seat: the first
        // seat still to show at or after it, wrapping.
        let first = self.showdown_order.first()?.as_usize();
        let waiting = self.contenders().bits() & !(self.shown | self.mucked);
        let after = waiting & !((1u32 << first) - 1);
        let next = if after != 0 { after } else { waiting };
        if next == 0 {
            return None;
        }
        Seat::new(next.trailing_zeros() as u8)
    }

    /// `true` while the hand waits for hole cards (cheaper than [`Hand::pending`]).
    pub(crate) fn waits_for_hole_cards(&self) -> bool {
        matches!(self.phase, Phase::Dealing)
    }

    /// The street whose board cards the hand waits for, if it does.
    pub(crate) fn waits_for_board(&self) -> Option<Street> {
        match self.phase {
            Phase::Board(street) => Some(street),
            _ => None,
        }
    }

    /// Internal consistency check for tests: the seat bit masks kept for speed agree
    /// with the per-seat state they mirror.
    #[doc(hidden)]
    #[must_use]
    pub fn masks_consistent(&self) -> bool {
        let (mut active, mut dealt, mut folded) = (0u32, 0u32, 0u32);
        let (mut shown, mut mucked, mut bettors, mut put_in) = (0u32, 0u32, 0u32, 0u32);
        for (i, st) in self.seats.iter().enumerate() {
            bettors |= u32::from(st.street_bet > 0) << i;
            put_in |= u32::from(st.total > 0) << i;
            shown |= u32::from(st.shown) << i;
            mucked |= u32::from(st.mucked) << i;
            active |= u32::from(st.status == SeatStatus::Active) << i;
            dealt |= u32::from(st.dealt) << i;
            folded |= u32::from(st.status == SeatStatus::Folded) << i;
        }
        let behind_ok = match self.phase {
            // `behind` only matters for seats that can still act.
            Phase::Betting => (0..MAX_SEATS).all(|i| {
                let st = &self.seats[i];
                let expected = st.street_bet < self.current_bet;
                st.status != SeatStatus::Active || (self.behind >> i & 1 == 1) == expected
            }),
            _ => true,
        };
        let order_ok = self.showdown_order.iter().copied().find(|s| {
            let st = &self.seats[s.as_usize()];
            st.in_hand() && !st.shown && !st.mucked
        }) == self.next_to_show()
            || self.showdown_order.is_empty();
        // During the showdown `to_act` caches the next seat to show.
        let shower_ok =
            !matches!(self.phase, Phase::Showdown) || self.to_act == self.next_to_show();
        active == self.active
            && order_ok
            && shower_ok
            && shown == self.shown
            && mucked == self.mucked
            && bettors == self.bettors
            && put_in & !(self.contributed | self.bettors) == 0
            && dealt == self.dealt
            && folded == self.folded.bits()
            && behind_ok
    }

    /// Chip conservation check: stacks, bets and pot add up to the starting stacks
    /// (before settlement), or final stacks and rake do (after).
    #[must_use]
    pub fn chips_conserved(&self) -> bool {
        let starting: u64 = self.seats.iter().map(|s| s.starting).sum();
        match &self.result {
            Some(r) => {
                let finals: u64 = self.players.iter().map(|s| r.final_stack(s).get()).sum();
                finals + r.rake().get() == starting
            }
            None => {
                let stacks: u64 = self.seats.iter().map(|s| s.stack).sum();
                stacks + self.pot_total().get() == starting
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `clockwise_from` by bits is the seat-by-seat scan from the left of the button
    /// (the button last) for every set of table seats and every button.
    #[test]
    fn clockwise_from_by_bits_is_the_seat_by_seat_scan() {
        for bits in 0u32..1 << MAX_SEATS {
            let set = SeatSet::from_bits(bits).expect("table seats");
            for b in 0..MAX_SEATS {
                let button = Seat::new(b as u8).expect("table seat");
                let want: Vec<Seat> = (1..=MAX_SEATS)
                    .map(|i| (b + i) % MAX_SEATS)
                    .filter(|&i| bits & (1 << i) != 0)
                    .filter_map(|i| Seat::new(i as u8))
                    .collect();
                assert_eq!(clockwise_from(set, button).as_slice(), want.as_slice());
            }
        }
    }
}
