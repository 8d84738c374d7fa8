//! One block of a stencil problem: an array element that owns a rectangle of
//! the grid plus a one-point halo, trades boundary values with its four
//! neighbours by messages, and computes its steps as they become ready.

use std::marker::PhantomData;

use arts_core::{Callback, Chare, Ctx, Index, Reducer, message};
use serde::{Deserialize, Serialize};

use super::{Kernel, Reference, StencilInit, boundary};
use arts_core::checkpoint::hold::{HoldMsg, HoldPoint};

/// The stencil's reduction results, as the main program waits for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StencilTag {
    /// Step `n` finished: `[residual, end time, -start time]`, each the
    /// maximum over blocks (times in seconds since the run started, as the
    /// blocks saw them).
    Step(u32),
    /// The largest absolute difference to the reference.
    Validate,
}

/// Which halo side of the receiving block a ghost fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// Row 0 of the halo (from the block above).
    North,
    /// Last halo row (from the block below).
    South,
    /// Column 0 (from the block to the left).
    West,
    /// Last halo column (from the block to the right).
    East,
}

/// Messages of a stencil block.
#[message]
#[derive(Clone, Debug)]
pub enum StencilMsg {
    /// Begin iterating.
    Start,
    /// A neighbour's boundary values for step `iter`.
    Ghost {
        /// The step the values belong to.
        iter: u32,
        /// Where they go in the receiver's halo.
        side: Side,
        /// The values.
        data: Vec<f64>,
    },
    /// All ghosts of the current step are in: compute it.
    Compute,
    /// Continue after the pause at a checkpoint (or after a restart).
    Resume,
    /// An on-demand checkpoint's phase (see [`arts_core::checkpoint::hold`]); a block
    /// stops at the step it has done when asked.
    Hold(HoldMsg),
}

/// One block of the grid.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Block<K> {
    rows: usize,
    cols: usize,
    row0: usize,
    col0: usize,
    cur: Vec<f64>,
    /// Where a sweep writes: apart from its interior, which every sweep
    /// overwrites, always equal to `cur` (ghosts go into both). So it is
    /// not saved (checkpoints and migrations carry half the bytes) and is
    /// re-made from `cur` when missing ([`Block::scratch`]).
    #[serde(skip)]
    next: Vec<f64>,
    iter: u32,
    neighbours: u8,
    got: u8,
    /// Received `Start` (ghosts from neighbours can arrive earlier).
    started: bool,
    /// Waiting in `at_sync`: compute nothing until resumed.
    syncing: bool,
    /// Paused after a step for a checkpoint: compute nothing until `Resume`.
    paused: bool,
    /// Compute no step beyond this until `Resume` (on-demand checkpoints).
    hold: HoldPoint,
    /// When this block began the current step (seconds since the run started).
    step_began: f64,
    early: Vec<(Side, Vec<f64>)>,
    #[serde(skip)]
    _kernel: PhantomData<fn() -> K>,
}

impl<K: Kernel> Block<K> {
    fn stride(&self) -> usize {
        self.cols + 2
    }

    fn neighbours_of(index: Index, (ox, oy): (u32, u32)) -> [(Side, Option<Index>); 4] {
        let (x, y) = (index.x(), index.y());
        [
            // my first row goes to the block above, into its South halo
            (Side::South, (x > 0).then(|| Index::from((x - 1, y)))),
            (Side::North, (x + 1 < ox).then(|| Index::from((x + 1, y)))),
            (Side::East, (y > 0).then(|| Index::from((x, y - 1)))),
            (Side::West, (y + 1 < oy).then(|| Index::from((x, y + 1)))),
        ]
    }

    fn send_ghosts(&self, ctx: &mut Ctx<'_, Self>) {
        let objects = ctx.init().problem.layout.objects();
        let blocks = ctx.this_proxy();
        let s = self.stride();
        for (side, to) in Self::neighbours_of(ctx.index(), objects) {
            let Some(to) = to else { continue };
            let data: Vec<f64> = match side {
                Side::South => self.cur[s + 1..s + 1 + self.cols].to_vec(),
                Side::North => self.cur[self.rows * s + 1..][..self.cols].to_vec(),
                Side::East => (1..=self.rows).map(|i| self.cur[i * s + 1]).collect(),
                Side::West => (1..=self.rows)
                    .map(|i| self.cur[i * s + self.cols])
                    .collect(),
            };
            let iter = self.iter;
            ctx.send(blocks.at(to), StencilMsg::Ghost { iter, side, data });
        }
    }

