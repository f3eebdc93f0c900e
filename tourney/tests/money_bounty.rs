//! Bounties (rule T16, seed 000 section 9).

use holdem_tourney::money::{
    Bounties, BountyOptions, BountyWinner, FixedBounty, KnockoutBounty, MoneyError, PlayerId,
};
use proptest::prelude::*;

const DANIEL: PlayerId = PlayerId(1);
const BARRY: PlayerId = PlayerId(2);
const VANESSA: PlayerId = PlayerId(3);
const JAKE: PlayerId = PlayerId(4);

fn knockout(entry_bounty: u64, progressive_share_bp: u32) -> BountyOptions {
    BountyOptions {
        knockout: Some(KnockoutBounty {
            entry_bounty,
            progressive_share_bp,
        }),
        fixed: Vec::new(),
    }
}

fn entered(opts: &BountyOptions, players: &[PlayerId]) -> Bounties {
    let mut b = Bounties::new(opts).expect("valid options");
    for &p in players {
        b.enter(p).expect("first entry");
    }
    b
}

fn winner(player: PlayerId, position: u32) -> BountyWinner {
    BountyWinner { player, position }
}

// rule T16, seed 000 9.1: Daniel (100), Barry (200), Vanessa (400) and Jake (1000) are
// all in. Barry has the best hand and wins the main pot and side pot 1: Daniel's
// relevant pot is the main pot, so Barry gets Daniel's bounty. Jake has the next
// best hand and wins side pot 2, Vanessa's relevant pot: Jake gets her bounty,
// although Barry's hand was better.
#[test]
fn seed_000_daniel_barry_vanessa_jake_bounties_follow_the_relevant_pot() {
    let mut b = entered(&knockout(1_000, 0), &[DANIEL, BARRY, VANESSA, JAKE]);
    // Daniel's relevant pot: the main pot, won by Barry.
    let daniel = b.knock_out(DANIEL, &[winner(BARRY, 1)]).unwrap();
    assert_eq!(daniel.total, 1_000);
    assert_eq!(daniel.payouts.len(), 1);
    assert_eq!(
        (daniel.payouts[0].player, daniel.payouts[0].cash),
        (BARRY, 1_000)
    );
    // Vanessa's relevant pot: side pot 2, won by Jake.
    let vanessa = b.knock_out(VANESSA, &[winner(JAKE, 3)]).unwrap();
    assert_eq!(
        (vanessa.payouts[0].player, vanessa.payouts[0].cash),
        (JAKE, 1_000)
    );
    assert_eq!(b.players(), [BARRY, JAKE]);
}

// rule T16, seed 000 9.3: a split relevant pot splits the bounty equally; "odd cents
// will be awarded in turn to the players in the earliest positions".
#[test]
fn split_relevant_pot_splits_the_bounty_odd_cents_to_the_earliest_positions() {
    let mut b = entered(&knockout(1_001, 0), &[DANIEL, BARRY, VANESSA, JAKE]);
    // 1,001 / 3 = 333 r 2: positions 1 and 2 get 334, position 4 gets 333.
    let award = b
        .knock_out(
            DANIEL,
            &[winner(JAKE, 4), winner(VANESSA, 2), winner(BARRY, 1)],
        )
        .unwrap();
    let got: Vec<(PlayerId, u64)> = award.payouts.iter().map(|p| (p.player, p.cash)).collect();
    assert_eq!(got, [(BARRY, 334), (VANESSA, 334), (JAKE, 333)]);
}

// rule T16: progressive knockout: a configurable share of each collected bounty goes
// onto the winner's own head; an odd cent is paid in cash.
#[test]
fn progressive_knockout_adds_a_share_to_the_winners_own_bounty() {
    let mut b = entered(&knockout(1_001, 5_000), &[DANIEL, BARRY, JAKE]);
    let award = b.knock_out(DANIEL, &[winner(BARRY, 0)]).unwrap();
    assert_eq!(
        (award.payouts[0].cash, award.payouts[0].added_to_head),
        (501, 500)
    );
    assert_eq!(b.knockout_head(BARRY), Some(1_501));
    // Jake busts Barry and collects Barry's grown bounty.
    let award = b.knock_out(BARRY, &[winner(JAKE, 0)]).unwrap();
    assert_eq!(award.total, 1_501);
    assert_eq!(
        (award.payouts[0].cash, award.payouts[0].added_to_head),
        (751, 750)
    );
    assert_eq!(b.knockout_head(JAKE), Some(1_751));
}

