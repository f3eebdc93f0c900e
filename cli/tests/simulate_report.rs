//! `holdem simulate --report FILE`: a self-contained HTML page with inline SVG
//! charts and the results the text report gives.

use std::process::Command;

#[test]
fn the_report_has_charts_and_pays_out_the_prize_pool_with_bounties() {
    let dir = std::env::temp_dir().join(format!("holdem-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .args(["simulate", "--rules", "live-tournament", "--entrants", "60"])
        .args(["--seed", "7", "--bounty", "pko", "--quiet", "--report"])
        .arg(&path)
        .output()
        .expect("holdem runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let html = std::fs::read_to_string(&path).expect("report written");
    let _ = std::fs::remove_dir_all(&dir);
    // Self-contained: no script, nothing loaded from elsewhere.
    assert!(
        !html.contains("<script") && !html.contains("http"),
        "{html}"
    );
    assert_eq!(html.matches("<svg").count(), 3);
    assert!(html.matches("<polyline").count() >= 3);
    // The winner and the totals of the text report are on the page.
    let winner = text.lines().nth(1).expect("first place line");
    let fields: Vec<&str> = winner.split_whitespace().collect();
    assert_eq!(fields[0], "1");
    assert!(
        html.contains(&format!(
            "<td>1</td><td>player {}</td><td>{}</td><td>{}</td>",
            fields[1], fields[2], fields[3]
        )),
        "{winner}"
    );
    let pool = text
        .lines()
        .find(|l| l.starts_with("prize pool"))
        .expect("pool line");
    let pool = pool.split_whitespace().last().expect("amount");
    assert!(html.contains(&format!("<dt>prize pool</dt><dd>{pool}</dd>")));
    assert!(html.contains(&format!("<dt>prizes paid</dt><dd>{pool}</dd>")));
    assert!(html.contains("<dt>bounties paid</dt>"));
}
