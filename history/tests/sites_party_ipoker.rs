//! H6 for PartyPoker and iPoker. PartyPoker's real files in
//! `data/histories/partypoker/` are found by content, replay and agree with their
//! text, survive PHH and the native formats; iPoker's XML sessions in
//! `data/histories/ipoker/` are read by `sites::ipoker::parse_session` directly
//! (not yet found by content) and checked the same way. Crafted bad text gets a
//! typed error at its line, another game a typed "unsupported" naming it.

use holdem_history::pokerstars::{
    Currency, Hand, PokerStarsError, PokerStarsErrorKind as Kind, check, import, parse_hands,
};
use holdem_history::replay::{HouseRules, Outcome, replay_hand};

mod support;

use support::{convert_site, replay_site};

fn one(text: &str) -> Result<Hand, PokerStarsError> {
    let mut hands = parse_hands(text);
    assert_eq!(hands.len(), 1, "one hand in {text}");
    hands.remove(0)
}

fn settles(text: &str) -> u64 {
    let imported = import(&one(text).expect("read")).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    let Outcome::Ok { rake, settled, .. } = outcome else {
        panic!("{outcome:?}");
    };
    assert!(settled);
    rake
}

const PARTY: &str = "***** Hand History for Game 14507003662 *****
$1/$2 USD NL Texas Hold'em - Saturday, April 11, 13:57:03 EDT 2015
Table Abuja (Real Money)
Seat 2 is the button
Total number of players : 4/6
Seat 2: LoudAndFast ( $296.69 USD )
Seat 4: MrBumBumBum ( $1,169.83 USD )
Seat 1: Peacli ( $97.37 USD )
Seat 3: StreetsAhead ( $243.55 USD )
StreetsAhead posts small blind [$1 USD].
MrBumBumBum posts big blind [$2 USD].
Peacli posts big blind + dead [$3].
** Dealing down cards **
Dealt to Peacli [  6h Ks ]
Peacli raises [$2 USD]
LoudAndFast folds
StreetsAhead folds
MrBumBumBum will be using their time bank for this hand.
MrBumBumBum calls [$2 USD]
** Dealing Flop ** [ 4h, 4s, Jh ]
MrBumBumBum bets [$7.12 USD]
Peacli is all-In  [$92.37 USD]
MrBumBumBum calls [$85.25 USD]
** Dealing Turn ** [ 6s ]
** Dealing River ** [ 5s ]
MrBumBumBum shows [ Td, Jc ]two pairs, Jacks and Fours.
Peacli doesn't show [ 6h, Ks ]two pairs, Sixes and Fours.
MrBumBumBum wins $193.74 USD from the main pot with two pairs, Jacks and Fours.
";

#[test]
fn h6_partypoker_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    let seen = replay_site("partypoker", true);
    assert!(seen.ok >= 263, "{seen:?}");
    assert!(seen.unsupported >= 23, "{seen:?}");
}

#[test]
fn h6_partypoker_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("partypoker") >= 263);
}

#[test]
fn h6_partypoker_dead_blind_all_in_and_unwritten_rake_settle() {
    let hand = one(PARTY).expect("read");
    assert_eq!(hand.header.currency, Currency::Usd);
    // 1 + 1 dead + 96.37 + 96.37 in the pot, 193.74 won.
    assert_eq!(settles(PARTY), 100);
}

#[test]
fn h6_partypoker_seat_without_a_line_sits_out_and_the_older_header_takes_the_posted_blinds() {
    let text = PARTY
        .replace("$1/$2 USD NL", "$200 USD NL")
        .replace("LoudAndFast folds\n", "");
    let hand = one(&text).expect("read");
    assert_eq!(hand.header.stakes.1.0, 200);
    settles(&text);
}

#[test]
fn h6_partypoker_uncalled_bet_inside_the_win_is_returned() {
    let text = PARTY
        .split("** Dealing Flop")
        .next()
        .expect("text")
        .to_string()
        + "** Dealing Flop ** [ 4h, 4s, Jh ]\nMrBumBumBum bets [$7.12 USD]\nPeacli folds\n\
           MrBumBumBum does not show cards.\nMrBumBumBum wins $16.12 USD\n";
    // 1 + 1 dead + 4 + 4 in the pot, the 7.12 bet returned: 9 won, 1 rake.
    assert_eq!(settles(&text), 100);
}

