//! The house rules and rake a hand records in its inline tables
//! (`_holdem_house`, `_holdem_rake`).

use crate::model::Variant;
use crate::money::{AmountError, Decimal, Unit};
use crate::toml_lite::{Entry, Reader, Value};

/// Why the value of a [`super::HOUSE_FIELD`] or [`super::RAKE_FIELD`] is not a
/// table of house rules or a rake (the hand and line are the caller's: the
/// [`crate::PhhError`] or replay outcome that carries this).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InlineTableError {
    /// The text is not the TOML subset PHH uses.
    #[error("not valid TOML: {0}")]
    Syntax(String),
    /// The value is not an inline table.
    #[error("must be an inline table such as {example}")]
    NotATable {
        /// A table of the expected shape.
        example: &'static str,
    },
    /// A key the table does not have.
    #[error("unknown key `{0}`")]
    UnknownKey(String),
    /// A known key with a value of the wrong TOML type.
    #[error("`{key}` cannot be {found}")]
    WrongType {
        /// The key.
        key: &'static str,
        /// The TOML type found.
        found: &'static str,
    },
    /// An amount that is not a decimal number.
    #[error("{key}: {source}")]
    Amount {
        /// The key.
        key: &'static str,
        /// Why.
        source: AmountError,
    },
    /// A value outside what its key allows.
    #[error("{key} `{value}` {expected}")]
    OutOfRange {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
        /// What the key allows.
        expected: &'static str,
    },
}

/// The message of a scaled amount with more decimal places than the hand's unit.
const TOO_PRECISE: &str = "has more decimal places than the hand's amounts";

