//! PHH import and export against real files and the spec's conventions (H1).

use std::path::{Path, PathBuf};

use holdem_history::phh::{PhhHands, parse_phh, write_phh, write_phhs};
use holdem_history::{ActionKind, HandHistory, PhhErrorKind, Player, Shown, Stakes, Variant};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/histories")
        .join(rel)
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(data(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn all_phh_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            all_phh_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "phh" || x == "phhs") {
            out.push(p);
        }
    }
}

/// H1: every shipped real PHH hand of a hold'em variant reads, writes and reads back to
/// the same typed hand; other variants are reported unsupported, never mis-parsed.
#[test]
fn h1_real_phh_files_round_trip() {
    let mut files = Vec::new();
    all_phh_files(&data("phh"), &mut files);
    assert!(files.len() > 50, "real PHH data is shipped");
    let (mut ok, mut unsupported) = (0, 0);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        for h in PhhHands::new(&text) {
            match h.hand {
                Ok(hand) => {
                    let back = parse_phh(&write_phh(&hand).expect("read PHH writes back"))
                        .unwrap_or_else(|e| panic!("{f:?}: {e}"));
                    assert_eq!(back, hand, "{f:?} hand {}", h.index);
                    ok += 1;
                }
                Err(e) if e.is_unsupported() => unsupported += 1,
                Err(e) => panic!("{f:?}: {e}"),
            }
        }
    }
    assert!(ok >= 150, "{ok} hold'em hands");
    assert!(unsupported >= 60, "{unsupported} other variants");
}

#[test]
fn decimal_money_is_scaled_to_cents_per_hand() {
    // B24: real online data in dollars and cents becomes whole cents.
    let text = read("phh/handhq/abs-2009-07-100nlh-sample.phhs");
    let hands: Vec<HandHistory> = PhhHands::new(&text)
        .map(|h| h.hand.expect("valid"))
        .collect();
    let h = &hands[0];
    assert_eq!(h.unit.decimals, 2);
    assert_eq!(h.starting_stacks, [20030, 8160, 19700]);
    assert_eq!(h.blinds_or_straddles, [50, 100, 0]);
    assert_eq!(h.stakes, Stakes::MinBet(100));
    assert_eq!(h.winnings.as_deref(), Some(&[200, 0, 0][..]));
    assert_eq!(h.meta.time.as_deref(), Some("00:00:09"));
    assert_eq!(h.meta.seats.as_deref(), Some(&[6, 3, 5][..]));
    assert_eq!(h.meta.currency_symbol.as_deref(), Some("$"));
    assert!(matches!(
        h.actions[4].kind,
        ActionKind::BetRaiseTo {
            player: Player(0),
            amount: 300
        }
    ));
    // Unknown hole cards and shows.
    let ActionKind::ShowMuck {
        shown: Shown::Cards(c),
        ..
    } = &hands[1].actions[23].kind
    else {
        panic!("show")
    };
    assert_eq!(c.to_string(), "????");
    // 0.25 antes on every seat.
    assert_eq!(hands[3].antes, [25, 25, 25, 25]);
}

#[test]
fn h1_heads_up_forced_bets_are_reverse_assigned() {
    // PHH spec: heads-up, blinds and antes are reversed: p1 posts the big blind,
    // p2 (the button) the small blind (B4).
    let text = read("phh/handhq/abs-2009-07-100nlh-sample.phhs");
    let hu = PhhHands::new(&text)
        .map(|h| h.hand.expect("valid"))
        .find(|h| h.player_count() == 2);
    let hu = hu.expect("a heads-up hand");
    assert_eq!(hu.forced_bets(Player(0)), (0, 100));
    assert_eq!(hu.forced_bets(Player(1)), (0, 50));
}

#[test]
fn big_blind_ante_and_finishing_stacks_are_read() {
    let h = parse_phh(&read("illegal/real-wsop-2019-missing-fold.phh")).expect("valid");
    assert_eq!(h.antes[1], 500_000);
    assert_eq!(h.antes.iter().filter(|&&a| a > 0).count(), 1);
    assert_eq!(h.finishing_stacks.as_ref().map(Vec::len), Some(8));
}

#[test]
fn other_variants_are_unsupported_not_misparsed() {
    for f in [
        "famous/antonius-blom-2009.phh",
        "famous/phua-xuan-2019.phh",
        "famous/arieh-yockey-2019.phh",
    ] {
        let e = parse_phh(&read(&format!("phh/{f}"))).expect_err("not hold'em");
        assert!(
            matches!(e.kind, PhhErrorKind::UnsupportedVariant(_)),
            "{f}: {e}"
        );
        assert!(e.is_unsupported());
    }
}

#[test]
fn errors_name_the_line_and_reason() {
    let base = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                starting_stacks = [100, 100]\nactions = [\n  'd dh p1 AcKd',\n  'p3 f',\n]\n";
    let e = parse_phh(base).expect_err("p3 does not exist");
    assert_eq!(e.line, 8);
    assert!(
        matches!(&e.kind, PhhErrorKind::Action { index: 2, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("p3"), "{e}");

    let e = parse_phh(&base.replace("antes = [0, 0]", "antes = [0, 0, 0]")).expect_err("length");
    assert!(
        matches!(
            e.kind,
            PhhErrorKind::Length {
                field: "antes",
                expected: 2,
                found: 3
            }
        ),
        "{e}"
    );
    assert_eq!(e.line, 2);

    let e = parse_phh(&base.replace("min_bet = 2\n", "")).expect_err("missing");
    assert!(
        matches!(e.kind, PhhErrorKind::MissingField("min_bet")),
        "{e}"
    );

    // `inf` is an unknown stack and plays (H4); `nan` is no stack at all.
    let e = parse_phh(&base.replace("[100, 100]", "[100, inf]")).expect_err("p3");
    assert!(matches!(e.kind, PhhErrorKind::Action { .. }), "{e}");
    let e = parse_phh(&base.replace("[100, 100]", "[100, nan]")).expect_err("nan");
    assert!(e.is_unsupported(), "{e}");

    let e = parse_phh(&base.replace("'p3 f'", "'p1 cbr -5'")).expect_err("negative");
    assert!(e.to_string().contains("negative"), "{e}");
}

#[test]
fn fixed_limit_fields_follow_the_variant() {
    let h = parse_phh(
        "variant = 'FT'\nantes = [0, 0, 0]\nblinds_or_straddles = [5, 10, 0]\nsmall_bet = 10\n\
         big_bet = 20\nstarting_stacks = [200, 200, 200]\nactions = []\n",
    )
    .expect("valid");
    assert_eq!(h.variant, Variant::FixedLimit);
    assert_eq!(
        h.stakes,
        Stakes::Limit {
            small_bet: 10,
            big_bet: 20
        }
    );
    let e = parse_phh(
        "variant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\n\
         starting_stacks = [200, 200]\nactions = []\n",
    )
    .expect_err("min_bet in FT");
    assert!(
        matches!(
            e.kind,
            PhhErrorKind::FieldNotForVariant {
                field: "min_bet",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn h1_phhs_round_trip_keeps_every_hand() {
    let text = read("phh/pluribus/pluribus-sample.phhs");
    let hands: Vec<HandHistory> = PhhHands::new(&text)
        .map(|h| h.hand.expect("valid"))
        .collect();
    assert_eq!(hands.len(), 150);
    let again: Vec<HandHistory> = PhhHands::new(&write_phhs(&hands).expect("read PHH writes back"))
        .map(|h| h.hand.expect("valid"))
        .collect();
    assert_eq!(again, hands);
}
