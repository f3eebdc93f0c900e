//! Entry decisions: registration and late registration (T2), unregistration and
//! re-entry (T3), rebuys and add-ons (T4). Each is a pure check from the options,
//! the clock and the player's record to a grant or a [`MoneyError`].
//!
//! Option structs are plain data; their config keys are the field names in
//! kebab-case (`docked-big-blinds`, `chip-threshold`...).

use serde::{Deserialize, Serialize};

use super::{Cents, Chips, MoneyError, PlayerId};

/// Milliseconds in a minute of clock time.
const MINUTE_MS: u64 = 60_000;

/// What one entry, rebuy or add-on costs, split by where the money goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Price {
    /// Goes to the prize pool (`prize-pool`).
    pub prize_pool: Cents,
    /// The house fee (`fee`).
    pub fee: Cents,
    /// Goes to the knockout bounty on the buyer's head (`bounty`), 0 if none.
    pub bounty: Cents,
}

impl Price {
    /// The whole price; `None` on overflow.
    pub fn total(&self) -> Option<Cents> {
        self.prize_pool
            .checked_add(self.fee)?
            .checked_add(self.bounty)
    }
}

/// A period measured from the scheduled start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Window {
    /// Open for this many minutes of clock time after the scheduled start, not
    /// play time (000 1.9: start 09:00 with 90 minutes closes at 10:30).
    ClockMinutes(u32),
    /// Open through the end of this level (0-based: level 0 is the first level,
    /// level `k` starts with the `k`-th blind increase). Seed 002's "until the end
    /// of the second blind increase" is `ThroughLevel(2)`.
    ThroughLevel(u32),
}

impl Window {
    /// Whether the period is still open at `clock`.
    pub fn is_open(self, clock: &EntryClock) -> bool {
        match self {
            Window::ClockMinutes(m) => clock.now_ms < window_end(clock.start_ms, m),
            Window::ThroughLevel(last) => clock.level_index <= last,
        }
    }
}

/// When a clock-time window closes; `None` for a window by level.
pub fn window_closes_at(window: Window, start_ms: u64) -> Option<u64> {
    match window {
        Window::ClockMinutes(m) => Some(window_end(start_ms, m)),
        Window::ThroughLevel(_) => None,
    }
}

fn window_end(start_ms: u64, minutes: u32) -> u64 {
    start_ms.saturating_add(u64::from(minutes).saturating_mul(MINUTE_MS))
}

/// Late registration (rule T2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default)]
pub struct LateRegistration {
    /// How long after the start entries are still taken (`window`); `None`: not
    /// after the start.
    pub window: Option<Window>,
    /// Close early once payouts have begun (`close-in-the-money`, 000 1.9).
    pub close_in_the_money: bool,
    /// Big blinds of the current level docked from a late entrant's starting stack
    /// (`docked-big-blinds`; seed 002: 10).
    pub docked_big_blinds: u32,
    /// The most chips a late entrant may start with (`max-late-stack`; seed 002
    /// allows entry after the break at the director's discretion with at most 1,500).
    pub max_late_stack: Option<Chips>,
}

impl Default for LateRegistration {
    /// Seed 000: no window configured, closes once payouts begin, nothing docked.
    fn default() -> Self {
        Self {
            window: None,
            close_in_the_money: true,
            docked_big_blinds: 0,
            max_late_stack: None,
        }
    }
}

impl LateRegistration {
    /// Seed 002's house rule: entry until the end of the second blind increase,
    /// ten big blinds docked.
    pub fn live_house_rule() -> Self {
        Self {
            window: Some(Window::ThroughLevel(2)),
            close_in_the_money: true,
            docked_big_blinds: 10,
            max_late_stack: None,
        }
    }
}

/// Unregistration (rule T3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default)]
pub struct Unregistration {
    /// When unregistration closes, in minutes relative to the scheduled start
    /// (`closes-minutes-after-start`; negative: before the start); `None`: the
    /// event allows no unregistration.
    pub closes_minutes_after_start: Option<i64>,
}

/// Rebuys (rule T4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct RebuyOptions {
    /// The rebuy period (`period`).
    pub period: Window,
    /// A player may rebuy only with this many chips or fewer (`chip-threshold`).
    pub chip_threshold: Chips,
    /// Chips a rebuy adds (`chips`).
    pub chips: Chips,
    /// What a rebuy costs (`price`).
    pub price: Price,
    /// The most rebuys per player (`max-rebuys`); `None`: unlimited.
    #[serde(default)]
    pub max_rebuys: Option<u32>,
}

/// When an add-on may be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum AddOnWindow {
    /// Only during the add-on break at the end of the rebuy period (000 3.1.1).
    AddOnBreak,
    /// At any time in this period.
    Period(Window),
}

