//! The house rules and rake a hand records in its inline tables
//! (`_holdem_house`, `_holdem_rake`).

use crate::money::{Decimal, Unit};
use crate::toml_lite::{Entry, Reader, Value};

/// Reads the value of a [`HOUSE_FIELD`] (TOML text) with amounts in `unit`.
///
/// # Errors
/// Why the text is not a table of house rules: the key and the problem.
pub fn parse_house(toml: &str, unit: Unit) -> Result<crate::model::TableRules, String> {
    with_inline_table(toml, "{ half-bet = false }", |entries| {
        house_of(entries, unit)
    })
}

/// Reads a TOML inline table's `entries` for `f`; `example` shows the expected shape
/// in the error when `toml` is something else.
fn with_inline_table<T>(
    toml: &str,
    example: &str,
    f: impl FnOnce(&[Entry<'_>]) -> Result<T, String>,
) -> Result<T, String> {
    let doc = format!("v = {toml}");
    let mut reader = Reader::new(&doc);
    let section = match reader.next_section() {
        Some(Ok(s)) => s,
        Some(Err(e)) => return Err(e.problem.to_string()),
        None => return Err("empty".into()),
    };
    let Some(Value::Table(entries)) = section.get("v").map(|e| &e.value) else {
        return Err(format!("must be an inline table such as {example}"));
    };
    f(entries)
}

/// The house rules an inline table's entries name ([`parse_house`]).
fn house_of(entries: &[Entry<'_>], unit: Unit) -> Result<crate::model::TableRules, String> {
    let mut rules = crate::model::TableRules::STANDARD;
    for e in entries {
        let key: &str = &e.key;
        match (key, &e.value) {
            ("half-bet", Value::Bool(b)) => rules.half_bet_rule = *b,
            ("bomb-pot", Value::Number(t)) => {
                let d = Decimal::parse(t).map_err(|e| format!("bomb-pot: {e}"))?;
                rules.bomb_pot = d.scaled(unit.decimals).ok_or_else(|| {
                    format!("bomb-pot `{t}` has more decimal places than the hand's amounts")
                })?;
            }
            ("board-runs", Value::Number(t)) => {
                rules.max_board_runs = t
                    .parse::<u8>()
                    .ok()
                    .filter(|r| (1..=3).contains(r))
                    .ok_or_else(|| format!("board-runs `{t}` is not 1, 2 or 3"))?;
            }
            ("half-bet" | "bomb-pot" | "board-runs", v) => {
                return Err(format!("`{key}` cannot be {}", v.type_name()));
            }
            _ => return Err(format!("unknown key `{key}`")),
        }
    }
    Ok(rules)
}

/// Reads the value of a [`RAKE_FIELD`] (TOML text) with amounts in `unit`.
///
/// # Errors
/// Why the text is not a rake: the key and the problem.
pub fn parse_rake(toml: &str, unit: Unit) -> Result<holdem_pots::RakePolicy, String> {
    with_inline_table(toml, "{ basis-points = 500, cap = 3 }", |entries| {
        rake_of(entries, unit)
    })
}

/// The rake policy an inline table's entries name ([`parse_rake`]).
fn rake_of(entries: &[Entry<'_>], unit: Unit) -> Result<holdem_pots::RakePolicy, String> {
    use holdem_pots::{Chips, RakePolicy, RakeRounding, RakeSource};
    let mut rake = RakePolicy::NONE;
    for e in entries {
        let key: &str = &e.key;
        match (key, &e.value) {
            ("basis-points", Value::Number(t)) => {
                rake.basis_points = t
                    .parse::<u16>()
                    .ok()
                    .filter(|&b| b <= 10_000)
                    .ok_or_else(|| format!("basis-points `{t}` is not 0 to 10000"))?;
            }
            ("cap", Value::Number(t)) => {
                let d = Decimal::parse(t).map_err(|e| format!("cap: {e}"))?;
                let cap = d.scaled(unit.decimals).ok_or_else(|| {
                    format!("cap `{t}` has more decimal places than the hand's amounts")
                })?;
                rake.cap = Some(Chips(cap));
            }
            ("no-flop-no-drop", Value::Bool(b)) => rake.no_flop_no_drop = *b,
            ("rounding", Value::Str(r)) => {
                rake.rounding = match r.as_ref() {
                    "down" => RakeRounding::Down,
                    "nearest" => RakeRounding::Nearest,
                    other => return Err(format!("rounding `{other}`: expected down or nearest")),
                }
            }
            ("source", Value::Str(r)) => {
                rake.source = match r.as_ref() {
                    "each-pot" => RakeSource::EachPot,
                    "main-pot-only" => RakeSource::MainPotOnly,
                    other => {
                        return Err(format!(
                            "source `{other}`: expected each-pot or main-pot-only"
                        ));
                    }
                }
            }
            ("basis-points" | "cap" | "no-flop-no-drop" | "rounding" | "source", v) => {
                return Err(format!("`{key}` cannot be {}", v.type_name()));
            }
            _ => return Err(format!("unknown key `{key}`")),
        }
    }
    Ok(rake)
}
