//! `arts ampi list`, `arts ampi run`, `arts ampi bench` and `arts ampi
//! charmrun` (`ampirun`, Charm++'s options): MPI programs on
//! virtual processors (arts-ampi), with load balancing at `migrate()` like
//! `run jacobi2d`'s `--lb`, and the AMPI figures beside their baselines.

use std::path::PathBuf;
use std::sync::Arc;

use arts_ampi::checkpoint::{self, Checkpoints, MemStore};
use arts_ampi::{AmpiError, AmpiReport, RunOptions};
use arts_ampi_c::{CProgram, CRunOptions, LoadError};
use arts_apps::ampi::run::{
    AmpiRunReport, MAPS_PER_C_RANK, RunLabels, build_checked, check_checkpoints,
    check_program_args, check_stacks, checkpoint_name, is_c_program,
};
use arts_apps::ampi::{PROGRAMS, Params};
use arts_core::Config;
use arts_experiments::ampi_bench::{Scale, run_bench};
use serde::Serialize;

use super::grid_flags::GridOpts;
use crate::args::{finite_f64, output_dir, output_file};
use crate::budget::parse_size;
use crate::lb_args::LbArgs;
use crate::output::{CliError, CliResult, Output, PendingFile};
use arts_grid::report::GridSummary;
use arts_trace::limits::TraceLimits;

