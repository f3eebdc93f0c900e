//! Future game simulation (FGS) for deals (rule T15): the remaining players'
//! equities valued a few hands ahead instead of on the stacks as they stand.
//!
//! From the stacks in seat order, hands are simulated under the real structure:
//! antes and blinds rising by level, the button moving one seat a hand. Each
//! hand is played push-or-fold: the first player whose hand is in their shoving
//! range moves all in, the first player after them whose hand is in their
//! calling range calls, everyone else folds; a player all in from the blinds or
//! the ante is in the showdown for what they posted. Ranges are the top fraction
//! of the 1,326 starting hands, ordered by a formula close to each hand's equity
//! against a random hand: shoves widen as the stack shrinks in big blinds and as
//! fewer players are left to act; calls widen as the shove shrinks. Boards are
//! dealt at random and hands ranked by the fast evaluator; side pots are split as
//! at a real table. Players who bust are paid their place's prize; after `depth`
//! hands the survivors are valued by ICM ([`super::icm`]) on their new stacks.
//! The mean over `trials` simulated futures is the equity; its standard error
//! is returned with it.
//!
//! # Invariants
//! - Seeded and deterministic: the same input gives the same output, bit for bit.
//! - Chips are conserved in every simulated hand; each future's values add up to
//!   the prizes, so the equities do too (up to float rounding).
//! - Bad input is a [`MoneyError`]; nothing panics on input.

use holdem_cards::Card;
use holdem_eval::{Evaluator, HandKey, HandRank};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::MoneyError;
use super::icm::equities_subset;

/// The most players an FGS deal simulates: a cost limit of the algorithm (each
/// simulated hand is followed by an ICM evaluation of every outcome), not a seat
/// limit; deals are made at final tables, usually of nine. Larger fields are
/// refused with [`MoneyError::FgsPlayers`].
pub const FGS_MAX_PLAYERS: usize = 9;

/// One level of the structure, in chips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FgsLevel {
    /// Small blind.
    pub small_blind: u64,
    /// Big blind (at least 1).
    pub big_blind: u64,
    /// Ante each dealt player posts.
    pub ante: u64,
}

/// How the future is simulated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FgsOptions {
    /// The current level first, then the levels that follow (the last one
    /// repeats).
    pub levels: Vec<FgsLevel>,
    /// Hands played at each level (at least 1).
    pub hands_per_level: u32,
    /// Index, in the stacks' seat order, of the player on the button for the
    /// first simulated hand.
    pub button: usize,
    /// Hands simulated ahead before the survivors are valued by ICM.
    pub depth: u32,
    /// Futures simulated (at least 1).
    pub trials: u32,
    /// Random seed.
    pub seed: u64,
}

impl FgsOptions {
    /// Hands simulated ahead by default.
    pub const DEPTH: u32 = 6;
    /// Futures simulated by default: the equities' standard error is then about
    /// 0.2% of the pool or less for six players.
    pub const TRIALS: u32 = 12_000;

    /// Blinds of `big_blind / 2` and `big_blind`, an ante of `big_blind / 8`,
    /// doubling every `hands_per_level` hands; the first player on the button;
    /// the default depth and trials.
    pub fn doubling(big_blind: u64, hands_per_level: u32, seed: u64) -> FgsOptions {
        let levels = (0..8)
            .map(|i| {
                let bb = big_blind.saturating_mul(1 << i);
                FgsLevel {
                    small_blind: bb / 2,
                    big_blind: bb,
                    ante: bb / 8,
                }
            })
            .collect();
        FgsOptions {
            levels,
            hands_per_level,
            button: 0,
            depth: Self::DEPTH,
            trials: Self::TRIALS,
            seed,
        }
    }
}

/// Equities by FGS, with their Monte Carlo standard errors.
#[derive(Debug, Clone, PartialEq)]
pub struct FgsEquities {
    /// Each player's expected prize, in the units of the prizes.
    pub equity: Vec<f64>,
    /// The standard error of each equity.
    pub std_error: Vec<f64>,
}

