//! The sub-cycles of one Gummel iteration as explicit point updates over a
//! segment of interior rows `[a, b)`.
//!
//! Inside a segment the sweep is Gauss–Seidel in row order (row i sees the new
//! value of row i − 1). The neighbours just outside the segment, rows a − 1 and
//! b, are always read from the previous-iteration arrays (`old`): for the
//! sequential order the single segment is all interior rows and those
//! neighbours are the fixed contacts; for the relaxed order they are the
//! neighbouring segments' values of the previous iteration — the halo a
//! parallel version would receive; for the staggered order, across a linked
//! boundary, the neighbours' current values, copied there before each step.

use super::Links;
use super::instrument::{Probe, SubCycle};
use super::state::{Fields, State};
use crate::mesh::Mesh;

/// Inner Newton tolerance of the potential point update (thermal voltages).
const INNER_TOL: f64 = 1e-10;
/// Inner Newton iteration cap (never reached in practice: the point equation is monotone).
const MAX_INNER: u32 = 60;

/// Scharfetter–Gummel edge mean of e^w between two rows:
/// (w1 − w0) / (e^−w0 − e^−w1), written to avoid overflow and cancellation.
#[inline(always)]
pub(crate) fn sg_mean(w0: f64, e0: f64, w1: f64, e1: f64) -> f64 {
    let d = w1 - w0;
    if d.abs() < 1e-3 {
        (e0.sqrt() * e1.sqrt()) * (1.0 - d * d / 24.0)
    } else if d > 0.0 {
        d * e0 / (1.0 - e0 / e1)
    } else {
        -d * e1 / (1.0 - e1 / e0)
    }
}

/// Copies the current values of rows `[a, b)` to the previous-iteration arrays.
pub(crate) fn reset(s: &mut State, a: usize, b: usize, probe: &mut impl Probe) {
    probe.begin(SubCycle::Reset);
    let State { cur, old, .. } = s;
    for i in a..b {
        old.psi[i] = cur.psi[i];
        old.u[i] = cur.u[i];
        old.v[i] = cur.v[i];
        old.ew[i] = cur.ew[i];
        old.ez[i] = cur.ez[i];
        probe.row(i);
    }
}

/// The over-relaxation of row `i` of `[a, b)`: `omega`, but plain
/// updates (1) for an end row not linked to its neighbour.
#[inline(always)]
fn omega_at(i: usize, a: usize, b: usize, links: Links, omega: f64) -> f64 {
    if (i == a && !links.left) || (i + 1 == b && !links.right) {
        1.0
    } else {
        omega
    }
}

/// e^(x + t) from e^x for a small t (|t| < 1e-4: the series is exact to rounding).
#[inline(always)]
fn exp_shift(ex: f64, x_plus_t: f64, t: f64) -> f64 {
    if t.abs() < 1e-4 {
        ex * (1.0 + t * (1.0 + t * (0.5 + t * (1.0 / 6.0))))
    } else {
        x_plus_t.exp()
    }
}

/// Solves the scalar nonlinear Poisson equation of one row by Newton:
/// lin − esum·x + β·e^−x − α·e^x + c = 0 (strictly decreasing in x).
/// Returns the root, the iteration count and e^root.
/// At most `max_inner` steps (1: the paper's explicit formula, the point
/// equation linearized at `x0`).
#[inline(always)]
fn newton_point(
    x0: f64,
    (lin, esum, alpha, beta, c): (f64, f64, f64, f64, f64),
    max_inner: u32,
) -> (f64, u32, f64) {
    let mut x = x0;
    let mut k = 0;
    loop {
        k += 1;
        let ex = x.exp();
        let n = alpha * ex;
        let p = beta / ex;
        let f = lin - esum * x + p - n + c;
        let mut d = f / (esum + p + n);
        if d.abs() > 1.0 {
            // Damp long steps (logarithmic limiter): the exponentials make them unreliable.
            d = d.signum() * (1.0 + d.abs().ln());
        }
        x += d;
        if d.abs() < INNER_TOL || k >= max_inner {
            return (x, k, exp_shift(ex, x, d));
        }
    }
}

