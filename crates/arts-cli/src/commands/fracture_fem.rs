//! `arts experiment fracture-fem`: the AMPI paper's Figs 15–16 (per-PE
//! utilization without and with balancing) and the grid thesis' §8.3
//! (mean step time against cross-cluster latency per balancer) with the
//! fracture FEM program of `examples/fracture-fem` (`docs/fracture-fem.md`).

use std::path::PathBuf;

use arts_experiments::fracture_fem::{self, Plan};

use crate::output::{CliError, CliResult, Output, PendingDir, commit_files, run_counter};

/// Arguments of `arts experiment fracture-fem`.
#[derive(clap::Args)]
pub struct FractureFemArgs {
    /// Chunks (ranks) (default 64; --quick: 16).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    vp: Option<u32>,
    /// PEs, even (two clusters in the grid sweep).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(2..=1024))]
    pes: u32,
    /// Block cells, NXxNY (default 64x32; --quick: 32x16).
    #[arg(long, value_parser = crate::args::dims2)]
    cells: Option<(usize, usize)>,
    /// Steps of the utilization runs (default 2400; --quick: 800).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..))]
    steps: Option<u32>,
    /// AMPI_Migrate every this many steps in the utilization runs (default
    /// 300; --quick: 200).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    migrate: Option<u32>,
    /// The balancer of the balanced utilization run.
    #[arg(long, default_value = "greedy")]
    lb: String,
    /// Time bins of the utilization over time.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=10000))]
    bins: u32,
    /// Cross-cluster latencies of the grid sweep, ms, comma-separated
    /// (default 0,0.25,0.5,1,2,4; --quick: 0,1).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true,
          value_parser = crate::args::finite_f64)]
    latencies: Option<Vec<f64>>,
    /// Balancers of the grid sweep, comma-separated (`none` or a strategy).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "none,greedy,grid-comm,grid-metis,grid-hybrid"
    )]
    balancers: Vec<String>,
    /// Runs of every grid cell, interleaved; the median is reported.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    reps: u32,
    /// The program built with arts-mpicc (default: built from this tree's
    /// examples/fracture-fem/fracture.c).
    #[arg(long)]
    program: Option<PathBuf>,
    /// A small, fast version (each default above its --quick value).
    #[arg(long)]
    quick: bool,
    /// Write the CSV and SVG files into this directory.
    #[arg(long, value_parser = crate::args::output_dir)]
    out: Option<PathBuf>,
}

impl FractureFemArgs {
    /// The plan: each option as given, else its (quick) default.
    fn plan(&self) -> Result<Plan, CliError> {
        let q = self.quick;
        let arts = std::env::current_exe()
            .map_err(|e| CliError::failed(format!("cannot find the arts binary: {e}")))?;
        let (nx, ny) = self.cells.unwrap_or(if q { (32, 16) } else { (64, 32) });
        let mut mesh_args = vec!["--nx".into(), nx.to_string(), "--ny".into(), ny.to_string()];
        if q {
            // A coarse mesh needs a lower strength to start the crack.
            mesh_args.extend(["--sigc".to_string(), "400e6".to_string()]);
        }
        Ok(Plan {
            arts,
            program: self.program.clone(),
            vp: self.vp.unwrap_or(if q { 16 } else { 64 }),
            pes: self.pes,
            mesh_args,
            steps: self.steps.unwrap_or(if q { 800 } else { 2400 }),
            migrate: self.migrate.unwrap_or(if q { 200 } else { 300 }),
            lb: self.lb.clone(),
            bins: self.bins,
            latencies_ms: self.latencies.clone().unwrap_or_else(|| match q {
                true => vec![0.0, 1.0],
                false => vec![0.0, 0.25, 0.5, 1.0, 2.0, 4.0],
            }),
            balancers: self.balancers.clone(),
            reps: self.reps,
        })
    }
}

/// Runs `arts experiment fracture-fem`.
pub fn run(args: &FractureFemArgs, out: Output) -> CliResult {
    let plan = args.plan()?;
    plan.check()?;
    let mut pending = args.out.as_deref().map(PendingDir::create).transpose()?;
    let bar = out.progress(plan.runs(), "fracture-fem");
    let mut report = fracture_fem::run(&plan, &mut run_counter(&bar))?;
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
