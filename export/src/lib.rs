//! Hand histories to Apache Parquet, for DuckDB, Spark, pandas and the like.
//!
//! An [`Exporter`] writes three files into a folder: `hands.parquet` (one row a
//! hand), `players.parquet` (one row per player per hand replay accepts) and
//! `actions.parquet` (one row per recorded action). The columns are documented in
//! `docs/export.md`; every file carries its schema version in its key-value
//! metadata ([`SCHEMA_VERSION_KEY`] = [`SCHEMA_VERSION`]).
//!
//! Each hand is first turned into its rows ([`HandRows::of`], a pure function of
//! the hand: it can run on any thread), then appended in order
//! ([`Exporter::append`]); so the files are the same whatever the number of
//! threads that built the rows. [`export_files`] exports whole history files
//! on every core: groups of [`GROUP_HANDS`] hands are cut from the files,
//! parsed, replayed and encoded on worker threads and appended in order.
//!
//! # Invariants
//! - Money is an integer in the hand's unit (`unit_decimals` in `hands` says how
//!   many decimals it has), never floating point; times are typed timestamps.
//! - Memory is bounded whatever the corpus size: a row group of each table is
//!   written every [`GROUP_HANDS`] hands.
//! - The bytes written depend only on the hands and their order: groups of
//!   [`GROUP_HANDS`] hands can be encoded on several threads
//!   ([`Encoder::encode`]) and appended in order ([`Exporter::append_group`]).
//! - A write error is a typed [`ExportError`] naming the file.
//!
//! # Example
//! ```
//! use holdem_export::{Exporter, HandRows};
//! use holdem_history::phh::parse_phh;
//! use holdem_history::replay::HouseRules;
//!
//! let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n\
//!             min_bet = 2\nstarting_stacks = [200, 200]\n\
//!             actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\n";
//! let hand = parse_phh(text)?;
//! let dir = std::env::temp_dir().join(format!("holdem-export-doc-{}", std::process::id()));
//! let mut out = Exporter::create(&dir)?;
//! out.append(&HandRows::of("doc.phh", 1, &hand, &HouseRules::standard()))?;
//! let counts = out.finish()?;
//! assert_eq!((counts.hands, counts.players, counts.actions), (1, 2, 3));
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod files;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Int64Builder, StringBuilder, TimestampSecondBuilder, UInt8Builder,
    UInt32Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef, TimeUnit};
use holdem_history::replay::{HouseRules, Outcome};
use holdem_history::summary::{HandSummary, summarize_with_pots};
use holdem_history::{ActionKind, Cards, HandHistory, Shown, Stakes, split_blind};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowLeafColumn, ArrowRowGroupWriterFactory,
    compute_leaves,
};
use parquet::basic::{Compression, Encoding};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterPropertiesBuilder};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;

pub use files::{FilesError, GROUP_BYTES, LeftOut, export_files};

/// The key of the schema version in each file's key-value metadata.
pub const SCHEMA_VERSION_KEY: &str = "holdem.schema_version";
/// The version of the three tables' schema (`docs/export.md`); raised on any
/// change of a column's name, type or meaning.
pub const SCHEMA_VERSION: &str = "1";
/// Hands per row group: each table's row group holds the rows of this many
/// hands (the last row group of a file fewer).
pub const GROUP_HANDS: usize = 2048;

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A file or folder could not be created or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The Parquet writer refused the data or could not write it.
    #[error("{path}: {source}")]
    Parquet {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: parquet::errors::ParquetError,
    },
}

/// One row of `hands`.
#[derive(Clone, Debug, PartialEq)]
pub struct HandRow {
    /// The file the hand came from, as given.
    pub file: String,
    /// 1-based position of the hand in its file.
    pub index: u32,
    /// `venue`.
    pub site: Option<String>,
    /// `hand`, the site's hand number.
    pub hand_id: Option<String>,
    /// `table`.
    pub table: Option<String>,
    /// Local start time, seconds since 1970-01-01 00:00:00 (no time zone).
    pub started_at: Option<i64>,
    /// `time_zone_abbreviation` or `time_zone`.
    pub time_zone: Option<String>,
    /// `NT`, `PT` or `FT`.
    pub game: &'static str,
    /// `no-limit`, `pot-limit` or `fixed-limit`.
    pub limit: &'static str,
    /// Decimals of the money unit (2: cents).
    pub unit_decimals: u8,
    /// `currency`.
    pub currency: Option<String>,
    /// Small blind, big blind, the largest ante.
    pub small_blind: i64,
    /// The big blind.
    pub big_blind: i64,
    /// The largest ante.
    pub ante: i64,
    /// Minimum bet (no and pot limit) or small bet (fixed limit).
    pub small_bet: i64,
    /// Big bet (fixed limit).
    pub big_bet: Option<i64>,
    /// Players dealt in.
    pub players: u8,
    /// The button's player number (`pN`).
    pub button: u8,
    /// Board cards, as dealt (`2c3d4h5s9h`).
    pub board: Option<String>,
    /// All chips put in, before rake (settled hands).
    pub pot: Option<i64>,
    /// Rake taken (settled hands).
    pub rake: Option<i64>,
    /// `ok`, `unsettled`, `illegal`, `mismatch`, `unsupported`.
    pub status: &'static str,
    /// Why the hand is not `ok`, or a remark.
    pub reason: Option<String>,
}

