//! H6 for the Winning Poker Network and 888poker (and Winamax in the mangled-text
//! property): their real files in
//! `data/histories/<site>/` are found by content, replay and agree with their text,
//! survive PHH and the native formats; crafted bad text gets a typed error at its
//! line, another game a typed "unsupported" naming it.

use holdem_history::pokerstars::{
    Currency, Hand, PokerStarsError, PokerStarsErrorKind as Kind, check, decode, import,
    parse_hands,
};
use holdem_history::replay::{HouseRules, Outcome, replay_hand};

mod support;

use support::{convert_site, replay_site};

fn one(text: &str) -> Result<Hand, PokerStarsError> {
    let mut hands = parse_hands(text);
    assert_eq!(hands.len(), 1, "one hand in {text}");
    hands.remove(0)
}

const WPN: &str = "Game started at: 2014/3/26 21:50:57
Game ID: 267244548 0.25/0.50 Magnetite   (JP) - 5 (Hold'em)
Seat 2 is the button
Seat 2: ConverseX (50).
Seat 3: choptop (20.25).
Seat 4: Cellar door (28.03).
Seat 5: TheKunttzz (38.79).
Player choptop has small blind (0.25)
Player Cellar door has big blind (0.50)
Player TheKunttzz posts (0.25) as a dead bet
Player TheKunttzz posts (0.50)
Player choptop received a card.
Player choptop received a card.
Player Cellar door received a card.
Player Cellar door received a card.
Player TheKunttzz received card: [10h]
Player TheKunttzz received card: [Ah]
Player ConverseX received a card.
Player ConverseX received a card.
Player TheKunttzz raises (1.50)
Player ConverseX folds
Player choptop folds
Player Cellar door calls (1.50)
*** FLOP ***: [3h 4c 2c]
Player Cellar door checks
Player TheKunttzz allin (36.54)
Player Cellar door folds
Uncalled bet (36.54) returned to TheKunttzz
Player TheKunttzz mucks cards
------ Summary ------
Pot: 4.25. Rake 0.25
Board: [3h 4c 2c]
Player Cellar door does not show cards.Bets: 2. Collects: 0. Loses: 2.
Player ConverseX does not show cards.Bets: 0. Collects: 0. Wins: 0.
Player choptop does not show cards.Bets: 0.25. Collects: 0. Loses: 0.25.
*Player TheKunttzz mucks (does not show cards). Bets: 2.25. Collects: 4.25. Wins: 2.
Game ended at: 2014/3/26 21:51:43
";

#[test]
fn h6_wpn_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    assert!(replay_site("wpn", true).ok >= 74);
}

#[test]
fn h6_wpn_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("wpn") >= 74);
}

#[test]
fn h6_wpn_dead_blind_all_in_and_hero_cards_import_and_settle() {
    let hand = one(WPN).expect("read");
    assert_eq!(hand.header.currency, Currency::Usd);
    let imported = import(&hand).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    // Four seated players are dealt in; the dead small blind is in the pot.
    assert_eq!(imported.history.starting_stacks.len(), 4);
}

#[test]
fn h6_wpn_utf16_file_with_a_byte_order_mark_is_read() {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in WPN.encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    let hands = parse_hands(&decode(&bytes));
    assert_eq!(hands.len(), 1);
    assert!(hands[0].is_ok(), "{:?}", hands[0]);
}

#[test]
fn h6_wpn_omaha_is_unsupported_naming_the_game() {
    let text = WPN.replace("(Hold'em)", "(Omaha)");
    let e = one(&text).expect_err("Omaha");
    assert!(e.is_unsupported());
    assert!(e.to_string().contains("Omaha"), "{e}");
    assert_eq!(e.line, 2);
}

#[test]
fn h6_wpn_bad_amount_is_a_typed_error_at_its_line() {
    let text = WPN.replace("raises (1.50)", "raises (1.5x)");
    let e = one(&text).expect_err("bad amount");
    assert!(matches!(e.kind, Kind::Amount { .. }), "{e}");
    assert_eq!(e.line, 20);
}

#[test]
fn h6_wpn_action_by_a_stranger_is_a_typed_error_at_its_line() {
    let text = WPN.replace("Player ConverseX folds", "Player Nobody folds");
    let e = one(&text).expect_err("unknown player");
    assert!(matches!(e.kind, Kind::UnknownPlayer(_)), "{e}");
    assert_eq!(e.line, 21);
}

