//! The two object arrays of leanmd: [`Cell`]s own atoms and integrate them;
//! [`Pair`]s compute the forces between two neighbouring cells (or within
//! one). Both join load balancing at the end of every step.

use std::sync::Arc;

use arts_core::*;
use serde::{Deserialize, Serialize};

use super::Tag;
use super::buffers;
use super::geometry::{DIRECTIONS, Geometry, PAIRS_PER_CELL};
use super::physics::{Atoms, Lj, drift, kick, kinetic, pair_forces, self_forces, sum_partials};
use super::reference::Reference;
use super::saved_state::pauses_after;
use super::state::{assemble, destination, split};
use arts_core::checkpoint::hold::{HoldMsg, HoldPoint};

/// Read-only data of the cell array.
pub struct CellSetup {
    /// The cell grid.
    pub geom: Geometry,
    /// Time step.
    pub dt: f64,
    /// Steps.
    pub steps: u32,
    /// Migration period in steps.
    pub migrate_every: u32,
    /// Every cell's initial atoms.
    pub initial: Arc<Vec<Atoms>>,
    /// The sequential result to compare the final atoms with.
    pub reference: Arc<Reference>,
    /// Wait for the main program after every this many steps (0: never).
    pub checkpoint_every: u32,
}

/// Read-only data of the pair array.
pub struct PairSetup {
    /// The cell grid.
    pub geom: Geometry,
    /// The potential.
    pub lj: Lj,
    /// Steps.
    pub steps: u32,
    /// The cells.
    pub cells: ArrayProxy<Cell>,
    /// Wait for the main program after every this many steps (0: never).
    pub checkpoint_every: u32,
}

/// Messages of a [`Cell`].
#[message]
#[derive(Clone)]
pub enum CellMsg {
    /// Begin: the pair array to send positions to.
    Start {
        /// The pairs.
        pairs: ArrayProxy<Pair>,
    },
    /// Atoms migrating in from a neighbour at step `step`, having travelled
    /// in direction `dir`.
    Arrive {
        /// The step.
        step: u32,
        /// Direction number (0..26).
        dir: u32,
        /// The atoms.
        atoms: Vec<u32>,
        /// Their positions.
        pos: Vec<f64>,
        /// Their velocities.
        vel: Vec<f64>,
    },
    /// Pair `pair`'s forces on this cell's atoms at step `step`.
    Forces {
        /// The step.
        step: u32,
        /// The pair's number.
        pair: u32,
        /// Three per atom.
        f: Vec<f64>,
    },
    /// Go on after waiting for the main program at a checkpoint (or after
    /// a restart): the pair array to send positions to.
    Resume {
        /// The pairs.
        pairs: ArrayProxy<Pair>,
    },
    /// An on-demand checkpoint's phase (see [`arts_core::checkpoint::hold`]).
    Hold(HoldMsg),
}

/// Messages of a [`Pair`].
#[message]
#[derive(Clone)]
pub enum PairMsg {
    /// A cell's positions at step `step`.
    Coords {
        /// The step.
        step: u32,
        /// From the pair's first cell (else its second).
        first: bool,
        /// Three per atom, shared by the cell's 27 pairs: in one process
        /// the pairs read the cell's one copy (serialized across processes).
        pos: Arc<Vec<f64>>,
    },
    /// Go on after waiting for the main program at a checkpoint (or after
    /// a restart).
    Resume,
    /// An on-demand checkpoint's phase (see [`arts_core::checkpoint::hold`]).
    Hold(HoldMsg),
}

/// A cell of the box: owns its atoms.
#[derive(Serialize, Deserialize)]
pub struct Cell {
    me: u32,
    step: u32,
    atoms: Atoms,
    force: Vec<f64>,
    pairs: Option<ArrayProxy<Pair>>,
    /// The cell's 27 pairs in pair-number order, with "I am its first cell".
    my_pairs: Vec<(u32, bool)>,
    partials: Vec<Option<Vec<f64>>>,
    received: usize,
    /// Migration of this step under way: atoms staying, arrivals by direction.
    migration: Option<(Atoms, Vec<Option<Atoms>>)>,
    /// Arrivals for a later step.
    early: Vec<(u32, u32, Atoms)>,
    strays: u64,
    /// Waiting for the main program after a step (a checkpoint).
    paused: bool,
    /// In `at_sync` after a step: the next step is under way.
    syncing: bool,
    /// The step an on-demand checkpoint stops at.
    hold: HoldPoint,
}

