//! `holdem equity`: all-in equity of hands or hand ranges.
//!
//! Each player is two hole cards (`AhKh`) or a range in the notation of
//! [`holdem_eval::range`] (`"QQ+, AKs"`). With hands only, the hands'
//! exact enumeration (all threads) or Monte Carlo runs; with a range among
//! them, range equity: exact (all threads) when the enumeration is at most
//! [`EXACT_LIMIT`] boards, otherwise [`DEFAULT_SAMPLES`] Monte Carlo samples,
//! and `--samples N` (1 to [`MAX_SAMPLES`]) always chooses Monte Carlo.
//! Bad input is an [`EquityCliError`] (exit status 2).

use clap::Args;
use holdem_cards::{Card, CardSet, Hole, ParseCardError, parse_cards};
use holdem_eval::equity::{self, EquityError};
use holdem_eval::{ParseRangeError, Range};
use rand_core::SeedableRng;

/// The most Monte Carlo samples `--samples` takes (a standard error of
/// about 0.005% at worst; some seconds of work).
pub const MAX_SAMPLES: u64 = 100_000_000;

/// Range equity is exact by default up to this many boards (matchups times
/// boards per matchup, an upper bound; a few seconds on one core).
pub const EXACT_LIMIT: u128 = 2_000_000_000;

/// Monte Carlo samples when range equity is too big to enumerate and
/// `--samples` is not given.
pub const DEFAULT_SAMPLES: u64 = 1_000_000;

/// The arguments of `holdem equity`.
#[derive(Args)]
pub struct EquityArgs {
    /// One argument per player: two hole cards (`AhKh`) or a range
    /// (`"QQ+, AKs, A5s-A2s"`, `random`); at least two players.
    #[arg(required = true, num_args = 2..)]
    players: Vec<String>,
    /// Board cards already dealt: none, 3 (flop), 4 (turn) or 5 (river).
    #[arg(long, default_value = "")]
    board: String,
    /// Cards known to be out of the deck.
    #[arg(long, default_value = "")]
    dead: String,
    /// Monte Carlo with this many samples (1 to 100,000,000) instead of exact
    /// enumeration.
    #[arg(long)]
    samples: Option<u64>,
    /// Seed of the Monte Carlo sampler.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Why `holdem equity` cannot run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EquityCliError {
    /// A player's text is neither two hole cards nor a range.
    #[error("player {player} ({text:?}): {source}")]
    Player {
        /// The player's number, from 1.
        player: usize,
        /// The text given.
        text: String,
        /// Why it is not a range (positions are in `text`).
        source: ParseRangeError,
    },
    /// `--board` is not card text.
    #[error("--board: {0}")]
    Board(ParseCardError),
    /// `--board` holds 1, 2 or more than 5 cards.
    #[error(
        "--board has {0} cards: a board is 0 (pre-flop), 3 (flop), 4 (turn) or 5 (river) cards"
    )]
    BoardSize(usize),
    /// `--dead` is not card text.
    #[error("--dead: {0}")]
    Dead(ParseCardError),
    /// `--samples` outside `1..=MAX_SAMPLES`.
    #[error("--samples {0}: Monte Carlo takes 1 to {MAX_SAMPLES} samples")]
    Samples(u64),
    /// The calculation refused the hands, ranges, board or dead cards.
    #[error(transparent)]
    Equity(#[from] EquityError),
}

/// A player's text, read as hole cards when it is exactly two cards.
enum Player {
    Hand([Card; 2]),
    Range(Range),
}

impl Player {
    fn range(&self) -> Range {
        match self {
            Player::Hand(h) => [*h].into_iter().collect(),
            Player::Range(r) => r.clone(),
        }
    }
}

/// How range equity is computed.
#[derive(Debug, PartialEq, Eq)]
enum Method {
    /// Every matchup and board.
    Exact,
    /// Monte Carlo with the samples asked for.
    MonteCarlo(u64),
    /// Monte Carlo with the default samples: exact is over [`EXACT_LIMIT`].
    TooBig(u64),
}

/// The method for `--samples` (if given) and `work` boards of enumeration.
fn method(samples: Option<u64>, work: u128) -> Method {
    match samples {
        Some(n) => Method::MonteCarlo(n),
        None if work > EXACT_LIMIT => Method::TooBig(DEFAULT_SAMPLES),
        None => Method::Exact,
    }
}