#[test]
fn h6_partypoker_clock_line_before_the_wins_is_a_notice() {
    // The 2011 client writes when the hand ended between the showdown and the
    // `wins` line: it says nothing about the game.
    let text = PARTY.replace(
        "MrBumBumBum wins ",
        "The time at which hand ended:Apr 11 2015 13:58 EDT\nMrBumBumBum wins ",
    );
    assert_eq!(settles(&text), 100);
}

#[test]
fn h6_partypoker_connection_and_display_messages_are_notices() {
    // The 2018 client's messages between the actions say nothing about the game.
    let text = PARTY
        .replace(
            "LoudAndFast folds\n",
            "LoudAndFast is disconnected. We will wait for LoudAndFast to reconnect \
             for a maximum of 14 seconds.\nLoudAndFast could not respond in time.(disconnected)\n\
             LoudAndFast folds\nDue to current high memory use in your system we disabled \
             the chip and card animations on the tables.\n",
        )
        .replace(
            "MrBumBumBum calls [$2 USD]\n",
            "MrBumBumBum has been reconnected and has 12 seconds to act.\n\
             MrBumBumBum calls [$2 USD]\n",
        );
    assert_eq!(settles(&text), 100);
}

#[test]
fn h6_partypoker_omaha_is_unsupported_naming_the_game() {
    let text = PARTY.replace("NL Texas Hold'em", "PL Omaha Hi-Lo");
    let e = one(&text).expect_err("Omaha");
    assert!(e.is_unsupported());
    assert!(e.to_string().contains("Omaha Hi-Lo"), "{e}");
    assert_eq!(e.line, 2);
}

#[test]
fn h6_partypoker_small_blind_out_of_position_played_live_is_unsupported_by_name() {
    let text = PARTY.replace(
        "Peacli posts big blind + dead [$3].",
        "Peacli posts small blind [$1 USD].",
    );
    let e = one(&text).expect_err("live small blind");
    assert!(e.is_unsupported());
    assert!(e.to_string().contains("out of position"), "{e}");
    assert_eq!(e.line, 12);
}

#[test]
fn h6_partypoker_bad_amount_is_a_typed_error_at_its_line() {
    let text = PARTY.replace("bets [$7.12 USD]", "bets [$7.1x USD]");
    let e = one(&text).expect_err("bad amount");
    assert!(matches!(e.kind, Kind::Amount { .. }), "{e}");
    assert_eq!(e.line, 21);
}

#[test]
fn h6_partypoker_bad_header_and_table_lines_are_typed_errors_at_their_lines() {
    let e = one(&PARTY.replace(" - Saturday, April 11,", " - Caturday,")).expect_err("date");
    assert!(matches!(e.kind, Kind::Malformed { .. }), "{e}");
    assert_eq!(e.line, 2);
    let e = one(&PARTY.replace("Table Abuja", "Tabel Abuja")).expect_err("table");
    assert!(matches!(e.kind, Kind::Malformed { .. }), "{e}");
    assert_eq!(e.line, 3);
    let e =
        one(&PARTY.replace("Seat 2 is the button", "Seat two is the button")).expect_err("button");
    assert!(matches!(e.kind, Kind::Malformed { .. }), "{e}");
    assert_eq!(e.line, 4);
}

#[test]
fn h6_partypoker_action_by_a_stranger_is_a_typed_error_at_its_line() {
    let text = PARTY.replace("LoudAndFast folds", "nobody folds");
    let e = one(&text).expect_err("unknown player");
    assert!(matches!(e.kind, Kind::UnknownPlayer(_)), "{e}");
    assert_eq!(e.line, 16);
}

#[test]
fn h6_partypoker_hand_without_its_wins_line_is_truncated() {
    let cut = PARTY.split("MrBumBumBum wins").next().expect("text");
    let e = one(cut).expect_err("truncated");
    assert!(matches!(e.kind, Kind::Truncated(_)), "{e}");
}

