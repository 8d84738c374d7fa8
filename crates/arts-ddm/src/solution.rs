//! A converged bias point and its physical profiles.

use crate::mesh::Mesh;
use crate::solver::instrument::{CostProfile, Residual};
use crate::solver::state::State;

/// The converged solution of one bias point, with its iteration record.
#[derive(Clone, Debug)]
pub struct BiasSolution {
    /// Applied bias on the biased contact, V.
    pub bias_v: f64,
    /// Gummel iterations to converge.
    pub iterations: usize,
    /// The final residual.
    pub residual: Residual,
    /// Wall time of the iteration, s.
    pub time_s: f64,
    /// Inner Newton iterations of the potential update, summed over rows and iterations.
    pub inner_iterations: u64,
    /// Over-relaxation factors (potential, carriers) in use at the end.
    pub omega: (f64, f64),
    /// How often the adaptive safeguard halved the over-relaxation.
    pub omega_reductions: u32,
    /// The measured cost profile and the convergence history.
    pub cost: CostProfile,
    /// Potential per row (thermal voltages).
    pub psi: Vec<f64>,
    /// Slotboom u per row.
    pub u: Vec<f64>,
    /// Slotboom v per row.
    pub v: Vec<f64>,
    /// Field per edge, V/cm.
    pub field: Vec<f64>,
    /// Electron current density per edge, A/cm^2.
    pub jn: Vec<f64>,
    /// Resolution of the total current per edge, A/cm^2: the change of J_n + J_p
    /// when u and v of the edge's rows move by one rounding unit. Slotboom
    /// variables of majority carriers are nearly flat, so this is where double
    /// precision limits the current (see docs/ddm.md).
    pub j_resolution: Vec<f64>,
    /// Hole current density per edge, A/cm^2.
    pub jp: Vec<f64>,
}

/// One row of the physical profile written to CSV.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProfileRow {
    /// Row index (0-based).
    pub row: usize,
    /// Position, µm.
    pub x_um: f64,
    /// Layer index.
    pub layer: usize,
    /// Electrostatic potential, V (measured from the intrinsic level of the first layer's material at equilibrium Fermi level 0).
    pub potential_v: f64,
    /// Electron density, cm^-3.
    pub n_cm3: f64,
    /// Hole density, cm^-3.
    pub p_cm3: f64,
    /// Electron quasi-Fermi potential, V.
    pub phi_n_v: f64,
    /// Hole quasi-Fermi potential, V.
    pub phi_p_v: f64,
    /// Electric field, V/cm (mean of the two adjacent edges).
    pub field_v_per_cm: f64,
    /// Electron current density, A/cm^2.
    pub jn_a_per_cm2: f64,
    /// Hole current density, A/cm^2.
    pub jp_a_per_cm2: f64,
    /// Total current density, A/cm^2.
    pub j_a_per_cm2: f64,
    /// Net SRH recombination rate R, cm^-3 s^-1 (negative: generation).
    pub recombination_cm3_per_s: f64,
}

/// The arrays of a solution: per row ψ, u, v; per edge field, J_n, J_p and
/// the current resolution.
pub(crate) struct Arrays {
    pub psi: Vec<f64>,
    pub u: Vec<f64>,
    pub v: Vec<f64>,
    pub field: Vec<f64>,
    pub jn: Vec<f64>,
    pub jp: Vec<f64>,
    pub j_resolution: Vec<f64>,
}

impl BiasSolution {
    /// A solution from its arrays; the run record fields are filled by the caller.
    pub(crate) fn from_arrays(bias_v: f64, a: Arrays, cost: CostProfile) -> BiasSolution {
        BiasSolution {
            bias_v,
            iterations: 0,
            residual: Residual::default(),
            time_s: 0.0,
            inner_iterations: 0,
            omega: (1.0, 1.0),
            omega_reductions: 0,
            cost,
            psi: a.psi,
            u: a.u,
            v: a.v,
            field: a.field,
            jn: a.jn,
            j_resolution: a.j_resolution,
            jp: a.jp,
        }
    }

