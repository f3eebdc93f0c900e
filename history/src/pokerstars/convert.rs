//! A PokerStars [`Hand`] to the native [`HandHistory`], with what the replay check
//! needs beside it: the text's line of every action, and what the text says each
//! player ended with.
//!
//! Players are ordered as PHH orders them: the first dealt-in seat after the
//! button's is `p1`, the button last (heads-up: the big blind `p1`, the button `p2`).
//! Hole cards the text names (the hero's `Dealt to`, `shows`, cards shown on a fold,
//! `showed`/`mucked` in the summary) are dealt as known cards; all others stay
//! unknown (`????`). The text's amounts are checked as they are converted: a call
//! must be the amount to call (or the whole stack), a raise's increment must be what
//! it adds over the bet it raises, no player puts in more than the stack, an uncalled
//! bet must be the part nobody matched. A disagreement names the line and the rule.
//! A hand run twice (`*** FIRST FLOP ***`... `*** SECOND RIVER ***`) is a hand whose
//! players agreed to run the board twice (B26): the text does not say who offered,
//! so the first player still in (in player order) offers two runs and every other
//! one accepts, just before the first run's first street; each run's streets are
//! dealt in turn, and the summary's two boards must be the runs'. At a capped table
//! (`$80 Cap`) a player puts at most the cap into the pot in a hand and one who
//! reaches it is all in: the starting stacks are the chips in play (each stack, at
//! most the cap; the cap is kept in [`CAP_FIELD`]), and so are the stacks checked
//! after the hand.
//!
//! Blinds posted by a player coming in (B19) take H4's forms: a big blind posted
//! out of position is live and the player acts in turn; a small blind posted out of
//! position is a dead blind ([`DEAD_BLIND`]); `posts small & big blinds` is a live
//! big blind with the small blind dead beside it, held in the player's ante slot
//! (dead money either way). With the small blind's seat empty, the first player
//! after the button posts the big blind alone (p1's place). Forms the native model
//! cannot hold (such a post on the button, in the small blind's place, heads-up or
//! all-in; a fixed-limit hand without a small blind; more than ten players) are
//! unsupported, never approximated.

use arrayvec::ArrayVec;
use holdem_cards::Card;

use crate::model::{
    Action, ActionKind, Cards, ExtraField, HandHistory, Metadata, Player, Shown, Stakes,
    TableRules, Variant,
};
use crate::money::{DEAD_BLIND, Unit};

use super::ast::{Amount, CardList, Event, Hand, Limit, PostKind, Run, SeatIndex, SeatState};
use super::error::{PokerStarsError, PokerStarsErrorKind as Kind};

/// The key of the extra field that keeps the text's rake in a converted history.
pub const RAKE_FIELD: &str = "_pokerstars_rake";

/// The key of the extra field that keeps a capped table's cap in a converted
/// history, whose starting stacks are then the chips in play (each stack, at most
/// the cap).
pub const CAP_FIELD: &str = "_pokerstars_cap";

/// A hand converted to the native model, with the text's own account of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The hand in the native model.
    pub history: HandHistory,
    /// The text's line of each of `history.actions` (same length).
    pub action_lines: Vec<u32>,
    /// Each player's seat in the text (index into [`Hand::seats`]), in player order.
    pub seats: Vec<SeatIndex>,
    /// What the players collected in all, after rake, as the text says (each
    /// player's part is the history's `winnings`).
    pub collected: u64,
    /// Each player's stack after the hand as the text tells it: the starting stack,
    /// less what the player put in, plus uncalled bets returned and pots collected.
    pub final_stacks: Vec<u64>,
    /// The rake the summary records.
    pub rake: u64,
    /// The summary's `Total pot` (in the history's unit).
    pub total_pot: u64,
    /// The summary's line, where a disagreement about the pots is reported.
    pub summary_line: u32,
    /// The hand's number.
    pub hand: u64,
    /// The header's line.
    pub first_line: u32,
}

/// Per-player bookkeeping of the text's amounts while converting.
struct Book {
    /// Chips behind.
    stack: ArrayVec<u64, 16>,
    /// This round's bet.
    round: ArrayVec<u64, 16>,
    /// The largest bet this round.
    level: u64,
}

