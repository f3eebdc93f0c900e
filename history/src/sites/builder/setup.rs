//! The header and seats: who is dealt in, in which order, the unit, the nominal
//! blinds and the starting stacks.

use super::*;
use crate::money::UNKNOWN_STACK;

impl<'h> Builder<'h> {
    /// The header and seats: who is dealt in and in which order, the unit, the
    /// nominal blinds and ante, the starting stacks.
    pub(super) fn new(hand: &'h Hand, site: &'h Site) -> Result<Self, ImportError> {
        let run_twice = is_run_twice(hand);
        let order = dealt_order(hand);
        let n = order.len();
        if n < 2 {
            return Err(unsupported(hand, "fewer than two players dealt in"));
        }
        if n > crate::model::MAX_PLAYERS.min(10) {
            return Err(unsupported(hand, "more than ten players dealt in"));
        }
        let (unit, scale) = unit_of(hand);
        let v = |a: Amount| a.0 / scale;
        let heads_up = n == 2;
        let (nominal_sb, nominal_bb, nominal_ante) = nominal_blinds(hand, scale);
        let (sb_player, bb_player) = if heads_up { (1, 0) } else { (0, 1) };
        // At a capped table the chips in play are at most the cap: a player who
        // reaches it is all in for the hand, the rest of the stack cannot be bet.
        let cap = hand.header.cap.map(v);
        let starting = starting_stacks(hand, &order, scale, cap)?;
        let room = action_room(hand, n, run_twice);
        Ok(Builder {
            hand,
            site,
            scale,
            unit,
            heads_up,
            run_twice,
            nominal_sb,
            nominal_bb,
            nominal_ante,
            sb_player,
            bb_player,
            cap,
            bb_at: None,
            antes: vec![0u64; n],
            blinds: vec![0u64; n],
            book: Book {
                stack: starting.iter().copied().collect(),
                round: std::iter::repeat_n(0, n).collect(),
                level: 0,
                unreturned: std::iter::repeat_n(0, n).collect(),
            },
            starting,
            collected: vec![0u64; n],
            kept: vec![0u64; n],
            known: std::iter::repeat_n([None, None], n).collect(),
            actions: Vec::with_capacity(room),
            action_lines: Vec::with_capacity(room),
            deal_at: 0,
            hole_line: hand.first_line,
            board: CardList::new(),
            shared: None,
            first_board: None,
            folded: [false; 16],
            gave_up: [false; 16],
            line: hand.first_line,
            lenient: false,
            repairs: Vec::new(),
            order,
        })
    }
}

fn unsupported(hand: &Hand, what: &str) -> ImportError {
    ImportError {
        hand: Some(hand.header.id),
        line: hand.first_line,
        kind: Kind::Unsupported(what.to_string()),
    }
}

/// Whether the board is run twice: the summary says so or a street is a run's.
fn is_run_twice(hand: &Hand) -> bool {
    hand.summary.run_twice
        || hand.events.iter().any(|l| {
            matches!(
                l.event,
                Event::Board {
                    run: Run::First | Run::Second,
                    ..
                }
            )
        })
}

/// The seats dealt in, in PHH order: from the first seat after the button's, the
/// button (or the seat before it, with a dead button) last.
fn dealt_order(hand: &Hand) -> ArrayVec<SeatIndex, 16> {
    // Who is dealt in: a seat the play or the summary names. A player sitting out
    // is still dealt in where the text has them post (B17).
    let mut dealt = [false; 16];
    let named = hand
        .events
        .iter()
        .filter_map(|l| event_seat(&l.event))
        .chain(hand.summary.seats.iter().map(|s| s.seat));
    for s in named {
        if let Some(d) = dealt.get_mut(usize::from(s)) {
            *d = true;
        }
    }
    for (i, s) in hand.seats.iter().enumerate() {
        // Out of hand: moved in and waiting; never dealt in, whatever the text says.
        if s.state == SeatState::OutOfHand {
            if let Some(d) = dealt.get_mut(i) {
                *d = false;
            }
        }
    }
    let button = hand.table.button;
    let mut order: ArrayVec<SeatIndex, 16> = (0..hand.seats.len().min(16))
        .filter(|&i| dealt.get(i).copied().unwrap_or(false))
        .filter_map(|i| SeatIndex::try_from(i).ok())
        .collect();
    let number = |s: SeatIndex| hand.seats.get(usize::from(s)).map_or(0, |s| s.number);
    order.sort_by_key(|&s| {
        let n = number(s);
        (n <= button, n)
    });
    order
}

/// The history's unit and the hundredths in one of it: whole chips when every
/// amount is whole.
fn unit_of(hand: &Hand) -> (Unit, u64) {
    if amounts(hand).all(|a| a.0 % 100 == 0) {
        (Unit { decimals: 0 }, 100)
    } else {
        (Unit { decimals: 2 }, 1)
    }
}

