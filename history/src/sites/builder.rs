//! The shared builder: a site-neutral [`Hand`] (what any site's text says, typed) to
//! the native [`HandHistory`], with what the replay check needs beside it: the
//! text's line of every action, and what the text says each player ended with.
//! Every site's reader produces a [`Hand`] and calls [`build`] with its [`Site`];
//! the rules of the conversion live here once, one method per kind of event.
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
//! most the cap; the cap is kept in the site's [`Site::cap_field`]), and so are the
//! stacks checked after the hand.
//!
//! A big blind all-in for less counts in full (B13), and so does the big blind of a
//! player who went all-in on the ante and posts none: the others call the full
//! blind. A raise's `raises X to Y` may be written from the bet to call or from the
//! largest amount actually put in. A player all-in (a sitting-out player all-in on
//! the ante) whom the text shows folding has no turn to fold in: read as
//! PokerStars plays it, the player gives up the claim on the pot, a muck at the
//! showdown. A bet no one matched and no line returns (older files) goes back when
//! the summary's total pot leaves it out (B14).
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

use super::ast::{Amount, CardList, Event, Hand, Limit, Line, PostKind, Run, SeatIndex, SeatState};
use super::error::{ImportError, ImportErrorKind as Kind};

/// The key of the text field that keeps a hand's name as its site writes it, when
/// it is more than the number (GGPoker's `RC3892132211`; the `hand` field keeps
/// the number).
pub const HAND_NAME_FIELD: &str = "_hand_name";

/// What the builder needs to know of the site a hand comes from: its name and the
/// key of the extra field that keeps what the native model has no field for (the cap).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Site {
    /// The site's name as people write it (`PokerStars`), used in the metadata
    /// (`PokerStars tournament #123`).
    pub name: &'static str,
    /// The key of the extra field that keeps a capped table's cap in a converted
    /// history, whose starting stacks are then the chips in play (each stack, at
    /// most the cap).
    pub cap_field: &'static str,
    /// The site takes a jackpot drop from some pots besides the rake, not written
    /// apart from the pot (the Winning Poker Network's `(JP)` tables): the hand's
    /// rake is then the drop and the rake together, and is not bound to a tenth of
    /// the pot.
    pub jackpot_drop: bool,
}

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
    /// What a lenient import ([`build_lenient`]) repaired where the text
    /// contradicts itself, in order; always empty from [`build`].
    pub repairs: Vec<TextRepair>,
}

/// A place where the text contradicts itself and a lenient import went on: the
/// error a strict import reports, and what was kept instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRepair {
    /// The error the strict import reports there (its line, action and rule).
    pub error: ImportError,
    /// What the lenient import kept, for people.
    pub kept: &'static str,
}

/// Converts `hand`, read from `site`'s text; every amount becomes a whole number of
/// the history's unit (the chip when every amount of the hand is whole, else the
/// hundredth).
///
/// # Errors
/// [`Unsupported`](Kind::Unsupported) for a form the native model cannot hold;
/// [`Disagreement`](Kind::Disagreement) for an amount the rules contradict.
pub fn build(hand: &Hand, site: &Site) -> Result<Imported, ImportError> {
    build_in(hand, site, false)
}

/// Converts `hand` as [`build`] does, but where the text contradicts itself (the
/// summary's cards against the showdown's, the posted blinds against the header's
/// stakes, a rake no site takes) goes on with the more credible part and lists each
/// repair in [`Imported::repairs`] (H4's lenient mode).
///
/// # Errors
/// As [`build`], for everything else.
pub fn build_lenient(hand: &Hand, site: &Site) -> Result<Imported, ImportError> {
    build_in(hand, site, true)
}

fn build_in(hand: &Hand, site: &Site, lenient: bool) -> Result<Imported, ImportError> {
    let mut b = Builder::new(hand, site)?;
    b.lenient = lenient;
    for l in &hand.events {
        b.event(l)?;
    }
    b.summary()?;
    Ok(b.finish())
}

/// Per-player bookkeeping of the text's amounts while converting.
struct Book {
    /// Chips behind.
    stack: ArrayVec<u64, 16>,
    /// This round's bet.
    round: ArrayVec<u64, 16>,
    /// The largest bet this round.
    level: u64,
    /// Bets no one matched and the text never returned, by player (older files
    /// leave the return implicit).
    unreturned: ArrayVec<u64, 16>,
}

