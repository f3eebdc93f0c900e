//! Process test for crash recovery (rule T20): start a journaling simulation as
//! a child process, SIGKILL it at random moments at least 20 times, resume each
//! time, and check the tournament finishes with every chip still in play.
//!
//! The child is the real `holdem simulate` binary when it has been built next
//! to this test (or `HOLDEM_BIN` names it); otherwise this test binary runs the
//! same library code path (`Simulation` + the journal file) as its own child.

use holdem_tourney::Chips;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use holdem_tourney::journal::{self, FsyncPolicy};
use holdem_tourney::sim::Simulation;
use holdem_tourney::{Phase, Tournament, TournamentOptions};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

const CHILD: &str = "HOLDEM_KILL_TEST_CHILD";
const ENTRANTS: u32 = 1500;
const KILLS: u32 = 20;

fn main() {
    if let Ok(mode) = std::env::var(CHILD) {
        child(&mode);
        return;
    }
    // Ignore libtest's arguments (--test-threads, filters...).
    kill_and_resume_at_random_moments_seed_000_7();
    println!("test kill_and_resume_at_random_moments_seed_000_7 ... ok");
}

/// The child: `journal:FILE` starts a tournament, `resume:FILE` resumes one.
fn child(mode: &str) {
    let (what, file) = mode.split_once(':').expect("mode");
    let path = Path::new(file);
    if what == "journal" {
        let mut w = journal::create_file(path, FsyncPolicy::Every(8)).expect("create");
        let mut sim =
            Simulation::new(TournamentOptions::online_mtt(), ENTRANTS, 7, &mut w).expect("new");
        sim.run(&mut w, &mut |_| {}).expect("run");
    } else {
        let (bytes, mut w) = journal::open_for_resume(path, FsyncPolicy::Every(8)).expect("open");
        let (mut sim, _) = Simulation::resume(&bytes, &mut w).expect("resume");
        sim.run(&mut w, &mut |_| {}).expect("run");
    }
}

fn holdem_bin() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("HOLDEM_BIN") {
        return Some(PathBuf::from(p));
    }
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.parent()?.join("holdem");
    p.exists().then_some(p)
}

fn spawn(first: bool, file: &Path) -> std::process::Child {
    let mut c = match holdem_bin() {
        Some(bin) => {
            let mut c = Command::new(bin);
            // fsync every 8 frames: a realistic journal, and a run long enough to
            // be killed many times.
            c.arg("simulate")
                .arg("--quiet")
                .args(["--fsync", "every:8"]);
            if first {
                c.args([
                    "--entrants",
                    &ENTRANTS.to_string(),
                    "--seed",
                    "7",
                    "--journal",
                ]);
            } else {
                c.arg("--resume");
            }
            c.arg(file);
            c
        }
        None => {
            let mut c = Command::new(std::env::current_exe().expect("exe"));
            let mode = if first { "journal" } else { "resume" };
            c.env(CHILD, format!("{mode}:{}", file.display()));
            c
        }
    };
    c.stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn child")
}

fn kill_and_resume_at_random_moments_seed_000_7() {
    let dir = std::env::temp_dir().join(format!("holdem-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let file = dir.join("journal.bin");
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    let mut kills = 0;
    let mut first = true;
    let mut finished = false;
    while !finished {
        let mut child = spawn(first, &file);
        first = false;
        if kills < KILLS {
            // Kill once the journal has grown by a random 2-12 KiB: random moments
            // in the run that do not depend on how fast this machine is (the
            // whole journal is about 300 KiB).
            let len = |f: &Path| std::fs::metadata(f).map_or(0, |m| m.len());
            let target = len(&file) + 2_048 + u64::from(rng.next_u32() % 10_240);
            let mut exited = None;
            while exited.is_none() && len(&file) < target {
                std::thread::sleep(Duration::from_millis(1));
                exited = child.try_wait().expect("wait");
            }
            match exited {
                Some(status) => {
                    assert!(status.success(), "child failed: {status}");
                    finished = true;
                }
                None => {
                    child.kill().expect("SIGKILL"); // SIGKILL on Unix
                    child.wait().expect("reap");
                    kills += 1;
                    check_journal(&file, false);
                }
            }
        } else {
            let status = child.wait().expect("wait");
            assert!(status.success(), "final resume failed: {status}");
            finished = true;
        }
    }
    assert!(
        kills >= KILLS,
        "the simulation finished after only {kills} kills: make it longer"
    );
    check_journal(&file, true);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Recovers the journal as it is and checks the chips; at the end, the result.
fn check_journal(file: &Path, done: bool) {
    let bytes = std::fs::read(file).expect("read journal");
    let Ok(rec) = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(1)) else {
        // Killed before the first frame reached the file.
        assert!(!done && bytes.len() < 4096, "journal unreadable");
        return;
    };
    let t = rec.tournament;
    let stack = t.options().starting_stack;
    if t.phase() == Phase::Running || done {
        assert_eq!(
            t.chips_in_play(),
            Chips(u64::from(ENTRANTS) * stack.get()),
            "chips lost"
        );
    }
    if done {
        assert_eq!(t.phase(), Phase::Finished);
        assert_eq!(t.finishes().len() as u32, ENTRANTS);
        assert_eq!(
            t.finishes().iter().map(|f| f.prize).sum::<u64>(),
            t.prizes().total()
        );
        assert_eq!(rec.dropped_bytes, 0);
    }
}
