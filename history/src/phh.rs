//! PHH (Poker Hand History, <https://github.com/uoftcprg/phh-std>) import and export
//! for the hold'em variants `NT`, `PT`, `FT`.
//!
//! Reading turns TOML text into a typed [`HandHistory`] at the edge: fields are
//! checked against the spec (types, per-player lengths, variant-specific fields),
//! amounts become whole numbers of a per-hand [`Unit`] chosen from the decimals the
//! hand uses, actions become [`ActionKind`]s with their players range-checked. Other
//! variants are reported as unsupported. A `.phhs` file is read one hand at a time.
//!
//! # What PHH cannot record
//! The specification (v0.0.2) has no field for the fixed-limit half-bet rule
//! switched off (B25) or for a bomb pot (B27), and no notation for an offer to run
//! the board more than once, its answers or a second board (B26): its actions are
//! one board's deals and the players' actions. pokerkit, the reference reader, can
//! run a board several times through its API (`select_runout_count`), but reading
//! PHH it automates that choice with no preference (one run), and the PHH it writes
//! holds no selection. Such a hand would replay there as an ordinary hand with
//! another result, so [`write_phh`] refuses it with a [`PhhWriteError`] that names
//! what PHH lacks, and [`parse_phh`] refuses a hand whose [`HOUSE_FIELD`] claims
//! such rules. The native formats record all of them.

use std::fmt::Write as _;

use arrayvec::ArrayVec;
use holdem_cards::{Card, Rank, Suit};

use super::error::{PhhError, PhhErrorKind};
use super::model::{
    Action, ActionKind, Cards, ExtraField, HandHistory, MAX_PLAYERS, Metadata, Player, Shown,
    Stakes, Variant,
};
use super::money::{AmountError, DEAD_BLIND, Decimal, Money, UNKNOWN_STACK, Unit};
use super::toml_lite::{Entry, MAX_KEY_BYTES, Problem, Reader, Section, Value};

/// The string metadata fields, in the order the spec lists them.
const TEXT_FIELDS: [&str; 11] = [
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time_zone",
    "time_zone_abbreviation",
];

/// Reads the hands of a PHH document (`.phh`: one hand; `.phhs`: `[1]`, `[2]`...
/// tables), one at a time. After a TOML syntax error the iterator ends.
pub struct PhhHands<'a> {
    reader: Reader<'a>,
    index: usize,
}

impl<'a> PhhHands<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a str) -> PhhHands<'a> {
        PhhHands {
            reader: Reader::new(text),
            index: 0,
        }
    }

    /// A reader over `text` cut from a larger document: its first line is line
    /// `line` there and its first hand is hand `index + 1` (errors name the
    /// document's lines and hands; see [`crate::stream`]).
    pub fn at(text: &'a str, line: u32, index: usize) -> PhhHands<'a> {
        PhhHands {
            reader: Reader::at_line(text, line),
            index,
        }
    }
}

/// A hand read from a PHH document, or why it could not be.
#[derive(Clone, Debug, PartialEq)]
pub struct PhhHand {
    /// 1-based position in the document.
    pub index: usize,
    /// The table name in a `.phhs` file (`"17"` for `[17]`).
    pub name: Option<String>,
    /// The hand.
    pub hand: Result<HandHistory, PhhError>,
}

impl Iterator for PhhHands<'_> {
    type Item = PhhHand;

    fn next(&mut self) -> Option<PhhHand> {
        let section = self.reader.next_section()?;
        self.index += 1;
        let index = self.index;
        Some(match section {
            Ok(section) => PhhHand {
                index,
                name: section.name.as_ref().map(|n| n.to_string()),
                hand: read_hand(&section).map_err(|(line, kind)| PhhError {
                    hand: index,
                    line,
                    kind,
                }),
            },
            Err(e) => PhhHand {
                index,
                name: None,
                hand: Err(PhhError {
                    hand: index,
                    line: e.line,
                    kind: match e.problem {
                        Problem::Invalid(reason) => PhhErrorKind::Syntax(reason),
                        Problem::KeyTooLong => PhhErrorKind::KeyTooLong {
                            limit: MAX_KEY_BYTES,
                        },
                    },
                }),
            },
        })
    }
}

/// Reads a document holding exactly one hand (a `.phh` file, or a `.phhs` with one
/// table); more or fewer hands is an error.
pub fn parse_phh(text: &str) -> Result<HandHistory, PhhError> {
    let mut hands = PhhHands::new(text);
    let Some(first) = hands.next() else {
        return Err(PhhError {
            hand: 1,
            line: 1,
            kind: PhhErrorKind::MissingField("variant"),
        });
    };
    let hand = first.hand?;
    if let Some(second) = hands.next() {
        let line = second.hand.as_ref().err().map_or(1, |e| e.line);
        return Err(PhhError {
            hand: 2,
            line,
            kind: PhhErrorKind::BadField {
                field: "actions",
                reason: "a .phh file holds one hand".into(),
            },
        });
    }
    Ok(hand)
}

type Fail = (u32, PhhErrorKind);

