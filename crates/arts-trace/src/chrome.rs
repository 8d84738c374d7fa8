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
#[serde(default)]
pub struct TraceAbout {
    /// `full` or `summary`.
    pub mode: String,
    /// Summary traces: the bin width, µs.
    pub bin_us: Option<f64>,
    /// Spans not kept (past `--trace-max-events`), over all PEs.
    pub dropped: u64,
    /// `--trace-window`: the steps kept besides the one under way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_steps: Option<u64>,
    /// What a step of the window is: `steps` (the app's iterations) or
    /// `lb_steps` (load-balancing steps, AMPI).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_unit: Option<String>,
    /// The first step (0-based) whose spans every PE kept whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_first_step: Option<u64>,
    /// Spans that fell out of the window (before it), over all PEs.
    pub window_dropped: u64,
    /// Per-process files: this file's process (MPI rank).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub process: Option<u32>,
    /// Per-process files: the processes of the run (one file each).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub processes: Option<u32>,
    /// Per-process files: ns to add to this file's times to put them on
    /// process 0's clock (measured at the run's start).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_offset_ns: Option<i64>,
    /// Runs with clusters (`--clusters`): the cluster of each PE.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clusters: Option<Vec<u32>>,
    /// `--counters`: each PE's hardware counter totals per entry method,
    /// `[pe, counts]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<(u32, crate::counters::PeCounts)>,
}

impl TraceAbout {
    /// A trace of `mode` that dropped `dropped` spans.
    pub fn new(mode: crate::TraceMode, dropped: u64) -> TraceAbout {
        match mode {
            crate::TraceMode::Full => TraceAbout {
                mode: "full".into(),
                bin_us: None,
                dropped,
                window_steps: None,
                window_unit: None,
                window_first_step: None,
                window_dropped: 0,
                process: None,
                processes: None,
                clock_offset_ns: None,
                clusters: None,
                counters: Vec::new(),
            },
            crate::TraceMode::Summary { bin_ns } => TraceAbout {
                mode: "summary".into(),
                bin_us: Some(bin_ns as f64 / 1e3),
                ..TraceAbout::new(crate::TraceMode::Full, dropped)
            },
        }
    }

    /// This description with the window of `options` (if any) and what
    /// fell out of it: `outside` spans, all PEs whole from `first_step`.
    pub fn with_window(
        mut self,
        options: &crate::TraceOptions,
        outside: u64,
        first_step: Option<u64>,
    ) -> TraceAbout {
        if let Some(w) = options.window {
            self.window_steps = Some(w.steps);
            self.window_unit = Some(w.clock.unit().into());
            self.window_first_step = first_step;
            self.window_dropped = outside;
        }
        self
    }

    /// The one-line description of what the file holds beyond a full
    /// trace (empty for a whole full trace).
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(bin) = self.bin_us {
            parts.push(format!("summary trace ({bin} µs bins)"));
        }
        if let Some(steps) = self.window_steps {
            let unit = self
                .window_unit
                .as_deref()
                .unwrap_or("steps")
                .replace('_', " ");
            let from = (self.window_first_step)
                .map_or(String::new(), |f| format!(", whole from step {f}"));
            parts.push(format!(
                "window of the last {steps} {unit}{from}; {} earlier spans dropped",
                self.window_dropped
            ));
        }
        if self.dropped > 0 {
            parts.push(format!(
                "{} spans dropped past the event bound",
                self.dropped
            ));
        }
        if let (Some(p), Some(n)) = (self.process, self.processes) {
            parts.push(format!("process {p} of {n}"));
        }
        parts.join("; ")
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
