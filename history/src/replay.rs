//! Replays a [`HandHistory`] through the betting engine (`holdem_betting::Hand`) and
//! reports the result or the first illegal action (rules H1, H2).
//!
//! Seat conventions follow the PHH specification: player `pN` sits in engine seat
//! `N - 1` and the last player has the button, so for three or more players `p1`
//! posts the small blind and `p2` the big blind; heads-up the forced bets are
//! reverse-assigned (`p2`, the button, posts the small blind, B4).
//!
//! Recorded cards become dealer inputs (`??` is an unknown card). Show/muck entries
//! are held until the engine reaches the showdown and then applied in the order rule
//! B21 asks for: PHH writes the reveals of an all-in before the remaining board
//! cards, and records reveals, not the order of the table talk. A commentary that
//! starts with `time-out` turns the action into a time-out input (B16); the recorded
//! action must be what the engine does for it.

use holdem_betting::{
    Action as BetAction, AutoOutcome, Chips, DealerInput, Discard, Event, EventSink, ForcedBets,
    Hand, HandConfig, HandError, IncompleteAllInRule, Input, MAX_SEATS, Pending,
    Player as BetPlayer, Positions, RakePolicy, Seat, SeatSet, SeatStatus, ShowdownRules, Street,
    Timestamp,
};

use holdem_eval::Evaluator;
use serde::Serialize;

use crate::money::{Decimal, UNKNOWN_STACK, split_blind};
use crate::phh::{HOUSE_FIELD, RAKE_FIELD, RAKE_TAKEN_FIELD, parse_house, parse_rake};
pub use crate::view::{RecordedAction, ReplayView};
use crate::{
    Action, CompactAction, CompactCards, CompactShown, HandHistory, Player, Stakes, Unit, Variant,
};

/// The house rules a replay applies: the betting options of a rules set. The stakes
/// come from the history itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HouseRules {
    /// The rules set's name (`standard` or a preset or file name).
    pub name: String,
    /// Fixed limit: bets per round, the opening bet included (B9).
    pub max_bets_per_round: u8,
    /// Fixed limit: the cap does not apply heads-up (B9, seed 004).
    pub cap_lifted_heads_up: bool,
    /// A re-raise must at least double the previous raise (B10, seed 004).
    pub reraise_must_double: bool,
    /// The minimum raise after an incomplete all-in (B12).
    pub incomplete_all_in: IncompleteAllInRule,
    /// All-in protection on time-out (B16, seed 001).
    pub time_out_all_in_protection: bool,
    /// Showing and mucking at showdown (B21).
    pub showdown: ShowdownRules,
    /// The rake (B23), unless the history records its own (`_holdem_rake`).
    pub rake: RakePolicy,
}

impl HouseRules {
    /// The standard rules of RULES.md: four bets a round in fixed limit, no cap lift,
    /// standard minimum raise after an incomplete all-in, time-outs fold.
    pub fn standard() -> HouseRules {
        HouseRules::of_config("standard", &HandConfig::default())
    }

    /// The house rules a hand's configuration plays under (its betting options,
    /// showdown rules and rake), named `name`.
    pub fn of_config(name: &str, c: &HandConfig) -> HouseRules {
        HouseRules {
            name: name.to_string(),
            max_bets_per_round: c.max_bets_per_round,
            cap_lifted_heads_up: c.cap_lifted_heads_up,
            reraise_must_double: c.reraise_must_double,
            incomplete_all_in: c.incomplete_all_in,
            time_out_all_in_protection: c.time_out_all_in_protection,
            showdown: c.showdown,
            rake: c.rake,
        }
    }

    /// The betting house rules of a validated rules set (feature `rules-config`).
    #[cfg(feature = "rules-config")]
    pub fn from_rules(name: &str, rules: &holdem_rules_config::Rules) -> HouseRules {
        let b = &rules.betting;
        HouseRules {
            name: name.to_string(),
            max_bets_per_round: b.max_bets_per_round,
            cap_lifted_heads_up: b.cap_lifted_heads_up,
            reraise_must_double: b.reraise_must_double,
            incomplete_all_in: b.incomplete_all_in,
            time_out_all_in_protection: b.time_out_all_in_protection,
            showdown: b.showdown,
            rake: rules.rake,
        }
    }

    /// Whether `self` and `other` give the engine the same options (all but the
    /// name, which only reports show): what a [`Replayer`] checks each hand, where
    /// comparing the names too cost a `memcmp` call a hand.
    fn same_options(&self, other: &HouseRules) -> bool {
        let HouseRules {
            name: _,
            max_bets_per_round,
            cap_lifted_heads_up,
            reraise_must_double,
            incomplete_all_in,
            time_out_all_in_protection,
            showdown,
            rake,
        } = self;
        *max_bets_per_round == other.max_bets_per_round
            && *cap_lifted_heads_up == other.cap_lifted_heads_up
            && *reraise_must_double == other.reraise_must_double
            && *incomplete_all_in == other.incomplete_all_in
            && *time_out_all_in_protection == other.time_out_all_in_protection
            && *showdown == other.showdown
            && *rake == other.rake
    }

    fn apply_to(&self, mut c: HandConfig) -> HandConfig {
        c.max_bets_per_round = self.max_bets_per_round;
        c.cap_lifted_heads_up = self.cap_lifted_heads_up;
        c.reraise_must_double = self.reraise_must_double;
        c.incomplete_all_in = self.incomplete_all_in;
        c.time_out_all_in_protection = self.time_out_all_in_protection;
        c.showdown = self.showdown;
        c.rake = self.rake;
        c
    }
}

/// Per-player or per-pot amounts of a replay result (at most [`MAX_SEATS`]: the
/// engine seats no more, and there is at most one pot per seat).
pub type Amounts = arrayvec::ArrayVec<u64, MAX_SEATS>;

/// Collects engine events, keeping only what replay checks: the outcome of an
/// automatic action (a time-out, B16). Nothing is copied or allocated.
#[derive(Default)]
struct AutoSink {
    outcome: Option<AutoOutcome>,
}

impl EventSink for AutoSink {
    #[inline]
    fn push(&mut self, _at: Timestamp, event: Event) {
        if let Event::AutoAction { outcome, .. } = event {
            self.outcome.get_or_insert(outcome);
        }
    }
}

