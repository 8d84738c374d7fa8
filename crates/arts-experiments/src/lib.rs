//! The papers' experiments and arts' benchmark suites, in one place above
//! the apps: each runs validated app runs and returns rows, with the CSV
//! and SVG charts that render them (`arts_util::chart`). The runtime crates
//! keep only what their users call; an experiment is added here.
//!
//! - [`dispatch`]: H-Dispatch's studies (`arts bench dispatch`): the quick
//!   headline run, the task-size sweep, the memory and interference studies.
//! - [`ampi_bench`]: Adaptive MPI's figures, each beside its baseline
//!   (`arts ampi bench`).
//! - [`grid_study`]: the grid thesis' experiments on Jacobi2D (`arts grid`).
//! - [`grid_delay`]: how exactly the delay layer emulates latency.
//! - [`leanmd_grid`]: the thesis' LeanMD case study on two clusters
//!   (`arts experiment leanmd-grid`).
//! - [`ljs_profile`]: the PDES paper's LJS phase profiles on a recorded
//!   LeanMD run (`arts experiment ljs-profile`).
//! - [`fracture_fem`]: the fracture FEM program's utilization and grid
//!   figures (`arts experiment fracture-fem`).
//! - [`ampi_vs_mpi`]: the AMPI paper's comparisons with Open MPI and MPICH
//!   in C (Figs 7-8, Tables 1-3, Fig. 12; `arts experiment ampi-vs-mpi`).
//! - [`ddm_study`]: the drift-diffusion paper's comparison of styles
//!   (`arts experiment ddm-scaling`).
//! - [`ddm_mpi`]: its MPI program in C on three MPIs, and Fig. 11
//!   (`arts experiment ddm-mpi`).
//! - [`core_bench`]: the runtime's basic costs (`arts bench core`).
//! - [`microbench`]: ping-pong and bandwidth between PEs.
//! - `mpi_bench` (feature `mpi`): arts against raw MPI (`arts bench mpi`).
//! - [`pdes_bench`]: the PDES engines side by side on PHOLD (`arts bench pdes`).
//! - [`reproduce`]: every figure and table of the five papers beside ours
//!   (`arts reproduce`).
//! - [`scaling`]: the scaling campaign of every study against its baseline
//!   at several PE counts, sized to a time budget (`arts experiment scaling`).

pub mod ampi_bench;
pub mod ampi_vs_mpi;
pub mod core_bench;
pub mod ddm_mpi;
pub mod ddm_study;
pub mod dispatch;
pub mod fracture_fem;
pub mod grid_delay;
pub mod grid_study;
pub mod leanmd_grid;
pub mod ljs_profile;
pub mod microbench;
#[cfg(feature = "mpi")]
pub mod mpi_bench;
pub mod pdes_bench;
pub mod pdes_bench_flags;
pub mod reproduce;
pub mod scaling;

mod error;
pub use error::StudyError;
