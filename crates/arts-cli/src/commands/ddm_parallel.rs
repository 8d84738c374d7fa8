//! `arts run ddm --parallel distributed`: the bias sweep on slab objects of
//! the runtime (`arts_apps::ddm`), checked bit for bit against the
//! sequential solver in the same (relaxed) order and timed against the
//! sequential solver in its own order.

use std::sync::Arc;
use std::time::Instant;

use arts_apps::ddm::{Outcome as SlabOutcome, Setup, Style};
use arts_core::{Config, LbConfig, LbPeriod, Map};
use arts_ddm::{BiasSolution, DdmError, Device, Mesh, Solver, SolverOptions, UpdateOrder};
use serde::Serialize;

use super::ddm::{RunDdmArgs, Solved};
use crate::output::{CliError, CliResult};

/// How the solver is parallelized (`--parallel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ParallelArg {
    /// The paper's Charm++ version: one migratable slab object per segment,
    /// halos sent straight to the neighbours, residuals reduced every
    /// `--check-every` iterations.
    Distributed,
    /// The paper's MOSIX version: the slabs report rows and residual sums to
    /// one master object every iteration, which relays them; the slabs are
    /// balanced by the system (`--lb`) without application knowledge.
    Centralized,
    /// The MPI code's structure on AMPI virtual processors: one rank per
    /// segment (`--segments V`, any number of ranks on `--pes P`), rows sent
    /// to the neighbours, `migrate()` every 20 checks with `--lb`.
    Ampi,
    /// The paper's MPI version: one fixed segment per MPI rank (`mpirun -np
    /// S`, `--segments S`), rows traded with the neighbours on raw MPI, no
    /// migration. Needs a build with `--features mpi`.
    Static,
}

impl ParallelArg {
    fn name(self) -> &'static str {
        match self {
            ParallelArg::Distributed => "distributed",
            ParallelArg::Centralized => "centralized",
            ParallelArg::Ampi => "ampi",
            ParallelArg::Static => "static",
        }
    }

    /// The style on slab objects (`None`: AMPI or raw MPI ranks).
    fn style(self) -> Option<Style> {
        match self {
            ParallelArg::Distributed => Some(Style::Distributed),
            ParallelArg::Centralized => Some(Style::Centralized),
            ParallelArg::Ampi | ParallelArg::Static => None,
        }
    }
}

/// The `parallel` object of the JSON report.
#[derive(Serialize)]
pub struct ParallelOut {
    style: &'static str,
    pes: u32,
    processes: u32,
    segments: usize,
    check_every: usize,
    lb: String,
    /// Every converged point equals the sequential solver in the relaxed
    /// order over the same segments, bit for bit (iterations included).
    matches_relaxed_solver: bool,
    /// Seconds of the sequential solver in the relaxed order (same points).
    relaxed_solver_time_s: f64,
    /// Seconds of the sequential solver in its own (sequential) order.
    sequential_solver_time_s: f64,
    /// `sequential_solver_time_s / time_s`.
    speedup: f64,
    /// Objects moved by load balancing.
    migrations: u64,
    /// Times load balancing moved each slab (the paper's migrations per worker).
    moves_per_slab: Vec<u32>,
    /// Busy fraction of each PE.
    utilization: Vec<f64>,
}

impl ParallelOut {
    /// Segments (objects) of the run.
    pub(super) fn segments(&self) -> usize {
        self.segments
    }

    /// Whether every point equalled the relaxed solver bit for bit.
    pub(super) fn matches(&self) -> bool {
        self.matches_relaxed_solver
    }
}

/// The parallel sweep: the points that converged (in order), the failure
/// that stopped it, and the parallel report.
pub(super) type ParallelRun = (Vec<Solved>, Option<DdmError>, ParallelOut);

fn bits(v: &[f64]) -> impl Iterator<Item = u64> + '_ {
    v.iter().map(|x| x.to_bits())
}

fn same(a: &BiasSolution, b: &BiasSolution) -> bool {
    a.iterations == b.iterations
        && [
            (&a.psi, &b.psi),
            (&a.u, &b.u),
            (&a.v, &b.v),
            (&a.jn, &b.jn),
            (&a.jp, &b.jp),
        ]
        .iter()
        .all(|(x, y)| bits(x).eq(bits(y)))
}

