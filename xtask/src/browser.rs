//! The browser the viewer tests need (`cli/tests/viewer_browser.rs`): headless
//! Chromium, Debian's `chromium` package. Locally the tests skip without it; under
//! `CI=true` they fail without it, and this check says so before the tests run.
//! `.ci/run` installs the package when it is missing.
//!
//! `cargo xtask view-load [--runs R]` measures how long the replayer page of
//! 10,000 hands takes to open ([`view_load`]).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The first Chromium that runs, with its version line: `$HOLDEM_CHROMIUM`,
/// `chromium`, then `chromium-browser`.
fn find() -> Option<(String, String)> {
    std::env::var("HOLDEM_CHROMIUM")
        .into_iter()
        .chain(["chromium".to_string(), "chromium-browser".to_string()])
        .find_map(|c| {
            let out = Command::new(&c).arg("--version").output().ok()?;
            out.status
                .success()
                .then(|| (c, String::from_utf8_lossy(&out.stdout).trim().to_string()))
        })
}

/// Under `CI=true` (or `HOLDEM_REQUIRE_BROWSER=1`), fails unless a Chromium
/// runs; elsewhere, only says whether the browser tests will run or skip.
pub(crate) fn check() -> Result<(), String> {
    let required = std::env::var("CI").as_deref() == Ok("true")
        || std::env::var("HOLDEM_REQUIRE_BROWSER").as_deref() == Ok("1");
    match (find(), required) {
        (Some((_, version)), _) => {
            println!("xtask: ok   browser for the viewer tests: {version}");
            Ok(())
        }
        (None, true) => Err(
            "the viewer tests need chromium under CI: apt-get install -y chromium (.ci/run does)"
                .to_string(),
        ),
        (None, false) => {
            println!("xtask: note no chromium: the viewer tests will skip");
            Ok(())
        }
    }
}

/// The corpus the page is made of: the generated 10,000 hands.
const TEN_THOUSAND: &str = "data/histories/generated/seed-2026-10000-hands.postcard";

/// The 2 s the replayer page of 10,000 hands may take to open (issue 39).
const TARGET_MS: u64 = 2_000;

/// `cargo xtask view-load [--runs R]`: writes the replayer page of the 10,000
/// generated hands with the release `holdem view`, opens it R times (default 5)
/// in headless Chromium and prints the page time at which its script finished
/// (parsing the hands, drawing the list and the first hand:
/// `performance.now()`, kept in the page's `data-load-ms`), each run and the
/// median, against the 2 s target. The page's test hook opens the last hand, and
/// the run checks that the page holds all 10,000. A measurement, not a test: on a
/// loaded machine read it with the load average it prints.
pub(crate) fn view_load(root: &Path, args: &[String]) -> Result<(), String> {
    let runs = match args {
        [] => 5,
        [flag, n] if flag == "--runs" => n
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or("view-load: --runs needs a whole number above 0")?,
        _ => return Err("view-load: usage: cargo xtask view-load [--runs R]".to_string()),
    };
    let (chromium, version) =
        find().ok_or("view-load needs chromium (apt-get install -y chromium)")?;
    crate::run_step(root, "build", &["build", "--release", "-p", "holdem-cli"])?;
    let dir = root.join("target/view-load");
    std::fs::create_dir_all(&dir).map_err(|e| format!("view-load: {}: {e}", dir.display()))?;
    let page = dir.join("ten-thousand.html");
    let t = Instant::now();
    let out = Command::new(root.join("target/release/holdem"))
        .arg("view")
        .arg(root.join(TEN_THOUSAND))
        .arg("-o")
        .arg(&page)
        .output()
        .map_err(|e| format!("view-load: cannot run holdem view: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "view-load: holdem view failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let written = t.elapsed().as_secs_f64();
    let bytes = std::fs::metadata(&page)
        .map_err(|e| format!("view-load: {}: {e}", page.display()))?
        .len();
    println!("{version}; load average before: {}", crate::scaling::load());
    println!(
        "page: {TEN_THOUSAND} -> {} ({:.1} MB), written in {written:.2} s",
        page.display(),
        bytes as f64 / 1e6
    );
    let url = format!("file://{}#test=9999", page.display());
    let mut times = Vec::with_capacity(runs);
    for run in 1..=runs {
        let profile = dir.join(format!("profile-{run}"));
        let out = Command::new(&chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--virtual-time-budget=20000",
                "--dump-dom",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(&url)
            .output()
            .map_err(|e| format!("view-load: cannot run {chromium}: {e}"))?;
        let _ = std::fs::remove_dir_all(&profile);
        let dom = String::from_utf8_lossy(&out.stdout);
        let ms = number_after(&dom, "data-load-ms=\"")
            .ok_or("view-load: the page did not record its load time (data-load-ms)")?;
        let hands = number_after(&dom, "&quot;hands&quot;:")
            .or_else(|| number_after(&dom, "\"hands\":"))
            .ok_or("view-load: the page's test hook did not report its hands")?;
        if hands != 10_000 {
            return Err(format!(
                "view-load: the page holds {hands} hands, not 10,000"
            ));
        }
        println!("run {run}: {ms} ms");
        times.push(ms);
    }
    times.sort_unstable();
    let median = times[times.len() / 2];
    println!(
        "10,000 hands opened in {median} ms (median of {runs}; best {} ms); target < {TARGET_MS} ms: {}; load average after: {}",
        times[0],
        if median < TARGET_MS { "met" } else { "not met" },
        crate::scaling::load()
    );
    Ok(())
}

/// The whole number that follows the first `key` in `text`.
fn number_after(text: &str, key: &str) -> Option<u64> {
    let rest = &text[text.find(key)? + key.len()..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::number_after;

    #[test]
    fn the_number_after_a_key_is_read_and_a_missing_one_is_none() {
        assert_eq!(
            number_after("<body data-load-ms=\"1234\">", "data-load-ms=\""),
            Some(1234)
        );
        assert_eq!(
            number_after("{&quot;hands&quot;:10000,", "&quot;hands&quot;:"),
            Some(10_000)
        );
        assert_eq!(number_after("<body>", "data-load-ms=\""), None);
        assert_eq!(number_after("data-load-ms=\"x", "data-load-ms=\""), None);
    }
}
