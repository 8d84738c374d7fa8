//! Grid execution for the arts object runtime, after the grid thesis
//! (Koenig, chapters 2.4 and 4–8): PEs grouped into clusters separated by
//! wide-area latency, emulated on one machine or under `mpirun`.
//!
//! - [`topology`]: clusters, the one-way latency between them, optional
//!   jitter, link bandwidth and per-message overhead, and per-PE speeds;
//!   read from `--clusters K --latency L [--bandwidth B]` or a TOML/JSON
//!   file, printed as a table or JSON.
//! - [`delay`]: the delay layer, a [`Transport`](arts_core::transport::Transport)
//!   wrapper that holds each cross-cluster message until its send time plus
//!   the latency of its cluster pair (after its link carried its bytes,
//!   when the link has a bandwidth or an overhead).
//! - [`probe`]: measures the latency between every pair of PEs and
//!   rediscovers the clusters.
//! - [`emulate`]: turns a run's configuration into a grid run.
//! - [`mapping`]: the thesis' Naive and Block initial mappings.
//! - [`report`]: the grid part of every object-runtime app's report.
//! - [`choice`]: the grid options of a command line, parsed and checked
//!   into an [`Emulation`].

pub mod choice;
pub mod delay;
pub mod emulate;
pub mod mapping;
pub mod probe;
pub mod report;
pub mod topology;

pub use delay::DelayTransport;
pub use emulate::Emulation;
pub use probe::{Discovery, LatencyMatrix, discover, measure};
pub use topology::{Topology, TopologyError};