/// Add-ons (rule T4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AddOnOptions {
    /// When (`window`).
    pub window: AddOnWindow,
    /// Chips an add-on adds (`chips`).
    pub chips: Chips,
    /// What it costs (`price`).
    pub price: Price,
    /// The most add-ons per player (`max-add-ons`, usually 1).
    pub max_add_ons: u32,
    /// Length of the add-on break the clock schedules at the end of the rebuy
    /// period (`add-on-break-minutes`; seed 000: usually 3). Data for the clock.
    pub add_on_break_minutes: u32,
}

/// Everything about getting into an event and buying chips outside a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct EntryOptions {
    /// Chips every entrant starts with (`starting-stack`, T1).
    pub starting_stack: Chips,
    /// The price of an entry or re-entry (`price`).
    pub price: Price,
    /// Late registration (`late-registration`).
    #[serde(default)]
    pub late_registration: LateRegistration,
    /// Unregistration (`unregistration`).
    #[serde(default)]
    pub unregistration: Unregistration,
    /// Re-entry after busting is allowed (`re-entry`, 000 1.9).
    #[serde(default)]
    pub re_entry: bool,
    /// The most entries per player, the first included (`max-entries`); `None`:
    /// unlimited when re-entry is allowed.
    #[serde(default)]
    pub max_entries: Option<u32>,
    /// Rebuys (`rebuy`); `None`: no rebuys.
    #[serde(default)]
    pub rebuy: Option<RebuyOptions>,
    /// Add-ons (`add-on`); `None`: no add-ons.
    #[serde(default)]
    pub add_on: Option<AddOnOptions>,
}

/// The tournament's clock as the entry checks need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EntryClock {
    /// Scheduled start, ms of clock time.
    pub start_ms: u64,
    /// Now, ms of clock time.
    pub now_ms: u64,
    /// Current level, 0-based.
    pub level_index: u32,
    /// The big blind currently in play.
    pub big_blind: Chips,
    /// Payouts have begun (the field reached the money).
    pub payouts_started: bool,
    /// The add-on break is on.
    pub on_add_on_break: bool,
}

/// A player's record of entries and purchases in this event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerEntries {
    /// Who.
    pub player: PlayerId,
    /// Entries so far, the first included (0: never entered).
    pub entries: u32,
    /// The player is entered and has not busted.
    pub still_playing: bool,
    /// Rebuys so far.
    pub rebuys: u32,
    /// Add-ons so far.
    pub add_ons: u32,
}

impl PlayerEntries {
    /// A player who never entered.
    pub fn new(player: PlayerId) -> Self {
        Self {
            player,
            entries: 0,
            still_playing: false,
            rebuys: 0,
            add_ons: 0,
        }
    }
}

/// An accepted entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LateEntry {
    /// The stack the entrant starts with.
    pub stack: Chips,
    /// Chips docked from the starting stack (T2 house rule).
    pub docked: Chips,
    /// The entry came after the start.
    pub late: bool,
    /// What the entry costs.
    pub price: Price,
}

/// An accepted rebuy or add-on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChipPurchase {
    /// Chips to add to the player's stack.
    pub chips: Chips,
    /// What it costs.
    pub price: Price,
}

/// When a clock-time late registration window closes (T2), for the clock's
/// next deadline; `None` when the window is by level or there is none. Payouts
/// beginning may close it earlier.
pub fn late_registration_closes_at(opts: &LateRegistration, start_ms: u64) -> Option<u64> {
    match opts.window {
        Some(Window::ClockMinutes(m)) => Some(window_end(start_ms, m)),
        _ => None,
    }
}

/// May this player enter now, and with what stack (rules T2, T3)?
///
/// Before the scheduled start any player who is not already in may enter with the
/// full stack. After it, late registration must be open: inside its window and,
/// if so configured, before payouts begin; a late entrant is docked
/// `docked_big_blinds` of the current big blind and capped at `max_late_stack`.
/// A player who entered before may enter again only after busting, only where
/// re-entry is allowed, and within `max_entries`.
pub fn check_entry(
    opts: &EntryOptions,
    clock: &EntryClock,
    player: &PlayerEntries,
) -> Result<LateEntry, MoneyError> {
    if player.still_playing {
        return Err(MoneyError::StillPlaying(player.player));
    }
    if player.entries > 0 {
        if !opts.re_entry {
            return Err(MoneyError::ReEntryNotAllowed(player.player));
        }
        if let Some(max) = opts.max_entries {
            if player.entries >= max {
                return Err(MoneyError::MaxEntriesReached {
                    player: player.player,
                    max,
                });
            }
        }
    }
    if clock.now_ms < clock.start_ms {
        return Ok(LateEntry {
            stack: opts.starting_stack,
            docked: Chips::ZERO,
            late: false,
            price: opts.price,
        });
    }
    let late = &opts.late_registration;
    let window = late.window.ok_or(MoneyError::NoLateRegistration)?;
    // T2: "late registration will close early if enough players are eliminated to
    // begin payouts".
    if late.close_in_the_money && clock.payouts_started {
        return Err(MoneyError::LateRegistrationClosedInTheMoney);
    }
    if !window.is_open(clock) {
        return Err(match window {
            Window::ClockMinutes(m) => MoneyError::LateRegistrationOver {
                closed_at_ms: window_end(clock.start_ms, m),
            },
            Window::ThroughLevel(last_level) => MoneyError::LateRegistrationOverByLevel {
                last_level,
                level_index: clock.level_index,
            },
        });
    }
    // Seed 002: "docked 10 times the amount of the big blind currently in play".
    let docked = u64::from(late.docked_big_blinds)
        .checked_mul(clock.big_blind.get())
        .map(Chips)
        .ok_or(MoneyError::Overflow)?;
    if docked >= opts.starting_stack {
        return Err(MoneyError::LateStackExhausted {
            starting_stack: opts.starting_stack,
            docked,
        });
    }
    let mut stack = (opts.starting_stack - docked)?;
    if let Some(cap) = late.max_late_stack {
        stack = stack.min(cap);
    }
    Ok(LateEntry {
        stack,
        docked: (opts.starting_stack - stack)?,
        late: true,
        price: opts.price,
    })
}

