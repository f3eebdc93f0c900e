//! Tests of the native formats: both versions round trip, the replay decoder agrees
//! with the full one, and mutated frames are typed errors.

use super::*;
use crate::phh::RULES_FIELD;

/// Whether the lean record reads the same hand as the full decoder.
fn same_hand(record: &HandRecord<'_>, h: &HandHistory) -> bool {
    let (a, b) = (record.view(), crate::view::ReplayView::of(h));
    let rules = h
        .meta
        .extra
        .iter()
        .rfind(|e| e.key == RULES_FIELD)
        .map(|e| e.toml.as_str());
    a.variant == b.variant
        && a.unit == b.unit
        && a.antes == b.antes
        && a.blinds_or_straddles == b.blinds_or_straddles
        && a.stakes == b.stakes
        && a.starting_stacks == b.starting_stacks
        && a.finishing_stacks == b.finishing_stacks
        && a.winnings == b.winnings
        && a.rake == b.rake
        && record.declared_rules() == rules
        && a.actions.len() == b.actions.len()
        && a.actions
            .iter()
            .zip(b.actions)
            .all(|(x, y)| x.kind() == y.kind && record.comment(x) == y.comment.as_deref())
}

/// Checks one `HOLDEMH1` payload: the hand-written decoder accepts what
/// postcard's serde decoder accepts (with consistent player counts) and reads
/// the same hand.
fn agree_v1(bytes: &[u8]) {
    let v1 = NativeVersion::V1;
    match (HandRecord::decode(bytes, v1), decode_postcard(bytes, v1)) {
        (Ok(record), Ok(h)) => assert!(same_hand(&record, &h), "{bytes:?}"),
        (Ok(_), Err(e)) => panic!("lean accepts what serde rejects ({e}): {bytes:?}"),
        (Err(e), Ok(h)) => {
            let n = h.starting_stacks.len();
            let counts_ok = h.antes.len() == n
                && h.blinds_or_straddles.len() == n
                && h.finishing_stacks.as_ref().is_none_or(|v| v.len() == n)
                && h.winnings.as_ref().is_none_or(|v| v.len() == n);
            assert!(!counts_ok, "lean rejects ({e}) what serde reads: {bytes:?}");
        }
        (Err(_), Err(_)) => {}
    }
}

/// Checks one `HOLDEMH2` payload: the full reader accepts it only if the replay
/// decoder does and then reads the same hand, which writes and reads back
/// unchanged; the replay decoder accepts more only where it skips (the metadata
/// block, the text of user fields it does not need).
fn agree_v2(bytes: &[u8]) {
    let v2 = NativeVersion::V2;
    match (HandRecord::decode(bytes, v2), decode_postcard(bytes, v2)) {
        (Ok(record), Ok(h)) => {
            assert!(same_hand(&record, &h), "{bytes:?}");
            // (Not always the same bytes: a varint may have been written long.)
            let again = encode_postcard(&h, v2).expect("a hand read writes");
            assert_eq!(decode_postcard(&again, v2).as_ref(), Ok(&h));
        }
        (Ok(_), Err(e)) => assert!(
            matches!(
                e,
                DecodeError::Metadata(_)
                    | DecodeError::MetadataTrailing
                    | DecodeError::UserFields(_)
            ),
            "lean accepts what the full reader rejects ({e}): {bytes:?}"
        ),
        (Err(e), Ok(_)) => panic!("the full reader accepts what lean rejects ({e})"),
        (Err(_), Err(_)) => {}
    }
}

/// Frames of `payloads` with random edits (byte changes, cuts, insertions; a
/// fixed pseudo-random sequence), each given to `check`.
fn mutations(payloads: &[Vec<u8>], rounds: usize, check: impl Fn(&[u8])) {
    let mut seed: u64 = 0x2026_0008;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(seed >> 33).expect("31 bits")
    };
    for round in 0..rounds {
        let mut bytes = payloads[round % payloads.len().min(300)].clone();
        for _ in 0..1 + next() % 4 {
            if bytes.is_empty() {
                break;
            }
            let i = next() % bytes.len();
            let b = u8::try_from(next() % 256).expect("byte");
            match next() % 3 {
                0 => bytes[i] = b,
                1 => bytes.truncate(i),
                _ => bytes.insert(i, b),
            }
        }
        check(&bytes);
    }
}

/// The hands of the shipped generated corpus.
fn corpus() -> Vec<HandHistory> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/histories/generated/seed-2026-10000-hands.postcard"
    );
    let file = std::fs::read(path).expect("generated corpus");
    let hands: Vec<HandHistory> = PostcardHands::new(file.as_slice())
        .map(|h| h.expect("a hand"))
        .collect();
    assert_eq!(hands.len(), 10_000);
    hands
}

