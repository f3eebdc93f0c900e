//! The subset DP: exact Malmuth-Harville over the sets of players that fill the
//! top places.

/// Each player's equity by the subset DP (`stacks` positive, `prizes` checked).
///
/// `prob[s]` is the chance that exactly the players in `s` take the top `|s|`
/// places; from it, each player `j` outside `s` takes place `|s| + 1` with chance
/// `f(s) · chips_j`, `f(s) = prob[s] / (total − chips(s))`. So player `j`'s
/// equity is `chips_j · Σ_{s ∌ j} f(s) · w_{|s|}`. Subsets of `places` or more
/// players are never needed.
pub(super) fn subset_dp(stacks: &[u64], prizes: &[f64]) -> Vec<f64> {
    let n = stacks.len();
    let chips: Vec<f64> = stacks.iter().map(|&c| c as f64).collect();
    // Chips still unplaced are counted exactly (integers; `check` keeps the
    // total within u64) and only then converted: a difference of two large
    // floats would lose the small stacks (2^53 + 1 + 1 is 2^53 in f64).
    let total: u64 = stacks.iter().sum();
    let (w, base) = super::prizes_above_base(n, prizes);
    let places = w.len();
    let mut equity = vec![base; n];
    if places == 0 {
        return equity;
    }
    let subsets = 1usize << n;
    let mut prob = vec![0.0f64; subsets];
    let mut placed = vec![0u64; subsets];
    // size[s] = |s| (kept in a table: counting bits is slow on baseline x86-64).
    let mut size = vec![0u8; subsets];
    let (prob, placed, size) = (&mut prob[..], &mut placed[..subsets], &mut size[..subsets]);
    // without[j] = Σ_{s ∌ j} f(s) · w_{|s|}; indices masked to the array size.
    let mut without = [0.0f64; 32];
    let mut c = [0.0f64; 32];
    let mut ci = [0u64; 32];
    for ((cj, cij), (&x, &xi)) in c.iter_mut().zip(&mut ci).zip(chips.iter().zip(stacks)) {
        *cj = x;
        *cij = xi;
    }
    prob[0] = 1.0;
    for s in 0..subsets {
        if s != 0 {
            let low = s.trailing_zeros() as usize & 31;
            let rest = s & (s - 1);
            placed[s] = placed[rest] + ci[low];
            size[s] = size[rest] + 1;
        }
        let place = size[s] as usize;
        let Some(&prize) = w.get(place) else {
            continue;
        };
        let f = prob[s] / (total - placed[s]) as f64;
        let fw = f * prize;
        let mut rest = !s & (subsets - 1);
        if place + 1 < places {
            while rest != 0 {
                let j = rest.trailing_zeros() as usize & 31;
                rest &= rest - 1;
                without[j] += fw;
                if let Some(p) = prob.get_mut(s | (1 << j)) {
                    *p += f * c[j];
                }
            }
        } else {
            while rest != 0 {
                let j = rest.trailing_zeros() as usize & 31;
                rest &= rest - 1;
                without[j] += fw;
            }
        }
    }
    for ((e, x), cj) in equity.iter_mut().zip(without).zip(c) {
        *e += cj * x;
    }
    equity
}
