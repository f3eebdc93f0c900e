//! Steps through a PHH hand and prints, after each action, the engine's public view
//! and the events the action produced.
//!
//! `cargo run -p holdem-history --example step_through [FILE.phh]` (default: the
//! Dwan-Ivey hand, data/histories/phh/famous/).

use holdem_history::phh::parse_phh;
use holdem_history::replay::HouseRules;
use holdem_history::steps::steps;

const DEFAULT: &str = include_str!("../../data/histories/phh/famous/dwan-ivey-2009.phh");

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => DEFAULT.to_string(),
    };
    let hand = parse_phh(&text)?;
    let stepped = steps(&hand, &HouseRules::standard());
    let outcome = stepped.outcome().describe(hand.unit);
    for step in stepped {
        let board: String = step
            .view
            .board
            .iter()
            .flatten()
            .map(|c| c.to_string())
            .collect();
        let stacks: Vec<String> = step
            .view
            .seats
            .iter()
            .flatten()
            .map(|s| hand.unit.format(s.stack.get()))
            .collect();
        println!(
            "{:>3} {:<16} board [{board}] pot {} stacks [{}]",
            step.action,
            step.text,
            hand.unit.format(step.view.pot.get()),
            stacks.join(", ")
        );
        for event in &step.events {
            println!("      {event:?}");
        }
    }
    println!("{outcome}");
    Ok(())
}
