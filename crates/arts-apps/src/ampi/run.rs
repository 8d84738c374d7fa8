//! `arts ampi run`: the checks of a run's options that concern the program
//! (checkpoints, arguments), the memory its ranks need, and its report
//! ([`AmpiRunReport`]).

use std::collections::BTreeMap;
use std::path::Path;

use arts_ampi::{AmpiError, AmpiReport, RunOptions};
use arts_core::limits::MemoryBudget;
use arts_grid::report::{GridReport, GridSummary};
use arts_util::stats::median;
use serde::Serialize;

use super::{Built, Params, build, check_memory};
use crate::report::LbStepSummary;

/// Whether `program` names a C program file rather than a registered program.
pub fn is_c_program(program: &str) -> bool {
    program.contains('/') || program.ends_with(".so")
}

/// The program's name in checkpoints: a C program's file name (so that a
/// restart may name it by another path).
pub fn checkpoint_name(program: &str) -> String {
    if is_c_program(program) {
        Path::new(program)
            .file_name()
            .map_or_else(|| program.to_string(), |n| n.to_string_lossy().into_owned())
    } else {
        program.to_string()
    }
}

/// Refuses checkpoint options `program` cannot honour: a C program
/// checkpoints when it calls `AMPI_Checkpoint_state` (no
/// `checkpoint_every`), and of the registered programs only `stencil3d`
/// checkpoints (or restarts, `restart`).
pub fn check_checkpoints(
    program: &str,
    checkpoint_every: u32,
    restart: bool,
) -> Result<(), AmpiError> {
    let c_program = is_c_program(program);
    if c_program && checkpoint_every > 0 {
        return Err(AmpiError::Usage(
            "--checkpoint-every: a C program checkpoints when it calls AMPI_Checkpoint_state; \
             give --checkpoint-dir alone"
                .into(),
        ));
    }
    if (checkpoint_every > 0 || restart) && program != "stencil3d" && !c_program {
        return Err(AmpiError::Usage(format!(
            "--checkpoint-every/--restart: only stencil3d checkpoints its ranks, not {program}"
        )));
    }
    Ok(())
}

/// Refuses arguments after `--` for a registered program (they are a C
/// program's `argv`).
pub fn check_program_args(program: &str, args: &[String]) -> Result<(), AmpiError> {
    if args.is_empty() || is_c_program(program) {
        return Ok(());
    }
    Err(AmpiError::Usage(format!(
        "arguments after `--` are for C programs (./prog.so); {program} takes options"
    )))
}

/// Refuses, as bad input, rank stacks (`opts.vp` of `opts.stack_size`)
/// beyond `memory`; returns their bytes.
pub fn check_stacks(
    opts: &RunOptions,
    memory: &MemoryBudget,
    maps_per_rank: u64,
) -> Result<u64, AmpiError> {
    let stacks = opts.vp as u64 * opts.stack_size as u64;
    memory
        .check(format!("{} rank stacks", opts.vp), stacks)
        .map_err(|e| AmpiError::Usage(e.to_string()))?;
    check_maps(opts.vp, maps_per_rank, arts_util::host::memory_maps())?;
    Ok(stacks)
}

/// The memory maps a rank of a registered program takes: its stack and
/// the guard page below it.
pub const MAPS_PER_RANK: u64 = 2;
/// The memory maps a rank of a C program takes: its stack and guard page,
/// and its private copy of the program's segments (measured: 7 in all).
pub const MAPS_PER_C_RANK: u64 = 7;

/// Refuses `vp` ranks of `per_rank` memory maps each beyond what the
/// system allows one process (`maps`: those held now and the limit,
/// `vm.max_map_count`), which would end the run part-way.
fn check_maps(vp: u32, per_rank: u64, maps: Option<(u64, u64)>) -> Result<(), AmpiError> {
    let Some((used, max)) = maps else {
        return Ok(());
    };
    let need = vp as u64 * per_rank;
    if used + need <= max {
        return Ok(());
    }
    Err(AmpiError::Usage(format!(
        "--vp {vp}: the ranks need about {need} memory maps beside the {used} in use, beyond \
         the system's limit of {max} per process (vm.max_map_count); run fewer ranks \
         (at most about {}) or raise the limit (sysctl vm.max_map_count={})",
        max.saturating_sub(used) / per_rank,
        (used + need) * 2
    )))
}

/// Builds the registered `program` for the ranks of `opts`, refused (as
/// bad input) when its stacks and its own estimate exceed `params.memory`.
/// The stacks are checked first, so that a huge `vp` is refused before
/// anything is built.
pub fn build_checked(
    program: &str,
    params: &Params,
    opts: &RunOptions,
) -> Result<Built, AmpiError> {
    let stacks = check_stacks(opts, &params.memory, MAPS_PER_RANK)?;
    let built = build(program, params, opts.vp)?;
    check_memory(params, program, opts.vp, built.memory_bytes + stacks)?;
    Ok(built)
}

