//! Crash recovery from the journal (rule T20).

#![allow(clippy::unwrap_used)] // test helpers: a failed unwrap is a failed test

use holdem_tourney::Chips;
use holdem_tourney::journal::{FsyncPolicy, JournalWriter, read_frames};
use holdem_tourney::sim::{SimError, Simulation};
use holdem_tourney::{Phase, RecoverError, RecoverOptions, Tournament, TournamentOptions};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

const ENTRANTS: u32 = 40;

/// A journal of a tournament stopped after `steps` commands, and the tournament.
fn journal_after(steps: usize) -> (Vec<u8>, Tournament) {
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::EveryFrame);
    let mut sim = Simulation::new(TournamentOptions::online_mtt(), ENTRANTS, 11, &mut w).unwrap();
    for _ in 0..steps {
        sim.step(&mut w).unwrap();
    }
    (w.into_inner(), sim.tournament().clone())
}

fn frame_starts(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos + 8 <= bytes.len() {
        out.push(pos);
        let len = u32::from_le_bytes(bytes[pos..pos + 4].try_into().unwrap()) as usize;
        pos += 8 + len;
    }
    out
}

fn check_chips(t: &Tournament) {
    if t.phase() == Phase::Running {
        assert_eq!(
            t.chips_in_play(),
            Chips(u64::from(ENTRANTS) * t.options().starting_stack.get()),
            "a chip was lost"
        );
    }
}

#[test]
fn crash_rolls_back_hands_in_progress_to_start_stacks_seed_000_7() {
    // Rule T20: every stack returns to its value at the start of the hand.
    let (bytes, original) = journal_after(300);
    let running: Vec<_> = original
        .running_hands()
        .map(|(t, h)| (t, h.hand, h.dealt.clone()))
        .collect();
    assert!(!running.is_empty());
    let rec = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert_eq!(rec.dropped_bytes, 0);
    assert_eq!(rec.replayed, 300);
    assert_eq!(rec.rolled_back.len(), running.len());
    for (table, hand, dealt) in running {
        let rb = rec.rolled_back.iter().find(|r| r.table == table).unwrap();
        assert_eq!(rb.hand, hand);
        assert_eq!(rb.stacks, dealt);
        for (p, c) in dealt {
            assert_eq!(rec.tournament.stacks().get(&p), Some(&c));
        }
    }
    assert_eq!(rec.tournament.finishes(), original.finishes());
    assert_eq!(rec.tournament.stacks(), original.stacks());
    check_chips(&rec.tournament);
    // Resumed play deals the rolled-back tables again.
    assert_eq!(
        rec.tournament.running_hands().count(),
        rec.rolled_back.len()
    );
}

#[test]
fn truncation_at_every_byte_of_the_last_frames_never_loses_a_chip() {
    let (bytes, _) = journal_after(200);
    let starts = frame_starts(&bytes);
    let from = starts[starts.len() - 4];
    for cut in from..=bytes.len() {
        let rec = Tournament::recover(&bytes[..cut], &mut ChaCha8Rng::seed_from_u64(2)).unwrap();
        // Only whole frames are used; the torn tail is reported.
        let whole = starts.iter().filter(|&&s| s < cut).filter(|&&s| {
            let len = u32::from_le_bytes(bytes[s..s + 4].try_into().unwrap()) as usize;
            s + 8 + len <= cut
        });
        let good = whole.clone().count();
        assert_eq!(rec.replayed, good - 1, "cut at {cut}");
        assert_eq!(rec.good_len + rec.dropped_bytes, cut);
        check_chips(&rec.tournament);
    }
}

#[test]
fn t20_flipped_bits_are_never_accepted_and_never_panic() {
    let (bytes, _) = journal_after(150);
    let starts = frame_starts(&bytes);
    let last = starts.len() - 1;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..300 {
        let mut b = bytes.clone();
        let pos = rng.next_u32() as usize % b.len();
        b[pos] ^= 1 << (rng.next_u32() % 8);
        let frame = starts.iter().rposition(|&s| s <= pos).unwrap();
        match Tournament::recover(&b, &mut ChaCha8Rng::seed_from_u64(4)) {
            Ok(rec) => {
                // Only damage in the last frame reads as a torn tail.
                assert_eq!(frame, last, "cut at a corrupt frame {frame} of {last}");
                assert_eq!(rec.good_len, starts[frame]);
                assert_eq!(rec.replayed, frame - 1);
                check_chips(&rec.tournament);
            }
            Err(RecoverError::Corrupt {
                frame: f, offset, ..
            }) => {
                assert_eq!((f, offset), (frame, starts[frame]), "flip at byte {pos}");
            }
            Err(_) => assert_eq!(frame, 0, "only a damaged first frame makes recovery fail"),
        }
    }
    assert!(Tournament::recover(&[], &mut rng).is_err());
    assert!(Tournament::recover(&[0xff; 64], &mut rng).is_err());
}

/// A whole journal of a tournament played to its end, and its winner.
fn finished_journal() -> (Vec<u8>, Tournament) {
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    let mut sim = Simulation::new(TournamentOptions::online_mtt(), 12, 5, &mut w).unwrap();
    sim.run(&mut w, &mut |_| {}).unwrap();
    (w.into_inner(), sim.tournament().clone())
}