/// What replaying one hand gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
#[expect(
    clippy::large_enum_variant,
    reason = "one outcome a hand, by value: boxing the settled one would allocate on the replay hot path"
)]
pub enum Outcome {
    /// Every action was legal.
    Ok {
        /// The hand reached its settlement (false: the history stops early, or hides
        /// cards a showdown needs).
        settled: bool,
        /// Each player's stack as the engine settles the hand (settled) or after the
        /// last action: after a rake the engine applies (`_holdem_rake`, B23), but
        /// *before* a rake the history only records as taken (PHH `rake`) or that is
        /// inferred from its `finishing_stacks` (H4). What a player really kept is
        /// [`Outcome::Ok::stacks_after_rake`].
        stacks: Amounts,
        /// Each player's stack after the hand and after every rake, applied,
        /// recorded or inferred (H4): what a tracker adds up. Equal to `stacks` when
        /// no rake is taken or the hand is not settled; [`UNKNOWN_STACK`] for a
        /// player whose starting stack is unknown.
        stacks_after_rake: Amounts,
        /// The rake taken from the pots, in the hand's unit: applied by the engine
        /// (`_holdem_rake`), recorded (PHH `rake`) or inferred from
        /// `finishing_stacks`; 0 when none is taken or the hand is not settled.
        rake: u64,
        /// The pots awarded, main pot first (empty when not settled).
        pots: Amounts,
        /// Why the hand is not settled, if it is not; for a settled hand, a remark
        /// (recorded `winnings` that differ from the pots won, never an error).
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// An action the rules forbid (H2).
    Illegal {
        /// 1-based position in the history's actions (0: the hand's setup).
        action: usize,
        /// The action as PHH text.
        text: String,
        /// The rule broken, from the engine.
        reason: String,
    },
    /// Every action was legal but the result differs from the recorded one.
    Mismatch {
        /// What differs.
        reason: String,
    },
    /// A hand this engine does not play (straddles, button antes, more than ten
    /// players...).
    Unsupported {
        /// Why.
        reason: String,
    },
}

impl Outcome {
    /// One line for people, without the hand's location.
    pub fn describe(&self, unit: crate::Unit) -> String {
        use crate::Money;
        match self {
            Outcome::Ok {
                settled,
                stacks,
                pots,
                note,
                ..
            } => {
                let stacks: Vec<String> =
                    stacks.iter().map(|&s| Money(s, unit).to_string()).collect();
                let pots: Vec<String> = pots.iter().map(|&s| Money(s, unit).to_string()).collect();
                if *settled {
                    let remark = note.as_deref().map_or(String::new(), |n| format!(" ({n})"));
                    format!(
                        "ok: stacks [{}], pots [{}]{remark}",
                        stacks.join(", "),
                        pots.join(", ")
                    )
                } else {
                    format!(
                        "ok, unsettled ({}): stacks [{}]",
                        note.as_deref().unwrap_or(""),
                        stacks.join(", ")
                    )
                }
            }
            Outcome::Illegal {
                action,
                text,
                reason,
            } => format!("action {action} {text:?}: {reason}"),
            Outcome::Mismatch { reason } => format!("result differs from the history: {reason}"),
            Outcome::Unsupported { reason } => format!("unsupported: {reason}"),
        }
    }
}

/// Engine messages name seats from 0 (`seat 2`); PHH names players from 1 (`p3`).
fn phh_names(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find("seat ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 5..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<u32>() {
            Ok(n) if digits > 0 => {
                out.push_str(&format!("p{}", n + 1));
                rest = &after[digits..];
            }
            _ => {
                out.push_str("seat ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn seat_of(p: Player) -> Option<Seat> {
    Seat::new(p.0)
}

fn unsupported(reason: impl Into<String>) -> Outcome {
    Outcome::Unsupported {
        reason: reason.into(),
    }
}

/// The engine configuration for a history, or why the engine cannot play it
/// (the reason of an [`Outcome::Unsupported`]). See [`hand_setup`] for the forced
/// bets the configuration cannot express (straddles, per-seat antes).
pub fn hand_config(h: &HandHistory, rules: &HouseRules) -> Result<HandConfig, String> {
    hand_setup(h, rules).map(|(config, _)| config)
}

/// The engine configuration and extra forced bets of a history, or why the engine
/// cannot play it (the reason of an [`Outcome::Unsupported`]).
///
/// PHH conventions (spec, "Required fields"): `p1` posts the small blind and `p2`
/// the big blind; any other non-zero `blinds_or_straddles` entry is a straddle,
/// `p3` (under the gun) first; heads-up both arrays are reverse-assigned. Antes:
/// uniform antes are the config's ante; one seat paying an ante for the table (a
/// big-blind or button ante) posts dead money, not part of the call (B5); other
/// non-uniform antes are each seat's own live ante. The rake is the one the history
/// records (`_holdem_rake`), else the rules' (B23).
///
/// Real records (H4): a negative entry is a dead blind, posted as dead money (a
/// per-seat dead ante of [`ForcedBets`]: into the pot, never part of the player's
/// bet); an entry of `p3` or later equal to the big blind is a big blind posted out
/// of position by a new or returning player (live, B19); and a big blind written in
/// `p1`'s place with none in `p2`'s (`[4, 0, 0]`, three or more players) is a big
/// blind without a small blind: `p1` posts it and `p2` acts first. The last two
/// need explicit positions, which [`hand_positions`] gives.
pub fn hand_setup(
    h: &HandHistory,
    rules: &HouseRules,
) -> Result<(HandConfig, Option<ForcedBets>), String> {
    let mut extra = None;
    let mut positions = None;
    setup(&ReplayView::of(h), rules, &mut extra, &mut positions).map(|config| (config, extra))
}

/// The positions a history's forced bets need beyond the standard ones (a big
/// blind without a small blind, big blinds posted out of position: see
/// [`hand_setup`]), `None` for the standard ones, or why the engine cannot play it.
pub fn hand_positions(h: &HandHistory, rules: &HouseRules) -> Result<Option<Positions>, String> {
    let mut extra = None;
    let mut positions = None;
    setup(&ReplayView::of(h), rules, &mut extra, &mut positions).map(|_| positions)
}

/// [`hand_setup`] of a view; the extra forced bets go to `extra` (`None` before
/// the call), which the caller keeps where it uses them: returned with the
/// configuration, the ~200-byte `Option<ForcedBets>` was copied twice a hand.
fn setup<A>(
    h: &ReplayView<'_, A>,
    rules: &HouseRules,
    extra: &mut Option<ForcedBets>,
    positions: &mut Option<Positions>,
) -> Result<HandConfig, String> {
    let n = h.player_count();
    if n > MAX_SEATS {
        return Err(format!("{n} players: the engine seats at most {MAX_SEATS}"));
    }
    let (sb_player, bb_player) = if n == 2 {
        (Player(1), Player(0))
    } else {
        (Player(0), Player(1))
    };
    let mut forced = [(0u64, 0u64); MAX_SEATS];
    let mut dead = [0u64; MAX_SEATS];
    for (i, (f, d)) in forced.iter_mut().zip(&mut dead).enumerate().take(n) {
        let (ante, blind) = h.forced_bets(Player(i as u8));
        let (live, dead_blind) = split_blind(blind);
        *f = (ante, live);
        *d = dead_blind;
    }
    let forced = &forced[..n];
    let mut sb = forced.get(usize::from(sb_player.0)).map_or(0, |f| f.1);
    let mut bb = forced.get(usize::from(bb_player.0)).map_or(0, |f| f.1);
    let seat_of =
        |i: usize| Seat::new(i as u8).ok_or_else(|| format!("p{} cannot be seated", i + 1));
    let mut custom = None;
    if bb == 0 && n >= 3 && sb > 0 && h.stakes == Stakes::MinBet(sb) {
        // A big blind without a small blind, written in p1's place (H4): p1 posts it
        // and the player after them acts first; the button stays on the last player.
        custom = Some(Positions {
            button: seat_of(n - 1)?,
            small_blind: None,
            big_blind: seat_of(0)?,
            extra_big_blinds: SeatSet::EMPTY,
            dead_blinds: SeatSet::EMPTY,
        });
        (sb, bb) = (0, sb);
    }
    if bb == 0 {
        return Err("no big blind".into());
    }
    // Straddles: every other blind entry, in player order from p3 (n >= 3 here: a
    // heads-up hand has only the two blinds). One equal to the big blind is a big
    // blind posted out of position (H4, B19): live, and the player acts in turn.
    for (i, f) in forced.iter().enumerate().skip(2) {
        if f.1 == 0 {
            continue;
        }
        let seat = seat_of(i)?;
        if f.1 == bb {
            if custom.is_none() {
                let mut set = SeatSet::EMPTY;
                for j in 0..n {
                    set.insert(seat_of(j)?);
                }
                custom = Positions::standard(set, seat_of(n - 1)?);
            }
            if let Some(p) = &mut custom {
                p.extra_big_blinds.insert(seat);
            }
            continue;
        }
        extra
            .get_or_insert_with(ForcedBets::default)
            .straddle(seat, Chips(f.1))
            .map_err(|e| format!("p{} straddles: {}", i + 1, phh_names(&e.to_string())))?;
    }
    *positions = custom;
    let ante_of = |i: usize| forced.get(i).map_or(0, |f| f.0);
    let nonzero = forced.iter().filter(|f| f.0 > 0).count();
    let (ante, bb_ante) = if nonzero == 0 {
        (0, 0)
    } else if forced.iter().all(|f| f.0 == ante_of(0)) {
        (ante_of(0), 0)
    } else if nonzero == 1 && ante_of(usize::from(bb_player.0)) > 0 {
        (0, ante_of(usize::from(bb_player.0)))
    } else {
        let x = extra.get_or_insert_with(ForcedBets::default);
        for (i, f) in forced.iter().enumerate() {
            if nonzero == 1 {
                // One seat antes for the whole table (a button ante): dead money.
                x.dead_antes[i] = Chips(f.0);
            } else {
                x.antes[i] = Chips(f.0);
            }
        }
        (0, 0)
    };
    // Dead blinds (H4): dead money for the pot, like a dead ante.
    for (i, &d) in dead.iter().enumerate().take(n) {
        if d > 0 {
            let x = extra.get_or_insert_with(ForcedBets::default);
            if let Some(slot) = x.dead_antes.get_mut(i) {
                *slot = Chips(slot.get().saturating_add(d));
            }
        }
    }
    let base = match (h.variant, h.stakes) {
        (Variant::NoLimit, Stakes::MinBet(m)) | (Variant::PotLimit, Stakes::MinBet(m)) => {
            if m != bb {
                return Err(format!("min_bet {m} differs from the big blind {bb}"));
            }
            if h.variant == Variant::NoLimit {
                HandConfig::no_limit(Chips(bb))
            } else {
                HandConfig::pot_limit(Chips(bb))
            }
        }
        (Variant::FixedLimit, Stakes::Limit { small_bet, big_bet }) => {
            if small_bet == 0 || small_bet > big_bet {
                return Err(format!(
                    "small_bet {small_bet} and big_bet {big_bet}: a fixed limit needs a \
                     positive small bet at most the big bet"
                ));
            }
            HandConfig::fixed_limit(Chips(small_bet), Chips(big_bet))
        }
        _ => return Err("stakes do not match the variant".into()),
    };
    let mut c = rules.apply_to(base.with_blinds(Chips(sb), Chips(bb)));
    c.ante = Chips(ante);
    c.big_blind_ante = Chips(bb_ante);
    if let Some(rake) = recorded_rake(h)? {
        c.rake = rake;
    }
    if let Some(toml) = h.house {
        // The house rules the hand records (B25-B27): the standard game otherwise.
        let house =
            parse_house(toml, h.unit).map_err(|reason| format!("{HOUSE_FIELD}: {reason}"))?;
        c.fixed_limit_half_bet = house.half_bet_rule;
        c.max_board_runs = house.max_board_runs;
        if house.bomb_pot > 0 {
            if extra.is_some() || c.ante.get() > 0 || c.big_blind_ante.get() > 0 {
                return Err(format!(
                    "{HOUSE_FIELD}: a bomb pot takes no antes or straddles (B27)"
                ));
            }
            c.bomb_pot = Chips(house.bomb_pot);
        }
    }
    Ok(c)
}

/// The rake a history records in its [`RAKE_FIELD`], if any.
fn recorded_rake<A>(h: &ReplayView<'_, A>) -> Result<Option<RakePolicy>, String> {
    match h.rake {
        None => Ok(None),
        Some(toml) => parse_rake(toml, h.unit)
            .map(Some)
            .map_err(|reason| format!("{RAKE_FIELD}: {reason}")),
    }
}

/// Replays one hand under `rules`.
pub fn replay_hand(h: &HandHistory, rules: &HouseRules) -> Outcome {
    replay_view(&ReplayView::of(h), rules)
}

/// The most repairs lenient replay makes in one hand before it gives up.
pub const MAX_REPAIRS: usize = 4;

/// One repair lenient replay made to a hand (H4): what it inserted, where, and the
/// strict error it answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Repair {
    /// 1-based position of the inserted action in the repaired history (the
    /// recorded action that failed now follows it).
    pub action: usize,
    /// The inserted action, in PHH notation (`p8 f`).
    pub inserted: String,
    /// What was inferred, for people.
    pub inferred: String,
    /// The strict replay's error that the repair answers.
    pub error: String,
}

/// Replays one hand as [`replay_hand`] does, but repairs what real records commonly
/// get wrong (H4) and lists each repair. The one repair made: an omitted fold. When
/// an action fails because another player is to act, and that player never acts
/// again in the record (so its stack does not change after this point), a fold by
/// that player is inserted before the failing action. Each repaired history is
/// replayed from the start; after [`MAX_REPAIRS`] repairs, or when no repair lets
/// the failing action through, the strict error of the last attempt is returned.
/// A hand replay accepts is returned unchanged with no repairs.
pub fn replay_lenient(h: &HandHistory, rules: &HouseRules) -> (Outcome, Vec<Repair>) {
    let mut outcome = replay_hand(h, rules);
    let mut repairs = Vec::new();
    let mut current: Option<HandHistory> = None;
    while repairs.len() < MAX_REPAIRS {
        let Outcome::Illegal {
            action,
            text,
            reason,
            ..
        } = &outcome
        else {
            break;
        };
        let (action, error) = (*action, format!("action {action} {text:?}: {reason}"));
        let base = current.as_ref().unwrap_or(h);
        let Some((repaired, next, inserted)) = omitted_fold(base, action, rules) else {
            break;
        };
        let who = inserted.split(' ').next().unwrap_or_default();
        repairs.push(Repair {
            action,
            inferred: format!("{who} folded without the record saying so: it never acts again"),
            inserted,
            error,
        });
        outcome = next;
        current = Some(repaired);
    }
    (outcome, repairs)
}

/// The history with a fold inserted before action `failing` (1-based) by a player
/// who never acts again, the outcome of replaying it, and the fold's text; `None`
/// when no such fold lets replay past that action.
fn omitted_fold(
    h: &HandHistory,
    failing: usize,
    rules: &HouseRules,
) -> Option<(HandHistory, Outcome, String)> {
    let at = failing.checked_sub(1)?;
    let acts_later = |p: Player| {
        h.actions.get(at..).is_some_and(|rest| {
            rest.iter().any(|a| match &a.kind {
                crate::ActionKind::Fold { player }
                | crate::ActionKind::CheckCall { player }
                | crate::ActionKind::BetRaiseTo { player, .. } => *player == p,
                _ => false,
            })
        })
    };
    for i in 0..h.player_count() {
        let player = Player(u8::try_from(i).ok()?);
        if acts_later(player) {
            continue;
        }
        let mut repaired = h.clone();
        repaired.actions.insert(
            at,
            Action {
                kind: crate::ActionKind::Fold { player },
                comment: None,
            },
        );
        let outcome = replay_hand(&repaired, rules);
        let past = match &outcome {
            Outcome::Illegal { action, .. } => *action > failing + 1,
            _ => true,
        };
        if past {
            return Some((repaired, outcome, format!("{player} f")));
        }
    }
    None
}

/// Replays one hand, seen through a [`ReplayView`], under `rules`. To replay many
/// hands, a [`Replayer`] reuses what consecutive hands share.
pub fn replay_view<A: RecordedAction>(h: &ReplayView<'_, A>, rules: &HouseRules) -> Outcome {
    with_start(h, rules, |hand| play(hand, h, &mut Unwatched::default()))
}

/// As [`replay_view`], showing each recorded action to `watch` as it is applied.
/// For [`crate::steps`].
pub(crate) fn replay_watched<A: RecordedAction, W: Watch>(
    h: &ReplayView<'_, A>,
    rules: &HouseRules,
    watch: &mut W,
) -> Outcome {
    with_start(h, rules, |hand| play(hand, h, watch))
}

/// What replay shows of each recorded action as it goes: nothing to replay itself
/// ([`Unwatched`]: its loop is the same as with no watcher), and the engine's events
/// and the table after each action to [`crate::steps`].
pub(crate) trait Watch {
    /// Where the engine's events go.
    type Sink: EventSink;
    /// Whether [`Watch::after`] is called, each action applied on its own (a run
    /// of hole-card deals is otherwise applied in one engine call).
    const EACH: bool;
    /// The sink for the events of the action being applied.
    fn sink(&mut self) -> &mut Self::Sink;
    /// Called once the recorded action `action` (1-based) has been applied; held
    /// shows are applied when the showdown reaches them, so a show's events come
    /// with the action that reached it.
    fn after(&mut self, action: usize, hand: &Hand);
}

/// Replay's own watcher: sees nothing.
#[derive(Default)]
struct Unwatched(Discard);

impl Watch for Unwatched {
    type Sink = Discard;
    const EACH: bool = false;

    #[inline(always)]
    fn sink(&mut self) -> &mut Discard {
        &mut self.0
    }

    #[inline(always)]
    fn after(&mut self, _action: usize, _hand: &Hand) {}
}

/// A sink handing every event to two sinks (a time-out watched by [`Watch`]).
struct Both<'a, S>(&'a mut AutoSink, &'a mut S);

impl<S: EventSink> EventSink for Both<'_, S> {
    fn push(&mut self, at: Timestamp, event: Event) {
        self.0.push(at, event);
        self.1.push(at, event);
    }
}

/// Replays hands one after another, reusing what consecutive hands share: a hand
/// with the same house rules, stakes, forced bets, rake and starting stacks as the
/// one before starts from a copy of that hand's engine state after the forced bets
/// (what `Hand::new` and `post_forced_bets` gave for the same inputs), not from a
/// new one. Every action is still checked by the engine (H2); the outcome is
/// [`replay_view`]'s.
#[derive(Debug, Default)]
pub struct Replayer {
    last: Option<Box<LastStart>>,
}

/// The start of the previous hand: its inputs, and the engine state after the
/// forced bets once two hands in a row have had the same inputs.
#[derive(Debug)]
struct LastStart {
    /// Only its options count ([`HouseRules::same_options`]).
    rules: HouseRules,
    key: StartKey,
    hand: Option<Hand>,
}

/// What a hand's start depends on besides the house rules.
#[derive(Debug, PartialEq, Eq)]
struct StartKey {
    variant: Variant,
    unit: Unit,
    stakes: Stakes,
    antes: Amounts,
    blinds_or_straddles: Amounts,
    starting_stacks: Amounts,
    rake: Option<String>,
    /// The recorded house rules' text ([`HOUSE_FIELD`]).
    house: Option<String>,
    /// The [`ReplayView::setup`] bytes of these inputs, if they came with them.
    setup: Option<Vec<u8>>,
}

impl StartKey {
    /// Whether `h` has these inputs: by their setup bytes when the key has them
    /// (equal bytes are equal inputs; different bytes for equal inputs, which a
    /// writer does not make, would only miss), else field by field, cheapest
    /// first.
    fn matches<A>(&self, h: &ReplayView<'_, A>) -> bool {
        let same_start = match (&self.setup, h.setup) {
            (Some(key), Some(setup)) => key[..] == *setup,
            // A key of setup bytes keeps no fields to compare.
            (Some(_), None) => false,
            (None, _) => {
                self.starting_stacks[..] == *h.starting_stacks
                    && self.variant == h.variant
                    && self.stakes == h.stakes
                    && self.unit == h.unit
                    && self.blinds_or_straddles[..] == *h.blinds_or_straddles
                    && self.antes[..] == *h.antes
            }
        };
        same_start && self.rake.as_deref() == h.rake && self.house.as_deref() == h.house
    }

    /// No inputs yet (matches no hand: a hand has players).
    fn empty() -> StartKey {
        StartKey {
            variant: Variant::NoLimit,
            unit: Unit::default(),
            stakes: Stakes::MinBet(0),
            antes: Amounts::new(),
            blinds_or_straddles: Amounts::new(),
            starting_stacks: Amounts::new(),
            rake: None,
            house: None,
            setup: None,
        }
    }

    /// Becomes the inputs of `h`, in place (most hands miss when stacks vary: this
    /// runs for each of them): its setup bytes when it has them (and then not its
    /// fields), else its fields; `false`, and no inputs, when `h` has no setup
    /// bytes and more than [`MAX_SEATS`] players.
    fn set<A>(&mut self, h: &ReplayView<'_, A>) -> bool {
        if self.rake.as_deref() != h.rake {
            self.rake = h.rake.map(str::to_string);
        }
        if self.house.as_deref() != h.house {
            self.house = h.house.map(str::to_string);
        }
        if let Some(setup) = h.setup {
            let key = self.setup.get_or_insert_with(Vec::new);
            key.clear();
            key.extend_from_slice(setup);
            return true;
        }
        self.setup = None;
        self.variant = h.variant;
        self.unit = h.unit;
        self.stakes = h.stakes;
        let mut fits = true;
        for (to, from) in [
            (&mut self.antes, h.antes),
            (&mut self.blinds_or_straddles, h.blinds_or_straddles),
            (&mut self.starting_stacks, h.starting_stacks),
        ] {
            to.clear();
            fits &= to.try_extend_from_slice(from).is_ok();
        }
        if !fits {
            self.starting_stacks.clear();
        }
        fits
    }
}

impl Replayer {
    /// A replayer that has seen no hand yet.
    pub fn new() -> Replayer {
        Replayer::default()
    }

    /// Replays one hand under `rules`; the same outcome as [`replay_view`].
    pub fn replay<A: RecordedAction>(
        &mut self,
        h: &ReplayView<'_, A>,
        rules: &HouseRules,
    ) -> Outcome {
        let last = match self.last.as_deref_mut() {
            Some(last) if last.key.matches(h) && last.rules.same_options(rules) => last,
            _ => {
                self.remember(h, rules);
                return replay_view(h, rules);
            }
        };
        // `play`'s outcome is returned as it is: passing it through a `Result` cost
        // two copies of the ~200-byte `Outcome` a hand.
        if let Some(template) = &last.hand {
            let mut hand = template.clone();
            return play(&mut hand, h, &mut Unwatched::default());
        }
        with_start(h, rules, |hand| {
            last.hand = Some(hand.clone());
            play(hand, h, &mut Unwatched::default())
        })
    }

    /// Keeps the inputs of `h` (its engine state comes with the next hand that
    /// shares them).
    #[cold]
    fn remember<A>(&mut self, h: &ReplayView<'_, A>, rules: &HouseRules) {
        let last = self.last.get_or_insert_with(|| {
            Box::new(LastStart {
                rules: rules.clone(),
                key: StartKey::empty(),
                hand: None,
            })
        });
        if !last.rules.same_options(rules) {
            last.rules = rules.clone();
        }
        if last.hand.is_some() {
            last.hand = None;
        }
        // A hand over MAX_SEATS players leaves no inputs, unless by its setup bytes:
        // it matches nothing, or hands that cannot start either (the engine seats
        // no more), so no engine state is ever kept for it.
        let _ = last.key.set(h);
    }
}

/// Starts the hand of `h` (the engine state after its forced bets) and gives it to
/// `then`, whose outcome it returns, or the outcome of a hand that cannot start
/// (unsupported, or illegal at its setup). The hand is borrowed where it was built:
/// it is about 1.8 KB, and every move of it a copy; the outcome is returned as it is
/// for the same reason (through a `Result`, it was copied twice).
fn with_start<A>(
    h: &ReplayView<'_, A>,
    rules: &HouseRules,
    then: impl FnOnce(&mut Hand) -> Outcome,
) -> Outcome {
    let mut forced = None;
    let mut positions = None;
    let config = match setup(h, rules, &mut forced, &mut positions) {
        Ok(config) => config,
        Err(reason) => return Outcome::Unsupported { reason },
    };
    let n = h.player_count();
    let mut players = arrayvec::ArrayVec::<BetPlayer, MAX_SEATS>::new();
    for (i, &stack) in h.starting_stacks.iter().enumerate() {
        let Some(seat) = Seat::new(i as u8) else {
            return unsupported("too many players");
        };
        players.push(BetPlayer::new(seat, Chips(stack)));
    }
    let Some(button) = Seat::new((n - 1) as u8) else {
        return unsupported("no players");
    };
    let setup_error = |e: &dyn std::fmt::Display| Outcome::Illegal {
        action: 0,
        text: "(setup)".into(),
        reason: phh_names(&e.to_string()),
    };
    let mut built = match (&forced, positions) {
        (None, None) => Hand::new(config, &players, button),
        (Some(f), positions) => {
            Hand::with_forced_bets(config, &players, button, positions, f, Evaluator::new())
        }
        (None, positions) => Hand::with_forced_bets(
            config,
            &players,
            button,
            positions,
            &ForcedBets::default(),
            Evaluator::new(),
        ),
    };
    let hand = match &mut built {
        Ok(hand) => hand,
        // The engine plays live straddles left of the big blind, each at least double
        // the one before (B3); other straddle customs are not played, not illegal.
        Err(e @ HandError::InvalidStraddle { .. }) => {
            return unsupported(format!("straddle: {}", phh_names(&e.to_string())));
        }
        Err(e) => return setup_error(&e),
    };
    if let Err(e) = hand.post_forced_bets(Timestamp(0), &mut Discard) {
        return setup_error(&e);
    }
    then(hand)
}

/// A fold or a check-or-call by `seat`, or the time-out the history marks it as
/// (B16: the engine folds or checks for the player).
#[inline(always)]
fn act_or_time_out(seat: Seat, action: BetAction, timed_out: bool) -> Input {
    if timed_out {
        Input::TimeOut { seat }
    } else {
        Input::act(seat, action)
    }
}

/// Feeds the recorded actions of `h` to `hand` (after its forced bets) and reports.
fn play<A: RecordedAction, W: Watch>(
    hand: &mut Hand,
    h: &ReplayView<'_, A>,
    watch: &mut W,
) -> Outcome {
    let t = Timestamp(0);
    // Shows and mucks wait for the showdown (see the module docs).
    let mut shows: Shows = arrayvec::ArrayVec::new();
    let mut hidden: Option<String> = None;
    // A run of hole-card deals takes the deals after it from the iterator as it
    // goes, looking at the next one in place (no look-ahead held in an `Option`).
    let mut actions = h.actions.iter();
    // The 1-based index of the action last taken from `actions` (reports count
    // actions from 1), worked out only where it is reported or kept, not counted
    // for every action.
    let taken = |actions: &std::slice::Iter<'_, A>| h.actions.len() - actions.len();
    // The action last taken, for a watcher (see [`Watch::after`]).
    let mut last = 0;
    while let Some(action) = actions.next() {
        if W::EACH {
            if last > 0 {
                watch.after(last, hand);
            }
            last = taken(&actions);
        }
        let step = action.action();
        // (Given the iterator, not holding it: a run of hole-card deals takes from it.)
        let illegal = |reason: String, rest: &std::slice::Iter<'_, A>| Outcome::Illegal {
            action: taken(rest),
            text: action.text(h.source, h.unit),
            reason,
        };
        let timed_out = action
            .comment(h.source)
            .is_some_and(|c| c.starts_with("time-out"));
        let input = match *step {
            CompactAction::NoOp => continue,
            CompactAction::ShowMuck { player, shown } => {
                if shows.try_push((taken(&actions), player, shown)).is_err() {
                    return illegal(
                        format!("more than {MAX_HELD_SHOWS} shows are waiting for the showdown"),
                        &actions,
                    );
                }
                if let Some(o) = drain_shows(hand, &mut shows, h, &mut hidden, watch.sink()) {
                    return o;
                }
                continue;
            }
            CompactAction::DealHole { player, cards } => {
                // (Nested, not an `if let` chain: chains need Rust 1.88, the workspace
                // promises 1.87.)
                if !W::EACH && shows.is_empty() && hidden.is_none() {
                    if let Some(seat) = seat_of(player) {
                        let index = taken(&actions);
                        let first = (seat, cards.first_two());
                        // A run of hole-card deals in one engine call: `Hand::deal_hole_cards`
                        // makes the checks and changes of one input each, with one call. (At
                        // most MAX_SEATS deals; a deal to a player with no engine seat, or any
                        // other action, ends the run and is applied after it.)
                        // The first `len` of a fixed array (filled with the first deal): an
                        // `ArrayVec` checked its capacity and stored its length at each push.
                        let mut deals = [first; MAX_SEATS];
                        let mut len = 1;
                        while let Some(slot) = deals.get_mut(len) {
                            let Some(&CompactAction::DealHole { player, cards }) = actions
                                .as_slice()
                                .first()
                                .map(RecordedAction::action)
                                .as_deref()
                            else {
                                break;
                            };
                            let Some(seat) = seat_of(player) else {
                                break;
                            };
                            *slot = (seat, cards.first_two());
                            len += 1;
                            actions.next();
                        }
                        // (`len` is at most MAX_SEATS: the slice is always there.) A run of one
                        // deal is applied as the single input below.
                        if let Some(deals) = deals.get(..len).filter(|d| d.len() > 1) {
                            match hand.deal_hole_cards(t, deals, &mut Discard) {
                                Ok(()) => continue,
                                Err((k, e)) => {
                                    return Outcome::Illegal {
                                        action: index + k,
                                        text: h.action_text(index + k),
                                        reason: phh_names(&e.to_string()),
                                    };
                                }
                            }
                        }
                    }
                }
                let Some(seat) = seat_of(player) else {
                    return illegal("no such seat".into(), &actions);
                };
                Input::Deal(DealerInput::HoleCards {
                    seat,
                    cards: cards.first_two(),
                })
            }
            CompactAction::DealBoard { cards } => match board_input(hand, cards) {
                Ok(input) => input,
                Err(reason) => return illegal(reason, &actions),
            },
            // One arm a kind: the action is known where its input is built (one
            // dispatch on the kind, not a second one for the betting action).
            CompactAction::Fold { player } => match seat_of(player) {
                Some(seat) => act_or_time_out(seat, BetAction::Fold, timed_out),
                None => return illegal("no such seat".into(), &actions),
            },
            CompactAction::CheckCall { player } => match seat_of(player) {
                Some(seat) => act_or_time_out(seat, BetAction::CheckOrCall, timed_out),
                None => return illegal("no such seat".into(), &actions),
            },
            CompactAction::BetRaiseTo { player, amount } => {
                let Some(seat) = seat_of(player) else {
                    return illegal("no such seat".into(), &actions);
                };
                if timed_out {
                    return illegal("a time-out cannot bet or raise (B16)".into(), &actions);
                }
                Input::act(seat, BetAction::BetOrRaiseTo(Chips(amount)))
            }
            CompactAction::OfferRuns { player, runs } => match seat_of(player) {
                Some(seat) => Input::OfferRuns { seat, runs },
                None => return illegal("no such seat".into(), &actions),
            },
            CompactAction::AnswerRuns { player, accept } => match seat_of(player) {
                Some(seat) => Input::AnswerRuns { seat, accept },
                None => return illegal("no such seat".into(), &actions),
            },
        };
        if hidden.is_some() {
            // The showdown cannot be decided; later actions cannot be checked either.
            break;
        }
        // Events matter only for a time-out (what the engine did for the player): the
        // other actions go to a sink that drops them.
        if timed_out {
            let mut sink = AutoSink::default();
            let applied = if W::EACH {
                hand.apply_into(t, input, &mut Both(&mut sink, watch.sink()))
            } else {
                hand.apply_into(t, input, &mut sink)
            };
            if let Err(e) = applied {
                return illegal(phh_names(&e.to_string()), &actions);
            }
            let outcome = sink.outcome;
            let agrees = matches!(
                (*step, outcome),
                (CompactAction::Fold { .. }, Some(AutoOutcome::Folded))
                    | (
                        CompactAction::CheckCall { .. },
                        Some(AutoOutcome::Checked | AutoOutcome::AllInProtected)
                    )
            );
            if !agrees {
                return illegal(
                    format!(
                        "the time-out rule gives {} (B16)",
                        match outcome {
                            Some(AutoOutcome::Folded) => "a fold",
                            Some(AutoOutcome::Checked) => "a check",
                            Some(AutoOutcome::AllInProtected) =>
                                "all-in protection (record it as cc)",
                            None => "nothing",
                        }
                    ),
                    &actions,
                );
            }
        } else if let Err(e) = hand.apply_into(t, input, watch.sink()) {
            return illegal(phh_names(&e.to_string()), &actions);
        }
        if !shows.is_empty() {
            if let Some(o) = drain_shows(hand, &mut shows, h, &mut hidden, watch.sink()) {
                return o;
            }
        }
    }
    if W::EACH && last > 0 {
        watch.after(last, hand);
    }
    if hidden.is_none() {
        if let Some(o) = check_unused_shows(hand, &shows, h) {
            return o;
        }
    }
    finish(hand, h, hidden)
}

/// The most shows and mucks held for the showdown at once.
const MAX_HELD_SHOWS: usize = 4 * MAX_SEATS;

/// Shows and mucks held until the showdown: action index, player, what is shown.
type Shows = arrayvec::ArrayVec<(usize, Player, CompactShown), MAX_HELD_SHOWS>;

/// Shows the engine did not ask for: PHH records the hands an all-in showdown turns
/// face up (the engine shows them itself, B21), and a winner may show after the
/// others fold. Such a show must come from a player still in the hand and match the
/// cards dealt (C1).
fn check_unused_shows<E, A: RecordedAction>(
    hand: &Hand<E>,
    shows: &Shows,
    h: &ReplayView<'_, A>,
) -> Option<Outcome> {
    for (index, player, shown) in shows {
        let (index, player) = (*index, *player);
        let seat = Seat::new(player.0)?;
        let reason = if hand.status(seat) == SeatStatus::Folded {
            format!("{player} folded: a dead hand has nothing to show (B21)")
        } else if let CompactShown::Cards(c) = shown {
            let shown_cards = c.first_two();
            let dealt = hand.hole_cards(seat);
            let clash = shown_cards
                .iter()
                .zip(dealt)
                .any(|(s, d)| matches!((s, d), (Some(s), Some(d)) if *s != d));
            let same_set = matches!(
                (shown_cards, dealt),
                ([Some(a), Some(b)], [Some(c), Some(d)]) if (a, b) == (d, c)
            );
            if clash && !same_set {
                format!(
                    "{player} shows {c} but was dealt {}{} (C1)",
                    dealt[0].map_or("??".into(), |x| x.to_string()),
                    dealt[1].map_or("??".into(), |x| x.to_string())
                )
            } else {
                continue;
            }
        } else {
            continue;
        };
        return Some(Outcome::Illegal {
            action: index,
            text: h.action_text(index),
            reason,
        });
    }
    None
}

/// The dealer input for recorded board cards: the street the engine waits for.
/// (Always inlined: out of line, which `#[inline]` alone left it, the `Result`
/// comes back through memory.)
#[inline(always)]
fn board_input<E>(hand: &Hand<E>, cards: CompactCards) -> Result<Input, String> {
    let street = match hand.pending() {
        Pending::Board { street } => street,
        _ => match (cards.len(), hand.board().len()) {
            (3, _) => Street::Flop,
            (_, 3) => Street::Turn,
            _ => Street::River,
        },
    };
    let need = if street == Street::Flop { 3 } else { 1 };
    if cards.len() != need {
        return Err(format!(
            "the {street:?} is {need} card(s), {} recorded (C4)",
            cards.len()
        )
        .to_lowercase());
    }
    // (The length is checked: these are the recorded cards.)
    let [first, second, third] = cards.first_three();
    Ok(Input::Deal(match street {
        Street::Flop => DealerInput::Flop([first, second, third]),
        Street::Turn => DealerInput::Turn(first),
        _ => DealerInput::River(first),
    }))
}

/// Applies held shows while the engine waits for a seat that has one.
/// Whether `short`, missing from what a player collected (`collected`), can be a
/// rake: at most a tenth of it (H4; house rakes are a few per cent, capped).
fn rake_shaped(short: u64, collected: u64) -> bool {
    short <= collected / 10
}

/// Whether a show reveals fewer than two cards (`sm ????`).
fn hides_cards(shown: &CompactShown) -> bool {
    match shown {
        CompactShown::Cards(c) => !matches!(c.first_two(), [Some(_), Some(_)]),
        CompactShown::Muck | CompactShown::AsDealt => false,
    }
}

fn drain_shows<E: holdem_eval::HandEvaluator + Clone, A: RecordedAction, S: EventSink>(
    hand: &mut Hand<E>,
    shows: &mut Shows,
    h: &ReplayView<'_, A>,
    hidden: &mut Option<String>,
    sink: &mut S,
) -> Option<Outcome> {
    while let Pending::Showdown { seat } = hand.pending() {
        let mine = |p: &Player| usize::from(p.0) == seat.as_usize();
        // A record may write `sm ????` street after street and the cards once they
        // are known (H4): a show with the cards wins over those that hide them,
        // which are then dropped.
        let pos = shows
            .iter()
            .position(|(_, p, s)| mine(p) && !hides_cards(s))
            .or_else(|| shows.iter().position(|(_, p, _)| mine(p)))?;
        let (index, player, shown) = shows.remove(pos);
        if !hides_cards(&shown) {
            shows.retain(|(_, p, s)| !(mine(p) && hides_cards(s)));
        }
        let input = match shown {
            CompactShown::Muck => Input::Muck { seat },
            CompactShown::AsDealt => Input::Show { seat, cards: None },
            CompactShown::Cards(c) => match c.first_two() {
                [Some(a), Some(b)] => Input::Show {
                    seat,
                    cards: Some([a, b]),
                },
                // `sm ????` by a player whose cards were dealt face up in the
                // record: the show reveals what the deal recorded (H4).
                _ if matches!(hand.hole_cards(seat), [Some(_), Some(_)]) => {
                    Input::Show { seat, cards: None }
                }
                _ => {
                    *hidden = Some(format!("{player} does not reveal their cards at showdown"));
                    return None;
                }
            },
        };
        if let Err(e) = hand.apply_into(Timestamp(0), input, sink) {
            let text = h.action_text(index);
            return Some(Outcome::Illegal {
                action: index,
                text,
                reason: phh_names(&e.to_string()),
            });
        }
    }
    None
}

fn finish<E, A>(hand: &Hand<E>, h: &ReplayView<'_, A>, hidden: Option<String>) -> Outcome {
    let n = h.player_count();
    let seats = (0..n.min(MAX_SEATS)).filter_map(|i| Seat::new(i as u8));
    // An unknown starting stack (H4) stays unknown after the hand.
    let known = |i: usize, stack: u64| {
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            UNKNOWN_STACK
        } else {
            stack
        }
    };
    let Some(result) = hand.result() else {
        let stacks: Amounts = seats
            .map(|s| known(s.as_usize(), hand.stack(s).get()))
            .collect();
        let note = hidden.unwrap_or_else(|| {
            format!(
                "the history ends while the hand waits for {}",
                hand.pending()
            )
        });
        return Outcome::Ok {
            settled: false,
            stacks_after_rake: stacks.clone(),
            stacks,
            rake: 0,
            pots: Amounts::new(),
            note: Some(phh_names(&note)),
        };
    };
    // Filled by hand: `collect` into an `ArrayVec` is an out-of-line loop with a
    // capacity check per item.
    let mut stacks = Amounts::new();
    for seat in seats {
        // Cannot fail: at most MAX_SEATS seats.
        let _ = stacks.try_push(known(seat.as_usize(), result.final_stack(seat).get()));
    }
    let mut pots = Amounts::new();
    for pot in result.pots().iter().take(MAX_SEATS) {
        // Cannot fail: at most MAX_SEATS pots are taken.
        let _ = pots.try_push(pot.amount.get());
    }
    let mut note = None;
    // H4: the rake the engine applied is already out of `stacks`; a rake recorded
    // as taken or inferred from finishing stacks is not, and `stacks_after_rake`
    // takes it out.
    let mut rake = result.rake().get();
    let mut stacks_after_rake = stacks.clone();
    let taken = match rake_taken(h) {
        Ok(taken) => taken,
        Err(reason) => return Outcome::Unsupported { reason },
    };
    if let (Some(expected), Some(taken)) = (h.finishing_stacks, taken) {
        // A recorded rake (H4): the gap is exactly that rake, from winners.
        match taken_gap(h, result, expected, &stacks) {
            Some((gap, complete)) if gap == taken || (!complete && gap <= taken) => {
                note = Some(format!("rake {} recorded", h.unit.format(taken)));
                rake = rake.saturating_add(taken);
                recorded_after_rake(h, expected, &mut stacks_after_rake);
            }
            _ => {
                return Outcome::Mismatch {
                    reason: format!(
                        "rake {} recorded, but finishing_stacks [{}] differ from the replay's \
                         [{}] by more than that rake taken from winners",
                        h.unit.format(taken),
                        show_amounts(h.unit, expected),
                        show_amounts(h.unit, &stacks)
                    ),
                };
            }
        }
    } else if let Some(expected) = h.finishing_stacks {
        if expected[..] != stacks[..] {
            match rake_gap(h, result, expected, &stacks) {
                Some(0) => {}
                Some(inferred) => {
                    note = Some(format!(
                        "rake {} inferred from finishing_stacks",
                        h.unit.format(inferred)
                    ));
                    rake = rake.saturating_add(inferred);
                    recorded_after_rake(h, expected, &mut stacks_after_rake);
                }
                None => {
                    return Outcome::Mismatch {
                        reason: format!(
                            "finishing_stacks [{}], replay gives [{}]",
                            show_amounts(h.unit, expected),
                            show_amounts(h.unit, &stacks)
                        ),
                    };
                }
            }
        }
    }
    if let (None, Some(taken)) = (h.finishing_stacks, taken) {
        // A rake recorded as taken, with no finishing stacks to say from whom: from
        // the winners (H4), each giving at most what they collected.
        rake = rake.saturating_add(taken);
        take_from_winners(h, result, taken, &mut stacks_after_rake);
    }
    Outcome::Ok {
        settled: true,
        stacks,
        stacks_after_rake,
        rake,
        pots,
        note: note.or_else(|| winnings_note(h, result)),
    }
}

