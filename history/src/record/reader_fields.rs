//! Reading the setup, per-player amounts, user fields and metadata of a frame.

use super::error::{EnumField, Field, RecordError, RecordReason};
use super::frame::{V2_HEAD_BITS, V2_LIMIT, V2_VARIANT};
use super::hand::{AmountArrays, SetupFields, UserFields};
use super::reader::Reader;
use crate::model::{MAX_PLAYERS, Stakes, Variant};
use crate::money::{MAX_DECIMALS, Unit};
use crate::phh::{HOUSE_FIELD, RAKE_FIELD, RAKE_TAKEN_FIELD, RULES_FIELD};

impl<'a> Reader<'a> {
    /// A `HOLDEMH2` setup: the head byte, unit, stakes and player count, and the
    /// starting stacks, antes and blinds or straddles into `arrays`.
    #[inline(always)]
    pub(super) fn setup_v2(
        &mut self,
        arrays: &mut AmountArrays,
    ) -> Result<SetupFields, RecordError> {
        let head = self.byte()?;
        if head & !V2_HEAD_BITS != 0 {
            return Err(self.fail_last_byte(RecordReason::BadHead { found: head }));
        }
        let variant = match head & V2_VARIANT {
            0 => Variant::NoLimit,
            1 => Variant::PotLimit,
            2 => Variant::FixedLimit,
            _ => return Err(self.fail(RecordReason::UnknownEnum(EnumField::Variant))),
        };
        let unit = self.unit()?;
        let stakes = if head & V2_LIMIT != 0 {
            Stakes::Limit {
                small_bet: self.u64()?,
                big_bet: self.u64()?,
            }
        } else {
            Stakes::MinBet(self.u64()?)
        };
        let n = usize::from(self.byte()?);
        if n > MAX_PLAYERS {
            return Err(self.fail(RecordReason::TooManyPlayers));
        }
        let [starting_stacks, antes, blinds_or_straddles, _, _] = arrays;
        self.amounts(starting_stacks, n)?;
        self.amounts(antes, n)?;
        self.amounts(blinds_or_straddles, n)?;
        Ok(SetupFields {
            head,
            variant,
            unit,
            stakes,
            players: n,
        })
    }

    /// A per-player array, into `to` (replacing what it held): its length.
    #[inline(always)]
    pub(super) fn per_player(&mut self, to: &mut [u64; MAX_PLAYERS]) -> Result<u8, RecordError> {
        let n = self.len()?;
        self.amounts(to, n)?;
        // (`amounts` took at most MAX_PLAYERS.)
        Ok(n as u8)
    }

    /// A unit: its decimal places, at most [`MAX_DECIMALS`].
    #[inline(always)]
    pub(super) fn unit(&mut self) -> Result<Unit, RecordError> {
        let decimals = self.byte()?;
        if decimals > MAX_DECIMALS {
            return Err(self.fail(RecordReason::TooManyDecimals));
        }
        Ok(Unit { decimals })
    }

    /// The offset of the cursor in the payload (frames are at most 1 MiB).
    #[inline(always)]
    pub(super) fn offset(&self) -> u32 {
        (self.size - self.rest.len()) as u32
    }

    /// `n` amounts (a per-player array without its length), into the first `n` of
    /// `to` (on an error it holds part of them).
    #[inline(always)]
    pub(super) fn amounts(
        &mut self,
        to: &mut [u64; MAX_PLAYERS],
        n: usize,
    ) -> Result<(), RecordError> {
        let Some(slots) = to.get_mut(..n) else {
            return Err(self.fail(RecordReason::TooManyPlayers));
        };
        for slot in slots {
            *slot = self.u64()?;
        }
        Ok(())
    }

    /// The user fields (a count, then key and TOML text pairs): the recorded rake's,
    /// rules' and rake taken's TOML, checked as UTF-8; other fields skipped (the
    /// last of a key wins).
    #[inline(always)]
    pub(super) fn user_fields(&mut self) -> Result<UserFields<'a>, RecordError> {
        let mut kept = UserFields::default();
        for _ in 0..self.len()? {
            let key = self.bytes()?;
            let toml = self.str_if(
                key == RULES_FIELD.as_bytes()
                    || key == RAKE_FIELD.as_bytes()
                    || key == HOUSE_FIELD.as_bytes()
                    || key == RAKE_TAKEN_FIELD.as_bytes(),
            )?;
            if key == RULES_FIELD.as_bytes() {
                kept.rules = toml;
            } else if key == RAKE_FIELD.as_bytes() {
                kept.rake = toml;
            } else if key == HOUSE_FIELD.as_bytes() {
                kept.house = toml;
            } else if key == RAKE_TAKEN_FIELD.as_bytes() {
                kept.rake_taken = toml;
            }
        }
        Ok(kept)
    }
}

impl<'a> Reader<'a> {
    /// Skips an optional length-prefixed string.
    #[inline(always)]
    pub(super) fn skip_option_bytes(&mut self, field: Field) -> Result<(), RecordError> {
        if self.option(field)? {
            self.bytes()?;
        }
        Ok(())
    }

    /// Skips an optional `u32` (or `i32`: a zigzag varint of the same size).
    #[inline(always)]
    pub(super) fn skip_option_u32(&mut self, field: Field) -> Result<(), RecordError> {
        if self.option(field)? {
            self.u32()?;
        }
        Ok(())
    }

    /// [`super::Metadata`] in postcard order: everything checked and skipped except
    /// the recorded rake's and rules' TOML.
    pub(super) fn metadata(&mut self) -> Result<UserFields<'a>, RecordError> {
        // Strings are read as bytes: skipped text needs no UTF-8 check.
        if self.option(Field::Players)? {
            for _ in 0..self.len()? {
                self.bytes()?;
            }
        }
        if self.option(Field::Seats)? {
            for _ in 0..self.len()? {
                self.u32()?;
            }
        }
        self.skip_option_u32(Field::SeatCount)?;
        self.skip_option_bytes(Field::Hand)?;
        self.skip_option_bytes(Field::Table)?;
        self.skip_option_bytes(Field::Time)?;
        self.skip_option_u32(Field::Day)?;
        self.skip_option_u32(Field::Month)?;
        self.skip_option_u32(Field::Year)?;
        self.skip_option_u32(Field::Level)?;
        self.skip_option_bytes(Field::Currency)?;
        self.skip_option_bytes(Field::CurrencySymbol)?;
        if self.option(Field::AnteTrimmingStatus)? {
            self.option(Field::AnteTrimmingValue)?;
        }
        for _ in 0..self.len()? {
            self.bytes()?;
            self.bytes()?;
        }
        self.user_fields()
    }

    /// A length-prefixed string: checked as UTF-8 and kept if `keep`, else skipped.
    /// (Inlined: a call with `&mut self` would take the cursor's address, and the
    /// caller's cursor would then live in memory, a load and a store a byte.)
    #[inline(always)]
    pub(super) fn str_if(&mut self, keep: bool) -> Result<Option<&'a str>, RecordError> {
        if keep {
            self.str().map(Some)
        } else {
            self.bytes().map(|_| None)
        }
    }
}
