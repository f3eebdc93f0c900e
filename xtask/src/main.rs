//! Developer tasks, run as `cargo xtask <task>` (see `.cargo/config.toml`).
//!
//! - `ci`: every check CI runs, in order, stopping at the first failure (fmt,
//!   clippy, rustdoc with warnings denied, tests, every example of the engine
//!   crates, snapshots, the Python package's build and pytest suite
//!   (`python.rs`), the DuckDB checks, the viewer in Chromium, rules coverage).
//! - `examples`: builds and runs every example of the engine crates (part of `ci`).
//! - `corpora`: the Parquet export read back by DuckDB in its own Python venv
//!   (see [`corpora`]; part of `ci`).
//! - `rules`: checks `docs/rules-coverage.md` against the rule catalogue
//!   `docs/rules.md` (and that catalogue against `../shared/RULES.md`).
//! - `bench [NAME...]`: runs the criterion benchmarks of the `holdem-bench` crate.
//! - `fuzz [TARGET...] [--seconds N] [--runs R] [--merge]`: builds the libFuzzer targets of
//!   `fuzz/` (see [`fuzz`]) and runs each for N seconds (default 60; at most R executions) from its
//!   checked-in corpus; `--merge` then minimises the corpus into
//!   `fuzz/corpus/TARGET/`. CI does not fuzz: the corpora are replayed by the
//!   `holdem-fuzz-checks` tests that `ci` runs with the workspace.
//! - `soak [--hands N] [--tournaments M] [--seed S] [--threads T]`: the soak of
//!   `cli/tests/soak.rs` at scale, in release, on every core (docs/reliability.md).
//! - `scaling [--copies N] [--runs R]`: `holdem export` and `replay` on one
//!   thread and on two, in release (see [`scaling`]; docs/performance.md).
//! - `view-load [--runs R]`: how long the replayer page of 10,000 hands takes
//!   to open in headless Chromium (see [`browser::view_load`]).
//!
//! Plain Rust with no dependencies, so CI needs nothing but cargo.

