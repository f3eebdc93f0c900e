//! Card text (rule C7): lossless print/parse, card lists, and typed errors with
//! positions for malformed text, never a panic.

use holdem_cards::{Card, CardSet, ParseCardError, Rank, Suit, parse_cards};
use proptest::prelude::*;

fn card(text: &str) -> Card {
    text.parse().expect("valid card text in test")
}

#[test]
fn c7_every_card_round_trips() {
    for c in Card::ALL {
        let text = c.to_string();
        assert_eq!(text.len(), 2);
        assert_eq!(text.parse::<Card>(), Ok(c), "{text}");
    }
    assert_eq!(Card::new(Rank::Ten, Suit::Diamonds).to_string(), "Td");
}

#[test]
fn c7_accepted_spellings() {
    let ten_d = Card::new(Rank::Ten, Suit::Diamonds);
    for text in ["Td", "td", "10d", "TD", "10D"] {
        assert_eq!(text.parse::<Card>(), Ok(ten_d), "{text}");
    }
    assert_eq!(card("ah"), Card::new(Rank::Ace, Suit::Hearts));
    assert_eq!(card("2c").index(), 0);
    assert_eq!(card("As").index(), 51);
}

#[test]
fn c7_card_lists() {
    let expected = vec![card("Ah"), card("Kd")];
    for text in ["AhKd", "Ah Kd", "Ah,Kd", " Ah ,  Kd ", "AhKd\n"] {
        assert_eq!(parse_cards(text), Ok(expected.clone()), "{text:?}");
        assert_eq!(
            text.parse::<CardSet>(),
            Ok(CardSet::from_cards(&expected)),
            "{text:?}"
        );
    }
    assert_eq!(parse_cards("10d Jd"), Ok(vec![card("Td"), card("Jd")]));
    assert_eq!(parse_cards("10d10h"), Ok(vec![card("Td"), card("Th")]));
    assert_eq!(parse_cards(""), Ok(vec![]));
    // A set prints highest first; a list keeps its order.
    assert_eq!(
        "2c As Kd".parse::<CardSet>().map(|s| s.to_string()),
        Ok("AsKd2c".to_string())
    );
    assert_eq!(parse_cards("2c As"), Ok(vec![card("2c"), card("As")]));
}

#[test]
fn c7_malformed_text_names_position_and_character() {
    use ParseCardError::*;
    let cases: [(&str, ParseCardError); 10] = [
        (
            "Xh",
            BadRank {
                position: 0,
                found: 'X',
            },
        ),
        (
            "Ax",
            BadSuit {
                position: 1,
                found: 'x',
            },
        ),
        (
            "A",
            UnexpectedEnd {
                position: 1,
                expected: "a suit",
            },
        ),
        (
            "",
            UnexpectedEnd {
                position: 0,
                expected: "a rank",
            },
        ),
        (
            "1h",
            BadRank {
                position: 1,
                found: 'h',
            },
        ),
        (
            "1",
            UnexpectedEnd {
                position: 1,
                expected: "a rank",
            },
        ),
        (
            "Ahh",
            Trailing {
                position: 2,
                found: 'h',
            },
        ),
        (
            "Äh",
            BadRank {
                position: 0,
                found: 'Ä',
            },
        ),
        (
            "A♥",
            BadSuit {
                position: 1,
                found: '♥',
            },
        ),
        (
            "11d",
            BadRank {
                position: 1,
                found: '1',
            },
        ),
    ];
    for (text, err) in cases {
        assert_eq!(text.parse::<Card>(), Err(err), "{text:?}");
    }
    let list_cases: [(&str, ParseCardError); 4] = [
        (
            "Ah Kx",
            BadSuit {
                position: 4,
                found: 'x',
            },
        ),
        (
            "Ah K",
            UnexpectedEnd {
                position: 4,
                expected: "a suit",
            },
        ),
        (
            "Ah Äh",
            BadRank {
                position: 3,
                found: 'Ä',
            },
        ),
        (
            "Ah Kd ah",
            Duplicate {
                card: card("Ah"),
                position: 6,
            },
        ),
    ];
    for (text, err) in list_cases {
        assert_eq!(parse_cards(text), Err(err.clone()), "{text:?}");
        assert_eq!(text.parse::<CardSet>(), Err(err), "{text:?}");
    }
    let message = "Ah Kx"
        .parse::<CardSet>()
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert_eq!(
        message,
        Err("bad suit 'x' at position 4: expected c, d, h or s".to_string())
    );
}

proptest! {
    #[test]
    fn c7_card_set_round_trips(bits in any::<u64>()) {
        let set = CardSet::from_bits(bits & CardSet::FULL.bits()).expect("masked to card bits");
        let text = set.to_string();
        prop_assert_eq!(text.len(), 2 * set.len() as usize);
        prop_assert_eq!(text.parse::<CardSet>(), Ok(set));
        let listed = parse_cards(&text).expect("printed text parses");
        prop_assert_eq!(CardSet::from_cards(&listed), set);
    }

    #[test]
    fn c7_card_lists_round_trip_in_order(indices in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 0..=52), sep in "[ ,]{0,2}") {
        let cards: Vec<Card> = indices.iter().filter_map(|&i| Card::from_index(i)).collect();
        let text: Vec<String> = cards.iter().map(Card::to_string).collect();
        prop_assert_eq!(parse_cards(&text.join(&sep)), Ok(cards));
    }

    #[test]
    fn c7_random_text_never_panics(text in any::<String>()) {
        let _ = text.parse::<Card>();
        let _ = text.parse::<CardSet>();
        let _ = parse_cards(&text);
    }

    #[test]
    fn c7_card_like_text_parses_or_errors_inside_the_input(text in "[0-9TJQKAtjqkacdhsx♥Ä ,]{0,14}") {
        match parse_cards(&text) {
            Ok(cards) => {
                // Whatever parsed prints back to text that parses to the same cards.
                let again: Vec<String> = cards.iter().map(Card::to_string).collect();
                prop_assert_eq!(parse_cards(&again.join(" ")), Ok(cards));
            }
            Err(e) => {
                let position = match e {
                    ParseCardError::UnexpectedEnd { position, .. }
                    | ParseCardError::BadRank { position, .. }
                    | ParseCardError::BadSuit { position, .. }
                    | ParseCardError::Trailing { position, .. }
                    | ParseCardError::Duplicate { position, .. } => position,
                    _ => 0,
                };
                prop_assert!(position <= text.len());
                prop_assert!(text.is_char_boundary(position));
            }
        }
    }
}
