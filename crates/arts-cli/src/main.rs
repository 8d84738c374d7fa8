//! `arts`: the one binary of the arts runtime. Every subcommand takes `--json`
//! for one machine-readable JSON object on stdout; humans get a short table.
//! Bad input exits with code 2 and one error line; a failed run with code 1.

mod args;
mod budget;
mod commands;
mod lb_args;
mod output;
mod signals;
mod usage;
mod world;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use commands::{
    ampi, ampi_vs_mpi, core, ddm, ddm_mpi, ddm_scaling, dispatch, fracture_fem, grid, imbalance,
    launch, lb, leanmd_grid, ljs_profile, md, mpi, pdes, predict, reproduce, restart, scaling,
    topology, trace,
};
use output::{CliResult, Output};

/// Serves the allocations of AMPI ranks from their isomalloc slots
/// (`arts ampi run --isomalloc`), and counts heap allocations when a
/// benchmark asks (`arts bench dispatch`: `allocations_per_task`).
/// Otherwise it costs a thread-local read per allocation, a range check per
/// free and a relaxed load.
#[global_allocator]
static ALLOC: arts_ampi::iso::IsoAlloc<arts_dispatch::alloc_count::CountingAlloc> =
    arts_ampi::iso::IsoAlloc::new(arts_dispatch::alloc_count::CountingAlloc);

/// arts: an adaptive runtime system for parallel scientific simulation.
///
/// Exit codes: 0 success; 2 bad input (one `error:` line, nothing written);
/// 1 a run that failed after its input was accepted (e.g. a solver that did
/// not converge, a result that differs from the sequential reference).
#[derive(Parser)]
#[command(name = "arts", version, about, long_about, propagate_version = true)]
struct Cli {
    /// Print one JSON object on stdout instead of a table.
    #[arg(long, global = true)]
    json: bool,
    /// The most memory a run may use (e.g. 8G, 512M); runs estimated to
    /// need more are refused before they start. Default: the memory
    /// available now.
    #[arg(long, global = true, value_parser = budget::parse_size)]
    max_memory: Option<u64>,
    /// Under mpirun: end the job (exit 1), naming the process, when a
    /// process has not answered for this many seconds.
    #[arg(long, global = true, default_value = "60", value_parser = budget::parse_seconds)]
    heartbeat: std::time::Duration,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run an application.
    Run {
        #[command(subcommand)]
        app: App,
    },
    /// Run a benchmark suite (ratios against a baseline measured in the same run).
    Bench {
        #[command(subcommand)]
        suite: Suite,
    },
    /// Parallel discrete event simulation: PHOLD and the torus network model.
    Pdes {
        #[command(subcommand)]
        command: pdes::PdesCommand,
    },
    /// Load-balancing tools: replay dumped LB steps, generate synthetic inputs.
    Lb {
        #[command(subcommand)]
        command: lb::LbCommand,
    },
    /// Drift-diffusion tools: application-level partitioning of cost profiles.
    Ddm {
        #[command(subcommand)]
        command: ddm::DdmCommand,
    },
    /// Trace tools: summarize or view a Chrome trace written by `--trace`.
    Trace {
        #[command(subcommand)]
        command: trace::TraceCommand,
    },
    /// Grid experiments on an emulated grid: latency sweep, heterogeneity, LB cost.
    Grid {
        #[command(subcommand)]
        command: grid::GridCommand,
    },
    /// Grid topology tools: probe the latency between PEs, check a topology file.
    Topology {
        #[command(subcommand)]
        command: topology::TopologyCommand,
    },
    /// Adaptive MPI: MPI programs on migratable virtual processors.
    Ampi {
        #[command(subcommand)]
        command: ampi::AmpiCommand,
    },
    /// Every figure and table of the five papers: list them, run them, the
    /// paper's numbers beside ours with a verdict each.
    Reproduce {
        #[command(subcommand)]
        command: reproduce::ReproduceCommand,
    },
    /// The papers' experiments, each writing CSV and SVG plots.
    Experiment {
        #[command(subcommand)]
        command: Experiment,
    },
    /// Predict a recorded run (`--record`) on another machine, or extrapolate
    /// it to a Blue Gene/L torus of up to 65,536 PEs.
    Predict(predict::PredictArgs),
    /// Continue a checkpointed run (`run jacobi2d --checkpoint-every N
    /// --checkpoint-dir DIR`) from DIR, on any number of PEs.
    Restart(restart::RestartArgs),
    /// Run a checkpointing job under mpirun and start it again on fewer
    /// processes, from its newest checkpoint, when one of them fails.
    Launch(launch::LaunchArgs),
}

