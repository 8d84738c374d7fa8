//! `arts ampi list`, `arts ampi run` and `arts ampi bench`: MPI programs on
//! virtual processors (arts-ampi), with load balancing at `migrate()` like
//! `run jacobi2d`'s `--lb`, and the AMPI figures beside their baselines.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use arts_ampi::checkpoint::{self, Checkpoints, MemStore};
use arts_ampi::{AmpiError, AmpiReport, RunOptions};
use arts_ampi_c::{CProgram, CRunOptions, LoadError};
use arts_apps::ampi::{self, PROGRAMS, Params};
use arts_apps::report::LbStepSummary;
use arts_core::Config;
use arts_experiments::ampi_bench::{BenchReport, Scale, run_bench};
use arts_util::stats::median;
use serde::Serialize;

use super::grid_flags::{GridOpts, GridReport, GridSummary};
use crate::args::{finite_f64, output_dir, output_file};
use crate::budget::parse_size;
use crate::lb_args::LbArgs;
use crate::output::{CliError, CliResult, Output, PendingFile};

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

/// The result of `arts ampi run` (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
struct AmpiRunReport {
    program: String,
    ranks: u32,
    pes: u32,
    stack_size: u64,
    /// Each PE thread on a CPU of its own (`--pin`).
    pinned: bool,
    valid: Option<bool>,
    max_abs_diff: Option<f64>,
    latency_us: Option<f64>,
    bandwidth_mb_s: Option<f64>,
    step_times_s: Vec<f64>,
    step_time_median_s: Option<f64>,
    /// The mean of the last even number of steps, at most half of them
    /// (`AmpiReport::steady_step_time_s`): steadier than the median when
    /// a rank runs a step ahead and its steps alternate long and short.
    step_time_steady_s: Option<f64>,
    total_time_s: f64,
    lb: String,
    lb_steps: usize,
    migrations: u64,
    migrated_bytes: u64,
    rank_moves: u64,
    lb_history: Vec<LbStepSummary>,
    utilization: Vec<f64>,
    values: BTreeMap<String, Vec<f64>>,
    /// Where checkpoint() wrote (`null`: nowhere).
    checkpoint_dir: Option<String>,
    /// The step the run continued from (`null`: not a restart).
    resumed_from_step: Option<u64>,
    /// Where the trace was written (`null`: no --trace).
    trace: Option<String>,
    /// The emulated grid (`topology`, `grid_priority`, `border_objects`,
    /// `grid_dispatches`), as every object-runtime app reports it.
    #[serde(flatten)]
    grid: GridReport,
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
    out.emit(&report, || bench_table(&report))
}