/// Each player's expected prize by future game simulation (see the module
/// docs). `stacks` are in seat order; `prizes[k]` is the prize for place `k + 1`.
pub fn fgs_equities(
    stacks: &[u64],
    prizes: &[f64],
    opts: &FgsOptions,
) -> Result<FgsEquities, MoneyError> {
    let n = stacks.len();
    if n == 0 {
        return Err(MoneyError::NoPlayers);
    }
    if !(2..=FGS_MAX_PLAYERS).contains(&n) {
        return Err(MoneyError::FgsPlayers { players: n });
    }
    // The same input checks as ICM (stacks, prizes, overflow).
    equities_subset(stacks, prizes)?;
    if opts.levels.is_empty()
        || opts.levels.iter().any(|l| l.big_blind == 0)
        || opts.hands_per_level == 0
        || opts.trials == 0
        || opts.button >= n
    {
        return Err(MoneyError::BadFgsOptions);
    }
    let mut prize_at = prizes.to_vec();
    prize_at.resize(n, 0.0);
    let table = HandTable::new();
    let eval = Evaluator::new();
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut sum = vec![0.0; n];
    let mut sum_sq = vec![0.0; n];
    let mut sim = Sim {
        stacks: vec![0; n],
        value: vec![0.0; n],
        prize_at: &prize_at,
    };
    for _ in 0..opts.trials {
        sim.run(stacks, opts, &table, eval, &mut rng);
        for i in 0..n {
            sum[i] += sim.value[i];
            sum_sq[i] += sim.value[i] * sim.value[i];
        }
    }
    let t = f64::from(opts.trials);
    let equity: Vec<f64> = sum.iter().map(|s| s / t).collect();
    let std_error = sum_sq
        .iter()
        .zip(&equity)
        .map(|(sq, m)| ((sq / t - m * m).max(0.0) / t).sqrt())
        .collect();
    Ok(FgsEquities { equity, std_error })
}

/// Each of the 1,326 starting hands' place in the strength order, as the
/// fraction of hands at least as strong (0 < f ≤ 1), by card indices.
struct HandTable {
    top: Vec<f32>,
}

impl HandTable {
    fn new() -> HandTable {
        // Strength of a hand class: close to its all-in equity against a random
        // hand (in percent).
        let score = |hi: u8, lo: u8, suited: bool| -> f64 {
            let (h, l) = (f64::from(hi), f64::from(lo));
            if hi == lo {
                50.0 + 2.9 * h
            } else {
                let gap = f64::from(hi - lo - 1).min(4.0);
                30.0 + 2.0 * h + 0.9 * l + if suited { 2.8 } else { 0.0 } - 0.6 * gap
            }
        };
        let mut classes: Vec<(f64, u8, u8, bool, u32)> = Vec::with_capacity(169);
        for hi in 0..13u8 {
            for lo in 0..=hi {
                if hi == lo {
                    classes.push((score(hi, lo, false), hi, lo, false, 6));
                } else {
                    classes.push((score(hi, lo, true), hi, lo, true, 4));
                    classes.push((score(hi, lo, false), hi, lo, false, 12));
                }
            }
        }
        classes.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut class_top = [[[0f32; 2]; 13]; 13];
        let mut seen = 0u32;
        for &(_, hi, lo, suited, combos) in &classes {
            seen += combos;
            class_top[usize::from(hi)][usize::from(lo)][usize::from(suited)] = seen as f32 / 1326.0;
        }
        let mut top = vec![1.0f32; 52 * 52];
        for a in 0..52u8 {
            for b in 0..52u8 {
                if a == b {
                    continue;
                }
                // Card index = 4 * rank + suit (Card::from_index's order).
                let (ra, rb) = (a / 4, b / 4);
                let suited = a % 4 == b % 4;
                let (hi, lo) = if ra >= rb { (ra, rb) } else { (rb, ra) };
                top[usize::from(a) * 52 + usize::from(b)] =
                    class_top[usize::from(hi)][usize::from(lo)][usize::from(suited)];
            }
        }
        HandTable { top }
    }

    fn top(&self, a: u8, b: u8) -> f64 {
        f64::from(
            self.top
                .get(usize::from(a) * 52 + usize::from(b))
                .copied()
                .unwrap_or(1.0),
        )
    }
}

