//! Hand histories as a library: the typed model, PHH read and write, the native
//! JSON Lines and postcard formats, and replay through the betting engine.
//!
//! # Layers
//! Dependencies run one way. The formats ([`model`], [`money`], [`compact`],
//! [`phh`], [`native`], and [`view`], the borrowed view a format hands to replay)
//! import nothing from the driver; [`pokerstars`] reads PokerStars text into the
//! model (its replay check alone uses the driver's outcome). The driver
//! ([`replay`], [`corpus`] for files and folders, and [`steps`] for stepping
//! through one hand) reads the formats and plays hands through
//! `holdem_betting::Hand`.
//!
//! # One import
//! [`prelude`] has what reading and replaying a history needs; a recorded action
//! and player are `HistoryAction` and `HistoryPlayer` there, so it is used beside
//! `holdem_betting::prelude` without a clash.
//!
//! # Invariants
//! - Text becomes typed values at the edge; malformed input is a typed error naming
//!   the file, the hand, the line and the reason, never a panic.
//! - Money is whole units (B24): PHH decimals are scaled to an integer unit per hand.
//!
//! # Example
//! ```
//! use holdem_history::phh::{parse_phh, write_phh};
//!
//! let text = r#"
//! variant = "NT"
//! antes = [0, 0, 0]
//! blinds_or_straddles = [0.50, 1, 0]
//! min_bet = 1
//! starting_stacks = [200.30, 81.60, 197]
//! actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cbr 3.00", "p2 f"]
//! "#;
//! let hand = parse_phh(text)?;
//! assert_eq!(hand.unit.decimals, 2); // amounts are cents
//! assert_eq!(hand.starting_stacks, [20030, 8160, 19700]);
//! assert_eq!(parse_phh(&write_phh(&hand))?, hand); // H1: lossless round trip
//! # Ok::<(), holdem_history::PhhError>(())
//! ```

pub mod compact;
pub mod corpus;
pub mod error;
pub mod model;
pub mod money;
pub mod native;
pub mod phh;
pub mod pokerstars;
mod record;
pub mod replay;
pub mod steps;
mod toml_lite;
pub mod view;

/// What a program that reads and replays hand histories needs, in one import:
/// `use holdem_history::prelude::*;`.
///
/// It goes with `holdem_betting::prelude` without a clash: a recorded action and
/// player are `HistoryAction` and `HistoryPlayer` here (the betting prelude's
/// `Action` and `Player` are the engine's).
///
/// ```
/// use holdem_betting::prelude::*;
/// use holdem_history::prelude::*;
///
/// let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n\
///             min_bet = 2\nstarting_stacks = [200, 200]\n\
///             actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\n";
/// let hand: HandHistory = parse_phh(text)?;
/// assert_eq!(hand.starting_stacks.len(), 2);
/// let outcome = replay_hand(&hand, &HouseRules::standard());
/// assert!(matches!(outcome, Outcome::Ok { .. }), "{outcome:?}");
/// let _config = HandConfig::no_limit(Chips(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod prelude {
    pub use crate::phh::parse_phh;
    pub use crate::replay::{HouseRules, Outcome, replay_hand};
    pub use crate::{
        Action as HistoryAction, HandHistory, HistoryError, Money, PhhError,
        Player as HistoryPlayer, Unit,
    };
}

pub use compact::{CompactAction, CompactCards, CompactShown};
pub use error::{HistoryError, PhhError, PhhErrorKind};
pub use model::{
    Action, ActionKind, Cards, ExtraField, HandHistory, MAX_PLAYERS, MaybeCard, Metadata, Player,
    Shown, Stakes, Variant,
};
pub use money::{AmountError, Decimal, Money, UNKNOWN_STACK, Unit};
pub use view::{RecordedAction, ReplayView};
