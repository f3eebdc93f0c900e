//! Deals as tournament commands (rule T15): proposed at the final table, made
//! only when every remaining player accepts, paid to the cent, journaled and
//! recovered; a rejected deal changes nothing.

#![allow(clippy::unwrap_used)] // test helpers: a failed unwrap is a failed test

use holdem_tourney::Chips;
use holdem_tourney::journal::{Entry, FsyncPolicy, JournalWriter};
use holdem_tourney::money::{
    DealMethod, DealOptions, DealTable, MoneyError, PlayerStack, icm_deal,
};
use holdem_tourney::{
    Command, DealDropReason, Phase, PlayerId, TableId, Tournament, TournamentOptions, TourneyError,
    TourneyEvent, TourneyInput,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

struct Game {
    t: Tournament,
    rng: ChaCha8Rng,
    at: u64,
    journal: JournalWriter<Vec<u8>>,
}

impl Game {
    /// A nine-seat sit-and-go (50/30/20), started, its first hand in progress.
    fn new() -> Game {
        let options = TournamentOptions::sit_and_go(9);
        let mut journal = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
        journal
            .append(&Entry::Create {
                options: options.clone(),
                label: "deals".into(),
            })
            .unwrap();
        let mut g = Game {
            t: Tournament::new(options).unwrap(),
            rng: ChaCha8Rng::seed_from_u64(29),
            at: 0,
            journal,
        };
        for p in 1..=9 {
            g.ok(Command::Register {
                player: PlayerId(p),
            });
        }
        g
    }

    fn apply(&mut self, command: Command) -> Result<Vec<TourneyEvent>, TourneyError> {
        self.at += 1_000;
        let input = TourneyInput {
            at: self.at,
            command,
        };
        let (ev, rec) = self.t.apply_recorded(&input, &mut self.rng)?;
        self.journal.append_record(&rec).unwrap();
        Ok(ev)
    }

    fn ok(&mut self, command: Command) -> Vec<TourneyEvent> {
        self.apply(command).unwrap()
    }

    fn hand(&self) -> (TableId, u64, Vec<(PlayerId, Chips)>) {
        let (table, rh) = self.t.running_hands().next().unwrap();
        (table, rh.hand, rh.dealt.clone())
    }

    /// Finishes the hand in progress: `loser` gives all their chips to `winner`.
    fn finish_hand(&mut self, winner: PlayerId, loser: PlayerId) -> Vec<TourneyEvent> {
        let (table, hand, dealt) = self.hand();
        let lost = dealt
            .iter()
            .find(|d| d.0 == loser)
            .map_or(Chips(0), |d| d.1);
        let stacks = dealt
            .iter()
            .map(|&(p, c)| {
                if p == winner {
                    (p, (c + lost).unwrap())
                } else if p == loser {
                    (p, Chips(0))
                } else {
                    (p, c)
                }
            })
            .collect();
        self.ok(Command::HandFinished {
            table,
            hand,
            stacks,
        })
    }

    /// Plays hands until one player has every chip: the lowest id left wins all.
    fn play_out(&mut self) -> Vec<TourneyEvent> {
        let mut all = Vec::new();
        while self.t.phase() == Phase::Running {
            let (_, _, dealt) = self.hand();
            let winner = dealt.iter().map(|d| d.0).min().unwrap();
            let loser = dealt.iter().map(|d| d.0).max().unwrap();
            all.extend(self.finish_hand(winner, loser));
        }
        all
    }

    fn remaining(&self) -> Vec<PlayerId> {
        let mut v: Vec<PlayerId> = self.t.stacks().keys().copied().collect();
        v.sort_unstable();
        v
    }

    fn accept_all(&mut self) -> Vec<TourneyEvent> {
        let mut ev = Vec::new();
        for p in self.remaining() {
            ev.extend(self.ok(Command::AcceptDeal { player: p }));
        }
        ev
    }
}

fn proposed(ev: &[TourneyEvent]) -> Vec<(PlayerId, u64)> {
    ev.iter()
        .find_map(|e| match e {
            TourneyEvent::DealProposed { shares, .. } => {
                Some(shares.iter().map(|s| (s.player, s.cents)).collect())
            }
            _ => None,
        })
        .unwrap()
}

fn paid_total(t: &Tournament) -> u64 {
    t.finishes().iter().map(|f| f.prize).sum()
}

// rule T15: a deal proposed during a hand waits for it to end, is priced then on
// the stacks as they stand (here by ICM, exactly as the money module prices it),
// and no new hand is dealt while it is open.
#[test]
fn t15_a_deal_proposed_during_a_hand_is_priced_when_the_hand_ends() {
    let mut g = Game::new();
    let ev = g.ok(Command::ProposeDeal {
        method: DealMethod::Icm,
        left_in_play: 0,
    });
    assert!(
        matches!(ev[..], [TourneyEvent::DealRequested { .. }]),
        "{ev:?}"
    );
    assert!(g.t.open_deal().unwrap().shares.is_none());
    let ev = g.finish_hand(PlayerId(1), PlayerId(9));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, TourneyEvent::HandStarted { .. }))
    );
    let shares = proposed(&ev);
    let stacks: Vec<PlayerStack> = g
        .remaining()
        .into_iter()
        .map(|p| PlayerStack {
            player: p,
            chips: g.t.stacks()[&p],
        })
        .collect();
    let prizes = g.t.prizes().prizes().to_vec();
    let table = DealTable {
        final_table: true,
        players_remaining: 8,
        total_prize_pool: g.t.prizes().total(),
    };
    let expect = icm_deal(&table, &stacks, &prizes, 0, &DealOptions::default()).unwrap();
    let expect: Vec<(PlayerId, u64)> = expect.shares.iter().map(|s| (s.player, s.cents)).collect();
    assert_eq!(shares, expect);
    assert_eq!(
        shares.iter().map(|s| s.1).sum::<u64>(),
        g.t.prizes().total()
    );
}

