//! The properties the fuzz targets check, one function per target, shared by
//! the coverage-guided targets in `fuzz/` (cargo-fuzz / libFuzzer, their own
//! Cargo workspace) and by this crate's tests, which feed every file of the
//! checked-in corpora (`fuzz/corpus/TARGET/`) to the same function on every
//! `cargo test`, so CI checks the corpora without the fuzz toolchain.
//!
//! # Invariants
//! - A check never panics on its own account: a broken property is an `Err`
//!   naming it (the fuzz target turns it into a crash). A panic inside a check
//!   is a panic of the library it calls, and a bug there.
//! - Bad input is not a failure: only what the library accepts must round-trip
//!   through its writer, and what it refuses must be refused with a
//!   well-formed error.

use holdem_betting::testkit::random::{all_actions, probe_amounts};
use holdem_betting::{
    Action, CashGame, Driver, DriverError, Hand, Input, LegalActions, Step, Timestamp,
};
use holdem_cards::{Card, CardSet, parse_cards};
use holdem_history::HandHistory;
use holdem_history::native::{
    DecodeError, HandRecord, JsonlHands, NativeVersion, PostcardHands, decode_postcard,
    write_jsonl, write_postcard, write_postcard_header,
};
use holdem_history::phh::{PhhHands, parse_phh, phh_recordable, write_phh};
use holdem_history::pokerstars;
use holdem_history::replay::{HouseRules, Replayer, replay_hand};
use holdem_history::sites::{
    self, acr, fulltilt, ggpoker, ipoker, pacific, partypoker, winamax, wpn,
};
use holdem_rules_config::Rules;
use holdem_tourney::journal::{Entry, encode_frame, read_frames};
use holdem_tourney::{RecoverError, Tournament};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// A fuzz target: its name (the file name in `fuzz/fuzz_targets/` and the
/// corpus folder) and its check.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The target's name.
    pub name: &'static str,
    /// The property it checks.
    pub check: fn(&[u8]) -> Result<(), String>,
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target {
        name: "cards_text",
        check: cards_text,
    },
    Target {
        name: "rules_toml",
        check: rules_toml,
    },
    Target {
        name: "journal",
        check: journal,
    },
    Target {
        name: "hand_postcard",
        check: hand_postcard,
    },
    Target {
        name: "hand_state_json",
        check: hand_state_json,
    },
    Target {
        name: "driver_state_json",
        check: driver_state_json,
    },
    Target {
        name: "history_phh",
        check: history_phh,
    },
    Target {
        name: "history_jsonl",
        check: history_jsonl,
    },
    Target {
        name: "history_postcard",
        check: history_postcard,
    },
    Target {
        name: "history_pokerstars",
        check: history_pokerstars,
    },
    Target {
        name: "history_ggpoker",
        check: history_ggpoker,
    },
    Target {
        name: "history_fulltilt",
        check: history_fulltilt,
    },
    Target {
        name: "history_winamax",
        check: history_winamax,
    },
    Target {
        name: "history_wpn",
        check: history_wpn,
    },
    Target {
        name: "history_888",
        check: history_888,
    },
    Target {
        name: "history_partypoker",
        check: history_partypoker,
    },
    Target {
        name: "history_ipoker",
        check: history_ipoker,
    },
];

/// The most hands of one input a history check reads.
const MAX_HANDS: usize = 64;

/// What every history check asks of a hand the reader accepted: written in
/// `format` and read back it is the same hand, so it replays (under the
/// standard rules, which are exercised on it once: replay is a function of
/// the hand) to the same outcome as the original.
fn history_round_trip(
    hand: &HandHistory,
    format: &str,
    write_and_read: impl Fn(&HandHistory) -> Result<HandHistory, String>,
) -> Result<(), String> {
    let back =
        write_and_read(hand).map_err(|e| format!("{format}: its own output is refused: {e}"))?;
    if back != *hand {
        return Err(format!("{format}: the hand changed through its writer"));
    }
    let _ = replay_hand(hand, &HouseRules::standard());
    Ok(())
}

/// `hand` written as one JSON line and read back.
fn jsonl_round_trip(hand: &HandHistory) -> Result<HandHistory, String> {
    let mut out = Vec::new();
    write_jsonl(&mut out, hand).map_err(|e| e.to_string())?;
    match JsonlHands::new(out.as_slice()).next() {
        Some(r) => r.map_err(|e| e.to_string()),
        None => Err("no line written".into()),
    }
}

