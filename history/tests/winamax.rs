//! H6 on the Winamax data in `data/histories/winamax/` (real cash hands, crafted
//! tournament hands): the files are found by
//! their content as `holdem replay` finds them (a file that holds no Winamax text
//! hand, such as the client's XML export, is skipped), every hold'em hand imports,
//! replays and agrees with its text, and PHH and the native formats keep it.

mod support;

use holdem_history::phh::{PhhWriteError, write_phh};
use holdem_history::pokerstars::{Amount, BuyIn, Currency, check, import, parse_hands};
use holdem_history::replay::{HouseRules, Outcome, replay_hand};
use holdem_history::{OddChips, TableRules};
use support::{Replayed, convert_site, replay_site};

#[test]
fn h6_winamax_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    // 34 real hands of `hhsmithy/` and `hhsmithy-history/`, the 3 crafted
    // tournament hands and 964 of `phud/` (87 of them Go Fast; three split pots
    // whose odd chips Winamax gives from the highest seat number down) settle;
    // unsupported by name: 76 Omaha hands, 116 at play-money tables, two blinds
    // posted out of position on the button and a big blind short with no small
    // blind.
    assert_eq!(
        replay_site("winamax", true),
        Replayed {
            ok: 1001,
            unsupported: 195
        }
    );
}

#[test]
fn h6_winamax_hands_survive_phh_and_the_native_formats() {
    assert_eq!(convert_site("winamax"), 1001);
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

/// Hand `id` of a file of `data/histories/winamax/phud/`: it records the odd
/// chips' order from the highest seat number down (listing the seats `seats`,
/// highest first), settles with it and agrees with its text, mismatches
/// without it, and PHH cannot record it.
fn odd_chips_from_the_highest_seat(file: &str, id: u64, seats: &[u32]) {
    let imported = settled_hand(&format!("winamax/phud/{file}"), id, &format!("-{id} - "));
    let rules = imported.history.table_rules().expect("valid house rules");
    let numbers = imported.history.meta.seats.clone().expect("seat numbers");
    let listed: Vec<u32> = rules
        .odd_chips
        .players()
        .iter()
        .map(|p| numbers[usize::from(*p)])
        .collect();
    assert_eq!(listed, seats);
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    assert!(matches!(outcome, Outcome::Ok { .. }), "{outcome:?}");
    // Without the recorded order the engine gives P3's: the stacks differ.
    let mut standard = imported.history.clone();
    standard.set_table_rules(TableRules {
        odd_chips: OddChips::LeftOfButton,
        ..rules
    });
    let outcome = replay_hand(&standard, &HouseRules::standard());
    assert!(matches!(outcome, Outcome::Mismatch { .. }), "{outcome:?}");
    // PHH has no field for the order: the hand stays in the native formats.
    assert_eq!(
        write_phh(&imported.history),
        Err(PhhWriteError::OddChipOrder)
    );
}

#[test]
fn h6_p3_winamax_gives_a_split_pots_odd_chips_from_the_highest_seat_number_down() {
    // Real hand #1441406040 (phud): a pot of 4,550 split three ways by seats
    // 2, 3 and 8 with the button on seat 5. Winamax gives the two odd chips to
    // seats 8 and 3 (the highest numbers), not to seats 8 and 2 (clockwise from
    // the button, P3's standard order).
    odd_chips_from_the_highest_seat(
        "sabre_laser_history_20150905_Double-or-Nothing(129613438)_real_holdem_no-limit.txt",
        1_441_406_040,
        &[10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
    );
}

#[test]
fn h6_p3_a_winamax_split_written_as_one_line_a_player_records_the_order_from_the_tie() {
    // Real hand #1440447732 (phud): seats 3 and 7 tie (full house, queens full
    // of fours) and share the main pot and side pot 1, but each writes one
    // `collected` line naming a different pot (`2442 from main pot`, `2528
    // from side pot 1`). The tie shown is the split; the odd chip of the main
    // pot went to seat 7, the higher number, not to seat 3, left of the button.
    odd_chips_from_the_highest_seat(
        "sabre_laser_history_20150824_Double-or-Nothing(128487158)_real_holdem_no-limit.txt",
        1_440_447_732,
        &[10, 9, 8, 7, 6, 5, 4, 3, 1],
    );
}

#[test]
fn h6_p3_a_winamax_pot_split_evenly_records_no_odd_chip_order() {
    // Three real cash hands of this file split a pot evenly (#…1425940162: 1.92
    // each; #…1425941313: 0.11; #…1425941359: 0.02): no odd chip, so no order
    // is recorded, and PHH keeps them. (#…1425941173 splits 0.15 unevenly: the
    // odd cent goes to seat 6, the button, before seat 1.)
    let path = format!(
        "{}/../data/histories/winamax/phud/tc1591_history_20150309_Colorado-3_real_holdem_no-limit.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("readable");
    let mut even = 0;
    for hand in parse_hands(&text) {
        let hand = hand.expect("reads");
        let Ok(imported) = import(&hand) else {
            continue;
        };
        let rules = imported.history.table_rules().expect("valid");
        if hand.header.id == 1_425_941_173 {
            assert!(!rules.is_standard());
        }
        if [1_425_940_162, 1_425_941_313, 1_425_941_359].contains(&hand.header.id) {
            even += 1;
            assert!(rules.is_standard(), "hand #{}", hand.header.id);
            let outcome = replay_hand(&imported.history, &HouseRules::standard());
            check(&imported, &outcome).expect("agrees with its text");
            write_phh(&imported.history).expect("PHH records it");
        }
    }
    assert_eq!(even, 3);
}
