//! Helpers shared by every arts layer, each written once: the workspace's
//! one median and step-time statistics ([`stats`]), pinning a thread to a
//! CPU ([`affinity`]), all-or-nothing output files ([`atomic_file`]),
//! SVG line charts with their CSV ([`chart`]), what the host reports
//! beside a benchmark's figures ([`host`]), reading the files a user
//! names, regular files only, capped ([`input_file`]), one job per
//! directory it writes ([`dir_lock`]), the parsers of the paths a run
//! writes ([`output_path`]), what an MPI launcher tells its processes
//! ([`launcher_env`]), and the progress of long loops,
//! reported by libraries and drawn by the binary ([`progress`]), user input
//! quoted in an error message ([`text`]). It depends on no other arts
//! crate, so that any of them may use it.

pub mod affinity;
pub mod atomic_file;
pub mod chart;
pub mod dir_lock;
pub mod host;
pub mod input_file;
pub mod launcher_env;
pub mod output_path;
pub mod progress;
pub mod stats;
pub mod text;
