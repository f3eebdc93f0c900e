//! Loading a rules document: TOML text → (preset merge) → typed [`Rules`] →
//! unknown-key check → validation. Every failure is a [`RulesError`] whose
//! errors carry field paths (rule R2).

use std::sync::OnceLock;

use toml::{Table, Value};

use crate::error::{ConfigError, ErrorKind, RulesError};
use crate::preset::Preset;
use crate::rules::Rules;

/// The key that names a preset to start from.
pub(crate) const EXTENDS: &str = "extends";

/// The key that lists dotted paths to remove from the merged rules: the only way
/// to clear an optional key a preset sets (`rake.cap`,
/// `tournament.entry.late-registration.window`), since TOML has no null.
pub(crate) const UNSET: &str = "unset";

impl Rules {
    /// Parses, merges onto `extends = "PRESET"` if given, removes the keys listed
    /// in `unset = ["a.b", ...]` if given, type-checks and validates a rules
    /// document (rule R2).
    ///
    /// # Errors
    /// A [`RulesError`] listing every problem found: text that is not TOML, a
    /// wrong type, an unknown or missing key, an unknown preset, or values that
    /// break a rule. Parse and type errors stop at the first; every unknown key
    /// is reported with them, or with every validation error.
    pub fn from_toml_str(text: &str) -> Result<Rules, RulesError> {
        let table = parse_table(text)?;
        Rules::from_toml_table(table)
    }

    /// Like [`Rules::from_toml_str`] for raw bytes, which must be UTF-8.
    ///
    /// # Errors
    /// As [`Rules::from_toml_str`]; bytes that are not UTF-8 are
    /// [`ErrorKind::NotToml`].
    pub fn from_toml_bytes(bytes: &[u8]) -> Result<Rules, RulesError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            RulesError::single(ConfigError::new(
                "",
                ErrorKind::NotToml,
                format!("not UTF-8 text: {e}"),
            ))
        })?;
        Rules::from_toml_str(text)
    }

    /// Like [`Rules::from_toml_str`] for an already parsed TOML table.
    ///
    /// # Errors
    /// As [`Rules::from_toml_str`].
    pub fn from_toml_table(mut table: Table) -> Result<Rules, RulesError> {
        let unset = table.remove(UNSET);
        if let Some(extends) = table.remove(EXTENDS) {
            let Value::String(name) = extends else {
                return Err(RulesError::single(ConfigError::new(
                    EXTENDS,
                    ErrorKind::WrongType,
                    format!(
                        "must be a preset name (a string), found {}",
                        extends.type_str()
                    ),
                )));
            };
            let preset = Preset::from_name(&name)
                .ok_or_else(|| RulesError::single(unknown_preset(EXTENDS, &name)))?;
            let mut base = preset_table(preset)?;
            merge(&mut base, table);
            table = base;
        }
        if let Some(unset) = unset {
            remove_paths(&mut table, unset)?;
        }
        let rules = match deserialize(&table) {
            Ok(rules) => rules,
            Err(e) => {
                // The first type error stops serde; the unknown keys are still
                // worth reporting with it (against every key the rules know).
                let mut errors = unknown_keys_without_rules(&table);
                errors.retain(|u| e.errors.iter().all(|d| d.path != u.path));
                errors.extend(e.errors);
                return Err(RulesError { errors });
            }
        };
        let mut errors = unknown_keys(&table, &rules);
        if let Err(e) = rules.validate() {
            errors.extend(e.errors);
        }
        if errors.is_empty() {
            Ok(rules)
        } else {
            Err(RulesError { errors })
        }
    }

    /// The rules as TOML, every key written out. Parsing it back gives equal
    /// rules.
    ///
    /// # Errors
    /// [`ErrorKind::WrongType`] for a value TOML cannot hold (an amount above
    /// `i64::MAX`).
    pub fn to_toml_string(&self) -> Result<String, RulesError> {
        toml::to_string(self).map_err(|e| {
            RulesError::single(ConfigError::new(
                "",
                ErrorKind::WrongType,
                format!("cannot be written as TOML: {e}"),
            ))
        })
    }
}

pub(crate) fn unknown_preset(path: &str, name: &str) -> ConfigError {
    let known: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    ConfigError::new(
        path,
        ErrorKind::UnknownPreset,
        format!(
            "no preset named {name:?}; the presets are {}",
            known.join(", ")
        ),
    )
}

