//! Errors of the drift-diffusion crate.

/// What can go wrong: bad device input, or a bias point that did not converge.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DdmError {
    /// The device description was rejected (one line naming the bad value).
    #[error("{0}")]
    Input(String),
    /// A bias point reached the iteration limit; the last residuals are reported.
    #[error(
        "bias {bias_v} V did not converge in {iterations} Gummel iterations (last residual: potential {psi_v:.3e} V, electrons {u_v:.3e} V, holes {v_v:.3e} V; tolerance {tolerance:.1e} V)"
    )]
    NotConverged {
        /// The bias point.
        bias_v: f64,
        /// Iterations done.
        iterations: usize,
        /// Last potential residual, V.
        psi_v: f64,
        /// Last electron (u) residual, V.
        u_v: f64,
        /// Last hole (v) residual, V.
        v_v: f64,
        /// The tolerance asked for, V.
        tolerance: f64,
    },
    /// The iteration produced a non-finite value (stopped before it reached the output).
    #[error(
        "bias {bias_v} V diverged at Gummel iteration {iterations} (last finite residual: potential {psi_v:.3e} V); try a smaller --omega"
    )]
    Diverged {
        /// The bias point.
        bias_v: f64,
        /// Iteration at which a non-finite value appeared.
        iterations: usize,
        /// Last finite potential residual, V.
        psi_v: f64,
    },
    /// The Newton solver could not reach a bias point, even after halving the bias step.
    #[error(
        "bias {bias_v} V: Newton did not converge (reached {reached_v} V; {iterations} Newton iterations, {halvings} bias-step halvings; last update: potential {psi_v:.3e} V, electrons {u_v:.3e} V, holes {v_v:.3e} V; tolerance {tolerance:.1e} V)"
    )]
    NewtonFailed {
        /// The bias point asked for.
        bias_v: f64,
        /// The last bias that converged on the way to it.
        reached_v: f64,
        /// Newton iterations spent on this point (all attempts).
        iterations: usize,
        /// How often the bias step was halved.
        halvings: u32,
        /// Last potential update (summed), V.
        psi_v: f64,
        /// Last electron quasi-Fermi update (summed), V.
        u_v: f64,
        /// Last hole quasi-Fermi update (summed), V.
        v_v: f64,
        /// The tolerance asked for, V.
        tolerance: f64,
    },
}

impl DdmError {
    /// The last residuals (potential, electrons, holes; V) of a run that did not
    /// converge, `None` for input errors.
    pub fn last_residual(&self) -> Option<crate::Residual> {
        match *self {
            DdmError::Input(_) => None,
            DdmError::NotConverged {
                psi_v, u_v, v_v, ..
            }
            | DdmError::NewtonFailed {
                psi_v, u_v, v_v, ..
            } => Some(crate::Residual { psi_v, u_v, v_v }),
            DdmError::Diverged { psi_v, .. } => Some(crate::Residual {
                psi_v,
                u_v: f64::NAN,
                v_v: f64::NAN,
            }),
        }
    }

    /// The bias point that failed, `None` for input errors.
    pub fn failed_bias_v(&self) -> Option<f64> {
        match *self {
            DdmError::Input(_) => None,
            DdmError::NotConverged { bias_v, .. }
            | DdmError::NewtonFailed { bias_v, .. }
            | DdmError::Diverged { bias_v, .. } => Some(bias_v),
        }
    }
}

/// Checks a tolerance (positive volts) and an iteration limit (at least 1).
pub(crate) fn check_iteration_controls(
    tolerance_v: f64,
    max_iterations: usize,
) -> Result<(), DdmError> {
    if !(tolerance_v.is_finite() && tolerance_v > 0.0) {
        return Err(input(format!(
            "tolerance {tolerance_v} must be a positive number of volts"
        )));
    }
    if max_iterations == 0 {
        return Err(input("max iterations must be at least 1"));
    }
    Ok(())
}

/// Shorthand for an input error.
pub(crate) fn input(msg: impl Into<String>) -> DdmError {
    DdmError::Input(msg.into())
}
