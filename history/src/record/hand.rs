//! The decoded hand: [`HandRecord`], its per-player amounts and the user fields
//! it keeps.

use super::action::{ActionBuffer, ActionRecord, Span, text_at};
use super::error::RecordError;
use super::frame::NativeVersion;
use super::reader::Reader;
use crate::model::{Action, HandHistory, MAX_PLAYERS, Metadata, Stakes, Variant};
use crate::money::Unit;
use crate::view::ReplayView;

/// The user fields a decoder keeps (TOML text, borrowed from the frame): the
/// recorded rake policy, rules preset, house rules and rake taken.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct UserFields<'a> {
    pub(super) rake: Option<&'a str>,
    pub(super) rules: Option<&'a str>,
    pub(super) house: Option<&'a str>,
    pub(super) rake_taken: Option<&'a str>,
}

/// One per-player array of a [`HandRecord`] ([`PerPlayer`]).
#[derive(Copy, Clone, Debug)]
pub(super) enum Amounts {
    StartingStacks,
    Antes,
    BlindsOrStraddles,
    FinishingStacks,
    Winnings,
}

/// A fixed array of amounts for each of [`Amounts`].
pub(super) type AmountArrays = [[u64; MAX_PLAYERS]; 5];

/// What a record's box ([`PerPlayer`]) holds from frame to frame: the per-player
/// arrays, and the `HOLDEMH2` setup they hold the starting stacks, antes and blinds
/// of.
#[derive(Debug, Default)]
pub(super) struct AmountStore {
    pub(super) arrays: AmountArrays,
    /// The setup bytes ([`ReplayView::setup`]) last decoded into `arrays`...
    pub(super) setup: Vec<u8>,
    /// ... and the other fields they gave; `None` when `arrays` hold no whole setup.
    pub(super) setup_fields: Option<SetupFields>,
}

/// The fields of a `HOLDEMH2` setup besides the per-player arrays.
#[derive(Copy, Clone, Debug)]
pub(super) struct SetupFields {
    pub(super) head: u8,
    pub(super) variant: Variant,
    pub(super) unit: Unit,
    pub(super) stakes: Stakes,
    pub(super) players: usize,
}

/// The per-player amounts of a [`HandRecord`]: for each array ([`Amounts`]) the
/// first `len` of a fixed array (at most [`MAX_PLAYERS`]), filled in place by
/// position and given a length once (an `ArrayVec` checked its capacity and stored
/// its length at each push, ~30 amounts a hand). The arrays lie in a box that the
/// record's [`ActionBuffer`] carries from frame to frame, allocated at a stream's
/// first decode: a new record zeroes nothing (inline, they were a `memset` of ~550
/// bytes a hand, and ~180 more for recorded finishing stacks).
#[derive(Debug, Default)]
pub(super) struct PerPlayer {
    pub(super) arrays: Option<Box<AmountStore>>,
    pub(super) lens: [u8; 5],
}

impl PerPlayer {
    /// The amounts of `which` (empty before a decode).
    #[inline]
    pub(super) fn get(&self, which: Amounts) -> &[u64] {
        let i = which as usize;
        match &self.arrays {
            // A length is at most MAX_PLAYERS (set by `Reader::amounts`): the slice
            // is never the empty fallback.
            Some(store) => store.arrays[i]
                .get(..usize::from(self.lens[i]))
                .unwrap_or_default(),
            None => &[],
        }
    }
}

