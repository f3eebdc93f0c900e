//! The crash-recovery journal (rule T20): every accepted command appended as a
//! frame `[length: u32 LE][crc32 of payload: u32 LE][payload: postcard]`.
//!
//! This is the only module that touches I/O, and only through
//! [`std::io::Write`] plus the one-method [`Durable`] trait for fsync; the
//! tournament itself stays sans-IO. Reading a journal is a pure function over
//! bytes ([`read_frames`]), and [`crate::Tournament::recover`] rebuilds the
//! tournament from them.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use serde::{Deserialize, Serialize};

use crate::config::{TournamentConfig, TournamentOptions};
use crate::record::Record;

/// Frames larger than this are treated as corrupt.
pub const MAX_FRAME: usize = 64 << 20;

/// One journal entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum Entry {
    /// The first frame: the event's options and a free-form label for the
    /// runner (e.g. the simulator's entrant count and seed).
    Create {
        /// The options the tournament was created with.
        options: TournamentOptions,
        /// Runner's notes.
        label: String,
    },
    /// An accepted command.
    Command(Record),
    /// The first frame of an event created with a whole [`TournamentConfig`]
    /// (entry, chip race and DET options too).
    CreateWith {
        /// The configuration the tournament was created with.
        config: Box<TournamentConfig>,
        /// Runner's notes.
        label: String,
    },
}

/// When the writer asks the OS to put frames on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FsyncPolicy {
    /// Never (the OS decides; a process crash loses nothing written, a power cut may).
    Never,
    /// After every frame.
    EveryFrame,
    /// After every `n` frames.
    Every(u32),
}

/// A sink that can be made durable (fsync).
pub trait Durable: Write {
    /// Flushes buffers and makes what was written durable.
    fn sync(&mut self) -> io::Result<()>;
}

impl Durable for File {
    fn sync(&mut self) -> io::Result<()> {
        self.sync_data()
    }
}

impl Durable for BufWriter<File> {
    fn sync(&mut self) -> io::Result<()> {
        self.flush()?;
        self.get_ref().sync_data()
    }
}