#[test]
fn h6_partypoker_winning_more_than_the_pot_is_a_disagreement() {
    let text = PARTY.replace("wins $193.74", "wins $200");
    let e = one(&text).expect_err("disagreement");
    assert!(matches!(e.kind, Kind::Disagreement { .. }), "{e}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever is cut out of or written into a PartyPoker hand, the reader
    /// answers with a hand or a typed error naming a line of the text, never a
    /// panic.
    #[test]
    fn h6_mangled_partypoker_text_gives_a_hand_or_a_typed_error(
        site in 0usize..1,
        cut in 0usize..1200,
        len in 0usize..40,
        insert in "[ -~€,\n]{0,12}",
    ) {
        let text = [PARTY][site];
        support::hands_or_typed_errors(&support::mangle(text, cut, len, &insert))?;
    }
}

/// A crafted iPoker session of one game (the real files' form): a raise to, a
/// call, an all-in and a bet, the returned part counted in the winner's `win`.
const IPOKER: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="0">
  <general>
    <mode>real</mode>
    <gametype>Holdem NL €0.05/€0.10</gametype>
    <tablename>Allepuz, 817752464</tablename>
    <startdate>2014-01-06 12:58:01</startdate>
  </general>
  <game gamecode="5385476176">
    <general>
      <startdate>2014-01-07 00:00:39</startdate>
      <players>
        <player seat="3" name="Amalfitano1" chips="€19.25" dealer="1" win="€17.55" bet="€19.25" />
        <player seat="8" name="Taras &amp; Co" chips="€1.70" dealer="0" win="€3.18" bet="€1.70" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Amalfitano1" type="1" sum="€0.05" cards="[cards]" />
      <action no="2" player="Taras &amp; Co" type="2" sum="€0.10" cards="[cards]" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Amalfitano1">D9 CK</cards>
      <action no="3" player="Amalfitano1" type="23" sum="€0.20" cards="" />
      <action no="5" player="Amalfitano1" type="23" sum="€19.25" cards="" />
      <cards type="Pocket" player="Taras &amp; Co">SJ DJ</cards>
      <action no="4" player="Taras &amp; Co" type="23" sum="€0.40" cards="" />
      <action no="6" player="Taras &amp; Co" type="7" sum="€1.30" cards="" />
    </round>
    <round no="2">
      <cards type="Flop" player="">D7 H10 S9</cards>
    </round>
    <round no="3">
      <cards type="Turn" player="">C8</cards>
    </round>
    <round no="4">
      <cards type="River" player="">S10</cards>
    </round>
  </game>
</session>
"#;

/// A crafted session of the 2018 client (`<uncalled_bet_enabled>true`), heads-up:
/// the small blind raises to €12 and the big blind folds; `win` is the €12 pot
/// without the €6 returned, and `bet` (€15) is not what the actions put in (€12),
/// as the real files write it.
const IPOKER_2018: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="0">
  <general>
    <client_version>17.5.6.7</client_version>
    <uncalled_bet_enabled>true</uncalled_bet_enabled>
    <mode>real</mode>
    <gametype>Holdem NL €3/€6</gametype>
    <tablename>Testville, 800000001</tablename>
    <startdate>2018-06-19 16:22:35</startdate>
  </general>
  <game gamecode="7900000001">
    <general>
      <startdate>2018-06-19 17:28:57</startdate>
      <players>
        <player name="Alpha" dealer="1" win="€12" bet="€15" chips="€600" seat="3" />
        <player name="Bravo" dealer="0" win="€0" bet="€6" chips="€792.58" seat="6" />
      </players>
    </general>
    <round no="0">
      <action sum="€3" player="Alpha" no="1" type="1" cards="" />
      <action sum="€6" player="Bravo" no="2" type="2" cards="" />
    </round>
    <round no="1">
      <cards player="Alpha" type="Pocket">X X</cards>
      <action sum="€12" player="Alpha" no="3" type="23" cards="" />
      <cards player="Bravo" type="Pocket">X X</cards>
      <action sum="€0" player="Bravo" no="4" type="0" cards="" />
    </round>
  </game>
</session>
"#;

fn ipoker_settles(text: &str) -> Result<u64, PokerStarsError> {
    let hand = ipoker_one(text)?;
    let imported = holdem_history::sites::ipoker::import(&hand)?;
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome)?;
    let Outcome::Ok { rake, settled, .. } = outcome else {
        panic!("{outcome:?}");
    };
    assert!(settled);
    Ok(rake)
}

#[test]
fn h6_ipoker_2018_win_leaves_the_return_out_and_its_bet_is_not_checked() {
    assert_eq!(ipoker_settles(IPOKER_2018).expect("settles"), 0);
    // Without the client's flag, `win` must hold the returned part and `bet` must
    // agree with the actions: the same game is a disagreement.
    let older = IPOKER_2018.replace("<uncalled_bet_enabled>true</uncalled_bet_enabled>", "");
    let e = ipoker_settles(&older).expect_err("a disagreement");
    assert!(matches!(e.kind, Kind::Disagreement { .. }), "{e}");
}