/// One row of `actions`.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionRow {
    /// 1-based position of the action in the hand.
    pub order: u32,
    /// `preflop`, `flop`, `turn`, `river` (by the board cards dealt before it).
    pub street: &'static str,
    /// The player number (`pN`), `None` for a board deal.
    pub player: Option<u8>,
    /// `deal-hole`, `deal-board`, `fold`, `check-call`, `bet-raise`, `show`,
    /// `muck`, `offer-runs`, `answer-runs`, `comment`.
    pub kind: &'static str,
    /// A bet or raise's total for the street.
    pub amount: Option<i64>,
    /// The cards dealt or shown (`??` unknown).
    pub cards: Option<String>,
    /// The pot before the action, current bets included.
    pub pot_before: Option<i64>,
}

/// The rows of one hand, for all three tables.
#[derive(Clone, Debug)]
pub struct HandRows {
    /// Its `hands` row.
    pub hand: HandRow,
    /// Its summary (the `players` rows), for a hand replay accepts.
    pub summary: Option<HandSummary>,
    /// Names from the record, by player.
    pub names: Vec<Option<String>>,
    /// Seat numbers from the record, by player.
    pub seats: Vec<Option<u32>>,
    /// Hole cards where both are known, by player.
    pub hole_cards: Vec<Option<String>>,
    /// Its `actions` rows.
    pub actions: Vec<ActionRow>,
}

/// `AcKd`, `??` for an unknown card; written without the formatter.
fn cards_text(c: &Cards) -> String {
    let mut s = String::with_capacity(2 * c.0.len());
    for card in &c.0 {
        match card {
            Some(card) => {
                s.push(card.rank().to_char());
                s.push(card.suit().to_char());
            }
            None => s.push_str("??"),
        }
    }
    s
}

/// Days from 1970-01-01 to a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `HH:MM:SS` (fractions ignored) as seconds in the day.
fn seconds_of(time: &str) -> Option<i64> {
    let mut parts = time.trim().split(':');
    let h: i64 = parts.next()?.parse().ok()?;
    let m: i64 = parts.next()?.parse().ok()?;
    let s: i64 = parts
        .next()
        .map_or(Some(0), |s| s.split('.').next()?.parse().ok())?;
    ((0..24).contains(&h) && (0..60).contains(&m) && (0..61).contains(&s))
        .then_some(h * 3600 + m * 60 + s)
}

