//! The shared layer's own tests (rule H6): GGPoker's forms on crafted hands, each
//! malformed form a typed error at its line, other games unsupported by name, and
//! the encodings every site's files come in.

use crate::pokerstars::{PokerStarsErrorKind as Kind, check, import, parse_hands};
use crate::replay::{HouseRules, Outcome, replay_hand};

use super::ast::{Amount, Currency, Hand, Limit};
use super::error::{ImportError, ImportErrorKind};
use super::text::decode;

/// A GGPoker tournament hand: a name before the game, the level written without a
/// space, an ante in the level, thousands separators, everyone's empty `Dealt to`
/// line, a folded player who shows, `*** SHOWDOWN ***` and the summary's fees.
const GG_TOURNAMENT: &str = "Poker Hand #TM5030367055: Tournament #232064631, Bounty Hunters Special $2.50 Hold'em No Limit - Level12(400/800(100)) - 2025/09/26 11:36:31
Table '200' 8-max Seat #7 is the button
Seat 1: c0969eff (9,680 in chips)
Seat 3: 4f29b34d (34,700 in chips)
Seat 7: Hero (12,000 in chips)
c0969eff: posts the ante 100
4f29b34d: posts the ante 100
Hero: posts the ante 100
c0969eff: posts small blind 400
4f29b34d: posts big blind 800
*** HOLE CARDS ***
Dealt to c0969eff 
Dealt to 4f29b34d 
Dealt to Hero [Ah Kd]
Hero: raises 1,600 to 2,400
c0969eff: folds
4f29b34d: calls 1,600
*** FLOP *** [2s 6d 6h]
4f29b34d: checks
Hero: bets 3,000
4f29b34d: calls 3,000
*** TURN *** [2s 6d 6h] [Ts]
4f29b34d: checks
Hero: checks
*** RIVER *** [2s 6d 6h Ts] [Ac]
4f29b34d: checks
Hero: checks
c0969eff: shows [9h] (high card Nine)
4f29b34d: shows [Qc Qd] (two pair, Queens and Sixes)
Hero: shows [Ah Kd] (two pair, Aces and Sixes)
*** SHOWDOWN ***
Hero collected 11,500 from pot
*** SUMMARY ***
Total pot 11,500 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Board [2s 6d 6h Ts Ac]
Seat 1: c0969eff (small blind) folded before Flop
Seat 3: 4f29b34d (big blind) showed [Qc Qd] and lost with two pair, Queens and Sixes
Seat 7: Hero (button) showed [Ah Kd] and won (11,500) with two pair, Aces and Sixes
";

/// A GGPoker cash hand whose board ran twice from the turn: the flop dealt once is
/// written `*** FIRST FLOP ***`, and the summary's second board lists only its own
/// cards.
const GG_RUN_TWICE: &str =
    "Poker Hand #RC3793508388: Hold'em No Limit ($0.02/$0.05) - 2025/08/08 23:14:21
Table 'RushAndCash10604582' 6-max Seat #1 is the button
Seat 1: 3a667018 ($5 in chips)
Seat 2: Hero ($5.12 in chips)
Seat 3: 2be78e9c ($6.20 in chips)
Seat 4: c4d95c15 ($4.71 in chips)
Hero: posts small blind $0.02
2be78e9c: posts big blind $0.05
*** HOLE CARDS ***
Dealt to 3a667018 
Dealt to Hero [2c 7d]
Dealt to 2be78e9c 
Dealt to c4d95c15 
c4d95c15: raises $0.06 to $0.11
3a667018: folds
Hero: folds
2be78e9c: raises $0.12 to $0.23
c4d95c15: raises $0.37 to $0.6
2be78e9c: calls $0.37
*** FIRST FLOP *** [Th Jc Tc]
2be78e9c: bets $0.41
c4d95c15: raises $3.7 to $4.11 and is all-in
2be78e9c: calls $3.7
c4d95c15: shows [Qs Qh] (two pair, Queens and Tens)
2be78e9c: shows [Jd Qd] (two pair, Jacks and Tens)
*** FIRST TURN *** [Th Jc Tc] [8s]
*** FIRST RIVER *** [Th Jc Tc 8s] [6d]
*** SECOND TURN *** [Th Jc Tc] [Kd]
*** SECOND RIVER *** [Th Jc Tc Kd] [2h]
*** FIRST SHOWDOWN ***
c4d95c15 collected $4.57 from pot
*** SECOND SHOWDOWN ***
c4d95c15 collected $4.56 from pot
*** SUMMARY ***
Total pot $9.44 | Rake $0.24 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0
Hand was run two times
FIRST Board [Th Jc Tc 8s 6d]
SECOND Board [Kd 2h]
Seat 1: 3a667018 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) folded before Flop
Seat 3: 2be78e9c (big blind) showed [Jd Qd] and lost with two pair, Jacks and Tens, and lost
Seat 4: c4d95c15 showed [Qs Qh] and won ($4.57) with two pair, Queens and Tens, and won ($4.56)
";

