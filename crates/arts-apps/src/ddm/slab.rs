//! A segment of the strip as a migratable object. After every iteration it
//! passes its first and last rows on: straight to its neighbours
//! (`distributed`), or to the master, which relays them (`centralized`).
//! In the staggered order (sub-cycle dependency on, distributed only) it
//! does so after every sub-cycle, and runs a sub-cycle once it has its left
//! neighbour's rows after that sub-cycle and its right neighbour's before
//! it: a pipeline across the segments.
//! Every `check_every` iterations it learns every segment's residual sums —
//! by a reduction delivered to every slab, or in the master's relay — and
//! takes the same decision as every other slab.

use std::collections::BTreeMap;

use arts_core::*;
use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::{Halo, Segment, solution_len};
use arts_ddm::{Residual, UpdateOrder};
use serde::{Deserialize, Serialize};

use super::master::{Master, MasterMsg};
use super::{DdmTag, HEADER, Setup, Status, Style, to_bits};

/// Messages of a [`Slab`].
#[message]
#[derive(Clone)]
pub enum SlabMsg {
    /// Solve bias point number `index`, at `bias_v` volts.
    Bias {
        /// Its number in the sweep.
        index: u32,
        /// Volts on the driven contact.
        bias_v: f64,
        /// The master (centralized runs).
        master: Option<Element<Master>>,
    },
    /// A neighbour's boundary row after its iteration `it` of bias point
    /// `bias` (in the staggered order: after its sub-cycle `it`).
    Halo {
        /// The bias point's number.
        bias: u32,
        /// The neighbour's iterations (or sub-cycles) done.
        it: u32,
        /// From the left neighbour (else the right one).
        from_left: bool,
        /// The row.
        row: Halo,
    },
    /// From the master: the neighbours' rows after iteration `it`, and at
    /// a check every slab's residual sums.
    Relay {
        /// The bias point's number.
        bias: u32,
        /// The iteration.
        it: u32,
        /// The left neighbour's last row.
        left: Option<Halo>,
        /// The right neighbour's first row.
        right: Option<Halo>,
        /// Every slab's sums, at a check.
        sums: Option<Vec<[f64; 3]>>,
    },
}

/// One segment of the strip.
#[derive(Serialize, Deserialize)]
pub struct Slab {
    me: u32,
    seg: Segment,
    bias: u32,
    master: Option<Element<Master>>,
    /// Halos received for (bias, progress), from the left and the right.
    left: BTreeMap<(u32, u32), Halo>,
    right: BTreeMap<(u32, u32), Halo>,
    /// Residual sums from the master for (bias, iteration).
    relayed: BTreeMap<(u32, u32), Vec<[f64; 3]>>,
    /// Waiting for the check of the current iteration.
    waiting: bool,
    /// In `at_sync`.
    syncing: bool,
    /// Done with the current bias point.
    done: bool,
    /// Times load balancing moved it, and the PE it last ran on.
    moves: u32,
    last_pe: Option<PeId>,
}

impl Slab {
    fn slabs(ctx: &Ctx<'_, Self>) -> u32 {
        ctx.init().ranges.len() as u32
    }

    /// Whether it runs the staggered order (one sub-cycle at a time).
    fn staggered(ctx: &Ctx<'_, Self>) -> bool {
        matches!(ctx.init().opts.order, UpdateOrder::Staggered { .. })
    }

    /// What its halos are numbered by: iterations done, or in the staggered
    /// order sub-cycles done.
    fn progress(&self, staggered: bool) -> u32 {
        match staggered {
            true => self.seg.steps() as u32,
            false => self.seg.iteration() as u32,
        }
    }