#[test]
fn h6_ipoker_big_blind_and_dead_small_blind_posted_as_one_sum_settle() {
    // A player coming in posts €1.50 at €0.50/€1 as one `type="2"` action: the
    // big blind live and the small blind dead (the 2018 files write it so).
    let text = IPOKER_2018
        .replace("€3/€6", "€0.50/€1")
        .replace(
            r#"<player name="Alpha" dealer="1" win="€12" bet="€15" chips="€600" seat="3" />
        <player name="Bravo" dealer="0" win="€0" bet="€6" chips="€792.58" seat="6" />"#,
            r#"<player name="Alpha" dealer="1" win="€0" bet="€0" chips="€218.93" seat="3" />
        <player name="Bravo" dealer="0" win="€0" bet="€0.50" chips="€140.59" seat="5" />
        <player name="Charlie" dealer="0" win="€0" bet="€1" chips="€96.86" seat="6" />
        <player name="Delta" dealer="0" win="€4" bet="€3" chips="€101.50" seat="8" />
        <player name="Echo" dealer="0" win="€0" bet="€1.50" chips="€53" seat="10" />"#,
        )
        .replace(
            r#"      <action sum="€3" player="Alpha" no="1" type="1" cards="" />
      <action sum="€6" player="Bravo" no="2" type="2" cards="" />"#,
            r#"      <action sum="€0.50" player="Bravo" no="1" type="1" cards="" />
      <action sum="€1" player="Charlie" no="2" type="2" cards="" />
      <action sum="€1.50" player="Echo" no="3" type="2" cards="" />"#,
        )
        .replace(
            r#"      <cards player="Alpha" type="Pocket">X X</cards>
      <action sum="€12" player="Alpha" no="3" type="23" cards="" />
      <cards player="Bravo" type="Pocket">X X</cards>
      <action sum="€0" player="Bravo" no="4" type="0" cards="" />"#,
            r#"      <action sum="€3" player="Delta" no="4" type="23" cards="" />
      <action sum="€0" player="Echo" no="5" type="0" cards="" />
      <action sum="€0" player="Alpha" no="6" type="0" cards="" />
      <action sum="€0" player="Bravo" no="7" type="0" cards="" />
      <action sum="€0" player="Charlie" no="8" type="0" cards="" />"#,
        );
    // 0.50 + 1 + 1.50 + 3 in, 2 returned to Delta: a pot of 4, all won.
    assert_eq!(ipoker_settles(&text).expect("settles"), 0);
}

fn ipoker_games(text: &str) -> Vec<Result<Hand, PokerStarsError>> {
    let lines: Vec<(u32, &str)> = holdem_history::sites::text::lines(text).collect();
    holdem_history::sites::ipoker::parse_session(&lines)
}

fn ipoker_one(text: &str) -> Result<Hand, PokerStarsError> {
    let mut games = ipoker_games(text);
    assert_eq!(games.len(), 1, "one game in {text}");
    games.remove(0)
}

#[test]
fn h6_ipoker_sessions_read_and_every_holdem_game_agrees_with_its_text() {
    let (ok, unsupported, failed) = ipoker::replay_all();
    // 20 + 4 Omaha games (`hhsmithy/`, `hhsmithy-history/`) are unsupported by name;
    // the 606 games of `hhp-xml/` (the 2018 client) settle.
    assert_eq!((ok, unsupported), (658, 24));
    // The two broken fixtures: a game whose only other player has no `<player>`
    // element, and one whose `<player>` name differs from its actions' (so its
    // `bet` is not what its actions put in).
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert!(
        failed
            .iter()
            .any(|f| f.contains("InValidHand") && f.contains("line 25"))
    );
    assert!(
        failed
            .iter()
            .any(|f| f.contains("10-Handed") && f.contains("line 32"))
    );
}

#[test]
fn h6_ipoker_hands_survive_phh_and_the_native_formats() {
    assert_eq!(ipoker::convert_all(), 658);
}

#[test]
fn h6_ipoker_raise_to_all_in_added_and_win_with_the_returned_part_settle() {
    let hand = ipoker_one(IPOKER).expect("read");
    assert_eq!(hand.header.currency, Currency::Eur);
    let imported = holdem_history::sites::ipoker::import(&hand).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
    let Outcome::Ok { rake, settled, .. } = outcome else {
        panic!("{outcome:?}");
    };
    assert!(settled);
    // 3.40 in the pot (17.55 returned to Amalfitano1), 3.18 won.
    assert_eq!(rake, 22);
}