fn one(text: &str) -> Result<Hand, ImportError> {
    let mut all = parse_hands(text);
    assert_eq!(all.len(), 1, "one hand expected");
    all.pop().unwrap_or(Err(ImportError {
        hand: None,
        line: 0,
        kind: Kind::Truncated("anything"),
    }))
}

/// Reads, imports, replays and checks `text`.
fn settled(text: &str) -> crate::model::HandHistory {
    let imported = import(&one(text).expect("reads")).expect("imports");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    assert!(
        matches!(outcome, Outcome::Ok { settled: true, .. }),
        "{outcome:?}"
    );
    check(&imported, &outcome).expect("agrees with the text");
    imported.history
}

fn error(text: &str) -> ImportError {
    match one(text).and_then(|h| import(&h)) {
        Ok(i) => panic!("hand #{} imported without error", i.hand),
        Err(e) => e,
    }
}

#[test]
fn h6_a_ggpoker_tournament_hand_reads_its_own_header_and_separators() {
    let hand = one(GG_TOURNAMENT).expect("reads");
    assert_eq!(hand.header.site.name, "GGPoker");
    assert_eq!(hand.header.id, 5_030_367_055);
    assert_eq!(hand.header.label.as_deref(), Some("TM5030367055"));
    assert_eq!(hand.header.limit, Limit::NoLimit);
    assert_eq!(hand.header.currency, Currency::Chips);
    assert_eq!(hand.header.stakes, (Amount(40_000), Amount(80_000)));
    let t = hand.header.tournament.as_ref().expect("a tournament");
    assert_eq!((t.id, t.level.as_deref()), (232_064_631, Some("12")));
    assert_eq!(hand.seats[0].stack, Amount(968_000));
    assert!(matches!(
        &t.buy_in,
        super::ast::BuyIn::Paid { parts, .. } if parts == &[Amount(250)]
    ));
    // A name with a colon and a comma, a buy-in in another currency.
    let satellite = GG_TOURNAMENT.replacen(
        "Bounty Hunters Special $2.50",
        "¥220 Satellite to #12: Zodiac, 5 Seats",
        1,
    );
    let hand = one(&satellite).expect("reads");
    let t = hand.header.tournament.as_ref().expect("a tournament");
    assert!(matches!(&t.buy_in, super::ast::BuyIn::Paid { parts, .. } if parts.is_empty()));
    let h = settled(GG_TOURNAMENT);
    // p1 c0969eff (small blind), p2 4f29b34d, p3 Hero (button).
    assert_eq!(h.starting_stacks, vec![9_680, 34_700, 12_000]);
    assert_eq!(h.antes, vec![100, 100, 100]);
    assert_eq!(h.finishing_stacks, Some(vec![9_180, 29_200, 18_000]));
    let event = h.meta.text.iter().find(|(k, _)| k == "event");
    assert_eq!(
        event.map(|(_, v)| v.as_str()),
        Some("GGPoker tournament #232064631")
    );
}

#[test]
fn h6_a_ggpoker_board_run_twice_from_the_turn_settles_each_run() {
    let h = settled(GG_RUN_TWICE);
    assert_eq!(h.table_rules().map(|r| r.max_board_runs), Ok(2));
    // The fees together are the rake: $0.24 + $0.07.
    let rake = h.meta.extra.iter().find(|e| e.key == "rake");
    assert_eq!(rake.map(|e| e.toml.as_str()), Some("0.31"));
}

