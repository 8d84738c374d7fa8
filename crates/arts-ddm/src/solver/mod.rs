//! Gummel's decoupled iteration with Korman–Mayergoyz-style explicit point
//! updates: each iteration runs the sub-cycles reset, phi, u, v, field over the
//! strip, storing only the previous iteration. See `docs/ddm.md`.

pub mod controller;
pub mod instrument;
pub mod segment;
pub(crate) mod state;
mod subcycles;

use std::time::Instant;

use crate::device::Side;
use crate::error::{DdmError, input};
use crate::mesh::Mesh;
use crate::solution::BiasSolution;
use controller::{Controller, Verdict};
use instrument::{CostProfile, Off, On, Probe, Residual};
use state::State;

/// In which order the sub-cycles see each other's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpdateOrder {
    /// As in the serial code: each sub-cycle sweeps the whole strip with the
    /// newest values (Gauss–Seidel across the strip and across sub-cycles).
    Sequential,
    /// The paper's relaxed order: the strip is cut into segments, each running
    /// all sub-cycles on its own rows with its neighbours' values from the
    /// previous iteration (what a parallel version exchanges once per iteration).
    Relaxed {
        /// Segments as `[start, end)` ranges of interior rows, covering 1..rows−1 in order.
        segments: Vec<(usize, usize)>,
    },
    /// The paper's "sub-cycle dependency" over the same segments, at the
    /// boundaries marked in `linked` (`linked[k]`: between segments k and
    /// k + 1). Across a linked boundary each sub-cycle of a segment starts
    /// from its left neighbour's rows after that sub-cycle and its right
    /// neighbour's before it — the sequential sweep's values, staggered
    /// across segments (a pipeline in parallel) — and the two end rows are
    /// over-relaxed as in the sequential sweep. Across the other boundaries
    /// the segments see each other's rows of the previous iteration, as in
    /// `Relaxed`. With every boundary linked this is the sequential order;
    /// with none, the relaxed one; in between, the relaxed order over the
    /// runs of linked segments.
    Staggered {
        /// Segments as in `Relaxed`.
        segments: Vec<(usize, usize)>,
        /// Which boundaries are linked, one per pair of neighbours.
        linked: Vec<bool>,
    },
}

/// Which ends of a segment are linked to their neighbour (see
/// [`UpdateOrder::Staggered`]): a linked end row is over-relaxed like any
/// other; an end row at a contact or at a relaxed boundary is updated
/// plainly (over-relaxed against rows an iteration old, the relaxed order
/// diverges).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Links {
    /// Linked to the left neighbour.
    pub left: bool,
    /// Linked to the right neighbour.
    pub right: bool,
}

impl UpdateOrder {
    /// The relaxed order with `k` segments of (nearly) equal row counts.
    pub fn relaxed_equal(rows: usize, k: usize) -> Result<UpdateOrder, DdmError> {
        let interior = rows.saturating_sub(2);
        if k == 0 || k > interior {
            return Err(input(format!(
                "segments = {k} must be between 1 and the {interior} interior rows"
            )));
        }
        let segments = (0..k)
            .map(|s| (1 + s * interior / k, 1 + (s + 1) * interior / k))
            .collect();
        Ok(UpdateOrder::Relaxed { segments })
    }

    /// The relaxed order from segment start rows over all rows `0..rows` (e.g. a
    /// partition's cuts); the contact rows are folded into the first and last segment.
    pub fn relaxed_from_starts(rows: usize, starts: &[usize]) -> Result<UpdateOrder, DdmError> {
        let mut segments = Vec::new();
        for (k, &s) in starts.iter().enumerate() {
            let a = s.max(1);
            let b = starts.get(k + 1).copied().unwrap_or(rows).min(rows - 1);
            if a >= b {
                return Err(input(format!(
                    "segment {k} starting at row {s} holds no interior row"
                )));
            }
            segments.push((a, b));
        }
        if segments.first().map(|s| s.0) != Some(1)
            || segments.last().map(|s| s.1) != Some(rows - 1)
        {
            return Err(input("segments must start at row 0 and cover the strip"));
        }
        Ok(UpdateOrder::Relaxed { segments })
    }

