//! The [`Rules`] document: one complete rules set, composed from the engine
//! crates' option types.

use holdem_betting::table::TableRules;
use holdem_betting::{BettingStructure, IncompleteAllInRule, ShowdownRules, StreetStructures};
use holdem_cards::{ButtonDraw, MisdealRules};
use holdem_pots::{Chips, RakePolicy};
use holdem_tourney::TournamentConfig;
use serde::{Deserialize, Serialize};

/// A complete rules set: every house rule of the engine, typed (rule R1).
///
/// Each section composes the option types of the engine crate that owns them:
/// `[dealing]` (cards), `[betting]` (betting), `[table]` (betting's table
/// rules), `[rake]` (pots), `[tournament]` (tourney). Build one from a preset
/// ([`Rules::preset`]) or a TOML file ([`Rules::from_toml_str`]); both validate
/// (rule R2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Rules {
    /// A short name for the rules set (`name`).
    #[serde(default)]
    pub name: String,
    /// What the rules set is for (`description`).
    #[serde(default)]
    pub description: String,
    /// Deck and dealing (`[dealing]`).
    #[serde(default)]
    pub dealing: Dealing,
    /// Betting structure, stakes and betting house rules (`[betting]`).
    pub betting: Betting,
    /// Button movement and seating (`[table]`): `holdem_betting::table::TableRules`.
    #[serde(default)]
    pub table: TableRules,
    /// The rake (`[rake]`, rule B23); no rake when absent.
    #[serde(default)]
    pub rake: RakePolicy,
    /// Tournament options (`[tournament]`); absent for a cash game.
    #[serde(default)]
    pub tournament: Option<Tournament>,
}

/// Deck and dealing options (`[dealing]`, rules C5 and C6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Dealing {
    /// How the first button is chosen (`button-draw`, C5): `seat-one`,
    /// `high-card`, `first-ace`, `random` or `first-seated`.
    #[serde(default = "standard_button_draw")]
    pub button_draw: ButtonDraw,
    /// Misdeal handling (`[dealing.misdeal]`, C6): `holdem_cards::MisdealRules`.
    #[serde(default)]
    pub misdeal: MisdealRules,
}

fn standard_button_draw() -> ButtonDraw {
    ButtonDraw::HighCard
}

impl Default for Dealing {
    /// The standard live rule: a high-card draw (C5, seed 002) and seed 002's
    /// misdeal rules.
    fn default() -> Self {
        Self {
            button_draw: standard_button_draw(),
            misdeal: MisdealRules::default(),
        }
    }
}

