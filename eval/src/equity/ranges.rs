//! Equity of hand ranges: each [`Range`]'s share of the pot over every matchup
//! (one combination per range, no card shared with another range, the board
//! or the dead cards) and every board still to come.
//!
//! - [`range_exact`]: every matchup, each enumerated like [`super::exact`]
//!   (the same board walk and scorer, buffers reused from one matchup to the
//!   next), weighted by the product of the combinations' weights.
//! - [`range_monte_carlo`]: per sample, one matchup drawn (each range's
//!   combination in proportion to its weight; a draw whose combinations share
//!   a card is thrown away and drawn again, which conditions on the matchup
//!   fitting together exactly as enumeration does) and one board drawn from
//!   the cards left; seeded, so replayable.
//!
//! Every matchup has the same number of boards (the deck less the board, the
//! dead cards and two cards per range), so a range's equity is the weighted
//! mean of its equity over the matchups.
//!
//! ```
//! use holdem_cards::CardSet;
//! use holdem_eval::{Range, equity};
//!
//! let ranges: [Range; 2] = ["QQ+".parse()?, "AKs".parse()?];
//! let flop = holdem_cards::parse_cards("2c 7d Js")?;
//! let result = equity::range_exact(&ranges, &flop, CardSet::EMPTY)?;
//! assert_eq!(result.matchups, 18 * 4 - 2 * 4 * 3); // AK blocks 3 AA and 3 KK combinations
//! assert_eq!(result.boards, 990); // C(45, 2) turns and rivers
//! let (qq, ak) = (&result.players[0], &result.players[1]);
//! assert!((qq.equity + ak.equity - 1.0).abs() < 1e-12);
//! assert!(qq.equity > 0.75);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use holdem_cards::{Card, CardSet};
use rand_core::RngCore;

use super::{DeckCard, EquityError, Scorer, Tally, bounded, lcm_upto};
use crate::range::Range;
use crate::{Evaluator, HandKey, HandRank};

/// One range's result.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeEquity {
    /// Expected share of the pot, in `[0, 1]`: the weighted mean over matchups
    /// and boards (ties split the pot, rule E5).
    pub equity: f64,
    /// Fraction of (weighted) matchups and boards this range wins alone.
    pub win: f64,
    /// Fraction of (weighted) matchups and boards this range ties for the best hand.
    pub tie: f64,
    /// Standard error of `equity`: 0 for exact enumeration; for Monte Carlo the
    /// sample standard deviation of the per-sample share over `sqrt(samples)`.
    pub std_error: f64,
}

/// The result of a range equity calculation, one entry per range in input order.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeEquityResult {
    /// Whether every matchup and board was enumerated.
    pub exact: bool,
    /// Exact: the matchups enumerated (one combination per range, no card
    /// shared). Monte Carlo: the samples (one matchup each).
    pub matchups: u64,
    /// Exact: the boards enumerated per matchup. Monte Carlo: the samples (one
    /// board each).
    pub boards: u64,
    /// Per-range results, in the order the ranges were given.
    pub players: Vec<RangeEquity>,
}

/// One range's combinations that avoid the board and dead cards.
struct Live {
    cards: Vec<[Card; 2]>,
    /// The two cards' bits (as in [`CardSet::bits`]).
    masks: Vec<u64>,
    keys: Vec<HandKey>,
    weights: Vec<f64>,
    /// Running sums of `weights`, for weighted draws.
    cumulative: Vec<f64>,
    /// Whether every weight is the same (then a draw is a uniform index).
    uniform: bool,
}

impl Live {
    /// One combination's index, drawn in proportion to the weights.
    #[inline]
    fn draw(&self, rng: &mut impl RngCore) -> usize {
        let n = self.masks.len();
        if self.uniform {
            return bounded(rng, n as u32) as usize;
        }
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        // A uniform double in [0, 1) from the top 53 bits.
        let u = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) * total;
        self.cumulative.partition_point(|&c| c <= u).min(n - 1)
    }
}

