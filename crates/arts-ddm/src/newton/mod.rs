//! Coupled Newton solver for single-device work: the Poisson and both
//! continuity equations on every row solved together, with the same
//! Scharfetter–Gummel discretisation as the Gummel solver ([`assemble()`]), a
//! block-tridiagonal direct solve of the 3×3-block Jacobian
//! ([`block_tridiag`]), step capping and a backtracking line search
//! ([`step`]), and bias stepping that halves the step when a bias point fails.
//! See the "Newton" section of `docs/ddm.md`.

pub mod assemble;
pub mod block_tridiag;
mod fields;
pub mod step;
pub mod sweep;
#[cfg(test)]
mod tests;

use std::time::Instant;

use crate::device::Side;
use crate::error::{DdmError, input};
use crate::mesh::{MAX_SPAN, Mesh};
use crate::solution::BiasSolution;
use crate::solver::instrument::{CostSample, Residual};
use assemble::{Unknowns, assemble, assemble_poisson};
use step::{Outcome, StepControl, damped_newton};

/// Tolerance of the potential-only predictor solves (summed update), V.
const POISSON_TOLERANCE_V: f64 = 1e-10;

/// Solves the nonlinear Poisson equation for `psi` with the Slotboom variables
/// `u`, `v` frozen (damped Newton on a scalar tridiagonal system).
fn solve_poisson(m: &Mesh, psi: &mut Vec<f64>, u: &[f64], v: &[f64]) -> Outcome<1> {
    let ctl = StepControl {
        tolerance_v: POISSON_TOLERANCE_V,
        max_iterations: 200,
        vt: m.vt,
        clip: [(-step::MAX_UPDATE, step::MAX_UPDATE)],
    };
    damped_newton(
        psi,
        |p: &Vec<f64>, _| assemble_poisson(m, p, u, v),
        |p: &Vec<f64>, d: &[[f64; 1]], t: f64| {
            let mut q = p.clone();
            for (k, d) in d.iter().enumerate() {
                q[k + 1] += t * d[0];
            }
            q.iter().all(|v| v.is_finite()).then_some(q)
        },
        ctl,
    )
}

/// The factor a density is multiplied by for a Newton update δ of its
/// logarithm: 1 + δ when it grows (the linear Newton step in the density,
/// not exponentially amplified), e^δ when it shrinks (stays positive). Both
/// agree to second order, so convergence stays quadratic.
fn grow(d: f64) -> f64 {
    if d > 0.0 { 1.0 + d } else { d.exp() }
}

/// Controls of the Newton solver.
#[derive(Clone, Debug, PartialEq)]
pub struct NewtonOptions {
    /// Converged when the summed full-step updates of the potential and of both
    /// quasi-Fermi potentials are each at most this, V.
    pub tolerance_v: f64,
    /// Newton iterations allowed per attempt at one bias step.
    pub max_iterations: usize,
    /// How often the bias step toward one bias point may be halved.
    pub max_halvings: u32,
}

impl Default for NewtonOptions {
    fn default() -> Self {
        NewtonOptions {
            tolerance_v: 1e-9,
            max_iterations: 30,
            max_halvings: 12,
        }
    }
}

impl NewtonOptions {
    /// Checks the ranges.
    pub fn validate(&self) -> Result<(), DdmError> {
        crate::error::check_iteration_controls(self.tolerance_v, self.max_iterations)
    }
}

/// One bias point solved by Newton, with its record.
#[derive(Clone, Debug)]
pub struct NewtonPoint {
    /// The solution (`iterations`: Newton iterations, all attempts and sub-steps).
    pub solution: BiasSolution,
    /// Bias sub-steps that converged on the way from the previous point.
    pub bias_steps: usize,
    /// How often the bias step was halved.
    pub halvings: u32,
    /// Newton iterations whose step was shortened (cap or line search).
    pub damped_iterations: usize,
}