    /// Passes this slab's boundary rows (and its sums) on after its current
    /// iteration (or sub-cycle).
    fn send_rows(&self, sums: [f64; 3], ctx: &mut Ctx<'_, Self>) {
        let it = self.progress(Self::staggered(ctx));
        let (bias, me) = (self.bias, self.me);
        let (first, last) = (self.seg.first_row(), self.seg.last_row());
        if let Some(master) = self.master {
            let msg = MasterMsg::Rows {
                bias,
                it,
                from: me,
                first,
                last,
                sums,
            };
            ctx.send(master, msg);
            return;
        }
        let slabs = ctx.this_proxy();
        if me > 0 {
            let from_left = false;
            let msg = SlabMsg::Halo {
                bias,
                it,
                from_left,
                row: first,
            };
            ctx.send(slabs.at(me - 1), msg);
        }
        if me + 1 < Self::slabs(ctx) {
            let from_left = true;
            let msg = SlabMsg::Halo {
                bias,
                it,
                from_left,
                row: last,
            };
            ctx.send(slabs.at(me + 1), msg);
        }
    }

    /// Iterates while the halos are there and no check is awaited.
    fn advance(&mut self, ctx: &mut Ctx<'_, Self>) {
        let n = Self::slabs(ctx);
        let staggered = Self::staggered(ctx);
        while !(self.done || self.syncing) {
            let key = (self.bias, self.progress(staggered));
            // Staggered: the left neighbour's row after the sub-cycle about to run.
            let left_key = (key.0, key.1 + staggered as u32);
            if self.waiting {
                // A centralized check: the relay carries the sums.
                let Some(sums) = self.relayed.remove(&key) else {
                    return;
                };
                self.waiting = false;
                if !self.on_check(&sums, ctx) {
                    return;
                }
            }
            let need_left = self.me > 0;
            let need_right = self.me + 1 < n;
            if (need_left && !self.left.contains_key(&left_key))
                || (need_right && !self.right.contains_key(&key))
            {
                return;
            }
            if let Some(h) = self.left.remove(&left_key) {
                self.seg.set_left_halo(h);
            }
            if let Some(h) = self.right.remove(&key) {
                self.seg.set_right_halo(h);
            }
            let mesh = ctx.init().mesh.clone();
            let sums = match staggered {
                false => Some(self.seg.iterate(&mesh).0),
                true => self.seg.step(&mesh).0,
            };
            self.send_rows(sums.unwrap_or_default(), ctx);
            let Some(sums) = sums else {
                continue; // within an iteration
            };
            if self.seg.checks() {
                self.waiting = true;
                if self.master.is_none() {
                    let mut v = vec![0u64; 3 * n as usize];
                    v[3 * self.me as usize..][..3].copy_from_slice(&to_bits(&sums));
                    let tag = DdmTag::Check(self.bias, self.seg.iteration() as u32);
                    let to = Callback::broadcast(&ctx.this_proxy(), tag);
                    ctx.contribute(v, Reducer::Sum, to);
                }
            } else if self.seg.iteration() >= ctx.init().opts.max_iterations {
                self.finish(Status::NotConverged, Residual::default(), ctx);
            }
        }
    }

    /// Takes a check's verdict; returns whether to go on iterating now.
    fn on_check(&mut self, sums: &[[f64; 3]], ctx: &mut Ctx<'_, Self>) -> bool {
        let mesh = ctx.init().mesh.clone();
        let (verdict, r) = self.seg.observe(&mesh, sums);
        let setup = ctx.init();
        let at_limit = self.seg.iteration() >= setup.opts.max_iterations;
        let checks = self.seg.iteration() / setup.opts.check_every.max(1);
        let sync = setup.sync && checks.is_multiple_of(super::CHECKS_PER_SYNC);
        match verdict {
            Verdict::Converged => self.finish(Status::Converged, r, ctx),
            Verdict::Diverged => self.finish(Status::Diverged, r, ctx),
            Verdict::Continue if at_limit => self.finish(Status::NotConverged, r, ctx),
            Verdict::Continue if sync => {
                self.syncing = true;
                ctx.at_sync();
            }
            Verdict::Continue => return true,
        }
        false
    }

