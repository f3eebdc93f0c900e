use super::*;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn ids(n: u32) -> Vec<PlayerId> {
    (1..=n).map(PlayerId).collect()
}

fn sizes(s: &Seating) -> Vec<u8> {
    s.tables().map(TournamentTable::count).collect()
}

fn check_consistent(s: &Seating, expected: &BTreeSet<PlayerId>) {
    let mut seen = BTreeSet::new();
    for t in s.tables() {
        assert!(t.count() > 0, "empty table left open");
        assert_eq!(t.count() as usize, t.players().count());
        for (seat, p) in t.players() {
            assert!(seen.insert(p), "{p} seated twice");
            assert_eq!(
                s.seat_of(p),
                Some(SeatRef {
                    table: t.id(),
                    seat
                })
            );
        }
    }
    assert_eq!(&seen, expected, "players lost or invented");
}

#[test]
fn t1_seat_draw_is_random_and_balanced() {
    let players = ids(10_000);
    let s = Seating::draw(&players, 9, &mut rng(7)).unwrap();
    assert_eq!(s.table_count(), 1112);
    let sz = sizes(&s);
    assert!(sz.iter().max().unwrap() - sz.iter().min().unwrap() <= 1);
    check_consistent(&s, &players.iter().copied().collect());
    let other = Seating::draw(&players, 9, &mut rng(8)).unwrap();
    assert_ne!(s.seat_of(PlayerId(1)), None);
    assert!(
        players.iter().any(|&p| s.seat_of(p) != other.seat_of(p)),
        "draw ignores the seed"
    );
    assert!(matches!(
        Seating::draw(&[PlayerId(1), PlayerId(1)], 9, &mut rng(1)),
        Err(SeatingError::AlreadySeated(PlayerId(1)))
    ));
    assert_eq!(Seating::new(11), Err(SeatingError::TableSize(11)));
}

fn layout(tables: &[&[u32]]) -> Vec<(Vec<Option<PlayerId>>, Option<u8>)> {
    tables
        .iter()
        .map(|t| {
            let mut seats = vec![None; 10];
            for (i, &p) in t.iter().enumerate() {
                if p != 0 {
                    seats[i] = Some(PlayerId(p));
                }
            }
            (seats, Some(0))
        })
        .collect()
}

#[test]
fn table_broken_at_four_when_there_is_room_seed_002() {
    // Rule T11 house rule (002): a table is broken once it has four or fewer
    // players and there is space elsewhere.
    let l = layout(&[
        &[1, 2, 3, 4, 5, 6],
        &[11, 12, 13, 14, 15, 16],
        &[21, 22, 23, 24, 25],
    ]);
    let mut s = Seating::from_tables(10, &l).unwrap();
    let policy = BreakPolicy::AtOrBelow(4);
    // 17 players, 5 at the smallest table: room elsewhere, but not four or fewer.
    assert!(s.rebalance(policy, &mut rng(1)).is_empty());
    s.remove(PlayerId(25)).unwrap();
    let changes = s.rebalance(policy, &mut rng(1));
    assert_eq!(changes[0], SeatingChange::TableBroken { table: TableId(3) });
    let moved = changes
        .iter()
        .filter(|c| matches!(c, SeatingChange::Moved { .. }))
        .count();
    assert_eq!(moved, 4);
    assert_eq!(sizes(&s), vec![8, 8]);
    // The online rule breaks it as soon as the players fit elsewhere.
    let mut s = Seating::from_tables(10, &l).unwrap();
    let changes = s.rebalance(BreakPolicy::AsSoonAsTheyFit, &mut rng(1));
    assert!(changes.contains(&SeatingChange::TableBroken { table: TableId(3) }));
    assert_eq!(s.table_count(), 2);
}

#[test]
fn plan_changes_nothing_and_agrees_with_rebalance() {
    let l = layout(&[&[1, 2, 3, 4, 5, 6, 7, 8], &[11, 12, 13]]);
    let s = Seating::from_tables(10, &l).unwrap();
    let plan = s.plan(BreakPolicy::AtOrBelow(2), &mut rng(3));
    assert_eq!(s, Seating::from_tables(10, &l).unwrap());
    let mut s2 = s.clone();
    assert_eq!(s2.rebalance(BreakPolicy::AtOrBelow(2), &mut rng(3)), plan);
    assert_eq!(sizes(&s2), vec![6, 5]);
}

