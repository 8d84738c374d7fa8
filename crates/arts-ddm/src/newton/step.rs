//! Damped Newton iteration on a block-tridiagonal system: the step is capped in
//! size, then halved until the scaled residual norm decreases (a backtracking
//! line search with the Armijo condition); converged when a full step's update
//! is below the tolerance.

use super::block_tridiag::BlockTridiag;

/// Largest potential change, and largest decrease of a log-density, applied in
/// one iteration (thermal voltages / natural-log units); longer components
/// are clipped one by one.
pub const MAX_UPDATE: f64 = 5.0;
/// Line-search halvings before an iteration is given up.
pub const MAX_LINE_SEARCH: u32 = 30;

/// Iteration controls of one Newton solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepControl<const B: usize> {
    /// Converged when every component's summed full-step update (× V_T) is at most this, V.
    pub tolerance_v: f64,
    /// Iteration limit.
    pub max_iterations: usize,
    /// Thermal voltage, V (scales the update sums).
    pub vt: f64,
    /// Per component: the range (low, high) each update component is clipped to.
    pub clip: [(f64, f64); B],
}

/// How a Newton solve ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<const B: usize> {
    /// The last update was a full step below the tolerance.
    pub converged: bool,
    /// Newton iterations done.
    pub iterations: usize,
    /// Iterations whose step was shortened (cap or line search).
    pub damped: usize,
    /// Summed |update| × V_T per component of the last iteration, V.
    pub update_v: [f64; B],
    /// Scaled residual norm at the end.
    pub residual_norm: f64,
    /// The applied update (summed |update| × V_T per component, V) of every accepted iteration.
    pub history: Vec<[f64; B]>,
}

/// Norm of the residual, each equation divided by its Jacobian diagonal
/// (a dimensionless "how far a Jacobi step would move" measure); the scales are
/// fixed per iteration so that trial points are compared fairly.
fn scaled_norm<const B: usize>(sys: &BlockTridiag<B>, scale: &[[f64; B]]) -> f64 {
    let mut s = 0.0;
    for (r, sc) in sys.rhs.iter().zip(scale) {
        for c in 0..B {
            let v = r[c] / sc[c];
            s += v * v;
        }
    }
    s.sqrt()
}

/// Damped Newton on `x`: `assemble(x, jacobian)` gives J·δ = −F, `apply(x, δ, t)`
/// the point x + t·δ (or `None` where it is not finite). On return `x` holds
/// the last accepted iterate.
pub fn damped_newton<X: Clone, const B: usize>(
    x: &mut X,
    assemble: impl Fn(&X, bool) -> BlockTridiag<B>,
    apply: impl Fn(&X, &[[f64; B]], f64) -> Option<X>,
    ctl: StepControl<B>,
) -> Outcome<B> {
    let mut out = Outcome {
        converged: false,
        iterations: 0,
        damped: 0,
        update_v: [f64::INFINITY; B],
        residual_norm: f64::INFINITY,
        history: Vec::new(),
    };
    let mut sys = assemble(x, true);
    while out.iterations < ctl.max_iterations {
        out.iterations += 1;
        let scale: Vec<[f64; B]> = sys
            .diag
            .iter()
            .map(|d| std::array::from_fn(|c| d[c][c].abs().max(f64::MIN_POSITIVE)))
            .collect();
        let norm = scaled_norm(&sys, &scale);
        out.residual_norm = norm;
        let Ok(mut delta) = sys.clone().solve() else {
            return out;
        };
        let mut full = [0.0; B];
        let mut finite = true;
        for d in &delta {
            for c in 0..B {
                full[c] += d[c].abs() * ctl.vt;
                finite &= d[c].is_finite();
            }
        }
        if !finite {
            return out;
        }
        // A full step already below the tolerance is taken as is: at the
        // rounding floor the residual norm cannot be expected to decrease.
        let small = full.iter().all(|&u| u <= ctl.tolerance_v);
        // Components outside their range are clipped one by one.
        let mut clipped = false;
        for d in &mut delta {
            for (v, &(lo, hi)) in d.iter_mut().zip(&ctl.clip) {
                if *v < lo || *v > hi {
                    *v = v.clamp(lo, hi);
                    clipped = true;
                }
            }
        }
        let mut t = 1.0;
        let mut accepted = None;
        for _ in 0..MAX_LINE_SEARCH {
            if let Some(trial) = apply(x, &delta, t) {
                let tsys = assemble(&trial, true);
                let tnorm = scaled_norm(&tsys, &scale);
                if small || (tnorm.is_finite() && tnorm <= (1.0 - 1e-4 * t) * norm) {
                    accepted = Some((trial, tsys, tnorm));
                    break;
                }
            }
            t *= 0.5;
        }
        let Some((trial, tsys, tnorm)) = accepted else {
            return out;
        };
        if t < 1.0 || clipped {
            out.damped += 1;
        }
        *x = trial;
        sys = tsys;
        out.residual_norm = tnorm;
        out.update_v = full.map(|u| u * t);
        out.history.push(out.update_v);
        if t == 1.0 && small && !clipped {
            out.converged = true;
            return out;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x_k³ + x_k − x_{k−1} − x_{k+1} = b_k (a nonlinear tridiagonal system with a
    /// known solution) from a far start: the damping and line search bring it in.
    #[test]
    fn converges_on_a_nonlinear_tridiagonal_system() {
        let n = 20;
        let want: Vec<f64> = (0..n).map(|k| (k as f64 * 0.4).sin() * 3.0).collect();
        let f = |x: &[f64], k: usize| {
            let l = if k > 0 { x[k - 1] } else { 0.0 };
            let r = if k + 1 < n { x[k + 1] } else { 0.0 };
            x[k].powi(3) + x[k] - l - r
        };
        let b: Vec<f64> = (0..n).map(|k| f(&want, k)).collect();
        let assemble = |x: &Vec<f64>, _: bool| {
            let mut s = BlockTridiag::<1>::zeros(n);
            for k in 0..n {
                s.rhs[k] = [-(f(x, k) - b[k])];
                s.diag[k] = [[3.0 * x[k] * x[k] + 1.0]];
                s.lower[k] = [[-1.0]];
                s.upper[k] = [[-1.0]];
            }
            s
        };
        let apply = |x: &Vec<f64>, d: &[[f64; 1]], t: f64| {
            Some(x.iter().zip(d).map(|(a, d)| a + t * d[0]).collect())
        };
        let mut x = vec![40.0; n];
        let ctl = StepControl {
            tolerance_v: 1e-12,
            max_iterations: 60,
            vt: 1.0,
            clip: [(-MAX_UPDATE, MAX_UPDATE)],
        };
        let out = damped_newton(&mut x, assemble, apply, ctl);
        assert!(out.converged, "{out:?}");
        assert!(out.damped > 0, "the far start needs damping: {out:?}");
        for (a, w) in x.iter().zip(&want) {
            assert!((a - w).abs() < 1e-10, "{a} vs {w}");
        }
    }
}