#[test]
fn h6_wpn_hand_without_its_summary_is_truncated() {
    let cut = WPN.split("------ Summary").next().expect("text");
    let e = one(cut).expect_err("truncated");
    assert!(matches!(e.kind, Kind::Truncated(_)), "{e}");
}

#[test]
fn h6_wpn_pot_other_than_what_is_collected_is_a_disagreement_at_its_line() {
    let text = WPN.replace("Pot: 4.25.", "Pot: 4.50.");
    let e = one(&text).expect_err("disagreement");
    assert!(matches!(e.kind, Kind::Disagreement { .. }), "{e}");
    assert_eq!(e.line, 31);
}

#[test]
fn h6_wpn_rake_is_bets_less_collects_with_the_jackpot_drop() {
    let imported = import(&one(WPN).expect("read")).expect("imported");
    // Bets 4.50 in all, 4.25 collected: 0.25 taken (rake and jackpot drop).
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees");
    let Outcome::Ok { rake, .. } = outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!(rake, 25);
}

const WINAMAX: &str = "Winamax Poker - CashGame - HandId: #5281577-471-1382586707 - Holdem no limit (0.50€/1€) - 2013/10/24 03:51:47 UTC
Table: 'Gold Coast-Tweed 13' 3-max (real money) Seat #2 is the button
Seat 1: Barthez91 (138.61€)
Seat 2: titi 63000 (116.40€)
Seat 3: titi (50€)
*** ANTE/BLINDS ***
titi posts small blind 0.50€
Barthez91 posts big blind 1€
Dealt to titi [Ah Kh]
*** PRE-FLOP ***
titi 63000 raises 1.50€ to 2.50€
titi folds
Barthez91 calls 1.50€
*** FLOP *** [3c 7d 2s]
Barthez91 checks
titi 63000 bets 2€
Barthez91 folds
Uncalled bet (2€) returned to titi 63000
titi 63000 collected 5.50€ from pot
*** SUMMARY ***
Total pot 5.50€ | No rake
Board: [3c 7d 2s]
Seat 2: titi 63000 (button) won 5.50€
";

const PACIFIC: &str = "#Game No : 539304533
***** 888poker Hand History for Game 539304533 *****
$0.50/$1 Blinds No Limit Holdem - *** 06 01 2014 22:40:28
Table Abbotsford 6 Max (Real Money)
Seat 1 is the button
Total number of players : 3
Seat 1: alexhind1980 ( $6 )
Seat 2: expos299 ( $1,064.84 )
Seat 9: FLopDonkey ( $55.40 )
expos299 posts small blind [$0.50]
FLopDonkey posts big blind [$1]
** Dealing down cards **
Dealt to FLopDonkey [ Ah, Kd ]
alexhind1980 raises [$6]
expos299 folds
FLopDonkey calls [$5]
** Dealing flop ** [ Jc, Kc, 3c ]
** Dealing turn ** [ 2s ]
** Dealing river ** [ 4d ]
** Summary **
alexhind1980 shows [ Qs, Qd ]
FLopDonkey shows [ Ah, Kd ]
FLopDonkey collected [ $12.20 ]
";

#[test]
fn h6_888poker_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    assert!(replay_site("888", true).ok >= 140);
}

#[test]
fn h6_888poker_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("888") >= 140);
}

#[test]
fn h6_888poker_all_in_unwritten_separators_and_rake_unwritten_settle() {
    let hand = one(PACIFIC).expect("read");
    assert_eq!(hand.header.currency, Currency::Usd);
    let imported = import(&hand).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    let Outcome::Ok { rake, .. } = outcome else {
        panic!("{outcome:?}");
    };
    // 12.50 in the pot, 12.20 collected.
    assert_eq!(rake, 30);
}

#[test]
fn h6_888poker_walk_collects_the_big_blinds_own_part_and_settles() {
    let walk = PACIFIC
        .split("alexhind1980 raises")
        .next()
        .expect("text")
        .to_string()
        + "alexhind1980 folds\nexpos299 folds\n** Summary **\nFLopDonkey collected [ $1.50 ]\n";
    let imported = import(&one(&walk).expect("read")).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
}

#[test]
fn h6_888poker_omaha_is_unsupported_naming_the_game() {
    let text = PACIFIC.replace("No Limit Holdem", "Pot Limit Omaha");
    let e = one(&text).expect_err("Omaha");
    assert!(e.is_unsupported());
    assert!(e.to_string().contains("Omaha"), "{e}");
    assert_eq!(e.line, 3);
}