#[test]
fn t11_player_moved_for_balance_keeps_position_relative_to_blinds() {
    // Table 1: seats 0-7 full, button on seat 0 → next button 1, next big blind
    // seat 3 moves; it sits 2 seats after the next button. Table 2 has button
    // at 4 → next button 5 (seat 5 occupied); empty seats 0, 1, 2, 7, 8, 9.
    let mut seats2 = vec![None; 10];
    for (i, p) in [(3u8, 31u32), (4, 32), (5, 33), (6, 34)] {
        seats2[i as usize] = Some(PlayerId(p));
    }
    let t1: Vec<Option<PlayerId>> = (0..10)
        .map(|i| if i < 8 { Some(PlayerId(i + 1)) } else { None })
        .collect();
    let mut s = Seating::from_tables(10, &[(t1, Some(0)), (seats2, Some(4))]).unwrap();
    let changes = s.rebalance(BreakPolicy::AsSoonAsTheyFit, &mut rng(1));
    let SeatingChange::Moved {
        player,
        from,
        to,
        reason,
    } = changes[0]
    else {
        panic!("{changes:?}")
    };
    assert_eq!(reason, MoveReason::Balance);
    assert_eq!(player, PlayerId(4));
    assert_eq!(
        from,
        SeatRef {
            table: TableId(1),
            seat: 3
        }
    );
    // Two seats after table 2's next button (5) is seat 7: empty, so exact.
    assert_eq!(
        to,
        SeatRef {
            table: TableId(2),
            seat: 7
        }
    );
    assert_eq!(sizes(&s), vec![6, 6]);
}

#[test]
fn b20_moved_player_in_small_blind_waits_big_blind_posts_seed_002() {
    // Table 2 has a button on seat 0 (next button 1, small blind 2, big blind 3).
    let mut t2 = vec![None; 10];
    for i in [0usize, 1, 4, 5, 6, 7] {
        t2[i] = Some(PlayerId(100 + i as u32));
    }
    let mut s = Seating::from_tables(10, &[(t2, Some(0))]).unwrap();
    // Two newcomers: one lands in the small blind seat, one in the big blind.
    s.sit(
        PlayerId(1),
        SeatRef {
            table: TableId(1),
            seat: 2,
        },
        true,
    );
    s.sit(
        PlayerId(2),
        SeatRef {
            table: TableId(1),
            seat: 3,
        },
        true,
    );
    let lineup = s.start_hand(TableId(1), &mut rng(1)).unwrap();
    assert!(!lineup.button_drawn);
    assert_eq!(lineup.button, 1);
    assert_eq!(
        lineup.small_blind, None,
        "the small blind is dead while its newcomer waits"
    );
    assert_eq!(lineup.big_blind, 3);
    assert_eq!(lineup.waiting, vec![(2, PlayerId(1))]);
    assert!(lineup.dealt.contains(&(3, PlayerId(2))));
    s.set_busy(TableId(1), false);
    // Next hand the newcomer has the button: still waiting for it to pass.
    let lineup = s.start_hand(TableId(1), &mut rng(1)).unwrap();
    assert_eq!(lineup.button, 2);
    assert_eq!(lineup.waiting, vec![(2, PlayerId(1))]);
    s.set_busy(TableId(1), false);
    let lineup = s.start_hand(TableId(1), &mut rng(1)).unwrap();
    assert!(lineup.waiting.is_empty());
    assert!(lineup.dealt.contains(&(2, PlayerId(1))));
}

#[test]
fn t12_fresh_button_draw_with_half_new_players_and_at_final_table() {
    let mut t = vec![None; 10];
    for (i, seat) in t.iter_mut().enumerate().take(3) {
        *seat = Some(PlayerId(i as u32 + 1));
    }
    let mut s = Seating::from_tables(10, &[(t, Some(0))]).unwrap();
    for (seat, p) in [(5u8, 11u32), (6, 12), (7, 13)] {
        s.sit(
            PlayerId(p),
            SeatRef {
                table: TableId(1),
                seat,
            },
            true,
        );
    }
    let lineup = s.start_hand(TableId(1), &mut rng(9)).unwrap();
    assert!(lineup.button_drawn, "3 new of 6 is half: fresh draw");
    assert!(
        lineup.waiting.is_empty(),
        "after a fresh draw everyone is dealt in"
    );
    // Final table: two tables of three merge; the next hand draws for the button.
    let l = layout(&[&[1, 2, 3], &[11, 12, 13]]);
    let mut s = Seating::from_tables(10, &l).unwrap();
    let changes = s.rebalance(BreakPolicy::AsSoonAsTheyFit, &mut rng(2));
    assert!(matches!(
        changes.last(),
        Some(SeatingChange::FinalTable { .. })
    ));
    let SeatingChange::FinalTable { table } = changes[changes.len() - 1] else {
        unreachable!()
    };
    assert!(s.start_hand(table, &mut rng(2)).unwrap().button_drawn);
}

