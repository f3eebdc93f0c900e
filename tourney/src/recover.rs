//! Rebuilding a tournament from its journal after a crash (rule T20).
//!
//! A journal is read as far as its frames are *good* (whole, within
//! [`crate::journal::MAX_FRAME`], CRC correct and decodable). What follows the
//! last good frame is a torn or garbled tail: a crash mid-write leaves one, so
//! it is dropped and the file cut there before anything new is appended.
//!
//! A bad frame followed by a good one is not a torn tail but damage in the
//! middle ([`crate::journal::Tail::Corrupt`]): cutting there would throw away
//! the good frames after it and write a different ending over them. Recovery
//! refuses such a journal with [`RecoverError::Corrupt`], naming the frame and
//! its byte offset, unless asked to truncate
//! ([`RecoverOptions::truncate_corrupt`]); it then cuts at the damaged frame
//! and hands back every dropped byte ([`Recovered::dropped`]) for the caller
//! to keep.
//!
//! Good frames are trusted to be what the writer wrote, so they must all apply:
//! a first frame that creates the event, then only commands the tournament
//! accepts with exactly its recorded draws. A good frame that does not (a
//! second `Create`, a command the tournament refuses or that needs more random
//! draws than it recorded) contradicts the frames before it; no crash produces
//! that, so the journal is refused with [`RecoverError::Contradiction`],
//! naming the frame and its byte offset, and nothing is appended to it.
//! Invariant: when recovery succeeds, every good frame was applied, so
//! [`Recovered::good_len`] is both the end of the good frames and the end of
//! the last frame applied.

use rand_core::RngCore;

use crate::command::{Command, RolledBackHand, TourneyEvent, TourneyInput};
use crate::config::TournamentConfig;
use crate::journal::{Entry, Tail, classify_tail, read_frames};
use crate::record::Record;
use crate::tournament::{Phase, Tournament};

/// What [`Tournament::recover`] found and did.
#[derive(Debug, Clone)]
pub struct Recovered {
    /// The tournament, resumed: hands that were in progress are rolled back and
    /// new hands dealt.
    pub tournament: Tournament,
    /// The label of the journal's first frame.
    pub label: String,
    /// Hands rolled back, with the stacks restored (T20).
    pub rolled_back: Vec<RolledBackHand>,
    /// Bytes of the journal that are good, every one of their frames applied;
    /// truncate the file to this length before appending.
    pub good_len: usize,
    /// Bytes dropped after the last good frame (a torn or corrupt tail).
    pub dropped_bytes: usize,
    /// The bytes cut off a corrupt journal when recovery was asked to truncate
    /// it ([`RecoverOptions::truncate_corrupt`]); `None` when the journal was
    /// clean or only torn at its end.
    pub dropped: Option<Dropped>,
    /// Commands replayed.
    pub replayed: usize,
    /// The roll-back command's record, to append to the journal (`None` when
    /// the event was not running).
    pub record: Option<Record>,
    /// Events of the roll-back: the restored hands' `HandsRolledBack` and the
    /// `HandStarted` of the hands dealt again.
    pub events: Vec<TourneyEvent>,
}

/// The bytes cut off a corrupt journal ([`RecoverOptions::truncate_corrupt`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// The damaged frame's index, counting the first frame as 0.
    pub frame: usize,
    /// The byte offset where the dropped bytes started in the journal.
    pub offset: usize,
    /// Every byte from `offset` to the end of the journal.
    pub bytes: Vec<u8>,
}

/// How [`Tournament::recover_with`] treats a damaged journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RecoverOptions {
    /// Cut a corrupt journal (a bad frame followed by good ones) at the damaged
    /// frame instead of refusing it; the dropped bytes come back in
    /// [`Recovered::dropped`]. Off by default.
    pub truncate_corrupt: bool,
}

/// Why a journal cannot be recovered at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecoverError {
    /// The first frame is missing or damaged.
    #[error("the journal has no good first frame (its {0} bytes are torn or corrupt)")]
    NoHeader(usize),
    /// The options in the first frame are invalid.
    #[error("the journal's options are invalid: {0}")]
    BadOptions(String),
    /// A good frame (whole, CRC correct, decodable) that does not apply after
    /// the frames before it: the journal is refused rather than cut, since
    /// cutting it would drop every frame after it (rule T20).
    #[error("journal frame {frame} at byte {offset} contradicts the frames before it: {reason}")]
    Contradiction {
        /// The frame's index, counting the first frame as 0.
        frame: usize,
        /// The byte offset where the frame starts.
        offset: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A frame fails its checksum (or does not decode) and good frames follow
    /// it: the journal is damaged in the middle, not torn at its end. Nothing
    /// is cut or appended unless the caller asks to truncate
    /// ([`RecoverOptions::truncate_corrupt`]).
    #[error(
        "journal frame {frame} at byte {offset} is corrupt and good frames follow it (from byte {next_good}): \
         the journal is damaged, not torn; refusing to cut {dropped} bytes (truncate explicitly to drop them)"
    )]
    Corrupt {
        /// The damaged frame's index, counting the first frame as 0.
        frame: usize,
        /// The byte offset where the damaged frame starts.
        offset: usize,
        /// The byte offset of the first good frame after it.
        next_good: usize,
        /// Bytes from the damaged frame to the end of the journal.
        dropped: usize,
    },
}

