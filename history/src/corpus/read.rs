//! Reading every hand of files and folders into memory.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use super::format::Format;
use super::hands::{FileHands, HandText};
use super::judge::decode_jsonl;
use crate::native::{PostcardHands, decode_postcard};
use crate::pokerstars;
use crate::{HandHistory, HistoryError};

/// What [`read_hands`] read from a file.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HandsRead {
    /// Hands read and handed on.
    pub hands: usize,
    /// Hands that could not be read (each reported, then the reader went on).
    pub bad: usize,
    /// PokerStars hands of a game this engine does not play, left out.
    pub unsupported: usize,
    /// Hands that could not be read as their file declares (`# expect-illegal:`,
    /// see [`declares`](super::declares)): left out, not given to `bad`.
    pub declared: usize,
}

/// Reads every hand of a file in any format, in order, and gives each to `each`.
/// A hand that cannot be read is given to `bad` and the reader goes on at the next
/// hand; only what ends the file (it cannot be opened, a read fails, a postcard
/// frame's length is broken) stops it, reported to `bad` too. PokerStars hands the
/// engine does not play (another game...) are left out and counted, not errors;
/// so are hands that fail as their file declares (`# expect-illegal:` before
/// them, [`declares`](super::declares)).
///
/// # Errors
/// The file is not a history file or cannot be opened; or `each` failed (its
/// error, which stops the reading).
pub fn read_hands<E: From<HistoryError>>(
    path: &Path,
    mut each: impl FnMut(HandHistory) -> Result<(), E>,
    mut bad: impl FnMut(HistoryError),
) -> Result<HandsRead, E> {
    let mut read = HandsRead::default();
    let Some(format) = Format::detect(path) else {
        return Err(HistoryError::UnknownFormat {
            path: path.to_path_buf(),
        }
        .into());
    };
    let mut fail = |e: HistoryError, read: &mut HandsRead| {
        read.bad += 1;
        bad(e);
    };
    let Some(hands) = FileHands::open(path, format)? else {
        let f = File::open(path).map_err(|source| HistoryError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let mut frames = PostcardHands::new(BufReader::new(f));
        let mut index = 0;
        while let Some(frame) = frames.next_frame() {
            index += 1;
            let hand = frame
                .map_err(|e| e.to_string())
                .and_then(|(bytes, version)| {
                    decode_postcard(bytes, version).map_err(|e| e.to_string())
                });
            match hand {
                Ok(h) => {
                    each(h)?;
                    read.hands += 1;
                }
                Err(reason) => fail(
                    HistoryError::Native {
                        path: path.to_path_buf(),
                        hand: index,
                        reason,
                    },
                    &mut read,
                ),
            }
        }
        return Ok(read);
    };
    let mut hands = hands;
    while let Some(text) = hands.next() {
        let hand = match text {
            Err(source) => Err(HistoryError::Stream {
                path: path.to_path_buf(),
                source,
            }),
            Ok(t) => match t.read(path) {
                Ok(Some(h)) => Ok(h),
                // Another game or a form the model cannot hold: not converted.
                Ok(None) => {
                    read.unsupported += 1;
                    continue;
                }
                Err(e) => Err(e),
            },
        };
        match hand {
            Ok(h) => {
                each(h)?;
                read.hands += 1;
            }
            Err(e) if hands.expected().is_some_and(|x| super::declares(x, &e)) => {
                read.declared += 1;
            }
            Err(e) => fail(e, &mut read),
        }
    }
    Ok(read)
}

impl HandText {
    /// The hand this text holds, read as [`read_hands`] reads it (on any
    /// thread): `Ok(None)` for a PokerStars-family hand of a game the engine
    /// does not play (left out, not an error); errors name `path`, the file the
    /// text was cut from.
    ///
    /// # Errors
    /// The hand cannot be read: [`HistoryError::Phh`], [`HistoryError::PokerStars`]
    /// or [`HistoryError::Native`] (JSON Lines).
    pub fn read(&self, path: &Path) -> Result<Option<HandHistory>, HistoryError> {
        match self {
            HandText::PokerStars(t) => match t.parse().hand.and_then(|h| pokerstars::import(&h)) {
                Ok(imported) => Ok(Some(imported.history)),
                Err(e) if e.is_unsupported() => Ok(None),
                Err(source) => Err(HistoryError::PokerStars {
                    path: path.to_path_buf(),
                    source,
                }),
            },
            HandText::Phh(t) => t
                .parse()
                .hand
                .map(Some)
                .map_err(|source| HistoryError::Phh {
                    path: path.to_path_buf(),
                    source,
                }),
            HandText::Jsonl(t) => decode_jsonl(t).map(Some).map_err(|e| HistoryError::Native {
                path: path.to_path_buf(),
                hand: t.index,
                reason: e.to_string(),
            }),
        }
    }
}