fn started_at(h: &HandHistory) -> Option<i64> {
    let (y, m, d) = (h.meta.year?, h.meta.month?, h.meta.day?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let secs = h.meta.time.as_deref().map_or(Some(0), seconds_of)?;
    Some(days_from_civil(i64::from(y), m, d) * 86_400 + secs)
}

fn text_field(h: &HandHistory, key: &str) -> Option<String> {
    h.meta
        .text
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
}

fn chips(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl HandRows {
    /// The rows of hand `h`, the `index`-th (from 1) of `file`, replayed under
    /// `rules`.
    pub fn of(file: &str, index: u32, h: &HandHistory, rules: &HouseRules) -> HandRows {
        let mut pots = Vec::new();
        let (outcome, summary) = summarize_with_pots(h, rules, &mut pots);
        let n = h.player_count();
        let (status, reason) = match &outcome {
            Outcome::Ok { settled, note, .. } => {
                (if *settled { "ok" } else { "unsettled" }, note.clone())
            }
            Outcome::Illegal {
                action,
                text,
                reason,
            } => (
                "illegal",
                Some(format!("action {action} {text:?}: {reason}")),
            ),
            Outcome::Mismatch { reason } => ("mismatch", Some(reason.clone())),
            Outcome::Unsupported { reason } => ("unsupported", Some(reason.to_string())),
        };
        let settled = summary.as_ref().filter(|s| s.settled);
        let (sb, bb) = blinds(h);
        let (small_bet, big_bet) = match h.stakes {
            Stakes::MinBet(b) => (chips(b), None),
            Stakes::Limit { small_bet, big_bet } => (chips(small_bet), Some(chips(big_bet))),
        };
        let mut board = String::new();
        let mut hole_cards = vec![None; n];
        let mut actions = Vec::with_capacity(h.actions.len());
        let mut board_cards = 0;
        for (i, a) in h.actions.iter().enumerate() {
            let street = match board_cards {
                0..3 => "preflop",
                3 => "flop",
                4 => "turn",
                _ => "river",
            };
            let (player, kind, amount, cards) = match &a.kind {
                ActionKind::DealHole { player, cards } => {
                    let text = cards_text(cards);
                    if cards.len() == 2 && cards.known().count() == 2 {
                        if let Some(slot) = hole_cards.get_mut(usize::from(player.0)) {
                            *slot = Some(text.clone());
                        }
                    }
                    (Some(player.0), "deal-hole", None, Some(text))
                }
                ActionKind::DealBoard { cards } => {
                    board_cards += cards.len();
                    let text = cards_text(cards);
                    board.push_str(&text);
                    (None, "deal-board", None, Some(text))
                }
                ActionKind::Fold { player } => (Some(player.0), "fold", None, None),
                ActionKind::CheckCall { player } => (Some(player.0), "check-call", None, None),
                ActionKind::BetRaiseTo { player, amount } => {
                    (Some(player.0), "bet-raise", Some(chips(*amount)), None)
                }
                ActionKind::ShowMuck { player, shown } => match shown {
                    Shown::Muck => (Some(player.0), "muck", None, None),
                    Shown::AsDealt => (Some(player.0), "show", None, None),
                    Shown::Cards(c) => {
                        if c.len() == 2 && c.known().count() == 2 {
                            if let Some(slot) = hole_cards.get_mut(usize::from(player.0)) {
                                *slot = Some(cards_text(c));
                            }
                        }
                        (Some(player.0), "show", None, Some(cards_text(c)))
                    }
                },
                ActionKind::NoOp => (None, "comment", None, None),
                ActionKind::OfferRuns { player, runs } => {
                    (Some(player.0), "offer-runs", Some(i64::from(*runs)), None)
                }
                ActionKind::AnswerRuns { player, accept } => (
                    Some(player.0),
                    "answer-runs",
                    Some(i64::from(*accept)),
                    None,
                ),
            };
            actions.push(ActionRow {
                order: (i + 1) as u32,
                street,
                player: player.map(|p| p + 1),
                kind,
                amount,
                cards,
                pot_before: pots.get(i).copied().flatten().map(chips),
            });
        }
        let names = (0..n)
            .map(|i| h.meta.players.as_ref().and_then(|p| p.get(i).cloned()))
            .collect();
        let seats = (0..n)
            .map(|i| h.meta.seats.as_ref().and_then(|s| s.get(i).copied()))
            .collect();
        let (variant_limit, game) = match h.variant {
            holdem_history::Variant::NoLimit => ("no-limit", h.variant.code()),
            holdem_history::Variant::PotLimit => ("pot-limit", h.variant.code()),
            holdem_history::Variant::FixedLimit => ("fixed-limit", h.variant.code()),
        };
        let hand = HandRow {
            file: file.to_string(),
            index,
            site: text_field(h, "venue"),
            hand_id: h.meta.hand.clone(),
            table: h.meta.table.clone(),
            started_at: started_at(h),
            time_zone: text_field(h, "time_zone_abbreviation")
                .or_else(|| text_field(h, "time_zone")),
            game,
            limit: variant_limit,
            unit_decimals: h.unit.decimals,
            currency: h.meta.currency.clone(),
            small_blind: chips(sb),
            big_blind: chips(bb),
            ante: chips(h.antes.iter().copied().max().unwrap_or(0)),
            small_bet,
            big_bet,
            players: n as u8,
            button: n as u8,
            board: (!board.is_empty()).then_some(board),
            pot: settled.map(|s| chips(s.pot)),
            rake: settled.map(|s| chips(s.rake)),
            status,
            reason,
        };
        HandRows {
            hand,
            summary,
            names,
            seats,
            hole_cards,
            actions,
        }
    }
}

/// The small and big blind a hand is played at: the blinds `p1` and `p2` post
/// (heads-up, reverse-assigned), dead blinds left out.
fn blinds(h: &HandHistory) -> (u64, u64) {
    let live = |i: usize| {
        h.blinds_or_straddles
            .get(i)
            .map_or(0, |&b| split_blind(b).0)
    };
    let (a, b) = (live(0), live(1));
    (a.min(b), a.max(b))
}

/// How many rows went into each table.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// `hands` rows.
    pub hands: u64,
    /// `players` rows.
    pub players: u64,
    /// `actions` rows.
    pub actions: u64,
}

/// A Parquet file being written: row groups are appended whole, in order.
struct Table {
    path: PathBuf,
    writer: SerializedFileWriter<File>,
}

/// What encodes one table's columns into column chunks, on any thread.
#[derive(Clone)]
struct TableEncoder {
    path: Arc<PathBuf>,
    schema: SchemaRef,
    factory: Arc<ArrowRowGroupWriterFactory>,
}

fn parquet_error(path: &Path) -> impl Fn(parquet::errors::ParquetError) -> ExportError + '_ {
    move |source| ExportError::Parquet {
        path: path.to_path_buf(),
        source,
    }
}