/// Converts `hand`; every amount becomes a whole number of the history's unit (the
/// chip when every amount of the hand is whole, else the hundredth).
///
/// # Errors
/// [`Unsupported`](super::PokerStarsErrorKind::Unsupported) for a form the native model cannot hold;
/// [`Disagreement`](super::PokerStarsErrorKind::Disagreement) for an amount the rules contradict.
pub fn import(hand: &Hand) -> Result<Imported, PokerStarsError> {
    let id = hand.header.id;
    let fail = |line: u32, kind: Kind| PokerStarsError {
        hand: Some(id),
        line,
        kind,
    };
    let unsupported = |line: u32, what: &str| fail(line, Kind::Unsupported(what.to_string()));
    let run_twice = hand.summary.run_twice
        || hand.events.iter().any(|l| {
            matches!(
                l.event,
                Event::Board {
                    run: Run::First | Run::Second,
                    ..
                }
            )
        });
    // Who is dealt in: a seat the play or the summary names. A player sitting out
    // is still dealt in where the text has them post (B17).
    let mut dealt = [false; 16];
    for l in &hand.events {
        if let Some(s) = event_seat(&l.event) {
            if let Some(d) = dealt.get_mut(usize::from(s)) {
                *d = true;
            }
        }
    }
    for s in &hand.summary.seats {
        if let Some(d) = dealt.get_mut(usize::from(s.seat)) {
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
    // PHH order: from the first seat after the button's, the button (or the seat
    // before it, with a dead button) last.
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
    let n = order.len();
    if n < 2 {
        return Err(unsupported(
            hand.first_line,
            "fewer than two players dealt in",
        ));
    }
    if n > crate::model::MAX_PLAYERS.min(10) {
        return Err(unsupported(
            hand.first_line,
            "more than ten players dealt in",
        ));
    }
    let player_of = |s: SeatIndex| order.iter().position(|&o| o == s);
    // The unit: whole chips when every amount is whole.
    let whole = amounts(hand).all(|a| a.0 % 100 == 0);
    let (unit, scale) = if whole {
        (Unit { decimals: 0 }, 100)
    } else {
        (Unit { decimals: 2 }, 1)
    };
    let v = |a: Amount| a.0 / scale;
    let heads_up = n == 2;
    // The blinds as the stakes set them: an all-in post for less still counts as the
    // full blind (B13).
    let (nominal_sb, nominal_bb) = match hand.header.limit {
        Limit::FixedLimit => (v(hand.header.stakes.0) / 2, v(hand.header.stakes.0)),
        _ => (v(hand.header.stakes.0), v(hand.header.stakes.1)),
    };
    // The player whose big blind sets the preflop level.
    let mut bb_at: Option<usize> = None;
    let nominal_ante = hand
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
    let slot = |p: usize| if heads_up { 1 - p.min(1) } else { p };
    // Whether player `p` is on the button (the last player, unless the button's
    // seat is empty).
    let on_button = |p: usize| p + 1 == n && order.last().is_some_and(|&s| number(s) == button);
    let (sb_player, bb_player) = if heads_up { (1, 0) } else { (0, 1) };

    // At a capped table the chips in play are at most the cap: a player who
    // reaches it is all in for the hand, the rest of the stack cannot be bet.
    let cap = hand.header.cap.map(v);
    let starting: Vec<u64> = order
        .iter()
        .map(|&s| hand.seats.get(usize::from(s)).map_or(0, |s| v(s.stack)))
        .map(|stack| cap.map_or(stack, |c| stack.min(c)))
        .collect();
    // A player dealt in holds chips: no history format holds an empty stack.
    if let Some(seat) = order
        .iter()
        .filter_map(|&s| hand.seats.get(usize::from(s)))
        .find(|s| s.stack == Amount(0))
    {
        return Err(fail(
            seat.line,
            Kind::Amount {
                text: seat.name.clone(),
                reason: "a player dealt in must have chips",
            },
        ));
    }
    let mut antes = vec![0u64; n];
    let mut blinds = vec![0u64; n];
    let mut book = Book {
        stack: starting.iter().copied().collect(),
        round: std::iter::repeat_n(0, n).collect(),
        level: 0,
    };
    let mut collected: Vec<u64> = vec![0u64; n];
    let mut known: ArrayVec<[Option<Card>; 2], 16> = std::iter::repeat_n([None, None], n).collect();
    // Room for every action the events can give: each play and board event one,
    // the hole cards one a player, and a board run twice an offer and answers.
    // (Sized so, a typical hand's actions stay under a kilobyte, which the
    // allocator serves from its per-thread cache.)
    let room = hand
        .events
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
        + if run_twice { 2 * n } else { n };
    let mut actions: Vec<Action> = Vec::with_capacity(room);
    let mut action_lines: Vec<u32> = Vec::with_capacity(room);
    let mut deal_at = 0usize;
    let mut board = CardList::new();
    // Run it twice (B26): the board the runs share, and the first run's board once
    // the second run starts.
    let mut shared: Option<usize> = None;
    let mut first_board: Option<CardList> = None;
    let mut folded = [false; 16];
    let mut hole_line = hand.first_line;
    let disagree = |line: u32, action: &str, rule: &'static str, reason: String| {
        fail(
            line,
            Kind::Disagreement {
                action: action.to_string(),
                rule: rule.to_string(),
                reason,
            },
        )
    };

    for l in &hand.events {
        let line = l.line;
        let who = |s: SeatIndex| {
            player_of(s).ok_or_else(|| {
                unsupported(
                    line,
                    "an action by a player the text does not deal in (sitting out)",
                )
            })
        };
        let mut push = |kind: ActionKind| {
            actions.push(Action {
                kind,
                comment: None,
            });
            action_lines.push(line);
        };
        match &l.event {
            Event::Post {
                seat,
                kind,
                amount,
                all_in,
            } => {
                let p = who(*seat)?;
                let a = v(*amount);
                let left = book.stack.get(p).copied().unwrap_or(0);
                if a > left {
                    return Err(disagree(
                        line,
                        "post",
                        "B15",
                        format!("posts {a} with only {left} in front"),
                    ));
                }
                if *all_in && a != left {
                    return Err(disagree(
                        line,
                        "post",
                        "B15",
                        format!("is all-in with {} behind", left - a),
                    ));
                }
                let blind_free = blinds.get(slot(p)).is_some_and(|&b| b == 0);
                match kind {
                    PostKind::Ante => {
                        if let Some(x) = antes.get_mut(slot(p)) {
                            *x += if *all_in { a.max(nominal_ante) } else { a };
                        }
                    }
                    PostKind::SmallBlind if p == sb_player => {
                        if let Some(x) = blinds.get_mut(slot(p)) {
                            *x += if *all_in { a.max(nominal_sb) } else { a };
                        }
                        add_round(&mut book, p, a);
                    }
                    PostKind::BigBlind if p == bb_player => {
                        if let Some(x) = blinds.get_mut(slot(p)) {
                            *x += if *all_in { a.max(nominal_bb) } else { a };
                        }
                        bb_at = Some(p);
                        add_round(&mut book, p, a);
                    }
                    // No small blind (its seat left): the big blind is the first
                    // player after the button, p1's place (H4's form).
                    PostKind::BigBlind if p == sb_player && !heads_up && blind_free => {
                        if hand.header.limit == Limit::FixedLimit {
                            return Err(unsupported(
                                line,
                                "a fixed-limit hand with no small blind",
                            ));
                        }
                        if a != nominal_bb {
                            return Err(unsupported(
                                line,
                                "a big blind for less than the stakes with no small blind",
                            ));
                        }
                        if let Some(x) = blinds.get_mut(slot(p)) {
                            *x = a;
                        }
                        bb_at = Some(p);
                        add_round(&mut book, p, a);
                    }
                    PostKind::Straddle if !heads_up && p == 2 => {
                        if let Some(x) = blinds.get_mut(slot(p)) {
                            *x += a;
                        }
                        add_round(&mut book, p, a);
                    }
                    // A player coming in out of position (B19, H4's forms): a big
                    // blind is live and the player acts in turn; a small blind is
                    // dead money; both together are a live big blind and a dead
                    // small blind, the dead part held where antes are (dead money
                    // too).
                    PostKind::BigBlind | PostKind::SmallBlind | PostKind::SmallAndBig
                        if !heads_up && p >= 1 && !on_button(p) && blind_free =>
                    {
                        if *all_in {
                            return Err(unsupported(line, "a blind posted out of position all-in"));
                        }
                        let (dead, live) = match kind {
                            PostKind::SmallBlind => (a, 0),
                            PostKind::BigBlind => (0, a),
                            _ => (nominal_sb, a.saturating_sub(nominal_sb)),
                        };
                        if p == bb_player && live == 0 {
                            return Err(unsupported(
                                line,
                                "a small blind posted in the big blind's place",
                            ));
                        }
                        if live != 0 && live != nominal_bb
                            || *kind == PostKind::SmallAndBig && a <= nominal_sb
                        {
                            return Err(disagree(
                                line,
                                "post",
                                "B19",
                                format!(
                                    "a blind posted out of position must be the big blind \
                                     {nominal_bb}, or the small blind {nominal_sb} dead with \
                                     it; this one is {a}"
                                ),
                            ));
                        }
                        if live > 0 {
                            if let Some(x) = blinds.get_mut(slot(p)) {
                                *x = live;
                            }
                            if p == bb_player {
                                bb_at = Some(p);
                            }
                            add_round(&mut book, p, live);
                            if let Some(x) = antes.get_mut(slot(p)) {
                                *x += dead;
                            }
                        } else if let Some(x) = blinds.get_mut(slot(p)) {
                            *x = DEAD_BLIND | dead;
                        }
                    }
                    PostKind::Straddle => {
                        return Err(unsupported(
                            line,
                            "a straddle from another seat than the one after the big blind",
                        ));
                    }
                    _ => {
                        return Err(unsupported(
                            line,
                            "a blind posted out of position on the button, in the small \
                             blind's place or heads-up",
                        ));
                    }
                }
                if let Some(x) = book.stack.get_mut(p) {
                    *x -= a;
                }
            }
            Event::HoleCards => {
                deal_at = actions.len();
                hole_line = line;
                book.level = book.round.iter().copied().max().unwrap_or(0);
                if let Some(b) = bb_at {
                    book.level = book.level.max(blinds.get(slot(b)).copied().unwrap_or(0));
                }
            }
            Event::Dealt { seat, cards } => {
                let p = who(*seat)?;
                if let Some(k) = known.get_mut(p) {
                    *k = [Some(cards[0]), Some(cards[1])];
                }
            }
            Event::Board {
                cards, before, run, ..
            } => {
                match run {
                    Run::Only if shared.is_some() => {
                        return Err(disagree(
                            line,
                            "board",
                            "H5",
                            "a street of one board after the runs of the board began".into(),
                        ));
                    }
                    Run::Only => {}
                    Run::First | Run::Second if shared.is_none() => {
                        if *run == Run::Second {
                            return Err(disagree(
                                line,
                                "board",
                                "H5",
                                "the second run's street before the first run's".into(),
                            ));
                        }
                        // The players still in agreed to run it twice (B26): the
                        // text does not say who offered, so the first of them in
                        // player order offers and the others accept.
                        shared = Some(board.len());
                        let mut still_in = order
                            .iter()
                            .enumerate()
                            .filter(|&(_, &s)| !folded.get(usize::from(s)).copied().unwrap_or(true))
                            .map(|(p, _)| p);
                        let Some(offerer) = still_in.next() else {
                            return Err(disagree(
                                line,
                                "board",
                                "B26",
                                "the board runs twice with no player still in".into(),
                            ));
                        };
                        push(ActionKind::OfferRuns {
                            player: player(offerer),
                            runs: 2,
                        });
                        for p in still_in {
                            push(ActionKind::AnswerRuns {
                                player: player(p),
                                accept: true,
                            });
                        }
                    }
                    Run::First => {
                        if first_board.is_some() {
                            return Err(disagree(
                                line,
                                "board",
                                "H5",
                                "a street of the first run after the second run began".into(),
                            ));
                        }
                    }
                    Run::Second => {
                        if first_board.is_none() {
                            // The second run starts from the board the runs share.
                            first_board = Some(board.clone());
                            board.truncate(shared.unwrap_or(0));
                        }
                    }
                }
                if before.as_slice() != board.as_slice() {
                    return Err(disagree(
                        line,
                        "board",
                        "H5",
                        format!(
                            "the line repeats the board as {} but it is {}",
                            card_text(before),
                            card_text(&board)
                        ),
                    ));
                }
                board.extend(cards.iter().copied());
                book.round.iter_mut().for_each(|r| *r = 0);
                book.level = 0;
                push(ActionKind::DealBoard {
                    cards: Cards(cards.iter().map(|&c| Some(c)).collect()),
                });
            }
            Event::ShowDown(_) | Event::DoesNotShow { .. } | Event::Note { .. } => {}
            Event::Fold { seat, shown } => {
                let p = who(*seat)?;
                if let Some(f) = folded.get_mut(usize::from(*seat)) {
                    *f = true;
                }
                learn(&mut known, p, shown);
                push(ActionKind::Fold { player: player(p) });
            }
            Event::Check { seat } => {
                let p = who(*seat)?;
                let own = book.round.get(p).copied().unwrap_or(0);
                if own < book.level {
                    return Err(disagree(
                        line,
                        "check",
                        "B7",
                        format!("checks facing a bet of {}", book.level - own),
                    ));
                }
                push(ActionKind::CheckCall { player: player(p) });
            }
            Event::Call {
                seat,
                amount,
                all_in,
            } => {
                let p = who(*seat)?;
                let a = v(*amount);
                let own = book.round.get(p).copied().unwrap_or(0);
                let left = book.stack.get(p).copied().unwrap_or(0);
                let due = book.level.saturating_sub(own).min(left);
                if a != due {
                    return Err(disagree(
                        line,
                        "call",
                        "B7",
                        format!("calls {a} but the amount to call is {due}"),
                    ));
                }
                spend(&mut book, p, a);
                if *all_in != (a == left) {
                    return Err(all_in_flag(&disagree, line, "call", a, left));
                }
                push(ActionKind::CheckCall { player: player(p) });
            }
            Event::Bet {
                seat,
                amount,
                all_in,
            } => {
                let p = who(*seat)?;
                let a = v(*amount);
                let own = book.round.get(p).copied().unwrap_or(0);
                let left = book.stack.get(p).copied().unwrap_or(0);
                if book.level > own {
                    return Err(disagree(
                        line,
                        "bet",
                        "B7",
                        format!("bets facing a bet of {}: a raise", book.level - own),
                    ));
                }
                if a > left {
                    return Err(disagree(
                        line,
                        "bet",
                        "B15",
                        format!("bets {a} with only {left} behind"),
                    ));
                }
                if *all_in != (a == left) {
                    return Err(all_in_flag(&disagree, line, "bet", a, left));
                }
                spend(&mut book, p, a);
                let to = own + a;
                book.level = book.level.max(to);
                push(ActionKind::BetRaiseTo {
                    player: player(p),
                    amount: to,
                });
            }
            Event::Raise {
                seat,
                by,
                to,
                all_in,
            } => {
                let p = who(*seat)?;
                let (by, to) = (v(*by), v(*to));
                let own = book.round.get(p).copied().unwrap_or(0);
                let left = book.stack.get(p).copied().unwrap_or(0);
                if to != book.level + by {
                    return Err(disagree(
                        line,
                        "raise",
                        "B7",
                        format!(
                            "raises {by} to {to}, but {to} is {} over the bet of {}",
                            to.saturating_sub(book.level),
                            book.level
                        ),
                    ));
                }
                let add = to.saturating_sub(own);
                if add > left {
                    return Err(disagree(
                        line,
                        "raise",
                        "B15",
                        format!("raises to {to} with only {left} behind"),
                    ));
                }
                if *all_in != (add == left) {
                    return Err(all_in_flag(&disagree, line, "raise", add, left));
                }
                spend(&mut book, p, add);
                book.level = book.level.max(to);
                push(ActionKind::BetRaiseTo {
                    player: player(p),
                    amount: to,
                });
            }
            Event::Uncalled { seat, amount } => {
                let p = who(*seat)?;
                let a = v(*amount);
                let own = book.round.get(p).copied().unwrap_or(0);
                let next = book
                    .round
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != p)
                    .map(|(_, &r)| r)
                    .max()
                    .unwrap_or(0);
                let unmatched = own.saturating_sub(next);
                if a != unmatched {
                    return Err(disagree(
                        line,
                        "uncalled bet",
                        "B14",
                        format!("returns {a} but {unmatched} of the bet was not called"),
                    ));
                }
                if let Some(x) = book.stack.get_mut(p) {
                    *x += a;
                }
                if let Some(x) = book.round.get_mut(p) {
                    *x -= a;
                }
                book.level = book.round.iter().copied().max().unwrap_or(0);
            }
            Event::Shows { seat, cards } => {
                let p = who(*seat)?;
                learn(&mut known, p, cards);
                let shown: ArrayVec<Option<Card>, 5> = cards.iter().map(|&c| Some(c)).collect();
                let mut shown = shown;
                while shown.len() < 2 {
                    shown.push(None);
                }
                push(ActionKind::ShowMuck {
                    player: player(p),
                    shown: Shown::Cards(Cards(shown)),
                });
            }
            Event::Mucks { seat, cards } => {
                let p = who(*seat)?;
                learn(&mut known, p, cards);
                push(ActionKind::ShowMuck {
                    player: player(p),
                    shown: Shown::Muck,
                });
            }
            Event::Collected { seat, amount, .. } => {
                let p = who(*seat)?;
                if let Some(x) = collected.get_mut(p) {
                    *x += v(*amount);
                }
            }
        }
    }
    for s in &hand.summary.seats {
        if let Some(p) = player_of(s.seat) {
            learn(&mut known, p, &s.cards);
            let won: u64 = s.won.iter().map(|&a| v(a)).sum();
            let got = collected.get(p).copied().unwrap_or(0);
            if won != got {
                return Err(disagree(
                    s.line,
                    "summary",
                    "H5",
                    format!("the summary says won {won}, the hand says collected {got}"),
                ));
            }
        }
    }
    if run_twice && (shared.is_none() || first_board.is_none() || !hand.summary.run_twice) {
        return Err(disagree(
            hand.summary.line,
            "board",
            "H5",
            "the hand was run twice but the text does not deal two boards and say so".into(),
        ));
    }
    // The boards the streets dealt: the first run's then the second's when run
    // twice.
    let dealt_boards: ArrayVec<&CardList, 2> = first_board.iter().chain([&board]).collect();
    if !hand.summary.boards.is_empty() && hand.summary.boards.len() != dealt_boards.len() {
        return Err(disagree(
            hand.summary.line,
            "board",
            "H5",
            format!(
                "the summary lists {} boards, the streets dealt {}",
                hand.summary.boards.len(),
                dealt_boards.len()
            ),
        ));
    }
    for (summary_board, board) in hand.summary.boards.iter().zip(dealt_boards) {
        if summary_board.as_slice() != board.as_slice() {
            return Err(disagree(
                hand.summary.line,
                "board",
                "H5",
                format!(
                    "the summary's board is {}, the streets dealt {}",
                    card_text(summary_board),
                    card_text(board)
                ),
            ));
        }
    }
    // The deal, before the first action after the hole cards.
    let deals = known.iter().enumerate().map(|(p, k)| Action {
        kind: ActionKind::DealHole {
            player: player(p),
            cards: Cards(k.iter().copied().collect()),
        },
        comment: None,
    });
    let at = deal_at.min(actions.len());
    actions.splice(at..at, deals);
    action_lines.splice(at..at, std::iter::repeat_n(hole_line, n));

    let collected_total: u64 = collected.iter().sum();
    let final_stacks: Vec<u64> = book
        .stack
        .iter()
        .zip(&collected)
        .map(|(s, c)| s + c)
        .collect();
    let variant = match hand.header.limit {
        Limit::NoLimit => Variant::NoLimit,
        Limit::PotLimit => Variant::PotLimit,
        Limit::FixedLimit => Variant::FixedLimit,
    };
    let stakes = match hand.header.limit {
        Limit::FixedLimit => Stakes::Limit {
            small_bet: v(hand.header.stakes.0),
            big_bet: v(hand.header.stakes.1),
        },
        _ => Stakes::MinBet(
            blinds
                .get(slot(bb_player))
                .copied()
                .filter(|&b| b > 0)
                .unwrap_or(v(hand.header.stakes.1)),
        ),
    };
    let rake = v(hand.summary.rake);
    let mut meta = metadata(hand, &order, unit, rake);
    if let Some(c) = cap {
        meta.extra.push(ExtraField {
            key: CAP_FIELD.to_string(),
            toml: unit.format(c),
        });
    }
    let mut history = HandHistory {
        variant,
        unit,
        antes,
        blinds_or_straddles: blinds,
        stakes,
        starting_stacks: starting,
        actions,
        finishing_stacks: if rake == 0 {
            Some(final_stacks.clone())
        } else {
            None
        },
        winnings: Some(collected),
        meta,
    };
    if run_twice {
        // A table that runs the board twice (B26).
        history.set_table_rules(TableRules {
            max_board_runs: 2,
            ..TableRules::STANDARD
        });
    }
    Ok(Imported {
        history,
        action_lines,
        seats: order.to_vec(),
        collected: collected_total,
        final_stacks,
        rake,
        total_pot: v(hand.summary.total_pot),
        summary_line: hand.summary.line,
        hand: hand.header.id,
        first_line: hand.first_line,
    })
}