/// The validated problem.
struct Problem<'a> {
    live: Vec<Live>,
    board: &'a [Card],
    /// Board and dead cards.
    used: u64,
    to_deal: usize,
}

fn prepare<'a>(
    ranges: &[Range],
    board: &'a [Card],
    dead: CardSet,
) -> Result<Problem<'a>, EquityError> {
    if ranges.len() < 2 {
        return Err(EquityError::TooFewRanges(ranges.len()));
    }
    if board.len() > 5 {
        return Err(EquityError::BoardTooLong(board.len()));
    }
    let mut used = dead;
    for &card in board {
        if !used.insert(card) {
            return Err(EquityError::DuplicateCard(card));
        }
    }
    let mut live = Vec::with_capacity(ranges.len());
    for (i, range) in ranges.iter().enumerate() {
        let mut l = Live {
            cards: Vec::new(),
            masks: Vec::new(),
            keys: Vec::new(),
            weights: Vec::new(),
            cumulative: Vec::new(),
            uniform: true,
        };
        let mut sum = 0.0;
        for (hole, w) in range.iter() {
            let mask = hole[0].bit() | hole[1].bit();
            if mask & used.bits() != 0 {
                continue;
            }
            let w = f64::from(w);
            l.uniform &= l.weights.first().is_none_or(|&first| first == w);
            sum += w;
            l.cards.push(hole);
            l.masks.push(mask);
            l.keys.push(HandKey::from_cards(&hole));
            l.weights.push(w);
            l.cumulative.push(sum);
        }
        if l.cards.is_empty() {
            return Err(EquityError::EmptyRange(i));
        }
        live.push(l);
    }
    // Two cards per range and the rest of the board, from the cards left.
    let to_deal = 5 - board.len();
    let left = 52 - used.len() as usize;
    let needed = 2 * ranges.len() + to_deal;
    if left < needed {
        return Err(EquityError::NotEnoughCards { needed, left });
    }
    Ok(Problem {
        live,
        board,
        used: used.bits(),
        to_deal,
    })
}

/// `C(n, k)`, saturating.
fn choose(n: u64, k: u64) -> u128 {
    (0..k).fold(1u128, |c, i| {
        c.saturating_mul(u128::from(n - i)) / u128::from(i + 1)
    })
}

/// An upper bound on the boards [`range_exact`] evaluates: the product of the
/// ranges' live combination counts (an upper bound on the matchups) times the
/// boards per matchup. For choosing between exact and Monte Carlo: the
/// enumeration takes a few nanoseconds per board (pre-flop) to a few dozen
/// (on the turn) per range.
///
/// ```
/// use holdem_cards::CardSet;
/// use holdem_eval::{Range, equity};
///
/// let ranges: [Range; 2] = ["AA".parse()?, "KK".parse()?];
/// assert_eq!(equity::range_exact_boards(&ranges, &[], CardSet::EMPTY)?, 36 * 1_712_304);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn range_exact_boards(
    ranges: &[Range],
    board: &[Card],
    dead: CardSet,
) -> Result<u128, EquityError> {
    let p = prepare(ranges, board, dead)?;
    let deck = (52 - u64::from(p.used.count_ones())).saturating_sub(2 * ranges.len() as u64);
    let matchups = p
        .live
        .iter()
        .fold(1u128, |m, l| m.saturating_mul(l.cards.len() as u128));
    Ok(matchups.saturating_mul(choose(deck, p.to_deal as u64)))
}

/// Weighted sums over matchups.
#[derive(Clone)]
struct Sums {
    /// Per range: weighted equity, win and tie fractions.
    per_range: Vec<[f64; 3]>,
    weight: f64,
    matchups: u64,
    boards: u64,
}

impl Sums {
    fn new(n: usize) -> Sums {
        Sums {
            per_range: vec![[0.0; 3]; n],
            weight: 0.0,
            matchups: 0,
            boards: 0,
        }
    }

