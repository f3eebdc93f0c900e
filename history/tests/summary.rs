//! The per-player summary of a replayed hand (`holdem_history::summary`): each
//! statistic on a hand built to show it, and the money over the real records.

use holdem_history::corpus::{collect_files, read_hands};
use holdem_history::phh::parse_phh;
use holdem_history::replay::{HouseRules, Outcome};
use holdem_history::summary::{HandSummary, Position, summarize};

fn summary(actions: &str, stacks: &str, extra: &str) -> HandSummary {
    let players = stacks.split(',').count();
    let blinds: Vec<&str> = (0..players)
        .map(|i| match i {
            0 => "1",
            1 => "2",
            _ => "0",
        })
        .collect();
    let deals: Vec<String> = (1..=players).map(|p| format!("'d dh p{p} ????'")).collect();
    let text = format!(
        "variant = 'NT'\nantes = [{}]\nblinds_or_straddles = [{}]\nmin_bet = 2\n\
         starting_stacks = [{stacks}]\nactions = [{}, {actions}]\n{extra}",
        vec!["0"; players].join(", "),
        blinds.join(", "),
        deals.join(", ")
    );
    let hand = parse_phh(&text).expect("valid PHH");
    let (outcome, summary) = summarize(&hand, &HouseRules::standard());
    assert!(matches!(outcome, Outcome::Ok { .. }), "{outcome:?}");
    summary.expect("a summary for a legal hand")
}

fn flags(s: &HandSummary, f: impl Fn(&holdem_history::summary::PlayerSummary) -> bool) -> Vec<u8> {
    s.players
        .iter()
        .filter(|p| f(p))
        .map(|p| p.player + 1)
        .collect()
}

#[test]
fn positions_follow_the_phh_player_order() {
    let six: Vec<String> = (0..6).map(|i| Position::of(i, 6).label()).collect();
    assert_eq!(six, ["SB", "BB", "UTG", "HJ", "CO", "BTN"]);
    let nine: Vec<String> = (0..9).map(|i| Position::of(i, 9).label()).collect();
    assert_eq!(
        nine,
        [
            "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "HJ", "CO", "BTN"
        ]
    );
    assert_eq!(Position::of(0, 2), Position::BigBlind);
    assert_eq!(Position::of(1, 2), Position::Button);
}

#[test]
fn vpip_pfr_and_three_bet_of_a_reraised_pot() {
    // p3 (UTG) opens, p4 (BTN) 3-bets, p1 folds, p2 calls, p3 folds.
    let s = summary(
        "'p3 cbr 6', 'p4 cbr 18', 'p1 f', 'p2 cc', 'p3 f', 'd db 2c3d4h', 'p2 cc', 'p4 cc', \
         'd db 5s', 'p2 cc', 'p4 cc', 'd db 9h', 'p2 cc', 'p4 cc', 'p2 sm KcKd', 'p4 sm AcAd'",
        "200, 200, 200, 200",
        "",
    );
    assert_eq!(flags(&s, |p| p.vpip), [2, 3, 4]);
    assert_eq!(flags(&s, |p| p.pfr), [3, 4]);
    assert_eq!(flags(&s, |p| p.three_bet), [4]);
    // Everyone who acted facing the open raise alone had the chance.
    assert_eq!(flags(&s, |p| p.three_bet_chance), [4]);
    assert_eq!(flags(&s, |p| p.saw_flop), [2, 4]);
    assert_eq!(flags(&s, |p| p.showdown), [2, 4]);
    assert_eq!(flags(&s, |p| p.won_at_showdown), [4]);
    let money: Vec<(u64, u64, i64)> = s
        .players
        .iter()
        .map(|p| (p.invested, p.won, p.net))
        .collect();
    assert_eq!(money, [(1, 0, -1), (18, 0, -18), (6, 0, -6), (18, 43, 25)]);
    assert_eq!((s.pot, s.rake), (43, 0));
    assert!(s.settled && s.saw_flop && !s.walk);
}

#[test]
fn three_bet_chance_is_facing_one_raise_by_another() {
    // p3 opens; p4 and p1 fold facing it; p2 re-raises (a 3-bet); p3 calls facing two.
    let s = summary(
        "'p3 cbr 6', 'p4 f', 'p1 f', 'p2 cbr 20', 'p3 f'",
        "200, 200, 200, 200",
        "",
    );
    assert_eq!(flags(&s, |p| p.three_bet_chance), [1, 2, 4]);
    assert_eq!(flags(&s, |p| p.three_bet), [2]);
    assert_eq!(flags(&s, |p| p.saw_flop), Vec::<u8>::new());
    // The 3-bettor's uncalled 14 went back: it won the 6 + 6 + 1 in the pot.
    assert_eq!((s.players[1].invested, s.players[1].won), (6, 13));
}

