//! The physics and solver settings of a bias sweep (`arts run ddm`'s
//! `--constants` … `--check-every`), one struct that is also the command
//! line's option group (`clap::Args` behind the crate's `clap` feature), and
//! the [`SweepOptions`] they make with the device, biases and parallel run.

use std::path::PathBuf;

use arts_ddm::{ConstantOverrides, ConstantSet, EdgeAverage, MeshKind, PointUpdate, SweepOrder};

use super::choice::Dependency;
use super::live::LiveCut;
use super::parallel::{AppLb, Parallel};
use super::sweep::{Method, SweepOptions};

/// A sweep's physical constants, mesh and solver settings.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct SolverFlags {
    /// Physical constants: codata or tcad (default: the device file's, else codata).
    #[cfg_attr(feature = "clap", arg(long, value_enum))]
    pub constants: Option<ConstantSet>,
    /// Override the mesh spacing, nm (every layer must stay a whole number of rows).
    #[cfg_attr(feature = "clap", arg(long))]
    pub spacing_nm: Option<f64>,
    /// Elementary charge q, C, replacing the constant set's (and the file's).
    #[cfg_attr(feature = "clap", arg(long))]
    pub q_c: Option<f64>,
    /// Boltzmann constant k, J/K, replacing the constant set's (and the file's).
    #[cfg_attr(feature = "clap", arg(long))]
    pub k_j_per_k: Option<f64>,
    /// Vacuum permittivity ε0, F/cm, replacing the constant set's (and the file's).
    #[cfg_attr(feature = "clap", arg(long))]
    pub eps0_f_per_cm: Option<f64>,
    /// Lattice temperature, K (default: the device file's).
    #[cfg_attr(feature = "clap", arg(long))]
    pub temperature_k: Option<f64>,
    /// Edge averaging of permittivity and mobility (default: the device file's, else harmonic).
    #[cfg_attr(feature = "clap", arg(long, value_enum))]
    pub edge_average: Option<EdgeAverage>,
    /// Mesh points: cells (rows at (i + ½)h) or nodes (0 … L, contacts on the
    /// end nodes) (default: the device file's, else cells).
    #[cfg_attr(feature = "clap", arg(long, value_enum))]
    pub mesh: Option<MeshKind>,
    /// Solver: gummel (point updates, the load-balancing study's solver) or
    /// newton (coupled, block-tridiagonal direct solve; for single-device work).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "gummel"))]
    pub method: Method,
    /// Newton iterations allowed per attempt at one bias step (--method newton).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 30))]
    pub newton_iterations: usize,
    /// How often Newton may halve the bias step toward one bias point (--method newton).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 12))]
    pub max_halvings: u32,
    /// Update order (--method gummel); both: solve twice, report both iteration counts.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "sequential"))]
    pub order: SweepOrder,
    /// Segments of the relaxed order (equal row counts).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 7))]
    pub segments: usize,
    /// First rows of the relaxed order's segments instead, e.g. the `starts` that
    /// `arts ddm partition` prints (`0,256,512`); overrides --segments.
    #[cfg_attr(feature = "clap", arg(long, value_delimiter = ','))]
    pub segment_starts: Option<Vec<usize>>,
    /// Convergence tolerance: summed changes of potential and quasi-Fermi potentials, V.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1e-9))]
    pub tolerance: f64,
    /// Gummel iteration limit per bias (--method gummel).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 400_000))]
    pub max_iterations: usize,
    /// Over-relaxation of the potential point update, in (0, 2).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1.9))]
    pub omega_phi: f64,
    /// Over-relaxation of the continuity point updates, in (0, 2).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1.9))]
    pub omega_carriers: f64,
    /// Measure per-row cost every N iterations (0: only never).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 200))]
    pub instrument_every: usize,
    /// Observe the residual (convergence, over-relaxation) every K
    /// iterations, a divisor of 100; a parallel run reduces it across the
    /// segments that often (default: 1, with --parallel 10).
    #[cfg_attr(feature = "clap", arg(long))]
    pub check_every: Option<usize>,
}

