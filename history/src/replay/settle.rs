//! The end of a replay: the settled stacks against the recorded ones, and the
//! rake a record takes or implies (H4).

use holdem_betting::{Hand, MAX_SEATS, Seat};

use super::outcome::{Amounts, Outcome, UnsupportedReason, phh_names};
use crate::Unit;
use crate::money::{Decimal, UNKNOWN_STACK};
use crate::view::ReplayView;

/// Whether `short`, missing from what a player collected (`collected`), can be a
/// rake: at most a tenth of it (H4; house rakes are a few per cent, capped).
fn rake_shaped(short: u64, collected: u64) -> bool {
    short <= collected / 10
}

pub(super) fn finish<E, A>(
    hand: &Hand<E>,
    h: &ReplayView<'_, A>,
    hidden: Option<String>,
) -> Outcome {
    let n = h.player_count();
    let seats = (0..n.min(MAX_SEATS)).filter_map(|i| Seat::new(i as u8));
    // An unknown starting stack (H4) stays unknown after the hand.
    let known = |i: usize, stack: u64| {
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            UNKNOWN_STACK
        } else {
            stack
        }
    };
    let Some(result) = hand.result() else {
        let stacks: Amounts = seats
            .map(|s| known(s.as_usize(), hand.stack(s).get()))
            .collect();
        let note = hidden.unwrap_or_else(|| {
            format!(
                "the history ends while the hand waits for {}",
                hand.pending()
            )
        });
        return Outcome::Ok {
            settled: false,
            stacks_after_rake: stacks.clone(),
            stacks,
            rake: 0,
            pots: Amounts::new(),
            note: Some(phh_names(&note)),
        };
    };
    // Filled by hand: `collect` into an `ArrayVec` is an out-of-line loop with a
    // capacity check per item.
    let mut stacks = Amounts::new();
    for seat in seats {
        // Cannot fail: at most MAX_SEATS seats.
        let _ = stacks.try_push(known(seat.as_usize(), result.final_stack(seat).get()));
    }
    let mut pots = Amounts::new();
    for pot in result.pots().iter().take(MAX_SEATS) {
        // Cannot fail: at most MAX_SEATS pots are taken.
        let _ = pots.try_push(pot.amount.get());
    }
    let mut note = None;
    // H4: the rake the engine applied is already out of `stacks`; a rake recorded
    // as taken or inferred from finishing stacks is not, and `stacks_after_rake`
    // takes it out.
    let mut rake = result.rake().get();
    let mut stacks_after_rake = stacks.clone();
    let taken = match rake_taken(h) {
        Ok(taken) => taken,
        Err(reason) => return Outcome::Unsupported { reason },
    };
    if let (Some(expected), Some(taken)) = (h.finishing_stacks, taken) {
        // A recorded rake (H4): the gap is exactly that rake, from winners.
        match taken_gap(h, result, expected, &stacks) {
            Some((gap, complete)) if gap == taken || (!complete && gap <= taken) => {
                note = Some(format!("rake {} recorded", h.unit.format(taken)));
                rake = rake.saturating_add(taken);
                recorded_after_rake(h, expected, &mut stacks_after_rake);
            }
            _ => {
                return Outcome::Mismatch {
                    reason: format!(
                        "rake {} recorded, but finishing_stacks [{}] differ from the replay's \
                         [{}] by more than that rake taken from winners",
                        h.unit.format(taken),
                        show_amounts(h.unit, expected),
                        show_amounts(h.unit, &stacks)
                    ),
                };
            }
        }
    } else if let Some(expected) = h.finishing_stacks {
        if expected[..] != stacks[..] {
            match rake_gap(h, result, expected, &stacks) {
                Some(0) => {}
                Some(inferred) => {
                    note = Some(format!(
                        "rake {} inferred from finishing_stacks",
                        h.unit.format(inferred)
                    ));
                    rake = rake.saturating_add(inferred);
                    recorded_after_rake(h, expected, &mut stacks_after_rake);
                }
                None => {
                    return Outcome::Mismatch {
                        reason: format!(
                            "finishing_stacks [{}], replay gives [{}]",
                            show_amounts(h.unit, expected),
                            show_amounts(h.unit, &stacks)
                        ),
                    };
                }
            }
        }
    }
    if let (None, Some(taken)) = (h.finishing_stacks, taken) {
        // A rake recorded as taken, with no finishing stacks to say from whom: from
        // the winners (H4), each giving at most what they collected.
        rake = rake.saturating_add(taken);
        take_from_winners(h, result, taken, &mut stacks_after_rake);
    }
    Outcome::Ok {
        settled: true,
        stacks,
        stacks_after_rake,
        rake,
        pots,
        note: note.or_else(|| winnings_note(h, result)),
    }
}

