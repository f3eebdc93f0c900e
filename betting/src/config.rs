//! [`HandConfig`]: the betting structure, forced bets and house rules of one hand.

use holdem_pots::{Chips, OddChipOrder, RakePolicy};

use crate::HandError;

/// The three betting structures (rule B1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")
)]
#[non_exhaustive]
pub enum BettingStructure {
    /// Fixed limit (B9): bets and raises are exactly `small_bet` before the flop and on
    /// the flop, `big_bet` on the turn and river.
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

/// The betting structure of each street of a mixed-limit hand (rule B28, house rule):
/// PokerStars' "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop" is
/// [`StreetStructures::POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP`]. Each street follows its
/// own structure as if the whole hand were played in it: a fixed-limit street bets its
/// own `small_bet` (pre-flop, flop) or `big_bet` (turn, river) and is capped by
/// [`HandConfig::max_bets_per_round`]; a pot-limit street is capped at the pot (B11).
/// TOML and JSON (kebab-case): `preflop`, `flop`, `turn`, `river`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "kebab-case", deny_unknown_fields)
)]
pub struct StreetStructures {
    /// The structure before the flop.
    pub preflop: BettingStructure,
    /// The structure on the flop.
    pub flop: BettingStructure,
    /// The structure on the turn.
    pub turn: BettingStructure,
    /// The structure on the river.
    pub river: BettingStructure,
}

impl StreetStructures {
    /// Pot limit before the flop, no limit after (PokerStars PL/NL).
    pub const POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP: StreetStructures = StreetStructures {
        preflop: BettingStructure::PotLimit,
        flop: BettingStructure::NoLimit,
        turn: BettingStructure::NoLimit,
        river: BettingStructure::NoLimit,
    };

    /// The same structure on every street.
    #[must_use]
    pub const fn uniform(structure: BettingStructure) -> StreetStructures {
        StreetStructures {
            preflop: structure,
            flop: structure,
            turn: structure,
            river: structure,
        }
    }

    /// The structure of `street`.
    #[must_use]
    #[inline]
    pub const fn on(&self, street: crate::Street) -> BettingStructure {
        match street {
            crate::Street::Preflop => self.preflop,
            crate::Street::Flop => self.flop,
            crate::Street::Turn => self.turn,
            crate::Street::River => self.river,
        }
    }

    /// The four streets' structures, pre-flop first.
    #[must_use]
    pub const fn all(&self) -> [BettingStructure; 4] {
        [self.preflop, self.flop, self.turn, self.river]
    }
}

/// How large the next raise must be after an all-in that raised by less than a full
/// raise (rule B12). Either way such an all-in does not reopen the betting to players
/// who already acted.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum IncompleteAllInRule {
    /// The last full raise increment on top of the all-in amount (bet 100, raise to
    /// 300, all-in 350 → next raise to at least 550). The common TDA rule; default.
    #[default]
    StandardLastFullIncrement,
    /// A full raise over the last full bet (seed 002 example 1: → at least 500).
    FullRaiseOverLastFullBet,
}

/// Showdown and mucking house rules (rule B21). TOML (kebab-case):
/// `losers-may-muck`, `winner-must-show-both-cards`, `all-in-hands-face-up`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", default))]
pub struct ShowdownRules {
    /// A player who cannot win may muck instead of showing (seeds 001, 003, 004).
    /// When `false`, [`crate::Input::Muck`] at showdown is refused: every contender
    /// shows ([`crate::HandError::MuckNotAllowed`]).
    pub losers_may_muck: bool,
    /// A winner must show both hole cards to be awarded the pot (seed 002): a
    /// contender who mucks gives up its claim. When `false`, a contender whose two
    /// hole cards the hand knows (dealt by a [`crate::Dealer`], or shown) keeps its
    /// claim when it mucks: the pot is awarded on the cards the dealer saw.
    pub winner_must_show_both_cards: bool,
    /// When betting is over with a player all-in, every hand is turned face up
    /// (seed 002). When `false`, the hand goes to the ordinary show-or-muck
    /// showdown after the run-out.
    pub all_in_hands_face_up: bool,
}

impl Default for ShowdownRules {
    /// The common rule: losers may muck, a winner shows both cards, hands are tabled
    /// once a player is all-in and betting is over.
    fn default() -> Self {
        ShowdownRules {
            losers_may_muck: true,
            winner_must_show_both_cards: true,
            all_in_hands_face_up: true,
        }
    }
}

