//! A segment of the strip as a migratable object. After every iteration it
//! passes its first and last rows on: straight to its neighbours
//! (`distributed`), or to the master, which relays them (`centralized`).
//! In the staggered order (sub-cycle dependency, distributed only), across
//! a linked boundary it does so after every step of an iteration (phi;
//! electrons, holes and field), and runs a step once it has its left
//! neighbour's rows after that step and its right neighbour's before it:
//! a pipeline across the segments. Halos are numbered by iterations done,
//! across a linked boundary by steps done.
//! Every `check_every` iterations it learns every segment's residual sums —
//! by a reduction delivered to every slab, or in the master's relay — and
//! takes the same decision as every other slab. With live
//! application-level balancing (`live`), some checks also move the cut:
//! every slab computes the same new cut from the shared times, hands the
//! rows it loses to its neighbours, and, once it has the rows it gains,
//! sends its new boundary rows under the next cut number (halos of an
//! earlier cut are dropped).

use std::collections::BTreeMap;
use std::time::Instant;

use arts_core::*;
use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::{Halo, RowBlock, STEPS, Segment};
use arts_ddm::{Links, Residual};
use serde::{Deserialize, Serialize};

use super::master::{Master, MasterMsg};
use super::{DdmTag, Setup, Status, Style, to_bits};

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
    /// `bias` (across a linked boundary: after its step `it`).
    Halo {
        /// The bias point's number.
        bias: u32,
        /// The cut it belongs to (live balancing: cuts so far).
        cut: u32,
        /// The neighbour's iterations (or steps) done.
        it: u32,
        /// From the left neighbour (else the right one).
        from_left: bool,
        /// The row.
        row: Halo,
    },
    /// Rows a neighbour hands over when cut number `cut` moves the
    /// boundary between them.
    Rows {
        /// The bias point's number.
        bias: u32,
        /// The new cut's number.
        cut: u32,
        /// From the left neighbour (else the right one).
        from_left: bool,
        /// The rows.
        block: RowBlock,
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

/// A halo's key: bias point, cut number, progress.
type HaloKey = (u32, u32, u32);

/// A cut this slab has taken but whose rows it has not all received yet.
#[derive(Serialize, Deserialize)]
struct Recut {
    /// Its new rows.
    rows: (usize, usize),
    /// Rows come from the left and from the right neighbour.
    from: [bool; 2],
    /// Call `at_sync` once it is done (the check asked for both).
    then_sync: bool,
}

/// One segment of the strip.
#[derive(Serialize, Deserialize)]
pub struct Slab {
    me: u32,
    seg: Segment,
    bias: u32,
    master: Option<Element<Master>>,
    /// Halos received for (bias, cut, progress), from the left and the right.
    left: BTreeMap<HaloKey, Halo>,
    right: BTreeMap<HaloKey, Halo>,
    /// Every slab's rows under the current cut.
    ranges: Vec<(usize, usize)>,
    /// Cuts taken so far (live balancing).
    cut: u32,
    /// Seconds spent iterating (measured with live balancing only), and
    /// iterations, since the last cut.
    busy: f64,
    since: usize,
    /// Rows handed over for (bias, cut, from the left).
    incoming: BTreeMap<(u32, u32, bool), RowBlock>,
    /// A cut waiting for its rows.
    recut: Option<Recut>,
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

    /// How it is linked to its neighbours (the staggered order's boundaries).
    fn links(&self, ctx: &Ctx<'_, Self>) -> Links {
        ctx.init().opts.order.links(self.me as usize)
    }

    /// Its progress as the halos across a boundary are numbered: steps
    /// done across a linked one, iterations done across the others.
    fn progress(&self, linked: bool) -> u32 {
        match linked {
            true => self.seg.steps() as u32,
            false => self.seg.iteration() as u32,
        }
    }

    /// Whether it is between two iterations (not inside one).
    fn between(&self) -> bool {
        self.seg.steps().is_multiple_of(STEPS)
    }

    /// Passes this slab's boundary rows (and its sums) on after its
    /// current step: across linked boundaries always, across the others
    /// (and to the master) once an iteration is done.
    fn send_rows(&self, sums: [f64; 3], ctx: &mut Ctx<'_, Self>) {
        let (bias, cut, me) = (self.bias, self.cut, self.me);
        let (links, between) = (self.links(ctx), self.between());
        let (first, last) = (self.seg.first_row(), self.seg.last_row());
        if let Some(master) = self.master {
            if between {
                let it = self.progress(false);
                let msg = MasterMsg::Rows {
                    bias,
                    it,
                    from: me,
                    first,
                    last,
                    sums,
                };
                ctx.send(master, msg);
            }
            return;
        }
        let slabs = ctx.this_proxy();
        if me > 0 && (links.left || between) {
            let msg = SlabMsg::Halo {
                bias,
                cut,
                it: self.progress(links.left),
                from_left: false,
                row: first,
            };
            ctx.send(slabs.at(me - 1), msg);
        }
        if me + 1 < Self::slabs(ctx) && (links.right || between) {
            let msg = SlabMsg::Halo {
                bias,
                cut,
                it: self.progress(links.right),
                from_left: true,
                row: last,
            };
            ctx.send(slabs.at(me + 1), msg);
        }
    }

    /// Iterates while the halos are there and no check is awaited.
    fn advance(&mut self, ctx: &mut Ctx<'_, Self>) {
        let n = Self::slabs(ctx);
        let links = self.links(ctx);
        let live = ctx.init().live.is_some();
        while !(self.done || self.syncing || self.recut.is_some()) {
            let (bias, cut, between) = (self.bias, self.cut, self.between());
            if self.waiting {
                // A centralized check: the relay carries the sums.
                let key = (bias, self.progress(false));
                let Some(sums) = self.relayed.remove(&key) else {
                    return;
                };
                self.waiting = false;
                if !self.on_check(&sums, None, ctx) {
                    return;
                }
            }
            // The halos this step needs: across a linked boundary before
            // every step (the left neighbour's row after the step about to
            // run), across the others before an iteration.
            let left = (self.me > 0 && (links.left || between))
                .then(|| (bias, cut, self.progress(links.left) + links.left as u32));
            let right = (self.me + 1 < n && (links.right || between))
                .then(|| (bias, cut, self.progress(links.right)));
            if left.is_some_and(|k| !self.left.contains_key(&k))
                || right.is_some_and(|k| !self.right.contains_key(&k))
            {
                return;
            }
            if let Some(h) = left.and_then(|k| self.left.remove(&k)) {
                self.seg.set_left_halo(h);
            }
            if let Some(h) = right.and_then(|k| self.right.remove(&k)) {
                self.seg.set_right_halo(h);
            }
            let start = live.then(Instant::now);
            let sums = self.seg.step(&ctx.init().mesh, links).0;
            if let Some(start) = start {
                self.busy += start.elapsed().as_secs_f64();
            }
            self.send_rows(sums.unwrap_or_default(), ctx);
            let Some(sums) = sums else {
                continue; // within an iteration
            };
            self.since += 1;
            if self.seg.checks() {
                self.waiting = true;
                if self.master.is_none() {
                    // Sums, then (live balancing) the time spent iterating.
                    let mut v = vec![0u64; (3 + live as usize) * n as usize];
                    v[3 * self.me as usize..][..3].copy_from_slice(&to_bits(&sums));
                    if live {
                        v[3 * n as usize + self.me as usize] = self.busy.to_bits();
                    }
                    let tag = DdmTag::Check(self.bias, self.seg.iteration() as u32);
                    let to = Callback::broadcast(&ctx.this_proxy(), tag);
                    ctx.contribute(v, Reducer::Sum, to);
                }
            } else if self.seg.iteration() >= ctx.init().opts.max_iterations {
                self.finish(Status::NotConverged, Residual::default(), ctx);
            }
        }
    }

    /// Takes a check's verdict (and, with live balancing, every slab's
    /// time spent iterating); returns whether to go on iterating now.
    fn on_check(
        &mut self,
        sums: &[[f64; 3]],
        times: Option<&[f64]>,
        ctx: &mut Ctx<'_, Self>,
    ) -> bool {
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
            Verdict::Continue => {
                if times.is_some_and(|t| self.start_recut(t, sync, ctx)) {
                    return false; // the cut goes on from here
                }
                if !sync {
                    return true;
                }
                self.syncing = true;
                ctx.at_sync();
            }
        }
        false
    }

    /// Live balancing at a check: when `every` iterations have passed,
    /// computes the new cut from every slab's `times` (as every slab does),
    /// hands the rows it loses to its neighbours and waits for the rows it
    /// gains ([`Slab::try_finish_recut`], which goes on iterating or
    /// enters `at_sync`). Returns whether it took a cut.
    fn start_recut(&mut self, times: &[f64], then_sync: bool, ctx: &mut Ctx<'_, Self>) -> bool {
        let Some(live) = ctx.init().live else {
            return false;
        };
        if self.since < live.every {
            return false;
        }
        (self.busy, self.since) = (0.0, 0);
        let Some(new) = super::live::recut(&self.ranges, times, live.threshold) else {
            return false;
        };
        let me = self.me as usize;
        let ((a, b), (na, nb)) = (self.ranges[me], new[me]);
        self.ranges = new;
        self.cut += 1;
        let cut = self.cut;
        let retain = |k: &HaloKey| k.1 >= cut;
        self.left.retain(|k, _| retain(k));
        self.right.retain(|k, _| retain(k));
        let slabs = ctx.this_proxy();
        let bias = self.bias;
        if na > a {
            let block = self.seg.give(a, na);
            let msg = SlabMsg::Rows {
                bias,
                cut,
                from_left: false,
                block,
            };
            ctx.send(slabs.at(self.me - 1), msg);
        }
        if nb < b {
            let block = self.seg.give(nb, b);
            let msg = SlabMsg::Rows {
                bias,
                cut,
                from_left: true,
                block,
            };
            ctx.send(slabs.at(self.me + 1), msg);
        }
        self.recut = Some(Recut {
            rows: (na, nb),
            from: [na < a, nb > b],
            then_sync,
        });
        self.try_finish_recut(ctx);
        true
    }

    /// Takes the pending cut once the rows it gains are here: sends the new
    /// boundary rows, then iterates on (or enters `at_sync`).
    fn try_finish_recut(&mut self, ctx: &mut Ctx<'_, Self>) {
        let Some(r) = &self.recut else {
            return;
        };
        let key = |from_left| (self.bias, self.cut, from_left);
        let wanted = [(r.from[0], key(true)), (r.from[1], key(false))];
        if wanted
            .iter()
            .any(|(w, k)| *w && !self.incoming.contains_key(k))
        {
            return;
        }
        let blocks: Vec<RowBlock> = wanted
            .iter()
            .filter(|(w, _)| *w)
            .filter_map(|(_, k)| self.incoming.remove(k))
            .collect();
        let Some(Recut {
            rows: (a, b),
            then_sync,
            ..
        }) = self.recut.take()
        else {
            return;
        };
        let mesh = ctx.init().mesh.clone();
        self.seg.recut(&mesh, a, b, &blocks);
        self.send_rows([0.0; 3], ctx);
        if then_sync {
            self.syncing = true;
            ctx.at_sync();
        } else {
            self.advance(ctx);
        }
    }

    /// Sends this slab's rows (and, from slab 0, the run's header) to the
    /// main program: one piece of a concatenation in slab order
    /// (`gather.rs`).
    fn finish(&mut self, status: Status, r: Residual, ctx: &mut Ctx<'_, Self>) {
        self.done = true;
        let rows = ctx.init().mesh.rows;
        let header = (self.me == 0).then(|| {
            let ((w0, w1), halvings) = self.seg.omega();
            [
                status.code(),
                self.seg.iteration() as f64,
                r.psi_v,
                r.u_v,
                r.v_v,
                w0,
                w1,
                halvings as f64,
                self.cut as f64,
            ]
        });
        let v = super::gather::piece(header, self.moves, &self.seg, rows);
        let tag = Callback::main(DdmTag::Solved(self.bias));
        ctx.contribute(v, Reducer::Concat, tag);
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
            ranges: s.ranges.clone(),
            cut: 0,
            busy: 0.0,
            since: 0,
            incoming: BTreeMap::new(),
            recut: None,
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
                self.incoming.retain(|k, _| k.0 >= index);
                (self.waiting, self.done) = (false, false);
                self.last_pe.get_or_insert(ctx.pe());
                self.send_rows([0.0; 3], ctx);
                self.advance(ctx);
            }
            SlabMsg::Halo {
                bias,
                cut,
                it,
                from_left,
                row,
            } => {
                if (bias, cut) < (self.bias, self.cut) {
                    return; // of an earlier cut
                }
                let side = if from_left {
                    &mut self.left
                } else {
                    &mut self.right
                };
                side.insert((bias, cut, it), row);
                self.advance(ctx);
            }
            SlabMsg::Rows {
                bias,
                cut,
                from_left,
                block,
            } => {
                self.incoming.insert((bias, cut, from_left), block);
                self.try_finish_recut(ctx);
            }
            SlabMsg::Relay {
                bias,
                it,
                left,
                right,
                sums,
            } => {
                if let Some(h) = left {
                    self.left.insert((bias, 0, it), h);
                }
                if let Some(h) = right {
                    self.right.insert((bias, 0, it), h);
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
        let n = Self::slabs(ctx) as usize;
        let v = super::from_bits(&v);
        let (sums, times) = v.split_at(3 * n);
        let sums: Vec<[f64; 3]> = sums.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
        let times = (!times.is_empty()).then_some(times);
        self.waiting = false;
        if self.on_check(&sums, times, ctx) {
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
