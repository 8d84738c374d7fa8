//! The drift-diffusion solver distributed over slab objects (the paper's
//! Charm++ version, `arts run ddm --parallel distributed`): the strip is cut
//! into S segments, one migratable slab object each; after every iteration a
//! slab sends its first and last rows straight to its neighbours (tagged with
//! the bias point and iteration), and every `check_every` iterations the
//! slabs reduce their residual sums, delivered to every slab, which all take
//! the same convergence and over-relaxation decisions
//! ([`arts_ddm::solver::controller`]). The physics is `arts_ddm`'s own
//! ([`Segment`]): the result equals the sequential solver in the relaxed
//! order over the same segments bit for bit.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use arts_core::*;
use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::{Assembly, Halo, Segment, solution_len};
use arts_ddm::{BiasSolution, Mesh, Residual, Side, SolverOptions};
use serde::{Deserialize, Serialize};

/// Checks between two `at_sync` calls when load balancing is on.
pub const CHECKS_PER_SYNC: usize = 20;

/// What every slab shares (read-only).
pub struct Setup {
    /// The device's mesh.
    pub mesh: Arc<Mesh>,
    /// The driven contact.
    pub biased: Side,
    /// Solver options (tolerance, iteration limit, `check_every`, ...).
    pub opts: SolverOptions,
    /// The segments' rows `[a, b)`, one per slab.
    pub ranges: Vec<(usize, usize)>,
    /// Call `at_sync` every [`CHECKS_PER_SYNC`] checks (load balancing on).
    pub sync: bool,
}

/// The results and the main program's tags.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
enum DdmTag {
    /// Residual sums of bias point `bias`, iteration `it` (to every slab).
    Check(u32, u32),
    /// The solution of bias point `bias` (to the main program).
    Solved(u32),
}

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
    },
    /// A neighbour's boundary row after its iteration `it` of bias point `bias`.
    Halo {
        /// The bias point's number.
        bias: u32,
        /// The neighbour's iterations done.
        it: u32,
        /// From the left neighbour (else the right one).
        from_left: bool,
        /// The row.
        row: Halo,
    },
}

/// One segment of the strip.
#[derive(Serialize, Deserialize)]
pub struct Slab {
    me: u32,
    seg: Segment,
    bias: u32,
    /// Halos received for (bias, iteration), from the left and the right.
    left: BTreeMap<(u32, u32), Halo>,
    right: BTreeMap<(u32, u32), Halo>,
    /// Waiting for a residual reduction, in `at_sync`, or done with the bias.
    waiting: bool,
    syncing: bool,
    done: bool,
}

/// Values as their bit patterns. Each slab fills its own slots of a vector
/// and the vectors are summed: as integers, `x + 0` is `x` exactly, where
/// the floating-point `-0.0 + 0.0` would be `+0.0`.
fn to_bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn from_bits(v: &[u64]) -> Vec<f64> {
    v.iter().map(|&b| f64::from_bits(b)).collect()
}

/// Status codes in the solution header.
const CONVERGED: f64 = 0.0;
const NOT_CONVERGED: f64 = 1.0;
const DIVERGED: f64 = 2.0;
/// Header: status, iterations, residual (3), omega (2), omega halvings.
const HEADER: usize = 8;

impl Slab {
    fn slabs(ctx: &Ctx<'_, Self>) -> u32 {
        ctx.init().ranges.len() as u32
    }

    /// Sends this slab's boundary rows after its current iteration.
    fn send_rows(&self, ctx: &mut Ctx<'_, Self>) {
        let it = self.seg.iteration() as u32;
        let me = self.me;
        let bias = self.bias;
        if me > 0 {
            let row = self.seg.first_row();
            let msg = SlabMsg::Halo {
                bias,
                it,
                from_left: false,
                row,
            };
            ctx.send(ctx.this_proxy().at(me - 1), msg);
        }
        if me + 1 < Self::slabs(ctx) {
            let row = self.seg.last_row();
            let msg = SlabMsg::Halo {
                bias,
                it,
                from_left: true,
                row,
            };
            ctx.send(ctx.this_proxy().at(me + 1), msg);
        }
    }

