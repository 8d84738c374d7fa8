//! `arts run ddm --parallel`: the flags of the parallel sweep, checked and
//! turned into where this process runs it (`arts_apps::ddm::parallel`).

use arts_apps::ddm::parallel::{AppLb, Parallel, ParallelStyle, StaticSweep};
use arts_apps::ddm::sweep::SweepError;
use arts_apps::ddm::{Checkpointing, LiveCut, Point};
use arts_core::checkpoint::disk::Checkpoint;
use arts_core::{Config, LbPeriod};

use super::ddm::RunDdmArgs;
use super::ddm_flags::Dependency;
use crate::output::{CliError, CliResult};
use arts_grid::report::GridSummary;

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

impl From<ParallelArg> for ParallelStyle {
    fn from(p: ParallelArg) -> ParallelStyle {
        match p {
            ParallelArg::Distributed => ParallelStyle::Distributed,
            ParallelArg::Centralized => ParallelStyle::Centralized,
            ParallelArg::Ampi => ParallelStyle::Ampi,
            ParallelArg::Static => ParallelStyle::Static,
        }
    }
}

/// Milliseconds the CPUs are kept busy before the timed runs, unless
/// `--warmup-ms` says otherwise: enough on the hosts we measure on
/// (`BENCHMARKS.md`, "A timed run after a pause").
const WARMUP_MS: u64 = 300;

/// Checks the options `--parallel` takes before any work.
pub(super) fn check_args(args: &RunDdmArgs) -> CliResult {
    if !(0.0..1.0).contains(&args.app_lb_threshold) {
        return Err(CliError::usage(format!(
            "--app-lb-threshold {} must be in [0, 1)",
            args.app_lb_threshold
        )));
    }
    if args.grid.given() && matches!(args.parallel, None | Some(ParallelArg::Static)) {
        return Err(CliError::usage(
            "grid options (--clusters, --topology, --latency, ...) apply to --parallel distributed, centralized and ampi, which run on the object runtime",
        ));
    }
    if args.parallel.is_none() {
        let flags = [
            (
                "--app-lb",
                args.app_lb != arts_apps::ddm::parallel::AppLb::Off,
            ),
            ("--checkpoint-every", args.checkpoint_every.is_some()),
            ("--checkpoint-dir", args.checkpoint_dir.is_some()),
            ("--pes", args.pes.is_some()),
            ("--pes-per-process", args.pes_per_process.is_some()),
            ("--pin", args.pin),
            ("--warmup-ms", args.warmup_ms.is_some()),
            ("--lb", args.lb != "none"),
            (
                "--subcycle-dependency",
                args.subcycle_dependency != Dependency::Off,
            ),
        ];
        if let Some((flag, _)) = flags.iter().find(|f| f.1) {
            return Err(CliError::usage(format!(
                "{flag} applies to --parallel runs only"
            )));
        }
        return Ok(());
    }
    if args.method != arts_apps::ddm::sweep::Method::Gummel {
        return Err(CliError::usage(
            "--parallel runs the Gummel solver (--method gummel); Newton solves all rows together",
        ));
    }
    if args.parallel == Some(ParallelArg::Static)
        && (args.lb != "none" || args.pes.is_some() || args.pin)
    {
        return Err(CliError::usage(
            "--parallel static runs one segment per MPI rank without migration: give mpirun -np S and --segments S, not --pes, --lb or --pin (mpirun --bind-to core pins its ranks)",
        ));
    }
    if args.subcycle_dependency != Dependency::Off
        && args.parallel != Some(ParallelArg::Distributed)
    {
        return Err(CliError::usage(
            "--subcycle-dependency on|local needs --parallel distributed (the staggered order passes rows after every sub-cycle, straight to the neighbours)",
        ));
    }
    if args.app_lb == arts_apps::ddm::parallel::AppLb::Live
        && args.parallel != Some(ParallelArg::Distributed)
    {
        return Err(CliError::usage(
            "--app-lb live needs --parallel distributed (the slabs hand rows to their neighbours)",
        ));
    }
    let cuts = [AppLb::Static, AppLb::PaperFit];
    if cuts.contains(&args.app_lb) && args.segment_starts.is_some() {
        let name = if args.app_lb == AppLb::Static {
            "static"
        } else {
            "paper-fit"
        };
        return Err(CliError::usage(format!(
            "--app-lb {name} cuts the segments itself: give --segments, not --segment-starts"
        )));
    }
    if args.checkpoint_every.is_some() != args.checkpoint_dir.is_some() {
        return Err(CliError::usage(
            "--checkpoint-every N and --checkpoint-dir DIR go together",
        ));
    }
    if args.checkpoint_every.is_some() && args.parallel != Some(ParallelArg::Distributed) {
        return Err(CliError::usage(
            "--checkpoint-every needs --parallel distributed (a sweep on slab objects checkpoints between bias points)",
        ));
    }
    if args.order != arts_ddm::SweepOrder::Sequential {
        return Err(CliError::usage(
            "--parallel runs the relaxed order over --segments; --order applies to the sequential solver",
        ));
    }
    Ok(())
}

/// The parallel part of the sweep `args` ask for in `style`: where this
/// process runs it (PEs, processes, pinning, grid, load balancing), its
/// command line `argv` (recorded in its checkpoints) and the checkpoint
/// `resume` it continues from.
pub(super) fn parallel<'a>(
    args: &RunDdmArgs,
    style: ParallelArg,
    argv: Vec<String>,
    resume: Option<&'a Checkpoint>,
    json: bool,
) -> Result<Parallel<'a>, CliError> {
    let pes = crate::launch::total_pes(args.pes, args.pes_per_process)?;
    let config = Config {
        pes,
        ..Config::default()
    };
    let (config, grid, lb) = match style {
        ParallelArg::Static => (config, None, None),
        _ => {
            let period = match args.lb_mode {
                crate::lb_args::LbMode::Sync => LbPeriod::Steps(1),
                periodic => periodic.period(args.lb_period)?,
            };
            let lb = crate::lb_args::lb_config(&args.lb, period, false, None)?;
            let config = crate::launch::distribute(config, args.pes, args.pes_per_process)?;
            let config = crate::launch::pinned(config, args.pin, args.pes_per_process);
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
            buddies: args.buddy_checkpoints.then(crate::launch::buddies),
            background: args.checkpoint_async,
        }),
        _ => None,
    };
    Ok(Parallel {
        style: style.into(),
        config,
        grid: GridSummary::of(grid.as_ref()),
        processes: crate::launch::rank_size().1,
        lb_name: args.lb.clone(),
        lb,
        pin: args.pin,
        warmup_ms: args.warmup_ms.unwrap_or(WARMUP_MS),
        app_lb: args.app_lb,
        live: LiveCut {
            every: args.app_lb_every as usize,
            threshold: args.app_lb_threshold,
        },
        fit_every: args.fit_every as usize,
        link: args.subcycle_dependency.link(),
        checkpoint,
        argv,
        resume,
        agree: crate::launch::from_root,
        on_mpi_ranks: &on_mpi_ranks,
    })
}

/// The sweep on raw MPI ranks, one segment each.
#[cfg(feature = "mpi")]
fn on_mpi_ranks(s: &StaticSweep<'_>) -> Result<Vec<Point>, SweepError> {
    crate::launch::with(|m| {
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
