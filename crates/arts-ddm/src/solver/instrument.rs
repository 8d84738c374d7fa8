//! Self-measurement of the solver: per row and per sub-cycle wall time, and the
//! inner Newton iteration count of the potential point update, taken on every
//! N-th Gummel iteration (the paper took its sub-cycle timings every 200).
//!
//! On a measured iteration each sub-cycle's rows are timed in chunks of
//! [`CHUNK_ROWS`] with `Instant::now()` (one clock read per chunk: the end of
//! one chunk is the start of the next), and a chunk's time is shared evenly
//! among its rows. A clock read costs ~25 ns here, as much as a row's update
//! in most sub-cycles, and reading it after every row also stopped the CPU
//! from overlapping one row's update with the next: per-row timings came out
//! four times the real iteration and nearly flat, a poor profile for
//! application-level balancing to cut by. In chunks, with the probe's own
//! time per chunk ([`probe_overhead_ns`], measured once per process) taken
//! off, the profile adds up to the iteration's time. Unmeasured iterations
//! run the same code with a no-op probe (monomorphized away).

use std::sync::OnceLock;
use std::time::Instant;

/// The sub-cycles of one Gummel iteration, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubCycle {
    /// Copy the current values to the previous-iteration ("halo") arrays.
    Reset = 0,
    /// Nonlinear Poisson point update of the potential.
    Phi = 1,
    /// Electron continuity point update (Slotboom u).
    U = 2,
    /// Hole continuity point update (Slotboom v).
    V = 3,
    /// Field and current densities.
    Field = 4,
}

/// Number of sub-cycles.
pub const SUBCYCLES: usize = 5;
/// Sub-cycle names, indexed by `SubCycle as usize`.
pub const SUBCYCLE_NAMES: [&str; SUBCYCLES] = ["reset", "phi", "u", "v", "field"];

/// What the sweeps report to: a no-op or a per-row clock.
pub(crate) trait Probe {
    /// A sub-cycle starts (on this segment).
    fn begin(&mut self, sub: SubCycle);
    /// Row `i` of the current sub-cycle is done.
    fn row(&mut self, i: usize);
    /// Row `i`'s potential update took `k` inner Newton iterations.
    fn inner(&mut self, i: usize, k: u32);
}

/// The probe of unmeasured iterations.
pub(crate) struct Off;

impl Probe for Off {
    #[inline(always)]
    fn begin(&mut self, _: SubCycle) {}
    #[inline(always)]
    fn row(&mut self, _: usize) {}
    #[inline(always)]
    fn inner(&mut self, _: usize, _: u32) {}
}

/// Rows timed together: one clock read per chunk of this many rows of a
/// sub-cycle, its time shared evenly among them.
pub const CHUNK_ROWS: usize = 16;

/// The probe of measured iterations: nanoseconds per row and sub-cycle,
/// timed in chunks of [`CHUNK_ROWS`] rows, its own time per chunk
/// (`overhead`) taken off.
pub(crate) struct On {
    last: Instant,
    sub: usize,
    /// The first row of the chunk being timed, and its rows so far.
    first: usize,
    pending: usize,
    overhead: u64,
    pub(crate) ns: Vec<[u64; SUBCYCLES]>,
    pub(crate) inner: Vec<u32>,
}

impl On {
    pub(crate) fn new(rows: usize) -> On {
        On::with_overhead(rows, probe_overhead_ns())
    }

