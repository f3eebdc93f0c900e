//! The seeds' worked examples, one test each (rules P1, P2, P4, P6, B14, T16).

use holdem_pots::{
    Chips, Contribution, PotsError, Seat, SeatSet, SettleOptions, Settlement, Status, TableLayout,
    layer, settle,
};

fn s(index: u8) -> Seat {
    Seat::new(index).expect("seat index in range")
}

fn set(seats: &[Seat]) -> SeatSet {
    seats.iter().copied().collect()
}

/// (amount, eligible seats) of every pot, main pot first.
fn pots_of(contributions: &[Contribution]) -> Vec<(u64, SeatSet)> {
    layer(contributions)
        .expect("valid hand")
        .pots()
        .iter()
        .map(|p| (p.amount().get(), p.eligible()))
        .collect()
}

fn settle_showdown(
    contributions: &[Contribution],
    strengths: &[(Seat, u32)],
) -> Result<Settlement, PotsError> {
    let table = TableLayout::new(9, s(8))?;
    settle(table, contributions, strengths, SettleOptions::NO_RAKE)
}

// Seed 003: A all-in 75, B all-in 100, C all-in 200, everyone else folds.
const A: u8 = 0;
const B: u8 = 1;
const C: u8 = 2;

fn seed_003_hand() -> [Contribution; 3] {
    [
        Contribution::new(s(A), Chips(75), Status::AllIn),
        Contribution::new(s(B), Chips(100), Status::AllIn),
        Contribution::new(s(C), Chips(200), Status::AllIn),
    ]
}

/// Rules P1, B14: main pot 225 (75 × 3) for everyone, side pot 50 for B and C, and
/// C's extra 100, which nobody called, goes back to C.
#[test]
fn p1_b14_seed_003_main_225_side_50_and_c_extra_100_returned() {
    let hand = seed_003_hand();
    assert_eq!(
        pots_of(&hand),
        [(225, set(&[s(A), s(B), s(C)])), (50, set(&[s(B), s(C)]))]
    );
    let uncalled = layer(&hand).expect("valid").uncalled().expect("C's 100");
    assert_eq!((uncalled.seat, uncalled.amount), (s(C), Chips(100)));
}

/// Seed 003 "Player A wins": A takes only the main pot 225; B against C decides
/// the 50; C's 100 comes back to C whatever happens (rules P1, P6, B14).
#[test]
fn p6_seed_003_a_wins_main_only_b_and_c_decide_side() {
    let hand = seed_003_hand();
    // A best, B second.
    let r = settle_showdown(&hand, &[(s(A), 3), (s(B), 2), (s(C), 1)]).expect("settles");
    assert_eq!(r.payout(s(A)), Chips(225));
    assert_eq!(r.payout(s(B)), Chips(50));
    assert_eq!(r.payout(s(C)), Chips(100));
    // A best, C second.
    let r = settle_showdown(&hand, &[(s(A), 3), (s(B), 1), (s(C), 2)]).expect("settles");
    assert_eq!(r.payout(s(A)), Chips(225));
    assert_eq!(r.payout(s(B)), Chips(0));
    assert_eq!(r.payout(s(C)), Chips(150));
}

/// Seed 003 "Player B wins": B takes the main pot and the first side pot; C's 100
/// is returned. "Player C wins": C takes everything, 375.
#[test]
fn p6_seed_003_b_wins_both_pots_c_wins_everything() {
    let hand = seed_003_hand();
    let r = settle_showdown(&hand, &[(s(A), 1), (s(B), 3), (s(C), 2)]).expect("settles");
    assert_eq!(r.payout(s(B)), Chips(275));
    assert_eq!(r.payout(s(C)), Chips(100));
    let r = settle_showdown(&hand, &[(s(A), 1), (s(B), 2), (s(C), 3)]).expect("settles");
    assert_eq!(r.payout(s(C)), Chips(375));
    assert_eq!(r.payout(s(A)), Chips(0));
    assert_eq!(r.payout(s(B)), Chips(0));
}

// Seed 002: Jon all-in 100, Steve all-in 200, Bob all-in 400, Nick calls 400.
const JON: u8 = 0;
const STEVE: u8 = 1;
const BOB: u8 = 2;
const NICK: u8 = 3;

fn seed_002_hand() -> [Contribution; 4] {
    [
        Contribution::new(s(JON), Chips(100), Status::AllIn),
        Contribution::new(s(STEVE), Chips(200), Status::AllIn),
        Contribution::new(s(BOB), Chips(400), Status::AllIn),
        Contribution::new(s(NICK), Chips(400), Status::Active),
    ]
}