#[test]
fn h6_888poker_bad_amount_is_a_typed_error_at_its_line() {
    let text = PACIFIC.replace("calls [$5]", "calls [$5.x]");
    let e = one(&text).expect_err("bad amount");
    assert!(matches!(e.kind, Kind::Amount { .. }), "{e}");
    assert_eq!(e.line, 16);
}

#[test]
fn h6_888poker_action_by_a_stranger_is_a_typed_error_at_its_line() {
    let text = PACIFIC.replace("expos299 folds", "nobody folds");
    let e = one(&text).expect_err("unknown player");
    assert!(matches!(e.kind, Kind::UnknownPlayer(_)), "{e}");
    assert_eq!(e.line, 15);
}

#[test]
fn h6_888poker_hand_without_its_summary_is_truncated() {
    let cut = PACIFIC.split("** Summary").next().expect("text");
    let e = one(cut).expect_err("truncated");
    assert!(matches!(e.kind, Kind::Truncated(_)), "{e}");
}

#[test]
fn h6_888poker_collecting_more_than_the_pot_is_a_disagreement() {
    let text = PACIFIC.replace("[ $12.20 ]", "[ $13 ]");
    let e = one(&text).expect_err("disagreement");
    assert!(matches!(e.kind, Kind::Disagreement { .. }), "{e}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever is cut out of or written into a Winning Poker Network, Winamax or
    /// 888poker hand, the readers answer with a hand or a typed error naming a line
    /// of the text, never a panic.
    #[test]
    fn h6_mangled_wpn_winamax_888_text_gives_a_hand_or_a_typed_error(
        site in 0usize..3,
        cut in 0usize..1800,
        len in 0usize..40,
        insert in "[ -~€,\n]{0,12}",
    ) {
        let text = [WPN, WINAMAX, PACIFIC][site];
        support::hands_or_typed_errors(&support::mangle(text, cut, len, &insert))?;
    }
}

#[test]
fn h6_p1_a_summary_pot_over_the_chips_in_play_is_a_disagreement_at_its_line() {
    // A `Bets:` of 44,444,444,444,444.44 makes a total pot no table holds (a
    // fuzz find: PHH wrote the rake drawn from it back negative).
    let text = WPN.replace(
        "Cellar door does not show cards.Bets: 2.",
        "Cellar door does not show cards.Bets: 44444444444444.44.",
    );
    assert_ne!(text, WPN);
    let err = import(&one(&text).expect("read")).expect_err("refused");
    let message = err.to_string();
    assert!(
        message.contains("with") && message.contains("in play") && message.contains("P1"),
        "{message}"
    );
}

#[test]
fn h6_b13_a_wpn_big_blind_all_in_for_less_before_the_cards_is_a_blind_and_the_call_is_full() {
    // Real hand #266919237 (HHSmithy's ValidHand_2): `Player L6U11C2K1Y3 allin
    // (0.24)` before the cards is a big blind all-in for less than 0.25; the
    // small blind calls the full blind (`calls (0.15)`, B13) and 0.01 comes back.
    let text = std::fs::read(format!(
        "{}/../data/histories/wpn/hhsmithy-older/CashGame_ValidHandTests_ValidHand_2.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("readable");
    let text = decode(&text);
    assert!(text.contains("Player L6U11C2K1Y3 allin (0.24)"));
    let imported = import(&one(&text).expect("read")).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    let Outcome::Ok { rake, .. } = outcome else {
        panic!("{outcome:?}");
    };
    // Bets 0.48 in all, 0.21 collected: 0.27 taken (the rake and the jackpot
    // drop of a `(JP)` table, as the summary's `Bets:` and `Collects:` say).
    assert_eq!(rake, 27);
}

#[test]
fn h6_p1_a_summary_rake_over_its_total_pot_is_a_disagreement_at_its_line() {
    // A real GGPoker hand (#RC3796146342) whose summary's rake is edited to
    // more than the total pot it is drawn from.
    let text = std::fs::read_to_string(format!(
        "{}/../data/histories/ggpoker/layorx/GG20250810-0305-RushAndCash11101602-0.02-0.05-6max.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("readable");
    let first = text.split("\n\n").next().expect("a hand");
    let edited = first.replace(
        "Total pot $3.91 | Rake $0.15 |",
        "Total pot $3.91 | Rake $3.95 |",
    );
    assert_ne!(edited, first);
    import(&one(first).expect("read")).expect("the hand as written imports");
    let err = import(&one(&edited).expect("read")).expect_err("refused");
    assert_eq!(err.line, 43, "{err}");
    let message = err.to_string();
    assert!(
        message.contains("a rake of") && message.contains("P1"),
        "{message}"
    );
}
