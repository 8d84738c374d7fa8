//! One segment of the strip, for solvers that run segments in parallel
//! (`arts run ddm --parallel`): rows `[a, b)` iterated in the relaxed order
//! (the paper's parallel Gummel: each segment runs every sub-cycle on its own
//! rows with its neighbours' rows from the previous iteration, its halo).
//!
//! A segment keeps its own [`Controller`], fed the same residuals as every
//! other segment (the sums of all segments, reduced every `check_every`
//! iterations), so all segments take the same decisions at the same
//! iterations, and the result is bit-identical to [`super::Solver`] with
//! [`UpdateOrder::Relaxed`](super::UpdateOrder::Relaxed) over the same segments. For the staggered order
//! ([`UpdateOrder::Staggered`](super::UpdateOrder::Staggered)) a segment runs one step at a time
//! ([`Segment::step`]: phi; electrons, holes and field), with fresh halos
//! before each across its linked boundaries, and matches the solver in
//! that order.
//!
//! A segment holds arrays as long as the strip (only its rows and its two
//! halo rows are meaningful): simple, and small for 1-D devices (13 values
//! per row).

use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::controller::{Controller, Verdict};
use super::instrument::{CostProfile, Probe, Residual, SubCycle};
use super::state::State;
use super::{Links, SolverOptions, subcycles};
use crate::device::Side;
use crate::mesh::Mesh;
use crate::solution::BiasSolution;

/// Steps of one iteration, as [`Segment::step`] runs them: phi; then
/// electrons, holes and field together. In the sequential sweep a row's
/// electron and hole updates see the right neighbour's potential after
/// phi and its densities from before (neither changes them), and the left
/// neighbour's rows after it did all three, as they do in one step; only
/// phi must be done across the strip first.
pub const STEPS: usize = 2;

/// One boundary row's unknowns, sent to the neighbouring segment.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Halo {
    psi: f64,
    u: f64,
    v: f64,
    ew: f64,
    ez: f64,
}

impl Halo {
    /// The row as five numbers (ψ, u, v, e^(ψ+Vn), e^(−ψ+Vp)), for transports
    /// that move plain arrays (MPI).
    pub fn to_array(self) -> [f64; 5] {
        [self.psi, self.u, self.v, self.ew, self.ez]
    }

    /// The row from [`Halo::to_array`]'s numbers.
    pub fn from_array(a: [f64; 5]) -> Halo {
        let [psi, u, v, ew, ez] = a;
        Halo { psi, u, v, ew, ez }
    }
}

/// Rows that move to a neighbouring segment when the cut between them
/// moves (live application-level balancing): their current unknowns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowBlock {
    first: usize,
    rows: Vec<Halo>,
}

impl RowBlock {
    /// The rows it holds, `[first, first + len)`.
    pub fn range(&self) -> (usize, usize) {
        (self.first, self.first + self.rows.len())
    }
}

/// Rows `[a, b)` of the strip with their iteration state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Segment {
    a: usize,
    b: usize,
    state: State,
    control: Controller,
    /// Iterations done at the current bias point.
    it: usize,
    /// Steps of the current iteration done by [`Segment::step`] (0 between iterations).
    sub: usize,
    /// Their sums so far.
    sums: [f64; 3],
    bias_v: f64,
}

/// The contact values of bias `bias_v` on the biased side (the other grounded).
fn contacts(biased: Side, bias_v: f64) -> (f64, f64) {
    match biased {
        Side::Left => (bias_v, 0.0),
        Side::Right => (0.0, bias_v),
    }
}

impl Segment {
    /// Rows `[a, b)` (interior rows: 1 ≤ a < b ≤ rows − 1) at the
    /// charge-neutral equilibrium guess.
    pub fn new(m: &Mesh, a: usize, b: usize, opts: &SolverOptions) -> Segment {
        assert!(
            1 <= a && a < b && b < m.rows,
            "rows [{a}, {b}) of {}",
            m.rows
        );
        Segment {
            a,
            b,
            state: State::equilibrium(m),
            control: Controller::new(opts, m.rows),
            it: 0,
            sub: 0,
            sums: [0.0; 3],
            bias_v: 0.0,
        }
    }

