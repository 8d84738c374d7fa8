//! H-Dispatch: hungry-pull task dispatch on persistent threads, and its baselines.
//!
//! - [`Dispatcher`] (module [`hdispatch`]): persistent workers run the time loop
//!   and pull tasks; a step ends without a task count (see `hdispatch/README.md`).
//! - [`ScatterGather`] (module [`scatter`]): a task object and its scratch per
//!   item per step, gathered by counting completions.
//! - [`StaticPartition`] (module [`static_part`]): fixed contiguous blocks per
//!   thread, a barrier per step (MPI-like).
//! - [`heat3d`]: the 3-D heat equation on any of them, with a sequential
//!   reference and a rayon version.

pub mod alloc_count;
pub mod error;
pub mod hdispatch;
pub mod heat3d;
pub mod idle;
pub mod scatter;
mod serial;
pub mod static_part;
pub mod task;
mod workers;

pub use error::DispatchError;
pub use hdispatch::Dispatcher;
pub use idle::WaitPolicy;
pub use scatter::ScatterGather;
pub use static_part::StaticPartition;
pub use task::{DispatchReport, Executor, Feed, Source, TaskCtx, WorkerId};
