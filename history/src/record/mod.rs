//! The postcard decoder replay uses ([`HandRecord`]): it reads the native frame of a
//! [`super::HandHistory`] (postcard 1's serde layout, decoded by hand) straight into
//! what replay needs, with strings borrowed from the frame, per-player amounts in
//! fixed arrays, the metadata skipped by length (only the recorded rake and rules
//! are kept), and the action list in an [`ActionBuffer`] a stream reuses, so that
//! decoding a stream allocates once.
//!
//! It accepts exactly the frames `postcard::from_bytes` accepts as a hand with
//! consistent player counts and reads the same hand
//! (`hand_decoder_agrees_with_serde_on_real_and_mutated_frames`), except that text
//! it skips is not checked to be UTF-8.

mod action;
mod decode;
mod error;
mod frame;
mod hand;
mod reader;
mod reader_actions;
mod reader_fields;

pub use action::{ActionBuffer, ActionRecord};
pub use error::{EnumField, Field, RecordError, RecordReason};
pub use frame::NativeVersion;
pub(crate) use frame::{
    V2_ANSWER_RUNS, V2_COMMENTED, V2_FINISHING, V2_LIMIT, V2_OFFER_RUNS, V2_UNKNOWN_CARD,
    V2_VARIANT, V2_WINNINGS,
};
pub use hand::HandRecord;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::ReplayView;

    /// The shipped generated corpus (`HOLDEMH2` frames).
    pub(super) fn generated_corpus() -> Vec<u8> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/histories/generated/seed-2026-10000-hands.postcard"
        );
        std::fs::read(path).expect("generated corpus")
    }

    /// Every field replay reads is the same in `a` (a reused record) and `b` (a new one).
    pub(super) fn assert_same_view(
        a: &ReplayView<'_, ActionRecord>,
        b: &ReplayView<'_, ActionRecord>,
    ) {
        assert_eq!(a.variant, b.variant);
        assert_eq!(a.unit, b.unit);
        assert_eq!(a.antes, b.antes);
        assert_eq!(a.blinds_or_straddles, b.blinds_or_straddles);
        assert_eq!(a.stakes, b.stakes);
        assert_eq!(a.starting_stacks, b.starting_stacks);
        assert_eq!(a.actions, b.actions);
        assert_eq!(a.finishing_stacks, b.finishing_stacks);
        assert_eq!(a.winnings, b.winnings);
        assert_eq!(a.rake, b.rake);
        assert_eq!(a.setup, b.setup);
    }

    /// A record's action storage goes to the next record without a new allocation.
    #[test]
    pub(super) fn the_action_buffer_is_reused() {
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let (frame, version) = frames.next_frame().expect("a frame").expect("read");
        let frame = frame.to_vec();
        let mut buffer = ActionBuffer::default();
        let mut capacity = 0;
        for _ in 0..3 {
            let mut record = HandRecord::new(buffer);
            record.decode_into(&frame, version).expect("a hand");
            assert!(!record.view().actions.is_empty());
            buffer = record.take_buffer();
            // A record made from the storage has no actions (the storage keeps the
            // last frame's, never read).
            let mut empty = HandRecord::new(buffer);
            assert!(empty.view().actions.is_empty());
            buffer = empty.take_buffer();
            assert!(capacity == 0 || buffer.actions.capacity() == capacity);
            capacity = buffer.actions.capacity();
        }
    }

    /// A record reused after frames that fail to decode reads the next hand as a
    /// new record does.
    #[test]
    pub(super) fn a_reused_record_reads_as_a_new_one() {
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let mut payloads = Vec::new();
        let mut version = NativeVersion::V2;
        for _ in 0..50 {
            let (frame, v) = frames.next_frame().expect("a frame").expect("read");
            payloads.push(frame.to_vec());
            version = v;
        }
        let mut record = HandRecord::new(ActionBuffer::default());
        for (i, p) in payloads.iter().enumerate() {
            // A cut frame first: the record holds part of it.
            let _ = record.decode_into(&p[..p.len() * (i % 5) / 5], version);
            record.decode_into(p, version).expect("a hand");
            let fresh = HandRecord::decode(p, version).expect("a hand");
            assert_same_view(&record.view(), &fresh.view());
            assert_eq!(record.declared_rules(), fresh.declared_rules());
        }
    }

    /// A stream of records whose frames share their setup bytes (the decoder then
    /// reuses the setup it decoded last) reads every frame, cut ones included, as
    /// a new record does: the same hand or the same error.
    #[test]
    pub(super) fn frames_with_the_last_setup_read_as_in_a_new_record() {
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let mut buffer = ActionBuffer::default();
        for _ in 0..30 {
            let (frame, version) = frames.next_frame().expect("a frame").expect("read");
            let p = frame.to_vec();
            // The whole frame, cut frames (after the setup: the same setup bytes;
            // inside it: another setup), and the whole frame again, twice.
            let cuts = [p.len(), p.len() - 1, p.len() / 2, 3, 0, p.len(), p.len()];
            for cut in cuts {
                let bytes = &p[..cut];
                let mut record = HandRecord::new(buffer);
                let got = record.decode_into(bytes, version);
                let fresh = HandRecord::decode(bytes, version);
                match (&got, &fresh) {
                    (Ok(()), Ok(fresh)) => assert_same_view(&record.view(), &fresh.view()),
                    (Err(a), Err(b)) => assert_eq!(a, b),
                    _ => panic!(
                        "cut {cut}: {got:?} but a new record gives {:?}",
                        fresh.err()
                    ),
                }
                buffer = record.take_buffer();
            }
        }
    }

    /// A native record's decoding errors say where (the byte) and what was expected
    /// there, and stay eight bytes.
    #[test]
    pub(super) fn record_errors_say_what_was_expected_and_where() {
        assert!(std::mem::size_of::<RecordError>() <= 8);
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let (frame, version) = frames.next_frame().expect("a frame").expect("read");
        let v2 = frame.to_vec();
        let hand = crate::native::decode_postcard(&v2, version).expect("a hand");
        let v1 = crate::native::encode_postcard(&hand, NativeVersion::V1).expect("encode");

        let mut bad = v2.clone();
        bad[0] = 0xff;
        let e = HandRecord::decode(&bad, NativeVersion::V2).expect_err("bad head");
        assert_eq!(e.reason, RecordReason::BadHead { found: 0xff });
        assert_eq!(
            e.to_string(),
            "byte 0: the head byte: expected the variant (0-2) and the limit, \
             finishing-stacks and winnings bits (mask 0x1f), found 0xff"
        );

        let mut reasons = Vec::new();
        for (payload, version) in [(&v1, NativeVersion::V1), (&v2, NativeVersion::V2)] {
            for i in 0..payload.len() {
                for value in [2, 7, 0xdf, 0xff] {
                    let mut bad = payload.clone();
                    bad[i] = value;
                    let Err(e) = HandRecord::decode(&bad, version) else {
                        continue;
                    };
                    let text = e.to_string();
                    assert!(text.starts_with(&format!("byte {}: ", e.offset)), "{text}");
                    assert!(text.contains(": expected "), "{text}");
                    reasons.push(e.reason);
                }
            }
        }
        let flag = RecordReason::BadFlag {
            field: Field::FinishingStacks,
            found: 7,
        };
        assert!(reasons.contains(&flag), "{reasons:?}");
        assert_eq!(
            flag.to_string(),
            "finishing_stacks: expected 0 or 1 (an option's tag or a bool), found 7"
        );
        for expected in [
            RecordReason::UnknownEnum(EnumField::ActionKind),
            RecordReason::BadActionByte { found: 0xff },
        ] {
            assert!(
                reasons.contains(&expected),
                "{expected:?} not in {reasons:?}"
            );
        }
    }
}