fn create_table(
    dir: &Path,
    name: &str,
    fields: Vec<Field>,
) -> Result<(Table, TableEncoder), ExportError> {
    let path = dir.join(name);
    let file = File::create(&path).map_err(|source| ExportError::Io {
        path: path.clone(),
        source,
    })?;
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        // Whole columns of a group in one call: fewer, larger mini-batches.
        .set_write_batch_size(WRITE_BATCH)
        .set_key_value_metadata(Some(vec![KeyValue::new(
            SCHEMA_VERSION_KEY.to_string(),
            SCHEMA_VERSION.to_string(),
        )]));
    let props = encodings(props, &fields).build();
    let schema = Arc::new(Schema::new(fields));
    // The Arrow writer puts the Arrow schema into the file's metadata; its
    // lower-level parts then take whole row groups encoded on any thread.
    let (writer, factory) = ArrowWriter::try_new(file, schema.clone(), Some(props))
        .and_then(ArrowWriter::into_serialized_writer)
        .map_err(parquet_error(&path))?;
    Ok((
        Table {
            path: path.clone(),
            writer,
        },
        TableEncoder {
            path: Arc::new(path),
            schema,
            factory: Arc::new(factory),
        },
    ))
}

impl TableEncoder {
    /// The jobs that encode one row group's columns, added to `jobs`, one a
    /// column; `false` for no rows (no row group).
    fn jobs(&self, columns: Vec<ArrayRef>, jobs: &mut Vec<ColumnJob>) -> Result<bool, ExportError> {
        let fail = parquet_error(&self.path);
        let batch = RecordBatch::try_new(self.schema.clone(), columns)
            .map_err(|e| fail(parquet::errors::ParquetError::ArrowError(e.to_string())))?;
        if batch.num_rows() == 0 {
            return Ok(false);
        }
        // Row group indexes matter only to encryption, which is not used.
        let writers = self.factory.create_column_writers(0).map_err(&fail)?;
        let mut leaves = Vec::with_capacity(writers.len());
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            leaves.extend(compute_leaves(field, column).map_err(&fail)?);
        }
        if leaves.len() != writers.len() {
            return Err(fail(parquet::errors::ParquetError::General(format!(
                "{} leaf columns for {} column writers",
                leaves.len(),
                writers.len()
            ))));
        }
        jobs.extend(
            writers
                .into_iter()
                .zip(leaves)
                .map(|(writer, leaf)| ColumnJob {
                    writer,
                    leaf,
                    path: Arc::clone(&self.path),
                }),
        );
        Ok(true)
    }
}

/// One column of a row group to encode: independent of the others, so the
/// columns of a group can be encoded on several threads, for the same bytes.
pub(crate) struct ColumnJob {
    writer: ArrowColumnWriter,
    leaf: ArrowLeafColumn,
    path: Arc<PathBuf>,
}

impl ColumnJob {
    /// The file the column is written to.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The column's chunk.
    pub(crate) fn run(mut self) -> Result<ArrowColumnChunk, ExportError> {
        let fail = parquet_error(&self.path);
        self.writer.write(&self.leaf).map_err(&fail)?;
        self.writer.close().map_err(fail)
    }
}

/// A group's columns to encode ([`Encoder::column_jobs`]), and how to put
/// their chunks back together ([`ColumnJobs::assemble`]).
pub(crate) struct ColumnJobs {
    /// Every column of the three tables, in order.
    pub(crate) jobs: Vec<ColumnJob>,
    /// How many of `jobs` are each table's (`None`: no row group).
    tables: [Option<usize>; 3],
    counts: Counts,
}

impl ColumnJobs {
    /// The group, from the chunks of its `jobs` in their order.
    pub(crate) fn assemble(
        tables: [Option<usize>; 3],
        counts: Counts,
        chunks: Vec<ArrowColumnChunk>,
    ) -> EncodedGroup {
        let mut chunks = chunks.into_iter();
        let [hands, players, actions] =
            tables.map(|n| n.map(|n| chunks.by_ref().take(n).collect::<Vec<_>>()));
        EncodedGroup {
            hands,
            players,
            actions,
            counts,
        }
    }

    /// Its jobs, and what [`ColumnJobs::assemble`] needs besides their chunks.
    pub(crate) fn into_parts(self) -> (Vec<ColumnJob>, [Option<usize>; 3], Counts) {
        (self.jobs, self.tables, self.counts)
    }
}

impl Table {
    fn append(&mut self, chunks: Vec<ArrowColumnChunk>) -> Result<(), ExportError> {
        let fail = parquet_error(&self.path);
        let mut group = self.writer.next_row_group().map_err(&fail)?;
        for chunk in chunks {
            chunk.append_to_row_group(&mut group).map_err(&fail)?;
        }
        group.close().map_err(&fail)?;
        Ok(())
    }

    fn close(self) -> Result<(), ExportError> {
        let fail = parquet_error(&self.path);
        self.writer.close().map(|_| ()).map_err(fail)
    }
}

/// Rows handed to a column writer at a time.
const WRITE_BATCH: usize = 1 << 16;

/// Columns with min/max statistics in each row group's metadata: the key of a
/// hand and its time, which queries filter on. The others have none.
const STATISTICS: [&str; 3] = ["file", "hand_index", "started_at"];

/// Columns written without a dictionary (plain): money amounts, which are
/// rarely repeated, so a dictionary costs more to build than it saves.
const PLAIN: [&str; 8] = [
    "starting_stack",
    "final_stack",
    "invested",
    "won",
    "net",
    "amount",
    "pot_before",
    "pot",
];