#[derive(Subcommand)]
enum Experiment {
    /// The drift-diffusion study: styles × segments × balancing, run time and
    /// speed-up (the same as `arts ddm scaling`).
    DdmScaling(Box<ddm_scaling::ScalingArgs>),
    /// The drift-diffusion paper's MPI program in C on Open MPI, MPICH and
    /// arts' AMPI beside the Rust `--parallel static` solver, and its Fig. 11
    /// (MPI_Pack against a derived datatype).
    DdmMpi(ddm_mpi::DdmMpiArgs),
    /// The AMPI paper's comparisons with native MPI in C: Figs 7-8
    /// (ping-pong over sizes), Tables 1-3 (3-D stencil), Fig. 12
    /// (checkpoint of FT- and LU-like kernels) on Open MPI, MPICH and AMPI.
    AmpiVsMpi {
        #[command(subcommand)]
        command: arts_experiments::ampi_vs_mpi::flags::Study,
    },
    /// The grid thesis' LeanMD case study (ch. 8, Fig. 8.1): LeanMD over two
    /// clusters, mean step time against cross-cluster latency (multiples of
    /// the no-latency step), one line per balancer.
    LeanmdGrid(leanmd_grid::LeanmdGridArgs),
    /// The PDES paper's LJS phase profiles (sec. 3.2.4-3.2.6) on a recorded
    /// LeanMD run: messages (count, bytes) and time per phase of a step.
    LjsProfile(arts_experiments::ljs_profile::flags::LjsProfileFlags),
    /// The fracture FEM program (examples/fracture-fem) under AMPI: per-PE
    /// utilization without and with balancing (AMPI paper Figs 15-16) and
    /// mean step time against cross-cluster latency per balancer (the grid
    /// thesis' §8.3, scaled down).
    FractureFem(fracture_fem::FractureFemArgs),
    /// The scaling campaign (issue 57): every study against its baseline
    /// at several PE counts, sized to a time budget; rows.csv, SVG charts
    /// and summary.json (docs/scaling.md).
    Scaling(scaling::ScalingArgs),
}

#[derive(Subcommand)]
enum App {
    /// Jacobi2D five-point stencil on a grid of migratable objects.
    Jacobi2d(core::Jacobi2dArgs),
    /// 3-D heat equation (explicit Euler, 7-point stencil) on H-Dispatch or a baseline.
    Heat3d(dispatch::Heat3dArgs),
    /// Drift-diffusion device simulation (Gummel iteration) over a bias sweep;
    /// a bias point that does not converge fails the run (exit code 1).
    Ddm(ddm::RunDdmArgs),
    /// Multi-zone stencil with zones of very different sizes (NAS BT-MZ style).
    Zones(imbalance::ZonesArgs),
    /// Jacobi-like grid with a moving region of rising cost.
    Hotspot(imbalance::HotspotArgs),
    /// Lennard-Jones molecular dynamics on cells and cell-pair objects (LeanMD).
    Leanmd(md::LeanmdArgs),
    /// 3-D domain with a moving crack front of rising cost (Fractography3D's role).
    Fracture(md::FractureArgs),
    /// Migration stress: random messages while elements migrate; checks exactly-once delivery.
    Storm(imbalance::StormArgs),
    /// Static-partition MPI baseline of Jacobi2D (under mpirun).
    #[command(name = "jacobi2d-mpi")]
    Jacobi2dMpi(mpi::Jacobi2dMpiArgs),
    /// Static-partition MPI baseline of zones (under mpirun).
    #[command(name = "zones-mpi")]
    ZonesMpi(mpi::ZonesMpiArgs),
    /// `arts ampi run stencil3d` written on raw MPI, one block per rank (under mpirun).
    #[command(name = "stencil3d-mpi")]
    Stencil3dMpi(mpi::Stencil3dMpiArgs),
    /// The H-Dispatch paper's MPI heat solver: `run heat3d` as slabs of
    /// z-planes with ghost planes, one per process (under mpirun).
    #[command(name = "heat3d-mpi")]
    Heat3dMpi(mpi::Heat3dMpiArgs),
}

#[derive(Subcommand)]
enum Suite {
    /// Core runtime micro-benchmarks: messaging latency, reductions, Jacobi2D overheads.
    Core(core::BenchCoreArgs),
    /// H-Dispatch studies: efficiency, rayon comparison, dispatch overhead, interference.
    Dispatch(dispatch::BenchDispatchArgs),
    /// PDES engine benchmarks.
    Pdes(arts_experiments::pdes_bench_flags::BenchFlags),
    /// arts against raw MPI and static-partition MPI baselines (under mpirun -np 2).
    Mpi(mpi::BenchMpiArgs),
}

