//! `arts ampi list`, `arts ampi run`, `arts ampi bench` and `arts ampi
//! charmrun` (`ampirun`, Charm++'s options): MPI programs on
//! virtual processors (arts-ampi), with load balancing at `migrate()` like
//! `run jacobi2d`'s `--lb`, and the AMPI figures beside their baselines.

use std::path::PathBuf;
use std::sync::Arc;

use arts_ampi::{AmpiError, AmpiReport, RunOptions};
use arts_ampi_c::{CProgram, CRunOptions, LoadError};
use arts_apps::ampi::PROGRAMS;
use arts_apps::ampi::run::{
    AmpiRunReport, MAPS_PER_C_RANK, RunLabels, build_checked, check_program_args, check_stacks,
    is_c_program,
};
use arts_apps::ampi::run_flags::{AmpiCheckpointFlags, ProgramFlags};
use arts_core::Config;
use arts_experiments::ampi_bench::{Scale, run_bench};
use serde::Serialize;

use super::grid_flags::GridOpts;
use crate::args::output_file;
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
    #[command(flatten)]
    program_flags: ProgramFlags,
    #[command(flatten)]
    checkpoint: AmpiCheckpointFlags,
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
                // clap's message up to its usage lines, on one line.
                let text = e.to_string();
                let lines: Vec<&str> = text
                    .lines()
                    .take_while(|l| !l.starts_with("Usage:"))
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect();
                CliError::usage(lines.join(" ").trim_start_matches("error: ").to_string())
            })?;
            run_program(&parsed.args, out)
        }
    }
}

/// Refuses `arts ampi bench` under mpirun with several processes: its
/// figures and baselines are measured within one process, and each
/// process would measure them on its own.
fn one_process() -> CliResult {
    match crate::world::rank_size().1 {
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
        pes: crate::world::total_pes(args.pes, args.pes_per_process)?,
        trace: args.trace.is_some(),
        trace_options: trace_options(args, true),
        ..Config::default()
    };
    let runtime = crate::world::distribute(here, args.pes, args.pes_per_process)?;
    let runtime = crate::world::pinned(runtime, args.pin, args.pes_per_process);
    let (runtime, emulation) = args.grid.configure(runtime, json)?;
    let pes = runtime.pes;
    let stack_size = usize::try_from(args.stack_size)
        .ok()
        .filter(|&s| s <= 1 << 30)
        .ok_or_else(|| CliError::usage("--stack-size: at most 1G"))?;
    let lb = args.lb.config(false, None).map_err(CliError::usage)?;
    let checkpoints = args
        .checkpoint
        .checkpoints(&args.program, args.vp, &crate::world::job())?;
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
        let (process, processes) = crate::world::rank_size();
        let per = opts.pes / processes;
        let here = arts_ampi::ranks_on(opts.vp, opts.pes, process * per..(process + 1) * per);
        CProgram::open_ranks(path, opts.vp, here, program_args)
    }
    .map_err(|e| match e {
        LoadError::NotAProgram { .. } => CliError::usage(e),
        other => CliError::failed(other),
    })?;
    let libraries = program.shared_libraries();
    if !libraries.is_empty() && crate::world::rank_size().0 == 0 {
        eprintln!(
            "note: arts ampi run: {}: loaded once per process, so the ranks of a process \
             share its globals (only the program is copied per rank; link such a library as \
             an archive, libNAME.a, to give each rank its own)",
            libraries.join(", ")
        );
    }
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
    let params = args
        .program_flags
        .params(&args.checkpoint, crate::budget::budget())
        .map_err(to_cli)?;
    let built = build_checked(&args.program, &params, opts).map_err(to_cli)?;
    let bar = out.progress(1, &args.program);
    let report = arts_ampi::run(opts, built.program).map_err(to_cli)?;
    bar.finish_and_clear();
    Ok(report)
}