/// The Newton solver of one device, carrying its solution from one bias point
/// to the next.
pub struct NewtonSolver {
    mesh: Mesh,
    weights: Vec<f64>,
    bias_v: f64,
    x: Unknowns,
    /// The converged point before the current one (bias, iterate), for extrapolation.
    prev: Option<(f64, Unknowns)>,
}

impl NewtonSolver {
    /// Starts from thermal equilibrium: the nonlinear Poisson equation at zero
    /// quasi-Fermi potentials, solved by damped Newton from the charge-neutral guess.
    pub fn new(mesh: Mesh, biased: Side) -> Result<NewtonSolver, DdmError> {
        let weights = mesh.bias_weights(biased == Side::Left);
        let mut psi = mesh.psi_eq.clone();
        let ones = vec![1.0; mesh.rows];
        let out = solve_poisson(&mesh, &mut psi, &ones, &ones);
        if !out.converged {
            return Err(DdmError::NewtonFailed {
                bias_v: 0.0,
                reached_v: 0.0,
                iterations: out.iterations,
                halvings: 0,
                psi_v: out.update_v[0],
                u_v: 0.0,
                v_v: 0.0,
                tolerance: POISSON_TOLERANCE_V,
            });
        }
        let n = (0..mesh.rows)
            .map(|i| (psi[i] + mesh.vn[i]).exp())
            .collect();
        let p = (0..mesh.rows)
            .map(|i| (mesh.vp[i] - psi[i]).exp())
            .collect();
        Ok(NewtonSolver {
            weights,
            bias_v: 0.0,
            x: Unknowns { psi, n, p },
            prev: None,
            mesh,
        })
    }

    /// The mesh.
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    /// The bias of the current solution, V.
    pub fn bias_v(&self) -> f64 {
        self.bias_v
    }

    /// The largest bias magnitude the scaled variables can represent, V.
    pub fn max_bias_v(&self) -> f64 {
        (MAX_SPAN - self.mesh.equilibrium_span()).max(0.0) * self.mesh.vt
    }

    /// Moves the iterate from bias `from` to `to`. With an earlier converged
    /// point in the same direction and no more than twice as far back, the
    /// interior rows are extrapolated linearly in (ψ, ln n, ln p) (the usual
    /// continuation predictor); otherwise the rows on the biased contact's side
    /// of the junction are shifted rigidly (potential and both quasi-Fermi
    /// potentials together, densities unchanged — the Gummel solver's initial
    /// guess). The contacts get their ohmic values.
    fn shift_bias(&mut self, from: f64, to: f64) {
        let m = &self.mesh;
        let ratio = match &self.prev {
            Some((b0, _)) if *b0 != from => (to - from) / (from - b0),
            _ => 0.0,
        };
        match &self.prev {
            Some((_, x0)) if ratio > 0.0 && ratio <= 2.0 => {
                let x = &mut self.x;
                for i in 1..m.rows - 1 {
                    x.psi[i] += ratio * (x.psi[i] - x0.psi[i]);
                    x.n[i] *= (x.n[i] / x0.n[i]).powf(ratio);
                    x.p[i] *= (x.p[i] / x0.p[i]).powf(ratio);
                }
            }
            _ => {
                let d = (to - from) / m.vt;
                for (psi, w) in self.x.psi.iter_mut().zip(&self.weights) {
                    *psi += w * d;
                }
            }
        }
        let last = m.rows - 1;
        let contact = |side_weight: f64| to * side_weight / m.vt;
        // Contacts: equilibrium densities, potential ψ_eq + V/V_T on the biased
        // one (its weight is 1) and ψ_eq on the grounded one.
        for i in [0, last] {
            self.x.psi[i] = m.psi_eq[i] + contact(self.weights[i].round());
            self.x.n[i] = (m.psi_eq[i] + m.vn[i]).exp();
            self.x.p[i] = (m.vp[i] - m.psi_eq[i]).exp();
        }
    }

