//! Every Texas Hold'em house rule as a typed option, one TOML document per rules
//! set, five presets (one per seed document), and validation with field paths
//! (rules R1, R2).
//!
//! A [`Rules`] document composes the option types owned by the engine crates:
//!
//! | section | owner | rules |
//! |---|---|---|
//! | `[dealing]` | `holdem_cards::{ButtonDraw, MisdealRules}` | C5, C6 |
//! | `[betting]` | `holdem_betting::{BettingStructure, IncompleteAllInRule, ShowdownRules}`; stakes and house-rule flags of `HandConfig` | B1-B2, B5, B9-B12, B16, B21, B24-B27 |
//! | `[table]` | `holdem_betting::table::TableRules` | B18-B20 |
//! | `[rake]` | `holdem_pots::RakePolicy` | B23 |
//! | `[tournament]` | `holdem_tourney::TournamentConfig` (`TournamentOptions`, `money::*`, `ChipRace`, `det::DetLadders`) | T1-T4, T6, T7, T11, T13-T16, T21 |
//!
//! Every option type is the engine's own: `rules-config` only composes,
//! validates (with paths) and ships presets.
//!
//! # Invariants
//! - A [`Rules`] value returned by [`Rules::preset`], [`Preset::rules`] or
//!   [`Rules::from_toml_str`] has passed [`Rules::validate`]: nothing is dealt
//!   under rules that were not checked (R2).
//! - Every rejection is a [`RulesError`] holding one or more [`ConfigError`]s,
//!   each with the dotted path of the field (`betting.structure.fixed-limit.small-bet`,
//!   `tournament.event.structure.levels[3].minutes`) and a reason. Unknown keys
//!   are errors, never ignored. No input, however broken, panics.
//! - Presets are complete: every key is written out, so `holdem rules show`
//!   prints the whole rules set, and serializing then parsing any valid rules
//!   gives equal rules.
//! - No I/O: text in, values out; the CLI reads files ([`Rules::named`] takes a
//!   preset name or a path, and the caller's function that reads the path).
//!
//! # Writing a rules file
//! - `extends = "PRESET"` starts from a preset: tables merge key by key, any other
//!   value replaces the preset's (so an enum table switching variant replaces it).
//! - `unset = ["rake.cap", ...]` removes optional keys after the merge (TOML has no
//!   null). Each path must exist; a required key removed is reported missing.
//! - Unknown keys are all reported at once, each with the keys known at its level,
//!   and a snake_case key with its kebab-case spelling.
//! - A key left out takes the standard rule: high-card button draw, seed 002's
//!   misdeal rules, dead button, new players post or wait, moved players wait in the
//!   small blind or on the button, the standard minimum raise and incomplete all-in
//!   rule, no all-in protection, losers may muck, the winner shows, all-in hands face
//!   up, no rake. Within `[table]`, `[betting.showdown]` and `[rake]` each key may be
//!   left out on its own.
//! - In a tournament, `tournament.button` must equal `table.button` and
//!   `tournament.moved-player` must equal `table.moved-player`.
//!
//! [`Rules::hand_config`] turns a level's stakes and the house rules into the
//! betting engine's `HandConfig` (with fixed limit in a tournament, the level's big
//! blind is the small bet and twice it the big bet).
//!
//! # Example
//! Load a preset, override a field with `extends`, validate:
//! ```
//! use holdem_rules_config::{ErrorKind, Rules};
//!
//! let online = Rules::preset("online-mtt")?;
//! assert!(!online.betting.reraise_must_double);
//!
//! // A user file: start from the preset, change one house rule.
//! let mine = Rules::from_toml_str(
//!     r#"
//!     extends = "online-mtt"
//!     [betting]
//!     reraise-must-double = true
//!     "#,
//! )?;
//! assert!(mine.betting.reraise_must_double);
//! assert_eq!(mine.tournament, online.tournament);
//!
//! // Drop an optional key the preset sets: online-cash without its rake cap.
//! assert!(Rules::preset("online-cash")?.rake.cap.is_some());
//! let uncapped = Rules::from_toml_str(
//!     r#"
//!     extends = "online-cash"
//!     unset = ["rake.cap"]
//!     "#,
//! )?;
//! assert_eq!(uncapped.rake.cap, None);
//!
//! // Every problem is reported with its path, together.
//! let err = Rules::from_toml_str(
//!     r#"
//!     extends = "online-cash"
//!     [betting]
//!     small-blind = 60
//!     big-blind = 50
//!     colour = "red"
//!     "#,
//! )
//! .unwrap_err();
//! assert_eq!(err.errors[0].path, "betting.colour");
//! assert_eq!(err.errors[0].kind, ErrorKind::UnknownField);
//! assert!(err.paths().contains(&"betting.small-blind"));
//! # Ok::<(), holdem_rules_config::RulesError>(())
//! ```

#![deny(unsafe_code)]

mod error;
mod hand;
mod load;
mod named;
mod preset;
mod rules;
mod validate;

pub use error::{ConfigError, ErrorKind, RulesError};
pub use named::NamedRulesError;
pub use preset::Preset;
pub use rules::{Betting, Dealing, Rules, Tournament};