/// May a registered player unregister now (rule T3)? `Ok` means yes, with a full
/// refund of the entry in the form it was paid (see [`Purchase`](super::Purchase)).
pub fn check_unregister(opts: &EntryOptions, clock: &EntryClock) -> Result<(), MoneyError> {
    let minutes = opts
        .unregistration
        .closes_minutes_after_start
        .ok_or(MoneyError::UnregistrationNotAllowed)?;
    let offset = minutes.unsigned_abs().saturating_mul(MINUTE_MS);
    let closes = if minutes < 0 {
        clock.start_ms.saturating_sub(offset)
    } else {
        clock.start_ms.saturating_add(offset)
    };
    if clock.now_ms >= closes {
        return Err(MoneyError::UnregistrationClosed {
            closed_at_ms: closes,
        });
    }
    Ok(())
}

/// May this player rebuy now (rule T4)? Only in the rebuy period, only at or below
/// the chip threshold, within the rebuy limit, and only with enough available
/// funds (000 1.8: money in play elsewhere or in another currency does not count;
/// the caller passes what is available).
pub fn check_rebuy(
    opts: &EntryOptions,
    clock: &EntryClock,
    player: &PlayerEntries,
    stack: Chips,
    available_funds: Cents,
) -> Result<ChipPurchase, MoneyError> {
    let rebuy = opts.rebuy.as_ref().ok_or(MoneyError::NoRebuys)?;
    if player.entries == 0 {
        return Err(MoneyError::UnknownPlayer(player.player));
    }
    if clock.now_ms < clock.start_ms || !rebuy.period.is_open(clock) {
        return Err(MoneyError::RebuyPeriodOver);
    }
    if stack > rebuy.chip_threshold {
        return Err(MoneyError::RebuyAboveThreshold {
            stack,
            threshold: rebuy.chip_threshold,
        });
    }
    if let Some(max) = rebuy.max_rebuys {
        if player.rebuys >= max {
            return Err(MoneyError::MaxRebuysReached {
                player: player.player,
                max,
            });
        }
    }
    let needed = rebuy.price.total().ok_or(MoneyError::Overflow)?;
    if available_funds < needed {
        return Err(MoneyError::InsufficientFunds {
            needed,
            available: available_funds,
        });
    }
    stack.checked_add(rebuy.chips).ok_or(MoneyError::Overflow)?;
    Ok(ChipPurchase {
        chips: rebuy.chips,
        price: rebuy.price,
    })
}

/// May this player take an add-on now (rule T4)? Only in the add-on window (the
/// add-on break by default), within the add-on limit, with enough funds.
pub fn check_add_on(
    opts: &EntryOptions,
    clock: &EntryClock,
    player: &PlayerEntries,
    available_funds: Cents,
) -> Result<ChipPurchase, MoneyError> {
    let add_on = opts.add_on.as_ref().ok_or(MoneyError::AddOnNotAvailable)?;
    if player.entries == 0 || !player.still_playing {
        return Err(MoneyError::UnknownPlayer(player.player));
    }
    let open = match add_on.window {
        AddOnWindow::AddOnBreak => clock.on_add_on_break,
        AddOnWindow::Period(w) => clock.now_ms >= clock.start_ms && w.is_open(clock),
    };
    if !open {
        return Err(MoneyError::AddOnNotAvailable);
    }
    if player.add_ons >= add_on.max_add_ons {
        return Err(MoneyError::MaxAddOnsReached {
            player: player.player,
            max: add_on.max_add_ons,
        });
    }
    let needed = add_on.price.total().ok_or(MoneyError::Overflow)?;
    if available_funds < needed {
        return Err(MoneyError::InsufficientFunds {
            needed,
            available: available_funds,
        });
    }
    Ok(ChipPurchase {
        chips: add_on.chips,
        price: add_on.price,
    })
}
