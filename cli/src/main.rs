//! The `holdem` command.
//!
//! Everything the subcommands print goes through a handle on standard output
//! (never `println!`, which panics when the reader has gone). A closed pipe
//! (`holdem replay -v DIR | head -1`) ends the program quietly with status 0,
//! as ripgrep does: the reader chose to stop reading, so nothing failed. Any
//! other write error is reported on standard error with status 2. Messages on
//! standard error are best effort: a closed standard error is ignored.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use holdem_cards::{CardSet, parse_cards};
use holdem_history::corpus::{
    Counts, FileReport, HandWriter, RulesBook, collect_files, format_line, read_hands, replay_file,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

mod equity;
mod icm;
mod rules;
mod simulate;

/// Texas Hold'em rules engine: replay hand histories, evaluate hands, and more.
#[derive(Parser)]
#[command(name = "holdem", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay hand histories (PHH .phh/.phhs, native .jsonl/.postcard, PokerStars
    /// text, found by content or .txt; files or folders) under the rules and report
    /// every illegal action (H2, H5).
    Replay(ReplayArgs),
    /// Convert hand histories between PHH and the native formats, by extension;
    /// PokerStars text converts to either (H5).
    Convert(ConvertArgs),
    /// Write the seeded corpus of random legal hands to data/histories/generated/.
    GenHistories(GenArgs),
    /// Rank a hand: `holdem eval AhKh QhJhTh 2c3d` (5 to 7 cards).
    Eval {
        /// Cards, in any grouping (`AhKh QhJhTh 2c3d`).
        cards: Vec<String>,
    },
    /// All-in equity of hands or ranges: `holdem equity AhKh QsQd [--board 2c7dKh]
    /// [--dead 3s]`, `holdem equity "QQ+" "AKs, AQs"`; exact enumeration where
    /// feasible, or Monte Carlo with `--samples N` (seeded, `--seed`).
    Equity(equity::EquityArgs),
    /// Parse cards and print them back in canonical form, highest first.
    Cards {
        /// Card text such as `AhKd` or `Ah Kd Qs`.
        cards: Vec<String>,
    },
    /// Play a whole tournament with built-in bots.
    Simulate(simulate::SimulateArgs),
    /// House rules: `list` the presets, `show PRESET`, `check FILE` (R1, R2).
    Rules(rules::RulesArgs),
    /// ICM equities, or a deal: `holdem icm --stacks 5000,3000,2000 --payouts
    /// 50,30,20 [--deal icm|chip|even|fgs] [--json]` (T15).
    Icm(icm::IcmArgs),
}

#[derive(Args)]
struct ReplayArgs {
    /// Files and folders (searched recursively).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Rules: `standard`, a preset (online-mtt, online-cash, live-tournament, club,
    /// live-tour) or a rules TOML file. Default: what each hand declares in
    /// `_holdem_rules`, else standard.
    #[arg(long)]
    rules: Option<String>,
    /// Machine-readable output (one JSON document).
    #[arg(long)]
    json: bool,
    /// Print a line for every hand, not only the failures.
    #[arg(long, short)]
    verbose: bool,
    /// Repair what real records commonly get wrong (an omitted fold by a player who
    /// never acts again) and list every repair; strict replay is the default (H4).
    #[arg(long)]
    lenient: bool,
}

#[derive(Args)]
struct ConvertArgs {
    /// The input file (.phh, .phhs, .jsonl, .postcard, or PokerStars text).
    input: PathBuf,
    /// The output file; its extension picks the format (.phh holds one hand).
    output: PathBuf,
}

#[derive(Args)]
struct GenArgs {
    /// Seed of the bots and the shuffles.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Number of hands.
    #[arg(long, default_value_t = 10_000)]
    hands: usize,
    /// Output folder.
    #[arg(long, default_value = "data/histories/generated")]
    out: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let status = match cli.command {
        Command::Simulate(args) => simulate::run(&args, &mut out),
        Command::Rules(args) => Ok(rules::run(&args)),
        Command::Icm(args) => report(icm::run(&args), &mut out),
        Command::Replay(args) => replay(&args, &mut out),
        Command::Convert(args) => report(convert(&args.input, &args.output), &mut out),
        Command::GenHistories(args) => report(gen_histories(&args), &mut out),
        Command::Eval { cards } => eval(&cards.join(" "), &mut out),
        Command::Equity(args) => report(equity::run(&args).map_err(|e| e.to_string()), &mut out),
        Command::Cards { cards } => show_cards(&cards.join(" "), &mut out),
    };
    finish(status.and_then(|code| out.flush().map(|()| code)))
}

/// The exit status once the output is written: a closed pipe on standard
/// output is a quiet, successful end (see the module docs).
fn finish(status: io::Result<ExitCode>) -> ExitCode {
    match status {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            error(&format!("cannot write to standard output: {e}"));
            ExitCode::from(2)
        }
    }
}

/// Prints `error: MESSAGE` on standard error, best effort.
fn error(message: &dyn std::fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

fn show_cards(text: &str, out: &mut dyn Write) -> io::Result<ExitCode> {
    match parse_cards(text) {
        Ok(list) => {
            let set: CardSet = list.iter().copied().collect();
            writeln!(out, "{} cards: {set}", set.len())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            error(&e);
            Ok(ExitCode::from(2))
        }
    }
}

fn report(result: Result<String, String>, out: &mut dyn Write) -> io::Result<ExitCode> {
    match result {
        Ok(message) => {
            writeln!(out, "{message}")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            error(&e);
            Ok(ExitCode::from(2))
        }
    }
}

fn replay(args: &ReplayArgs, out: &mut dyn Write) -> io::Result<ExitCode> {
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
    let reports: Vec<FileReport> = files
        .par_iter()
        .map(|f| {
            let r = replay_file(f, &rules, args.verbose);
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

fn convert(input: &Path, output: &Path) -> Result<String, String> {
    let mut w = HandWriter::create(output)?;
    read_hands(input, |h| w.write(&h))?;
    let n = w.finish()?;
    Ok(format!("wrote {n} hands to {}", output.display()))
}

fn gen_histories(args: &GenArgs) -> Result<String, String> {
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let name = format!("seed-{}-{}-hands", args.seed, args.hands);
    let mut native = HandWriter::create(&args.out.join(format!("{name}.postcard")))?;
    let sample = 100.min(args.hands);
    let mut phh = HandWriter::create(&args.out.join(format!("{name}-first-{sample}.phhs")))?;
    let mut jsonl = HandWriter::create(&args.out.join(format!("{name}-first-{sample}.jsonl")))?;
    let mut i = 0;
    holdem_cli::generate::generate(args.seed, args.hands, |h| {
        i += 1;
        let io = |e: String| std::io::Error::other(e);
        native.write(&h).map_err(io)?;
        if i <= sample {
            phh.write(&h).map_err(io)?;
            jsonl.write(&h).map_err(io)?;
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    let n = native.finish()?;
    phh.finish()?;
    jsonl.finish()?;
    Ok(format!(
        "wrote {n} hands (seed {}) to {}",
        args.seed,
        args.out.display()
    ))
}

fn eval(text: &str, out: &mut dyn Write) -> io::Result<ExitCode> {
    use holdem_eval::{Evaluator, best_five};
    let cards: CardSet = match text.parse() {
        Ok(c) => c,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let rank = match Evaluator::new().evaluate(cards) {
        Ok(r) => r,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let five = match best_five(cards) {
        Ok(f) => f
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    writeln!(out, "{}: {}", rank.category(), rank.describe())?;
    writeln!(out, "best five: {five}")?;
    Ok(ExitCode::SUCCESS)
}
