//! Runs across processes: the transport the engines use for what leaves a
//! process ([`Net`]: events, anti-messages, the GVT reductions and the final
//! gather), the byte layout of what crosses, and [`mesh`], an in-process
//! [`Net`] of several simulated processes for tests.
//!
//! A run goes across processes when its [`crate::RunConfig::processes`] is
//! set: process `r` of `n` holds global PEs `r*K .. (r+1)*K` (`K = pes / n`)
//! and only their LPs. Without it nothing here is touched: one process
//! behaves as before. The protocol is in `README.md` beside this file;
//! `arts-mpi` implements [`Net`] over MPI.

mod mesh;
mod report;
mod solo;
mod spread;
mod wire;

#[cfg(test)]
pub(crate) use mesh::{Tap, Tapped};
pub use mesh::{mesh, on_each};
pub(crate) use report::{End, gather_report};
pub(crate) use solo::Solo;
pub use spread::spread;

use std::fmt;
use std::sync::Arc;

pub(crate) use wire::{Totals, decode_batch, encode_wire};

/// What a run needs from the processes it spans. Every process of the run
/// calls the collectives in the same order.
pub trait Net: Send + Sync {
    /// This process's index, `0..size()`.
    fn rank(&self) -> u32;
    /// Number of processes.
    fn size(&self) -> u32;
    /// Sends `bytes` to process `to` (not this one) without waiting for it
    /// to be received; any thread may call it.
    fn send(&self, to: u32, bytes: Vec<u8>);
    /// One message that arrived for this process, if any (one thread at a
    /// time calls it).
    fn recv(&self) -> Option<Vec<u8>>;
    /// Collective: every process's `mine` (the same length everywhere),
    /// concatenated in rank order.
    fn all_gather_u64(&self, mine: &[u64]) -> Vec<u64>;
    /// Collective: every process's `mine` (any length), in rank order.
    fn all_gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>>;
    /// Collective: every process's `mine` (any length), in rank order, on
    /// process 0; the others get an empty list. (By default an all-gather
    /// whose result only process 0 keeps.)
    fn gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        let all = self.all_gather_bytes(mine);
        if self.rank() == 0 { all } else { Vec::new() }
    }
}

/// The processes a run spans (a shared [`Net`]).
#[derive(Clone)]
pub struct Processes(pub Arc<dyn Net>);

impl Processes {
    /// This process's index.
    pub fn rank(&self) -> u32 {
        self.0.rank()
    }

    /// Number of processes.
    pub fn size(&self) -> u32 {
        self.0.size()
    }
}

impl fmt::Debug for Processes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Processes(rank {} of {})", self.rank(), self.size())
    }
}
