//! `holdem view` as a person sees it: the page opened in headless Chromium, driven
//! through its own key handlers (the page's `#test=N` hook), with what it shows
//! after each step compared with the engine's replay, and screenshots saved under
//! `target/viewer-tests/` for a reviewer.
//!
//! Without a `chromium` (or `chromium-browser`, or `$HOLDEM_CHROMIUM`) the tests
//! print "skipped: chromium not installed" and pass, unless
//! `HOLDEM_REQUIRE_BROWSER=1` or `CI=true`, where a missing browser fails
//! (`.ci/run` installs Debian's `chromium`; `cargo xtask ci` checks it is there).

// The helpers below are test code too: a failed unwrap is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use holdem_history::corpus::{RulesBook, read_hands};
use holdem_history::steps::steps;
use holdem_history::{HandHistory, HistoryError};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn out_dir() -> PathBuf {
    let dir = root().join("target/viewer-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The browser, or `None` (after saying so) when the test may skip.
fn chromium() -> Option<String> {
    let candidates = std::env::var("HOLDEM_CHROMIUM")
        .into_iter()
        .chain(["chromium".to_string(), "chromium-browser".to_string()]);
    for c in candidates {
        if Command::new(&c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
        {
            return Some(c);
        }
    }
    let required = std::env::var("HOLDEM_REQUIRE_BROWSER").as_deref() == Ok("1")
        || std::env::var("CI").as_deref() == Ok("true");
    assert!(
        !required,
        "CI=true or HOLDEM_REQUIRE_BROWSER=1 but no chromium: install it (apt-get install -y chromium)"
    );
    eprintln!("skipped: chromium not installed");
    None
}

fn browser(chromium: &str, args: &[&str], url: &str) -> String {
    let profile = tempdir("profile");
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    assert!(out.status.success(), "chromium failed: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn tempdir(what: &str) -> PathBuf {
    let dir = out_dir().join(format!(
        "{what}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What the page's test hook wrote into `#test-out`.
fn test_out(chromium: &str, page: &Path, hand: usize) -> Value {
    let url = format!(
        "file://{}#test={hand}",
        page.canonicalize().unwrap().display()
    );
    let dom = browser(
        chromium,
        &["--virtual-time-budget=20000", "--dump-dom"],
        &url,
    );
    let start = dom
        .find("<pre id=\"test-out\" hidden=\"\">")
        .expect("test-out in the DOM");
    let rest = &dom[start..];
    let text = &rest[rest.find('>').unwrap() + 1..rest.find("</pre>").unwrap()];
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn screenshot(chromium: &str, page: &Path, name: &str) {
    let png = out_dir().join(name);
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    browser(
        chromium,
        &[
            "--window-size=1400,800",
            "--virtual-time-budget=5000",
            &format!("--screenshot={}", png.display()),
        ],
        &url,
    );
    assert!(
        png.metadata().unwrap().len() > 10_000,
        "{} is drawn",
        png.display()
    );
}

fn write_page(inputs: &[&str], name: &str) -> PathBuf {
    let page = out_dir().join(name);
    let out = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .arg("view")
        .args(inputs.iter().map(|p| root().join(p)))
        .arg("-o")
        .arg(&page)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    page
}

fn first_hand(path: &str) -> HandHistory {
    let mut hands = Vec::new();
    read_hands::<HistoryError>(
        &root().join(path),
        |h| {
            hands.push(h);
            Ok(())
        },
        |e| panic!("{e}"),
    )
    .unwrap();
    hands.remove(0)
}

/// Stepping forward through a hand with the arrow key shows, after each action,
/// the stacks and pot the engine's replay has after it.
fn check_hand_steps(path: &str, page_name: &str) -> Value {
    let Some(chromium) = chromium() else {
        return Value::Null;
    };
    let page = write_page(&[path], page_name);
    let h = first_hand(path);
    let book = RulesBook::new(None);
    let expected: Vec<_> = steps(&h, book.for_hand(&h).unwrap()).collect();
    let seen = test_out(&chromium, &page, 0);
    let forward = seen["forward"].as_array().unwrap();
    assert!(forward.len() >= expected.len() && !expected.is_empty());
    for (k, step) in expected.iter().enumerate() {
        let shown = &forward[k];
        assert_eq!(shown["step"], k);
        assert_eq!(
            shown["pot"],
            format!("Pot {}", h.unit.format(step.view.pot.0)),
            "pot after action {}",
            step.action
        );
        let stacks: Vec<String> = (0..h.player_count())
            .map(|i| h.unit.format(step.view.seats[i].unwrap().stack.0))
            .collect();
        let shown_stacks: Vec<String> = shown["stacks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        assert_eq!(shown_stacks, stacks, "stacks after action {}", step.action);
        assert!(shown["info"].as_str().unwrap().contains(&step.text));
    }
    screenshot(&chromium, &page, &page_name.replace(".html", ".png"));
    seen
}

#[test]
fn h2_an_illegal_bet_is_shown_where_it_happens_with_its_rule() {
    let seen = check_hand_steps(
        "data/histories/illegal/b10-bet-below-minimum.phh",
        "illegal.html",
    );
    if seen.is_null() {
        return;
    }
    let forward = seen["forward"].as_array().unwrap();
    let last = forward.last().unwrap();
    assert!(last["info"].as_str().unwrap().contains("p1 cbr 50"));
    let banner = last["banner"].as_str().unwrap();
    assert!(banner.starts_with("B10"), "{banner}");
    assert!(banner.contains("below the minimum bet"), "{banner}");
    // Before the refused action, no banner.
    assert_eq!(forward[0]["banner"], "");
    // Searching "illegal" keeps the hand that breaks a rule.
    assert_eq!(seen["search"]["count"], "1 of 1 hands");
}

#[test]
fn a_famous_hand_steps_forward_by_action_and_by_street_and_back() {
    let path = "data/histories/phh/famous/dwan-ivey-2009.phh";
    let seen = check_hand_steps(path, "famous.html");
    if seen.is_null() {
        return;
    }
    let forward = seen["forward"].as_array().unwrap();
    let streets = seen["streets"].as_array().unwrap();
    // PageUp from the end goes back street by street to the first step.
    assert_eq!(streets[streets.len() - 2]["step"], 0);
    let starts: Vec<u64> = streets
        .iter()
        .map(|s| s["step"].as_u64().unwrap())
        .collect();
    assert!(
        starts
            .windows(2)
            .take(starts.len() - 2)
            .all(|w| w[0] > w[1]),
        "{starts:?}"
    );
    // Left arrow goes back one step; End goes to the last.
    let back = seen["back"].as_array().unwrap();
    let after_pagedown = streets.last().unwrap()["step"].as_u64().unwrap();
    assert_eq!(back[0]["step"].as_u64().unwrap(), after_pagedown - 1);
    assert_eq!(back[1]["step"].as_u64().unwrap(), forward.len() as u64 - 1);
}

/// 10,000 hands of the generated corpus (the first 100, each written 100 times
/// into the page) open, and the last one steps; the list draws a screenful of
/// rows, not 10,000. How long the page takes to open is measured by
/// `cargo xtask view-load`, not here.
#[test]
fn ten_thousand_hands_open_with_a_screenful_of_rows_drawn() {
    let Some(chromium) = chromium() else {
        return;
    };
    let small = write_page(
        &["data/histories/generated/seed-2026-10000-hands-first-100.phhs"],
        "hundred.html",
    );
    let html = std::fs::read_to_string(&small).unwrap();
    let open = "<script id=\"hands\" type=\"application/json\">";
    let start = html.find(open).unwrap() + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    let hands: Vec<Value> = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(hands.len(), 100);
    let many: Vec<&Value> = hands.iter().cycle().take(10_000).collect();
    let data = serde_json::to_string(&many)
        .unwrap()
        .replace('<', "\\u003c");
    let big = out_dir().join("ten-thousand.html");
    std::fs::write(&big, format!("{}{data}{}", &html[..start], &html[end..])).unwrap();
    let seen = test_out(&chromium, &big, 9_999);
    assert_eq!(seen["hands"], 10_000);
    assert!(seen["forward"].as_array().unwrap().len() > 1);
    // The list is virtual: 10,000 hands, a screenful of rows in the DOM.
    let rows = seen["rowsDrawn"].as_u64().unwrap();
    assert!(rows > 0 && rows < 100, "{rows} rows drawn");
}

#[test]
fn a_search_filters_the_hand_list() {
    let Some(chromium) = chromium() else {
        return;
    };
    let page = write_page(
        &[
            "data/histories/phh/famous",
            "data/histories/illegal/b10-bet-below-minimum.phh",
        ],
        "search.html",
    );
    let seen = test_out(&chromium, &page, 0);
    // Of the two hands, one is illegal (B10); the famous one is legal.
    assert_eq!(seen["hands"], 2);
    assert_eq!(seen["search"]["count"], "1 of 2 hands");
    assert_eq!(seen["search"]["rows"], 1);
}