impl Cell {
    /// Sends this step's positions to every pair.
    fn send_coords(&mut self, ctx: &mut Ctx<'_, Self>) {
        let pairs = self.pairs.expect("Start came first");
        self.partials = vec![None; self.my_pairs.len()];
        self.received = 0;
        let shared = Arc::new(buffers::copy_of(&self.atoms.pos));
        for &(p, first) in &self.my_pairs {
            let pos = Arc::clone(&shared);
            ctx.send(
                pairs.at(p),
                PairMsg::Coords {
                    step: self.step,
                    first,
                    pos,
                },
            );
        }
    }

    /// Starts step `self.step` after a finished one: integrate, migrate
    /// if due, send positions.
    fn begin_step(&mut self, ctx: &mut Ctx<'_, Self>) {
        let s = ctx.init();
        let (dt, every, geom) = (s.dt, s.migrate_every, s.geom);
        kick(&mut self.atoms, &self.force, dt);
        drift(&mut self.atoms, dt);
        if !self.step.is_multiple_of(every) {
            return self.send_coords(ctx);
        }
        let c = geom.cell(self.me);
        let out = split(&geom, c, &std::mem::take(&mut self.atoms));
        self.strays += out.strays;
        let cells = ctx.this_proxy();
        for (d, a) in out.leave.into_iter().enumerate() {
            let to = geom.cell(destination(&geom, c, d));
            let msg = CellMsg::Arrive {
                step: self.step,
                dir: d as u32,
                atoms: a.ids,
                pos: a.pos,
                vel: a.vel,
            };
            ctx.send(cells.at((to[0], to[1], to[2])), msg);
        }
        self.migration = Some((out.stay, vec![None; DIRECTIONS]));
        let (now, later) = std::mem::take(&mut self.early)
            .into_iter()
            .partition(|e| e.0 == self.step);
        self.early = later;
        for (_, dir, atoms) in now {
            self.arrive(dir, atoms, ctx);
        }
    }

    /// Atoms arriving for the migration under way.
    fn arrive(&mut self, dir: u32, atoms: Atoms, ctx: &mut Ctx<'_, Self>) {
        let Some((_, arrivals)) = self.migration.as_mut() else {
            return;
        };
        arrivals[dir as usize] = Some(atoms);
        if arrivals.iter().all(Option::is_some) {
            let (stay, arrivals) = self.migration.take().expect("checked above");
            self.atoms = assemble(stay, arrivals.iter().flatten());
            self.send_coords(ctx);
        }
    }

    /// All 27 pairs answered: sum their forces in pair order, finish the step.
    fn end_step(&mut self, ctx: &mut Ctx<'_, Self>) {
        let parts = std::mem::take(&mut self.partials);
        let force = sum_partials(self.atoms.pos.len(), parts.iter().flatten().map(|v| &v[..]));
        buffers::recycle(std::mem::replace(&mut self.force, force));
        parts.into_iter().flatten().for_each(buffers::recycle);
        if self.step > 0 {
            kick(&mut self.atoms, &self.force, ctx.init().dt);
        }
        let ke = kinetic(&self.atoms);
        // Gathered in object order and summed so by the main program: the
        // energy does not depend on the order contributions are combined in.
        ctx.contribute(ke, Reducer::Concat, Callback::main(Tag::Kinetic(self.step)));
        // The step ends when its last cell does: the main program times
        // steps by these stamps, not by when it happens to read the energies
        // (the cells may run several steps ahead of it).
        ctx.contribute(
            wall_clock_s(),
            Reducer::Max,
            Callback::main(Tag::Ended(self.step)),
        );
        let s = ctx.init();
        if self.step < s.steps {
            if pauses_after(self.step, s.checkpoint_every, s.steps) || self.hold.stops_at(self.step)
            {
                // The main program checkpoints at quiescence, then resumes us.
                self.paused = true;
            } else {
                self.sync(ctx);
            }
            return;
        }
        let expect = &ctx.init().reference.cells[self.me as usize];
        let (mismatched, diff) = compare(&self.atoms, expect);
        let check = vec![self.atoms.len() as u64, mismatched, self.strays];
        ctx.contribute(check, Reducer::Sum, Callback::main(Tag::Check));
        ctx.contribute(diff, Reducer::Max, Callback::main(Tag::MaxDiff));
    }