/// Everything that fixes the rules of one hand: structure (B1), forced bets (B2, B5),
/// house rules (B9, B10, B12, B16, B25-B27), rake (B23) and chip unit (B24).
///
/// `Default` is no limit with blinds 1-2, no antes and every house rule at the
/// standard choice of RULES.md. Build one with [`HandConfig::no_limit`],
/// [`HandConfig::pot_limit`] or [`HandConfig::fixed_limit`] and adjust the public
/// fields; [`HandConfig::validate`] is called by [`crate::Hand::new`].
///
/// ```
/// use holdem_betting::{BettingStructure, HandConfig};
/// use holdem_pots::Chips;
///
/// // B2: $5/$10 limit, big blind $5, small blind half of it rounded down: $2.
/// let config = HandConfig::fixed_limit(Chips(5), Chips(10));
/// assert_eq!((config.small_blind, config.big_blind), (Chips(2), Chips(5)));
/// assert!(config.validate().is_ok());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", default))]
pub struct HandConfig {
    /// Fixed, pot or no limit (B1): the structure of every street, or of the
    /// pre-flop street of a mixed-limit hand (then it must equal
    /// `street_structures.preflop`).
    pub structure: BettingStructure,
    /// Mixed limits (B28, house rule): a structure per street. `None`, the default,
    /// plays `structure` on every street. Read it through
    /// [`HandConfig::structure_on`].
    pub street_structures: Option<StreetStructures>,
    /// The small blind (B2). Zero for no small blind.
    pub small_blind: Chips,
    /// The big blind (B2); also the smallest bet in pot and no limit (B10).
    pub big_blind: Chips,
    /// The ante every dealt player posts (B5); zero for none.
    pub ante: Chips,
    /// A big-blind ante: the big blind posts this much dead money for the table (B5
    /// variant used by real histories); zero for none.
    pub big_blind_ante: Chips,
    /// The smallest chip (B24): every amount must be a whole multiple of it.
    pub chip_unit: Chips,
    /// Bets per round in fixed limit, the opening bet included (B9: one bet and three
    /// raises = 4). Pot and no limit have no cap (000 1.6).
    pub max_bets_per_round: u8,
    /// House rule (004): the fixed-limit cap does not apply with two players left.
    pub cap_lifted_heads_up: bool,
    /// House rule (004): a re-raise must at least double the amount raised to before.
    pub reraise_must_double: bool,
    /// The minimum raise after an incomplete all-in (B12).
    pub incomplete_all_in: IncompleteAllInRule,
    /// Fixed limit, the half-bet rule (B25, the standard; `true` by default): an
    /// all-in bet or raise of at least half a full bet counts as a full bet or raise
    /// (it reopens the betting, the next raise is a full bet on top of it, and it
    /// counts toward the cap), and a player who already acted may raise again once
    /// the bet has grown by half a bet or more since. `false` is the house rule where
    /// only a full bet or raise counts. Ignored in pot and no limit.
    pub fixed_limit_half_bet: bool,
    /// House rule (001): a player who times out facing a bet with chips already in the
    /// pot is all-in for what they put in instead of folding (B16).
    pub time_out_all_in_protection: bool,
    /// A bomb pot (B27, house rule; zero, the default, for an ordinary hand): every
    /// dealt-in player puts in this much ([`crate::PostKind::BombPot`], all-in when
    /// short) instead of the blinds and antes, there is no pre-flop betting, and play
    /// starts on the flop with the first active player left of the button. The blinds
    /// still size the bets (B10). A bomb pot takes no [`crate::ForcedBets`], dead or
    /// extra blinds.
    pub bomb_pot: Chips,
    /// Run it twice or three times (B26, house rule for cash games): the most runs
    /// of the board players may agree to ([`crate::Input::OfferRuns`]) once no more
    /// betting is possible. 1, the default, is off; 2 or 3.
    pub max_board_runs: u8,
    /// The rake (B23); [`RakePolicy::NONE`] for tournaments.
    pub rake: RakePolicy,
    /// Showdown and mucking house rules (B21).
    pub showdown: ShowdownRules,
    /// The order a split pot's odd chips go in (P3): from the first winner left
    /// of the button, the default, or a house order (a site's, recorded with its
    /// history).
    pub odd_chips: OddChipOrder,
}

impl Default for HandConfig {
    fn default() -> HandConfig {
        HandConfig::no_limit(Chips(2))
    }
}

