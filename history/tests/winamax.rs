//! H6 on the Winamax data in `data/histories/winamax/` (real cash hands, crafted
//! tournament hands): the files are found by
//! their content as `holdem replay` finds them (a file that holds no Winamax text
//! hand, such as the client's XML export, is skipped), every hold'em hand imports,
//! replays and agrees with its text, and PHH and the native formats keep it.

mod support;

use holdem_history::pokerstars::{Amount, BuyIn, Currency, check, import, parse_hands};
use holdem_history::replay::{HouseRules, replay_hand};
use support::{Replayed, convert_site, replay_site};

#[test]
fn h6_winamax_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    // 34 real hands of `hhsmithy/` and `hhsmithy-history/`, the 3 crafted
    // tournament hands and 885 of `phud/` (87 of them Go Fast) settle;
    // unsupported by name: 76 Omaha hands, 116 at play-money tables, two blinds
    // posted out of position on the button and a big blind short with no small
    // blind.
    assert_eq!(
        replay_site("winamax", true),
        Replayed {
            ok: 922,
            unsupported: 195
        }
    );
}

#[test]
fn h6_winamax_hands_survive_phh_and_the_native_formats() {
    assert_eq!(convert_site("winamax"), 922);
}

/// The crafted tournament hands, read and replayed after `edit`: every hand
/// settles and agrees with its text; returns each hand's buy-in.
fn tournament_buy_ins(edit: impl Fn(&str) -> String) -> Vec<BuyIn> {
    file_buy_ins("winamax/crafted/tournaments.txt", edit)
}

