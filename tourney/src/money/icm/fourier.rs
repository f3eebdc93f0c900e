//! The Harville integral with the field's finishing count handled on the unit
//! circle, and the players' own terms interpolated in the stack.
//!
//! At time `u` player `j`'s clock has rung with chance `q_j = 1 − p_j`,
//! `p_j = e^{−a_j u}`, and the count of rung clocks has the generating function
//! `G(z) = Π_j (p_j + q_j z)`. Player `i`'s own count (the field without them)
//! has `G(z) / (p_i + q_i z)`, so at the points `ω_m = e^{2πi m / M}` of a window
//! of `M` counts that holds all of the count's mass,
//! `E[prize] = (1/M) Σ_m W(ω_m) G(ω_m) / (p_i + q_i ω_m)` with
//! `W(ω) = Σ_k w_k ω^{−k}` over the window. `|G(e^{iθ})|` falls like
//! `e^{−2σ² sin²(θ/2)}`, so only the `m` with small `θ` count: about thirty
//! points for any field, at any time. Two sums over the players remain, and for
//! the players whose `a_j u` stays small they are taken through a Chebyshev
//! interpolant in `a` (both are analytic in `a` near `[0, a_split]`):
//!
//! - `ln G(ω) = Σ_j ln(p_j + q_j ω)`: the interpolation weights `Λ_l = Σ_j ℓ_l(a_j)`
//!   are computed once, so each node costs `O(CHEB)` logarithms per point;
//! - each player's equity `E(a) = ∫ a e^{−a u} E[prize(own count)] du` is taken at
//!   the interpolation points and read off for every player at the end.
//!
//! Players with large `a_j` (few) are handled one by one at every node, and so
//! is everyone at the few nodes where points past `θ = π/3` are needed while
//! some `a_j u` of the interpolated players exceeds [`X_SMALL`] (there the
//! logarithm's singularity, at `p = 1/2` for `θ = π`, comes too near). With
//! fewer than `4 · CHEB` players to interpolate, everyone is handled one by one.

use super::direct::{end_time, gauss_legendre, panels};
use core::f64::consts::PI;

/// `ln` of the chance of a count outside the window (either side).
const LN_WINDOW: f64 = -36.0;
/// `ln` of the size of `|G|` past the last point used.
const LN_THETA: f64 = -36.8;
/// Interpolation points in `a` for the players taken together.
const CHEB: usize = 20;
/// The largest `a u` (over the nodes) for which the interpolation is used.
const X_BIG: f64 = 2.0;
/// The largest `a u` for the interpolation where points past `θ = π/3` are used
/// (there the logarithm has a singularity at `p = 1/2`).
const X_SMALL: f64 = 0.5;
/// Below this chance of not having rung, a player's clock counts as rung.
const RUNG: f64 = 1e-18;
/// Below this chance of having rung, a player is taken in bulk (series in `q`).
const BULK: f64 = 1e-3;
/// The fewest players taken in bulk at a node (fewer go one by one).
const BULK_MIN: usize = 64;
/// Terms of the bulk series: `(2 · BULK)^BULK_TERMS` is below `1e-16`.
const BULK_TERMS: usize = 6;
/// Gauss-Legendre order of each panel.
const GL_ORDER: usize = 12;
/// Panel width in `v = √u` at the usual refinement.
const PANEL_V: f64 = 3.0;

pub(super) fn integral(stacks: &[u64], prizes: &[f64], refine: u32) -> Vec<f64> {
    let n = stacks.len();
    let a = super::stack_shares(stacks);
    let (w, base) = super::prizes_above_base(n, prizes);
    let k_paid = w.len();
    let mut equity = vec![base; n];
    if k_paid == 0 {
        return equity;
    }
    let u_max = end_time(&a, k_paid, 6);
    let cheb = CHEB + 8 * (refine as usize - 1).min(4);
    let a_max = a.iter().copied().fold(0.0, f64::max);
    let mut a_split = (X_BIG / u_max).min(a_max);
    if a.iter().filter(|&&x| x <= a_split).count() < 4 * cheb {
        a_split = 0.0;
    }
    let mut st = State::new(&a, a_split, cheb, n);
    let v_max = u_max.sqrt();
    let (xs, ws) = gauss_legendre(GL_ORDER);
    for (lo, width) in panels(v_max, PANEL_V, n, refine) {
        for (x, wt) in xs.iter().zip(&ws) {
            let v = lo + (x + 1.0) * 0.5 * width;
            let weight = wt * 0.5 * width * 2.0 * v;
            st.node(&a, &w, v * v, weight);
        }
    }
    st.finish(&a, &mut equity);
    equity
}