/// Shoving range: the top fraction of hands a player moves all in with, holding
/// `bbs` big blinds with `behind` players still to act.
fn shove_range(bbs: f64, behind: usize) -> f64 {
    (0.6 / (behind as f64 + 1.0) * 20.0 / bbs.max(0.5)).min(1.0)
}

/// Calling range facing an all in of `bbs` big blinds (what the caller risks).
fn call_range(bbs: f64) -> f64 {
    (3.0 / bbs.max(0.5)).clamp(0.03, 1.0)
}

/// One simulated future's state.
struct Sim<'a> {
    stacks: Vec<u64>,
    value: Vec<f64>,
    prize_at: &'a [f64],
}

impl Sim<'_> {
    fn run(
        &mut self,
        start: &[u64],
        opts: &FgsOptions,
        table: &HandTable,
        eval: Evaluator,
        rng: &mut ChaCha8Rng,
    ) {
        let n = start.len();
        self.stacks.copy_from_slice(start);
        self.value.iter_mut().for_each(|v| *v = 0.0);
        let mut button = opts.button;
        let mut alive = n;
        for hand in 0..opts.depth {
            if alive < 2 {
                break;
            }
            let level_index = (hand / opts.hands_per_level) as usize;
            let level = opts.levels[level_index.min(opts.levels.len() - 1)];
            let before: [u64; FGS_MAX_PLAYERS] = {
                let mut b = [0; FGS_MAX_PLAYERS];
                b[..n].copy_from_slice(&self.stacks);
                b
            };
            play_hand(&mut self.stacks, button, level, table, eval, rng);
            // Busts this hand: more chips at the start finishes higher.
            let mut out: Vec<usize> = (0..n)
                .filter(|&i| before[i] > 0 && self.stacks[i] == 0)
                .collect();
            if !out.is_empty() {
                out.sort_by(|&a, &b| before[b].cmp(&before[a]));
                let mut place = alive - out.len(); // 0-based place of the best
                let mut k = 0;
                while k < out.len() {
                    let tied = out[k..]
                        .iter()
                        .take_while(|&&i| before[i] == before[out[k]])
                        .count();
                    let share: f64 =
                        self.prize_at[place..place + tied].iter().sum::<f64>() / tied as f64;
                    for &i in &out[k..k + tied] {
                        self.value[i] = share;
                    }
                    place += tied;
                    k += tied;
                }
                alive -= out.len();
            }
            button = next_alive(&self.stacks, button);
        }
        // The survivors by ICM on the prizes still open.
        let idx: Vec<usize> = (0..n).filter(|&i| self.stacks[i] > 0).collect();
        let chips: Vec<u64> = idx.iter().map(|&i| self.stacks[i]).collect();
        let open = &self.prize_at[..idx.len()];
        if let Ok(eq) = equities_subset(&chips, open) {
            for (k, &i) in idx.iter().enumerate() {
                self.value[i] = eq[k];
            }
        }
    }
}

/// The next player with chips after seat `from` (itself if no other).
fn next_alive(stacks: &[u64], from: usize) -> usize {
    let n = stacks.len();
    (1..=n)
        .map(|k| (from + k) % n)
        .find(|&i| stacks[i] > 0)
        .unwrap_or(from)
}

