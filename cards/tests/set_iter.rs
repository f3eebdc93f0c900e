//! `CardSet` iteration: every card of the set once, in `Card` order (rank-major).

use holdem_cards::{Card, CardSet};
use proptest::prelude::*;

/// The set's cards by testing each of the 52 in index order.
fn by_scan(set: CardSet) -> Vec<Card> {
    (0u8..52)
        .filter_map(Card::from_index)
        .filter(|&c| set.contains(c))
        .collect()
}

#[test]
fn empty_single_and_full_sets_iterate_in_card_order() {
    assert_eq!(CardSet::EMPTY.iter().next(), None);
    for i in 0u8..52 {
        let card = Card::from_index(i).expect("index below 52");
        let set = CardSet::from_cards(&[card]);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![card]);
    }
    let all: Vec<Card> = CardSet::FULL.iter().collect();
    assert_eq!(all, by_scan(CardSet::FULL));
    assert_eq!(all.len(), 52);
}

proptest! {
    #[test]
    fn any_set_iterates_its_cards_once_in_card_order(bits in any::<u64>()) {
        let set = CardSet::from_bits(bits & CardSet::FULL.bits()).expect("card bits only");
        let cards: Vec<Card> = set.iter().collect();
        prop_assert_eq!(&cards, &by_scan(set));
        prop_assert_eq!(set.iter().len(), cards.len());
        prop_assert_eq!(CardSet::from_cards(&cards), set);
    }
}
