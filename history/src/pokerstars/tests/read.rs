//! Reading PokerStars text into the typed hand (H5).

use super::*;

#[test]
fn h5_a_cash_hand_reads_into_its_typed_form() {
    let hand = one(CASH).expect("the sample reads");
    assert_eq!(hand.header.id, 247_743_239_964);
    assert!(!hand.header.game_form && !hand.header.zoom);
    assert_eq!(hand.header.limit, Limit::NoLimit);
    assert_eq!(hand.header.currency, Currency::Usd);
    assert_eq!(hand.header.stakes, (Amount(25), Amount(50)));
    assert_eq!(hand.header.times.len(), 1);
    assert_eq!(hand.header.times[0].zone.as_deref(), Some("ET"));
    assert_eq!(hand.table.name, "Sirona");
    assert_eq!(hand.table.max_seats, Some(6));
    assert_eq!(hand.table.button, 5);
    assert_eq!(hand.seats.len(), 4);
    assert_eq!(hand.seats[1].name, "mh: uggins");
    assert_eq!(hand.seats[2].state, SeatState::SittingOut);
    assert_eq!(hand.seats[0].stack, Amount(3521));
    assert_eq!(hand.button_index(), Some(2));
    assert_eq!(
        hand.events[0].event,
        Event::Post {
            seat: 3,
            kind: PostKind::SmallBlind,
            amount: Amount(25),
            all_in: false
        }
    );
    assert!(hand.events.iter().any(|l| l.event
        == Event::Dealt {
            seat: 1,
            cards: [card("3s"), card("Qh")]
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Raise {
            seat: 1,
            by: Amount(50),
            to: Amount(100),
            all_in: false
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Bet {
            seat: 3,
            amount: Amount(350),
            all_in: true
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Note {
            seat: Some(1),
            note: Note::Chat
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Uncalled {
            seat: 3,
            amount: Amount(350)
        }));
    assert!(hand.events.iter().any(|l| l.event
        == Event::Collected {
            seat: 3,
            amount: Amount(464),
            pot: PotName::Pot
        }));
    assert_eq!(hand.summary.total_pot, Amount(488));
    assert_eq!(hand.summary.rake, Amount(24));
    assert_eq!(hand.summary.boards.len(), 1);
    assert_eq!(hand.summary.seats.len(), 4);
    assert_eq!(hand.summary.seats[3].won, vec![Amount(464)]);
}

#[test]
fn h5_line_ends_byte_order_marks_and_trailing_blanks_do_not_change_the_hand() {
    let plain = one(CASH).expect("the sample reads");
    let crlf = format!("\u{feff}{}", CASH.replace('\n', "  \r\n"));
    let cr = CASH.replace('\n', "\r");
    for text in [crlf, cr] {
        let hand = one(&text).expect("the variant reads");
        assert_eq!(hand.events, plain.events);
        assert_eq!(hand.summary, plain.summary);
    }
}

#[test]
fn h5_windows_1252_files_decode_the_euro_sign() {
    let euro = CASH.replace('$', "€").replace("USD", "EUR");
    let bytes: Vec<u8> = euro
        .chars()
        .map(|c| if c == '€' { 0x80 } else { c as u8 })
        .collect();
    assert!(std::str::from_utf8(&bytes).is_err());
    let text = decode(&bytes);
    let hand = one(&text).expect("the Windows-1252 hand reads");
    assert_eq!(hand.header.currency, Currency::Eur);
    assert_eq!(hand.summary.rake, Amount(24));
    let utf8 = format!("\u{feff}{euro}");
    assert_eq!(decode(utf8.as_bytes()), euro);
}

#[test]
fn h5_several_hands_per_file_are_read_one_by_one() {
    let text = format!(
        "{CASH}\n\n\n{}\n\n*********** # 3 **************\n{CASH}",
        CASH.replace("Seat 3: mh: uggins ($50", "Seat 3: mh: uggins ($5.001")
    );
    let all = parse_hands(&text);
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[2].is_ok());
    let e = all[1].as_ref().expect_err("the middle hand is bad");
    assert_eq!(e.hand, Some(247_743_239_964));
    assert_eq!(e.line, 37 + 4, "the bad seat line of the second hand");
}

#[test]
fn h5_older_game_headers_zoom_and_time_zones() {
    let old = "PokerStars Game #23371891311: Tournament #130326981, $10+$1 Hold'em No Limit - Level I (10/20) - 2008/12/29 14:33:21 ET";
    let zoom = "PokerStars Zoom Hand #164150709626:  Hold'em No Limit ($0.02/$0.05) - 2017/01/06 17:15:11 ET";
    let two = "PokerStars Hand #105024000105: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - Level XI (400/800) - 2013/10/04 19:53:27 CET [2013/10/04 13:53:27 ET]";
    let first = CASH.lines().next().unwrap_or("");
    let chips = CASH.replace('$', "");
    let chips_first = chips.lines().next().unwrap_or("");
    let h = one(&chips.replacen(chips_first, old, 1)).expect("old header reads");
    assert!(h.header.game_form);
    let t = h.header.tournament.as_ref().expect("a tournament");
    assert_eq!(t.id, 130_326_981);
    assert_eq!(t.level.as_deref(), Some("I"));
    assert_eq!(
        t.buy_in,
        BuyIn::Paid {
            parts: vec![Amount(1000), Amount(100)],
            currency: Currency::Usd
        }
    );
    assert_eq!(h.header.currency, Currency::Chips);
    assert_eq!(h.header.stakes, (Amount(1000), Amount(2000)));
    let z = one(&CASH.replacen(first, zoom, 1)).expect("zoom reads");
    assert!(z.header.zoom && z.header.currency == Currency::Usd);
    let h = one(&chips.replacen(chips_first, two, 1)).expect("two times read");
    assert_eq!(h.header.times.len(), 2);
    assert_eq!(h.header.times[0].zone.as_deref(), Some("CET"));
    assert_eq!(h.header.times[1].time, (13, 53, 27));
    assert_eq!(h.header.stakes, (Amount(40_000), Amount(80_000)));
}

#[test]
fn h5_tournament_buy_ins_freeroll_bounty_and_play_money() {
    let base = "PokerStars Hand #1: Tournament #2, BUYIN Hold'em No Limit - Level III (50/100) - 2018/03/09 23:36:32 CET [2018/03/09 17:36:32 ET]";
    let chips = CASH.replace('$', "");
    let first = chips.lines().next().unwrap_or("");
    let read = |buy: &str| {
        one(&chips.replacen(first, &base.replace("BUYIN", buy), 1))
            .map(|h| h.header.tournament.map(|t| t.buy_in))
    };
    assert_eq!(read("Freeroll ").ok().flatten(), Some(BuyIn::Freeroll));
    assert_eq!(
        read("$4.55+$4.55+$0.90 USD").ok().flatten(),
        Some(BuyIn::Paid {
            parts: vec![Amount(455), Amount(455), Amount(90)],
            currency: Currency::Usd
        })
    );
    assert_eq!(
        read("€9.20+€0.80 EUR").ok().flatten(),
        Some(BuyIn::Paid {
            parts: vec![Amount(920), Amount(80)],
            currency: Currency::Eur
        })
    );
    assert_eq!(
        read("1000+100").ok().flatten(),
        Some(BuyIn::Paid {
            parts: vec![Amount(100_000), Amount(10_000)],
            currency: Currency::Chips
        })
    );
}

#[test]
fn h5_seats_with_bounties_and_out_of_hand_players() {
    let text = CASH
        .replace('$', "")
        .replacen(
            CASH.lines().next().unwrap_or(""),
            "PokerStars Hand #247678901194: Tournament #3429918960, $4.55+$4.55+$0.90 USD Hold'em No Limit - Level XXVI (2000/4000) - 2023/12/25 18:48:09 ET",
            1,
        )
        .replace(
            "Seat 1: natek526 (35.21 in chips)",
            "Seat 1: natek526 (755175 in chips, $148.95 bounty)",
        )
        .replace(
            "maketheca11 (73.33 in chips) is sitting out",
            "maketheca11 (73.33 in chips) out of hand (moved from another table into small blind)",
        );
    let hand = one(&text).expect("reads");
    assert_eq!(hand.seats[0].stack, Amount(75_517_500));
    assert_eq!(hand.seats[0].bounty, Some(Amount(14_895)));
    assert_eq!(hand.seats[2].state, SeatState::OutOfHand);
}

#[test]
fn h5_forced_bets_antes_dead_blinds_and_no_small_blind() {
    let text = cash_with(
        "omgmuffins: posts small blind $0.25\n",
        "omgmuffins: posts the ante $0.05\nnatek526: posts the ante $0.05\nmaketheca11: posts small & big blinds $0.75\n",
    );
    let hand = one(&text).expect("reads");
    let posts: Vec<_> = hand
        .events
        .iter()
        .filter_map(|l| match l.event {
            Event::Post { kind, amount, .. } => Some((kind, amount)),
            _ => None,
        })
        .collect();
    assert_eq!(
        posts,
        vec![
            (PostKind::Ante, Amount(5)),
            (PostKind::Ante, Amount(5)),
            (PostKind::SmallAndBig, Amount(75)),
            (PostKind::BigBlind, Amount(50)),
        ]
    );
}

#[test]
fn h5_run_it_twice_reads_both_boards_and_both_showdowns() {
    let hand = one(RIT).expect("reads");
    let boards: Vec<_> = hand
        .events
        .iter()
        .filter_map(|l| match &l.event {
            Event::Board { street, run, .. } => Some((*street, *run)),
            _ => None,
        })
        .collect();
    assert_eq!(boards.len(), 6);
    assert_eq!(boards[0], (Street::Flop, Run::First));
    assert_eq!(boards[5], (Street::River, Run::Second));
    assert!(
        hand.events
            .iter()
            .any(|l| l.event == Event::ShowDown(Run::Second))
    );
    assert!(hand.summary.run_twice);
    assert_eq!(hand.summary.boards.len(), 2);
    assert_eq!(hand.summary.seats[0].won, vec![Amount(100_850)]);
    assert_eq!(
        hand.summary.seats[2].cards.as_slice(),
        &[card("Jd"), card("Qs")]
    );
}

#[test]
fn h5_side_pots_in_the_summary_and_collected_lines() {
    let text = cash_with("Total pot $4.88 | Rake $0.24", "Total pot $4.88 Main pot $3. Side pot-1 $1. Side pot-2 $0.64. | Rake $0.24")
        .replace("omgmuffins collected $4.64 from pot", "omgmuffins collected $3 from main pot\nomgmuffins collected $1 from side pot-1\nomgmuffins collected $0.64 from side pot-2");
    let hand = one(&text).expect("reads");
    assert_eq!(hand.summary.main_pot, Some(Amount(300)));
    assert_eq!(hand.summary.side_pots, vec![Amount(100), Amount(64)]);
    assert!(hand.events.iter().any(|l| matches!(
        l.event,
        Event::Collected {
            pot: PotName::SideN(2),
            ..
        }
    )));
}

#[test]
fn h5_cards_never_shown_stay_unknown() {
    let hand = one(CASH).expect("reads");
    let dealt = hand
        .events
        .iter()
        .filter(|l| matches!(l.event, Event::Dealt { .. }))
        .count();
    assert_eq!(dealt, 1, "only the hero's cards are in the text");
    assert!(hand.summary.seats.iter().all(|s| s.cards.is_empty()));
}

#[test]
fn h5_content_detection_finds_pokerstars_text() {
    assert!(looks_like_pokerstars(CASH));
    assert!(looks_like_pokerstars(&format!("\u{feff}\r\n\r\n{CASH}")));
    assert!(!looks_like_pokerstars("variant = 'NT'\n"));
    assert!(!looks_like_pokerstars("Seat 1: a (5 in chips)\n"));
    // The other sites read over the same layer (H6) are found the same way.
    assert!(looks_like_pokerstars("Full Tilt Poker Game #1: ...\n"));
    assert!(looks_like_pokerstars("Poker Hand #RC1: ...\n"));
}