/// A postcard hand decoded for replay: per-player amounts in fixed arrays, strings
/// borrowed from the frame, and of the metadata only the recorded rake and rules
/// (the rest is skipped by length). It reads the bytes [`crate::native::write_postcard`]
/// writes for a [`crate::HandHistory`].
///
/// One record at a time, reusing the action storage:
/// ```
/// use holdem_history::native::{ActionBuffer, HandRecord, NativeVersion};
/// let frames: Vec<Vec<u8>> = Vec::new(); // postcard frame payloads
/// let mut buffer = ActionBuffer::default();
/// for frame in &frames {
///     let mut record = HandRecord::new(buffer);
///     if record.decode_into(frame, NativeVersion::V2).is_ok() {
///         let _view = record.view(); // replay it
///     }
///     buffer = record.take_buffer();
/// }
/// ```
#[derive(Debug)]
pub struct HandRecord<'a> {
    pub(super) variant: Variant,
    pub(super) unit: Unit,
    pub(super) stakes: Stakes,
    /// Starting stacks, antes, blinds or straddles, and the recorded results.
    pub(super) amounts: PerPlayer,
    /// Whether finishing stacks and winnings are recorded.
    pub(super) has_finishing_stacks: bool,
    pub(super) has_winnings: bool,
    pub(super) frame: &'a [u8],
    /// The action storage: its first `action_count` records are this hand's, the
    /// others are left from earlier frames (copyable, never read), so that a frame
    /// writes only its own actions (not cleared and refilled each frame).
    pub(super) actions: Vec<ActionRecord>,
    pub(super) action_count: usize,
    pub(super) rake: Option<&'a str>,
    pub(super) rules: Option<&'a str>,
    /// The recorded rake taken ([`RAKE_TAKEN_FIELD`]), if any.
    pub(super) rake_taken: Option<&'a str>,
    pub(super) house: Option<&'a str>,
    /// `HOLDEMH2`: where the user fields and the other metadata lie in the frame
    /// (for the full reader; empty for `HOLDEMH1`).
    pub(super) extras: Span,
    pub(super) meta: Span,
    /// `HOLDEMH2`: the frame's bytes up to the end of the blinds (the setup, for
    /// [`ReplayView::setup`]; `None` for `HOLDEMH1`).
    pub(super) setup: Option<&'a [u8]>,
}

impl<'a> HandRecord<'a> {
    /// An empty record (a no-limit hand without players or actions) whose actions
    /// go into `buffer`; fill it with [`HandRecord::decode_into`].
    pub fn new(buffer: ActionBuffer) -> HandRecord<'a> {
        HandRecord {
            variant: Variant::NoLimit,
            unit: Unit::default(),
            stakes: Stakes::MinBet(0),
            amounts: PerPlayer {
                arrays: buffer.amounts,
                lens: [0; 5],
            },
            has_finishing_stacks: false,
            has_winnings: false,
            frame: &[],
            actions: buffer.actions,
            action_count: 0,
            rake: None,
            rules: None,
            rake_taken: None,
            house: None,
            extras: Span { start: 0, end: 0 },
            meta: Span { start: 0, end: 0 },
            setup: None,
        }
    }

    /// The action storage for the next record (the record keeps none).
    pub fn take_buffer(&mut self) -> ActionBuffer {
        let actions = std::mem::take(&mut self.actions);
        self.action_count = 0;
        self.amounts.lens = [0; 5];
        ActionBuffer {
            actions,
            amounts: self.amounts.arrays.take(),
        }
    }

    /// The per-player arrays and what they hold (allocated at the first decode).
    #[inline]
    pub(super) fn amount_store(amounts: &mut PerPlayer) -> &mut AmountStore {
        amounts.arrays.get_or_insert_with(Box::default)
    }

    /// Decodes one frame payload of a file of `version` into a new record (for
    /// `HOLDEMH1`, bytes after the hand are ignored, as `postcard::from_bytes`
    /// does; a `HOLDEMH2` frame must end with the hand). A stream decodes with
    /// [`HandRecord::decode_into`] instead, which reuses the action storage.
    ///
    /// # Errors
    /// Where and why the bytes are not a hand.
    pub fn decode(bytes: &'a [u8], version: NativeVersion) -> Result<HandRecord<'a>, RecordError> {
        let mut record = HandRecord::new(ActionBuffer::default());
        record.decode_into(bytes, version)?;
        Ok(record)
    }

    /// Decodes one frame payload of a file of `version` into this record,
    /// replacing what it held (as [`HandRecord::decode`]).
    ///
    /// # Errors
    /// Where and why the bytes are not a hand; the record then holds part of the
    /// hand and is only good for [`HandRecord::take_buffer`] or another decode.
    #[inline]
    pub fn decode_into(
        &mut self,
        bytes: &'a [u8],
        version: NativeVersion,
    ) -> Result<(), RecordError> {
        match version {
            NativeVersion::V1 => self.decode_v1(bytes),
            NativeVersion::V2 => self.decode_v2(bytes),
        }
    }
}

