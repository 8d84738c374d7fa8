//! The drift-diffusion solver on the object runtime (`arts run ddm
//! --parallel`), in the two styles of the paper: `distributed` (its Charm++
//! version: slabs send their boundary rows straight to their neighbours and
//! reduce their residual sums every `check_every` iterations) and
//! `centralized` (its MOSIX version: every slab reports to one master each
//! iteration, which relays the rows and the sums). The strip is cut into S
//! segments, one migratable [`slab::Slab`] object each; the physics is
//! `arts_ddm`'s own ([`Segment`](arts_ddm::solver::segment::Segment)), and
//! every slab runs the same [`controller`](arts_ddm::solver::controller) on
//! the same residuals, so both styles equal the sequential solver in the
//! relaxed order over the same segments bit for bit.

pub mod choice;
mod gather;
pub mod live;
pub mod master;
pub mod paper_fit;
pub mod parallel;
pub mod partition;
pub mod saved_state;
pub mod slab;
pub mod solver_flags;
pub mod sweep;
pub mod sweep_restart;

use std::sync::Arc;
use std::time::Instant;

use arts_core::*;
use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::Assembly;
use arts_ddm::{BiasSolution, Mesh, Residual, Side, SolverOptions, UpdateOrder};
use serde::{Deserialize, Serialize};

use arts_core::checkpoint::writer::Writer;
pub use live::LiveCut;
use master::{Master, MasterSetup};
pub use saved_state::{Checkpointing, Resume};
use saved_state::{MainState, SavedPoint};
use slab::{Slab, SlabMsg};

/// Checks between two `at_sync` calls when load balancing is on.
pub const CHECKS_PER_SYNC: usize = 20;

/// How the slabs exchange rows and residuals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Style {
    /// Rows straight to the neighbours, residuals by reduction.
    Distributed,
    /// Everything through one master object, every iteration.
    Centralized,
}

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
    /// The style.
    pub style: Style,
    /// Live application-level balancing (distributed style only), or none.
    pub live: Option<LiveCut>,
}

/// The results and the main program's tags.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
enum DdmTag {
    /// Residual sums of bias point `bias`, iteration `it` (to every slab).
    Check(u32, u32),
    /// The solution of bias point `bias` (to the main program).
    Solved(u32),
}

/// How a bias point ended, as the header of the slabs' result says.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Status {
    Converged,
    NotConverged,
    Diverged,
}

impl Status {
    fn code(self) -> f64 {
        match self {
            Status::Converged => 0.0,
            Status::NotConverged => 1.0,
            Status::Diverged => 2.0,
        }
    }
}

/// Header of the slabs' result: status, iterations, residual (3), omega
/// (2), omega halvings, cuts taken; then one slot per slab (its moves), one
/// per slab (its first row), then the solution.
const HEADER: usize = 9;