    /// Takes the solution arrays of a converged state; the run record fields are filled by the caller.
    pub(crate) fn from_state(
        s: &State,
        j_scale: f64,
        bias_v: f64,
        cost: CostProfile,
    ) -> BiasSolution {
        let arrays = Arrays {
            psi: s.cur.psi.clone(),
            u: s.cur.u.clone(),
            v: s.cur.v.clone(),
            field: s.fields.field.clone(),
            jn: s.fields.jn.clone(),
            jp: s.fields.jp.clone(),
            j_resolution: s.current_resolution(j_scale),
        };
        BiasSolution::from_arrays(bias_v, arrays, cost)
    }

    /// Total current density per edge, A/cm^2.
    pub fn total_current(&self) -> Vec<f64> {
        self.jn.iter().zip(&self.jp).map(|(a, b)| a + b).collect()
    }

    /// The edge where the total current is resolved best (smallest `j_resolution`).
    fn best_edge(&self) -> usize {
        (0..self.j_resolution.len())
            .min_by(|&a, &b| self.j_resolution[a].total_cmp(&self.j_resolution[b]))
            .unwrap_or(0)
    }

    /// The terminal current density, A/cm^2 (positive from the left contact to
    /// the right one): the total current at the edge where it is resolved best
    /// (in a depletion region, where neither carrier is a flat majority).
    pub fn terminal_current_a_per_cm2(&self) -> f64 {
        let e = self.best_edge();
        self.jn[e] + self.jp[e]
    }

    /// The current resolution at the best edge, A/cm^2.
    pub fn terminal_current_resolution(&self) -> f64 {
        self.j_resolution[self.best_edge()]
    }

    /// The worst current resolution over the edges, A/cm^2.
    pub fn worst_current_resolution(&self) -> f64 {
        self.j_resolution.iter().copied().fold(0.0, f64::max)
    }

    /// Largest deviation of the total current along the device from the
    /// terminal current, relative to the terminal current (0 when both vanish).
    pub fn current_spread(&self) -> f64 {
        let jt = self.terminal_current_a_per_cm2();
        let dev = self
            .total_current()
            .iter()
            .map(|x| (x - jt).abs())
            .fold(0.0, f64::max);
        if dev == 0.0 { 0.0 } else { dev / jt.abs() }
    }

    /// Edge quantities: (x of the edge in µm, field V/cm, J_n, J_p, J A/cm^2) per edge.
    pub fn edges(&self, m: &Mesh) -> Vec<(f64, f64, f64, f64, f64)> {
        (0..self.jn.len())
            .map(|e| {
                let x = m.x_um(e) + 0.5 * m.h_cm * 1e4;
                let (jn, jp) = (self.jn[e], self.jp[e]);
                (x, self.field[e], jn, jp, jn + jp)
            })
            .collect()
    }

    /// Time per Gummel iteration per row, ns.
    pub fn ns_per_row_iteration(&self, rows: usize) -> f64 {
        self.time_s * 1e9 / (self.iterations as f64 * rows as f64)
    }

    /// The physical profile, one entry per row.
    pub fn profile(&self, m: &Mesh) -> Vec<ProfileRow> {
        let n = m.rows;
        let at_row = |e: &[f64], i: usize| -> f64 {
            if i == 0 {
                e[0]
            } else if i == n - 1 {
                e[n - 2]
            } else {
                0.5 * (e[i - 1] + e[i])
            }
        };
        (0..n)
            .map(|i| {
                let ln_u = self.u[i].ln();
                let ln_v = self.v[i].ln();
                let jn = at_row(&self.jn, i);
                let jp = at_row(&self.jp, i);
                let n = m.n_ref * (self.psi[i] + m.vn[i] + ln_u).exp();
                let p = m.n_ref * (m.vp[i] - self.psi[i] + ln_v).exp();
                let nie = m.n_ref * m.nie[i];
                let srh = m.tau_p[i] * (n + nie) + m.tau_n[i] * (p + nie);
                ProfileRow {
                    row: i,
                    x_um: m.x_um(i),
                    layer: m.layer[i] as usize,
                    potential_v: self.psi[i] * m.vt,
                    n_cm3: n,
                    p_cm3: p,
                    phi_n_v: -ln_u * m.vt,
                    phi_p_v: ln_v * m.vt,
                    field_v_per_cm: at_row(&self.field, i),
                    jn_a_per_cm2: jn,
                    jp_a_per_cm2: jp,
                    j_a_per_cm2: jn + jp,
                    recombination_cm3_per_s: (n * p - nie * nie) / srh,
                }
            })
            .collect()
    }
}