impl<'a> HandRecord<'a> {
    /// `HOLDEMH2`: the user fields (`_holdem_rake`, `_holdem_rules` and any other
    /// field the reader keeps verbatim), in file order, every text checked as UTF-8
    /// (replay reads only the two it needs).
    pub(crate) fn user_fields_v2(&self) -> Result<Vec<(&'a str, &'a str)>, RecordError> {
        let frame: &'a [u8] = self.frame;
        let mut r = Reader {
            rest: frame.get(..self.extras.end as usize).unwrap_or_default(),
            size: frame.len(),
        };
        r.rest = r.rest.get(self.extras.start as usize..).unwrap_or_default();
        let mut out = Vec::new();
        for _ in 0..r.len()? {
            out.push((r.str()?, r.str()?));
        }
        Ok(out)
    }

    /// `HOLDEMH2`: the other metadata's block with its length prefix (postcard of
    /// the metadata without the user fields), for the full reader.
    pub(crate) fn metadata_block_v2(&self) -> &'a [u8] {
        let frame: &'a [u8] = self.frame;
        frame
            .get(self.meta.start as usize..self.meta.end as usize)
            .unwrap_or_default()
    }

    /// The actions as owned [`Action`]s (for the full reader).
    pub(crate) fn owned_actions(&self) -> Vec<Action> {
        self.actions()
            .iter()
            .map(|a| Action {
                kind: a.kind(),
                comment: self.comment(a).map(str::to_string),
            })
            .collect()
    }

    /// The record's setup and results as a [`HandHistory`] with `actions` and
    /// `meta` (for the full reader).
    pub(crate) fn to_history(&self, actions: Vec<Action>, meta: Metadata) -> HandHistory {
        HandHistory {
            variant: self.variant,
            unit: self.unit,
            antes: self.amounts.get(Amounts::Antes).to_vec(),
            blinds_or_straddles: self.amounts.get(Amounts::BlindsOrStraddles).to_vec(),
            stakes: self.stakes,
            starting_stacks: self.amounts.get(Amounts::StartingStacks).to_vec(),
            actions,
            finishing_stacks: self.finishing_stacks().map(<[u64]>::to_vec),
            winnings: self.winnings().map(<[u64]>::to_vec),
            meta,
        }
    }

    /// The TOML text of the rules preset the hand names ([`RULES_FIELD`](crate::phh::RULES_FIELD)), if any.
    pub fn declared_rules(&self) -> Option<&'a str> {
        self.rules
    }

    /// The unit of the hand's amounts.
    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// An action's commentary.
    pub fn comment(&self, action: &ActionRecord) -> Option<&'a str> {
        text_at(action.comment?, self.frame)
    }

    /// The recorded finishing stacks, if any.
    #[inline]
    pub(super) fn finishing_stacks(&self) -> Option<&[u64]> {
        self.has_finishing_stacks
            .then(|| self.amounts.get(Amounts::FinishingStacks))
    }

    /// The recorded winnings, if any.
    #[inline]
    pub(super) fn winnings(&self) -> Option<&[u64]> {
        self.has_winnings
            .then(|| self.amounts.get(Amounts::Winnings))
    }

    /// The hand's actions.
    #[inline]
    pub(super) fn actions(&self) -> &[ActionRecord] {
        // (`action_count` is at most the storage's length: set by a decoder.)
        self.actions.get(..self.action_count).unwrap_or_default()
    }

    /// What replay reads.
    // Inline: built once a hand by its caller.
    #[inline]
    pub fn view(&self) -> ReplayView<'_, ActionRecord> {
        ReplayView {
            source: self.frame,
            variant: self.variant,
            unit: self.unit,
            antes: self.amounts.get(Amounts::Antes),
            blinds_or_straddles: self.amounts.get(Amounts::BlindsOrStraddles),
            stakes: self.stakes,
            starting_stacks: self.amounts.get(Amounts::StartingStacks),
            actions: self.actions(),
            finishing_stacks: self.finishing_stacks(),
            winnings: self.winnings(),
            rake: self.rake,
            rake_taken: self.rake_taken,
            house: self.house,
            setup: self.setup,
        }
    }
}

/// The first `n` records of an action storage, for a decoder to overwrite: the
/// storage keeps the records of earlier frames (copyable, never read), and is grown
/// with no-ops only where it holds fewer than `n`.
#[inline(always)]
pub(super) fn action_slots(storage: &mut Vec<ActionRecord>, n: usize) -> &mut [ActionRecord] {
    if storage.len() < n {
        storage.resize(n, ActionRecord::NO_OP);
    }
    // (The storage holds at least `n` records: the slice is never the empty
    // fallback.)
    storage.get_mut(..n).unwrap_or_default()
}
