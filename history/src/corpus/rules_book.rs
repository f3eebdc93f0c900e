//! The house rules each hand of a corpus is replayed under (`_holdem_rules`, presets
//! and rules files).

use std::path::PathBuf;

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

    /// Rules by name: `standard`, a preset name, or a rules file (TOML)
    /// (feature `rules-config`).
    ///
    /// # Errors
    /// The file cannot be read or is not valid rules, or the name is none of these.
    #[cfg(feature = "rules-config")]
    pub fn load(name: &str) -> Result<HouseRules, RulesBookError> {
        if name == "standard" {
            return Ok(HouseRules::standard());
        }
        if let Ok(rules) = Rules::preset(name) {
            return Ok(HouseRules::from_rules(name, &rules));
        }
        let path = std::path::Path::new(name);
        if path.is_file() {
            let text = std::fs::read_to_string(path).map_err(|source| RulesBookError::Io {
                path: path.to_path_buf(),
                source,
            })?;
            let rules = Rules::from_toml_str(&text).map_err(|source| RulesBookError::Invalid {
                path: path.to_path_buf(),
                source: Box::new(source),
            })?;
            return Ok(HouseRules::from_rules(name, &rules));
        }
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        Err(RulesBookError::Unknown {
            name: name.to_string(),
            known: names.join(", "),
        })
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
    /// A name that is neither `standard`, a preset nor a file.
    #[error("unknown rules `{name}`: expected standard, {known}, or a rules file")]
    Unknown {
        /// The name given.
        name: String,
        /// The presets, comma-separated.
        known: String,
    },
    /// A rules file that cannot be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A rules file that is not valid rules (feature `rules-config`).
    #[cfg(feature = "rules-config")]
    #[error("{path}: {source}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The errors, with field paths.
        source: Box<holdem_rules_config::RulesError>,
    },
}
