//! A bias sweep: every bias point solved in turn from the previous one's
//! solution, optionally a second time in the relaxed update order (to compare
//! iteration counts), and the validity criterion of a solution.

use crate::{BiasSolution, DdmError, Mesh, Side, Solver, SolverOptions, UpdateOrder};

/// Which update orders a sweep solves with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SweepOrder {
    /// Rows in mesh order (Gauss–Seidel).
    Sequential,
    /// Segments updated independently (the relaxed order).
    Relaxed,
    /// Sequential, and each bias point again in the relaxed order.
    Both,
}

impl SweepOrder {
    /// The name reported (`sequential`, `relaxed`, `both`).
    pub fn name(self) -> &'static str {
        match self {
            SweepOrder::Sequential => "sequential",
            SweepOrder::Relaxed => "relaxed",
            SweepOrder::Both => "both",
        }
    }
}

/// One solved bias point.
#[derive(Clone, Debug)]
pub struct SweepPoint {
    /// The solution in the sweep's primary order.
    pub solution: BiasSolution,
    /// With [`SweepOrder::Both`]: the same point in the relaxed order.
    pub relaxed: Option<BiasSolution>,
}

impl SweepPoint {
    /// Solver time of this point, both orders together, seconds.
    pub fn time_s(&self) -> f64 {
        self.solution.time_s + self.relaxed.as_ref().map_or(0.0, |r| r.time_s)
    }
}

/// A bias sweep over one mesh.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// The device's mesh.
    pub mesh: Mesh,
    /// The contact the bias is applied to.
    pub biased: Side,
    /// Bias points, volts.
    pub biases: Vec<f64>,
    /// Which orders to solve with.
    pub order: SweepOrder,
    /// The relaxed order's segments (used by `Relaxed` and `Both`).
    pub relaxed: UpdateOrder,
    /// Solver options; their `order` is replaced by the sweep's.
    pub options: SolverOptions,
}

impl Sweep {
    /// The options of the primary solve.
    fn primary_options(&self) -> SolverOptions {
        let order = match self.order {
            SweepOrder::Relaxed => self.relaxed.clone(),
            SweepOrder::Sequential | SweepOrder::Both => UpdateOrder::Sequential,
        };
        SolverOptions {
            order,
            ..self.options.clone()
        }
    }

    /// Checks the sweep before any solve: at least one bias, every bias
    /// finite and representable on this device, valid solver options.
    pub fn check(&self) -> Result<(), DdmError> {
        if self.biases.is_empty() || self.biases.iter().any(|b| !b.is_finite()) {
            return Err(DdmError::Input(
                "--bias must be a list of finite voltages".into(),
            ));
        }
        self.primary_options().validate(self.mesh.rows)?;
        let max_bias = Solver::new(self.mesh.clone(), self.biased).max_bias_v();
        match self.biases.iter().find(|b| b.abs() > max_bias) {
            Some(b) => Err(DdmError::Input(format!(
                "bias {b} V is outside the representable range ±{max_bias:.2} V of this device"
            ))),
            None => Ok(()),
        }
    }

    /// Solves every bias point in turn; `on_iteration` is called on each
    /// measured iteration and `on_point(bias)` before each point. Stops at
    /// the first point that does not converge or diverges.
    pub fn run(
        &self,
        on_point: &mut dyn FnMut(f64),
        on_iteration: &mut dyn FnMut(),
    ) -> Result<Vec<SweepPoint>, DdmError> {
        let (points, failure) = self.run_partial(on_point, on_iteration)?;
        match failure {
            Some(e) => Err(e),
            None => Ok(points),
        }
    }

    /// As [`Sweep::run`], but a point that does not converge ends the sweep
    /// with the points solved before it kept: `Err` only for rejected input,
    /// otherwise the converged points and the failure that stopped the sweep.
    pub fn run_partial(
        &self,
        on_point: &mut dyn FnMut(f64),
        on_iteration: &mut dyn FnMut(),
    ) -> Result<(Vec<SweepPoint>, Option<DdmError>), DdmError> {
        self.check()?;
        let opts = self.primary_options();
        let relaxed_opts = SolverOptions {
            order: self.relaxed.clone(),
            ..self.options.clone()
        };
        let mut solver = Solver::new(self.mesh.clone(), self.biased);
        let mut other =
            (self.order == SweepOrder::Both).then(|| Solver::new(self.mesh.clone(), self.biased));
        let mut points = Vec::with_capacity(self.biases.len());
        for &bias in &self.biases {
            on_point(bias);
            let solution = match solver.solve(bias, &opts, &mut |_, _| on_iteration()) {
                Ok(s) => s,
                Err(e) => return Ok((points, Some(e))),
            };
            let relaxed = match other.as_mut() {
                Some(s) => match s.solve(bias, &relaxed_opts, &mut |_, _| on_iteration()) {
                    Ok(r) => Some(r),
                    Err(e) => return Ok((points, Some(e))),
                },
                None => None,
            };
            points.push(SweepPoint { solution, relaxed });
        }
        Ok((points, None))
    }
}

impl BiasSolution {
    /// Finite values everywhere, and a conserved current wherever double
    /// precision can tell (a spread of at most 1% along the device when the
    /// terminal current is a million times its resolution).
    pub fn is_valid(&self) -> bool {
        let finite = self
            .psi
            .iter()
            .chain(&self.u)
            .chain(&self.v)
            .chain(&self.jn)
            .chain(&self.jp)
            .all(|x| x.is_finite());
        let jt = self.terminal_current_a_per_cm2().abs();
        let resolvable = jt > 1e6 * self.worst_current_resolution();
        finite && (!resolvable || self.current_spread() <= 1e-2)
    }
}