/// Subcommands of `arts ampi`.
#[derive(clap::Subcommand)]
pub enum AmpiCommand {
    /// List the programs, one line each.
    List,
    /// Run a program on --vp ranks (virtual processors) over --pes PEs.
    Run(Box<AmpiRunArgs>),
    /// Measure the AMPI figures (context switch, latency, VPs per PE, LB,
    /// overlapped collectives, memory, bt-mz), each beside its baseline.
    Bench(AmpiBenchArgs),
    /// AMPI's launcher (what the `ampirun` script runs): Charm++'s options
    /// around the program, run as `arts ampi run`, e.g. `+p2 ./prog.so
    /// +vp8 +balancer GreedyLB +LBPeriod 1 -- args` or `-np 2 ./prog.so +vp 8`.
    Charmrun {
        /// The program, Charm++'s `+` options (before or after it) and its arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
}

/// `arts ampi run`'s arguments alone, as `charmrun` builds them.
#[derive(clap::Parser)]
struct RunOnly {
    #[command(flatten)]
    args: AmpiRunArgs,
}

impl AmpiCommand {
    /// Whether the command needs arts at the same address in every process
    /// (`run --isomalloc`): then `main` turns address-space randomization
    /// off before MPI starts (`arts_ampi::iso::layout::fix_addresses`).
    pub fn needs_fixed_addresses(&self) -> bool {
        matches!(self, AmpiCommand::Run(args) if args.isomalloc)
    }
}

/// Arguments of `arts ampi bench`.
#[derive(clap::Args)]
pub struct AmpiBenchArgs {
    /// Small sizes that run in seconds (not the figures).
    #[arg(long)]
    quick: bool,
}

/// Arguments of `arts ampi run`.
#[derive(clap::Args)]
pub struct AmpiRunArgs {
    /// The program (see `arts ampi list`), or a C MPI program built with
    /// `arts-mpicc` (a path: `./prog.so`); its arguments follow `--`.
    program: String,
    /// Arguments of a C program (`argv[1..]` of its `main`), after `--`.
    #[arg(last = true)]
    program_args: Vec<String>,
    /// Number of MPI ranks (virtual processors); need not be a multiple of --pes.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    vp: u32,
    /// Number of PEs (worker threads); default: one per core.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pes: Option<u32>,
    #[command(flatten)]
    grid: GridOpts,
    /// Under mpirun: PEs in each process (default 1); the ranks are spread
    /// over every process's PEs and move only within their process (with
    /// --isomalloc, between processes too).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pes_per_process: Option<u32>,
    /// Pin each PE thread to a CPU of its own (as Charm++'s +setcpuaffinity;
    /// under mpirun, processes of one host take consecutive CPUs).
    #[arg(long)]
    pin: bool,
    /// A C program: prefix every line a rank writes with `[1,RANK]<stdout>:`
    /// or `[1,RANK]<stderr>:`, as Open MPI's `mpirun --tag-output`
    /// (`ampirun` also takes `-tag-output`).
    #[arg(long)]
    tag_output: bool,
    /// Stack size of each rank (e.g. 256K, 1M).
    #[arg(long, default_value = "256K", value_parser = parse_size)]
    stack_size: u64,
    /// Put each rank's stack, MPI state and heap in an isomalloc slot (the
    /// same addresses in every process), so that ranks migrate between
    /// processes too; a C program (./prog.so) is copied into each rank's
    /// slot, its malloc served from there. Turns address-space
    /// randomization off (arts re-executes itself).
    #[arg(long)]
    isomalloc: bool,
    #[command(flatten)]
    lb: LbArgs,
    /// Write a Chrome trace-event JSON file of the ranks' entry methods
    /// (`start`, `data`, `wake`) on every PE (under mpirun: process 0's PEs).
    #[arg(long, value_parser = output_file)]
    trace: Option<PathBuf>,
    #[command(flatten)]
    trace_limits: TraceLimits,
    /// Grid side (stencil3d: N^3 points).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    size: u64,
    /// Iterations (stencil3d sweeps, default 10; ping-pong round trips, default 1000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    iters: Option<u32>,
    /// Time factor of the heavy ranks' sweeps (the first --heavy-fraction) in stencil3d; 1 = balanced.
    #[arg(long, default_value = "1", value_parser = finite_f64)]
    imbalance: f64,
    /// Call migrate() every N iterations (0: never).
    #[arg(long, default_value_t = 0)]
    migrate_every: u32,
    /// Ping-pong message size in bytes.
    #[arg(long, default_value = "8", value_parser = parse_size)]
    bytes: u64,
    /// Fraction of the ranks (the first ones) that are heavy in stencil3d.
    #[arg(long, default_value = "0.25", value_parser = finite_f64)]
    heavy_fraction: f64,
    /// Zones per side in bt-mz (zones^2 zones; --size is the smallest zone's side).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    zones: u32,
    /// stencil3d: call checkpoint() every N iterations (saves each rank's
    /// grid into --checkpoint-dir).
    #[arg(long, default_value_t = 0, requires = "checkpoint_dir")]
    checkpoint_every: u32,
    /// Where checkpoint() writes: `DIR/ckpt-<step>` and `DIR/latest`; and
    /// the store, local to each node, where mem_checkpoint() keeps every
    /// process's copy (`DIR/hold-<node>.p<process>`).
    #[arg(long, value_parser = output_dir)]
    checkpoint_dir: Option<PathBuf>,
    /// stencil3d: call mem_checkpoint() instead of checkpoint(): every
    /// process keeps the checkpoint in its hold of --checkpoint-dir, a
    /// store local to each node (e.g. /dev/shm/job).
    #[arg(long, requires = "checkpoint_every")]
    mem_checkpoints: bool,
    /// stencil3d: call checkpoint_ranks() instead of checkpoint(): every
    /// rank saved whole (stack, heap, MPI state; needs --isomalloc), and a
    /// run restarted from it (--restart, same build of arts) continues from
    /// that call. With --mem-checkpoints, mem_checkpoint_ranks(): the
    /// ranks kept whole in the node-local store, each process's share in
    /// its hold and a copy in its buddy's.
    #[arg(long, requires = "checkpoint_every")]
    whole_checkpoints: bool,
    /// Checkpoints to keep in --checkpoint-dir.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    keep: u64,
    /// Continue from a checkpoint of the same program on as many ranks
    /// (`DIR/ckpt-<step>`, a root whose `latest` names one, or a store of
    /// mem_checkpoint() copies), on any number of PEs and processes.
    #[arg(long)]
    restart: Option<PathBuf>,
}

/// One line of `arts ampi list --json`.
#[derive(Serialize)]
struct ProgramLine {
    name: &'static str,
    about: &'static str,
}

/// Runs `arts ampi ...`.
pub fn run(command: AmpiCommand, out: Output) -> CliResult {
    match command {
        AmpiCommand::List => {
            let lines: Vec<ProgramLine> = PROGRAMS
                .iter()
                .map(|p| ProgramLine {
                    name: p.name,
                    about: p.about,
                })
                .collect();
            out.emit(&serde_json::json!({ "programs": lines }), || {
                lines
                    .iter()
                    .map(|l| format!("{:<10} {}\n", l.name, l.about))
                    .collect()
            })
        }
        AmpiCommand::Run(args) => run_program(&args, out),
        AmpiCommand::Bench(args) => one_process().and_then(|()| bench(&args, out)),
        AmpiCommand::Charmrun { args } => {
            let run = arts_ampi::charmrun::translate(&args).map_err(CliError::usage)?;
            let argv = std::iter::once("ampirun".to_string()).chain(run);
            let parsed = <RunOnly as clap::Parser>::try_parse_from(argv).map_err(|e| {
                let text = e.to_string();
                let first = text.lines().next().unwrap_or_default();
                CliError::usage(first.trim_start_matches("error: ").to_string())
            })?;
            run_program(&parsed.args, out)
        }
    }
}

/// Refuses `arts ampi bench` under mpirun with several processes: its
/// figures and baselines are measured within one process, and each
/// process would measure them on its own.
fn one_process() -> CliResult {
    match crate::launch::rank_size().1 {
        1 => Ok(()),
        n => Err(CliError::usage(format!(
            "arts ampi bench measures within one process, and under mpirun each of the {n} \
             processes would measure on its own: run it without mpirun; across processes, \
             run `arts ampi run pingpong --vp 2` under mpirun beside `arts bench mpi`"
        ))),
    }
}

fn bench(args: &AmpiBenchArgs, out: Output) -> CliResult {
    let scale = if args.quick {
        Scale::Quick
    } else {
        Scale::Full
    };
    let bar = out.progress(7, "ampi bench");
    let report = run_bench(scale, &mut |section| {
        bar.set_message(section.to_string());
        bar.inc(1);
    })
    .map_err(to_cli)?;
    bar.finish_and_clear();
    out.emit(&report, || report.table())
}

fn to_cli(e: AmpiError) -> CliError {
    match e {
        AmpiError::Usage(m) => CliError::usage(m),
        other => CliError::failed(other),
    }
}

/// The run `args` ask for, and the grid it emulates (printed unless `json`).
fn options(args: &AmpiRunArgs, json: bool) -> Result<(RunOptions, GridSummary), CliError> {
    let here = Config {
        pes: crate::launch::total_pes(args.pes, args.pes_per_process)?,
        trace: args.trace.is_some(),
        trace_options: trace_options(args, true),
        ..Config::default()
    };
    let runtime = crate::launch::distribute(here, args.pes, args.pes_per_process)?;
    let runtime = crate::launch::pinned(runtime, args.pin, args.pes_per_process);
    let (runtime, emulation) = args.grid.configure(runtime, json)?;
    let pes = runtime.pes;
    let stack_size = usize::try_from(args.stack_size)
        .ok()
        .filter(|&s| s <= 1 << 30)
        .ok_or_else(|| CliError::usage("--stack-size: at most 1G"))?;
    let lb = args.lb.config(false, None).map_err(CliError::usage)?;
    check_checkpoints(&args.program, args.checkpoint_every, args.restart.is_some())
        .map_err(to_cli)?;
    let mut checkpoint_dir = args.checkpoint_dir.clone();
    let restored = match &args.restart {
        Some(dir) => {
            // Collective under mpirun: the processes agree on one checkpoint.
            let c = crate::launch::open_checkpoint(dir).map_err(CliError::usage)?;
            let restored =
                checkpoint::read(&c, &checkpoint_name(&args.program), args.vp).map_err(to_cli)?;
            // Ranks saved whole go on with their own options, checkpoints
            // included: into the root they came from unless told otherwise.
            if restored.whole.is_some() && checkpoint_dir.is_none() {
                checkpoint_dir = c.dir.parent().map(PathBuf::from);
            }
            Some(restored)
        }
        None => None,
    };
    if let Some(dir) = checkpoint_dir.take() {
        // One job per directory (collective under mpirun).
        let job = crate::launch::job();
        let dir = arts_apps::run::checkpoints::claim_dir(dir, &job)?;
        checkpoint_dir = Some(dir);
    }
    let memory = checkpoint_dir.as_ref().map(|dir| {
        // Collective under mpirun: every process's node is shared.
        let buddies = crate::launch::buddies();
        MemStore {
            dir: dir.clone(),
            node: buddies.node,
            process: crate::launch::rank_size().0,
            buddy: buddies.buddy,
            ward: buddies.ward,
        }
    });
    // A C program may name its own directory (AMPI_Checkpoint(dname)).
    let c_program = is_c_program(&args.program);
    let checkpoints = (checkpoint_dir.is_some() || restored.is_some() || c_program).then(|| {
        Arc::new(Checkpoints {
            dir: checkpoint_dir,
            keep: args.keep as usize,
            program: checkpoint_name(&args.program),
            restored,
            memory,
        })
    });
    let opts = RunOptions {
        vp: args.vp,
        pes,
        stack_size,
        lb,
        checkpoints,
        isomalloc: args.isomalloc,
        runtime,
    };
    arts_ampi::check(&opts).map_err(to_cli)?;
    let grid = GridSummary::of(emulation.as_ref());
    Ok((opts, grid))
}

/// `arts ampi run ./prog.so`: one private copy of the program per rank.
fn run_c_program(
    args: &AmpiRunArgs,
    opts: RunOptions,
    out: &Output,
) -> Result<AmpiReport, CliError> {
    let stacks = check_stacks(&opts, &crate::budget::budget(), MAPS_PER_C_RANK).map_err(to_cli)?;
    let path = std::path::Path::new(&args.program);
    let heap_limit = arts_ampi_c::HeapLimit::for_run(&crate::budget::budget(), &opts, stacks, path)
        .map_err(CliError::usage)?;
    let program_args = args.program_args.clone();
    let program = if opts.isomalloc {
        // Every rank copies the program into its slot; any may run here.
        CProgram::open_in_slots(path, opts.vp, program_args)
    } else {
        // Under mpirun each process opens copies for its own ranks only.
        let (process, processes) = crate::launch::rank_size();
        let per = opts.pes / processes;
        let here = arts_ampi::ranks_on(opts.vp, opts.pes, process * per..(process + 1) * per);
        CProgram::open_ranks(path, opts.vp, here, program_args)
    }
    .map_err(|e| match e {
        LoadError::NotAProgram { .. } => CliError::usage(e),
        other => CliError::failed(other),
    })?;
    let c = CRunOptions {
        program_stdout_to_stderr: out.json,
        tag_output: args.tag_output,
        heap_limit,
    };
    arts_ampi_c::run(&opts, Arc::new(program), &c).map_err(to_cli)
}

/// The trace's options; a window's steps are load-balancing steps (an
/// AMPI program's iterations are its own).
fn trace_options(args: &AmpiRunArgs, probe: bool) -> arts_trace::TraceOptions {
    super::trace::run_options(&args.trace_limits, probe && args.trace.is_some())
        .counting(arts_trace::window::StepClock::Lb)
}

fn run_program(args: &AmpiRunArgs, out: Output) -> CliResult {
    let (opts, grid) = options(args, out.json)?;
    check_program_args(&args.program, &args.program_args).map_err(to_cli)?;
    let trace = args.trace.as_deref().map(PendingFile::create).transpose()?;
    let report = if is_c_program(&args.program) {
        run_c_program(args, opts.clone(), &out)?
    } else {
        run_builtin(args, &opts, &out)?
    };
    let per_process = args.trace_limits.trace_per_process;
    let path = (args.trace.as_deref())
        .and_then(|p| arts_core::trace_file::trace_path(p, &report.runtime, per_process));
    if let (Some(mut file), Some(path)) = (trace, path) {
        if Some(&path) != args.trace.as_ref() {
            // This process's own file, beside the one opened before the run.
            file = PendingFile::create(&path)?;
        }
        let options = trace_options(args, false);
        arts_core::trace_file::write_trace(
            file.writer(),
            &report.runtime,
            report.pes,
            &options,
            per_process,
        )
        .map_err(|e| CliError::failed(format!("cannot write trace: {e}")))?;
        file.commit()?;
    }
    let labels = RunLabels {
        program: args.program.clone(),
        pinned: args.pin,
        lb: args.lb.lb.clone(),
        trace: args.trace.as_ref().map(|p| p.display().to_string()),
        grid,
    };
    let r = AmpiRunReport::new(labels, &opts, &report);
    out.emit(&r, || r.table())?;
    if let Some(m) = r.failure() {
        return Err(CliError::failed(m));
    }
    match r.exit_rank {
        Some(rank) => Err(CliError::Exited(
            r.exit_code,
            format!(
                "rank {rank} exited with code {} (the run's exit code is the largest of its \
                 ranks', as under mpirun)",
                r.exit_code
            ),
        )),
        None => Ok(()),
    }
}

fn run_builtin(
    args: &AmpiRunArgs,
    opts: &RunOptions,
    out: &Output,
) -> Result<AmpiReport, CliError> {
    let params = Params {
        size: args.size as usize,
        iters: args.iters,
        imbalance: args.imbalance,
        migrate_every: args.migrate_every,
        bytes: usize::try_from(args.bytes).map_err(|_| CliError::usage("--bytes: too large"))?,
        heavy_fraction: args.heavy_fraction,
        zones: args.zones,
        checkpoint_every: args.checkpoint_every,
        mem_checkpoint: args.mem_checkpoints,
        whole_checkpoint: args.whole_checkpoints,
        memory: crate::budget::budget(),
    };
    let built = build_checked(&args.program, &params, opts).map_err(to_cli)?;
    let bar = out.progress(1, &args.program);
    let report = arts_ampi::run(opts, built.program).map_err(to_cli)?;
    bar.finish_and_clear();
    Ok(report)
}