fn bench_table(r: &BenchReport) -> String {
    let mut t = String::new();
    let mut section = "";
    for f in &r.figures {
        if f.section != section {
            section = f.section;
            t += &format!("== {section}\n");
        }
        let target = match (&f.target, f.met) {
            (Some(target), Some(met)) => {
                format!(
                    "  (target {target}: {})",
                    if met { "met" } else { "MISSED" }
                )
            }
            _ => String::new(),
        };
        t += &format!("{:<64} {:>10.3} {}{target}\n", f.name, f.value, f.unit);
    }
    t
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
    let lb = args.lb.config(false, None)?;
    let c_program = is_c_program(&args.program);
    if c_program && args.checkpoint_every > 0 {
        return Err(CliError::usage(
            "--checkpoint-every: a C program checkpoints when it calls AMPI_Checkpoint_state; \
             give --checkpoint-dir alone",
        ));
    }
    let checkpointing = args.checkpoint_every > 0 || args.restart.is_some();
    if checkpointing && args.program != "stencil3d" && !c_program {
        return Err(CliError::usage(format!(
            "--checkpoint-every/--restart: only stencil3d checkpoints its ranks, not {}",
            args.program
        )));
    }
    let mut checkpoint_dir = args.checkpoint_dir.clone();
    let restored = match &args.restart {
        Some(dir) => {
            // Collective under mpirun: the processes agree on one checkpoint.
            let c = crate::launch::open_checkpoint(dir).map_err(CliError::usage)?;
            let restored = checkpoint::read(&c, &checkpoint_name(args), args.vp).map_err(to_cli)?;
            // Ranks saved whole go on with their own options, checkpoints
            // included: into the root they came from unless told otherwise.
            if restored.whole.is_some() && checkpoint_dir.is_none() {
                checkpoint_dir = c.dir.parent().map(PathBuf::from);
            }
            Some(restored)
        }
        None => None,
    };
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
    let checkpoints = (checkpoint_dir.is_some() || restored.is_some()).then(|| {
        Arc::new(Checkpoints {
            dir: checkpoint_dir,
            keep: args.keep as usize,
            program: checkpoint_name(args),
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

/// The program's name in checkpoints: a C program's file name (so that a
/// restart may name it by another path).
fn checkpoint_name(args: &AmpiRunArgs) -> String {
    if is_c_program(&args.program) {
        std::path::Path::new(&args.program).file_name().map_or_else(
            || args.program.clone(),
            |n| n.to_string_lossy().into_owned(),
        )
    } else {
        args.program.clone()
    }
}

/// Whether `program` names a C program file rather than a registered program.
fn is_c_program(program: &str) -> bool {
    program.contains('/') || program.ends_with(".so")
}

/// `arts ampi run ./prog.so`: one private copy of the program per rank.
fn run_c_program(
    args: &AmpiRunArgs,
    opts: RunOptions,
    out: &Output,
) -> Result<AmpiReport, CliError> {
    let stacks = opts.vp as u64 * opts.stack_size as u64;
    crate::budget::check_memory(format!("{} rank stacks", opts.vp), stacks)?;
    let path = std::path::Path::new(&args.program);
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
    };
    arts_ampi_c::run(&opts, Arc::new(program), &c).map_err(to_cli)
}

fn run_program(args: &AmpiRunArgs, out: Output) -> CliResult {
    let (opts, grid) = options(args, out.json)?;
    if !args.program_args.is_empty() && !is_c_program(&args.program) {
        return Err(CliError::usage(format!(
            "arguments after `--` are for C programs (./prog.so); {} takes options",
            args.program
        )));
    }
    let trace = args.trace.as_deref().map(PendingFile::create).transpose()?;
    let report = if is_c_program(&args.program) {
        run_c_program(args, opts.clone(), &out)?
    } else {
        run_builtin(args, &opts, &out)?
    };
    if let Some(mut file) = trace.filter(|_| crate::launch::is_root()) {
        let spans = report.runtime.trace().unwrap_or_default();
        arts_trace::write_chrome(file.writer(), report.pes, &spans)
            .map_err(|e| CliError::failed(format!("cannot write trace: {e}")))?;
        file.commit()?;
    }
    report_run(args, &opts, &report, grid, out)
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
    let stacks = opts.vp as u64 * opts.stack_size as u64;
    // The program's own estimate comes from its parameters alone; check the
    // stacks first so a huge --vp is refused before anything is built.
    crate::budget::check_memory(format!("{} rank stacks", opts.vp), stacks)?;
    let built = ampi::build(&args.program, &params, opts.vp).map_err(to_cli)?;
    crate::budget::check_memory(
        format!("ampi {} on {} ranks", args.program, opts.vp),
        built.memory_bytes + stacks,
    )?;
    let bar = out.progress(1, &args.program);
    let report = arts_ampi::run(opts, built.program).map_err(to_cli)?;
    bar.finish_and_clear();
    Ok(report)
}

fn report_run(
    args: &AmpiRunArgs,
    opts: &RunOptions,
    report: &AmpiReport,
    grid: GridSummary,
    out: Output,
) -> CliResult {
    let steps = &report.lb_steps;
    let step_times = report
        .values
        .get("step_time_s")
        .cloned()
        .unwrap_or_default();
    let r = AmpiRunReport {
        program: args.program.clone(),
        ranks: report.ranks,
        pes: report.pes,
        stack_size: args.stack_size,
        pinned: args.pin,
        valid: report.value("valid").map(|v| v == 1.0),
        max_abs_diff: report.value("max_abs_diff"),
        latency_us: report.value("latency_us"),
        bandwidth_mb_s: report.value("bandwidth_mb_s"),
        step_time_median_s: (!step_times.is_empty()).then(|| median(&step_times)),
        step_time_steady_s: report.steady_step_time_s(),
        step_times_s: step_times,
        total_time_s: report.wall_s,
        lb: args.lb.lb.clone(),
        lb_steps: steps.len(),
        migrations: report.migrations(),
        migrated_bytes: steps.iter().map(|s| s.migrated_bytes).sum(),
        rank_moves: report.rank_moves,
        lb_history: steps.iter().map(LbStepSummary::from).collect(),
        utilization: report.runtime.utilization(),
        values: report.values.clone(),
        checkpoint_dir: (opts.checkpoints.as_ref())
            .and_then(|c| c.dir.as_ref())
            .map(|d| d.display().to_string()),
        resumed_from_step: opts
            .checkpoints
            .as_ref()
            .and_then(|c| c.restored.as_ref())
            .map(|r| r.step),
        trace: args.trace.as_ref().map(|p| p.display().to_string()),
        grid: GridReport::of(grid, &report.runtime),
    };
    out.emit(&r, || table(&r))?;
    match r.valid {
        Some(false) => Err(CliError::failed(format!(
            "{} differs from its sequential reference by {:.3e}",
            r.program,
            r.max_abs_diff.unwrap_or(f64::NAN)
        ))),
        _ => Ok(()),
    }
}

fn table(r: &AmpiRunReport) -> String {
    let mut t = format!(
        "ampi {}  ranks {}  PEs {}  stack {} bytes\n",
        r.program, r.ranks, r.pes, r.stack_size
    );
    if let Some(v) = r.valid {
        t += &format!(
            "valid                 {v} (max |diff| vs sequential = {:.1e})\n",
            r.max_abs_diff.unwrap_or(0.0)
        );
    }
    if let Some(l) = r.latency_us {
        t += &format!(
            "one-way latency       {l:.3} us  ({:.1} MB/s)\n",
            r.bandwidth_mb_s.unwrap_or(0.0)
        );
    }
    if let Some(m) = r.step_time_median_s {
        t += &format!("step time (median)    {:.3} ms\n", m * 1e3);
    }
    if let Some(m) = r.step_time_steady_s {
        t += &format!("step time (steady)    {:.3} ms\n", m * 1e3);
    }
    t += &format!("total time            {:.3} s\n", r.total_time_s);
    let shown = [
        "valid",
        "max_abs_diff",
        "latency_us",
        "bandwidth_mb_s",
        "step_time_s",
    ];
    for (name, v) in r
        .values
        .iter()
        .filter(|(k, _)| !shown.contains(&k.as_str()))
    {
        t += &format!("{name:<21} {}\n", v.first().copied().unwrap_or(0.0));
    }
    if r.lb != "none" {
        t += &format!(
            "load balancing        {}: {} steps, {} migrations, {} rank moves\n",
            r.lb, r.lb_steps, r.migrations, r.rank_moves
        );
    }
    t += &r.grid.table();
    if let Some(p) = &r.trace {
        t += &format!("trace written to      {p}\n");
    }
    t
}