/// Plays one push-or-fold hand, moving chips between `stacks`.
fn play_hand(
    stacks: &mut [u64],
    button: usize,
    level: FgsLevel,
    table: &HandTable,
    eval: Evaluator,
    rng: &mut ChaCha8Rng,
) {
    let n = stacks.len();
    // Seats in order of action from the small blind: heads-up the button posts
    // the small blind and acts first.
    let mut order = [0usize; FGS_MAX_PLAYERS];
    let mut k = 0;
    let mut s = button;
    loop {
        s = next_alive(stacks, s);
        order[k] = s;
        k += 1;
        if s == button || k == n {
            break;
        }
    }
    let order = &mut order[..k];
    if k == 2 {
        order.swap(0, 1); // button first: it is the small blind
    }
    let (sb_seat, bb_seat) = (order[0], order[1]);
    // Deal two cards each and the board from a shuffled deck.
    let mut deck: [u8; 52] = core::array::from_fn(|i| i as u8);
    let mut drawn = 0usize;
    let mut draw = |rng: &mut ChaCha8Rng| -> u8 {
        let left = (52 - drawn) as u64;
        let j = drawn + ((u64::from(rng.next_u32()) * left) >> 32) as usize;
        deck.swap(drawn, j);
        drawn += 1;
        deck[drawn - 1]
    };
    let mut hole = [(0u8, 0u8); FGS_MAX_PLAYERS];
    for &p in order.iter() {
        hole[p] = (draw(rng), draw(rng));
    }
    // Antes and blinds.
    let mut put = [0u64; FGS_MAX_PLAYERS];
    for &p in order.iter() {
        let a = level.ante.min(stacks[p]);
        put[p] += a;
        stacks[p] -= a;
    }
    for (p, blind) in [(sb_seat, level.small_blind), (bb_seat, level.big_blind)] {
        let b = blind.min(stacks[p]);
        put[p] += b;
        stacks[p] -= b;
    }
    let bb = level.big_blind as f64;
    let mut contender = [false; FGS_MAX_PLAYERS];
    for &p in order.iter() {
        contender[p] = stacks[p] == 0; // all in from posting
    }
    // Preflop action, from the player after the big blind round to it.
    let acting: Vec<usize> = if k == 2 {
        vec![sb_seat, bb_seat]
    } else {
        order[2..]
            .iter()
            .chain(order[..2].iter())
            .copied()
            .collect()
    };
    let mut shover = None;
    for (pos, &p) in acting.iter().enumerate() {
        if stacks[p] == 0 {
            continue;
        }
        let (a, b) = hole[p];
        let strength = table.top(a, b);
        match shover {
            None => {
                let bbs = (stacks[p] + put[p]) as f64 / bb;
                let behind = acting.len() - pos - 1;
                if strength <= shove_range(bbs, behind) {
                    put[p] += stacks[p];
                    stacks[p] = 0;
                    contender[p] = true;
                    shover = Some(p);
                }
            }
            Some(s) => {
                let risk = (stacks[p] + put[p]).min(put[s]) as f64 / bb;
                if strength <= call_range(risk) {
                    let more = put[s].saturating_sub(put[p]).min(stacks[p]);
                    put[p] += more;
                    stacks[p] -= more;
                    contender[p] = true;
                    break;
                }
            }
        }
    }
    if shover.is_none() {
        // Folded round to the big blind, who is in the pot.
        contender[bb_seat] = true;
    }
    let board: [u8; 5] = core::array::from_fn(|_| draw(rng));
    let mut ranks: [Option<HandRank>; FGS_MAX_PLAYERS] = [None; FGS_MAX_PLAYERS];
    let contenders: Vec<usize> = order.iter().copied().filter(|&p| contender[p]).collect();
    if contenders.len() > 1 {
        let board_key = HandKey::from_cards(&board.map(card));
        for &p in &contenders {
            let (a, b) = hole[p];
            ranks[p] = Some(eval.rank_key(board_key.with_card(card(a)).with_card(card(b))));
        }
    }
    // Pots by contribution level: each slice goes to the best eligible hand.
    let mut levels: Vec<u64> = contenders.iter().map(|&p| put[p]).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut prev = 0;
    for &lvl in &levels {
        let slice: u64 = order
            .iter()
            .map(|&p| put[p].min(lvl) - put[p].min(prev))
            .sum();
        let eligible: Vec<usize> = contenders
            .iter()
            .copied()
            .filter(|&p| put[p] >= lvl)
            .collect();
        let best = eligible.iter().map(|&p| ranks[p]).max().flatten();
        let winners: Vec<usize> = eligible.into_iter().filter(|&p| ranks[p] == best).collect();
        let w = winners.len() as u64;
        if let (Some(each), Some(odd)) = (slice.checked_div(w), slice.checked_rem(w)) {
            for (i, &p) in winners.iter().enumerate() {
                stacks[p] += each + u64::from((i as u64) < odd);
            }
        }
        prev = lvl;
    }
    // Money above the highest contender's level (an uncalled part) goes back.
    for &p in order.iter() {
        stacks[p] += put[p].saturating_sub(prev);
    }
}

/// The card with index `i` (below 52 by construction of the deck).
fn card(i: u8) -> Card {
    Card::ALL[usize::from(i) % 52]
}