/// Integer columns written as deltas (`DELTA_BINARY_PACKED`) without a
/// dictionary: the hand's position in its file, the action's in its hand and
/// the player number, which rise or repeat from row to row, so their deltas
/// take a few bits, and a dictionary costs a hash a row for no smaller file.
const DELTA: [&str; 3] = ["hand_index", "order", "player"];

/// The encodings of a table's columns (`docs/export.md`, *Encoding*):
/// dictionary encoding but for [`PLAIN`] and [`DELTA`]; statistics for
/// [`STATISTICS`] only, per row group (no page index).
fn encodings(mut props: WriterPropertiesBuilder, fields: &[Field]) -> WriterPropertiesBuilder {
    props = props.set_statistics_enabled(EnabledStatistics::None);
    for f in fields {
        let name = f.name().as_str();
        if STATISTICS.contains(&name) {
            props = props
                .set_column_statistics_enabled(ColumnPath::from(name), EnabledStatistics::Chunk);
        }
        if PLAIN.contains(&name) {
            props = props.set_column_dictionary_enabled(ColumnPath::from(name), false);
        }
        if DELTA.contains(&name) {
            props = props
                .set_column_dictionary_enabled(ColumnPath::from(name), false)
                .set_column_encoding(ColumnPath::from(name), Encoding::DELTA_BINARY_PACKED);
        }
    }
    props
}

fn field(name: &str, t: DataType, nullable: bool) -> Field {
    Field::new(name, t, nullable)
}

struct HandCols {
    file: StringBuilder,
    index: UInt32Builder,
    site: StringBuilder,
    hand_id: StringBuilder,
    table: StringBuilder,
    started_at: TimestampSecondBuilder,
    time_zone: StringBuilder,
    game: StringBuilder,
    limit: StringBuilder,
    unit_decimals: UInt8Builder,
    currency: StringBuilder,
    small_blind: Int64Builder,
    big_blind: Int64Builder,
    ante: Int64Builder,
    small_bet: Int64Builder,
    big_bet: Int64Builder,
    players: UInt8Builder,
    button: UInt8Builder,
    board: StringBuilder,
    pot: Int64Builder,
    rake: Int64Builder,
    status: StringBuilder,
    reason: StringBuilder,
}

fn hand_fields() -> Vec<Field> {
    use DataType::*;
    vec![
        field("file", Utf8, false),
        field("hand_index", UInt32, false),
        field("site", Utf8, true),
        field("hand_id", Utf8, true),
        field("table", Utf8, true),
        field("started_at", Timestamp(TimeUnit::Second, None), true),
        field("time_zone", Utf8, true),
        field("game", Utf8, false),
        field("limit", Utf8, false),
        field("unit_decimals", UInt8, false),
        field("currency", Utf8, true),
        field("small_blind", Int64, false),
        field("big_blind", Int64, false),
        field("ante", Int64, false),
        field("small_bet", Int64, false),
        field("big_bet", Int64, true),
        field("players", UInt8, false),
        field("button", UInt8, false),
        field("board", Utf8, true),
        field("pot", Int64, true),
        field("rake", Int64, true),
        field("status", Utf8, false),
        field("reason", Utf8, true),
    ]
}

impl HandCols {
    fn with_capacity(rows: usize) -> HandCols {
        HandCols {
            file: StringBuilder::with_capacity(rows, rows * FILE_BYTES),
            index: UInt32Builder::with_capacity(rows),
            site: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            hand_id: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            table: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            started_at: TimestampSecondBuilder::with_capacity(rows),
            time_zone: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            game: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            limit: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            unit_decimals: UInt8Builder::with_capacity(rows),
            currency: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            small_blind: Int64Builder::with_capacity(rows),
            big_blind: Int64Builder::with_capacity(rows),
            ante: Int64Builder::with_capacity(rows),
            small_bet: Int64Builder::with_capacity(rows),
            big_bet: Int64Builder::with_capacity(rows),
            players: UInt8Builder::with_capacity(rows),
            button: UInt8Builder::with_capacity(rows),
            board: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            pot: Int64Builder::with_capacity(rows),
            rake: Int64Builder::with_capacity(rows),
            status: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            reason: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
        }
    }
    fn finish(&mut self) -> Vec<ArrayRef> {
        vec![
            Arc::new(self.file.finish()),
            Arc::new(self.index.finish()),
            Arc::new(self.site.finish()),
            Arc::new(self.hand_id.finish()),
            Arc::new(self.table.finish()),
            Arc::new(self.started_at.finish()),
            Arc::new(self.time_zone.finish()),
            Arc::new(self.game.finish()),
            Arc::new(self.limit.finish()),
            Arc::new(self.unit_decimals.finish()),
            Arc::new(self.currency.finish()),
            Arc::new(self.small_blind.finish()),
            Arc::new(self.big_blind.finish()),
            Arc::new(self.ante.finish()),
            Arc::new(self.small_bet.finish()),
            Arc::new(self.big_bet.finish()),
            Arc::new(self.players.finish()),
            Arc::new(self.button.finish()),
            Arc::new(self.board.finish()),
            Arc::new(self.pot.finish()),
            Arc::new(self.rake.finish()),
            Arc::new(self.status.finish()),
            Arc::new(self.reason.finish()),
        ]
    }
}