/// How `arts ampi run` was asked to run, as its report states it.
pub struct RunLabels {
    /// The program's name or path.
    pub program: String,
    /// Each PE thread on a CPU of its own.
    pub pinned: bool,
    /// The load-balancing strategy's name.
    pub lb: String,
    /// Where the trace was written.
    pub trace: Option<String>,
    /// The emulated grid.
    pub grid: GridSummary,
}

/// The result of `arts ampi run` (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct AmpiRunReport {
    /// The program's name or path.
    pub program: String,
    /// Ranks (virtual processors).
    pub ranks: u32,
    /// PEs of the whole run.
    pub pes: u32,
    /// Stack size of each rank.
    pub stack_size: u64,
    /// Each PE thread on a CPU of its own (`--pin`).
    pub pinned: bool,
    /// Whether the program matched its sequential reference (`null`: it has none).
    pub valid: Option<bool>,
    /// Its largest difference from the reference.
    pub max_abs_diff: Option<f64>,
    /// One-way latency of the ping-pongs.
    pub latency_us: Option<f64>,
    /// Their bandwidth.
    pub bandwidth_mb_s: Option<f64>,
    /// Every step's time.
    pub step_times_s: Vec<f64>,
    /// Their median.
    pub step_time_median_s: Option<f64>,
    /// The mean of the last even number of steps, at most half of them
    /// (`AmpiReport::steady_step_time_s`): steadier than the median when
    /// a rank runs a step ahead and its steps alternate long and short.
    pub step_time_steady_s: Option<f64>,
    /// The mean step time over the timed window: the recorded steps' times
    /// summed (the load-balancing steps included) over their count
    /// (`null`: the program records no steps).
    pub step_time_mean_s: Option<f64>,
    /// Seconds of the run.
    pub total_time_s: f64,
    /// The load-balancing strategy (`none`).
    pub lb: String,
    /// LB steps taken.
    pub lb_steps: usize,
    /// Elements migrated.
    pub migrations: u64,
    /// Bytes migrated.
    pub migrated_bytes: u64,
    /// Ranks that moved.
    pub rank_moves: u64,
    /// One summary per LB step.
    pub lb_history: Vec<LbStepSummary>,
    /// Busy fraction of each PE.
    pub utilization: Vec<f64>,
    /// The values the program recorded.
    pub values: BTreeMap<String, Vec<f64>>,
    /// Where checkpoint() wrote (`null`: nowhere).
    pub checkpoint_dir: Option<String>,
    /// The step the run continued from (`null`: not a restart).
    pub resumed_from_step: Option<u64>,
    /// Where the trace was written (`null`: no --trace).
    pub trace: Option<String>,
    /// The run's exit code, as `mpirun`'s: the largest code a rank's
    /// program exited with (`exit(n)` or `return n` after `MPI_Finalize`).
    pub exit_code: i32,
    /// The lowest rank that exited with it (`null`: every rank exited with 0).
    pub exit_rank: Option<u32>,
    /// The emulated grid (`topology`, `grid_priority`, `border_objects`,
    /// `grid_dispatches`), as every object-runtime app reports it.
    #[serde(flatten)]
    pub grid: GridReport,
}

impl AmpiRunReport {
    /// The report of the run of `opts` that returned `report`.
    pub fn new(labels: RunLabels, opts: &RunOptions, report: &AmpiReport) -> Self {
        let steps = &report.lb_steps;
        let step_times = report
            .values
            .get("step_time_s")
            .cloned()
            .unwrap_or_default();
        let checkpoints = opts.checkpoints.as_ref();
        AmpiRunReport {
            program: labels.program,
            ranks: report.ranks,
            pes: report.pes,
            stack_size: opts.stack_size as u64,
            pinned: labels.pinned,
            valid: report.value("valid").map(|v| v == 1.0),
            max_abs_diff: report.value("max_abs_diff"),
            latency_us: report.value("latency_us"),
            bandwidth_mb_s: report.value("bandwidth_mb_s"),
            step_time_median_s: (!step_times.is_empty()).then(|| median(&step_times)),
            step_time_steady_s: report.steady_step_time_s(),
            step_time_mean_s: (!step_times.is_empty())
                .then(|| crate::report::step_time_mean(&step_times)),
            step_times_s: step_times,
            total_time_s: report.wall_s,
            lb: labels.lb,
            lb_steps: steps.len(),
            migrations: report.migrations(),
            migrated_bytes: steps.iter().map(|s| s.migrated_bytes).sum(),
            rank_moves: report.rank_moves,
            lb_history: steps.iter().map(LbStepSummary::from).collect(),
            utilization: report.runtime.utilization(),
            values: report.values.clone(),
            checkpoint_dir: (checkpoints.and_then(|c| c.dir.as_ref()))
                .map(|d| d.display().to_string()),
            resumed_from_step: checkpoints
                .and_then(|c| c.restored.as_ref())
                .map(|r| r.step),
            trace: labels.trace,
            exit_code: report.exit_code().map_or(0, |(code, _)| code),
            exit_rank: report.exit_code().map(|(_, rank)| rank),
            grid: GridReport::of(labels.grid, &report.runtime),
        }
    }