/// Everything reused across nodes.
struct State {
    n: usize,
    a_split: f64,
    /// Interpolation points in `a` (empty when every player is direct).
    x: Vec<f64>,
    /// Interpolation weights: `Σ_j ℓ_l(a_j)` over the players taken together.
    lambda: Vec<f64>,
    /// Equity integrand accumulated at the interpolation points.
    e_cheb: Vec<f64>,
    /// Players handled one by one.
    direct: Vec<usize>,
    /// Players taken together.
    together: Vec<usize>,
    /// Equity accumulated one by one (direct players, and all at fallback nodes).
    acc: Vec<f64>,
    // Per-node scratch.
    p_cheb: Vec<f64>,
    q_cheb: Vec<f64>,
    p_each: Vec<f64>,
    q_each: Vec<f64>,
    c_re: Vec<f64>,
    c_im: Vec<f64>,
    cos_m: Vec<f64>,
    sin_m: Vec<f64>,
    s2_m: Vec<f64>,
    g_re: Vec<f64>,
    g_im: Vec<f64>,
    z_re: Vec<f64>,
    z_im: Vec<f64>,
    set_idx: Vec<usize>,
    /// Players taken in bulk at this node.
    bulk_idx: Vec<usize>,
    set_p: Vec<f64>,
    set_q: Vec<f64>,
    set_v: Vec<f64>,
    sum_q: Vec<f64>,
    sum_p: Vec<f64>,
    weight_p: f64,
}