/// Values as their bit patterns. Each slab fills its own slots of a vector
/// and the vectors are summed: as integers, `x + 0` is `x` exactly, where
/// the floating-point `-0.0 + 0.0` would be `+0.0`.
fn to_bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn from_bits(v: &[u64]) -> Vec<f64> {
    v.iter().map(|&b| f64::from_bits(b)).collect()
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

impl Outcome {
    /// How a bias point ended after `iterations` with `verdict` (`Continue`:
    /// the iteration limit), the last observed `residual`, the
    /// over-relaxation reached and the time taken; `solution` assembles the
    /// solution when it converged, whose run fields are filled in here.
    pub fn new(
        verdict: Verdict,
        iterations: usize,
        residual: Residual,
        omega: ((f64, f64), u32),
        time_s: f64,
        solution: impl FnOnce() -> BiasSolution,
    ) -> Outcome {
        match verdict {
            Verdict::Converged => {
                let mut sol = solution();
                sol.iterations = iterations;
                sol.residual = residual;
                (sol.omega, sol.omega_reductions) = omega;
                sol.time_s = time_s;
                Outcome::Converged(Box::new(sol))
            }
            Verdict::Diverged => Outcome::Diverged { iterations },
            Verdict::Continue => Outcome::NotConverged {
                iterations,
                residual,
            },
        }
    }
}

/// One bias point of a parallel run.
#[derive(Clone, Debug)]
pub struct Point {
    /// Volts on the driven contact.
    pub bias_v: f64,
    /// How it ended.
    pub outcome: Outcome,
    /// Seconds from the broadcast of the bias to the assembled solution.
    pub time_s: f64,
    /// Times load balancing moved each slab so far.
    pub moves: Vec<u32>,
    /// Each segment's first row at the end of the point.
    pub starts: Vec<usize>,
    /// Cuts live balancing took so far.
    pub recuts: u32,
}

/// The point of bias `bias_v` from the slabs' summed `result` (bit
/// patterns), which took `time_s`; a converged solution is assembled by
/// `assembly` (which must have seen every earlier point).
fn decode(
    assembly: &mut Assembly,
    mesh: &Mesh,
    n: usize,
    bias_v: f64,
    result: &[u64],
    time_s: f64,
) -> Point {
    let v = from_bits(result);
    let h = &v[..HEADER];
    let moves = v[HEADER..HEADER + n].iter().map(|&m| m as u32).collect();
    let starts = v[HEADER + n..HEADER + 2 * n]
        .iter()
        .map(|&a| a as usize)
        .collect();
    let iterations = h[1] as usize;
    let residual = Residual {
        psi_v: h[2],
        u_v: h[3],
        v_v: h[4],
    };
    let verdict = match h[0] {
        c if c == Status::Converged.code() => Verdict::Converged,
        c if c == Status::Diverged.code() => Verdict::Diverged,
        _ => Verdict::Continue,
    };
    let omega = ((h[5], h[6]), h[7] as u32);
    let outcome = Outcome::new(verdict, iterations, residual, omega, time_s, || {
        assembly.solution(mesh, bias_v, &v[HEADER + 2 * n..])
    });
    Point {
        bias_v,
        outcome,
        time_s,
        moves,
        starts,
        recuts: h[8] as u32,
    }
}

/// How the slabs are placed: contiguous segments per PE, so a PE (and a
/// cluster of PEs) holds a run of the strip, with one cut to each
/// neighbouring PE.
pub const SLAB_MAP: Map = Map::Block;

/// Which boundaries between the distributed slabs are linked: the slabs
/// pass rows across them after every sub-cycle, in the sequential sweep's
/// order ([`UpdateOrder::Staggered`]), instead of once per iteration
/// (`--subcycle-dependency`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// None: the relaxed order.
    None,
    /// All: the sequential order, as a pipeline across the slabs.
    All,
    /// Those between slabs that [`SLAB_MAP`] starts on the same PE; relaxed
    /// between PEs. A PE runs its slabs one after another anyway, so
    /// linking them costs no parallelism, and the order converges as the
    /// relaxed order over one segment per PE does. The links stay when
    /// slabs migrate.
    SamePe,
}

impl Link {
    /// The order of slabs over `order`'s segments on `pes` PEs.
    pub fn order(self, order: UpdateOrder, pes: u32) -> UpdateOrder {
        match self {
            Link::None => order,
            Link::All => order.staggered(),
            Link::SamePe => {
                let shape = Shape::d1(order.segments().len() as u32);
                let home = |k: usize| SLAB_MAP.home(k as u64, &shape, pes);
                order.staggered_at(|k| home(k) == home(k + 1))
            }
        }
    }
}

/// Solves `biases` in turn (each continuing from the previous solution) on
/// one slab per range of `setup`, placed by [`SLAB_MAP`]; stops at the first bias
/// point that does not converge.
pub fn run(
    config: &Config,
    setup: Setup,
    biases: &[f64],
) -> Result<(Vec<Point>, RunReport), RunError> {
    run_session(config, setup, biases, None, None)
}

