//! The Independent Chip Model (Malmuth-Harville), computed exactly by dynamic
//! programming over subsets of players (rule T15).
//!
//! Malmuth-Harville: a player finishes first with probability `chips / total`;
//! given the players already placed, each remaining player takes the next place
//! with probability `chips / chips still unplaced`. Summing over all `n!` finishing
//! orders is exact but slow; the same sum is computed here over the `2^n` sets of
//! players that fill the top places: `p(S ∪ {j}) += p(S) · chips_j / (total −
//! chips(S))`, and player `j` takes place `|S| + 1` with that same term. That is
//! `O(2^n · n)`: about ten thousand steps for ten players.
//!
//! # Example
//! ```
//! use holdem_tourney::money::icm::equities;
//!
//! let eq = equities(&[50, 30, 20], &[50.0, 30.0, 20.0])?;
//! assert!((eq[0] - 38.392_857).abs() < 1e-6);
//! assert!((eq.iter().sum::<f64>() - 100.0).abs() < 1e-9);
//! # Ok::<(), holdem_tourney::money::MoneyError>(())
//! ```

use super::MoneyError;

/// The most players [`equities`] accepts: `2^16` subsets is still well under a
/// second; the interactive target is 10 players.
pub const MAX_PLAYERS: usize = 16;

/// Each player's expected prize under Malmuth-Harville, in the units of `prizes`.
///
/// `stacks[i]` is player `i`'s chip count (all must be positive); `prizes[k]` is
/// the prize for place `k + 1` (at most one per player; missing places pay 0).
pub fn equities(stacks: &[u64], prizes: &[f64]) -> Result<Vec<f64>, MoneyError> {
    let n = stacks.len();
    if n == 0 {
        return Err(MoneyError::NoPlayers);
    }
    if n > MAX_PLAYERS {
        return Err(MoneyError::TooManyPlayersForIcm {
            players: n,
            max: MAX_PLAYERS,
        });
    }
    if prizes.len() > n {
        return Err(MoneyError::TooManyPrizes {
            prizes: prizes.len(),
            players: n,
        });
    }
    if stacks.contains(&0) {
        return Err(MoneyError::NoPlayers);
    }
    let chips: Vec<f64> = stacks.iter().map(|&c| c as f64).collect();
    let total: f64 = chips.iter().sum();
    let places = prizes.len();
    let mut equity = vec![0.0; n];
    if places == 0 {
        return Ok(equity);
    }
    let subsets = 1usize << n;
    // prob[s]: probability that exactly the players in `s` take the top |s| places.
    let mut prob = vec![0.0f64; subsets];
    // placed[s]: chips of the players in `s`.
    let mut placed = vec![0.0f64; subsets];
    prob[0] = 1.0;
    for s in 0..subsets {
        if s != 0 {
            let low = s.trailing_zeros() as usize;
            placed[s] = placed[s & (s - 1)] + chips[low];
        }
        let p = prob[s];
        let place = s.count_ones() as usize;
        if p == 0.0 || place >= places {
            continue;
        }
        let left = total - placed[s];
        let prize = prizes[place];
        for (j, &c) in chips.iter().enumerate() {
            let bit = 1usize << j;
            if s & bit != 0 {
                continue;
            }
            let q = p * c / left;
            equity[j] += q * prize;
            prob[s | bit] += q;
        }
    }
    Ok(equity)
}

/// Each player's probability of finishing in each place: `result[i][k]` is the
/// chance that player `i` finishes in place `k + 1`. Same model and limits as
/// [`equities`]; useful for showing a deal's numbers.
pub fn place_probabilities(stacks: &[u64]) -> Result<Vec<Vec<f64>>, MoneyError> {
    let n = stacks.len();
    let mut out = vec![vec![0.0; n]; n];
    for k in 0..n {
        let mut prizes = vec![0.0; n];
        prizes[k] = 1.0;
        let eq = equities(stacks, &prizes)?;
        for (i, e) in eq.into_iter().enumerate() {
            out[i][k] = e;
        }
    }
    Ok(out)
}
