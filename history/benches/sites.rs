//! Throughput of each site's text on one core (rule H6): read the text, convert
//! each hand to the native model by the shared builder, replay it under the
//! standard rules and check the result against the text, on each site's real files
//! in `data/histories/` (PokerStars' Zoom sample beside them as the reference).
//! The files are decoded once, outside the measured loop, as in the PokerStars
//! bench; the count of hands is those the reader parses (other games included,
//! which are refused by name at their header).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_history::pokerstars::hands;
use holdem_history::replay::HouseRules;

mod common;
use common::{folder_text, import_replay_check};

fn sites(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/histories");
    let rules = HouseRules::standard();
    let mut g = c.benchmark_group("sites");
    for (name, folder) in [
        ("pokerstars_zoom", "pokerstars/santiweight"),
        ("ggpoker", "ggpoker"),
        ("fulltilt", "fulltilt"),
        ("winamax", "winamax"),
        ("wpn", "wpn"),
        ("888", "888"),
        ("partypoker", "partypoker"),
        ("ipoker", "ipoker"),
    ] {
        let text = folder_text(&root.join(folder));
        let count = hands(&text).filter(Result::is_ok).count();
        if count == 0 {
            continue;
        }
        g.throughput(Throughput::Elements(count as u64));
        g.bench_function(name, |b| {
            b.iter(|| import_replay_check(black_box(&text), &rules))
        });
    }
    g.finish();
}

criterion_group!(benches, sites);
criterion_main!(benches);
