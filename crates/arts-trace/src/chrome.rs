//! Chrome trace-event JSON writer: one track (thread) per PE, one complete
//! event (`"ph":"X"`) per entry or idle span, entry spans named
//! `array::method`; sends, migrations, checkpoints (on their PE's track)
//! and load-balancing steps (global) are instant events (`"ph":"i"`) whose
//! `args` carry the details (and `dur` in µs where the event has one), so
//! readers that count complete events only see what they saw before.

use std::io::{self, Write};

use serde_json::json;

use crate::{Span, SpanKind};

/// What a trace file holds, beside its events.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TraceAbout {
    /// `full` or `summary`.
    pub mode: String,
    /// Summary traces: the bin width, µs.
    pub bin_us: Option<f64>,
    /// Spans not kept (past `--trace-max-events`), over all PEs.
    pub dropped: u64,
}

impl TraceAbout {
    /// A trace of `mode` that dropped `dropped` spans.
    pub fn new(mode: crate::TraceMode, dropped: u64) -> TraceAbout {
        match mode {
            crate::TraceMode::Full => TraceAbout {
                mode: "full".into(),
                bin_us: None,
                dropped,
            },
            crate::TraceMode::Summary { bin_ns } => TraceAbout {
                mode: "summary".into(),
                bin_us: Some(bin_ns as f64 / 1e3),
                dropped,
            },
        }
    }
}

impl Default for TraceAbout {
    /// A full trace that kept every span.
    fn default() -> Self {
        TraceAbout::new(crate::TraceMode::Full, 0)
    }
}

/// Writes `spans` of a run on `pes` PEs as a Chrome trace-event JSON document.
/// `about` is written as the metadata event `arts_trace` (the mode, the
/// bin width, the spans dropped), so readers can say what the file holds.
pub fn write_chrome<W: Write>(
    out: W,
    pes: u32,
    spans: &[Span],
    about: &TraceAbout,
) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    out.write_all(b"{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n")?;
    let mut first = true;
    let mut emit = |out: &mut io::BufWriter<W>, value: serde_json::Value| -> io::Result<()> {
        if !first {
            out.write_all(b",\n")?;
        }
        first = false;
        serde_json::to_writer(&mut *out, &value).map_err(io::Error::other)
    };
    emit(
        &mut out,
        json!({"ph": "M", "pid": 0, "name": "process_name", "args": {"name": "arts"}}),
    )?;
    emit(
        &mut out,
        json!({"ph": "M", "pid": 0, "name": "arts_trace", "args": about}),
    )?;
    for pe in 0..pes {
        emit(
            &mut out,
            json!({"ph": "M", "pid": 0, "tid": pe, "name": "thread_name",
                   "args": {"name": format!("PE {pe}")}}),
        )?;
        emit(
            &mut out,
            json!({"ph": "M", "pid": 0, "tid": pe, "name": "thread_sort_index",
                   "args": {"sort_index": pe}}),
        )?;
    }
    for span in spans {
        let ts = span.start_ns as f64 / 1e3;
        let dur = span.dur_ns as f64 / 1e3;
        let event = match &span.kind {
            SpanKind::Entry {
                array,
                method,
                element,
            } => json!({"ph": "X", "pid": 0, "tid": span.pe, "cat": "entry",
                        "name": format!("{array}::{method}"), "ts": ts, "dur": dur,
                        "args": {"element": element}}),
            SpanKind::Idle => json!({"ph": "X", "pid": 0, "tid": span.pe, "cat": "idle",
                                     "name": "idle", "ts": ts, "dur": dur}),
            SpanKind::Send { to_pe, bytes } => {
                json!({"ph": "i", "s": "t", "pid": 0, "tid": span.pe, "cat": "msg",
                       "name": "send", "ts": ts, "args": {"to": to_pe, "bytes": bytes}})
            }
            SpanKind::Migrate {
                array,
                element,
                to_pe,
            } => json!({"ph": "i", "s": "t", "pid": 0, "tid": span.pe, "cat": "migration",
                        "name": format!("migrate {array}[{element}]"), "ts": ts,
                        "args": {"array": &**array, "element": element, "to": to_pe}}),
            SpanKind::LbStep {
                array,
                step,
                migrations,
            } => json!({"ph": "i", "s": "g", "pid": 0, "tid": span.pe, "cat": "lb",
                        "name": format!("LB step {step} of {array}"), "ts": ts,
                        "args": {"array": &**array, "step": step, "migrations": migrations,
                                 "dur": dur}}),
            SpanKind::EntryTotal {
                array,
                method,
                calls,
            } => json!({"ph": "X", "pid": 0, "tid": span.pe, "cat": "entry",
                        "name": format!("{array}::{method}"), "ts": ts, "dur": dur,
                        "args": {"calls": calls}}),
            SpanKind::SendTotal {
                to_pe,
                bytes,
                count,
            } => json!({"ph": "i", "s": "t", "pid": 0, "tid": span.pe, "cat": "msg",
                        "name": "send", "ts": ts,
                        "args": {"to": to_pe, "bytes": bytes, "count": count}}),
            SpanKind::Checkpoint { array } => {
                json!({"ph": "i", "s": "t", "pid": 0, "tid": span.pe, "cat": "checkpoint",
                       "name": format!("checkpoint {array}"), "ts": ts,
                       "args": {"array": &**array, "dur": dur}})
            }
        };
        emit(&mut out, event)?;
    }
    out.write_all(b"\n]}\n")?;
    out.flush()
}