/// [`run`], checkpointing after every `save.every` bias points, and
/// starting from `resume` (the points it holds are reported as they were
/// first; the slabs continue from their images) instead of the beginning.
/// Checkpoints need the distributed style.
pub fn run_session(
    config: &Config,
    setup: Setup,
    biases: &[f64],
    save: Option<Checkpointing>,
    resume: Option<Resume>,
) -> Result<(Vec<Point>, RunReport), RunError> {
    let mesh = setup.mesh.clone();
    let biased = setup.biased;
    let n = setup.ranges.len();
    let central = setup.style == Style::Centralized;
    let check_every = setup.opts.check_every;
    if central && setup.live.is_some() {
        return Err(RunError::Config(
            "live application-level balancing needs the distributed style".into(),
        ));
    }
    if central && (save.is_some() || resume.is_some()) {
        return Err(RunError::Config(
            "checkpoints of a bias sweep need the distributed style".into(),
        ));
    }
    let (points, report) = arts_core::run(config, |d| -> Result<Vec<Point>, RunError> {
        let (slabs, mut state) = match resume {
            Some(r) => {
                let slabs = d.restore_array::<Slab>("ddm-slabs", &r.image, SLAB_MAP, setup)?;
                (slabs, r.state)
            }
            None => {
                let shape = Shape::d1(n as u32);
                let slabs = d.create_array::<Slab>("ddm-slabs", shape, SLAB_MAP, setup);
                (slabs, MainState::default())
            }
        };
        let master = central.then(|| {
            let init = MasterSetup {
                slabs,
                count: n as u32,
                check_every,
            };
            d.create_array::<Master>("ddm-master", Shape::d1(1), Map::Block, init)
                .at(0u32)
        });
        let mut writer = Writer::new(save.as_ref().is_some_and(|p| p.background));
        // When the current bias point started, if a background checkpoint
        // already started it.
        let mut started: Option<Instant> = None;
        let mut assembly = Assembly::new(&mesh, biased);
        let mut points = Vec::with_capacity(biases.len());
        for p in &state.points {
            points.push(decode(
                &mut assembly,
                &mesh,
                n,
                p.bias_v,
                &p.result,
                p.time_s,
            ));
        }
        let bias = |index: usize| SlabMsg::Bias {
            index: index as u32,
            bias_v: biases[index],
            master,
        };
        for (i, &bias_v) in biases.iter().enumerate().skip(points.len()) {
            let index = i as u32;
            let start = started.take().unwrap_or_else(|| {
                d.broadcast(&slabs, bias(i));
                Instant::now()
            });
            let pieces = d.wait_callback::<Vec<u64>>(DdmTag::Solved(index))?;
            let result = gather::summed(&pieces, n, mesh.rows).map_err(|e| {
                RunError::Internal(format!("the slabs' solution of bias point {index}: {e}"))
            })?;
            let time_s = start.elapsed().as_secs_f64();
            let mut point = decode(&mut assembly, &mesh, n, bias_v, &result, time_s);
            point.time_s = start.elapsed().as_secs_f64();
            let stop = !matches!(point.outcome, Outcome::Converged(_));
            points.push(point);
            if stop {
                break;
            }
            if let Some(plan) = save.as_ref() {
                state.points.push(SavedPoint {
                    bias_v,
                    result,
                    time_s,
                });
                let done = points.len();
                if plan.every > 0 && done.is_multiple_of(plan.every) && done < biases.len() {
                    let next = |d: &mut Driver| {
                        d.broadcast(&slabs, bias(done));
                        started = Some(Instant::now());
                    };
                    saved_state::take(d, &slabs, plan, &state, &mut writer, next)?;
                }
            }
        }
        Ok(points)
    })?;
    Ok((points?, report))
}

