//! What each player did and got in one replayed hand, the way poker trackers count
//! it: chips invested, won, rake share and net, and the pre-flop and showdown
//! statistics (VPIP, PFR, 3-bet, saw flop, went to showdown, won at showdown).
//!
//! [`summarize`] replays the hand once ([`crate::replay`], watched like
//! [`crate::steps`]) and reads the engine's own events and per-seat totals: no
//! second replay and no betting logic of its own. `docs/stats.md` gives each
//! definition and where trackers differ.
//!
//! Invariants:
//! - A summary exists only for a hand replay accepts ([`Outcome::Ok`]); a hand
//!   the engine refuses or does not play has none.
//! - For a settled hand, each player's `net` is `won - invested`, and the nets
//!   sum to minus the hand's rake ([`HandSummary::rake`]) when every starting
//!   stack is known.
//! - Money is in the hand's unit ([`crate::Unit`]), never floating point.
//! - Nothing is allocated beyond replay's own work and the summary itself.
//!
//! ```
//! use holdem_history::phh::parse_phh;
//! use holdem_history::replay::HouseRules;
//! use holdem_history::summary::{Position, summarize};
//!
//! let text = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
//!             min_bet = 2\nstarting_stacks = [200, 200, 200]\n\
//!             actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????',\n\
//!                        'p3 cbr 6', 'p1 f', 'p2 f']\n";
//! let hand = parse_phh(text)?;
//! let (_outcome, summary) = summarize(&hand, &HouseRules::standard());
//! let summary = summary.expect("a legal hand");
//! let button = &summary.players[2];
//! assert_eq!(button.position, Position::Button);
//! assert!(button.vpip && button.pfr && !button.saw_flop);
//! assert_eq!((button.invested, button.won, button.net), (2, 5, 3)); // 4 returned
//! assert_eq!(summary.players[1].net, -2);
//! # Ok::<(), holdem_history::PhhError>(())
//! ```

use arrayvec::ArrayVec;
use holdem_betting::{Event, EventSink, Hand, Seat, Street, Timestamp};
use serde::Serialize;

use crate::money::UNKNOWN_STACK;
use crate::replay::{HouseRules, Outcome, Watch, replay_watched};
use crate::view::ReplayView;
use crate::{HandHistory, MAX_PLAYERS};

/// A player's position at the table, from the PHH player order (`p1` is the small
/// blind, the last player the button; heads-up `p1` is the big blind and `p2` the
/// button, who posts the small blind).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Position {
    /// The small blind (three or more players).
    SmallBlind,
    /// The big blind.
    BigBlind,
    /// Under the gun plus `n` (0: under the gun), the seats after the big blind
    /// that are not named below.
    UnderTheGun(u8),
    /// The hijack: two seats right of the button (six or more players).
    Hijack,
    /// The cutoff: right of the button (four or more players).
    Cutoff,
    /// The button (heads-up, also the small blind).
    Button,
}

impl Position {
    /// The position of player `index` (0 is `p1`) of `players`.
    pub fn of(index: usize, players: usize) -> Position {
        if players <= 2 {
            return if index == 0 {
                Position::BigBlind
            } else {
                Position::Button
            };
        }
        match index {
            0 => Position::SmallBlind,
            1 => Position::BigBlind,
            i if i + 1 == players => Position::Button,
            i if i + 2 == players => Position::Cutoff,
            i if i + 3 == players && players >= 6 => Position::Hijack,
            i => Position::UnderTheGun((i - 2) as u8),
        }
    }

    /// The tracker label: `SB`, `BB`, `UTG`, `UTG+1`..., `HJ`, `CO`, `BTN`.
    pub fn label(self) -> String {
        match self {
            Position::SmallBlind => "SB".into(),
            Position::BigBlind => "BB".into(),
            Position::UnderTheGun(0) => "UTG".into(),
            Position::UnderTheGun(n) => format!("UTG+{n}"),
            Position::Hijack => "HJ".into(),
            Position::Cutoff => "CO".into(),
            Position::Button => "BTN".into(),
        }
    }
}

