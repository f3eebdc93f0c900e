//! The Python package's CI step (`python/`, PyPI name `holdem`): a virtual
//! environment under `target/py-venv` with pinned packages from the registry,
//! fmt and clippy of the extension crate, a release build installed with
//! `maturin develop`, and the pytest suite of `python/tests` (with
//! `tests/test_ray.py` on a local two-CPU Ray instance).
//!
//! The suite fails on any failed test, and also when no test ran or any test
//! was skipped (every optional dependency is pinned here, so a skip means a
//! broken environment). `HOLDEM_PYTHON` names the interpreter that makes the
//! environment (default `python3`, CPython 3.9 or later).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Packages the suite needs, pinned; installed again only when this list changes.
const PINS: &[&str] = &[
    "maturin==1.16.0",
    "numpy==2.4.6",
    "pytest==9.2.0",
    "pyarrow==26.0.1",
    "pettingzoo==1.27.0",
    "gymnasium==1.4.0",
    "pokerkit==0.7.7",
    "ray==2.60.0",
];

/// Runs `command`, printing its name and time; an error names the step.
fn step(name: &str, command: &mut Command) -> Result<(), String> {
    println!("xtask: run  {name}");
    let t = Instant::now();
    let status = command
        .status()
        .map_err(|e| format!("{name}: could not start: {e}"))?;
    let secs = t.elapsed().as_secs_f64();
    if status.success() {
        println!("xtask: ok   {name} ({secs:.1}s)");
        Ok(())
    } else {
        Err(format!("step `{name}` failed after {secs:.1}s ({status})"))
    }
}

/// The Python package's checks (see the module docs).
pub(crate) fn ci(root: &Path) -> Result<(), String> {
    let started = Instant::now();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let crate_dir = root.join("python");
    let manifest = crate_dir.join("Cargo.toml");
    let target = root.join("target").join("python");
    let venv = root.join("target").join("py-venv");
    let bin = venv.join("bin");
    let python = bin.join("python");

    step(
        "python: fmt",
        Command::new(&cargo)
            .args(["fmt", "--check", "--manifest-path"])
            .arg(&manifest),
    )?;
    step(
        "python: clippy",
        Command::new(&cargo)
            .args(["clippy", "--all-targets", "--manifest-path"])
            .arg(&manifest)
            .args(["--", "-D", "warnings"])
            .env("CARGO_TARGET_DIR", &target),
    )?;

    if !python.exists() {
        let interpreter = std::env::var("HOLDEM_PYTHON").unwrap_or_else(|_| "python3".into());
        step(
            "python: virtual environment (target/py-venv)",
            Command::new(interpreter).args(["-m", "venv"]).arg(&venv),
        )?;
    }
    let stamp = venv.join("holdem-pins.txt");
    let pins = PINS.join("\n");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(pins.as_str()) {
        step(
            "python: pip install (pinned)",
            Command::new(&python)
                .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
                .arg("--no-cache-dir")
                .args(PINS)
                .env("TMPDIR", crate::pip_tmp(root)?),
        )?;
        std::fs::write(&stamp, &pins).map_err(|e| format!("python: write {stamp:?}: {e}"))?;
    }
    step(
        "python: maturin develop --release",
        Command::new(bin.join("maturin"))
            .args(["develop", "--release", "--quiet"])
            .current_dir(&crate_dir)
            .env("VIRTUAL_ENV", &venv)
            .env("CARGO_TARGET_DIR", &target),
    )?;

    println!("xtask: run  python: pytest python/tests");
    let t = Instant::now();
    let output = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "tests",
        ])
        .current_dir(&crate_dir)
        .output()
        .map_err(|e| format!("python: could not start pytest: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    let summary = stdout.lines().last().unwrap_or("");
    if !output.status.success() {
        return Err(format!("python: pytest failed ({})", output.status));
    }
    if !summary.contains(" passed") || summary.contains("skipped") {
        return Err(format!(
            "python: pytest must run every test and skip none: {summary}"
        ));
    }
    println!(
        "xtask: ok   python: pytest ({:.1}s); python checks in {:.1}s",
        t.elapsed().as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
