//! The CSV files of a bias point: the solution profile, the measured cost
//! per row, and the cost history per layer (formats in `docs/ddm.md`).

use std::fmt::Write as _;

use crate::{BiasSolution, CostProfile, Device, Mesh, SUBCYCLE_NAMES};

/// One row per mesh row: position, layer, potential, carriers, quasi-Fermi
/// potentials, field and currents.
pub fn profile_csv(sol: &BiasSolution, mesh: &Mesh) -> String {
    let mut s = String::from(
        "row,x_um,layer,potential_v,n_cm3,p_cm3,phi_n_v,phi_p_v,field_v_per_cm,jn_a_per_cm2,jp_a_per_cm2,j_a_per_cm2,recombination_cm3_per_s\n",
    );
    for r in sol.profile(mesh) {
        let _ = writeln!(
            s,
            "{},{:.6},{},{:.12e},{:.10e},{:.10e},{:.12e},{:.12e},{:.10e},{:.10e},{:.10e},{:.10e},{:.10e}",
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
            r.j_a_per_cm2,
            r.recombination_cm3_per_s
        );
    }
    s
}

/// One line per edge (edge e joins rows e and e + 1): position of the edge,
/// field and current densities exactly as the discretisation defines them
/// (the profile's per-row values are means of two edges).
pub fn edges_csv(sol: &BiasSolution, mesh: &Mesh) -> String {
    let mut s = String::from("edge,x_um,field_v_per_cm,jn_a_per_cm2,jp_a_per_cm2,j_a_per_cm2\n");
    for (e, (x, f, jn, jp, j)) in sol.edges(mesh).into_iter().enumerate() {
        let _ = writeln!(s, "{e},{x:.6},{f:.12e},{jn:.12e},{jp:.12e},{j:.12e}");
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

/// Why a cost profile was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    /// The 1-based line at fault (`None`: the file as a whole).
    pub line: Option<usize>,
    /// What was wrong.
    pub message: String,
}

impl ProfileError {
    fn file(message: impl Into<String>) -> Self {
        ProfileError {
            line: None,
            message: message.into(),
        }
    }

    fn at(no: usize, message: impl Into<String>) -> Self {
        ProfileError {
            line: Some(no + 1),
            message: message.into(),
        }
    }
}

/// Reads the cost column of a profile: a CSV with a header (the
/// `cost_rows_*.csv` of a run, column `cost` unless `column` names another,
/// or its only column) or one number per line; blank and `#` lines are
/// skipped. Returns the costs (finite, >= 0) and the column's name.
pub fn read_cost_profile(
    text: &str,
    column: Option<&str>,
) -> Result<(Vec<f64>, String), ProfileError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let Some((first_no, first)) = lines.next() else {
        return Err(ProfileError::file("no data"));
    };
    let cells = |l: &str| {
        l.split(',')
            .map(|c| c.trim().to_string())
            .collect::<Vec<_>>()
    };
    let header = cells(first);
    let has_header = header.iter().any(|c| c.parse::<f64>().is_err());
    let (col, name, data): (usize, String, Vec<(usize, &str)>) = if has_header {
        let want = column.map(str::to_string).unwrap_or_else(|| {
            if header.len() == 1 {
                header[0].clone()
            } else {
                "cost".into()
            }
        });
        let col = header.iter().position(|h| *h == want).ok_or_else(|| {
            ProfileError::file(format!(
                "no column `{want}` (columns: {})",
                header.join(", ")
            ))
        })?;
        (col, want, lines.collect())
    } else {
        if header.len() != 1 {
            return Err(ProfileError::file(
                "a profile without a header must have one number per line",
            ));
        }
        if column.is_some() {
            return Err(ProfileError::file(
                "a column name needs a CSV with a header line",
            ));
        }
        let mut all = vec![(first_no, first)];
        all.extend(lines);
        (0, "value".into(), all)
    };
    let mut values = Vec::with_capacity(data.len());
    for (no, line) in data {
        let c = cells(line);
        let cell = c
            .get(col)
            .ok_or_else(|| ProfileError::at(no, format!("missing column {}", col + 1)))?;
        let v: f64 = cell
            .parse()
            .map_err(|_| ProfileError::at(no, format!("`{cell}` is not a number")))?;
        if !(v.is_finite() && v >= 0.0) {
            return Err(ProfileError::at(
                no,
                format!("cost {v} must be a finite number >= 0"),
            ));
        }
        values.push(v);
    }
    if values.is_empty() {
        return Err(ProfileError::file("no data rows"));
    }
    Ok((values, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_with_and_without_a_header() {
        let (v, name) = read_cost_profile("row,cost\n# note\n0,1.5\n1,2\n", None).unwrap();
        assert_eq!((v, name.as_str()), (vec![1.5, 2.0], "cost"));
        let (v, name) = read_cost_profile("3\n4\n", None).unwrap();
        assert_eq!((v, name.as_str()), (vec![3.0, 4.0], "value"));
        let (v, _) = read_cost_profile("a,b\n1,7\n", Some("b")).unwrap();
        assert_eq!(v, vec![7.0]);
    }

    #[test]
    fn bad_profiles_name_the_line() {
        let e = read_cost_profile("cost\n1\nx\n", None).unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("`x` is not a number"));
        let e = read_cost_profile("cost\n-1\n", None).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(read_cost_profile("a,b\n1,2\n", Some("c")).is_err());
        assert!(read_cost_profile("1\n", Some("c")).is_err());
        assert_eq!(read_cost_profile("#\n", None).unwrap_err().line, None);
    }
}