fn run(cli: Cli) -> CliResult {
    let out = Output { json: cli.json };
    out.install_step_progress();
    match cli.command {
        Command::Run { app } => match app {
            App::Jacobi2d(args) => core::run_jacobi2d(&args, out),
            App::Heat3d(args) => dispatch::run_heat3d(&args, out),
            App::Ddm(args) => ddm::run_ddm(&args, out),
            App::Zones(args) => imbalance::run_zones(&args, out),
            App::Hotspot(args) => imbalance::run_hotspot(&args, out),
            App::Storm(args) => imbalance::run_storm(&args, out),
            App::Leanmd(args) => md::run_leanmd(&args, out),
            App::Fracture(args) => md::run_fracture(&args, out),
            App::Jacobi2dMpi(args) => mpi::run_jacobi2d_mpi(&args, out),
            App::ZonesMpi(args) => mpi::run_zones_mpi(&args, out),
            App::Stencil3dMpi(args) => mpi::run_stencil3d_mpi(&args, out),
            App::Heat3dMpi(args) => mpi::run_heat3d_mpi(&args, out),
        },
        Command::Bench { suite } => match suite {
            Suite::Core(args) => core::bench_core(&args, out),
            Suite::Dispatch(args) => dispatch::bench_dispatch(&args, out),
            Suite::Pdes(args) => pdes::bench_pdes(&args, out),
            Suite::Mpi(args) => mpi::bench_mpi(&args, out),
        },
        Command::Pdes { command } => pdes::run(command, out),
        Command::Lb { command } => lb::run(command, out),
        Command::Ddm { command } => ddm::run(command, out),
        Command::Trace { command } => trace::run(command, out),
        Command::Predict(args) => predict::run(args, out),
        Command::Experiment { command } => match command {
            Experiment::DdmScaling(args) => ddm_scaling::run(&args, out),
            Experiment::DdmMpi(args) => ddm_mpi::run(&args, out),
            Experiment::AmpiVsMpi { command } => ampi_vs_mpi::run(&command, out),
            Experiment::LeanmdGrid(args) => leanmd_grid::run(&args, out),
            Experiment::LjsProfile(args) => ljs_profile::run(&args, out),
            Experiment::FractureFem(args) => fracture_fem::run(&args, out),
            Experiment::Scaling(args) => scaling::run(&args, out),
        },
        Command::Reproduce { command } => reproduce::run(command, out),
        Command::Grid { command } => grid::run(command, out),
        Command::Topology { command } => topology::run(command, out),
        Command::Ampi { command } => ampi::run(command, out),
        Command::Restart(args) => restart::run_restart(&args, out),
        Command::Launch(args) => launch::run_launch(&args, out),
    }
}

/// Parses the command line; usage errors become one `error:` line (exit 2).
fn parse() -> Cli {
    let command = usage::accept_negative_numbers(Cli::command());
    let parsed = command
        .try_get_matches()
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m));
    match parsed {
        Ok(cli) => cli,
        Err(err) => match usage::one_line(&err) {
            Some(line) => {
                eprintln!("{line}");
                std::process::exit(2);
            }
            None => err.exit(),
        },
    }
}

/// The arguments of `arts run ddm` in the command line `argv` (without
/// the program name), as a restart re-reads them from a checkpoint.
pub(crate) fn parse_run_ddm(argv: &[String]) -> Result<ddm::RunDdmArgs, String> {
    let cli = Cli::try_parse_from(std::iter::once("arts").chain(argv.iter().map(|s| s.as_str())))
        .map_err(|e| e.kind().to_string())?;
    match cli.command {
        Command::Run {
            app: App::Ddm(args),
        } => Ok(args),
        _ => Err("not an `arts run ddm` command line".into()),
    }
}

/// Whether `argv` (without the program name) is a command line `arts`
/// accepts; the reason when not.
#[cfg(test)]
pub(crate) fn parses(argv: &[String]) -> Result<(), String> {
    Cli::try_parse_from(std::iter::once("arts").chain(argv.iter().map(|s| s.as_str())))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn main() {
    arts_core::quiet_pe_panics();
    signals::install();
    let cli = parse();
    if let Command::Ampi { command } = &cli.command
        && command.needs_fixed_addresses()
    {
        // Re-executes arts (before MPI starts) unless randomization is off
        // already; if it stays on, the run refuses to move ranks between
        // processes, naming this.
        let _ = arts_ampi::iso::layout::fix_addresses();
    }
    budget::set_max_memory(cli.max_memory);
    let result = world::init(cli.heartbeat).and_then(|()| run(cli));
    // Printed before MPI is finalized, which no process leaves before all
    // entered it: a process that fails without printing cannot exit, and
    // have mpirun kill the job, before the first one has said why.
    if let Err(err) = &result
        && world::is_root()
    {
        eprintln!("error: {err}");
    }
    world::finish();
    if let Err(err) = result {
        std::process::exit(err.exit_code());
    }
}