/// Each known player's recorded finishing stack, which is after the rake (H4);
/// a player whose starting stack is unknown keeps [`UNKNOWN_STACK`].
fn recorded_after_rake<A>(h: &ReplayView<'_, A>, expected: &[u64], stacks: &mut Amounts) {
    for (i, (stack, &recorded)) in stacks.iter_mut().zip(expected).enumerate() {
        if h.starting_stacks.get(i) != Some(&UNKNOWN_STACK) {
            *stack = recorded;
        }
    }
}

/// Takes a recorded rake out of the winners' stacks when the history does not
/// record finishing stacks: from the player who collected most first (a single
/// winner's pot, the usual case, is exact), each giving at most what they
/// collected from the pots.
fn take_from_winners<A>(
    h: &ReplayView<'_, A>,
    result: &holdem_betting::HandResult,
    taken: u64,
    stacks: &mut Amounts,
) {
    let mut collected: [(u64, usize); MAX_SEATS] = [(0, 0); MAX_SEATS];
    for (i, slot) in collected.iter_mut().enumerate().take(stacks.len()) {
        let won = Seat::new(i as u8).map_or(0, |seat| {
            result.pots().iter().map(|p| p.share_of(seat).get()).sum()
        });
        *slot = (won, i);
    }
    // Most collected first; among equals, the lower seat first.
    collected.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut left = taken;
    for (won, i) in collected {
        if left == 0 {
            break;
        }
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            continue;
        }
        let part = won.min(left);
        if let Some(stack) = stacks.get_mut(i) {
            *stack = stack.saturating_sub(part);
            left -= part;
        }
    }
}