    /// Joins load balancing on the way to the next step.
    fn sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.syncing = true;
        ctx.at_sync();
    }

    /// Goes on if paused where nothing holds it any more.
    fn go_on(&mut self, ctx: &mut Ctx<'_, Self>) {
        if self.hold.goes_on(&mut self.paused, self.step) {
            self.sync(ctx);
        }
    }
}

/// Atoms of `a` not bit-identical to `b` (ids, positions, velocities) and
/// the largest position difference (infinite if the atoms differ).
pub fn compare(a: &Atoms, b: &Atoms) -> (u64, f64) {
    if a.ids != b.ids {
        return (a.len().max(b.len()) as u64, f64::INFINITY);
    }
    let mut bad = 0;
    let mut diff = 0.0f64;
    for i in 0..a.len() {
        let r = 3 * i..3 * i + 3;
        let same = |x: &[f64], y: &[f64]| x.iter().zip(y).all(|(u, v)| u.to_bits() == v.to_bits());
        if !same(&a.pos[r.clone()], &b.pos[r.clone()])
            || !same(&a.vel[r.clone()], &b.vel[r.clone()])
        {
            bad += 1;
        }
        for k in r {
            diff = diff.max((a.pos[k] - b.pos[k]).abs());
        }
    }
    (bad, diff)
}

impl Chare for Cell {
    type Msg = CellMsg;
    type Init = CellSetup;

    fn new(index: Index, s: &CellSetup) -> Self {
        let me = s.geom.linear([index.x(), index.y(), index.z()]);
        let atoms = s.initial[me as usize].clone();
        Cell {
            me,
            step: 0,
            force: vec![0.0; atoms.pos.len()],
            atoms,
            pairs: None,
            my_pairs: s.geom.cell_pairs(me),
            partials: Vec::new(),
            received: 0,
            migration: None,
            early: Vec::new(),
            strays: 0,
            paused: false,
            syncing: false,
            hold: HoldPoint::default(),
        }
    }

    fn receive(&mut self, msg: CellMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            CellMsg::Start { pairs } => {
                self.pairs = Some(pairs);
                self.send_coords(ctx);
            }
            CellMsg::Arrive {
                step,
                dir,
                atoms,
                pos,
                vel,
            } => {
                let atoms = Atoms {
                    ids: atoms,
                    pos,
                    vel,
                };
                if step == self.step && self.migration.is_some() {
                    self.arrive(dir, atoms, ctx);
                } else {
                    self.early.push((step, dir, atoms));
                }
            }
            CellMsg::Forces { step, pair, f } => {
                debug_assert_eq!(step, self.step);
                let slot = self
                    .my_pairs
                    .binary_search_by_key(&pair, |e| e.0)
                    .expect("forces come from this cell's pairs");
                self.partials[slot] = Some(f);
                self.received += 1;
                if self.received == self.my_pairs.len() {
                    self.end_step(ctx);
                }
            }
            CellMsg::Resume { pairs } => {
                self.pairs = Some(pairs);
                self.hold.release(self.step);
                self.go_on(ctx);
            }
            CellMsg::Hold(msg) => {
                // In at_sync, the next boundary is after the next step.
                let next = self.step + self.syncing as u32;
                self.hold.receive(msg, next, ctx);
                self.go_on(ctx);
            }
        }
    }

    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.syncing = false;
        self.step += 1;
        self.begin_step(ctx);
    }
}

