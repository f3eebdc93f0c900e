//! Exporting history files on every core ([`export_files`]).
//!
//! The worker threads cut the files into pieces, their hands still as text
//! (or as postcard frames): a piece is a whole file, or [`GROUP_HANDS`] hands
//! of a larger one, cut by one worker outside any lock. Under the one lock the
//! workers share, the pieces are put in file order into groups of
//! [`GROUP_HANDS`] hands (a piece is moved whole, or split in two where a group
//! fills); a worker then parses, replays and encodes a group into one row
//! group of each table. A worker with nothing else to do helps another with
//! its group: it takes chunks of [`CHUNK_HANDS`] of the group's hands to turn
//! into rows, then columns to encode, from the back, while the group's worker
//! works from the front and puts the helpers' parts after its own, in order
//! ([`Share`]); so the last groups of an export, or a corpus of one group,
//! keep every core busy. The calling thread is one of the workers: between
//! jobs it appends the encoded groups in order, before anything else, so
//! `threads` threads run in all. A group's bytes depend only on its hands, so
//! the files are the same whatever the number of threads.
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
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use holdem_history::HistoryError;
use holdem_history::corpus::{FileHands, Format, HandText, RulesBook, RulesBookError};
use holdem_history::native::{NativeVersion, PostcardHands, decode_postcard};

use parquet::arrow::arrow_writer::ArrowColumnChunk;

