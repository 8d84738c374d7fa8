//! The arts object runtime, after Charm++ and AMPI: many migratable objects
//! per processor, message-driven scheduling with priorities, reductions,
//! broadcasts, quiescence detection, and a location manager that forwards
//! messages to objects that moved.
//!
//! A user writes a [`Chare`] (the element type of an object array) and a
//! main program that receives a [`Driver`]:
//!
//! ```
//! use arts_core::*;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Counter { hits: u64 }
//!
//! impl Chare for Counter {
//!     type Msg = u64;
//!     type Init = ();
//!     fn new(_: Index, _: &()) -> Self { Counter { hits: 0 } }
//!     fn receive(&mut self, n: u64, ctx: &mut Ctx<'_, Self>) {
//!         self.hits += n;
//!         ctx.contribute(self.hits, Reducer::Sum, Callback::Main(0));
//!     }
//! }
//!
//! let config = Config { pes: 2, ..Config::default() };
//! let (total, _report) = run(&config, |drv| {
//!     let a = drv.create_array::<Counter>("counters", Shape::d1(8), Map::Block, ());
//!     drv.broadcast(&a, 5);
//!     drv.wait_callback(0).unwrap()
//! }).unwrap();
//! assert_eq!(total, RedValue::U64(40));
//! ```
//!
//! Layers, bottom up: [`mailbox`] and [`transport`] move envelopes between
//! PEs; `pe` runs each PE's scheduler over its local `queue`; `store` keeps a
//! PE's elements and runs their entry methods through [`Ctx`]; `location`,
//! `reduction` and `driver` implement forwarding, reductions and quiescence.

pub mod bulk;
mod chare;
mod ctx;
mod driver;
pub mod envelope;
mod frame;
mod index;
mod instrument;
pub mod lb;
mod location;
pub mod mailbox;
mod map;
mod pe;
mod qd;
mod queue;
mod reduction;
mod runtime;
mod services;
mod store;
pub mod transport;
pub mod wire;

/// A processing element number (0-based, global across processes).
pub type PeId = u32;

pub use bulk::Bulk;
pub use chare::{ArrayProxy, Chare};
pub use ctx::Ctx;
pub use driver::{Driver, DriverMsg};
pub use envelope::ObjId;
pub use index::{Index, Shape};
pub use instrument::{CommCount, CommRecord, PeCounters};
pub use lb::{LbConfig, LbPeriod, LbStepRecord};
pub use mailbox::IdlePolicy;
pub use map::Map;
pub use pe::PeReport;
pub use queue::DEFAULT_PRIORITY;
pub use reduction::{Callback, CombineFn, RedValue, Reducer, register_custom};
pub use runtime::{Config, RunError, RunReport, TransportFactory, run, run_on};
