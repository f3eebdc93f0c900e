//! Typed values from the TOML entries of a hand: strings, amounts, per-player
//! lists, and the scaling of decimal amounts to the hand's unit.

use arrayvec::ArrayVec;

use super::{HOUSE_FIELD, RAKE_FIELD, RAKE_TAKEN_FIELD};
use crate::error::PhhErrorKind;
use crate::model::MAX_PLAYERS;
use crate::money::{AmountError, DEAD_BLIND, Decimal, UNKNOWN_STACK};
use crate::toml_lite::{Entry, Section, Value};

pub(super) type Fail = (u32, PhhErrorKind);

pub(super) fn wrong_type(e: &Entry<'_>, expected: &'static str) -> Fail {
    (
        e.line,
        PhhErrorKind::WrongType {
            field: e.key.to_string(),
            expected,
            found: e.value.type_name(),
        },
    )
}

/// A required field found by [`Fields::of`], or the error naming it.
pub(super) fn need<'s, 'a>(
    found: Option<&'s Entry<'a>>,
    s: &Section<'a>,
    key: &'static str,
) -> Result<&'s Entry<'a>, Fail> {
    found.ok_or((s.line, PhhErrorKind::MissingField(key)))
}

/// The fields replay reads, found in one pass over a table's keys.
#[derive(Default)]
pub(super) struct Fields<'s, 'a> {
    pub(super) variant: Option<&'s Entry<'a>>,
    pub(super) antes: Option<&'s Entry<'a>>,
    pub(super) blinds_or_straddles: Option<&'s Entry<'a>>,
    pub(super) bring_in: Option<&'s Entry<'a>>,
    pub(super) min_bet: Option<&'s Entry<'a>>,
    pub(super) small_bet: Option<&'s Entry<'a>>,
    pub(super) big_bet: Option<&'s Entry<'a>>,
    pub(super) starting_stacks: Option<&'s Entry<'a>>,
    pub(super) actions: Option<&'s Entry<'a>>,
    pub(super) finishing_stacks: Option<&'s Entry<'a>>,
    pub(super) winnings: Option<&'s Entry<'a>>,
    pub(super) rake: Option<&'s Entry<'a>>,
    pub(super) rake_taken: Option<&'s Entry<'a>>,
    pub(super) house: Option<&'s Entry<'a>>,
}

impl<'s, 'a> Fields<'s, 'a> {
    pub(super) fn of(s: &'s Section<'a>) -> Fields<'s, 'a> {
        let mut f = Fields::default();
        for e in &s.entries {
            let slot = match &*e.key {
                "variant" => &mut f.variant,
                "antes" => &mut f.antes,
                "blinds_or_straddles" => &mut f.blinds_or_straddles,
                "bring_in" => &mut f.bring_in,
                "min_bet" => &mut f.min_bet,
                "small_bet" => &mut f.small_bet,
                "big_bet" => &mut f.big_bet,
                "starting_stacks" => &mut f.starting_stacks,
                "actions" => &mut f.actions,
                "finishing_stacks" => &mut f.finishing_stacks,
                "winnings" => &mut f.winnings,
                RAKE_FIELD => &mut f.rake,
                RAKE_TAKEN_FIELD => &mut f.rake_taken,
                HOUSE_FIELD => &mut f.house,
                _ => continue,
            };
            // Keys are unique in a table (the reader rejects duplicates).
            *slot = Some(e);
        }
        f
    }
}

pub(super) fn string<'s>(e: &'s Entry<'_>) -> Result<&'s str, Fail> {
    match &e.value {
        Value::Str(s) => Ok(s),
        _ => Err(wrong_type(e, "a string")),
    }
}

pub(super) fn integer(e: &Entry<'_>) -> Result<i64, Fail> {
    match &e.value {
        Value::Number(t) => t
            .replace('_', "")
            .parse()
            .map_err(|_| wrong_type(e, "an integer")),
        _ => Err(wrong_type(e, "an integer")),
    }
}

pub(super) fn unsigned(e: &Entry<'_>, field: &'static str) -> Result<u32, Fail> {
    let v = integer(e)?;
    u32::try_from(v).map_err(|_| {
        (
            e.line,
            PhhErrorKind::BadField {
                field,
                reason: format!("{v} is out of range"),
            },
        )
    })
}

/// A number field as an exact decimal.
pub(super) fn amount(e: &Entry<'_>, field: &'static str) -> Result<Decimal, Fail> {
    match &e.value {
        Value::Number(t) => {
            Decimal::parse(t).map_err(|source| (e.line, PhhErrorKind::Amount { field, source }))
        }
        _ => Err(wrong_type(e, "a number")),
    }
}

/// A per-player array of amounts; `inf` is reported through `on_inf`.
pub(super) fn amounts(
    e: &Entry<'_>,
    field: &'static str,
    players: Option<usize>,
    unknown_stack_ok: bool,
) -> Result<ArrayVec<Decimal, MAX_PLAYERS>, Fail> {
    amounts_or_unknown(e, field, players, unknown_stack_ok).map(|(v, _)| v)
}