    /// Iterates while the halos are there and no reduction is awaited.
    fn advance(&mut self, ctx: &mut Ctx<'_, Self>) {
        let n = Self::slabs(ctx);
        while !(self.done || self.waiting || self.syncing) {
            let key = (self.bias, self.seg.iteration() as u32);
            let need_left = self.me > 0;
            let need_right = self.me + 1 < n;
            if (need_left && !self.left.contains_key(&key))
                || (need_right && !self.right.contains_key(&key))
            {
                return;
            }
            if let Some(h) = self.left.remove(&key) {
                self.seg.set_left_halo(h);
            }
            if let Some(h) = self.right.remove(&key) {
                self.seg.set_right_halo(h);
            }
            let setup = ctx.init();
            let mesh = setup.mesh.clone();
            let max = setup.opts.max_iterations;
            let (sums, _) = self.seg.iterate(&mesh);
            self.send_rows(ctx);
            if self.seg.checks() {
                let mut v = vec![0u64; 3 * n as usize];
                let mine = &mut v[3 * self.me as usize..3 * self.me as usize + 3];
                for (slot, x) in mine.iter_mut().zip(sums) {
                    *slot = x.to_bits();
                }
                let tag = DdmTag::Check(self.bias, self.seg.iteration() as u32);
                ctx.contribute(v, Reducer::Sum, Callback::broadcast(&ctx.this_proxy(), tag));
                self.waiting = true;
            } else if self.seg.iteration() >= max {
                self.finish(NOT_CONVERGED, Residual::default(), ctx);
            }
        }
    }

    /// Sends this slab's rows (and, from slab 0, the run's header) to the
    /// main program: one sum over all slabs.
    fn finish(&mut self, status: f64, r: Residual, ctx: &mut Ctx<'_, Self>) {
        self.done = true;
        let rows = ctx.init().mesh.rows;
        let mut v = vec![0.0; HEADER + solution_len(rows)];
        if self.me == 0 {
            let ((w0, w1), halvings) = self.seg.omega();
            let it = self.seg.iteration() as f64;
            v[..HEADER].copy_from_slice(&[
                status,
                it,
                r.psi_v,
                r.u_v,
                r.v_v,
                w0,
                w1,
                halvings as f64,
            ]);
        }
        self.seg.write_solution(rows, &mut v[HEADER..]);
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
            left: BTreeMap::new(),
            right: BTreeMap::new(),
            waiting: false,
            syncing: false,
            done: true,
        }
    }

    fn receive(&mut self, msg: SlabMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            SlabMsg::Bias { index, bias_v } => {
                let s = ctx.init();
                let (mesh, biased, opts) = (s.mesh.clone(), s.biased, s.opts.clone());
                self.seg.start_bias(&mesh, biased, bias_v, &opts);
                self.bias = index;
                self.left.retain(|k, _| k.0 >= index);
                self.right.retain(|k, _| k.0 >= index);
                (self.waiting, self.done) = (false, false);
                self.send_rows(ctx);
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
        let v = from_bits(&v);
        let sums: Vec<[f64; 3]> = v.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
        let mesh = ctx.init().mesh.clone();
        let (verdict, r) = self.seg.observe(&mesh, &sums);
        self.waiting = false;
        match verdict {
            Verdict::Converged => self.finish(CONVERGED, r, ctx),
            Verdict::Diverged => self.finish(DIVERGED, r, ctx),
            Verdict::Continue if self.seg.iteration() >= ctx.init().opts.max_iterations => {
                self.finish(NOT_CONVERGED, r, ctx)
            }
            Verdict::Continue => {
                let checks = self.seg.iteration() / ctx.init().opts.check_every.max(1);
                if ctx.init().sync && checks.is_multiple_of(CHECKS_PER_SYNC) {
                    self.syncing = true;
                    ctx.at_sync();
                } else {
                    self.advance(ctx);
                }
            }
        }
    }

    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.syncing = false;
        self.advance(ctx);
    }
}

/// How one bias point ended on the slabs.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Converged: the assembled solution (iterations, residual, omega filled in).
    Converged(Box<BiasSolution>),
    /// The iteration limit was reached with this residual.
    NotConverged {
        /// Iterations done.
        iterations: usize,
        /// The last observed residual.
        residual: Residual,
    },
    /// A residual was not finite.
    Diverged {
        /// Iterations done.
        iterations: usize,
    },
}

/// One bias point of a distributed run.
#[derive(Clone, Debug)]
pub struct Point {
    /// Volts on the driven contact.
    pub bias_v: f64,
    /// How it ended.
    pub outcome: Outcome,
    /// Seconds from the broadcast of the bias to the assembled solution.
    pub time_s: f64,
}