/// One player's part in a hand (see `docs/stats.md` for each definition).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerSummary {
    /// The player's index: 0 is PHH's `p1`.
    pub player: u8,
    /// Where the player sat.
    pub position: Position,
    /// The stack before the hand; `None` when the record does not know it (`inf`).
    pub starting_stack: Option<u64>,
    /// The stack after the hand, after rake; `None` when the starting stack is
    /// unknown.
    pub final_stack: Option<u64>,
    /// Everything put in the pot: antes, blinds and bets, less uncalled chips
    /// returned (B14).
    pub invested: u64,
    /// Everything collected from the pots, after rake (0 for an unsettled hand).
    pub won: u64,
    /// The rake taken from the pots this player won (split evenly among a pot's
    /// winners, the remainder to the first of them in player order).
    pub rake: u64,
    /// `won - invested`: the hand's result after rake.
    pub net: i64,
    /// Voluntarily put money in the pot pre-flop: called or raised (posting a
    /// blind, and checking the big blind's option, are not voluntary).
    pub vpip: bool,
    /// Raised pre-flop.
    pub pfr: bool,
    /// Had the chance to 3-bet: acted pre-flop facing exactly one raise made by
    /// another player.
    pub three_bet_chance: bool,
    /// Made the second pre-flop raise (a re-raise of the first raise, the
    /// big blind counting as the first bet).
    pub three_bet: bool,
    /// Had not folded when the flop was dealt.
    pub saw_flop: bool,
    /// Was in the hand at a showdown: the hand settled with two or more players
    /// not folded.
    pub showdown: bool,
    /// Went to showdown and won chips from at least one pot.
    pub won_at_showdown: bool,
    /// The big blind of a walk: everyone else folded pre-flop before anyone put
    /// money in voluntarily (trackers leave it out of VPIP and PFR).
    pub walk: bool,
}

/// The summary of one hand replay accepts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// The hand reached its settlement (see [`Outcome::Ok`]).
    pub settled: bool,
    /// All the chips put in, before rake.
    pub pot: u64,
    /// The rake taken: the outcome's `rake` (applied by the engine, recorded, or
    /// inferred from the finishing stacks), when every starting stack is known.
    pub rake: u64,
    /// The flop was dealt.
    pub saw_flop: bool,
    /// The hand was a walk (see [`PlayerSummary::walk`]).
    pub walk: bool,
    /// The players, in player order.
    pub players: ArrayVec<PlayerSummary, MAX_PLAYERS>,
}

/// Bit set of player indexes.
type Mask = u32;

fn bit(seat: Seat) -> Mask {
    1 << seat.index()
}

/// Reads the engine's events as the hand is played, keeping per-player flags and
/// the engine's rake shares.
#[derive(Default)]
struct Tally {
    /// Pre-flop until the flop is dealt.
    postflop: bool,
    /// Pre-flop raises so far (a bet pre-flop, as in a bomb pot, counts as one).
    raises: u8,
    last_raiser: Option<Seat>,
    folded: Mask,
    vpip: Mask,
    pfr: Mask,
    three_bet: Mask,
    three_bet_chance: Mask,
    /// Players not folded when the flop was dealt (`None`: no flop).
    saw_flop: Option<Mask>,
    won: Mask,
    rake: [u64; MAX_PLAYERS],
}

impl Tally {
    /// A pre-flop action by `seat`: a chance to 3-bet if it faces exactly one raise
    /// by someone else.
    fn facing(&mut self, seat: Seat) {
        if !self.postflop && self.raises == 1 && self.last_raiser != Some(seat) {
            self.three_bet_chance |= bit(seat);
        }
    }
}

