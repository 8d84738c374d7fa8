//! `arts experiment leanmd-grid`: the grid thesis' LeanMD case study
//! (chapter 8, Fig. 8.1) — LeanMD over two clusters, mean step time
//! against cross-cluster latency (multiples of the no-latency step), one
//! line per balancer, as CSV and SVG (`docs/leanmd-grid.md`).

use std::path::PathBuf;

use arts_apps::leanmd::Params;
use arts_experiments::leanmd_grid::{self, MULTIPLES, Plan, ScheduleFlags};
use clap::builder::TypedValueParser;

use crate::output::{CliError, CliResult, Output, PendingDir, commit_files, run_counter};

/// Arguments of `arts experiment leanmd-grid`.
#[derive(clap::Args)]
pub struct LeanmdGridArgs {
    /// PE counts, comma-separated, each even (half in each cluster); default:
    /// 2, 4, 8, ... up to this machine's cores.
    #[arg(long, value_delimiter = ',')]
    pes: Option<Vec<u32>>,
    /// Cells, XxYxZ, each at least 3 (default 6x6x6: 216 cells and 3,024
    /// pairs, the thesis' benchmark; --quick: 3x3x3).
    #[arg(long, value_parser = cells)]
    cells: Option<[u32; 3]>,
    /// Atoms per cell (default 100; --quick: 27).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    atoms_per_cell: Option<u32>,
    /// Steps per run (default 60; --quick: 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..))]
    steps: Option<u32>,
    #[command(flatten)]
    lb: ScheduleFlags,
    /// Cross-cluster latencies as multiples of step(0), the mean step time
    /// without latency or balancing, comma-separated (default
    /// 0,0.05,0.1,0.2,0.3,0.6,1,2,4; --quick: 0,0.3,2).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true,
          value_parser = crate::args::finite_f64)]
    multiples: Option<Vec<f64>>,
    /// Balancers, comma-separated (`none` or a strategy).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "none,greedy,grid-comm,grid-metis,grid-hybrid"
    )]
    balancers: Vec<String>,
    /// Runs of every cell, interleaved; the run with the median mean step
    /// time is reported (default 3; --quick: 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    reps: Option<u32>,
    /// Serve messages for border objects (those that send across
    /// clusters) first in every run, the thesis' chapter-6 prioritization.
    #[arg(long = "grid-priority", value_name = "GRID_PRIORITY", default_value = "off",
          action = clap::ArgAction::Set,
          value_parser = clap::builder::EnumValueParser::<arts_grid::choice::OnOff>::new()
              .map(|v| v == arts_grid::choice::OnOff::On))]
    grid_priority: bool,
    /// A small, fast version (each default above its --quick value).
    #[arg(long)]
    quick: bool,
    /// Seed of the initial lattice jitter and velocities.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write `leanmd-grid.csv` and `leanmd-grid-PES.svg` into this directory.
    #[arg(long, value_parser = crate::args::output_dir)]
    out: Option<PathBuf>,
}

/// A clap value parser for three cell counts `XxYxZ`.
fn cells(s: &str) -> Result<[u32; 3], String> {
    let v = crate::args::parse_dims(s, 3)?;
    let mut out = [0; 3];
    for (o, d) in out.iter_mut().zip(v) {
        *o = u32::try_from(d).map_err(|_| format!("{d} in '{s}' is too large"))?;
    }
    Ok(out)
}

/// 2, 4, 8, ... up to the cores of this machine (at least 2).
fn default_pes() -> Vec<u32> {
    let cores = crate::args::default_pes().max(2);
    std::iter::successors(Some(2u32), |p| p.checked_mul(2))
        .take_while(|&p| p <= cores)
        .collect()
}

impl LeanmdGridArgs {
    /// The plan: each option as given, else its (quick) default.
    fn plan(&self) -> Plan {
        let q = self.quick;
        let pick =
            |v: Option<u32>, full: u32, quick: u32| v.unwrap_or(if q { quick } else { full });
        let base = Params::small();
        let default_cells = if q { [3, 3, 3] } else { [6, 6, 6] };
        Plan {
            pes: self.pes.clone().unwrap_or_else(default_pes),
            params: Params {
                cells: self.cells.unwrap_or(default_cells),
                atoms_per_cell: pick(self.atoms_per_cell, 100, 27),
                steps: pick(self.steps, 60, 8),
                migrate_every: 10.min(pick(self.steps, 60, 8)),
                seed: self.seed,
                ..base
            },
            schedule: self.lb.schedule(if q { 4 } else { 20 }),
            multiples: self.multiples.clone().unwrap_or_else(|| match q {
                true => vec![0.0, 0.3, 2.0],
                false => MULTIPLES.to_vec(),
            }),
            balancers: self.balancers.clone(),
            reps: pick(self.reps, 3, 1),
            memory: crate::budget::budget(),
            priority: self.grid_priority,
        }
    }
}

/// Runs `arts experiment leanmd-grid`.
pub fn run(args: &LeanmdGridArgs, out: Output) -> CliResult {
    let plan = args.plan();
    plan.check()?;
    // Refuse an output directory that cannot be written before any run.
    let mut pending = args.out.as_deref().map(PendingDir::create).transpose()?;
    let bar = out.progress(plan.runs(), "leanmd-grid");
    let mut report = leanmd_grid::run(&plan, &mut run_counter(&bar))?;
    bar.finish_and_clear();
    if let (Some(dir), Some(pending)) = (&args.out, pending.take()) {
        let files = report.files()?;
        report.files = commit_files(pending, dir, files)?;
    }
    out.emit(&report, || report.table())?;
    report
        .failure()
        .map_or(Ok(()), |m| Err(CliError::failed(m)))
}