mod browser;
mod corpora;
mod fuzz;
mod python;
mod rules;
mod scaling;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// Packages whose `#[ignore]`d tests are release-only checks (exhaustive
/// enumerations, large corpora) that `ci` runs with `--release -- --ignored`.
const RELEASE_ONLY_PACKAGES: &[&str] = &["holdem-eval"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(&root),
        Some("rules") => rules::check(&root),
        Some("corpora") => corpora::check(&root),
        Some("examples") => examples(&root),
        Some("bench") => bench(&root, &args[1..]),
        Some("fuzz") => fuzz::run(&root, &args[1..]),
        Some("soak") => soak(&root, &args[1..]),
        Some("scaling") => scaling::run(&root, &args[1..]),
        Some("view-load") => browser::view_load(&root, &args[1..]),
        Some("gen-histories") => run_step(
            &root,
            "gen-histories",
            &[
                "run",
                "--release",
                "-p",
                "holdem-cli",
                "--",
                "gen-histories",
            ],
        ),
        _ => {
            eprintln!(
                "usage: cargo xtask <task>\n\n\
                 tasks:\n  ci              fmt, clippy, rustdoc, tests (debug and release-only), examples, snapshots, rules coverage\n  \
                 examples        build and run every example of the engine crates\n  \
                 rules           check docs/rules-coverage.md against docs/rules.md\n  \
                 corpora         the Parquet export read back by DuckDB (Python venv in target/py-corpora)\n  \
                 bench [NAME..]  criterion benchmarks: eval (with peers), cards, pots, betting, tourney, history\n  \
                 gen-histories   regenerate the seeded random hand-history corpus\n  \
                 fuzz [TARGET..] [--seconds N] [--runs R] [--merge]\n                  \
                 run the libFuzzer targets of fuzz/ (N s each, default 60)\n  \
                 soak [--hands N] [--tournaments M] [--seed S] [--threads T]\n                  \
                 random hands and killed-and-resumed tournaments, every invariant checked\n  \
                 scaling [--copies N] [--runs R]\n                  \
                 export and replay on one thread and on two, in release\n  \
                 view-load [--runs R]\n                  \
                 the 10,000-hand replayer page opened in headless Chromium"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: FAILED: {message}");
            // A full disk is the commonest cause of a failure that is not the
            // code's; say how much room there was.
            let _ = Command::new("df").args(["-h", "."]).status();
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's manifest directory.
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

fn ci(root: &Path) -> Result<(), String> {
    let started = Instant::now();
    run_step(root, "fmt", &["fmt", "--all", "--check"])?;
    run_step(
        root,
        "clippy",
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    )?;
    run_step(
        root,
        "doc (rustdoc warnings denied)",
        &[
            "doc",
            "--workspace",
            "--no-deps",
            "--config",
            "build.rustdocflags=[\"-D\", \"warnings\"]",
        ],
    )?;
    browser::check()?;
    run_step(
        root,
        "test (debug, doc tests included)",
        &["test", "--workspace"],
    )?;
    let mut release: Vec<&str> = vec!["test", "--release"];
    for p in RELEASE_ONLY_PACKAGES {
        release.extend(["-p", p]);
    }
    release.extend(["--", "--ignored"]);
    run_step(root, "test (release-only: exhaustive checks)", &release)?;
    examples(root)?;
    if root.join("history/tests/snapshots.rs").exists() {
        run_step(
            root,
            "snapshots (hand histories)",
            &["test", "-p", "holdem-history", "--test", "snapshots"],
        )?;
    }
    python::ci(root)?;
    corpora::check(root)?;
    let t = Instant::now();
    let summary = rules::summarize(root)?;
    println!(
        "xtask: ok   rules coverage ({:.1}s): {summary}",
        t.elapsed().as_secs_f64()
    );
    println!(
        "xtask: ci passed in {:.1}s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The engine crates whose `examples/` `cargo xtask ci` runs: the default members
/// (the `bench` crate's examples are measurement loops, run by hand).
const EXAMPLE_CRATES: &[&str] = &[
    "cards",
    "eval",
    "pots",
    "betting",
    "tourney",
    "rules-config",
    "history",
    "cli",
];

/// Arguments for examples whose defaults are sized for measuring, not checking:
/// (package, example, arguments).
const EXAMPLE_ARGS: &[(&str, &str, &[&str])] = &[("holdem-betting", "throughput", &["2000"])];

/// Builds and runs every example of [`EXAMPLE_CRATES`] (debug profile), each
/// with the arguments of [`EXAMPLE_ARGS`] or none: an example that fails or
/// panics fails `ci`.
fn examples(root: &Path) -> Result<(), String> {
    let mut found = Vec::new();
    for dir in EXAMPLE_CRATES {
        let manifest = std::fs::read_to_string(root.join(dir).join("Cargo.toml"))
            .map_err(|e| format!("examples: reading {dir}/Cargo.toml: {e}"))?;
        let package = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|rest| rest.strip_suffix('"'))
            .ok_or_else(|| format!("examples: no package name in {dir}/Cargo.toml"))?
            .to_string();
        let Ok(entries) = std::fs::read_dir(root.join(dir).join("examples")) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_suffix(".rs").map(str::to_string)
            })
            .collect();
        names.sort();
        found.extend(names.into_iter().map(|n| (package.clone(), n)));
    }
    for (package, example) in &found {
        let mut args = vec!["run", "-q", "-p", package.as_str(), "--example", example];
        if let Some((_, _, extra)) = EXAMPLE_ARGS
            .iter()
            .find(|(p, e, _)| p == package && e == example)
        {
            args.push("--");
            args.extend(extra.iter().copied());
        }
        run_step(root, &format!("example {package}/{example}"), &args)?;
    }
    Ok(())
}

/// `cargo xtask bench [NAME...]`: `eval` and `hand` run the peer comparisons in
/// `holdem-bench` (evaluation; a whole hand against `rs_poker`'s arena); a crate
/// folder name (`cards`, `pots`, `betting`, `tourney`, `history`) runs that crate's own
/// criterion benches; no name runs them all. Extra arguments after `--` go to
/// criterion (e.g. `-- --measurement-time 3`).
fn bench(root: &Path, args: &[String]) -> Result<(), String> {
    let split = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let (names, extra) = (&args[..split], &args[split..]);
    let peers = ["eval", "hand"];
    let crates = ["cards", "pots", "betting", "tourney", "history"];
    let names: Vec<&str> = if names.is_empty() {
        peers.iter().chain(&crates).copied().collect()
    } else {
        names.iter().map(String::as_str).collect()
    };
    for name in names {
        let package = if peers.contains(&name) {
            "holdem-bench".to_string()
        } else if crates.contains(&name) {
            format!("holdem-{name}")
        } else {
            return Err(format!(
                "unknown bench `{name}`: expected one of {}, {}",
                peers.join(", "),
                crates.join(", ")
            ));
        };
        let mut cargo_args: Vec<&str> = vec!["bench", "-p", &package];
        if peers.contains(&name) {
            cargo_args.extend(["--bench", name]);
        }
        cargo_args.extend(extra.iter().map(String::as_str));
        run_step(root, &format!("bench {name}"), &cargo_args)?;
    }
    Ok(())
}

/// `cargo xtask soak`: runs the ignored `soak_at_scale` test of `holdem-cli` in
/// release with its sizes in the environment (`SOAK_HANDS`, `SOAK_TOURNAMENTS`,
/// `SOAK_SEED`, `SOAK_THREADS`). Defaults: 10^7 hands, 10^4 tournaments, seed 0,
/// every core. The test prints the counts and every failure with its seed, and
/// fails (so this task exits non-zero) on any failure.
fn soak(root: &Path, args: &[String]) -> Result<(), String> {
    let mut env: Vec<(&str, String)> = Vec::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let var = match flag.as_str() {
            "--hands" => "SOAK_HANDS",
            "--tournaments" => "SOAK_TOURNAMENTS",
            "--seed" => "SOAK_SEED",
            "--threads" => "SOAK_THREADS",
            other => {
                return Err(format!(
                    "soak: unknown argument `{other}` (expected --hands, --tournaments, --seed, --threads)"
                ));
            }
        };
        let value = it
            .next()
            .ok_or_else(|| format!("soak: {flag} needs a number"))?;
        if value.replace('_', "").parse::<u64>().is_err() {
            return Err(format!("soak: {flag} {value}: not a whole number"));
        }
        env.push((var, value.clone()));
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let args = [
        "test",
        "--release",
        "-p",
        "holdem-cli",
        "--test",
        "soak",
        "--",
        "--ignored",
        "--exact",
        "soak_at_scale",
        "--nocapture",
    ];
    println!("xtask: run  soak: cargo {}", args.join(" "));
    let t = Instant::now();
    let status = Command::new(cargo)
        .args(args)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .current_dir(root)
        .status()
        .map_err(|e| format!("soak: could not start cargo: {e}"))?;
    let secs = t.elapsed().as_secs_f64();
    if status.success() {
        println!("xtask: ok   soak ({secs:.1}s)");
        Ok(())
    } else {
        Err(format!("soak failed after {secs:.1}s ({status})"))
    }
}

/// Runs one `cargo` step, printing a one-line summary with its time.
pub(crate) fn run_step(root: &Path, name: &str, args: &[&str]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    println!("xtask: run  {name}: cargo {}", args.join(" "));
    let t = Instant::now();
    let status = Command::new(cargo)
        .args(args)
        .current_dir(root)
        // Snapshot tests must fail on a difference, never rewrite the snapshot.
        .env("INSTA_UPDATE", "no")
        .status()
        .map_err(|e| format!("{name}: could not start cargo: {e}"))?;
    let secs = t.elapsed().as_secs_f64();
    if status.success() {
        println!("xtask: ok   {name} ({secs:.1}s)");
        Ok(())
    } else {
        Err(format!("step `{name}` failed after {secs:.1}s ({status})"))
    }
}

/// A scratch folder for pip under `target/`, so that unpacking the pinned
/// wheels needs room on the disk that holds the build, not in `/tmp`.
fn pip_tmp(root: &Path) -> Result<PathBuf, String> {
    let dir = root.join("target").join("tmp").join("pip");
    std::fs::create_dir_all(&dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
    Ok(dir)
}
