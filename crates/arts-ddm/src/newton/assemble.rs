//! Residual and Jacobian of the coupled discrete equations on the interior rows,
//! in the scaled units of [`Mesh`] (potential in thermal voltages, densities
//! relative to n_ref), with the Scharfetter–Gummel fluxes of the Gummel solver
//! written in densities: μ·c(w_i, w_j)·(u_j − u_i) = μ·(n_j·B(w_j − w_i) − n_i·B(w_i − w_j)),
//! B(x) = x / (eˣ − 1), w = ψ + V_n (holes: z = V_p − ψ).
//!
//! Row i (1 ≤ i ≤ N − 2) has three equations:
//!
//! * Poisson: ε⁻(ψ_{i−1} − ψ_i) + ε⁺(ψ_{i+1} − ψ_i) + p_i − n_i + C_i = 0,
//! * electrons: Σ_edges μ_n·(n_j B(w_j − w_i) − n_i B(w_i − w_j)) − ρ·R_i = 0,
//! * holes: Σ_edges μ_p·(p_j B(z_j − z_i) − p_i B(z_i − z_j)) − ρ·R_i = 0,
//!
//! the same equations the Gummel point updates solve. The unknowns of the
//! Newton step are (δψ, δn/n, δp/p) — Newton in (ψ, ln n, ln p), which keeps the
//! densities positive and the Jacobian's columns of comparable size.

use super::block_tridiag::{Block, BlockTridiag};
use crate::mesh::Mesh;

/// The unknowns on every row (contacts included), scaled.
#[derive(Clone, Debug, PartialEq)]
pub struct Unknowns {
    /// Potential, thermal voltages.
    pub psi: Vec<f64>,
    /// Electron density / n_ref.
    pub n: Vec<f64>,
    /// Hole density / n_ref.
    pub p: Vec<f64>,
}

/// Bernoulli function B(x) = x / (eˣ − 1), accurate for all x.
pub fn bern(x: f64) -> f64 {
    if x.abs() < 1e-3 {
        1.0 - x * (0.5 - x / 12.0)
    } else if x > 700.0 {
        x * (-x).exp()
    } else {
        x / x.exp_m1()
    }
}

/// B'(x) = B(x)·(1 − B(x) − x) / x.
pub fn bern_d(x: f64) -> f64 {
    if x.abs() < 1e-3 {
        -0.5 + x / 6.0
    } else {
        let b = bern(x);
        b * (1.0 - b - x) / x
    }
}

/// The scaled SG flux of one carrier over an edge from row i to row j:
/// μ·(c_j B(s_j − s_i) − c_i B(s_i − s_j)) with s the band-weighted potential.
#[inline]
pub fn flux(mu: f64, c_i: f64, c_j: f64, s_i: f64, s_j: f64) -> f64 {
    let d = s_j - s_i;
    mu * (c_j * bern(d) - c_i * bern(-d))
}

/// SRH recombination (scaled) and its derivatives by n and p at row i.
#[inline]
pub fn srh(m: &Mesh, i: usize, n: f64, p: f64) -> (f64, f64, f64) {
    let nie = m.nie[i];
    let d = m.tau_p[i] * (n + nie) + m.tau_n[i] * (p + nie);
    let num = n * p - m.nie2[i];
    let r = num / d;
    let dr_dn = (p * d - num * m.tau_p[i]) / (d * d);
    let dr_dp = (n * d - num * m.tau_n[i]) / (d * d);
    (r, dr_dn, dr_dp)
}

/// One edge's contribution to a continuity equation of row i and its
/// derivatives: (F, ∂F/∂ψ_i, ∂F/∂ψ_j, n_i·∂F/∂n_i, n_j·∂F/∂n_j).
/// `sign` is +1 for electrons (s = ψ + V_n) and −1 for holes (s = V_p − ψ).
#[inline]
fn edge_terms(mu: f64, c_i: f64, c_j: f64, s_i: f64, s_j: f64, sign: f64) -> [f64; 5] {
    let d = s_j - s_i;
    let (b_f, b_b) = (bern(d), bern(-d));
    let (db_f, db_b) = (bern_d(d), bern_d(-d));
    // ∂/∂s_j of (c_j B(d) − c_i B(−d)) = c_j B'(d) + c_i B'(−d); ∂/∂s_i is its negative.
    let ds = mu * (c_j * db_f + c_i * db_b);
    [
        mu * (c_j * b_f - c_i * b_b),
        -sign * ds,
        sign * ds,
        -mu * c_i * b_b,
        mu * c_j * b_f,
    ]
}