/// The conversion of one hand in progress: what the header and seats fixed, and
/// what the events so far built.
struct Builder<'h> {
    hand: &'h Hand,
    site: &'h Site,
    /// Seats dealt in, in player order.
    order: ArrayVec<SeatIndex, 16>,
    /// Hundredths per unit of the history (100 when amounts are whole chips).
    scale: u64,
    unit: Unit,
    heads_up: bool,
    run_twice: bool,
    /// The blinds as the stakes set them: an all-in post for less still counts as
    /// the full blind (B13).
    nominal_sb: u64,
    nominal_bb: u64,
    nominal_ante: u64,
    sb_player: usize,
    bb_player: usize,
    cap: Option<u64>,
    starting: Vec<u64>,
    /// The player whose big blind sets the preflop level.
    bb_at: Option<usize>,
    antes: Vec<u64>,
    blinds: Vec<u64>,
    book: Book,
    collected: Vec<u64>,
    known: ArrayVec<[Option<Card>; 2], 16>,
    actions: Vec<Action>,
    action_lines: Vec<u32>,
    /// Where the hole cards are dealt (the first action after them).
    deal_at: usize,
    hole_line: u32,
    board: CardList,
    /// Run it twice (B26): the board the runs share, and the first run's board
    /// once the second run starts.
    shared: Option<usize>,
    first_board: Option<CardList>,
    /// Folded seats (by seat index).
    folded: [bool; 16],
    /// Players all-in who folded, whose muck is still to come (by player).
    gave_up: [bool; 16],
    /// The line of the event being converted.
    line: u32,
    /// Whether contradictions of the text are repaired ([`build_lenient`]).
    lenient: bool,
    repairs: Vec<TextRepair>,
}

impl<'h> Builder<'h> {
    /// The header and seats: who is dealt in and in which order, the unit, the
    /// nominal blinds and ante, the starting stacks.
    fn new(hand: &'h Hand, site: &'h Site) -> Result<Self, ImportError> {
        let fail = |line: u32, kind: Kind| ImportError {
            hand: Some(hand.header.id),
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
        // The unit: whole chips when every amount is whole.
        let whole = amounts(hand).all(|a| a.0 % 100 == 0);
        let (unit, scale) = if whole {
            (Unit { decimals: 0 }, 100)
        } else {
            (Unit { decimals: 2 }, 1)
        };
        let v = |a: Amount| a.0 / scale;
        let heads_up = n == 2;
        let (nominal_sb, nominal_bb) = match hand.header.limit {
            Limit::FixedLimit => (v(hand.header.stakes.0) / 2, v(hand.header.stakes.0)),
            _ => (v(hand.header.stakes.0), v(hand.header.stakes.1)),
        };
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

    /// An amount of the text in the history's unit.
    #[inline]
    fn v(&self, a: Amount) -> u64 {
        a.0 / self.scale
    }

    fn fail(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.hand.header.id),
            line,
            kind,
        }
    }

    fn unsupported(&self, what: &str) -> ImportError {
        self.fail(self.line, Kind::Unsupported(what.to_string()))
    }

    /// A disagreement at the event's line.
    fn disagree(&self, action: &str, rule: &'static str, reason: String) -> ImportError {
        self.disagree_at(self.line, action, rule, reason)
    }

    fn disagree_at(
        &self,
        line: u32,
        action: &str,
        rule: &'static str,
        reason: String,
    ) -> ImportError {
        self.fail(
            line,
            Kind::Disagreement {
                action: action.to_string(),
                rule: rule.to_string(),
                reason,
            },
        )
    }

    /// The text contradicts itself: an error when strict; when lenient, `kept`
    /// says what the import goes on with.
    fn contradiction(
        &mut self,
        line: u32,
        action: &str,
        rule: &'static str,
        reason: String,
        kept: &'static str,
    ) -> Result<(), ImportError> {
        let error = self.disagree_at(line, action, rule, reason);
        if !self.lenient {
            return Err(error);
        }
        self.repairs.push(TextRepair { error, kept });
        Ok(())
    }

    /// The player (index in player order) of a seat, if dealt in.
    fn player_of(&self, s: SeatIndex) -> Option<usize> {
        self.order.iter().position(|&o| o == s)
    }

    /// The player (index in player order) of a seat, or unsupported when the text
    /// has a player act who is not dealt in.
    fn who(&self, s: SeatIndex) -> Result<usize, ImportError> {
        self.player_of(s).ok_or_else(|| {
            self.unsupported("an action by a player the text does not deal in (sitting out)")
        })
    }

