//! Cards: text <-> ids. A card id is `rank * 4 + suit` (ranks 2..A as 0..12,
//! suits c, d, h, s as 0..3), the `holdem-cards` encoding.

use holdem_cards::{Card, CardSet, parse_cards};
use pyo3::prelude::*;

use crate::errors::{CardError, raise, rule_in};

/// Cards given as text (`"AhKh Qs"`) or as a sequence of card ids.
pub fn cards_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if let Ok(text) = obj.extract::<String>() {
        return parse_text(&text);
    }
    let ids: Vec<i64> = obj.extract().map_err(|_| {
        raise::<CardError>(
            "cards must be text like \"AhKh\" or a sequence of card ids 0-51",
            "C1",
        )
    })?;
    ids.iter().map(|&i| card_from_id(i)).collect()
}

/// Parses card text with the engine's parser.
pub fn parse_text(text: &str) -> PyResult<Vec<Card>> {
    parse_cards(text).map_err(|e| {
        let msg = e.to_string();
        // C1: one standard deck of 52 distinct cards, the rule every card
        // text error breaks unless the message names another.
        let rule = rule_in(&msg);
        raise::<CardError>(msg, if rule.is_empty() { "C1" } else { &rule })
    })
}

/// The card with id `id` (0-51).
pub fn card_from_id(id: i64) -> PyResult<Card> {
    u8::try_from(id)
        .ok()
        .and_then(Card::from_index)
        .ok_or_else(|| {
            raise::<CardError>(
                format!("card id {id} is not one of the 52 cards (ids 0-51)"),
                "C1",
            )
        })
}

/// The cards as one set, refusing a card given twice (one deck, C1).
pub fn distinct(cards: &[Card]) -> PyResult<CardSet> {
    let set = CardSet::from_cards(cards);
    if set.len() as usize != cards.len() {
        let repeated = cards
            .iter()
            .enumerate()
            .find(|(i, c)| cards[..*i].contains(c))
            .map(|(_, c)| c.to_string())
            .unwrap_or_default();
        return Err(raise::<CardError>(
            format!("card {repeated} appears twice (one deck, rule C1)"),
            "C1",
        ));
    }
    Ok(set)
}

/// Parses card text (`"AhKh Qs"`, spaces optional) into card ids.
#[pyfunction]
fn parse(text: &str) -> PyResult<Vec<u32>> {
    Ok(parse_text(text)?
        .iter()
        .map(|c| u32::from(c.index()))
        .collect())
}

/// The text of one card id (`51` -> `"As"`).
#[pyfunction]
fn card_str(id: i64) -> PyResult<String> {
    Ok(card_from_id(id)?.to_string())
}

/// The canonical text of cards (text or ids), in the order given, space-separated.
#[pyfunction]
fn cards_str(cards: &Bound<'_, PyAny>) -> PyResult<String> {
    let cards = cards_arg(cards)?;
    Ok(cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" "))
}

/// The 52 card ids' texts, in id order (`DECK[id]`).
fn deck() -> Vec<String> {
    Card::ALL.iter().map(Card::to_string).collect()
}

/// Registers the card functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(card_str, m)?)?;
    m.add_function(wrap_pyfunction!(cards_str, m)?)?;
    m.add("DECK", deck())?;
    Ok(())
}