#[test]
fn h6_ipoker_unformatted_xml_and_several_sessions_read() {
    let flat: String = IPOKER.lines().map(str::trim).collect();
    assert!(ipoker_one(&flat).is_ok());
    let two = format!(
        "{IPOKER}{}",
        IPOKER.replace("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n", "")
    );
    let games = ipoker_games(&two);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(Result::is_ok));
}

#[test]
fn h6_ipoker_omaha_is_unsupported_naming_the_game() {
    let e = ipoker_one(&IPOKER.replace("Holdem NL", "Omaha PL")).expect_err("Omaha");
    assert!(e.is_unsupported());
    assert!(e.to_string().contains("Omaha PL"), "{e}");
    assert_eq!(e.line, 5);
}

#[test]
fn h6_ipoker_malformed_xml_and_values_are_typed_errors_at_their_lines() {
    // An element never closed.
    let e = ipoker_one(&IPOKER.replace("</round>\n    <round no=\"2\">", "<round no=\"2\">"))
        .expect_err("unclosed");
    assert!(matches!(e.kind, Kind::Malformed { .. }), "{e}");
    // An attribute without quotes.
    let e = ipoker_one(&IPOKER.replace("type=\"23\" sum=\"€0.20\"", "type=23 sum=\"€0.20\""))
        .expect_err("unquoted");
    assert!(matches!(e.kind, Kind::Malformed { .. }), "{e}");
    assert_eq!(e.line, 23);
    // A bad amount.
    let e = ipoker_one(&IPOKER.replace("sum=\"€0.40\"", "sum=\"€0.4x\"")).expect_err("amount");
    assert!(matches!(e.kind, Kind::Amount { .. }), "{e}");
    assert_eq!(e.line, 26);
    // A bad card.
    let e = ipoker_one(&IPOKER.replace(">D9 CK<", ">D9 KC<")).expect_err("cards");
    assert!(matches!(e.kind, Kind::Cards { .. }), "{e}");
    assert_eq!(e.line, 22);
    // A player without a `<player>` element.
    let e = ipoker_one(&IPOKER.replace(
        "no=\"3\" player=\"Amalfitano1\"",
        "no=\"3\" player=\"nobody\"",
    ))
    .expect_err("stranger");
    assert!(matches!(e.kind, Kind::UnknownPlayer(_)), "{e}");
    assert_eq!(e.line, 23);
    // A `bet` other than what the actions put in.
    let e = ipoker_one(&IPOKER.replace("bet=\"€1.70\"", "bet=\"€1.80\"")).expect_err("bet");
    assert!(matches!(e.kind, Kind::Disagreement { .. }), "{e}");
    assert_eq!(e.line, 14);
    // Winning more than the pot.
    let e = ipoker_one(&IPOKER.replace("win=\"€3.18\"", "win=\"€9\"")).expect_err("win");
    assert!(matches!(e.kind, Kind::Disagreement { .. }), "{e}");
    // A game without its players.
    let e = ipoker_one(
        &IPOKER
            .replace("<players>", "<nobody>")
            .replace("</players>", "</nobody>"),
    )
    .expect_err("players");
    assert!(matches!(e.kind, Kind::Truncated(_)), "{e}");
}

/// What the PokerStars reader refuses of its lines (seats, card lists, the order
/// of the forced bets and the play) is refused in an iPoker game too, at the line
/// of the element that says it.
#[test]
fn h6_ipoker_seats_cards_and_order_the_pokerstars_reader_refuses_are_typed_errors_at_their_lines() {
    // Two players on one seat.
    let e = ipoker_one(&IPOKER.replace("seat=\"8\"", "seat=\"3\"")).expect_err("seat");
    assert!(matches!(e.kind, Kind::DuplicateSeat { seat: 3, .. }), "{e}");
    assert_eq!((e.hand, e.line), (Some(5385476176), 14));
    // A call among the forced bets, before the hole cards are dealt.
    let e = ipoker_one(&IPOKER.replace("type=\"2\" sum=\"€0.10\"", "type=\"3\" sum=\"€0.10\""))
        .expect_err("order");
    assert!(matches!(e.kind, Kind::OutOfOrder { .. }), "{e}");
    assert!(e.to_string().contains("calls €0.10"), "{e}");
    assert_eq!(e.line, 19);
    // A flop of two cards, a card twice, a rank that is none.
    for (from, to, line) in [
        (">D7 H10 S9<", ">D7 H10<", 30),
        (">D7 H10 S9<", ">D7 H10 D7<", 30),
        (">C8<", ">CZ<", 33),
    ] {
        let e = ipoker_one(&IPOKER.replace(from, to)).expect_err("cards");
        assert!(matches!(e.kind, Kind::Cards { .. }), "{e}");
        assert_eq!(e.line, line, "{e}");
    }
}