    /// Re-makes `next` from `cur` after a restore or a migration, which
    /// do not carry it.
    fn scratch(&mut self) {
        if self.next.len() != self.cur.len() {
            self.next = self.cur.clone();
        }
    }

    /// Writes a ghost into the halo of both buffers (several sweeps per step
    /// alternate between them).
    fn apply_ghost(&mut self, side: Side, data: &[f64]) {
        self.scratch();
        let s = self.stride();
        for buf in [&mut self.cur, &mut self.next] {
            match side {
                Side::North => buf[1..1 + self.cols].copy_from_slice(data),
                Side::South => buf[(self.rows + 1) * s + 1..][..self.cols].copy_from_slice(data),
                Side::West => (1..=self.rows).for_each(|i| buf[i * s] = data[i - 1]),
                Side::East => {
                    (1..=self.rows).for_each(|i| buf[i * s + self.cols + 1] = data[i - 1])
                }
            }
        }
        self.got += 1;
    }

    /// Whether the next step can be computed now.
    fn can_compute(&self, ctx: &Ctx<'_, Self>) -> bool {
        let held = self.hold.stops_at(self.iter);
        let waiting = !self.started || self.syncing || self.paused || held;
        !waiting && self.got == self.neighbours && self.iter < ctx.init().problem.iters
    }

    fn ready(&mut self, ctx: &mut Ctx<'_, Self>) {
        if self.can_compute(ctx) {
            ctx.send_self(StencilMsg::Compute);
        }
    }

    fn compute(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.scratch();
        let (s, rows, cols) = (self.stride(), self.rows, self.cols);
        let init: &StencilInit<K> = ctx.init();
        let (sweeps, iters) = (init.problem.sweeps, init.problem.iters);
        let mut res = 0.0;
        for _ in 0..sweeps {
            let out = &mut self.next[s..(rows + 1) * s];
            res = init.problem.kernel.sweep(
                &self.cur,
                out,
                s,
                1,
                cols,
                (self.row0, self.col0),
                self.iter,
            );
            std::mem::swap(&mut self.cur, &mut self.next);
        }
        let sync = init.sync_every_step;
        let every = init.checkpoint_every;
        let diff = (self.iter + 1 == iters)
            .then(|| init.reference.as_ref().map_or(0.0, |r| self.max_diff(r)));
        let ended = ctx.wall_time();
        let step = vec![res, ended, -self.step_began];
        ctx.contribute(
            step,
            Reducer::Max,
            Callback::main(StencilTag::Step(self.iter)),
        );
        self.step_began = ended;
        self.iter += 1;
        self.got = 0;
        if let Some(diff) = diff {
            ctx.contribute(diff, Reducer::Max, Callback::main(StencilTag::Validate));
        } else if every > 0 && self.iter.is_multiple_of(every) {
            // The main program checkpoints at quiescence, then resumes us.
            self.paused = true;
        } else {
            self.proceed(sync, ctx);
        }
    }

    /// Goes on to the next step, through load balancing when `sync`.
    fn proceed(&mut self, sync: bool, ctx: &mut Ctx<'_, Self>) {
        if sync {
            self.syncing = true;
            ctx.at_sync();
        } else {
            self.next_step(ctx);
        }
    }

    fn next_step(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.send_ghosts(ctx);
        for (side, data) in std::mem::take(&mut self.early) {
            self.apply_ghost(side, &data);
        }
        self.ready(ctx);
    }

    fn max_diff(&self, r: &Reference) -> f64 {
        let s = self.stride();
        let mut d = 0.0f64;
        for i in 1..=self.rows {
            let g = &r.grid[(self.row0 + i) * r.stride + self.col0 + 1..][..self.cols];
            for (a, b) in self.cur[i * s + 1..][..self.cols].iter().zip(g) {
                d = d.max((a - b).abs());
            }
        }
        d
    }
}

