//! Call or fold? Hero faces an all-in on the flop and weighs the pot odds
//! against the equity of the hand against the villain's range.
//!
//! Run: `cargo run --release -p holdem-eval --example range_equity`
//! (or pass the hand, the villain's range and the flop:
//! `... --example range_equity -- AhKh "TT+, AQs+, JTs" "Jh 7h 2c"`).

use holdem_cards::{CardSet, Hole, parse_cards};
use holdem_eval::{Range, equity};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let hero: Hole = args.next().as_deref().unwrap_or("AhKh").parse()?;
    // The villain shoves this range, half the time with the weaker draws.
    let villain: Range = args
        .next()
        .as_deref()
        .unwrap_or("TT+, JTs, QJs:0.5, AJs, KJs, 98s:0.5, 7h6h")
        .parse()?;
    let flop = parse_cards(args.next().as_deref().unwrap_or("Jh 7h 2c"))?;
    let (pot, shove) = (100.0, 150.0);

    // What the villain can hold once the flop and our cards are out.
    let seen: CardSet = flop.iter().copied().chain(hero.cards()).collect();
    let live = villain.without(seen);
    println!(
        "villain: {villain} ({} combinations, {} possible with our cards and the flop)",
        villain.len(),
        live.len()
    );

    // Our hand is a range of one combination.
    let ours: Range = [hero.cards()].into_iter().collect();
    let ranges = [ours, villain.clone()];
    let exact = equity::range_exact(&ranges, &flop, CardSet::EMPTY)?;
    let hero_equity = exact.players[0].equity;
    let needed = shove / (pot + 2.0 * shove);
    println!(
        "{hero} on {}: {:.2}% equity (win {:.2}%, tie {:.2}%) over {} matchups x {} boards",
        flop.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        100.0 * hero_equity,
        100.0 * exact.players[0].win,
        100.0 * exact.players[0].tie,
        exact.matchups,
        exact.boards
    );
    println!(
        "calling {shove} into {} needs {:.2}%: {}",
        pot + shove,
        100.0 * needed,
        if hero_equity >= needed {
            "call"
        } else {
            "fold"
        }
    );

    // Which of the villain's hands we are ahead of: equity per combination.
    let mut rows: Vec<(String, f64)> = Vec::new();
    for (combo, _) in live.iter() {
        let r = equity::exact(&[hero.cards(), combo], &flop, CardSet::EMPTY)?;
        rows.push((format!("{}{}", combo[0], combo[1]), r.players[0].equity));
    }
    rows.sort_by(|a, b| a.1.total_cmp(&b.1));
    let worst = &rows[0];
    let best = &rows[rows.len() - 1];
    println!(
        "worst matchup {} ({:.1}%), best {} ({:.1}%)",
        worst.0,
        100.0 * worst.1,
        best.0,
        100.0 * best.1
    );

    // For comparison, the same ranges before the flop (seeded Monte Carlo).
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let pre = equity::range_monte_carlo(&ranges, &[], CardSet::EMPTY, 200_000, &mut rng)?;
    println!(
        "before the flop: {:.2}% ± {:.2}% (Monte Carlo, 200,000 samples)",
        100.0 * pre.players[0].equity,
        100.0 * pre.players[0].std_error
    );
    Ok(())
}