#[test]
fn t11_final_table_waits_for_a_busy_table() {
    let l = layout(&[&[1, 2, 3], &[11, 12, 13], &[21, 22]]);
    let mut s = Seating::from_tables(10, &l).unwrap();
    s.set_busy(TableId(1), true);
    s.set_busy(TableId(2), true);
    let changes = s.rebalance(BreakPolicy::AsSoonAsTheyFit, &mut rng(2));
    assert!(changes.contains(&SeatingChange::TableBroken { table: TableId(3) }));
    assert_eq!(s.table_count(), 2);
    s.set_busy(TableId(2), false);
    let changes = s.rebalance(BreakPolicy::AsSoonAsTheyFit, &mut rng(2));
    assert_eq!(
        changes.last(),
        Some(&SeatingChange::FinalTable { table: TableId(1) })
    );
    assert_eq!(s.table_count(), 1);
    assert_eq!(s.players(), 8);
}

#[test]
fn b4_heads_up_button_posts_small_blind() {
    let l = layout(&[&[1, 0, 0, 2]]);
    let mut s = Seating::from_tables(10, &l).unwrap();
    let lineup = s.start_hand(TableId(1), &mut rng(1)).unwrap();
    assert_eq!(lineup.button, 3);
    assert_eq!(lineup.small_blind, Some(3));
    assert_eq!(lineup.big_blind, 0);
    s.remove(PlayerId(2)).unwrap();
    s.set_busy(TableId(1), false);
    assert_eq!(
        s.start_hand(TableId(1), &mut rng(1)),
        Err(SeatingError::TooFewPlayers(TableId(1)))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Rule T11: after every bust (and rebalance), table sizes differ by at most
    /// one, the fewest tables are used, and nobody is lost or duplicated.
    #[test]
    fn t11_busts_keep_tables_balanced(
        n in 2u32..400, size in 2u8..=10, seed in any::<u64>(), batch in 1usize..4,
        at_four in any::<bool>(),
    ) {
        let mut r = rng(seed);
        let players = ids(n);
        let mut s = Seating::draw(&players, size, &mut r).unwrap();
        let mut alive: BTreeSet<PlayerId> = players.iter().copied().collect();
        let policy = if at_four { BreakPolicy::AtOrBelow(4) } else { BreakPolicy::AsSoonAsTheyFit };
        while alive.len() > 1 {
            for _ in 0..batch.min(alive.len() - 1) {
                let v: Vec<PlayerId> = alive.iter().copied().collect();
                let p = v[below(&mut r, v.len() as u32) as usize];
                s.remove(p).unwrap();
                alive.remove(&p);
            }
            let before = s.clone();
            let changes = s.rebalance(policy, &mut r);
            check_consistent(&s, &alive);
            let sz = sizes(&s);
            prop_assert!(sz.iter().max().unwrap() - sz.iter().min().unwrap() <= 1, "{sz:?}");
            if alive.len() <= size as usize {
                prop_assert_eq!(s.table_count(), 1);
            } else if !at_four {
                prop_assert_eq!(s.table_count(), alive.len().div_ceil(size as usize));
            }
            // Every balance move goes to the best seat relative to the blinds.
            let mut replay = before;
            for c in changes {
                if let SeatingChange::Moved { player, from, to, reason } = c {
                    if reason == MoveReason::Balance {
                        let src = replay.table(from.table).unwrap();
                        let rel = relative_position(src, from.seat);
                        let dst = replay.table(to.table).unwrap();
                        let best = best_seat(dst, dst.next_button(), rel).unwrap();
                        prop_assert_eq!(best, to.seat);
                    }
                    replay.unsit(from);
                    replay.sit(player, to, true);
                    if replay.table(from.table).is_some_and(|t| t.count() == 0) {
                        replay.close_table(from.table);
                    }
                }
            }
        }
    }
}

/// A seed 002 table: ten seats, players in seats 0-5, the button on seat 0 last
/// hand, under `rule`; the first hand is dealt (button 1, blinds 2 and 3).
fn seed_002_table(rule: ButtonRule) -> Seating {
    let l = layout(&[&[1, 2, 3, 4, 5, 6]]);
    let mut s = Seating::from_tables(10, &l).unwrap().with_button_rule(rule);
    let first = s.start_hand(TableId(1), &mut rng(1)).unwrap();
    assert_eq!(
        (first.button, first.small_blind, first.big_blind),
        (1, Some(2), 3)
    );
    s.set_busy(TableId(1), false);
    s
}

fn positions(s: &mut Seating) -> (u8, Option<u8>, u8) {
    let l = s.start_hand(TableId(1), &mut rng(1)).unwrap();
    s.set_busy(TableId(1), false);
    (l.button, l.small_blind, l.big_blind)
}

// rule B18, seed 002: "If the player in the small blind is eliminated then the
// dealer button moves to the empty position as if the player were still at the
// table ... The blinds rotate as usual."
#[test]
fn b18_dead_button_eliminated_small_blind_leaves_the_button_on_an_empty_seat_seed_002() {
    let mut s = seed_002_table(ButtonRule::DeadButton);
    s.remove(PlayerId(3)).unwrap(); // seat 2, the small blind
    assert_eq!(
        positions(&mut s),
        (2, Some(3), 4),
        "button on the empty seat"
    );
    assert_eq!(positions(&mut s), (3, Some(4), 5));
    // Seed 000 2.4's forward-moving button instead skips the empty seat: the
    // big blind of the last hand takes the button and misses the small blind.
    let mut f = seed_002_table(ButtonRule::ForwardMoving);
    f.remove(PlayerId(3)).unwrap();
    assert_eq!(positions(&mut f), (3, Some(4), 5));
}

// rule B18, seed 002: "If the player in the big blind is eliminated, the small
// blind position is 'dead' ... and only the big blind is posted. The following
// hand the blind structures will return to normal. This ensures every player is
// posting a big blind."
#[test]
fn b18_dead_button_eliminated_big_blind_leaves_the_small_blind_dead_seed_002() {
    let mut s = seed_002_table(ButtonRule::DeadButton);
    s.remove(PlayerId(4)).unwrap(); // seat 3, the big blind
    assert_eq!(positions(&mut s), (2, None, 4), "the small blind is dead");
    // Both blinds again; the button now falls on the empty seat 3.
    assert_eq!(positions(&mut s), (3, Some(4), 5));
    // Every player posts the big blind in turn: seats 0, 1, 2, 4, 5 next.
    let bbs: Vec<u8> = (0..5).map(|_| positions(&mut s).2).collect();
    assert_eq!(bbs, [0, 1, 2, 4, 5]);
    // Forward-moving: no dead blind, and seat 4 never posted the small blind.
    let mut f = seed_002_table(ButtonRule::ForwardMoving);
    f.remove(PlayerId(4)).unwrap();
    assert_eq!(positions(&mut f), (2, Some(4), 5));
}

// rule B18 with B4: down to two players the dead button gives way to heads-up
// play, the button posting the small blind; a roll-back (T20) restores it.
#[test]
fn b18_dead_button_goes_heads_up_and_rolls_back() {
    let l = layout(&[&[1, 2, 3]]);
    let mut s = Seating::from_tables(10, &l)
        .unwrap()
        .with_button_rule(ButtonRule::DeadButton);
    assert_eq!(positions(&mut s), (1, Some(2), 0));
    s.remove(PlayerId(1)).unwrap(); // seat 0, the big blind
    // Heads-up: the big blind moves on to seat 1, the other player has the button
    // and posts the small blind.
    assert_eq!(positions(&mut s), (2, Some(2), 1));
    let expected = positions(&mut s.clone());
    assert_eq!(expected, (1, Some(1), 2));
    s.start_hand(TableId(1), &mut rng(1)).unwrap();
    s.undo_start_hand(TableId(1));
    assert_eq!(positions(&mut s), expected);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Rule B18, dead button: as players bust, the big blind moves to the next
    /// player and never skips one (everyone posts it in turn); the small blind is
    /// the last big blind's seat (dead when empty); the button is the last
    /// small-blind position, even on an empty seat.
    #[test]
    fn b18_dead_button_big_blind_never_skips_a_player(
        size in 3u8..=10, seed in any::<u64>(), bust_per_mille in 0u32..600,
    ) {
        let mut r = rng(seed);
        let players = ids(u32::from(size));
        let mut s = Seating::draw(&players, size, &mut r)
            .unwrap()
            .with_button_rule(ButtonRule::DeadButton);
        let table = s.tables().next().unwrap().id();
        // The last hand's small-blind position (dead or not) and big blind.
        let mut prev: Option<(u8, u8)> = None;
        for _ in 0..60 {
            if s.table(table).unwrap().count() <= 2 {
                break;
            }
            let l = s.start_hand(table, &mut r).unwrap();
            s.set_busy(table, false);
            let t = s.table(table).unwrap();
            let occupied: Vec<u8> = t.players().map(|(seat, _)| seat).collect();
            let sb_position = match (l.small_blind, prev) {
                (Some(sb), _) => sb,
                (None, Some((_, last_bb))) => last_bb,
                (None, None) => panic!("the first hand has both blinds"),
            };
            if let Some((last_sb, last_bb)) = prev {
                // No player sits strictly between the last big blind and this one.
                let n = size;
                let gap = (l.big_blind + n - last_bb) % n;
                prop_assert!(gap > 0);
                for &o in &occupied {
                    let d = (o + n - last_bb) % n;
                    prop_assert!(d == 0 || d >= gap, "seat {} skipped: {} -> {}", o, last_bb, l.big_blind);
                }
                prop_assert_eq!(sb_position, last_bb);
                prop_assert_eq!(l.small_blind.is_none(), !occupied.contains(&last_bb));
                prop_assert_eq!(l.button, last_sb);
            }
            prev = Some((sb_position, l.big_blind));
            // Bust a random player now and then.
            if below(&mut r, 1000) < bust_per_mille {
                let v: Vec<PlayerId> = t.players().map(|(_, p)| p).collect();
                let p = v[below(&mut r, v.len() as u32) as usize];
                s.remove(p).unwrap();
            }
        }
    }
}

/// Table 1 with its button on seat 0 (next button 1, small blind 2, big blind
/// 3) and three newcomers moved in: on the button seat, in the small blind and
/// in the big blind.
fn newcomers_on_the_button_and_both_blinds(rule: MovedPlayer) -> (Seating, Lineup) {
    let mut t = vec![None; 10];
    for i in [0usize, 4, 5, 6, 7] {
        t[i] = Some(PlayerId(100 + i as u32));
    }
    let mut s = Seating::from_tables(10, &[(t, Some(0))])
        .unwrap()
        .with_moved_player(rule);
    for (seat, p) in [(1u8, 1u32), (2, 2), (3, 3)] {
        s.sit(
            PlayerId(p),
            SeatRef {
                table: TableId(1),
                seat,
            },
            true,
        );
    }
    let lineup = s.start_hand(TableId(1), &mut rng(1)).unwrap();
    assert!(!lineup.button_drawn, "3 new of 8: no fresh draw");
    assert_eq!((lineup.button, lineup.big_blind), (1, 3));
    (s, lineup)
}

#[test]
fn b20_moved_player_waits_on_the_button_and_in_the_small_blind_seed_002() {
    let (s, lineup) =
        newcomers_on_the_button_and_both_blinds(MovedPlayer::WaitInSmallBlindOrButton);
    assert_eq!(s.moved_player(), MovedPlayer::WaitInSmallBlindOrButton);
    assert_eq!(lineup.waiting, vec![(1, PlayerId(1)), (2, PlayerId(2))]);
    assert_eq!(lineup.small_blind, None, "the small blind is dead (002)");
    assert!(
        lineup.dealt.contains(&(3, PlayerId(3))),
        "the big blind posts and plays"
    );
    assert_eq!(lineup.dealt.len(), 6);
}

#[test]
fn b20_moved_player_is_dealt_in_at_once_wherever_they_sit_seed_000_2_6() {
    let (s, lineup) = newcomers_on_the_button_and_both_blinds(MovedPlayer::DealtInAtOnce);
    assert_eq!(s.moved_player(), MovedPlayer::DealtInAtOnce);
    assert!(lineup.waiting.is_empty());
    assert_eq!(
        lineup.small_blind,
        Some(2),
        "the newcomer posts the small blind"
    );
    for p in 1..=3 {
        assert!(lineup.dealt.iter().any(|&(_, x)| x == PlayerId(p)));
    }
    assert_eq!(lineup.dealt.len(), 8);
}

#[test]
fn b20_the_option_survives_a_new_round_numbering() {
    let s = Seating::new(9)
        .unwrap()
        .with_moved_player(MovedPlayer::DealtInAtOnce)
        .renumbered(5);
    assert_eq!(s.moved_player(), MovedPlayer::DealtInAtOnce);
    assert_eq!(
        Seating::new(9).unwrap().moved_player(),
        MovedPlayer::WaitInSmallBlindOrButton
    );
}
