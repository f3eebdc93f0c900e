//! Writing PHH: action text, the checks of what PHH can record, whole hands and
//! `.phhs` files.

use std::fmt::Write as _;

use super::HOUSE_FIELD;
use crate::model::{Action, ActionKind, HandHistory, Shown, Stakes};
use crate::money::{Money, Unit};

// ---------------------------------------------------------------- export

/// The PHH notation of one action, amounts in `unit`.
pub fn action_text(action: &Action, unit: Unit) -> String {
    action_text_of(&action.kind, action.comment.as_deref(), unit)
}

/// The PHH notation of an action given by its parts, amounts in `unit`.
pub fn action_text_of(kind: &ActionKind, comment: Option<&str>, unit: Unit) -> String {
    let mut s = match kind {
        ActionKind::DealHole { player, cards } => format!("d dh {player} {cards}"),
        ActionKind::DealBoard { cards } => format!("d db {cards}"),
        ActionKind::Fold { player } => format!("{player} f"),
        ActionKind::CheckCall { player } => format!("{player} cc"),
        ActionKind::BetRaiseTo { player, amount } => {
            format!("{player} cbr {}", Money(*amount, unit))
        }
        ActionKind::ShowMuck {
            player,
            shown: Shown::Muck,
        } => format!("{player} sm"),
        ActionKind::ShowMuck {
            player,
            shown: Shown::AsDealt,
        } => format!("{player} sm -"),
        ActionKind::ShowMuck {
            player,
            shown: Shown::Cards(c),
        } => format!("{player} sm {c}"),
        ActionKind::NoOp => String::new(),
        // Not PHH (it has no notation for them, see `PhhWriteError`): the words
        // reports use.
        ActionKind::OfferRuns { player, runs } => format!("{player} offers {runs} runs"),
        ActionKind::AnswerRuns {
            player,
            accept: true,
        } => format!("{player} accepts the runs"),
        ActionKind::AnswerRuns {
            player,
            accept: false,
        } => format!("{player} refuses the runs"),
    };
    if let Some(c) = comment {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str("# ");
        s.push_str(c);
    }
    s
}

/// A TOML basic string of `s` (every control character escaped).
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(super) fn key(k: &str) -> String {
    if !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        k.to_string()
    } else {
        quote(k)
    }
}

fn money_list(v: &[u64], unit: Unit) -> String {
    let items: Vec<String> = v.iter().map(|&a| unit.format(a)).collect();
    format!("[{}]", items.join(", "))
}

/// Why a hand cannot be written as PHH: the specification (v0.0.2) has no field
/// or action notation for it, and pokerkit, its reference reader, would replay the
/// text as an ordinary hand with another result. The native formats record all of
/// these.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PhhWriteError {
    /// An offer to run the board more than once, an answer to one, or a board run
    /// more than once (B26): PHH's actions are one board's deals (`d db`) and
    /// player actions; pokerkit always runs the board once when it reads PHH.
    #[error(
        "action {action}: PHH has no notation for an offer to run the board more than \
         once or its answers, nor for a second board (B26)"
    )]
    BoardRuns {
        /// 1-based position of the first such action.
        action: usize,
    },
    /// A table that runs the board more than once (B26): PHH has no field for it.
    #[error("PHH has no field for a table that runs the board more than once (B26)")]
    RunsAllowed,
    /// The fixed-limit half-bet rule switched off (B25): PHH has no field for it.
    #[error("PHH has no field for the fixed-limit half-bet rule switched off (B25)")]
    HalfBetRuleOff,
    /// A bomb pot (B27): PHH's antes and blinds cannot say that every player
    /// posts the amount and that there is no pre-flop betting.
    #[error("PHH has no field for a bomb pot (B27): no pre-flop betting after a post by all")]
    BombPot,
    /// Mixed limits by street (B28): PHH's `variant` is one structure for the
    /// whole hand.
    #[error("PHH has no field for mixed limits by street (B28): its variant is one structure")]
    MixedLimits,
    /// A site's order of a split pot's odd chips (P3): a PHH reader gives them
    /// from the left of the button.
    #[error("PHH has no field for an odd-chip order other than from the button's left (P3)")]
    OddChipOrder,
    /// The hand's recorded house rules ([`HOUSE_FIELD`]) are not valid.
    #[error("{HOUSE_FIELD}: {0}")]
    HouseField(super::InlineTableError),
}

