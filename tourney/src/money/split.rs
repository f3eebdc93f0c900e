//! Integer splitting with stated remainder rules. Every function returns amounts
//! that add up to exactly `total`.
//!
//! The callers put their players in a canonical order first (usually most chips
//! first, then lowest [`PlayerId`](super::PlayerId)); the remainder rules below
//! break ties by that order, so results never depend on the caller's input order.

use super::MoneyError;

/// `total` split into `n` equal parts; the `total % n` odd cents go one each to
/// the first parts. `n == 0` gives an empty split.
pub(crate) fn split_even(total: u64, n: usize) -> Vec<u64> {
    let Ok(n64) = u64::try_from(n) else {
        return Vec::new();
    };
    if n64 == 0 {
        return Vec::new();
    }
    let base = total / n64;
    let odd = total % n64;
    (0..n64).map(|i| base + u64::from(i < odd)).collect()
}

/// `total` split in proportion to `weights` by the largest-remainder method: each
/// part is `floor(total * w / W)`, and the cents left over (fewer than the number
/// of parts) go one each to the largest remainders, ties to the earlier part.
/// Computed in `u128`, so exact for every `u64` input.
pub(crate) fn split_by_weight(total: u64, weights: &[u64]) -> Result<Vec<u64>, MoneyError> {
    let w_sum: u128 = weights.iter().map(|&w| u128::from(w)).sum();
    if w_sum == 0 {
        return Err(MoneyError::NoPlayers);
    }
    let mut parts = Vec::with_capacity(weights.len());
    let mut remainders = Vec::with_capacity(weights.len());
    for &w in weights {
        let scaled = u128::from(total) * u128::from(w);
        // The quotient is at most `total`, so it fits in u64.
        let part = u64::try_from(scaled / w_sum).map_err(|_| MoneyError::Overflow)?;
        parts.push(part);
        remainders.push(scaled % w_sum);
    }
    let given: u64 = parts.iter().sum();
    let left = total - given;
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| remainders[b].cmp(&remainders[a]).then(a.cmp(&b)));
    for &i in order
        .iter()
        .take(usize::try_from(left).unwrap_or(usize::MAX))
    {
        parts[i] += 1;
    }
    Ok(parts)
}

/// Rounds real-valued shares (which should add up to `total`) to whole cents that
/// add up to exactly `total`: each share is floored, then missing cents go one each
/// to the largest fractional parts (ties to the earlier part), or, if float error
/// made the floors overshoot, cents are taken back from the smallest fractional
/// parts (ties to the later part).
pub(crate) fn round_shares(total: u64, exact: &[f64]) -> Vec<u64> {
    let n = exact.len();
    if n == 0 {
        return Vec::new();
    }
    let total_f = total as f64;
    let mut parts: Vec<u64> = Vec::with_capacity(n);
    let mut fracs: Vec<f64> = Vec::with_capacity(n);
    for &x in exact {
        let x = if x.is_finite() {
            x.clamp(0.0, total_f)
        } else {
            0.0
        };
        let floor = x.floor();
        // `floor` is within 0..=total, so the cast is exact for totals below 2^53.
        parts.push(floor as u64);
        fracs.push(x - floor);
    }
    let mut sum: u128 = parts.iter().map(|&p| u128::from(p)).sum();
    let total_w = u128::from(total);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| fracs[b].total_cmp(&fracs[a]).then(a.cmp(&b)));
    // Missing cents: an equal base to every part (only when the inputs did not add
    // up to `total`, e.g. all zero), then one each in `order`.
    if sum < total_w {
        let missing = total_w - sum;
        let base = u64::try_from(missing / n as u128).unwrap_or(0);
        let odd = usize::try_from(missing % n as u128).unwrap_or(0);
        for p in parts.iter_mut() {
            *p += base;
        }
        for &i in order.iter().take(odd) {
            parts[i] += 1;
        }
        sum = total_w;
    }
    let mut k = 0;
    while sum > total_w {
        let i = order[n - 1 - (k % n)];
        if parts[i] > 0 {
            parts[i] -= 1;
            sum -= 1;
        }
        k += 1;
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_split_gives_odd_cents_to_the_first_parts() {
        assert_eq!(split_even(10, 3), [4, 3, 3]);
        assert_eq!(split_even(11, 3), [4, 4, 3]);
        assert_eq!(split_even(0, 2), [0, 0]);
        assert!(split_even(5, 0).is_empty());
    }

    #[test]
    fn weighted_split_uses_largest_remainders() {
        // 100 by 1:1:1 -> 33.33 each, one cent to the first (ties to earlier).
        assert_eq!(split_by_weight(100, &[1, 1, 1]).unwrap(), [34, 33, 33]);
        // 10 by 1:2 -> 3.33, 6.67: the larger remainder gets the cent.
        assert_eq!(split_by_weight(10, &[1, 2]).unwrap(), [3, 7]);
        assert_eq!(
            split_by_weight(u64::MAX, &[u64::MAX, 1])
                .unwrap()
                .iter()
                .sum::<u64>(),
            u64::MAX
        );
        assert_eq!(split_by_weight(5, &[0, 0]), Err(MoneyError::NoPlayers));
    }

    #[test]
    fn float_shares_round_to_the_exact_total() {
        assert_eq!(round_shares(100, &[33.4, 33.4, 33.2]), [34, 33, 33]);
        assert_eq!(
            round_shares(10_000, &[3839.2857, 3275.0, 2885.7143]),
            [3839, 3275, 2886]
        );
        // Overshooting floats give cents back from the smallest fractions.
        assert_eq!(round_shares(2, &[1.0, 1.0, 0.9]).iter().sum::<u64>(), 2);
        assert_eq!(round_shares(7, &[0.0, 0.0]).iter().sum::<u64>(), 7);
    }
}