    fn push(&mut self, kind: ActionKind) {
        self.actions.push(Action {
            kind,
            comment: None,
        });
        self.action_lines.push(self.line);
    }

    /// The blind slot of player `p` (heads-up, the button's blind is in `p2`'s
    /// place: the slots are swapped).
    fn slot(&self, p: usize) -> usize {
        if self.heads_up { 1 - p.min(1) } else { p }
    }

    fn number(&self, s: SeatIndex) -> u32 {
        self.hand.seats.get(usize::from(s)).map_or(0, |s| s.number)
    }

    /// Whether player `p` is on the button (the last player, unless the button's
    /// seat is empty).
    fn on_button(&self, p: usize) -> bool {
        p + 1 == self.order.len()
            && self
                .order
                .last()
                .is_some_and(|&s| self.number(s) == self.hand.table.button)
    }

    fn stack(&self, p: usize) -> u64 {
        self.book.stack.get(p).copied().unwrap_or(0)
    }

    fn own(&self, p: usize) -> u64 {
        self.book.round.get(p).copied().unwrap_or(0)
    }

    /// One event of the play.
    fn event(&mut self, l: &Line) -> Result<(), ImportError> {
        self.line = l.line;
        match &l.event {
            &Event::Post {
                seat,
                kind,
                amount,
                all_in,
            } => self.post(seat, kind, amount, all_in),
            Event::HoleCards => {
                self.hole_cards();
                Ok(())
            }
            Event::Dealt { seat, cards } => self.dealt(*seat, *cards),
            Event::Board {
                cards, before, run, ..
            } => self.street(*run, cards, before),
            Event::ShowDown(_) | Event::DoesNotShow { .. } | Event::Note { .. } => Ok(()),
            Event::Fold { seat, shown } => self.fold(*seat, shown),
            Event::Check { seat } => self.check(*seat),
            &Event::Call {
                seat,
                amount,
                all_in,
            } => self.call(seat, amount, all_in),
            &Event::Bet {
                seat,
                amount,
                all_in,
            } => self.bet(seat, amount, all_in),
            &Event::Raise {
                seat,
                by,
                to,
                all_in,
            } => self.raise(seat, by, to, all_in),
            &Event::Uncalled { seat, amount } => self.uncalled(seat, amount),
            Event::Shows { seat, cards } => self.shows(*seat, cards),
            Event::Mucks { seat, cards } => self.mucks(*seat, cards),
            &Event::Collected { seat, amount, .. } => self.collect(seat, amount),
        }
    }

