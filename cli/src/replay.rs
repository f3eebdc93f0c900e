//! `holdem replay`: replay hand-history files and folders under the rules, in
//! parallel, and report each file and the totals (H1-H5).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use holdem_history::corpus::{
    Counts, FileReport, RulesBook, collect_files, format_line, judge_text, replay_file_batched,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::error;

/// Arguments of `holdem replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// Files and folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Rules: `standard`, a preset (online-mtt, online-cash, live-tournament, club,
    /// live-tour) or a rules TOML file. Default: what each hand declares in
    /// `_holdem_rules`, else standard.
    #[arg(long)]
    pub rules: Option<String>,
    /// Machine-readable output (one JSON document).
    #[arg(long)]
    pub json: bool,
    /// Print a line for every hand, not only the failures.
    #[arg(long, short)]
    pub verbose: bool,
    /// Repair what real records commonly get wrong (an omitted fold by a player who
    /// never acts again) and list every repair; strict replay is the default (H4).
    #[arg(long)]
    pub lenient: bool,
}

/// Hands read from a file before they are replayed in parallel.
const BATCH: usize = 1024;

/// Runs `holdem replay`.
pub fn replay(args: &ReplayArgs, out: &mut dyn Write) -> io::Result<ExitCode> {
    let forced = match args.rules.as_deref().map(RulesBook::load).transpose() {
        Ok(f) => f,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let rules = RulesBook::new(forced).lenient(args.lenient);
    let files = match collect_files(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let start = Instant::now();
    let bar = if files.len() >= 20 && !args.json {
        let bar = ProgressBar::new(files.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} {msg}")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    // Files in parallel, and within a file batches of hands in parallel: a file is
    // read one batch at a time, so memory stays bounded however large it is.
    let reports: Vec<FileReport> = files
        .par_iter()
        .map(|f| {
            let r = replay_file_batched(f, &rules, args.verbose, BATCH, |texts| {
                texts.par_iter().map(|t| judge_text(t, &rules)).collect()
            });
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let mut total = Counts::default();
    for r in &reports {
        total.merge(&r.counts);
    }
    let rate = if seconds > 0.0 {
        total.hands as f64 / seconds
    } else {
        0.0
    };
    if args.json {
        let doc = serde_json::json!({
            "files": reports.len(),
            "counts": total,
            "seconds": seconds,
            "hands_per_second": rate,
            "passed": total.passed(),
            "reports": reports.iter().filter(|r| args.verbose || !r.lines.is_empty()).collect::<Vec<_>>(),
        });
        writeln!(out, "{doc}")?;
    } else {
        for r in &reports {
            for line in &r.lines {
                writeln!(
                    out,
                    "{}: {}",
                    status_word(line.status),
                    format_line(&r.path, line)
                )?;
                for repair in &line.repairs {
                    writeln!(
                        out,
                        "  repaired: action {}: inserted {:?} ({}); strict replay said: {}",
                        repair.action, repair.inserted, repair.inferred, repair.error
                    )?;
                }
            }
            if r.counts.unmet_expectations > 0 {
                writeln!(
                    out,
                    "FAILED: {}: expected an illegal hand ({:?}) but none was",
                    r.path.display(),
                    r.expected.as_deref().unwrap_or("")
                )?;
            }
        }
        print_summary(out, reports.len(), &total, seconds, rate)?;
        if args.lenient {
            let (hands, repairs) = reports
                .iter()
                .flat_map(|r| &r.lines)
                .filter(|l| !l.repairs.is_empty())
                .fold((0, 0), |(h, n), l| (h + 1, n + l.repairs.len()));
            writeln!(
                out,
                "lenient: {repairs} repairs in {hands} hands (listed above)"
            )?;
        }
    }
    Ok(if total.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn status_word(s: holdem_history::corpus::Status) -> &'static str {
    use holdem_history::corpus::Status;
    match s {
        Status::Ok => "ok",
        Status::Unsettled => "unsettled",
        Status::Illegal => "ILLEGAL",
        Status::ExpectedIllegal => "expected illegal",
        Status::Mismatch => "MISMATCH",
        Status::Unsupported => "unsupported",
        Status::Unreadable => "UNREADABLE",
    }
}

fn print_summary(
    out: &mut dyn Write,
    files: usize,
    c: &Counts,
    seconds: f64,
    rate: f64,
) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "replayed {} hands from {files} files in {seconds:.2} s ({rate:.0} hands/s)",
        c.hands
    )?;
    let rows = [
        (
            "ok (settled)",
            c.ok,
            "every action legal; final stacks match the history where recorded",
        ),
        (
            "ok (unsettled)",
            c.unsettled,
            "legal so far; the history stops early or hides showdown cards",
        ),
        (
            "expected illegal",
            c.expected_illegal,
            "illegal exactly as the file declares (# expect-illegal:)",
        ),
        ("illegal", c.illegal, "an action the rules forbid"),
        (
            "mismatch",
            c.mismatch,
            "legal, but the result differs from finishing_stacks",
        ),
        (
            "unsupported",
            c.unsupported,
            "other variants, button straddles, more than 10 players...",
        ),
        ("unreadable", c.unreadable, "not a valid history"),
    ];
    writeln!(out, "  {:<18} {:>9}", "result", "hands")?;
    for (name, n, about) in rows {
        writeln!(out, "  {name:<18} {n:>9}   {about}")?;
    }
    if c.unmet_expectations > 0 {
        writeln!(
            out,
            "  {:<18} {:>9}   files whose declared illegal hand was legal",
            "unmet", c.unmet_expectations
        )?;
    }
    writeln!(
        out,
        "{}",
        if c.passed() {
            "result: PASS"
        } else {
            "result: FAIL"
        }
    )
}