/// Parses TOML text into a table, or a [`ErrorKind::NotToml`] error with the
/// line and column.
pub(crate) fn parse_table(text: &str) -> Result<Table, RulesError> {
    text.parse::<Table>().map_err(|e| {
        let at = e
            .span()
            .map(|span| {
                let before = text.get(..span.start).unwrap_or(text);
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                format!("line {line}, column {column}: ")
            })
            .unwrap_or_default();
        RulesError::single(ConfigError::new(
            "",
            ErrorKind::NotToml,
            format!("not valid TOML: {at}{}", e.message()),
        ))
    })
}

/// Deep-merges `over` into `base`: tables merge key by key, anything else is
/// replaced. A one-key table over a one-key table with a different key replaces
/// it: that is an enum switching variant (`breaks = { after-play = ... }` over
/// `{ synchronized = ... }`); presets write every key, so no struct table has a
/// single key that an override could wrongly drop.
pub(crate) fn merge(base: &mut Table, over: Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(Value::Table(b)), Value::Table(o)) => {
                let switches_variant =
                    b.len() == 1 && o.len() == 1 && b.keys().next() != o.keys().next();
                if switches_variant {
                    *b = o;
                } else {
                    merge(b, o);
                }
            }
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// Removes each dotted path listed in `unset = [...]` from `table`; every path
/// must name a key that is there (a typo is an error, not a silent no-op).
fn remove_paths(table: &mut Table, unset: Value) -> Result<(), RulesError> {
    let Value::Array(paths) = unset else {
        return Err(RulesError::single(ConfigError::new(
            UNSET,
            ErrorKind::WrongType,
            format!(
                "must be a list of dotted key paths, found {}",
                unset.type_str()
            ),
        )));
    };
    let mut errors = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        let at = format!("{UNSET}[{i}]");
        let Value::String(path) = path else {
            errors.push(ConfigError::new(
                at,
                ErrorKind::WrongType,
                format!("must be a dotted key path, found {}", path.type_str()),
            ));
            continue;
        };
        if !remove_path(table, path) {
            errors.push(ConfigError::new(
                at,
                ErrorKind::UnknownField,
                format!("{path:?} is not a key of these rules, so it cannot be unset"),
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(RulesError { errors })
    }
}

/// Removes `a.b.c` from nested tables; whether it was there.
fn remove_path(table: &mut Table, path: &str) -> bool {
    match path.split_once('.') {
        None => table.remove(path).is_some(),
        Some((head, rest)) => match table.get_mut(head) {
            Some(Value::Table(inner)) => remove_path(inner, rest),
            _ => false,
        },
    }
}

/// Typed deserialization with the path of the first bad field.
fn deserialize(table: &Table) -> Result<Rules, RulesError> {
    let value = Value::Table(table.clone());
    serde_path_to_error::deserialize::<_, Rules>(value).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        // The TOML deserializer appends "in `a.b`" to its messages; the path is
        // reported on its own.
        let message = e.inner().to_string();
        let message = message
            .split("\nin `")
            .next()
            .unwrap_or(&message)
            .trim_end();
        RulesError::single(classify(path, message))
    })
}

/// Turns a serde message into a typed error with a reason for people.
fn classify(path: String, message: &str) -> ConfigError {
    let join = |field: &str| {
        if path.is_empty() {
            field.to_owned()
        } else {
            format!("{path}.{field}")
        }
    };
    if let Some(field) = backticked_after(message, "missing field ") {
        return ConfigError::new(join(field), ErrorKind::MissingField, "is required");
    }
    if let Some(field) = backticked_after(message, "unknown field ") {
        return ConfigError::new(
            join(field),
            ErrorKind::UnknownField,
            format!("is not a known key ({})", expected_part(message)),
        );
    }
    if let Some(variant) = backticked_after(message, "unknown variant ") {
        return ConfigError::new(
            path,
            ErrorKind::WrongType,
            format!(
                "{variant:?} is not a known choice ({})",
                expected_part(message)
            ),
        );
    }
    let reason = integer_reason(&path, message).unwrap_or_else(|| message.to_owned());
    ConfigError::new(path, ErrorKind::WrongType, reason)
}

