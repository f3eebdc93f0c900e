//! One hand of PHH: its fields read section by section into a [`HandHistory`].

use super::action::parse_action;
use super::fields::{
    Fail, Fields, Scaler, amount, amounts, amounts_or_unknown, check_len, integer, mark_dead,
    mark_unknown, need, string, strings, unsigned, wrong_type,
};
use super::house::{parse_house, parse_rake};
use super::read::TEXT_FIELDS;
use super::{HOUSE_FIELD, RAKE_FIELD, RAKE_TAKEN_FIELD};
use crate::error::PhhErrorKind;
use arrayvec::ArrayVec;

use crate::model::{
    Action, ActionKind, ExtraField, HandHistory, MAX_PLAYERS, Metadata, Stakes, Variant,
};
use crate::money::{Decimal, Unit};
use crate::toml_lite::{Entry, Section, Value};

/// Decimal amounts per player, as written (scaled once the hand's unit is known).
type Raw = ArrayVec<Decimal, MAX_PLAYERS>;

/// The stakes as written, with the line to report a scaling error at.
enum RawStakes {
    Min(Decimal, u32),
    Limit(Decimal, Decimal, u32),
}

/// The actions as read, bets still in their own decimals: the few written with
/// decimals are listed (index, places) so integer-only hands allocate nothing.
struct RawActions {
    actions: Vec<Action>,
    fractional_bets: Vec<(usize, u8)>,
    decimals: u8,
}

/// Reads one hand, section by section: the variant, the stacks, the forced bets,
/// the stakes, the actions, then the unit (the most decimal places any amount
/// uses) that every amount is scaled to, and the metadata.
pub(super) fn read_hand(s: &Section<'_>) -> Result<HandHistory, Fail> {
    let f = Fields::of(s);
    let variant = read_variant(&f, s)?;
    let stacks_entry = need(f.starting_stacks, s, "starting_stacks")?;
    let (stacks, unknown_stacks) = read_stacks(stacks_entry)?;
    let n = stacks.len();
    let antes_e = need(f.antes, s, "antes")?;
    let antes = amounts(antes_e, "antes", Some(n), false)?;
    let blinds_e = need(f.blinds_or_straddles, s, "blinds_or_straddles")?;
    let (blinds, dead_blinds) =
        amounts_or_unknown(blinds_e, "blinds_or_straddles", Some(n), false)?;
    let raw_stakes = read_stakes(&f, s, variant)?;
    let finishing_e = f.finishing_stacks;
    let finishing = finishing_e
        .map(|e| amounts_or_unknown(e, "finishing_stacks", Some(n), true))
        .transpose()?;
    let winnings_e = f.winnings;
    let winnings = winnings_e
        .map(|e| amounts(e, "winnings", Some(n), false))
        .transpose()?;
    let actions_e = need(f.actions, s, "actions")?;
    let mut raw = read_actions(actions_e, n)?;
    // The rake taken (`rake`, H4) stays a user field for export, checked here.
    let rake_taken = f
        .rake_taken
        .map(|e| amount(e, RAKE_TAKEN_FIELD))
        .transpose()?;

    // The hand's unit: the most decimal places any amount uses.
    let mut decimals = raw.decimals;
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
        .chain(rake_taken.iter())
        .for_each(&mut widen);
    match &raw_stakes {
        RawStakes::Min(d, _) => widen(d),
        RawStakes::Limit(a, b, _) => {
            widen(a);
            widen(b);
        }
    }
    let sc = Scaler { decimals };
    if decimals > 0 {
        scale_bets(&mut raw, actions_e, &sc)?;
    }
    let stakes = scale_stakes(raw_stakes, &sc, &f, actions_e.line)?;
    let meta = read_metadata(s, n)?;
    check_house(&f, Unit { decimals })?;
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
        actions: raw.actions,
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

/// `variant`: one of the hold'em codes, else the hand is unsupported.
fn read_variant(f: &Fields<'_, '_>, s: &Section<'_>) -> Result<Variant, Fail> {
    let variant_entry = need(f.variant, s, "variant")?;
    let code = string(variant_entry)?;
    Variant::from_code(code).ok_or_else(|| {
        (
            variant_entry.line,
            PhhErrorKind::UnsupportedVariant(code.to_string()),
        )
    })
}

/// `starting_stacks`: 2 to [`MAX_PLAYERS`] players, none empty (an unknown stack,
/// `inf`, is marked in the mask).
fn read_stacks(e: &Entry<'_>) -> Result<(Raw, u32), Fail> {
    let (stacks, unknown_stacks) = amounts_or_unknown(e, "starting_stacks", None, true)?;
    let n = stacks.len();
    let bad = |reason| {
        (
            e.line,
            PhhErrorKind::BadField {
                field: "starting_stacks",
                reason,
            },
        )
    };
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(bad(format!(
            "{n} players: a hold'em hand has 2 to {MAX_PLAYERS}"
        )));
    }
    if let Some(i) = (0..n).find(|&i| stacks[i].mantissa == 0 && unknown_stacks & (1 << i) == 0) {
        return Err(bad(format!("p{} has an empty stack", i + 1)));
    }
    Ok((stacks, unknown_stacks))
}