#[test]
fn h6_other_games_on_ggpoker_are_unsupported_naming_the_game() {
    for (header, game) in [
        ("Hold'em No Limit", "Hold'em"),
        ("Omaha Pot Limit", "`Omaha`"),
        ("PLO-5 Omaha5 Pot Limit", "`Omaha5`"),
        ("Hold'em Short Deck No Limit", "short deck"),
    ] {
        let text = GG_RUN_TWICE.replacen("Hold'em No Limit", header, 1);
        let e = one(&text).err();
        if game == "Hold'em" {
            assert!(e.is_none(), "{e:?}");
            continue;
        }
        let e = e.expect("another game is refused");
        assert!(
            e.line == 1 && e.is_unsupported() && e.to_string().contains(game),
            "{e}"
        );
    }
}

#[test]
fn h6_malformed_ggpoker_text_is_a_typed_error_at_its_line() {
    // No stakes in the header.
    let e = error(&GG_RUN_TWICE.replacen(" ($0.02/$0.05)", "", 1));
    assert!(
        e.line == 1 && matches!(e.kind, Kind::Malformed { .. }),
        "{e}"
    );
    // No game's limit.
    let e = error(&GG_RUN_TWICE.replacen("Hold'em No Limit", "Hold'em", 1));
    assert!(
        e.line == 1 && matches!(e.kind, Kind::Malformed { .. }),
        "{e}"
    );
    // A fee that is not an amount.
    let e = error(&GG_RUN_TWICE.replacen("Jackpot $0.07", "Jackpot $0.0x", 1));
    assert!(e.line == 35 && matches!(e.kind, Kind::Amount { .. }), "{e}");
    // A cash drop: money the house adds to the pot, which no history holds.
    let e = error(&GG_RUN_TWICE.replacen(
        "*** HOLE CARDS ***\n",
        "*** HOLE CARDS ***\nCash Drop to Pot : total $1\n",
        1,
    ));
    assert!(e.line == 10 && e.is_unsupported(), "{e}");
    // The runs' boards contradicting the summary's.
    let e = error(&GG_RUN_TWICE.replacen("SECOND Board [Kd 2h]", "SECOND Board [Kd 3h]", 1));
    assert!(
        matches!(&e.kind, Kind::Disagreement { rule, .. } if rule == "H5"),
        "{e}"
    );
}

