//! The arts object runtime, after Charm++ and AMPI: many migratable objects
//! per processor, message-driven scheduling with priorities, reductions,
//! broadcasts, quiescence detection, and a location manager that forwards
//! messages to objects that moved.
//!
//! A user writes a [`Chare`] (the element type of an object array), its
//! message type marked [`macro@message`], and a main program that receives
//! a [`Driver`]. Elements address each other through typed handles
//! (`proxy.at(i)`), and reductions deliver typed values to callbacks whose
//! tags are the app's own values. `docs/writing-an-app.md` builds a whole
//! app step by step.
//!
//! ```
//! use arts_core::*;
//! use serde::{Deserialize, Serialize};
//!
//! /// The app's callback tags.
//! #[derive(Serialize)]
//! enum Tag { Total }
//!
//! #[message]
//! #[derive(Clone)]
//! enum CounterMsg {
//!     /// Count `n` hits, then pass one hit to the next element.
//!     Hit { n: u64 },
//!     /// Report the count.
//!     Report,
//! }
//!
//! #[derive(Serialize, Deserialize)]
//! struct Counter { hits: u64 }
//!
//! impl Chare for Counter {
//!     type Msg = CounterMsg;
//!     type Init = ();
//!     fn new(_: Index, _: &()) -> Self { Counter { hits: 0 } }
//!     fn receive(&mut self, msg: CounterMsg, ctx: &mut Ctx<'_, Self>) {
//!         match msg {
//!             CounterMsg::Hit { n } => {
//!                 self.hits += n;
//!                 let next = (ctx.index().x() + 1) % 8;
//!                 if n > 1 {
//!                     ctx.send(ctx.this_proxy().at(next), CounterMsg::Hit { n: 1 });
//!                 }
//!             }
//!             CounterMsg::Report => {
//!                 ctx.contribute(self.hits, Reducer::Sum, Callback::main(Tag::Total))
//!             }
//!         }
//!     }
//! }
//!
//! let config = Config { pes: 2, ..Config::default() };
//! let (total, _report) = run(&config, |drv| -> Result<u64, RunError> {
//!     let a = drv.create_array::<Counter>("counters", Shape::d1(8), Map::Block, ());
//!     drv.broadcast(&a, CounterMsg::Hit { n: 5 });
//!     drv.wait_quiescence()?;
//!     drv.broadcast(&a, CounterMsg::Report);
//!     drv.wait_callback(Tag::Total)
//! }).unwrap();
//! assert_eq!(total.unwrap(), 8 * 5 + 8);
//! ```
//!
//! Layers, bottom up: `mailbox` and [`transport`] move envelopes between
//! PEs (what a transport implementer needs is in [`transport`] alone; the
//! crate's root holds what an app writer needs); `pe` runs each PE's scheduler over its local `queue`; `store` keeps a
//! PE's elements and runs their entry methods through [`Ctx`]; `location`,
//! `reduction` and `driver` implement forwarding, reductions and quiescence.

extern crate self as arts_core;

mod bulk;
mod chare;
pub mod checkpoint;
mod control;
mod ctx;
mod direct;
mod driver;
mod envelope;
mod frame;
mod grid;
mod ids;
mod index;
mod instrument;
pub mod lb_manager;
pub mod limits;
mod location;
mod mailbox;
mod map;
mod message;
pub mod migration;
mod panics;
mod pe;
mod qd;
mod queue;
mod record;
mod reduction;
mod run_error;
mod runtime;
mod services;
mod store;
pub mod trace_file;
pub mod transport;
pub mod wire;

/// A processing element number (0-based, global across processes).
pub type PeId = u32;

pub use arts_macros::message;
pub use bulk::Bulk;
pub use chare::{ArrayProxy, Chare, Element};
pub use checkpoint::{ArrayImage, ElementImage};
pub use ctx::{Ctx, OwnPoll};
pub use driver::{Driver, DriverMsg};
pub use grid::{DEFAULT_STARVATION_LIMIT, EmulatedSpeeds, GridConfig};
pub use ids::ObjId;
pub use index::{Index, Shape};
pub use instrument::{CommCount, CommRecord, PeCounters};
pub use lb_manager::{LbConfig, LbPeriod, LbStepRecord, LbSteps};
pub use mailbox::IdlePolicy;
pub use map::Map;
pub use message::{Message, WireSize};
pub use panics::quiet_pe_panics;
pub use pe::PeReport;
pub use queue::DEFAULT_PRIORITY;
pub use record::{PeRecord, RecordingInfo};
pub use reduction::{
    Callback, CombineFn, RedValue, Reduced, Reducer, Reducible, Tag, register_custom,
};
pub use run_error::RunError;
pub use runtime::{
    Config, RunReport, StartHandler, TransportFactory, TransportParts, connect, run, run_on,
};

#[doc(hidden)]
pub use message::__private;

/// The tutorial's programs, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/writing-an-app.md")]
pub struct WritingAnApp;
