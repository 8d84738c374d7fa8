//! The schedule of a Gummel iteration, decided from the residuals it
//! observes: when the carrier updates start to over-relax, when the
//! over-relaxation is halved, and when the iteration has converged or
//! diverged. The sequential solver and every segment of a parallel one run
//! the same controller on the same residuals, so they take the same
//! decisions at the same iterations.

use serde::{Deserialize, Serialize};

use super::instrument::Residual;
use super::{PointUpdate, SolverOptions};

/// What an observed residual means for the iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on iterating.
    Continue,
    /// Every summed change is below the tolerance.
    Converged,
    /// A residual is not finite.
    Diverged,
}

/// The iteration's over-relaxation state and convergence test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Controller {
    tolerance_v: f64,
    adaptive: bool,
    overrelax_below_v: f64,
    check_every: usize,
    omega: (f64, f64),
    relaxing: bool,
    best: (f64, usize),
    reductions: u32,
    last_finite: Residual,
    /// The paper's explicit point updates (no over-relaxation).
    #[serde(default)]
    explicit: bool,
}

impl Controller {
    /// The controller of one bias point on a strip of `rows` rows.
    pub fn new(opts: &SolverOptions, rows: usize) -> Controller {
        let explicit = opts.point_update == PointUpdate::Paper;
        Controller {
            tolerance_v: opts.tolerance_v,
            adaptive: opts.adaptive_omega && !explicit,
            overrelax_below_v: opts.overrelax_below_v,
            check_every: opts.check_every.max(1),
            omega: if explicit {
                (1.0, 1.0)
            } else {
                (opts.omega_phi, opts.carrier_omega(rows))
            },
            relaxing: false,
            best: (f64::INFINITY, 0),
            reductions: 0,
            last_finite: Residual::default(),
            explicit,
        }
    }

    /// Whether the potential takes the paper's explicit point update
    /// ([`PointUpdate::Paper`]) rather than scalar Newton.
    pub fn explicit(&self) -> bool {
        self.explicit
    }

    /// The over-relaxation factors of the next iteration: (potential, carriers).
    pub fn weights(&self) -> (f64, f64) {
        if self.relaxing {
            self.omega
        } else {
            (self.omega.0, 1.0)
        }
    }

    /// Whether iteration `it`'s residual is observed (every `check_every`th).
    pub fn checks(&self, it: usize) -> bool {
        it.is_multiple_of(self.check_every)
    }

    /// Takes iteration `it`'s residual into account.
    pub fn observe(&mut self, it: usize, residual: Residual) -> Verdict {
        if !residual.is_finite() {
            return Verdict::Diverged;
        }
        self.last_finite = residual;
        if it >= 2 && residual.max() <= self.tolerance_v {
            return Verdict::Converged;
        }
        if !self.relaxing {
            self.relaxing = residual.max() < self.overrelax_below_v;
        } else if self.adaptive && it.is_multiple_of(100) {
            let r = residual.max();
            if r < 0.5 * self.best.0 {
                self.best = (r, it);
            } else if r > 1e3 * self.best.0 || it - self.best.1 >= 5000 {
                let halve = |w: f64| 1.0 + 0.5 * (w - 1.0);
                self.omega = (halve(self.omega.0), halve(self.omega.1));
                self.reductions += 1;
                self.best = (r, it);
            }
        }
        Verdict::Continue
    }

    /// The over-relaxation factors reached and how often they were halved.
    pub fn omega(&self) -> ((f64, f64), u32) {
        (self.omega, self.reductions)
    }

    /// The last finite residual observed.
    pub fn last_finite(&self) -> Residual {
        self.last_finite
    }
}
