//! The Independent Chip Model (Malmuth-Harville), computed exactly for any field
//! (rule T15).
//!
//! Malmuth-Harville: a player finishes first with probability `chips / total`;
//! given the players already placed, each remaining player takes the next place
//! with probability `chips / chips still unplaced`. Summing over all `n!`
//! finishing orders is exact but slow. Three exact methods are used instead
//! (`n` players, `K` paid places):
//!
//! - **Subset DP** ([`equities_subset`]), for small fields: the same sum over the
//!   `2^n` sets `S` of players that fill the top places: `p(S ∪ {j}) += f(S) ·
//!   chips_j` with `f(S) = p(S) / (total − chips(S))`, and player `j` takes place
//!   `|S| + 1` with that same term, so `equity_j = chips_j · Σ_{S ∌ j} f(S) w_{|S|}`.
//!   `O(2^n · n)` additions, only over sets of fewer than `K` players; exact up to
//!   rounding.
//! - **Harville integral.** The model is the order in which independent
//!   exponential clocks ring, player `j`'s at rate `a_j = chips_j / total` (the
//!   Plackett-Luce / Harville identity). Player `i` takes place `k + 1` when
//!   exactly `k` other clocks rang before theirs, so
//!   `equity_i = ∫₀^∞ a_i e^{−a_i u} E[w(N₋ᵢ(u))] du`, where `w_k` is the prize for
//!   place `k + 1` and `N₋ᵢ(u)` counts the other players whose clocks rang by
//!   time `u`: a Poisson-binomial count with generating function
//!   `G(z) / (p_i + q_i z)`, `G(z) = Π_j (p_j + q_j z)`, `p_j = e^{−a_j u}`,
//!   `q_j = 1 − p_j`. The integral is taken by 12-point Gauss-Legendre panels in
//!   `v = √u` (the count's spread grows like `√u`, so every feature has about the
//!   same width in `v`) up to a time past which the paid places are all filled
//!   but for a chance below `1e-18`.
//!   - [`equities_integral`] (the Fourier form, used by [`equities`]): at each
//!     node the count is read on the unit circle. Over a window of `M` counts
//!     that holds all but `e^{−36}` of its mass, `E[w(N₋ᵢ)] = (1/M) Σ_m W(ω_m)
//!     G(ω_m) / (p_i + q_i ω_m)` with `ω_m = e^{2πi m/M}` and `W` the prizes'
//!     transform over the window; since `|G(e^{iθ})| ≤ e^{−2σ² sin²(θ/2)}`, only
//!     about thirty points `m` matter, whatever the field. The players whose
//!     `a_j u` stays below 2 over the whole integral (all but the biggest stacks
//!     of a large field) are taken together through a Chebyshev interpolant in
//!     `a` on 20 points: `ln G` needs the sums `Σ_j ln(p_j + q_j ω)`, computed
//!     from interpolation weights fixed once (power series where they converge
//!     fast, logarithms otherwise), and their equities are an analytic function
//!     of `a` evaluated at the 20 points and read off for each player at the
//!     end. The other players are handled one by one. Cost:
//!     `O(n · 20)` once, then per node `O(30 · (20 + n_big + window))` with
//!     `window ≈ 17·σ`, about `√K`: `O(nodes · √K)` with about `4 √u_max`
//!     nodes, instead of `O(nodes · n · K)`.
//!   - [`equities_direct`] builds the whole field's count at every node and
//!     divides it by each player's factor: `O(nodes · n · K)`, slow, kept as an
//!     independent reference.
//!
//! **Stacks of any size.** [`equities`] first splits the field by scale
//! (`by_scale`): sorted from the biggest stack down, the top players are taken
//! apart from the rest when the rest's chips `D` are so few that
//! `D · Σ_{top} 1/chips ≤` [`SCALE_SPLIT_RISK`] (`1e-13`): the chance that any
//! of the rest places above any of the top. The top players then share the top
//! places by the model among themselves, the rest the places below, each group
//! computed on its own; every equity moves by at most `1e-13` of the first
//! prize. Within a group no f64 cancellation loses chips: the subset DP counts
//! the chips still unplaced as exact integers (u64; the total fits, as
//! `check` requires) and converts only that count, and the integrals use each
//! stack's share of the exact total (relative error `1e-16` each). The
//! integrals' panels in `v` grow past `v = √n` so that each covers the same
//! width in `ln u` (`direct`'s `panels`): a field spread evenly over many
//! orders of magnitude costs panels in proportion to the logarithm of the
//! spread. At each node of the Fourier form, a player whose clock has rung
//! but for a chance below `1e-18` only turns the count's phase, and players
//! whose clocks have rung with a chance below `10^-3` (when 64 or more) are
//! taken in bulk: the logarithm of their factors is a six-term power series
//! over their power sums, their own terms a six-term series in their chance
//! (each truncated below `1e-16`). So at any stacks the equities add up to the pool, none exceeds the
//! first prize, and they rise with the stack, to within `1e-9` of the pool
//! (`tourney/tests/money_icm.rs`, property tests over stacks from 1 to `10^18`
//! and near `u64::MAX / n`). `money/icm_extreme` in `tourney/benches/money_icm.rs`
//! times 1,000 players with stacks spread over up to `10^16`.
//!
//! Error: the two integrals agree with each other and with the subset DP within
//! `1e-11` of the prize pool on the fields tested (2 to 10,000 players, stacks
//! even to a thousandfold apart, harmonic and banded payouts), and the Fourier
//! form agrees with itself on twice the nodes and more interpolation points; the
//! tests hold every method to `1e-9` of the pool. [`equities`] uses the subset
//! DP up to [`SUBSET_PREFERRED_UP_TO`] players and the Fourier form beyond.
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

