//! Exporting history files on every core ([`export_files`]).
//!
//! One thread reads the files in order and cuts their hands, still as text (or
//! as postcard frames), into groups of at most [`GROUP_HANDS`] hands; worker
//! threads parse, replay and encode each group into one row group of each
//! table; the calling thread appends the groups in order. A group's bytes
//! depend only on its hands, so the files are the same whatever the number of
//! threads.
//!
//! Memory holds at most `2 × threads + 1` groups (read, being encoded or
//! encoded and waiting for their turn), each at most [`GROUP_HANDS`] hands or
//! [`GROUP_BYTES`] of input text (plus one hand), whatever the corpus.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::{Mutex, mpsc};

use holdem_history::HistoryError;
use holdem_history::corpus::{FileHands, Format, HandText, RulesBook, RulesBookError};
use holdem_history::native::{NativeVersion, PostcardHands, decode_postcard};

use crate::{Cols, EncodedGroup, Encoder, ExportError, Exporter, GROUP_HANDS, HandRows};

/// Input bytes (hand text or postcard frames) at which a group is cut before
/// it holds [`GROUP_HANDS`] hands; real hands (a few kilobytes) never reach it.
pub const GROUP_BYTES: usize = 32 << 20;

/// A hand left out of an export ([`export_files`] reports each, in file order).
#[derive(Debug, thiserror::Error)]
pub enum LeftOut {
    /// A hand of a game the tables do not hold (a PHH variant other than `NT`,
    /// `PT`, `FT`).
    #[error("{0}")]
    OtherGame(HistoryError),
    /// A hand that could not be read.
    #[error("{0}")]
    Unreadable(HistoryError),
    /// A hand whose declared rules are not known.
    #[error("{file}: hand {hand}: {source}")]
    Rules {
        /// The file, as named.
        file: String,
        /// The hand's 1-based position in it.
        hand: u32,
        /// Why its rules are not known.
        source: RulesBookError,
    },
}

