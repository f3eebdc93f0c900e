//! The presets: one per seed document, embedded TOML (rule R1).

use crate::error::RulesError;
use crate::load::{preset_table, unknown_preset};
use crate::rules::Rules;

/// A named rules set that reproduces one seed document's rules (rule R1).
///
/// Each preset is a complete TOML file embedded in the crate
/// (`rules-config/presets/NAME.toml`) whose comments say, option by option,
/// which section of its seed it follows, and where the seed is silent, that it
/// takes the standard choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Preset {
    /// `online-mtt`: seed 000, online multi-table tournament rules.
    OnlineMtt,
    /// `online-cash`: seed 001, online limit / pot-limit / no-limit cash rules.
    OnlineCash,
    /// `live-tournament`: seed 002, live tournament rules.
    LiveTournament,
    /// `club`: seed 003, university club rules.
    Club,
    /// `live-tour`: seed 004, live tour rules.
    LiveTour,
}

impl Preset {
    /// Every preset, in seed order.
    pub const ALL: [Preset; 5] = [
        Preset::OnlineMtt,
        Preset::OnlineCash,
        Preset::LiveTournament,
        Preset::Club,
        Preset::LiveTour,
    ];

    /// The preset's name, as `extends` and `holdem rules show` take it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::OnlineMtt => "online-mtt",
            Preset::OnlineCash => "online-cash",
            Preset::LiveTournament => "live-tournament",
            Preset::Club => "club",
            Preset::LiveTour => "live-tour",
        }
    }

    /// The seed document the preset follows (file prefix in `shared/seeds/`).
    #[must_use]
    pub const fn seed(self) -> &'static str {
        match self {
            Preset::OnlineMtt => "000",
            Preset::OnlineCash => "001",
            Preset::LiveTournament => "002",
            Preset::Club => "003",
            Preset::LiveTour => "004",
        }
    }

    /// A one-line description.
    #[must_use]
    pub const fn about(self) -> &'static str {
        match self {
            Preset::OnlineMtt => "online multi-table no-limit tournament (seed 000)",
            Preset::OnlineCash => "online fixed-limit cash game, $10/$20 (seed 001)",
            Preset::LiveTournament => "live no-limit tournament, TD rules (seed 002)",
            Preset::Club => "university club no-limit game (seed 003)",
            Preset::LiveTour => "live tour no-limit tournament (seed 004)",
        }
    }

    /// The preset by name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The embedded TOML source, comments included.
    #[must_use]
    pub const fn source(self) -> &'static str {
        match self {
            Preset::OnlineMtt => include_str!("../presets/online-mtt.toml"),
            Preset::OnlineCash => include_str!("../presets/online-cash.toml"),
            Preset::LiveTournament => include_str!("../presets/live-tournament.toml"),
            Preset::Club => include_str!("../presets/club.toml"),
            Preset::LiveTour => include_str!("../presets/live-tour.toml"),
        }
    }

    /// The preset's rules, validated.
    ///
    /// # Errors
    /// Never for the shipped presets (tested); a [`RulesError`] if an embedded
    /// file were broken.
    pub fn rules(self) -> Result<Rules, RulesError> {
        Rules::from_toml_table(preset_table(self)?)
    }
}

impl core::fmt::Display for Preset {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl Rules {
    /// The rules of the preset called `name` (`online-mtt`, `online-cash`,
    /// `live-tournament`, `club`, `live-tour`).
    ///
    /// # Errors
    /// [`crate::ErrorKind::UnknownPreset`] for any other name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        Preset::from_name(name)
            .ok_or_else(|| RulesError::single(unknown_preset("", name)))?
            .rules()
    }
}