impl EventSink for Tally {
    fn push(&mut self, _at: Timestamp, event: Event) {
        match event {
            Event::Folded { seat } => {
                self.facing(seat);
                self.folded |= bit(seat);
            }
            Event::Checked { seat } => self.facing(seat),
            Event::Called { seat, .. } => {
                self.facing(seat);
                if !self.postflop {
                    self.vpip |= bit(seat);
                }
            }
            Event::Bet { seat, .. } | Event::Raised { seat, .. } if !self.postflop => {
                self.facing(seat);
                self.vpip |= bit(seat);
                self.pfr |= bit(seat);
                if self.raises == 1 && self.last_raiser != Some(seat) {
                    self.three_bet |= bit(seat);
                }
                self.raises = self.raises.saturating_add(1);
                self.last_raiser = Some(seat);
            }
            Event::BoardDealt { street, .. } => {
                self.postflop = true;
                if street == Street::Flop && self.saw_flop.is_none() {
                    self.saw_flop = Some(!self.folded);
                }
            }
            Event::PotAwarded { rake, winners, .. } => {
                self.won |= winners.bits();
                let n = winners.len() as u64;
                if let Some(each) = rake.get().checked_div(n) {
                    let mut rest = rake.get() - each * n;
                    for i in 0..MAX_PLAYERS {
                        if winners.bits() & (1 << i) != 0 {
                            self.rake[i] += each + rest;
                            rest = 0;
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Watches the replay: the tally of events, and each seat's chips put in and
/// collected after the last action.
struct Summarizer<'a> {
    tally: Tally,
    /// The pot after each applied action, by 1-based action number, if wanted.
    pots: Option<&'a mut Vec<Option<u64>>>,
    players: usize,
    contributed: [u64; MAX_PLAYERS],
    /// What each seat collected from the pots, once settled.
    collected: [u64; MAX_PLAYERS],
}

impl Watch for Summarizer<'_> {
    type Sink = Tally;
    const EACH: bool = true;

    fn sink(&mut self) -> &mut Tally {
        &mut self.tally
    }

    fn after(&mut self, action: usize, hand: &Hand) {
        if let Some(slot) = self.pots.as_mut().and_then(|p| p.get_mut(action)) {
            *slot = Some(hand.pot_total().get());
        }
        for i in 0..self.players {
            let Some(seat) = Seat::new(i as u8) else {
                break;
            };
            // Once settled, the engine's per-seat totals are cleared: what a seat put
            // in is then what it collected less its net result.
            (self.contributed[i], self.collected[i]) = match hand.result() {
                Some(result) => {
                    let collected: u64 = result.pots().iter().map(|p| p.share_of(seat).get()).sum();
                    let invested = collected as i64 - result.net(seat);
                    (invested.max(0) as u64, collected)
                }
                None => (hand.contributed(seat).get(), 0),
            };
        }
    }
}

/// Replays `h` under `rules` and summarizes it per player: replay's outcome, and
/// the summary when the outcome is [`Outcome::Ok`].
///
/// The money comes from the engine (chips put in, pots and rake) and from the
/// record: a rake the record shows and the engine did not take (recorded, or
/// inferred from its finishing stacks, H4) is charged as replay charges it
/// ([`Outcome::Ok::stacks_after_rake`]): the hand's rake is the outcome's `rake`.
pub fn summarize(h: &HandHistory, rules: &HouseRules) -> (Outcome, Option<HandSummary>) {
    summarize_inner(h, rules, None)
}

/// As [`summarize`], and fills `pots` with the pot before each recorded action
/// (entry `k` for the action numbered `k + 1`, current bets included): the pot
/// after the last action replay applied before it. Entries are `None` where
/// replay applied no action before (unless that action is a deal of hole cards,
/// which moves no chips) or stopped earlier. `pots` is cleared first; its memory
/// is reused from hand to hand.
pub fn summarize_with_pots(
    h: &HandHistory,
    rules: &HouseRules,
    pots: &mut Vec<Option<u64>>,
) -> (Outcome, Option<HandSummary>) {
    pots.clear();
    pots.resize(h.actions.len() + 1, None);
    let result = summarize_inner(h, rules, Some(&mut *pots));
    // Shift from "after action k" to "before action k + 1".
    let mut before = None;
    for (k, slot) in pots.iter_mut().enumerate().skip(1) {
        let after = *slot;
        *slot = before;
        if k == 1 && matches!(h.actions[0].kind, crate::ActionKind::DealHole { .. }) {
            *slot = after;
        }
        if after.is_some() {
            before = after;
        }
    }
    pots.remove(0);
    result
}

fn summarize_inner(
    h: &HandHistory,
    rules: &HouseRules,
    pots: Option<&mut Vec<Option<u64>>>,
) -> (Outcome, Option<HandSummary>) {
    let n = h.player_count().min(MAX_PLAYERS);
    let mut watch = Summarizer {
        pots,
        tally: Tally::default(),
        players: n,
        contributed: [0; MAX_PLAYERS],
        collected: [0; MAX_PLAYERS],
    };
    let outcome = replay_watched(&ReplayView::of(h), rules, &mut watch);
    let summary = match &outcome {
        Outcome::Ok {
            settled,
            stacks,
            stacks_after_rake,
            ..
        } => Some(build(h, *settled, stacks, stacks_after_rake, &watch)),
        _ => None,
    };
    (outcome, summary)
}

fn build(
    h: &HandHistory,
    settled: bool,
    stacks: &[u64],
    after_rake: &[u64],
    watch: &Summarizer,
) -> HandSummary {
    let t = &watch.tally;
    let n = watch.players.min(stacks.len());
    let everyone: Mask = if n >= 32 { Mask::MAX } else { (1 << n) - 1 };
    let in_at_end = everyone & !t.folded;
    let showdown = settled && in_at_end.count_ones() >= 2;
    let big_blind = if n <= 2 { 0 } else { 1 };
    let walk = settled && t.saw_flop.is_none() && t.vpip == 0 && in_at_end == 1 << big_blind;
    let mut players = ArrayVec::new();
    let (mut pot, mut rake) = (0u64, 0u64);
    #[allow(clippy::needless_range_loop)] // five arrays, one index
    for i in 0..n {
        let start = h.starting_stacks.get(i).copied().unwrap_or(0);
        let known = start != UNKNOWN_STACK;
        let invested = watch.contributed[i];
        // A rake the record shows and the engine did not take (H4): replay's
        // stack after every rake is short of the engine's by this player's share.
        let recorded_gap = match after_rake.get(i) {
            Some(&after) if settled && known => stacks[i].saturating_sub(after),
            _ => 0,
        };
        let won = if settled {
            watch.collected[i].saturating_sub(recorded_gap)
        } else {
            0
        };
        let player_rake = if settled { t.rake[i] + recorded_gap } else { 0 };
        let m = 1 << i;
        pot += invested;
        rake += player_rake;
        let net = won as i64 - invested as i64;
        players.push(PlayerSummary {
            player: i as u8,
            position: Position::of(i, n),
            starting_stack: known.then_some(start),
            final_stack: known.then(|| start.saturating_add_signed(net)),
            invested,
            won,
            rake: player_rake,
            net,
            vpip: t.vpip & m != 0,
            pfr: t.pfr & m != 0,
            three_bet_chance: t.three_bet_chance & m != 0,
            three_bet: t.three_bet & m != 0,
            saw_flop: t.saw_flop.is_some_and(|s| s & m != 0),
            showdown: showdown && in_at_end & m != 0,
            won_at_showdown: showdown && in_at_end & m != 0 && t.won & m != 0,
            walk: walk && i == big_blind,
        });
    }
    HandSummary {
        settled,
        pot,
        rake,
        saw_flop: t.saw_flop.is_some(),
        walk,
        players,
    }
}
