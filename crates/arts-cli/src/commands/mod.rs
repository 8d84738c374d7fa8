//! One module per area; each owns its subcommands' arguments and runners.

pub mod ampi;
pub mod checkpoint;
pub mod checkpoint_summary;
pub mod core;
pub mod ddm;
pub mod ddm_flags;
pub mod ddm_mpi;
pub mod ddm_parallel;
pub mod ddm_scaling;
pub mod dispatch;
pub mod fracture_fem;
pub mod grid;
pub mod grid_flags;
pub mod heat_flags;
pub mod imbalance;
pub mod launcher;
pub mod lb;
pub mod leanmd_grid;
pub mod md;
pub mod mpi;
pub mod pdes;
pub mod predict;
pub mod reproduce;
pub mod stencil;
pub mod topology;
pub mod trace;