/// Why [`export_files`] stopped before the end.
#[derive(Debug, thiserror::Error)]
pub enum FilesError {
    /// A file cannot be read at all (not a history file, cannot be opened).
    #[error(transparent)]
    History(#[from] HistoryError),
    /// An output file cannot be written.
    #[error(transparent)]
    Export(#[from] ExportError),
    /// A thread could not be started, or one panicked.
    #[error("export threads: {0}")]
    Threads(String),
}

/// A hand as read, not yet parsed.
enum Raw {
    /// Text of a PHH, PokerStars-family or JSON Lines hand.
    Text(HandText),
    /// A postcard frame: `bytes[start..end]` of its group.
    Frame {
        start: usize,
        end: usize,
        version: NativeVersion,
    },
    /// What the reader could not cut out of the file.
    Unreadable(HistoryError),
}

/// Hands of one or more files, in order.
#[derive(Default)]
struct RawGroup {
    /// The group's place in the export.
    seq: u64,
    /// File (index into the file list), 1-based position in it, the hand.
    hands: Vec<(usize, u32, Raw)>,
    /// The postcard frames of the group.
    bytes: Vec<u8>,
    /// Input bytes held (text and frames).
    size: usize,
}

/// A group encoded, with what was left out of it, in order.
struct Done {
    seq: u64,
    encoded: Result<(EncodedGroup, Vec<LeftOut>), ExportError>,
}

/// Exports every hand of `files` in order into `exporter` on `threads` worker
/// threads (0: one per core), the rules of each hand from `book`; each hand
/// left out is given to `left_out`, in file order. A group holds the rows of
/// up to [`GROUP_HANDS`] hands read (hands left out included), so the files do
/// not depend on `threads`; they equal [`Exporter::append`]'s when no hand is
/// left out. `hand_index` is the hand's position in its file as its reader
/// counts (`docs/export.md`).
///
/// # Errors
/// A file cannot be read at all, an output cannot be written, or a thread
/// cannot be started; what was encoded before is appended, the files are not
/// finished.
pub fn export_files(
    files: &[PathBuf],
    book: &RulesBook,
    threads: usize,
    exporter: &mut Exporter,
    mut left_out: impl FnMut(LeftOut),
) -> Result<(), FilesError> {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let encoder = exporter.encoder();
    // Groups in flight: each thread has one to work on and one waiting.
    let window = 2 * threads;
    let (tokens, token) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        // Cannot fail: the channel has room for them all.
        let _ = tokens.send(());
    }
    let (raw_send, raw_receive) = mpsc::sync_channel::<RawGroup>(window);
    let raw_receive = Mutex::new(raw_receive);
    let (done_send, done_receive) = mpsc::sync_channel::<Done>(window);
    std::thread::scope(|s| {
        let reader = std::thread::Builder::new()
            .name("export-read".into())
            .spawn_scoped(s, move || read_groups(files, &token, raw_send))
            .map_err(|e| FilesError::Threads(e.to_string()))?;
        for i in 0..threads {
            let done_send = done_send.clone();
            let (raw_receive, names, encoder) = (&raw_receive, &names, &encoder);
            let worker = move || {
                loop {
                    // The lock is held only to take the next group.
                    let next = match raw_receive.lock() {
                        Ok(r) => r.recv(),
                        Err(_) => return,
                    };
                    let Ok(group) = next else { return };
                    let seq = group.seq;
                    let encoded = encode_group(group, files, names, book, encoder);
                    if done_send.send(Done { seq, encoded }).is_err() {
                        return;
                    }
                }
            };
            std::thread::Builder::new()
                .name(format!("export-{i}"))
                .spawn_scoped(s, worker)
                .map_err(|e| FilesError::Threads(e.to_string()))?;
        }
        drop(done_send);
        let written = write_groups(done_receive, tokens, exporter, &mut left_out);
        // Dropping the receiver and the tokens (above) ends the reader and the
        // workers if the writing stopped first.
        let read = reader
            .join()
            .map_err(|_| FilesError::Threads("the reading thread panicked".into()))?;
        written?;
        read
    })
}

/// Reads the hands of `files` in order and sends them in groups, each once a
/// token says there is room for it.
fn read_groups(
    files: &[PathBuf],
    token: &mpsc::Receiver<()>,
    send: mpsc::SyncSender<RawGroup>,
) -> Result<(), FilesError> {
    let mut group = RawGroup::default();
    let mut seq = 0;
    // Sends the group if it is full (or `last`); false when the writing stopped.
    let mut flush = |group: &mut RawGroup, last: bool| -> bool {
        let full = group.hands.len() >= GROUP_HANDS || group.size >= GROUP_BYTES;
        if group.hands.is_empty() || !(full || last) {
            return true;
        }
        let mut g = std::mem::take(group);
        g.seq = seq;
        seq += 1;
        token.recv().is_ok() && send.send(g).is_ok()
    };
    for (file, path) in files.iter().enumerate() {
        let Some(format) = Format::detect(path) else {
            return Err(HistoryError::UnknownFormat {
                path: path.to_path_buf(),
            }
            .into());
        };
        match FileHands::open(path, format)? {
            Some(hands) => {
                for text in hands {
                    let (index, raw) = match text {
                        Ok(t) => {
                            group.size += t.len();
                            (t.index(), Raw::Text(t))
                        }
                        Err(source) => (
                            source.hand(),
                            Raw::Unreadable(HistoryError::Stream {
                                path: path.to_path_buf(),
                                source,
                            }),
                        ),
                    };
                    group.hands.push((file, position(index), raw));
                    if !flush(&mut group, false) {
                        return Ok(());
                    }
                }
            }
            None => {
                let f = File::open(path).map_err(|source| HistoryError::Io {
                    path: path.to_path_buf(),
                    source,
                })?;
                let mut frames = PostcardHands::new(BufReader::new(f));
                let mut index = 0u32;
                while let Some(frame) = frames.next_frame() {
                    index = index.saturating_add(1);
                    let raw = match frame {
                        Ok((bytes, version)) => {
                            let start = group.bytes.len();
                            group.bytes.extend_from_slice(bytes);
                            group.size += bytes.len();
                            Raw::Frame {
                                start,
                                end: group.bytes.len(),
                                version,
                            }
                        }
                        Err(e) => Raw::Unreadable(HistoryError::Native {
                            path: path.to_path_buf(),
                            hand: index as usize,
                            reason: e.to_string(),
                        }),
                    };
                    group.hands.push((file, index, raw));
                    if !flush(&mut group, false) {
                        return Ok(());
                    }
                }
            }
        }
    }
    flush(&mut group, true);
    Ok(())
}

fn position(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

/// Parses, replays and encodes one group; what is left out, in order.
fn encode_group(
    group: RawGroup,
    files: &[PathBuf],
    names: &[String],
    book: &RulesBook,
    encoder: &Encoder,
) -> Result<(EncodedGroup, Vec<LeftOut>), ExportError> {
    let mut cols = Cols::with_capacity(group.hands.len());
    let mut left = Vec::new();
    let bytes = &group.bytes;
    for (file, index, raw) in group.hands {
        let path = &files[file];
        let hand = match raw {
            Raw::Text(t) => match t.read(path) {
                Ok(Some(h)) => h,
                // A PokerStars-family hand of another game: left out, as
                // `read_hands` leaves it out.
                Ok(None) => continue,
                Err(e) => {
                    left.push(unreadable(e));
                    continue;
                }
            },
            Raw::Frame {
                start,
                end,
                version,
            } => match decode_postcard(bytes.get(start..end).unwrap_or(&[]), version) {
                Ok(h) => h,
                Err(e) => {
                    left.push(LeftOut::Unreadable(HistoryError::Native {
                        path: path.to_path_buf(),
                        hand: index as usize,
                        reason: e.to_string(),
                    }));
                    continue;
                }
            },
            Raw::Unreadable(e) => {
                left.push(unreadable(e));
                continue;
            }
        };
        match book.for_hand(&hand) {
            Ok(rules) => cols.push(&HandRows::of(&names[file], index, &hand, rules)),
            Err(source) => left.push(LeftOut::Rules {
                file: names[file].clone(),
                hand: index,
                source,
            }),
        }
    }
    Ok((encoder.encode_cols(&mut cols)?, left))
}

/// An unreadable hand, or one of another game.
fn unreadable(e: HistoryError) -> LeftOut {
    match &e {
        HistoryError::Phh { source, .. } if source.is_unsupported() => LeftOut::OtherGame(e),
        _ => LeftOut::Unreadable(e),
    }
}

/// Appends the encoded groups in order as they come, giving a token back for
/// each; reports what was left out, in order.
fn write_groups(
    done: mpsc::Receiver<Done>,
    tokens: mpsc::SyncSender<()>,
    exporter: &mut Exporter,
    left_out: &mut impl FnMut(LeftOut),
) -> Result<(), ExportError> {
    let mut waiting: BTreeMap<u64, Result<(EncodedGroup, Vec<LeftOut>), ExportError>> =
        BTreeMap::new();
    let mut next = 0u64;
    while let Ok(d) = done.recv() {
        waiting.insert(d.seq, d.encoded);
        while let Some(encoded) = waiting.remove(&next) {
            let (group, left) = encoded?;
            for l in left {
                left_out(l);
            }
            exporter.append_group(group)?;
            next += 1;
            // The reader may have stopped: then no token is wanted.
            let _ = tokens.send(());
        }
    }
    Ok(())
}
