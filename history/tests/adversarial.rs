//! Inputs built to make the readers slow or to slip past their checks: each must be
//! read in linear time or rejected with a typed error that says what and where.

use std::time::{Duration, Instant};

use holdem_history::PhhErrorKind;
use holdem_history::phh::{PhhHands, parse_phh};

/// Far above what linear work on these inputs takes, even in a debug build on a
/// busy machine; far below what quadratic work took.
const QUICK: Duration = Duration::from_millis(900);

/// `a.a.a…a = 1` with `parts` parts.
fn dotted_key(parts: usize) -> String {
    let mut s = vec!["a"; parts].join(".");
    s.push_str(" = 1\n");
    s
}

#[test]
fn a_dotted_key_of_100000_parts_is_a_typed_error_at_once() {
    let text = dotted_key(100_000);
    let t = Instant::now();
    let e = parse_phh(&text).expect_err("no hand has such a key");
    assert!(t.elapsed() < QUICK, "took {:?}", t.elapsed());
    assert_eq!(e.line, 1);
    assert!(
        matches!(e.kind, PhhErrorKind::KeyTooLong { limit } if limit < text.len()),
        "{e}"
    );
}

#[test]
fn a_table_header_of_two_megabytes_is_a_typed_error_at_once() {
    let mut text = String::from("[");
    text.push_str(&vec!["a"; 1_000_000].join("."));
    text.push_str("]\nvariant = 'NT'\n");
    let t = Instant::now();
    let first = PhhHands::new(&text).next().expect("one result");
    assert!(t.elapsed() < QUICK, "took {:?}", t.elapsed());
    let e = first.hand.expect_err("the header is too long");
    assert!(matches!(e.kind, PhhErrorKind::KeyTooLong { .. }), "{e}");
}

#[test]
fn a_quoted_key_part_counts_towards_the_limit() {
    let text = format!("\"{}\" = 1\n", "k".repeat(100_000));
    let e = parse_phh(&text).expect_err("too long");
    assert!(matches!(e.kind, PhhErrorKind::KeyTooLong { .. }), "{e}");
}

#[test]
fn dotted_and_quoted_keys_within_the_limit_still_read() {
    let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                starting_stacks = [200, 200]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n\
                a . \"b c\" . d = 1\n";
    let h = parse_phh(text).expect("valid");
    assert!(
        h.meta.extra.iter().any(|e| e.key == "a.b c.d"),
        "{:?}",
        h.meta.extra
    );
}

/// The fastest of three reads of a table of `n` distinct keys `k0 = 1`, `k1 = 1`...
fn read_distinct_keys(n: usize) -> Duration {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("k{i} = 1\n"));
    }
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let e = parse_phh(&text).expect_err("not a hand");
            assert!(matches!(e.kind, PhhErrorKind::MissingField(_)), "{e}");
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn a_table_of_many_distinct_keys_reads_in_linear_time() {
    // Eight times the keys: linear work takes about eight times as long, work that
    // compares each key with every earlier one about 64 times.
    let small = read_distinct_keys(5_000);
    let large = read_distinct_keys(40_000);
    assert!(
        large < small * 24,
        "5,000 keys took {small:?}, 40,000 took {large:?}"
    );
}

/// A fixed-limit hand whose small bet is `small` and big bet 10.
fn fixed_limit(small: &str) -> String {
    format!(
        "variant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nsmall_bet = {small}\n\
         big_bet = 10\nstarting_stacks = [200, 200]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n"
    )
}

#[test]
fn a_fixed_limit_small_bet_above_the_big_bet_is_a_typed_error() {
    let e = parse_phh(&fixed_limit("4294967296")).expect_err("small bet above big bet");
    assert_eq!(e.line, 4);
    assert!(
        matches!(&e.kind, PhhErrorKind::BadField { field: "small_bet", reason }
            if reason.starts_with("4294967296 is above big_bet 10")),
        "{e}"
    );
    assert!(parse_phh(&fixed_limit("5")).is_ok());
    assert!(parse_phh(&fixed_limit("10")).is_ok());
}

#[test]
fn a_native_fixed_limit_hand_with_its_bets_reversed_is_not_played() {
    use holdem_history::Stakes;
    use holdem_history::replay::{HouseRules, Outcome, replay_hand};
    let mut h = parse_phh(&fixed_limit("5")).expect("valid");
    h.stakes = Stakes::Limit {
        small_bet: 4_294_967_296,
        big_bet: 10,
    };
    let outcome = replay_hand(&h, &HouseRules::standard());
    assert!(
        matches!(
            &outcome,
            Outcome::Unsupported {
                reason: holdem_history::replay::UnsupportedReason::Setup(
                    holdem_history::replay::SetupError::FixedLimitStakes { .. }
                )
            }
        ),
        "{outcome:?}"
    );
}