    /// One Newton solve at the current bias.
    fn newton(&mut self, opts: &NewtonOptions) -> Outcome<3> {
        let m = &self.mesh;
        let ctl = StepControl {
            tolerance_v: opts.tolerance_v,
            max_iterations: opts.max_iterations,
            vt: m.vt,
            clip: [
                (-step::MAX_UPDATE, step::MAX_UPDATE),
                (-step::MAX_UPDATE, f64::INFINITY),
                (-step::MAX_UPDATE, f64::INFINITY),
            ],
        };
        damped_newton(
            &mut self.x,
            |x: &Unknowns, jac| assemble(m, x, jac),
            |x: &Unknowns, d: &[[f64; 3]], t: f64| {
                let mut y = x.clone();
                for (k, d) in d.iter().enumerate() {
                    let i = k + 1;
                    y.psi[i] += t * d[0];
                    y.n[i] *= grow(t * d[1]);
                    y.p[i] *= grow(t * d[2]);
                }
                let ok = y.n.iter().chain(&y.p).all(|v| v.is_finite() && *v > 0.0)
                    && y.psi.iter().all(|v| v.is_finite());
                ok.then_some(y)
            },
            ctl,
        )
    }

    /// Solves bias `bias_v` (volts on the biased contact, the other grounded)
    /// from the current solution. The whole step is tried first; when Newton
    /// fails the step is halved (up to `max_halvings` times) and the iterate
    /// goes back to the last converged bias.
    pub fn solve(&mut self, bias_v: f64, opts: &NewtonOptions) -> Result<NewtonPoint, DdmError> {
        opts.validate()?;
        let max_bias = self.max_bias_v();
        if !bias_v.is_finite() || bias_v.abs() > max_bias {
            return Err(input(format!(
                "bias {bias_v} V is outside the representable range ±{max_bias:.2} V for this device"
            )));
        }
        let start = Instant::now();
        let mut step = bias_v - self.bias_v;
        let (mut iterations, mut damped, mut steps, mut halvings) = (0, 0, 0, 0u32);
        let mut last;
        let mut history = Vec::new();
        loop {
            let from = self.bias_v;
            let to = if (bias_v - from).abs() <= step.abs() {
                bias_v
            } else {
                from + step
            };
            let saved = self.x.clone();
            let saved_prev = self.prev.clone();
            self.shift_bias(from, to);
            let out = self.newton(opts);
            let first = iterations;
            history.extend(out.history.iter().enumerate().map(|(k, u)| CostSample {
                iteration: first + k + 1,
                residual: Residual {
                    psi_v: u[0],
                    u_v: u[1],
                    v_v: u[2],
                },
                layer_ns: Vec::new(),
                layer_inner: Vec::new(),
            }));
            iterations += out.iterations;
            damped += out.damped;
            last = Residual {
                psi_v: out.update_v[0],
                u_v: out.update_v[1],
                v_v: out.update_v[2],
            };
            if out.converged {
                self.prev = Some((from, saved));
                self.bias_v = to;
                steps += 1;
                if to == bias_v {
                    break;
                }
            } else {
                self.x = saved;
                self.prev = saved_prev;
                halvings += 1;
                step *= 0.5;
                if halvings > opts.max_halvings || to == from {
                    return Err(DdmError::NewtonFailed {
                        bias_v,
                        reached_v: self.bias_v,
                        iterations,
                        halvings,
                        psi_v: last.psi_v,
                        u_v: last.u_v,
                        v_v: last.v_v,
                        tolerance: opts.tolerance_v,
                    });
                }
            }
        }
        let mut solution = fields::solution(&self.mesh, &self.x, bias_v);
        solution.iterations = iterations;
        solution.residual = last;
        solution.cost.history = history;
        solution.time_s = start.elapsed().as_secs_f64();
        Ok(NewtonPoint {
            solution,
            bias_steps: steps,
            halvings,
            damped_iterations: damped,
        })
    }
}
