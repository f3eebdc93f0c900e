//! Exporting history files on every core ([`export_files`]).
//!
//! The worker threads cut the files into pieces, their hands still as text
//! (or as postcard frames): a piece is a whole file, or [`GROUP_HANDS`] hands
//! of a larger one, cut by one worker outside any lock. Under the one lock the
//! workers share, the pieces are put in file order into groups of
//! [`GROUP_HANDS`] hands (a piece is moved whole, or split in two where a group
//! fills); a worker then parses, replays and encodes a group into one row
//! group of each table, and the calling thread appends the encoded groups in
//! order. A group's bytes depend only on its hands, so the files are the same
//! whatever the number of threads.
//!
//! Memory is bounded whatever the corpus: a worker starts cutting a piece only
//! while fewer than `4 × threads` pieces and groups are in flight (pieces
//! being cut or waiting for their turn, groups waiting to be encoded, being
//! encoded, or encoded and waiting to be appended); the piece the group being
//! filled waits for is cut whenever fewer than that are being cut or are
//! groups, however many pieces were cut ahead of it, so that a large file
//! cannot stall the others. So at most `4 × threads + 1` pieces are held, and
//! the groups they fill (at most two a piece), besides the group being
//! filled; each holds at most [`GROUP_HANDS`] hands or [`GROUP_BYTES`] of
//! input (plus one hand).

use std::collections::{BTreeMap, VecDeque};
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, mpsc};

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
    /// A hand that could not be read as its file declares (`# expect-illegal:`
    /// before it; [`holdem_history::corpus::declares`]): a hand broken on
    /// purpose, as `holdem replay` counts it *expected illegal*.
    #[error("{0}")]
    Declared(HistoryError),
    /// A hand of a site's text that the engine does not play (another game,
    /// a form the model cannot hold), named by its file and position: left
    /// out, as `holdem replay` counts it *unsupported*.
    #[error("{file}: hand {hand}: not a game or form the engine plays")]
    Unsupported {
        /// The file, as named.
        file: String,
        /// The hand's 1-based position in it.
        hand: u32,
    },
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
    /// A postcard frame: `bytes[start..end]` of its piece.
    Frame {
        start: usize,
        end: usize,
        version: NativeVersion,
    },
    /// What the reader could not cut out of the file.
    Unreadable(HistoryError),
}

impl Raw {
    /// Input bytes held (what [`GROUP_BYTES`] counts).
    fn size(&self) -> usize {
        match self {
            Raw::Text(t) => t.len(),
            Raw::Frame { start, end, .. } => end - start,
            Raw::Unreadable(_) => 0,
        }
    }
}

/// Consecutive hands of one file, cut by one worker outside the lock: at most
/// [`GROUP_HANDS`] hands or [`GROUP_BYTES`] of input (plus one hand).
struct Piece {
    /// The file (index into the file list).
    file: usize,
    /// 1-based position in the file, the hand.
    hands: Vec<(u32, Raw)>,
    /// The postcard frames of the piece (shared by the two groups a piece
    /// is split between).
    bytes: Arc<Vec<u8>>,
    /// The file's last piece.
    last: bool,
    /// The failure the file declares (`# expect-illegal:`), as read up to
    /// the piece's last hand.
    declared: Option<Arc<str>>,
}

/// Hands of one or more files, in order: the pieces they were cut in.
#[derive(Default)]
struct RawGroup {
    /// The group's place in the export.
    seq: u64,
    pieces: Vec<Piece>,
    /// Hands held.
    hands: usize,
    /// Input bytes held (text and frames).
    size: usize,
}

