//! `holdem simulate --report FILE`: the tournament as one self-contained HTML
//! page with inline SVG charts drawn by this module (no script, no network).
//!
//! [`Timeline`] watches the running tournament and keeps one row a blind level
//! (players left, average stack, the five chip leaders); [`write()`] adds the
//! results (places, prizes, bounties, deal payments) from the finished
//! simulation.
//!
//! Invariants:
//! - Every number on the page comes from the tournament: the timeline's rows are
//!   what the tournament reported when each level started, and the last row is the
//!   tournament's end.

use std::fmt::Write as _;
use std::io;
use std::path::Path;

use holdem_tourney::Tournament;
use holdem_tourney::sim::Simulation;

/// Chip leaders kept a level.
const LEADERS: usize = 5;

/// One row a blind level.
#[derive(Clone, Debug)]
struct Row {
    level: u32,
    remaining: u32,
    average: u64,
    leaders: Vec<(u32, u64)>,
}

/// The tournament level by level, as it runs.
#[derive(Default, Debug)]
pub(crate) struct Timeline {
    rows: Vec<Row>,
    last_level: Option<Option<u32>>,
}

impl Timeline {
    /// Called after every step: records a row when a new level starts.
    pub(crate) fn observe(&mut self, t: &Tournament) {
        let level = t.level_index();
        if self.last_level == Some(level) {
            return;
        }
        self.last_level = Some(level);
        // Before the first level nobody is seated yet.
        if level.is_some() {
            self.record(t);
        }
    }

    fn record(&mut self, t: &Tournament) {
        let remaining = t.remaining();
        let mut stacks: Vec<(u32, u64)> = t
            .stacks()
            .iter()
            .filter(|(_, c)| c.0 > 0)
            .map(|(p, c)| (p.0, c.0))
            .collect();
        stacks.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        stacks.truncate(LEADERS);
        self.rows.push(Row {
            level: t.level_index().map_or(0, |l| l + 1),
            remaining,
            average: t.chips_in_play().0 / u64::from(remaining.max(1)),
            leaders: stacks,
        });
    }
}

fn dollars(cents: u64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

const COLORS: [&str; 10] = [
    "#f0b429", "#58a6ff", "#3fb950", "#ff7b72", "#d2a8ff", "#79c0ff", "#ffa657", "#7ee787",
    "#f778ba", "#a5d6ff",
];

/// A line chart: `series` of (name, points (x index, y)), x from 0 to `xs - 1`.
fn chart(
    title: &str,
    xs: usize,
    x_label: &dyn Fn(usize) -> String,
    series: &[(String, Vec<(usize, u64)>)],
) -> String {
    let (w, h, l, r, t, b) = (640.0, 260.0, 70.0, 130.0, 30.0, 34.0);
    let max = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.1))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let x = |i: usize| l + (w - l - r) * i as f64 / (xs.max(2) - 1) as f64;
    let y = |v: u64| t + (h - t - b) * (1.0 - v as f64 / max);
    let mut s = format!(
        "<figure><figcaption>{title}</figcaption><svg viewBox=\"0 0 {w} {h}\" role=\"img\">"
    );
    for k in 0..=4 {
        let v = (max * f64::from(k) / 4.0) as u64;
        let _ = write!(
            s,
            "<line x1=\"{l}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" class=\"grid\"/><text x=\"{}\" y=\"{:.1}\" class=\"ax\" text-anchor=\"end\">{v}</text>",
            w - r,
            l - 6.0,
            y(v) + 4.0,
            y = y(v)
        );
    }
    let step = (xs / 12).max(1);
    for i in (0..xs).step_by(step) {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" class=\"ax\" text-anchor=\"middle\">{}</text>",
            x(i),
            h - 12.0,
            x_label(i)
        );
    }
    for (k, (name, points)) in series.iter().enumerate() {
        let color = COLORS[k % COLORS.len()];
        let pts: Vec<String> = points
            .iter()
            .map(|&(i, v)| format!("{:.1},{:.1}", x(i), y(v)))
            .collect();
        let _ = write!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2\"/>",
            pts.join(" ")
        );
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" fill=\"{color}\" class=\"key\">{name}</text>",
            w - r + 10.0,
            t + 16.0 * k as f64 + 4.0
        );
    }
    s.push_str("</svg></figure>");
    s
}

