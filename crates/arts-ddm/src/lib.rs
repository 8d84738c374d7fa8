//! Drift-diffusion device simulation on a uniform 1-D mesh: the nonlinear
//! Poisson equation and the electron/hole continuity equations in Slotboom
//! variables, solved by Gummel's decoupled iteration with explicit point
//! updates (Korman–Mayergoyz) or by a coupled Newton solver, Scharfetter–Gummel currents, SRH recombination
//! and heterostructure band parameters. Device files in TOML or JSON, three presets,
//! per-row/per-sub-cycle cost instrumentation. See `docs/ddm.md`.

pub mod constants;
pub mod csv;
pub mod device;
pub mod doping;
pub mod error;
pub mod material;
pub mod mesh;
pub mod newton;
pub mod nodes;
pub mod presets;
pub mod solution;
pub mod solver;
pub mod sweep;

pub use constants::{ConstantOverrides, ConstantSet, Constants};
pub use device::{Device, EdgeAverage, FileFormat, MeshKind, Side};
pub use error::DdmError;
pub use mesh::Mesh;
pub use newton::{NewtonOptions, NewtonPoint, NewtonSolver};
pub use solution::{BiasSolution, ProfileRow};
pub use solver::instrument::{CostProfile, CostSample, Residual, SUBCYCLE_NAMES};
pub use solver::{Links, PointUpdate, Solver, SolverOptions, UpdateOrder};
pub use sweep::{Sweep, SweepOrder, SweepPoint};
