//! The solver's arrays: current and previous-iteration values per row, and the
//! edge quantities of the field sub-cycle. Only one previous iteration is stored.

use crate::mesh::Mesh;

/// Per-row unknowns and their cached exponentials.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Rows {
    /// Potential ψ (thermal voltages).
    pub psi: Vec<f64>,
    /// Slotboom u = e^(−ψ_n).
    pub u: Vec<f64>,
    /// Slotboom v = e^(ψ_p).
    pub v: Vec<f64>,
    /// e^(ψ + V_n): n = n_ref·ew·u.
    pub ew: Vec<f64>,
    /// e^(−ψ + V_p): p = n_ref·ez·v.
    pub ez: Vec<f64>,
}

impl Rows {
    /// Row `i`'s five values (ψ, u, v, e^(ψ+Vn), e^(−ψ+Vp)).
    pub(crate) fn row(&self, i: usize) -> [f64; 5] {
        [self.psi[i], self.u[i], self.v[i], self.ew[i], self.ez[i]]
    }

    /// Sets row `i`'s five values, as [`Rows::row`] gives them.
    pub(crate) fn set_row(&mut self, i: usize, [psi, u, v, ew, ez]: [f64; 5]) {
        (self.psi[i], self.u[i], self.v[i], self.ew[i], self.ez[i]) = (psi, u, v, ew, ez);
    }
}

/// Physical edge quantities (edge i joins rows i and i + 1).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Fields {
    /// Electric field, V/cm.
    pub field: Vec<f64>,
    /// Electron current density, A/cm^2.
    pub jn: Vec<f64>,
    /// Hole current density, A/cm^2.
    pub jp: Vec<f64>,
}

/// Everything the iteration reads and writes.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct State {
    /// Values of this iteration.
    pub cur: Rows,
    /// Values of the previous iteration (the halo for the relaxed order).
    pub old: Rows,
    /// μn × SG coefficient per edge.
    pub an: Vec<f64>,
    /// μp × SG coefficient per edge.
    pub ap: Vec<f64>,
    /// Field and currents per edge.
    pub fields: Fields,
}

impl State {
    /// The equilibrium initial guess: charge-neutral potential, u = v = 1.
    pub(crate) fn equilibrium(m: &Mesh) -> State {
        let n = m.rows;
        let psi = m.psi_eq.clone();
        let ew: Vec<f64> = (0..n).map(|i| (psi[i] + m.vn[i]).exp()).collect();
        let ez: Vec<f64> = (0..n).map(|i| (m.vp[i] - psi[i]).exp()).collect();
        let cur = Rows {
            psi,
            u: vec![1.0; n],
            v: vec![1.0; n],
            ew,
            ez,
        };
        State {
            old: cur.clone(),
            cur,
            an: vec![0.0; n - 1],
            ap: vec![0.0; n - 1],
            fields: Fields {
                field: vec![0.0; n - 1],
                jn: vec![0.0; n - 1],
                jp: vec![0.0; n - 1],
            },
        }
    }

    /// Moves from bias `from_v` to `to_v`: the contact rows get their ohmic
    /// values (ψ = ψ_eq + V/V_T, u = e^(−V/V_T), v = e^(V/V_T)), and every
    /// interior row is shifted rigidly by `weight[i]·(to − from)` — potential and
    /// both quasi-Fermi potentials together, which leaves its densities unchanged.
    /// `weight` is 1 on the biased contact's side of the junction and 0 beyond it.
    pub(crate) fn apply_bias(
        &mut self,
        m: &Mesh,
        weight: &[f64],
        contacts: (f64, f64),
        from_v: f64,
        to_v: f64,
    ) {
        let dv = (to_v - from_v) / m.vt;
        if dv != 0.0 {
            for (i, w) in weight.iter().enumerate().take(m.rows - 1).skip(1) {
                let d = w * dv;
                if d == 0.0 {
                    continue;
                }
                let (up, down) = (d.exp(), (-d).exp());
                let r = &mut self.cur;
                r.psi[i] += d;
                r.u[i] *= down;
                r.v[i] *= up;
                r.ew[i] *= up;
                r.ez[i] *= down;
            }
        }
        for (i, volts) in [(0, contacts.0), (m.rows - 1, contacts.1)] {
            let b = volts / m.vt;
            let psi = m.psi_eq[i] + b;
            let r = &mut self.cur;
            r.psi[i] = psi;
            r.u[i] = (-b).exp();
            r.v[i] = b.exp();
            r.ew[i] = (psi + m.vn[i]).exp();
            r.ez[i] = (m.vp[i] - psi).exp();
        }
        self.old = self.cur.clone();
    }

    /// Per edge: |ΔJ_n| + |ΔJ_p| when u and v of the edge's two rows each move by
    /// one rounding unit (machine epsilon relative), A/cm^2. `j_scale` = q·V_T·n_ref/h.
    pub(crate) fn current_resolution(&self, j_scale: f64) -> Vec<f64> {
        let c = &self.cur;
        (0..self.an.len())
            .map(|e| {
                let un = c.u[e].max(c.u[e + 1]);
                let vp = c.v[e].max(c.v[e + 1]);
                2.0 * f64::EPSILON * j_scale * (self.an[e] * un + self.ap[e] * vp)
            })
            .collect()
    }
}
