//! `cargo xtask fuzz [TARGET...] [--seconds N] [--merge]`: coverage-guided
//! fuzzing with libFuzzer (through `libfuzzer-sys`) on the stable toolchain.
//!
//! The targets live in `fuzz/` (cargo-fuzz's layout, its own workspace) and
//! call the checks of `fuzz-checks/`. This task builds them with plain cargo
//! and the SanitizerCoverage flags cargo-fuzz passes (`-Cpasses=sancov-module`
//! and `-Cllvm-args=-sanitizer-coverage-*`, all stable), so neither cargo-fuzz
//! nor a nightly compiler is needed. Without AddressSanitizer, which safe Rust
//! does not need; `HOLDEM_FUZZ_ASAN=1` adds `-Zsanitizer=address` and sets
//! `RUSTC_BOOTSTRAP=1` for this build only.
//!
//! Each target runs from `fuzz/corpus/TARGET/` (checked in), writing what it
//! finds to `fuzz/corpus-work/TARGET/` and crashes to `fuzz/artifacts/TARGET/`
//! (both ignored by git). `--merge` minimises the checked-in corpus and the new
//! finds into `fuzz/corpus/TARGET/` (libFuzzer's `-set_cover_merge=1`: the
//! fewest inputs that keep every feature), keeping every `regression-*` file,
//! the inputs of fixed crashes, whatever their coverage.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The SanitizerCoverage instrumentation cargo-fuzz uses, with debug
/// assertions and overflow checks on.
const RUSTFLAGS: &[&str] = &[
    "-Cpasses=sancov-module",
    "-Cllvm-args=-sanitizer-coverage-level=4",
    "-Cllvm-args=-sanitizer-coverage-inline-8bit-counters",
    "-Cllvm-args=-sanitizer-coverage-pc-table",
    "-Cllvm-args=-sanitizer-coverage-trace-compares",
    "--cfg",
    "fuzzing",
    "-Cdebug-assertions",
    "-Coverflow-checks",
];

/// libFuzzer options of one target beyond the common ones, each with its
/// reason. `rules_toml`: an `extends` document with overrides reaches every
/// key in well under 1 KiB, while the checked-in presets (up to 7 KiB) would
/// let the fuzzer grow inputs it then spends its time parsing.
/// The site text targets (`history_ggpoker`, ...): one hand is 1-3 KiB, so 4 KiB
/// holds a hand and the start of the next, and longer inputs (the seed files hold
/// up to a dozen hands) spend the time re-reading hands already covered.
fn target_options(name: &str) -> &'static [&'static str] {
    match name {
        "rules_toml" => &["-max_len=1024"],
        "history_ggpoker" | "history_fulltilt" | "history_winamax" | "history_wpn"
        | "history_888" | "history_partypoker" => &["-max_len=4096"],
        // An iPoker file is a session: its header and a few games fit in 8 KiB.
        "history_ipoker" => &["-max_len=8192"],
        _ => &[],
    }
}