impl Tournament {
    /// Rebuilds a tournament from journal bytes (T20): replays every good frame,
    /// drops the torn or corrupt tail, rolls back every hand in progress (stacks
    /// return to their start-of-hand values) and resumes, dealing new hands with
    /// `rng`. A good frame that does not apply refuses the whole journal
    /// ([`RecoverError::Contradiction`]; see the module docs). Never panics on
    /// any input.
    pub fn recover(bytes: &[u8], rng: &mut dyn RngCore) -> Result<Recovered, RecoverError> {
        Tournament::recover_with(bytes, rng, RecoverOptions::default())
    }

    /// [`Tournament::recover`] with options: a corrupt journal (a bad frame
    /// followed by good ones) is refused with [`RecoverError::Corrupt`] unless
    /// `options.truncate_corrupt`, which cuts it at the damaged frame and
    /// returns the dropped bytes in [`Recovered::dropped`].
    pub fn recover_with(
        bytes: &[u8],
        rng: &mut dyn RngCore,
        options: RecoverOptions,
    ) -> Result<Recovered, RecoverError> {
        let (entries, good_len) = read_frames(bytes);
        let mut dropped = None;
        if let Tail::Corrupt {
            frame,
            offset,
            next_good,
        } = classify_tail(bytes, good_len, entries.len())
        {
            if !options.truncate_corrupt {
                return Err(RecoverError::Corrupt {
                    frame,
                    offset,
                    next_good,
                    dropped: bytes.len() - offset,
                });
            }
            dropped = Some(Dropped {
                frame,
                offset,
                bytes: bytes[offset..].to_vec(),
            });
        }
        let mut it = entries.into_iter();
        let (config, label) = match it.next() {
            Some(Entry::Create { options, label }) => (TournamentConfig::from(options), label),
            Some(Entry::CreateWith { config, label }) => (*config, label),
            _ => return Err(RecoverError::NoHeader(bytes.len())),
        };
        let mut t =
            Tournament::with_config(config).map_err(|e| RecoverError::BadOptions(e.to_string()))?;
        let frame_lens = frame_lengths(bytes, good_len);
        let mut replayed = 0;
        let mut offset = frame_lens.first().copied().unwrap_or(0);
        for (index, (entry, len)) in it.zip(frame_lens.iter().skip(1)).enumerate() {
            let contradiction = |reason: String| RecoverError::Contradiction {
                frame: index + 1,
                offset,
                reason,
            };
            let Entry::Command(rec) = entry else {
                return Err(contradiction(
                    "a second first frame (Create or CreateWith)".to_string(),
                ));
            };
            match t.replay_checked(&rec) {
                Err(e) => return Err(contradiction(format!("the tournament refuses it: {e}"))),
                Ok((_, true)) => {
                    return Err(contradiction(
                        "the command draws more random words than its recorded draws".to_string(),
                    ));
                }
                Ok((_, false)) => {}
            }
            replayed += 1;
            offset += len;
        }
        let mut rolled_back = Vec::new();
        let mut record = None;
        let mut events = Vec::new();
        // A journal that ends between hands has nothing to roll back: recovery
        // then appends no command, so a resumed run draws the same randomness
        // for its next command as the uninterrupted run did.
        if t.phase() == Phase::Running && t.has_work_in_progress() {
            let input = TourneyInput {
                at: t.now(),
                command: Command::RollBackHands,
            };
            if let Ok((ev, rec)) = t.apply_recorded(&input, rng) {
                for e in &ev {
                    if let TourneyEvent::HandsRolledBack { hands } = e {
                        rolled_back.clone_from(hands);
                    }
                }
                events = ev;
                record = Some(rec);
            }
        }
        Ok(Recovered {
            tournament: t,
            label,
            rolled_back,
            good_len,
            dropped_bytes: bytes.len() - good_len,
            dropped,
            replayed,
            record,
            events,
        })
    }
}

/// Lengths of the frames in `bytes[..good_len]`.
fn frame_lengths(bytes: &[u8], good_len: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos + 8 <= good_len {
        let len = u32::from_le_bytes([bytes[pos], bytes[pos + 1], bytes[pos + 2], bytes[pos + 3]])
            as usize;
        out.push(len + 8);
        pos += len + 8;
    }
    out
}
