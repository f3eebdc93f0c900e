//! The decoders of the two native versions, into a [`HandRecord`].

use super::action::Span;
use super::error::{EnumField, Field, RecordError, RecordReason};
use super::frame::{V2_FINISHING, V2_WINNINGS};
use super::hand::{Amounts, HandRecord, SetupFields};
use super::reader::Reader;
use crate::model::{Stakes, Variant};

impl<'a> HandRecord<'a> {
    /// [`HandRecord::decode_into`] for `HOLDEMH1`: postcard's serde layout.
    pub(super) fn decode_v1(&mut self, bytes: &'a [u8]) -> Result<(), RecordError> {
        self.extras = Span { start: 0, end: 0 };
        self.meta = Span { start: 0, end: 0 };
        self.setup = None;
        self.frame = bytes;
        let mut r = Reader {
            rest: bytes,
            size: bytes.len(),
        };
        self.variant = match r.u32()? {
            0 => Variant::NoLimit,
            1 => Variant::PotLimit,
            2 => Variant::FixedLimit,
            _ => return Err(r.fail(RecordReason::UnknownEnum(EnumField::Variant))),
        };
        self.unit = r.unit()?;
        let store = Self::amount_store(&mut self.amounts);
        store.setup_fields = None;
        let arrays = &mut store.arrays;
        let mut lens = [0; 5];
        lens[Amounts::Antes as usize] = r.per_player(&mut arrays[Amounts::Antes as usize])?;
        lens[Amounts::BlindsOrStraddles as usize] =
            r.per_player(&mut arrays[Amounts::BlindsOrStraddles as usize])?;
        self.stakes = match r.u32()? {
            0 => Stakes::MinBet(r.u64()?),
            1 => Stakes::Limit {
                small_bet: r.u64()?,
                big_bet: r.u64()?,
            },
            _ => return Err(r.fail(RecordReason::UnknownEnum(EnumField::Stakes))),
        };
        lens[Amounts::StartingStacks as usize] =
            r.per_player(&mut arrays[Amounts::StartingStacks as usize])?;
        self.action_count = 0;
        self.action_count = r.actions(&mut self.actions)?;
        self.has_finishing_stacks = r.option(Field::FinishingStacks)?;
        if self.has_finishing_stacks {
            lens[Amounts::FinishingStacks as usize] =
                r.per_player(&mut arrays[Amounts::FinishingStacks as usize])?;
        }
        self.has_winnings = r.option(Field::Winnings)?;
        if self.has_winnings {
            lens[Amounts::Winnings as usize] =
                r.per_player(&mut arrays[Amounts::Winnings as usize])?;
        }
        self.amounts.lens = lens;
        let kept = r.metadata()?;
        (self.rake, self.rules, self.house, self.rake_taken) =
            (kept.rake, kept.rules, kept.house, kept.rake_taken);
        let n = lens[Amounts::StartingStacks as usize];
        let lengths_ok = lens[Amounts::Antes as usize] == n
            && lens[Amounts::BlindsOrStraddles as usize] == n
            && (!self.has_finishing_stacks || lens[Amounts::FinishingStacks as usize] == n)
            && (!self.has_winnings || lens[Amounts::Winnings as usize] == n);
        if !lengths_ok {
            return Err(RecordError {
                offset: 0,
                reason: RecordReason::PlayerCounts,
            });
        }
        Ok(())
    }

    /// [`HandRecord::decode_into`] for `HOLDEMH2` (the layout is in
    /// [`super::native`]'s documentation).
    pub(super) fn decode_v2(&mut self, bytes: &'a [u8]) -> Result<(), RecordError> {
        self.frame = bytes;
        let mut r = Reader {
            rest: bytes,
            size: bytes.len(),
        };
        // (A record that brought no arrays decodes one hand, `HandRecord::decode`:
        // it keeps no setup bytes for a next one.)
        let streaming = self.amounts.arrays.is_some();
        let store = Self::amount_store(&mut self.amounts);
        // A frame that starts with the setup bytes of the one decoded before holds
        // the same setup (the decoder reads exactly those bytes for it): its fields
        // and per-player arrays are already decoded (streams where stacks repeat,
        // as in bot and simulation logs: ~24 amounts a Pluribus hand).
        let fields = match store.setup_fields {
            Some(fields) if bytes.starts_with(&store.setup) => {
                r.rest = bytes.get(store.setup.len()..).unwrap_or_default();
                fields
            }
            _ => {
                store.setup_fields = None;
                let fields = r.setup_v2(&mut store.arrays)?;
                if streaming {
                    store.setup.clear();
                    store
                        .setup
                        .extend_from_slice(bytes.get(..r.offset() as usize).unwrap_or_default());
                    store.setup_fields = Some(fields);
                }
                fields
            }
        };
        self.setup = bytes.get(..r.offset() as usize);
        let SetupFields {
            head,
            variant,
            unit,
            stakes,
            players: n,
        } = fields;
        (self.variant, self.unit, self.stakes) = (variant, unit, stakes);
        let [_, _, _, finishing_stacks, winnings] = &mut store.arrays;
        self.has_finishing_stacks = head & V2_FINISHING != 0;
        if self.has_finishing_stacks {
            r.amounts(finishing_stacks, n)?;
        }
        self.has_winnings = head & V2_WINNINGS != 0;
        if self.has_winnings {
            r.amounts(winnings, n)?;
        }
        // (`n` is at most MAX_PLAYERS.)
        self.amounts.lens = [n as u8; 5];
        let start = r.offset();
        let kept = r.user_fields()?;
        (self.rake, self.rules, self.house, self.rake_taken) =
            (kept.rake, kept.rules, kept.house, kept.rake_taken);
        self.extras = Span {
            start,
            end: r.offset(),
        };
        r.bytes()?;
        let end = r.offset();
        // The block's length prefix is before `start`; the full reader reads the
        // block from its first byte to `end`.
        self.meta = Span {
            start: self.extras.end,
            end,
        };
        self.action_count = 0;
        self.action_count = r.actions_v2(&mut self.actions)?;
        if !r.rest.is_empty() {
            return Err(r.fail(RecordReason::TrailingBytes));
        }
        Ok(())
    }
}