    /// "sequential", "relaxed", "staggered" (every boundary linked) or
    /// "mixed" (some).
    pub fn name(&self) -> &'static str {
        match self {
            UpdateOrder::Sequential => "sequential",
            UpdateOrder::Relaxed { .. } => "relaxed",
            UpdateOrder::Staggered { linked, .. } if linked.iter().all(|&l| l) => "staggered",
            UpdateOrder::Staggered { .. } => "mixed",
        }
    }

    /// The segments of a relaxed or staggered order (none for the sequential one).
    pub fn segments(&self) -> &[(usize, usize)] {
        match self {
            UpdateOrder::Sequential => &[],
            UpdateOrder::Relaxed { segments } | UpdateOrder::Staggered { segments, .. } => segments,
        }
    }

    /// The staggered order over this order's segments, every boundary
    /// linked (`Sequential` stays).
    pub fn staggered(self) -> UpdateOrder {
        self.staggered_at(|_| true)
    }

    /// The staggered order over this order's segments, boundary `k`
    /// (between segments k and k + 1) linked where `linked(k)` says so.
    /// `Sequential` stays.
    pub fn staggered_at(self, linked: impl Fn(usize) -> bool) -> UpdateOrder {
        match self {
            UpdateOrder::Sequential => UpdateOrder::Sequential,
            UpdateOrder::Relaxed { segments } | UpdateOrder::Staggered { segments, .. } => {
                let linked = (0..segments.len().saturating_sub(1)).map(linked).collect();
                UpdateOrder::Staggered { segments, linked }
            }
        }
    }

    /// How segment `k` is linked to its neighbours.
    pub fn links(&self, k: usize) -> Links {
        match self {
            UpdateOrder::Staggered { linked, .. } => Links {
                left: k > 0 && linked[k - 1],
                right: linked.get(k).copied().unwrap_or(false),
            },
            _ => Links::default(),
        }
    }
}

/// How each row is updated within a sub-cycle (`--point-update`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum PointUpdate {
    /// The potential's point equation solved by scalar Newton (to 1e-10
    /// V_T), every update over-relaxed as [`SolverOptions`] says (SOR, with
    /// its safeguards): the default, fast.
    #[default]
    NewtonSor,
    /// The paper's Korman–Mayergoyz point updates as literally as its text
    /// allows ("updating the electrostatic and quasi-Fermi potentials at
    /// each mesh point by an explicit formula"): one explicit formula per
    /// row and sub-cycle — for the potential, the point equation linearized
    /// at the previous value (one Newton step, long steps damped
    /// logarithmically), for u and v the explicit Slotboom formula — and no
    /// over-relaxation anywhere (ω = 1, the globally convergent iteration;
    /// the ω options are ignored).
    Paper,
}

impl PointUpdate {
    /// "newton-sor" or "paper".
    pub fn name(self) -> &'static str {
        match self {
            PointUpdate::NewtonSor => "newton-sor",
            PointUpdate::Paper => "paper",
        }
    }
}