    /// Sends this slab's rows (and, from slab 0, the run's header) to the
    /// main program: one sum over all slabs.
    fn finish(&mut self, status: Status, r: Residual, ctx: &mut Ctx<'_, Self>) {
        self.done = true;
        let rows = ctx.init().mesh.rows;
        let n = Self::slabs(ctx) as usize;
        let mut v = vec![0.0; HEADER + n + solution_len(rows)];
        if self.me == 0 {
            let ((w0, w1), halvings) = self.seg.omega();
            let it = self.seg.iteration() as f64;
            let header = [
                status.code(),
                it,
                r.psi_v,
                r.u_v,
                r.v_v,
                w0,
                w1,
                halvings as f64,
            ];
            v[..HEADER].copy_from_slice(&header);
        }
        v[HEADER + self.me as usize] = self.moves as f64;
        self.seg.write_solution(rows, &mut v[HEADER + n..]);
        let tag = Callback::main(DdmTag::Solved(self.bias));
        ctx.contribute(to_bits(&v), Reducer::Sum, tag);
    }
}

impl Chare for Slab {
    type Msg = SlabMsg;
    type Init = Setup;

    fn new(index: Index, s: &Setup) -> Self {
        let me = index.x();
        let (a, b) = s.ranges[me as usize];
        Slab {
            me,
            seg: Segment::new(&s.mesh, a, b, &s.opts),
            bias: 0,
            master: None,
            left: BTreeMap::new(),
            right: BTreeMap::new(),
            relayed: BTreeMap::new(),
            waiting: false,
            syncing: false,
            done: true,
            moves: 0,
            last_pe: None,
        }
    }

    fn receive(&mut self, msg: SlabMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            SlabMsg::Bias {
                index,
                bias_v,
                master,
            } => {
                let s = ctx.init();
                debug_assert_eq!(master.is_some(), s.style == Style::Centralized);
                let (mesh, biased, opts) = (s.mesh.clone(), s.biased, s.opts.clone());
                self.seg.start_bias(&mesh, biased, bias_v, &opts);
                self.bias = index;
                self.master = master;
                self.left.retain(|k, _| k.0 >= index);
                self.right.retain(|k, _| k.0 >= index);
                self.relayed.retain(|k, _| k.0 >= index);
                (self.waiting, self.done) = (false, false);
                self.last_pe.get_or_insert(ctx.pe());
                self.send_rows([0.0; 3], ctx);
                self.advance(ctx);
            }
            SlabMsg::Halo {
                bias,
                it,
                from_left,
                row,
            } => {
                let side = if from_left {
                    &mut self.left
                } else {
                    &mut self.right
                };
                side.insert((bias, it), row);
                self.advance(ctx);
            }
            SlabMsg::Relay {
                bias,
                it,
                left,
                right,
                sums,
            } => {
                if let Some(h) = left {
                    self.left.insert((bias, it), h);
                }
                if let Some(h) = right {
                    self.right.insert((bias, it), h);
                }
                if let Some(s) = sums {
                    self.relayed.insert((bias, it), s);
                }
                self.advance(ctx);
            }
        }
    }

    fn reduction(&mut self, result: Reduced, ctx: &mut Ctx<'_, Self>) {
        let Some(DdmTag::Check(bias, it)) = result.tag::<DdmTag>() else {
            return;
        };
        debug_assert_eq!((bias, it as usize), (self.bias, self.seg.iteration()));
        let Some(v) = result.value::<Vec<u64>>() else {
            return;
        };
        let sums: Vec<[f64; 3]> = super::from_bits(&v)
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        self.waiting = false;
        if self.on_check(&sums, ctx) {
            self.advance(ctx);
        }
    }

    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.syncing = false;
        if self.last_pe.replace(ctx.pe()) != Some(ctx.pe()) {
            self.moves += 1;
        }
        self.advance(ctx);
    }
}
