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
//! blind. A raise's `raises X to Y` may be written from the bet to call, from the
//! largest amount actually put in, or, before anyone has raised, from what the short
//! big blind put in (Winamax). A player all-in (a sitting-out player all-in on
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
    Action, ActionKind, Cards, ExtraField, HandHistory, Metadata, OddChips, Player, Shown, Stakes,
    TableRules, Variant,
};
use crate::money::{DEAD_BLIND, Unit};

use super::ast::{Amount, CardList, Event, Hand, Limit, Line, PostKind, Run, SeatIndex, SeatState};
use super::error::{ImportError, ImportErrorKind as Kind};

mod finish;
mod play;
mod setup;

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
    /// The site writes a raise when every opponent is already all-in and keeps the
    /// part no one can match in the pot, giving it back in the raiser's collection
    /// (Winamax): read as a call (B15), the kept part taken out of the total pot
    /// and of that player's collection.
    pub raises_over_all_in: bool,
    /// The site gives a split pot's odd chips from the highest table seat
    /// number down, whatever the button (Winamax), instead of from the left of
    /// the button (P3): a hand whose text shows a split with odd chips records
    /// that order ([`crate::OddChips`]).
    pub odd_chips_from_highest_seat: bool,
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
    /// What each player put in over an all-in that no one could match, kept in the
    /// pot by the text ([`Site::raises_over_all_in`]).
    kept: Vec<u64>,
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