    fn add(&mut self, other: &Sums) {
        for (a, b) in self.per_range.iter_mut().zip(&other.per_range) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self.weight += other.weight;
        self.matchups += other.matchups;
        self.boards = self.boards.max(other.boards);
    }

    fn finish(self) -> Result<RangeEquityResult, EquityError> {
        if self.matchups == 0 || self.weight <= 0.0 {
            return Err(EquityError::NoMatchup);
        }
        let players = self
            .per_range
            .iter()
            .map(|&[e, w, t]| RangeEquity {
                equity: e / self.weight,
                win: w / self.weight,
                tie: t / self.weight,
                std_error: 0.0,
            })
            .collect();
        Ok(RangeEquityResult {
            exact: true,
            matchups: self.matchups,
            boards: self.boards,
            players,
        })
    }
}

/// Buffers for enumerating matchups, reused from one matchup to the next.
struct Enumerator<'p, 'b> {
    problem: &'p Problem<'b>,
    eval: Evaluator,
    unit: u64,
    board_key: HandKey,
    holes: Vec<[Card; 2]>,
    keys: Vec<HandKey>,
    deck: Vec<DeckCard>,
    ranks: Vec<HandRank>,
    tally: Tally,
    sums: Sums,
}

impl<'p, 'b> Enumerator<'p, 'b> {
    fn new(problem: &'p Problem<'b>) -> Enumerator<'p, 'b> {
        let n = problem.live.len();
        Enumerator {
            problem,
            eval: Evaluator::new(),
            unit: lcm_upto(n),
            board_key: HandKey::from_cards(problem.board),
            holes: vec![[Card::ALL[0]; 2]; n],
            keys: vec![HandKey::EMPTY; n],
            deck: Vec::with_capacity(52),
            ranks: vec![HandRank::from_raw(0); n],
            tally: Tally::new(n),
            sums: Sums::new(n),
        }
    }

    /// Every matchup with the first range's combination `first`.
    fn run_first(mut self, first: usize) -> Sums {
        let live = &self.problem.live[0];
        let mask = live.masks[first];
        if mask & self.problem.used == 0 {
            self.holes[0] = live.cards[first];
            self.keys[0] = live.keys[first];
            self.visit(1, self.problem.used | mask, live.weights[first]);
        }
        self.sums
    }

    /// Chooses a combination for range `depth` and on.
    fn visit(&mut self, depth: usize, used: u64, weight: f64) {
        let problem = self.problem;
        let Some(live) = problem.live.get(depth) else {
            self.score(used, weight);
            return;
        };
        for (k, &mask) in live.masks.iter().enumerate() {
            if mask & used == 0 {
                self.holes[depth] = live.cards[k];
                self.keys[depth] = live.keys[k];
                self.visit(depth + 1, used | mask, weight * live.weights[k]);
            }
        }
    }

    /// Enumerates the boards of the matchup in `holes` (its cards and the
    /// board's and dead cards are `used`).
    fn score(&mut self, used: u64, weight: f64) {
        self.deck.clear();
        self.deck.extend(
            Card::ALL
                .iter()
                .filter(|c| c.bit() & used == 0)
                .map(|&c| DeckCard {
                    key: HandKey::EMPTY.with_card(c),
                    suit: c.suit().index(),
                    rank: c.rank().index(),
                }),
        );
        let mut suited = [0u8; 4];
        for h in &self.holes {
            let mut mine = [0u8; 4];
            for &c in h.iter().chain(self.problem.board) {
                mine[usize::from(c.suit().index() & 3)] += 1;
            }
            for (s, m) in suited.iter_mut().zip(mine) {
                *s = (*s).max(m);
            }
        }
        self.tally.clear();
        let mut scorer = Scorer {
            eval: self.eval,
            holes: &self.keys,
            unit: self.unit,
            ranks: std::mem::take(&mut self.ranks),
            heads_up: [0; 3],
        };
        scorer.enumerate(
            &mut self.deck,
            0,
            self.problem.to_deal,
            self.board_key,
            suited,
            &mut self.tally,
        );
        scorer.finish_into(&mut self.tally);
        self.ranks = scorer.ranks;

        let t = &self.tally;
        let boards = t.boards.max(1) as f64;
        let pot = self.unit as f64 * boards;
        for (k, sum) in self.sums.per_range.iter_mut().enumerate() {
            sum[0] += weight * (t.shares[k] as f64 / pot);
            sum[1] += weight * (t.wins[k] as f64 / boards);
            sum[2] += weight * (t.ties[k] as f64 / boards);
        }
        self.sums.weight += weight;
        self.sums.matchups += 1;
        self.sums.boards = t.boards;
    }
}