/// How a parallel sweep treats its segments' rows: the sub-cycle order,
/// application-level balancing, and the Gummel point updates.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct RowFlags {
    /// With --parallel distributed: `on` runs each sub-cycle of a segment on
    /// its left neighbour's fresh rows (the staggered order, which is the
    /// sequential order as a pipeline: fewer iterations, less
    /// parallelism); `off` (default) uses the neighbours' rows of the
    /// previous iteration (the relaxed order); `local` does the first
    /// between segments that start on the same PE and the second between
    /// PEs: a PE runs its segments in sequence anyway, so the iterations are
    /// those of one segment per PE, without the pipeline's waits.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "off"))]
    pub subcycle_dependency: Dependency,
    /// With --parallel: application-level balancing of the segments' rows:
    /// off, static (cut once by the measured cost), live (distributed:
    /// re-measured and re-cut while it runs) or paper-fit (the paper's: the
    /// absorption layer's first sub-cycle timed every --fit-every
    /// iterations, a 5th-degree fit, its rows weighted by the ratio of the
    /// Simpson areas, cut once).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "off"))]
    pub app_lb: AppLb,
    /// With --app-lb paper-fit: iterations between two timings of the
    /// first bias point (the paper: 200 of ~10⁵; at least 6 timings needed).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = super::paper_fit::DEFAULT_FIT_EVERY as u64, value_parser = clap::value_parser!(u64).range(1..)))]
    pub fit_every: u64,
    /// The Gummel point updates: newton-sor (scalar Newton on the
    /// potential, over-relaxed by --omega-phi/--omega-carriers) or paper
    /// (the paper's explicit Korman–Mayergoyz formulas, no over-relaxation).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "newton-sor"))]
    pub point_update: PointUpdate,
    /// With --app-lb live: iterations between two measurements.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..)))]
    pub app_lb_every: u64,
    /// With --app-lb live: least relative improvement of the predicted
    /// max/avg that moves rows, in [0, 1).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0.05))]
    pub app_lb_threshold: f64,
}

impl RowFlags {
    /// `--app-lb live`'s measurements.
    pub fn live(&self) -> LiveCut {
        LiveCut {
            every: self.app_lb_every as usize,
            threshold: self.app_lb_threshold,
        }
    }
}

/// What a sweep runs on besides its solver settings: the device (a file
/// or a preset), the biases, the point updates and where its files go.
pub struct SweepSource {
    /// Device file (TOML or JSON); exactly one of it and `preset`.
    pub device_file: Option<PathBuf>,
    /// Built-in device name.
    pub preset: Option<&'static str>,
    /// Bias points, V (default: the device file's).
    pub bias: Option<Vec<f64>>,
    /// The Gummel point updates.
    pub point_update: PointUpdate,
    /// Where the files go (reported; files are produced only with it).
    pub out: Option<String>,
}

impl SolverFlags {
    /// The sweep these settings ask for on `source`, run in `parallel` if given.
    pub fn sweep_options<'a>(
        &self,
        source: SweepSource,
        parallel: Option<Parallel<'a>>,
    ) -> SweepOptions<'a> {
        SweepOptions {
            device_file: source.device_file,
            preset: source.preset,
            bias: source.bias,
            constants: self.constants,
            constant_overrides: ConstantOverrides {
                q: self.q_c,
                k: self.k_j_per_k,
                eps0: self.eps0_f_per_cm,
            },
            spacing_nm: self.spacing_nm,
            temperature_k: self.temperature_k,
            edge_average: self.edge_average,
            mesh: self.mesh,
            method: self.method,
            newton_iterations: self.newton_iterations,
            max_halvings: self.max_halvings,
            order: self.order,
            segments: self.segments,
            segment_starts: self.segment_starts.clone(),
            tolerance_v: self.tolerance,
            max_iterations: self.max_iterations,
            omega_phi: self.omega_phi,
            omega_carriers: self.omega_carriers,
            point_update: source.point_update,
            instrument_every: self.instrument_every,
            check_every: self.check_every,
            out: source.out,
            parallel,
        }
    }
}