/// A compute object: the forces between two neighbouring cells, or within one.
#[derive(Serialize, Deserialize)]
pub struct Pair {
    me: u32,
    step: u32,
    first: Option<Arc<Vec<f64>>>,
    second: Option<Arc<Vec<f64>>>,
    syncing: bool,
    /// Waiting for the main program after a step (a checkpoint).
    paused: bool,
    /// The step an on-demand checkpoint stops at.
    hold: HoldPoint,
    /// Positions for a later step.
    early: Vec<(u32, bool, Arc<Vec<f64>>)>,
}

impl Pair {
    fn take(&mut self, first: bool, pos: Arc<Vec<f64>>, ctx: &mut Ctx<'_, Self>) {
        *if first {
            &mut self.first
        } else {
            &mut self.second
        } = Some(pos);
        let is_self = self.me.is_multiple_of(PAIRS_PER_CELL);
        if self.first.is_none() || (!is_self && self.second.is_none()) {
            return;
        }
        let s = ctx.init();
        let (lj, geom, cells, steps) = (s.lj, s.geom, s.cells, s.steps);
        let every = s.checkpoint_every;
        let (a, b, shift) = geom.pair_cells(self.me);
        let at = |l: u32| {
            let c = geom.cell(l);
            cells.at((c[0], c[1], c[2]))
        };
        let pa = self.first.take().expect("checked above");
        let (step, pair) = (self.step, self.me);
        let pe = if is_self {
            let (f, pe) = self_forces(&lj, &pa);
            ctx.send(at(a), CellMsg::Forces { step, pair, f });
            pe
        } else {
            let pb = self.second.take().expect("checked above");
            let (fa, fb, pe) = pair_forces(&lj, &pa, &pb, shift);
            ctx.send(at(a), CellMsg::Forces { step, pair, f: fa });
            ctx.send(at(b), CellMsg::Forces { step, pair, f: fb });
            recycle_shared(pb);
            pe
        };
        recycle_shared(pa);
        ctx.contribute(pe, Reducer::Concat, Callback::main(Tag::Potential(step)));
        self.step += 1;
        if self.step <= steps {
            self.syncing = true;
            if pauses_after(step, every, steps) || self.hold.stops_at(step) {
                self.paused = true;
            } else {
                ctx.at_sync();
            }
        }
    }
}

/// Gives a cell's positions back once the last of its pairs is done with them.
fn recycle_shared(pos: Arc<Vec<f64>>) {
    if let Ok(v) = Arc::try_unwrap(pos) {
        buffers::recycle(v);
    }
}

impl Pair {
    /// The last step computed (`self.step` counts the next).
    fn done(&self) -> u32 {
        self.step.saturating_sub(1)
    }
}

impl Chare for Pair {
    type Msg = PairMsg;
    type Init = PairSetup;

    fn new(index: Index, _: &PairSetup) -> Self {
        Pair {
            me: index.x(),
            step: 0,
            first: None,
            second: None,
            syncing: false,
            paused: false,
            hold: HoldPoint::default(),
            early: Vec::new(),
        }
    }

    fn receive(&mut self, msg: PairMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            PairMsg::Coords { step, first, pos } if step == self.step && !self.syncing => {
                self.take(first, pos, ctx)
            }
            PairMsg::Coords { step, first, pos } => self.early.push((step, first, pos)),
            PairMsg::Resume => {
                let done = self.done();
                self.hold
                    .at_boundary(HoldMsg::Release, &mut self.paused, done, ctx)
            }
            // Unless paused, at (or in at_sync before) step `self.step`,
            // which it can still stop after.
            PairMsg::Hold(msg) => {
                let done = self.done();
                self.hold.at_boundary(msg, &mut self.paused, done, ctx)
            }
        }
    }

    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.syncing = false;
        let (now, later) = std::mem::take(&mut self.early)
            .into_iter()
            .partition(|e| e.0 == self.step);
        self.early = later;
        for (_, first, pos) in now {
            self.take(first, pos, ctx);
        }
    }
}

/// Seconds since the UNIX epoch: one clock for every cell, in every process.
pub(crate) fn wall_clock_s() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}
