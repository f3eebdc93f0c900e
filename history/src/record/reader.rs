//! The cursor over a frame and its primitives (bytes, varints, strings).

use super::action::Span;
use super::error::{Field, RecordError, RecordReason};

/// A cursor over a postcard payload, reading the primitives of postcard 1's wire
/// format (LEB128 varints, one-byte `u8`/`bool`/option tags, length-prefixed
/// sequences and strings) with the same checks as `postcard::from_bytes`. The common
/// small values (one- and two-byte varints, tags 0 and 1) are one slice pattern
/// each; anything else takes a general path out of line.
#[derive(Copy, Clone)]
pub(super) struct Reader<'a> {
    /// What is left of the payload.
    pub(super) rest: &'a [u8],
    /// The payload's length (for error offsets).
    pub(super) size: usize,
}

impl<'a> Reader<'a> {
    /// The error at the current position.
    #[cold]
    #[inline(never)]
    pub(super) fn fail(self, reason: RecordReason) -> RecordError {
        RecordError {
            offset: u32::try_from(self.size - self.rest.len()).unwrap_or(u32::MAX),
            reason,
        }
    }

    /// The error at the byte just read.
    #[cold]
    #[inline(never)]
    pub(super) fn fail_last_byte(self, reason: RecordReason) -> RecordError {
        let mut e = self.fail(reason);
        e.offset = e.offset.saturating_sub(1);
        e
    }

    #[inline(always)]
    pub(super) fn byte(&mut self) -> Result<u8, RecordError> {
        match *self.rest {
            [b, ref rest @ ..] => {
                self.rest = rest;
                Ok(b)
            }
            [] => Err(self.fail(RecordReason::EndsEarly)),
        }
    }

    /// A LEB128 `u64` (at most 10 bytes, the last at most 1).
    #[inline(always)]
    pub(super) fn u64(&mut self) -> Result<u64, RecordError> {
        match *self.rest {
            [b, ref rest @ ..] if b < 0x80 => {
                self.rest = rest;
                Ok(u64::from(b))
            }
            // (The first byte has its high bit set: the arm above takes the rest.)
            [b0, b1, ref rest @ ..] if b1 < 0x80 => {
                self.rest = rest;
                Ok(u64::from(b0 & 0x7f) | u64::from(b1) << 7)
            }
            _ => {
                let (x, after) = self.u64_long()?;
                *self = after;
                Ok(x)
            }
        }
    }

    /// The general path of [`Reader::u64`], out of line; the cursor goes in and out
    /// by value so that the caller's stays in registers. (`u32_long` is its own loop
    /// on purpose: one shared loop with the width as a parameter is slower.)
    #[inline(never)]
    pub(super) fn u64_long(mut self) -> Result<(u64, Reader<'a>), RecordError> {
        let mut out = 0u64;
        for i in 0..10 {
            let b = self.byte()?;
            out |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                if i == 9 && b > 1 {
                    break;
                }
                return Ok((out, self));
            }
        }
        Err(self.fail(RecordReason::BadVarint))
    }

    /// A LEB128 `u32` (at most 5 bytes, the last at most 15): enum variant indices,
    /// `u32` and zigzag `i32` fields.
    #[inline(always)]
    pub(super) fn u32(&mut self) -> Result<u32, RecordError> {
        match *self.rest {
            [b, ref rest @ ..] if b < 0x80 => {
                self.rest = rest;
                Ok(u32::from(b))
            }
            _ => {
                let (x, after) = self.u32_long()?;
                *self = after;
                Ok(x)
            }
        }
    }

    /// The general path of [`Reader::u32`], out of line (as [`Reader::u64_long`]).
    #[inline(never)]
    pub(super) fn u32_long(mut self) -> Result<(u32, Reader<'a>), RecordError> {
        let mut out = 0u32;
        for i in 0..5 {
            let b = self.byte()?;
            out |= u32::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                if i == 4 && b > 0x0f {
                    break;
                }
                return Ok((out, self));
            }
        }
        Err(self.fail(RecordReason::BadVarint))
    }

    /// A sequence or string length (a `usize` varint).
    #[inline(always)]
    pub(super) fn len(&mut self) -> Result<usize, RecordError> {
        let n = self.u64()?;
        usize::try_from(n).map_err(|_| self.fail(RecordReason::BadVarint))
    }

    /// An option tag (or a bool) of `field`: `false` for `None`.
    #[inline(always)]
    pub(super) fn option(&mut self, field: Field) -> Result<bool, RecordError> {
        match *self.rest {
            [0, ref rest @ ..] => {
                self.rest = rest;
                Ok(false)
            }
            [1, ref rest @ ..] => {
                self.rest = rest;
                Ok(true)
            }
            [] => Err(self.fail(RecordReason::EndsEarly)),
            [found, ..] => Err(self.fail(RecordReason::BadFlag { field, found })),
        }
    }

    /// A length-prefixed byte string, borrowed.
    #[inline(always)]
    pub(super) fn bytes(&mut self) -> Result<&'a [u8], RecordError> {
        let n = self.len()?;
        match self.rest.split_at_checked(n) {
            Some((b, rest)) => {
                self.rest = rest;
                Ok(b)
            }
            None => Err(self.fail(RecordReason::EndsEarly)),
        }
    }

    /// A length-prefixed UTF-8 string, borrowed.
    #[inline(always)]
    pub(super) fn str(&mut self) -> Result<&'a str, RecordError> {
        let at = *self;
        let b = self.bytes()?;
        std::str::from_utf8(b).map_err(|_| at.fail(RecordReason::NotUtf8))
    }

    /// Where a length-prefixed UTF-8 string lies.
    #[inline(always)]
    pub(super) fn span(&mut self) -> Result<Span, RecordError> {
        let b = self.str()?;
        // Frames are at most 1 MiB (MAX_FRAME): offsets fit.
        let end = (self.size - self.rest.len()) as u32;
        Ok(Span {
            start: end - b.len() as u32,
            end,
        })
    }
}
