//! Reading files hand by hand from a `BufRead` (`holdem_history::stream`): the
//! streams give exactly what reading the whole text gives (hands, errors, line
//! numbers), hold one hand at a time however long the input is, and skip a hand
//! longer than the limit with an error naming its line.

use std::cell::Cell;
use std::io::{BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use holdem_history::phh::PhhHands;
use holdem_history::pokerstars::{decode, parse_hands};
use holdem_history::stream::{
    MAX_HAND_BYTES, PhhStream, PokerStarsStream, PokerStarsText, StreamError,
};

const DWAN_IVEY: &str = include_str!("../../data/histories/phh/famous/dwan-ivey-2009.phh");

fn files(dir: &Path, ext: &[&str], out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("the data folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| ext.contains(&x))
        {
            out.push(p);
        }
    }
}

fn data(ext: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/histories"),
        ext,
        &mut out,
    );
    out.sort();
    out
}

/// A small buffer, so that hands straddle the reader's refills.
fn small<R: Read>(r: R) -> BufReader<R> {
    BufReader::with_capacity(61, r)
}

fn phh_stream(text: &str) -> Vec<String> {
    PhhStream::new(small(text.as_bytes()))
        .map(|h| {
            let h = h.expect("no I/O error, no hand over the limit");
            format!("{} {:?} {:?}", h.index, h.name, h.hand)
        })
        .collect()
}

fn phh_whole(text: &str) -> Vec<String> {
    PhhHands::new(text)
        .map(|h| format!("{} {:?} {:?}", h.index, h.name, h.hand))
        .collect()
}

#[test]
fn phh_stream_reads_every_data_file_as_the_whole_text_reads_it() {
    let mut hands = 0;
    for path in data(&["phh", "phhs"]) {
        let text = std::fs::read_to_string(&path).expect("UTF-8 data");
        let whole = phh_whole(&text);
        assert_eq!(phh_stream(&text), whole, "{}", path.display());
        hands += whole.len();
    }
    assert!(hands > 300, "{hands}");
}

#[test]
fn pokerstars_stream_reads_every_data_file_as_the_whole_text_reads_it() {
    let mut hands = 0;
    for path in data(&["txt"]) {
        let bytes = std::fs::read(&path).expect("readable");
        let whole: Vec<String> = parse_hands(&decode(&bytes))
            .into_iter()
            .map(|h| format!("{h:?}"))
            .collect();
        let streamed: Vec<String> = PokerStarsStream::new(small(&bytes[..]))
            .map(|h| format!("{:?}", h.expect("no I/O error").hand))
            .collect();
        assert_eq!(streamed, whole, "{}", path.display());
        hands += whole.len();
    }
    assert!(hands > 300, "{hands}");
}

#[test]
fn phh_stream_errors_name_the_line_of_the_file() {
    let good = DWAN_IVEY.trim_end();
    let lines_of_good = good.lines().count() as u32;
    let text = format!("[1]\n{good}\n\n[2]\nvariant = \"NT\"\nantes = oops\n\n[3]\n{good}\n");
    let hands: Vec<_> = PhhStream::new(small(text.as_bytes()))
        .map(|h| h.expect("no stream error"))
        .collect();
    assert_eq!(hands.len(), 3);
    assert!(hands[0].hand.is_ok());
    let err = hands[1].hand.as_ref().expect_err("the bad table");
    // `[1]`, the hand, a blank line, `[2]`, `variant`, then `antes`.
    assert_eq!((err.hand, err.line), (2, lines_of_good + 5));
    // The reader goes on after a bad table.
    assert_eq!(hands[2].name.as_deref(), Some("3"));
    assert!(hands[2].hand.is_ok());
}

#[test]
fn phh_stream_does_not_cut_at_brackets_inside_strings_and_arrays() {
    let text = format!(
        "[1]\n{DWAN_IVEY}\nnote = \"\"\"\n[2]\nnot a table\"\"\"\nseats = [\n  [1, 2],\n]\n\n[2]\n{DWAN_IVEY}"
    );
    let whole = phh_whole(&text);
    assert_eq!(whole.len(), 2);
    assert_eq!(phh_stream(&text), whole);
}

#[test]
fn phh_stream_skips_a_table_over_the_limit_and_names_its_line() {
    let huge = format!(
        "[2]\nactions = [\n{}]\n",
        "\"p1 cc\",\n".repeat(MAX_HAND_BYTES / 8)
    );
    let text = format!("[1]\n{DWAN_IVEY}\n{huge}\n[3]\n{DWAN_IVEY}");
    let items: Vec<_> = PhhStream::new(small(text.as_bytes())).collect();
    assert_eq!(items.len(), 3);
    assert!(matches!(&items[0], Ok(h) if h.hand.is_ok()));
    match &items[1] {
        Err(StreamError::HandTooLong { hand, line, limit }) => {
            assert_eq!((*hand, *limit), (2, MAX_HAND_BYTES));
            let first = DWAN_IVEY.lines().count() as u32 + 2;
            assert!(*line > first && *line < first + 2 + (MAX_HAND_BYTES / 8) as u32);
        }
        other => panic!("expected a hand over the limit, got {other:?}"),
    }
    assert!(matches!(&items[2], Ok(h) if h.index == 3 && h.hand.is_ok()));
}

#[test]
fn phh_stream_skips_an_unclosed_string_at_the_limit_and_reads_on() {
    let text = format!(
        "[1]\nnote = \"\"\"never closed\n{}\n[2]\n{DWAN_IVEY}",
        "x".repeat(MAX_HAND_BYTES + 10)
    );
    let items: Vec<_> = PhhStream::new(small(text.as_bytes())).collect();
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(matches!(
        &items[0],
        Err(StreamError::HandTooLong {
            hand: 1,
            line: 3,
            ..
        })
    ));
    assert!(matches!(&items[1], Ok(h) if h.index == 2 && h.hand.is_ok()));
}

