//! The browser the viewer tests need (`cli/tests/viewer_browser.rs`): headless
//! Chromium, Debian's `chromium` package. Locally the tests skip without it; under
//! `CI=true` they fail without it, and this check says so before the tests run.
//! `.ci/run` installs the package when it is missing.

use std::process::Command;

/// Under `CI=true` (or `HOLDEM_REQUIRE_BROWSER=1`), fails unless a Chromium
/// runs; elsewhere, only says whether the browser tests will run or skip.
pub(crate) fn check() -> Result<(), String> {
    let required = std::env::var("CI").as_deref() == Ok("true")
        || std::env::var("HOLDEM_REQUIRE_BROWSER").as_deref() == Ok("1");
    let found = std::env::var("HOLDEM_CHROMIUM")
        .into_iter()
        .chain(["chromium".to_string(), "chromium-browser".to_string()])
        .find_map(|c| {
            let out = Command::new(&c).arg("--version").output().ok()?;
            out.status
                .success()
                .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        });
    match (found, required) {
        (Some(version), _) => {
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