    /// Why the run failed its check: the program differs from its
    /// sequential reference (`None`: it matched, or has no reference).
    pub fn failure(&self) -> Option<String> {
        (self.valid == Some(false)).then(|| {
            format!(
                "{} differs from its sequential reference by {:.3e}",
                self.program,
                self.max_abs_diff.unwrap_or(f64::NAN)
            )
        })
    }

    /// The human table of the report.
    pub fn table(&self) -> String {
        let mut t = format!(
            "ampi {}  ranks {}  PEs {}  stack {} bytes\n",
            self.program, self.ranks, self.pes, self.stack_size
        );
        if let Some(v) = self.valid {
            t += &format!(
                "valid                 {v} (max |diff| vs sequential = {:.1e})\n",
                self.max_abs_diff.unwrap_or(0.0)
            );
        }
        if let Some(l) = self.latency_us {
            t += &format!(
                "one-way latency       {l:.3} us  ({:.1} MB/s)\n",
                self.bandwidth_mb_s.unwrap_or(0.0)
            );
        }
        if let Some(m) = self.step_time_median_s {
            t += &format!("step time (median)    {:.3} ms\n", m * 1e3);
        }
        if let Some(m) = self.step_time_mean_s {
            t += &format!("step time (mean)      {:.3} ms\n", m * 1e3);
        }
        if let Some(m) = self.step_time_steady_s {
            t += &format!("step time (steady)    {:.3} ms\n", m * 1e3);
        }
        t += &format!("total time            {:.3} s\n", self.total_time_s);
        let shown = [
            "valid",
            "max_abs_diff",
            "latency_us",
            "bandwidth_mb_s",
            "step_time_s",
        ];
        for (name, v) in (self.values.iter()).filter(|(k, _)| !shown.contains(&k.as_str())) {
            t += &format!("{name:<21} {}\n", v.first().copied().unwrap_or(0.0));
        }
        if self.lb != "none" {
            t += &format!(
                "load balancing        {}: {} steps, {} migrations, {} rank moves\n",
                self.lb, self.lb_steps, self.migrations, self.rank_moves
            );
        }
        t += &self.grid.table();
        if let Some(rank) = self.exit_rank {
            t += &format!("exit code             {} (rank {rank})\n", self.exit_code);
        }
        if let Some(p) = &self.trace {
            t += &format!("trace written to      {p}\n");
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_programs_are_paths_and_checkpoint_under_their_file_name() {
        assert!(is_c_program("./prog.so") && is_c_program("prog.so"));
        assert!(!is_c_program("stencil3d"));
        assert_eq!(checkpoint_name("/tmp/x/prog.so"), "prog.so");
        assert_eq!(checkpoint_name("stencil3d"), "stencil3d");
    }

    #[test]
    fn ranks_beyond_the_memory_map_limit_are_refused_naming_it() {
        assert!(check_maps(1000, 7, Some((100, 65_530))).is_ok());
        assert!(check_maps(1000, 7, None).is_ok());
        let e = check_maps(100_000, 2, Some((100, 65_530))).unwrap_err();
        let AmpiError::Usage(text) = e else {
            panic!("a usage error")
        };
        assert!(text.starts_with("--vp 100000: the ranks need about 200000 memory maps"));
        assert!(text.contains("(at most about 32715)"), "{text}");
    }

    #[test]
    fn only_stencil3d_and_c_programs_checkpoint() {
        assert!(check_checkpoints("stencil3d", 2, false).is_ok());
        assert!(check_checkpoints("./p.so", 0, true).is_ok());
        for (program, every, restart) in [("./p.so", 2, false), ("pingpong", 0, true)] {
            let e = check_checkpoints(program, every, restart);
            assert!(matches!(e, Err(AmpiError::Usage(_))), "{program}");
        }
        assert!(check_program_args("./p.so", &["1".into()]).is_ok());
        assert!(check_program_args("pingpong", &["1".into()]).is_err());
    }
}