/// Runs `holdem equity`: the report to print, or why not.
pub fn run(args: &EquityArgs) -> Result<String, EquityCliError> {
    let mut players = Vec::with_capacity(args.players.len());
    for (i, text) in args.players.iter().enumerate() {
        let player = match text.parse::<Hole>() {
            Ok(hole) => Player::Hand(hole.cards()),
            Err(_) => Player::Range(text.parse().map_err(|source| EquityCliError::Player {
                player: i + 1,
                text: text.clone(),
                source,
            })?),
        };
        players.push(player);
    }
    let board = parse_cards(&args.board).map_err(EquityCliError::Board)?;
    if matches!(board.len(), 1 | 2) || board.len() > 5 {
        return Err(EquityCliError::BoardSize(board.len()));
    }
    let dead: CardSet = parse_cards(&args.dead)
        .map_err(EquityCliError::Dead)?
        .into_iter()
        .collect();
    if let Some(n) = args.samples {
        if !(1..=MAX_SAMPLES).contains(&n) {
            return Err(EquityCliError::Samples(n));
        }
    }
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(args.seed);

    let hands: Vec<[Card; 2]> = players
        .iter()
        .filter_map(|p| match p {
            Player::Hand(h) => Some(*h),
            Player::Range(_) => None,
        })
        .collect();
    if hands.len() == players.len() {
        let result = match args.samples {
            Some(n) => equity::monte_carlo(&hands, &board, dead, n, &mut rng),
            None => equity::exact_parallel(&hands, &board, dead),
        }?;
        let mut out = format!(
            "{} boards ({})\n",
            result.boards,
            if result.exact { "exact" } else { "Monte Carlo" }
        );
        for (h, p) in args.players.iter().zip(&result.players) {
            let err = if result.exact {
                String::new()
            } else {
                format!(" ± {:.2}%", 100.0 * p.std_error)
            };
            out.push_str(&format!(
                "{h}: {:6.2}%{err}  (wins {}, ties {})\n",
                100.0 * p.equity,
                p.wins,
                p.ties
            ));
        }
        return Ok(out.trim_end().to_string());
    }

    let ranges: Vec<Range> = players.iter().map(Player::range).collect();
    let work = equity::range_exact_boards(&ranges, &board, dead)?;
    let (result, header) = match method(args.samples, work) {
        Method::MonteCarlo(n) => (
            equity::range_monte_carlo(&ranges, &board, dead, n, &mut rng)?,
            format!("{n} samples (Monte Carlo, seed {})", args.seed),
        ),
        Method::TooBig(n) => (
            equity::range_monte_carlo(&ranges, &board, dead, n, &mut rng)?,
            format!(
                "{n} samples (Monte Carlo, seed {}: exact would be up to {work} boards, \
                 over {EXACT_LIMIT}; --samples N sets the count)",
                args.seed
            ),
        ),
        Method::Exact => {
            let r = equity::range_exact_parallel(&ranges, &board, dead)?;
            let header = format!("{} matchups × {} boards (exact)", r.matchups, r.boards);
            (r, header)
        }
    };
    let mut out = header;
    out.push('\n');
    for (text, p) in args.players.iter().zip(&result.players) {
        let err = if result.exact {
            String::new()
        } else {
            format!(" ± {:.2}%", 100.0 * p.std_error)
        };
        out.push_str(&format!(
            "{text}: {:6.2}%{err}  (win {:.2}%, tie {:.2}%)\n",
            100.0 * p.equity,
            100.0 * p.win,
            100.0 * p.tie
        ));
    }
    Ok(out.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(players: &[&str], board: &str, samples: Option<u64>) -> EquityArgs {
        EquityArgs {
            players: players.iter().map(|s| s.to_string()).collect(),
            board: board.into(),
            dead: String::new(),
            samples,
            seed: 1,
        }
    }

    #[test]
    fn equity_of_hands_is_exact_by_default() {
        let out = run(&args(&["AhAs", "KdKc"], "2c7dKh", None)).unwrap();
        assert!(out.starts_with("990 boards (exact)"), "{out}");
        assert!(out.contains("AhAs:"), "{out}");
    }

    #[test]
    fn equity_of_ranges_prints_each_ranges_share_win_and_tie() {
        let out = run(&args(&["QQ+", "AKs"], "2c7dJs", None)).unwrap();
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("48 matchups × 990 boards (exact)"));
        let qq = lines.next().unwrap();
        assert!(qq.starts_with("QQ+: ") && qq.contains("(win "), "{qq}");
        assert!(lines.next().unwrap().starts_with("AKs: "));
        // A hand among ranges is a range of one combination.
        let out = run(&args(&["AhKh", "QQ+, JJ"], "", Some(1000))).unwrap();
        assert!(
            out.starts_with("1000 samples (Monte Carlo, seed 1)"),
            "{out}"
        );
        assert!(out.contains(" ± "), "{out}");
    }

    #[test]
    fn equity_of_wide_ranges_falls_back_to_monte_carlo() {
        let none = CardSet::EMPTY;
        let work = |a: &str, b: &str, board: &str| {
            let ranges = [a.parse().unwrap(), b.parse().unwrap()];
            equity::range_exact_boards(&ranges, &parse_cards(board).unwrap(), none).unwrap()
        };
        // Any two cards against any two cards pre-flop is far too big.
        let big = work("random", "random", "");
        assert_eq!(method(None, big), Method::TooBig(DEFAULT_SAMPLES));
        assert_eq!(method(Some(5000), big), Method::MonteCarlo(5000));
        // On the turn a pair range against any two cards is enumerated.
        let small = work("random", "22+", "2c7dJs4h");
        assert_eq!(method(None, small), Method::Exact);
        let out = run(&args(&["AA, KK", "22+"], "2c7dJs4h", None)).unwrap();
        assert!(out.lines().next().unwrap().ends_with("(exact)"), "{out}");
    }

    #[test]
    fn equity_board_of_one_or_two_cards_is_an_error() {
        for (board, n) in [("2c", 1), ("2c7d", 2), ("2c7dJs4h5h6h", 6)] {
            assert_eq!(
                run(&args(&["AhAs", "KdKc"], board, None)).unwrap_err(),
                EquityCliError::BoardSize(n),
                "{board}"
            );
            assert_eq!(
                run(&args(&["QQ+", "AKs"], board, None)).unwrap_err(),
                EquityCliError::BoardSize(n),
                "{board}"
            );
        }
        let message = EquityCliError::BoardSize(2).to_string();
        assert!(message.contains("0 (pre-flop), 3 (flop), 4 (turn) or 5 (river)"));
        for board in ["", "2c7dJs", "2c7dJs4h", "2c7dJs4h5h"] {
            assert!(
                run(&args(&["AhAs", "KdKc"], board, Some(10))).is_ok(),
                "{board}"
            );
        }
    }

    #[test]
    fn equity_samples_have_an_upper_bound() {
        for n in [0, MAX_SAMPLES + 1, u64::MAX] {
            let err = run(&args(&["AhAs", "KdKc"], "", Some(n))).unwrap_err();
            assert_eq!(err, EquityCliError::Samples(n));
            assert!(err.to_string().contains("1 to 100000000 samples"), "{err}");
        }
        // The largest count passes the check (and the calculation then
        // refuses the repeated card).
        assert_eq!(
            run(&args(&["AhAs", "AhKc"], "", Some(MAX_SAMPLES))).unwrap_err(),
            EquityCliError::Equity(EquityError::DuplicateCard("Ah".parse().unwrap()))
        );
    }

    #[test]
    fn equity_bad_player_text_names_the_player_and_position() {
        let err = run(&args(&["QQ+", "AXs"], "", None)).unwrap_err();
        assert_eq!(
            err,
            EquityCliError::Player {
                player: 2,
                text: "AXs".into(),
                source: ParseRangeError::BadRank {
                    position: 1,
                    found: 'X'
                }
            }
        );
        assert!(err.to_string().contains("position 1"), "{err}");
        assert!(matches!(
            run(&args(&["AhKh", "AhQh"], "", None)).unwrap_err(),
            EquityCliError::Equity(EquityError::DuplicateCard(_))
        ));
        assert_eq!(
            run(&args(&["AhKh", "AhQh, AhJh"], "", None)).unwrap_err(),
            EquityCliError::Equity(EquityError::NoMatchup)
        );
    }
}
