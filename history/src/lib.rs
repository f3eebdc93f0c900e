//! Hand histories as a library: the typed model, PHH read and write, the native
//! JSON Lines and postcard formats, and replay through the betting engine.
//!
//! # Layers
//! Dependencies run one way. The formats ([`model`], [`money`], [`compact`],
//! [`phh`], [`native`], and [`view`], the borrowed view a format hands to replay)
//! import nothing from the driver; [`stream`] reads PHH, PokerStars and JSON Lines
//! files from any `BufRead` one hand at a time, with memory bounded by one hand; [`pokerstars`] reads PokerStars text into the
//! model, and [`sites`] is the layer every site's text shares (the typed hand, the
//! builder, the encodings; GGPoker and Full Tilt), found by content (their replay
//! check alone uses the driver's outcome). The driver
//! ([`replay`], [`corpus`] for files and folders, and [`steps`] for stepping
//! through one hand) reads the formats and plays hands through
//! `holdem_betting::Hand`; [`generate`] plays seeded random legal hands through it
//! and writes them as histories.
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
//! # Real records (H4)
//! Records from real sites are read as they are, in the default (strict) mode:
//! - rake: a PHH `rake` field ([`phh::RAKE_TAKEN_FIELD`], an amount) is the rake
//!   taken, and the gap to the recorded finishing stacks must be exactly that rake,
//!   taken from what winners collected; without it, a rake-shaped gap is inferred
//!   and reported per hand, and any other gap is a mismatch;
//! - unknown (`inf`) starting stacks are [`UNKNOWN_STACK`]: play goes on and what
//!   the record still lets replay check is checked;
//! - a negative `blinds_or_straddles` entry is a dead blind ([`DEAD_BLIND`]): dead
//!   money for the pot, not part of the player's bet, written back negative;
//! - a big blind written in `p1`'s place with none in `p2`'s (`[4, 0, 0]`) is a
//!   big blind without a small blind; an entry of `p3` or later equal to the big
//!   blind is a big blind posted out of position (live, B19);
//! - `sm ????` street after street gives way to the cards shown at the river, and
//!   by a player dealt face up it shows the dealt cards.
//!
//! A hand whose deciding cards the record hides (a muck written `????`) or that
//! stops early stays legal but unsettled, with its reason. The sample in
//! `data/histories/phh/handhq/` (PHH dataset, HandHQ part) holds 622 no-limit
//! hands from all six sites: Absolute Poker 101, Full Tilt Poker 106, iPoker 104,
//! Ongame 106, PokerStars 104, PartyPoker 101. In the default mode none is refused
//! and none mismatches: 565 settle with the recorded stacks (every hand whose
//! deciding cards the record shows), and 57 stay unsettled, 52 because a player's
//! cards are not revealed at showdown and 5 because the record stops before the
//! hand ends. Reproduce with `holdem replay -v data/histories/phh/handhq`.
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
//! assert_eq!(parse_phh(&write_phh(&hand).expect("PHH records it"))?, hand); // H1: lossless round trip
//! # Ok::<(), holdem_history::PhhError>(())
//! ```

pub mod compact;
pub mod corpus;
pub mod error;
pub mod generate;
pub mod model;
pub mod money;
pub mod native;
pub mod phh;
pub mod pokerstars;
mod record;
pub mod replay;
pub mod sites;
pub mod steps;
pub mod stream;
pub mod summary;
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
    Action, ActionKind, Cards, ExtraField, HandHistory, MAX_PLAYERS, MaybeCard, Metadata, OddChips,
    Player, Shown, Stakes, TableRules, Variant,
};
pub use money::{AmountError, DEAD_BLIND, Decimal, Money, UNKNOWN_STACK, Unit, split_blind};
pub use view::{RecordedAction, ReplayView};
