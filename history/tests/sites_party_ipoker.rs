//! H6 for PartyPoker (and iPoker): their real files in `data/histories/<site>/`
//! are found by content, replay and agree with their text, survive PHH and the
//! native formats; crafted bad text gets a typed error at its line, another game a
//! typed "unsupported" naming it.

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
    assert!(seen.ok >= 36, "{seen:?}");
    assert!(seen.unsupported >= 16, "{seen:?}");
}

#[test]
fn h6_partypoker_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("partypoker") >= 36);
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
        let mut chars: Vec<char> = text.chars().collect();
        let at = cut.min(chars.len());
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let mangled: String = chars.into_iter().collect();
        let lines = mangled.lines().count() as u32 + 1;
        for r in parse_hands(&mangled) {
            match r.and_then(|h| import(&h)) {
                Ok(i) => proptest::prop_assert!(i.history.player_count() >= 2),
                Err(e) => proptest::prop_assert!(e.line <= lines, "{}", e),
            }
        }
    }
}
