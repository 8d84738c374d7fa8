//! The CSV files of a bias point: the solution profile, the measured cost
//! per row, and the cost history per layer (formats in `docs/ddm.md`).

use std::fmt::Write as _;

use crate::{BiasSolution, CostProfile, Device, Mesh, SUBCYCLE_NAMES};

/// One row per mesh row: position, layer, potential, carriers, quasi-Fermi
/// potentials, field and currents.
pub fn profile_csv(sol: &BiasSolution, mesh: &Mesh) -> String {
    let mut s = String::from(
        "row,x_um,layer,potential_v,n_cm3,p_cm3,phi_n_v,phi_p_v,field_v_per_cm,jn_a_per_cm2,jp_a_per_cm2,j_a_per_cm2\n",
    );
    for r in sol.profile(mesh) {
        let _ = writeln!(
            s,
            "{},{:.6},{},{:.12e},{:.10e},{:.10e},{:.12e},{:.12e},{:.10e},{:.10e},{:.10e},{:.10e}",
            r.row,
            r.x_um,
            r.layer,
            r.potential_v,
            r.n_cm3,
            r.p_cm3,
            r.phi_n_v,
            r.phi_p_v,
            r.field_v_per_cm,
            r.jn_a_per_cm2,
            r.jp_a_per_cm2,
            r.j_a_per_cm2
        );
    }
    s
}

/// The header's sub-cycle columns (`{name}_ns` for each sub-cycle).
fn subcycle_columns(s: &mut String) {
    for name in SUBCYCLE_NAMES {
        let _ = write!(s, ",{name}_ns");
    }
}

/// Mean measured cost per row and sub-cycle (ns per iteration), the inner
/// Newton iterations of the potential, and the total (`cost`, the column
/// `arts ddm partition` reads).
pub fn cost_rows_csv(cost: &CostProfile, mesh: &Mesh) -> String {
    let n = cost.samples.max(1) as f64;
    let mut s = String::from("row,x_um,layer");
    subcycle_columns(&mut s);
    s.push_str(",phi_inner_iterations,cost\n");
    for (i, (ns, inner)) in cost.row_ns.iter().zip(&cost.row_inner).enumerate() {
        let _ = write!(s, "{i},{:.6},{}", mesh.x_um(i), mesh.layer[i]);
        for v in ns {
            let _ = write!(s, ",{:.3}", *v as f64 / n);
        }
        let total: u64 = ns.iter().sum();
        let _ = writeln!(s, ",{:.3},{:.3}", *inner as f64 / n, total as f64 / n);
    }
    s
}

/// One row per measured iteration and layer: the layer's cost per sub-cycle
/// and the residuals at that iteration.
pub fn cost_history_csv(cost: &CostProfile, device: &Device) -> String {
    let mut s = String::from("iteration,layer,layer_name");
    subcycle_columns(&mut s);
    s.push_str(
        ",phi_inner_iterations,residual_potential_v,residual_electrons_v,residual_holes_v\n",
    );
    for h in &cost.history {
        for (l, (ns, inner)) in h.layer_ns.iter().zip(&h.layer_inner).enumerate() {
            let _ = write!(s, "{},{l},{}", h.iteration, device.layers[l].name);
            for v in ns {
                let _ = write!(s, ",{v}");
            }
            let _ = writeln!(
                s,
                ",{inner},{:.6e},{:.6e},{:.6e}",
                h.residual.psi_v, h.residual.u_v, h.residual.v_v
            );
        }
    }
    s
}
