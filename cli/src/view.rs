//! `holdem view`: one self-contained HTML page that replays every hand of the
//! given histories (any format `holdem replay` reads).
//!
//! The engine does every computation when the file is written: the table after
//! each action (from [`holdem_history::steps::steps`]), the pot odds of the
//! player to act, each live player's equity once a street, at its first step
//! where every live hand is known (exact from the flop on, seeded Monte Carlo before it), the
//! verdict, rake and result. The page (`cli/assets/viewer.html`) only draws: it
//! reads the hands from a JSON blob embedded in the page and loads nothing from
//! the network.
//!
//! Invariants:
//! - The same input gives the same page, byte for byte (seeded equity; hands in
//!   file order whatever the number of threads).
//! - The JSON is embedded as `application/json` text with `<` escaped, so no
//!   text from a history can end the script element.
//!
//! The data of one hand is a JSON object of short keys (documented in the
//! template's header comment), with a step as an array:
//! `[text, street, pot, to_act, to_call, odds_permille, board, stacks, bets,
//! statuses, illegal]`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use holdem_betting::{HandView, Pending, SeatStatus, Street};
use holdem_cards::{Card, CardSet};
use holdem_eval::equity;
use holdem_history::model::{ActionKindOf, ShownOf};
use holdem_history::replay::{HouseRules, Outcome};
use holdem_history::steps::steps;
use holdem_history::{HandHistory, UNKNOWN_STACK};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::{Value, json};

use crate::error;
use crate::stats::for_each_batch;

/// The page, with `__HOLDEM_DATA__` where the hands go.
const TEMPLATE: &str = include_str!("../assets/viewer.html");

/// Monte Carlo samples for a pre-flop equity.
const PREFLOP_SAMPLES: u64 = 2_000;