/// The `phi` sub-cycle over rows `[a, b)`: nonlinear Poisson point update
/// with u, v frozen, over-relaxed by `omega`; with `explicit` the paper's
/// explicit formula (one linearized step) instead of the scalar Newton
/// solve. Returns Σ|Δψ| (thermal voltages).
pub(crate) fn phi(
    m: &Mesh,
    s: &mut State,
    (a, b): (usize, usize),
    links: Links,
    (omega, explicit): (f64, bool),
    probe: &mut impl Probe,
) -> f64 {
    let max_inner = if explicit { 1 } else { MAX_INNER };
    probe.begin(SubCycle::Phi);
    let State { cur, old, .. } = s;
    let mut psi_l = old.psi[a - 1];
    let mut sum = 0.0;
    for i in a..b {
        let psi_r = if i + 1 == b {
            old.psi[b]
        } else {
            cur.psi[i + 1]
        };
        let (el, er) = (m.eps[i - 1], m.eps[i]);
        let lin = el * psi_l + er * psi_r;
        let alpha = cur.u[i] * m.e_vn[i];
        let beta = cur.v[i] * m.e_vp[i];
        let prev = cur.psi[i];
        let point = (lin, el + er, alpha, beta, m.doping[i]);
        let (x, k, ex_root) = newton_point(prev, point, max_inner);
        // Over-relax only small changes: far from the solution the exponentials
        // make an over-relaxed point step overshoot (Gummel then diverges).
        let step = x - prev;
        let w = omega_at(i, a, b, links, omega);
        let new = prev + damped(w, step) * step;
        let ex = exp_shift(ex_root, new, new - x);
        cur.psi[i] = new;
        cur.ew[i] = ex * m.e_vn[i];
        cur.ez[i] = m.e_vp[i] / ex;
        sum += (new - prev).abs();
        psi_l = new;
        probe.inner(i, k);
        probe.row(i);
    }
    sum
}

/// SRH: the scaled factor ρ·n_ie²/D of the point equations, D = τp(n + n_ie) + τn(p + n_ie).
#[inline(always)]
fn srh_factor(m: &Mesh, i: usize, ew: f64, u: f64, ez: f64, v: f64) -> f64 {
    let d = m.tau_p[i] * (ew * u + m.nie[i]) + m.tau_n[i] * (ez * v + m.nie[i]);
    m.rho * m.nie2[i] / d
}

/// The over-relaxation factor for a point step of `x` thermal voltages: `omega`
/// for small steps, falling smoothly to 1 (plain Gauss–Seidel) for steps of a
/// thermal voltage and more — far from the solution the exponentials make an
/// over-relaxed step overshoot and the coupled iteration diverge.
#[inline(always)]
fn damped(omega: f64, x: f64) -> f64 {
    1.0 + (omega - 1.0) / (1.0 + x * x)
}

/// Over-relaxed Slotboom update. Small steps are plain SOR; a step of more
/// than 10 % is over-relaxed in the quasi-Fermi potential instead
/// (prev·(star/prev)^ω', ω' falling from ω to 1 for steps of a
/// thermal voltage and more), which agrees with SOR to first order and stays positive
/// — across a reverse-biased junction u and v span tens of decades, and linear
/// over-relaxation of such steps would go negative.
#[inline(always)]
fn relax(prev: f64, star: f64, omega: f64) -> f64 {
    let ratio = star / prev;
    if (ratio - 1.0).abs() <= 0.1 {
        prev + omega * (star - prev)
    } else {
        let d = ratio.ln();
        prev * (damped(omega, d) * d).exp()
    }
}

/// The `u` sub-cycle: electron continuity point update (explicit formula,
/// positive for any input), over-relaxed by `omega`. Returns Σ|Δu|/u.
pub(crate) fn electrons(
    m: &Mesh,
    s: &mut State,
    a: usize,
    b: usize,
    links: Links,
    omega: f64,
    probe: &mut impl Probe,
) -> f64 {
    probe.begin(SubCycle::U);
    let last = m.rows - 1;
    let State { cur, old, an, .. } = s;
    let mut u_l = old.u[a - 1];
    let mut a_l = m.mu_n[a - 1]
        * sg_mean(
            old.psi[a - 1] + m.vn[a - 1],
            old.ew[a - 1],
            cur.psi[a] + m.vn[a],
            cur.ew[a],
        );
    let mut sum = 0.0;
    for i in a..b {
        let (w_r, e_r, u_r) = if i + 1 == b {
            (old.psi[b] + m.vn[b], old.ew[b], old.u[b])
        } else {
            (cur.psi[i + 1] + m.vn[i + 1], cur.ew[i + 1], cur.u[i + 1])
        };
        let e_i = cur.ew[i];
        let a_r = m.mu_n[i] * sg_mean(cur.psi[i] + m.vn[i], e_i, w_r, e_r);
        let (ui, vi) = (cur.u[i], cur.v[i]);
        let g = srh_factor(m, i, e_i, ui, cur.ez[i], vi);
        let star = (a_r * u_r + a_l * u_l + g) / (a_r + a_l + g * vi);
        let new = relax(ui, star, omega_at(i, a, b, links, omega));
        cur.u[i] = new;
        an[i - 1] = a_l;
        sum += (new - ui).abs() / new;
        a_l = a_r;
        u_l = new;
        probe.row(i);
    }
    if b == last {
        an[b - 1] = a_l;
    }
    sum
}