impl RawGroup {
    /// Full: a group is cut at [`GROUP_HANDS`] hands or at [`GROUP_BYTES`]
    /// of input.
    fn is_full(&self) -> bool {
        self.hands >= GROUP_HANDS || self.size >= GROUP_BYTES
    }
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
/// The workers cut the files into pieces (a whole file, or [`GROUP_HANDS`]
/// hands of a larger one) and encode groups, all outside the lock they share;
/// under it they only take the next file, and put the pieces cut, in file
/// order, into groups of [`GROUP_HANDS`] hands (moving pieces, not hands).
/// The calling thread appends the encoded groups in order. So one thread does
/// all the work with `threads` 1, and the work is shared out with more.
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
    let work = Work {
        state: Mutex::new(State::new(files.len(), WINDOW_PER_THREAD * threads)),
        changed: Condvar::new(),
    };
    let (done_send, done_receive) = mpsc::channel::<Done>();
    let written = std::thread::scope(|s| {
        for i in 0..threads {
            let done_send = done_send.clone();
            let (work, names, encoder) = (&work, &names, &encoder);
            let worker = move || work.run(files, names, book, encoder, &done_send);
            if let Err(e) = std::thread::Builder::new()
                .name(format!("export-{i}"))
                .spawn_scoped(s, worker)
            {
                // The workers already started stop.
                work.stop();
                return Err(FilesError::Threads(e.to_string()));
            }
        }
        drop(done_send);
        let written = write_groups(done_receive, &work, exporter, &mut left_out);
        // The workers stop if the writing stopped first.
        work.stop();
        written.map_err(FilesError::from)
    });
    let state = work
        .state
        .into_inner()
        .map_err(|_| FilesError::Threads("an export thread panicked".into()))?;
    written?;
    match state.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Pieces cut or being cut and groups not yet appended, at most, per thread.
const WINDOW_PER_THREAD: usize = 4;

/// An open file being cut into hands.
enum Open {
    /// PHH, site text, JSON Lines: hand texts.
    Text(FileHands),
    /// Postcard frames, and the position of the last one read.
    Frames(PostcardHands<BufReader<File>>, u32),
}

/// The next piece to cut: its file, its place among the file's pieces, and
/// the file where an earlier piece left it (`None`: not opened yet).
struct Claim {
    file: usize,
    part: u32,
    open: Option<Open>,
}

/// A piece cut, with the file where it stopped (`None`: at its end).
struct Cut {
    part: u32,
    piece: Result<Piece, FilesError>,
    rest: Option<Open>,
}

/// What the workers share, under one lock: which file to cut next, the
/// pieces waiting for their turn, the group being filled and the groups to
/// encode. Everything done under it is a few moves, none a hand at a time.
struct State {
    files: usize,
    /// The next file no worker has opened.
    next_file: usize,
    /// Files an earlier piece stopped in, no worker cutting them: their next
    /// piece's number and where it starts.
    parked: BTreeMap<usize, (u32, Open)>,
    /// Pieces cut before their turn, by (file, piece).
    cut: BTreeMap<(usize, u32), Result<Piece, FilesError>>,
    /// The piece the group being filled takes next.
    want: (usize, u32),
    /// The group being filled.
    filling: RawGroup,
    /// Groups full, in order, to encode.
    ready: VecDeque<RawGroup>,
    /// Pieces being cut.
    cutting: usize,
    /// Groups given out and not yet appended (ready, being encoded, encoded).
    groups: usize,
    /// The most pieces and groups in flight (`cutting + cut + groups`; the
    /// piece the group being filled takes next is cut while `cutting +
    /// groups` is under it).
    window: usize,
    /// Every group is made (the end, or a file that cannot be read).
    ended: bool,
    /// The writing stopped: nothing more is wanted.
    stopped: bool,
    /// Why the reading stopped early.
    error: Option<FilesError>,
    /// Workers waiting for a change (woken only when there are some).
    waiting: usize,
}

/// A worker's next job.
enum Job {
    Encode(RawGroup),
    Cut(Claim),
    Wait,
    Stop,
}

impl State {
    fn new(files: usize, window: usize) -> State {
        let mut s = State {
            files,
            next_file: 0,
            parked: BTreeMap::new(),
            cut: BTreeMap::new(),
            want: (0, 0),
            filling: RawGroup::default(),
            ready: VecDeque::new(),
            cutting: 0,
            groups: 0,
            window,
            ended: false,
            stopped: false,
            error: None,
            waiting: 0,
        };
        s.end_if_read();
        s
    }