struct PlayerCols {
    file: StringBuilder,
    index: UInt32Builder,
    player: UInt8Builder,
    seat: UInt32Builder,
    name: StringBuilder,
    position: StringBuilder,
    starting_stack: Int64Builder,
    final_stack: Int64Builder,
    invested: Int64Builder,
    won: Int64Builder,
    rake: Int64Builder,
    net: Int64Builder,
    big_blind: Int64Builder,
    hole_cards: StringBuilder,
    flags: [BooleanBuilder; 9],
}

const FLAGS: [&str; 9] = [
    "settled",
    "vpip",
    "pfr",
    "three_bet_chance",
    "three_bet",
    "saw_flop",
    "showdown",
    "won_at_showdown",
    "walk",
];

fn player_fields() -> Vec<Field> {
    use DataType::*;
    let mut f = vec![
        field("file", Utf8, false),
        field("hand_index", UInt32, false),
        field("player", UInt8, false),
        field("seat", UInt32, true),
        field("name", Utf8, true),
        field("position", Utf8, false),
        field("starting_stack", Int64, true),
        field("final_stack", Int64, true),
        field("invested", Int64, false),
        field("won", Int64, false),
        field("rake", Int64, false),
        field("net", Int64, false),
        field("big_blind", Int64, false),
        field("hole_cards", Utf8, true),
    ];
    f.extend(FLAGS.iter().map(|name| field(name, Boolean, false)));
    f
}

impl PlayerCols {
    fn with_capacity(rows: usize) -> PlayerCols {
        PlayerCols {
            file: StringBuilder::with_capacity(rows, rows * FILE_BYTES),
            index: UInt32Builder::with_capacity(rows),
            player: UInt8Builder::with_capacity(rows),
            seat: UInt32Builder::with_capacity(rows),
            name: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            position: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            starting_stack: Int64Builder::with_capacity(rows),
            final_stack: Int64Builder::with_capacity(rows),
            invested: Int64Builder::with_capacity(rows),
            won: Int64Builder::with_capacity(rows),
            rake: Int64Builder::with_capacity(rows),
            net: Int64Builder::with_capacity(rows),
            big_blind: Int64Builder::with_capacity(rows),
            hole_cards: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            flags: std::array::from_fn(|_| BooleanBuilder::with_capacity(rows)),
        }
    }
    fn finish(&mut self) -> Vec<ArrayRef> {
        let mut v: Vec<ArrayRef> = vec![
            Arc::new(self.file.finish()),
            Arc::new(self.index.finish()),
            Arc::new(self.player.finish()),
            Arc::new(self.seat.finish()),
            Arc::new(self.name.finish()),
            Arc::new(self.position.finish()),
            Arc::new(self.starting_stack.finish()),
            Arc::new(self.final_stack.finish()),
            Arc::new(self.invested.finish()),
            Arc::new(self.won.finish()),
            Arc::new(self.rake.finish()),
            Arc::new(self.net.finish()),
            Arc::new(self.big_blind.finish()),
            Arc::new(self.hole_cards.finish()),
        ];
        v.extend(
            self.flags
                .iter_mut()
                .map(|b| Arc::new(b.finish()) as ArrayRef),
        );
        v
    }
}

struct ActionCols {
    file: StringBuilder,
    index: UInt32Builder,
    order: UInt32Builder,
    street: StringBuilder,
    player: UInt8Builder,
    kind: StringBuilder,
    amount: Int64Builder,
    cards: StringBuilder,
    pot_before: Int64Builder,
}

fn action_fields() -> Vec<Field> {
    use DataType::*;
    vec![
        field("file", Utf8, false),
        field("hand_index", UInt32, false),
        field("order", UInt32, false),
        field("street", Utf8, false),
        field("player", UInt8, true),
        field("kind", Utf8, false),
        field("amount", Int64, true),
        field("cards", Utf8, true),
        field("pot_before", Int64, true),
    ]
}

impl ActionCols {
    fn with_capacity(rows: usize) -> ActionCols {
        ActionCols {
            file: StringBuilder::with_capacity(rows, rows * FILE_BYTES),
            index: UInt32Builder::with_capacity(rows),
            order: UInt32Builder::with_capacity(rows),
            street: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            player: UInt8Builder::with_capacity(rows),
            kind: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            amount: Int64Builder::with_capacity(rows),
            cards: StringBuilder::with_capacity(rows, rows * TEXT_BYTES),
            pot_before: Int64Builder::with_capacity(rows),
        }
    }
    fn finish(&mut self) -> Vec<ArrayRef> {
        vec![
            Arc::new(self.file.finish()),
            Arc::new(self.index.finish()),
            Arc::new(self.order.finish()),
            Arc::new(self.street.finish()),
            Arc::new(self.player.finish()),
            Arc::new(self.kind.finish()),
            Arc::new(self.amount.finish()),
            Arc::new(self.cards.finish()),
            Arc::new(self.pot_before.finish()),
        ]
    }
}

