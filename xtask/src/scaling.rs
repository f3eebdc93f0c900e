//! `cargo xtask scaling [--copies N] [--runs R]`: how `holdem export` and
//! `holdem replay` scale from one thread to two, in release.
//!
//! Two corpora are made under `target/scaling/`: N copies (default 10) of the
//! generated postcard file (10,000 hands each) and N copies of the shipped PHH
//! folders. Each command runs R times (default 3) on one thread and on two,
//! alternating so that a change in the machine's load hits both, and more
//! times while its runs have taken under five seconds in all (a short case's
//! best time is then as settled as a long one's); the best wall time of each
//! is kept, with the load average before the runs. An export
//! writes into a folder removed before it (not timed). The two exports must be
//! the same bytes. Wall time on a shared machine: read the ratio of one
//! run, and the load average next to it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The least time spent on a case's runs: a short case runs more than
/// `--runs` times, so that its best time is as settled as a long one's.
const MIN_SECONDS: f64 = 5.0;

/// Runs the measurement.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let (mut copies, mut runs) = (10usize, 3usize);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&v| v > 0)
            .ok_or_else(|| format!("scaling: {flag} needs a whole number above 0"))?;
        match flag.as_str() {
            "--copies" => copies = value,
            "--runs" => runs = value,
            other => {
                return Err(format!(
                    "scaling: unknown argument `{other}` (expected --copies, --runs)"
                ));
            }
        }
    }
    crate::run_step(root, "build", &["build", "--release", "-p", "holdem-cli"])?;
    let holdem = root.join("target/release/holdem");
    let base = root.join("target/scaling");
    let postcard = base.join("postcard");
    let phh = base.join("phh");
    make_corpora(root, &postcard, &phh, copies)?;
    println!("load average before: {}", load());
    let cases: [(&str, &Path); 4] = [
        ("export", &postcard),
        ("export", &phh),
        ("replay", &postcard),
        ("replay", &phh),
    ];
    for (command, corpus) in cases {
        let mut best = [f64::INFINITY; 2];
        let (mut done, mut spent) = (0, 0.0);
        while done < runs || spent < MIN_SECONDS {
            done += 1;
            for (slot, threads) in ["1", "2"].iter().enumerate() {
                let out = base.join(format!("out-{threads}"));
                // Every run writes new files: truncating the last run's
                // (ext4 may discard their blocks on the spot) is not timed.
                if out.exists() {
                    std::fs::remove_dir_all(&out)
                        .map_err(|e| format!("scaling: {}: {e}", out.display()))?;
                }
                let mut c = Command::new(&holdem);
                c.arg(command).args(["--threads", threads]);
                if command == "export" {
                    c.arg("--to").arg(&out);
                }
                c.arg(corpus);
                let t = Instant::now();
                let o = c
                    .output()
                    .map_err(|e| format!("scaling: cannot run {}: {e}", holdem.display()))?;
                let secs = t.elapsed().as_secs_f64();
                if !o.status.success() {
                    return Err(format!(
                        "scaling: holdem {command} --threads {threads} {} failed ({}): {}",
                        corpus.display(),
                        o.status,
                        String::from_utf8_lossy(&o.stderr)
                    ));
                }
                best[slot] = best[slot].min(secs);
                spent += secs;
            }
        }
        if command == "export" {
            for table in ["hands", "players", "actions"] {
                let read = |t: &str| {
                    let p = base.join(format!("out-{t}/{table}.parquet"));
                    std::fs::read(&p).map_err(|e| format!("scaling: {}: {e}", p.display()))
                };
                if read("1")? != read("2")? {
                    return Err(format!(
                        "scaling: {table}.parquet differs between one thread and two"
                    ));
                }
            }
        }
        println!(
            "{command} {}: 1 thread {:.3} s, 2 threads {:.3} s, {:.2}x, best of {done}{}",
            corpus.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
            best[0],
            best[1],
            best[0] / best[1],
            if command == "export" {
                " (files identical)"
            } else {
                ""
            }
        );
    }
    println!("load average after: {}", load());
    std::fs::remove_dir_all(&base).map_err(|e| format!("scaling: {}: {e}", base.display()))
}

/// N copies of the generated postcard file in `postcard`, and of the shipped
/// PHH folders in `phh`.
fn make_corpora(root: &Path, postcard: &Path, phh: &Path, copies: usize) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(postcard);
    let _ = std::fs::remove_dir_all(phh);
    let source = root.join("data/histories/generated/seed-2026-10000-hands.postcard");
    let phh_source = root.join("data/histories/phh");
    let phh_files = files_under(&phh_source)?;
    for i in 0..copies {
        let dir = postcard.join(format!("{i:03}"));
        mkdir(&dir)?;
        copy(&source, &dir.join("hands.postcard"))?;
        for f in &phh_files {
            let rel = f.strip_prefix(&phh_source).map_err(|e| e.to_string())?;
            let to = phh.join(format!("{i:03}")).join(rel);
            if let Some(parent) = to.parent() {
                mkdir(parent)?;
            }
            copy(f, &to)?;
        }
    }
    Ok(())
}

fn files_under(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for e in entries {
        let p = e.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if p.is_dir() {
            out.extend(files_under(&p)?);
        } else {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

fn mkdir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("{} to {}: {e}", from.display(), to.display()))
}

/// The 1, 5 and 15 minute load averages (Linux), or `?`.
pub(crate) fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_string())
}
