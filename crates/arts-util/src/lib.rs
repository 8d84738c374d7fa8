//! Helpers shared by every arts layer, each written once: the workspace's
//! one median and step-time statistics ([`stats`]), pinning a thread to a
//! CPU ([`affinity`]), all-or-nothing output files ([`atomic_file`]) and
//! SVG line charts with their CSV ([`chart`]). It depends on no other arts
//! crate, so that any of them may use it.

pub mod affinity;
pub mod atomic_file;
pub mod chart;
pub mod host;
pub mod stats;