/// Bytes of a `file` value reserved a row.
const FILE_BYTES: usize = 64;
/// Bytes of another text value reserved a row.
const TEXT_BYTES: usize = 8;
/// `players` rows reserved a hand (a hand has ten players at most).
const PLAYER_ROWS: usize = 7;
/// `actions` rows reserved a hand.
const ACTION_ROWS: usize = 32;

/// The column builders of one row group of each table.
struct Cols {
    hands: HandCols,
    players: PlayerCols,
    actions: ActionCols,
    counts: Counts,
}

impl Cols {
    /// Builders with room for the rows of `hands` typical hands, so that they
    /// rarely grow.
    fn with_capacity(hands: usize) -> Cols {
        Cols {
            hands: HandCols::with_capacity(hands),
            players: PlayerCols::with_capacity(hands * PLAYER_ROWS),
            actions: ActionCols::with_capacity(hands * ACTION_ROWS),
            counts: Counts::default(),
        }
    }

    fn push(&mut self, rows: &HandRows) {
        let r = &rows.hand;
        let c = &mut self.hands;
        c.file.append_value(&r.file);
        c.index.append_value(r.index);
        c.site.append_option(r.site.as_deref());
        c.hand_id.append_option(r.hand_id.as_deref());
        c.table.append_option(r.table.as_deref());
        c.started_at.append_option(r.started_at);
        c.time_zone.append_option(r.time_zone.as_deref());
        c.game.append_value(r.game);
        c.limit.append_value(r.limit);
        c.unit_decimals.append_value(r.unit_decimals);
        c.currency.append_option(r.currency.as_deref());
        c.small_blind.append_value(r.small_blind);
        c.big_blind.append_value(r.big_blind);
        c.ante.append_value(r.ante);
        c.small_bet.append_value(r.small_bet);
        c.big_bet.append_option(r.big_bet);
        c.players.append_value(r.players);
        c.button.append_value(r.button);
        c.board.append_option(r.board.as_deref());
        c.pot.append_option(r.pot);
        c.rake.append_option(r.rake);
        c.status.append_value(r.status);
        c.reason.append_option(r.reason.as_deref());
        self.counts.hands += 1;

        if let Some(s) = &rows.summary {
            for p in &s.players {
                let i = usize::from(p.player);
                let c = &mut self.players;
                c.file.append_value(&r.file);
                c.index.append_value(r.index);
                c.player.append_value(p.player + 1);
                c.seat.append_option(rows.seats.get(i).copied().flatten());
                c.name
                    .append_option(rows.names.get(i).and_then(|n| n.as_deref()));
                c.position.append_value(p.position.label());
                c.starting_stack.append_option(p.starting_stack.map(chips));
                c.final_stack.append_option(p.final_stack.map(chips));
                c.invested.append_value(chips(p.invested));
                c.won.append_value(chips(p.won));
                c.rake.append_value(chips(p.rake));
                c.net.append_value(p.net);
                c.big_blind.append_value(r.big_blind);
                c.hole_cards
                    .append_option(rows.hole_cards.get(i).and_then(|h| h.as_deref()));
                let flags = [
                    s.settled,
                    p.vpip,
                    p.pfr,
                    p.three_bet_chance,
                    p.three_bet,
                    p.saw_flop,
                    p.showdown,
                    p.won_at_showdown,
                    p.walk,
                ];
                for (b, v) in c.flags.iter_mut().zip(flags) {
                    b.append_value(v);
                }
                self.counts.players += 1;
            }
        }

        for a in &rows.actions {
            let c = &mut self.actions;
            c.file.append_value(&r.file);
            c.index.append_value(r.index);
            c.order.append_value(a.order);
            c.street.append_value(a.street);
            c.player.append_option(a.player);
            c.kind.append_value(a.kind);
            c.amount.append_option(a.amount);
            c.cards.append_option(a.cards.as_deref());
            c.pot_before.append_option(a.pot_before);
            self.counts.actions += 1;
        }
    }
}

/// One row group of each table, encoded ([`Encoder::encode`]) and ready to be
/// appended ([`Exporter::append_group`]).
pub struct EncodedGroup {
    hands: Option<Vec<ArrowColumnChunk>>,
    players: Option<Vec<ArrowColumnChunk>>,
    actions: Option<Vec<ArrowColumnChunk>>,
    counts: Counts,
}

impl EncodedGroup {
    /// The rows it holds in each table.
    pub fn counts(&self) -> Counts {
        self.counts
    }
}

/// Encodes the rows of a group of hands into one row group of each table; it
/// can run on any thread ([`Exporter::encoder`]), and the bytes it gives do not
/// depend on the thread.
#[derive(Clone)]
pub struct Encoder {
    hands: TableEncoder,
    players: TableEncoder,
    actions: TableEncoder,
}