mod direct;
mod fourier;
mod subset;

use subset::subset_dp;

/// The most players the subset DP ([`equities_subset`]) accepts: `2^24` subsets
/// take about a second.
pub const SUBSET_MAX_PLAYERS: usize = 24;

/// Up to this many players [`equities`] uses the subset DP; above it the Fourier
/// form of the Harville integral, which is faster there.
pub const SUBSET_PREFERRED_UP_TO: usize = 13;

/// Each player's expected prize under Malmuth-Harville, in the units of `prizes`,
/// for any number of players (rule T15).
///
/// `stacks[i]` is player `i`'s chip count (all must be positive); `prizes[k]` is
/// the prize for place `k + 1` (finite and not negative; at most one per player;
/// missing places pay 0). The equities add up to the sum of the prizes.
pub fn equities(stacks: &[u64], prizes: &[f64]) -> Result<Vec<f64>, MoneyError> {
    check(stacks, prizes)?;
    Ok(by_scale(stacks, prizes, &|s, p| {
        if s.len() <= SUBSET_PREFERRED_UP_TO {
            subset_dp(s, p)
        } else {
            fourier::integral(s, p, 1)
        }
    }))
}

/// The most the split by scale (`by_scale`) may change any equity, as a
/// share of the first prize: the bound on the chance that the order it assumes
/// (every bigger group placed before any smaller one) does not happen.
pub const SCALE_SPLIT_RISK: f64 = 1e-13;

/// A method computing one group's equities from its stacks and prizes.
type Method = dyn Fn(&[u64], &[f64]) -> Vec<f64>;

/// Splits the field where the stacks fall apart in scale and computes each
/// group on its own with `method`, its slice of the prizes in order.
///
/// Sorted from the biggest stack down, the top `g` players (the giants) are
/// split from the rest (the dwarfs, `D` chips in all) when
/// `D · Σ_{giants} 1/chips_i ≤` [`SCALE_SPLIT_RISK`]. In the clock form of the
/// model (a clock per player ringing at a rate of its chips), a dwarf places
/// above a giant only if some dwarf's clock rings before the last giant's,
/// which has chance at most `D · E[last giant's time] ≤ D · Σ 1/chips_i`. On
/// the other event the giants take the top `g` places in their own
/// Malmuth-Harville order and the dwarfs the rest in theirs (the clocks are
/// memoryless), so every equity moves by at most that chance times the first
/// prize. The dwarfs are split again the same way. Each group's stacks are
/// within a few orders of magnitude of each other, except where they spread
/// evenly over many, which keeps the methods' work and their rounding bounded.
fn by_scale(stacks: &[u64], prizes: &[f64], method: &Method) -> Vec<f64> {
    let n = stacks.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| core::cmp::Reverse(stacks[i]));
    // chips_below[g] = chips of the players sorted after the first g (exact).
    let mut chips_below = vec![0u128; n + 1];
    for g in (0..n).rev() {
        chips_below[g] = chips_below[g + 1] + u128::from(stacks[order[g]]);
    }
    let mut out = vec![0.0; n];
    let mut start = 0;
    while start < n {
        let mut inverse = 0.0;
        let mut end = n;
        for g in start..n - 1 {
            inverse += 1.0 / stacks[order[g]] as f64;
            if chips_below[g + 1] as f64 * inverse <= SCALE_SPLIT_RISK {
                end = g + 1;
                break;
            }
        }
        let group: Vec<u64> = order[start..end].iter().map(|&i| stacks[i]).collect();
        let slice = prizes.get(start..end.min(prizes.len())).unwrap_or(&[]);
        let eq = if group.len() == 1 || slice.is_empty() {
            let mut eq = vec![0.0; group.len()];
            if let Some(&p) = slice.first() {
                eq[0] = p;
            }
            eq
        } else {
            method(&group, slice)
        };
        for (&i, e) in order[start..end].iter().zip(eq) {
            out[i] = e;
        }
        start = end;
    }
    out
}

