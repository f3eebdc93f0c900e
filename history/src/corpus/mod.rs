//! Files and folders of hand histories: find them, read them hand by hand (streaming),
//! replay each hand, and count the results.
//!
//! A file may declare the failure it must produce with a line
//! `# expect-illegal: <text>` (PHH files, and comments before a PokerStars file's
//! first hand): a failing hand that meets it counts as *expected illegal*, and the
//! file fails if no hand does. An illegal action declared with its rule
//! (`action 6 "p4 cbr 250": ... (B10)`) is met by the refusal of that action for
//! that rule; any other declaration by a failure whose message contains it. This is how
//! `data/histories/illegal/` is replayed by the README's main command without
//! failing it, while any other illegal hand still makes `holdem replay` exit
//! non-zero. A declaration that names nothing (`# expect-illegal:` alone) is
//! refused: it is an unreadable line of its file
//! ([`crate::stream::StreamError::EmptyExpectation`], with its line), and it
//! matches no hand.
//!
//! # What is read
//! [`walk_paths`] reads only regular files (a FIFO named `*.phh` is skipped, not
//! opened), follows links inside folders only when asked and then visits nothing
//! twice, and lists every path it skips with a [`SkipReason`].
//!
//! # The JSON report (`holdem replay --json`)
//! One JSON object, written as the files are replayed; its keys are stable (new
//! keys may be added, none is renamed or removed):
//! - `files` (number), `seconds` (number), `hands_per_second` (number), `passed`
//!   (bool: nothing failed unexpectedly and at least one hand was replayed, the
//!   exit status is 0);
//! - `counts`: a [`Counts`] object, keys `hands`, `ok`, `unsettled`, `illegal`,
//!   `expected_illegal`, `mismatch`, `unsupported`, `unreadable`,
//!   `unmet_expectations` (numbers);
//! - `skipped`: one object per path not replayed ([`Skipped`]): `path` and
//!   `reason` (`not-a-history`, `not-a-file`, `link`, `visited`, or
//!   `{"unreadable": MESSAGE}`), at most [`MAX_SKIPPED_KEPT`];
//!   `skipped_left_out` (number): the skipped paths not listed;
//! - `reports`: one [`FileReport`] per file that has lines (every file with
//!   `--verbose`): `path` (text; bytes that are not UTF-8 become U+FFFD), `counts`
//!   (as above), `expected` (the declared `# expect-illegal:` text, absent if
//!   none), `left_out` (lines not kept past `--max-lines`) and `lines`, one
//!   [`HandLine`] per hand kept: `hand` (1-based), `name` (the `.phhs` table,
//!   absent if none), `status` (`ok`, `unsettled`, `illegal`, `expected-illegal`,
//!   `mismatch`, `unsupported`, `unreadable`), `message` (for people; an inferred
//!   rake reads `rake X inferred from finishing_stacks` or `... from winnings`),
//!   and `repairs` (lenient replay only, absent when empty): one [`Repair`](crate::replay::Repair) each,
//!   keys `action` (1-based position of the inserted action), `inserted` (PHH
//!   text), `inferred` (for people) and `error` (the strict error it answers).
//!
//! Failures are always kept as lines; repaired hands too; other hands only with
//! `--verbose`; at most the `max_lines` given to [`replay_file_batched`] a file,
//! so a report's memory is bounded whatever the input.

mod expect;
mod format;
mod hands;
mod judge;
mod judge_stars;
mod read;
mod report;
mod rules_book;
mod walk;
mod writer;

pub use expect::declares;
pub use format::Format;
pub use hands::{FileHands, HandText};
pub use judge::{judge, judge_text, replay_file, replay_file_batched};
pub use judge_stars::judge_pokerstars;
pub use read::{HandsRead, read_hands};
pub use report::{Counts, Fault, FileReport, HandLine, Status, format_line};
pub use rules_book::{RulesBook, RulesBookError};
pub use walk::{MAX_SKIPPED_KEPT, SkipReason, Skipped, Walk, collect_files, walk_paths};
pub use writer::HandWriter;
