//! The `holdem` command.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use holdem_cards::{CardSet, parse_cards};
use holdem_cli::corpus::{
    Counts, FileReport, Format, RulesBook, collect_files, format_line, replay_file,
};
use holdem_cli::history::native::{
    JsonlHands, PostcardHands, write_jsonl, write_postcard, write_postcard_header,
};
use holdem_cli::history::phh::{PhhHands, write_phh};
use holdem_cli::history::{HandHistory, HistoryError};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

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
    /// Replay hand histories (PHH .phh/.phhs, native .jsonl/.postcard; files or
    /// folders) under the rules and report every illegal action (H2).
    Replay(ReplayArgs),
    /// Convert hand histories between PHH and the native formats, by extension.
    Convert(ConvertArgs),
    /// Write the seeded corpus of random legal hands to data/histories/generated/.
    GenHistories(GenArgs),
    /// Rank a hand: `holdem eval AhKh QhJhTh 2c3d` (5 to 7 cards).
    Eval {
        /// Cards, in any grouping (`AhKh QhJhTh 2c3d`).
        cards: Vec<String>,
    },
    /// All-in equity: `holdem equity AhKh QsQd [--board 2c7dKh] [--dead 3s]`; exact
    /// enumeration, or Monte Carlo with `--samples N` (seeded, `--seed`).
    Equity(EquityArgs),
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
}

