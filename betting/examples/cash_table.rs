//! Bots at a cash table: 1,000 hands each of no limit, pot limit and fixed limit,
//! six seats, players stepping away and coming back (posting the blinds they
//! missed), busted players replaced. The only code here beyond setup is the bots'
//! decisions; the table's chips are checked after every hand.
//!
//! `cargo run -p holdem-betting --example cash_table`

use holdem_betting::table::{ButtonRule, CashTable, Occupant, TableError};
use holdem_betting::{
    Action, Bot, CallingStation, CashGame, Chips, DriverError, HandConfig, RandomBot, Rank, Seat,
    Turn,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Raises the minimum with a pair or two high cards, calls small bets, folds the
/// rest.
struct Tight;

impl Bot for Tight {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        let legal = turn.legal();
        let strong = match turn.hole_cards() {
            [Some(a), Some(b)] => a.rank() == b.rank() || a.rank().min(b.rank()) >= Rank::Queen,
            _ => false,
        };
        if strong {
            if let Some(range) = legal.raise.or(legal.bet) {
                return Action::BetOrRaiseTo(range.min);
            }
            return Action::CheckOrCall;
        }
        if legal.check {
            Action::Check
        } else if legal.call_cost.get() * 10 <= turn.stack().get() {
            Action::Call
        } else {
            Action::Fold
        }
    }
}

fn seat(i: u8) -> Seat {
    Seat::new(i).unwrap_or_else(|| unreachable!("seats 0-5"))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let structures = [
        ("no limit", HandConfig::no_limit(Chips(10))),
        ("pot limit", HandConfig::pot_limit(Chips(10))),
        ("fixed limit", HandConfig::fixed_limit(Chips(10), Chips(20))),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    for (name, config) in structures {
        let mut table = CashTable::new(ButtonRule::ForwardMoving, seat(0));
        for i in 0..6 {
            let stack = Chips(1_000);
            table.seat(seat(i), Occupant::Playing { stack })?;
        }
        let mut game = CashGame::new(config, table)?;
        // One bot per seat, indexed by seat.
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(Tight),
            Box::new(CallingStation),
            Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(1))),
            Box::new(Tight),
            Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(2))),
            Box::new(CallingStation),
        ];
        let mut bought = Chips(6_000);
        let mut rake = 0;
        let mut showdowns = 0;
        while game.hands_played() < 1_000 {
            // Now and then a player steps away, or comes back.
            let s = seat((rng.next_u32() % 6) as u8);
            match (game.table().occupant(s), rng.next_u32() % 8) {
                (Occupant::Playing { stack }, 0) => game.seat(s, Occupant::Away { stack })?,
                (Occupant::Away { stack }, 1 | 2) => game.seat(s, Occupant::Playing { stack })?,
                _ => {}
            }
            let result = match game.play_hand(&mut rng, &mut bots) {
                Ok(result) => result,
                Err(DriverError::Table(TableError::TooFewPlayers { .. })) => {
                    // Everyone away but one: they all come back.
                    for i in 0..6 {
                        if let Occupant::Away { stack } = game.table().occupant(seat(i)) {
                            game.seat(seat(i), Occupant::Playing { stack })?;
                        }
                    }
                    continue;
                }
                Err(other) => return Err(other.into()),
            };
            rake += result.rake().get();
            showdowns += u32::from(result.went_to_showdown());
            // Busted players leave; a new player buys in and waits for the big blind.
            for i in 0..6 {
                if game.table().occupant(seat(i)) == Occupant::Empty {
                    let stack = Chips(1_000);
                    game.seat(seat(i), Occupant::WaitingForBigBlind { stack })?;
                    bought = (bought + stack)?;
                }
            }
            assert_eq!(
                (game.table().total_chips()? + Chips(rake))?,
                bought,
                "chips are conserved"
            );
        }
        let stacks: Vec<String> = (0..6)
            .map(|i| {
                game.table()
                    .occupant(seat(i))
                    .stack()
                    .map_or_else(|| "-".to_owned(), |stack| stack.get().to_string())
            })
            .collect();
        println!(
            "{name}: {} hands, {showdowns} showdowns, {} chips bought in, stacks {}",
            game.hands_played(),
            bought.get(),
            stacks.join(" ")
        );
    }
    Ok(())
}
