//! A fixed amount of replay work for instruction counting (not a timing bench):
//! `valgrind --tool=callgrind target/release/deps/replay_profile-* WORKLOAD ROUNDS`,
//! where WORKLOAD is `phh-parse`, `phh-replay`, `postcard-decode`, `postcard-replay`,
//! `lean-decode`, `lean-replay` (the replay decoder and a [`Replayer`], as `holdem replay`
//! reads a postcard file), `lean-replay-uncached` (the same with `replay_view`, each
//! hand started anew), `lean-replay-generated`, `lean-replay-generated-uncached` and
//! `lean-decode-generated` (the same on 2,000 generated hands), `replay` (decoded Pluribus hands), `replay-cached` (the same through a
//! [`Replayer`]), `generated` (2,000 decoded generated hands), `pokerstars-parse`
//! (the 222 Zoom hands of the PokerStars bench, text to typed hands) or
//! `pokerstars` (the same, imported, replayed and checked, as the bench does), or
//! `site:FOLDER` (every file of `data/histories/FOLDER`, e.g. `site:ggpoker`, read
//! the same way, as the `sites` bench does). The postcard
//! workloads read `HOLDEMH2` frames (the current native format); a workload name
//! ending in `-v1` (`lean-replay-v1`) reads the same hands as `HOLDEMH1` frames.
//! Instruction counts do not depend on the load of the machine; divide by the hands
//! replayed (printed) for the count of one hand.

use std::hint::black_box;

mod common;
use common::folder_text;

use holdem_history::HandHistory;
use holdem_history::native::{
    ActionBuffer, HandRecord, NativeVersion, PostcardHands, decode_postcard, encode_postcard,
};
use holdem_history::phh::PhhHands;
use holdem_history::pokerstars;
use holdem_history::replay::{HouseRules, Outcome, ReplayView, Replayer, replay_hand, replay_view};

const PLURIBUS: &str = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");
const ZOOM_A: &[u8] = include_bytes!(
    "../../data/histories/pokerstars/santiweight/HH20181229-Donati-0.02-0.05-USD-NLHE.txt"
);
const ZOOM_B: &[u8] = include_bytes!(
    "../../data/histories/pokerstars/santiweight/HH20181229-Donati-4-0.02-0.05-USD-NLHE.txt"
);
const GENERATED: &[u8] =
    include_bytes!("../../data/histories/generated/seed-2026-10000-hands.postcard");

