//! Export throughput on one core, from the bytes of a file to the three Parquet
//! tables: native postcard (decode, replay and summarize, rows, Parquet) on 2,000
//! generated hands, and PHH text (parse, the same) on the 150 Pluribus hands.
//! The Parquet files go to a temporary folder; `postcard_2000_generated_rows_only`
//! stops before Parquet.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_export::{Exporter, HandRows};
use holdem_history::native::PostcardHands;
use holdem_history::phh::PhhHands;
use holdem_history::replay::HouseRules;

const PLURIBUS: &str = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");
const GENERATED: &[u8] =
    include_bytes!("../../data/histories/generated/seed-2026-10000-hands.postcard");

fn export(c: &mut Criterion) {
    let rules = HouseRules::standard();
    let dir = std::env::temp_dir().join(format!("holdem-export-bench-{}", std::process::id()));
    let mut g = c.benchmark_group("export");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(5));

    const POSTCARD_HANDS: usize = 2_000;
    g.throughput(Throughput::Elements(POSTCARD_HANDS as u64));
    g.bench_function("postcard_2000_generated", |b| {
        b.iter(|| {
            let mut out = Exporter::create(&dir).expect("create");
            for (i, h) in PostcardHands::new(GENERATED)
                .take(POSTCARD_HANDS)
                .enumerate()
            {
                let h = h.expect("decodes");
                out.append(&HandRows::of("g", i as u32 + 1, &h, &rules))
                    .expect("append");
            }
            black_box(out.finish().expect("finish"))
        })
    });

    // The same hands to rows only (decode, replay and summarize, rows): what is
    // left of the above is the Parquet encoding and writing.
    g.bench_function("postcard_2000_generated_rows_only", |b| {
        b.iter(|| {
            let mut n = 0;
            for (i, h) in PostcardHands::new(GENERATED)
                .take(POSTCARD_HANDS)
                .enumerate()
            {
                let h = h.expect("decodes");
                n += black_box(HandRows::of("g", i as u32 + 1, &h, &rules))
                    .actions
                    .len();
            }
            n
        })
    });

    let phh_hands = PhhHands::new(PLURIBUS).count() as u64;
    g.throughput(Throughput::Elements(phh_hands));
    g.bench_function("phh_150_pluribus", |b| {
        b.iter(|| {
            let mut out = Exporter::create(&dir).expect("create");
            for (i, h) in PhhHands::new(PLURIBUS).enumerate() {
                let h = h.hand.expect("parses");
                out.append(&HandRows::of("p", i as u32 + 1, &h, &rules))
                    .expect("append");
            }
            black_box(out.finish().expect("finish"))
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, export);
criterion_main!(benches);
