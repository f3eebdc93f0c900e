//! Option types that no engine crate owns yet.
//!
//! DESIGN.md: each engine crate owns its option structs and `rules-config` only
//! composes them. Every type here is a stand-in until its engine crate has one;
//! each says where it should move. Their TOML form (kebab-case) is the form the
//! engine type is expected to keep, so moving them does not change any file.

use serde::{Deserialize, Serialize};

/// Chipping up when the smallest chip is retired (rule T21). Move to
/// `holdem_tourney::money` next to `chip_race`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ChipRace {
    /// No physical chips to colour up (online events).
    #[default]
    Off,
    /// Whole sets change directly; any remainder rounds up to one chip of the next
    /// size (seed 002: three 25s become two 50s). See
    /// `holdem_tourney::money::chip_race`.
    RoundUp,
}

/// Disconnect extra time ladders in seconds, used in sequence (rule T13). Move
/// to `holdem_tourney::det`, which has them as constants today.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct DetLadders {
    /// Final table of a multi-table event (`final-table`; 000 4: 240, 120, 60).
    pub final_table: Vec<u32>,
    /// Sit-and-go below [`DetLadders::sit_and_go_below`] entrants, from the paid
    /// places + 1 (`sit-and-go`; 000 4: 120, 60).
    pub sit_and_go: Vec<u32>,
    /// The sit-and-go field size from which the multi-table rule applies
    /// (`sit-and-go-below`; 000 4: 45).
    pub sit_and_go_below: u32,
    /// Heads-up events, all the time (`heads-up`; 000 4: 120, 60).
    pub heads_up: Vec<u32>,
}

impl Default for DetLadders {
    /// Seed 000 section 4, the only seed with disconnect extra time.
    fn default() -> Self {
        Self {
            final_table: holdem_tourney::det::MULTI_TABLE_FINAL.to_vec(),
            sit_and_go: holdem_tourney::det::SIT_AND_GO.to_vec(),
            sit_and_go_below: 45,
            heads_up: holdem_tourney::det::HEADS_UP.to_vec(),
        }
    }
}
