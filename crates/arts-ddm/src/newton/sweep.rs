//! A bias sweep solved by Newton: every point in turn from the previous one;
//! the points that converged are kept when a later one fails.

use super::{NewtonOptions, NewtonPoint, NewtonSolver};
use crate::device::Side;
use crate::error::DdmError;
use crate::mesh::Mesh;

/// The result of a Newton sweep: the converged points, and the failure that
/// stopped it (if any).
#[derive(Debug)]
pub struct NewtonSweep {
    /// The points that converged, in sweep order.
    pub points: Vec<NewtonPoint>,
    /// Why the sweep stopped before its last point.
    pub failure: Option<DdmError>,
}

/// Checks the biases (finite, representable) before any solve.
pub fn check_biases(mesh: &Mesh, biases: &[f64]) -> Result<(), DdmError> {
    if biases.is_empty() || biases.iter().any(|b| !b.is_finite()) {
        return Err(DdmError::Input(
            "--bias must be a list of finite voltages".into(),
        ));
    }
    let max_bias = (crate::mesh::MAX_SPAN - mesh.equilibrium_span()).max(0.0) * mesh.vt;
    match biases.iter().find(|b| b.abs() > max_bias) {
        Some(b) => Err(DdmError::Input(format!(
            "bias {b} V is outside the representable range ±{max_bias:.2} V of this device"
        ))),
        None => Ok(()),
    }
}

/// Solves `biases` in order on `mesh`; `on_point(bias)` is called before each.
/// Input errors are returned as `Err`; a point that fails ends the sweep with
/// the failure recorded beside the points solved so far.
pub fn run(
    mesh: &Mesh,
    biased: Side,
    biases: &[f64],
    opts: &NewtonOptions,
    on_point: &mut dyn FnMut(f64),
) -> Result<NewtonSweep, DdmError> {
    opts.validate()?;
    check_biases(mesh, biases)?;
    let mut points = Vec::with_capacity(biases.len());
    let mut solver = match NewtonSolver::new(mesh.clone(), biased) {
        Ok(s) => s,
        Err(e) => {
            return Ok(NewtonSweep {
                points,
                failure: Some(e),
            });
        }
    };
    for &bias in biases {
        on_point(bias);
        match solver.solve(bias, opts) {
            Ok(p) => points.push(p),
            Err(e) => {
                return Ok(NewtonSweep {
                    points,
                    failure: Some(e),
                });
            }
        }
    }
    Ok(NewtonSweep {
        points,
        failure: None,
    })
}
