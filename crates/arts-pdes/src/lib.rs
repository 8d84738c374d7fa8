//! Parallel discrete event simulation for arts: a model API, three engines
//! (sequential oracle, conservative time windows, optimistic Time Warp with
//! rollback, anti-messages, GVT, fossil collection and an optimism window) and
//! models (PHOLD; the Blue Gene/L torus model goes in `models::torus`).
//!
//! Every engine gives identical committed results (event count, checksum of the
//! final LP states, model statistics) for the same model and seed, whatever the
//! PE count: events are ordered by `(timestamp, sender LP, sender's send
//! sequence)` and every LP draws from its own random stream that rolls back with
//! it.
//!
//! ```
//! use arts_pdes::{RunConfig, SyncMode, models::phold::{Phold, PholdParams}};
//! let model = Phold::new(PholdParams { lps: 64, ..PholdParams::default() }).unwrap();
//! let seq = arts_pdes::run(&model, &RunConfig::new(SyncMode::Sequential, 1, 20.0, 7), None).unwrap();
//! let opt = arts_pdes::run(&model, &RunConfig::new(SyncMode::Optimistic, 2, 20.0, 7), None).unwrap();
//! assert!(seq.same_results(&opt));
//! ```

pub mod checkpoint;
mod config;
pub mod dist;
mod engine;
mod error;
mod event;
mod exec;
pub mod flags;
mod key;
pub mod mem;
mod model;
pub mod models;
mod partition;
mod progress;
mod rng;
pub mod runs;
mod summary;

pub use config::{LpMapping, RunConfig, SimReport, SyncMode};
pub use engine::{ProgressFn, run, validate};
pub use error::{EventError, EventFault, PdesError};
pub use event::{Event, PendingSet, Queue};
pub use key::{Key, LpId, MAX_LPS, MAX_SENDS_PER_LP, Time};
pub use model::{EventCtx, Model, MsgCodec, StatKind, StatSpec, StateCodec, UnitCodec};
pub use partition::Partition;
pub use progress::{Progress, run_watched};
pub use rng::{LpRng, mix64};
