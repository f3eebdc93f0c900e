//! From a rules document to the engine's per-hand configuration.

use holdem_betting::{BettingStructure, HandConfig, HandError, StreetStructures};
use holdem_pots::Chips;

use crate::error::{ConfigError, RulesError};
use crate::rules::Rules;

/// A tournament level's structure: fixed-limit bets are the level's big blind and
/// twice that.
fn level_structure(structure: BettingStructure, big_blind: Chips) -> BettingStructure {
    match structure {
        BettingStructure::FixedLimit { .. } => BettingStructure::FixedLimit {
            small_bet: big_blind,
            big_bet: Chips(big_blind.get().saturating_mul(2)),
        },
        other => other,
    }
}

impl Rules {
    /// The `holdem_betting::HandConfig` for a hand under these rules.
    ///
    /// A cash game uses the stakes in `[betting]` (`level` is ignored). A
    /// tournament uses `tournament.event.structure.levels[level]`, the last level
    /// repeating past the end; in a fixed-limit tournament the small bet is the
    /// level's big blind and the big bet twice that (the amounts written in
    /// `betting.structure` are the first level's).
    ///
    /// # Errors
    /// A [`RulesError`] if the engine rejects the config (rules that passed
    /// [`Rules::validate`] do not).
    pub fn hand_config(&self, level: usize) -> Result<HandConfig, RulesError> {
        let b = &self.betting;
        let (small_blind, big_blind, ante, big_blind_ante, structure) = match &self.tournament {
            None => (
                b.small_blind.unwrap_or(Chips::ZERO),
                b.big_blind.unwrap_or(Chips::ZERO),
                b.ante.unwrap_or(Chips::ZERO),
                b.big_blind_ante.unwrap_or(Chips::ZERO),
                b.structure,
            ),
            Some(t) => {
                let levels = &t.event.structure.levels;
                let Some(l) = levels.get(level).or(levels.last()) else {
                    return Err(RulesError::single(ConfigError::invalid(
                        "tournament.event.structure.levels",
                        "a structure needs at least one level (T6)",
                    )));
                };
                (
                    l.small_blind,
                    l.big_blind,
                    l.ante,
                    Chips::ZERO,
                    level_structure(b.structure, l.big_blind),
                )
            }
        };
        let mut config = HandConfig::no_limit(big_blind);
        config.structure = structure;
        config.street_structures = b.street_structures.map(|streets| match &self.tournament {
            None => streets,
            Some(_) => StreetStructures {
                preflop: level_structure(streets.preflop, big_blind),
                flop: level_structure(streets.flop, big_blind),
                turn: level_structure(streets.turn, big_blind),
                river: level_structure(streets.river, big_blind),
            },
        });
        config.small_blind = small_blind;
        config.big_blind = big_blind;
        config.ante = ante;
        config.big_blind_ante = big_blind_ante;
        let config = self.with_house_options(config);
        config
            .validate()
            .map_err(|e| RulesError::single(engine_error(e)))?;
        Ok(config)
    }
}

impl Rules {
    /// `config` with the house options of these rules: every betting option that
    /// does not depend on the stakes or the level (chip unit, the fixed-limit cap
    /// and its heads-up lift, the re-raise and incomplete all-in rules, time-out
    /// all-in protection, the fixed-limit half bet, board runs, showdown order and
    /// mucking) and the rake. The stakes, the structure and the forced bets are
    /// left as they are. [`Rules::hand_config`] builds on it, and so does any crate
    /// that keeps house options apart from stakes (a replay's house rules), so the
    /// options are copied from a rules set in this one place.
    ///
    /// ```
    /// use holdem_betting::HandConfig;
    /// use holdem_pots::Chips;
    /// use holdem_rules_config::Rules;
    ///
    /// let rules = Rules::preset("live-tour")?;
    /// let config = rules.with_house_options(HandConfig::no_limit(Chips(100)));
    /// assert!(config.reraise_must_double); // seed 004
    /// assert_eq!(config.big_blind, Chips(100)); // the stakes are kept
    /// # Ok::<(), holdem_rules_config::RulesError>(())
    /// ```
    #[must_use]
    pub fn with_house_options(&self, mut config: HandConfig) -> HandConfig {
        let b = &self.betting;
        config.chip_unit = b.chip_unit;
        config.max_bets_per_round = b.max_bets_per_round;
        config.cap_lifted_heads_up = b.cap_lifted_heads_up;
        config.reraise_must_double = b.reraise_must_double;
        config.incomplete_all_in = b.incomplete_all_in;
        config.time_out_all_in_protection = b.time_out_all_in_protection;
        config.fixed_limit_half_bet = b.fixed_limit_half_bet;
        config.max_board_runs = b.max_board_runs;
        config.rake = self.rake;
        config.showdown = b.showdown;
        config
    }

    /// The `holdem_betting::HandConfig` for a bomb pot under these rules (B27): as
    /// [`Rules::hand_config`], with every dealt-in player putting in `betting.bomb-pot`
    /// and no pre-flop betting.
    ///
    /// # Errors
    /// A [`RulesError`] at `betting.bomb-pot` when the rules set has no bomb pots
    /// (0), or as [`Rules::hand_config`].
    pub fn bomb_pot_hand_config(&self, level: usize) -> Result<HandConfig, RulesError> {
        if self.betting.bomb_pot.is_zero() {
            return Err(RulesError::single(ConfigError::invalid(
                "betting.bomb-pot",
                "these rules have no bomb pots: set the amount each player puts in (B27)",
            )));
        }
        let mut config = self.hand_config(level)?;
        config.bomb_pot = self.betting.bomb_pot;
        config
            .validate()
            .map_err(|e| RulesError::single(engine_error(e)))?;
        Ok(config)
    }
}

/// An engine rejection as a config error on the `[betting]` key it names.
pub(crate) fn engine_error(e: HandError) -> ConfigError {
    match e {
        HandError::InvalidConfig { field, reason } => {
            let path = if field == "rake" {
                "rake".to_owned()
            } else {
                format!("betting.{field}")
            };
            ConfigError::invalid(path, reason)
        }
        other => ConfigError::invalid("betting", other.to_string()),
    }
}