/// The small blind, big blind and ante as the stakes set them (in the unit of
/// `scale`): fixed limit's blinds are half the small bet and the small bet.
fn nominal_blinds(hand: &Hand, scale: u64) -> (u64, u64, u64) {
    let v = |a: Amount| a.0 / scale;
    let (sb, bb) = match hand.header.limit {
        Limit::FixedLimit => (v(hand.header.stakes.0) / 2, v(hand.header.stakes.0)),
        _ => (v(hand.header.stakes.0), v(hand.header.stakes.1)),
    };
    let ante = hand
        .events
        .iter()
        .filter_map(|l| match l.event {
            Event::Post {
                kind: PostKind::Ante,
                amount,
                ..
            } => Some(v(amount)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    (sb, bb, ante)
}

/// The starting stacks of the players in `order` (each at most the cap).
///
/// # Errors
/// A player dealt in with no chips: no history format holds an empty stack.
fn starting_stacks(
    hand: &Hand,
    order: &[SeatIndex],
    scale: u64,
    cap: Option<u64>,
) -> Result<Vec<u64>, ImportError> {
    let seats = || order.iter().filter_map(|&s| hand.seats.get(usize::from(s)));
    if let Some(seat) = seats().find(|s| s.stack == Amount(0)) {
        return Err(ImportError {
            hand: Some(hand.header.id),
            line: seat.line,
            kind: Kind::Amount {
                text: seat.name.clone(),
                reason: "a player dealt in must have chips",
            },
        });
    }
    // A stack at the mark of an unknown stack (H4) or above it would be read back
    // as unknown, or its top bit as a dead blind's mark.
    if let Some(seat) = seats().find(|s| s.stack.0 / scale >= UNKNOWN_STACK) {
        return Err(ImportError {
            hand: Some(hand.header.id),
            line: seat.line,
            kind: Kind::Amount {
                text: seat.name.clone(),
                reason: "a stack of 2^56 units or more, above any real stack",
            },
        });
    }
    Ok(order
        .iter()
        .map(|&s| {
            hand.seats
                .get(usize::from(s))
                .map_or(0, |s| s.stack.0 / scale)
        })
        .map(|stack| cap.map_or(stack, |c| stack.min(c)))
        .collect())
}

/// Room for every action the events can give: each play and board event one, the
/// hole cards one a player, and a board run twice an offer and answers. (Sized so,
/// a typical hand's actions stay under a kilobyte, which the allocator serves from
/// its per-thread cache.)
fn action_room(hand: &Hand, n: usize, run_twice: bool) -> usize {
    hand.events
        .iter()
        .filter(|l| {
            !matches!(
                l.event,
                Event::Post { .. }
                    | Event::HoleCards
                    | Event::Dealt { .. }
                    | Event::ShowDown(_)
                    | Event::DoesNotShow { .. }
                    | Event::Note { .. }
                    | Event::Uncalled { .. }
                    | Event::Collected { .. }
            )
        })
        .count()
        + if run_twice { 2 * n } else { n }
}

/// The seat an event is about (a player dealt in).
fn event_seat(e: &Event) -> Option<SeatIndex> {
    match e {
        Event::Post { seat, .. }
        | Event::Dealt { seat, .. }
        | Event::Fold { seat, .. }
        | Event::Check { seat }
        | Event::Call { seat, .. }
        | Event::Bet { seat, .. }
        | Event::Raise { seat, .. }
        | Event::Uncalled { seat, .. }
        | Event::Shows { seat, .. }
        | Event::Mucks { seat, .. }
        | Event::DoesNotShow { seat }
        | Event::Collected { seat, .. } => Some(*seat),
        Event::HoleCards | Event::Board { .. } | Event::ShowDown(_) | Event::Note { .. } => None,
    }
}

/// Every amount of the hand, to choose its unit.
fn amounts(hand: &Hand) -> impl Iterator<Item = Amount> + '_ {
    let seats = hand.seats.iter().map(|s| s.stack);
    let events = hand.events.iter().flat_map(|l| {
        let (a, b) = match &l.event {
            Event::Post { amount, .. }
            | Event::Call { amount, .. }
            | Event::Bet { amount, .. }
            | Event::Uncalled { amount, .. }
            | Event::Collected { amount, .. } => (Some(*amount), None),
            Event::Raise { by, to, .. } => (Some(*by), Some(*to)),
            _ => (None, None),
        };
        a.into_iter().chain(b)
    });
    let summary = [
        hand.summary.total_pot,
        hand.summary.rake,
        hand.header.stakes.0,
        hand.header.stakes.1,
    ];
    seats.chain(events).chain(summary)
}