/// The key of `known` that `key` is (a known key's name, for the error types).
fn known(key: &str, known: &[&'static str]) -> Result<&'static str, InlineTableError> {
    known
        .iter()
        .find(|k| **k == key)
        .copied()
        .ok_or_else(|| InlineTableError::UnknownKey(key.to_string()))
}

/// Reads the value of a [`HOUSE_FIELD`](super::HOUSE_FIELD) (TOML text) with amounts in `unit`.
///
/// # Errors
/// Why the text is not a table of house rules: the key and the problem.
pub fn parse_house(toml: &str, unit: Unit) -> Result<crate::model::TableRules, InlineTableError> {
    with_inline_table(toml, "{ half-bet = false }", |entries| {
        house_of(entries, unit)
    })
}

/// Reads a TOML inline table's `entries` for `f`; `example` shows the expected shape
/// in the error when `toml` is something else.
fn with_inline_table<T>(
    toml: &str,
    example: &'static str,
    f: impl FnOnce(&[Entry<'_>]) -> Result<T, InlineTableError>,
) -> Result<T, InlineTableError> {
    let doc = format!("v = {toml}");
    let mut reader = Reader::new(&doc);
    let section = match reader.next_section() {
        Some(Ok(s)) => s,
        Some(Err(e)) => return Err(InlineTableError::Syntax(e.problem.to_string())),
        None => return Err(InlineTableError::NotATable { example }),
    };
    let Some(Value::Table(entries)) = section.get("v").map(|e| &e.value) else {
        return Err(InlineTableError::NotATable { example });
    };
    f(entries)
}

/// The house rules an inline table's entries name ([`parse_house`]).
fn house_of(
    entries: &[Entry<'_>],
    unit: Unit,
) -> Result<crate::model::TableRules, InlineTableError> {
    let mut rules = crate::model::TableRules::STANDARD;
    for e in entries {
        let key = known(
            &e.key,
            &["half-bet", "bomb-pot", "board-runs", "streets", "odd-chips"],
        )?;
        let out_of_range = |t: &str, expected| InlineTableError::OutOfRange {
            key,
            value: t.to_string(),
            expected,
        };
        match (key, &e.value) {
            ("half-bet", Value::Bool(b)) => rules.half_bet_rule = *b,
            ("bomb-pot", Value::Number(t)) => {
                let d =
                    Decimal::parse(t).map_err(|source| InlineTableError::Amount { key, source })?;
                rules.bomb_pot = d
                    .scaled(unit.decimals)
                    .ok_or_else(|| out_of_range(t, TOO_PRECISE))?;
            }
            ("board-runs", Value::Number(t)) => {
                rules.max_board_runs = t
                    .parse::<u8>()
                    .ok()
                    .filter(|r| (1..=3).contains(r))
                    .ok_or_else(|| out_of_range(t, "is not 1, 2 or 3"))?;
            }
            ("odd-chips", Value::Array(items)) => {
                // The players (1-based), first to get an odd chip first (P3).
                let mut players = Vec::with_capacity(items.len());
                for i in items {
                    let p = match &i.value {
                        Value::Number(t) => t
                            .parse::<u8>()
                            .ok()
                            .filter(|p| (1..=crate::model::MAX_PLAYERS as u8).contains(p))
                            .filter(|p| !players.contains(&(p - 1))),
                        _ => None,
                    };
                    match p {
                        Some(p) => players.push(p - 1),
                        None => {
                            return Err(out_of_range(
                                &format!("{} entries", items.len()),
                                "must list distinct player numbers (1 for p1), first to get an \
                                 odd chip first (P3)",
                            ));
                        }
                    }
                }
                rules.odd_chips = crate::model::OddChips::listing(&players);
            }
            ("streets", Value::Array(items)) => {
                let codes: Vec<Option<Variant>> = items
                    .iter()
                    .map(|i| match &i.value {
                        Value::Str(code) => Variant::from_code(code),
                        _ => None,
                    })
                    .collect();
                match codes.as_slice() {
                    [Some(a), Some(b), Some(c), Some(d)] => rules.streets = Some([*a, *b, *c, *d]),
                    _ => {
                        return Err(out_of_range(
                            &format!("{} entries", items.len()),
                            "must be four variant codes (`NT`, `PT`, `FT`): pre-flop, flop, \
                             turn, river (B28)",
                        ));
                    }
                }
            }
            (_, v) => {
                return Err(InlineTableError::WrongType {
                    key,
                    found: v.type_name(),
                });
            }
        }
    }
    Ok(rules)
}

/// Reads the value of a [`RAKE_FIELD`](super::RAKE_FIELD) (TOML text) with amounts in `unit`.
///
/// # Errors
/// Why the text is not a rake: the key and the problem.
pub fn parse_rake(toml: &str, unit: Unit) -> Result<holdem_pots::RakePolicy, InlineTableError> {
    with_inline_table(toml, "{ basis-points = 500, cap = 3 }", |entries| {
        rake_of(entries, unit)
    })
}

/// The rake policy an inline table's entries name ([`parse_rake`]).
fn rake_of(entries: &[Entry<'_>], unit: Unit) -> Result<holdem_pots::RakePolicy, InlineTableError> {
    use holdem_pots::{Chips, RakePolicy, RakeRounding, RakeSource};
    let mut rake = RakePolicy::NONE;
    for e in entries {
        let key = known(
            &e.key,
            &[
                "basis-points",
                "cap",
                "no-flop-no-drop",
                "rounding",
                "source",
            ],
        )?;
        let out_of_range = |t: &str, expected| InlineTableError::OutOfRange {
            key,
            value: t.to_string(),
            expected,
        };
        match (key, &e.value) {
            ("basis-points", Value::Number(t)) => {
                rake.basis_points = t
                    .parse::<u16>()
                    .ok()
                    .filter(|&b| b <= 10_000)
                    .ok_or_else(|| out_of_range(t, "is not 0 to 10000"))?;
            }
            ("cap", Value::Number(t)) => {
                let d =
                    Decimal::parse(t).map_err(|source| InlineTableError::Amount { key, source })?;
                let cap = d
                    .scaled(unit.decimals)
                    .ok_or_else(|| out_of_range(t, TOO_PRECISE))?;
                rake.cap = Some(Chips(cap));
            }
            ("no-flop-no-drop", Value::Bool(b)) => rake.no_flop_no_drop = *b,
            ("rounding", Value::Str(r)) => {
                rake.rounding = match r.as_ref() {
                    "down" => RakeRounding::Down,
                    "nearest" => RakeRounding::Nearest,
                    other => return Err(out_of_range(other, "is not down or nearest")),
                }
            }
            ("source", Value::Str(r)) => {
                rake.source = match r.as_ref() {
                    "each-pot" => RakeSource::EachPot,
                    "main-pot-only" => RakeSource::MainPotOnly,
                    other => return Err(out_of_range(other, "is not each-pot or main-pot-only")),
                }
            }
            (_, v) => {
                return Err(InlineTableError::WrongType {
                    key,
                    found: v.type_name(),
                });
            }
        }
    }
    Ok(rake)
}