/// Rule P1. The seed's prose says 400, 400, 300. That charges Jon for the second
/// layer: "200 × 4 players minus the 400 chips of the first pot" counts Jon's
/// second 100 although Jon only put in 100. The second layer has only three
/// contributors (Steve, Bob, Nick: 3 × 100 = 300) and the third has two (Bob and
/// Nick: 2 × 200 = 400). Both ways total 1,100; only the layered figures let each
/// player win from each opponent at most what they put in themselves.
#[test]
fn p1_seed_002_jon_steve_bob_all_in_nick_calls_pots_400_300_400() {
    let hand = seed_002_hand();
    assert_eq!(
        pots_of(&hand),
        [
            (400, set(&[s(JON), s(STEVE), s(BOB), s(NICK)])),
            (300, set(&[s(STEVE), s(BOB), s(NICK)])),
            (400, set(&[s(BOB), s(NICK)])),
        ]
    );
    let layering = layer(&hand).expect("valid");
    assert_eq!(layering.total(), Chips(1_100)); // the seed's total agrees
    assert_eq!(layering.uncalled(), None); // Nick called Bob exactly
}

/// Seed 002's statements: "Should Jon win, he will take only his 400 chip pot, and
/// the remaining three players' hands will decide who gets the remaining two side
/// pots" (rule P6).
#[test]
fn p6_seed_002_jon_wins_only_the_main_pot() {
    let r = settle_showdown(
        &seed_002_hand(),
        &[(s(JON), 9), (s(STEVE), 1), (s(BOB), 5), (s(NICK), 3)],
    )
    .expect("settles");
    assert_eq!(r.payout(s(JON)), Chips(400));
    assert_eq!(r.payout(s(BOB)), Chips(700)); // both side pots: Bob beats Steve and Nick
    assert_eq!(r.payout(s(STEVE)), Chips(0));
    assert_eq!(r.payout(s(NICK)), Chips(0));
}

/// "Should Steve win, he will win both [lower] pots, but the remaining pot will be
/// given to either Bob or Nick depending on their cards" (rule P6). With the
/// correct layering Steve's two pots hold 700, not the prose's 800.
#[test]
fn p6_seed_002_steve_wins_two_pots_bob_or_nick_the_top_pot() {
    let r = settle_showdown(
        &seed_002_hand(),
        &[(s(JON), 1), (s(STEVE), 9), (s(BOB), 3), (s(NICK), 5)],
    )
    .expect("settles");
    assert_eq!(r.payout(s(STEVE)), Chips(700));
    assert_eq!(r.payout(s(NICK)), Chips(400));
    assert_eq!(r.payout(s(BOB)), Chips(0));
    assert_eq!(r.payout(s(JON)), Chips(0));
}

/// "Should Bob or Nick win, they will take all the chips in all the side pots."
#[test]
fn p6_seed_002_bob_or_nick_wins_everything() {
    for (bob, nick, winner) in [(9, 1, BOB), (1, 9, NICK)] {
        let r = settle_showdown(
            &seed_002_hand(),
            &[(s(JON), 5), (s(STEVE), 5), (s(BOB), bob), (s(NICK), nick)],
        )
        .expect("settles");
        assert_eq!(r.payout(s(winner)), Chips(1_100));
    }
}

/// Seed 000's bounty example (rule T16): Daniel 100, Barry 200, Vanessa 400 all-in,
/// Jake calls 400. Barry has the best hand and wins the main pot and side pot 1, so
/// Daniel's relevant pot is the main pot, won by Barry; Jake has the next best hand
/// and wins side pot 2, Vanessa's relevant pot.
#[test]
fn t16_seed_000_bounty_relevant_pot_daniel_barry_vanessa_jake() {
    let (daniel, barry, vanessa, jake) = (s(0), s(1), s(2), s(3));
    let hand = [
        Contribution::new(daniel, Chips(100), Status::AllIn),
        Contribution::new(barry, Chips(200), Status::AllIn),
        Contribution::new(vanessa, Chips(400), Status::AllIn),
        Contribution::new(jake, Chips(400), Status::Active),
    ];
    let r = settle_showdown(&hand, &[(daniel, 1), (barry, 9), (vanessa, 2), (jake, 5)])
        .expect("settles");
    let daniels = r.relevant_pot(daniel).expect("Daniel was in the main pot");
    assert_eq!(daniels.index(), 0);
    assert_eq!(daniels.winners(), set(&[barry]));
    assert_eq!(daniels.shares().collect::<Vec<_>>(), [(barry, Chips(400))]);
    let vanessas = r.relevant_pot(vanessa).expect("Vanessa was in side pot 2");
    assert_eq!(vanessas.index(), 2);
    assert_eq!(vanessas.winners(), set(&[jake]));
    // Barry had the best hand but could not win Vanessa's last chips.
    assert!(!vanessas.eligible().contains(barry));
}

