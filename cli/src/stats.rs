//! `holdem stats`: per-player tracker statistics over hand-history files
//! (definitions in `docs/stats.md`), and the ordered, parallel reading that
//! `holdem export` shares.
//!
//! Hands are read file by file in the order given (folders in name order), in
//! batches; a batch is worked on by every thread and its results are used in
//! hand order, so the output does not depend on the number of threads.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use holdem_history::HandHistory;
use holdem_history::corpus::{RulesBook, collect_files, read_hands};
use holdem_history::replay::HouseRules;
use holdem_history::summary::summarize;
use rayon::prelude::*;

use crate::error;

/// Hands read before a batch is worked on in parallel.
const BATCH: usize = 4096;

/// Arguments of `holdem stats`.
#[derive(Args)]
pub struct StatsArgs {
    /// Files and folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Rules: `standard`, a preset or a rules TOML file. Default: what each hand
    /// declares, else standard.
    #[arg(long)]
    pub rules: Option<String>,
    /// Machine-readable output (one JSON document).
    #[arg(long)]
    pub json: bool,
    /// Leave out players with fewer hands.
    #[arg(long, default_value_t = 1)]
    pub min_hands: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// What reading the files left out.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct LeftOut {
    /// Hands that could not be read, or whose declared rules are bad (each
    /// reported on standard error).
    pub bad: usize,
    /// Hands of games other than Texas hold'em, or of forms the engine does not
    /// play (PHH variants; site text of other games, a button straddle...).
    pub other_games: usize,
    /// Hands that could not be read as their files declare (`# expect-illegal:`):
    /// left out, not errors.
    pub declared: usize,
}

impl LeftOut {
    /// The lines that say what was left out, for people: other games, hands
    /// left out as their files declare, hands that could not be read.
    pub(crate) fn write_counts(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.other_games > 0 {
            writeln!(
                out,
                "{} hands of other games or forms left out (unsupported)",
                self.other_games
            )?;
        }
        if self.declared > 0 {
            writeln!(
                out,
                "{} hands left out that their files declare unreadable (# expect-illegal:)",
                self.declared
            )?;
        }
        if self.bad > 0 {
            writeln!(out, "{} hands could not be read", self.bad)?;
        }
        Ok(())
    }
}

/// Reads every hand of `paths` in order and calls `each` with batches of
/// `(file, index in file, hand, rules)` results computed by `work` in parallel,
/// in hand order. Returns what was left out.
pub(crate) fn for_each_batch<T: Send>(
    paths: &[PathBuf],
    rules: Option<&str>,
    threads: Option<usize>,
    work: impl Fn(&str, u32, &HandHistory, &HouseRules) -> T + Sync,
    mut each: impl FnMut(Vec<T>) -> Result<(), String>,
) -> Result<LeftOut, String> {
    let forced = rules
        .map(RulesBook::load)
        .transpose()
        .map_err(|e| e.to_string())?;
    let book = RulesBook::new(forced);
    let files = collect_files(paths).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let (mut problems, mut other_games, mut declared) = (0, 0, 0);
    let run = |file: &Path,
               batch: &mut Vec<(u32, HandHistory)>,
               each: &mut dyn FnMut(Vec<T>) -> Result<(), String>,
               problems: &mut usize|
     -> Result<(), String> {
        let name = file.display().to_string();
        let results: Vec<Option<T>> = pool.install(|| {
            batch
                .par_iter()
                .map(|(i, h)| book.for_hand(h).ok().map(|rules| work(&name, *i, h, rules)))
                .collect()
        });
        for ((i, h), r) in batch.iter().zip(&results) {
            if r.is_none() {
                if let Err(e) = book.for_hand(h) {
                    error(&format!("{name}: hand {i}: {e}"));
                }
                *problems += 1;
            }
        }
        batch.clear();
        each(results.into_iter().flatten().collect())
    };
    for file in &files {
        let mut batch = Vec::with_capacity(BATCH);
        // Both closures count: a bad hand keeps its place in the file.
        let index = std::cell::Cell::new(0u32);
        let mut left = LeftOut::default();
        let read = read_hands(
            file,
            |h| {
                index.set(index.get() + 1);
                batch.push((index.get(), h));
                if batch.len() >= BATCH {
                    run(file, &mut batch, &mut each, &mut problems).map_err(Stop::Other)?;
                }
                Ok::<(), Stop>(())
            },
            |e| {
                index.set(index.get() + 1);
                let other_game = match &e {
                    holdem_history::HistoryError::Phh { source, .. } => source.is_unsupported(),
                    _ => false,
                };
                if other_game {
                    left.other_games += 1;
                } else {
                    left.bad += 1;
                    error(&e);
                }
            },
        )
        .map_err(|e| e.to_string())?;
        run(file, &mut batch, &mut each, &mut problems)?;
        problems += left.bad;
        other_games += left.other_games;
        declared += read.declared;
        other_games += read.unsupported;
    }
    Ok(LeftOut {
        bad: problems,
        other_games,
        declared,
    })
}

