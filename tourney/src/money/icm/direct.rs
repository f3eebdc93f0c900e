//! The Harville integral with each player's finishing count rebuilt at every
//! node: slow, kept as an independent reference for the Fourier method.

/// Terms of the shared series for a player's own count (`r^TERMS` is below
/// `1e-16` for `r ≤ R_SMALL`).
const TERMS: usize = 40;
/// Below this `r = q/p` a player's count is `g` divided by the forward series.
const R_SMALL: f64 = 0.4;
/// Above this `r` a player's count is `g` divided by the backward series.
const R_LARGE: f64 = 2.5;
/// `ln` of the tail probability past which the integral stops (about `1e-18`).
const LN_TAIL: f64 = -41.5;
/// Count probabilities below this are dropped from the ends of the window:
/// what they could add to any equity is below `1e-20` of the prize pool.
const NEGLIGIBLE: f64 = 1e-30;
/// Gauss-Legendre order of each panel.
const GL_ORDER: usize = 12;
/// Panel width in `v = √u` at the usual refinement.
const PANEL_V: f64 = 2.0;

pub(super) fn integral(stacks: &[u64], prizes: &[f64], refine: u32) -> Vec<f64> {
    let n = stacks.len();
    let a = super::stack_shares(stacks);
    let (w, base) = super::prizes_above_base(n, prizes);
    let k_paid = w.len();
    let mut equity = vec![base; n];
    if k_paid == 0 {
        return equity;
    }
    let u_max = end_time(&a, k_paid, 24);
    let v_max = u_max.sqrt();
    let (xs, ws) = gauss_legendre(GL_ORDER);
    let mut node = Node::new(n, k_paid);
    for (lo, width) in panels(v_max, PANEL_V, n, refine) {
        for (x, wt) in xs.iter().zip(&ws) {
            let v = lo + (x + 1.0) * 0.5 * width;
            let weight = wt * 0.5 * width * 2.0 * v;
            node.add(&a, &w, v * v, weight, &mut equity);
        }
    }
    equity
}

/// The quadrature panels `(start, width)` over `v = √u ∈ [0, v_max]`: `width`
/// (over `refine`) up to `v = √n`, then growing with `v` so that each panel
/// spans the same `6 / √n` in `ln u` as the panel at `√n` does. No feature of
/// the integrand is narrower than about `1.6 / √n` in `ln u` (the field's
/// count moves by its spread `σ` while `ln u` moves by `σ / Σ a_j u e^{−a_j u}
/// ≥ 1/√(n/e)`), so past `√n` the panels cover the same number of features as
/// at `√n`, and a field whose stacks spread over many orders of magnitude
/// needs panels in proportion to the logarithm of that spread, not its root.
pub(super) fn panels(v_max: f64, width: f64, n: usize, refine: u32) -> Vec<(f64, f64)> {
    let refine = f64::from(refine.max(1));
    let per_v = width / (n as f64).sqrt();
    let mut out = Vec::new();
    let mut lo = 0.0;
    while lo < v_max {
        let step = (width.max(per_v * lo) / refine).min(v_max - lo);
        out.push((lo, step));
        let next = lo + step;
        if next <= lo {
            break;
        }
        lo = next;
    }
    out
}

