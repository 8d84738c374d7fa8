//! Trace events of the arts runtime, their export as Chrome trace-event JSON
//! (opens in Perfetto and `chrome://tracing`), and summaries read back from
//! such files.
//!
//! The runtime records [`Span`]s per PE while it runs (one per entry method
//! executed, one per idle period) into a [`TraceBuffer`] (every span up to a
//! bound, or per-bin totals) and hands them to [`write_chrome`] at the end.
//! [`summarize`] reads any such file back and reports per-PE utilization and
//! the entry methods that took the most time. [`view`] bins a trace into
//! the performance views of `arts trace view` (an offline HTML page and
//! SVG charts). [`record`] is the causal recording `arts predict` replays.

mod buffer;
mod chrome;
pub mod counters;
mod intern;
pub mod limits;
mod log;
pub mod record;
mod summary;
pub mod view;
pub mod window;

pub use buffer::{BYTES_PER_EVENT, Finished, TraceBuffer, TraceMode, TraceOptions};
pub use chrome::{TraceAbout, write_chrome};
pub use summary::{EntryTotal, PeUtilization, Summary, TraceError, summarize, summarize_many};

/// What a span of time on a PE was spent on.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum SpanKind {
    /// An entry method of an object array ran.
    Entry {
        /// Name of the array (as given at creation).
        array: std::sync::Arc<str>,
        /// Name of the entry method.
        method: &'static str,
        /// Linear index of the element within its array.
        element: u64,
    },
    /// The PE had nothing to do.
    Idle,
    /// An element sent a message to an element on PE `to_pe` (an instant:
    /// `dur_ns` is 0).
    Send {
        /// The PE the message was routed to.
        to_pe: u32,
        /// Payload bytes (the message's wire size).
        bytes: u64,
    },
    /// An element left this PE for PE `to_pe` (an instant).
    Migrate {
        /// Name of the element's array.
        array: std::sync::Arc<str>,
        /// Linear index of the element.
        element: u64,
        /// The PE it moved to.
        to_pe: u32,
    },
    /// A load-balancing step of an array, from the last `at_sync` to the
    /// resume (recorded on PE 0).
    LbStep {
        /// Name of the balanced array.
        array: std::sync::Arc<str>,
        /// Step number (1-based, per array).
        step: u64,
        /// Objects that moved.
        migrations: u64,
    },
    /// This PE imaged its elements of an array for a checkpoint.
    Checkpoint {
        /// Name of the array.
        array: std::sync::Arc<str>,
    },
    /// Summary traces: an entry method's busy time over one bin of a PE
    /// (`dur_ns`), packed after the bin's other totals.
    EntryTotal {
        /// Name of the array.
        array: std::sync::Arc<str>,
        /// Name of the entry method.
        method: &'static str,
        /// Executions that began in the bin.
        calls: u64,
    },
    /// Summary traces: the messages a PE sent to PE `to_pe` in one bin (an
    /// instant at the bin's start).
    SendTotal {
        /// The PE they were routed to.
        to_pe: u32,
        /// Payload bytes, summed.
        bytes: u64,
        /// Messages.
        count: u64,
    },
}

/// One interval of a PE's time, in nanoseconds since the run started.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Span {
    /// The PE the span belongs to.
    pub pe: u32,
    /// Start time in ns since the start of the run.
    pub start_ns: u64,
    /// Duration in ns.
    pub dur_ns: u64,
    /// What the PE was doing.
    pub kind: SpanKind,
}