/// Writes the report of a finished simulation.
pub(crate) fn write(path: &Path, sim: &Simulation, timeline: &Timeline) -> io::Result<()> {
    let t = sim.tournament();
    let mut rows = timeline.rows.clone();
    let mut end = Timeline::default();
    end.record(t);
    rows.extend(end.rows);
    let xs = rows.len();
    let label = |i: usize| {
        if i + 1 == xs {
            "end".to_string()
        } else {
            format!("L{}", rows[i].level)
        }
    };
    // Each player who was ever among the leaders: a line through the levels
    // where they were.
    let mut players: Vec<u32> = rows
        .iter()
        .flat_map(|r| r.leaders.iter().map(|l| l.0))
        .collect();
    players.sort_unstable();
    players.dedup();
    let mut leaders: Vec<(String, Vec<(usize, u64)>)> = players
        .iter()
        .map(|&p| {
            let pts = rows
                .iter()
                .enumerate()
                .filter_map(|(i, r)| r.leaders.iter().find(|l| l.0 == p).map(|l| (i, l.1)))
                .collect();
            (format!("player {p}"), pts)
        })
        .collect();
    leaders.sort_by_key(|s| std::cmp::Reverse(s.1.iter().map(|p| p.1).max().unwrap_or(0)));
    leaders.truncate(COLORS.len());
    let left = vec![(
        "players left".to_string(),
        rows.iter()
            .enumerate()
            .map(|(i, r)| (i, u64::from(r.remaining)))
            .collect(),
    )];
    let avg = vec![(
        "average stack".to_string(),
        rows.iter()
            .enumerate()
            .map(|(i, r)| (i, r.average))
            .collect(),
    )];
    let bounties = sim.options().bounty.is_some().then(|| sim.bounties_won());
    let mut finishes = t.finishes().to_vec();
    finishes.sort_by_key(|f| (f.place, f.player));
    let mut table = String::from("<table><tr><th>place</th><th>player</th><th>prize</th>");
    if bounties.is_some() {
        table.push_str("<th>bounties</th>");
    }
    table.push_str("</tr>");
    for f in finishes.iter().filter(|f| f.prize > 0 || f.place <= 10) {
        let _ = write!(
            table,
            "<tr><td>{}</td><td>player {}</td><td>{}</td>",
            f.place,
            f.player.0,
            dollars(f.prize)
        );
        if let Some(b) = bounties {
            let _ = write!(
                table,
                "<td>{}</td>",
                dollars(b.get(&f.player).copied().unwrap_or(0))
            );
        }
        table.push_str("</tr>");
    }
    table.push_str("</table>");
    let mut summary = format!(
        "<dl><dt>entrants</dt><dd>{}</dd><dt>prize pool</dt><dd>{}</dd><dt>paid places</dt><dd>{}</dd><dt>prizes paid</dt><dd>{}</dd>",
        t.entrants().len(),
        dollars(t.prizes().total()),
        t.prizes().paid_places(),
        dollars(finishes.iter().map(|f| f.prize).sum())
    );
    if let Some(b) = bounties {
        let _ = write!(
            summary,
            "<dt>bounties paid</dt><dd>{}</dd>",
            dollars(b.values().sum())
        );
    }
    let deals = t.deal_payments();
    if deals.is_empty() {
        summary.push_str("<dt>deals</dt><dd>none</dd>");
    } else {
        summary.push_str("<dt>deal</dt><dd>");
        for (p, c) in &deals {
            let _ = write!(summary, "player {}: {}<br>", p.0, dollars(*c));
        }
        summary.push_str("</dd>");
    }
    let _ = write!(
        summary,
        "<dt>hands played</dt><dd>{}</dd><dt>chips in play</dt><dd>{}</dd></dl>",
        t.stats().hands,
        t.chips_in_play().0
    );
    let page = format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>holdem: tournament report</title><style>\
body{{background:#0f1419;color:#e6edf3;font:14px/1.4 system-ui,sans-serif;margin:24px auto;max-width:1000px;padding:0 16px}}\
h1{{font-size:20px}} figure{{margin:18px 0;background:#18202a;border:1px solid #2a3543;border-radius:8px;padding:10px}}\
figcaption{{color:#8b98a5;text-transform:uppercase;font-size:12px;letter-spacing:1px}} svg{{width:100%;height:auto}}\
.grid{{stroke:#2a3543}} .ax{{fill:#8b98a5;font-size:11px}} .key{{font-size:12px}}\
table{{border-collapse:collapse}} td,th{{padding:2px 12px;text-align:right;border-bottom:1px solid #2a3543}}\
dl{{display:grid;grid-template-columns:max-content auto;gap:2px 16px}} dt{{color:#8b98a5}} dd{{margin:0}}\
.cols{{display:grid;grid-template-columns:1fr 1fr;gap:16px}}</style></head><body>\
<h1>Tournament report</h1>{summary}{}<div class=\"cols\">{}{}</div><h2>Results</h2>{table}</body></html>",
        chart("Chip leaders by level (chips)", xs, &label, &leaders),
        chart("Players left by level", xs, &label, &left),
        chart("Average stack by level (chips)", xs, &label, &avg),
    );
    std::fs::write(path, page)
}