    /// Its rows `[a, b)`.
    pub fn rows(&self) -> (usize, usize) {
        (self.a, self.b)
    }

    /// Moves to bias point `bias_v` (continuing from the current solution,
    /// as [`super::Solver::solve`] does) and starts counting iterations anew.
    pub fn start_bias(&mut self, m: &Mesh, biased: Side, bias_v: f64, opts: &SolverOptions) {
        let weights = m.bias_weights(biased == Side::Left);
        let ends = contacts(biased, bias_v);
        self.state
            .apply_bias(m, &weights, ends, self.bias_v, bias_v);
        self.bias_v = bias_v;
        self.control = Controller::new(opts, m.rows);
        (self.it, self.sub, self.sums) = (0, 0, [0.0; 3]);
    }

    fn row(&self, i: usize) -> Halo {
        Halo::from_array(self.state.cur.row(i))
    }

    /// Its first row, the left neighbour's right halo.
    pub fn first_row(&self) -> Halo {
        self.row(self.a)
    }

    /// Its last row, the right neighbour's left halo.
    pub fn last_row(&self) -> Halo {
        self.row(self.b - 1)
    }

    fn set_halo(&mut self, i: usize, h: Halo) {
        self.state.old.set_row(i, h.to_array());
    }

    /// The left neighbour's last row (after the previous iteration, or
    /// across a linked boundary after the step about to run).
    pub fn set_left_halo(&mut self, h: Halo) {
        self.set_halo(self.a - 1, h);
    }

    /// The right neighbour's first row (after the previous iteration, or
    /// across a linked boundary before the step about to run).
    pub fn set_right_halo(&mut self, h: Halo) {
        self.set_halo(self.b, h);
    }

    /// Its rows `[lo, hi)` for a neighbour that takes them over.
    pub fn give(&self, lo: usize, hi: usize) -> RowBlock {
        assert!(
            self.a <= lo && lo < hi && hi <= self.b,
            "rows [{lo}, {hi}) outside [{}, {})",
            self.a,
            self.b
        );
        RowBlock {
            first: lo,
            rows: (lo..hi).map(|i| self.row(i)).collect(),
        }
    }

    /// Takes rows `[a, b)` between two iterations: rows it did not hold
    /// come from `blocks` (its neighbours' [`Segment::give`]), rows outside
    /// the new range are no longer its own. The halos must be set anew
    /// before the next iteration.
    pub fn recut(&mut self, m: &Mesh, a: usize, b: usize, blocks: &[RowBlock]) {
        assert!(self.sub == 0, "a recut between two iterations only");
        assert!(
            1 <= a && a < b && b < m.rows,
            "rows [{a}, {b}) of {}",
            m.rows
        );
        for block in blocks {
            for (k, h) in block.rows.iter().enumerate() {
                self.state.cur.set_row(block.first + k, h.to_array());
            }
        }
        let held = |i: usize| {
            (self.a..self.b).contains(&i)
                || blocks
                    .iter()
                    .any(|k| (k.range().0..k.range().1).contains(&i))
        };
        assert!((a..b).all(held), "rows [{a}, {b}) not all held or received");
        (self.a, self.b) = (a, b);
    }

    /// Runs one iteration on its rows (halos set; both ends relaxed, as in
    /// the relaxed order); returns its sums of |Δψ|, |Δu|/u and |Δv|/v
    /// (thermal voltages) for [`Segment::observe`], and its inner Newton
    /// iterations.
    pub fn iterate(&mut self, m: &Mesh) -> ([f64; 3], u64) {
        let mut inner = 0;
        loop {
            let (done, k) = self.step(m, Links::default());
            inner += k;
            if let Some(sums) = done {
                return (sums, inner);
            }
        }
    }