/// A time `u` by which all paid places are filled but for a chance below
/// `e^LN_TAIL`: `P(N(u) ≤ K)`, bounded by Bernstein's inequality and by the
/// chance that `n − K` clocks have not rung (`(Σ e^{−a_j u})^{n−K} / (n−K)!`).
pub(super) fn end_time(a: &[f64], k_paid: usize, bisections: u32) -> f64 {
    let n = a.len();
    let m = (n - k_paid) as f64;
    let ln_m_fact = ln_factorial(n - k_paid);
    let ln_bound = |u: f64| {
        let (mut mu, mut var, mut not_rung) = (0.0, 0.0, 0.0);
        for &aj in a {
            let p = (-aj * u).exp();
            let q = 1.0 - p;
            mu += q;
            var += p * q;
            not_rung += p;
        }
        let mut b = m * not_rung.ln() - ln_m_fact;
        let t = mu - k_paid as f64;
        if t > 0.0 {
            b = b.min(-t * t / (2.0 * (var + t / 3.0)));
        }
        b
    };
    let mut hi = 1.0;
    while ln_bound(hi) > LN_TAIL && hi < 1e40 {
        hi *= 2.0;
    }
    let mut lo = 0.0;
    for _ in 0..bisections {
        let mid = 0.5 * (lo + hi);
        if ln_bound(mid) > LN_TAIL {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

fn ln_factorial(n: usize) -> f64 {
    (2..=n).map(|k| (k as f64).ln()).sum()
}

/// Nodes and weights of `order`-point Gauss-Legendre on `[-1, 1]` (Newton on
/// the Legendre polynomial from Chebyshev guesses; accurate to a few ulps).
pub(super) fn gauss_legendre(order: usize) -> (Vec<f64>, Vec<f64>) {
    let mut xs = Vec::with_capacity(order);
    let mut ws = Vec::with_capacity(order);
    let nf = order as f64;
    for i in 0..order {
        let mut x = (core::f64::consts::PI * (i as f64 + 0.75) / (nf + 0.5)).cos();
        let mut dp = 1.0;
        for _ in 0..100 {
            let (mut p0, mut p1) = (1.0, x);
            for k in 2..=order {
                let kf = k as f64;
                let p2 = ((2.0 * kf - 1.0) * x * p1 - (kf - 1.0) * p0) / kf;
                p0 = p1;
                p1 = p2;
            }
            dp = nf * (x * p1 - p0) / (x * x - 1.0);
            let dx = p1 / dp;
            x -= dx;
            if dx.abs() < 1e-16 {
                break;
            }
        }
        xs.push(x);
        ws.push(2.0 / ((1.0 - x * x) * dp * dp));
    }
    (xs, ws)
}

/// Work space for one quadrature node, reused across nodes.
struct Node {
    n: usize,
    k_paid: usize,
    g: Vec<f64>,
    own: Vec<f64>,
    fwd: [f64; TERMS],
    bwd: [f64; TERMS],
}

impl Node {
    fn new(n: usize, k_paid: usize) -> Node {
        Node {
            n,
            k_paid,
            g: Vec::with_capacity(n + 1),
            own: Vec::with_capacity(n),
            fwd: [0.0; TERMS],
            bwd: [0.0; TERMS],
        }
    }

    /// Adds `weight ×` the integrand at time `u` to each player's equity.
    fn add(&mut self, a: &[f64], w: &[f64], u: f64, weight: f64, equity: &mut [f64]) {
        let n = self.n;
        let k_paid = self.k_paid;
        let (mut mu, mut var) = (0.0, 0.0);
        for &aj in a {
            let q = -(-aj * u).exp_m1();
            mu += q;
            var += q * (1.0 - q);
        }
        // The field's count matters up to the paid places plus the series' reach,
        // and, for exact backward division, to where its upper tail is nil.
        let tail_top = (mu + 13.0 * var.sqrt() + 2.0).ceil() as usize;
        let top = n.min((k_paid + TERMS).max(tail_top));
        self.field_count(a, u, top);
        let g = &self.g;
        let at = |k: usize| g.get(k).copied().unwrap_or(0.0);
        for m in 0..TERMS {
            let mut f = 0.0;
            let mut b = 0.0;
            for (k, &wk) in w.iter().enumerate() {
                if k >= m {
                    f += wk * g[k - m];
                }
                b += wk * at(k + 1 + m);
            }
            self.fwd[m] = f;
            self.bwd[m] = b;
        }
        for (i, &ai) in a.iter().enumerate() {
            let x = ai * u;
            let p = (-x).exp();
            if p == 0.0 {
                continue;
            }
            let q = -(-x).exp_m1();
            let r = q / p;
            let value = if r <= R_SMALL {
                // own = g / (p (1 + r z)) = g/p · Σ (−r z)^m.
                let mut s = 0.0;
                for &c in self.fwd.iter().rev() {
                    s = s * -r + c;
                }
                s / p
            } else if r >= R_LARGE {
                // own = g / (q z (1 + 1/(r z))) = g/(q z) · Σ (−1/(r z))^m.
                let inv = -1.0 / r;
                let mut s = 0.0;
                for &c in self.bwd.iter().rev() {
                    s = s * inv + c;
                }
                s / q
            } else if r <= 1.0 {
                // Exact division, forward: errors shrink by r each step.
                let mut prev = 0.0;
                let mut s = 0.0;
                for (k, &wk) in w.iter().enumerate() {
                    let h = (g[k] - q * prev) / p;
                    s += wk * h;
                    prev = h;
                }
                s
            } else {
                // Exact division, backward from where the count is nil: errors
                // shrink by 1/r each step.
                self.own.clear();
                self.own.resize(top + 1, 0.0);
                let mut h = 0.0;
                for k in (1..=top).rev() {
                    h = (g[k] - p * h) / q;
                    self.own[k - 1] = h;
                }
                w.iter().zip(&self.own).map(|(wk, h)| wk * h).sum()
            };
            equity[i] += weight * ai * p * value;
        }
    }

    /// `g[k] = P(exactly k of the whole field rang by u)` for `k ≤ top`; entries
    /// that fall below [`NEGLIGIBLE`] at either end are dropped as they go.
    fn field_count(&mut self, a: &[f64], u: f64, top: usize) {
        let g = &mut self.g;
        g.clear();
        g.resize(top + 1, 0.0);
        g[0] = 1.0;
        let mut lo = 0;
        let mut hi = 0;
        for &aj in a {
            let p = (-aj * u).exp();
            let q = 1.0 - p;
            if hi < top {
                hi += 1;
                g[hi] = 0.0;
            }
            for k in (lo.max(1)..=hi).rev() {
                g[k] = p * g[k] + q * g[k - 1];
            }
            if lo == 0 {
                g[0] *= p;
            }
            // The count is unimodal: entries below `NEGLIGIBLE` at either end
            // stay negligible, so the window keeps only the rest.
            while lo < hi && g[lo] < NEGLIGIBLE {
                g[lo] = 0.0;
                lo += 1;
            }
            while hi > lo && g[hi] < NEGLIGIBLE {
                g[hi] = 0.0;
                hi -= 1;
            }
        }
    }
}