#[test]
fn a_limp_then_raise_is_a_three_bet() {
    // p3 limps, p4 raises, p3 re-raises after limping.
    let s = summary(
        "'p3 cc', 'p4 cbr 8', 'p1 f', 'p2 f', 'p3 cbr 24', 'p4 f'",
        "200, 200, 200, 200",
        "",
    );
    assert_eq!(flags(&s, |p| p.vpip), [3, 4]);
    assert_eq!(flags(&s, |p| p.pfr), [3, 4]);
    assert_eq!(flags(&s, |p| p.three_bet), [3]);
}

#[test]
fn a_walk_is_marked_for_the_big_blind_only() {
    let s = summary("'p3 f', 'p1 f'", "200, 200, 200", "");
    assert!(s.walk);
    assert_eq!(flags(&s, |p| p.walk), [2]);
    assert_eq!(flags(&s, |p| p.vpip), Vec::<u8>::new());
    assert_eq!(s.players[1].net, 1);
    assert_eq!(flags(&s, |p| p.showdown), Vec::<u8>::new());
}

#[test]
fn a_small_blind_completing_is_vpip_and_the_big_blind_checking_is_not() {
    let s = summary(
        "'p2 cc', 'p1 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cbr 2', 'p1 f'",
        "200, 200",
        "",
    );
    // Heads-up: p1 is the big blind, p2 the button who posts the small blind and
    // completes (voluntary); the big blind checks its option (not voluntary).
    assert_eq!(s.players[1].position, Position::Button);
    assert_eq!(flags(&s, |p| p.vpip), [2]);
    let s3 = summary(
        "'p3 f', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'd db 5s', 'p1 cc', \
         'p2 cc', 'd db 9h', 'p1 cc', 'p2 cc', 'p1 sm 7c7d', 'p2 sm 8c8d'",
        "200, 200, 200",
        "",
    );
    assert_eq!(flags(&s3, |p| p.vpip), [1]);
    assert_eq!(flags(&s3, |p| p.saw_flop), [1, 2]);
    assert_eq!(flags(&s3, |p| p.won_at_showdown), [2]);
    assert!(s.settled);
}

#[test]
fn h4_a_recorded_rake_is_charged_to_the_winner_and_nets_sum_to_minus_the_rake() {
    let s = summary(
        "'p3 cbr 6', 'p1 f', 'p2 cc', 'd db 2c3d4h', 'p2 cc', 'p3 cbr 10', 'p2 f'",
        "200, 200, 200",
        "rake = 1\nfinishing_stacks = [199, 194, 206]\n",
    );
    assert_eq!(s.rake, 1);
    assert_eq!(s.players[2].rake, 1);
    assert_eq!(s.players[2].final_stack, Some(206));
    assert_eq!(s.players.iter().map(|p| p.net).sum::<i64>(), -1);
}

#[test]
fn b23_the_engine_rake_is_shared_by_the_pot_winners() {
    // Two players split a 400 pot raked 5% capped at 3: 1 and 2 of the rake.
    let s = summary(
        "'p2 cbr 100', 'p1 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'd db 5s', 'p1 cc', \
         'p2 cc', 'd db 9h', 'p1 cc', 'p2 cc', 'p1 sm AcKd', 'p2 sm AdKc'",
        "200, 200",
        "_holdem_rake = { basis-points = 500, cap = 3 }\n",
    );
    assert_eq!(s.rake, 3);
    assert_eq!(s.players.iter().map(|p| p.rake).sum::<u64>(), 3);
    assert_eq!(flags(&s, |p| p.won_at_showdown), [1, 2]);
    assert_eq!(s.players.iter().map(|p| p.net).sum::<i64>(), -3);
}

#[test]
fn h4_over_the_real_records_nets_sum_to_minus_the_rake() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/histories/phh/handhq");
    let files = collect_files(&[root.into()]).expect("the sample is there");
    let (mut settled, mut raked) = (0, 0);
    for file in files {
        read_hands(
            &file,
            |h| {
                let (outcome, s) = summarize(&h, &HouseRules::standard());
                let s = s.expect("every sample hand replays");
                let Outcome::Ok { rake, .. } = outcome else {
                    unreachable!("a summary comes with an accepted hand")
                };
                if s.settled && s.players.iter().all(|p| p.starting_stack.is_some()) {
                    settled += 1;
                    raked += usize::from(s.rake > 0);
                    let net: i64 = s.players.iter().map(|p| p.net).sum();
                    assert_eq!(net, -(s.rake as i64), "{:?}", h.meta.hand);
                    assert_eq!(s.rake, rake, "the replay's rake");
                    let invested: u64 = s.players.iter().map(|p| p.invested).sum();
                    assert_eq!(invested, s.pot);
                }
                Ok::<(), holdem_history::HistoryError>(())
            },
            |e| panic!("{e}"),
        )
        .expect("readable");
    }
    assert!(settled > 400, "{settled}");
    assert!(raked > 30, "{raked} of {settled}");
}
