//! `holdem replay`: replay hand-history files and folders under the rules, in
//! parallel, and report each file and the totals (H1-H5).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use holdem_history::corpus::{
    Counts, FileReport, RulesBook, format_line, judge_text, replay_file_batched, walk_paths,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::{Escaped, error};

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
    /// Machine-readable output (one JSON document, written as the files are
    /// replayed).
    #[arg(long)]
    pub json: bool,
    /// Print a line for every hand, not only the failures.
    #[arg(long, short)]
    pub verbose: bool,
    /// Repair what real records commonly get wrong (an omitted fold by a player who
    /// never acts again) and list every repair; strict replay is the default (H4).
    #[arg(long)]
    pub lenient: bool,
    /// Follow symbolic links inside folders (each file and folder is visited once,
    /// so a link loop ends); by default they are skipped and listed. Paths named on
    /// the command line are always followed.
    #[arg(long, short = 'L')]
    pub follow: bool,
    /// The most lines printed for one file (failures, repairs, every hand with
    /// `-v`); the others are counted, and the count printed.
    #[arg(long, default_value_t = 1000)]
    pub max_lines: usize,
    /// Worker threads (default: every core). The output is the same whatever
    /// the number, but for the timing figures.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Hands read from a file before they are replayed in parallel.
const BATCH: usize = 1024;

/// Runs `holdem replay`. Files are replayed in parallel a few at a time and each
/// file's report is printed (text or JSON) as soon as its turn comes, in file
/// order, then dropped: memory holds a few reports of at most `--max-lines` lines
/// each, whatever the input.
pub fn replay(args: &ReplayArgs, out: &mut dyn Write) -> io::Result<ExitCode> {
    let forced = match args.rules.as_deref().map(RulesBook::load).transpose() {
        Ok(f) => f,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let rules = RulesBook::new(forced).lenient(args.lenient);
    let walk = match walk_paths(&args.paths, args.follow) {
        Ok(w) => w,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let files = &walk.files;
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
    let mut total = Counts::default();
    let mut printer = Printer {
        args,
        first: true,
        repaired: (0, 0),
    };
    if args.json {
        out.write_all(b"{\"reports\":[")?;
    } else {
        for s in &walk.skipped {
            writeln!(out, "skipped: {}: {}", shown(&s.path), s.reason)?;
        }
        if walk.skipped_left_out > 0 {
            writeln!(
                out,
                "skipped: {} more paths not listed",
                walk.skipped_left_out
            )?;
        }
    }
    // Files in parallel, a chunk at a time, and within a file batches of hands in
    // parallel: a file is read one batch at a time.
    let chunk = 4 * pool.current_num_threads().max(1);
    for files in files.chunks(chunk) {
        let reports: Vec<FileReport> = pool.install(|| {
            files
                .par_iter()
                .map(|f| {
                    let r = replay_file_batched(
                        f,
                        &rules,
                        args.verbose,
                        args.max_lines,
                        BATCH,
                        |texts| texts.par_iter().map(|t| judge_text(t, &rules)).collect(),
                    );
                    bar.inc(1);
                    r
                })
                .collect()
        });
        for r in &reports {
            total.merge(&r.counts);
            // Printing waits for the bar to be cleared off the terminal line.
            bar.suspend(|| printer.file(out, r))?;
        }
    }
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        total.hands as f64 / seconds
    } else {
        0.0
    };
    // Nothing replayed is a failure: a folder of files this command cannot read
    // (another site's histories...) must not pass.
    let passed = total.passed() && total.hands > 0;
    if args.json {
        out.write_all(b"],\"skipped\":")?;
        serde_json::to_writer(&mut *out, &walk.skipped)?;
        let tail = serde_json::json!({
            "skipped_left_out": walk.skipped_left_out,
            "files": files.len(),
            "counts": total,
            "seconds": seconds,
            "hands_per_second": rate,
            "passed": passed,
        });
        // The tail object's members, after the reports and the skipped paths.
        let tail = tail.to_string();
        writeln!(out, ",{}", tail.strip_prefix('{').unwrap_or(&tail))?;
    } else {
        print_summary(out, files.len(), &total, seconds, rate)?;
        if total.hands == 0 {
            writeln!(
                out,
                "no hand was replayed ({} paths skipped, listed above)",
                walk.skipped.len() as u64 + walk.skipped_left_out
            )?;
        }
        writeln!(
            out,
            "{}",
            if passed {
                "result: PASS"
            } else {
                "result: FAIL"
            }
        )?;
        if args.lenient {
            let (hands, repairs) = printer.repaired;
            writeln!(
                out,
                "lenient: {repairs} repairs in {hands} hands (listed above)"
            )?;
        }
    }
    Ok(if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A path as printed for people: lossily decoded, control characters escaped.
fn shown(path: &std::path::Path) -> String {
    Escaped(&path.to_string_lossy()).to_string()
}

/// Prints the reports one file at a time.
struct Printer<'a> {
    args: &'a ReplayArgs,
    /// No report printed yet (JSON: no comma before the next).
    first: bool,
    /// Hands repaired and repairs, so far (lenient replay).
    repaired: (usize, usize),
}

impl Printer<'_> {
    fn file(&mut self, out: &mut dyn Write, r: &FileReport) -> io::Result<()> {
        let repaired = r.lines.iter().filter(|l| !l.repairs.is_empty());
        self.repaired.0 += repaired.clone().count();
        self.repaired.1 += repaired.map(|l| l.repairs.len()).sum::<usize>();
        if self.args.json {
            if self.args.verbose || !r.lines.is_empty() || r.left_out > 0 {
                if !self.first {
                    out.write_all(b",")?;
                }
                self.first = false;
                serde_json::to_writer(&mut *out, r)?;
            }
            return Ok(());
        }
        for line in &r.lines {
            writeln!(
                out,
                "{}: {}",
                status_word(line.status),
                Escaped(&format_line(&r.path, line))
            )?;
            for repair in &line.repairs {
                writeln!(
                    out,
                    "  repaired: action {}: inserted {} ({}); strict replay said: {}",
                    repair.action,
                    Escaped(&format!("{:?}", repair.inserted)),
                    Escaped(&repair.inferred),
                    Escaped(&repair.error)
                )?;
            }
        }
        if r.left_out > 0 {
            writeln!(
                out,
                "{}: {} more lines not listed (--max-lines {})",
                shown(&r.path),
                r.left_out,
                self.args.max_lines
            )?;
        }
        if r.counts.unmet_expectations > 0 {
            writeln!(
                out,
                "FAILED: {}: expected an illegal hand ({}) but none was",
                shown(&r.path),
                Escaped(&format!("{:?}", r.expected.as_deref().unwrap_or("")))
            )?;
        }
        Ok(())
    }
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
    Ok(())
}