    /// Encoding first (it frees memory), then cutting the next piece if there
    /// is room for it: fewer than `window` pieces and groups in flight, the
    /// pieces cut ahead of their turn left out of the count for the piece the
    /// group being filled waits for.
    fn job(&mut self) -> Job {
        if self.stopped {
            return Job::Stop;
        }
        if let Some(g) = self.ready.pop_front() {
            return Job::Encode(g);
        }
        if self.ended {
            return Job::Stop;
        }
        // The piece the group being filled waits for is never held back by
        // pieces cut ahead of it, so that a large file cannot stall the others.
        let wanted_room = self.cutting + self.groups < self.window;
        let room = wanted_room && self.cutting + self.groups + self.cut.len() < self.window;
        let claim = match self.parked.first_key_value() {
            Some((&file, _)) if room || (wanted_room && self.want.0 == file) => {
                self.parked.remove(&file).map(|(part, open)| Claim {
                    file,
                    part,
                    open: Some(open),
                })
            }
            Some(_) => None,
            None if self.next_file < self.files
                && (room || (wanted_room && self.want == (self.next_file, 0))) =>
            {
                self.next_file += 1;
                Some(Claim {
                    file: self.next_file - 1,
                    part: 0,
                    open: None,
                })
            }
            None => None,
        };
        match claim {
            Some(c) => {
                self.cutting += 1;
                Job::Cut(c)
            }
            None => Job::Wait,
        }
    }

    /// Takes a piece cut, and every piece whose turn has come into the groups.
    fn put(&mut self, file: usize, cut: Cut) {
        self.cutting -= 1;
        if self.ended || self.stopped {
            return;
        }
        if let Some(rest) = cut.rest {
            self.parked.insert(file, (cut.part + 1, rest));
        }
        self.cut.insert((file, cut.part), cut.piece);
        while let Some(piece) = self.cut.remove(&self.want) {
            let piece = match piece {
                Ok(p) => p,
                Err(e) => {
                    self.error = Some(e);
                    self.finish();
                    return;
                }
            };
            self.want = if piece.last {
                (piece.file + 1, 0)
            } else {
                (piece.file, self.want.1 + 1)
            };
            self.fill(piece);
            self.end_if_read();
        }
    }

    /// Adds a piece to the group being filled, giving out each group as it
    /// fills.
    fn fill(&mut self, mut piece: Piece) {
        loop {
            // Where the group fills up, hand by hand as a group is cut.
            let (mut hands, mut size, mut take) = (self.filling.hands, self.filling.size, 0);
            for (_, raw) in &piece.hands {
                if hands >= GROUP_HANDS || size >= GROUP_BYTES {
                    break;
                }
                hands += 1;
                size += raw.size();
                take += 1;
            }
            if take == piece.hands.len() {
                self.filling.hands = hands;
                self.filling.size = size;
                if take > 0 {
                    self.filling.pieces.push(piece);
                }
                if self.filling.is_full() {
                    self.give_out();
                }
                return;
            }
            let rest = Piece {
                file: piece.file,
                hands: piece.hands.split_off(take),
                bytes: Arc::clone(&piece.bytes),
                last: piece.last,
                declared: piece.declared.clone(),
            };
            if take > 0 {
                self.filling.pieces.push(piece);
            }
            self.filling.hands = hands;
            self.filling.size = size;
            self.give_out();
            piece = rest;
        }
    }

    /// Gives out the group being filled, if it holds hands.
    fn give_out(&mut self) {
        if self.filling.hands == 0 {
            return;
        }
        let seq = self.filling.seq;
        let group = std::mem::replace(
            &mut self.filling,
            RawGroup {
                seq: seq + 1,
                ..RawGroup::default()
            },
        );
        self.ready.push_back(group);
        self.groups += 1;
    }

    /// At the end of the files, gives out the last group.
    fn end_if_read(&mut self) {
        if self.want.0 >= self.files {
            self.finish();
        }
    }

    /// No more pieces: the last group is given out, the files left closed.
    fn finish(&mut self) {
        self.give_out();
        self.ended = true;
        self.parked.clear();
        self.cut.clear();
    }
}
/// The shared state and the signal that it changed.
struct Work {
    state: Mutex<State>,
    changed: Condvar,
}

impl Work {
    /// A worker: encodes the groups ready, else cuts the next piece, else
    /// waits, until every group is encoded or the writing stopped.
    fn run(
        &self,
        files: &[PathBuf],
        names: &[String],
        book: &RulesBook,
        encoder: &Encoder,
        done: &mpsc::Sender<Done>,
    ) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        loop {
            match state.job() {
                Job::Stop => return,
                Job::Wait => {
                    state.waiting += 1;
                    match self.changed.wait(state) {
                        Ok(s) => state = s,
                        Err(_) => return,
                    }
                    state.waiting -= 1;
                }
                Job::Encode(group) => {
                    drop(state);
                    let seq = group.seq;
                    let encoded = encode_group(group, files, names, book, encoder);
                    if done.send(Done { seq, encoded }).is_err() {
                        self.stop();
                        return;
                    }
                    let Ok(s) = self.state.lock() else {
                        return;
                    };
                    state = s;
                }
                Job::Cut(claim) => {
                    drop(state);
                    let file = claim.file;
                    let cut = cut_piece(claim, files);
                    let Ok(s) = self.state.lock() else {
                        return;
                    };
                    state = s;
                    state.put(file, cut);
                    if state.waiting > 0 {
                        self.changed.notify_all();
                    }
                }
            }
        }
    }