/// The stakes fields of the variant: `min_bet` (no and pot limit) or `small_bet`
/// and `big_bet` (fixed limit), and none of the others (`bring_in` never).
fn read_stakes(f: &Fields<'_, '_>, s: &Section<'_>, variant: Variant) -> Result<RawStakes, Fail> {
    let not_for = |e: &Entry<'_>, field| {
        (
            e.line,
            PhhErrorKind::FieldNotForVariant {
                field,
                variant: variant.code(),
            },
        )
    };
    if let Some(e) = f.bring_in {
        return Err(not_for(e, "bring_in"));
    }
    Ok(match variant {
        Variant::FixedLimit => {
            if let Some(e) = f.min_bet {
                return Err(not_for(e, "min_bet"));
            }
            let sb = need(f.small_bet, s, "small_bet")?;
            let bb = need(f.big_bet, s, "big_bet")?;
            RawStakes::Limit(amount(sb, "small_bet")?, amount(bb, "big_bet")?, sb.line)
        }
        Variant::NoLimit | Variant::PotLimit => {
            for (given, field) in [(f.small_bet, "small_bet"), (f.big_bet, "big_bet")] {
                if let Some(e) = given {
                    return Err(not_for(e, field));
                }
            }
            let e = need(f.min_bet, s, "min_bet")?;
            RawStakes::Min(amount(e, "min_bet")?, e.line)
        }
    })
}

/// `actions`: each entry in the action notation, bets kept in their own decimals.
fn read_actions(actions_e: &Entry<'_>, n: usize) -> Result<RawActions, Fail> {
    let Value::Array(items) = &actions_e.value else {
        return Err(wrong_type(actions_e, "an array of strings"));
    };
    let mut raw = RawActions {
        actions: Vec::with_capacity(items.len()),
        fractional_bets: Vec::new(),
        decimals: 0,
    };
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
                raw.fractional_bets.push((i, d.decimals));
                raw.decimals = raw.decimals.max(d.decimals);
            }
        }
        raw.actions.push(action);
    }
    Ok(raw)
}

/// Scales the bets of `raw` to the hand's unit (each was read in its own).
fn scale_bets(raw: &mut RawActions, actions_e: &Entry<'_>, sc: &Scaler) -> Result<(), Fail> {
    let Value::Array(items) = &actions_e.value else {
        return Ok(());
    };
    let mut fractional = raw.fractional_bets.iter().peekable();
    for (i, action) in raw.actions.iter_mut().enumerate() {
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
    Ok(())
}

/// The stakes in the hand's unit: positive, and a fixed limit's small bet at most
/// its big bet. Errors without a line of their own are reported at `line`.
fn scale_stakes(
    raw: RawStakes,
    sc: &Scaler,
    f: &Fields<'_, '_>,
    line: u32,
) -> Result<Stakes, Fail> {
    let stakes = match raw {
        RawStakes::Min(d, at) => Stakes::MinBet(sc.one(d, at, "min_bet", "min_bet")?),
        RawStakes::Limit(a, b, at) => Stakes::Limit {
            small_bet: sc.one(a, at, "small_bet", "small_bet")?,
            big_bet: sc.one(b, at, "big_bet", "big_bet")?,
        },
    };
    let positive = |v: u64, field: &'static str| {
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
        Stakes::MinBet(m) => positive(m, "min_bet")?,
        Stakes::Limit { small_bet, big_bet } => {
            positive(small_bet, "small_bet")?;
            positive(big_bet, "big_bet")?;
            if small_bet > big_bet {
                let (line, small, big) = match (f.small_bet, f.big_bet) {
                    (Some(sb), Some(bb)) => (sb.line, sb.raw, bb.raw),
                    _ => (line, "", ""),
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
    Ok(stakes)
}

/// The rake and house rules a hand records (`_holdem_rake`, `_holdem_house`) are
/// valid in its unit; house rules PHH cannot record are refused.
fn check_house(f: &Fields<'_, '_>, unit: Unit) -> Result<(), Fail> {
    if let Some(e) = f.rake {
        parse_rake(e.raw, unit).map_err(|source| {
            (
                e.line,
                PhhErrorKind::InlineTable {
                    field: RAKE_FIELD,
                    source,
                },
            )
        })?;
    }
    if let Some(e) = f.house {
        // PHH cannot record these rules (see `PhhWriteError`): a hand that claims
        // them is refused, as the writer refuses to write one.
        let rules = parse_house(e.raw, unit).map_err(|source| {
            (
                e.line,
                PhhErrorKind::InlineTable {
                    field: HOUSE_FIELD,
                    source,
                },
            )
        })?;
        if !rules.is_standard() {
            return Err((
                e.line,
                PhhErrorKind::BadField {
                    field: HOUSE_FIELD,
                    reason: "PHH cannot record the half-bet rule off (B25), a board run more \
                             than once (B26), a bomb pot (B27), mixed limits by street (B28) or \
                             another order of the odd chips (P3): such hands are kept in the \
                             native formats"
                        .into(),
                },
            ));
        }
    }
    Ok(())
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