/// [`amounts`], and which entries are `inf` (bit `i` for player `i + 1`: an unknown
/// stack, H4), held as zero until they are replaced by [`UNKNOWN_STACK`], or, in
/// `blinds_or_straddles`, negative (a dead blind, H4), held as their magnitude until
/// they are marked with [`DEAD_BLIND`].
pub(super) fn amounts_or_unknown(
    e: &Entry<'_>,
    field: &'static str,
    players: Option<usize>,
    unknown_stack_ok: bool,
) -> Result<(ArrayVec<Decimal, MAX_PLAYERS>, u32), Fail> {
    let Value::Array(items) = &e.value else {
        return Err(wrong_type(e, "an array of numbers"));
    };
    if items.len() > MAX_PLAYERS {
        return Err((
            e.line,
            PhhErrorKind::BadField {
                field,
                reason: format!(
                    "{} players: a hold'em hand has 2 to {MAX_PLAYERS}",
                    items.len()
                ),
            },
        ));
    }
    if let Some(n) = players.filter(|&n| n != items.len()) {
        return Err((
            e.line,
            PhhErrorKind::Length {
                field,
                expected: n,
                found: items.len(),
            },
        ));
    }
    let mut out = ArrayVec::new();
    let mut unknown = 0u32;
    for (i, item) in items.iter().enumerate() {
        let Value::Number(t) = &item.value else {
            return Err(wrong_type(e, "an array of numbers"));
        };
        let d = match Decimal::parse(t) {
            Ok(d) => d,
            Err(AmountError::NotFinite(_)) if unknown_stack_ok && matches!(*t, "inf" | "+inf") => {
                unknown |= 1 << i;
                Decimal {
                    mantissa: 0,
                    decimals: 0,
                }
            }
            Err(AmountError::NotFinite(_)) if unknown_stack_ok => {
                return Err((item.line, PhhErrorKind::UnknownStack { player: i + 1 }));
            }
            // A negative blind is a dead blind (H4): its amount, marked.
            Err(AmountError::Negative(_)) if field == "blinds_or_straddles" => {
                match t.strip_prefix('-').map(Decimal::parse) {
                    Some(Ok(d)) if d.mantissa > 0 => {
                        unknown |= 1 << i;
                        d
                    }
                    Some(Err(source)) => {
                        return Err((item.line, PhhErrorKind::Amount { field, source }));
                    }
                    _ => {
                        return Err((
                            item.line,
                            PhhErrorKind::Amount {
                                field,
                                source: AmountError::Negative(t.to_string()),
                            },
                        ));
                    }
                }
            }
            Err(source) => return Err((item.line, PhhErrorKind::Amount { field, source })),
        };
        // At most MAX_PLAYERS items (checked above).
        out.try_push(d)
            .map_err(|_| wrong_type(e, "an array of numbers"))?;
    }
    Ok((out, unknown))
}

/// Marks the entries of `v` that were negative (`dead`, from
/// [`amounts_or_unknown`]) as dead blinds ([`DEAD_BLIND`]); an amount too large to
/// carry the mark is an error.
pub(super) fn mark_dead(mut v: Vec<u64>, dead: u32, line: u32) -> Result<Vec<u64>, Fail> {
    for (i, x) in v.iter_mut().enumerate() {
        if dead & (1 << i) != 0 {
            if *x >= UNKNOWN_STACK {
                return Err((
                    line,
                    PhhErrorKind::BadField {
                        field: "blinds_or_straddles",
                        reason: format!("p{}'s dead blind is too large", i + 1),
                    },
                ));
            }
            *x |= DEAD_BLIND;
        }
    }
    Ok(v)
}

/// Replaces the entries of `v` that were `inf` (`unknown`, from
/// [`amounts_or_unknown`]) by [`UNKNOWN_STACK`].
pub(super) fn mark_unknown(mut v: Vec<u64>, unknown: u32) -> Vec<u64> {
    for (i, x) in v.iter_mut().enumerate() {
        if unknown & (1 << i) != 0 {
            *x = UNKNOWN_STACK;
        }
    }
    v
}

pub(super) fn strings(e: &Entry<'_>, players: usize) -> Result<Vec<String>, Fail> {
    let Value::Array(items) = &e.value else {
        return Err(wrong_type(e, "an array of strings"));
    };
    check_len(e, "players", players, items.len())?;
    items
        .iter()
        .map(|i| match &i.value {
            Value::Str(s) => Ok(s.to_string()),
            _ => Err(wrong_type(e, "an array of strings")),
        })
        .collect()
}

pub(super) fn check_len(
    e: &Entry<'_>,
    field: &'static str,
    expected: usize,
    found: usize,
) -> Result<(), Fail> {
    if expected == found {
        Ok(())
    } else {
        Err((
            e.line,
            PhhErrorKind::Length {
                field,
                expected,
                found,
            },
        ))
    }
}

/// Scales every collected amount to the hand's unit (the most decimals any uses).
pub(super) struct Scaler {
    pub(super) decimals: u8,
}

impl Scaler {
    pub(super) fn one(
        &self,
        d: Decimal,
        line: u32,
        field: &'static str,
        text: &str,
    ) -> Result<u64, Fail> {
        d.scaled(self.decimals).ok_or_else(|| {
            (
                line,
                PhhErrorKind::Amount {
                    field,
                    source: AmountError::TooPrecise(text.to_string()),
                },
            )
        })
    }

    pub(super) fn all(
        &self,
        v: &[Decimal],
        line: u32,
        field: &'static str,
    ) -> Result<Vec<u64>, Fail> {
        let mut out = Vec::with_capacity(v.len());
        for &d in v {
            match d.scaled(self.decimals) {
                Some(x) => out.push(x),
                None => {
                    let text = format!("{}e-{}", d.mantissa, d.decimals);
                    return Err((
                        line,
                        PhhErrorKind::Amount {
                            field,
                            source: AmountError::TooPrecise(text),
                        },
                    ));
                }
            }
        }
        Ok(out)
    }
}
