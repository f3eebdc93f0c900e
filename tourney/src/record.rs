//! Journal records: a command plus the random draws it used, so a replay needs
//! no random source and rebuilds the state bit for bit.

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::command::TourneyInput;

/// One accepted command as the journal stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The command and its timestamp.
    pub input: TourneyInput,
    /// Every 32-bit word drawn from the random source while applying it.
    pub draws: Vec<u32>,
}

/// Wraps a random source and remembers what it gave.
pub(crate) struct Recorder<'a> {
    inner: &'a mut dyn RngCore,
    draws: Vec<u32>,
}

impl<'a> Recorder<'a> {
    pub(crate) fn new(inner: &'a mut dyn RngCore) -> Recorder<'a> {
        Recorder {
            inner,
            draws: Vec::new(),
        }
    }
    pub(crate) fn into_draws(self) -> Vec<u32> {
        self.draws
    }
}

impl RngCore for Recorder<'_> {
    fn next_u32(&mut self) -> u32 {
        let v = self.inner.next_u32();
        self.draws.push(v);
        v
    }
    fn next_u64(&mut self) -> u64 {
        u64::from(self.next_u32()) | (u64::from(self.next_u32()) << 32)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(4) {
            let v = self.next_u32().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

/// Gives back recorded draws. Past the end it yields `u32::MAX`, a word every
/// bounded draw (`ids::below`'s rejection sampling) accepts, so a record with too
/// few draws (only a journal that passed its CRC but was not written by this
/// code has one) still ends; [`Replayer::overrun`] tells that it happened.
pub(crate) struct Replayer<'a> {
    draws: &'a [u32],
    pos: usize,
}

impl<'a> Replayer<'a> {
    pub(crate) fn new(draws: &'a [u32]) -> Replayer<'a> {
        Replayer { draws, pos: 0 }
    }

    /// Whether more words were drawn than the record holds.
    pub(crate) fn overrun(&self) -> bool {
        self.pos > self.draws.len()
    }
}

impl RngCore for Replayer<'_> {
    fn next_u32(&mut self) -> u32 {
        let v = self.draws.get(self.pos).copied().unwrap_or(u32::MAX);
        self.pos = self.pos.saturating_add(1);
        v
    }
    fn next_u64(&mut self) -> u64 {
        u64::from(self.next_u32()) | (u64::from(self.next_u32()) << 32)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(4) {
            let v = self.next_u32().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}