/// `hand` written as a postcard file (current version) and read back.
fn postcard_round_trip(hand: &HandHistory) -> Result<HandHistory, String> {
    let mut out = Vec::new();
    write_postcard_header(&mut out).map_err(|e| e.to_string())?;
    write_postcard(&mut out, hand).map_err(|e| e.to_string())?;
    match PostcardHands::new(out.as_slice()).next() {
        Some(r) => r.map_err(|e| e.to_string()),
        None => Err("no hand written".into()),
    }
}

/// PHH text, one hand or a `.phhs` of many (`holdem_history::phh`): each hand
/// read writes back (`write_phh`) to text that reads as the same hand and
/// replays the same.
pub fn history_phh(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    for h in PhhHands::new(text).take(MAX_HANDS) {
        if let Ok(hand) = h.hand {
            history_round_trip(&hand, "phh", |hand| {
                parse_phh(&write_phh(hand).map_err(|e| e.to_string())?).map_err(|e| e.to_string())
            })?;
        }
    }
    Ok(())
}

/// Native JSON Lines (`holdem_history::native`): each hand read writes back
/// (`write_jsonl`) to a line that reads as the same hand and replays the same.
pub fn history_jsonl(data: &[u8]) -> Result<(), String> {
    for hand in JsonlHands::new(data).take(MAX_HANDS).flatten() {
        history_round_trip(&hand, "jsonl", jsonl_round_trip)?;
    }
    Ok(())
}

