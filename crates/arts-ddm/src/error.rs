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
}

/// Shorthand for an input error.
pub(crate) fn input(msg: impl Into<String>) -> DdmError {
    DdmError::Input(msg.into())
}
