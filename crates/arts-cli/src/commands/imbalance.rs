//! `arts run zones` and `arts run hotspot`: imbalanced workloads for
//! measurement-based load balancing.

use arts_apps::stencil2d::checkpoint::StencilApp;
use arts_apps::storm::checkpoint::{self, Session};
use arts_apps::storm::{self, Failure};
use arts_apps::{hotspot, zones};
use arts_core::checkpoint::disk::Checkpoint;

use super::checkpoint::{Reader, restart_session, run_session};
use super::checkpoint_summary::CheckpointSummary;
use super::stencil::{Prepared, RunOpts, execute, finish};
use crate::args::dims2;
use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts run zones`.
#[derive(clap::Args)]
pub struct ZonesArgs {
    /// Zones (one object each), ROWSxCOLS.
    #[arg(long, default_value = "8x4", value_parser = dims2)]
    zones: (usize, usize),
    /// Side of the smallest zone, in points.
    #[arg(long, default_value_t = 64)]
    base: usize,
    /// Growth of zone heights from one zone row to the next (1 to 4).
    #[arg(long, default_value_t = 1.3)]
    ratio_x: f64,
    /// Growth of zone widths from one zone column to the next (1 to 4).
    #[arg(long, default_value_t = 1.5)]
    ratio_y: f64,
    /// Number of steps.
    #[arg(long, visible_alias = "steps", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    iters: u32,
    /// Jacobi sweeps per zone per step.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    sweeps: u32,
    #[command(flatten)]
    opts: RunOpts,
}

/// Runs `arts run zones`.
pub fn run_zones(args: &ZonesArgs, out: Output) -> CliResult {
    let count = |v: usize| {
        u32::try_from(v).map_err(|_| CliError::usage(format!("--zones: {v} is too large")))
    };
    let params = zones::Params {
        zones_x: count(args.zones.0)?,
        zones_y: count(args.zones.1)?,
        base: args.base,
        ratio_x: args.ratio_x,
        ratio_y: args.ratio_y,
        iters: args.iters,
        sweeps: args.sweeps,
    };
    let p = params
        .problem()
        .map_err(|e| CliError::usage(format!("zones: {e}")))?;
    let prepared = args.opts.prepare(out)?;
    let app = StencilApp::Zones(params);
    let report = execute(app, &p, prepared, out, zones::run, zones::reference)?;
    finish(&report, out)
}

/// Arguments of `arts run hotspot`.
#[derive(clap::Args)]
pub struct HotspotArgs {
    /// Interior grid points, ROWSxCOLS.
    #[arg(long, default_value = "1024x1024", value_parser = dims2)]
    grid: (usize, usize),
    /// Objects (blocks), ROWSxCOLS.
    #[arg(long, default_value = "16x16", value_parser = dims2)]
    objects: (usize, usize),
    /// Number of steps.
    #[arg(long, visible_alias = "steps", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    iters: u32,
    /// Radius of the hot region, as a fraction of the smaller grid side.
    #[arg(long, default_value_t = 0.12)]
    radius: f64,
    /// Extra iterations per hot cell at the first step.
    #[arg(long, default_value_t = 16)]
    work: u32,
    /// How much the extra work has grown by the last step (>= 1).
    #[arg(long, default_value_t = 2.0)]
    growth: f64,
    #[command(flatten)]
    opts: RunOpts,
}

/// Runs `arts run hotspot`.
pub fn run_hotspot(args: &HotspotArgs, out: Output) -> CliResult {
    let count = |v: usize| {
        u32::try_from(v).map_err(|_| CliError::usage(format!("--objects: {v} is too large")))
    };
    let params = hotspot::Params {
        rows: args.grid.0,
        cols: args.grid.1,
        objs_x: count(args.objects.0)?,
        objs_y: count(args.objects.1)?,
        iters: args.iters,
        radius: args.radius,
        work: args.work,
        growth: args.growth,
    };
    let p = params
        .problem()
        .map_err(|e| CliError::usage(format!("hotspot: {e}")))?;
    let prepared = args.opts.prepare(out)?;
    let report = execute(
        StencilApp::Hotspot(params),
        &p,
        prepared,
        out,
        hotspot::run,
        hotspot::reference,
    )?;
    finish(&report, out)
}

/// Arguments of `arts run storm`.
#[derive(clap::Args)]
pub struct StormArgs {
    /// Number of elements.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    elements: u32,
    /// Rounds; each ends with `at_sync` (so `--lb rotate --lb-period 1` migrates every element every round).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Failure injection for testing: element E panics in round R (`E:R`).
    #[arg(long, value_parser = element_round)]
    panic_at: Option<(u32, u32)>,
    /// Failure injection for testing: the process of element E aborts in round R (`E:R`).
    #[arg(long, value_parser = element_round)]
    abort_at: Option<(u32, u32)>,
    /// Failure injection for testing: the process of element E stops itself
    /// (SIGSTOP) in round R (`E:R`); under mpirun the heartbeat ends the job.
    #[arg(long, value_parser = element_round)]
    stop_at: Option<(u32, u32)>,
    /// Seed of the elements' random streams (element `i` uses seed + i).
    #[arg(long, default_value_t = arts_apps::storm::DEFAULT_SEED)]
    seed: u64,
    #[command(flatten)]
    opts: RunOpts,
}

fn element_round(s: &str) -> Result<(u32, u32), String> {
    let (e, r) = s
        .split_once(':')
        .ok_or_else(|| format!("expected ELEMENT:ROUND, got '{s}'"))?;
    let parse = |v: &str| {
        v.parse::<u32>()
            .map_err(|_| format!("'{v}' in '{s}' is not a number"))
    };
    Ok((parse(e)?, parse(r)?))
}

#[derive(serde::Serialize)]
struct StormJson {
    app: &'static str,
    valid: bool,
    exactly_once: bool,
    reductions_ok: bool,
    sent: u64,
    received: u64,
    elements: u32,
    rounds: u32,
    seed: u64,
    pes: u32,
    processes: u32,
    lb_steps: usize,
    migrations: u64,
    migrated_bytes: u64,
    total_time_s: f64,
    #[serde(flatten)]
    checkpoint: CheckpointSummary,
}

/// Runs `arts run storm`.
pub fn run_storm(args: &StormArgs, out: Output) -> CliResult {
    let failure = match (args.panic_at, args.abort_at, args.stop_at) {
        (Some((element, round)), None, None) => Some(Failure::Panic { element, round }),
        (None, Some((element, round)), None) => Some(Failure::Abort { element, round }),
        (None, None, Some((element, round))) => Some(Failure::Stop { element, round }),
        (None, None, None) => None,
        _ => {
            return Err(CliError::usage(
                "give at most one of --panic-at, --abort-at and --stop-at",
            ));
        }
    };
    let params = storm::Params {
        elements: args.elements,
        rounds: args.rounds,
        failure,
        seed: args.seed,
    };
    let mut prepared = args.opts.prepare(out)?;
    let reader = Reader {
        app: checkpoint::APP,
        restartable: checkpoint::restartable,
        read_resume: checkpoint::read_resume,
    };
    // A checkpoint records the storm without its failure to inject; a
    // resumed storm does not inject it again.
    let without_failure = storm::Params {
        failure: None,
        ..params
    };
    let bytes = params.memory_bytes();
    let session = run_session(&mut prepared, reader, &without_failure, bytes)?;
    let params = match session.resume {
        Some(_) => without_failure,
        None => params,
    };
    let json = execute_storm(params, &prepared, session)?;
    print_storm(&json, out)
}

/// Runs `arts restart` of a storm checkpoint `c`: its parameters (without
/// a failure to inject), the PEs and other run options of `opts`.
pub fn restart_storm(c: &Checkpoint, opts: &RunOpts, out: Output) -> CliResult {
    let p = checkpoint::restartable(c).map_err(CliError::usage)?;
    let mut prepared = opts.prepare(out)?;
    let session = restart_session(c, &mut prepared, p.memory_bytes(), |c| {
        checkpoint::read_resume(c, &p)
    })?;
    let json = execute_storm(p, &prepared, session)?;
    print_storm(&json, out)
}

/// Runs a storm of `params` as `session` says.
fn execute_storm(
    params: storm::Params,
    prepared: &Prepared,
    session: Session,
) -> Result<StormJson, CliError> {
    crate::budget::check_memory(
        format!("storm with {} elements", params.elements),
        params.memory_bytes(),
    )?;
    let checkpoint = CheckpointSummary::of(&session);
    let t = std::time::Instant::now();
    let (r, report, done) =
        storm::run_session(&prepared.config, params, session).map_err(CliError::failed)?;
    let steps = report.lb_steps();
    Ok(StormJson {
        app: "storm",
        valid: done.stopped_at.is_none() && r.exactly_once && r.reductions_ok,
        exactly_once: r.exactly_once,
        reductions_ok: r.reductions_ok,
        sent: r.sent,
        received: r.received,
        elements: params.elements,
        rounds: params.rounds,
        seed: params.seed,
        pes: prepared.config.pes,
        processes: report.processes,
        lb_steps: steps.len(),
        migrations: steps.iter().map(|s| s.migrations).sum(),
        migrated_bytes: steps.iter().map(|s| s.migrated_bytes).sum(),
        total_time_s: t.elapsed().as_secs_f64(),
        checkpoint: checkpoint.after(done.checkpoints, done.stopped_at),
    })
}

/// Prints a storm's report; lost or duplicated messages fail.
fn print_storm(json: &StormJson, out: Output) -> CliResult {
    out.emit(json, || {
        let mut t = format!(
            "storm  {} elements  {} rounds  seed {}  PEs {}  processes {}\n\
             messages sent/received  {} / {}  (exactly once: {})\n\
             reductions correct      {}\n\
             load balancing          {} steps, {} migrations, {} bytes",
            json.elements,
            json.rounds,
            json.seed,
            json.pes,
            json.processes,
            json.sent,
            json.received,
            json.exactly_once,
            json.reductions_ok,
            json.lb_steps,
            json.migrations,
            json.migrated_bytes
        );
        let lines = json.checkpoint.lines();
        if !lines.is_empty() {
            t += "\n";
            t += lines.trim_end();
        }
        t
    })?;
    if let Some(stopped) = super::checkpoint_summary::stopped_note(json.checkpoint.stopped()) {
        return stopped;
    }
    if json.valid {
        Ok(())
    } else {
        Err(CliError::failed("storm lost or duplicated messages"))
    }
}