impl Encoder {
    /// The row groups of `hands`, in order. A caller that wants the files the
    /// same as [`Exporter::append`] writes gives [`GROUP_HANDS`] hands a group
    /// (the last group of a corpus fewer).
    pub fn encode(&self, hands: &[HandRows]) -> Result<EncodedGroup, ExportError> {
        let mut cols = Cols::with_capacity(hands.len());
        for rows in hands {
            cols.push(rows);
        }
        self.encode_cols(&mut cols)
    }

    pub(crate) fn encode_cols(&self, cols: &mut Cols) -> Result<EncodedGroup, ExportError> {
        let (jobs, tables, counts) = self.column_jobs(cols)?.into_parts();
        let chunks = jobs
            .into_iter()
            .map(ColumnJob::run)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ColumnJobs::assemble(tables, counts, chunks))
    }

    /// The columns of the rows in `cols` (taken from it), each to encode on
    /// its own.
    pub(crate) fn column_jobs(&self, cols: &mut Cols) -> Result<ColumnJobs, ExportError> {
        let counts = std::mem::take(&mut cols.counts);
        let mut jobs = Vec::new();
        let mut tables = [None; 3];
        let encoders = [&self.hands, &self.players, &self.actions];
        let columns = [
            cols.hands.finish(),
            cols.players.finish(),
            cols.actions.finish(),
        ];
        for ((table, encoder), columns) in tables.iter_mut().zip(encoders).zip(columns) {
            let before = jobs.len();
            if encoder.jobs(columns, &mut jobs)? {
                *table = Some(jobs.len() - before);
            }
        }
        Ok(ColumnJobs {
            jobs,
            tables,
            counts,
        })
    }
}

/// Writes `hands.parquet`, `players.parquet` and `actions.parquet` into a folder.
///
/// Rows go to the files in row groups of [`GROUP_HANDS`] hands (each table's
/// row group holds those hands' rows): [`Exporter::append`] builds them one hand
/// at a time; [`Encoder::encode`] builds and encodes a whole group on any
/// thread and [`Exporter::append_group`] appends it, so that groups can be
/// encoded in parallel and appended in order, for the same bytes.
pub struct Exporter {
    hands: Table,
    players: Table,
    actions: Table,
    encoder: Encoder,
    pending: Cols,
    pending_hands: usize,
    counts: Counts,
}

impl Exporter {
    /// Creates the folder (if needed) and the three files in it.
    pub fn create(dir: &Path) -> Result<Exporter, ExportError> {
        std::fs::create_dir_all(dir).map_err(|source| ExportError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let (hands, hands_enc) = create_table(dir, "hands.parquet", hand_fields())?;
        let (players, players_enc) = create_table(dir, "players.parquet", player_fields())?;
        let (actions, actions_enc) = create_table(dir, "actions.parquet", action_fields())?;
        Ok(Exporter {
            hands,
            players,
            actions,
            encoder: Encoder {
                hands: hands_enc,
                players: players_enc,
                actions: actions_enc,
            },
            pending: Cols::with_capacity(0),
            pending_hands: 0,
            counts: Counts::default(),
        })
    }

    /// An encoder of groups for these files, to use on other threads.
    pub fn encoder(&self) -> Encoder {
        self.encoder.clone()
    }

    /// Appends the rows of one hand; a row group of each table is written every
    /// [`GROUP_HANDS`] hands.
    pub fn append(&mut self, rows: &HandRows) -> Result<(), ExportError> {
        if self.pending_hands == 0 {
            self.pending = Cols::with_capacity(GROUP_HANDS);
        }
        self.pending.push(rows);
        self.pending_hands += 1;
        if self.pending_hands >= GROUP_HANDS {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends a group encoded by [`Encoder::encode`], after the hands appended
    /// so far.
    pub fn append_group(&mut self, group: EncodedGroup) -> Result<(), ExportError> {
        self.flush()?;
        self.write(group)
    }

    fn write(&mut self, group: EncodedGroup) -> Result<(), ExportError> {
        let tables = [
            (&mut self.hands, group.hands),
            (&mut self.players, group.players),
            (&mut self.actions, group.actions),
        ];
        for (table, chunks) in tables {
            if let Some(chunks) = chunks {
                table.append(chunks)?;
            }
        }
        self.counts.hands += group.counts.hands;
        self.counts.players += group.counts.players;
        self.counts.actions += group.counts.actions;
        Ok(())
    }

    fn flush(&mut self) -> Result<(), ExportError> {
        if self.pending_hands == 0 {
            return Ok(());
        }
        self.pending_hands = 0;
        let group = self.encoder.encode_cols(&mut self.pending)?;
        self.write(group)
    }

    /// Writes what is buffered, closes the files and returns the row counts.
    pub fn finish(mut self) -> Result<Counts, ExportError> {
        self.flush()?;
        self.hands.close()?;
        self.players.close()?;
        self.actions.close()?;
        Ok(self.counts)
    }
}