/// The small blind for a big blind: half of it rounded down to the chip unit (B2).
#[must_use]
pub fn half_rounded_down(big_blind: Chips, unit: Chips) -> Chips {
    let half = big_blind.get() / 2;
    let unit = unit.get().max(1);
    Chips(half - half % unit)
}

impl HandConfig {
    fn standard(structure: BettingStructure, big_blind: Chips) -> HandConfig {
        HandConfig {
            structure,
            street_structures: None,
            small_blind: half_rounded_down(big_blind, Chips(1)),
            big_blind,
            ante: Chips::ZERO,
            big_blind_ante: Chips::ZERO,
            chip_unit: Chips(1),
            max_bets_per_round: 4,
            cap_lifted_heads_up: false,
            reraise_must_double: false,
            incomplete_all_in: IncompleteAllInRule::StandardLastFullIncrement,
            fixed_limit_half_bet: true,
            time_out_all_in_protection: false,
            bomb_pot: Chips::ZERO,
            max_board_runs: 1,
            rake: RakePolicy::NONE,
            showdown: ShowdownRules::default(),
            odd_chips: OddChipOrder::LeftOfButton,
        }
    }

    /// No limit with this big blind and a small blind of half of it rounded down (B2).
    #[must_use]
    pub fn no_limit(big_blind: Chips) -> HandConfig {
        HandConfig::standard(BettingStructure::NoLimit, big_blind)
    }

    /// Pot limit with this big blind and a small blind of half of it rounded down (B2).
    #[must_use]
    pub fn pot_limit(big_blind: Chips) -> HandConfig {
        HandConfig::standard(BettingStructure::PotLimit, big_blind)
    }

    /// Fixed limit `small_bet`/`big_bet`: the big blind is the small bet and the small
    /// blind half of it rounded down (B2, B9: $5/$10 → blinds $2 and $5).
    #[must_use]
    pub fn fixed_limit(small_bet: Chips, big_bet: Chips) -> HandConfig {
        HandConfig::standard(
            BettingStructure::FixedLimit { small_bet, big_bet },
            small_bet,
        )
    }

    /// Mixed limits (B28): `streets` with this big blind and a small blind of half of
    /// it rounded down (B2); `structure` is the pre-flop structure.
    ///
    /// ```
    /// use holdem_betting::{BettingStructure, HandConfig, Street, StreetStructures};
    /// use holdem_pots::Chips;
    ///
    /// let config = HandConfig::mixed(
    ///     Chips(2),
    ///     StreetStructures::POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP,
    /// );
    /// assert_eq!(config.structure_on(Street::Preflop), BettingStructure::PotLimit);
    /// assert_eq!(config.structure_on(Street::River), BettingStructure::NoLimit);
    /// assert!(config.validate().is_ok());
    /// ```
    #[must_use]
    pub fn mixed(big_blind: Chips, streets: StreetStructures) -> HandConfig {
        let mut config = HandConfig::standard(streets.preflop, big_blind);
        config.street_structures = Some(streets);
        config
    }

    /// The betting structure of `street`: `street_structures` where set (B28),
    /// else `structure`.
    #[must_use]
    #[inline(always)]
    pub fn structure_on(&self, street: crate::Street) -> BettingStructure {
        match &self.street_structures {
            None => self.structure,
            Some(streets) => streets.on(street),
        }
    }

    /// The same config with these blinds (002: 25-50).
    #[must_use]
    pub fn with_blinds(mut self, small_blind: Chips, big_blind: Chips) -> HandConfig {
        self.small_blind = small_blind;
        self.big_blind = big_blind;
        self
    }

    /// The same config with an ante for every dealt player (B5).
    #[must_use]
    pub fn with_ante(mut self, ante: Chips) -> HandConfig {
        self.ante = ante;
        self
    }

