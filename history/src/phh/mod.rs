//! PHH (Poker Hand History, <https://github.com/uoftcprg/phh-std>) import and export
//! for the hold'em variants `NT`, `PT`, `FT`.
//!
//! Reading turns TOML text into a typed [`HandHistory`](crate::HandHistory) at the edge: fields are
//! checked against the spec (types, per-player lengths, variant-specific fields),
//! amounts become whole numbers of a per-hand [`Unit`](crate::Unit) chosen from the decimals the
//! hand uses, actions become [`ActionKind`](crate::ActionKind)s with their players range-checked. Other
//! variants are reported as unsupported. A `.phhs` file is read one hand at a time.
//!
//! # What PHH cannot record
//! The specification (v0.0.2) has no field for the fixed-limit half-bet rule
//! switched off (B25), for a bomb pot (B27) or for a site's order of a split
//! pot's odd chips (P3: a PHH reader gives them from the left of the button), and
//! no notation for an offer to run the board more than once, its answers or a
//! second board (B26): its actions are one board's deals and the players' actions. pokerkit, the reference reader, can
//! run a board several times through its API (`select_runout_count`), but reading
//! PHH it automates that choice with no preference (one run), and the PHH it writes
//! holds no selection. Such a hand would replay there as an ordinary hand with
//! another result, so [`write_phh`] refuses it with a [`PhhWriteError`] that names
//! what PHH lacks, and [`parse_phh`] refuses a hand whose [`HOUSE_FIELD`] claims
//! such rules. The native formats record all of them.

mod action;
mod fields;
mod hand;
mod house;
mod read;
mod write;

pub use house::{InlineTableError, parse_house, parse_rake};
pub use read::{PhhHand, PhhHands, parse_phh};
pub(crate) use write::quote;
pub use write::{
    PhhWriteError, action_text, action_text_of, phh_recordable, write_phh, write_phhs,
};

/// The user-defined field in which a hand names the rules preset it was played
/// under (`_holdem_rules = 'live-tournament'`); `--rules` overrides it.
pub const RULES_FIELD: &str = "_holdem_rules";

/// The field in which a history records the rake the house took from the hand,
/// an amount (`rake = 0.50`, H4): when present, replay checks that the gap between
/// the replayed and the recorded finishing stacks is exactly this rake, taken from
/// what winners collected, instead of inferring a rake. It is kept, verbatim, among
/// [`crate::Metadata::extra`].
pub const RAKE_TAKEN_FIELD: &str = "rake";

/// The user-defined field in which a history records its rake (B23): an inline
/// table with the keys of a rules file's `[rake]` (`basis-points`, `cap`,
/// `no-flop-no-drop`, `rounding`, `source`), the cap in the hand's money, e.g.
/// `_holdem_rake = { basis-points = 500, cap = 3, no-flop-no-drop = true }`.
pub const RAKE_FIELD: &str = "_holdem_rake";

/// The user-defined field in which a history records the house rules of the hand
/// that the standard fields cannot say ([`crate::model::TableRules`]): an inline
/// table of the rules that differ from the standard, amounts in the hand's money,
/// e.g. `_holdem_house = { half-bet = false, bomb-pot = 3, board-runs = 2 }`
/// (`half-bet`: the fixed-limit half-bet rule, B25; `bomb-pot`: what each player
/// posts, B27; `board-runs`: the most runs of the board, 1 to 3, B26;
/// `odd-chips`: the players, 1-based, in the order a split pot's odd chips go
/// to them, P3). The native
/// formats keep it and replay honours it. PHH has no field for these rules:
/// [`write_phh`] refuses a hand whose rules differ from the standard
/// ([`PhhWriteError`]), and [`parse_phh`] refuses a PHH hand that claims them.
pub const HOUSE_FIELD: &str = "_holdem_house";
