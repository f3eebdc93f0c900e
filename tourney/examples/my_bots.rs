//! A tournament with your own bots: 30 players (three kinds of bot) play the
//! online MTT preset to the end in virtual time; when three are left, the ICM deal
//! they could take is shown. The only code here beyond setup is the bots'
//! decisions.
//!
//! `cargo run -p holdem-tourney --example my_bots`

use holdem_tourney::betting::{Action, Bot, Rank, Turn};
use holdem_tourney::money::{DealOptions, DealTable, PlayerStack, icm_deal};
use holdem_tourney::sim::{NoJournal, SimOptions, Simulation};
use holdem_tourney::{PlayerId, TournamentConfig, TournamentOptions};

/// Plays pairs and two big cards hard, folds the rest to a bet.
struct Tight;

impl Bot for Tight {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        let legal = turn.legal();
        let strong = match turn.hole_cards() {
            [Some(a), Some(b)] => a.rank() == b.rank() || a.rank().min(b.rank()) >= Rank::Jack,
            _ => false,
        };
        match (strong, legal.raise.or(legal.bet)) {
            (true, Some(range)) => Action::BetOrRaiseTo(range.min.max(turn.pot()).min(range.max)),
            (true, None) => Action::CheckOrCall,
            (false, _) if legal.check => Action::Check,
            (false, _) => Action::Fold,
        }
    }
}

/// Calls anything: a calling station.
struct Station;

impl Bot for Station {
    fn decide(&mut self, _turn: &Turn<'_>) -> Action {
        Action::CheckOrCall
    }
}

/// Shoves short stacks (under ten big blinds' worth of pot), else checks or calls
/// small bets and folds big ones.
struct PushFold;

impl Bot for PushFold {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        let legal = turn.legal();
        let stack = turn.stack().get();
        if legal.all_in_to.is_some() && stack < 10 * turn.pot().get().max(1) / 2 {
            return Action::AllIn;
        }
        if legal.check {
            Action::Check
        } else if legal.call_cost.get() * 5 <= stack {
            Action::Call
        } else {
            Action::Fold
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let entrants = 30;
    let config = TournamentConfig::from(TournamentOptions::online_mtt());
    // Your bots: each player gets one, made the first time they act.
    let make = |p: PlayerId| -> Box<dyn Bot> {
        match p.0 % 3 {
            0 => Box::new(Tight),
            1 => Box::new(Station),
            _ => Box::new(PushFold),
        }
    };
    let mut sim = Simulation::with_bots(
        config,
        SimOptions::default(),
        entrants,
        7,
        &mut NoJournal,
        Box::new(make),
    )?;
    let mut dealt = false;
    while !sim.is_done() {
        sim.step(&mut NoJournal)?;
        let t = sim.tournament();
        if !dealt && t.remaining() == 3 {
            dealt = true;
            // The deal the last three could take (T15): ICM on their stacks.
            let mut stacks: Vec<PlayerStack> = t
                .stacks()
                .iter()
                .map(|(p, &chips)| PlayerStack {
                    player: holdem_tourney::money::PlayerId(p.0),
                    chips,
                })
                .collect();
            stacks.sort_by_key(|s| s.player);
            let prizes = t.prizes().prizes();
            let remaining: Vec<u64> = prizes.iter().take(3).copied().collect();
            let table = DealTable {
                final_table: true,
                players_remaining: 3,
                total_prize_pool: t.prizes().total(),
            };
            let deal = icm_deal(&table, &stacks, &remaining, 0, &DealOptions::default())?;
            println!("three left: ICM deal of {:?} cents", remaining);
            for share in &deal.shares {
                println!(
                    "  player {:>2}: {:>7} chips -> {:>7} cents",
                    share.player.0, share.chips, share.cents
                );
            }
        }
    }
    let t = sim.tournament();
    println!(
        "{} entrants, final standings (paid places):",
        t.entrants().len()
    );
    let mut finishes = t.finishes().to_vec();
    finishes.sort_by_key(|f| f.place);
    for f in finishes.iter().filter(|f| f.prize > 0) {
        let kind = ["tight", "station", "push-fold"][(f.player.0 % 3) as usize];
        println!(
            "  {:>2}. player {:>2} ({kind}): {} cents",
            f.place, f.player.0, f.prize
        );
    }
    Ok(())
}
