//! Trace events of the arts runtime, their export as Chrome trace-event JSON
//! (opens in Perfetto and `chrome://tracing`), and summaries read back from
//! such files.
//!
//! The runtime records [`Span`]s per PE while it runs (one per entry method
//! executed, one per idle period) and hands them to [`write_chrome`] at the end.
//! [`summarize`] reads any such file back and reports per-PE utilization and
//! the entry methods that took the most time. [`record`] is the causal
//! recording `arts predict` replays.

mod chrome;
mod intern;
pub mod record;
mod summary;

pub use chrome::write_chrome;
pub use summary::{EntryTotal, PeUtilization, Summary, TraceError, summarize};

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