// rule T15: when every remaining player accepts, the deal is made; with nothing
// left in play the event ends (T8) and every cent of the pool is paid, each
// player's prize being their share.
#[test]
fn t15_every_player_accepting_makes_the_deal_and_pays_the_pool_to_the_cent() {
    let mut g = Game::new();
    g.ok(Command::ProposeDeal {
        method: DealMethod::ChipCount,
        left_in_play: 0,
    });
    let shares = proposed(&g.finish_hand(PlayerId(2), PlayerId(5)));
    let players = g.remaining();
    let (last, first) = players.split_last().unwrap();
    for &p in first {
        let ev = g.ok(Command::AcceptDeal { player: p });
        assert_eq!(ev, [TourneyEvent::DealAccepted { player: p }]);
    }
    let ev = g.ok(Command::AcceptDeal { player: *last });
    assert!(
        ev.iter()
            .any(|e| matches!(e, TourneyEvent::DealMade { .. }))
    );
    assert!(
        matches!(ev.last(), Some(TourneyEvent::Ended { .. })),
        "{ev:?}"
    );
    assert_eq!(g.t.phase(), Phase::Finished);
    assert_eq!(paid_total(&g.t), g.t.prizes().total());
    for (p, cents) in shares {
        let f = g.t.finishes().iter().find(|f| f.player == p).unwrap();
        assert_eq!(f.prize, cents, "{p}");
    }
    assert_eq!(g.t.deal_payments().len(), 8);
}

// rule T15: money left in play goes to the winner of the rest of the event; the
// others keep their shares; the pool is still paid to the cent.
#[test]
fn t15_money_left_in_play_goes_to_the_winner_of_the_rest() {
    let mut g = Game::new();
    let left = g.t.prizes().total() / 20; // 5%, the default limit
    g.ok(Command::ProposeDeal {
        method: DealMethod::EvenSplit,
        left_in_play: left,
    });
    let shares = proposed(&g.finish_hand(PlayerId(1), PlayerId(9)));
    let ev = g.accept_all();
    assert!(
        ev.iter()
            .any(|e| matches!(e, TourneyEvent::DealMade { .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, TourneyEvent::HandStarted { .. }))
    );
    g.play_out();
    assert_eq!(paid_total(&g.t), g.t.prizes().total());
    let winner = g.t.finishes().iter().find(|f| f.place == 1).unwrap();
    let share = shares.iter().find(|s| s.0 == winner.player).unwrap().1;
    assert_eq!(winner.prize, share + left);
    for (p, cents) in shares {
        if p != winner.player {
            let f = g.t.finishes().iter().find(|f| f.player == p).unwrap();
            assert_eq!(f.prize, cents, "{p}");
        }
    }
}

// rule T15: one rejection drops the deal; play resumes and nothing about the
// money changed.
#[test]
fn t15_a_rejected_deal_changes_nothing() {
    let mut g = Game::new();
    g.ok(Command::ProposeDeal {
        method: DealMethod::Icm,
        left_in_play: 0,
    });
    g.finish_hand(PlayerId(3), PlayerId(4));
    let stacks = g.t.stacks().clone();
    g.ok(Command::AcceptDeal {
        player: PlayerId(1),
    });
    let ev = g.ok(Command::RejectDeal {
        player: PlayerId(2),
    });
    assert_eq!(
        ev[0],
        TourneyEvent::DealDropped {
            reason: DealDropReason::Rejected(PlayerId(2))
        }
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, TourneyEvent::HandStarted { .. }))
    );
    assert!(g.t.open_deal().is_none());
    assert!(g.t.deal_payments().is_empty());
    assert_eq!(g.t.stacks(), &stacks);
    assert_eq!(g.t.prizes_in_play(), g.t.prizes());
    g.play_out();
    assert_eq!(paid_total(&g.t), g.t.prizes().total());
    assert_eq!(g.t.finishes().iter().filter(|f| f.prize > 0).count(), 3);
}