/// The same hand in every encoding a site's client writes: UTF-8 with and
/// without a byte-order mark, UTF-16 little and big endian with theirs, and
/// Windows-1252 (a euro sign is byte 0x80).
#[test]
fn h6_every_encoding_of_a_file_reads_the_same_hand() {
    let text = GG_RUN_TWICE.replace("Hero", "Héro€");
    let utf16 = |big: bool| -> Vec<u8> {
        let mut out = if big {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for u in text.encode_utf16() {
            out.extend(if big {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
        out
    };
    let cp1252: Vec<u8> = text
        .chars()
        .map(|c| match c {
            '€' => 0x80,
            c => u8::try_from(u32::from(c)).unwrap_or(b'?'),
        })
        .collect();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(text.as_bytes());
    let expected = one(&text).expect("reads");
    for bytes in [
        text.as_bytes().to_vec(),
        bom,
        utf16(false),
        utf16(true),
        cp1252,
    ] {
        let decoded = decode(&bytes);
        assert_eq!(decoded, text.as_str());
        assert_eq!(one(&decoded).expect("reads"), expected);
    }
    // Through the corpus: a UTF-16 file is found by its content and replayed.
    let dir = std::env::temp_dir().join(format!("holdem-h6-utf16-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("utf16.txt");
    std::fs::write(&path, utf16(false)).expect("written");
    let report = crate::corpus::replay_file(&path, &crate::corpus::RulesBook::new(None), true);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(report.counts.ok, 1, "{:?}", report.lines);
    // An odd last byte of UTF-16 text reads as a replacement character.
    let mut odd = utf16(false);
    odd.push(b'x');
    assert!(decode(&odd).ends_with('\u{FFFD}'));
}

/// A Full Tilt cash hand: the table in the header, the button in its own line,
/// actions without a colon, `raises to`, chat, time notes, `wins the pot`.
const FULL_TILT: &str = "Full Tilt Poker Game #33727641481: Table Link (6 max) - NL Hold'em - $0.50/$1 - 19:33:02 ET - 2014/01/05
Seat 1: Rene Lacoste ($1,000)
Seat 3: bravo ($100)
Seat 5: charlie ($60), is sitting out
bravo posts the small blind of $0.50
Rene Lacoste posts the big blind of $1
The button is in seat #3
*** HOLE CARDS ***
Dealt to bravo [Ah Ad]
bravo raises to $3
Rene Lacoste: gl
Rene Lacoste has 15 seconds left to act
Rene Lacoste raises to $9
bravo calls $6
*** FLOP *** [2c 7d 9h] (Total Pot: $18, 2 Players)
Rene Lacoste bets $10
bravo raises to $91, and is all in
Rene Lacoste calls $81
bravo shows [Ah Ad]
Rene Lacoste shows [Kh Kd]
*** TURN *** [2c 7d 9h] [Ts] (Total Pot: $200, 2 Players, 1 All-In)
*** RIVER *** [2c 7d 9h Ts] [3s] (Total Pot: $200, 2 Players, 1 All-In)
*** SHOW DOWN ***
bravo shows a pair of Aces
Rene Lacoste shows a pair of Kings
bravo wins the pot ($199) with a pair of Aces
*** SUMMARY ***
Total pot $200 | Rake $1
Board: [2c 7d 9h Ts 3s]
Seat 1: Rene Lacoste (big blind) showed [Kh Kd] and lost with a pair of Kings
Seat 3: bravo (button) (small blind) showed [Ah Ad] and won ($199) with a pair of Aces
Seat 5: charlie is sitting out
";

#[test]
fn h6_a_full_tilt_hand_reads_its_own_words_and_settles() {
    let hand = one(FULL_TILT).expect("reads");
    assert_eq!(hand.header.site.name, "Full Tilt Poker");
    assert_eq!(hand.table.name, "Link");
    assert_eq!(hand.table.max_seats, Some(6));
    assert_eq!(hand.table.button, 3);
    assert_eq!(hand.seats[0].stack, Amount(100_000));
    let h = settled(FULL_TILT);
    // Heads-up: p1 Rene Lacoste (big blind), p2 bravo (button); charlie sits out.
    assert_eq!(h.starting_stacks, vec![100_000, 10_000]);
    assert_eq!(h.finishing_stacks, Some(vec![90_000, 19_900]));
    assert_eq!(h.meta.players.as_deref().map(<[String]>::len), Some(2));
}

#[test]
fn h6_full_tilt_forms_it_cannot_read_are_typed_errors_naming_them() {
    let with = |from: &str, to: &str| {
        assert!(FULL_TILT.contains(from), "{from:?}");
        FULL_TILT.replacen(from, to, 1)
    };
    // Another game, a capped table whose cap is not written, a tournament.
    for (header, what) in [
        ("NL Hold'em", "Hold'em"),
        ("PL Omaha H/L", "`PL Omaha H/L`"),
        ("CAP NL Hold'em", "cap the text does not state"),
    ] {
        let r = one(&with("NL Hold'em", header));
        if what == "Hold'em" {
            assert!(r.is_ok(), "{r:?}");
            continue;
        }
        let e = r.expect_err("refused");
        assert!(
            e.line == 1 && e.is_unsupported() && e.to_string().contains(what),
            "{e}"
        );
    }
    // A tournament's header reads, in chips, with its number.
    let hand = one(&with(
        "Table Link (6 max)",
        "$1 + $0.25 Sit & Go (78057629), Table 1",
    )
    .replace('$', ""))
    .expect("a sit & go reads");
    assert_eq!(hand.header.currency, Currency::Chips);
    assert_eq!(hand.header.tournament.map(|t| t.id), Some(78_057_629));
    // A board run twice (its per-run summary is not read).
    let e = one(&with(
        "*** TURN ***",
        "Players agree to Run It Twice\n*** TURN ***",
    ))
    .expect_err("refused");
    assert!(e.line == 21 && e.is_unsupported(), "{e}");
    // No button line; a header that is not Full Tilt's.
    let e = one(&with("The button is in seat #3\n", "")).expect_err("refused");
    assert!(matches!(e.kind, Kind::Truncated(_)), "{e}");
    let e = one(&with(" - $0.50/$1", "")).expect_err("refused");
    assert!(
        e.line == 1 && matches!(e.kind, Kind::Malformed { .. }),
        "{e}"
    );
    // A raise to less than it says it adds: the rules disagree at its line.
    let e = error(&with("bravo calls $6", "bravo calls $5"));
    assert!(
        e.line == 14 && matches!(&e.kind, Kind::Disagreement { rule, .. } if rule == "B7"),
        "{e}"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever is cut out of or written into a GGPoker, Full Tilt or Winamax (cash or
    /// tournament) hand, the
    /// readers answer with a hand or a typed error naming a line of the text, never
    /// a panic.
    #[test]
    fn h6_mangled_site_text_gives_a_hand_or_a_typed_error(
        site in 0usize..4,
        cut in 0usize..1800,
        len in 0usize..40,
        insert in "[ -~€,\n]{0,12}",
    ) {
        let text = [GG_RUN_TWICE, FULL_TILT, WINAMAX, WINAMAX_TOURNAMENT][site];
        let mut chars: Vec<char> = text.chars().collect();
        let at = cut.min(chars.len());
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let mangled: String = chars.into_iter().collect();
        let lines = super::text::lines(&mangled).count() as u32 + 1;
        for r in parse_hands(&mangled) {
            match r.and_then(|h| import(&h)) {
                Ok(i) => proptest::prop_assert!(i.history.player_count() >= 2),
                Err(e) => proptest::prop_assert!(e.line <= lines, "{}", e),
            }
        }
    }
}

/// A Winamax cash hand: the currency after each amount, actions without a colon,
/// the player's own cards before `*** PRE-FLOP ***`, a raise all in, and a total pot
/// written after the rake was taken.
const WINAMAX: &str = "Winamax Poker - CashGame - HandId: #5343878-96-1383820687 - Holdem no limit (0.25€/0.50€) - 2013/11/07 10:38:07 UTC
Table: 'Athens 11' 5-max (real money) Seat #4 is the button
Seat 1: PornstarX (67.80€)
Seat 2: nico86190 (38.52€)
Seat 3: -LePianiste- (53.65€)
Seat 4: LEROISALO (22.85€)
Seat 5: Matthieu_59_ (42.59€)
*** ANTE/BLINDS ***
Matthieu_59_ posts small blind 0.25€
PornstarX posts big blind 0.50€
Dealt to nico86190 [Qh Qc]
*** PRE-FLOP *** 
nico86190 raises 2€ to 2.50€
-LePianiste- folds
LEROISALO raises 20.35€ to 22.85€ and is all-in
Matthieu_59_ folds
PornstarX folds
nico86190 calls 20.35€
*** FLOP *** [3c 7c Jd]
*** TURN *** [3c 7c Jd] [6c]
*** RIVER *** [3c 7c Jd 6c] [5s]
*** SHOW DOWN ***
LEROISALO shows [Kh Ah] (high card : Ace)
nico86190 shows [Qh Qc] (One pair : Queens)
nico86190 collected 43.45€ from pot
*** SUMMARY ***
Total pot 43.45€ | Rake 3€
Board: [3c 7c Jd 6c 5s]
Seat 2: nico86190 showed [Qh Qc] and won 43.45€ with One pair : Queens
Seat 4: LEROISALO (button) mucked
";

fn winamax(text: &str) -> Result<Hand, ImportError> {
    let lines: Vec<(u32, &str)> = text.lines().zip(1..).map(|(l, n)| (n, l)).collect();
    super::winamax::parse_hand(&lines)
}

#[test]
fn h6_a_winamax_cash_hand_reads_its_own_words_and_settles() {
    let first = WINAMAX.lines().next().unwrap_or("");
    assert!(super::is_other_hand_start(first));
    assert!(super::winamax::is_hand_start(&format!("\u{feff}{first}")));
    let hand = winamax(WINAMAX).expect("reads");
    assert_eq!(hand.header.site.name, "Winamax");
    assert_eq!(hand.header.id, 1_383_820_687);
    assert_eq!(hand.header.label.as_deref(), Some("5343878-96-1383820687"));
    assert_eq!(hand.header.limit, Limit::NoLimit);
    assert_eq!(hand.header.currency, Currency::Eur);
    assert_eq!(hand.header.stakes, (Amount(25), Amount(50)));
    // The file is cut and read by content, like every other site's.
    let h = settled(WINAMAX);
    // p1 Matthieu_59_ (small blind), p2 PornstarX, p3 nico86190, p4 -LePianiste-,
    // p5 LEROISALO (button); the pot before the rake is 43.45 + 3.
    assert_eq!(h.starting_stacks, vec![4259, 6780, 3852, 5365, 2285]);
    assert_eq!(h.finishing_stacks, Some(vec![4234, 6730, 5912, 5365, 0]));
    let rake = h.meta.extra.iter().find(|e| e.key == "rake");
    assert_eq!(rake.map(|e| e.toml.as_str()), Some("3.00"));
}

#[test]
fn h6_a_winamax_blind_out_of_position_and_no_rake_read() {
    let text = WINAMAX
        .replacen(
            "PornstarX posts big blind 0.50€\n",
            "PornstarX posts big blind 0.50€\n-LePianiste- posts big blind 0.50€ out of position\n",
            1,
        )
        .replacen("collected 43.45€", "collected 46.95€", 1)
        .replacen(
            "Total pot 43.45€ | Rake 3€",
            "Total pot 46.95€ | No rake",
            1,
        )
        .replacen("won 43.45€", "won 46.95€", 1);
    let h = settled(&text);
    assert_eq!(h.finishing_stacks, Some(vec![4234, 6730, 6262, 5315, 0]));
}

#[test]
fn h6_other_games_and_forms_on_winamax_are_unsupported_naming_them() {
    for (from, to, named) in [
        ("Holdem no limit", "Omaha pot limit", "`Omaha pot limit`"),
        ("CashGame", "Sit&Go", "`Sit&Go`"),
        ("(0.25€/0.50€)", "($0.25/$0.50)", "currency"),
        ("(real money)", "(play money)", "play-money"),
    ] {
        let e = winamax(&WINAMAX.replacen(from, to, 1)).expect_err("refused");
        assert!(e.is_unsupported() && e.to_string().contains(named), "{e}");
        let line = if from == "(real money)" { 2 } else { 1 };
        assert_eq!(e.line, line, "{e}");
    }
}

#[test]
fn h6_malformed_winamax_text_is_a_typed_error_at_its_line() {
    use super::error::ImportErrorKind as K;
    // No hand number.
    let e = winamax(&WINAMAX.replacen(" - HandId: #5343878-96-1383820687", "", 1)).expect_err("");
    assert!(e.line == 1 && matches!(e.kind, K::Malformed { .. }), "{e}");
    // Stakes that are not amounts.
    let e = winamax(&WINAMAX.replacen("0.25€/", "0.2x€/", 1)).expect_err("");
    assert!(e.line == 1 && matches!(e.kind, K::Amount { .. }), "{e}");
    // A total pot that is not an amount.
    let e = winamax(&WINAMAX.replacen("Total pot 43.45€", "Total pot 43.4x€", 1)).expect_err("");
    assert!(e.line == 27 && matches!(e.kind, K::Amount { .. }), "{e}");
    // A seat line without a stack.
    let e = winamax(&WINAMAX.replacen("Seat 2: nico86190 (38.52€)", "Seat 2: nico86190", 1))
        .expect_err("");
    assert!(e.line == 4 && matches!(e.kind, K::Malformed { .. }), "{e}");
    // The summary's board contradicting the streets dealt: a disagreement.
    let e = error(&WINAMAX.replacen("Board: [3c 7c Jd 6c 5s]", "Board: [3c 7c Jd 6c 5d]", 1));
    assert!(
        matches!(&e.kind, K::Disagreement { rule, .. } if rule == "H5"),
        "{e}"
    );
}

/// A Winamax tournament hand (crafted; the real ones are in
/// `data/histories/winamax/hhsmithy-history/`), with an ante: `(ANTE/SB/BB)`.
const WINAMAX_TOURNAMENT: &str = "Winamax Poker - Tournament \"Kill The Fish\" buyIn: 4.50€ + 0.50€ level: 9 - HandId: #4829100000000000002-57-1780000002 - Holdem no limit (25/100/200) - 2026/06/09 21:14:02 UTC
Table: 'Kill The Fish(1124300002)#004' 9-max (real money) Seat #3 is the button
Seat 1: Delta (4200)
Seat 2: Echo (9000)
Seat 3: Fox (3000)
*** ANTE/BLINDS ***
Delta posts ante 25
Echo posts ante 25
Fox posts ante 25
Delta posts small blind 100
Echo posts big blind 200
*** PRE-FLOP ***
Fox folds
Delta raises 3975 to 4175 and is all-in
Echo calls 3975
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s][Jh]
*** RIVER *** [2c 7d 9s Jh][3c]
*** SHOW DOWN ***
Delta shows [Ah Th] (High card : Ace)
Echo shows [Kc Kd] (One pair : Kings)
Echo collected 8425 from pot
*** SUMMARY ***
Total pot 8425 | No rake
Board: [2c 7d 9s Jh 3c]
Seat 2: Echo (big blind) showed [Kc Kd] and won 8425 with One pair : Kings
Seat 1: Delta (small blind) showed [Ah Th] and lost with High card : Ace
";

#[test]
fn h6_a_winamax_tournament_hand_reads_chips_level_ante_and_buy_in_and_settles() {
    use super::ast::BuyIn;
    let hand = winamax(WINAMAX_TOURNAMENT).expect("reads");
    assert_eq!(hand.header.currency, Currency::Chips);
    assert_eq!(hand.header.stakes, (Amount(10_000), Amount(20_000)));
    let t = hand.header.tournament.as_ref().expect("a tournament");
    assert_eq!(t.id, 4_829_100_000_000_000_002);
    assert_eq!(t.level.as_deref(), Some("9"));
    assert_eq!(
        t.buy_in,
        BuyIn::Paid {
            parts: vec![Amount(450), Amount(50)],
            currency: Currency::Eur
        }
    );
    let h = settled(WINAMAX_TOURNAMENT);
    assert_eq!(h.finishing_stacks, Some(vec![0, 13_225, 2_975]));
    // Without an ante, and a free roll.
    let free = WINAMAX_TOURNAMENT
        .replacen("4.50€ + 0.50€", "0€ + 0€", 1)
        .replacen("(25/100/200)", "(100/200)", 1);
    let t = winamax(&free).expect("reads").header.tournament;
    assert_eq!(t.map(|t| t.buy_in), Some(BuyIn::Freeroll));
}

#[test]
fn h6_malformed_winamax_tournament_text_is_a_typed_error_at_its_line() {
    use super::error::ImportErrorKind as K;
    // A buy-in that is not in euros, stakes that are not chips, four numbers.
    for (from, to, amount) in [
        ("4.50€ + 0.50€", "4.50$ + 0.50$", true),
        ("(25/100/200)", "(25/1x0/200)", true),
        ("(25/100/200)", "(5/25/100/200)", false),
        (" buyIn: 4.50€ + 0.50€ level: 9", "", false),
    ] {
        let e = winamax(&WINAMAX_TOURNAMENT.replacen(from, to, 1)).expect_err("refused");
        assert_eq!(e.line, 1, "{e}");
        if amount {
            assert!(matches!(e.kind, K::Amount { .. }), "{e}");
        } else {
            assert!(matches!(e.kind, K::Malformed { .. }), "{e}");
        }
    }
    // A bounty on the seat line: a form no sample shows, not read.
    let e = winamax(&WINAMAX_TOURNAMENT.replacen("(4200)", "(4200, 2.50€ bounty)", 1))
        .expect_err("refused");
    assert_eq!(e.line, 3, "{e}");
}

#[test]
fn h6_split_str_and_rsplit_at_find_the_first_and_last_whole_pattern_as_std_does() {
    use super::text::{rsplit_at, split_str};
    let texts = [
        "Seat 1: a collected b collected c",
        " collected ",
        "collected",
        "xx (Total Pot: $5, 2 Players) (Total Pot",
        "no pattern here at all, not one",
        "é (€5) ( (",
        "",
    ];
    for text in texts {
        for pat in [" collected ", " (Total Pot", " (", ". Rake ", " - "] {
            assert_eq!(
                split_str(text, pat),
                text.split_once(pat),
                "{text:?} {pat:?}"
            );
            assert_eq!(
                rsplit_at(text, pat),
                text.rsplit_once(pat),
                "{text:?} {pat:?}"
            );
        }
    }
}

#[test]
fn h6_thousands_separators_are_removed_only_between_a_digit_and_three_digits() {
    use super::text::without_separators;
    assert_eq!(
        without_separators("posts 1,500 and 12,345,678"),
        "posts 1500 and 12345678"
    );
    assert_eq!(
        without_separators("8,5,4,3,2 and 1,5000 and ,500"),
        "8,5,4,3,2 and 1,5000 and ,500"
    );
    assert_eq!(
        without_separators("(9,680) x,123 9,680,"),
        "(9680) x,123 9680,"
    );
    assert!(matches!(
        without_separators("no commas"),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[test]
fn h6_cards_read_as_the_sites_write_them_ten_included() {
    use super::text::bracketed_cards;
    let (cards, rest) = bracketed_cards("[10d Js] tail").expect("cards");
    assert_eq!(cards.len(), 2);
    assert_eq!(rest, " tail");
    assert_eq!(bracketed_cards("[Td Js]").expect("cards").0, cards);
    assert!(matches!(
        bracketed_cards("[Td Td]"),
        Err(ImportErrorKind::Cards { .. })
    ));
    assert!(matches!(
        bracketed_cards("Td Js"),
        Err(ImportErrorKind::Malformed { .. })
    ));
}

#[test]
fn h6_every_sites_hand_start_line_is_told_from_the_lines_inside_a_hand() {
    // The first line of a hand of each site read here, as the shipped files
    // write it (the byte-order mark as Winamax's files have it).
    let starts = [
        "Poker Hand #TM1: Tournament #1, Hold'em No Limit - Level1(10/20) - 2024/01/01 00:00:00",
        "Full Tilt Poker Game #1: Table T (6 max) - $0.50/$1 - No Limit Hold'em - 21:09:25 ET - 2010/01/04",
        "FullTiltPoker Game #1: Table T - $2/$4 - No Limit Hold'em - 10:17:28 ET - 2008/02/29",
        "\u{feff}Winamax Poker - CashGame - HandId: #1-1-1 - Holdem no limit (0.01€/0.02€) - 2020/01/01 00:00:00 UTC",
        "Game started at: 2014/1/1 0:00:00",
        "Hand #2672063986 - Holdem (No Limit) - $0.01/$0.02 - 2026/02/16 03:34:15 UTC",
        "Game Hand #1 - Tournament #2 - Holdem (No Limit) - Level 1 (10.00/20.00) - 2026/02/16 03:34:15 UTC",
        "***** 888poker Hand History for Game 1 *****",
        "***** Hand History for Game 1 *****",
    ];
    for line in starts {
        assert!(super::is_other_hand_start(line), "{line}");
    }
    for line in [
        "Seat 1: Alice ($1.00)",
        "Hand was run twice",
        "*** HOLE CARDS ***",
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET",
    ] {
        assert!(!super::is_other_hand_start(line), "{line}");
    }
}

#[test]
fn h6_h4_a_stack_at_the_unknown_stacks_mark_or_above_is_refused_at_its_seat_line() {
    // 2^56 hundredths is the mark of an unknown stack (H4); $720,575,940,379,279.36
    // is 2^56 cents. A stack that large would be written back as unknown, and
    // one of 2^57 units or more as a negative (dead blind) amount.
    for stack in ["$720,575,940,379,279.36", "$2,800,000,000,000,008.37"] {
        let text = FULL_TILT.replacen(
            "Seat 3: bravo ($100)",
            &format!("Seat 3: bravo ({stack})"),
            1,
        );
        let e = error(&text);
        assert_eq!(e.line, 3, "{e}");
        assert!(
            matches!(&e.kind, ImportErrorKind::Amount { text, .. } if text == "bravo"),
            "{e}"
        );
    }
    // One cent below the mark is a stack: the hand gets past the seats (this one
    // then stops where the text says bravo is all in with chips behind).
    let below = FULL_TILT.replacen(
        "Seat 3: bravo ($100)",
        "Seat 3: bravo ($720,575,940,379,279.35)",
        1,
    );
    let e = error(&below);
    assert!(e.line > 3, "{e}");
}
