//! `arts run ddm --parallel`: the flags of the parallel sweep, checked and
//! turned into where this process runs it (`arts_apps::ddm::parallel`).

use arts_apps::ddm::choice::ParallelChoices;
use arts_apps::ddm::parallel::{Parallel, ParallelStyle, StaticSweep};
use arts_apps::ddm::sweep::SweepError;
use arts_apps::ddm::{Checkpointing, Point};
use arts_core::checkpoint::disk::Checkpoint;
use arts_core::{Config, LbPeriod};

use super::ddm::RunDdmArgs;
use crate::output::{CliError, CliResult};
use arts_grid::report::GridSummary;

/// Milliseconds the CPUs are kept busy before the timed runs, unless
/// `--warmup-ms` says otherwise: enough on the hosts we measure on
/// (`BENCHMARKS.md`, "A timed run after a pause").
const WARMUP_MS: u64 = 300;

/// Checks the options `--parallel` takes before any work.
pub(super) fn check_args(args: &RunDdmArgs) -> CliResult {
    ParallelChoices {
        parallel: args.parallel,
        method: args.solver.method,
        order: args.solver.order,
        app_lb: args.rows.app_lb,
        app_lb_threshold: args.rows.app_lb_threshold,
        dependency: args.rows.subcycle_dependency,
        lb: &args.lb,
        pin: args.pin,
        grid_given: args.grid.given(),
        segment_starts_given: args.solver.segment_starts.is_some(),
        checkpoint_every_given: args.checkpoint_every.is_some(),
        checkpoint_dir_given: args.checkpoint_dir.is_some(),
        pes_given: args.pes.is_some(),
        pes_per_process_given: args.pes_per_process.is_some(),
        warmup_ms_given: args.warmup_ms.is_some(),
    }
    .check()
    .map_err(CliError::usage)
}

/// The parallel part of the sweep `args` ask for in `style`: where this
/// process runs it (PEs, processes, pinning, grid, load balancing), its
/// command line `argv` (recorded in its checkpoints) and the checkpoint
/// `resume` it continues from.
pub(super) fn parallel<'a>(
    args: &RunDdmArgs,
    style: ParallelStyle,
    argv: Vec<String>,
    resume: Option<&'a Checkpoint>,
    json: bool,
) -> Result<Parallel<'a>, CliError> {
    let pes = crate::world::total_pes(args.pes, args.pes_per_process)?;
    let config = Config {
        pes,
        ..Config::default()
    };
    let (config, grid, lb) = match style {
        ParallelStyle::Static => (config, None, None),
        _ => {
            let period = match args.lb_mode {
                crate::lb_args::LbMode::Sync => LbPeriod::Steps(1),
                periodic => periodic.period(args.lb_period).map_err(CliError::usage)?,
            };
            let lb = crate::lb_args::lb_config(&args.lb, period, false, None)?;
            let config = crate::world::distribute(config, args.pes, args.pes_per_process)?;
            let config = crate::world::pinned(config, args.pin, args.pes_per_process);
            let (config, emulation) = args.grid.configure(config, json)?;
            (config, emulation, lb)
        }
    };
    let checkpoint = match (args.checkpoint_every, &args.checkpoint_dir) {
        (Some(every), Some(dir)) => Some(Checkpointing {
            every: every as usize,
            dir: dir.clone(),
            keep: args.keep as usize,
            options: serde_json::Value::Null,
            buddies: args.buddy_checkpoints.then(crate::world::buddies),
            background: args.checkpoint_async,
        }),
        _ => None,
    };
    Ok(Parallel {
        style,
        config,
        grid: GridSummary::of(grid.as_ref()),
        processes: crate::world::rank_size().1,
        lb_name: args.lb.clone(),
        lb,
        pin: args.pin,
        warmup_ms: args.warmup_ms.unwrap_or(WARMUP_MS),
        app_lb: args.rows.app_lb,
        live: args.rows.live(),
        fit_every: args.rows.fit_every as usize,
        link: args.rows.subcycle_dependency.link(),
        checkpoint,
        argv,
        resume,
        agree: crate::world::from_root,
        on_mpi_ranks: &on_mpi_ranks,
    })
}

/// The sweep on raw MPI ranks, one segment each.
#[cfg(feature = "mpi")]
fn on_mpi_ranks(s: &StaticSweep<'_>) -> Result<Vec<Point>, SweepError> {
    crate::world::with(|m| {
        arts_apps::baselines::ddm::static_segments(
            m.world(),
            s.mesh,
            s.biased,
            s.biases,
            s.opts,
            s.ranges,
        )
    })
    .ok_or_else(|| {
        SweepError::Usage(
            "--parallel static runs under mpirun: mpirun -np S arts run ddm ... --segments S"
                .into(),
        )
    })?
    .map_err(SweepError::Usage)
}

/// Without MPI support there is no static version.
#[cfg(not(feature = "mpi"))]
fn on_mpi_ranks(_: &StaticSweep<'_>) -> Result<Vec<Point>, SweepError> {
    Err(SweepError::Usage(
        "--parallel static needs MPI support: build arts with `--features mpi` and start it with mpirun -np S".into(),
    ))
}