fn settled(o: &Outcome) -> bool {
    matches!(o, Outcome::Ok { settled: true, .. })
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let workload = args.first().map_or("replay", String::as_str);
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(10);
    let rules = HouseRules::standard();
    let hands: Vec<HandHistory> = PhhHands::new(PLURIBUS)
        .filter_map(|h| h.hand.ok())
        .collect();
    let generated: Vec<HandHistory> = PostcardHands::new(GENERATED)
        .take(2_000)
        .filter_map(Result::ok)
        .collect();
    // Frame payloads in the format the workload names: HOLDEMH2 (the current native
    // format) unless the workload ends in `-v1`.
    let version = if workload.ends_with("-v1") {
        NativeVersion::V1
    } else {
        NativeVersion::V2
    };
    let workload = workload.trim_end_matches("-v1");
    let payload = |h: &HandHistory| encode_postcard(h, version).unwrap_or_default();
    let frames: Vec<Vec<u8>> = hands.iter().map(payload).collect();
    let generated_frames: Vec<Vec<u8>> = generated.iter().map(payload).collect();
    let stars = format!(
        "{}\n\n{}",
        pokerstars::decode(ZOOM_A),
        pokerstars::decode(ZOOM_B)
    );
    // `site:FOLDER`: every file under `data/histories/FOLDER`, decoded once.
    let site_text = workload
        .strip_prefix("site:")
        .map(|folder| {
            folder_text(
                &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../data/histories")
                    .join(folder),
            )
        })
        .unwrap_or_default();
    let mut count = 0usize;
    let mut ok = 0usize;
    // The decoded actions' storage, reused from hand to hand as a stream does.
    let mut buffer = ActionBuffer::default();
    // What consecutive hands share, reused as `holdem replay` does in a stream.
    let mut replayer = Replayer::new();
    for _ in 0..rounds {
        match workload {
            "phh-parse" => {
                for h in PhhHands::new(black_box(PLURIBUS)) {
                    count += 1;
                    ok += usize::from(h.hand.is_ok());
                }
            }
            "phh-replay" => {
                for h in PhhHands::new(black_box(PLURIBUS)).filter_map(|h| h.hand.ok()) {
                    count += 1;
                    ok += usize::from(settled(&replay_hand(&h, &rules)));
                }
            }
            "postcard-decode" => {
                for f in &frames {
                    count += 1;
                    ok += usize::from(decode_postcard(black_box(f), version).is_ok());
                }
            }
            "lean-decode" => {
                for f in &frames {
                    let mut record = HandRecord::new(std::mem::take(&mut buffer));
                    count += 1;
                    ok += usize::from(record.decode_into(black_box(f), version).is_ok());
                    buffer = record.take_buffer();
                }
            }
            "lean-replay" => {
                for f in &frames {
                    let mut record = HandRecord::new(std::mem::take(&mut buffer));
                    if record.decode_into(black_box(f), version).is_ok() {
                        count += 1;
                        ok += usize::from(settled(&replayer.replay(&record.view(), &rules)));
                    }
                    buffer = record.take_buffer();
                }
            }
            "lean-replay-uncached" => {
                for f in &frames {
                    let mut record = HandRecord::new(std::mem::take(&mut buffer));
                    if record.decode_into(black_box(f), version).is_ok() {
                        count += 1;
                        ok += usize::from(settled(&replay_view(&record.view(), &rules)));
                    }
                    buffer = record.take_buffer();
                }
            }
            "lean-replay-generated" => {
                for f in &generated_frames {
                    let mut record = HandRecord::new(std::mem::take(&mut buffer));
                    if record.decode_into(black_box(f), version).is_ok() {
                        count += 1;
                        ok += usize::from(settled(&replayer.replay(&record.view(), &rules)));
                    }
                    buffer = record.take_buffer();
                }
            }
            "lean-replay-generated-uncached" => {
                for f in &generated_frames {
                    let mut record = HandRecord::new(std::mem::take(&mut buffer));
                    if record.decode_into(black_box(f), version).is_ok() {
                        count += 1;
                        ok += usize::from(settled(&replay_view(&record.view(), &rules)));
                    }
                    buffer = record.take_buffer();
                }
            }
            "lean-decode-generated" => {
                for f in &generated_frames {
                    let mut record = HandRecord::new(std::mem::take(&mut buffer));
                    count += 1;
                    ok += usize::from(record.decode_into(black_box(f), version).is_ok());
                    buffer = record.take_buffer();
                }
            }
            "replay-cached" => {
                for h in &hands {
                    count += 1;
                    let view = ReplayView::of(black_box(h));
                    ok += usize::from(settled(&replayer.replay(&view, &rules)));
                }
            }
            "postcard-replay" => {
                for h in frames
                    .iter()
                    .filter_map(|f| decode_postcard(black_box(f), version).ok())
                {
                    count += 1;
                    ok += usize::from(settled(&replay_hand(&h, &rules)));
                }
            }
            "pokerstars-parse" => {
                for h in pokerstars::hands(black_box(&stars)) {
                    count += 1;
                    ok += usize::from(h.is_ok());
                }
            }
            "pokerstars" => {
                let (n, agreed) = common::import_replay_check(black_box(&stars), &rules);
                count += n;
                ok += agreed;
            }
            site if site.starts_with("site:") => {
                let (n, agreed) = common::import_replay_check(black_box(&site_text), &rules);
                count += n;
                ok += agreed;
            }
            "generated" => {
                for h in &generated {
                    count += 1;
                    ok += usize::from(settled(&replay_hand(black_box(h), &rules)));
                }
            }
            _ => {
                for h in &hands {
                    count += 1;
                    ok += usize::from(settled(&replay_hand(black_box(h), &rules)));
                }
            }
        }
    }
    println!("{workload}: {count} hands, {ok} ok/settled");
}