/// Solves `biases` in turn (each continuing from the previous solution) on
/// one slab per range of `setup`, placed by `map`; stops at the first bias
/// point that does not converge.
pub fn run(
    config: &Config,
    map: Map,
    setup: Setup,
    biases: &[f64],
) -> Result<(Vec<Point>, RunReport), RunError> {
    let mesh = setup.mesh.clone();
    let biased = setup.biased;
    let slabs = setup.ranges.len() as u32;
    let (points, report) = arts_core::run(config, |d| -> Result<Vec<Point>, RunError> {
        let a = d.create_array::<Slab>("ddm-slabs", Shape::d1(slabs), map, setup);
        let mut assembly = Assembly::new(&mesh, biased);
        let mut points = Vec::with_capacity(biases.len());
        for (i, &bias_v) in biases.iter().enumerate() {
            let start = Instant::now();
            d.broadcast(
                &a,
                SlabMsg::Bias {
                    index: i as u32,
                    bias_v,
                },
            );
            let v = from_bits(&d.wait_callback::<Vec<u64>>(DdmTag::Solved(i as u32))?);
            let h = &v[..HEADER];
            let iterations = h[1] as usize;
            let residual = Residual {
                psi_v: h[2],
                u_v: h[3],
                v_v: h[4],
            };
            let outcome = if h[0] == CONVERGED {
                let mut sol = assembly.solution(&mesh, bias_v, &v[HEADER..]);
                sol.iterations = iterations;
                sol.residual = residual;
                sol.omega = (h[5], h[6]);
                sol.omega_reductions = h[7] as u32;
                Outcome::Converged(Box::new(sol))
            } else if h[0] == DIVERGED {
                Outcome::Diverged { iterations }
            } else {
                Outcome::NotConverged {
                    iterations,
                    residual,
                }
            };
            let time_s = start.elapsed().as_secs_f64();
            if let Outcome::Converged(s) = &outcome {
                let mut s = s.clone();
                s.time_s = time_s;
                points.push(Point {
                    bias_v,
                    outcome: Outcome::Converged(s),
                    time_s,
                });
            } else {
                points.push(Point {
                    bias_v,
                    outcome,
                    time_s,
                });
                break;
            }
        }
        Ok(points)
    })?;
    Ok((points?, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_ddm::{ConstantSet, Solver, UpdateOrder, presets};

    fn bits(v: &[f64]) -> Vec<u64> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn slabs_equal_the_relaxed_solver_on_1_2_3_pes_and_under_migration() {
        let d = presets::preset("si-pn")
            .unwrap()
            .with_spacing(10.0)
            .unwrap();
        let mesh = Arc::new(Mesh::new(&d, ConstantSet::Codata.constants()).unwrap());
        let order = UpdateOrder::relaxed_equal(mesh.rows, 6).unwrap();
        let UpdateOrder::Relaxed { segments: ranges } = order.clone() else {
            unreachable!()
        };
        let opts = SolverOptions {
            tolerance_v: 1e-8,
            instrument_every: 0,
            order,
            check_every: 5,
            ..SolverOptions::default()
        };
        let biases = [0.0, 0.25];
        let mut reference = Solver::new((*mesh).clone(), d.biased);
        let want: Vec<BiasSolution> = biases
            .iter()
            .map(|&b| reference.solve(b, &opts, &mut |_, _| {}).unwrap())
            .collect();
        let rotate = LbConfig {
            strategy: Arc::from(arts_lb::by_name("rotate").unwrap()),
            period: LbPeriod::Steps(1),
            record_inputs: false,
            speeds: None,
        };
        for (pes, lb) in [(1, None), (2, None), (3, None), (2, Some(rotate))] {
            let config = Config {
                pes,
                lb: lb.clone(),
                ..Config::default()
            };
            let setup = Setup {
                mesh: mesh.clone(),
                biased: d.biased,
                opts: opts.clone(),
                ranges: ranges.clone(),
                sync: lb.is_some(),
            };
            let (points, report) = run(&config, Map::Block, setup, &biases).unwrap();
            assert_eq!(points.len(), 2);
            for (p, w) in points.iter().zip(&want) {
                let Outcome::Converged(s) = &p.outcome else {
                    panic!("{pes} PEs: {:?}", p.outcome)
                };
                assert_eq!(s.iterations, w.iterations, "{pes} PEs");
                assert_eq!(bits(&s.psi), bits(&w.psi), "{pes} PEs");
                assert_eq!(bits(&s.u), bits(&w.u));
                assert_eq!(bits(&s.v), bits(&w.v));
                assert_eq!(bits(&s.jn), bits(&w.jn));
            }
            if lb.is_some() {
                let moved: u64 = report.lb_steps().iter().map(|s| s.migrations).sum();
                assert!(moved > 0, "rotate moved slabs");
            }
        }
    }
}
