//! Adaptive MPI on the arts runtime (after AMPI, Huang, Lawlor and Kalé
//! 2003): every MPI rank is a *virtual processor* — a stackful coroutine
//! owned by an element of an arts object array, V ranks block-mapped on P
//! PEs. A blocking call suspends only its rank; the PE runs other ranks,
//! and the message that satisfies the wait resumes it. `Mpi::migrate` is a
//! load-balancing point at which the runtime may move the rank, stack and
//! heap included, to another PE thread of the process.
//!
//! ```
//! use std::sync::Arc;
//! use arts_ampi::{Op, RunOptions, WORLD};
//!
//! let report = arts_ampi::run(&RunOptions::new(5, 2), Arc::new(|mpi| {
//!     let mine = [mpi.rank() as u64 + 1];
//!     let mut total = [0u64];
//!     mpi.allreduce(&mine, &mut total, &Op::Sum, WORLD)?;
//!     assert_eq!(total[0], 15);
//!     mpi.record("total", total[0] as f64);
//!     Ok(())
//! })).unwrap();
//! assert_eq!(report.values["total"], vec![15.0; 5]);
//! ```
//!
//! `README.md` beside this crate describes the protocol: blocking,
//! resuming, migration, and what cannot migrate.

pub mod charmrun;
pub mod datatype;
pub mod engine;
pub mod error;
mod guard;
pub mod iso;
mod mpi;
pub mod op;
mod per_process;
mod rank;
pub mod rank_state;
mod runner;
mod vp;

pub use datatype::{Datatype, Kind, Loc, MpiType};
pub use engine::{ANY_SOURCE, ANY_TAG, Queues, Status, WAITALL};
pub use error::{AmpiError, MpiError};
pub use guard::{ending_on_fault, set_fault_flush};
pub use mpi::{
    Comm, Completion, MatchedMessage, Mpi, PROC_NULL, ROOT, Request, Switch, SwitchHook, UNDEFINED,
    WORLD,
};
pub use op::Op;
pub use per_process::PerProcess;
pub use rank::{Program, ProgramFn, RankOutcome};
pub use runner::{
    AmpiReport, DEFAULT_STACK_SIZE, MIN_STACK_SIZE, RunOptions, check, ranks_on, run,
};
pub use vp::VpState;

/// The unit tests run ranks with isomalloc, which needs its allocator.
#[cfg(test)]
#[global_allocator]
static ALLOC: iso::IsoAlloc<std::alloc::System> = iso::IsoAlloc::new(std::alloc::System);