    /// A forced bet: an ante, a blind in or out of position, a straddle.
    fn post(
        &mut self,
        seat: SeatIndex,
        kind: PostKind,
        amount: Amount,
        all_in: bool,
    ) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let left = self.stack(p);
        if a > left {
            return Err(self.disagree(
                "post",
                "B15",
                format!("posts {a} with only {left} in front"),
            ));
        }
        if all_in && a != left {
            return Err(self.disagree(
                "post",
                "B15",
                format!("is all-in with {} behind", left - a),
            ));
        }
        let slot = self.slot(p);
        let blind_free = self.blinds.get(slot).is_some_and(|&b| b == 0);
        let heads_up = self.heads_up;
        match kind {
            PostKind::Ante => {
                let ante = if all_in { a.max(self.nominal_ante) } else { a };
                if let Some(x) = self.antes.get_mut(slot) {
                    *x += ante;
                }
            }
            PostKind::SmallBlind if p == self.sb_player => {
                let nominal = self.nominal_sb;
                if !all_in && a != nominal && self.hand.header.limit != Limit::FixedLimit {
                    self.contradiction(
                        self.line,
                        "post",
                        "B2",
                        format!(
                            "posts a small blind of {} but the stakes say {}",
                            self.unit.format(a),
                            self.unit.format(nominal)
                        ),
                        "the posted small blind",
                    )?;
                    self.nominal_sb = a;
                }
                let blind = if all_in { a.max(self.nominal_sb) } else { a };
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x += blind;
                }
                add_round(&mut self.book, p, a);
            }
            PostKind::BigBlind if p == self.bb_player => {
                let nominal = self.nominal_bb;
                if !all_in && a != nominal {
                    self.contradiction(
                        self.line,
                        "post",
                        "B2",
                        format!(
                            "posts a big blind of {} but the stakes say {}",
                            self.unit.format(a),
                            self.unit.format(nominal)
                        ),
                        "the posted big blind",
                    )?;
                    self.nominal_bb = a;
                }
                let blind = if all_in { a.max(self.nominal_bb) } else { a };
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x += blind;
                }
                self.bb_at = Some(p);
                add_round(&mut self.book, p, a);
            }
            // No small blind (its seat left): the big blind is the first player
            // after the button, p1's place (H4's form).
            PostKind::BigBlind if p == self.sb_player && !heads_up && blind_free => {
                if self.hand.header.limit == Limit::FixedLimit {
                    return Err(self.unsupported("a fixed-limit hand with no small blind"));
                }
                if a != self.nominal_bb {
                    return Err(self
                        .unsupported("a big blind for less than the stakes with no small blind"));
                }
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x = a;
                }
                self.bb_at = Some(p);
                add_round(&mut self.book, p, a);
            }
            PostKind::Straddle if !heads_up && p == 2 => {
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x += a;
                }
                add_round(&mut self.book, p, a);
            }
            // A player coming in out of position (B19, H4's forms): a big blind is
            // live and the player acts in turn; a small blind is dead money; both
            // together are a live big blind and a dead small blind, the dead part
            // held where antes are (dead money too).
            PostKind::BigBlind | PostKind::SmallBlind | PostKind::SmallAndBig
                if !heads_up && p >= 1 && !self.on_button(p) && blind_free =>
            {
                self.post_out_of_position(p, kind, a, all_in)?;
            }
            PostKind::Straddle => {
                return Err(self
                    .unsupported("a straddle from another seat than the one after the big blind"));
            }
            _ => {
                return Err(self.unsupported(
                    "a blind posted out of position on the button, in the small \
                     blind's place or heads-up",
                ));
            }
        }
        if let Some(x) = self.book.stack.get_mut(p) {
            *x -= a;
        }
        Ok(())
    }

    /// A blind posted by a player coming in (B19): a live big blind, a dead small
    /// blind, or both.
    fn post_out_of_position(
        &mut self,
        p: usize,
        kind: PostKind,
        a: u64,
        all_in: bool,
    ) -> Result<(), ImportError> {
        if all_in {
            return Err(self.unsupported("a blind posted out of position all-in"));
        }
        let (nominal_sb, nominal_bb) = (self.nominal_sb, self.nominal_bb);
        let (dead, live) = match kind {
            PostKind::SmallBlind => (a, 0),
            PostKind::BigBlind => (0, a),
            _ => (nominal_sb, a.saturating_sub(nominal_sb)),
        };
        if p == self.bb_player && live == 0 {
            return Err(self.unsupported("a small blind posted in the big blind's place"));
        }
        if live != 0 && live != nominal_bb || kind == PostKind::SmallAndBig && a <= nominal_sb {
            return Err(self.disagree(
                "post",
                "B19",
                format!(
                    "a blind posted out of position must be the big blind \
                     {nominal_bb}, or the small blind {nominal_sb} dead with \
                     it; this one is {a}"
                ),
            ));
        }
        let slot = self.slot(p);
        if live > 0 {
            if let Some(x) = self.blinds.get_mut(slot) {
                *x = live;
            }
            if p == self.bb_player {
                self.bb_at = Some(p);
            }
            add_round(&mut self.book, p, live);
            if let Some(x) = self.antes.get_mut(slot) {
                *x += dead;
            }
        } else if let Some(x) = self.blinds.get_mut(slot) {
            *x = DEAD_BLIND | dead;
        }
        Ok(())
    }

    /// `*** HOLE CARDS ***`: the forced bets are in; the level to call is the
    /// largest of them, and at least the big blind (B13).
    fn hole_cards(&mut self) {
        self.deal_at = self.actions.len();
        self.hole_line = self.line;
        self.book.level = self.book.round.iter().copied().max().unwrap_or(0);
        // The player due the big blind went all-in on the ante and posted no
        // blind: the blind counts in full all the same (B13), as for a blind
        // posted all-in for less.
        let bb = self.bb_player;
        let bb_slot = self.slot(bb);
        if self.bb_at.is_none()
            && self.stack(bb) == 0
            && self.antes.get(bb_slot).is_some_and(|&a| a > 0)
            && self.blinds.get(bb_slot) == Some(&0)
        {
            if let Some(x) = self.blinds.get_mut(bb_slot) {
                *x = self.nominal_bb;
            }
            self.bb_at = Some(bb);
        }
        if let Some(b) = self.bb_at {
            let blind = self.blinds.get(self.slot(b)).copied().unwrap_or(0);
            self.book.level = self.book.level.max(blind);
        }
    }

    /// The hero's hole cards.
    fn dealt(&mut self, seat: SeatIndex, cards: [Card; 2]) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        if let Some(k) = self.known.get_mut(p) {
            *k = [Some(cards[0]), Some(cards[1])];
        }
        Ok(())
    }

    /// A street of the board (of one run, when the board is run twice).
    fn street(&mut self, run: Run, cards: &CardList, before: &CardList) -> Result<(), ImportError> {
        match run {
            Run::Only if self.shared.is_some() => {
                return Err(self.disagree(
                    "board",
                    "H5",
                    "a street of one board after the runs of the board began".into(),
                ));
            }
            Run::Only => {}
            Run::First | Run::Second if self.shared.is_none() => {
                if run == Run::Second {
                    return Err(self.disagree(
                        "board",
                        "H5",
                        "the second run's street before the first run's".into(),
                    ));
                }
                self.agree_to_run_twice()?;
            }
            Run::First => {
                if self.first_board.is_some() {
                    return Err(self.disagree(
                        "board",
                        "H5",
                        "a street of the first run after the second run began".into(),
                    ));
                }
            }
            Run::Second => {
                if self.first_board.is_none() {
                    // The second run starts from the board the runs share.
                    self.first_board = Some(self.board.clone());
                    self.board.truncate(self.shared.unwrap_or(0));
                }
            }
        }
        if before.as_slice() != self.board.as_slice() {
            return Err(self.disagree(
                "board",
                "H5",
                format!(
                    "the line repeats the board as {} but it is {}",
                    card_text(before),
                    card_text(&self.board)
                ),
            ));
        }
        self.board.extend(cards.iter().copied());
        self.close_round();
        self.book.round.iter_mut().for_each(|r| *r = 0);
        self.book.level = 0;
        self.push(ActionKind::DealBoard {
            cards: Cards(cards.iter().map(|&c| Some(c)).collect()),
        });
        Ok(())
    }

    /// The players still in agreed to run it twice (B26): the text does not say
    /// who offered, so the first of them in player order offers and the others
    /// accept.
    fn agree_to_run_twice(&mut self) -> Result<(), ImportError> {
        self.shared = Some(self.board.len());
        let folded = self.folded;
        let still_in: ArrayVec<usize, 16> = self
            .order
            .iter()
            .enumerate()
            .filter(|&(_, &s)| !folded.get(usize::from(s)).copied().unwrap_or(true))
            .map(|(p, _)| p)
            .collect();
        let Some((&offerer, others)) = still_in.split_first() else {
            return Err(self.disagree(
                "board",
                "B26",
                "the board runs twice with no player still in".into(),
            ));
        };
        self.push(ActionKind::OfferRuns {
            player: player(offerer),
            runs: 2,
        });
        for &p in others {
            self.push(ActionKind::AnswerRuns {
                player: player(p),
                accept: true,
            });
        }
        Ok(())
    }

    /// A fold. A player already all-in (a sitting-out player all-in on the ante,
    /// whom the client shows folding) has no turn to fold in: as PokerStars plays
    /// it, the player gives up the claim on the pot, a muck at the showdown.
    fn fold(&mut self, seat: SeatIndex, shown: &CardList) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        if let Some(f) = self.folded.get_mut(usize::from(seat)) {
            *f = true;
        }
        learn(&mut self.known, p, shown);
        if self.stack(p) == 0 {
            if let Some(g) = self.gave_up.get_mut(p) {
                *g = true;
            }
            return Ok(());
        }
        self.push(ActionKind::Fold { player: player(p) });
        Ok(())
    }

    /// Players all-in who folded give up their claim: each mucks at the first
    /// show or muck of the showdown, or at the end of the hand.
    fn give_up_claims(&mut self) {
        for p in 0..self.gave_up.len() {
            if self.gave_up.get(p).copied().unwrap_or(false) {
                if let Some(g) = self.gave_up.get_mut(p) {
                    *g = false;
                }
                self.push(ActionKind::ShowMuck {
                    player: player(p),
                    shown: Shown::Muck,
                });
            }
        }
    }

    fn check(&mut self, seat: SeatIndex) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let own = self.own(p);
        if own < self.book.level {
            return Err(self.disagree(
                "check",
                "B7",
                format!("checks facing a bet of {}", self.book.level - own),
            ));
        }
        self.push(ActionKind::CheckCall { player: player(p) });
        Ok(())
    }

    fn call(&mut self, seat: SeatIndex, amount: Amount, all_in: bool) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let own = self.own(p);
        let left = self.stack(p);
        let due = self.book.level.saturating_sub(own).min(left);
        if a != due {
            return Err(self.disagree(
                "call",
                "B7",
                format!("calls {a} but the amount to call is {due}"),
            ));
        }
        spend(&mut self.book, p, a);
        if all_in != (a == left) {
            return Err(self.all_in_flag("call", a, left));
        }
        self.push(ActionKind::CheckCall { player: player(p) });
        Ok(())
    }

    fn bet(&mut self, seat: SeatIndex, amount: Amount, all_in: bool) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let own = self.own(p);
        let left = self.stack(p);
        if self.book.level > own {
            return Err(self.disagree(
                "bet",
                "B7",
                format!("bets facing a bet of {}: a raise", self.book.level - own),
            ));
        }
        if a > left {
            return Err(self.disagree("bet", "B15", format!("bets {a} with only {left} behind")));
        }
        if all_in != (a == left) {
            return Err(self.all_in_flag("bet", a, left));
        }
        spend(&mut self.book, p, a);
        let to = own + a;
        self.book.level = self.book.level.max(to);
        self.push(ActionKind::BetRaiseTo {
            player: player(p),
            amount: to,
        });
        Ok(())
    }

    fn raise(
        &mut self,
        seat: SeatIndex,
        by: Amount,
        to: Amount,
        all_in: bool,
    ) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let (by, to) = (self.v(by), self.v(to));
        let own = self.own(p);
        let left = self.stack(p);
        let level = self.book.level;
        // "raises X to Y" is written from the bet to call, or, where the big
        // blind was all-in for less (B13), from the largest amount actually put in.
        let actual = self.book.round.iter().copied().max().unwrap_or(0);
        if to != level + by && to != actual + by {
            return Err(self.disagree(
                "raise",
                "B7",
                format!(
                    "raises {by} to {to}, but {to} is {} over the bet of {level}",
                    to.saturating_sub(level),
                ),
            ));
        }
        let add = to.saturating_sub(own);
        if add > left {
            return Err(self.disagree(
                "raise",
                "B15",
                format!("raises to {to} with only {left} behind"),
            ));
        }
        if all_in != (add == left) {
            return Err(self.all_in_flag("raise", add, left));
        }
        spend(&mut self.book, p, add);
        self.book.level = self.book.level.max(to);
        self.push(ActionKind::BetRaiseTo {
            player: player(p),
            amount: to,
        });
        Ok(())
    }

    /// An uncalled bet returned (B14): exactly the part nobody matched.
    fn uncalled(&mut self, seat: SeatIndex, amount: Amount) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let own = self.own(p);
        let next = self
            .book
            .round
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != p)
            .map(|(_, &r)| r)
            .max()
            .unwrap_or(0);
        let unmatched = own.saturating_sub(next);
        if a != unmatched {
            return Err(self.disagree(
                "uncalled bet",
                "B14",
                format!("returns {a} but {unmatched} of the bet was not called"),
            ));
        }
        if let Some(x) = self.book.stack.get_mut(p) {
            *x += a;
        }
        if let Some(x) = self.book.round.get_mut(p) {
            *x -= a;
        }
        self.book.level = self.book.round.iter().copied().max().unwrap_or(0);
        Ok(())
    }

    fn shows(&mut self, seat: SeatIndex, cards: &CardList) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        // A player who folded and shows (some clients allow it) shows a dead hand:
        // the cards are known, nothing is played.
        if self.folded.get(usize::from(seat)).copied().unwrap_or(false) {
            learn(&mut self.known, p, cards);
            return Ok(());
        }
        self.give_up_claims();
        learn(&mut self.known, p, cards);
        let mut shown: ArrayVec<Option<Card>, 5> = cards.iter().map(|&c| Some(c)).collect();
        while shown.len() < 2 {
            shown.push(None);
        }
        self.push(ActionKind::ShowMuck {
            player: player(p),
            shown: Shown::Cards(Cards(shown)),
        });
        Ok(())
    }

    fn mucks(&mut self, seat: SeatIndex, cards: &CardList) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        self.give_up_claims();
        learn(&mut self.known, p, cards);
        self.push(ActionKind::ShowMuck {
            player: player(p),
            shown: Shown::Muck,
        });
        Ok(())
    }

    fn collect(&mut self, seat: SeatIndex, amount: Amount) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        if let Some(x) = self.collected.get_mut(p) {
            *x += a;
        }
        Ok(())
    }

    /// The end of a betting round: a bet no one matched that the text did not
    /// return (no `Uncalled bet` line) is noted, to be returned if the summary's
    /// total pot leaves it out ([`Builder::return_implicit_bets`]).
    fn close_round(&mut self) {
        let (mut top, mut first, mut second) = (0, 0, 0);
        for (p, &r) in self.book.round.iter().enumerate() {
            if r > first {
                (second, first, top) = (first, r, p);
            } else if r > second {
                second = r;
            }
        }
        if first > second {
            if let Some(x) = self.book.unreturned.get_mut(top) {
                *x += first - second;
            }
        }
    }

    /// Older files (2005-era) write no `Uncalled bet ... returned` line: the
    /// return is implicit and the summary's total pot tells it. When what the
    /// players put in exceeds the total pot by exactly the bets no one matched,
    /// those bets go back to their players (B14); otherwise the text keeps them in
    /// the pot and the replay check says where it disagrees.
    fn return_implicit_bets(&mut self) {
        let pending: u64 = self.book.unreturned.iter().sum();
        if pending == 0 {
            return;
        }
        let put: u64 = self
            .starting
            .iter()
            .zip(&self.book.stack)
            .map(|(s, left)| s.saturating_sub(*left))
            .sum();
        if put != self.v(self.hand.summary.total_pot) + pending {
            return;
        }
        for (left, back) in self.book.stack.iter_mut().zip(&self.book.unreturned) {
            *left += back;
        }
    }

    /// The summary: each seat's winnings and cards, the boards.
    fn summary(&mut self) -> Result<(), ImportError> {
        let hand = self.hand;
        self.give_up_claims();
        self.close_round();
        self.return_implicit_bets();
        for s in &hand.summary.seats {
            if let Some(p) = self.player_of(s.seat) {
                let known = self.known.get(p).copied().unwrap_or([None, None]);
                let room = known.iter().filter(|c| c.is_none()).count();
                let new = s
                    .cards
                    .iter()
                    .filter(|&&c| !known.contains(&Some(c)))
                    .count();
                if new > room {
                    let was: CardList = known.iter().flatten().copied().collect();
                    self.contradiction(
                        s.line,
                        "summary",
                        "H5",
                        format!(
                            "the summary shows {} but the hand showed {}",
                            card_text(&s.cards),
                            card_text(&was)
                        ),
                        "the cards the hand showed",
                    )?;
                } else {
                    learn(&mut self.known, p, &s.cards);
                }
                let won: u64 = s.won.iter().map(|&a| self.v(a)).sum();
                let got = self.collected.get(p).copied().unwrap_or(0);
                if won != got {
                    return Err(self.disagree_at(
                        s.line,
                        "summary",
                        "H5",
                        format!("the summary says won {won}, the hand says collected {got}"),
                    ));
                }
            }
        }
        let line = hand.summary.line;
        // No site takes more than a tenth of a pot (PokerStars: 5%, capped), give
        // or take the rounding of a cent.
        let (rake, pot) = (hand.summary.rake, hand.summary.total_pot);
        if rake.0 > pot.0 / 10 + 1 && !self.site.jackpot_drop {
            self.contradiction(
                line,
                "rake",
                "B23",
                format!("a rake of {rake} from a pot of {pot}"),
                "the rake as written",
            )?;
        }
        if self.run_twice
            && (self.shared.is_none() || self.first_board.is_none() || !hand.summary.run_twice)
        {
            return Err(self.disagree_at(
                line,
                "board",
                "H5",
                "the hand was run twice but the text does not deal two boards and say so".into(),
            ));
        }
        // The boards the streets dealt: the first run's then the second's when run
        // twice.
        let dealt_boards: ArrayVec<&CardList, 2> =
            self.first_board.iter().chain([&self.board]).collect();
        if !hand.summary.boards.is_empty() && hand.summary.boards.len() != dealt_boards.len() {
            return Err(self.disagree_at(
                line,
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
                return Err(self.disagree_at(
                    line,
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
        Ok(())
    }

    /// The history: the hole cards dealt before the first action after them, the
    /// stakes, the metadata.
    fn finish(self) -> Imported {
        let hand = self.hand;
        let n = self.order.len();
        let mut actions = self.actions;
        let mut action_lines = self.action_lines;
        // The deal, before the first action after the hole cards.
        let deals = self.known.iter().enumerate().map(|(p, k)| Action {
            kind: ActionKind::DealHole {
                player: player(p),
                cards: Cards(k.iter().copied().collect()),
            },
            comment: None,
        });
        let at = self.deal_at.min(actions.len());
        actions.splice(at..at, deals);
        action_lines.splice(at..at, std::iter::repeat_n(self.hole_line, n));

        let scale = self.scale;
        let v = |a: Amount| a.0 / scale;
        let collected_total: u64 = self.collected.iter().sum();
        let final_stacks: Vec<u64> = self
            .book
            .stack
            .iter()
            .zip(&self.collected)
            .map(|(s, c)| s + c)
            .collect();
        let variant = match hand.header.limit {
            Limit::NoLimit => Variant::NoLimit,
            Limit::PotLimit | Limit::PotLimitPreFlopNoLimitPostFlop => Variant::PotLimit,
            Limit::FixedLimit => Variant::FixedLimit,
        };
        let bb_slot = if self.heads_up { 1 } else { self.bb_player };
        let stakes = match hand.header.limit {
            Limit::FixedLimit => Stakes::Limit {
                small_bet: v(hand.header.stakes.0),
                big_bet: v(hand.header.stakes.1),
            },
            _ => Stakes::MinBet(
                self.blinds
                    .get(bb_slot)
                    .copied()
                    .filter(|&b| b > 0)
                    .unwrap_or(v(hand.header.stakes.1)),
            ),
        };
        let unit = self.unit;
        let rake = v(hand.summary.rake);
        let mut meta = metadata(hand, self.site, &self.order, unit, rake);
        if let Some(c) = self.cap {
            meta.extra.push(ExtraField {
                key: self.site.cap_field.to_string(),
                toml: unit.format(c),
            });
        }
        let mut history = HandHistory {
            variant,
            unit,
            antes: self.antes,
            blinds_or_straddles: self.blinds,
            stakes,
            starting_stacks: self.starting,
            actions,
            // The stacks after rake, with the rake taken beside them: the replay
            // holds the gap to exactly that rake, from the winners (H4).
            finishing_stacks: Some(final_stacks.clone()),
            winnings: Some(self.collected),
            meta,
        };
        let mut house = TableRules::STANDARD;
        if self.run_twice {
            // A table that runs the board twice (B26).
            house.max_board_runs = 2;
        }
        if hand.header.limit == Limit::PotLimitPreFlopNoLimitPostFlop {
            // Mixed limits (B28).
            house.streets = Some([
                Variant::PotLimit,
                Variant::NoLimit,
                Variant::NoLimit,
                Variant::NoLimit,
            ]);
        }
        history.set_table_rules(house);
        Imported {
            history,
            action_lines,
            seats: self.order.to_vec(),
            collected: collected_total,
            final_stacks,
            rake,
            total_pot: v(hand.summary.total_pot),
            summary_line: hand.summary.line,
            hand: hand.header.id,
            first_line: hand.first_line,
            repairs: self.repairs,
        }
    }

    fn all_in_flag(&self, action: &str, put: u64, left: u64) -> ImportError {
        if put == left {
            self.disagree(
                action,
                "B15",
                "puts in the whole stack but the text does not say all-in".to_string(),
            )
        } else {
            self.disagree(
                action,
                "B15",
                format!("says all-in with {} still behind", left - put),
            )
        }
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
fn metadata(hand: &Hand, site: &Site, order: &[SeatIndex], unit: Unit, rake: u64) -> Metadata {
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
    if let Some(label) = &h.label {
        meta.extra.push(ExtraField {
            key: HAND_NAME_FIELD.to_string(),
            toml: crate::phh::quote(label),
        });
    }
    if let Some(t) = &h.tournament {
        meta.text.push((
            "event".to_string(),
            format!("{} tournament #{}", site.name, t.id),
        ));
    }
    if rake > 0 {
        meta.extra.push(ExtraField {
            key: crate::phh::RAKE_TAKEN_FIELD.to_string(),
            toml: unit.format(rake),
        });
    }
    meta
}