/// Residual F of every interior row and, with `jacobian`, the block system
/// J·δ = −F in the scaled unknowns (δψ, δn/n, δp/p). Block row k is mesh row k + 1.
pub fn assemble(m: &Mesh, x: &Unknowns, jacobian: bool) -> BlockTridiag<3> {
    let rows = m.rows;
    let mut sys = BlockTridiag::<3>::zeros(rows - 2);
    let w = |i: usize| x.psi[i] + m.vn[i];
    let z = |i: usize| m.vp[i] - x.psi[i];
    for i in 1..rows - 1 {
        let k = i - 1;
        let (n, p) = (x.n[i], x.p[i]);
        let mut f = [0.0; 3];
        let mut diag: Block<3> = [[0.0; 3]; 3];
        let mut off: [Block<3>; 2] = [[[0.0; 3]; 3]; 2];
        for (side, j, e) in [(0usize, i - 1, i - 1), (1usize, i + 1, i)] {
            // Poisson.
            let eps = m.eps[e];
            f[0] += eps * (x.psi[j] - x.psi[i]);
            diag[0][0] -= eps;
            off[side][0][0] += eps;
            // Electrons and holes.
            let t_n = edge_terms(m.mu_n[e], n, x.n[j], w(i), w(j), 1.0);
            let t_p = edge_terms(m.mu_p[e], p, x.p[j], z(i), z(j), -1.0);
            for (eq, t, col) in [(1usize, t_n, 1usize), (2, t_p, 2)] {
                f[eq] += t[0];
                diag[eq][0] += t[1];
                off[side][eq][0] += t[2];
                diag[eq][col] += t[3];
                off[side][eq][col] += t[4];
            }
        }
        f[0] += p - n + m.doping[i];
        diag[0][1] -= n;
        diag[0][2] += p;
        let (r, dr_dn, dr_dp) = srh(m, i, n, p);
        for eq in [1, 2] {
            f[eq] -= m.rho * r;
            diag[eq][1] -= m.rho * dr_dn * n;
            diag[eq][2] -= m.rho * dr_dp * p;
        }
        sys.rhs[k] = [-f[0], -f[1], -f[2]];
        // The diagonal is kept either way: it scales the residual norm.
        sys.diag[k] = diag;
        if jacobian && i > 1 {
            sys.lower[k] = off[0];
        }
        if jacobian && i + 2 < rows {
            sys.upper[k] = off[1];
        }
    }
    sys
}

/// The nonlinear Poisson equation with the Slotboom variables frozen
/// (n = e^(ψ+V_n)·u, p = e^(V_p−ψ)·v; u = v = 1 is thermal equilibrium) as a
/// scalar tridiagonal system J·δψ = −F. Strictly monotone in ψ: robust from any start.
pub fn assemble_poisson(m: &Mesh, psi: &[f64], u: &[f64], v: &[f64]) -> BlockTridiag<1> {
    let rows = m.rows;
    let mut sys = BlockTridiag::<1>::zeros(rows - 2);
    for i in 1..rows - 1 {
        let k = i - 1;
        let (el, er) = (m.eps[i - 1], m.eps[i]);
        let n = (psi[i] + m.vn[i]).exp() * u[i];
        let p = (m.vp[i] - psi[i]).exp() * v[i];
        let f = el * (psi[i - 1] - psi[i]) + er * (psi[i + 1] - psi[i]) + p - n + m.doping[i];
        sys.rhs[k] = [-f];
        sys.diag[k] = [[-(el + er) - n - p]];
        if i > 1 {
            sys.lower[k] = [[el]];
        }
        if i + 2 < rows {
            sys.upper[k] = [[er]];
        }
    }
    sys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constants::ConstantSet;
    use crate::presets::preset;

    #[test]
    fn bernoulli_and_its_derivative() {
        for &x in &[-50.0, -3.0, -0.01, -5e-4, 0.0, 2e-4, 0.7, 12.0, 800.0] {
            let exact = if x == 0.0 {
                1.0
            } else {
                x / (f64::exp(x) - 1.0)
            };
            assert!(
                (bern(x) - exact).abs() <= 1e-9 * exact.abs().max(1e-300),
                "{x}"
            );
            let h = 1e-6 * (1.0 + f64::abs(x));
            let fd = (bern(x + h) - bern(x - h)) / (2.0 * h);
            assert!(
                (bern_d(x) - fd).abs() <= 1e-5 * fd.abs().max(1e-8),
                "{x}: {} vs {fd}",
                bern_d(x)
            );
        }
        // B(x) − B(−x) = −x (the identity behind zero current at equilibrium).
        assert!((bern(3.0) - bern(-3.0) + 3.0).abs() < 1e-14);
    }

    /// The Jacobian's columns against finite differences of the residual.
    #[test]
    fn jacobian_matches_finite_differences() {
        let d = preset("si-pn").unwrap().with_spacing(50.0).unwrap();
        let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        let rows = m.rows;
        let mut x = Unknowns {
            psi: (0..rows)
                .map(|i| m.psi_eq[i] + 0.3 * (i as f64 * 0.7).sin())
                .collect(),
            n: (0..rows)
                .map(|i| (m.psi_eq[i] + m.vn[i]).exp() * (1.0 + 0.2 * (i as f64).cos()))
                .collect(),
            p: (0..rows)
                .map(|i| (m.vp[i] - m.psi_eq[i]).exp() * (1.0 + 0.1 * (i as f64).sin()))
                .collect(),
        };
        let sys = assemble(&m, &x, true);
        let i = rows / 2 + 1; // a row near the junction
        let k = i - 1;
        let base: Vec<[f64; 3]> = sys.rhs.clone();
        for var in 0..3 {
            let h = 1e-6;
            match var {
                0 => x.psi[i] += h,
                1 => x.n[i] *= 1.0 + h,
                _ => x.p[i] *= 1.0 + h,
            }
            let moved = assemble(&m, &x, false).rhs;
            match var {
                0 => x.psi[i] -= h,
                1 => x.n[i] /= 1.0 + h,
                _ => x.p[i] /= 1.0 + h,
            }
            for (kk, block, label) in [
                (k, sys.diag[k], "diag"),
                (k + 1, sys.lower[k + 1], "lower"),
                (k - 1, sys.upper[k - 1], "upper"),
            ] {
                for eq in 0..3 {
                    let fd = -(moved[kk][eq] - base[kk][eq]) / h;
                    let a = block[eq][var];
                    // Finite differences resolve an entry only to the rounding
                    // of the equation's largest term over h.
                    let row = sys.diag[kk][eq].iter().fold(0.0f64, |m, v| m.max(v.abs()));
                    let tol = 1e-4 * a.abs().max(fd.abs()) + 1e-7 * row;
                    assert!(
                        (a - fd).abs() <= tol,
                        "{label} eq {eq} var {var}: {a} vs {fd}"
                    );
                }
            }
        }
    }
}