/// Arguments of `holdem view`.
#[derive(Args)]
pub struct ViewArgs {
    /// Files and folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The HTML file to write.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    /// Rules: `standard`, a preset or a rules TOML file. Default: what each hand
    /// declares, else standard.
    #[arg(long)]
    pub rules: Option<String>,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `holdem view`.
pub fn run(args: &ViewArgs, out: &mut dyn Write) -> io::Result<ExitCode> {
    let mut hands: Vec<Value> = Vec::new();
    let left = for_each_batch(
        &args.paths,
        args.rules.as_deref(),
        args.threads,
        hand_json,
        |batch| {
            hands.extend(batch);
            Ok(())
        },
    );
    let left = match left {
        Ok(left) => left,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let page = page(&Value::Array(hands));
    let count = page.1;
    if let Err(e) = std::fs::write(&args.output, page.0) {
        error(&format!("cannot write {}: {e}", args.output.display()));
        return Ok(ExitCode::from(2));
    }
    writeln!(
        out,
        "wrote {} ({count} hands; {} unreadable, {} of other games left out)",
        args.output.display(),
        left.bad,
        left.other_games
    )?;
    Ok(if left.bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The page for `hands` (a JSON array), and the number of hands.
pub(crate) fn page(hands: &Value) -> (String, usize) {
    let count = hands.as_array().map_or(0, Vec::len);
    // `<` escaped: no `</script>` (or `<!--`) can appear inside the blob.
    let data = hands.to_string().replace('<', "\\u003c");
    (TEMPLATE.replacen("__HOLDEM_DATA__", &data, 1), count)
}

fn street_number(s: Street) -> u8 {
    match s {
        Street::Preflop => 0,
        Street::Flop => 1,
        Street::Turn => 2,
        Street::River => 3,
    }
}

/// The hole cards the history records for each player (dealt or shown), when
/// both are known.
fn known_holes(h: &HandHistory) -> Vec<Option<[Card; 2]>> {
    let mut holes = vec![None; h.player_count()];
    for a in &h.actions {
        let (player, cards) = match &a.kind {
            ActionKindOf::DealHole { player, cards } => (player, cards),
            ActionKindOf::ShowMuck {
                player,
                shown: ShownOf::Cards(cards),
            } => (player, cards),
            _ => continue,
        };
        let known: Vec<Card> = cards.known().collect();
        if let (Some(slot), [a, b]) = (holes.get_mut(usize::from(player.0)), known.as_slice()) {
            *slot = Some([*a, *b]);
        }
    }
    holes
}

fn board_text(v: &HandView) -> Option<String> {
    let mut s = String::new();
    for c in v.board.iter().take(usize::from(v.board_len)) {
        s.push_str(&(*c)?.to_string());
    }
    Some(s)
}

/// Equity of the live players at this point, in permille per player (-1: not in
/// the hand), when every live player's cards and the board are known.
fn equities(v: &HandView, holes: &[Option<[Card; 2]>], seed: u64) -> Option<Vec<i64>> {
    let mut live = Vec::new();
    let mut hands = Vec::new();
    for (i, s) in v.seats.iter().enumerate().take(holes.len()) {
        if let Some(s) = s
            && matches!(s.status, SeatStatus::Active | SeatStatus::AllIn)
        {
            live.push(i);
            hands.push((*holes.get(i)?)?);
        }
    }
    if hands.len() < 2 {
        return None;
    }
    let mut board = Vec::with_capacity(5);
    for c in v.board.iter().take(usize::from(v.board_len)) {
        board.push((*c)?);
    }
    let result = if board.is_empty() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        equity::monte_carlo(&hands, &board, CardSet::EMPTY, PREFLOP_SAMPLES, &mut rng)
    } else {
        equity::exact(&hands, &board, CardSet::EMPTY)
    }
    .ok()?;
    let mut out = vec![-1; holes.len()];
    for (seat, p) in live.iter().zip(&result.players) {
        out[*seat] = (p.equity * 1000.0).round() as i64;
    }
    Some(out)
}

fn step_json(text: &str, v: &HandView, players: usize, illegal: bool) -> Value {
    let (mut stacks, mut bets, mut status) = (Vec::new(), Vec::new(), String::new());
    for s in v.seats.iter().take(players) {
        match s {
            Some(s) => {
                stacks.push(s.stack.0);
                bets.push(s.street_bet.0);
                status.push(match s.status {
                    SeatStatus::Active => 'a',
                    SeatStatus::AllIn => 'i',
                    SeatStatus::Folded => 'f',
                    SeatStatus::Empty => 'e',
                });
            }
            None => {
                stacks.push(0);
                bets.push(0);
                status.push('e');
            }
        }
    }
    let (to_act, to_call, odds) = match v.pending {
        Pending::Action { seat } if !illegal => {
            let i = seat.as_usize();
            let call = v.seats[i].map_or(0, |s| {
                v.current_bet
                    .0
                    .saturating_sub(s.street_bet.0)
                    .min(s.stack.0)
            });
            let odds = if call > 0 {
                (call as f64 * 1000.0 / (v.pot.0 + call) as f64).round() as i64
            } else {
                0
            };
            (i as i64, call, odds)
        }
        _ => (-1, 0, 0),
    };
    json!([
        text,
        street_number(v.street),
        v.pot.0,
        to_act,
        to_call,
        odds,
        board_text(v).unwrap_or_default(),
        stacks,
        bets,
        status,
        u8::from(illegal)
    ])
}

/// One hand as the page reads it (keys documented in the template).
pub(crate) fn hand_json(file: &str, index: u32, h: &HandHistory, rules: &HouseRules) -> Value {
    let n = h.player_count();
    let names: Vec<String> = (0..n)
        .map(|i| {
            h.meta
                .players
                .as_ref()
                .and_then(|p| p.get(i).cloned())
                .unwrap_or_else(|| format!("p{}", i + 1))
        })
        .collect();
    let holes = known_holes(h);
    let hole_text: Vec<String> = holes
        .iter()
        .map(|c| c.map_or_else(String::new, |[a, b]| format!("{a}{b}")))
        .collect();
    let seed = u64::from(index) ^ (file.len() as u64).rotate_left(32);
    let mut out_steps = Vec::new();
    let mut eq: Vec<Value> = Vec::new();
    let mut eq_board = None;
    let mut it = steps(h, rules);
    let mut last_view = None;
    for (k, step) in it.by_ref().enumerate() {
        let v = &step.view;
        let dealing = matches!(v.pending, Pending::HoleCards { .. });
        // Once a street, at its first step where every live hand is known (a
        // street whose unknown hand folds gets its equity after the fold).
        if !dealing
            && eq_board != Some(v.board_len)
            && let Some(e) = equities(v, &holes, seed ^ u64::from(v.board_len))
        {
            eq_board = Some(v.board_len);
            eq.push(json!([k, e]));
        }
        out_steps.push(step_json(&step.text, v, n, false));
        last_view = Some(step.view);
    }
    let outcome = it.outcome();
    let mut bad = Value::Null;
    if let Outcome::Illegal {
        action,
        text,
        reason,
    } = outcome
    {
        let rule = reason.rule();
        bad = json!([
            action,
            text,
            reason.to_string(),
            (!rule.is_empty()).then_some(rule)
        ]);
        if let Some(v) = &last_view {
            out_steps.push(step_json(text, v, n, true));
        }
    }
    let (rake, finals) = match outcome {
        Outcome::Ok {
            settled: true,
            stacks_after_rake,
            rake,
            ..
        } => (
            *rake,
            json!(
                stacks_after_rake
                    .iter()
                    .map(|&s| (s != UNKNOWN_STACK).then_some(s))
                    .collect::<Vec<_>>()
            ),
        ),
        _ => (0, Value::Null),
    };
    let title = h.meta.hand.clone().unwrap_or_else(|| {
        let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
        format!("{base} #{index}")
    });
    json!({
        "t": title,
        "f": format!("{file}#{index}"),
        "d": h.unit.decimals,
        "p": names,
        "h": hole_text,
        "b": last_view.map_or(n.saturating_sub(1), |v| v.button.as_usize()),
        "z": h.starting_stacks,
        "s": out_steps,
        "e": eq,
        "r": outcome.describe(h.unit),
        "k": rake,
        "x": finals,
        "bad": bad,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dwan_ivey() -> Value {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../data/histories/phh/famous/dwan-ivey-2009.phh");
        let mut hands = Vec::new();
        holdem_history::corpus::read_hands::<holdem_history::HistoryError>(
            &path,
            |h| {
                hands.push(h);
                Ok(())
            },
            |e| panic!("{e}"),
        )
        .unwrap();
        let book = holdem_history::corpus::RulesBook::new(None);
        hand_json(
            "dwan-ivey-2009.phh",
            1,
            &hands[0],
            book.for_hand(&hands[0]).unwrap(),
        )
    }

    #[test]
    fn pot_odds_are_the_call_over_the_pot_after_calling() {
        let hand = dwan_ivey();
        // After Ivey's turn shove (step 14), Dwan calls 262400 into 1419200.
        let step = &hand["s"][13];
        assert_eq!(step[0], "p1 cbr 1067100");
        assert_eq!(
            (step[2].as_u64(), step[4].as_u64()),
            (Some(1_419_200), Some(262_400))
        );
        let odds = (262_400.0 * 1000.0 / (1_419_200.0 + 262_400.0_f64)).round() as u64;
        assert_eq!(step[5].as_u64(), Some(odds));
    }

    #[test]
    fn equity_is_given_each_street_and_is_exact_after_the_flop() {
        let hand = dwan_ivey();
        let eq = hand["e"].as_array().unwrap();
        // Pre-flop once Antonius (cards unknown) has folded, flop, turn, river.
        assert_eq!(eq.len(), 4, "{eq:?}");
        for row in eq {
            let e: Vec<i64> = row[1]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            let total: i64 = e.iter().filter(|&&v| v >= 0).sum();
            assert!((999..=1001).contains(&total), "{e:?}");
        }
        // On the turn Ivey's wheel is drawing dead against Dwan's seven-high straight.
        assert_eq!(eq[2][1], json!([0, -1, 1000]));
    }

    #[test]
    fn the_blob_cannot_close_its_script_element() {
        let (page, n) = page(&json!([{ "t": "</script><script>alert(1)</script>" }]));
        assert_eq!(n, 1);
        assert!(!page.contains("</script><script>alert"));
    }
}