/// Native postcard files (`holdem_history::native`, header and frames): each
/// hand read writes back (`write_postcard`, current version) to a file that
/// reads as the same hand and replays the same; and the two decoders agree on
/// every frame. The replay decoder ([`HandRecord`], what `holdem replay` uses
/// on postcard) accepts every frame the full decoder accepts and replays it
/// (through a [`Replayer`] that reuses the last hand's start) to the full
/// hand's outcome; it accepts more only where it skips: `HOLDEMH2`'s metadata
/// block and user fields, and `HOLDEMH1` text it does not check as UTF-8.
pub fn history_postcard(data: &[u8]) -> Result<(), String> {
    let rules = HouseRules::standard();
    let mut replayer = Replayer::new();
    let mut frames = PostcardHands::new(data);
    for _ in 0..MAX_HANDS {
        let Some(Ok((bytes, version))) = frames.next_frame() else {
            break;
        };
        match (
            decode_postcard(bytes, version),
            HandRecord::decode(bytes, version),
        ) {
            (Ok(hand), Ok(record)) => {
                history_round_trip(&hand, "postcard", postcard_round_trip)?;
                let (full, lean) = (
                    replay_hand(&hand, &rules),
                    replayer.replay(&record.view(), &rules),
                );
                if full != lean {
                    return Err(format!(
                        "postcard: the decoders replay differently: {full:?} / {lean:?}"
                    ));
                }
            }
            (Ok(_), Err(e)) => {
                return Err(format!(
                    "postcard: the replay decoder refuses what the full one reads: {e}"
                ));
            }
            (Err(e), Ok(_)) if !skipped_by_the_replay_decoder(&e, version) => {
                return Err(format!(
                    "postcard: the replay decoder reads what the full one refuses: {e}"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether the full decoder's refusal `e` is about what the replay decoder
/// skips: the metadata block and user fields of `HOLDEMH2`, and the UTF-8 of
/// the text it skips in `HOLDEMH1` (both as documented in
/// `holdem_history::record`).
fn skipped_by_the_replay_decoder(e: &DecodeError, version: NativeVersion) -> bool {
    match version {
        NativeVersion::V1 => matches!(e, DecodeError::Serde(postcard::Error::DeserializeBadUtf8)),
        NativeVersion::V2 => matches!(
            e,
            DecodeError::Metadata(_) | DecodeError::MetadataTrailing | DecodeError::UserFields(_)
        ),
    }
}

/// PokerStars text (`holdem_history::pokerstars`, rule H5): any bytes decode
/// to text and split into hands without a panic; each hand that parses and
/// imports becomes a native hand that writes as JSON Lines, postcard and PHH
/// and reads back from each as the same hand, so every copy replays to the
/// outcome of the direct import (which is replayed under the standard rules
/// and checked against the text: stacks, rake, total pot).
pub fn history_pokerstars(data: &[u8]) -> Result<(), String> {
    let text = pokerstars::decode(data);
    for parsed in pokerstars::parse_hands(&text).into_iter().take(MAX_HANDS) {
        let Ok(hand) = parsed else {
            continue;
        };
        let Ok(imported) = pokerstars::import(&hand) else {
            continue;
        };
        imported_hand_round_trips(&imported, "pokerstars")?;
    }
    Ok(())
}

/// What every site check asks of a hand its reader parsed and the shared builder
/// imported: it replays and is checked against its text without a panic, and it
/// writes as JSON Lines, postcard and PHH (unless PHH cannot record it, and then
/// only with the reason `phh_recordable` gives) and reads back from each as the
/// same hand, so every copy replays to the direct import's outcome.
fn imported_hand_round_trips(imported: &sites::Imported, site: &str) -> Result<(), String> {
    // Replay is a function of the hand, so a copy read back equal replays to the
    // direct import's outcome and gets the same verdict from the check against
    // the text; both run once, on the direct import.
    let outcome = replay_hand(&imported.history, &HouseRules::standard());
    let _ = sites::check(imported, &outcome);
    let h = &imported.history;
    let phh = match write_phh(h) {
        Ok(text) => Some(parse_phh(&text).map_err(|e| e.to_string())),
        Err(_) if phh_recordable(h).is_err() => None,
        Err(e) => return Err(format!("{site}: PHH refuses a recordable hand: {e}")),
    };
    let copies = [
        Some(("jsonl", jsonl_round_trip(h))),
        Some(("postcard", postcard_round_trip(h))),
        phh.map(|back| ("phh", back)),
    ];
    for (format, back) in copies.into_iter().flatten() {
        let back = back.map_err(|e| format!("{site} via {format}: its output is refused: {e}"))?;
        if back != *h {
            return Err(format!("{site} via {format}: the hand changed"));
        }
    }
    Ok(())
}

/// One site's text (rule H6) through that site's own reader, whatever the header
/// says: any bytes decode to lines, which are cut at the site's hand headers (all
/// of them one hand when there is none) and each part read by `parse`; a part
/// that parses and imports must pass `imported_hand_round_trips`.
fn site_text(
    data: &[u8],
    site: &str,
    is_hand_start: fn(&str) -> bool,
    parse: sites::Reader,
) -> Result<(), String> {
    let text = sites::text::decode(data);
    let lines: Vec<(u32, &str)> = sites::text::lines(&text).collect();
    let mut starts: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, (_, l))| is_hand_start(l))
        .map(|(i, _)| i)
        .collect();
    if starts.first() != Some(&0) {
        starts.insert(0, 0);
    }
    for (k, &from) in starts.iter().enumerate().take(MAX_HANDS) {
        let to = starts.get(k + 1).copied().unwrap_or(lines.len());
        let Some(part) = lines.get(from..to) else {
            continue;
        };
        let Ok(hand) = parse(part) else {
            continue;
        };
        let Ok(imported) = sites::build(&hand, hand.header.site) else {
            continue;
        };
        imported_hand_round_trips(&imported, site)?;
    }
    Ok(())
}

/// GGPoker text (`holdem_history::sites::ggpoker`, H6): see `site_text`.
pub fn history_ggpoker(data: &[u8]) -> Result<(), String> {
    site_text(data, "ggpoker", ggpoker::is_hand_start, ggpoker::parse_hand)
}

/// Full Tilt text (`holdem_history::sites::fulltilt`, H6): see `site_text`.
pub fn history_fulltilt(data: &[u8]) -> Result<(), String> {
    site_text(
        data,
        "fulltilt",
        fulltilt::is_hand_start,
        fulltilt::parse_hand,
    )
}

/// Winamax text (`holdem_history::sites::winamax`, H6): see `site_text`.
pub fn history_winamax(data: &[u8]) -> Result<(), String> {
    site_text(data, "winamax", winamax::is_hand_start, winamax::parse_hand)
}

/// Winning Poker Network text of both generations (`holdem_history::sites::wpn`,
/// `Game started at:`, and `holdem_history::sites::acr`, `Hand #N - `; H6): see
/// `site_text`.
pub fn history_wpn(data: &[u8]) -> Result<(), String> {
    site_text(data, "wpn", wpn_hand_start, wpn_hand)
}

/// The first line of a Winning Poker Network hand of either generation.
fn wpn_hand_start(line: &str) -> bool {
    wpn::is_hand_start(line) || acr::is_hand_start(line)
}

/// A Winning Poker Network hand read by its generation's reader.
fn wpn_hand(
    lines: &[(u32, &str)],
) -> Result<holdem_history::sites::ast::Hand, holdem_history::sites::ImportError> {
    match lines.iter().find(|(_, l)| !l.is_empty()) {
        Some((_, head)) if acr::is_hand_start(head) => acr::parse_hand(lines),
        _ => wpn::parse_hand(lines),
    }
}

/// 888poker text (`holdem_history::sites::pacific`, H6): see `site_text`.
pub fn history_888(data: &[u8]) -> Result<(), String> {
    site_text(data, "888", pacific::is_hand_start, pacific::parse_hand)
}

/// PartyPoker text (`holdem_history::sites::partypoker`, H6): see `site_text`.
pub fn history_partypoker(data: &[u8]) -> Result<(), String> {
    site_text(
        data,
        "partypoker",
        partypoker::is_hand_start,
        partypoker::parse_hand,
    )
}

/// iPoker XML (`holdem_history::sites::ipoker`, H6): any bytes decode to lines
/// read as one session; each game that reads and imports must pass
/// `imported_hand_round_trips`.
pub fn history_ipoker(data: &[u8]) -> Result<(), String> {
    let text = sites::text::decode(data);
    let lines: Vec<(u32, &str)> = sites::text::lines(&text).collect();
    for parsed in ipoker::parse_session(&lines).into_iter().take(MAX_HANDS) {
        let Ok(hand) = parsed else {
            continue;
        };
        let Ok(imported) = ipoker::import(&hand) else {
            continue;
        };
        imported_hand_round_trips(&imported, "ipoker")?;
    }
    Ok(())
}

/// Card text (`holdem_cards`): a card list that parses prints back (each
/// card's `Display`) to text that parses to the same list, and as a
/// [`CardSet`] to the same set; a refused list names a position inside the
/// text.
pub fn cards_text(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    match parse_cards(text) {
        Ok(list) => {
            let printed: String = list.iter().map(Card::to_string).collect();
            let again = parse_cards(&printed).map_err(|e| format!("{printed:?}: {e}"))?;
            if again != list {
                return Err(format!("{text:?} → {printed:?} → {again:?}"));
            }
            let set: CardSet = text
                .parse()
                .map_err(|e| format!("{text:?} parses as a list but not a set: {e}"))?;
            if set != list.iter().copied().collect::<CardSet>() {
                return Err(format!("{text:?}: the set is not the list's cards"));
            }
            let back: CardSet = set.to_string().parse().map_err(|e| format!("{set}: {e}"))?;
            if back != set {
                return Err(format!("{text:?}: the set {set} prints to another set"));
            }
        }
        Err(e) => {
            if text.parse::<CardSet>().is_ok() {
                return Err(format!("{text:?} parses as a set but not a list: {e}"));
            }
            if e.to_string().is_empty() {
                return Err(format!("{text:?}: an empty error message"));
            }
        }
    }
    Ok(())
}

/// A rules TOML file (`holdem_rules_config`): accepted rules write out as TOML
/// that loads back to equal rules; a refusal lists at least one error, each
/// with a reason.
pub fn rules_toml(data: &[u8]) -> Result<(), String> {
    match Rules::from_toml_bytes(data) {
        Ok(rules) => {
            let text = rules
                .to_toml_string()
                .map_err(|e| format!("accepted rules do not write out: {e}"))?;
            let back =
                Rules::from_toml_str(&text).map_err(|e| format!("written rules refused: {e}"))?;
            if back != rules {
                return Err(format!("the rules changed through TOML:\n{text}"));
            }
        }
        Err(e) => {
            if e.errors.is_empty() || e.errors.iter().any(|c| c.reason.is_empty()) {
                return Err(format!("a malformed refusal: {e:?}"));
            }
        }
    }
    Ok(())
}

/// The journal bytes a fuzz input stands for. An input whose first byte is
/// even is the journal itself, after that byte; an odd first byte makes the
/// rest a list of payloads (`[length: u16 LE][payload]`...), each framed here
/// with a correct length and CRC, so the fuzzer reaches the decoding and the
/// replay behind the CRC.
#[must_use]
pub fn journal_bytes(data: &[u8]) -> Vec<u8> {
    let Some((&mode, rest)) = data.split_first() else {
        return Vec::new();
    };
    if mode % 2 == 0 {
        return rest.to_vec();
    }
    let mut out = Vec::new();
    let mut rest = rest;
    while let [a, b, tail @ ..] = rest {
        let len = usize::from(u16::from_le_bytes([*a, *b])).min(tail.len());
        let (payload, next) = tail.split_at(len);
        out.extend_from_slice(&(len as u32).to_le_bytes());
        out.extend_from_slice(&crc32(payload).to_le_bytes());
        out.extend_from_slice(payload);
        rest = next;
    }
    out
}

/// The inverse of [`journal_bytes`] in framed mode: the fuzz input that
/// frames these journal entries.
pub fn framed_input(entries: &[Entry]) -> Result<Vec<u8>, String> {
    let mut out = vec![1u8];
    for e in entries {
        let frame = encode_frame(e).map_err(|e| e.to_string())?;
        let payload = frame.get(8..).unwrap_or_default();
        let len = u16::try_from(payload.len()).map_err(|_| "a payload over 64 KiB".to_string())?;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(payload);
    }
    Ok(out)
}

fn crc32(bytes: &[u8]) -> u32 {
    // The journal's CRC-32 (IEEE), bit by bit: this crate checks the
    // journal, so it does not borrow its implementation.
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Tournament journal recovery (`holdem_tourney`, rule T20) of the bytes
/// [`journal_bytes`] makes of the input: the good frames re-encode to entries
/// that read back equal; recovery either applies every good frame (its
/// `good_len` is theirs, the rest is reported dropped) or refuses with an
/// error that names a good frame and where it starts.
pub fn journal(data: &[u8]) -> Result<(), String> {
    let bytes = journal_bytes(data);
    let (entries, good) = read_frames(&bytes);
    let mut again = Vec::new();
    let mut starts = Vec::new();
    for e in &entries {
        starts.push(again.len());
        again.extend(encode_frame(e).map_err(|x| format!("a read entry does not encode: {x}"))?);
    }
    let (back, back_len) = read_frames(&again);
    if back != entries || back_len != again.len() {
        return Err("the good frames do not read back through the writer".into());
    }
    match Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(1)) {
        Ok(rec) => {
            if rec.good_len != good || rec.dropped_bytes != bytes.len() - good {
                return Err(format!(
                    "recovered {} good bytes and dropped {}, the frames end at {good} of {}",
                    rec.good_len,
                    rec.dropped_bytes,
                    bytes.len()
                ));
            }
            if rec.replayed + 1 != entries.len() {
                return Err(format!(
                    "replayed {} commands of {} frames",
                    rec.replayed,
                    entries.len()
                ));
            }
        }
        Err(RecoverError::Contradiction { frame, offset, .. }) => {
            // Offsets of the original frames: same lengths as the re-encoded
            // ones only when encoding is canonical, so check the frame index
            // and that the offset is inside the good frames.
            if frame == 0 || frame >= entries.len() || offset >= good {
                return Err(format!(
                    "a contradiction at frame {frame}, byte {offset}: not a good frame"
                ));
            }
        }
        Err(_) => {}
    }
    Ok(())
}

/// A [`Hand`]'s state in postcard (`holdem_betting` with `serde`): a state
/// that deserializes serializes to bytes that deserialize to an equal state.
pub fn hand_postcard(data: &[u8]) -> Result<(), String> {
    let Ok(hand) = postcard::from_bytes::<Hand>(data) else {
        return Ok(());
    };
    let bytes = postcard::to_allocvec(&hand).map_err(|e| format!("does not serialize: {e}"))?;
    let back: Hand =
        postcard::from_bytes(&bytes).map_err(|e| format!("its own bytes are refused: {e}"))?;
    if back != hand {
        return Err("the hand changed through postcard".into());
    }
    Ok(())
}

/// A [`Hand`]'s state loaded from JSON, as a server restores a saved table: a
/// state that loads is as safe as one the engine built (issue 35). It conserves
/// chips, sees no card twice, its `legal_actions()` are exactly the actions
/// `apply` accepts (each probed on a copy, which still conserves chips and
/// passes [`Hand::check_state`], so a hand that ends is settled; a refused one
/// leaves the copy equal), and it
/// writes back to JSON that loads as an equal state.
pub fn hand_state_json(data: &[u8]) -> Result<(), String> {
    let Ok(hand) = serde_json::from_slice::<Hand>(data) else {
        return Ok(());
    };
    loaded_hand(&hand)
}

/// The invariants of [`hand_state_json`] on a loaded hand.
pub fn loaded_hand(hand: &Hand) -> Result<(), String> {
    if !hand.chips_conserved() {
        return Err("a loaded hand does not conserve chips".into());
    }
    let view = hand.public_view();
    let mut seen = CardSet::EMPTY;
    let shown = view
        .seats
        .iter()
        .flatten()
        .filter_map(|s| s.hole_cards)
        .flat_map(|c| c.into_iter().flatten());
    for card in view.board.iter().flatten().copied().chain(shown) {
        if !seen.insert(card) {
            return Err(format!("{card} is seen twice in a loaded hand"));
        }
    }
    if let Some(legal) = hand.legal_actions() {
        for amount in probe_amounts(&legal) {
            for action in all_actions(amount) {
                let mut copy = hand.clone();
                let accepted = copy
                    .apply(Timestamp(0), Input::act(legal.seat, action))
                    .is_ok();
                if accepted != legal.allows(action) {
                    return Err(format!(
                        "{action} by {}: accepted {accepted}, legal {legal:?}",
                        legal.seat
                    ));
                }
                if accepted && !copy.chips_conserved() {
                    return Err(format!("{action} broke chip conservation"));
                }
                // An accepted action leaves a state the load checks accept (a
                // hand that ends is settled); a refused one changes nothing.
                if accepted {
                    copy.check_state()
                        .map_err(|e| format!("{action} left a state that fails its check: {e}"))?;
                } else if copy != *hand {
                    return Err(format!("{action}, refused, changed the hand"));
                }
            }
        }
    }
    let text = serde_json::to_vec(hand).map_err(|e| format!("does not serialize: {e}"))?;
    let back: Hand =
        serde_json::from_slice(&text).map_err(|e| format!("its own JSON is refused: {e}"))?;
    if back != *hand {
        return Err("the hand changed through JSON".into());
    }
    Ok(())
}

/// A [`Driver`] or a [`CashGame`] loaded from JSON, as a server restores a
/// saved table (issue 35): each kind the input loads as is checked, a driver by
/// [`loaded_driver`], a cash game by [`loaded_cash_game`].
pub fn driver_state_json(data: &[u8]) -> Result<(), String> {
    if let Ok(driver) = serde_json::from_slice::<Driver>(data) {
        loaded_driver(&driver)?;
    }
    if let Ok(game) = serde_json::from_slice::<CashGame>(data) {
        loaded_cash_game(&game)?;
    }
    Ok(())
}

/// The invariants of [`driver_state_json`] on a loaded driver: its hand passes
/// [`loaded_hand`] (chips conserved, no card seen twice, the legal actions
/// exactly the accepted ones, a JSON round trip); the driver writes back to JSON
/// that loads as an equal driver; and a copy plays the hand out by dealing, with
/// legal actions, without a panic, conserving chips, the state passing
/// [`Driver::check_state`] (no card twice between the deck and the cards dealt)
/// after every decision and at the end. Every legal action is accepted; a deal
/// may be refused with a typed [`DriverError::Dealer`] (as [`Driver::advance`]
/// documents), which changes nothing; a settlement is never refused.
pub fn loaded_driver(driver: &Driver) -> Result<(), String> {
    loaded_hand(driver.hand())?;
    let text = serde_json::to_vec(driver).map_err(|e| format!("does not serialize: {e}"))?;
    let back: Driver =
        serde_json::from_slice(&text).map_err(|e| format!("its own JSON is refused: {e}"))?;
    if back != *driver {
        return Err("the driver changed through JSON".into());
    }
    play_out(&mut driver.clone(), data_seed(&text)).map(|_| ())
}

/// The invariants of [`driver_state_json`] on a loaded cash game: it writes
/// back to JSON that loads as an equal game; its hand in progress (if any)
/// passes [`loaded_driver`], plays out and finishes; then two more hands start
/// (or are refused by the table or the hand's setup with a typed error) and play
/// out. Each finished hand leaves the table's chips those before it less the
/// rake.
pub fn loaded_cash_game(game: &CashGame) -> Result<(), String> {
    let text = serde_json::to_vec(game).map_err(|e| format!("does not serialize: {e}"))?;
    let back: CashGame =
        serde_json::from_slice(&text).map_err(|e| format!("its own JSON is refused: {e}"))?;
    if back != *game {
        return Err("the cash game changed through JSON".into());
    }
    let mut game = game.clone();
    let seed = data_seed(&text);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for k in 0..3u64 {
        let before = game.table().total_chips();
        let driver = match game.driver() {
            Some(driver) if k == 0 => {
                loaded_driver(driver)?;
                driver
            }
            _ => match game.start_hand(&mut rng) {
                Ok(driver) => driver,
                Err(DriverError::Table(_) | DriverError::Hand(_)) => return Ok(()),
                Err(e) => return Err(format!("a hand starts with an untyped refusal: {e}")),
            },
        };
        if !play_out(driver, seed.wrapping_add(k))? {
            // A typed refusal of a deal: the hand stays as it was.
            return Ok(());
        }
        let result = game
            .finish_hand()
            .map_err(|e| format!("a played hand does not finish: {e}"))?;
        let after = game.table().total_chips();
        match (before, after) {
            (Ok(b), Ok(a)) if a.get() + result.rake().get() == b.get() => {}
            (b, a) => {
                return Err(format!(
                    "the table held {b:?} before a hand and {a:?} after it, rake {}",
                    result.rake()
                ));
            }
        }
        game.check_state()
            .map_err(|e| format!("a cash game after a hand fails its check: {e}"))?;
    }
    Ok(())
}

/// A seed made of `bytes` (FNV-1a), so the same input plays the same way.
fn data_seed(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Plays `driver`'s hand to its end (`true`), or to a typed refusal of a deal
/// (`false`), with legal actions picked by `seat`: every legal action accepted,
/// chips conserved, [`Driver::check_state`] after every decision. A refusal
/// changes nothing (the driver is equal before and after it); a settlement is
/// never refused and a hand never waits for nothing without its result: a
/// state that loads settles (issue 35).
pub fn play_out(driver: &mut Driver, seed: u64) -> Result<bool, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..1_000 {
        let before = driver.clone();
        let action = match driver.advance() {
            Ok(Step::Decision(turn)) => {
                Some(pick(&turn.legal(), rand_core::RngCore::next_u32(&mut rng)))
            }
            Ok(Step::Complete) => None,
            Err(e) => {
                // The driver deals and settles with the inputs it accepted before
                // this call: a refusal is of a deal (the hand stays as it was);
                // one that changed the hand or is a settlement's fails.
                let json = |d: &Driver| serde_json::to_vec(d).map_err(|e| e.to_string());
                if *driver != before || json(driver)? != json(&before)? {
                    return Err(format!(
                        "a refused deal or settlement changed the hand: {e}"
                    ));
                }
                return match e {
                    DriverError::Dealer(_) => Ok(false),
                    e => Err(format!("a loaded hand is refused while it is played: {e}")),
                };
            }
        };
        let Some(action) = action else {
            if driver.result().is_none() {
                return Err("a loaded hand waits for nothing without its result".into());
            }
            driver
                .check_state()
                .map_err(|e| format!("a driven hand at its end fails its check: {e}"))?;
            return if driver.hand().chips_conserved() {
                Ok(true)
            } else {
                Err("a driven hand ends without conserving chips".into())
            };
        };
        driver
            .act(action)
            .map_err(|e| format!("{action}, a legal action, is refused: {e}"))?;
        if !driver.hand().chips_conserved() {
            return Err(format!("{action} broke chip conservation"));
        }
        driver
            .check_state()
            .map_err(|e| format!("a driven hand after {action} fails its check: {e}"))?;
    }
    Err("a loaded driver's hand does not end in 1,000 decisions".into())
}

/// One of the legal actions (fold, check or call, the smallest bet or raise,
/// all-in), by `k`.
fn pick(legal: &LegalActions, k: u32) -> Action {
    let smallest = legal.bet.or(legal.raise).map(|r| r.min);
    let options = [
        Some(Action::Fold),
        Some(Action::CheckOrCall),
        smallest.map(Action::BetOrRaiseTo),
        Some(Action::AllIn),
    ];
    let allowed: Vec<Action> = options
        .into_iter()
        .flatten()
        .filter(|a| legal.allows(*a))
        .collect();
    match allowed.len() {
        0 => Action::CheckOrCall,
        n => allowed[k as usize % n],
    }
}