/// Exact equity of `ranges` (at least two) with the given `board` (0-5 cards)
/// and `dead` cards: every matchup of one combination per range sharing no
/// card (weighted by the product of the combinations' weights) and every way
/// to complete the board. Combinations holding a board or dead card are left
/// out.
///
/// The work is the number of matchups times the boards per matchup (see
/// [`range_exact_boards`]): thirty combinations against thirty on the flop is
/// under a million boards; pre-flop each matchup is 1,712,304 boards.
///
/// # Errors
/// [`EquityError::TooFewRanges`], [`EquityError::BoardTooLong`],
/// [`EquityError::DuplicateCard`] (board and dead cards),
/// [`EquityError::EmptyRange`], [`EquityError::NotEnoughCards`], and
/// [`EquityError::NoMatchup`] when the ranges cannot be dealt together.
pub fn range_exact(
    ranges: &[Range],
    board: &[Card],
    dead: CardSet,
) -> Result<RangeEquityResult, EquityError> {
    let problem = prepare(ranges, board, dead)?;
    let mut sums = Sums::new(ranges.len());
    for first in 0..problem.live[0].cards.len() {
        sums.add(&Enumerator::new(&problem).run_first(first));
    }
    sums.finish()
}

/// [`range_exact`] on all rayon threads, split by the first range's
/// combination; the partial sums are added in the same order as
/// [`range_exact`] adds them, so the result is identical.
#[cfg(feature = "rayon")]
pub fn range_exact_parallel(
    ranges: &[Range],
    board: &[Card],
    dead: CardSet,
) -> Result<RangeEquityResult, EquityError> {
    use rayon::prelude::*;
    let problem = prepare(ranges, board, dead)?;
    let parts: Vec<Sums> = (0..problem.live[0].cards.len())
        .into_par_iter()
        .map(|first| Enumerator::new(&problem).run_first(first))
        .collect();
    let mut sums = Sums::new(ranges.len());
    for part in &parts {
        sums.add(part);
    }
    sums.finish()
}

/// Whether some matchup of one combination per range (from `depth` on)
/// shares no card with `used`.
fn fits(live: &[Live], depth: usize, used: u64) -> bool {
    match live.get(depth) {
        None => true,
        Some(l) => l
            .masks
            .iter()
            .any(|&m| m & used == 0 && fits(live, depth + 1, used | m)),
    }
}

/// Matchups drawn in a row that share a card before Monte Carlo gives up
/// ([`EquityError::RangesRarelyFit`]).
pub const MAX_REDRAWS: u64 = 1_000_000;

