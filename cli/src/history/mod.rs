//! Hand histories: the typed model, PHH import/export, and the native formats.

pub mod compact;
pub mod error;
pub mod model;
pub mod money;
pub mod native;
pub mod phh;
mod record;
mod toml_lite;

pub use compact::{CompactAction, CompactCards, CompactShown};
pub use error::{HistoryError, PhhError, PhhErrorKind};
pub use model::{
    Action, ActionKind, Cards, ExtraField, HandHistory, MAX_PLAYERS, MaybeCard, Metadata, Player,
    Shown, Stakes, Variant,
};
pub use money::{AmountError, Decimal, Money, Unit};