/// Each known player's recorded finishing stack, which is after the rake (H4);
/// a player whose starting stack is unknown keeps [`UNKNOWN_STACK`].
fn recorded_after_rake<A>(h: &ReplayView<'_, A>, expected: &[u64], stacks: &mut Amounts) {
    for (i, (stack, &recorded)) in stacks.iter_mut().zip(expected).enumerate() {
        if h.starting_stacks.get(i) != Some(&UNKNOWN_STACK) {
            *stack = recorded;
        }
    }
}

/// Takes a recorded rake out of the winners' stacks when the history does not
/// record finishing stacks: from the player who collected most first (a single
/// winner's pot, the usual case, is exact), each giving at most what they
/// collected from the pots.
fn take_from_winners<A>(
    h: &ReplayView<'_, A>,
    result: &holdem_betting::HandResult,
    taken: u64,
    stacks: &mut Amounts,
) {
    let mut collected: [(u64, usize); MAX_SEATS] = [(0, 0); MAX_SEATS];
    for (i, slot) in collected.iter_mut().enumerate().take(stacks.len()) {
        let won = Seat::new(i as u8).map_or(0, |seat| {
            result.pots().iter().map(|p| p.share_of(seat).get()).sum()
        });
        *slot = (won, i);
    }
    // Most collected first; among equals, the lower seat first.
    collected.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut left = taken;
    for (won, i) in collected {
        if left == 0 {
            break;
        }
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            continue;
        }
        let part = won.min(left);
        if let Some(stack) = stacks.get_mut(i) {
            *stack = stack.saturating_sub(part);
            left -= part;
        }
    }
}

/// Amounts as the history writes them, for reports.
fn show_amounts(unit: Unit, v: &[u64]) -> String {
    v.iter()
        .map(|&a| unit.format(a))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rake the history records as taken ([`RAKE_TAKEN_FIELD`](crate::phh::RAKE_TAKEN_FIELD)), in the hand's
/// unit, unless the history also records a rake policy (which the engine applies).
fn rake_taken<A>(h: &ReplayView<'_, A>) -> Result<Option<u64>, UnsupportedReason> {
    let Some(text) = h.rake_taken.filter(|_| h.rake.is_none()) else {
        return Ok(None);
    };
    let bad = |error| UnsupportedReason::RakeTaken {
        text: text.trim().to_string(),
        error,
    };
    let d = Decimal::parse(text.trim()).map_err(|e| bad(Some(e)))?;
    d.scaled(h.unit.decimals).map(Some).ok_or_else(|| bad(None))
}

/// The gap between the replayed and the recorded finishing stacks, when every
/// player's recorded stack is at most the replayed one and each shortfall is at
/// most what that player collected (a rake comes from winners): the total, and
/// whether every player was compared (players with an unknown starting stack are
/// not).
fn taken_gap<A>(
    h: &ReplayView<'_, A>,
    result: &holdem_betting::HandResult,
    expected: &[u64],
    stacks: &[u64],
) -> Option<(u64, bool)> {
    if expected.len() != stacks.len() {
        return None;
    }
    let (mut total, mut complete) = (0u64, true);
    for (i, (&want, &got)) in expected.iter().zip(stacks).enumerate() {
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            complete = false;
            continue;
        }
        let short = got.checked_sub(want)?;
        if short > 0 {
            let seat = Seat::new(i as u8)?;
            let collected: u64 = result.pots().iter().map(|p| p.share_of(seat).get()).sum();
            if short > collected {
                return None;
            }
        }
        total = total.checked_add(short)?;
    }
    Some((total, complete))
}