/// Amounts as the history writes them, for reports.
fn show_amounts(unit: Unit, v: &[u64]) -> String {
    v.iter()
        .map(|&a| unit.format(a))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rake the history records as taken ([`RAKE_TAKEN_FIELD`]), in the hand's
/// unit, unless the history also records a rake policy (which the engine applies).
fn rake_taken<A>(h: &ReplayView<'_, A>) -> Result<Option<u64>, String> {
    let Some(text) = h.rake_taken.filter(|_| h.rake.is_none()) else {
        return Ok(None);
    };
    let bad = |why: &str| format!("{RAKE_TAKEN_FIELD} = {}: {why}", text.trim());
    let d = Decimal::parse(text.trim()).map_err(|e| bad(&e.to_string()))?;
    d.scaled(h.unit.decimals)
        .map(Some)
        .ok_or_else(|| bad("not a whole number of the hand's unit"))
}

/// The gap between the replayed and the recorded finishing stacks, when every
/// player's recorded stack is at most the replayed one and each shortfall is at
/// most what that player collected (a rake comes from winners): the total, and
/// whether every player was compared (players with an unknown starting stack are
/// not).
fn taken_gap<A>(
    h: &ReplayView<'_, A>,
    result: &holdem_betting::HandResult,
    expected: &[u64],
    stacks: &[u64],
) -> Option<(u64, bool)> {
    if expected.len() != stacks.len() {
        return None;
    }
    let (mut total, mut complete) = (0u64, true);
    for (i, (&want, &got)) in expected.iter().zip(stacks).enumerate() {
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            complete = false;
            continue;
        }
        let short = got.checked_sub(want)?;
        if short > 0 {
            let seat = Seat::new(i as u8)?;
            let collected: u64 = result.pots().iter().map(|p| p.share_of(seat).get()).sum();
            if short > collected {
                return None;
            }
        }
        total = total.checked_add(short)?;
    }
    Some((total, complete))
}

