//! Applications on the arts object runtime. Each one comes with a
//! sequential reference and checks its parallel result against it.

pub mod background;
#[cfg(feature = "mpi")]
pub mod baselines;
pub mod checkpoint_files;
pub mod checkpoint_writer;
pub mod ddm;
pub mod fracture;
pub mod grid_delay;
pub mod grid_study;
pub mod hold;
pub mod hotspot;
pub mod jacobi2d;
pub mod leanmd;
pub mod microbench;
pub mod reference_file;
pub mod report;
pub mod stats;
pub mod stencil2d;
pub mod stencil3d;
pub mod storm;
pub mod zones;
