//! Replay throughput on one core: PHH text (read + replay) and native postcard
//! (decode + replay), on the 150 shipped Pluribus hands and the generated corpus.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_cli::history::HandHistory;
use holdem_cli::history::native::{
    ActionBuffer, HandRecord, PostcardHands, decode_postcard, write_postcard,
};
use holdem_cli::history::phh::PhhHands;
use holdem_cli::replay::{HouseRules, Outcome, Replayer, replay_hand, replay_view};

const PLURIBUS: &str = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");
const GENERATED: &[u8] =
    include_bytes!("../../data/histories/generated/seed-2026-10000-hands.postcard");

fn settled(o: &Outcome) -> bool {
    matches!(o, Outcome::Ok { settled: true, .. })
}

/// The postcard frame of a hand without its LEB128 length prefix, as a reader hands
/// it over.
fn payload(h: &HandHistory) -> Vec<u8> {
    let mut v = Vec::new();
    let _ = write_postcard(&mut v, h);
    let skip = v.iter().position(|b| b & 0x80 == 0).map_or(0, |i| i + 1);
    v.split_off(skip)
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
    g.bench_function("native_postcard_decode_and_replay_pluribus", |b| {
        b.iter(|| {
            let mut ok = 0;
            for f in &frames {
                if record.decode_into(black_box(f)).is_ok() {
                    ok += usize::from(settled(&replayer.replay(&record.view(), &rules)));
                }
            }
            ok
        })
    });
    g.bench_function("native_postcard_decode_and_replay_uncached_pluribus", |b| {
        b.iter(|| {
            let mut ok = 0;
            for f in &frames {
                if record.decode_into(black_box(f)).is_ok() {
                    ok += usize::from(settled(&replay_view(&record.view(), &rules)));
                }
            }
            ok
        })
    });
    g.bench_function("native_postcard_full_decode_and_replay_pluribus", |b| {
        b.iter(|| {
            frames
                .iter()
                .filter_map(|f| decode_postcard(black_box(f)).ok())
                .filter(|h| settled(&replay_hand(h, &rules)))
                .count()
        })
    });
    g.bench_function("native_postcard_decode_only_pluribus", |b| {
        b.iter(|| {
            frames
                .iter()
                .filter(|f| record.decode_into(black_box(f)).is_ok())
                .count()
        })
    });
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
                if record.decode_into(black_box(f)).is_ok() {
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