/// Iteration controls.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverOptions {
    /// Convergence: every summed change (potential, electron and hole quasi-Fermi) below this, V.
    pub tolerance_v: f64,
    /// Iteration limit per bias point.
    pub max_iterations: usize,
    /// Over-relaxation factor of the potential point update (1 = plain Gauss–Seidel).
    pub omega_phi: f64,
    /// Over-relaxation factor of the continuity point updates; `None` picks the
    /// SOR optimum of a Laplacian on the strip, 2 / (1 + sin(π / rows)) — faster in
    /// forward bias, less robust in reverse bias than the default 1.9.
    pub omega_carriers: Option<f64>,
    /// Halve the over-relaxation (ω − 1) when the residual grows a thousandfold
    /// above its best, or stops halving for 5000 iterations (ω = 1 is the globally
    /// convergent Korman–Mayergoyz iteration).
    pub adaptive_omega: bool,
    /// Over-relax the continuity updates only once the residual has fallen below
    /// this (V): far from the solution they run plain Gauss–Seidel (ω = 1); the
    /// potential update is always over-relaxed, damped for large steps.
    pub overrelax_below_v: f64,
    /// Update order.
    pub order: UpdateOrder,
    /// Measure per-row cost every this many iterations (0: never; the first iteration is always measured otherwise).
    pub instrument_every: usize,
    /// Observe the residual (convergence and over-relaxation decisions)
    /// every this many iterations, a divisor of 100 (a parallel solver
    /// reduces it across segments that often).
    pub check_every: usize,
    /// The point updates.
    pub point_update: PointUpdate,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            tolerance_v: 1e-9,
            max_iterations: 200_000,
            omega_phi: 1.9,
            omega_carriers: Some(1.9),
            adaptive_omega: true,
            overrelax_below_v: 1e-3,
            order: UpdateOrder::Sequential,
            instrument_every: 200,
            check_every: 1,
            point_update: PointUpdate::NewtonSor,
        }
    }
}

impl SolverOptions {
    /// The carrier over-relaxation factor for a strip of `rows` rows.
    pub fn carrier_omega(&self, rows: usize) -> f64 {
        self.omega_carriers
            .unwrap_or_else(|| 2.0 / (1.0 + (std::f64::consts::PI / rows as f64).sin()))
    }

    /// Checks the ranges.
    pub fn validate(&self, rows: usize) -> Result<(), DdmError> {
        crate::error::check_iteration_controls(self.tolerance_v, self.max_iterations)?;
        if self.check_every == 0 || !100usize.is_multiple_of(self.check_every) {
            return Err(input(format!(
                "check_every = {} must divide 100 (1, 2, 4, 5, 10, 20, 25, 50 or 100)",
                self.check_every
            )));
        }
        for (what, w) in [
            ("omega_phi", self.omega_phi),
            ("omega_carriers", self.omega_carriers.unwrap_or(1.0)),
        ] {
            if !(w > 0.0 && w < 2.0) {
                return Err(input(format!(
                    "{what} = {w} must be in (0, 2) (over-relaxation factor)"
                )));
            }
        }
        if let UpdateOrder::Staggered { segments, linked } = &self.order
            && linked.len() + 1 != segments.len()
        {
            return Err(input(format!(
                "{} links for {} segments: one per pair of neighbours",
                linked.len(),
                segments.len()
            )));
        }
        if self.order != UpdateOrder::Sequential {
            let segments = self.order.segments();
            let mut next = 1;
            for &(a, b) in segments {
                if a != next || b <= a {
                    return Err(input(
                        "relaxed segments must tile the interior rows in order",
                    ));
                }
                next = b;
            }
            if next != rows - 1 {
                return Err(input(
                    "relaxed segments must tile the interior rows in order",
                ));
            }
        }
        Ok(())
    }
}

/// The solver of one device: the mesh and the current solution, carried from
/// one bias point to the next (continuation).
pub struct Solver {
    mesh: Mesh,
    state: State,
    biased: Side,
    bias_v: f64,
    weights: Vec<f64>,
}

impl Solver {
    /// A solver starting from the charge-neutral equilibrium guess.
    pub fn new(mesh: Mesh, biased: Side) -> Solver {
        let state = State::equilibrium(&mesh);
        let weights = mesh.bias_weights(biased == Side::Left);
        Solver {
            mesh,
            state,
            biased,
            bias_v: 0.0,
            weights,
        }
    }

    /// The mesh.
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    /// The total current density per edge of the current iterate, A/cm^2.
    pub fn edge_currents(&self) -> Vec<f64> {
        let f = &self.state.fields;
        f.jn.iter().zip(&f.jp).map(|(a, b)| a + b).collect()
    }

    /// The current iterate: potential (thermal voltages), u and v per row.
    pub fn iterate_rows(&self) -> (&[f64], &[f64], &[f64]) {
        let c = &self.state.cur;
        (&c.psi, &c.u, &c.v)
    }