/// Equity of `ranges` estimated from `samples` random matchups and boards,
/// drawn with `rng` (a seeded generator gives a replayable result). Each
/// sample draws one combination per range in proportion to its weight (again
/// when two share a card) and then completes the board from the cards left.
/// Each [`RangeEquity::std_error`] is the standard error of its estimate.
///
/// # Errors
/// Those of [`range_exact`], [`EquityError::NoSamples`], and
/// [`EquityError::RangesRarelyFit`] when [`MAX_REDRAWS`] matchups in a row
/// share a card.
///
/// ```
/// use holdem_cards::CardSet;
/// use holdem_eval::{Range, equity};
/// use rand_chacha::{ChaCha8Rng, rand_core::SeedableRng};
///
/// let ranges: [Range; 2] = ["QQ+, AKs".parse()?, "22+, A2s+, KTs+".parse()?];
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let r = equity::range_monte_carlo(&ranges, &[], CardSet::EMPTY, 20_000, &mut rng)?;
/// assert!(r.players[0].equity > 0.6 && r.players[0].std_error < 0.005);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn range_monte_carlo(
    ranges: &[Range],
    board: &[Card],
    dead: CardSet,
    samples: u64,
    rng: &mut impl RngCore,
) -> Result<RangeEquityResult, EquityError> {
    let problem = prepare(ranges, board, dead)?;
    if samples == 0 {
        return Err(EquityError::NoSamples);
    }
    if !fits(&problem.live, 0, problem.used) {
        return Err(EquityError::NoMatchup);
    }
    let n = ranges.len();
    let unit = lcm_upto(n);
    let eval = Evaluator::new();
    let board_key = HandKey::from_cards(problem.board);
    // The cards not on the board or dead, as keys and bits.
    let mut deck: Vec<(HandKey, u64)> = Card::ALL
        .iter()
        .filter(|c| c.bit() & problem.used == 0)
        .map(|&c| (HandKey::EMPTY.with_card(c), c.bit()))
        .collect();
    let len = deck.len() as u32;
    let mut keys = vec![HandKey::EMPTY; n];
    let mut ranks = vec![HandRank::from_raw(0); n];
    let mut tally = Tally::new(n);
    let mut heads_up = [0u64; 3];
    for _ in 0..samples {
        // One matchup: a combination per range, all of them apart.
        let mut redraws = 0;
        let used = loop {
            let mut used = 0u64;
            let mut apart = true;
            for (l, key) in problem.live.iter().zip(keys.iter_mut()) {
                let k = l.draw(rng);
                let mask = l.masks[k];
                apart &= mask & used == 0;
                used |= mask;
                *key = l.keys[k];
            }
            if apart {
                break used;
            }
            redraws += 1;
            if redraws >= MAX_REDRAWS {
                return Err(EquityError::RangesRarelyFit(redraws));
            }
        };
        // The board: a partial Fisher-Yates over the deck, passing over the
        // matchup's cards (a uniform draw from the cards left).
        let mut board = board_key;
        for i in 0..problem.to_deal {
            let j = loop {
                let j = i + bounded(rng, len - i as u32) as usize;
                if deck[j].1 & used == 0 {
                    break j;
                }
            };
            deck.swap(i, j);
            board = board.plus(deck[i].0);
        }
        if let [a, b] = keys[..] {
            let ra = eval.rank_key_for_equity(board.plus(a));
            let rb = eval.rank_key_for_equity(board.plus(b));
            heads_up[0] += u64::from(ra > rb);
            heads_up[1] += u64::from(rb > ra);
            heads_up[2] += 1;
        } else {
            for (r, key) in ranks.iter_mut().zip(&keys) {
                *r = eval.rank_key_for_equity(board.plus(*key));
            }
            tally.showdown(&ranks, unit, 1);
        }
    }
    let scorer = Scorer {
        eval,
        holes: &[],
        unit,
        ranks: Vec::new(),
        heads_up,
    };
    if n == 2 {
        scorer.finish_into(&mut tally);
    }
    let result = tally.finish(unit, false);
    let boards = result.boards.max(1) as f64;
    let players = result
        .players
        .iter()
        .map(|p| RangeEquity {
            equity: p.equity,
            win: p.wins as f64 / boards,
            tie: p.ties as f64 / boards,
            std_error: p.std_error,
        })
        .collect();
    Ok(RangeEquityResult {
        exact: false,
        matchups: samples,
        boards: samples,
        players,
    })
}
