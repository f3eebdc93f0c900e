//! H6 for three lines of the 2010-2011 Full Tilt client (`sites::fulltilt`), on a
//! hand written for this test: the countdown written without a name (`5 seconds
//! left to act`, `Time has expired`), an observer's chat and a player coming in
//! with `posts $1` are read, and the hand settles as its text says.

use holdem_history::pokerstars::{check, import, parse_hands};
use holdem_history::replay::{HouseRules, replay_hand};

/// Written for this test in the client's form.
const HAND: &str = "Full Tilt Poker Game #26800000001: Table Example (6 max) - $0.50/$1 - No Limit Hold'em - 16:07:17 ET - 2010/12/31
Seat 1: Ash ($40)
Seat 2: Beech ($38.50)
Seat 4: Cherry ($39.85)
Seat 6: Date ($63.95)
Ash posts the small blind of $0.50
Beech posts the big blind of $1
Cherry posts $1
The button is in seat #6
*** HOLE CARDS ***
Cherry checks
5 seconds left to act
Time has expired
Date raises to $5
Watcher (Observer): nice
Ash folds
Beech folds
Cherry folds
Uncalled bet of $4 returned to Date
Date mucks
Date wins the pot ($3.50)
*** SUMMARY ***
Total pot $3.50 | Rake $0
Seat 1: Ash (small blind) folded before the Flop
Seat 2: Beech (big blind) folded before the Flop
Seat 4: Cherry folded before the Flop
Seat 6: Date (button) collected ($3.50), mucked
";

fn settles(text: &str) {
    let mut hands = parse_hands(text);
    assert_eq!(hands.len(), 1);
    let hand = hands.remove(0).expect("read");
    let imported = import(&hand).expect("imported");
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    check(&imported, &outcome).expect("agrees with its text");
}

#[test]
fn h6_fulltilt_the_countdown_written_without_a_name_is_no_part_of_the_game() {
    let text = HAND
        .replace("Cherry posts $1\nThe", "The")
        .replace("Cherry checks", "Cherry calls $1")
        .replace("Watcher (Observer): nice\n", "");
    settles(&text);
}

#[test]
fn h6_fulltilt_an_observers_chat_is_no_part_of_the_game() {
    let text = HAND
        .replace("Cherry posts $1\nThe", "The")
        .replace("Cherry checks", "Cherry calls $1")
        .replace("5 seconds left to act\nTime has expired\n", "");
    settles(&text);
}

#[test]
fn h6_fulltilt_a_player_coming_in_posts_a_live_big_blind() {
    let text = HAND
        .replace("5 seconds left to act\nTime has expired\n", "")
        .replace("Watcher (Observer): nice\n", "");
    settles(&text);
}

#[test]
fn h6_fulltilt_a_hand_with_all_three_settles() {
    settles(HAND);
}