    /// Runs the next step of the current iteration (phi, which starts a
    /// new iteration; electrons, holes and field) with the halos as set,
    /// its end rows over-relaxed where `links` say so; after the last,
    /// returns the iteration's sums. Also returns its inner Newton
    /// iterations.
    pub fn step(&mut self, m: &Mesh, links: Links) -> (Option<[f64; 3]>, u64) {
        let (a, b) = (self.a, self.b);
        let (w_phi, w_c) = self.control.weights();
        let s = &mut self.state;
        let mut inner = InnerCount::default();
        match self.sub {
            0 => {
                self.it += 1;
                subcycles::reset(s, a, b, &mut inner);
                let explicit = self.control.explicit();
                self.sums[0] = subcycles::phi(m, s, (a, b), links, (w_phi, explicit), &mut inner);
            }
            _ => {
                self.sums[1] = subcycles::electrons(m, s, a, b, links, w_c, &mut inner);
                self.sums[2] = subcycles::holes(m, s, a, b, links, w_c, &mut inner);
                subcycles::field(m, s, a, b, &mut inner);
            }
        }
        self.sub = (self.sub + 1) % STEPS;
        let done = (self.sub == 0).then(|| std::mem::take(&mut self.sums));
        (done, inner.0)
    }

    /// Steps done at the current bias point (all iterations' included).
    pub fn steps(&self) -> usize {
        match self.sub {
            0 => self.it * STEPS,
            sub => (self.it - 1) * STEPS + sub,
        }
    }

    /// Iterations done at this bias point.
    pub fn iteration(&self) -> usize {
        self.it
    }

    /// Whether this iteration's residual is to be observed.
    pub fn checks(&self) -> bool {
        self.control.checks(self.it)
    }

    /// Observes this iteration's residual from every segment's sums, in
    /// segment order (as the sequential solver adds them).
    pub fn observe(&mut self, m: &Mesh, sums: &[[f64; 3]]) -> (Verdict, Residual) {
        let r = residual(m, sums);
        (self.control.observe(self.it, r), r)
    }

    /// The over-relaxation factors reached and how often they were halved.
    pub fn omega(&self) -> ((f64, f64), u32) {
        self.control.omega()
    }

    /// Writes its rows and edges into `out`, laid out as [`Assembly`] reads it.
    pub fn write_solution(&self, rows: usize, out: &mut [f64]) {
        for (base, range, arr) in self.solution_arrays(rows) {
            out[base + range.start..base + range.end].copy_from_slice(&arr[range]);
        }
    }

    /// Appends its rows and edges to `out` as one piece: its first row `a`
    /// and end row `b` (as `f64`), then the values
    /// [`Segment::write_solution`] writes, in the same order. The pieces of
    /// all segments joined are as long as the solution (plus two values
    /// each); [`place_piece`] puts one where `write_solution` would have.
    pub fn append_piece(&self, rows: usize, out: &mut Vec<f64>) {
        out.extend([self.a as f64, self.b as f64]);
        for (_, range, arr) in self.solution_arrays(rows) {
            out.extend_from_slice(&arr[range]);
        }
    }

    /// Each array of the solution with its offset in the solution vector
    /// and the range of it this segment owns.
    fn solution_arrays(&self, rows: usize) -> [(usize, Range<usize>, &[f64]); 8] {
        let (c, f, s) = (&self.state.cur, &self.state.fields, &self.state);
        let [r, e] = piece_ranges(rows, self.a, self.b);
        let row = |k: usize| k * rows;
        let edge = |k: usize| 3 * rows + k * (rows - 1);
        [
            (row(0), r.clone(), &c.psi[..]),
            (row(1), r.clone(), &c.u[..]),
            (row(2), r, &c.v[..]),
            (edge(0), e.clone(), &f.field[..]),
            (edge(1), e.clone(), &f.jn[..]),
            (edge(2), e.clone(), &f.jp[..]),
            (edge(3), e.clone(), &s.an[..]),
            (edge(4), e, &s.ap[..]),
        ]
    }
}