fn wrong_type(e: &Entry<'_>, expected: &'static str) -> Fail {
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
fn need<'s, 'a>(
    found: Option<&'s Entry<'a>>,
    s: &Section<'a>,
    key: &'static str,
) -> Result<&'s Entry<'a>, Fail> {
    found.ok_or((s.line, PhhErrorKind::MissingField(key)))
}

/// The fields replay reads, found in one pass over a table's keys.
#[derive(Default)]
struct Fields<'s, 'a> {
    variant: Option<&'s Entry<'a>>,
    antes: Option<&'s Entry<'a>>,
    blinds_or_straddles: Option<&'s Entry<'a>>,
    bring_in: Option<&'s Entry<'a>>,
    min_bet: Option<&'s Entry<'a>>,
    small_bet: Option<&'s Entry<'a>>,
    big_bet: Option<&'s Entry<'a>>,
    starting_stacks: Option<&'s Entry<'a>>,
    actions: Option<&'s Entry<'a>>,
    finishing_stacks: Option<&'s Entry<'a>>,
    winnings: Option<&'s Entry<'a>>,
    rake: Option<&'s Entry<'a>>,
    rake_taken: Option<&'s Entry<'a>>,
    house: Option<&'s Entry<'a>>,
}

impl<'s, 'a> Fields<'s, 'a> {
    fn of(s: &'s Section<'a>) -> Fields<'s, 'a> {
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

fn string<'s>(e: &'s Entry<'_>) -> Result<&'s str, Fail> {
    match &e.value {
        Value::Str(s) => Ok(s),
        _ => Err(wrong_type(e, "a string")),
    }
}

fn integer(e: &Entry<'_>) -> Result<i64, Fail> {
    match &e.value {
        Value::Number(t) => t
            .replace('_', "")
            .parse()
            .map_err(|_| wrong_type(e, "an integer")),
        _ => Err(wrong_type(e, "an integer")),
    }
}

fn unsigned(e: &Entry<'_>, field: &'static str) -> Result<u32, Fail> {
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
fn amount(e: &Entry<'_>, field: &'static str) -> Result<Decimal, Fail> {
    match &e.value {
        Value::Number(t) => {
            Decimal::parse(t).map_err(|source| (e.line, PhhErrorKind::Amount { field, source }))
        }
        _ => Err(wrong_type(e, "a number")),
    }
}

/// A per-player array of amounts; `inf` is reported through `on_inf`.
fn amounts(
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
fn amounts_or_unknown(
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
fn mark_dead(mut v: Vec<u64>, dead: u32, line: u32) -> Result<Vec<u64>, Fail> {
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
fn mark_unknown(mut v: Vec<u64>, unknown: u32) -> Vec<u64> {
    for (i, x) in v.iter_mut().enumerate() {
        if unknown & (1 << i) != 0 {
            *x = UNKNOWN_STACK;
        }
    }
    v
}

fn strings(e: &Entry<'_>, players: usize) -> Result<Vec<String>, Fail> {
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

fn check_len(
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
struct Scaler {
    decimals: u8,
}

impl Scaler {
    fn one(&self, d: Decimal, line: u32, field: &'static str, text: &str) -> Result<u64, Fail> {
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

    fn all(&self, v: &[Decimal], line: u32, field: &'static str) -> Result<Vec<u64>, Fail> {
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

fn read_hand(s: &Section<'_>) -> Result<HandHistory, Fail> {
    let f = Fields::of(s);
    let variant_entry = need(f.variant, s, "variant")?;
    let code = string(variant_entry)?;
    let Some(variant) = Variant::from_code(code) else {
        return Err((
            variant_entry.line,
            PhhErrorKind::UnsupportedVariant(code.to_string()),
        ));
    };

    let stacks_entry = need(f.starting_stacks, s, "starting_stacks")?;
    let (stacks, unknown_stacks) = amounts_or_unknown(stacks_entry, "starting_stacks", None, true)?;
    let n = stacks.len();
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err((
            stacks_entry.line,
            PhhErrorKind::BadField {
                field: "starting_stacks",
                reason: format!("{n} players: a hold'em hand has 2 to {MAX_PLAYERS}"),
            },
        ));
    }
    if let Some(i) = (0..n).find(|&i| stacks[i].mantissa == 0 && unknown_stacks & (1 << i) == 0) {
        return Err((
            stacks_entry.line,
            PhhErrorKind::BadField {
                field: "starting_stacks",
                reason: format!("p{} has an empty stack", i + 1),
            },
        ));
    }
    let antes_e = need(f.antes, s, "antes")?;
    let antes = amounts(antes_e, "antes", Some(n), false)?;
    let blinds_e = need(f.blinds_or_straddles, s, "blinds_or_straddles")?;
    let (blinds, dead_blinds) =
        amounts_or_unknown(blinds_e, "blinds_or_straddles", Some(n), false)?;
    if let Some(e) = f.bring_in {
        return Err((
            e.line,
            PhhErrorKind::FieldNotForVariant {
                field: "bring_in",
                variant: variant.code(),
            },
        ));
    }
    enum RawStakes {
        Min(Decimal, u32),
        Limit(Decimal, Decimal, u32),
    }
    let raw_stakes = match variant {
        Variant::FixedLimit => {
            if let Some(e) = f.min_bet {
                return Err((
                    e.line,
                    PhhErrorKind::FieldNotForVariant {
                        field: "min_bet",
                        variant: "FT",
                    },
                ));
            }
            let sb = need(f.small_bet, s, "small_bet")?;
            let bb = need(f.big_bet, s, "big_bet")?;
            RawStakes::Limit(amount(sb, "small_bet")?, amount(bb, "big_bet")?, sb.line)
        }
        Variant::NoLimit | Variant::PotLimit => {
            for (given, field) in [(f.small_bet, "small_bet"), (f.big_bet, "big_bet")] {
                if let Some(e) = given {
                    return Err((
                        e.line,
                        PhhErrorKind::FieldNotForVariant {
                            field,
                            variant: variant.code(),
                        },
                    ));
                }
            }
            let e = need(f.min_bet, s, "min_bet")?;
            RawStakes::Min(amount(e, "min_bet")?, e.line)
        }
    };
    let finishing_e = f.finishing_stacks;
    let finishing = finishing_e
        .map(|e| amounts_or_unknown(e, "finishing_stacks", Some(n), true))
        .transpose()?;
    let winnings_e = f.winnings;
    let winnings = winnings_e
        .map(|e| amounts(e, "winnings", Some(n), false))
        .transpose()?;

    let actions_e = need(f.actions, s, "actions")?;
    let Value::Array(items) = &actions_e.value else {
        return Err(wrong_type(actions_e, "an array of strings"));
    };
    let mut actions = Vec::with_capacity(items.len());
    // Bets keep their mantissa until the unit is known; the few written with
    // decimals are listed (index, places) so integer-only hands allocate nothing.
    let mut fractional_bets: Vec<(usize, u8)> = Vec::new();
    let mut bet_decimals = 0u8;
    for (i, item) in items.iter().enumerate() {
        let Value::Str(text) = &item.value else {
            return Err((
                item.line,
                PhhErrorKind::Action {
                    index: i + 1,
                    text: String::new(),
                    reason: format!("must be a string, found {}", item.value.type_name()),
                },
            ));
        };
        let (mut action, bet) = parse_action(text, n).map_err(|reason| {
            (
                item.line,
                PhhErrorKind::Action {
                    index: i + 1,
                    text: text.to_string(),
                    reason,
                },
            )
        })?;
        if let Some(d) = bet {
            if let ActionKind::BetRaiseTo { amount, .. } = &mut action.kind {
                *amount = d.mantissa;
            }
            if d.decimals > 0 {
                fractional_bets.push((i, d.decimals));
                bet_decimals = bet_decimals.max(d.decimals);
            }
        }
        actions.push(action);
    }

    // The hand's unit: the most decimal places any amount uses.
    let mut decimals = bet_decimals;
    let mut widen = |d: &Decimal| decimals = decimals.max(d.decimals);
    stacks
        .iter()
        .chain(&antes)
        .chain(&blinds)
        .for_each(&mut widen);
    finishing
        .iter()
        .flat_map(|(v, _)| v)
        .chain(winnings.iter().flatten())
        .for_each(&mut widen);
    // The rake taken (`rake`, H4) stays a user field for export, checked here.
    let rake_taken = f
        .rake_taken
        .map(|e| amount(e, RAKE_TAKEN_FIELD))
        .transpose()?;
    rake_taken.iter().for_each(&mut widen);
    match &raw_stakes {
        RawStakes::Min(d, _) => widen(d),
        RawStakes::Limit(a, b, _) => {
            widen(a);
            widen(b);
        }
    }
    let sc = Scaler { decimals };
    if decimals > 0 {
        let mut fractional = fractional_bets.iter().peekable();
        for (i, action) in actions.iter_mut().enumerate() {
            let ActionKind::BetRaiseTo { amount, .. } = &mut action.kind else {
                continue;
            };
            let places = match fractional.peek() {
                Some(&&(at, places)) if at == i => {
                    fractional.next();
                    places
                }
                _ => 0,
            };
            let (line, text) = items.get(i).map_or((actions_e.line, ""), |it| {
                (
                    it.line,
                    match &it.value {
                        Value::Str(t) => t.as_ref(),
                        _ => "",
                    },
                )
            });
            let d = Decimal {
                mantissa: *amount,
                decimals: places,
            };
            *amount = sc.one(d, line, "actions", text)?;
        }
    }
    let stakes = match raw_stakes {
        RawStakes::Min(d, line) => Stakes::MinBet(sc.one(d, line, "min_bet", "min_bet")?),
        RawStakes::Limit(a, b, line) => Stakes::Limit {
            small_bet: sc.one(a, line, "small_bet", "small_bet")?,
            big_bet: sc.one(b, line, "big_bet", "big_bet")?,
        },
    };
    let positive = |v: u64, field: &'static str, line: u32| {
        if v == 0 {
            Err((
                line,
                PhhErrorKind::BadField {
                    field,
                    reason: "must be positive".into(),
                },
            ))
        } else {
            Ok(())
        }
    };
    match stakes {
        Stakes::MinBet(m) => positive(m, "min_bet", actions_e.line)?,
        Stakes::Limit { small_bet, big_bet } => {
            positive(small_bet, "small_bet", actions_e.line)?;
            positive(big_bet, "big_bet", actions_e.line)?;
            if small_bet > big_bet {
                let (line, small, big) = match (f.small_bet, f.big_bet) {
                    (Some(sb), Some(bb)) => (sb.line, sb.raw, bb.raw),
                    _ => (actions_e.line, "", ""),
                };
                return Err((
                    line,
                    PhhErrorKind::BadField {
                        field: "small_bet",
                        reason: format!(
                            "{small} is above big_bet {big}: the small bet of a fixed limit \
                             is at most its big bet"
                        ),
                    },
                ));
            }
        }
    }

    let meta = read_metadata(s, n)?;
    if let Some(e) = f.rake {
        parse_rake(e.raw, Unit { decimals }).map_err(|reason| {
            (
                e.line,
                PhhErrorKind::BadField {
                    field: RAKE_FIELD,
                    reason,
                },
            )
        })?;
    }
    if let Some(e) = f.house {
        // PHH cannot record these rules (see `PhhWriteError`): a hand that claims
        // them is refused, as the writer refuses to write one.
        let bad = |reason| {
            (
                e.line,
                PhhErrorKind::BadField {
                    field: HOUSE_FIELD,
                    reason,
                },
            )
        };
        let rules = parse_house(e.raw, Unit { decimals }).map_err(bad)?;
        if !rules.is_standard() {
            return Err(bad(
                "PHH cannot record the half-bet rule off (B25), a board run more than once \
                 (B26), a bomb pot (B27) or mixed limits by street (B28): such hands are \
                 kept in the native formats"
                    .into(),
            ));
        }
    }
    Ok(HandHistory {
        variant,
        unit: Unit { decimals },
        antes: sc.all(&antes, antes_e.line, "antes")?,
        blinds_or_straddles: mark_dead(
            sc.all(&blinds, blinds_e.line, "blinds_or_straddles")?,
            dead_blinds,
            blinds_e.line,
        )?,
        stakes,
        starting_stacks: mark_unknown(
            sc.all(&stacks, stacks_entry.line, "starting_stacks")?,
            unknown_stacks,
        ),
        actions,
        finishing_stacks: match (finishing, finishing_e) {
            (Some((v, unknown)), Some(e)) => Some(mark_unknown(
                sc.all(&v, e.line, "finishing_stacks")?,
                unknown,
            )),
            _ => None,
        },
        winnings: match (winnings, winnings_e) {
            (Some(v), Some(e)) => Some(sc.all(&v, e.line, "winnings")?),
            _ => None,
        },
        meta,
    })
}

fn read_metadata(s: &Section<'_>, n: usize) -> Result<Metadata, Fail> {
    let mut m = Metadata::default();
    for e in &s.entries {
        let key: &str = &e.key;
        match key {
            // The fields read_hand reads.
            "variant"
            | "antes"
            | "blinds_or_straddles"
            | "min_bet"
            | "small_bet"
            | "big_bet"
            | "bring_in"
            | "starting_stacks"
            | "actions"
            | "finishing_stacks"
            | "winnings" => {}
            "players" => m.players = Some(strings(e, n)?),
            "seats" => {
                let Value::Array(items) = &e.value else {
                    return Err(wrong_type(e, "an array of integers"));
                };
                check_len(e, "seats", n, items.len())?;
                let mut seats = Vec::with_capacity(n);
                for it in items {
                    let Value::Number(t) = &it.value else {
                        return Err(wrong_type(e, "an array of integers"));
                    };
                    seats.push(
                        t.parse::<u32>()
                            .map_err(|_| wrong_type(e, "an array of integers"))?,
                    );
                }
                m.seats = Some(seats);
            }
            "seat_count" => m.seat_count = Some(unsigned(e, "seat_count")?),
            "day" => m.day = Some(unsigned(e, "day")?),
            "month" => m.month = Some(unsigned(e, "month")?),
            "level" => m.level = Some(unsigned(e, "level")?),
            "year" => {
                let y = integer(e)?;
                m.year = Some(i32::try_from(y).map_err(|_| {
                    (
                        e.line,
                        PhhErrorKind::BadField {
                            field: "year",
                            reason: format!("{y} is out of range"),
                        },
                    )
                })?);
            }
            "hand" | "table" => {
                if !matches!(e.value, Value::Str(_) | Value::Number(_)) {
                    return Err(wrong_type(e, "a string or an integer"));
                }
                let raw = Some(e.raw.to_string());
                if key == "hand" {
                    m.hand = raw;
                } else {
                    m.table = raw;
                }
            }
            "time" => match &e.value {
                Value::DateTime(t) => m.time = Some((*t).to_string()),
                _ => return Err(wrong_type(e, "a TOML local time")),
            },
            "currency" => m.currency = Some(string(e)?.to_string()),
            "currency_symbol" => m.currency_symbol = Some(string(e)?.to_string()),
            "ante_trimming_status" => match e.value {
                Value::Bool(b) => m.ante_trimming_status = Some(b),
                _ => return Err(wrong_type(e, "a boolean")),
            },
            _ if TEXT_FIELDS.contains(&key) => {
                m.text.push((key.to_string(), string(e)?.to_string()))
            }
            _ => m.extra.push(ExtraField {
                key: key.to_string(),
                toml: e.raw.to_string(),
            }),
        }
    }
    Ok(m)
}

/// The user-defined field in which a hand names the rules preset it was played
/// under (`_holdem_rules = 'live-tournament'`); `--rules` overrides it.
pub const RULES_FIELD: &str = "_holdem_rules";

/// The field in which a history records the rake the house took from the hand,
/// an amount (`rake = 0.50`, H4): when present, replay checks that the gap between
/// the replayed and the recorded finishing stacks is exactly this rake, taken from
/// what winners collected, instead of inferring a rake. It is kept, verbatim, among
/// [`crate::Metadata::extra`].
pub const RAKE_TAKEN_FIELD: &str = "rake";

/// The user-defined field in which a history records its rake (B23): an inline
/// table with the keys of a rules file's `[rake]` (`basis-points`, `cap`,
/// `no-flop-no-drop`, `rounding`, `source`), the cap in the hand's money, e.g.
/// `_holdem_rake = { basis-points = 500, cap = 3, no-flop-no-drop = true }`.
pub const RAKE_FIELD: &str = "_holdem_rake";

/// The user-defined field in which a history records the house rules of the hand
/// that the standard fields cannot say ([`crate::model::TableRules`]): an inline
/// table of the rules that differ from the standard, amounts in the hand's money,
/// e.g. `_holdem_house = { half-bet = false, bomb-pot = 3, board-runs = 2 }`
/// (`half-bet`: the fixed-limit half-bet rule, B25; `bomb-pot`: what each player
/// posts, B27; `board-runs`: the most runs of the board, 1 to 3, B26). The native
/// formats keep it and replay honours it. PHH has no field for these rules:
/// [`write_phh`] refuses a hand whose rules differ from the standard
/// ([`PhhWriteError`]), and [`parse_phh`] refuses a PHH hand that claims them.
pub const HOUSE_FIELD: &str = "_holdem_house";

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
                        return Err(
                            "streets must be four variant codes (`NT`, `PT`, `FT`): pre-flop, \
                             flop, turn, river (B28)"
                                .into(),
                        );
                    }
                }
            }
            ("half-bet" | "bomb-pot" | "board-runs" | "streets", v) => {
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

/// Parses one action notation; a `cbr` amount is returned separately (unscaled).
fn parse_action(text: &str, players: usize) -> Result<(Action, Option<Decimal>), String> {
    match parse_action_fast(text, players) {
        Some(parsed) => Ok(parsed),
        None => parse_action_general(text, players),
    }
}

/// The common, well-formed notations (`p3 cbr 300`, `d dh p1 AcKd`: single spaces, no
/// commentary) read byte by byte; `None` sends anything else, errors included, to
/// [`parse_action_general`], which accepts a superset and gives the same result on
/// these (`fast_and_general_action_readers_agree`).
fn parse_action_fast(text: &str, players: usize) -> Option<(Action, Option<Decimal>)> {
    // Words separated by single spaces; any other blank or a `#` takes the general
    // path. One pass over the bytes.
    let bytes = text.as_bytes();
    let mut words: [&[u8]; 4] = [&[]; 4];
    let mut count = 0;
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b' ' {
            if i == start || count == 3 {
                return None;
            }
            words[count] = &bytes[start..i];
            count += 1;
            start = i + 1;
        } else if b == b'#' || b.is_ascii_whitespace() {
            return None;
        }
    }
    if start == bytes.len() {
        return None;
    }
    words[count] = &bytes[start..];
    count += 1;
    let action = |kind| Action {
        kind,
        comment: None,
    };
    if words[0] == b"d" {
        return match (words[1], count) {
            (b"dh", 4) => {
                let player = fast_player(words[2], players)?;
                let cards = fast_cards(words[3])?;
                (cards.len() == 2).then(|| (action(ActionKind::DealHole { player, cards }), None))
            }
            (b"db", 3) => Some((
                action(ActionKind::DealBoard {
                    cards: fast_cards(words[2])?,
                }),
                None,
            )),
            _ => None,
        };
    }
    let player = fast_player(words[0], players)?;
    let kind = match (words[1], count) {
        (b"f", 2) => ActionKind::Fold { player },
        (b"cc", 2) => ActionKind::CheckCall { player },
        (b"cbr", 3) => {
            let amount = std::str::from_utf8(words[2]).ok()?;
            let d = Decimal::parse(amount).ok()?;
            return Some((
                action(ActionKind::BetRaiseTo { player, amount: 0 }),
                Some(d),
            ));
        }
        (b"sm", 2) => ActionKind::ShowMuck {
            player,
            shown: Shown::Muck,
        },
        (b"sm", 3) if words[2] == b"-" => ActionKind::ShowMuck {
            player,
            shown: Shown::AsDealt,
        },
        (b"sm", 3) => {
            let cards = fast_cards(words[2])?;
            if cards.len() != 2 {
                return None;
            }
            ActionKind::ShowMuck {
                player,
                shown: Shown::Cards(cards),
            }
        }
        _ => return None,
    };
    Some((action(kind), None))
}

/// `p1`..`p23` without a leading zero; `None` for anything else.
fn fast_player(word: &[u8], players: usize) -> Option<Player> {
    let n = match word {
        [b'p', d @ b'1'..=b'9'] => usize::from(d - b'0'),
        [b'p', d @ b'1'..=b'9', e @ b'0'..=b'9'] => {
            usize::from(d - b'0') * 10 + usize::from(e - b'0')
        }
        _ => return None,
    };
    if n > players {
        return None;
    }
    u8::try_from(n - 1).ok().map(Player)
}

/// Up to five two-character cards or `??`; `None` for anything else.
fn fast_cards(word: &[u8]) -> Option<Cards> {
    if word.is_empty() || !word.len().is_multiple_of(2) || word.len() > 10 {
        return None;
    }
    let mut cards = ArrayVec::new();
    for pair in word.chunks_exact(2) {
        let card = match pair {
            [b'?', b'?'] => None,
            [r, s] => Some(Card::new(
                Rank::from_char(char::from(*r))?,
                Suit::from_char(char::from(*s))?,
            )),
            _ => return None,
        };
        // At most five pairs (checked above) fit the capacity of five.
        cards.try_push(card).ok()?;
    }
    Some(Cards(cards))
}

/// The full action reader: commentary, any blank space between words, every error.
fn parse_action_general(text: &str, players: usize) -> Result<(Action, Option<Decimal>), String> {
    let (head, comment) = match text.split_once('#') {
        Some((h, c)) => (h, Some(c.trim().to_string())),
        None => (text, None),
    };
    let mut words = head.split_ascii_whitespace();
    let Some(actor) = words.next() else {
        return Ok((
            Action {
                kind: ActionKind::NoOp,
                comment,
            },
            None,
        ));
    };
    let verb = words.next().ok_or("an action needs an actor and a verb")?;
    let args: ArrayVec<&str, 2> = words.by_ref().take(2).collect();
    if words.next().is_some() {
        return Err("too many words".into());
    }
    let mut bet = None;
    let kind = if actor == "d" {
        match (verb, args.as_slice()) {
            ("dh", [p, cards]) => {
                let player = parse_player(p, players)?;
                let cards = parse_cards(cards)?;
                if cards.len() != 2 {
                    return Err(format!(
                        "hold'em hole cards are two cards, found {}",
                        cards.len()
                    ));
                }
                ActionKind::DealHole { player, cards }
            }
            ("db", [cards]) => ActionKind::DealBoard {
                cards: parse_cards(cards)?,
            },
            ("dh" | "db", _) => return Err(format!("wrong number of arguments for `d {verb}`")),
            _ => {
                return Err(format!(
                    "unknown dealer action `{verb}` (expected dh or db)"
                ));
            }
        }
    } else {
        let player = parse_player(actor, players)?;
        match (verb, args.as_slice()) {
            ("f", []) => ActionKind::Fold { player },
            ("cc", []) => ActionKind::CheckCall { player },
            ("cbr", [amount]) => {
                let d = Decimal::parse(amount).map_err(|e| e.to_string())?;
                bet = Some(d);
                ActionKind::BetRaiseTo { player, amount: 0 }
            }
            ("sm", []) => ActionKind::ShowMuck {
                player,
                shown: Shown::Muck,
            },
            ("sm", ["-"]) => ActionKind::ShowMuck {
                player,
                shown: Shown::AsDealt,
            },
            ("sm", [cards]) => {
                let cards = parse_cards(cards)?;
                if cards.len() != 2 {
                    return Err(format!(
                        "a hold'em hand shows two cards, found {}",
                        cards.len()
                    ));
                }
                ActionKind::ShowMuck {
                    player,
                    shown: Shown::Cards(cards),
                }
            }
            ("f" | "cc" | "cbr" | "sm", _) => {
                return Err(format!("wrong number of arguments for `{verb}`"));
            }
            ("pb" | "sd", _) => return Err(format!("`{verb}` is not a hold'em action")),
            _ => {
                return Err(format!(
                    "unknown action `{verb}` (expected f, cc, cbr or sm)"
                ));
            }
        }
    };
    Ok((Action { kind, comment }, bet))
}

fn parse_player(text: &str, players: usize) -> Result<Player, String> {
    let n: usize = text
        .strip_prefix('p')
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("`{text}` is not an actor (d or p1..p{players})"))?;
    if n == 0 || n > players {
        return Err(format!(
            "player {text} does not exist: the hand has p1..p{players}"
        ));
    }
    // n <= players <= MAX_PLAYERS, so this fits.
    Ok(Player(
        u8::try_from(n - 1).map_err(|_| format!("player {text} does not exist"))?,
    ))
}

/// `AcKd`, `????`, `??Ad`: two characters a card, `??` unknown.
fn parse_cards(text: &str) -> Result<Cards, String> {
    let b = text.as_bytes();
    if !b.len().is_multiple_of(2) || !text.is_ascii() {
        return Err(format!("`{text}` is not a list of two-character cards"));
    }
    let mut cards = ArrayVec::new();
    for pair in b.chunks_exact(2) {
        let card = match pair {
            [b'?', b'?'] => None,
            [r, s] => {
                let rank = Rank::from_char(char::from(*r))
                    .ok_or_else(|| format!("bad rank {:?} in `{text}`", char::from(*r)))?;
                let suit = Suit::from_char(char::from(*s))
                    .ok_or_else(|| format!("bad suit {:?} in `{text}`", char::from(*s)))?;
                Some(Card::new(rank, suit))
            }
            _ => None,
        };
        cards
            .try_push(card)
            .map_err(|_| format!("too many cards in `{text}`"))?;
    }
    if cards.is_empty() {
        return Err("no cards".into());
    }
    Ok(Cards(cards))
}

// ---------------------------------------------------------------- export

/// The PHH notation of one action, amounts in `unit`.
pub fn action_text(action: &Action, unit: Unit) -> String {
    action_text_of(&action.kind, action.comment.as_deref(), unit)
}

/// The PHH notation of an action given by its parts, amounts in `unit`.
pub fn action_text_of(kind: &ActionKind, comment: Option<&str>, unit: Unit) -> String {
    let mut s = match kind {
        ActionKind::DealHole { player, cards } => format!("d dh {player} {cards}"),
        ActionKind::DealBoard { cards } => format!("d db {cards}"),
        ActionKind::Fold { player } => format!("{player} f"),
        ActionKind::CheckCall { player } => format!("{player} cc"),
        ActionKind::BetRaiseTo { player, amount } => {
            format!("{player} cbr {}", Money(*amount, unit))
        }
        ActionKind::ShowMuck {
            player,
            shown: Shown::Muck,
        } => format!("{player} sm"),
        ActionKind::ShowMuck {
            player,
            shown: Shown::AsDealt,
        } => format!("{player} sm -"),
        ActionKind::ShowMuck {
            player,
            shown: Shown::Cards(c),
        } => format!("{player} sm {c}"),
        ActionKind::NoOp => String::new(),
        // Not PHH (it has no notation for them, see `PhhWriteError`): the words
        // reports use.
        ActionKind::OfferRuns { player, runs } => format!("{player} offers {runs} runs"),
        ActionKind::AnswerRuns {
            player,
            accept: true,
        } => format!("{player} accepts the runs"),
        ActionKind::AnswerRuns {
            player,
            accept: false,
        } => format!("{player} refuses the runs"),
    };
    if let Some(c) = comment {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str("# ");
        s.push_str(c);
    }
    s
}

/// A TOML basic string of `s` (every control character escaped).
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn key(k: &str) -> String {
    if !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        k.to_string()
    } else {
        quote(k)
    }
}

fn money_list(v: &[u64], unit: Unit) -> String {
    let items: Vec<String> = v.iter().map(|&a| unit.format(a)).collect();
    format!("[{}]", items.join(", "))
}

/// Why a hand cannot be written as PHH: the specification (v0.0.2) has no field
/// or action notation for it, and pokerkit, its reference reader, would replay the
/// text as an ordinary hand with another result. The native formats record all of
/// these.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PhhWriteError {
    /// An offer to run the board more than once, an answer to one, or a board run
    /// more than once (B26): PHH's actions are one board's deals (`d db`) and
    /// player actions; pokerkit always runs the board once when it reads PHH.
    #[error(
        "action {action}: PHH has no notation for an offer to run the board more than \
         once or its answers, nor for a second board (B26)"
    )]
    BoardRuns {
        /// 1-based position of the first such action.
        action: usize,
    },
    /// A table that runs the board more than once (B26): PHH has no field for it.
    #[error("PHH has no field for a table that runs the board more than once (B26)")]
    RunsAllowed,
    /// The fixed-limit half-bet rule switched off (B25): PHH has no field for it.
    #[error("PHH has no field for the fixed-limit half-bet rule switched off (B25)")]
    HalfBetRuleOff,
    /// A bomb pot (B27): PHH's antes and blinds cannot say that every player
    /// posts the amount and that there is no pre-flop betting.
    #[error("PHH has no field for a bomb pot (B27): no pre-flop betting after a post by all")]
    BombPot,
    /// Mixed limits by street (B28): PHH's `variant` is one structure for the
    /// whole hand.
    #[error("PHH has no field for mixed limits by street (B28): its variant is one structure")]
    MixedLimits,
    /// The hand's recorded house rules ([`HOUSE_FIELD`]) are not valid.
    #[error("{HOUSE_FIELD}: {0}")]
    HouseField(String),
}

/// Whether PHH can record `h`: `Err` names what it cannot (see [`PhhWriteError`]).
///
/// # Errors
/// The first thing of the hand PHH cannot record.
pub fn phh_recordable(h: &HandHistory) -> Result<(), PhhWriteError> {
    let rules = h.table_rules().map_err(PhhWriteError::HouseField)?;
    if !rules.half_bet_rule {
        return Err(PhhWriteError::HalfBetRuleOff);
    }
    if rules.bomb_pot > 0 {
        return Err(PhhWriteError::BombPot);
    }
    if rules.max_board_runs > 1 {
        return Err(PhhWriteError::RunsAllowed);
    }
    if rules.streets.is_some() {
        return Err(PhhWriteError::MixedLimits);
    }
    if let Some(i) = h.actions.iter().position(|a| {
        matches!(
            a.kind,
            ActionKind::OfferRuns { .. } | ActionKind::AnswerRuns { .. }
        )
    }) {
        return Err(PhhWriteError::BoardRuns { action: i + 1 });
    }
    Ok(())
}

/// Writes one hand as a PHH document (the body of a `.phh` file).
///
/// # Errors
/// PHH cannot record the hand ([`phh_recordable`]): nothing is written.
pub fn write_phh(h: &HandHistory) -> Result<String, PhhWriteError> {
    phh_recordable(h)?;
    let u = h.unit;
    let mut out = String::with_capacity(512);
    let _ = writeln!(out, "variant = {}", quote(h.variant.code()));
    if let Some(b) = h.meta.ante_trimming_status {
        let _ = writeln!(out, "ante_trimming_status = {b}");
    }
    let _ = writeln!(out, "antes = {}", money_list(&h.antes, u));
    let _ = writeln!(
        out,
        "blinds_or_straddles = {}",
        money_list(&h.blinds_or_straddles, u)
    );
    match h.stakes {
        Stakes::MinBet(m) => {
            let _ = writeln!(out, "min_bet = {}", u.format(m));
        }
        Stakes::Limit { small_bet, big_bet } => {
            let _ = writeln!(out, "small_bet = {}", u.format(small_bet));
            let _ = writeln!(out, "big_bet = {}", u.format(big_bet));
        }
    }
    let _ = writeln!(
        out,
        "starting_stacks = {}",
        money_list(&h.starting_stacks, u)
    );
    out.push_str("actions = [\n");
    for a in &h.actions {
        let _ = writeln!(out, "  {},", quote(&action_text(a, u)));
    }
    out.push_str("]\n");
    if let Some(v) = &h.finishing_stacks {
        let _ = writeln!(out, "finishing_stacks = {}", money_list(v, u));
    }
    if let Some(v) = &h.winnings {
        let _ = writeln!(out, "winnings = {}", money_list(v, u));
    }
    let m = &h.meta;
    for (k, v) in &m.text {
        let _ = writeln!(out, "{} = {}", key(k), quote(v));
    }
    if let Some(t) = &m.time {
        let _ = writeln!(out, "time = {t}");
    }
    for (k, v) in [
        ("day", m.day),
        ("month", m.month),
        ("level", m.level),
        ("seat_count", m.seat_count),
    ] {
        if let Some(v) = v {
            let _ = writeln!(out, "{k} = {v}");
        }
    }
    if let Some(y) = m.year {
        let _ = writeln!(out, "year = {y}");
    }
    if let Some(v) = &m.hand {
        let _ = writeln!(out, "hand = {v}");
    }
    if let Some(v) = &m.table {
        let _ = writeln!(out, "table = {v}");
    }
    if let Some(seats) = &m.seats {
        let s: Vec<String> = seats.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "seats = [{}]", s.join(", "));
    }
    if let Some(p) = &m.players {
        let s: Vec<String> = p.iter().map(|n| quote(n)).collect();
        let _ = writeln!(out, "players = [{}]", s.join(", "));
    }
    if let Some(c) = &m.currency {
        let _ = writeln!(out, "currency = {}", quote(c));
    }
    if let Some(c) = &m.currency_symbol {
        let _ = writeln!(out, "currency_symbol = {}", quote(c));
    }
    for e in &m.extra {
        let _ = writeln!(out, "{} = {}", key(&e.key), e.toml);
    }
    Ok(out)
}

/// Writes hands as a `.phhs` document: `[1]`, `[2]`... tables.
///
/// # Errors
/// PHH cannot record one of the hands ([`phh_recordable`]), with its 1-based
/// position: nothing is written.
pub fn write_phhs<'h>(
    hands: impl IntoIterator<Item = &'h HandHistory>,
) -> Result<String, (usize, PhhWriteError)> {
    let mut out = String::new();
    for (i, h) in hands.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "[{}]", i + 1);
        out.push_str(&write_phh(h).map_err(|e| (i + 1, e))?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TOKENS: [&str; 31] = [
        "d",
        "dh",
        "db",
        "p1",
        "p2",
        "p7",
        "p0",
        "p01",
        "p10",
        "f",
        "cc",
        "cbr",
        "sm",
        "-",
        "300",
        "0.25",
        "1_000",
        "2.5e3",
        "-5",
        "AcKd",
        "????",
        "??Ad",
        "Ac",
        "AcKdQh",
        "AcKdQhJs2c3c",
        "Xx",
        "acKD",
        "x",
        "#",
        "# c",
        "",
    ];

    fn agree(text: &str) {
        let general = parse_action_general(text, 9);
        if let Some(fast) = parse_action_fast(text, 9) {
            assert_eq!(Ok(fast), general, "{text:?}");
        }
    }

    #[test]
    fn fast_and_general_action_readers_agree() {
        let mut fast_hits = 0;
        for a in TOKENS {
            for b in TOKENS {
                for c in TOKENS {
                    for text in [
                        format!("{a} {b}"),
                        format!("{a} {b} {c}"),
                        format!("{a}  {b}"),
                        format!("{a} {b} # {c}"),
                        format!("d dh {b} {c}"),
                        format!("{a} cbr {c}"),
                    ] {
                        agree(&text);
                        fast_hits += usize::from(parse_action_fast(&text, 9).is_some());
                    }
                }
            }
        }
        for text in [
            "d dh p1 AcKd",
            "d db AcKdQh",
            "p2 cbr 300",
            "p9 sm ????",
            "p3 sm -",
        ] {
            assert!(parse_action_fast(text, 9).is_some(), "{text}");
            agree(text);
        }
        assert!(fast_hits > 500, "the fast path is taken ({fast_hits})");
    }

    proptest! {
        #[test]
        fn fast_and_general_action_readers_agree_on_random_words(
            words in proptest::collection::vec(0..TOKENS.len(), 1..6),
            players in 2usize..12,
        ) {
            let text = words.iter().map(|&i| TOKENS[i]).collect::<Vec<_>>().join(" ");
            let general = parse_action_general(&text, players);
            if let Some(fast) = parse_action_fast(&text, players) {
                prop_assert_eq!(Ok(fast), general);
            }
        }
    }
}