/// The `v` sub-cycle: hole continuity point update, over-relaxed by `omega`. Returns Σ|Δv|/v.
pub(crate) fn holes(
    m: &Mesh,
    s: &mut State,
    a: usize,
    b: usize,
    links: Links,
    omega: f64,
    probe: &mut impl Probe,
) -> f64 {
    probe.begin(SubCycle::V);
    let last = m.rows - 1;
    let State { cur, old, ap, .. } = s;
    let mut v_l = old.v[a - 1];
    let mut a_l = m.mu_p[a - 1]
        * sg_mean(
            m.vp[a - 1] - old.psi[a - 1],
            old.ez[a - 1],
            m.vp[a] - cur.psi[a],
            cur.ez[a],
        );
    let mut sum = 0.0;
    for i in a..b {
        let (z_r, e_r, v_r) = if i + 1 == b {
            (m.vp[b] - old.psi[b], old.ez[b], old.v[b])
        } else {
            (m.vp[i + 1] - cur.psi[i + 1], cur.ez[i + 1], cur.v[i + 1])
        };
        let e_i = cur.ez[i];
        let a_r = m.mu_p[i] * sg_mean(m.vp[i] - cur.psi[i], e_i, z_r, e_r);
        let (ui, vi) = (cur.u[i], cur.v[i]);
        let g = srh_factor(m, i, cur.ew[i], ui, e_i, vi);
        let star = (a_r * v_r + a_l * v_l + g) / (a_r + a_l + g * ui);
        let new = relax(vi, star, omega_at(i, a, b, links, omega));
        cur.v[i] = new;
        ap[i - 1] = a_l;
        sum += (new - vi).abs() / new;
        a_l = a_r;
        v_l = new;
        probe.row(i);
    }
    if b == last {
        ap[b - 1] = a_l;
    }
    sum
}

/// The `field` sub-cycle: field and current densities on each row's left edge
/// (and on the last edge for the segment that ends at the right contact).
pub(crate) fn field(m: &Mesh, s: &mut State, a: usize, b: usize, probe: &mut impl Probe) {
    probe.begin(SubCycle::Field);
    let State {
        cur,
        old,
        an,
        ap,
        fields,
        ..
    } = s;
    let e_scale = -m.vt / m.h_cm;
    let j_scale = m.constants.q * m.vt * m.n_ref / m.h_cm;
    let Fields { field, jn, jp } = fields;
    let mut edge = |e: usize, l: (f64, f64, f64), r: (f64, f64, f64)| {
        field[e] = e_scale * (r.0 - l.0);
        jn[e] = j_scale * an[e] * (r.1 - l.1);
        jp[e] = -j_scale * ap[e] * (r.2 - l.2);
    };
    let mut left = (old.psi[a - 1], old.u[a - 1], old.v[a - 1]);
    for i in a..b {
        let here = (cur.psi[i], cur.u[i], cur.v[i]);
        edge(i - 1, left, here);
        left = here;
        probe.row(i);
    }
    if b == m.rows - 1 {
        edge(b - 1, left, (cur.psi[b], cur.u[b], cur.v[b]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sg_mean_is_continuous_and_exact() {
        for &(w0, w1) in &[
            (0.3, 0.3 + 2e-3),
            (0.3, 0.3 - 5e-4),
            (-40.0, 12.0),
            (5.0, -3.0),
        ] {
            let (e0, e1) = (f64::exp(w0), f64::exp(w1));
            let exact = (w1 - w0) / ((-w0).exp() - (-w1).exp());
            let got = sg_mean(w0, e0, w1, e1);
            assert!(
                (got / exact - 1.0).abs() < 1e-12,
                "{w0} {w1}: {got} vs {exact}"
            );
        }
        // Across the series/closed-form switch the value is continuous.
        let a = sg_mean(
            1.0,
            1f64.exp(),
            1.0 + 0.999_999e-3,
            (1.0 + 0.999_999e-3f64).exp(),
        );
        let b = sg_mean(
            1.0,
            1f64.exp(),
            1.0 + 1.000_001e-3,
            (1.0 + 1.000_001e-3f64).exp(),
        );
        assert!((a / b - 1.0).abs() < 1e-8);
    }

    #[test]
    fn newton_point_solves_the_row_equation() {
        let (lin, esum, alpha, beta, c) = (3.0, 2.0, 1e-3, 1e5, -1e4);
        let (x, k, ex) = newton_point(0.0, (lin, esum, alpha, beta, c), MAX_INNER);
        assert!((ex / x.exp() - 1.0).abs() < 1e-14);
        let f = lin - esum * x + beta * (-x).exp() - alpha * x.exp() + c;
        assert!(f.abs() < 1e-6 * c.abs(), "{f}");
        assert!(k > 1 && k < MAX_INNER);
    }
}
