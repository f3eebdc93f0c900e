//! `holdem simulate`: play a whole tournament with built-in bots.
//!
//! The tournament engine (`holdem_tourney`) is sans-IO; this command is its
//! runner: it owns the journal file, the progress line and the report.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use holdem_rules_config::Rules;
use holdem_tourney::journal::{self, FsyncPolicy, Tail};
use holdem_tourney::sim::{
    HandModel, MAX_ENTRANTS, MIN_ENTRANTS, NoJournal, RecordSink, SIM_START, SimPlan, Simulation,
};
use holdem_tourney::{RecoverOptions, Tournament, TournamentConfig};

/// Arguments of `holdem simulate`.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// The tournament rules to play under: a preset of `holdem rules list` with a
    /// `[tournament]` section (online-mtt, live-tournament) or a rules file
    /// (TOML, as `holdem rules check` reads it).
    #[arg(long, value_name = "PRESET|FILE", default_value = "online-mtt")]
    pub rules: String,
    /// Number of entrants (2 to 2,097,152, the most entries an event sells).
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(i64::from(MIN_ENTRANTS)..=i64::from(MAX_ENTRANTS)))]
    pub entrants: u32,
    /// Seed for seat draws, shuffles and bots.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// Write a crash-recovery journal to FILE (rule T20).
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub journal: Option<PathBuf>,
    /// Resume the tournament journaled in FILE: hands in progress are rolled
    /// back, then play goes on, appending to FILE.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// With --resume: when the journal is corrupt (a frame fails its checksum
    /// and good frames follow it), cut it at the damaged frame instead of
    /// refusing, keeping the dropped bytes in FILE.dropped-OFFSET (rule T20).
    #[arg(long, requires = "resume")]
    pub truncate_corrupt: bool,
    /// When to fsync the journal: never, every-frame, or every:N frames.
    #[arg(long, default_value = "never")]
    pub fsync: String,
    /// No progress line.
    #[arg(long)]
    pub quiet: bool,
    /// Also write an HTML report (charts of the leaders, players left and average
    /// stack by level; places, prizes, bounties and deals) to this file.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Places to list in the results table.
    #[arg(long, default_value_t = 10)]
    pub top: u32,
    /// How hands are played: real (full betting through holdem-betting) or
    /// quick (all-in-or-fold model, faster).
    #[arg(long, default_value = "real")]
    pub hands: String,
    /// Bounties (rule T16): none, or pko (progressive knockout: half the
    /// buy-in on each head, half of each collected bounty added to the winner's head).
    /// With --rebuys the bounty part is in every price: a re-entry carries a new
    /// bounty, a rebuy or add-on adds its part to the buyer's own head.
    #[arg(long, default_value = "none")]
    pub bounty: String,
    /// A rebuy event (rules T2-T4): late registration for 60 minutes, rebuys
    /// through level 6 at or below the starting stack, an add-on on a 3-minute
    /// break, re-entry after busting; the bots use them all.
    #[arg(long)]
    pub rebuys: bool,
    /// How many of the entrants register late, after the start (rule T2); with
    /// --rebuys the default is a tenth of them.
    #[arg(long, value_name = "N")]
    pub late_entrants: Option<u32>,
}

/// The simulation `--bounty`, `--hands`, `--rebuys` and `--late-entrants` ask for.
fn sim_plan(args: &SimulateArgs) -> Result<SimPlan, String> {
    let pko = match args.bounty.as_str() {
        "none" => false,
        "pko" => true,
        other => return Err(format!("bad --bounty {other:?}: none or pko")),
    };
    let model = match args.hands.as_str() {
        "real" => HandModel::Real,
        "quick" => HandModel::Quick,
        other => return Err(format!("bad --hands {other:?}: real or quick")),
    };
    Ok(SimPlan {
        rebuys: args.rebuys,
        late_entrants: args.late_entrants,
        pko,
        model,
    })
}

/// The tournament configuration of `--rules`: a preset's, or a rules file's
/// ([`Rules::named`]).
fn tournament_rules(name: &str) -> Result<TournamentConfig, String> {
    Rules::named(name, |path| std::fs::read_to_string(path))
        .map_err(|e| format!("--rules {e}"))?
        .tournament
        .ok_or_else(|| format!("--rules {name:?} are cash-game rules: simulate plays tournaments"))
}

