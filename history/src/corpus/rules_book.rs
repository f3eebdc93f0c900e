//! The house rules each hand of a corpus is replayed under (`_holdem_rules`, presets
//! and rules files).

#[cfg(feature = "rules-config")]
use holdem_rules_config::{Preset, Rules};

use crate::HandHistory;
use crate::phh::RULES_FIELD;
use crate::replay::HouseRules;

/// The rules each hand is replayed under: `--rules` when given, otherwise the preset a
/// hand names in its `_holdem_rules` field, otherwise the standard rules.
#[derive(Clone, Debug)]
pub struct RulesBook {
    forced: Option<HouseRules>,
    standard: HouseRules,
    presets: Vec<HouseRules>,
    pub(super) lenient: bool,
}

impl RulesBook {
    /// The standard rules and every preset of `holdem-rules-config` (with the
    /// `rules-config` feature; without it, the standard rules alone: a hand that
    /// names a preset is then unreadable, saying so); `forced` overrides what
    /// hands declare.
    pub fn new(forced: Option<HouseRules>) -> RulesBook {
        #[cfg(feature = "rules-config")]
        let presets = Preset::ALL
            .iter()
            .filter_map(|p| {
                Rules::preset(p.name())
                    .ok()
                    .map(|r| HouseRules::from_rules(p.name(), &r))
            })
            .collect();
        #[cfg(not(feature = "rules-config"))]
        let presets = Vec::new();
        RulesBook::with_presets(forced, presets)
    }

    /// The standard rules and the given presets, found by their
    /// [`HouseRules::name`]; `forced` overrides what hands declare.
    pub fn with_presets(forced: Option<HouseRules>, presets: Vec<HouseRules>) -> RulesBook {
        RulesBook {
            forced,
            standard: HouseRules::standard(),
            presets,
            lenient: false,
        }
    }

    /// The same book, replaying leniently (`true`: [`replay_lenient`](crate::replay::replay_lenient), H4) or
    /// strictly (`false`, the default), in every format: a postcard frame is then
    /// decoded in full into a [`HandHistory`] (the lean decoder is for strict replay).
    #[must_use]
    pub fn lenient(mut self, lenient: bool) -> RulesBook {
        self.lenient = lenient;
        self
    }

    /// Rules by name: `standard`, or what [`Rules::named`] finds for it (a preset
    /// name, or else a rules file, TOML, read from disk) (feature `rules-config`).
    ///
    /// # Errors
    /// [`RulesBookError::Named`]: the name is no preset and no readable file, or
    /// the preset or file is not valid rules.
    #[cfg(feature = "rules-config")]
    pub fn load(name: &str) -> Result<HouseRules, RulesBookError> {
        if name == "standard" {
            return Ok(HouseRules::standard());
        }
        let rules = Rules::named(name, |path| std::fs::read_to_string(path))
            .map_err(|source| RulesBookError::Named(Box::new(source)))?;
        Ok(HouseRules::from_rules(name, &rules))
    }

    /// The rules for one hand.
    ///
    /// # Errors
    /// The hand names a preset this book does not hold.
    pub fn for_hand(&self, h: &HandHistory) -> Result<&HouseRules, RulesBookError> {
        self.for_declared(
            h.meta
                .extra
                .iter()
                .find(|e| e.key == RULES_FIELD)
                .map(|e| e.toml.as_str()),
        )
    }

    /// The rules for a hand whose `_holdem_rules` field holds `declared` (TOML text).
    ///
    /// # Errors
    /// `declared` names a preset this book does not hold.
    pub fn for_declared(&self, declared: Option<&str>) -> Result<&HouseRules, RulesBookError> {
        if let Some(f) = &self.forced {
            return Ok(f);
        }
        let Some(declared) = declared else {
            return Ok(&self.standard);
        };
        let name = declared.trim().trim_matches(['"', '\'']);
        if name == "standard" {
            return Ok(&self.standard);
        }
        self.presets
            .iter()
            .find(|r| r.name == name)
            .ok_or_else(|| RulesBookError::UnknownPreset {
                name: name.to_string(),
            })
    }
}

/// Why [`RulesBook`] has no rules for a name or a hand.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RulesBookError {
    /// A hand's `_holdem_rules` names a preset the book does not hold (a build
    /// without the `rules-config` feature holds none).
    #[error("_holdem_rules names an unknown preset `{name}`")]
    UnknownPreset {
        /// The name, as declared.
        name: String,
    },
    /// A name [`RulesBook::load`] has no rules for, or whose rules are not valid:
    /// the error of [`Rules::named`] (feature `rules-config`).
    #[cfg(feature = "rules-config")]
    #[error(transparent)]
    Named(Box<holdem_rules_config::NamedRulesError>),
}