impl<K: Kernel> Chare for Block<K> {
    type Msg = StencilMsg;
    type Init = StencilInit<K>;

    fn new(index: Index, init: &StencilInit<K>) -> Self {
        let layout = &init.problem.layout;
        let (row0, rows, col0, cols) = layout.block(index.x(), index.y());
        let stride = cols + 2;
        let (mut cur, mut next) = zeroed_pair((rows + 2) * stride);
        if row0 == 0 {
            cur[..stride].fill(boundary(0));
            next[..stride].fill(boundary(0));
        }
        let neighbours = Self::neighbours_of(index, layout.objects())
            .iter()
            .filter(|(_, n)| n.is_some())
            .count() as u8;
        Block {
            rows,
            cols,
            row0,
            col0,
            next,
            cur,
            iter: 0,
            neighbours,
            got: 0,
            started: false,
            syncing: false,
            paused: false,
            hold: HoldPoint::default(),
            step_began: 0.0,
            early: Vec::new(),
            _kernel: PhantomData,
        }
    }

    fn receive(&mut self, msg: StencilMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            StencilMsg::Start => {
                self.started = true;
                self.step_began = ctx.wall_time();
                self.send_ghosts(ctx);
                self.ready(ctx);
            }
            StencilMsg::Ghost { iter, side, data } => {
                if iter == self.iter {
                    self.apply_ghost(side, &data);
                    self.ready(ctx);
                } else {
                    self.early.push((side, data));
                }
            }
            // A hold that came after the Compute was sent defers it.
            StencilMsg::Compute if self.can_compute(ctx) => self.compute(ctx),
            StencilMsg::Compute => {}
            StencilMsg::Resume | StencilMsg::Hold(HoldMsg::Release) => {
                let held = self.hold.release(self.iter);
                let paused = std::mem::take(&mut self.paused);
                if paused || held {
                    self.step_began = ctx.wall_time();
                }
                if paused {
                    self.proceed(ctx.init().sync_every_step, ctx);
                } else {
                    self.ready(ctx);
                }
            }
            StencilMsg::Hold(msg) => {
                self.hold.receive(msg, self.iter, ctx);
                self.ready(ctx);
            }
        }
    }

    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.syncing = false;
        self.next_step(ctx);
    }

    fn pup_size(&self) -> usize {
        let early: usize = self.early.iter().map(|(_, d)| 16 + 8 * d.len()).sum();
        96 + 8 * self.cur.len() + early
    }
}

/// Zeros for a block's two buffers, `len` each, written page by page in
/// turn.
///
/// Written, not mapped: `vec![0.0; len]` maps the kernel's shared zero page
/// where it is first read, and the first write there is a copy-on-write
/// fault that flushes the TLB of every CPU the process runs on, one
/// inter-processor interrupt per 4 KiB page. The first step of a 4096²
/// grid on 2 PEs took 180–290 ms instead of 12 ms (`BENCHMARKS.md`,
/// "Grids written before they are read").
///
/// In turn: page `k` of one buffer is touched right after page `k` of the
/// other. Touched as two runs, a sweep's read and write streams sit a
/// fixed half megabyte apart in memory, and the steady steps measured
/// 10–15% slower on our machine.
fn zeroed_pair(len: usize) -> (Vec<f64>, Vec<f64>) {
    const PAGE: usize = 4096 / std::mem::size_of::<f64>();
    let (mut a, mut b) = (Vec::with_capacity(len), Vec::with_capacity(len));
    while a.len() < len {
        let n = PAGE.min(len - a.len());
        a.extend(std::iter::repeat_n(0.0, n));
        b.extend(std::iter::repeat_n(0.0, n));
    }
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::zeroed_pair;

    #[test]
    fn zeroed_pair_gives_two_buffers_of_zeros() {
        for len in [0, 1, 511, 512, 513, 5000] {
            let (a, b) = zeroed_pair(len);
            assert_eq!((a.len(), b.len()), (len, len));
            assert!(a.iter().chain(&b).all(|&x| x == 0.0));
        }
    }
}