// rule T20: one flipped bit in the middle of a finished journal (payload or
// length) is corruption, not a torn tail: resume refuses, naming the frame and
// its byte offset, and changes nothing.
#[test]
fn t20_corrupt_frame_followed_by_good_frames_is_refused() {
    let (bytes, _) = finished_journal();
    let starts = frame_starts(&bytes);
    assert!(starts.len() > 200, "{} frames", starts.len());
    let at = starts[150];
    // A payload bit, then a length bit (the next frame's place is lost).
    for pos in [at + 10, at] {
        let mut b = bytes.clone();
        b[pos] ^= 0x04;
        let err = Tournament::recover(&b, &mut ChaCha8Rng::seed_from_u64(1)).unwrap_err();
        assert_eq!(
            err,
            RecoverError::Corrupt {
                frame: 150,
                offset: at,
                next_good: starts[151],
                dropped: b.len() - at,
            },
            "flip at byte {pos}"
        );
        assert!(err.to_string().contains("frame 150 at byte"), "{err}");
        let mut w = JournalWriter::new(b.clone(), FsyncPolicy::Never);
        let refused = Simulation::resume(&b, &mut w);
        assert!(matches!(
            refused,
            Err(SimError::Recover(RecoverError::Corrupt { frame: 150, .. }))
        ));
        assert_eq!(w.into_inner(), b, "a refused resume appends nothing");
    }
}