/// The rows and the edges a segment of rows `[a, b)` owns in a mesh of
/// `rows` rows: its rows, and the edges from the one left of `a` to the
/// one left of `b` (to the last edge for the last segment).
fn piece_ranges(rows: usize, a: usize, b: usize) -> [Range<usize>; 2] {
    let edges_end = if b == rows - 1 { b } else { b - 1 };
    [a..b, a - 1..edges_end]
}

/// Puts the piece at the start of `pieces` ([`Segment::append_piece`])
/// into `out` (a solution vector of a mesh of `rows` rows) where its
/// segment's [`Segment::write_solution`] would have written it; returns
/// the number of values it took. An error says what does not fit.
pub fn place_piece(rows: usize, pieces: &[f64], out: &mut [f64]) -> Result<usize, String> {
    let [a, b] = match pieces {
        [a, b, ..] => [*a, *b],
        _ => return Err(format!("a piece of {} values has no rows", pieces.len())),
    };
    let whole = |x: f64| x.fract() == 0.0 && x >= 1.0 && x <= (rows - 1) as f64;
    if !whole(a) || !whole(b) || a >= b || out.len() != solution_len(rows) {
        return Err(format!(
            "rows [{a}, {b}) of a solution of {} values do not fit a mesh of {rows} rows",
            out.len()
        ));
    }
    let (a, b) = (a as usize, b as usize);
    let [r, e] = piece_ranges(rows, a, b);
    let len = 2 + 3 * r.len() + 5 * e.len();
    if pieces.len() < len {
        return Err(format!(
            "the piece of rows [{a}, {b}) holds {} of its {len} values",
            pieces.len()
        ));
    }
    let mut values = &pieces[2..len];
    for k in 0..8 {
        let (base, range) = match k {
            0..3 => (k * rows, r.clone()),
            _ => (3 * rows + (k - 3) * (rows - 1), e.clone()),
        };
        let (mine, rest) = values.split_at(range.len());
        out[base + range.start..base + range.end].copy_from_slice(mine);
        values = rest;
    }
    Ok(len)
}

/// Counts the inner Newton iterations of the potential update.
#[derive(Default)]
struct InnerCount(u64);

impl Probe for InnerCount {
    #[inline(always)]
    fn begin(&mut self, _: SubCycle) {}
    #[inline(always)]
    fn row(&mut self, _: usize) {}
    #[inline(always)]
    fn inner(&mut self, _: usize, k: u32) {
        self.0 += k as u64;
    }
}

/// The residual of one iteration from every segment's sums, added in
/// segment order.
pub fn residual(m: &Mesh, sums: &[[f64; 3]]) -> Residual {
    let mut d = [0.0; 3];
    for s in sums {
        for k in 0..3 {
            d[k] += s[k];
        }
    }
    Residual {
        psi_v: d[0] * m.vt,
        u_v: d[1] * m.vt,
        v_v: d[2] * m.vt,
    }
}

/// Length of the vector the segments write their solution into.
pub fn solution_len(rows: usize) -> usize {
    3 * rows + 5 * (rows - 1)
}

/// A bias point's solution assembled from every segment's
/// [`Segment::write_solution`].
pub struct Assembly {
    state: State,
    biased: Side,
    bias_v: f64,
}

impl Assembly {
    /// For a device whose `biased` contact is driven.
    pub fn new(m: &Mesh, biased: Side) -> Assembly {
        Assembly {
            state: State::equilibrium(m),
            biased,
            bias_v: 0.0,
        }
    }

