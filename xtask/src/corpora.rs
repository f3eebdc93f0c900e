//! `cargo xtask corpora`: the Parquet export read back by DuckDB
//! (`python/tests_corpora/`): row counts, money sums, the replay's totals, and
//! the statistics of a SQL query equal to `holdem stats --json`.
//!
//! It builds `holdem` (debug), makes its own virtual environment in
//! `target/py-corpora` on first use with the pinned [`PACKAGES`] from PyPI (kept
//! apart from the Python package's environment), and runs pytest with
//! `HOLDEM_BIN` naming the binary. A machine without `python3` skips the step
//! with a message, as the Rust checks do not need it; set
//! `HOLDEM_REQUIRE_PYTHON=1` to make that a failure.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use crate::run_step;

/// The Python packages of the step, pinned.
pub const PACKAGES: &[&str] = &["duckdb==1.5.6", "pytest==9.2.0"];

fn run(name: &str, cmd: &mut Command) -> Result<(), String> {
    let status = cmd
        .status()
        .map_err(|e| format!("{name}: could not start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

/// Runs the step (see the module docs).
pub fn check(root: &Path) -> Result<(), String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        let message = format!("corpora: `{python}` not found: DuckDB checks skipped");
        if std::env::var_os("HOLDEM_REQUIRE_PYTHON").is_some() {
            return Err(message);
        }
        println!("xtask: skip {message}");
        return Ok(());
    }
    run_step(
        root,
        "corpora: build holdem",
        &["build", "-p", "holdem-cli"],
    )?;
    let t = Instant::now();
    let venv = root.join("target/py-corpora");
    let bin = venv.join("bin/python");
    if !bin.exists() {
        println!("xtask: run  corpora: venv {}", venv.display());
        run(
            "python3 -m venv",
            Command::new(&python).arg("-m").arg("venv").arg(&venv),
        )?;
    }
    run(
        "pip install",
        Command::new(&bin)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--no-cache-dir",
            ])
            .args(PACKAGES)
            .env("TMPDIR", crate::pip_tmp(root)?),
    )?;
    let exe = root.join("target/debug/holdem");
    run(
        "pytest python/tests_corpora",
        Command::new(&bin)
            .args(["-m", "pytest", "-q", "python/tests_corpora"])
            .env("HOLDEM_BIN", exe)
            .current_dir(root),
    )?;
    println!(
        "xtask: ok   corpora: DuckDB checks of the Parquet export ({:.1}s)",
        t.elapsed().as_secs_f64()
    );
    Ok(())
}