/// What stops reading: the file cannot be read on, or the work on a batch failed.
#[derive(Debug, thiserror::Error)]
enum Stop {
    #[error(transparent)]
    History(#[from] holdem_history::HistoryError),
    #[error("{0}")]
    Other(String),
}

/// Running totals for one player.
#[derive(Default, Clone, Debug, PartialEq)]
struct Totals {
    hands: u64,
    walks: u64,
    vpip: u64,
    pfr: u64,
    three_bet: u64,
    three_bet_chance: u64,
    saw_flop: u64,
    showdown: u64,
    won_at_showdown: u64,
    net: i64,
    /// Sum of net / big blind.
    big_blinds: f64,
}

fn pct(n: u64, d: u64) -> Option<f64> {
    (d > 0).then(|| 100.0 * n as f64 / d as f64)
}

/// One player's line, as `--json` gives it.
fn line(name: &str, t: &Totals) -> serde_json::Value {
    let round = |v: Option<f64>| v.map(|v| (v * 100.0).round() / 100.0);
    serde_json::json!({
        "player": name,
        "hands": t.hands,
        "vpip": round(pct(t.vpip, t.hands - t.walks)),
        "pfr": round(pct(t.pfr, t.hands - t.walks)),
        "three_bet": round(pct(t.three_bet, t.three_bet_chance)),
        "wtsd": round(pct(t.showdown, t.saw_flop)),
        "wsd": round(pct(t.won_at_showdown, t.showdown)),
        "net": t.net,
        "bb_per_100": round(Some(100.0 * t.big_blinds / t.hands as f64)),
    })
}

/// Runs `holdem stats`.
pub fn run(args: &StatsArgs, out: &mut dyn Write) -> io::Result<ExitCode> {
    let mut players: BTreeMap<String, Totals> = BTreeMap::new();
    let read = for_each_batch(
        &args.paths,
        args.rules.as_deref(),
        args.threads,
        |_, _, h, rules| {
            let (_, summary) = summarize(h, rules);
            let bb = crate::stats::big_blind(h);
            (summary.filter(|s| s.settled), h.meta.players.clone(), bb)
        },
        |batch| {
            for (summary, names, bb) in batch {
                let Some(s) = summary else { continue };
                for p in &s.players {
                    let i = usize::from(p.player);
                    let name = names
                        .as_ref()
                        .and_then(|n| n.get(i).cloned())
                        .unwrap_or_else(|| format!("p{}", i + 1));
                    let t = players.entry(name).or_default();
                    t.hands += 1;
                    t.walks += u64::from(p.walk);
                    t.vpip += u64::from(p.vpip && !p.walk);
                    t.pfr += u64::from(p.pfr && !p.walk);
                    t.three_bet += u64::from(p.three_bet);
                    t.three_bet_chance += u64::from(p.three_bet_chance);
                    t.saw_flop += u64::from(p.saw_flop);
                    t.showdown += u64::from(p.showdown && p.saw_flop);
                    t.won_at_showdown += u64::from(p.won_at_showdown && p.saw_flop);
                    t.net += p.net;
                    if bb > 0 {
                        t.big_blinds += p.net as f64 / bb as f64;
                    }
                }
            }
            Ok(())
        },
    );
    let left = match read {
        Ok(p) => p,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let shown: Vec<(&String, &Totals)> = players
        .iter()
        .filter(|(_, t)| t.hands >= args.min_hands)
        .collect();
    if args.json {
        let lines: Vec<serde_json::Value> = shown.iter().map(|(n, t)| line(n, t)).collect();
        let doc = serde_json::json!({
            "players": lines,
            "unread_hands": left.bad,
            "other_games": left.other_games,
            "declared_unreadable": left.declared,
        });
        writeln!(out, "{doc}")?;
    } else {
        let f = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
        writeln!(
            out,
            "{:<24} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>12} {:>9}",
            "player", "hands", "VPIP", "PFR", "3bet", "WTSD", "W$SD", "net", "bb/100"
        )?;
        for (name, t) in &shown {
            writeln!(
                out,
                "{:<24} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>12} {:>9.2}",
                name,
                t.hands,
                f(pct(t.vpip, t.hands - t.walks)),
                f(pct(t.pfr, t.hands - t.walks)),
                f(pct(t.three_bet, t.three_bet_chance)),
                f(pct(t.showdown, t.saw_flop)),
                f(pct(t.won_at_showdown, t.showdown)),
                t.net,
                100.0 * t.big_blinds / t.hands as f64
            )?;
        }
        left.write_counts(out)?;
    }
    Ok(if left.bad > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The big blind of a hand, in its unit: the larger of the live blinds of `p1`
/// and `p2` (fixed limit without blinds: the small bet).
pub(crate) fn big_blind(h: &HandHistory) -> u64 {
    let live = |i: usize| {
        h.blinds_or_straddles
            .get(i)
            .map_or(0, |&b| holdem_history::split_blind(b).0)
    };
    let bb = live(0).max(live(1));
    if bb > 0 {
        return bb;
    }
    match h.stakes {
        holdem_history::Stakes::MinBet(b) => b,
        holdem_history::Stakes::Limit { small_bet, .. } => small_bet,
    }
}