/// The rake a gap between the recorded finishing stacks and the replayed ones
/// stands for, if it is rake-shaped (H4): no recorded stack above the replayed
/// one, every shortfall taken from what that player collected from the pots (at
/// most a tenth of it, [`rake_shaped`]), and
/// the total of the shortfalls is the rake (zero when only players whose starting
/// stack is unknown differ: they are not compared). `None`: any other gap, or a
/// history that records its rake ([`RAKE_FIELD`]), which the engine applied.
fn rake_gap<A>(
    h: &ReplayView<'_, A>,
    result: &holdem_betting::HandResult,
    expected: &[u64],
    stacks: &[u64],
) -> Option<u64> {
    // A recorded rake is applied by the engine: nothing is left to infer.
    if expected.len() != stacks.len() || h.rake.is_some() {
        return None;
    }
    let mut total = 0u64;
    for (i, (&want, &got)) in expected.iter().zip(stacks).enumerate() {
        if h.starting_stacks.get(i) == Some(&UNKNOWN_STACK) {
            continue;
        }
        if want == got {
            continue;
        }
        let short = got.checked_sub(want)?;
        let seat = Seat::new(i as u8)?;
        let collected: u64 = result.pots().iter().map(|p| p.share_of(seat).get()).sum();
        if !rake_shaped(short, collected) {
            return None;
        }
        total = total.checked_add(short)?;
    }
    Some(total)
}

/// `winnings` are the pots collected after rake (PHH spec): never an error, but a
/// difference from the replay's is worth a remark (usually a rake the history does
/// not record).
fn winnings_note<A>(h: &ReplayView<'_, A>, result: &holdem_betting::HandResult) -> Option<String> {
    let recorded = h.winnings?;
    // All zero: the record does not say who won (some sites write zeros when
    // nobody shows; a settled hand always pays someone).
    if recorded.iter().all(|&w| w == 0) {
        return None;
    }
    let n = h.player_count().min(MAX_SEATS);
    let mut won = Amounts::new();
    for i in 0..n {
        let seat = Seat::new(i as u8)?;
        won.push(result.pots().iter().map(|p| p.share_of(seat).get()).sum());
    }
    if recorded[..] == won[..] {
        return None;
    }
    let show = |v: &[u64]| {
        v.iter()
            .map(|&a| h.unit.format(a))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Recorded winnings come from the file: their sum may pass u64 (saturating keeps
    // `r < w` exact, as the pots won never do).
    let total = |v: &[u64]| v.iter().fold(0u64, |s, &a| s.saturating_add(a));
    let (r, w) = (total(recorded), total(&won));
    if h.rake.is_none()
        && recorded.len() == won.len()
        && recorded.iter().zip(&won).all(|(&r, &w)| {
            r == w || (r > 0 && w.checked_sub(r).is_some_and(|d| rake_shaped(d, w)))
        })
    {
        // Each winner recorded what it collected less a part: a rake (H4).
        return Some(format!(
            "rake {} inferred from winnings",
            h.unit.format(w.saturating_sub(r))
        ));
    }
    let why = if r < w {
        format!(
            ": {} less in all, a rake the history does not record?",
            h.unit.format(w - r)
        )
    } else {
        String::new()
    };
    Some(format!(
        "winnings [{}] differ from the pots won [{}]{why}",
        show(recorded),
        show(&won)
    ))
}
