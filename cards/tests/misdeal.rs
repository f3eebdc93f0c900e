//! Misdeal handling (rule C6): the ruling on cards exposed by the dealer.

use holdem_cards::{DeckError, ExposedCardRuling, MisdealRules, SingleExposedCard};

#[test]
fn c6_seed_002_two_exposed_cards_are_a_misdeal_one_is_replaced_and_burned() {
    let rules = MisdealRules::default();
    assert_eq!(rules.misdeal_exposed_cards, 2);
    assert_eq!(rules.ruling(0), ExposedCardRuling::DealGoesOn);
    assert_eq!(
        rules.ruling(1),
        ExposedCardRuling::ReplaceAndBurn { cards: 1 }
    );
    assert_eq!(rules.ruling(2), ExposedCardRuling::Misdeal);
    assert_eq!(rules.ruling(7), ExposedCardRuling::Misdeal);
    assert!(rules.grants_reshuffle_request());
    assert_eq!(rules.validate(), Ok(()));
}

#[test]
fn c6_any_exposed_card_is_a_misdeal_when_the_house_says_so() {
    let strict = MisdealRules {
        single_exposed_card: SingleExposedCard::Misdeal,
        reshuffle_on_request: false,
        ..MisdealRules::default()
    };
    assert_eq!(strict.ruling(0), ExposedCardRuling::DealGoesOn);
    assert_eq!(strict.ruling(1), ExposedCardRuling::Misdeal);
    assert!(!strict.grants_reshuffle_request());
    // A higher threshold replaces every card below it.
    let lenient = MisdealRules {
        misdeal_exposed_cards: 3,
        ..MisdealRules::default()
    };
    assert_eq!(
        lenient.ruling(2),
        ExposedCardRuling::ReplaceAndBurn { cards: 2 }
    );
    assert_eq!(lenient.ruling(3), ExposedCardRuling::Misdeal);
}

#[test]
fn c6_a_zero_threshold_is_refused_and_rules_any_exposure_a_misdeal() {
    let zero = MisdealRules {
        misdeal_exposed_cards: 0,
        ..MisdealRules::default()
    };
    assert_eq!(zero.validate(), Err(DeckError::MisdealThreshold));
    assert!(zero.validate().unwrap_err().to_string().contains("C6"));
    assert_eq!(zero.ruling(0), ExposedCardRuling::DealGoesOn);
    assert_eq!(zero.ruling(1), ExposedCardRuling::Misdeal);
}
