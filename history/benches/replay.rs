//! Replay throughput on one core: PHH text (read + replay) and native postcard
//! (decode + replay), on the 150 shipped Pluribus hands and the generated corpus.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_history::HandHistory;
use holdem_history::native::{
    ActionBuffer, HandRecord, NativeVersion, PostcardHands, decode_postcard, encode_postcard,
};
use holdem_history::phh::PhhHands;
use holdem_history::replay::{HouseRules, Outcome, Replayer, replay_hand, replay_view};

const PLURIBUS: &str = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");
const GENERATED: &[u8] =
    include_bytes!("../../data/histories/generated/seed-2026-10000-hands.postcard");

fn settled(o: &Outcome) -> bool {
    matches!(o, Outcome::Ok { settled: true, .. })
}

/// The frame payload of a hand in the current native format (`HOLDEMH2`), as a
/// reader hands it over.
fn payload(h: &HandHistory) -> Vec<u8> {
    encode_postcard(h, NativeVersion::V2).unwrap_or_default()
}

/// The same in the format of sessions 1-3 (`HOLDEMH1`).
fn payload_v1(h: &HandHistory) -> Vec<u8> {
    encode_postcard(h, NativeVersion::V1).unwrap_or_default()
}

fn replay(c: &mut Criterion) {
    let rules = HouseRules::standard();
    let hands: Vec<HandHistory> = PhhHands::new(PLURIBUS)
        .filter_map(|h| h.hand.ok())
        .collect();
    let generated: Vec<HandHistory> = PostcardHands::new(GENERATED)
        .take(2_000)
        .filter_map(Result::ok)
        .collect();
    // Pre-split postcard frames of the Pluribus hands, as a reader hands them over.
    let frames: Vec<Vec<u8>> = hands.iter().map(payload).collect();
    let frames_v1: Vec<Vec<u8>> = hands.iter().map(payload_v1).collect();
    let (v1, v2) = (NativeVersion::V1, NativeVersion::V2);

    let generated_frames: Vec<Vec<u8>> = generated.iter().map(payload).collect();

    let mut g = c.benchmark_group("replay");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("phh_parse_only_pluribus", |b| {
        b.iter(|| {
            PhhHands::new(black_box(PLURIBUS))
                .filter(|h| h.hand.is_ok())
                .count()
        })
    });
    g.bench_function("phh_parse_and_replay_pluribus", |b| {
        b.iter(|| {
            PhhHands::new(black_box(PLURIBUS))
                .filter_map(|h| h.hand.ok())
                .filter(|h| settled(&replay_hand(h, &rules)))
                .count()
        })
    });
    // One record for the whole stream, as `holdem replay` reads a postcard file:
    // the decoded actions' storage is reused from hand to hand.
    let mut record = HandRecord::new(ActionBuffer::default());
    let mut replayer = Replayer::new();
    // (The shipped native format is HOLDEMH2; the `_v1` rows read the same hands
    // written as HOLDEMH1, the older format the reader still accepts.)
    for (name, frames, v) in [
        ("native_postcard_decode_and_replay_pluribus", &frames, v2),
        (
            "native_postcard_v1_decode_and_replay_pluribus",
            &frames_v1,
            v1,
        ),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut ok = 0;
                for f in frames {
                    if record.decode_into(black_box(f), v).is_ok() {
                        ok += usize::from(settled(&replayer.replay(&record.view(), &rules)));
                    }
                }
                ok
            })
        });
    }
    g.bench_function("native_postcard_decode_and_replay_uncached_pluribus", |b| {
        b.iter(|| {
            let mut ok = 0;
            for f in &frames {
                if record.decode_into(black_box(f), v2).is_ok() {
                    ok += usize::from(settled(&replay_view(&record.view(), &rules)));
                }
            }
            ok
        })
    });
    g.bench_function("native_postcard_full_decode_and_replay_pluribus", |b| {
        b.iter(|| {
            frames_v1
                .iter()
                .filter_map(|f| decode_postcard(black_box(f), v1).ok())
                .filter(|h| settled(&replay_hand(h, &rules)))
                .count()
        })
    });
    for (name, frames, v) in [
        ("native_postcard_decode_only_pluribus", &frames, v2),
        ("native_postcard_v1_decode_only_pluribus", &frames_v1, v1),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                frames
                    .iter()
                    .filter(|f| record.decode_into(black_box(f), v).is_ok())
                    .count()
            })
        });
    }
    g.bench_function("replay_only_pluribus", |b| {
        b.iter(|| {
            hands
                .iter()
                .filter(|h| settled(&replay_hand(black_box(h), &rules)))
                .count()
        })
    });
    g.throughput(Throughput::Elements(generated.len() as u64));
    let mut record = HandRecord::new(ActionBuffer::default());
    g.bench_function("native_postcard_decode_and_replay_generated", |b| {
        b.iter(|| {
            let mut ok = 0;
            for f in &generated_frames {
                if record.decode_into(black_box(f), v2).is_ok() {
                    ok += usize::from(settled(&replayer.replay(&record.view(), &rules)));
                }
            }
            ok
        })
    });
    g.bench_function("replay_only_generated", |b| {
        b.iter(|| {
            generated
                .iter()
                .filter(|h| settled(&replay_hand(black_box(h), &rules)))
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