fn fsync_policy(s: &str) -> Option<FsyncPolicy> {
    match s {
        "never" => Some(FsyncPolicy::Never),
        "every-frame" => Some(FsyncPolicy::EveryFrame),
        _ => s
            .strip_prefix("every:")?
            .parse()
            .ok()
            .map(FsyncPolicy::Every),
    }
}

/// Runs the simulation and writes its report to `out`; only a failure to
/// write the report is an `Err` (progress and errors go to standard error,
/// best effort).
pub fn run(args: &SimulateArgs, out: &mut dyn Write) -> io::Result<ExitCode> {
    match run_inner(args) {
        Ok((sim, wall, timeline)) => {
            if let Some(path) = &args.report
                && let Err(e) = crate::report::write(path, &sim, &timeline)
            {
                let _ = writeln!(
                    io::stderr().lock(),
                    "holdem simulate: {}: {e}",
                    path.display()
                );
                return Ok(ExitCode::from(2));
            }
            report(out, &sim, args.top, wall)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let _ = writeln!(io::stderr().lock(), "holdem simulate: {e}");
            Ok(ExitCode::from(2))
        }
    }
}

fn run_inner(
    args: &SimulateArgs,
) -> Result<(Simulation, std::time::Duration, crate::report::Timeline), Box<dyn std::error::Error>>
{
    let policy = fsync_policy(&args.fsync).ok_or_else(|| {
        format!(
            "bad --fsync {:?}: never, every-frame or every:N",
            args.fsync
        )
    })?;
    let started = Instant::now();
    let mut sink: Box<dyn RecordSink> = Box::new(NoJournal);
    let mut sim = if let Some(path) = &args.resume {
        let (bytes, writer) = journal::open_for_resume(path, policy)?;
        let options = RecoverOptions {
            truncate_corrupt: args.truncate_corrupt,
        };
        if args.truncate_corrupt {
            keep_corrupt_tail(path, &bytes)?;
        }
        sink = Box::new(writer);
        let (sim, rec) = Simulation::resume_with(&bytes, sink.as_mut(), options)?;
        let _ = writeln!(
            io::stderr().lock(),
            "resumed {}: {} commands replayed, {} hands rolled back, {} bytes of torn or corrupt tail dropped",
            path.display(),
            rec.replayed,
            rec.rolled_back.len(),
            rec.dropped_bytes
        );
        sim
    } else {
        let plan = sim_plan(args)?;
        let (config, opts) = plan.compose(tournament_rules(&args.rules)?, args.entrants)?;
        if let Some(path) = &args.journal {
            sink = Box::new(journal::create_file(path, policy)?);
        }
        Simulation::with_config(config, opts, args.entrants, args.seed, sink.as_mut())?
    };
    let entrants = sim.entrants();
    let mut steps = 0u64;
    let mut last_draw = Instant::now();
    let mut timeline = crate::report::Timeline::default();
    let watch = args.report.is_some();
    sim.run(sink.as_mut(), &mut |t: &Tournament| {
        if watch {
            timeline.observe(t);
        }
        steps += 1;
        if !args.quiet && steps.is_multiple_of(4096) && last_draw.elapsed().as_millis() >= 100 {
            last_draw = Instant::now();
            progress(t, entrants);
        }
    })?;
    if !args.quiet {
        let _ = writeln!(io::stderr().lock());
    }
    Ok((sim, started.elapsed(), timeline))
}

/// Before a corrupt journal is cut (`--truncate-corrupt`), writes the bytes
/// that will be dropped to `FILE.dropped-OFFSET` and makes them durable; the
/// journal itself is cut only when the first new frame is written.
fn keep_corrupt_tail(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (entries, good) = journal::read_frames(bytes);
    if let Tail::Corrupt { offset, .. } = journal::classify_tail(bytes, good, entries.len()) {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".dropped-{offset}"));
        let side = PathBuf::from(name);
        let mut f = std::fs::File::create(&side)?;
        f.write_all(&bytes[offset..])?;
        f.sync_all()?;
        let _ = writeln!(
            io::stderr().lock(),
            "{}: corrupt at byte {offset}; {} bytes from there kept in {}",
            path.display(),
            bytes.len() - offset,
            side.display()
        );
    }
    Ok(())
}