    /// Checks the config is playable: a positive big blind and chip unit, blinds and
    /// bets in whole units (B24), a small blind no larger than the big blind, no
    /// amount above [`crate::MAX_TOTAL_CHIPS`].
    ///
    /// # Errors
    /// [`HandError::InvalidConfig`] naming the field and the rule.
    pub fn validate(&self) -> Result<(), HandError> {
        let unit = self.chip_unit.get();
        if unit == 0 {
            return Err(HandError::InvalidConfig {
                field: "chip-unit",
                reason: "must be at least 1 (B24)",
            });
        }
        if self.big_blind.is_zero() {
            return Err(HandError::InvalidConfig {
                field: "big-blind",
                reason: "must be positive: it is the smallest bet (B10)",
            });
        }
        if self.small_blind > self.big_blind {
            return Err(HandError::InvalidConfig {
                field: "small-blind",
                reason: "must not exceed the big blind (B2)",
            });
        }
        let amounts = [
            ("small-blind", self.small_blind),
            ("big-blind", self.big_blind),
            ("ante", self.ante),
            ("big-blind-ante", self.big_blind_ante),
            ("bomb-pot", self.bomb_pot),
        ];
        for (field, amount) in amounts.into_iter().chain([("chip-unit", self.chip_unit)]) {
            // Sums of a few bets of this size stay within a `u64`.
            if amount > crate::MAX_TOTAL_CHIPS {
                return Err(HandError::InvalidConfig {
                    field,
                    reason: "must not exceed the most chips a hand holds (MAX_TOTAL_CHIPS)",
                });
            }
        }
        for (field, amount) in amounts {
            // (A unit of one needs no division.)
            if unit > 1 && amount.get() % unit != 0 {
                return Err(HandError::InvalidConfig {
                    field,
                    reason: "must be a whole number of chip units (B24)",
                });
            }
        }
        if let Some(streets) = &self.street_structures {
            if streets.preflop != self.structure {
                return Err(HandError::InvalidConfig {
                    field: "structure",
                    reason: "must equal street-structures.preflop in a mixed-limit hand (B28)",
                });
            }
        }
        let structures = match &self.street_structures {
            None => [self.structure; 4],
            Some(streets) => streets.all(),
        };
        for structure in structures {
            self.validate_structure(structure)?;
        }
        if !(1..=crate::MAX_BOARD_RUNS).contains(&self.max_board_runs) {
            return Err(HandError::InvalidConfig {
                field: "max-board-runs",
                reason: "must be 1 (off), 2 or 3 (B26)",
            });
        }
        self.rake.validate().map_err(|_| HandError::InvalidConfig {
            field: "rake",
            reason: "rate above 100% (B23)",
        })?;
        Ok(())
    }

    /// The checks of one street's structure (B9, B24).
    fn validate_structure(&self, structure: BettingStructure) -> Result<(), HandError> {
        let unit = self.chip_unit.get();
        let field = if self.street_structures.is_some() {
            "street-structures"
        } else {
            "structure"
        };
        if let BettingStructure::FixedLimit { small_bet, big_bet } = structure {
            if small_bet.is_zero() || big_bet.is_zero() {
                return Err(HandError::InvalidConfig {
                    field,
                    reason: "fixed-limit bets must be positive (B9)",
                });
            }
            if small_bet.max(big_bet) > crate::MAX_TOTAL_CHIPS {
                return Err(HandError::InvalidConfig {
                    field,
                    reason: "fixed-limit bets must not exceed the most chips a hand holds (MAX_TOTAL_CHIPS)",
                });
            }
            if small_bet.get() % unit != 0 || big_bet.get() % unit != 0 {
                return Err(HandError::InvalidConfig {
                    field,
                    reason: "fixed-limit bets must be whole chip units (B24)",
                });
            }
            if self.max_bets_per_round == 0 {
                return Err(HandError::InvalidConfig {
                    field: "max-bets-per-round",
                    reason: "must allow at least the opening bet (B9)",
                });
            }
        }
        Ok(())
    }

    /// No limit, the standard minimum raise after a short all-in, no re-raise
    /// doubling: the configuration whose betting limits take the shortest path.
    pub(crate) fn is_plain_no_limit(&self) -> bool {
        matches!(self.structure, BettingStructure::NoLimit)
            && self.street_structures.is_none()
            && matches!(
                self.incomplete_all_in,
                crate::IncompleteAllInRule::StandardLastFullIncrement
            )
            && !self.reraise_must_double
    }

    /// The fixed-limit bet size on `street`, or `None` where `street` is played in pot
    /// or no limit (B9, B28).
    #[must_use]
    pub fn fixed_bet(&self, street: crate::Street) -> Option<Chips> {
        match self.structure_on(street) {
            BettingStructure::FixedLimit { small_bet, big_bet } => Some(match street {
                crate::Street::Preflop | crate::Street::Flop => small_bet,
                crate::Street::Turn | crate::Street::River => big_bet,
            }),
            _ => None,
        }
    }
}