/// Runs the task.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let mut seconds = 60u64;
    let mut runs: Option<u64> = None;
    let mut merge = false;
    let mut names = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seconds" => {
                seconds = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--seconds needs a whole number")?;
            }
            "--runs" => {
                runs = Some(
                    it.next()
                        .and_then(|n| n.parse().ok())
                        .ok_or("--runs needs a whole number")?,
                );
            }
            "--merge" => merge = true,
            name => names.push(name.to_string()),
        }
    }
    let fuzz = root.join("fuzz");
    let all = targets(&fuzz)?;
    if names.is_empty() {
        names = all.clone();
    }
    if let Some(bad) = names.iter().find(|n| !all.contains(n)) {
        return Err(format!(
            "unknown fuzz target `{bad}`: expected one of {}",
            all.join(", ")
        ));
    }
    let host = host_triple()?;
    build(&fuzz, &host)?;
    let bin_dir = fuzz.join("target").join(&host).join("release");
    for name in &names {
        let corpus = fuzz.join("corpus").join(name);
        let work = fuzz.join("corpus-work").join(name);
        let artifacts = fuzz.join("artifacts").join(name);
        for dir in [&corpus, &work, &artifacts] {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let bin = bin_dir.join(name);
        println!("xtask: run  fuzz {name} for {seconds}s");
        let t = Instant::now();
        let status = Command::new(&bin)
            .arg(format!("-max_total_time={seconds}"))
            .args(runs.map(|n| format!("-runs={n}")))
            .arg("-timeout=10")
            .arg("-rss_limit_mb=2048")
            .arg("-print_final_stats=1")
            .args(target_options(name))
            .arg(format!("-artifact_prefix={}/", artifacts.display()))
            .arg(&work)
            .arg(&corpus)
            .status()
            .map_err(|e| format!("{}: {e}", bin.display()))?;
        if !status.success() {
            return Err(format!(
                "fuzz target `{name}` failed after {:.0}s ({status}): see {}",
                t.elapsed().as_secs_f64(),
                artifacts.display()
            ));
        }
        println!(
            "xtask: ok   fuzz {name} ({:.0}s)",
            t.elapsed().as_secs_f64()
        );
        if merge {
            merge_corpus(&bin, &fuzz, name)?;
        }
    }
    Ok(())
}

/// The targets: the file stems of `fuzz/fuzz_targets/*.rs`, sorted.
fn targets(fuzz: &Path) -> Result<Vec<String>, String> {
    let dir = fuzz.join("fuzz_targets");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    Ok(names)
}

/// The compiler's host triple (`rustc -vV`): the instrumented build names
/// it, so the flags reach the targets and not the build scripts.
fn host_triple() -> Result<String, String> {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .map_err(|e| format!("rustc -vV: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
        .ok_or_else(|| "rustc -vV names no host".to_string())
}

fn build(fuzz: &Path, host: &str) -> Result<(), String> {
    let mut flags: Vec<&str> = RUSTFLAGS.to_vec();
    let asan = std::env::var_os("HOLDEM_FUZZ_ASAN").is_some();
    if asan {
        flags.push("-Zsanitizer=address");
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    println!(
        "xtask: run  fuzz build (release, {host}, sancov{})",
        if asan { ", asan" } else { "" }
    );
    let t = Instant::now();
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--release", "--bins", "--target", host])
        .current_dir(fuzz)
        .env("RUSTFLAGS", flags.join(" "));
    if asan {
        cmd.env("RUSTC_BOOTSTRAP", "1");
    }
    let status = cmd.status().map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err(format!("the fuzz build failed ({status})"));
    }
    println!("xtask: ok   fuzz build ({:.0}s)", t.elapsed().as_secs_f64());
    Ok(())
}

/// Minimises `corpus/NAME` and `corpus-work/NAME` into a fresh folder, adds
/// the `regression-*` files of `corpus/NAME`, and puts it in place of
/// `corpus/NAME`.
fn merge_corpus(bin: &Path, fuzz: &Path, name: &str) -> Result<(), String> {
    let corpus = fuzz.join("corpus").join(name);
    let merged: PathBuf = fuzz.join("corpus-work").join(format!("{name}.merged"));
    let _ = std::fs::remove_dir_all(&merged);
    std::fs::create_dir_all(&merged).map_err(|e| format!("{}: {e}", merged.display()))?;
    let status = Command::new(bin)
        .arg("-set_cover_merge=1")
        .arg(&merged)
        .arg(&corpus)
        .arg(fuzz.join("corpus-work").join(name))
        .status()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    if !status.success() {
        return Err(format!("merging the {name} corpus failed ({status})"));
    }
    let regressions = std::fs::read_dir(&corpus)
        .map_err(|e| format!("{}: {e}", corpus.display()))?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("regression-"));
    for file in regressions {
        std::fs::copy(file.path(), merged.join(file.file_name()))
            .map_err(|e| format!("{}: {e}", file.path().display()))?;
    }
    std::fs::remove_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    std::fs::rename(&merged, &corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    println!(
        "xtask: ok   fuzz {name}: corpus minimised into {}",
        corpus.display()
    );
    Ok(())
}
