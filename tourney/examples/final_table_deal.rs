//! Save, load and a deal at the final table, with no runner of your own: 30
//! players play the online MTT preset; when four are left at the final table
//! the simulation is saved (its journal), loaded again (`Simulation::resume`),
//! and the four make an ICM deal through `Simulation::apply`.
//!
//! `cargo run -p holdem-tourney --example final_table_deal`

use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
use holdem_tourney::money::DealMethod;
use holdem_tourney::sim::{SimError, Simulation};
use holdem_tourney::{Command, Phase, PlayerId, TournamentOptions, TourneyEvent};

fn main() -> Result<(), SimError> {
    // Play until four are left at one table, journaling into memory (a
    // `journal::create_file` writer saves to disk the same way).
    let mut journal = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    let mut sim = Simulation::new(TournamentOptions::online_mtt(), 30, 7, &mut journal)?;
    while !sim.is_done() {
        let t = sim.tournament();
        if t.seating().table_count() == 1 && t.remaining() <= 4 {
            break;
        }
        sim.step(&mut journal)?;
    }
    assert_eq!(sim.tournament().phase(), Phase::Running);

    // Save: the journal's bytes. Load: resume from them (a hand in progress
    // is rolled back and dealt again).
    let saved = journal.into_inner();
    let mut journal = JournalWriter::new(saved.clone(), FsyncPolicy::Never);
    let (mut sim, recovered) = Simulation::resume(&saved, &mut journal)?;
    println!(
        "saved {} bytes; loaded: {} commands replayed, {} hands rolled back",
        saved.len(),
        recovered.replayed,
        recovered.rolled_back.len()
    );

    // Propose an ICM deal for the whole remaining pool; it is priced once no
    // hand is in progress.
    sim.apply(
        Command::ProposeDeal {
            method: DealMethod::Icm,
            left_in_play: 0,
        },
        &mut journal,
    )?;
    while sim
        .tournament()
        .open_deal()
        .is_some_and(|d| d.shares.is_none())
    {
        sim.step(&mut journal)?;
    }
    let mut players: Vec<PlayerId> = sim.tournament().stacks().keys().copied().collect();
    players.sort_unstable();
    for p in players {
        for e in sim.apply(Command::AcceptDeal { player: p }, &mut journal)? {
            if let TourneyEvent::DealMade { shares, .. } = e {
                for s in shares {
                    println!(
                        "player {:>2}  {:>7} chips  ${}.{:02}",
                        s.player.0,
                        s.chips.get(),
                        s.cents / 100,
                        s.cents % 100
                    );
                }
            }
        }
    }
    let t = sim.tournament();
    // Every cent of the pool is paid: the places before the deal, then the deal.
    let paid: u64 = t.finishes().iter().map(|f| f.prize).sum();
    let dealt: u64 = t.deal_payments().iter().map(|d| d.1).sum();
    println!(
        "paid ${}.{:02} of ${}.{:02}, ${}.{:02} of it by the deal",
        paid / 100,
        paid % 100,
        t.prizes().total() / 100,
        t.prizes().total() % 100,
        dealt / 100,
        dealt % 100
    );
    assert_eq!(t.phase(), Phase::Finished);
    assert_eq!(paid, t.prizes().total());

    // The journal with the deal in it loads again to the same end.
    let bytes = journal.into_inner();
    let (again, _) = Simulation::resume(
        &bytes,
        &mut JournalWriter::new(Vec::new(), FsyncPolicy::Never),
    )?;
    assert_eq!(again.tournament().deal_payments(), t.deal_payments());
    Ok(())
}