/// [`equities`] by the subset DP alone (at most [`SUBSET_MAX_PLAYERS`] players).
pub fn equities_subset(stacks: &[u64], prizes: &[f64]) -> Result<Vec<f64>, MoneyError> {
    check(stacks, prizes)?;
    if stacks.len() > SUBSET_MAX_PLAYERS {
        return Err(MoneyError::TooManyPlayersForIcm {
            players: stacks.len(),
            max: SUBSET_MAX_PLAYERS,
        });
    }
    Ok(subset_dp(stacks, prizes))
}

/// [`equities`] by the Fourier form of the Harville integral alone, with `refine`
/// times the usual quadrature nodes and more interpolation points (1 is the
/// usual; more serve as a check; at most 8).
pub fn equities_integral(
    stacks: &[u64],
    prizes: &[f64],
    refine: u32,
) -> Result<Vec<f64>, MoneyError> {
    check(stacks, prizes)?;
    Ok(fourier::integral(stacks, prizes, refine.clamp(1, 8)))
}

/// [`equities`] by the Harville integral with each player's finishing count
/// built one by one at every node (`O(nodes · n · K)`): slow, an independent
/// reference for [`equities_integral`]. `refine` as there.
pub fn equities_direct(
    stacks: &[u64],
    prizes: &[f64],
    refine: u32,
) -> Result<Vec<f64>, MoneyError> {
    check(stacks, prizes)?;
    Ok(direct::integral(stacks, prizes, refine.clamp(1, 8)))
}

/// Checks the input of every method: players, positive stacks, prizes.
fn check(stacks: &[u64], prizes: &[f64]) -> Result<(), MoneyError> {
    let n = stacks.len();
    if n == 0 {
        return Err(MoneyError::NoPlayers);
    }
    if prizes.len() > n {
        return Err(MoneyError::TooManyPrizes {
            prizes: prizes.len(),
            players: n,
        });
    }
    if let Some(index) = stacks.iter().position(|&c| c == 0) {
        return Err(MoneyError::ZeroStack { index });
    }
    if let Some(place) = prizes.iter().position(|p| !p.is_finite() || *p < 0.0) {
        return Err(MoneyError::BadPrize { place: place + 1 });
    }
    if stacks
        .iter()
        .try_fold(0u64, |acc, &c| acc.checked_add(c))
        .is_none()
    {
        return Err(MoneyError::Overflow);
    }
    Ok(())
}

/// Each player's probability of finishing in each place: `result[i][k]` is the
/// chance that player `i` finishes in place `k + 1`. Same model as [`equities`]
/// (one equity computation per place); useful for showing a deal's numbers.
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

/// Each stack as a share of the chips in play (the integrals' `a`).
pub(super) fn stack_shares(stacks: &[u64]) -> Vec<f64> {
    let total: f64 = stacks.iter().map(|&c| c as f64).sum();
    stacks.iter().map(|&c| c as f64 / total).collect()
}

/// The prizes as every method pays them, and the part each player is sure of: with
/// every place paid, everyone is sure of the last prize, so it is taken out of each
/// prize (the rest is paid only while places are still open); prizes of nothing at
/// the end are dropped.
pub(super) fn prizes_above_base(players: usize, prizes: &[f64]) -> (Vec<f64>, f64) {
    let mut w = prizes.to_vec();
    let base = match w.last() {
        Some(&last) if w.len() == players => last,
        _ => 0.0,
    };
    if base != 0.0 {
        for x in &mut w {
            *x -= base;
        }
    }
    while w.last() == Some(&0.0) {
        w.pop();
    }
    (w, base)
}
