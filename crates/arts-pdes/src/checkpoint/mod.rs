//! Checkpoints of PDES runs at a GVT and restarts from them, on any
//! process and PE count: [`Snapshot`] (the committed LP states and pending
//! events), its files ([`files`]) and the run in segments ([`run`],
//! [`Plan`]). `README.md` beside this file says why the results equal an
//! uninterrupted run's.

mod driver;
pub mod files;
mod hashed;
mod snapshot;

pub use driver::{Plan, run, run_to};
pub use snapshot::{Resume, Snapshot};