// rule T16, seed 000 9.4.1: in a knockout tournament the winner is awarded their own
// bounty.
#[test]
fn knockout_winner_collects_their_own_bounty() {
    let mut b = entered(&knockout(1_000, 5_000), &[BARRY, JAKE]);
    b.knock_out(BARRY, &[winner(JAKE, 0)]).unwrap();
    assert_eq!(
        b.award_winner(JAKE)
            .map(|a| (a.own_bounty, a.fixed_not_awarded)),
        Ok((1_500, 0))
    );
    assert_eq!(b.knockout_pool(), Ok(0));
}

// rule T16, seed 000 9.4.2: a fixed-bounty player who wins is not awarded the bounty;
// 9.5: no bounty for a named player who never registered.
#[test]
fn fixed_bounty_player_who_wins_does_not_collect_and_unregistered_pays_nothing() {
    let opts = BountyOptions {
        knockout: None,
        fixed: vec![
            FixedBounty {
                player: BARRY,
                cents: 50_000,
            },
            FixedBounty {
                player: VANESSA,
                cents: 20_000,
            },
        ],
    };
    let mut b = entered(&opts, &[DANIEL, BARRY, JAKE]);
    assert_eq!(
        b.unregistered_fixed(),
        [FixedBounty {
            player: VANESSA,
            cents: 20_000
        }]
    );
    assert_eq!(b.fixed_bounty(VANESSA), 0);
    // Daniel carries no bounty: knocking him out pays nothing.
    let award = b.knock_out(DANIEL, &[winner(BARRY, 0)]).unwrap();
    assert_eq!((award.total, award.payouts[0].cash), (0, 0));
    b.knock_out(JAKE, &[winner(BARRY, 0)]).unwrap();
    let won = b.award_winner(BARRY).unwrap();
    assert_eq!((won.own_bounty, won.fixed_not_awarded), (0, 50_000));
}

// rule T16: a fixed bounty on a registered named player goes to whoever busts them,
// on top of any knockout bounty, without a progressive share.
#[test]
fn fixed_bounty_on_a_registered_player_is_paid_in_cash_to_the_winner() {
    let opts = BountyOptions {
        knockout: Some(KnockoutBounty {
            entry_bounty: 1_000,
            progressive_share_bp: 5_000,
        }),
        fixed: vec![FixedBounty {
            player: BARRY,
            cents: 50_001,
        }],
    };
    let mut b = entered(&opts, &[BARRY, JAKE, DANIEL]);
    let award = b
        .knock_out(BARRY, &[winner(DANIEL, 2), winner(JAKE, 1)])
        .unwrap();
    assert_eq!(award.total, 51_001);
    let got: Vec<(PlayerId, u64, u64)> = award
        .payouts
        .iter()
        .map(|p| (p.player, p.cash, p.added_to_head))
        .collect();
    // Knockout 1,000 -> 500 each (250 cash, 250 head); fixed 50,001 -> 25,001 to the
    // earlier position (Jake), 25,000 to Daniel.
    assert_eq!(got, [(JAKE, 25_251, 250), (DANIEL, 25_250, 250)]);
}