impl Durable for Vec<u8> {
    fn sync(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Why a journal could not be written or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JournalError {
    /// The entry could not be encoded.
    #[error("cannot encode journal entry: {0}")]
    Encode(#[from] postcard::Error),
    /// The sink failed.
    #[error("journal I/O: {0}")]
    Io(#[from] io::Error),
}

/// Encodes one entry as a frame.
pub fn encode_frame(entry: &Entry) -> Result<Vec<u8>, JournalError> {
    let payload = postcard::to_allocvec(entry)?;
    let mut out = Vec::with_capacity(payload.len() + 8);
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    Ok(out)
}

/// The good frames at the start of a journal, and where they end. Reading stops
/// at the first frame that is torn (runs past the end), too large, fails its
/// CRC or does not decode: nothing after it is trusted.
pub fn read_frames(bytes: &[u8]) -> (Vec<Entry>, usize) {
    let mut entries = Vec::new();
    let mut pos = 0;
    while let Some((entry, next)) = read_frame(bytes, pos) {
        entries.push(entry);
        pos = next;
    }
    (entries, pos)
}

fn read_frame(bytes: &[u8], pos: usize) -> Option<(Entry, usize)> {
    let header = bytes.get(pos..pos.checked_add(8)?)?;
    let len = u32::from_le_bytes([header[0], header[1], header[2], header[3]]) as usize;
    let crc = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
    if len > MAX_FRAME {
        return None;
    }
    let end = pos.checked_add(8)?.checked_add(len)?;
    let payload = bytes.get(pos + 8..end)?;
    if crc32fast::hash(payload) != crc {
        return None;
    }
    let (entry, rest) = postcard::take_from_bytes::<Entry>(payload).ok()?;
    if !rest.is_empty() {
        return None;
    }
    Some((entry, end))
}

/// Where the good frames of a journal stop, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tail {
    /// Every byte is in a good frame.
    Clean,
    /// The bytes after the good frames hold no good frame: the torn or garbled
    /// end a crash mid-write leaves (safe to cut off).
    Torn {
        /// Where the tail starts.
        offset: usize,
    },
    /// A frame fails its checksum (or is too large, or does not decode) and a
    /// good frame follows it: the journal is damaged in the middle, not torn;
    /// cutting it would drop the good frames after the damage.
    Corrupt {
        /// The damaged frame's index, counting the first frame as 0.
        frame: usize,
        /// The byte offset where the damaged frame starts.
        offset: usize,
        /// The byte offset of the first good frame after it.
        next_good: usize,
    },
}

/// What follows the good frames that end at `good_len` (from [`read_frames`]):
/// a [`Tail::Corrupt`] when a good frame starts anywhere after the first bad
/// one. The search first tries where the bad frame's own length says the next
/// frame starts (a flipped payload or checksum bit), then every later byte (a
/// flipped length bit). `frames` is the number of good frames.
pub fn classify_tail(bytes: &[u8], good_len: usize, frames: usize) -> Tail {
    if good_len >= bytes.len() {
        return Tail::Clean;
    }
    let corrupt = |next_good| Tail::Corrupt {
        frame: frames,
        offset: good_len,
        next_good,
    };
    if let Some(header) = bytes.get(good_len..good_len + 8) {
        let len = u32::from_le_bytes([header[0], header[1], header[2], header[3]]) as usize;
        if let Some(next) = (good_len + 8).checked_add(len) {
            if next < bytes.len() && read_frame(bytes, next).is_some() {
                return corrupt(next);
            }
        }
    }
    match (good_len + 1..bytes.len()).find(|&p| read_frame(bytes, p).is_some()) {
        Some(next) => corrupt(next),
        None => Tail::Torn { offset: good_len },
    }
}

/// Appends frames to a sink under an fsync policy.
#[derive(Debug)]
pub struct JournalWriter<W: Durable> {
    out: W,
    policy: FsyncPolicy,
    unsynced: u32,
}

impl<W: Durable> JournalWriter<W> {
    /// A writer appending to `out` (positioned at the end of the good frames).
    pub fn new(out: W, policy: FsyncPolicy) -> JournalWriter<W> {
        JournalWriter {
            out,
            policy,
            unsynced: 0,
        }
    }

    /// Appends one entry.
    pub fn append(&mut self, entry: &Entry) -> Result<(), JournalError> {
        let frame = encode_frame(entry)?;
        self.out.write_all(&frame)?;
        self.unsynced += 1;
        let due = match self.policy {
            FsyncPolicy::Never => false,
            FsyncPolicy::EveryFrame => true,
            FsyncPolicy::Every(n) => self.unsynced >= n.max(1),
        };
        if due {
            self.out.sync()?;
            self.unsynced = 0;
        }
        Ok(())
    }

    /// Appends a command record.
    pub fn append_record(&mut self, record: &Record) -> Result<(), JournalError> {
        self.append(&Entry::Command(record.clone()))
    }

    /// Flushes and syncs whatever is pending.
    pub fn sync(&mut self) -> Result<(), JournalError> {
        self.out.sync()?;
        self.unsynced = 0;
        Ok(())
    }

    /// The sink.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// Gives back the sink.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Opens a journal file for a fresh event (truncating it).
pub fn create_file(
    path: &std::path::Path,
    policy: FsyncPolicy,
) -> Result<JournalWriter<File>, JournalError> {
    let f = File::create(path)?;
    Ok(JournalWriter::new(f, policy))
}

/// A journal file opened to resume ([`open_for_resume`]): the torn or corrupt
/// tail is cut off the file just before the first new frame is written, so a
/// resume that is refused (or writes nothing) leaves the file as it was.
#[derive(Debug)]
pub struct ResumeFile {
    file: File,
    /// Where to cut the file before the first write; `None` once cut.
    cut_at: Option<u64>,
}

impl ResumeFile {
    fn cut(&mut self) -> io::Result<()> {
        use std::io::{Seek, SeekFrom};
        if let Some(len) = self.cut_at {
            self.file.set_len(len)?;
            self.file.seek(SeekFrom::Start(len))?;
            self.cut_at = None;
        }
        Ok(())
    }
}

impl Write for ResumeFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.cut()?;
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Durable for ResumeFile {
    fn sync(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }
}

/// Opens a journal file to resume: reads it whole and returns its bytes and a
/// writer that appends after the last good frame, cutting the torn or corrupt
/// tail off the file when it writes its first frame (rule T20). Since
/// [`crate::Tournament::recover`] applies every good frame or refuses the
/// journal, the end of the good frames is the end of the last frame applied:
/// nothing a resume wrote is ever behind a frame the next resume refuses.
pub fn open_for_resume(
    path: &std::path::Path,
    policy: FsyncPolicy,
) -> Result<(Vec<u8>, JournalWriter<ResumeFile>), JournalError> {
    use std::io::Read;
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes)?;
    let (_, good_len) = read_frames(&bytes);
    let file = ResumeFile {
        file: f,
        cut_at: Some(good_len as u64),
    };
    Ok((bytes, JournalWriter::new(file, policy)))
}
