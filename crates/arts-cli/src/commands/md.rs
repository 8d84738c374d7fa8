//! The grid thesis' chapter-8 case studies: `arts run leanmd`
//! (Lennard-Jones molecular dynamics on cells and cell-pair objects) and
//! `arts run fracture` (a moving crack of rising cost), each validated bit
//! for bit against its sequential reference.

use arts_apps::fracture;
use arts_apps::leanmd::{Dense, Params};
use arts_apps::run::md::{Fracture, Leanmd};

use super::stencil::{RunOpts, finish, stages};
use crate::output::{CliResult, Output};

/// Arguments of `arts run leanmd`.
#[derive(clap::Args)]
pub struct LeanmdArgs {
    /// Cells (one object each), XxYxZ, each at least 3.
    #[arg(long, default_value = "6x6x6", value_parser = dims3)]
    cells: [u32; 3],
    /// Atoms per cell (outside the dense region); the cell side is
    /// (atoms / density)^(1/3) and must be at least the cutoff.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    atoms_per_cell: u32,
    /// Number density (reduced units).
    #[arg(long, default_value_t = 0.8, value_parser = crate::args::finite_f64)]
    density: f64,
    /// Cutoff radius of the Lennard-Jones potential (reduced units).
    #[arg(long, default_value_t = 2.5, value_parser = crate::args::finite_f64)]
    cutoff: f64,
    /// Time step (reduced units, at most 0.01; 0.0005 is about 1 fs for argon).
    #[arg(long, default_value_t = 0.0005, value_parser = crate::args::finite_f64)]
    dt: f64,
    /// Number of steps.
    #[arg(long, visible_alias = "iters", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    steps: u32,
    /// Atoms move to the cell they lie in every this many steps.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    migrate_every: u32,
    /// Initial temperature (reduced units).
    #[arg(long, default_value_t = 1.0, value_parser = crate::args::finite_f64)]
    temperature: f64,
    /// A denser region, FRACTION:FACTOR: the corner block of cells holding
    /// FRACTION of the box's volume starts with FACTOR times the atoms per
    /// cell (e.g. 0.125:3), so the load is uneven and moves as it expands.
    #[arg(long, value_parser = dense_region)]
    dense_region: Option<Dense>,
    /// Seed of the initial lattice jitter and velocities.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Force evaluations timed to compare the per-pair kernel with a plain
    /// cell-list loop (0: skip).
    #[arg(long, default_value_t = 3)]
    kernel_reps: u32,
    #[command(flatten)]
    opts: RunOpts,
}

/// A clap value parser for three cell counts `XxYxZ`.
fn dims3(s: &str) -> Result<[u32; 3], String> {
    let v = crate::args::parse_dims(s, 3)?;
    let mut out = [0; 3];
    for (o, d) in out.iter_mut().zip(v) {
        *o = u32::try_from(d).map_err(|_| format!("{d} in '{s}' is too large"))?;
    }
    Ok(out)
}

/// A clap value parser for `--dense-region FRACTION:FACTOR`.
fn dense_region(s: &str) -> Result<Dense, String> {
    let (f, x) = s
        .split_once([':', '/'])
        .ok_or_else(|| format!("expected FRACTION:FACTOR (e.g. 0.125:3), got '{s}'"))?;
    let num = |v: &str| crate::args::finite_f64(v).map_err(|e| format!("'{s}': {e}"));
    Ok(Dense {
        fraction: num(f)?,
        factor: num(x)?,
    })
}

impl LeanmdArgs {
    fn params(&self) -> Params {
        Params {
            cells: self.cells,
            atoms_per_cell: self.atoms_per_cell,
            density: self.density,
            cutoff: self.cutoff,
            dt: self.dt,
            steps: self.steps,
            migrate_every: self.migrate_every,
            temperature: self.temperature,
            dense: self.dense_region,
            seed: self.seed,
        }
    }
}

/// Runs `arts run leanmd`.
pub fn run_leanmd(args: &LeanmdArgs, out: Output) -> CliResult {
    let app = Leanmd::new(args.params())?;
    let prepared = args.opts.prepare(out)?;
    let bar = out.progress(3, "leanmd");
    let report = app.run(prepared, args.kernel_reps, &stages(&bar))?;
    bar.finish_and_clear();
    finish(&report, out)
}

/// Arguments of `arts run fracture`.
#[derive(clap::Args)]
pub struct FractureArgs {
    /// Objects, XxYxZ; the crack front moves along x.
    #[arg(long, default_value = "8x8x8", value_parser = dims3)]
    objects: [u32; 3],
    /// Values per object.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    points: u32,
    /// Number of steps (the front crosses the domain once over them).
    #[arg(long, visible_alias = "iters", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    steps: u32,
    /// Iterations per value away from the crack.
    #[arg(long, default_value_t = 4)]
    work: u32,
    /// Extra cost at the crack front by the last step, as a multiple of --work.
    #[arg(long, default_value_t = 20.0, value_parser = crate::args::finite_f64)]
    growth: f64,
    /// Half-width of the crack band, in objects.
    #[arg(long, default_value_t = 1.0, value_parser = crate::args::finite_f64)]
    width: f64,
    #[command(flatten)]
    opts: RunOpts,
}

/// Runs `arts run fracture`.
pub fn run_fracture(args: &FractureArgs, out: Output) -> CliResult {
    let app = Fracture::new(fracture::Params {
        objects: args.objects,
        points: args.points,
        steps: args.steps,
        work: args.work,
        growth: args.growth,
        width: args.width,
    })?;
    let prepared = args.opts.prepare(out)?;
    let bar = out.progress(2, "fracture");
    let report = app.run(prepared, &stages(&bar))?;
    bar.finish_and_clear();
    finish(&report, out)
}
