//! The one-pass readers of 888poker's and PartyPoker's text give what the
//! general ones give (rule H6): the amounts, the splits at a pattern, the trims.

use super::{amount_of, amount_read, split_first, split_last, trimmed};

/// Amounts as the clients write them, and text out of form around them.
const AMOUNTS: [&str; 40] = [
    "$0.05",
    "$1,000.50",
    " $2 USD",
    "$5,000 USD",
    "[$3]",
    "$0.19 ",
    "  $12.5",
    "$$7",
    "€1,234",
    "£0.02",
    "1,0000",
    "1,000,000.25",
    "12,34",
    ",123",
    "1.2.3",
    "1.",
    ".5",
    "$",
    "",
    " ",
    "$ 5",
    "5\t",
    "\t5",
    "5\u{a0}",
    "12345678901234567",
    "123456789012345678",
    "12345678901234567.99",
    "1.234",
    "1,000.5,000",
    "99999999999999999.99",
    "1,234 5,678",
    "1, 234",
    "1,234,",
    "1,2345",
    "0",
    "00.10",
    "$1,000USD",
    "$1 000",
    "-5",
    "+5",
];

#[test]
fn h6_an_amount_read_in_one_pass_is_the_amount_the_full_reader_gives() {
    for text in AMOUNTS {
        assert_eq!(amount_of(text), amount_read(text), "{text:?}");
    }
}

#[test]
fn h6_a_split_at_a_pattern_is_the_standard_split() {
    let texts = [
        "Seat 2: LoudAndFast ( $296.69 USD )",
        "Seat 2: a ( b ( $5 )",
        " ( ( ",
        "flop ** [ Jc, Kc, 3c ]",
        "no pattern here",
        "",
        " ",
        "**",
        "é ( ü ** ",
    ];
    for s in texts {
        for pat in [" ( ", ": ", " ** ", " ", "]", "(Play Money)", " Max"] {
            assert_eq!(split_first(s, pat), s.split_once(pat), "{s:?} {pat:?}");
            assert_eq!(split_last(s, pat), s.rsplit_once(pat), "{s:?} {pat:?}");
        }
    }
}

#[test]
fn h6_a_trim_of_printable_ends_is_the_standard_trim() {
    for s in [
        "[$1]",
        " [$1] ",
        "\u{a0}[$1]",
        "[$1]\u{2003}",
        "",
        " ",
        "\t[",
        "x",
    ] {
        assert_eq!(trimmed(s), s.trim(), "{s:?}");
    }
}