/// H2: a `HOLDEMH1` action naming a player index of 32 or more (which no
/// native format can write back) is refused by both decoders with the same
/// reason; found by the `history_postcard` fuzz target.
#[test]
fn h2_holdemh1_player_indexes_of_32_or_more_are_refused_by_both_decoders() {
    let v1 = NativeVersion::V1;
    let mut h = corpus().swap_remove(0);
    let at = h
        .actions
        .iter()
        .position(|a| {
            matches!(
                a.kind,
                ActionKind::Fold { .. } | ActionKind::CheckCall { .. }
            )
        })
        .expect("a fold or call");
    for bad in [32u8, 40, 255] {
        h.actions[at].kind = match h.actions[at].kind {
            ActionKind::Fold { .. } => ActionKind::Fold {
                player: super::super::Player(bad),
            },
            _ => ActionKind::CheckCall {
                player: super::super::Player(bad),
            },
        };
        let bytes = encode_postcard(&h, v1).expect("HOLDEMH1 writes any index");
        let lean = HandRecord::decode(&bytes, v1).map(|_| ());
        let full = decode_postcard(&bytes, v1).map(|_| ());
        let want = format!("a player index: expected below 32, found {bad}");
        assert!(
            lean.as_ref().is_err_and(|e| e.to_string().contains(&want)),
            "{lean:?}"
        );
        assert_eq!(full, Err(DecodeError::PlayerIndex(bad)));
    }
}

/// The hand-written decoder and postcard's serde decoder agree on every hand of
/// the shipped generated corpus written as `HOLDEMH1` and on thousands of
/// mutations of them.
#[test]
fn hand_decoder_agrees_with_serde_on_real_and_mutated_frames() {
    let v1 = NativeVersion::V1;
    let payloads: Vec<Vec<u8>> = corpus()
        .iter()
        .map(|h| encode_postcard(h, v1).expect("a hand"))
        .collect();
    for p in &payloads {
        let record = HandRecord::decode(p, v1).expect("lean decode");
        let h = decode_postcard(p, v1).expect("full decode");
        assert!(same_hand(&record, &h));
    }
    mutations(&payloads, 20_000, agree_v1);
}

/// H1 for `HOLDEMH2`: every hand of the generated corpus writes and reads back
/// identically with both readers (the replay decoder reads what the `HOLDEMH1`
/// decoder reads), and mutated frames are a typed error or a hand read alike
/// by both readers, never a panic.
#[test]
fn h1_v2_frames_round_trip_and_mutations_are_typed_errors() {
    let (v1, v2) = (NativeVersion::V1, NativeVersion::V2);
    let hands = corpus();
    let mut payloads = Vec::new();
    for h in &hands {
        let p = encode_postcard(h, v2).expect("a hand");
        assert_eq!(&decode_postcard(&p, v2).expect("full decode"), h);
        let record = HandRecord::decode(&p, v2).expect("lean decode");
        assert!(same_hand(&record, h));
        let old = encode_postcard(h, v1).expect("a hand");
        let old = HandRecord::decode(&old, v1).expect("v1 decode");
        let (a, b) = (record.view(), old.view());
        assert_eq!(
            (a.antes, a.blinds_or_straddles, a.starting_stacks, a.actions),
            (b.antes, b.blinds_or_straddles, b.starting_stacks, b.actions)
        );
        payloads.push(p);
    }
    mutations(&payloads, 40_000, agree_v2);
}

/// Hands without a `HOLDEMH2` frame are a typed error when written, not a
/// panic or a frame that reads back differently.
#[test]
fn hands_without_a_v2_frame_are_write_errors() {
    let mut h = corpus().swap_remove(0);
    let mut bad = h.clone();
    bad.antes.push(0);
    assert!(encode_postcard(&bad, NativeVersion::V2).is_err());
    assert!(encode_postcard(&bad, NativeVersion::V1).is_ok());
    h.actions.push(crate::Action {
        kind: crate::ActionKind::Fold {
            player: crate::Player(40),
        },
        comment: None,
    });
    assert!(encode_postcard(&h, NativeVersion::V2).is_err());
}

/// A file of either version reads through [`PostcardHands`], which says which
/// version it read; any other magic is an error.
#[test]
fn both_versions_read_and_other_magic_is_an_error() {
    let hands = &corpus()[..20];
    for version in [NativeVersion::V1, NativeVersion::V2] {
        let mut file = Vec::new();
        write_postcard_header_of(&mut file, version).expect("vec");
        for h in hands {
            write_postcard_of(&mut file, h, version).expect("vec");
        }
        let mut reader = PostcardHands::new(file.as_slice());
        assert_eq!(reader.version(), None);
        let mut n = 0;
        while let Some(frame) = reader.next_frame() {
            let (bytes, v) = frame.expect("a frame");
            assert_eq!(v, version);
            let record = HandRecord::decode(bytes, v).expect("a hand");
            assert!(same_hand(&record, &hands[n]));
            n += 1;
        }
        assert_eq!(n, hands.len());
        assert_eq!(reader.version(), Some(version));
        let back: Vec<HandHistory> = PostcardHands::new(file.as_slice())
            .map(|h| h.expect("a hand"))
            .collect();
        assert_eq!(back, hands);
        file[7] = b'3';
        let mut reader = PostcardHands::new(file.as_slice());
        assert!(matches!(reader.next_frame(), Some(Err(_))));
        assert!(reader.next_frame().is_none());
    }
}