/// An endless `.phhs` document, `[1]`, `[2]`, ... each table the same hand, up to
/// `tables` tables, counting the bytes handed out.
struct EndlessPhhs {
    tables: u64,
    next: u64,
    pending: Vec<u8>,
    at: usize,
    given: Rc<Cell<u64>>,
}

impl Read for EndlessPhhs {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            if self.next == self.tables {
                return Ok(0);
            }
            self.next += 1;
            self.pending = format!("[{}]\n{DWAN_IVEY}\n", self.next).into_bytes();
            self.at = 0;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        self.given.set(self.given.get() + n as u64);
        Ok(n)
    }
}

#[test]
fn phh_stream_holds_one_hand_of_an_endless_document() {
    const TABLES: u64 = 20_000; // about 20 MB of text
    let given = Rc::new(Cell::new(0));
    let input = BufReader::with_capacity(
        8192,
        EndlessPhhs {
            tables: TABLES,
            next: 0,
            pending: Vec::new(),
            at: 0,
            given: Rc::clone(&given),
        },
    );
    let table = DWAN_IVEY.len() as u64 + 10;
    let mut n = 0;
    for h in PhhStream::new(input) {
        let h = h.expect("no stream error");
        n += 1;
        assert_eq!(h.index, n);
        let hand = h.hand.expect("the hand reads");
        assert_eq!(hand.actions.len(), 18);
        // The stream never reads further ahead than the next table and one buffer.
        assert!(
            given.get() <= (n as u64 + 1) * table + 8192,
            "read {} bytes by hand {n}",
            given.get()
        );
    }
    assert_eq!(n as u64, TABLES);
}

#[test]
fn pokerstars_stream_reads_lone_cr_crlf_and_windows_1252_line_by_line() {
    let path = data(&["txt"])
        .into_iter()
        .find(|p| p.to_string_lossy().contains("santiweight"))
        .expect("the santiweight sample");
    let bytes = std::fs::read(path).expect("readable");
    let text = decode(&bytes);
    let want: Vec<String> = parse_hands(&text)
        .into_iter()
        .map(|h| format!("{h:?}"))
        .collect();
    for end in ["\r", "\r\n"] {
        let other = text.replace('\n', end);
        let got: Vec<String> = PokerStarsStream::new(small(other.as_bytes()))
            .map(|h| format!("{:?}", h.expect("no I/O error").hand))
            .collect();
        assert_eq!(got, want, "line end {end:?}");
    }
    // The euro sign as Windows-1252 (byte 0x80) reads as `€`.
    let euro: Vec<u8> = text.replace('$', "€").bytes().collect();
    let cp1252: Vec<u8> = String::from_utf8(euro)
        .expect("UTF-8")
        .chars()
        .map(|c| if c == '€' { 0x80 } else { c as u8 })
        .collect();
    let utf8_hands: Vec<String> = parse_hands(&text.replace('$', "€"))
        .into_iter()
        .map(|h| format!("{h:?}"))
        .collect();
    let got: Vec<String> = PokerStarsStream::new(small(&cp1252[..]))
        .map(|h| format!("{:?}", h.expect("no I/O error").hand))
        .collect();
    assert_eq!(got, utf8_hands);
}

#[test]
fn pokerstars_stream_skips_a_hand_over_the_limit_and_names_its_line() {
    let hand = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET\n";
    let text = format!("{hand}junk\n{}\n{hand}", "y".repeat(MAX_HAND_BYTES));
    let items: Vec<_> = PokerStarsStream::new(small(text.as_bytes())).collect();
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(matches!(
        &items[0],
        Err(StreamError::HandTooLong {
            hand: 1,
            line: 3,
            ..
        })
    ));
    assert!(matches!(&items[1], Ok(h) if h.index == 2));
}

#[test]
fn pokerstars_text_keeps_the_file_line_numbers() {
    let text = PokerStarsText {
        index: 7,
        line: 100,
        text: "PokerStars Hand #5: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET\nnot a table line".into(),
        preamble: None,
        parsed: None,
    };
    let err = text.parse().hand.expect_err("a bad table line");
    assert_eq!((err.hand, err.line), (Some(5), 101));
}

#[test]
fn streams_read_a_generic_bufread() {
    fn count<R: BufRead>(r: R) -> usize {
        PhhStream::new(r).count()
    }
    assert_eq!(count(Cursor::new(DWAN_IVEY.as_bytes().to_vec())), 1);
}

#[test]
fn replaying_in_batches_reports_as_replaying_hand_by_hand() {
    use holdem_history::corpus::{RulesBook, judge_text, replay_file, replay_file_batched};
    let rules = RulesBook::new(None);
    let mut files = data(&["phh", "phhs", "txt", "jsonl"]);
    files.retain(|p| std::fs::metadata(p).is_ok_and(|m| m.len() < 2_000_000));
    assert!(files.len() > 50);
    for path in files {
        let one = replay_file(&path, &rules, true);
        let batched = replay_file_batched(&path, &rules, true, usize::MAX, 3, |texts| {
            texts
                .iter()
                .rev()
                .map(|t| judge_text(t, &rules))
                .rev()
                .collect()
        });
        assert_eq!(one.counts, batched.counts, "{}", path.display());
        assert_eq!(
            format!("{:?}", one.lines),
            format!("{:?}", batched.lines),
            "{}",
            path.display()
        );
    }
}
