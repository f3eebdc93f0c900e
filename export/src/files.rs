//! Exporting history files on every core ([`export_files`]).
//!
//! The files are cut in order, their hands still as text (or as postcard
//! frames), into groups of at most [`GROUP_HANDS`] hands, by the worker
//! threads in turn; each worker parses, replays and encodes the group it cut
//! into one row group of each table; the calling thread appends the groups in
//! order. A group's bytes depend only on its hands, so the files are the same
//! whatever the number of threads.
//!
//! Memory holds at most `2 × threads` groups (being read or encoded, or
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
/// The workers take turns at reading: one at a time cuts the next group out of
/// the files, then encodes it while another reads; the calling thread appends
/// the groups in order. So one thread does all the work with `threads` 1, and
/// the reading is shared out with more.
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
    // Groups in flight (being encoded, or encoded and waiting for their turn):
    // two a thread, each group read once a token is free.
    let window = 2 * threads;
    let (tokens, token) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        // Cannot fail: the channel has room for them all.
        let _ = tokens.send(());
    }
    let reader = Mutex::new(Reader::new(files, token));
    let (done_send, done_receive) = mpsc::sync_channel::<Done>(window);
    let written = std::thread::scope(|s| {
        for i in 0..threads {
            let done_send = done_send.clone();
            let (reader, names, encoder) = (&reader, &names, &encoder);
            let worker = move || {
                loop {
                    // One worker reads at a time; the others encode meanwhile.
                    let next = match reader.lock() {
                        Ok(mut r) => r.next_group(),
                        Err(_) => None,
                    };
                    let Some(group) = next else { return };
                    let seq = group.seq;
                    let encoded = encode_group(group, files, names, book, encoder);
                    if done_send.send(Done { seq, encoded }).is_err() {
                        return;
                    }
                }
            };
            if let Err(e) = std::thread::Builder::new()
                .name(format!("export-{i}"))
                .spawn_scoped(s, worker)
            {
                // The workers already started stop at the end of the tokens.
                drop(tokens);
                return Err(FilesError::Threads(e.to_string()));
            }
        }
        drop(done_send);
        // Returning drops the tokens and the receiver, which ends the workers
        // if the writing stopped first.
        write_groups(done_receive, tokens, exporter, &mut left_out).map_err(FilesError::from)
    });
    let read = reader
        .into_inner()
        .map_err(|_| FilesError::Threads("a worker panicked while reading".into()))?;
    written?;
    match read.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// An open file being cut into hands.
enum Open {
    /// PHH, site text, JSON Lines: hand texts.
    Text(FileHands),
    /// Postcard frames, and the position of the last one read.
    Frames(PostcardHands<BufReader<File>>, u32),
}

/// What cuts the files into groups, one worker at a time; it keeps its place
/// in the file it is reading between groups.
struct Reader<'a> {
    files: &'a [PathBuf],
    /// The next file to open.
    next_file: usize,
    /// The file being read (`next_file - 1`).
    open: Option<Open>,
    /// A token for each group read.
    token: mpsc::Receiver<()>,
    seq: u64,
    /// No more groups: the end, a file that cannot be read, or no more tokens.
    done: bool,
    /// Why the reading stopped early.
    error: Option<FilesError>,
}

impl<'a> Reader<'a> {
    fn new(files: &'a [PathBuf], token: mpsc::Receiver<()>) -> Reader<'a> {
        Reader {
            files,
            next_file: 0,
            open: None,
            token,
            seq: 0,
            done: false,
            error: None,
        }
    }

    /// The next group, once a token says there is room for it; `None` at the
    /// end (or at an error, kept in `error`).
    fn next_group(&mut self) -> Option<RawGroup> {
        if self.done || self.token.recv().is_err() {
            self.done = true;
            return None;
        }
        let mut group = RawGroup {
            seq: self.seq,
            ..RawGroup::default()
        };
        while group.hands.len() < GROUP_HANDS && group.size < GROUP_BYTES {
            match self.next_hand(&mut group) {
                Ok(true) => {}
                Ok(false) => {
                    self.done = true;
                    break;
                }
                Err(e) => {
                    self.error = Some(e);
                    self.done = true;
                    break;
                }
            }
        }
        if group.hands.is_empty() {
            return None;
        }
        self.seq += 1;
        Some(group)
    }

    /// Adds the next hand of the files to `group`; false at the end.
    fn next_hand(&mut self, group: &mut RawGroup) -> Result<bool, FilesError> {
        loop {
            let Some(open) = &mut self.open else {
                let Some(path) = self.files.get(self.next_file) else {
                    return Ok(false);
                };
                self.next_file += 1;
                self.open = Some(open_file(path)?);
                continue;
            };
            let file = self.next_file - 1;
            let path = &self.files[file];
            match open {
                Open::Text(hands) => match hands.next() {
                    Some(Ok(t)) => {
                        group.size += t.len();
                        group.hands.push((file, position(t.index()), Raw::Text(t)));
                        return Ok(true);
                    }
                    Some(Err(source)) => {
                        let index = position(source.hand());
                        let e = HistoryError::Stream {
                            path: path.to_path_buf(),
                            source,
                        };
                        group.hands.push((file, index, Raw::Unreadable(e)));
                        return Ok(true);
                    }
                    None => self.open = None,
                },
                Open::Frames(frames, index) => match frames.next_frame() {
                    Some(frame) => {
                        *index = index.saturating_add(1);
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
                                hand: *index as usize,
                                reason: e.to_string(),
                            }),
                        };
                        group.hands.push((file, *index, raw));
                        return Ok(true);
                    }
                    None => self.open = None,
                },
            }
        }
    }
}

/// Opens a history file for reading its hands.
fn open_file(path: &std::path::Path) -> Result<Open, FilesError> {
    let Some(format) = Format::detect(path) else {
        return Err(HistoryError::UnknownFormat {
            path: path.to_path_buf(),
        }
        .into());
    };
    Ok(match FileHands::open(path, format)? {
        Some(hands) => Open::Text(hands),
        None => {
            let f = File::open(path).map_err(|source| HistoryError::Io {
                path: path.to_path_buf(),
                source,
            })?;
            Open::Frames(PostcardHands::new(BufReader::new(f)), 0)
        }
    })
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
