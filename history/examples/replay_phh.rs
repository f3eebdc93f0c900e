//! Reads a PHH hand, replays it strictly and leniently, and prints what happened.
//!
//! `cargo run -p holdem-history --example replay_phh [FILE.phh]` (default: the real
//! WSOP hand whose record omits a fold, data/histories/illegal/).

use holdem_history::phh::parse_phh;
use holdem_history::replay::{HouseRules, replay_hand, replay_lenient};

const DEFAULT: &str = include_str!("../../data/histories/illegal/real-wsop-2019-missing-fold.phh");

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => DEFAULT.to_string(),
    };
    let hand = parse_phh(&text)?;
    let rules = HouseRules::standard();
    println!(
        "{} players, {} actions",
        hand.player_count(),
        hand.actions.len()
    );
    println!(
        "strict:  {}",
        replay_hand(&hand, &rules).describe(hand.unit)
    );
    let (outcome, repairs) = replay_lenient(&hand, &rules);
    println!("lenient: {}", outcome.describe(hand.unit));
    for r in repairs {
        println!(
            "  repaired at action {}: inserted {:?} ({})",
            r.action, r.inserted, r.inferred
        );
    }
    Ok(())
}