// rule T16: bad knockouts are typed errors and change nothing.
#[test]
fn bad_knockouts_are_refused_and_change_nothing() {
    let b = entered(&knockout(1_000, 5_000), &[DANIEL, BARRY]);
    let mut copy = b.clone();
    assert_eq!(copy.knock_out(DANIEL, &[]), Err(MoneyError::NoWinners));
    assert_eq!(
        copy.knock_out(JAKE, &[winner(BARRY, 0)]),
        Err(MoneyError::UnknownPlayer(JAKE))
    );
    assert_eq!(
        copy.knock_out(DANIEL, &[winner(JAKE, 0)]),
        Err(MoneyError::UnknownPlayer(JAKE))
    );
    assert_eq!(
        copy.knock_out(DANIEL, &[winner(DANIEL, 0)]),
        Err(MoneyError::SelfKnockout(DANIEL))
    );
    assert_eq!(
        copy.knock_out(DANIEL, &[winner(BARRY, 0), winner(BARRY, 1)]),
        Err(MoneyError::DuplicatePlayer(BARRY))
    );
    assert_eq!(
        copy.award_winner(BARRY),
        Err(MoneyError::StillPlaying(DANIEL))
    );
    assert_eq!(copy, b);
    assert_eq!(copy.enter(DANIEL), Err(MoneyError::DuplicatePlayer(DANIEL)));
    assert_eq!(
        Bounties::new(&knockout(1, 10_001)),
        Err(MoneyError::InvalidShare {
            basis_points: 10_001
        })
    );
}

// rule T16, T3: a player who unregisters takes their knockout entry back with the
// buy-in, and a fixed bounty on them is merely advertised again.
#[test]
fn unregistering_withdraws_the_bounty() {
    let opts = BountyOptions {
        knockout: Some(KnockoutBounty {
            entry_bounty: 500,
            progressive_share_bp: 0,
        }),
        fixed: vec![FixedBounty {
            player: BARRY,
            cents: 10_000,
        }],
    };
    let mut b = entered(&opts, &[BARRY, JAKE]);
    assert_eq!(b.fixed_bounty(BARRY), 10_000);
    assert_eq!(b.withdraw(BARRY), Ok(500));
    assert_eq!(b.fixed_bounty(BARRY), 0);
    assert_eq!(
        b.unregistered_fixed(),
        [FixedBounty {
            player: BARRY,
            cents: 10_000
        }]
    );
    assert_eq!(b.withdraw(BARRY), Err(MoneyError::UnknownPlayer(BARRY)));
    assert_eq!(b.knockout_pool(), Ok(500));
}

// rule T16 with T4 and T3: a rebuy's bounty part goes on the buyer's own head,
// so whoever knocks them out collects it; a re-entry after the knockout is a
// new entry with a new (entry) bounty.
#[test]
fn t16_t4_rebuy_bounty_part_is_added_to_the_buyers_head_t3_re_entry_gets_a_new_one() {
    let mut b = entered(&knockout(500, 5_000), &[BARRY, JAKE]);
    assert_eq!(b.add_to_head(BARRY, 500), Ok(1_000), "one rebuy");
    assert_eq!(b.add_to_head(BARRY, 500), Ok(1_500), "a second rebuy");
    assert_eq!(b.knockout_pool(), Ok(2_000));
    // Jake knocks Barry out: half of Barry's $15 in cash, half on Jake's head.
    let award = b.knock_out(BARRY, &[winner(JAKE, 0)]).unwrap();
    assert_eq!((award.total, award.payouts[0].cash), (1_500, 750));
    assert_eq!(b.knockout_head(JAKE), Some(500 + 750));
    // Barry re-enters: a fresh $5 head, nothing of the old one.
    assert_eq!(b.enter(BARRY), Ok(500));
    assert_eq!(b.knockout_pool(), Ok(500 + 1_250));
}

// rule T16: a bounty part for a player without a head, or in an event without
// knockout bounties, is refused and changes nothing.
#[test]
fn t16_bad_bounty_parts_are_refused_and_change_nothing() {
    let mut b = entered(&knockout(500, 0), &[BARRY]);
    let before = b.clone();
    assert_eq!(
        b.add_to_head(JAKE, 500),
        Err(MoneyError::UnknownPlayer(JAKE))
    );
    assert_eq!(b.add_to_head(BARRY, u64::MAX), Err(MoneyError::Overflow));
    assert_eq!(b, before);
    let mut none = entered(&BountyOptions::default(), &[BARRY]);
    assert_eq!(
        none.add_to_head(BARRY, 1),
        Err(MoneyError::NoKnockoutBounty)
    );
    assert_eq!(none.add_to_head(BARRY, 0), Ok(0));
}