/// A split relevant pot reports every winner and share, so the bounty can be split
/// the same way (rule T16).
#[test]
fn t16_relevant_pot_split_reports_each_winner_share() {
    let hand = [
        Contribution::new(s(0), Chips(100), Status::AllIn),
        Contribution::new(s(1), Chips(300), Status::Active),
        Contribution::new(s(2), Chips(300), Status::Active),
    ];
    let r = settle_showdown(&hand, &[(s(0), 1), (s(1), 7), (s(2), 7)]).expect("settles");
    let pot = r.relevant_pot(s(0)).expect("main pot");
    assert_eq!(pot.winners(), set(&[s(1), s(2)]));
    assert_eq!(
        pot.shares().collect::<Vec<_>>(),
        [(s(1), Chips(150)), (s(2), Chips(150))]
    );
    assert_eq!(r.relevant_pot(s(3)), None); // not in the hand
}

/// Rule P2 (seeds 001, 002): a folded player's chips stay in the pots and the
/// folded player wins none of them, even with the best cards.
#[test]
fn p2_folded_chips_stay_in_the_pot_folded_seat_wins_nothing() {
    let hand = [
        Contribution::new(s(0), Chips(300), Status::Folded),
        Contribution::new(s(1), Chips(100), Status::AllIn),
        Contribution::new(s(2), Chips(500), Status::Active),
        Contribution::new(s(3), Chips(500), Status::Active),
    ];
    assert_eq!(
        pots_of(&hand),
        [
            // 100 from each of the four, the folder's included.
            (400, set(&[s(1), s(2), s(3)])),
            // 200 more from the folder, 400 from each caller.
            (1_000, set(&[s(2), s(3)])),
        ]
    );
    let r = settle_showdown(&hand, &[(s(1), 9), (s(2), 5), (s(3), 1)]).expect("settles");
    assert_eq!(r.payout(s(0)), Chips(0));
    assert_eq!(r.payout(s(1)), Chips(400));
    assert_eq!(r.payout(s(2)), Chips(1_000));
}

/// Rule P4 (seed 003): a side pot with a single eligible player goes back to them
/// uncontested, even if they do not show. Here the only other contributor to the
/// top layer folded, so the pot holds dead money and is not an uncalled bet.
#[test]
fn p4_side_pot_with_one_eligible_player_is_returned_uncontested() {
    let hand = [
        Contribution::new(s(0), Chips(100), Status::AllIn),
        Contribution::new(s(1), Chips(300), Status::Active),
        Contribution::new(s(2), Chips(300), Status::Folded),
    ];
    let layering = layer(&hand).expect("valid");
    let side = &layering.side_pots()[0];
    assert!(side.is_uncontested());
    assert_eq!((side.amount(), side.eligible()), (Chips(400), set(&[s(1)])));
    // Seat 1 mucks (no strength): it still gets the side pot; seat 0 wins the main.
    let r = settle_showdown(&hand, &[(s(0), 2)]).expect("settles");
    assert!(r.pots()[1].is_uncontested());
    assert_eq!(r.payout(s(1)), Chips(400));
    assert_eq!(r.payout(s(0)), Chips(300));
}

/// Rule B14 (seed 002, example 1): A bets 100, B raises to 300, C goes all-in for
/// 350 and nobody calls (A and B fold): C pulls back the part nobody matched. The
/// seed says "pull back 150", which its numbers do not give: the unmatched part is
/// 350 - 300 = 50 (150 is how far C's 350 falls short of a full raise to 500).
#[test]
fn b14_seed_002_uncalled_part_of_all_in_pulled_back() {
    let hand = [
        Contribution::new(s(0), Chips(100), Status::Folded),
        Contribution::new(s(1), Chips(300), Status::Folded),
        Contribution::new(s(2), Chips(350), Status::AllIn),
    ];
    let r = settle_showdown(&hand, &[]).expect("everyone folded to C");
    let uncalled = r.uncalled().expect("C's 50 is uncalled");
    assert_eq!((uncalled.seat, uncalled.amount), (s(2), Chips(50)));
    assert_eq!(r.payout(s(2)), Chips(750));
    assert!(r.pots()[0].is_uncontested());
}

/// Rule B14: a bet everyone folds to comes back in full above the largest call.
#[test]
fn b14_bet_everyone_folds_to_is_returned_above_the_largest_call() {
    let hand = [
        Contribution::new(s(0), Chips(50), Status::Folded),
        Contribution::new(s(1), Chips(100), Status::Folded),
        Contribution::new(s(2), Chips(600), Status::Active),
    ];
    let r = settle_showdown(&hand, &[]).expect("settles");
    assert_eq!(r.uncalled().map(|u| u.amount), Some(Chips(500)));
    assert_eq!(r.pots().len(), 1);
    assert_eq!(r.pots()[0].amount(), Chips(250));
    assert_eq!(r.payout(s(2)), Chips(750));
}