/// Checks the options `--parallel` takes before any work.
pub(super) fn check_args(args: &RunDdmArgs) -> CliResult {
    if args.parallel.is_none() {
        let flags = [
            ("--pes", args.pes.is_some()),
            ("--pes-per-process", args.pes_per_process.is_some()),
            ("--lb", args.lb != "none"),
            (
                "--subcycle-dependency on",
                args.subcycle_dependency == super::ddm_flags::OnOff::On,
            ),
        ];
        if let Some((flag, _)) = flags.iter().find(|f| f.1) {
            return Err(CliError::usage(format!(
                "{flag} applies to --parallel runs only"
            )));
        }
        return Ok(());
    }
    if args.method != super::ddm_flags::MethodArg::Gummel {
        return Err(CliError::usage(
            "--parallel runs the Gummel solver (--method gummel); Newton solves all rows together",
        ));
    }
    if args.parallel == Some(ParallelArg::Static) && (args.lb != "none" || args.pes.is_some()) {
        return Err(CliError::usage(
            "--parallel static runs one segment per MPI rank without migration: give mpirun -np S and --segments S, not --pes or --lb",
        ));
    }
    if args.subcycle_dependency == super::ddm_flags::OnOff::On
        && args.parallel != Some(ParallelArg::Distributed)
    {
        return Err(CliError::usage(
            "--subcycle-dependency on needs --parallel distributed (the staggered order passes rows after every sub-cycle, straight to the neighbours)",
        ));
    }
    if args.order != super::ddm_flags::OrderArg::Sequential {
        return Err(CliError::usage(
            "--parallel runs the relaxed order over --segments; --order applies to the sequential solver",
        ));
    }
    Ok(())
}

/// The points, PEs, migrations and utilization of a run on the runtime.
type RuntimeRun = (Vec<arts_apps::ddm::Point>, u32, u64, Vec<f64>);

/// The sweep on slab objects of the runtime.
fn on_runtime(
    args: &RunDdmArgs,
    style: Style,
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: &SolverOptions,
    ranges: &[(usize, usize)],
) -> Result<RuntimeRun, CliError> {
    let pes = args.pes.unwrap_or_else(crate::args::default_pes);
    let lb = lb_config(&args.lb)?;
    let config = Config {
        pes,
        lb: lb.clone(),
        ..Config::default()
    };
    let config = crate::launch::distribute(config, args.pes, args.pes_per_process)?;
    let setup = Setup {
        mesh: Arc::new(mesh.clone()),
        biased: device.biased,
        opts: opts.clone(),
        ranges: ranges.to_vec(),
        sync: lb.is_some(),
        style,
    };
    let (points, report) = arts_apps::ddm::run(&config, Map::Block, setup, biases)
        .map_err(|e| CliError::failed(format!("parallel run: {e}")))?;
    let migrations = report.lb_steps().iter().map(|s| s.migrations).sum();
    Ok((points, config.pes, migrations, report.utilization()))
}

/// The sweep on AMPI ranks, one segment each, in this process.
fn on_ampi(
    args: &RunDdmArgs,
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: &SolverOptions,
    ranges: &[(usize, usize)],
) -> Result<RuntimeRun, CliError> {
    if crate::launch::rank_size().1 > 1 || args.pes_per_process.is_some() {
        return Err(CliError::usage(
            "--parallel ampi runs its ranks in one process (not under mpirun)",
        ));
    }
    let lb = lb_config(&args.lb)?;
    let run_opts = arts_ampi::RunOptions {
        lb: lb.clone(),
        ..arts_ampi::RunOptions::new(
            ranges.len() as u32,
            args.pes.unwrap_or_else(crate::args::default_pes),
        )
    };
    let setup = Setup {
        mesh: Arc::new(mesh.clone()),
        biased: device.biased,
        opts: opts.clone(),
        ranges: ranges.to_vec(),
        sync: lb.is_some(),
        style: Style::Distributed,
    };
    let (points, report) = arts_ampi::ddm::run(&run_opts, setup, biases)
        .map_err(|e| CliError::failed(format!("ampi run: {e}")))?;
    let migrations = report.migrations();
    Ok((points, report.pes, migrations, report.runtime.utilization()))
}

/// The load-balancing configuration of `--lb` (`none`: none).
fn lb_config(name: &str) -> Result<Option<LbConfig>, CliError> {
    if name == "none" {
        return Ok(None);
    }
    let strategy = arts_lb::by_name(name).map_err(|e| CliError::usage(format!("--lb: {e}")))?;
    Ok(Some(LbConfig {
        strategy: Arc::from(strategy),
        period: LbPeriod::Steps(1),
        record_inputs: false,
        speeds: None,
    }))
}

