//! The `holdem` command.

use clap::{Parser, Subcommand};
use holdem_cards::{CardSet, parse_cards};
use std::process::ExitCode;

mod simulate;

/// Texas Hold'em rules engine: replay hand histories, evaluate hands, and more.
#[derive(Parser)]
#[command(name = "holdem", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse cards and print them back in canonical form, highest first.
    Cards {
        /// Card text such as `AhKd` or `Ah Kd Qs`.
        cards: Vec<String>,
    },
    /// Play a whole tournament with built-in bots.
    Simulate(simulate::SimulateArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Simulate(args) => simulate::run(&args),
        Command::Cards { cards } => {
            let text = cards.join(" ");
            match parse_cards(&text) {
                Ok(list) => {
                    let set: CardSet = list.iter().copied().collect();
                    println!("{} cards: {set}", set.len());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