/// The rake a gap between the recorded finishing stacks and the replayed ones
/// stands for, if it is rake-shaped (H4): no recorded stack above the replayed
/// one, every shortfall taken from what that player collected from the pots (at
/// most a tenth of it, [`rake_shaped`]), and
/// the total of the shortfalls is the rake (zero when only players whose starting
/// stack is unknown differ: they are not compared). `None`: any other gap, or a
/// history that records its rake ([`RAKE_FIELD`]), which the engine applied.
fn rake_gap<A>(
    h: &ReplayView<'_, A>,
    result: &holdem_betting::HandResult,
    expected: &[u64],
    stacks: &[u64],
) -> Option<u64> {
    // A recorded rake is applied by the engine: nothing is left to infer.
    if expected.len() != stacks.len() || h.rake.is_some() {
        return None;
    }
    let mut total = 0u64;
    for (i, (&want, &got)) in expected.iter().zip(stacks).enumerate() {
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            continue;
        }
        if want == got {
            continue;
        }
        let short = got.checked_sub(want)?;
        let seat = Seat::new(i as u8)?;
        let collected: u64 = result.pots().iter().map(|p| p.share_of(seat).get()).sum();
        if !rake_shaped(short, collected) {
            return None;
        }
        total = total.checked_add(short)?;
    }
    Some(total)
}