proptest! {
    // rule T16 with T3 and T4: entries, re-entries and rebuy/add-on bounty parts
    // in any order: every cent paid in is paid out in cash or still on a head.
    #[test]
    fn t16_rebuy_and_re_entry_bounties_conserve_every_cent(
        entry in 0u64..10_000,
        part in 0u64..10_000,
        share in 0u32..=10_000,
        ops in prop::collection::vec((0u8..3, any::<u32>(), 1usize..3), 1..60),
    ) {
        let ids: Vec<PlayerId> = (0..6).map(PlayerId).collect();
        let mut b = entered(&knockout(entry, share), &ids);
        let mut paid_in = entry * 6;
        let mut cash = 0u64;
        let mut alive = ids.clone();
        let mut out: Vec<PlayerId> = Vec::new();
        for (op, seed, k) in ops {
            let i = seed as usize;
            match op {
                0 => {
                    let p = alive[i % alive.len()];
                    b.add_to_head(p, part).unwrap();
                    paid_in += part;
                }
                1 if alive.len() > 1 => {
                    let busted = alive.remove(i % alive.len());
                    let k = k.min(alive.len());
                    let winners: Vec<BountyWinner> = (0..k)
                        .map(|j| winner(alive[(i + j) % alive.len()], j as u32))
                        .collect();
                    let award = b.knock_out(busted, &winners).unwrap();
                    cash += award.payouts.iter().map(|p| p.cash).sum::<u64>();
                    out.push(busted);
                }
                _ if !out.is_empty() => {
                    let p = out.remove(i % out.len());
                    prop_assert_eq!(b.enter(p).unwrap(), entry, "a re-entry carries a new entry bounty");
                    paid_in += entry;
                    alive.push(p);
                }
                _ => {}
            }
            prop_assert_eq!(cash + b.knockout_pool().unwrap(), paid_in);
        }
    }
}

proptest! {
    // rule T16: no cent created or lost: every entry bounty paid in is either paid
    // out in cash (knockouts and the winner's own bounty) or still on a head; and a
    // split does not depend on the order in which winners are listed.
    #[test]
    fn bounties_conserve_every_cent_and_ignore_winner_order(
        players in 2u32..12,
        entry in 0u64..100_000,
        share in 0u32..=10_000,
        picks in prop::collection::vec((any::<u32>(), 1usize..4), 11),
    ) {
        let ids: Vec<PlayerId> = (0..players).map(PlayerId).collect();
        let mut b = entered(&knockout(entry, share), &ids);
        let paid_in = entry * u64::from(players);
        let mut cash = 0u64;
        let mut alive = ids.clone();
        for (seed, k) in picks.iter().take(players as usize - 1) {
            let busted = alive.remove(*seed as usize % alive.len());
            let k = (*k).min(alive.len());
            let winners: Vec<BountyWinner> = (0..k)
                .map(|i| winner(alive[(*seed as usize + i) % alive.len()], (seed.wrapping_mul(7) + i as u32 * 3) % 10))
                .collect();
            let mut reversed = winners.clone();
            reversed.reverse();
            let award = b.clone().knock_out(busted, &reversed).unwrap();
            let again = b.knock_out(busted, &winners).unwrap();
            prop_assert_eq!(&award, &again);
            let moved: u64 = again.payouts.iter().map(|p| p.cash + p.added_to_head).sum();
            prop_assert_eq!(moved, again.total);
            cash += again.payouts.iter().map(|p| p.cash).sum::<u64>();
            prop_assert_eq!(cash + b.knockout_pool().unwrap(), paid_in);
        }
        let last = b.award_winner(alive[0]).unwrap();
        prop_assert_eq!(cash + last.own_bounty, paid_in);
    }
}