#[derive(Args)]
struct EquityArgs {
    /// Two hole cards per player (`AhKh QsQd`), at least two players.
    #[arg(required = true, num_args = 2..)]
    hands: Vec<String>,
    /// Board cards already dealt (0, 3, 4 or 5).
    #[arg(long, default_value = "")]
    board: String,
    /// Cards known to be out of the deck.
    #[arg(long, default_value = "")]
    dead: String,
    /// Monte Carlo with this many boards instead of exact enumeration.
    #[arg(long)]
    samples: Option<u64>,
    /// Seed of the Monte Carlo sampler.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
struct ConvertArgs {
    /// The input file (.phh, .phhs, .jsonl, .postcard).
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
    match cli.command {
        Command::Simulate(args) => simulate::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Icm(args) => report(icm::run(&args)),
        Command::Replay(args) => replay(&args),
        Command::Convert(args) => report(convert(&args.input, &args.output)),
        Command::GenHistories(args) => report(gen_histories(&args)),
        Command::Eval { cards } => eval(&cards.join(" ")),
        Command::Equity(args) => report(equity(&args)),
        Command::Cards { cards } => {
            let text = cards.join(" ");
            match parse_cards(&text) {
                Ok(list) => {
                    let set: CardSet = list.iter().copied().collect();
                    println!("{} cards: {set}", set.len());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn report(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn replay(args: &ReplayArgs) -> ExitCode {
    let forced = match args.rules.as_deref().map(RulesBook::load).transpose() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = RulesBook::new(forced);
    let files = match collect_files(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
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
        println!("{doc}");
    } else {
        for r in &reports {
            for line in &r.lines {
                println!(
                    "{}: {}",
                    status_word(line.status),
                    format_line(&r.path, line)
                );
            }
            if r.counts.unmet_expectations > 0 {
                println!(
                    "FAILED: {}: expected an illegal hand ({:?}) but none was",
                    r.path.display(),
                    r.expected.as_deref().unwrap_or("")
                );
            }
        }
        print_summary(reports.len(), &total, seconds, rate);
    }
    if total.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn status_word(s: holdem_cli::corpus::Status) -> &'static str {
    use holdem_cli::corpus::Status;
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

fn print_summary(files: usize, c: &Counts, seconds: f64, rate: f64) {
    println!();
    println!(
        "replayed {} hands from {files} files in {seconds:.2} s ({rate:.0} hands/s)",
        c.hands
    );
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
    println!("  {:<18} {:>9}", "result", "hands");
    for (name, n, about) in rows {
        println!("  {name:<18} {n:>9}   {about}");
    }
    if c.unmet_expectations > 0 {
        println!(
            "  {:<18} {:>9}   files whose declared illegal hand was legal",
            "unmet", c.unmet_expectations
        );
    }
    println!(
        "{}",
        if c.passed() {
            "result: PASS"
        } else {
            "result: FAIL"
        }
    );
}

/// Reads every hand of a file in any format, in order, stopping at the first error.
fn read_all(
    path: &Path,
    mut each: impl FnMut(HandHistory) -> Result<(), String>,
) -> Result<usize, String> {
    let mut n = 0;
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    match Format::of(path) {
        Some(Format::Phh) => {
            let text = std::fs::read_to_string(path).map_err(|e| fail(&e))?;
            for h in PhhHands::new(&text) {
                let hand = h.hand.map_err(|source| {
                    HistoryError::Phh {
                        path: path.to_path_buf(),
                        source,
                    }
                    .to_string()
                })?;
                each(hand)?;
                n += 1;
            }
        }
        Some(Format::Jsonl) => {
            let f = File::open(path).map_err(|e| fail(&e))?;
            for h in JsonlHands::new(BufReader::new(f)) {
                each(h.map_err(|e| fail(&e))?)?;
                n += 1;
            }
        }
        Some(Format::Postcard) => {
            let f = File::open(path).map_err(|e| fail(&e))?;
            for h in PostcardHands::new(BufReader::new(f)) {
                each(h.map_err(|e| fail(&e))?)?;
                n += 1;
            }
        }
        None => {
            return Err(HistoryError::UnknownFormat {
                path: path.to_path_buf(),
            }
            .to_string());
        }
    }
    Ok(n)
}

/// Writes hands to a file in the format of its extension.
struct Writer {
    format: Format,
    single: bool,
    out: BufWriter<File>,
    count: usize,
    path: PathBuf,
}

impl Writer {
    fn create(path: &Path) -> Result<Writer, String> {
        let format = Format::of(path).ok_or_else(|| {
            HistoryError::UnknownFormat {
                path: path.to_path_buf(),
            }
            .to_string()
        })?;
        let single = path.extension().is_some_and(|e| e == "phh");
        let f = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut out = BufWriter::new(f);
        if format == Format::Postcard {
            write_postcard_header(&mut out).map_err(|e| e.to_string())?;
        }
        Ok(Writer {
            format,
            single,
            out,
            count: 0,
            path: path.to_path_buf(),
        })
    }

    fn write(&mut self, h: &HandHistory) -> Result<(), String> {
        self.count += 1;
        let e = |e: &dyn std::fmt::Display| format!("{}: {e}", self.path.display());
        match self.format {
            Format::Phh if self.single => {
                if self.count > 1 {
                    return Err(format!(
                        "{}: a .phh file holds one hand; write .phhs",
                        self.path.display()
                    ));
                }
                self.out
                    .write_all(write_phh(h).as_bytes())
                    .map_err(|x| e(&x))
            }
            Format::Phh => {
                let sep = if self.count > 1 { "\n" } else { "" };
                let text = format!("{sep}[{}]\n{}", self.count, write_phh(h));
                self.out.write_all(text.as_bytes()).map_err(|x| e(&x))
            }
            Format::Jsonl => write_jsonl(&mut self.out, h).map_err(|x| e(&x)),
            Format::Postcard => write_postcard(&mut self.out, h).map_err(|x| e(&x)),
        }
    }

    fn finish(mut self) -> Result<usize, String> {
        self.out
            .flush()
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        Ok(self.count)
    }
}

fn convert(input: &Path, output: &Path) -> Result<String, String> {
    let mut w = Writer::create(output)?;
    read_all(input, |h| w.write(&h))?;
    let n = w.finish()?;
    Ok(format!("wrote {n} hands to {}", output.display()))
}

fn gen_histories(args: &GenArgs) -> Result<String, String> {
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let name = format!("seed-{}-{}-hands", args.seed, args.hands);
    let mut native = Writer::create(&args.out.join(format!("{name}.postcard")))?;
    let sample = 100.min(args.hands);
    let mut phh = Writer::create(&args.out.join(format!("{name}-first-{sample}.phhs")))?;
    let mut jsonl = Writer::create(&args.out.join(format!("{name}-first-{sample}.jsonl")))?;
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

fn eval(text: &str) -> ExitCode {
    use holdem_eval::{Evaluator, HandEvaluator, best_five};
    let cards: CardSet = match text.parse() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let rank = match Evaluator::new().evaluate(cards) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let five = match best_five(cards) {
        Ok(f) => f
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    println!("{}: {}", rank.category(), rank.describe());
    println!("best five: {five}");
    ExitCode::SUCCESS
}

fn equity(args: &EquityArgs) -> Result<String, String> {
    use holdem_cards::Card;
    use holdem_eval::equity;
    use rand_core::SeedableRng;
    let mut hands: Vec<[Card; 2]> = Vec::new();
    for h in &args.hands {
        match parse_cards(h).map_err(|e| format!("{h}: {e}"))?.as_slice() {
            [a, b] => hands.push([*a, *b]),
            other => return Err(format!("{h}: a hand is two cards, not {}", other.len())),
        }
    }
    let board = parse_cards(&args.board).map_err(|e| format!("--board: {e}"))?;
    let dead: CardSet = parse_cards(&args.dead)
        .map_err(|e| format!("--dead: {e}"))?
        .into_iter()
        .collect();
    let result = match args.samples {
        Some(n) => {
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(args.seed);
            equity::monte_carlo(&hands, &board, dead, n, &mut rng)
        }
        None => equity::exact_parallel(&hands, &board, dead),
    }
    .map_err(|e| e.to_string())?;
    let mut out = format!(
        "{} boards ({})\n",
        result.boards,
        if result.exact { "exact" } else { "Monte Carlo" }
    );
    for (h, p) in args.hands.iter().zip(&result.players) {
        let err = if result.exact {
            String::new()
        } else {
            format!(" ± {:.2}%", 100.0 * p.std_error)
        };
        out.push_str(&format!(
            "{h}: {:6.2}%{err}  (wins {}, ties {})\n",
            100.0 * p.equity,
            p.wins,
            p.ties
        ));
    }
    Ok(out.trim_end().to_string())
}