/// Betting structure, stakes and betting house rules (`[betting]`).
///
/// Stakes (`small-blind`, `big-blind`, `ante`, `big-blind-ante`) are set here
/// for a cash game and must be absent in a tournament, whose stakes come from
/// `tournament.event.structure.levels`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Betting {
    /// Fixed, pot or no limit (`structure`, B1): every street's structure, or the
    /// pre-flop one of a mixed-limit game.
    pub structure: BettingStructure,
    /// Mixed limits (`street-structures`, B28, house rule): a structure per street,
    /// `{ preflop, flop, turn, river }`, each written as `structure` is (PokerStars
    /// PL/NL: `preflop = "pot-limit"`, the others `"no-limit"`); `preflop` must equal
    /// `structure`. Not set, the default: `structure` plays every street.
    /// `holdem_betting::HandConfig::street_structures`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street_structures: Option<StreetStructures>,
    /// The smallest chip (`chip-unit`, B24): every amount is a whole multiple.
    #[serde(default = "one_chip")]
    pub chip_unit: Chips,
    /// Cash game: the small blind (`small-blind`, B2).
    #[serde(default)]
    pub small_blind: Option<Chips>,
    /// Cash game: the big blind (`big-blind`, B2).
    #[serde(default)]
    pub big_blind: Option<Chips>,
    /// Cash game: the ante every dealt player posts (`ante`, B5).
    #[serde(default)]
    pub ante: Option<Chips>,
    /// Cash game: a big-blind ante, dead money posted by the big blind
    /// (`big-blind-ante`, B5).
    #[serde(default)]
    pub big_blind_ante: Option<Chips>,
    /// Fixed limit: bets per round, the opening bet included
    /// (`max-bets-per-round`, B9: one bet and three raises = 4).
    #[serde(default = "four_bets")]
    pub max_bets_per_round: u8,
    /// House rule (004): the fixed-limit cap does not apply heads-up
    /// (`cap-lifted-heads-up`, B9).
    #[serde(default)]
    pub cap_lifted_heads_up: bool,
    /// House rule (004): a re-raise must at least double the previous raise
    /// (`reraise-must-double`, B10).
    #[serde(default)]
    pub reraise_must_double: bool,
    /// The minimum raise after an incomplete all-in (`incomplete-all-in`, B12).
    #[serde(default)]
    pub incomplete_all_in: IncompleteAllInRule,
    /// House rule (001): a player who times out with chips in the pot is all-in
    /// for them instead of folding (`time-out-all-in-protection`, B16).
    #[serde(default)]
    pub time_out_all_in_protection: bool,
    /// Fixed limit: an all-in of at least half a bet counts as a full bet or raise
    /// (`fixed-limit-half-bet`, B25; `true`, the standard; `false` is the house rule
    /// where only a full bet or raise counts).
    #[serde(default = "half_bet_rule")]
    pub fixed_limit_half_bet: bool,
    /// Cash game: the most times players may agree to run the rest of the board
    /// once no more betting is possible (`max-board-runs`, B26): 1 (off, the
    /// default), 2 or 3.
    #[serde(default = "one_run")]
    pub max_board_runs: u8,
    /// Cash game: the amount every dealt-in player puts in when the table plays a
    /// bomb pot (`bomb-pot`, B27); 0, the default, for a table without bomb pots.
    /// Ordinary hands ([`Rules::hand_config`]) are not bomb pots; a bomb pot's hand
    /// is [`Rules::bomb_pot_hand_config`].
    #[serde(default)]
    pub bomb_pot: Chips,
    /// Showdown order and mucking (`[betting.showdown]`, B21):
    /// `holdem_betting::ShowdownRules`, carried into `HandConfig::showdown`.
    #[serde(default)]
    pub showdown: ShowdownRules,
}

fn one_chip() -> Chips {
    Chips(1)
}

fn four_bets() -> u8 {
    4
}

fn half_bet_rule() -> bool {
    true
}

fn one_run() -> u8 {
    1
}

impl Default for Betting {
    /// No limit, chip unit 1, no stakes set, every house rule at its standard
    /// choice (RULES.md).
    fn default() -> Self {
        Self {
            structure: BettingStructure::NoLimit,
            street_structures: None,
            chip_unit: one_chip(),
            small_blind: None,
            big_blind: None,
            ante: None,
            big_blind_ante: None,
            max_bets_per_round: four_bets(),
            cap_lifted_heads_up: false,
            reraise_must_double: false,
            incomplete_all_in: IncompleteAllInRule::default(),
            time_out_all_in_protection: false,
            fixed_limit_half_bet: half_bet_rule(),
            max_board_runs: one_run(),
            bomb_pot: Chips::ZERO,
            showdown: ShowdownRules::default(),
        }
    }
}

/// Tournament options (`[tournament]`): `holdem_tourney::TournamentConfig`,
/// which `holdem_tourney::Tournament::with_config` runs as it is. Its sections
/// are `[tournament.event]` (format, table size, stack, structure and breaks,
/// payouts, table breaking, hand-for-hand, DET and the away rule),
/// `[tournament.entry]` (T1-T4), `[tournament.bounties]` (T16),
/// `[tournament.deal]` (T15), `chip-race` (T21) and `[tournament.det]` (T13).
pub type Tournament = TournamentConfig;

