//! Applications on the arts object runtime. Each one comes with a
//! sequential reference and checks its parallel result against it.

pub mod ampi;
pub mod background;
pub mod baseline_report;
#[cfg(feature = "mpi")]
pub mod baselines;
#[cfg(test)]
mod checkpoint_testing;
pub mod ddm;
pub mod fracture;
pub mod hotspot;
pub mod jacobi2d;
pub mod lb_choice;
pub mod leanmd;
pub mod reference_file;
pub mod registry;
pub mod relaunch;
pub mod report;
pub mod restartable;
pub mod run;
pub mod stencil2d;
pub mod stencil3d;
pub mod storm;
pub mod zones;