/// The constraint an unsigned-integer field puts on its value, in words, when
/// `message` is serde's complaint about one (negative, fractional or too
/// large): a basis-point field (`basis-points`, `...-bp`) holds 0 to 10,000
/// (100 %), any other the range of its type.
fn integer_reason(path: &str, message: &str) -> Option<String> {
    let max = [
        ("u64", u64::MAX),
        ("u32", u64::from(u32::MAX)),
        ("u16", u64::from(u16::MAX)),
        ("u8", u64::from(u8::MAX)),
    ]
    .into_iter()
    .find(|(ty, _)| message.contains(&format!("expected {ty}")))
    .map(|(_, max)| max)?;
    let field = path.rsplit('.').next().unwrap_or(path);
    Some(
        if field.ends_with("basis-points") || field.ends_with("-bp") {
            format!(
                "must be a whole number of basis points from 0 to 10,000 (100 %): one basis point is 0.01 % ({message})"
            )
        } else {
            format!(
                "must be a whole number of chips or a count, from 0 to {} ({message})",
                grouped(max)
            )
        },
    )
}

/// `n` with a comma between groups of three digits.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn backticked_after<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = message.strip_prefix(prefix)?.strip_prefix('`')?;
    rest.split('`').next()
}

fn expected_part(message: &str) -> &str {
    message
        .split_once(", ")
        .map_or("", |(_, expected)| expected)
}

/// Keys in the input that the typed rules do not hold, all of them: a key is
/// unknown when it is absent from the rules serialized back. This covers the
/// engine types that lack `deny_unknown_fields` and, unlike that attribute,
/// reports every unknown key together with the validation errors.
fn unknown_keys(input: &Table, rules: &Rules) -> Vec<ConfigError> {
    let Ok(Value::Table(known)) = Value::try_from(rules) else {
        // Unreachable for parsed input (TOML integers fit); nothing to compare.
        return Vec::new();
    };
    let mut errors = Vec::new();
    walk_unknown("", input, &known, None, &mut errors);
    if !errors.is_empty() {
        // Again with every optional key known, so that "known here" also lists
        // the keys this file left out (`rake.cap`, `tournament.entry.rebuy`).
        if let Some(sample) = every_key_sample() {
            errors.clear();
            walk_unknown("", input, &known, Some(sample), &mut errors);
        }
    }
    errors
}

/// Unknown keys of a document that does not deserialize: keys absent from the
/// every-key sample ([`every_key_sample`]). A one-key table of the sample is an
/// enum variant (see [`merge`]): the document may pick another, so its keys
/// are not judged here, and neither is anything whose type differs from the
/// sample's (that is the type error's business).
fn unknown_keys_without_rules(input: &Table) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    if let Some(sample) = every_key_sample() {
        walk_unknown_by_sample("", input, sample, &mut errors);
    }
    errors
}