mod ipoker {
    use holdem_history::native::{NativeVersion, decode_postcard, encode_postcard};
    use holdem_history::phh::{parse_phh, write_phh};
    use holdem_history::pokerstars::{check, decode};
    use holdem_history::replay::{HouseRules, Outcome, replay_hand};
    use holdem_history::sites::{Imported, ipoker, text::lines};

    /// A game imported and replayed, or why not.
    type Played = Result<(Imported, Outcome), super::PokerStarsError>;

    /// Each game of every real iPoker file, imported and replayed.
    fn all() -> Vec<(String, Played)> {
        let mut out = Vec::new();
        for f in super::support::files("ipoker") {
            let bytes = std::fs::read(&f).expect("readable");
            let text = decode(&bytes);
            // (The two broken fixtures declare their failure on a first `#` line.)
            let all: Vec<(u32, &str)> = lines(&text)
                .filter(|(_, l)| !l.trim_start_matches('\u{feff}').starts_with('#'))
                .collect();
            for r in ipoker::parse_session(&all) {
                let r = r.and_then(|h| ipoker::import(&h)).and_then(|i| {
                    let outcome = replay_hand(&i.history, &HouseRules::standard());
                    check(&i, &outcome).map(|()| (i, outcome))
                });
                out.push((f.display().to_string(), r));
            }
        }
        out
    }

    /// (settled, unsupported, every other result as `file: error`).
    pub fn replay_all() -> (usize, usize, Vec<String>) {
        let (mut ok, mut unsupported, mut failed) = (0, 0, Vec::new());
        for (f, r) in all() {
            match r {
                Ok((_, Outcome::Ok { settled: true, .. })) => ok += 1,
                Ok((_, o)) => failed.push(format!("{f}: {o:?}")),
                Err(e) if e.is_unsupported() => unsupported += 1,
                Err(e) => failed.push(format!("{f}: {e}")),
            }
        }
        (ok, unsupported, failed)
    }

    /// Every settled game through both native formats and PHH, replaying the same.
    pub fn convert_all() -> usize {
        let rules = HouseRules::standard();
        let mut played = 0;
        for (_, r) in all() {
            let Ok((imported, outcome)) = r else {
                continue;
            };
            played += 1;
            for version in [NativeVersion::V2, NativeVersion::V1] {
                let bytes = encode_postcard(&imported.history, version).expect("encoded");
                let back = decode_postcard(&bytes, version).expect("decoded");
                assert_eq!(back, imported.history, "hand #{}", imported.hand);
                assert_eq!(replay_hand(&back, &rules), outcome);
            }
            let text = write_phh(&imported.history).expect("PHH");
            let back = parse_phh(&text).expect("read back");
            assert_eq!(back, imported.history, "hand #{}", imported.hand);
            assert_eq!(replay_hand(&back, &rules), outcome);
        }
        played
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever is cut out of or written into an iPoker session, the reader
    /// answers with games or typed errors naming a line of the text, never a panic.
    #[test]
    fn h6_mangled_ipoker_xml_gives_a_hand_or_a_typed_error(
        cut in 0usize..1900,
        len in 0usize..40,
        insert in "[ -~€<>/\"&\n]{0,12}",
    ) {
        let mut chars: Vec<char> = IPOKER.chars().collect();
        let at = cut.min(chars.len());
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let mangled: String = chars.into_iter().collect();
        let lines = mangled.lines().count() as u32 + 1;
        for r in ipoker_games(&mangled) {
            match r.and_then(|h| holdem_history::sites::ipoker::import(&h)) {
                Ok(i) => proptest::prop_assert!(i.history.player_count() >= 2),
                Err(e) => proptest::prop_assert!(e.line <= lines, "{}", e),
            }
        }
    }
}