impl Style {
    /// Its name in the CSV and the legends.
    pub fn name(self) -> &'static str {
        match self {
            Style::Distributed => "distributed",
            Style::Centralized => "centralized",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_ddm::{ConstantSet, Solver, presets};

    fn bits(v: &[f64]) -> Vec<u64> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    /// `pes` PEs with balancer `lb`.
    fn on(pes: u32, lb: Option<LbConfig>) -> Config {
        Config {
            pes,
            lb,
            ..Config::default()
        }
    }

    fn rotate() -> LbConfig {
        LbConfig {
            strategy: Arc::from(arts_lb::by_name("rotate").unwrap()),
            period: LbPeriod::Steps(1),
            record_inputs: false,
            speeds: None,
        }
    }

    #[test]
    fn both_styles_equal_the_relaxed_solver_on_1_2_3_pes_and_under_migration() {
        let runs = [
            (1, None, Style::Distributed),
            (2, None, Style::Distributed),
            (3, None, Style::Distributed),
            (2, Some(rotate()), Style::Distributed),
            (1, None, Style::Centralized),
            (3, None, Style::Centralized),
            (2, Some(rotate()), Style::Centralized),
        ];
        equal_to_the_solver(|o| o, &runs);
    }

    #[test]
    fn the_staggered_pipeline_equals_the_staggered_solver() {
        let runs = [
            (1, None, Style::Distributed),
            (2, None, Style::Distributed),
            (3, None, Style::Distributed),
            (2, Some(rotate()), Style::Distributed),
        ];
        equal_to_the_solver(UpdateOrder::staggered, &runs);
    }

    #[test]
    fn slabs_on_one_pe_are_linked_and_those_on_two_are_not() {
        let order = || UpdateOrder::relaxed_equal(100, 8).unwrap();
        let links = |pes| match Link::SamePe.order(order(), pes) {
            UpdateOrder::Staggered { linked, .. } => linked,
            o => panic!("{o:?}"),
        };
        assert_eq!(links(1), vec![true; 7]);
        assert_eq!(links(2), [true, true, true, false, true, true, true]);
        assert_eq!(links(8), vec![false; 7]);
        assert_eq!(links(3).iter().filter(|&&l| !l).count(), 2);
    }

    #[test]
    fn slabs_linked_at_some_boundaries_equal_the_solver_in_that_order() {
        // Linked within each half of the six slabs (what `local` gives on
        // 2 PEs), relaxed between the halves; and under migration, where
        // linked slabs end up on different PEs.
        let runs = [
            (1, None, Style::Distributed),
            (2, None, Style::Distributed),
            (3, Some(rotate()), Style::Distributed),
        ];
        equal_to_the_solver(|o| o.staggered_at(|k| k != 2), &runs);
    }

    #[test]
    fn live_balancing_moves_rows_and_converges_to_the_sequential_solution() {
        let d = presets::preset("apd-sam")
            .unwrap()
            .with_spacing(10.0)
            .unwrap();
        let mesh = Arc::new(Mesh::new(&d, ConstantSet::Codata.constants()).unwrap());
        let order = UpdateOrder::relaxed_equal(mesh.rows, 6).unwrap();
        let ranges = order.segments().to_vec();
        let opts = SolverOptions {
            tolerance_v: 1e-9,
            instrument_every: 0,
            order,
            check_every: 5,
            ..SolverOptions::default()
        };
        let seq = SolverOptions {
            order: UpdateOrder::Sequential,
            check_every: 1,
            ..opts.clone()
        };
        let biases = [0.0, 0.1];
        let mut reference = Solver::new((*mesh).clone(), d.biased);
        let want: Vec<BiasSolution> = biases
            .iter()
            .map(|&b| reference.solve(b, &seq, &mut |_, _| {}).unwrap())
            .collect();
        for (pes, lb, staggered) in [
            (1, None, false),
            (2, Some(rotate()), false),
            (3, None, true),
        ] {
            let mut opts = opts.clone();
            if staggered {
                opts.order = opts.order.staggered();
            }
            let config = on(pes, lb.clone());
            let setup = Setup {
                mesh: mesh.clone(),
                biased: d.biased,
                opts,
                ranges: ranges.clone(),
                sync: lb.is_some(),
                style: Style::Distributed,
                live: Some(LiveCut {
                    every: 20,
                    threshold: 0.0,
                }),
            };
            let (points, _) = run(&config, setup, &biases).unwrap();
            assert_eq!(points.len(), 2);
            let last = &points[1];
            // A cut is taken only when it moves rows (`live::recut`); a
            // later one may move them back when the measured times are
            // noisy, so the final cut is not compared with the first.
            assert!(last.recuts > 0, "{pes} PEs: no cut taken");
            for (p, w) in points.iter().zip(&want) {
                let Outcome::Converged(s) = &p.outcome else {
                    panic!("{pes} PEs: {:?}", p.outcome)
                };
                let dpsi = s
                    .psi
                    .iter()
                    .zip(&w.psi)
                    .map(|(a, b)| (a - b).abs() * mesh.vt)
                    .fold(0.0, f64::max);
                assert!(
                    dpsi < 1e-5,
                    "{pes} PEs: potential {dpsi} V from the sequential solver"
                );
            }
        }
    }

    #[test]
    fn a_sweep_restarted_from_its_checkpoints_ends_bit_identical() {
        use arts_core::checkpoint::disk;
        let d = presets::preset("si-pn")
            .unwrap()
            .with_spacing(10.0)
            .unwrap();
        let mesh = Arc::new(Mesh::new(&d, ConstantSet::Codata.constants()).unwrap());
        let order = UpdateOrder::relaxed_equal(mesh.rows, 5).unwrap();
        let setup = |lb: bool| Setup {
            mesh: mesh.clone(),
            biased: d.biased,
            opts: SolverOptions {
                tolerance_v: 1e-8,
                instrument_every: 0,
                order: order.clone(),
                check_every: 5,
                ..SolverOptions::default()
            },
            ranges: order.segments().to_vec(),
            sync: lb,
            style: Style::Distributed,
            live: None,
        };
        let biases = [0.0, 0.1, 0.2, 0.3];
        let solution = |p: &Point| match &p.outcome {
            Outcome::Converged(s) => (s.iterations, bits(&s.psi), bits(&s.u), bits(&s.jn)),
            o => panic!("{o:?}"),
        };
        let (plain, _) = run(&on(2, None), setup(false), &biases).unwrap();
        let root = tempfile::tempdir().unwrap();
        let save = Checkpointing {
            every: 1,
            dir: root.path().to_path_buf(),
            keep: 5,
            options: serde_json::json!({"test": true}),
            buddies: None,
            // In the background (the CLI tests take them synchronously).
            background: true,
        };
        let (with, _) = run_session(&on(2, None), setup(false), &biases, Some(save), None).unwrap();
        assert_eq!(with.len(), 4);
        assert_eq!(disk::list(root.path()), vec![1, 2, 3], "not after the last");
        for (n, step, lb) in [(1, 1, None), (3, 2, Some(rotate())), (2, 3, None)] {
            let c = disk::open(&root.path().join(disk::dir_name(step))).unwrap();
            let resume = saved_state::read_resume(&c, &biases, 5).unwrap();
            assert_eq!(resume.state.points.len(), step as usize);
            let sync = lb.is_some();
            let (points, _) =
                run_session(&on(n, lb), setup(sync), &biases, None, Some(resume)).unwrap();
            assert_eq!(points.len(), 4);
            for (p, q) in points.iter().zip(&plain) {
                assert_eq!(solution(p), solution(q), "{n} PEs from step {step}");
            }
            // A checkpoint of another sweep is refused.
            assert!(saved_state::read_resume(&c, &[0.05, 0.1, 0.2, 0.3], 5).is_err());
            assert!(saved_state::read_resume(&c, &biases, 4).is_err());
        }
    }

    /// Runs the slabs in the relaxed order made `order` with each of `runs`
    /// (PEs, balancer, style) and compares with the solver in that order.
    fn equal_to_the_solver(
        order: fn(UpdateOrder) -> UpdateOrder,
        runs: &[(u32, Option<LbConfig>, Style)],
    ) {
        let d = presets::preset("si-pn")
            .unwrap()
            .with_spacing(10.0)
            .unwrap();
        let mesh = Arc::new(Mesh::new(&d, ConstantSet::Codata.constants()).unwrap());
        let order = order(UpdateOrder::relaxed_equal(mesh.rows, 6).unwrap());
        let ranges = order.segments().to_vec();
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
        for (pes, lb, style) in runs.iter().cloned() {
            let config = on(pes, lb.clone());
            let setup = Setup {
                mesh: mesh.clone(),
                biased: d.biased,
                opts: opts.clone(),
                ranges: ranges.clone(),
                sync: lb.is_some(),
                style,
                live: None,
            };
            let (points, report) = run(&config, setup, &biases).unwrap();
            assert_eq!(points.len(), 2);
            for (p, w) in points.iter().zip(&want) {
                let Outcome::Converged(s) = &p.outcome else {
                    panic!("{pes} PEs, {style:?}: {:?}", p.outcome)
                };
                assert_eq!(s.iterations, w.iterations, "{pes} PEs, {style:?}");
                assert_eq!(bits(&s.psi), bits(&w.psi), "{pes} PEs");
                assert_eq!(bits(&s.u), bits(&w.u));
                assert_eq!(bits(&s.v), bits(&w.v));
                assert_eq!(bits(&s.jn), bits(&w.jn));
            }
            if lb.is_some() {
                let moved: u64 = report.lb_steps().iter().map(|s| s.migrations).sum();
                assert!(moved > 0, "rotate moved slabs");
                assert!(points[1].moves.iter().any(|&m| m > 0), "{style:?}");
            }
        }
    }
}
