//! The first `N` hands (default 2,000) of the generated postcard corpus (with
//! `PHH=1`: of the 150 Pluribus hands, parsed) through `Exporter::append`,
//! once, for an instruction count:
//!
//! ```sh
//! cargo build --release -p holdem-export --example append_loop
//! for n in 1 2001; do N=$n valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/release/examples/append_loop; done
//! ```
//!
//! The difference of the two totals over 2,000 is the cost of a hand, the
//! evaluator's one-time table build and the files' creation and closing left
//! out. It prints the size of the three files.

use holdem_export::{Exporter, HandRows};
use holdem_history::HandHistory;
use holdem_history::native::PostcardHands;
use holdem_history::phh::PhhHands;
use holdem_history::replay::HouseRules;

const PLURIBUS: &str = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");
const GENERATED: &[u8] =
    include_bytes!("../../data/histories/generated/seed-2026-10000-hands.postcard");

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let rules = HouseRules::standard();
    let dir = std::env::temp_dir().join(format!("holdem-append-loop-{}", std::process::id()));
    let mut out = Exporter::create(&dir)?;
    let name = "data/histories/generated/seed-2026-10000-hands.postcard";
    let hands: Box<dyn Iterator<Item = Result<HandHistory, String>>> =
        if std::env::var_os("PHH").is_some() {
            Box::new(PhhHands::new(PLURIBUS).map(|h| h.hand.map_err(|e| e.to_string())))
        } else {
            Box::new(PostcardHands::new(GENERATED).map(|h| h.map_err(|e| e.to_string())))
        };
    for (i, h) in hands.take(n).enumerate() {
        out.append(&HandRows::of(name, i as u32 + 1, &h?, &rules))?;
    }
    let counts = out.finish()?;
    let mut sizes = Vec::new();
    for t in ["hands", "players", "actions"] {
        sizes.push(format!(
            "{t}.parquet {} bytes",
            std::fs::metadata(dir.join(format!("{t}.parquet")))?.len()
        ));
    }
    println!("{} hands; {}", counts.hands, sizes.join(", "));
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}