    /// A group was appended: room for another.
    fn appended(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.groups = s.groups.saturating_sub(1);
            if s.waiting == 0 {
                return;
            }
        }
        self.changed.notify_all();
    }

    /// Nothing more is wanted: the workers stop.
    fn stop(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.stopped = true;
        }
        self.changed.notify_all();
    }
}

/// Cuts the next piece of a file (outside the lock): up to [`GROUP_HANDS`]
/// hands or [`GROUP_BYTES`] of input (plus one hand), or to its end.
fn cut_piece(claim: Claim, files: &[PathBuf]) -> Cut {
    let Claim { file, part, open } = claim;
    let path = &files[file];
    let mut open = match open.map_or_else(|| open_file(path), Ok) {
        Ok(o) => o,
        Err(e) => {
            return Cut {
                part,
                piece: Err(e),
                rest: None,
            };
        }
    };
    let (mut hands, mut bytes, mut size) = (Vec::new(), Vec::new(), 0);
    let mut more = true;
    while hands.len() < GROUP_HANDS && size < GROUP_BYTES {
        match next_hand(&mut open, path, &mut bytes) {
            Some((index, raw)) => {
                size += raw.size();
                hands.push((index, raw));
            }
            None => {
                more = false;
                break;
            }
        }
    }
    let declared = match &open {
        Open::Text(h) => h.expected().map(Arc::from),
        Open::Frames(..) => None,
    };
    Cut {
        part,
        piece: Ok(Piece {
            file,
            hands,
            bytes: Arc::new(bytes),
            last: !more,
            declared,
        }),
        rest: more.then_some(open),
    }
}

/// The next hand of an open file (a postcard frame appended to `bytes`) and
/// its 1-based position; `None` at the end.
fn next_hand(open: &mut Open, path: &Path, bytes: &mut Vec<u8>) -> Option<(u32, Raw)> {
    match open {
        Open::Text(hands) => Some(match hands.next()? {
            Ok(t) => (position(t.index()), Raw::Text(t)),
            Err(source) => {
                let index = position(source.hand());
                let e = HistoryError::Stream {
                    path: path.to_path_buf(),
                    source,
                };
                (index, Raw::Unreadable(e))
            }
        }),
        Open::Frames(frames, index) => {
            let frame = frames.next_frame()?;
            *index = index.saturating_add(1);
            let raw = match frame {
                Ok((frame, version)) => {
                    let start = bytes.len();
                    bytes.extend_from_slice(frame);
                    Raw::Frame {
                        start,
                        end: bytes.len(),
                        version,
                    }
                }
                Err(e) => Raw::Unreadable(HistoryError::Native {
                    path: path.to_path_buf(),
                    hand: *index as usize,
                    reason: e.to_string(),
                }),
            };
            Some((*index, raw))
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
    let mut cols = Cols::with_capacity(group.hands);
    let mut left = Vec::new();
    for piece in group.pieces {
        let (file, bytes) = (piece.file, &piece.bytes);
        let path = &files[file];
        let unreadable = |e: HistoryError| match &piece.declared {
            Some(x) if holdem_history::corpus::declares(x, &e) => LeftOut::Declared(e),
            _ => unreadable(e),
        };
        for (index, raw) in piece.hands {
            let hand = match raw {
                Raw::Text(t) => match t.read(path) {
                    Ok(Some(h)) => h,
                    // A PokerStars-family hand of another game: left out, as
                    // `read_hands` leaves it out.
                    Ok(None) => {
                        left.push(LeftOut::Unsupported {
                            file: names[file].clone(),
                            hand: index,
                        });
                        continue;
                    }
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

/// Appends the encoded groups in order as they come, telling the workers of
/// each; reports what was left out, in order.
fn write_groups(
    done: mpsc::Receiver<Done>,
    work: &Work,
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
            work.appended();
        }
    }
    Ok(())
}
