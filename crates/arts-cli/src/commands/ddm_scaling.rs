//! `arts ddm scaling`: the paper's comparison of parallel styles and
//! balancing on this machine, as CSV and SVG charts (`docs/ddm.md`).

use std::path::PathBuf;
use std::sync::Arc;

use arts_apps::ddm::Style;
use arts_apps::ddm::sweep::read_device;
use arts_core::{Config, LbPeriod};
use arts_ddm::{ConstantSet, Mesh, SolverOptions};
use arts_experiments::ddm_study::c_program::CProgramFlags;
use arts_experiments::ddm_study::{self, Balancing, Host, Plan, ScalingJson};

use super::ddm_flags::PresetArg;
use crate::lb_args::LbMode;
use crate::output::{CliError, CliResult, Output, PendingDir, commit_files, run_counter};

/// Arguments of `arts ddm scaling`.
#[derive(clap::Args)]
pub struct ScalingArgs {
    /// Device file (TOML or JSON).
    #[arg(long, conflicts_with = "preset")]
    device: Option<PathBuf>,
    /// Built-in device (default apd-sam, the paper's).
    #[arg(long, value_enum)]
    preset: Option<PresetArg>,
    /// The bias point, V.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    bias: f64,
    /// PEs of every parallel run (default: one per core; under mpirun the
    /// total, if given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pes: Option<u32>,
    /// Under mpirun: PEs in each process (default 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pes_per_process: Option<u32>,
    /// Segment counts (virtual nodes; default P, 2P, 4P and 8P for P PEs,
    /// the paper's range).
    #[arg(long, value_delimiter = ',')]
    segments: Option<Vec<usize>>,
    /// Styles.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "distributed,centralized"
    )]
    styles: Vec<Style>,
    /// Balancings.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "none,app,paper-fit,live,system,both,paper-fit-system,live-system"
    )]
    balancing: Vec<Balancing>,
    /// The distributed slabs' sub-cycle dependencies, comma-separated, one
    /// sweep each (the paper's Figs. 19–20 compare off and on), as for
    /// `arts run ddm`: off (the relaxed order), on (the sequential order as
    /// a pipeline) or local (linked between slabs on the same PE, relaxed
    /// between PEs). The centralized style is always relaxed.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "off,on")]
    subcycle_dependency: Vec<arts_apps::ddm::choice::Dependency>,
    /// Iterations between two cost samples of the paper's fit
    /// (`--balancing paper-fit`; at least 6 samples needed).
    #[arg(long, default_value_t = arts_apps::ddm::paper_fit::DEFAULT_FIT_EVERY as u64, value_parser = clap::value_parser!(u64).range(1..))]
    fit_every: u64,
    /// The load balancer of system-level balancing.
    #[arg(long, default_value = "refine")]
    lb: String,
    /// When it balances: sync (every sync point of the slabs) or periodic
    /// (every 0.5 s, migrating slabs between entry methods, as the paper's
    /// periodic RefineCommLB; use with --lb refine-comm).
    #[arg(long, value_enum, default_value = "sync")]
    lb_mode: LbMode,
    /// Residual check (reduction) every K iterations, a divisor of 100.
    #[arg(long, default_value_t = 10)]
    check_every: usize,
    /// Convergence tolerance, V.
    #[arg(long, default_value_t = 1e-9)]
    tolerance: f64,
    /// Emulated relative speed of each PE, comma-separated (e.g. `1,0.5`: the
    /// second PE really takes twice as long per entry method, by busy work),
    /// to rerun the study on a heterogeneous machine.
    #[arg(long, value_delimiter = ',')]
    emulate_speeds: Option<Vec<f64>>,
    /// Keep CPU N busy with a competing thread during the parallel runs (the
    /// sequential solver is timed without it), PE p pinned to CPU p: the
    /// study on a machine with another tenant.
    #[arg(long)]
    background_load: Option<usize>,
    #[command(flatten)]
    c_program: CProgramFlags,
    /// Directory for `ddm_scaling.csv`, `ddm_time.svg`, `ddm_speedup.svg`,
    /// `ddm_iterations.svg` and `ddm_migrations.svg`.
    #[arg(long, value_parser = crate::args::output_dir)]
    out: Option<PathBuf>,
}

/// Runs `arts ddm scaling`.
pub fn run(args: &ScalingArgs, out: Output) -> CliResult {
    let preset = (args.preset).or(args.device.is_none().then_some(PresetArg::ApdSam));
    let device = read_device(args.device.as_deref(), preset.map(PresetArg::name))
        .map_err(super::ddm::sweep_error)?;
    let constants = device.constants.unwrap_or(ConstantSet::Codata).constants();
    let mesh = Mesh::new(&device, constants).map_err(CliError::usage)?;
    let opts = SolverOptions {
        tolerance_v: args.tolerance,
        check_every: args.check_every,
        instrument_every: 200,
        ..SolverOptions::default()
    };
    let strategy = crate::lb_args::strategy(&args.lb)?;
    let config = Config {
        pes: args.pes.unwrap_or_else(crate::args::default_pes),
        emulated_speeds: (args.emulate_speeds.as_ref())
            .map(|s| arts_core::EmulatedSpeeds(s.as_slice().into())),
        ..Config::default()
    };
    let config = crate::world::distribute(config, args.pes, args.pes_per_process)?;
    let p = config.pes as usize;
    let processes = crate::world::rank_size().1;
    let scratch = tempfile::tempdir().map_err(|e| CliError::failed(format!("scratch dir: {e}")))?;
    let (c_program, c_note) = (args.c_program).plan(
        args.device.as_deref(),
        preset.map_or("", PresetArg::name),
        scratch.path(),
        processes,
        &args.lb,
    )?;
    let mut links: Vec<_> = args.subcycle_dependency.iter().map(|d| d.link()).collect();
    links.dedup();
    let plan = Plan {
        mesh: Arc::new(mesh),
        biased: device.biased,
        bias_v: args.bias,
        config,
        segments: (args.segments.clone()).unwrap_or_else(|| vec![p, 2 * p, 4 * p, 8 * p]),
        styles: args.styles.clone(),
        balancing: args.balancing.clone(),
        links,
        layer_names: device.layers.iter().map(|l| l.name.clone()).collect(),
        fit_every: args.fit_every as usize,
        strategy,
        lb_period: match args.lb_mode {
            LbMode::Sync => LbPeriod::Steps(1),
            LbMode::Periodic => LbPeriod::Periodic(arts_core::lb_manager::DEFAULT_PERIODIC_S),
        },
        background_cpu: args.background_load,
        agree: crate::world::from_root,
        opts,
        c_program,
    };
    plan.check().map_err(CliError::usage)?;
    plan.opts
        .validate(plan.mesh.rows)
        .map_err(CliError::usage)?;
    let bar = out.progress(plan.run_count() as u64, "ddm scaling");
    let mut result = ddm_study::run(&plan, &mut run_counter(&bar)).map_err(CliError::failed)?;
    result.notes.splice(0..0, c_note);
    bar.finish_and_clear();
    let pes = plan.config.pes;
    let mut files = Vec::new();
    if let Some(dir) = args.out.as_ref().filter(|_| crate::world::is_root()) {
        let pending = PendingDir::create(dir)?;
        let written = ddm_study::files(&result, pes).map_err(CliError::failed)?;
        files = commit_files(pending, dir, written)?;
    }
    let host = Host {
        processes,
        cores: crate::args::default_pes(),
        oversubscribed: crate::world::oversubscribed(pes, processes),
    };
    let json = ScalingJson::new(&device.name, &plan, &result, host, files);
    out.emit(&json, || json.table())
}
