//! Serde forms (feature `serde`): cards as text in human-readable formats and as
//! one byte in binary ones; every public data type round-trips.
#![cfg(feature = "serde")]

use holdem_cards::{
    BoardStreet, ButtonDraw, Card, CardSet, DealStep, Deck, Rank, Suit, deal_hand, draw_button,
};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn json_round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(
    value: &T,
) -> String {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
    let bytes = postcard::to_allocvec(value).expect("serializes");
    let back: T = postcard::from_bytes(&bytes).expect("deserializes");
    assert_eq!(&back, value);
    text
}

#[test]
fn c7_card_is_text_in_json_and_one_byte_in_postcard() {
    let ah = Card::new(Rank::Ace, Suit::Hearts);
    assert_eq!(json_round_trip(&ah), "\"Ah\"");
    assert_eq!(
        postcard::to_allocvec(&ah).expect("serializes"),
        vec![ah.index()]
    );
    assert_eq!(
        serde_json::from_str::<Card>("\"10d\"").ok(),
        Some(Card::new(Rank::Ten, Suit::Diamonds))
    );
    let err = serde_json::from_str::<Card>("\"Ax\"")
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert!(err.is_err_and(|e| e.contains("position 1")));
    assert!(
        postcard::from_bytes::<Card>(&[52]).is_err(),
        "index 52 is not a card (rule C1)"
    );
}

#[test]
fn c7_card_set_is_text_in_json() {
    let set: CardSet = "Ah Kd 2c".parse().expect("valid list");
    assert_eq!(json_round_trip(&set), "\"AhKd2c\"");
    assert!(serde_json::from_str::<CardSet>("\"AhAh\"").is_err());
    assert!(
        postcard::from_bytes::<CardSet>(&postcard::to_allocvec(&u64::MAX).expect("ser")).is_err()
    );
    json_round_trip(&Rank::Queen);
    json_round_trip(&Suit::Spades);
}

#[test]
fn c5_button_draw_policies_are_kebab_case() {
    let names = [
        "\"seat-one\"",
        "\"high-card\"",
        "\"first-ace\"",
        "\"random\"",
        "\"first-seated\"",
    ];
    let policies = [
        ButtonDraw::SeatOne,
        ButtonDraw::HighCard,
        ButtonDraw::FirstAce,
        ButtonDraw::Random,
        ButtonDraw::FirstSeated,
    ];
    for (name, policy) in names.iter().zip(policies) {
        assert_eq!(json_round_trip(&policy), *name);
    }
    let mut deck = Deck::seeded(6);
    let draw = draw_button(
        ButtonDraw::HighCard,
        &[3u8, 8],
        &[],
        &mut deck,
        &mut ChaCha20Rng::seed_from_u64(0),
    )
    .expect("valid draw");
    assert_eq!(
        json_round_trip(&draw),
        r#"{"button":8,"dealt":[[3,"Ac"],[8,"As"]]}"#
    );
}

#[test]
fn c3_c4_deal_types_round_trip() {
    assert_eq!(
        json_round_trip(&DealStep::Hole { seat: 2, round: 1 }),
        r#"{"hole":{"seat":2,"round":1}}"#
    );
    json_round_trip(&DealStep::Burn { index: 0 });
    json_round_trip(&BoardStreet::River);
    let hand = deal_hand(&mut Deck::seeded(1), 3, 0).expect("enough cards");
    json_round_trip(&hand);
}

#[test]
fn c1_deck_round_trips_its_undealt_order() {
    let mut deck = Deck::seeded(8);
    deck.deal().expect("52 cards");
    let text = json_round_trip(&deck);
    assert!(text.starts_with("[\"6c\",\"7c\""), "{text}");
    assert!(
        serde_json::from_str::<Deck>(r#"["Ah","Ah"]"#).is_err(),
        "a duplicate card is not a deck"
    );
}

#[test]
fn c6_misdeal_rules_are_kebab_case() {
    use holdem_cards::{MisdealRules, SingleExposedCard};
    let rules = MisdealRules {
        misdeal_exposed_cards: 3,
        single_exposed_card: SingleExposedCard::Misdeal,
        reshuffle_on_request: false,
    };
    assert_eq!(
        json_round_trip(&rules),
        r#"{"misdeal-exposed-cards":3,"single-exposed-card":"misdeal","reshuffle-on-request":false}"#
    );
    assert_eq!(
        json_round_trip(&SingleExposedCard::ReplaceAndBurn),
        "\"replace-and-burn\""
    );
}
