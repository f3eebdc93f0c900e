//! Misdeal handling (rule C6): what a card exposed by the dealer during the deal
//! leads to. A dealing option owned by this crate; `holdem_rules_config`
//! composes it as `[dealing.misdeal]`.

use crate::DeckError;

/// Misdeal handling (rule C6), a house rule.
///
/// With the `serde` feature the keys are kebab-case:
/// `misdeal-exposed-cards = 2`, `single-exposed-card = "replace-and-burn"`,
/// `reshuffle-on-request = true`. `Default` is seed 002, which is also the common
/// card-room rule.
///
/// ```
/// use holdem_cards::{ExposedCardRuling, MisdealRules};
///
/// let rules = MisdealRules::default(); // seed 002
/// assert_eq!(rules.ruling(0), ExposedCardRuling::DealGoesOn);
/// assert_eq!(rules.ruling(1), ExposedCardRuling::ReplaceAndBurn { cards: 1 });
/// assert_eq!(rules.ruling(2), ExposedCardRuling::Misdeal);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct MisdealRules {
    /// How many cards exposed by the dealer during the deal make a misdeal
    /// (`misdeal-exposed-cards`; seed 002: two or more). At least 1
    /// ([`MisdealRules::validate`]).
    pub misdeal_exposed_cards: u8,
    /// What happens to exposed cards below that threshold
    /// (`single-exposed-card`).
    pub single_exposed_card: SingleExposedCard,
    /// A player may ask for a reshuffle before the deal (`reshuffle-on-request`,
    /// seed 002).
    pub reshuffle_on_request: bool,
}

impl Default for MisdealRules {
    /// Seed 002: two exposed cards are a misdeal, a single one is replaced and
    /// burned, a player may ask for a reshuffle.
    fn default() -> Self {
        Self {
            misdeal_exposed_cards: 2,
            single_exposed_card: SingleExposedCard::ReplaceAndBurn,
            reshuffle_on_request: true,
        }
    }
}

/// What happens to a card exposed by the dealer below the misdeal threshold
/// (rule C6).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum SingleExposedCard {
    /// The deal goes on; the exposed card is replaced by the next card after the
    /// deal and becomes the first burn card (seed 002; standard).
    #[default]
    ReplaceAndBurn,
    /// Any exposed card is a misdeal.
    Misdeal,
}

/// The ruling on cards exposed by the dealer during one deal (rule C6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ExposedCardRuling {
    /// Nothing was exposed: the deal goes on.
    DealGoesOn,
    /// The deal goes on; each exposed card is replaced by the next card after the
    /// deal and the exposed cards become the first burn card(s).
    ReplaceAndBurn {
        /// How many cards are replaced.
        cards: u8,
    },
    /// A misdeal: reshuffle and redeal with the same button.
    Misdeal,
}

impl MisdealRules {
    /// Checks the rules can be applied: the misdeal threshold is at least 1.
    ///
    /// # Errors
    /// [`DeckError::MisdealThreshold`] when `misdeal_exposed_cards` is 0.
    pub const fn validate(&self) -> Result<(), DeckError> {
        if self.misdeal_exposed_cards == 0 {
            return Err(DeckError::MisdealThreshold);
        }
        Ok(())
    }

    /// The ruling when the dealer has exposed `exposed` cards during the deal.
    /// A threshold of 0 (refused by [`MisdealRules::validate`]) rules any
    /// exposure a misdeal.
    #[must_use]
    pub const fn ruling(&self, exposed: u8) -> ExposedCardRuling {
        if exposed == 0 {
            return ExposedCardRuling::DealGoesOn;
        }
        if exposed >= self.misdeal_exposed_cards {
            return ExposedCardRuling::Misdeal;
        }
        match self.single_exposed_card {
            SingleExposedCard::ReplaceAndBurn => {
                ExposedCardRuling::ReplaceAndBurn { cards: exposed }
            }
            SingleExposedCard::Misdeal => ExposedCardRuling::Misdeal,
        }
    }

    /// Whether a player's request for a reshuffle before the deal is granted.
    #[must_use]
    pub const fn grants_reshuffle_request(&self) -> bool {
        self.reshuffle_on_request
    }
}