    /// The largest bias magnitude the scaled variables can represent, V.
    pub fn max_bias_v(&self) -> f64 {
        (crate::mesh::MAX_SPAN - self.mesh.equilibrium_span()).max(0.0) * self.mesh.vt
    }

    /// Solves one bias point (volts on the biased contact, the other grounded),
    /// starting from the previous solution. `progress(iteration, residual)` is
    /// called on every measured iteration.
    pub fn solve(
        &mut self,
        bias_v: f64,
        opts: &SolverOptions,
        progress: &mut dyn FnMut(usize, Residual),
    ) -> Result<BiasSolution, DdmError> {
        let m = &self.mesh;
        opts.validate(m.rows)?;
        let max_bias = self.max_bias_v();
        if !bias_v.is_finite() || bias_v.abs() > max_bias {
            return Err(input(format!(
                "bias {bias_v} V is outside the representable range ±{max_bias:.2} V for this device"
            )));
        }
        let (left, right) = match self.biased {
            Side::Left => (bias_v, 0.0),
            Side::Right => (0.0, bias_v),
        };
        self.state
            .apply_bias(m, &self.weights, (left, right), self.bias_v, bias_v);
        self.bias_v = bias_v;
        let layers = m.layer.iter().copied().max().unwrap_or(0) as usize + 1;
        let mut cost = CostProfile::new(m.rows, opts.instrument_every);
        let mut probe_on = On::new(m.rows);
        let start = Instant::now();
        let mut inner_total = 0u64;
        let mut residual = Residual::default();
        let mut converged = false;
        let mut it = 0;
        let mut control = Controller::new(opts, m.rows);
        while it < opts.max_iterations {
            it += 1;
            let measure = opts.instrument_every > 0 && (it == 1 || it % opts.instrument_every == 0);
            let w = control.weights();
            let (r, inner) = if measure {
                probe_on.clear();
                let out = iterate(m, &mut self.state, opts, w, &mut probe_on);
                cost.add(it, out.0, &mut probe_on, &m.layer, layers);
                progress(it, out.0);
                out
            } else {
                iterate(m, &mut self.state, opts, w, &mut Off)
            };
            inner_total += inner;
            if !control.checks(it) {
                continue;
            }
            residual = r;
            match control.observe(it, residual) {
                Verdict::Continue => {}
                Verdict::Converged => {
                    converged = true;
                    break;
                }
                Verdict::Diverged => {
                    return Err(DdmError::Diverged {
                        bias_v,
                        iterations: it,
                        psi_v: control.last_finite().psi_v,
                    });
                }
            }
        }
        let time_s = start.elapsed().as_secs_f64();
        if !converged {
            return Err(DdmError::NotConverged {
                bias_v,
                iterations: it,
                psi_v: residual.psi_v,
                u_v: residual.u_v,
                v_v: residual.v_v,
                tolerance: opts.tolerance_v,
            });
        }
        if cost.history.last().map(|h| h.iteration) != Some(it) {
            cost.history.push(instrument::CostSample {
                iteration: it,
                residual,
                layer_ns: Vec::new(),
                layer_inner: Vec::new(),
            });
        }
        let j_scale = m.constants.q * m.vt * m.n_ref / m.h_cm;
        let mut sol = BiasSolution::from_state(&self.state, j_scale, bias_v, cost);
        sol.iterations = it;
        sol.residual = residual;
        sol.time_s = time_s;
        sol.inner_iterations = inner_total;
        (sol.omega, sol.omega_reductions) = control.omega();
        Ok(sol)
    }
}