    fn with_overhead(rows: usize, overhead: u64) -> On {
        On {
            last: Instant::now(),
            sub: 0,
            first: 0,
            pending: 0,
            overhead,
            ns: vec![[0; SUBCYCLES]; rows],
            inner: vec![0; rows],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.pending = 0;
        self.ns.iter_mut().for_each(|r| *r = [0; SUBCYCLES]);
        self.inner.iter_mut().for_each(|k| *k = 0);
    }

    /// Ends the chunk being timed: its time since the last clock read,
    /// less the probe's, shared among its rows.
    #[inline]
    fn end_chunk(&mut self, now: Instant) {
        let n = self.pending;
        if n == 0 {
            return;
        }
        let ns = (now.duration_since(self.last).as_nanos() as u64).saturating_sub(self.overhead);
        let (each, rest) = (ns / n as u64, ns % n as u64);
        for r in &mut self.ns[self.first..self.first + n] {
            r[self.sub] += each;
        }
        self.ns[self.first][self.sub] += rest;
        self.pending = 0;
        self.last = now;
    }

    /// Ends the last chunk of the iteration (before its timings are read).
    pub(crate) fn finish(&mut self) {
        self.end_chunk(Instant::now());
    }
}

impl Probe for On {
    #[inline]
    fn begin(&mut self, sub: SubCycle) {
        let now = Instant::now();
        self.end_chunk(now);
        self.sub = sub as usize;
        self.last = now;
    }
    #[inline]
    fn row(&mut self, i: usize) {
        if self.pending == 0 {
            self.first = i;
        }
        self.pending += 1;
        if self.pending == CHUNK_ROWS {
            self.end_chunk(Instant::now());
        }
    }
    #[inline]
    fn inner(&mut self, i: usize, k: u32) {
        self.inner[i] += k;
    }
}

/// What the probe adds to each chunk it times, ns: what it records for a
/// chunk of empty rows (a clock read and its bookkeeping). The least mean
/// of a few trials of 1,000 chunks, since an interrupted trial only reads
/// high; measured once per process.
pub fn probe_overhead_ns() -> u64 {
    static OVERHEAD: OnceLock<u64> = OnceLock::new();
    *OVERHEAD.get_or_init(|| {
        const CHUNKS: u64 = 1000;
        let mut probe = On::with_overhead(CHUNK_ROWS, 0);
        (0..5)
            .map(|_| {
                probe.clear();
                probe.begin(SubCycle::Reset);
                for _ in 0..CHUNKS {
                    for i in 0..CHUNK_ROWS {
                        probe.row(std::hint::black_box(i));
                    }
                }
                probe.ns.iter().map(|r| r[0]).sum::<u64>() / CHUNKS
            })
            .min()
            .unwrap_or(0)
    })
}

/// Convergence measure of one iteration: the changes summed over the mesh, in volts
/// (for u and v: |Δu|/u·V_T, the change of the quasi-Fermi potential to first order).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Residual {
    /// Σ|Δφ|, V.
    pub psi_v: f64,
    /// Σ|Δu|/u · V_T, V.
    pub u_v: f64,
    /// Σ|Δv|/v · V_T, V.
    pub v_v: f64,
}

impl Residual {
    /// The largest of the three.
    pub fn max(&self) -> f64 {
        self.psi_v.max(self.u_v).max(self.v_v)
    }

    /// All three finite.
    pub fn is_finite(&self) -> bool {
        self.psi_v.is_finite() && self.u_v.is_finite() && self.v_v.is_finite()
    }
}

/// One measured iteration: residual, and cost per layer and sub-cycle.
#[derive(Clone, Debug, PartialEq)]
pub struct CostSample {
    /// Gummel iteration number (1-based).
    pub iteration: usize,
    /// Residual after this iteration.
    pub residual: Residual,
    /// Nanoseconds per layer and sub-cycle in this iteration.
    pub layer_ns: Vec<[u64; SUBCYCLES]>,
    /// Inner Newton iterations of the potential update per layer in this iteration.
    pub layer_inner: Vec<u64>,
}

/// The measured cost profile of one bias point.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CostProfile {
    /// Measurement interval (every N-th iteration, plus the first).
    pub every: usize,
    /// Number of measured iterations.
    pub samples: usize,
    /// Nanoseconds per row and sub-cycle, summed over the measured iterations.
    pub row_ns: Vec<[u64; SUBCYCLES]>,
    /// Inner Newton iterations per row, summed over the measured iterations.
    pub row_inner: Vec<u64>,
    /// Per measured iteration: residual and per-layer cost (the history over the run).
    pub history: Vec<CostSample>,
    /// Row timings dropped as interrupted (see [`INTERRUPT_FACTOR`]).
    pub interrupted: u64,
    /// The probe's own time taken off every chunk's timing, ns (the
    /// probe's, [`probe_overhead_ns`]; 0 when nothing was measured).
    pub probe_overhead_ns: u64,
}

/// A row update measured at more than this many times its sub-cycle's median in
/// the same iteration (and its chunk above [`INTERRUPT_FLOOR_NS`]) was
/// interrupted — the thread was descheduled or took a timer interrupt on this
/// shared machine. Its time is replaced by the median and counted in
/// `CostProfile::interrupted`.
pub const INTERRUPT_FACTOR: u64 = 20;
/// Chunks timed below this (ns; a row's share: this over [`CHUNK_ROWS`]) are
/// never treated as interrupted.
pub const INTERRUPT_FLOOR_NS: u64 = 5_000;

impl CostProfile {
    pub(crate) fn new(rows: usize, every: usize) -> CostProfile {
        CostProfile {
            every,
            samples: 0,
            row_ns: vec![[0; SUBCYCLES]; rows],
            row_inner: vec![0; rows],
            history: Vec::new(),
            interrupted: 0,
            probe_overhead_ns: 0,
        }
    }