impl State {
    fn new(a: &[f64], a_split: f64, cheb: usize, n: usize) -> State {
        let mut direct = Vec::new();
        let mut together = Vec::new();
        for (j, &aj) in a.iter().enumerate() {
            if a_split > 0.0 && aj <= a_split {
                together.push(j);
            } else {
                direct.push(j);
            }
        }
        let (x, lambda) = if together.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            // Chebyshev moments M_d = Σ_j T_d(τ_j).
            let mut moments = vec![0.0; cheb];
            for &j in &together {
                let t = 2.0 * a[j] / a_split - 1.0;
                let (mut t0, mut t1) = (1.0, t);
                moments[0] += 1.0;
                if cheb > 1 {
                    moments[1] += t;
                }
                for m in moments.iter_mut().skip(2) {
                    let t2 = 2.0 * t * t1 - t0;
                    *m += t2;
                    t0 = t1;
                    t1 = t2;
                }
            }
            let mut x = Vec::with_capacity(cheb);
            let mut lambda = Vec::with_capacity(cheb);
            let d = cheb as f64;
            for l in 0..cheb {
                let t = (PI * (l as f64 + 0.5) / d).cos();
                x.push(a_split * (t + 1.0) * 0.5);
                let mut s = moments[0];
                let (mut t0, mut t1) = (1.0, t);
                for (k, &m) in moments.iter().enumerate().skip(1) {
                    let tk = if k == 1 {
                        t
                    } else {
                        let t2 = 2.0 * t * t1 - t0;
                        t0 = t1;
                        t1 = t2;
                        t2
                    };
                    s += 2.0 * tk * m;
                }
                lambda.push(s / d);
            }
            (x, lambda)
        };
        let cheb_n = x.len();
        State {
            n,
            a_split,
            e_cheb: vec![0.0; cheb_n],
            p_cheb: vec![0.0; cheb_n],
            q_cheb: vec![0.0; cheb_n],
            x,
            lambda,
            direct,
            together,
            acc: vec![0.0; n],
            p_each: vec![0.0; n],
            q_each: vec![0.0; n],
            c_re: Vec::new(),
            c_im: Vec::new(),
            cos_m: Vec::new(),
            sin_m: Vec::new(),
            s2_m: Vec::new(),
            g_re: Vec::new(),
            g_im: Vec::new(),
            z_re: Vec::new(),
            z_im: Vec::new(),
            set_idx: Vec::new(),
            bulk_idx: Vec::new(),
            set_p: Vec::new(),
            set_q: Vec::new(),
            set_v: Vec::new(),
            sum_q: Vec::new(),
            sum_p: Vec::new(),
            weight_p: 0.0,
        }
    }

    /// Adds `weight ×` the integrand at time `u`.
    fn node(&mut self, a: &[f64], w: &[f64], u: f64, weight: f64) {
        let n = self.n;
        let k_paid = w.len();
        let (mut mu, mut var) = (0.0, 0.0);
        for (l, &xl) in self.x.iter().enumerate() {
            let p = (-xl * u).exp();
            let q = -(-xl * u).exp_m1();
            self.p_cheb[l] = p;
            self.q_cheb[l] = q;
            mu += self.lambda[l] * q;
            var += self.lambda[l] * p * q;
        }
        let together_here = !self.together.is_empty();
        for &j in &self.direct {
            let p = (-a[j] * u).exp();
            let q = -(-a[j] * u).exp_m1();
            self.p_each[j] = p;
            self.q_each[j] = q;
            mu += q;
            var += p * q;
        }
        let var = var.max(0.0);
        let lw = -LN_WINDOW;
        let t = lw / 3.0 + (lw * lw / 9.0 + 2.0 * lw * var).sqrt();
        let lo = (mu - t).floor().max(0.0) as usize;
        let hi = ((mu + t).ceil() as usize).min(n);
        // Own counts lie in [lo − 1, hi] (and below n).
        let lo = lo.saturating_sub(1);
        let hi = hi.min(n - 1);
        if lo >= k_paid {
            return;
        }
        let mut m_len = hi - lo + 1;
        if m_len & 1 == 0 {
            m_len += 1;
        }
        let own_var = (var - 0.25).max(1e-12);
        let s2 = -LN_THETA / (2.0 * own_var);
        let theta_max = if s2 >= 1.0 {
            PI
        } else {
            2.0 * s2.sqrt().asin()
        };
        let step = 2.0 * PI / m_len as f64;
        let m_max = ((m_len - 1) / 2).min((theta_max / step).ceil() as usize);
        let wide = step * m_max as f64 > PI / 3.0 + 1e-9;
        let fallback = together_here && wide && self.a_split * u > X_SMALL;
        if fallback {
            for &j in &self.together {
                self.p_each[j] = (-a[j] * u).exp();
                self.q_each[j] = -(-a[j] * u).exp_m1();
            }
        }
        let cheb_here = together_here && !fallback;
        let terms = m_max + 1;
        for v in [
            &mut self.c_re,
            &mut self.c_im,
            &mut self.cos_m,
            &mut self.sin_m,
            &mut self.s2_m,
            &mut self.g_re,
            &mut self.g_im,
            &mut self.z_re,
            &mut self.z_im,
        ] {
            v.clear();
            v.resize(terms, 0.0);
        }
        for m in 0..terms {
            let th = step * m as f64;
            let (s, c) = th.sin_cos();
            self.cos_m[m] = c;
            self.sin_m[m] = s;
            let h = (0.5 * th).sin();
            self.s2_m[m] = h * h;
        }
        // ln G over the interpolation points: by power sums where the series
        // converge fast, by logarithms otherwise; then the direct players' product.
        let series = if cheb_here { self.power_sums(terms) } else { 0 };
        for m in 0..terms {
            let (c, s, s2) = (self.cos_m[m], self.sin_m[m], self.s2_m[m]);
            let (mut lr, mut li) = (0.0, 0.0);
            if cheb_here && series > 0 {
                // ln(1 − x z) = −Σ x^k z^k / k, z = 1 − ω (x = q) or 1 − ω̄ (x = p,
                // plus iθ).
                let (zr, zi) = (1.0 - c, -s);
                let (mut ar, mut ai) = (0.0, 0.0);
                let (mut br, mut bi) = (0.0, 0.0);
                for k in (0..series).rev() {
                    let (sa, sb) = (self.sum_q[k], self.sum_p[k]);
                    let nr = ar * zr - ai * zi + sa;
                    ai = ar * zi + ai * zr;
                    ar = nr;
                    let nr = br * zr + bi * zi + sb;
                    bi = bi * zr - br * zi;
                    br = nr;
                }
                // One more factor z (z̄) for the k ≥ 1 start.
                lr = -(ar * zr - ai * zi) - (br * zr + bi * zi);
                li = -(ar * zi + ai * zr) - (bi * zr - br * zi) + self.weight_p * step * m as f64;
            } else if cheb_here {
                for l in 0..self.x.len() {
                    let (p, q) = (self.p_cheb[l], self.q_cheb[l]);
                    let lam = self.lambda[l];
                    lr += lam * 0.5 * (-4.0 * p * q * s2).ln_1p();
                    li += lam * (q * s).atan2(p + q * c);
                }
            }
            let mag = lr.exp();
            let (gr, gi) = (mag * li.cos(), mag * li.sin());
            self.g_re[m] = gr;
            self.g_im[m] = gi;
        }
        // The players handled one by one, as contiguous arrays.
        self.set_idx.clear();
        self.set_p.clear();
        self.set_q.clear();
        // A player whose clock has rung but for a chance below `RUNG` adds a
        // factor `ω` to `G` (a turn of the phase) and nothing to their own
        // equity from here on; both are dropped by at most `RUNG` each.
        // A player whose clock has barely a chance to have rung (`q` below
        // `BULK`) is taken in bulk: their factors' logarithm is a power series
        // in `q` over the power sums of the bulk, and their own value one in
        // their `q` with coefficients shared by the bulk.
        let mut rung = 0usize;
        self.bulk_idx.clear();
        let mut bulk_sums = [0.0f64; BULK_TERMS];
        let (p_each, q_each) = (&self.p_each, &self.q_each);
        let mut keep = |j: usize, set_idx: &mut Vec<usize>, bulk_idx: &mut Vec<usize>| {
            if p_each[j] < RUNG {
                rung += 1;
            } else if q_each[j] < BULK {
                bulk_idx.push(j);
                let mut qk = q_each[j];
                for s in &mut bulk_sums {
                    *s += qk;
                    qk *= q_each[j];
                }
            } else {
                set_idx.push(j);
            }
        };
        if fallback {
            for j in 0..n {
                keep(j, &mut self.set_idx, &mut self.bulk_idx);
            }
        } else {
            for &j in &self.direct {
                keep(j, &mut self.set_idx, &mut self.bulk_idx);
            }
        }
        if self.bulk_idx.len() < BULK_MIN {
            // Too few for the series' fixed cost per node: one by one.
            self.set_idx.append(&mut self.bulk_idx);
        }
        if !self.bulk_idx.is_empty() {
            // ln Π (1 + q (ω − 1)) = Σ_k (−1)^{k+1} S_k (ω − 1)^k / k.
            for m in 0..terms {
                let (zr, zi) = (self.cos_m[m] - 1.0, self.sin_m[m]);
                let (mut wr, mut wi) = (1.0, 0.0);
                let (mut lr, mut li) = (0.0, 0.0);
                for (k, &sk) in bulk_sums.iter().enumerate() {
                    let nr = wr * zr - wi * zi;
                    wi = wr * zi + wi * zr;
                    wr = nr;
                    let c = if k % 2 == 0 { sk } else { -sk } / (k + 1) as f64;
                    lr += c * wr;
                    li += c * wi;
                }
                let mag = lr.exp();
                let (fr, fi) = (mag * li.cos(), mag * li.sin());
                let (gr, gi) = (self.g_re[m], self.g_im[m]);
                self.g_re[m] = gr * fr - gi * fi;
                self.g_im[m] = gr * fi + gi * fr;
            }
        }
        for &j in &self.set_idx {
            self.set_p.push(self.p_each[j]);
            self.set_q.push(self.q_each[j]);
        }
        if rung > 0 {
            let turn = step * (rung % m_len) as f64;
            for m in 0..terms {
                let (s, c) = (turn * m as f64).sin_cos();
                let (gr, gi) = (self.g_re[m], self.g_im[m]);
                self.g_re[m] = gr * c - gi * s;
                self.g_im[m] = gr * s + gi * c;
            }
        }
        {
            let gre = &mut self.g_re[..terms];
            let gim = &mut self.g_im[..terms];
            let cos = &self.cos_m[..terms];
            let sin = &self.sin_m[..terms];
            for (&p, &q) in self.set_p.iter().zip(&self.set_q) {
                for m in 0..terms {
                    let (fr, fi) = (p + q * cos[m], q * sin[m]);
                    let (gr, gi) = (gre[m], gim[m]);
                    gre[m] = gr * fr - gi * fi;
                    gim[m] = gr * fi + gi * fr;
                }
            }
        }
        // W(ω_m) = Σ_k w_k ω_m^{−k} over the paid part of the window.
        let k_top = hi.min(k_paid - 1);
        let mut k = lo;
        while k <= k_top {
            let block_end = (k + 128).min(k_top + 1);
            // Block start: z_m = e^{−i m k θ_1}, by powers of the exact z_1.
            let r = (k % m_len) as f64;
            let (s1, c1) = (step * r).sin_cos();
            let (mut zr, mut zi) = (1.0, 0.0);
            for m in 0..terms {
                self.z_re[m] = zr;
                self.z_im[m] = zi;
                let nr = zr * c1 + zi * s1;
                zi = zi * c1 - zr * s1;
                zr = nr;
            }
            let zre = &mut self.z_re[..terms];
            let zim = &mut self.z_im[..terms];
            let cre = &mut self.c_re[..terms];
            let cim = &mut self.c_im[..terms];
            let cos = &self.cos_m[..terms];
            let sin = &self.sin_m[..terms];
            for &wk in &w[k..block_end] {
                for m in 0..terms {
                    let (zr, zi) = (zre[m], zim[m]);
                    cre[m] += wk * zr;
                    cim[m] += wk * zi;
                    let (c, s) = (cos[m], sin[m]);
                    // z *= e^{−iθ}
                    zre[m] = zr * c + zi * s;
                    zim[m] = zi * c - zr * s;
                }
            }
            k = block_end;
        }
        // c_m = G W / M, doubled for the conjugate point.
        for m in 0..terms {
            let f = if m == 0 { 1.0 } else { 2.0 } / m_len as f64;
            let (wr, wi) = (self.c_re[m], self.c_im[m]);
            let (gr, gi) = (self.g_re[m], self.g_im[m]);
            self.c_re[m] = f * (gr * wr - gi * wi);
            self.c_im[m] = f * (gr * wi + gi * wr);
        }
        let value = |p: f64, q: f64, st: &State| -> f64 {
            let mut v = 0.0;
            for m in 0..terms {
                let (fr, fi) = (p + q * st.cos_m[m], q * st.sin_m[m]);
                let d = 1.0 - 4.0 * p * q * st.s2_m[m];
                v += (st.c_re[m] * fr + st.c_im[m] * fi) / d;
            }
            v
        };
        if cheb_here {
            for l in 0..self.x.len() {
                let (p, q) = (self.p_cheb[l], self.q_cheb[l]);
                let v = value(p, q, self);
                self.e_cheb[l] += weight * self.x[l] * p * v;
            }
        }
        self.set_v.clear();
        self.set_v.resize(self.set_idx.len(), 0.0);
        for m in 0..terms {
            let (cr, ci) = (self.c_re[m], self.c_im[m]);
            let (c, sn, s2) = (self.cos_m[m], self.sin_m[m], self.s2_m[m]);
            for ((v, &p), &q) in self.set_v.iter_mut().zip(&self.set_p).zip(&self.set_q) {
                let (fr, fi) = (p + q * c, q * sn);
                *v += (cr * fr + ci * fi) / (1.0 - 4.0 * p * q * s2);
            }
        }
        if !self.bulk_idx.is_empty() {
            // value(1 − q, q) = Σ_m (A_m + B_m q) / (1 − 4 s2 q + 4 s2 q²)
            // = Σ_k V_k q^k, A = c_re, B = c_im sin − 2 c_re s2.
            let mut v = [0.0f64; BULK_TERMS];
            for m in 0..terms {
                let (cr, ci) = (self.c_re[m], self.c_im[m]);
                let (sn, s2) = (self.sin_m[m], self.s2_m[m]);
                let (a_m, b_m) = (cr, ci * sn - 2.0 * cr * s2);
                // 1/D = Σ e_k q^k: e_0 = 1, e_1 = 4 s2, e_k = 4 s2 (e_{k−1} − e_{k−2}).
                let (mut e_prev, mut e) = (0.0, 1.0);
                for vk in &mut v {
                    *vk += a_m * e + b_m * e_prev;
                    let next = 4.0 * s2 * (e - e_prev);
                    e_prev = e;
                    e = next;
                }
            }
            for &j in &self.bulk_idx {
                let q = self.q_each[j];
                let mut val = 0.0;
                for &vk in v.iter().rev() {
                    val = val * q + vk;
                }
                self.acc[j] += weight * a[j] * self.p_each[j] * val;
            }
        }
        for (i, &j) in self.set_idx.iter().enumerate() {
            self.acc[j] += weight * a[j] * self.set_p[i] * self.set_v[i];
        }
    }

    /// Fills `sum_q[k] = Σ_{q_l ≤ 1/2} Λ_l q_l^{k+1} / (k+1)` and the same in
    /// `p_l` for the other points, and `weight_p = Σ_{q_l > 1/2} Λ_l`; returns
    /// the number of terms that reach full precision at the largest angle
    /// used, or 0 when the logarithms are cheaper.
    fn power_sums(&mut self, terms: usize) -> usize {
        let theta = self.sin_m[terms - 1].atan2(self.cos_m[terms - 1]);
        let ratio = (0.5 * theta).sin();
        let weight: f64 = self.lambda.iter().map(|l| l.abs()).sum::<f64>().max(1.0);
        if ratio > 0.6 {
            return 0;
        }
        let need = ((1e-15 / weight).ln() / ratio.max(1e-3).ln()).ceil() as usize + 1;
        if need > 120 {
            return 0;
        }
        self.sum_q.clear();
        self.sum_q.resize(need, 0.0);
        self.sum_p.clear();
        self.sum_p.resize(need, 0.0);
        self.weight_p = 0.0;
        for l in 0..self.x.len() {
            let (p, q, lam) = (self.p_cheb[l], self.q_cheb[l], self.lambda[l]);
            let (x, sums) = if q <= 0.5 {
                (q, &mut self.sum_q)
            } else {
                self.weight_p += lam;
                (p, &mut self.sum_p)
            };
            let mut pow = lam;
            for (k, s) in sums.iter_mut().enumerate() {
                pow *= x;
                *s += pow / (k + 1) as f64;
            }
        }
        need
    }

    fn finish(&self, a: &[f64], equity: &mut [f64]) {
        for (e, acc) in equity.iter_mut().zip(&self.acc) {
            *e += acc;
        }
        if self.x.is_empty() {
            return;
        }
        let d = self.x.len();
        let df = d as f64;
        // Chebyshev coefficients of the interpolant through the points.
        let mut coef = vec![0.0; d];
        for (k, ck) in coef.iter_mut().enumerate() {
            let mut s = 0.0;
            for (l, e) in self.e_cheb.iter().enumerate() {
                s += e * (PI * k as f64 * (l as f64 + 0.5) / df).cos();
            }
            *ck = 2.0 * s / df;
        }
        coef[0] *= 0.5;
        for &j in &self.together {
            let t = 2.0 * a[j] / self.a_split - 1.0;
            // Clenshaw.
            let (mut b1, mut b2) = (0.0, 0.0);
            for &ck in coef.iter().skip(1).rev() {
                let b0 = 2.0 * t * b1 - b2 + ck;
                b2 = b1;
                b1 = b0;
            }
            equity[j] += t * b1 - b2 + coef[0];
        }
    }
}
