//! A side-pot calculator: four players all in for different amounts and one who
//! folded. The contributions are layered into a main pot and side pots (P1, P2),
//! the uncalled part of the largest bet goes back (B14), then each pot goes to the
//! best hand eligible for it (P6), with a 5% rake capped at 30 chips (B23).
//!
//! `cargo run -p holdem-pots --example side_pots`

use holdem_pots::{
    Chips, Contribution, PotsError, RakePolicy, Seat, SettleOptions, Status, TableLayout, layer,
    settle,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seat = |index: u8| Seat::new(index).ok_or(PotsError::SeatOutOfRange { index });
    let table = TableLayout::new(6, seat(5)?)?;
    let hand = [
        Contribution::new(seat(0)?, Chips(100), Status::AllIn),
        Contribution::new(seat(1)?, Chips(250), Status::AllIn),
        Contribution::new(seat(2)?, Chips(600), Status::AllIn),
        Contribution::new(seat(3)?, Chips(1_000), Status::AllIn),
        Contribution::new(seat(4)?, Chips(50), Status::Folded),
    ];

    let layering = layer(&hand)?;
    for (i, pot) in layering.pots().iter().enumerate() {
        let name = if i == 0 {
            "main pot".to_string()
        } else {
            format!("side pot {i}")
        };
        println!(
            "{name}: {} chips, eligible: {}",
            pot.amount(),
            pot.eligible()
        );
    }
    if let Some(back) = layering.uncalled() {
        println!("uncalled: {} chips back to {}", back.amount, back.seat);
    }

    // Hand strengths: higher wins. Seat 1 has the best hand, then seat 3, then 0
    // and 2 tie.
    let shown = [(seat(0)?, 1u8), (seat(1)?, 3), (seat(2)?, 1), (seat(3)?, 2)];
    let rake = RakePolicy {
        basis_points: 500,
        cap: Some(Chips(30)),
        ..RakePolicy::NONE
    };
    let settlement = settle(table, &hand, &shown, SettleOptions::raked(rake))?;
    for award in settlement.pots() {
        println!(
            "pot {}: {} chips, rake {}, won by {} ({} each)",
            award.index(),
            award.amount(),
            award.rake(),
            award.winners(),
            award.share()
        );
    }
    let mut paid = Chips::ZERO;
    let mut rake_taken = Chips::ZERO;
    for (s, amount) in settlement.payouts() {
        println!("{s} receives {amount}");
        paid = (paid + amount)?;
    }
    for award in settlement.pots() {
        rake_taken = (rake_taken + award.rake())?;
    }
    // Every chip put in is paid out or raked.
    assert_eq!((paid + rake_taken)?, layering.total());
    Ok(())
}
