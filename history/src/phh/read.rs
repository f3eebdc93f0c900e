//! Reading PHH text: the hands of a `.phh` or `.phhs` file, one at a time.

use super::hand::read_hand;
use crate::error::{PhhError, PhhErrorKind};
use crate::model::HandHistory;
use crate::toml_lite::{MAX_KEY_BYTES, Problem, Reader};

/// The string metadata fields, in the order the spec lists them.
pub(super) const TEXT_FIELDS: [&str; 11] = [
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time_zone",
    "time_zone_abbreviation",
];

/// Reads the hands of a PHH document (`.phh`: one hand; `.phhs`: `[1]`, `[2]`...
/// tables), one at a time. After a TOML syntax error the iterator ends.
pub struct PhhHands<'a> {
    reader: Reader<'a>,
    index: usize,
}

impl<'a> PhhHands<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a str) -> PhhHands<'a> {
        PhhHands {
            reader: Reader::new(text),
            index: 0,
        }
    }

    /// A reader over `text` cut from a larger document: its first line is line
    /// `line` there and its first hand is hand `index + 1` (errors name the
    /// document's lines and hands; see [`crate::stream`]).
    pub fn at(text: &'a str, line: u32, index: usize) -> PhhHands<'a> {
        PhhHands {
            reader: Reader::at_line(text, line),
            index,
        }
    }
}

/// A hand read from a PHH document, or why it could not be.
#[derive(Clone, Debug, PartialEq)]
pub struct PhhHand {
    /// 1-based position in the document.
    pub index: usize,
    /// The table name in a `.phhs` file (`"17"` for `[17]`).
    pub name: Option<String>,
    /// The hand.
    pub hand: Result<HandHistory, PhhError>,
}

impl Iterator for PhhHands<'_> {
    type Item = PhhHand;

    fn next(&mut self) -> Option<PhhHand> {
        let section = self.reader.next_section()?;
        self.index += 1;
        let index = self.index;
        Some(match section {
            Ok(section) => PhhHand {
                index,
                name: section.name.as_ref().map(|n| n.to_string()),
                hand: read_hand(&section).map_err(|(line, kind)| PhhError {
                    hand: index,
                    line,
                    kind,
                }),
            },
            Err(e) => PhhHand {
                index,
                name: None,
                hand: Err(PhhError {
                    hand: index,
                    line: e.line,
                    kind: match e.problem {
                        Problem::Invalid(reason) => PhhErrorKind::Syntax(reason),
                        Problem::KeyTooLong => PhhErrorKind::KeyTooLong {
                            limit: MAX_KEY_BYTES,
                        },
                    },
                }),
            },
        })
    }
}

/// Reads a document holding exactly one hand (a `.phh` file, or a `.phhs` with one
/// table); more or fewer hands is an error.
pub fn parse_phh(text: &str) -> Result<HandHistory, PhhError> {
    let mut hands = PhhHands::new(text);
    let Some(first) = hands.next() else {
        return Err(PhhError {
            hand: 1,
            line: 1,
            kind: PhhErrorKind::MissingField("variant"),
        });
    };
    let hand = first.hand?;
    if let Some(second) = hands.next() {
        let line = second.hand.as_ref().err().map_or(1, |e| e.line);
        return Err(PhhError {
            hand: 2,
            line,
            kind: PhhErrorKind::BadField {
                field: "actions",
                reason: "a .phh file holds one hand".into(),
            },
        });
    }
    Ok(hand)
}