impl Rules {
    /// Whether these are tournament rules (a `[tournament]` section).
    #[must_use]
    pub fn is_tournament(&self) -> bool {
        self.tournament.is_some()
    }

    /// A one-paragraph summary for people: structure, stakes, house rules.
    #[must_use]
    pub fn summary(&self) -> String {
        let b = &self.betting;
        let structure = match b.structure {
            BettingStructure::FixedLimit { small_bet, big_bet } => {
                format!("fixed limit {}/{}", small_bet.get(), big_bet.get())
            }
            BettingStructure::PotLimit => "pot limit".to_owned(),
            BettingStructure::NoLimit => "no limit".to_owned(),
            // `BettingStructure` is non-exhaustive: name a future structure as is.
            other => format!("{other:?}"),
        };
        let mut lines = Vec::new();
        let title = if self.name.is_empty() {
            "rules"
        } else {
            self.name.as_str()
        };
        match &self.tournament {
            Some(t) => {
                let levels = &t.event.structure.levels;
                let first = levels
                    .first()
                    .map(|l| format!(", first level {}-{}", l.small_blind, l.big_blind))
                    .unwrap_or_default();
                lines.push(format!(
                    "{title}: {structure} tournament, {} levels{first}, starting stack {}",
                    levels.len(),
                    t.event.starting_stack
                ));
            }
            None => lines.push(format!(
                "{title}: {structure} cash game, blinds {}-{}",
                b.small_blind.unwrap_or(Chips::ZERO).get(),
                b.big_blind.unwrap_or(Chips::ZERO).get()
            )),
        }
        lines.push(format!(
            "button draw: {}",
            choice_name(&self.dealing.button_draw)
        ));
        lines.push(format!(
            "table: {} button, new players {}, moved players {}",
            choice_name(&self.table.button),
            choice_name(&self.table.new_player),
            choice_name(&self.table.moved_player)
        ));
        let mut house = Vec::new();
        if b.cap_lifted_heads_up {
            house.push("cap lifted heads-up");
        }
        if b.reraise_must_double {
            house.push("re-raise must double");
        }
        if b.incomplete_all_in == IncompleteAllInRule::FullRaiseOverLastFullBet {
            house.push("full raise over the last full bet after an incomplete all-in");
        }
        if b.time_out_all_in_protection {
            house.push("all-in protection on time-out");
        }
        let fixed = matches!(b.structure, BettingStructure::FixedLimit { .. });
        if fixed && !b.fixed_limit_half_bet {
            house.push("only a full bet or raise reopens fixed-limit betting");
        }
        let runs = format!("the board may run up to {} times", b.max_board_runs);
        if b.max_board_runs > 1 {
            house.push(&runs);
        }
        let bomb = format!("bomb pots of {}", b.bomb_pot.get());
        if !b.bomb_pot.is_zero() {
            house.push(&bomb);
        }
        if house.is_empty() {
            house.push("standard betting rules");
        }
        lines.push(format!("betting: {}", house.join(", ")));
        if self.rake.basis_points > 0 {
            let cap = self
                .rake
                .cap
                .map(|c| format!(", cap {}", c.get()))
                .unwrap_or_default();
            lines.push(format!(
                "rake: {}.{:02}%{cap}",
                self.rake.basis_points / 100,
                self.rake.basis_points % 100
            ));
        } else {
            lines.push("rake: none".to_owned());
        }
        lines.join("\n")
    }
}

/// The name a choice has in a rules file (`dead-button`, `high-card`), as
/// `holdem rules show` prints it.
pub(crate) fn choice_name<T: Serialize + std::fmt::Debug>(choice: &T) -> String {
    match toml::Value::try_from(choice) {
        Ok(toml::Value::String(name)) => name,
        _ => format!("{choice:?}"),
    }
}