// rule T15: deals only with fixed prizes at the final table, one at a time,
// accepted once by each remaining player, within the limit on money left in play;
// a refused command changes nothing.
#[test]
fn t15_deal_commands_are_refused_outside_the_rules() {
    // Two tables: not yet the final table.
    let mut mtt = Tournament::new(TournamentOptions::online_mtt()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for p in 1..=20 {
        let input = TourneyInput {
            at: 0,
            command: Command::Register {
                player: PlayerId(p),
            },
        };
        mtt.apply(&input, &mut rng).unwrap();
    }
    let start = TourneyInput {
        at: 0,
        command: Command::Start,
    };
    mtt.apply(&start, &mut rng).unwrap();
    let propose = TourneyInput {
        at: 1,
        command: Command::ProposeDeal {
            method: DealMethod::Icm,
            left_in_play: 0,
        },
    };
    assert_eq!(
        mtt.apply(&propose, &mut rng),
        Err(TourneyError::Deal(MoneyError::DealBeforeFinalTable))
    );

    let mut g = Game::new();
    assert_eq!(
        g.apply(Command::AcceptDeal {
            player: PlayerId(1)
        }),
        Err(TourneyError::NoDeal)
    );
    let too_much = g.t.prizes().total() / 20 + 1;
    assert_eq!(
        g.apply(Command::ProposeDeal {
            method: DealMethod::Icm,
            left_in_play: too_much,
        }),
        Err(TourneyError::Deal(MoneyError::LeftInPlayTooLarge {
            left: too_much,
            max: too_much - 1
        }))
    );
    g.ok(Command::ProposeDeal {
        method: DealMethod::Icm,
        left_in_play: 0,
    });
    assert_eq!(
        g.apply(Command::ProposeDeal {
            method: DealMethod::ChipCount,
            left_in_play: 0,
        }),
        Err(TourneyError::DealOpen)
    );
    // Not priced until the hand ends.
    assert_eq!(
        g.apply(Command::AcceptDeal {
            player: PlayerId(1)
        }),
        Err(TourneyError::NoDeal)
    );
    g.finish_hand(PlayerId(1), PlayerId(9));
    assert_eq!(
        g.apply(Command::AcceptDeal {
            player: PlayerId(9)
        }),
        Err(TourneyError::NotPlaying(PlayerId(9)))
    );
    g.ok(Command::AcceptDeal {
        player: PlayerId(1),
    });
    let before = g.t.open_deal().cloned();
    assert_eq!(
        g.apply(Command::AcceptDeal {
            player: PlayerId(1)
        }),
        Err(TourneyError::AlreadyAccepted(PlayerId(1)))
    );
    assert_eq!(g.t.open_deal().cloned(), before);
}

// rule T15 with T20: the journal holds the deal commands; recovery replays them
// and rebuilds the same deal, payments and finishes.
#[test]
fn t15_deals_are_journaled_and_recovered() {
    let mut g = Game::new();
    let left = g.t.prizes().total() / 20;
    g.ok(Command::ProposeDeal {
        method: DealMethod::Icm,
        left_in_play: left,
    });
    g.finish_hand(PlayerId(1), PlayerId(9));
    g.accept_all();
    g.finish_hand(PlayerId(1), PlayerId(8));
    let bytes = g.journal.get_ref().clone();
    let rec = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(5)).unwrap();
    assert_eq!(rec.dropped_bytes, 0);
    let t = rec.tournament;
    assert_eq!(t.deal_payments(), g.t.deal_payments());
    assert_eq!(t.prizes_in_play(), g.t.prizes_in_play());
    assert_eq!(t.finishes(), g.t.finishes());
    assert_eq!(t.stacks(), g.t.stacks());

    // A deal open at the crash is still open after recovery.
    let mut g = Game::new();
    g.ok(Command::ProposeDeal {
        method: DealMethod::ChipCount,
        left_in_play: 0,
    });
    g.finish_hand(PlayerId(2), PlayerId(7));
    g.ok(Command::AcceptDeal {
        player: PlayerId(1),
    });
    let bytes = g.journal.get_ref().clone();
    let rec = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(5)).unwrap();
    assert_eq!(rec.tournament.open_deal(), g.t.open_deal());
}

// rule T15: an FGS deal in the tournament simulates its real structure, pays the
// pool to the cent, and prices the same on replay.
#[test]
fn t15_an_fgs_deal_is_priced_on_the_tournament_structure_and_replayed() {
    let mut g = Game::new();
    g.ok(Command::ProposeDeal {
        method: DealMethod::Fgs,
        left_in_play: 0,
    });
    let shares = proposed(&g.finish_hand(PlayerId(4), PlayerId(6)));
    assert_eq!(
        shares.iter().map(|s| s.1).sum::<u64>(),
        g.t.prizes().total()
    );
    let bytes = g.journal.get_ref().clone();
    let rec = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(5)).unwrap();
    assert_eq!(rec.tournament.open_deal(), g.t.open_deal());
    g.accept_all();
    assert_eq!(paid_total(&g.t), g.t.prizes().total());
}
