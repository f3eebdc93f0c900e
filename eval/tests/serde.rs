//! The `serde` feature: `HandRank` as its raw `u16` (validated), `Category` by name.
#![cfg(feature = "serde")]

use holdem_cards::CardSet;
use holdem_eval::{Category, Evaluator, HandRank, InvalidHandRank};

#[test]
fn category_round_trips_through_json_by_kebab_case_name() {
    for c in Category::ALL {
        let json = serde_json::to_string(&c).expect("serializes");
        assert_eq!(json, format!("\"{}\"", c.name().replace(' ', "-")));
        let back: Category = serde_json::from_str(&json).expect("parses");
        assert_eq!(back, c);
    }
    assert!(serde_json::from_str::<Category>("\"royal-flush\"").is_err());
}

#[test]
fn hand_rank_round_trips_through_json_as_its_raw_value() {
    let eval = Evaluator::new();
    let set: CardSet = "Kd 9h Ks 9c 4d 2s Ah".parse().expect("cards");
    let rank = eval.evaluate(set).expect("ranks");
    let json = serde_json::to_string(&rank).expect("serializes");
    assert_eq!(json, rank.raw().to_string());
    let back: HandRank = serde_json::from_str(&json).expect("parses");
    assert_eq!(back, rank);
    // Every one of the 7,462 valid ranks survives the trip.
    let mut n = 0;
    for raw in 0..=u16::MAX {
        let r = HandRank::from_raw(raw);
        if r.is_valid() {
            let back: HandRank =
                serde_json::from_str(&serde_json::to_string(&r).expect("ser")).expect("de");
            assert_eq!(back, r);
            n += 1;
        }
    }
    assert_eq!(n, 7462);
}

#[test]
fn hand_rank_deserialization_rejects_invalid_raw_values() {
    // 0 has no category; 0x1000 + 1277 is one past the last high card.
    for raw in [0u16, 0x1000 + 1277, 0xa000, u16::MAX] {
        let err = serde_json::from_str::<HandRank>(&raw.to_string()).expect_err("invalid");
        assert!(err.to_string().contains("not a valid hand rank"), "{err}");
        assert_eq!(HandRank::try_from(raw), Err(InvalidHandRank(raw)));
    }
    assert!(serde_json::from_str::<HandRank>("-1").is_err());
    assert!(serde_json::from_str::<HandRank>("\"9000\"").is_err());
}
