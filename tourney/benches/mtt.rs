//! A 10,000-entrant online MTT played to the end by the simulator's bots on one
//! core (target: under 2 s), with real hands (the default) and with the quick
//! all-in-or-fold model.

use criterion::{Criterion, criterion_group, criterion_main};
use holdem_tourney::sim::{HandModel, NoJournal, SimOptions, Simulation};
use holdem_tourney::{TournamentConfig, TournamentOptions};

fn mtt(c: &mut Criterion) {
    let mut g = c.benchmark_group("mtt");
    g.sample_size(10);
    g.bench_function("10000 entrants to the end", |b| {
        b.iter(|| {
            let mut sim =
                Simulation::new(TournamentOptions::online_mtt(), 10_000, 7, &mut NoJournal)
                    .expect("options");
            sim.run(&mut NoJournal, &mut |_| {}).expect("run");
            assert_eq!(sim.tournament().finishes().len(), 10_000);
            sim.tournament().stats().hands
        });
    });
    g.bench_function("10000 entrants to the end, quick hands", |b| {
        b.iter(|| {
            let opts = SimOptions {
                model: HandModel::Quick,
                bounty: None,
                ..SimOptions::default()
            };
            let mut sim = Simulation::with_options(
                TournamentOptions::online_mtt(),
                opts,
                10_000,
                7,
                &mut NoJournal,
            )
            .expect("options");
            sim.run(&mut NoJournal, &mut |_| {}).expect("run");
            sim.tournament().stats().hands
        });
    });
    g.bench_function("10000 entrants to the end, pko rebuy event", |b| {
        b.iter(|| {
            // What `holdem simulate --bounty pko --rebuys` plays: late entries,
            // re-entries, rebuys, the add-on break and progressive knockouts
            // (a bounty part in every price, rebuys' on the buyer's head).
            let pko = SimOptions::pko(500);
            let mut cfg = TournamentConfig::online_rebuy(TournamentOptions::online_mtt());
            cfg.entry.re_entry = true;
            let cfg = cfg.with_knockout_bounty(pko.bounty.expect("a bounty"));
            let opts = SimOptions {
                late_entrants: 1_000,
                ..pko
            };
            let mut sim =
                Simulation::with_config(cfg, opts, 10_000, 7, &mut NoJournal).expect("options");
            sim.run(&mut NoJournal, &mut |_| {}).expect("run");
            sim.tournament().stats().hands
        });
    });
    g.finish();
}

criterion_group!(benches, mtt);
criterion_main!(benches);
