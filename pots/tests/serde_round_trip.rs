//! With the `serde` feature: settlements, policies and seats round-trip through JSON,
//! and out-of-range seats are rejected on the way in.
#![cfg(feature = "serde")]

use holdem_pots::{
    Chips, Contribution, RakePolicy, RakeRounding, RakeSource, Seat, SeatSet, SettleOptions,
    Settlement, Status, TableLayout, settle,
};

fn s(index: u8) -> Seat {
    Seat::new(index).expect("seat index in range")
}

#[test]
fn settlement_and_rake_policy_round_trip_through_json() {
    let rake = RakePolicy {
        basis_points: 500,
        rounding: RakeRounding::Nearest,
        cap: Some(Chips(3)),
        no_flop_no_drop: true,
        source: RakeSource::MainPotOnly,
    };
    let json = serde_json::to_string(&rake).expect("serializes");
    assert_eq!(
        serde_json::from_str::<RakePolicy>(&json).expect("parses"),
        rake
    );

    let hand = [
        Contribution::new(s(0), Chips(75), Status::AllIn),
        Contribution::new(s(1), Chips(100), Status::AllIn),
        Contribution::new(s(2), Chips(200), Status::AllIn),
    ];
    let table = TableLayout::new(6, s(5)).expect("table");
    let settlement = settle(
        table,
        &hand,
        &[(s(0), 2u8), (s(1), 2)],
        SettleOptions::raked(rake),
    )
    .expect("ok");
    let json = serde_json::to_string(&settlement).expect("serializes");
    let back: Settlement = serde_json::from_str(&json).expect("parses");
    assert_eq!(back, settlement);
    // Chips and seats are plain numbers in the text form.
    assert_eq!(serde_json::to_string(&Chips(42)).expect("ok"), "42");
    assert_eq!(serde_json::to_string(&s(7)).expect("ok"), "7");
}

#[test]
fn out_of_range_seat_and_seat_set_are_rejected_when_parsed() {
    assert!(serde_json::from_str::<Seat>("23").is_err());
    assert!(serde_json::from_str::<SeatSet>("4294967295").is_err());
    assert_eq!(serde_json::from_str::<Seat>("22").expect("ok"), s(22));
    let button_off_table = r#"{"seat-count":6,"button":6}"#;
    assert!(serde_json::from_str::<TableLayout>(button_off_table).is_err());
}

#[test]
fn text_forms_are_kebab_case_and_the_earlier_snake_case_table_still_reads() {
    let table = TableLayout::new(6, s(5)).expect("table");
    let json = serde_json::to_string(&table).expect("serializes");
    assert_eq!(json, r#"{"seat-count":6,"button":5}"#);
    let earlier: TableLayout =
        serde_json::from_str(r#"{"seat_count":6,"button":5}"#).expect("reads");
    assert_eq!(earlier, table);
    assert_eq!(
        serde_json::to_string(&Status::AllIn).expect("serializes"),
        r#""all-in""#
    );
}

#[test]
fn b23_rake_policy_text_form_is_kebab_case_and_keys_default_to_no_rake() {
    let rake = RakePolicy {
        basis_points: 500,
        rounding: RakeRounding::Nearest,
        cap: Some(Chips(3)),
        no_flop_no_drop: true,
        source: RakeSource::MainPotOnly,
    };
    let json = serde_json::to_string(&rake).expect("serializes");
    assert_eq!(
        json,
        r#"{"basis-points":500,"rounding":"nearest","cap":3,"no-flop-no-drop":true,"source":"main-pot-only"}"#
    );
    // Omitted keys take their value in RakePolicy::NONE.
    let partial: RakePolicy = serde_json::from_str(r#"{"basis-points":500}"#).expect("parses");
    assert_eq!(
        partial,
        RakePolicy {
            basis_points: 500,
            ..RakePolicy::NONE
        }
    );
    assert_eq!(
        serde_json::from_str::<RakePolicy>("{}").expect("parses"),
        RakePolicy::NONE
    );
    // The old snake_case and CamelCase spellings are refused, not mistaken.
    assert!(serde_json::from_str::<RakeRounding>(r#""Down""#).is_err());
    assert!(serde_json::from_str::<RakeSource>(r#""EachPot""#).is_err());
}