fn all_in_flag(
    disagree: &impl Fn(u32, &str, &'static str, String) -> PokerStarsError,
    line: u32,
    action: &str,
    put: u64,
    left: u64,
) -> PokerStarsError {
    if put == left {
        disagree(
            line,
            action,
            "B15",
            "puts in the whole stack but the text does not say all-in".to_string(),
        )
    } else {
        disagree(
            line,
            action,
            "B15",
            format!("says all-in with {} still behind", left - put),
        )
    }
}

/// `9d 3d Qc`, or `none` for no cards.
fn card_text(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "none".to_string();
    }
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn add_round(book: &mut Book, p: usize, a: u64) {
    if let Some(r) = book.round.get_mut(p) {
        *r += a;
    }
}

fn spend(book: &mut Book, p: usize, a: u64) {
    add_round(book, p, a);
    if let Some(s) = book.stack.get_mut(p) {
        *s = s.saturating_sub(a);
    }
}

fn player(p: usize) -> Player {
    Player(u8::try_from(p).unwrap_or(u8::MAX))
}

/// Cards the text shows for player `p` fill the unknown places of what is known.
fn learn(known: &mut [[Option<Card>; 2]], p: usize, cards: &[Card]) {
    let Some(k) = known.get_mut(p) else { return };
    for &c in cards {
        if k.contains(&Some(c)) {
            continue;
        }
        if let Some(slot) = k.iter_mut().find(|x| x.is_none()) {
            *slot = Some(c);
        }
    }
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

/// Who, where, when: the names, seats, hand and table, date and currency.
fn metadata(hand: &Hand, order: &[SeatIndex], unit: Unit, rake: u64) -> Metadata {
    let h = &hand.header;
    let mut meta = Metadata {
        players: Some(
            order
                .iter()
                .map(|&s| {
                    hand.seats
                        .get(usize::from(s))
                        .map_or(String::new(), |s| s.name.clone())
                })
                .collect(),
        ),
        seats: Some(
            order
                .iter()
                .map(|&s| hand.seats.get(usize::from(s)).map_or(0, |s| s.number))
                .collect(),
        ),
        seat_count: hand.table.max_seats.map(u32::from),
        hand: Some(h.id.to_string()),
        table: Some(crate::phh::quote(&hand.table.name)),
        currency: h.currency.code().map(str::to_string),
        currency_symbol: h.currency.symbol().map(|c| c.to_string()),
        ..Metadata::default()
    };
    if let Some(t) = h.times.first() {
        let (y, m, d) = t.date;
        let (hh, mm, ss) = t.time;
        meta.year = Some(i32::from(y));
        meta.month = Some(u32::from(m));
        meta.day = Some(u32::from(d));
        // (`HH:MM:SS` by hand: `format!` costs more than the rest of the metadata.)
        let mut time = String::with_capacity(8);
        for (i, v) in [hh, mm, ss].into_iter().enumerate() {
            if i > 0 {
                time.push(':');
            }
            time.push(char::from(b'0' + (v / 10) % 10));
            time.push(char::from(b'0' + v % 10));
        }
        meta.time = Some(time);
        if let Some(z) = &t.zone {
            meta.text
                .push(("time_zone_abbreviation".to_string(), z.clone()));
        }
    }
    if let Some(t) = &h.tournament {
        meta.text.push((
            "event".to_string(),
            format!("PokerStars tournament #{}", t.id),
        ));
    }
    if rake > 0 {
        meta.extra.push(ExtraField {
            key: RAKE_FIELD.to_string(),
            toml: unit.format(rake),
        });
    }
    meta
}