fn progress(t: &Tournament, entrants: u32) {
    let left = t.remaining();
    let done = entrants.saturating_sub(left);
    let width = 30u32;
    let filled = (u64::from(done) * u64::from(width) / u64::from(entrants.max(1))) as u32;
    let bar: String = (0..width)
        .map(|i| if i < filled { '#' } else { '-' })
        .collect();
    let _ = write!(
        io::stderr().lock(),
        "\r[{bar}] {left:>6} left  level {:>2}  {:>5} tables  {:>7} hands",
        t.level_index().map_or(0, |l| l + 1),
        t.seating().table_count(),
        t.stats().hands
    );
}

fn dollars(cents: u64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

fn report(
    out: &mut dyn Write,
    sim: &Simulation,
    top: u32,
    wall: std::time::Duration,
) -> io::Result<()> {
    let t = sim.tournament();
    let bounties = sim.options().bounty.is_some().then(|| sim.bounties_won());
    let mut f = t.finishes().to_vec();
    f.sort_by_key(|x| (x.place, x.player));
    match bounties {
        Some(_) => writeln!(
            out,
            "{:>6}  {:>8}  {:>12}  {:>12}",
            "place", "player", "prize", "bounties"
        )?,
        None => writeln!(out, "{:>6}  {:>8}  {:>12}", "place", "player", "prize")?,
    }
    for x in f.iter().take_while(|x| x.place <= top) {
        let tie = if x.tied > 1 {
            format!(" (tied x{})", x.tied)
        } else {
            String::new()
        };
        match bounties {
            Some(b) => writeln!(
                out,
                "{:>6}  {:>8}  {:>12}  {:>12}{tie}",
                x.place,
                x.player.0,
                dollars(x.prize),
                dollars(b.get(&x.player).copied().unwrap_or(0))
            )?,
            None => writeln!(
                out,
                "{:>6}  {:>8}  {:>12}{tie}",
                x.place,
                x.player.0,
                dollars(x.prize)
            )?,
        }
    }
    let s = t.stats();
    let virtual_ms = t.now().saturating_sub(SIM_START);
    writeln!(out)?;
    let l = t.ledger();
    writeln!(out, "entrants          {}", t.entrants().len())?;
    if l.re_entries + l.rebuys + l.add_ons > 0
        || t.config().entry.late_registration.window.is_some()
    {
        writeln!(out, "re-entries        {}", l.re_entries)?;
        writeln!(out, "rebuys            {}", l.rebuys)?;
        writeln!(out, "add-ons           {}", l.add_ons)?;
        writeln!(out, "fees              {}", dollars(l.fees))?;
    }
    writeln!(out, "prize pool        {}", dollars(t.prizes().total()))?;
    writeln!(out, "paid places       {}", t.prizes().paid_places())?;
    writeln!(
        out,
        "prizes paid       {}",
        dollars(f.iter().map(|x| x.prize).sum())
    )?;
    if let Some(b) = bounties {
        writeln!(out, "bounties paid     {}", dollars(b.values().sum()))?;
        if l.rebuys + l.add_ons > 0 {
            writeln!(
                out,
                "  from rebuys/add-ons {} (their bounty parts, added to the buyers' heads)",
                dollars(sim.bounty_parts_added())
            )?;
        }
    }
    writeln!(out, "hands played      {}", s.hands)?;
    writeln!(out, "tables broken     {}", s.tables_broken)?;
    writeln!(out, "players moved     {}", s.players_moved)?;
    writeln!(
        out,
        "tournament time   {}h{:02}m (virtual)",
        virtual_ms / 3_600_000,
        virtual_ms / 60_000 % 60
    )?;
    writeln!(out, "chips in play     {}", t.chips_in_play())?;
    writeln!(out, "wall time         {:.2}s", wall.as_secs_f64())
}
