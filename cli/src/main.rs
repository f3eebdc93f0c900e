//! The `holdem` command.
//!
//! Everything the subcommands print goes through a handle on standard output
//! (never `println!`, which panics when the reader has gone). A closed pipe
//! (`holdem replay -v DIR | head -1`) ends the program quietly with status 0,
//! as ripgrep does: the reader chose to stop reading, so nothing failed. Any
//! other write error is reported on standard error with status 2. Messages on
//! standard error are best effort: a closed standard error is ignored.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// mimalloc: `holdem export` and `replay` allocate and free a group of hands'
/// buffers at a time on every worker thread, and mimalloc does that faster than
/// the system allocator on one thread and on many (docs/performance.md,
/// *Export and stats*; `cargo xtask scaling`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cards;
mod convert;
mod equity;
#[cfg(feature = "parquet")]
mod export;
mod icm;
mod replay;
mod report;
mod rules;
mod simulate;
mod stats;
mod view;

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
    Replay(replay::ReplayArgs),
    /// Convert hand histories between PHH and the native formats, by extension;
    /// PokerStars text converts to either (H5).
    Convert(convert::ConvertArgs),
    /// Per-player statistics (VPIP, PFR, 3-bet, WTSD, W$SD, net, bb/100) over hand
    /// histories; definitions in docs/stats.md.
    Stats(stats::StatsArgs),
    /// Write hand histories as Parquet (`hands`, `players`, `actions`) into
    /// `--to DIR`; schema in docs/export.md.
    #[cfg(feature = "parquet")]
    Export(export::ExportArgs),
    /// Write the seeded corpus of random legal hands to data/histories/generated/.
    GenHistories(convert::GenArgs),
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
    /// Write one self-contained HTML page that replays every hand of the given
    /// histories: `holdem view FILES... -o hands.html`.
    View(view::ViewArgs),
    /// ICM equities, or a deal: `holdem icm --stacks 5000,3000,2000 --payouts
    /// 50,30,20 [--deal icm|chip|even|fgs] [--json]` (T15).
    Icm(icm::IcmArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let status = match cli.command {
        Command::Simulate(args) => simulate::run(&args, &mut out),
        Command::Rules(args) => rules::run(&args, &mut out),
        Command::Icm(args) => report(icm::run(&args), &mut out),
        Command::Replay(args) => replay::replay(&args, &mut out),
        Command::Stats(args) => stats::run(&args, &mut out),
        Command::View(args) => view::run(&args, &mut out),
        #[cfg(feature = "parquet")]
        Command::Export(args) => export::run(&args, &mut out),
        Command::Convert(args) => convert::convert(&args.input, &args.output, &mut out),
        Command::GenHistories(args) => report(convert::gen_histories(&args), &mut out),
        Command::Eval { cards } => cards::eval(&cards.join(" "), &mut out),
        Command::Equity(args) => report(equity::run(&args).map_err(|e| e.to_string()), &mut out),
        Command::Cards { cards } => cards::show_cards(&cards.join(" "), &mut out),
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

/// Prints `error: MESSAGE` on standard error, best effort, with control
/// characters escaped ([`Escaped`]): messages quote file names and file text.
fn error(message: &dyn std::fmt::Display) {
    let _ = writeln!(
        io::stderr().lock(),
        "error: {}",
        Escaped(&message.to_string())
    );
}

/// Text from outside (file names, file contents) as it is safe to print on a
/// terminal: control characters (escape sequences, NUL, line breaks, DEL, C1
/// codes) are written as Rust escapes (`\u{1b}`, `\u{0}`, `\n`); everything
/// else, non-ASCII letters included, as it is.
struct Escaped<'a>(&'a str);

impl std::fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use std::fmt::Write as _;
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
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