/// The hands of a file of `data/histories/`, read and replayed after `edit`:
/// every hand settles and agrees with its text; returns each hand's buy-in.
fn file_buy_ins(file: &str, edit: impl Fn(&str) -> String) -> Vec<BuyIn> {
    let path = format!("{}/../data/histories/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = edit(&std::fs::read_to_string(path).expect("readable"));
    let mut buy_ins = Vec::new();
    for hand in parse_hands(&text) {
        let hand = hand.expect("reads");
        let imported = import(&hand).expect("imported");
        let outcome = replay_hand(&imported.history, &HouseRules::standard());
        check(&imported, &outcome).expect("agrees with its text");
        buy_ins.push(hand.header.tournament.expect("a tournament").buy_in);
    }
    buy_ins
}

#[test]
fn h6_winamax_buy_in_with_the_euro_sign_first_or_paid_by_ticket_reads() {
    // The 2016 client writes `buyIn: €4.50 + €4.50 + €1` and, for a ticket,
    // `buyIn: Ticket only` (`SitAndGo_GeneralHands_GeneralHand.txt` and
    // `MultiTableTournament_*` in `data/histories/winamax/hhsmithy-history/`).
    let euro_first = tournament_buy_ins(|t| t.replacen("1.86€ + 0.14€", "€1.86 + €0.14", 1));
    assert_eq!(
        euro_first[0],
        BuyIn::Paid {
            parts: vec![Amount(186), Amount(14)],
            currency: Currency::Eur
        }
    );
    let ticket = tournament_buy_ins(|t| t.replacen("1.86€ + 0.14€", "Ticket only", 1));
    assert_eq!(
        ticket[0],
        BuyIn::Paid {
            parts: Vec::new(),
            currency: Currency::Eur
        }
    );
}

#[test]
fn h6_winamax_buy_in_with_a_decimal_comma_free_or_in_play_chips_reads() {
    // The 2014-2016 client writes `buyIn: 0,90€ + 0,10€`, `buyIn: Free`, and at
    // play-money tables `buyIn: 9 + 1` (`data/histories/winamax/phud/`).
    let comma = tournament_buy_ins(|t| t.replacen("1.86€ + 0.14€", "1,86€ + 0,14€", 1));
    assert_eq!(
        comma[0],
        BuyIn::Paid {
            parts: vec![Amount(186), Amount(14)],
            currency: Currency::Eur
        }
    );
    let free = tournament_buy_ins(|t| t.replacen("1.86€ + 0.14€", "Free", 1));
    assert_eq!(free[0], BuyIn::Freeroll);
    let chips = tournament_buy_ins(|t| t.replacen("1.86€ + 0.14€", "9 + 1", 1));
    assert_eq!(
        chips[0],
        BuyIn::Paid {
            parts: vec![Amount(900), Amount(100)],
            currency: Currency::Chips
        }
    );
}

#[test]
fn h6_winamax_side_pot_numbered_with_a_blank_settles() {
    // A real free-roll hand (`buyIn: Free`) whose winner collects `from side pot 1`.
    let file = "winamax/phud/hands_20141119_Freeroll(99427750)_real_holdem_no-limit.txt";
    let text = std::fs::read_to_string(format!(
        "{}/../data/histories/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("readable");
    assert!(text.contains(" collected 3300 from side pot 1"));
    assert_eq!(file_buy_ins(file, str::to_string), vec![BuyIn::Freeroll]);
}

#[test]
fn h6_winamax_go_fast_hands_are_fast_fold_cash_hands_and_settle() {
    // Winamax's fast-fold cash game: `Winamax Poker - Go Fast "Colorado 3" - ...`
    // (`data/histories/winamax/phud/`, real hands).
    let file = "winamax/phud/tc1591_history_20150309_Colorado-3_real_holdem_no-limit.txt";
    let text = std::fs::read_to_string(format!(
        "{}/../data/histories/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("readable");
    assert!(text.starts_with("Winamax Poker - Go Fast \"Colorado 3\""));
    let mut hands = 0;
    for hand in parse_hands(&text) {
        let hand = hand.expect("reads");
        assert!(hand.header.zoom && hand.header.tournament.is_none());
        assert_eq!(hand.header.currency, Currency::Eur);
        let imported = import(&hand).expect("imported");
        let outcome = replay_hand(&imported.history, &HouseRules::standard());
        check(&imported, &outcome).expect("agrees with its text");
        hands += 1;
    }
    assert!(hands > 1, "{hands} hands");
}

#[test]
fn h6_b15_a_winamax_raise_when_every_opponent_is_all_in_is_a_call_and_the_rest_comes_back() {
    // Real hand #1425939781: `tc1591 raises 0.96€ to 1.68€ and is all-in`, then
    // `JOOL81 raises 0.96€ to 2.64€`, which no one can answer (B15). Winamax keeps
    // the 0.96€ no one matched in the pot (`Total pot 5€ | Rake 0.28€`) and gives
    // it back in `JOOL81 collected 5€`: a call to 1.68€, a pot of 4.32€.
    let file = "winamax/phud/tc1591_history_20150309_Colorado-1_real_holdem_no-limit.txt";
    let text = std::fs::read_to_string(format!(
        "{}/../data/histories/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("readable");
    assert!(text.contains("JOOL81 raises 0.96€ to 2.64€\n"));
    let hand = parse_hands(&text)
        .into_iter()
        .map(|h| h.expect("reads"))
        .find(|h| h.header.id == 1_425_939_781)
        .expect("the hand is in the file");
    let imported = import(&hand).expect("imported");
    assert_eq!(imported.total_pot, 432);
    assert_eq!(imported.rake, 28);
    // JOOL81 (seat 1) ends with 12.18 - 3.11 + 5.00 = 14.07.
    assert_eq!(imported.final_stacks[0], 1407);
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
}

/// Hand `id` of a file of `data/histories/`, imported and replayed: it agrees
/// with its text.
fn settled_hand(file: &str, id: u64, line: &str) -> holdem_history::pokerstars::Imported {
    let text = std::fs::read_to_string(format!(
        "{}/../data/histories/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("readable");
    assert!(text.contains(line), "{line}");
    let hand = parse_hands(&text)
        .into_iter()
        .map(|h| h.expect("reads"))
        .find(|h| h.header.id == id)
        .expect("the hand is in the file");
    let imported = import(&hand).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    imported
}

#[test]
fn h6_winamax_a_player_who_denies_a_blind_is_not_dealt_in() {
    // Real hand #1427479012: `byczybycz denies big blind`, and the next seats
    // post the blinds; byczybycz posts nothing and is not dealt in.
    let imported = settled_hand(
        "winamax/phud/sabre_laser_history_20150327_Frankfurt_real_holdem_no-limit.txt",
        1_427_479_012,
        "byczybycz denies big blind\n",
    );
    let players = imported.history.meta.players.clone().unwrap_or_default();
    assert!(!players.iter().any(|p| p == "byczybycz"), "{players:?}");
    assert!(players.iter().any(|p| p == "Gauth7"), "{players:?}");
    // A small blind denied: the hand has only a big blind.
    settled_hand(
        "winamax/phud/sabre_laser_history_20150309_Frankfurt-08_real_holdem_no-limit.txt",
        1_425_931_404,
        "Jopel67 denies small blind\n",
    );
}

#[test]
fn h6_b13_a_winamax_raise_written_from_a_short_big_blinds_post_settles() {
    // Real hand #1436877427: the big blind is all-in for 380 of 500, a player
    // calls the full 500 (B13), and `kolpiot raises 620 to 1000` is written
    // from the 380 the blind put in: a raise to 1000.
    settled_hand(
        "winamax/phud/sabre_laser_history_20150714_Freeroll(123328170)_real_holdem_no-limit.txt",
        1_436_877_427,
        "kolpiot raises 620 to 1000\n",
    );
    // The big blind all-in for 5: `raises 1565 to 1570`.
    settled_hand(
        "winamax/phud/sabre_laser_history_20150831_Double-or-Nothing(129143966)_real_holdem_no-limit.txt",
        1_441_045_769,
        "sabre_laser raises 1565 to 1570 and is all-in\n",
    );
}