    /// The solution at `bias_v` from the segments' rows and edges (`parts`,
    /// as summed over the segments) and the contacts.
    pub fn solution(&mut self, m: &Mesh, bias_v: f64, parts: &[f64]) -> BiasSolution {
        let weights = m.bias_weights(self.biased == Side::Left);
        let ends = contacts(self.biased, bias_v);
        self.state
            .apply_bias(m, &weights, ends, self.bias_v, bias_v);
        self.bias_v = bias_v;
        let n = m.rows;
        let s = &mut self.state;
        for (k, arr) in [&mut s.cur.psi, &mut s.cur.u, &mut s.cur.v]
            .into_iter()
            .enumerate()
        {
            arr[1..n - 1].copy_from_slice(&parts[k * n + 1..k * n + n - 1]);
        }
        let edge_arrays = [
            &mut s.fields.field,
            &mut s.fields.jn,
            &mut s.fields.jp,
            &mut s.an,
            &mut s.ap,
        ];
        for (k, arr) in edge_arrays.into_iter().enumerate() {
            let base = 3 * n + k * (n - 1);
            arr.copy_from_slice(&parts[base..base + n - 1]);
        }
        let j_scale = m.constants.q * m.vt * m.n_ref / m.h_cm;
        BiasSolution::from_state(&self.state, j_scale, bias_v, CostProfile::new(n, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ConstantSet, presets};

    fn mesh() -> Mesh {
        let d = presets::preset("si-pn")
            .unwrap()
            .with_spacing(10.0)
            .unwrap();
        Mesh::new(&d, ConstantSet::Codata.constants()).unwrap()
    }

    #[test]
    fn pieces_placed_equal_the_written_solution_bit_for_bit() {
        let m = mesh();
        let opts = SolverOptions::default();
        let cuts = [1, 40, 41, 100, m.rows - 1];
        let mut segs: Vec<Segment> = cuts
            .windows(2)
            .map(|w| Segment::new(&m, w[0], w[1], &opts))
            .collect();
        for s in &mut segs {
            s.start_bias(&m, Side::Left, 0.3, &opts);
            s.iterate(&m);
        }
        let mut written = vec![0.0; solution_len(m.rows)];
        let mut pieces = Vec::new();
        for s in &segs {
            s.write_solution(m.rows, &mut written);
            s.append_piece(m.rows, &mut pieces);
        }
        // Two values per piece more than the rows and edges it owns.
        let owned = 3 * (m.rows - 2) + 5 * (m.rows - 1);
        assert_eq!(pieces.len(), owned + 2 * segs.len());
        let mut placed = vec![0.0; solution_len(m.rows)];
        let mut rest = &pieces[..];
        while !rest.is_empty() {
            let took = place_piece(m.rows, rest, &mut placed).unwrap();
            rest = &rest[took..];
        }
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&placed), bits(&written));
        // A cut-off or misplaced piece is an error, not a panic.
        let mut out = vec![0.0; solution_len(m.rows)];
        let err = place_piece(m.rows, &pieces[..10], &mut out).unwrap_err();
        assert!(err.contains("holds 10 of its"), "{err}");
        let err = place_piece(m.rows, &[0.0, 5.0], &mut out).unwrap_err();
        assert!(err.contains("do not fit"), "{err}");
    }

    #[test]
    fn rows_handed_over_arrive_with_their_values() {
        let m = mesh();
        let opts = SolverOptions::default();
        let mut left = Segment::new(&m, 1, 100, &opts);
        let mut right = Segment::new(&m, 100, m.rows - 1, &opts);
        left.start_bias(&m, Side::Left, 0.3, &opts);
        right.start_bias(&m, Side::Left, 0.3, &opts);
        for _ in 0..3 {
            left.set_right_halo(right.first_row());
            right.set_left_halo(left.last_row());
            left.iterate(&m);
            right.iterate(&m);
        }
        // The boundary moves left by 10 rows: [90, 100) go to the right.
        let block = left.give(90, 100);
        assert_eq!(block.range(), (90, 100));
        let moved = left.row(90);
        left.recut(&m, 1, 90, &[]);
        right.recut(&m, 90, m.rows - 1, &[block]);
        assert_eq!((left.rows(), right.rows()), ((1, 90), (90, m.rows - 1)));
        assert_eq!(right.first_row(), moved);
        assert_eq!(left.last_row(), left.row(89));
    }

    #[test]
    #[should_panic(expected = "not all held or received")]
    fn a_recut_without_the_rows_is_refused() {
        let m = mesh();
        let mut s = Segment::new(&m, 50, 100, &SolverOptions::default());
        s.recut(&m, 40, 100, &[]);
    }
}
