//! Option types that no engine crate owns yet.
//!
//! DESIGN.md: each engine crate owns its option structs and `rules-config` only
//! composes them. Every type here is a stand-in until its engine crate has one;
//! each says where it should move. Their TOML form (kebab-case) is the form the
//! engine type is expected to keep, so moving them does not change any file.

use serde::{Deserialize, Serialize};

/// Serde stand-ins for `holdem_betting::{BettingStructure, IncompleteAllInRule}`,
/// converted into them with `From`. Move: use the engine types directly once
/// `holdem-betting`'s `serde` feature compiles (it needs serde on
/// `holdem_eval::HandRank`) and names the fixed-limit fields in kebab-case
/// (`small-bet`, `big-bet`) like the rest of the document.
pub mod betting {
    use holdem_pots::Chips;
    use serde::{Deserialize, Serialize};

    /// The three betting structures (rule B1).
    ///
    /// TOML: `structure = "no-limit"`, `structure = "pot-limit"`, or
    /// `[betting.structure.fixed-limit]` with `small-bet` and `big-bet`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    #[non_exhaustive]
    pub enum BettingStructure {
        /// Fixed limit (B9): bets and raises are exactly `small_bet` before the flop
        /// and on the flop, `big_bet` on the turn and river.
        #[serde(rename_all = "kebab-case")]
        FixedLimit {
            /// The bet size before the flop and on the flop.
            small_bet: Chips,
            /// The bet size on the turn and the river.
            big_bet: Chips,
        },
        /// Pot limit (B11): the largest bet is the pot plus all bets plus the call.
        PotLimit,
        /// No limit (B11): the largest bet is the whole stack.
        NoLimit,
    }

    /// How large the next raise must be after an all-in that raised by less than
    /// a full raise (rule B12, a house rule).
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    #[non_exhaustive]
    pub enum IncompleteAllInRule {
        /// The last full raise increment on top of the all-in amount (bet 100,
        /// raise to 300, all-in 350 → next raise to at least 550). The common
        /// tournament-director rule; the standard choice.
        #[default]
        StandardLastFullIncrement,
        /// A full raise over the last full bet (seed 002 example 1: → at least 500).
        FullRaiseOverLastFullBet,
    }

    impl From<BettingStructure> for holdem_betting::BettingStructure {
        fn from(s: BettingStructure) -> Self {
            match s {
                BettingStructure::FixedLimit { small_bet, big_bet } => {
                    holdem_betting::BettingStructure::FixedLimit { small_bet, big_bet }
                }
                BettingStructure::PotLimit => holdem_betting::BettingStructure::PotLimit,
                BettingStructure::NoLimit => holdem_betting::BettingStructure::NoLimit,
            }
        }
    }

    impl From<IncompleteAllInRule> for holdem_betting::IncompleteAllInRule {
        fn from(r: IncompleteAllInRule) -> Self {
            match r {
                IncompleteAllInRule::StandardLastFullIncrement => {
                    holdem_betting::IncompleteAllInRule::StandardLastFullIncrement
                }
                IncompleteAllInRule::FullRaiseOverLastFullBet => {
                    holdem_betting::IncompleteAllInRule::FullRaiseOverLastFullBet
                }
            }
        }
    }
}

/// Showdown and mucking (rule B21). Move to `holdem_betting` when it has one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ShowdownRules {
    /// A player who cannot win may muck instead of showing (`losers-may-muck`;
    /// seeds 001, 003, 004).
    pub losers_may_muck: bool,
    /// A winner must show both hole cards to be awarded the pot
    /// (`winner-must-show-both-cards`; seed 002).
    pub winner_must_show_both_cards: bool,
    /// When betting is over with a player all-in, every hand is turned face up
    /// (`all-in-hands-face-up`; seed 002).
    pub all_in_hands_face_up: bool,
}

impl Default for ShowdownRules {
    /// The common rule: losers may muck, a winner shows both cards, hands are
    /// tabled once a player is all-in and betting is over.
    fn default() -> Self {
        Self {
            losers_may_muck: true,
            winner_must_show_both_cards: true,
            all_in_hands_face_up: true,
        }
    }
}

/// How the button moves when players leave (rule B18, a house rule). Move to
/// the `holdem_betting` table module when it lands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ButtonMovement {
    /// The button always moves one seat; a player may miss a blind (seed 000 2.4).
    ForwardMoving,
    /// Dead button: an eliminated small blind leaves the button on an empty seat,
    /// an eliminated big blind leaves the small blind dead (seed 002). The
    /// tournament-director standard.
    #[default]
    DeadButton,
}

/// How a new player joins a cash game (rule B19). Move to the `holdem_betting`
/// table module when it lands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum NewPlayer {
    /// Post a big blind to be dealt in at once, or wait for the big blind; a hand
    /// can then have two big blinds (seed 001; standard).
    #[default]
    PostOrWait,
    /// Always wait for the big blind to reach them.
    WaitForBigBlind,
}

/// When a player moved to a new table is dealt in (rule B20). Move to the
/// `holdem_betting` table module (or `holdem_tourney::seating`) when it lands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum MovedPlayer {
    /// Dealt in at once unless seated in the small blind or on the button, where
    /// they wait for the button to pass; in the big blind they post and play
    /// (seed 002; the tournament-director standard).
    #[default]
    WaitInSmallBlindOrButton,
    /// Dealt in at once wherever they sit, even if that means posting another big
    /// blind (seed 000 2.6).
    DealtInAtOnce,
}

/// Button movement and seating house rules (rules B18-B20).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TableRules {
    /// Forward-moving or dead button (`button`, B18).
    #[serde(default)]
    pub button: ButtonMovement,
    /// How a new cash-game player is dealt in (`new-player`, B19).
    #[serde(default)]
    pub new_player: NewPlayer,
    /// How a player moved from another table is dealt in (`moved-player`, B20).
    #[serde(default)]
    pub moved_player: MovedPlayer,
}

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