/// The sweep on raw MPI ranks, one segment each.
#[cfg(feature = "mpi")]
fn static_mpi(
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: &SolverOptions,
    ranges: &[(usize, usize)],
) -> Result<Vec<arts_apps::ddm::Point>, CliError> {
    crate::launch::with(|m| {
        arts_apps::baselines::ddm::static_segments(
            m.world(),
            mesh,
            device.biased,
            biases,
            opts,
            ranges,
        )
    })
    .ok_or_else(|| {
        CliError::usage(
            "--parallel static runs under mpirun: mpirun -np S arts run ddm ... --segments S",
        )
    })?
    .map_err(CliError::usage)
}

/// Without MPI support there is no static version.
#[cfg(not(feature = "mpi"))]
fn static_mpi(
    _: &Mesh,
    _: &Device,
    _: &[f64],
    _: &SolverOptions,
    _: &[(usize, usize)],
) -> Result<Vec<arts_apps::ddm::Point>, CliError> {
    Err(CliError::usage(
        "--parallel static needs MPI support: build arts with `--features mpi` and start it with mpirun -np S",
    ))
}

/// Runs the sweep in `style`, then the two sequential references.
pub(super) fn run(
    args: &RunDdmArgs,
    style: ParallelArg,
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: SolverOptions,
) -> Result<ParallelRun, CliError> {
    let ranges = opts.order.segments().to_vec();
    if ranges.is_empty() {
        return Err(CliError::usage(
            "--parallel needs segments (--segments or --segment-starts)",
        ));
    }
    let (points, pes, migrations, utilization) = match (style, style.style()) {
        (_, Some(style)) => on_runtime(args, style, mesh, device, biases, &opts, &ranges)?,
        (ParallelArg::Ampi, None) => on_ampi(args, mesh, device, biases, &opts, &ranges)?,
        (_, None) => {
            let points = static_mpi(mesh, device, biases, &opts, &ranges)?;
            (points, ranges.len() as u32, 0, Vec::new())
        }
    };

    // The references: the same order on one thread, and the sequential order.
    let mut relaxed = Solver::new(mesh.clone(), device.biased);
    let mut sequential = Solver::new(mesh.clone(), device.biased);
    let seq_opts = SolverOptions {
        order: UpdateOrder::Sequential,
        check_every: 1,
        ..opts.clone()
    };
    let (mut relaxed_s, mut sequential_s, mut matches) = (0.0, 0.0, true);
    let mut solved = Vec::new();
    let mut failure = None;
    let moves_per_slab = points.last().map(|p| p.moves.clone()).unwrap_or_default();
    for p in points {
        match p.outcome {
            SlabOutcome::Converged(sol) => {
                let t = Instant::now();
                let want = relaxed.solve(p.bias_v, &opts, &mut |_, _| {});
                relaxed_s += t.elapsed().as_secs_f64();
                matches &= want.as_ref().is_ok_and(|w| same(&sol, w));
                let t = Instant::now();
                let _ = sequential.solve(p.bias_v, &seq_opts, &mut |_, _| {});
                sequential_s += t.elapsed().as_secs_f64();
                solved.push(Solved::gummel(*sol));
            }
            SlabOutcome::NotConverged {
                iterations,
                residual,
            } => {
                failure = Some(DdmError::NotConverged {
                    bias_v: p.bias_v,
                    iterations,
                    psi_v: residual.psi_v,
                    u_v: residual.u_v,
                    v_v: residual.v_v,
                    tolerance: opts.tolerance_v,
                });
            }
            SlabOutcome::Diverged { iterations } => {
                failure = Some(DdmError::Diverged {
                    bias_v: p.bias_v,
                    iterations,
                    psi_v: f64::NAN,
                });
            }
        }
    }
    let time_s: f64 = solved.iter().map(|s| s.solution().time_s).sum();
    let out = ParallelOut {
        style: style.name(),
        pes,
        processes: crate::launch::rank_size().1,
        segments: ranges.len(),
        check_every: opts.check_every,
        lb: args.lb.clone(),
        matches_relaxed_solver: matches,
        relaxed_solver_time_s: relaxed_s,
        sequential_solver_time_s: sequential_s,
        speedup: if time_s > 0.0 {
            sequential_s / time_s
        } else {
            0.0
        },
        migrations,
        moves_per_slab,
        utilization,
    };
    Ok((solved, failure, out))
}
