//! `corpus::read_hands` reads every hand of a file it can: a bad hand is reported
//! with its file and position, and the reading goes on at the next one.

use std::path::{Path, PathBuf};

use holdem_history::corpus::{HandsRead, read_hands};
use holdem_history::{HandHistory, HistoryError};

const GOOD: &str = r#"variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AhKh", "d dh p2 QsQd", "p2 f"]
"#;

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-read-hands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write");
    path
}

fn read(path: &Path) -> (Vec<HandHistory>, Vec<HistoryError>, HandsRead) {
    let (mut hands, mut bad) = (Vec::new(), Vec::new());
    let read = read_hands(
        path,
        |h| {
            hands.push(h);
            Ok::<(), HistoryError>(())
        },
        |e| bad.push(e),
    )
    .expect("the file opens");
    (hands, bad, read)
}

#[test]
fn h1_a_bad_hand_in_a_phhs_file_is_reported_and_the_hands_after_it_are_read() {
    let text = format!("[1]\n{GOOD}\n[2]\nvariant = \"NT\"\n\n[3]\n{GOOD}");
    let path = temp("middle.phhs", text.as_bytes());
    let (hands, bad, read) = read(&path);
    assert_eq!(hands.len(), 2);
    assert_eq!(
        read,
        HandsRead {
            hands: 2,
            bad: 1,
            unsupported: 0,
            declared: 0
        }
    );
    match &bad[..] {
        [HistoryError::Phh { path: p, source }] => {
            assert_eq!(p, &path);
            assert_eq!(source.hand, 2);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn h1_a_bad_line_in_a_json_lines_file_is_reported_and_the_lines_after_it_are_read() {
    let h = holdem_history::phh::parse_phh(GOOD).expect("reads");
    let mut bytes = Vec::new();
    holdem_history::native::write_jsonl(&mut bytes, &h).expect("writes");
    bytes.extend_from_slice(b"{\"not\": \"a hand\"}\n");
    holdem_history::native::write_jsonl(&mut bytes, &h).expect("writes");
    let path = temp("middle.jsonl", &bytes);
    let (hands, bad, read) = read(&path);
    assert_eq!((hands.len(), read.bad), (2, 1));
    assert!(
        matches!(&bad[..], [HistoryError::Native { hand: 2, .. }]),
        "{bad:?}"
    );
}

#[test]
fn h1_a_postcard_frame_that_is_not_a_hand_is_reported_and_the_frames_after_it_are_read() {
    let h = holdem_history::phh::parse_phh(GOOD).expect("reads");
    let mut bytes = Vec::new();
    holdem_history::native::write_postcard_header(&mut bytes).expect("writes");
    holdem_history::native::write_postcard(&mut bytes, &h).expect("writes");
    bytes.extend_from_slice(&[3, 0xff, 0xff, 0xff]);
    holdem_history::native::write_postcard(&mut bytes, &h).expect("writes");
    let path = temp("middle.postcard", &bytes);
    let (hands, bad, read) = read(&path);
    assert_eq!((hands.len(), read.bad), (2, 1));
    assert!(
        matches!(&bad[..], [HistoryError::Native { hand: 2, .. }]),
        "{bad:?}"
    );
}

#[test]
fn h1_a_file_that_is_not_a_history_is_an_error_and_reads_nothing() {
    let path = temp("notes.md", b"hello");
    let r = read_hands(path.as_path(), |_| Ok::<(), HistoryError>(()), |_| {});
    assert!(
        matches!(r, Err(HistoryError::UnknownFormat { .. })),
        "{r:?}"
    );
}

#[test]
fn h1_a_hand_that_fails_as_its_file_declares_is_counted_as_declared_and_others_still_reported() {
    // The declaration names the bad hand's failure; the second bad hand fails
    // otherwise and is still reported.
    let text = format!(
        "# expect-illegal: missing required field `antes`\n[1]\n{GOOD}\n\
         [2]\nvariant = \"NT\"\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [100, 100]\nactions = []\n\n[3]\nvariant = \"NT\"\n\n[4]\n{GOOD}"
    );
    let path = temp("declared.phhs", text.as_bytes());
    let (hands, bad, read) = read(&path);
    assert_eq!(hands.len(), 2);
    assert_eq!((read.bad, read.declared), (1, 1), "{bad:?}");
    match &bad[..] {
        [HistoryError::Phh { source, .. }] => assert_eq!(source.hand, 3),
        other => panic!("{other:?}"),
    }
}