/// One Gummel iteration; returns the residual and the inner Newton count.
pub(crate) fn iterate(
    m: &Mesh,
    s: &mut State,
    opts: &SolverOptions,
    (w_phi, w_c): (f64, f64),
    probe: &mut impl Probe,
) -> (Residual, u64) {
    let n = m.rows;
    let explicit = opts.point_update == PointUpdate::Paper;
    subcycles::reset(s, 1, n - 1, probe);
    let (mut dpsi, mut du, mut dv) = (0.0, 0.0, 0.0);
    let segments = opts.order.segments();
    let mut inner = InnerCount { probe, total: 0 };
    if let UpdateOrder::Staggered { segments, .. } = &opts.order {
        // Step by step (phi; electrons, holes and field), segment by
        // segment; before each step a segment's halo rows take the
        // neighbours' values: across a linked boundary the current ones
        // (the left one's after this step, the right one's before it),
        // across the others those from before the iteration. The sums are
        // added per segment, as the slabs' are.
        let before: Vec<_> = segments
            .iter()
            .map(|&(a, b)| (s.cur.row(a - 1), s.cur.row(b)))
            .collect();
        let mut sums = vec![[0.0; 3]; segments.len()];
        for step in 0..segment::STEPS {
            for (k, &(a, b)) in segments.iter().enumerate() {
                let links = opts.order.links(k);
                let left = if links.left {
                    s.cur.row(a - 1)
                } else {
                    before[k].0
                };
                let right = if links.right {
                    s.cur.row(b)
                } else {
                    before[k].1
                };
                s.old.set_row(a - 1, left);
                s.old.set_row(b, right);
                if step == 0 {
                    sums[k][0] = subcycles::phi(m, s, (a, b), links, (w_phi, explicit), &mut inner);
                } else {
                    sums[k][1] = subcycles::electrons(m, s, a, b, links, w_c, &mut inner);
                    sums[k][2] = subcycles::holes(m, s, a, b, links, w_c, &mut inner);
                    subcycles::field(m, s, a, b, &mut inner);
                }
            }
        }
        for [p, u, v] in sums {
            (dpsi, du, dv) = (dpsi + p, du + u, dv + v);
        }
    } else {
        let whole = [(1, n - 1)];
        let segments = if segments.is_empty() {
            &whole[..]
        } else {
            segments
        };
        let plain = Links::default();
        for &(a, b) in segments {
            dpsi += subcycles::phi(m, s, (a, b), plain, (w_phi, explicit), &mut inner);
            du += subcycles::electrons(m, s, a, b, plain, w_c, &mut inner);
            dv += subcycles::holes(m, s, a, b, plain, w_c, &mut inner);
            subcycles::field(m, s, a, b, &mut inner);
        }
    }
    let total = inner.total;
    (
        Residual {
            psi_v: dpsi * m.vt,
            u_v: du * m.vt,
            v_v: dv * m.vt,
        },
        total,
    )
}

/// Wraps a probe to also count the inner Newton iterations of every iteration.
struct InnerCount<'a, P: Probe> {
    probe: &'a mut P,
    total: u64,
}

impl<P: Probe> Probe for InnerCount<'_, P> {
    #[inline(always)]
    fn begin(&mut self, sub: instrument::SubCycle) {
        self.probe.begin(sub);
    }
    #[inline(always)]
    fn row(&mut self, i: usize) {
        self.probe.row(i);
    }
    #[inline(always)]
    fn inner(&mut self, i: usize, k: u32) {
        self.total += k as u64;
        self.probe.inner(i, k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relaxed_segments_from_a_partition() {
        let o = UpdateOrder::relaxed_from_starts(10, &[0, 4, 7]).unwrap();
        assert_eq!(
            o,
            UpdateOrder::Relaxed {
                segments: vec![(1, 4), (4, 7), (7, 9)]
            }
        );
        assert!(UpdateOrder::relaxed_from_starts(10, &[0, 9]).is_err());
        assert!(UpdateOrder::relaxed_from_starts(10, &[2, 5]).is_err());
        let e = UpdateOrder::relaxed_equal(10, 3).unwrap();
        assert_eq!(
            e,
            UpdateOrder::Relaxed {
                segments: vec![(1, 3), (3, 6), (6, 9)]
            }
        );
        assert!(UpdateOrder::relaxed_equal(10, 9).is_err());
    }
}