    /// Folds one measured iteration in.
    pub(crate) fn add(
        &mut self,
        iteration: usize,
        residual: Residual,
        probe: &mut On,
        layer_of_row: &[u16],
        layers: usize,
    ) {
        self.samples += 1;
        self.probe_overhead_ns = probe.overhead;
        probe.finish();
        // Drop interrupted row timings (interior rows only: contacts are not updated).
        let n = probe.ns.len();
        if n > 2 {
            let mut col: Vec<u64> = Vec::with_capacity(n - 2);
            for s in 0..SUBCYCLES {
                col.clear();
                col.extend(probe.ns[1..n - 1].iter().map(|r| r[s]));
                let mid = col.len() / 2;
                let median = *col.select_nth_unstable(mid).1;
                let floor = INTERRUPT_FLOOR_NS / CHUNK_ROWS as u64;
                let limit = (median * INTERRUPT_FACTOR).max(floor);
                for r in &mut probe.ns[1..n - 1] {
                    if r[s] > limit {
                        r[s] = median;
                        self.interrupted += 1;
                    }
                }
            }
        }
        let mut layer_ns = vec![[0u64; SUBCYCLES]; layers];
        let mut layer_inner = vec![0u64; layers];
        for (i, (ns, &k)) in probe.ns.iter().zip(&probe.inner).enumerate() {
            let l = layer_of_row[i] as usize;
            for s in 0..SUBCYCLES {
                self.row_ns[i][s] += ns[s];
                layer_ns[l][s] += ns[s];
            }
            self.row_inner[i] += k as u64;
            layer_inner[l] += k as u64;
        }
        self.history.push(CostSample {
            iteration,
            residual,
            layer_ns,
            layer_inner,
        });
    }

    /// Mean cost of each row per measured iteration (all sub-cycles), ns.
    pub fn row_cost_ns(&self) -> Vec<f64> {
        let n = self.samples.max(1) as f64;
        self.row_ns
            .iter()
            .map(|r| r.iter().sum::<u64>() as f64 / n)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin(d: std::time::Duration) {
        let t = Instant::now();
        while t.elapsed() < d {}
    }

    #[test]
    fn the_probe_takes_its_own_time_off_each_chunk() {
        let overhead = probe_overhead_ns();
        assert!((1..100_000).contains(&overhead), "{overhead} ns");
        // A row that spins 2 µs records 2 µs, not 2 µs and the probe.
        let best = (0..5)
            .map(|_| {
                let mut probe = On::new(1);
                probe.begin(SubCycle::Phi);
                spin(std::time::Duration::from_micros(2));
                probe.row(0);
                probe.finish();
                probe.ns[0][SubCycle::Phi as usize]
            })
            .min()
            .unwrap();
        assert!(
            (2_000 - overhead.min(2_000)..3_000).contains(&best),
            "{best} ns"
        );
        // More than the chunk took leaves nothing, not a wrapped count.
        let mut probe = On::with_overhead(1, u64::MAX);
        probe.begin(SubCycle::U);
        probe.row(0);
        probe.finish();
        assert_eq!(probe.ns[0], [0; SUBCYCLES]);
    }

    #[test]
    fn a_chunk_shares_its_time_among_its_rows_and_ends_with_its_sub_cycle() {
        let rows = CHUNK_ROWS + 4;
        let mut probe = On::with_overhead(rows, 0);
        probe.begin(SubCycle::Phi);
        for i in 0..rows {
            if i == 0 || i == CHUNK_ROWS {
                spin(std::time::Duration::from_micros(32));
            }
            probe.row(i);
        }
        // The last 4 rows' chunk ends where the next sub-cycle begins.
        probe.begin(SubCycle::U);
        probe.finish();
        let phi: Vec<u64> = probe.ns.iter().map(|r| r[SubCycle::Phi as usize]).collect();
        let (first, second) = phi.split_at(CHUNK_ROWS);
        assert!(first[1..].iter().all(|&t| t == first[1]), "{phi:?}");
        assert!(first[0] >= first[1] && first[1] >= 32_000 / CHUNK_ROWS as u64);
        assert!(second[1..].iter().all(|&t| t == second[1]), "{phi:?}");
        assert!(second[1] >= 32_000 / 4);
        assert!(probe.ns.iter().all(|r| r[SubCycle::U as usize] == 0));
    }

    #[test]
    fn interrupted_row_timings_are_replaced_by_the_median() {
        let mut probe = On::with_overhead(12, 0);
        for (i, r) in probe.ns.iter_mut().enumerate().take(11).skip(1) {
            *r = [10, 20 + i as u64, 30, 40, 50];
        }
        probe.ns[4][1] = 90_000; // descheduled in the middle of row 4's phi update
        probe.inner[4] = 3;
        // A chunk of electron updates that took a 32 µs interrupt, shared
        // among its 16 rows (of which rows 5-8 are here).
        for r in &mut probe.ns[5..9] {
            r[2] = 32_000 / CHUNK_ROWS as u64;
        }
        let mut cost = CostProfile::new(12, 1);
        let layers = vec![0u16; 12];
        cost.add(1, Residual::default(), &mut probe, &layers, 1);
        assert_eq!(cost.interrupted, 1 + 4);
        assert_eq!(cost.row_ns[6][2], 30);
        assert_eq!(cost.row_ns[4][1], 27); // upper median of the ten interior rows
        assert_eq!(cost.row_ns[3][1], 23);
        assert_eq!(cost.row_inner[4], 3);
        assert_eq!(cost.history[0].layer_ns[0][0], 100);
        assert_eq!(cost.history[0].layer_ns[0][2], 300);
    }
}