/// `winnings` are the pots collected after rake (PHH spec): never an error, but a
/// difference from the replay's is worth a remark (usually a rake the history does
/// not record).
fn winnings_note<A>(h: &ReplayView<'_, A>, result: &holdem_betting::HandResult) -> Option<String> {
    let recorded = h.winnings?;
    // All zero: the record does not say who won (some sites write zeros when
    // nobody shows; a settled hand always pays someone).
    if recorded.iter().all(|&w| w == 0) {
        return None;
    }
    let n = h.player_count().min(MAX_SEATS);
    let mut won = Amounts::new();
    for i in 0..n {
        let seat = Seat::new(i as u8)?;
        won.push(result.pots().iter().map(|p| p.share_of(seat).get()).sum());
    }
    if recorded[..] == won[..] {
        return None;
    }
    let show = |v: &[u64]| {
        v.iter()
            .map(|&a| h.unit.format(a))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Recorded winnings come from the file: their sum may pass u64 (saturating keeps
    // `r < w` exact, as the pots won never do).
    let total = |v: &[u64]| v.iter().fold(0u64, |s, &a| s.saturating_add(a));
    let (r, w) = (total(recorded), total(&won));
    if h.rake.is_none()
        && recorded.len() == won.len()
        && recorded.iter().zip(&won).all(|(&r, &w)| {
            r == w || (r > 0 && w.checked_sub(r).is_some_and(|d| rake_shaped(d, w)))
        })
    {
        // Each winner recorded what it collected less a part: a rake (H4).
        return Some(format!(
            "rake {} inferred from winnings",
            h.unit.format(w.saturating_sub(r))
        ));
    }
    let why = if r < w {
        format!(
            ": {} less in all, a rake the history does not record?",
            h.unit.format(w - r)
        )
    } else {
        String::new()
    };
    Some(format!(
        "winnings [{}] differ from the pots won [{}]{why}",
        show(recorded),
        show(&won)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_seats_become_phh_players() {
        assert_eq!(
            phh_names("raise to 250 by seat 2 is below"),
            "raise to 250 by p3 is below"
        );
        assert_eq!(
            phh_names("seat 0 acted out of turn: seat 9 is to act"),
            "p1 acted out of turn: p10 is to act"
        );
        assert_eq!(phh_names("no seat here"), "no seat here");
    }
}
