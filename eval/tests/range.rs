//! Hand ranges in the usual notation: what each item means, errors with
//! positions, compact display that parses back to the same range.

use holdem_cards::{Card, CardSet, parse_hole};
use holdem_eval::range::COMBOS;
use holdem_eval::{ParseRangeError, Range};
use proptest::prelude::*;

fn range(text: &str) -> Range {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn hole(text: &str) -> [Card; 2] {
    parse_hole(text).expect("test hole cards")
}

#[test]
fn range_items_hold_the_combinations_the_notation_names() {
    let cases: &[(&str, usize)] = &[
        ("QQ", 6),
        ("QQ+", 18),
        ("22+", 78),
        ("22-55", 24),
        ("55-22", 24),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("KA", 16),
        ("KTs+", 12),
        ("KT+", 48),
        ("76s+", 32),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("A5-A2", 64),
        ("T9s-54s", 24),
        ("AhKh", 1),
        ("random", COMBOS),
        ("any", COMBOS),
        ("QQ+, AKs, A5s-A2s, 76s+, KQo", 18 + 16 + 32 + 12), // AKs is in 76s+
        ("", 0),
        (" , ,", 0),
        ("qq+ aks", 22),
        ("AA,KK", 12),
        ("AKs AhKd", 5),
    ];
    for &(text, combos) in cases {
        assert_eq!(range(text).len(), combos, "{text}");
    }
    let r = range("KTs+");
    for yes in ["KhTh", "KsJs", "KcQc"] {
        assert!(r.contains(hole(yes)), "{yes}");
    }
    for no in ["Kh9h", "KhTs", "AhKh"] {
        assert!(!r.contains(hole(no)), "{no}");
    }
    let r = range("76s+");
    for yes in ["7h6h", "AsKs", "QdJd"] {
        assert!(r.contains(hole(yes)), "{yes}");
    }
    assert!(!r.contains(hole("6h5h")));
    assert!(!r.contains(hole("7h5h")));
}

#[test]
fn range_weights_apply_per_item_and_later_items_win() {
    let r = range("AKs:0.5, QQ+:0.25, AA");
    assert_eq!(r.weight(hole("AhKh")), 0.5);
    assert_eq!(r.weight(hole("QhQd")), 0.25);
    assert_eq!(r.weight(hole("AhAd")), 1.0);
    assert_eq!(r.weight(hole("AhKd")), 0.0);
    let r = range("AA, AhAd:0.5");
    assert_eq!(r.weight(hole("AdAh")), 0.5);
    assert_eq!(r.len(), 6);
    assert_eq!(r.to_string(), "AsAh, AsAd, AsAc, AhAd:0.5, AhAc, AdAc");
}

#[test]
fn range_errors_say_what_and_where() {
    let err = |text: &str| text.parse::<Range>().unwrap_err();
    assert_eq!(
        err("QQ+, AXs"),
        ParseRangeError::BadRank {
            position: 6,
            found: 'X'
        }
    );
    assert_eq!(
        err("AKs, QQs"),
        ParseRangeError::SuitedPair {
            position: 7,
            found: 's'
        }
    );
    assert_eq!(
        err("A"),
        ParseRangeError::UnexpectedEnd {
            position: 1,
            expected: "a rank"
        }
    );
    assert_eq!(
        err("AhKx"),
        ParseRangeError::BadSuit {
            position: 3,
            found: 'x'
        }
    );
    assert_eq!(
        err("22, AhAh"),
        ParseRangeError::SameCard {
            card: "Ah".parse().unwrap(),
            position: 6
        }
    );
    assert_eq!(
        err("AKs:1.5"),
        ParseRangeError::BadWeight {
            position: 4,
            found: "1.5".into()
        }
    );
    assert_eq!(
        err("AKs:0"),
        ParseRangeError::BadWeight {
            position: 4,
            found: "0".into()
        }
    );
    assert_eq!(
        err("AKs:"),
        ParseRangeError::BadWeight {
            position: 4,
            found: String::new()
        }
    );
    assert!(matches!(
        err("A5s-K2s"),
        ParseRangeError::BadSpan { position: 3, .. }
    ));
    assert!(matches!(
        err("22-A5s"),
        ParseRangeError::BadSpan { position: 2, .. }
    ));
    assert!(matches!(
        err("A5s-A2o"),
        ParseRangeError::BadSpan { position: 3, .. }
    ));
    assert_eq!(
        err("QQ+x"),
        ParseRangeError::Unexpected {
            position: 3,
            found: 'x',
            expected: "a separator or `:` after `+`"
        }
    );
    assert_eq!(
        err("AKx"),
        ParseRangeError::Unexpected {
            position: 2,
            found: 'x',
            expected: "`+`, `-`, `:` or a separator"
        }
    );
    assert_eq!(
        err("AK-"),
        ParseRangeError::UnexpectedEnd {
            position: 3,
            expected: "a hand after `-`"
        }
    );
    let message = err("QQ+, AXs").to_string();
    assert!(
        message.contains("position 6") && message.contains("'X'"),
        "{message}"
    );
}

#[test]
fn range_displays_compactly() {
    for (text, shown) in [
        ("QQ+, AKs, A5s-A2s, KQo", "QQ+, AKs, A5s-A2s, KQo"),
        ("AKs, AKo", "AK"),
        ("KTs+, KTo+", "KT+"),
        ("22-55", "55-22"),
        ("AA, KK", "KK+"),
        ("TT-88:0.5", "TT-88:0.5"),
        ("76s+", "AKs, KQs, QJs, JTs, T9s, 98s, 87s, 76s"),
        ("random", "random"),
        ("any:0.5", "random:0.5"),
        ("AhKh, 2c2d", "AhKh, 2d2c"),
        ("", ""),
    ] {
        assert_eq!(range(text).to_string(), shown, "{text}");
    }
}

#[test]
fn range_dead_cards_take_out_combinations() {
    let mut r = range("AA, AKs");
    let dead: CardSet = "Ah 2c".parse().unwrap();
    assert_eq!(r.without(dead).len(), 3 + 3);
    r.remove_dead(dead);
    assert_eq!(r.len(), 6);
    assert!(
        r.iter()
            .all(|(h, _)| !dead.contains(h[0]) && !dead.contains(h[1]))
    );
    assert!(r.remove(hole("AsAd")));
    assert!(!r.remove(hole("AsAd")));
    assert!(r.insert(hole("2d3d")));
    assert!(r.set_weight(hole("2d3d"), 1.5).is_err());
    assert_eq!(r.weight(hole("3d2d")), 1.0);
    assert_eq!(r.iter().count(), r.len());
    let built: Range = [hole("AhKh"), hole("KhAh")].into_iter().collect();
    assert_eq!(built.len(), 1);
}

/// A random range: some whole hand classes and some single combinations, with
/// weights from a small set (so that runs of one weight occur) or arbitrary.
fn arb_range() -> impl Strategy<Value = Range> {
    let weight = prop_oneof![
        3 => Just(1.0f32),
        1 => Just(0.5f32),
        1 => (1u32..=1000).prop_map(|k| k as f32 / 1000.0),
        1 => (1u32..=u32::MAX).prop_map(|k| k as f32 / u32::MAX as f32),
    ];
    let classes = prop::collection::vec((0u8..13, 0u8..13, 0u8..3, weight.clone()), 0..40);
    let combos = prop::collection::vec((0u8..52, 0u8..52, weight), 0..20);
    (classes, combos, any::<bool>()).prop_map(|(classes, combos, everything)| {
        let mut text = String::new();
        if everything {
            text.push_str("random:0.25, ");
        }
        for (a, b, kind, w) in classes {
            let r = |i: u8| holdem_cards::Rank::ALL[i as usize].to_char();
            let suffix = if a == b {
                ""
            } else {
                ["s", "o", ""][kind as usize]
            };
            text.push_str(&format!("{}{}{suffix}:{w}, ", r(a), r(b)));
        }
        let mut range: Range = text.parse().expect("generated range text");
        for (a, b, w) in combos {
            let (a, b) = (Card::ALL[a as usize], Card::ALL[b as usize]);
            range.set_weight([a, b], w).expect("weight in (0, 1]");
        }
        range
    })
}

proptest! {
    #[test]
    fn range_display_then_parse_gives_the_same_range(r in arb_range()) {
        let text = r.to_string();
        let back: Range = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &r, "{}", text);
    }

    #[test]
    fn range_parsing_never_panics(text in "[AKQJT98765432scdhoa+:,. -]{0,24}") {
        let _ = text.parse::<Range>();
    }

    #[test]
    fn range_parsing_never_panics_on_any_text(text in "(\\PC|[AKQ2sdho+:,. -]){0,24}") {
        if let Err(e) = text.parse::<Range>() {
            let _ = e.to_string();
        }
    }
}
