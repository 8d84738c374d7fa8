//! Physical edge quantities of a Newton iterate (field, currents, their
//! resolution) packed as a [`BiasSolution`] like the Gummel solver's.

use super::assemble::{Unknowns, bern, flux};
use crate::mesh::Mesh;
use crate::solution::{Arrays, BiasSolution};
use crate::solver::instrument::CostProfile;

/// The solution record of iterate `x` at `bias_v`; the run record fields
/// (iterations, residual, time) are filled by the caller.
pub(crate) fn solution(m: &Mesh, x: &Unknowns, bias_v: f64) -> BiasSolution {
    let edges = m.rows - 1;
    let e_scale = -m.vt / m.h_cm;
    let j_scale = m.constants.q * m.vt * m.n_ref / m.h_cm;
    let w = |i: usize| x.psi[i] + m.vn[i];
    let z = |i: usize| m.vp[i] - x.psi[i];
    let mut field = Vec::with_capacity(edges);
    let mut jn = Vec::with_capacity(edges);
    let mut jp = Vec::with_capacity(edges);
    let mut res = Vec::with_capacity(edges);
    for e in 0..edges {
        let (i, j) = (e, e + 1);
        field.push(e_scale * (x.psi[j] - x.psi[i]));
        jn.push(j_scale * flux(m.mu_n[e], x.n[i], x.n[j], w(i), w(j)));
        jp.push(-j_scale * flux(m.mu_p[e], x.p[i], x.p[j], z(i), z(j)));
        // One rounding unit on the larger of each flux's two terms.
        let (dw, dz) = (w(j) - w(i), z(j) - z(i));
        let tn = m.mu_n[e] * (x.n[j] * bern(dw)).max(x.n[i] * bern(-dw));
        let tp = m.mu_p[e] * (x.p[j] * bern(dz)).max(x.p[i] * bern(-dz));
        res.push(2.0 * f64::EPSILON * j_scale * (tn + tp));
    }
    let u = (0..m.rows).map(|i| x.n[i] * (-w(i)).exp()).collect();
    let v = (0..m.rows).map(|i| x.p[i] * (-z(i)).exp()).collect();
    let arrays = Arrays {
        psi: x.psi.clone(),
        u,
        v,
        field,
        jn,
        jp,
        j_resolution: res,
    };
    BiasSolution::from_arrays(bias_v, arrays, CostProfile::default())
}