use crate::{
    Cols, ColumnJob, ColumnJobs, EncodedGroup, Encoder, ExportError, Exporter, GROUP_HANDS,
    HandRows,
};

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
type Encoded = Result<(EncodedGroup, Vec<LeftOut>), ExportError>;

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
/// An idle worker helps encode another's group, a chunk of hands or a column
/// at a time. The calling thread is one of the `threads` workers, and appends
/// the encoded groups in order between its jobs. So one thread does all the
/// work with `threads` 1, and the work is shared out with more.
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
    let inputs = Inputs {
        files,
        names: &names,
        book,
    };
    let work = Work {
        state: Mutex::new(State::new(files.len(), WINDOW_PER_THREAD * threads)),
        changed: Condvar::new(),
        helpers: threads > 1,
    };
    let written = std::thread::scope(|s| {
        let mut handles = Vec::with_capacity(threads.saturating_sub(1));
        for i in 1..threads {
            let (work, encoder) = (&work, &encoder);
            let worker = move || {
                let _watch = PanicWatch(work);
                work.run(inputs, encoder);
            };
            match std::thread::Builder::new()
                .name(format!("export-{i}"))
                .spawn_scoped(s, worker)
            {
                Ok(h) => handles.push(h),
                Err(e) => {
                    // The workers already started stop.
                    work.stop();
                    return Err(FilesError::Threads(e.to_string()));
                }
            }
        }
        let written = work.lead(inputs, &encoder, exporter, &mut left_out);
        // The workers stop if the writing stopped first.
        work.stop();
        // Joined here, a worker's panic is an error, not the caller's panic.
        let joined = handles.into_iter().map(|h| h.join()).collect::<Vec<_>>();
        written?;
        if joined.iter().any(Result::is_err) {
            return Err(FilesError::Threads("an export thread panicked".into()));
        }
        Ok(())
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
    /// Groups encoded, not yet appended, by their place.
    done: BTreeMap<u64, Encoded>,
    /// The place of the next group to append.
    next_append: u64,
    /// A worker thread panicked: its group will never come.
    panicked: bool,
    /// Groups given out to encode and not yet encoded (the workers wait for
    /// them instead of stopping: they may help).
    encoding: usize,
    /// Work of groups being encoded, shared out ([`Share`]): an idle worker
    /// takes a part of it.
    helping: Vec<Arc<Share>>,
}

/// A worker's next job.
enum Job {
    Encode(RawGroup),
    Cut(Claim),
    /// A part of another worker's group.
    Help(Arc<Share>),
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
            done: BTreeMap::new(),
            next_append: 0,
            panicked: false,
            encoding: 0,
            helping: Vec::new(),
        };
        s.end_if_read();
        s
    }

    /// Encoding first (it frees memory), then cutting the next piece if there
    /// is room for it: fewer than `window` pieces and groups in flight, the
    /// pieces cut ahead of their turn left out of the count for the piece the
    /// group being filled waits for; else helping turn another worker's group
    /// into rows; else waiting, or stopping once every group is given out and
    /// turned into rows.
    fn job(&mut self) -> Job {
        if self.stopped {
            return Job::Stop;
        }
        if let Some(g) = self.ready.pop_front() {
            self.encoding += 1;
            return Job::Encode(g);
        }
        if !self.ended
            && let Some(c) = self.claim()
        {
            self.cutting += 1;
            return Job::Cut(c);
        }
        if let Some(share) = self.helping.iter().find(|s| s.has_work()) {
            return Job::Help(Arc::clone(share));
        }
        if self.ended && self.encoding == 0 {
            return Job::Stop;
        }
        Job::Wait
    }

    /// The next piece to cut, if there is room for it.
    fn claim(&mut self) -> Option<Claim> {
        // The piece the group being filled waits for is never held back by
        // pieces cut ahead of it, so that a large file cannot stall the others.
        let wanted_room = self.cutting + self.groups < self.window;
        let room = wanted_room && self.cutting + self.groups + self.cut.len() < self.window;
        match self.parked.first_key_value() {
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
    /// More than one thread: groups are shared out by chunks of hands.
    helpers: bool,
}

impl Work {
    /// A worker: encodes the groups ready, else cuts the next piece, else
    /// waits, until every group is encoded or the writing stopped.
    fn run(&self, inputs: Inputs<'_>, encoder: &Encoder) {
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
                job => match self.perform(job, state, inputs, encoder) {
                    Some(s) => state = s,
                    None => return,
                },
            }
        }
    }

    /// Does `job` (encoding a group, helping with another's, cutting a piece)
    /// outside the lock, then records what it gave under it, waking the
    /// waiting workers where it gives them something; `None` if the lock is
    /// poisoned.
    fn perform<'w>(
        &'w self,
        job: Job,
        state: MutexGuard<'w, State>,
        inputs: Inputs<'_>,
        encoder: &Encoder,
    ) -> Option<MutexGuard<'w, State>> {
        drop(state);
        let state = match job {
            Job::Wait | Job::Stop => self.state.lock().ok()?,
            Job::Help(share) => {
                help(&share, inputs);
                self.state.lock().ok()?
            }
            Job::Encode(group) => {
                let seq = group.seq;
                let encoded = encode_group(group, inputs, encoder, self);
                let mut state = self.state.lock().ok()?;
                state.done.insert(seq, encoded);
                state
            }
            Job::Cut(claim) => {
                let file = claim.file;
                let cut = cut_piece(claim, inputs.files);
                let mut state = self.state.lock().ok()?;
                state.put(file, cut);
                state
            }
        };
        // A group encoded (the calling thread may wait for it) or pieces put
        // into groups.
        if state.waiting > 0 {
            self.changed.notify_all();
        }
        Some(state)
    }

    /// The calling thread: appends the encoded groups in order as they come
    /// (reporting what was left out of each, in order), and works as the
    /// other workers do while the next group is not yet encoded, until every
    /// group is appended.
    fn lead(
        &self,
        inputs: Inputs<'_>,
        encoder: &Encoder,
        exporter: &mut Exporter,
        left_out: &mut impl FnMut(LeftOut),
    ) -> Result<(), FilesError> {
        let poisoned = || FilesError::Threads("an export thread panicked".into());
        let mut state = self.state.lock().map_err(|_| poisoned())?;
        loop {
            let next = state.next_append;
            if let Some(encoded) = state.done.remove(&next) {
                drop(state);
                let appended = append(encoded, exporter, left_out);
                state = self.state.lock().map_err(|_| poisoned())?;
                appended?;
                state.next_append += 1;
                state.groups = state.groups.saturating_sub(1);
                // Room for another piece or group.
                if state.waiting > 0 {
                    self.changed.notify_all();
                }
                continue;
            }
            if state.panicked {
                return Err(poisoned());
            }
            if state.ended && state.groups == 0 {
                return Ok(());
            }
            match state.job() {
                // Every group is given out, or the writing stopped: the
                // groups being encoded are waited for.
                Job::Wait | Job::Stop => {
                    state.waiting += 1;
                    state = self.changed.wait(state).map_err(|_| poisoned())?;
                    state.waiting -= 1;
                }
                job => {
                    state = self
                        .perform(job, state, inputs, encoder)
                        .ok_or_else(poisoned)?;
                }
            }
        }
    }

    /// Offers `share`'s tasks to the idle workers and does the others with
    /// `own`, from the front, in order; once every task is claimed, it is no
    /// longer offered. Gives the helpers' results, in order (`None`: its
    /// helper panicked), once they are all done.
    fn share_out(&self, share: &Arc<Share>, mut own: impl FnMut(Task)) -> Vec<Option<Finished>> {
        let offered = match self.state.lock() {
            Ok(mut s) => {
                s.helping.push(Arc::clone(share));
                s.waiting > 0
            }
            Err(_) => false,
        };
        if offered {
            self.changed.notify_all();
        }
        while let Some(task) = share.take_front() {
            own(task);
        }
        if let Ok(mut s) = self.state.lock() {
            s.helping.retain(|x| !Arc::ptr_eq(x, share));
        }
        share.helpers_results()
    }

    /// A group is encoded: the workers may stop once every group is.
    fn encoded(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.encoding = s.encoding.saturating_sub(1);
            if s.waiting == 0 || s.encoding > 0 {
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

/// Hands turned into rows a chunk at a time ([`Share`]).
const CHUNK_HANDS: usize = 128;

/// What a group's pieces say of their hands: the file, its postcard frames,
/// the failure it declares.
struct PieceInfo {
    file: usize,
    bytes: Arc<Vec<u8>>,
    declared: Option<Arc<str>>,
}

/// A hand of a group: its piece (index into the group's [`PieceInfo`]s), its
/// 1-based position in its file, and the hand as read.
type Item = (usize, u32, Raw);

/// A hand turned into rows, or left out.
type Outcome = Result<HandRows, LeftOut>;

/// A part of a group's work another worker can do ([`Share`]).
enum Task {
    /// A chunk of [`CHUNK_HANDS`] hands to turn into rows.
    Rows(Vec<Item>),
    /// A column of one of the tables to encode.
    Column(Box<ColumnJob>),
}

/// A [`Task`] done.
enum Finished {
    Rows(Vec<Outcome>),
    Column(Box<Result<ArrowColumnChunk, ExportError>>),
}

impl Task {
    fn run(self, pieces: &[PieceInfo], inputs: Inputs<'_>) -> Finished {
        match self {
            Task::Rows(items) => Finished::Rows(
                items
                    .into_iter()
                    .map(|item| outcome(item, pieces, inputs))
                    .collect(),
            ),
            Task::Column(job) => Finished::Column(Box::new(job.run())),
        }
    }
}

/// A group's work in parts: first its hands, in chunks of [`CHUNK_HANDS`],
/// to turn into rows, then the columns of its tables to encode. The worker
/// encoding the group (the owner) takes parts from the front, idle workers
/// from the back ([`Job::Help`]); the owner puts the helpers' results after
/// its own, in order, so the group is the same whoever did which part.
struct Share {
    /// The group's pieces (for its hands).
    pieces: Vec<PieceInfo>,
    tasks: Mutex<Tasks>,
    /// A helper finished a task.
    finished: Condvar,
}

struct Tasks {
    /// The tasks, each taken by whoever claims it.
    todo: Vec<Option<Task>>,
    /// The owner's next task.
    front: usize,
    /// The tasks from `back` on are the helpers'.
    back: usize,
    /// The helpers' results, by task (`None` in a slot: its helper panicked).
    results: Vec<Option<Finished>>,
    /// Tasks a helper is working on.
    running: usize,
}

impl Share {
    fn new(pieces: Vec<PieceInfo>, tasks: Vec<Task>) -> Share {
        let n = tasks.len();
        Share {
            pieces,
            tasks: Mutex::new(Tasks {
                todo: tasks.into_iter().map(Some).collect(),
                front: 0,
                back: n,
                results: (0..n).map(|_| None).collect(),
                running: 0,
            }),
            finished: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tasks> {
        self.tasks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A task is left for a helper.
    fn has_work(&self) -> bool {
        let t = self.lock();
        t.front < t.back
    }

    /// The owner's next task, from the front.
    fn take_front(&self) -> Option<Task> {
        let mut t = self.lock();
        if t.front >= t.back {
            return None;
        }
        let i = t.front;
        t.front += 1;
        t.todo.get_mut(i).and_then(Option::take)
    }

    /// A helper's task, from the back, and its place.
    fn take_back(&self) -> Option<(usize, Task)> {
        let mut t = self.lock();
        if t.front >= t.back {
            return None;
        }
        t.back -= 1;
        let i = t.back;
        let task = t.todo.get_mut(i).and_then(Option::take)?;
        t.running += 1;
        Some((i, task))
    }

    /// A helper's result for task `i` (`None`: it panicked).
    fn give(&self, i: usize, result: Option<Finished>) {
        let mut t = self.lock();
        if let Some(slot) = t.results.get_mut(i) {
            *slot = result;
        }
        t.running -= 1;
        drop(t);
        self.finished.notify_all();
    }

    /// Waits for the helpers, and gives their results in order (`None` for
    /// a task whose helper panicked).
    fn helpers_results(&self) -> Vec<Option<Finished>> {
        let mut t = self.lock();
        while t.running > 0 {
            t = self
                .finished
                .wait(t)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        let back = t.back;
        t.results.drain(back..).collect()
    }
}

/// Gives a helper's task back as finished with nothing if it panics, so that
/// the owner does not wait for it.
struct HelpWatch<'a> {
    share: &'a Share,
    task: usize,
    given: bool,
}

impl Drop for HelpWatch<'_> {
    fn drop(&mut self) {
        if !self.given {
            self.share.give(self.task, None);
        }
    }
}

/// What a worker needs to turn hands into rows.
#[derive(Clone, Copy)]
struct Inputs<'a> {
    files: &'a [PathBuf],
    names: &'a [String],
    book: &'a RulesBook,
}

/// Does one task of another worker's group ([`Job::Help`]).
fn help(share: &Share, inputs: Inputs<'_>) {
    let Some((task, todo)) = share.take_back() else {
        return;
    };
    let mut watch = HelpWatch {
        share,
        task,
        given: false,
    };
    let finished = todo.run(&share.pieces, inputs);
    watch.given = true;
    share.give(task, Some(finished));
}

/// Parses, replays and encodes one group; what is left out, in order. With
/// more than one thread, its work is shared out with the idle workers
/// ([`Share`]); `work` is told when no part of it is left to share.
fn encode_group(
    group: RawGroup,
    inputs: Inputs<'_>,
    encoder: &Encoder,
    work: &Work,
) -> Result<(EncodedGroup, Vec<LeftOut>), ExportError> {
    let encoded = encode_shared(group, inputs, encoder, work);
    work.encoded();
    encoded
}

fn encode_shared(
    group: RawGroup,
    inputs: Inputs<'_>,
    encoder: &Encoder,
    work: &Work,
) -> Result<(EncodedGroup, Vec<LeftOut>), ExportError> {
    let mut cols = Cols::with_capacity(group.hands);
    let mut left = Vec::new();
    let mut push = |o: Outcome| match o {
        Ok(r) => cols.push(&r),
        Err(l) => left.push(l),
    };
    let mut pieces = Vec::with_capacity(group.pieces.len());
    let mut items = Vec::with_capacity(group.hands);
    for (p, piece) in group.pieces.into_iter().enumerate() {
        items.extend(piece.hands.into_iter().map(|(i, raw)| (p, i, raw)));
        pieces.push(PieceInfo {
            file: piece.file,
            bytes: piece.bytes,
            declared: piece.declared,
        });
    }
    if !work.helpers {
        for item in items {
            push(outcome(item, &pieces, inputs));
        }
        return Ok((encoder.encode_cols(&mut cols)?, left));
    }
    // The hands, a chunk at a time.
    let mut chunks = Vec::with_capacity(items.len().div_ceil(CHUNK_HANDS));
    let mut items = items.into_iter().peekable();
    while items.peek().is_some() {
        chunks.push(Task::Rows(items.by_ref().take(CHUNK_HANDS).collect()));
    }
    let share = Arc::new(Share::new(pieces, chunks));
    let helped = work.share_out(&share, |task| {
        if let Task::Rows(items) = task {
            for item in items {
                push(outcome(item, &share.pieces, inputs));
            }
        }
    });
    for result in helped {
        if let Some(Finished::Rows(outcomes)) = result {
            outcomes.into_iter().for_each(&mut push);
        }
    }
    // The columns, one at a time.
    let (jobs, tables, counts) = encoder.column_jobs(&mut cols)?.into_parts();
    let path = jobs
        .first()
        .map(|j| j.path().to_path_buf())
        .unwrap_or_default();
    let share = Arc::new(Share::new(
        Vec::new(),
        jobs.into_iter()
            .map(|j| Task::Column(Box::new(j)))
            .collect(),
    ));
    let mut own = Vec::new();
    let helped = work.share_out(&share, |task| own.push(task.run(&[], inputs)));
    let mut chunks = Vec::with_capacity(own.len() + helped.len());
    for result in own.into_iter().map(Some).chain(helped) {
        match result {
            Some(Finished::Column(chunk)) => chunks.push((*chunk)?),
            // Its helper panicked (the export fails: `Work::lead`).
            _ => {
                return Err(ExportError::Parquet {
                    path,
                    source: parquet::errors::ParquetError::General(
                        "a column was not encoded: its thread panicked".into(),
                    ),
                });
            }
        }
    }
    Ok((ColumnJobs::assemble(tables, counts, chunks), left))
}

/// One hand turned into rows, or why it is left out.
fn outcome(item: Item, pieces: &[PieceInfo], inputs: Inputs<'_>) -> Outcome {
    let Inputs { files, names, book } = inputs;
    let (p, index, raw) = item;
    // `p` indexes the pieces its group was cut from (`encode_group`).
    let piece = &pieces[p];
    let (file, bytes) = (piece.file, &piece.bytes);
    let path = &files[file];
    let unreadable = |e: HistoryError| match &piece.declared {
        Some(x) if holdem_history::corpus::declares(x, &e) => LeftOut::Declared(e),
        _ => unreadable(e),
    };
    let hand = match raw {
        Raw::Text(t) => match t.read(path) {
            Ok(Some(h)) => h,
            // A PokerStars-family hand of another game: left out, as
            // `read_hands` leaves it out.
            Ok(None) => {
                return Err(LeftOut::Unsupported {
                    file: names[file].clone(),
                    hand: index,
                });
            }
            Err(e) => return Err(unreadable(e)),
        },
        Raw::Frame {
            start,
            end,
            version,
        } => match decode_postcard(bytes.get(start..end).unwrap_or(&[]), version) {
            Ok(h) => h,
            Err(e) => {
                return Err(LeftOut::Unreadable(HistoryError::Native {
                    path: path.to_path_buf(),
                    hand: index as usize,
                    reason: e.to_string(),
                }));
            }
        },
        Raw::Unreadable(e) => return Err(unreadable(e)),
    };
    match book.for_hand(&hand) {
        Ok(rules) => Ok(HandRows::of(&names[file], index, &hand, rules)),
        Err(source) => Err(LeftOut::Rules {
            file: names[file].clone(),
            hand: index,
            source,
        }),
    }
}

/// An unreadable hand, or one of another game.
fn unreadable(e: HistoryError) -> LeftOut {
    match &e {
        HistoryError::Phh { source, .. } if source.is_unsupported() => LeftOut::OtherGame(e),
        _ => LeftOut::Unreadable(e),
    }
}

/// Appends one encoded group, after reporting what was left out of it.
fn append(
    encoded: Encoded,
    exporter: &mut Exporter,
    left_out: &mut impl FnMut(LeftOut),
) -> Result<(), ExportError> {
    let (group, left) = encoded?;
    for l in left {
        left_out(l);
    }
    exporter.append_group(group)
}

/// Tells the calling thread if its worker thread panics (its group would
/// never come), so that the export ends with an error instead of waiting.
struct PanicWatch<'a>(&'a Work);

impl Drop for PanicWatch<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut s = self
                .0
                .state
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            s.panicked = true;
            s.stopped = true;
            drop(s);
            self.0.changed.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use holdem_history::phh::PhhHands;
    use holdem_history::replay::HouseRules;

    use super::*;

    const PLURIBUS: &str = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("holdem-export-share-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// The bytes of the three files holding one group.
    fn files_of(dir: &Path, group: EncodedGroup) -> Vec<Vec<u8>> {
        let mut out = Exporter::create(dir).expect("create");
        out.append_group(group).expect("append");
        out.finish().expect("finish");
        let tables = ["hands", "players", "actions"]
            .map(|t| std::fs::read(dir.join(format!("{t}.parquet"))).expect("read"));
        std::fs::remove_dir_all(dir).expect("remove");
        tables.to_vec()
    }

    #[test]
    fn a_group_whose_columns_helpers_encode_from_the_back_is_the_same_bytes() {
        let rules = HouseRules::standard();
        let rows: Vec<HandRows> = PhhHands::new(PLURIBUS)
            .enumerate()
            .map(|(i, h)| HandRows::of("p", i as u32 + 1, &h.hand.expect("reads"), &rules))
            .collect();
        let dir = temp("encoder");
        let encoder = Exporter::create(&dir).expect("create").encoder();
        let alone = encoder.encode(&rows).expect("encodes");

        let mut cols = Cols::with_capacity(rows.len());
        rows.iter().for_each(|r| cols.push(r));
        let (jobs, tables, counts) = encoder.column_jobs(&mut cols).expect("jobs").into_parts();
        let n = jobs.len();
        assert!(n > 20, "{n} columns");
        let share = Share::new(
            Vec::new(),
            jobs.into_iter()
                .map(|j| Task::Column(Box::new(j)))
                .collect(),
        );
        let book = RulesBook::new(None);
        let inputs = Inputs {
            files: &[],
            names: &[],
            book: &book,
        };
        // A helper on another thread takes a third of the columns, from the
        // back, before the owner starts.
        std::thread::scope(|s| {
            s.spawn(|| (0..n / 3).for_each(|_| help(&share, inputs)));
        });
        let mut chunks = Vec::new();
        while let Some(task) = share.take_front() {
            match task.run(&[], inputs) {
                Finished::Column(c) => chunks.push((*c).expect("encodes")),
                Finished::Rows(_) => unreachable!("only columns were shared"),
            }
        }
        let helped = share.helpers_results();
        assert_eq!((chunks.len(), helped.len()), (n - n / 3, n / 3));
        for r in helped {
            match r {
                Some(Finished::Column(c)) => chunks.push((*c).expect("encodes")),
                _ => unreachable!("every helper finished its column"),
            }
        }
        let shared = ColumnJobs::assemble(tables, counts, chunks);
        assert_eq!(
            files_of(&temp("alone"), alone),
            files_of(&temp("shared"), shared)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
