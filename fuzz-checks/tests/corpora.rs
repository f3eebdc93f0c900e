//! Smoke pass over the checked-in fuzz corpora: every file of
//! `fuzz/corpus/TARGET/` goes through the check its fuzz target runs, with no
//! fuzz toolchain needed (part of `cargo test`, so of `cargo xtask ci`).
//!
//! The seed files come from the engine itself (presets, journals of small
//! simulations, hand states); `HOLDEM_FUZZ_WRITE_SEEDS=1 cargo test -p
//! holdem-fuzz-checks` writes them again. The rest of each corpus is what
//! fuzzing found, minimised (`cargo xtask fuzz TARGET --merge`).

use std::path::{Path, PathBuf};

use holdem_fuzz_checks::{TARGETS, framed_input};

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target)
}

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(corpus_dir(target))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .filter_map(|p| std::fs::read(&p).ok().map(|b| (p, b)))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn every_corpus_file_passes_its_targets_check() {
    let mut failures = Vec::new();
    for target in TARGETS {
        let files = corpus(target.name);
        assert!(
            !files.is_empty(),
            "fuzz/corpus/{} is empty or missing",
            target.name
        );
        for (path, bytes) in files {
            if let Err(e) = (target.check)(&bytes) {
                failures.push(format!("{}: {e}", path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Seed inputs made from the engine itself: a few rules presets, journals
/// of small simulations, and hand states.
fn seeds() -> Vec<(&'static str, String, Vec<u8>)> {
    use holdem_betting::{Action, DealerInput, Hand, HandConfig, Input, Pending, Player, Street};
    use holdem_tourney::TournamentOptions;
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter, read_frames};
    use holdem_tourney::sim::Simulation;

    let mut out = Vec::new();
    for (i, text) in [
        "AhKd",
        "Ah Kd Qs",
        "As,Ks,Qs,Js,Ts",
        "2c 3d 4h 5s 6c 7d 8h",
        "tc Td",
        "AhAh",
        "Xx",
        "",
    ]
    .iter()
    .enumerate()
    {
        out.push(("cards_text", format!("seed-{i}"), text.as_bytes().to_vec()));
    }
    for preset in holdem_rules_config::Preset::ALL {
        out.push((
            "rules_toml",
            format!("preset-{}", preset.name()),
            preset.source().as_bytes().to_vec(),
        ));
    }
    for (i, text) in [
        "extends = \"online-cash\"\n[rake]\nbasis-points = 99999\n",
        "extends = \"club\"\n[betting]\nsmall-blind = 60\nbig-blind = 50\nantee = 5\n",
        "extends = \"online-mtt\"\nunset = [\"tournament.entry.late-registration.window\"]\n",
        "[betting]\nstructure = { fixed-limit = { small-bet = 10 } }\nbig-blind = 10\n",
    ]
    .iter()
    .enumerate()
    {
        out.push(("rules_toml", format!("edit-{i}"), text.as_bytes().to_vec()));
    }
    for (name, options, entrants, steps) in [
        ("sng6", TournamentOptions::sit_and_go(6), 6, 40),
        ("heads-up", TournamentOptions::heads_up(), 2, 25),
    ] {
        let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
        let mut sim = Simulation::new(options, entrants, 3, &mut w).expect("simulation");
        for _ in 0..steps {
            if sim.is_done() {
                break;
            }
            sim.step(&mut w).expect("step");
        }
        let bytes = w.into_inner();
        let mut raw = vec![0u8];
        raw.extend_from_slice(&bytes);
        out.push(("journal", format!("{name}-raw"), raw));
        let (entries, _) = read_frames(&bytes);
        out.push((
            "journal",
            format!("{name}-framed"),
            framed_input(&entries).expect("framed"),
        ));
        let mut torn = vec![0u8];
        torn.extend_from_slice(&bytes[..bytes.len() - 3]);
        out.push(("journal", format!("{name}-torn"), torn));
    }
    // One hand through its states: posted, dealt, a raise and calls, a bet on
    // the turn and folds.
    let seat = |i: u8| holdem_betting::Seat::new(i).expect("seat");
    let players: Vec<Player> = [1_000u64, 1_500, 800]
        .iter()
        .enumerate()
        .map(|(i, &c)| Player::new(seat(i as u8), holdem_betting::Chips(c)))
        .collect();
    let config = HandConfig::no_limit(holdem_betting::Chips(20));
    let mut hand = Hand::new(config, &players, seat(0)).expect("hand");
    let t = holdem_betting::Timestamp(1);
    let mut states = vec![postcard::to_allocvec(&hand).expect("serialize")];
    let _ = hand.post_forced_bets(t, &mut Vec::new());
    let (mut actions, mut turn_bet) = (0, false);
    for _ in 0..40 {
        states.push(postcard::to_allocvec(&hand).expect("serialize"));
        let input = match hand.pending() {
            Pending::HoleCards { seat } => Input::Deal(DealerInput::HoleCards {
                seat,
                cards: [None, None],
            }),
            Pending::Board { street } => Input::Deal(match street {
                Street::Flop => DealerInput::Flop([None; 3]),
                Street::Turn => DealerInput::Turn(None),
                _ => DealerInput::River(None),
            }),
            Pending::Action { seat } => {
                actions += 1;
                let turn = hand.board().len() >= 4;
                let action = if actions == 1 {
                    Action::RaiseTo(holdem_betting::Chips(60))
                } else if turn && !turn_bet {
                    turn_bet = true;
                    Action::BetOrRaiseTo(holdem_betting::Chips(100))
                } else if turn_bet {
                    Action::Fold
                } else {
                    Action::CheckOrCall
                };
                Input::act(seat, action)
            }
            _ => break,
        };
        if hand.apply(t, input).is_err() {
            break;
        }
    }
    states.push(postcard::to_allocvec(&hand).expect("serialize"));
    for (i, bytes) in states.into_iter().enumerate() {
        out.push(("hand_postcard", format!("state-{i:02}"), bytes));
    }
    out.extend(driver_seeds());
    // Hand histories: small PHH files, and the first hands of the generated
    // corpus as JSON Lines and postcard.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/histories");
    for file in [
        "phh/famous/dwan-ivey-2009.phh",
        "phh/famous/alice-carol-wikipedia.phh",
        "phh/wsop-2023-event-43-day-5/08.phh",
        "illegal/unreadable-bad-card.phh",
        "illegal/unreadable-missing-field.phh",
    ] {
        let bytes = std::fs::read(data.join(file)).expect("a history");
        let name = file.rsplit('/').next().unwrap_or(file).to_string();
        out.push(("history_phh", name, bytes));
    }
    // PokerStars hands of every kind the importer meets: limits, a tournament,
    // all-ins and side pots, antes, uncalled bets, sitting out, shows and
    // mucks, run it twice, another game and a cancelled hand.
    for file in [
        "hhp/2008-tournament.txt",
        "hhp/allin-preflop.txt",
        "hhp/collect-on-flop.txt",
        "hhp/player-sitting-out.txt",
        "hhp/posts-allin.txt",
        "hhp/uncalled-bet-returned.txt",
        "hhsmithy/CashGame_ExtraHands_MucksHand.txt",
        "hhsmithy/CashGame_ExtraHands_ShowsDownSingleCard.txt",
        "hhsmithy/CashGame_GameTypeTests_FixedLimitHoldem.txt",
        "hhsmithy/CashGame_GameTypeTests_NoLimitOmahaHiLo.txt",
        "hhsmithy/CashGame_GameTypeTests_PotLimitHoldem.txt",
        "hhsmithy/CashGame_GeneralHands_SidePot.txt",
        "hhsmithy/CashGame_HandActionTests_3BetHand.txt",
        "hhsmithy/CashGame_Limits_AnteTable.txt",
        "hhsmithy/CashGame_Limits_EuroTable.txt",
        "hhsmithy/CashGame_RunItTwiceTests_RunItTwice1.txt",
        "hhsmithy/CashGame_Seats_HeadsUp.txt",
        "hhsmithy/CashGame_ValidHandTests_CancelledHand.txt",
    ] {
        let bytes =
            std::fs::read(data.join("pokerstars").join(file)).expect("a PokerStars history");
        let name = file.rsplit('/').next().unwrap_or(file).to_string();
        out.push(("history_pokerstars", name, bytes));
    }
    let text =
        std::fs::read_to_string(data.join("generated/seed-2026-10000-hands-first-100.jsonl"))
            .expect("generated corpus");
    let hands: Vec<holdem_history::HandHistory> =
        text.lines().take(4).map(serde_json_line).collect();
    for (i, hand) in hands.iter().enumerate() {
        let mut jsonl = Vec::new();
        holdem_history::native::write_jsonl(&mut jsonl, hand).expect("jsonl");
        out.push(("history_jsonl", format!("generated-{i}"), jsonl));
        let mut pc = Vec::new();
        holdem_history::native::write_postcard_header(&mut pc).expect("header");
        holdem_history::native::write_postcard(&mut pc, hand).expect("postcard");
        out.push(("history_postcard", format!("generated-{i}"), pc));
        out.push((
            "history_phh",
            format!("generated-{i}.phh"),
            holdem_history::phh::write_phh(hand)
                .expect("generated hands are PHH")
                .into_bytes(),
        ));
    }
    out
}

/// Driver and cash-game states as JSON (issue 35): drivers of every limit (no
/// limit, pot limit, fixed limit, pot limit before the flop and no limit after)
/// with two to six players, saved after every third decision (at decisions
/// and before a street's cards), dealing from a full deck or from a deck
/// shuffled for the hand; cash games at three tables between hands and after
/// every third decision of a hand.
fn driver_seeds() -> Vec<(&'static str, String, Vec<u8>)> {
    use holdem_betting::table::{ButtonRule, CashTable, Occupant};
    use holdem_betting::{
        Bot, CashGame, Chips, Dealer, Deck, Driver, Hand, HandConfig, Player, RandomBot, Seat,
        Step, StreetStructures,
    };
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    let seat = |i: u8| Seat::new(i).expect("seat");
    let mut out = Vec::new();
    let configs = [
        HandConfig::no_limit(Chips(20)),
        HandConfig::pot_limit(Chips(20)),
        HandConfig::fixed_limit(Chips(20), Chips(40)),
        HandConfig::mixed(
            Chips(20),
            StreetStructures::POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP,
        ),
    ];
    for (i, config) in configs.iter().enumerate() {
        for (j, n) in [2u8, 4, 6].into_iter().enumerate() {
            let players: Vec<Player> = (0..n)
                .map(|k| Player::new(seat(k), Chips(400 + 300 * u64::from(k))))
                .collect();
            let hand = Hand::new(*config, &players, seat(0)).expect("hand");
            let mut rng = ChaCha8Rng::seed_from_u64((i * 3 + j) as u64);
            let mut driver: Driver = if j % 2 == 0 {
                Driver::shuffled(hand, &mut rng)
            } else {
                Driver::new(hand, Dealer::new(Deck::seeded((i * 3 + j) as u64)))
            };
            let mut bot = RandomBot::new(rng);
            for k in 0.. {
                let action = match driver.advance().expect("a driven hand") {
                    Step::Decision(turn) => bot.decide(&turn),
                    Step::Complete => break,
                };
                driver.act(action).expect("a legal action");
                if k % 3 != 0 {
                    continue;
                }
                out.push((
                    "driver_state_json",
                    format!("driver-{i}-{n}-{k:02}.json"),
                    serde_json::to_vec(&driver).expect("a driver serializes"),
                ));
            }
        }
    }
    for (i, config) in configs.iter().enumerate().take(3) {
        let mut table = CashTable::new(ButtonRule::DeadButton, seat(0));
        for k in 0..(3 + i as u8) {
            table
                .seat(
                    seat(2 * k),
                    Occupant::Playing {
                        stack: Chips(5_000),
                    },
                )
                .expect("a seat");
        }
        let mut game = CashGame::new(*config, table).expect("a cash game");
        let mut rng = ChaCha8Rng::seed_from_u64(100 + i as u64);
        let mut bot = RandomBot::new(ChaCha8Rng::seed_from_u64(200 + i as u64));
        for h in 0..3 {
            let save = |game: &CashGame| serde_json::to_vec(game).expect("a game serializes");
            out.push((
                "driver_state_json",
                format!("cash-{i}-{h}.json"),
                save(&game),
            ));
            if game.start_hand(&mut rng).is_err() {
                break; // too few players left
            }
            for k in 0.. {
                let driver = game.driver().expect("the hand");
                let action = match driver.advance().expect("a driven hand") {
                    Step::Decision(turn) => bot.decide(&turn),
                    Step::Complete => break,
                };
                driver.act(action).expect("a legal action");
                if h == 1 && k % 3 == 0 {
                    out.push((
                        "driver_state_json",
                        format!("cash-{i}-{h}-{k:02}.json"),
                        save(&game),
                    ));
                }
            }
            game.finish_hand().expect("a finished hand");
        }
    }
    out
}

/// One JSON Lines hand.
fn serde_json_line(line: &str) -> holdem_history::HandHistory {
    holdem_history::native::JsonlHands::new(line.as_bytes())
        .next()
        .expect("a line")
        .expect("a hand")
}

#[test]
fn seeds_made_from_the_engine_pass_their_checks() {
    // With HOLDEM_FUZZ_WRITE_SEEDS=1 they are (re)written into the corpora.
    let write = std::env::var_os("HOLDEM_FUZZ_WRITE_SEEDS").is_some();
    let mut failures = Vec::new();
    for (target, name, bytes) in seeds() {
        let check = TARGETS
            .iter()
            .find(|t| t.name == target)
            .map(|t| t.check)
            .expect("a target");
        if let Err(e) = check(&bytes) {
            failures.push(format!("{target}/{name}: {e}"));
        }
        if write {
            std::fs::create_dir_all(corpus_dir(target)).expect("corpus dir");
            std::fs::write(corpus_dir(target).join(&name), &bytes).expect("write seed");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn pokerstars_seeds_reach_the_round_trip() {
    // The history_pokerstars check is only as strong as the hands that get
    // past the importer: most seed hands must, and a few must not.
    let (mut imported, mut refused) = (0, 0);
    for (target, _, bytes) in seeds() {
        if target != "history_pokerstars" {
            continue;
        }
        let text = holdem_history::pokerstars::decode(&bytes);
        for parsed in holdem_history::pokerstars::parse_hands(&text) {
            match parsed.and_then(|h| holdem_history::pokerstars::import(&h)) {
                Ok(_) => imported += 1,
                Err(_) => refused += 1,
            }
        }
    }
    assert!(imported >= 12, "{imported} imported, {refused} refused");
    assert!(refused >= 2, "{imported} imported, {refused} refused");
}

#[test]
fn h6_each_site_targets_corpus_reaches_the_round_trip() {
    // A site target checks only the hands that get past its reader and the
    // builder: most hands of its checked-in corpus (the site's real files) must.
    for site in [
        "ggpoker",
        "fulltilt",
        "winamax",
        "wpn",
        "888",
        "partypoker",
        "ipoker",
    ] {
        let target = format!("history_{site}");
        let (mut imported, mut refused) = (0, 0);
        for (_, bytes) in corpus(&target) {
            let text = holdem_history::sites::text::decode(&bytes);
            let lines: Vec<(u32, &str)> = holdem_history::sites::text::lines(&text).collect();
            let hands = if site == "ipoker" {
                holdem_history::sites::ipoker::parse_session(&lines)
            } else {
                holdem_history::pokerstars::parse_hands(&text)
            };
            for parsed in hands {
                match parsed.and_then(|h| holdem_history::sites::build(&h, h.header.site)) {
                    Ok(_) => imported += 1,
                    Err(_) => refused += 1,
                }
            }
        }
        assert!(
            imported >= 20 && imported > refused,
            "{target}: {imported} imported, {refused} refused"
        );
    }
}