fn walk_unknown_by_sample(
    prefix: &str,
    input: &Table,
    sample: &Table,
    errors: &mut Vec<ConfigError>,
) {
    if sample.len() == 1 {
        return;
    }
    for (key, value) in input {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match (value, sample.get(key)) {
            (_, None) => {
                let keys: Vec<&str> = sample.keys().map(String::as_str).collect();
                errors.push(unknown_key(path, key, &keys));
            }
            (Value::Table(i), Some(Value::Table(s))) => {
                walk_unknown_by_sample(&path, i, s, errors);
            }
            (Value::Array(items), Some(Value::Array(s))) => {
                if let Some(Value::Table(s)) = s.first() {
                    for (n, item) in items.iter().enumerate() {
                        if let Value::Table(it) = item {
                            walk_unknown_by_sample(&format!("{path}[{n}]"), it, s, errors);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Optional keys that no preset writes, merged over `online-mtt` to list every
/// key of the document. Deserialized only, never validated.
const OPTIONAL_KEYS: &str = r#"
[betting]
small-blind = 1
big-blind = 2
ante = 0
big-blind-ante = 0
street-structures = { preflop = "no-limit", flop = "no-limit", turn = "no-limit", river = "no-limit" }
[rake]
cap = 1
[tournament.event]
max-entrants = 1
[tournament.event.structure]
add-on-break = { after-level = 0, minutes = 1 }
[tournament.entry]
max-entries = 1
[tournament.entry.late-registration]
max-late-stack = 1
[tournament.entry.rebuy]
period = { through-level = 0 }
chip-threshold = 1
chips = 1
price = { prize-pool = 0, fee = 0, bounty = 0 }
max-rebuys = 1
[tournament.entry.add-on]
window = "add-on-break"
chips = 1
price = { prize-pool = 0, fee = 0, bounty = 0 }
max-add-ons = 1
add-on-break-minutes = 1
[tournament.bounties]
fixed = [{ player = 1, cents = 1 }]
knockout = { entry-bounty = 0, progressive-share-bp = 0 }
"#;

/// The table in `v`, if it is one.
fn as_table(v: Option<&Value>) -> Option<&Table> {
    match v {
        Some(Value::Table(t)) => Some(t),
        _ => None,
    }
}

/// A preset's source as a TOML table. The presets are constants, so each is
/// parsed once per process and cloned from then on.
pub(crate) fn preset_table(preset: Preset) -> Result<Table, RulesError> {
    static TABLES: OnceLock<Vec<(Preset, Table)>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        Preset::ALL
            .iter()
            .filter_map(|&p| parse_table(p.source()).ok().map(|t| (p, t)))
            .collect()
    });
    match tables.iter().find(|(p, _)| *p == preset) {
        Some((_, table)) => Ok(table.clone()),
        // Unreachable for the shipped presets (a test parses each): the error.
        None => parse_table(preset.source()),
    }
}

/// Every key of the document, as a serialized sample; `None` if the sample
/// no longer deserializes (a test keeps it working). It depends on nothing
/// but the presets, so it is built once per process.
pub(crate) fn every_key_sample() -> Option<&'static Table> {
    static SAMPLE: OnceLock<Option<Table>> = OnceLock::new();
    SAMPLE.get_or_init(build_every_key_sample).as_ref()
}

fn build_every_key_sample() -> Option<Table> {
    let mut base = parse_table(Preset::OnlineMtt.source()).ok()?;
    merge(&mut base, parse_table(OPTIONAL_KEYS).ok()?);
    let rules: Rules = Value::Table(base).try_into().ok()?;
    match Value::try_from(&rules) {
        Ok(Value::Table(t)) => Some(t),
        _ => None,
    }
}

fn walk_unknown(
    prefix: &str,
    input: &Table,
    known: &Table,
    sample: Option<&Table>,
    errors: &mut Vec<ConfigError>,
) {
    for (key, value) in input {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match (value, known.get(key)) {
            (_, None) => {
                let mut keys: Vec<&str> = known.keys().map(String::as_str).collect();
                if let Some(sample) = sample {
                    keys.extend(sample.keys().map(String::as_str));
                    keys.sort_unstable();
                    keys.dedup();
                }
                errors.push(unknown_key(path, key, &keys));
            }
            (Value::Table(i), Some(Value::Table(k))) => {
                let s = as_table(sample.and_then(|s| s.get(key)));
                walk_unknown(&path, i, k, s, errors);
            }
            (Value::Array(i), Some(Value::Array(k))) => {
                // Items of a list all have the sample's first item's keys.
                let s = match sample.and_then(|s| s.get(key)) {
                    Some(Value::Array(items)) => as_table(items.first()),
                    _ => None,
                };
                for (n, (iv, kv)) in i.iter().zip(k).enumerate() {
                    if let (Value::Table(it), Value::Table(kt)) = (iv, kv) {
                        walk_unknown(&format!("{path}[{n}]"), it, kt, s, errors);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The error for a key that is not among `keys`, the keys known at its place.
/// Keys are kebab-case: a snake_case spelling is pointed at its match.
fn unknown_key(path: String, key: &str, keys: &[&str]) -> ConfigError {
    let kebab = key.replace('_', "-");
    let hint = if kebab != key && keys.contains(&kebab.as_str()) {
        format!(" (did you mean `{kebab}`? keys are kebab-case)")
    } else {
        String::new()
    };
    ConfigError::new(
        path,
        ErrorKind::UnknownField,
        format!("is not a known key{hint}; known here: {}", keys.join(", ")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_the_every_key_sample_deserializes_and_has_the_optional_keys() {
        let sample = every_key_sample().expect("the sample deserializes");
        let at = |path: &[&str]| {
            let mut t = sample;
            for key in path {
                match t.get(*key) {
                    Some(Value::Table(inner)) => t = inner,
                    other => panic!("{path:?}: {other:?}"),
                }
            }
            t.keys().cloned().collect::<Vec<_>>()
        };
        assert!(at(&["rake"]).contains(&"cap".to_owned()));
        let entry = at(&["tournament", "entry"]);
        for key in ["rebuy", "add-on", "max-entries"] {
            assert!(entry.contains(&key.to_owned()), "{key}");
        }
        assert!(at(&["betting"]).contains(&"small-blind".to_owned()));
        assert!(at(&["tournament", "bounties"]).contains(&"knockout".to_owned()));
    }
}
