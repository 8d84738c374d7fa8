//! `arts run zones`, `arts run hotspot` and `arts run storm`: imbalanced
//! workloads for measurement-based load balancing.

use arts_apps::run::storm::Storm;
use arts_apps::stencil2d::saved_state::StencilApp;
use arts_apps::storm::{self, Failure};
use arts_apps::{hotspot, zones};

use super::stencil::{RunOpts, execute, finish};
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
    let storm = Storm::new(storm::Params {
        elements: args.elements,
        rounds: args.rounds,
        failure,
        seed: args.seed,
    });
    let report = storm.run(args.opts.prepare(out)?)?;
    finish(&report, out)
}