// rule T20: asked to truncate, recovery cuts a corrupt journal at the damaged
// frame and hands back every dropped byte.
#[test]
fn t20_truncating_a_corrupt_journal_returns_the_dropped_bytes() {
    let (bytes, _) = finished_journal();
    let starts = frame_starts(&bytes);
    let at = starts[150];
    let mut b = bytes.clone();
    b[at + 10] ^= 0x04;
    let opts = RecoverOptions {
        truncate_corrupt: true,
    };
    let rec = Tournament::recover_with(&b, &mut ChaCha8Rng::seed_from_u64(1), opts).unwrap();
    assert_eq!(rec.good_len, at);
    assert_eq!(rec.replayed, 149);
    let dropped = rec.dropped.unwrap();
    assert_eq!((dropped.frame, dropped.offset), (150, at));
    assert_eq!(dropped.bytes, &b[at..]);
    let mut w = JournalWriter::new(b[..at].to_vec(), FsyncPolicy::Never);
    let (mut sim, rec) = Simulation::resume_with(&b, &mut w, opts).unwrap();
    assert_eq!(rec.dropped.unwrap().bytes.len(), b.len() - at);
    sim.run(&mut w, &mut |_| {}).unwrap();
    assert!(sim.is_done());
    // A torn end stays a torn end: no dropped bytes are handed back.
    let torn = &bytes[..bytes.len() - 3];
    let rec = Tournament::recover(torn, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert!(rec.dropped.is_none() && rec.dropped_bytes > 0);
}

#[test]
fn recovered_journal_can_be_resumed_and_finished() {
    let (bytes, _) = journal_after(250);
    let cut = bytes.len() - 3; // a torn last frame
    let (_, good) = read_frames(&bytes[..cut]);
    let mut w = JournalWriter::new(bytes[..good].to_vec(), FsyncPolicy::Never);
    let (mut sim, rec) = Simulation::resume(&bytes[..cut], &mut w).unwrap();
    assert!(rec.dropped_bytes > 0);
    while !sim.is_done() {
        sim.step(&mut w).unwrap();
    }
    let t = sim.tournament();
    assert_eq!(t.finishes().len() as u32, ENTRANTS);
    assert_eq!(
        t.chips_in_play(),
        Chips(u64::from(ENTRANTS) * t.options().starting_stack.get())
    );
    // And the whole journal, torn tail cut off and resumed, replays to the same end.
    let again = Tournament::recover(&w.into_inner(), &mut ChaCha8Rng::seed_from_u64(9)).unwrap();
    assert_eq!(again.tournament.finishes(), t.finishes());
    assert_eq!(again.dropped_bytes, 0);
}

/// A fresh temporary path for a journal file.
fn temp_journal(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-journal-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("journal.bin")
}

/// Resumes the journal file, plays `steps` more commands (or to the end) and
/// returns what the resume said.
fn resume_file_and_play(
    path: &std::path::Path,
    steps: usize,
) -> Result<usize, holdem_tourney::sim::SimError> {
    let (bytes, mut w) = holdem_tourney::journal::open_for_resume(path, FsyncPolicy::Never)?;
    let (mut sim, rec) = Simulation::resume(&bytes, &mut w)?;
    for _ in 0..steps {
        if sim.is_done() {
            break;
        }
        sim.step(&mut w)?;
    }
    w.sync()?;
    Ok(rec.dropped_bytes)
}

#[test]
fn t20_a_second_create_frame_refuses_the_journal_naming_frame_and_offset_every_resume() {
    // A good (CRC-correct) copy of the first frame after 40 commands: no crash
    // writes that, so resuming refuses the journal instead of cutting it, and
    // the file is left as it was however often it is resumed.
    let (mut bytes, _) = journal_after(40);
    let offset = bytes.len();
    let first = read_frames(&bytes).0.remove(0);
    bytes.extend(holdem_tourney::journal::encode_frame(&first).unwrap());
    let path = temp_journal("second-create");
    std::fs::write(&path, &bytes).unwrap();
    for _ in 0..3 {
        match resume_file_and_play(&path, 500) {
            Err(holdem_tourney::sim::SimError::Recover(
                holdem_tourney::RecoverError::Contradiction {
                    frame, offset: at, ..
                },
            )) => {
                assert_eq!(frame, 41, "the 42nd frame (index 41) is the second Create");
                assert_eq!(at, offset);
            }
            other => panic!("the contradicting journal was resumed: {other:?}"),
        }
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "a refused resume wrote"
        );
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn t20_a_command_frame_the_tournament_refuses_is_a_contradiction_not_a_tail() {
    // The 30th command journaled again after the 60th: CRC-correct, but time
    // went backwards, so the tournament refuses it.
    let (mut bytes, _) = journal_after(60);
    let offset = bytes.len();
    let old = read_frames(&bytes).0.remove(30);
    bytes.extend(holdem_tourney::journal::encode_frame(&old).unwrap());
    let err = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(5)).unwrap_err();
    assert!(
        matches!(err, holdem_tourney::RecoverError::Contradiction { frame: 61, offset: o, .. } if o == offset),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains(&format!("frame 61 at byte {offset}"))
    );
}

#[test]
fn t20_resuming_over_torn_tails_loses_no_work_and_ends_as_clean_resumes() {
    // The same stops, once with a clean journal and once with a torn, garbled
    // tail left by each crash: every resume cuts the tail and keeps what the
    // previous resumes wrote, so both files end byte for byte the same.
    let (start, _) = journal_after(30);
    let clean = temp_journal("clean");
    let torn = temp_journal("torn");
    std::fs::write(&clean, &start).unwrap();
    std::fs::write(&torn, &start).unwrap();
    let mut garbage = ChaCha8Rng::seed_from_u64(6);
    let mut last_len = 0;
    for round in 0..4 {
        let mut tail = vec![0u8; 5 + round * 7];
        garbage.fill_bytes(&mut tail);
        let mut b = std::fs::read(&torn).unwrap();
        let len = b.len();
        assert!(
            len > last_len,
            "round {round}: work was lost ({len} <= {last_len})"
        );
        last_len = len;
        b.extend(&tail);
        std::fs::write(&torn, &b).unwrap();
        let steps = if round == 3 { usize::MAX } else { 40 };
        assert_eq!(resume_file_and_play(&clean, steps).unwrap(), 0);
        assert_eq!(resume_file_and_play(&torn, steps).unwrap(), tail.len());
    }
    let a = std::fs::read(&clean).unwrap();
    let b = std::fs::read(&torn).unwrap();
    assert_eq!(
        a, b,
        "the torn journal's resumes did not match the clean ones"
    );
    let rec = Tournament::recover(&b, &mut ChaCha8Rng::seed_from_u64(7)).unwrap();
    assert_eq!(rec.dropped_bytes, 0);
    assert_eq!(rec.tournament.phase(), Phase::Finished);
    let _ = std::fs::remove_dir_all(clean.parent().unwrap());
    let _ = std::fs::remove_dir_all(torn.parent().unwrap());
}

#[test]
fn t20_a_command_whose_recorded_draws_run_out_is_refused_not_replayed_forever() {
    // The Start command of a 40-player event journaled with no draws (an input of
    // the journal fuzz target). Seating draws seats by rejection sampling, which
    // never ends on zeros given forever: the draws that run out make the frame a
    // contradiction, reported in bounded time.
    let (bytes, _) = journal_after(45);
    let (mut entries, _) = read_frames(&bytes);
    let start = entries
        .iter()
        .position(|e| {
            matches!(e, holdem_tourney::journal::Entry::Command(r)
                if matches!(r.input.command, holdem_tourney::Command::Start))
        })
        .unwrap();
    if let holdem_tourney::journal::Entry::Command(r) = &mut entries[start] {
        assert!(!r.draws.is_empty(), "the start draws seats");
        r.draws.clear();
    }
    let mut journal = Vec::new();
    let mut offset = 0;
    for (i, e) in entries.iter().enumerate() {
        if i == start {
            offset = journal.len();
        }
        journal.extend(holdem_tourney::journal::encode_frame(e).unwrap());
    }
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(Tournament::recover(
            &journal,
            &mut ChaCha8Rng::seed_from_u64(8),
        ));
    });
    let result = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("recovery did not end");
    match result {
        Err(holdem_tourney::RecoverError::Contradiction {
            frame,
            offset: at,
            reason,
        }) => {
            assert_eq!((frame, at), (start, offset));
            assert!(reason.contains("draws"), "{reason}");
        }
        other => panic!(
            "a start without its draws was accepted: {:?}",
            other.map(|r| r.replayed)
        ),
    }
}