/// Whether PHH can record `h`: `Err` names what it cannot (see [`PhhWriteError`]).
///
/// # Errors
/// The first thing of the hand PHH cannot record.
pub fn phh_recordable(h: &HandHistory) -> Result<(), PhhWriteError> {
    let rules = h.table_rules().map_err(PhhWriteError::HouseField)?;
    if !rules.half_bet_rule {
        return Err(PhhWriteError::HalfBetRuleOff);
    }
    if rules.bomb_pot > 0 {
        return Err(PhhWriteError::BombPot);
    }
    if rules.max_board_runs > 1 {
        return Err(PhhWriteError::RunsAllowed);
    }
    if rules.streets.is_some() {
        return Err(PhhWriteError::MixedLimits);
    }
    if rules.odd_chips != crate::OddChips::LeftOfButton {
        return Err(PhhWriteError::OddChipOrder);
    }
    if let Some(i) = h.actions.iter().position(|a| {
        matches!(
            a.kind,
            ActionKind::OfferRuns { .. } | ActionKind::AnswerRuns { .. }
        )
    }) {
        return Err(PhhWriteError::BoardRuns { action: i + 1 });
    }
    Ok(())
}

/// Writes one hand as a PHH document (the body of a `.phh` file).
///
/// # Errors
/// PHH cannot record the hand ([`phh_recordable`]): nothing is written.
pub fn write_phh(h: &HandHistory) -> Result<String, PhhWriteError> {
    phh_recordable(h)?;
    let u = h.unit;
    let mut out = String::with_capacity(512);
    let _ = writeln!(out, "variant = {}", quote(h.variant.code()));
    if let Some(b) = h.meta.ante_trimming_status {
        let _ = writeln!(out, "ante_trimming_status = {b}");
    }
    let _ = writeln!(out, "antes = {}", money_list(&h.antes, u));
    let _ = writeln!(
        out,
        "blinds_or_straddles = {}",
        money_list(&h.blinds_or_straddles, u)
    );
    match h.stakes {
        Stakes::MinBet(m) => {
            let _ = writeln!(out, "min_bet = {}", u.format(m));
        }
        Stakes::Limit { small_bet, big_bet } => {
            let _ = writeln!(out, "small_bet = {}", u.format(small_bet));
            let _ = writeln!(out, "big_bet = {}", u.format(big_bet));
        }
    }
    let _ = writeln!(
        out,
        "starting_stacks = {}",
        money_list(&h.starting_stacks, u)
    );
    out.push_str("actions = [\n");
    for a in &h.actions {
        let _ = writeln!(out, "  {},", quote(&action_text(a, u)));
    }
    out.push_str("]\n");
    if let Some(v) = &h.finishing_stacks {
        let _ = writeln!(out, "finishing_stacks = {}", money_list(v, u));
    }
    if let Some(v) = &h.winnings {
        let _ = writeln!(out, "winnings = {}", money_list(v, u));
    }
    let m = &h.meta;
    for (k, v) in &m.text {
        let _ = writeln!(out, "{} = {}", key(k), quote(v));
    }
    if let Some(t) = &m.time {
        let _ = writeln!(out, "time = {t}");
    }
    for (k, v) in [
        ("day", m.day),
        ("month", m.month),
        ("level", m.level),
        ("seat_count", m.seat_count),
    ] {
        if let Some(v) = v {
            let _ = writeln!(out, "{k} = {v}");
        }
    }
    if let Some(y) = m.year {
        let _ = writeln!(out, "year = {y}");
    }
    if let Some(v) = &m.hand {
        let _ = writeln!(out, "hand = {v}");
    }
    if let Some(v) = &m.table {
        let _ = writeln!(out, "table = {v}");
    }
    if let Some(seats) = &m.seats {
        let s: Vec<String> = seats.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "seats = [{}]", s.join(", "));
    }
    if let Some(p) = &m.players {
        let s: Vec<String> = p.iter().map(|n| quote(n)).collect();
        let _ = writeln!(out, "players = [{}]", s.join(", "));
    }
    if let Some(c) = &m.currency {
        let _ = writeln!(out, "currency = {}", quote(c));
    }
    if let Some(c) = &m.currency_symbol {
        let _ = writeln!(out, "currency_symbol = {}", quote(c));
    }
    for e in &m.extra {
        let _ = writeln!(out, "{} = {}", key(&e.key), e.toml);
    }
    Ok(out)
}

/// Writes hands as a `.phhs` document: `[1]`, `[2]`... tables.
///
/// # Errors
/// PHH cannot record one of the hands ([`phh_recordable`]), with its 1-based
/// position: nothing is written.
pub fn write_phhs<'h>(
    hands: impl IntoIterator<Item = &'h HandHistory>,
) -> Result<String, (usize, PhhWriteError)> {
    let mut out = String::new();
    for (i, h) in hands.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "[{}]", i + 1);
        out.push_str(&write_phh(h).map_err(|e| (i + 1, e))?);
    }
    Ok(out)
}
