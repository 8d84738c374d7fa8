//! Reads a Chrome trace written by [`crate::write_chrome`] (or any trace with
//! complete events per thread) and summarizes it: per-PE utilization and the
//! entry methods with the most total time.

use std::collections::BTreeMap;
use std::io::Read;

use serde::{Deserialize, Serialize};

/// Why a trace could not be summarized.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// The file is not a JSON trace-event document.
    #[error("not a Chrome trace-event JSON file: {0}")]
    Malformed(String),
    /// The document parsed but holds no events with a duration.
    #[error("the trace holds no complete (\"ph\":\"X\") events")]
    Empty,
}

/// Utilization of one PE over the traced interval.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PeUtilization {
    /// PE number (the trace's thread id).
    pub pe: u64,
    /// Time spent in entry methods, seconds.
    pub busy_s: f64,
    /// Time marked idle, seconds.
    pub idle_s: f64,
    /// busy / traced interval (first event start to last event end, all PEs).
    pub utilization: f64,
}

/// Total time of one entry method (`array::method`) over the trace.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EntryTotal {
    /// `array::method`.
    pub name: String,
    /// Number of executions.
    pub count: u64,
    /// Total time, seconds.
    pub total_s: f64,
}

/// What `arts trace summary` reports.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    /// Traced interval, seconds.
    pub span_s: f64,
    /// One entry per PE, by PE number.
    pub pes: Vec<PeUtilization>,
    /// Entry methods by decreasing total time.
    pub entries: Vec<EntryTotal>,
    /// Hardware counter totals and rates (`--counters`), if counted.
    pub counters: Option<crate::counters::CounterSummary>,
}

#[derive(Deserialize)]
struct Doc {
    #[serde(rename = "traceEvents")]
    trace_events: Vec<Event>,
}

#[derive(Deserialize)]
struct Event {
    ph: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    cat: String,
    #[serde(default)]
    tid: u64,
    #[serde(default)]
    ts: f64,
    #[serde(default)]
    dur: f64,
    #[serde(default)]
    args: Option<Args>,
}

/// The one argument the summary reads: the calls a summary trace's
/// per-bin total stands for.
#[derive(Deserialize)]
struct Args {
    #[serde(default)]
    calls: Option<u64>,
    /// Per-process files (`arts_trace` metadata): ns to add to the times.
    #[serde(default)]
    clock_offset_ns: Option<i64>,
    /// `arts_trace` metadata: hardware counter totals per PE.
    #[serde(default)]
    counters: Vec<(u32, crate::counters::PeCounts)>,
}

/// Summarizes a Chrome trace-event document; `top` limits the entry list.
pub fn summarize<R: Read>(input: R, top: usize) -> Result<Summary, TraceError> {
    summarize_many(vec![input], top)
}

/// Summarizes one trace or the per-process files of one run together,
/// each file's times moved by its `clock_offset_ns` onto process 0's clock.
pub fn summarize_many<R: Read>(inputs: Vec<R>, top: usize) -> Result<Summary, TraceError> {
    let several = inputs.len() > 1;
    let mut docs = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.into_iter().enumerate() {
        let doc: Doc = serde_json::from_reader(input).map_err(|e| match several {
            true => TraceError::Malformed(format!("file {}: {e}", i + 1)),
            false => TraceError::Malformed(e.to_string()),
        })?;
        let offset_us = (doc.trace_events.iter())
            .find(|e| e.ph == "M" && e.name == "arts_trace")
            .and_then(|e| e.args.as_ref()?.clock_offset_ns)
            .map_or(0.0, |ns| ns as f64 / 1e3);
        docs.push((doc, offset_us));
    }
    let counts: Vec<crate::counters::PeCounts> = (docs.iter())
        .flat_map(|(d, _)| d.trace_events.iter())
        .filter(|e| e.ph == "M" && e.name == "arts_trace")
        .filter_map(|e| e.args.as_ref())
        .flat_map(|a| a.counters.iter().map(|(_, c)| c.clone()))
        .collect();
    let mut first = f64::INFINITY;
    let mut last = f64::NEG_INFINITY;
    let mut pes: BTreeMap<u64, (f64, f64)> = BTreeMap::new();
    let mut entries: BTreeMap<String, (u64, f64)> = BTreeMap::new();
    let events = (docs.iter()).flat_map(|(d, off)| d.trace_events.iter().map(move |e| (e, *off)));
    for (ev, offset_us) in events.filter(|(e, _)| e.ph == "X") {
        if !(ev.ts.is_finite() && ev.dur.is_finite() && ev.dur >= 0.0) {
            return Err(TraceError::Malformed(format!(
                "event {:?} has an invalid ts/dur",
                ev.name
            )));
        }
        let ts = ev.ts + offset_us;
        first = first.min(ts);
        last = last.max(ts + ev.dur);
        let pe = pes.entry(ev.tid).or_default();
        if ev.cat == "idle" {
            pe.1 += ev.dur;
        } else {
            pe.0 += ev.dur;
            let e = entries.entry(ev.name.clone()).or_default();
            e.0 += ev.args.as_ref().and_then(|a| a.calls).unwrap_or(1);
            e.1 += ev.dur;
        }
    }
    if pes.is_empty() {
        return Err(TraceError::Empty);
    }
    let span_us = (last - first).max(f64::MIN_POSITIVE);
    let pes = pes
        .into_iter()
        .map(|(pe, (busy, idle))| PeUtilization {
            pe,
            busy_s: busy / 1e6,
            idle_s: idle / 1e6,
            utilization: busy / span_us,
        })
        .collect();
    let mut entries: Vec<EntryTotal> = entries
        .into_iter()
        .map(|(name, (count, total))| EntryTotal {
            name,
            count,
            total_s: total / 1e6,
        })
        .collect();
    entries.sort_by(|a, b| b.total_s.total_cmp(&a.total_s));
    entries.truncate(top);
    Ok(Summary {
        span_s: span_us / 1e6,
        pes,
        entries,
        counters: crate::counters::CounterSummary::of(&counts),
    })
}

impl Summary {
    /// The summary as a table: the interval, one row per PE, then the
    /// entry methods.
    pub fn table(&self) -> String {
        let mut t = format!(
            "traced interval {:.6} s\n\nPE  busy(s)    idle(s)    utilization\n",
            self.span_s
        );
        for p in &self.pes {
            t += &format!(
                "{:<3} {:<10.6} {:<10.6} {:.1}%\n",
                p.pe,
                p.busy_s,
                p.idle_s,
                p.utilization * 100.0
            );
        }
        t += "\nentry method                      count      total(s)\n";
        for e in &self.entries {
            t += &format!("{:<32} {:<10} {:.6}\n", e.name, e.count, e.total_s);
        }
        if let Some(c) = &self.counters {
            t += &c.table();
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Span, SpanKind, write_chrome};
    use std::sync::Arc;

    fn entry(pe: u32, start: u64, dur: u64, method: &'static str) -> Span {
        Span {
            pe,
            start_ns: start,
            dur_ns: dur,
            kind: SpanKind::Entry {
                array: Arc::from("grid"),
                method,
                element: 3,
            },
        }
    }

    #[test]
    fn round_trip_summary() {
        let spans = vec![
            entry(0, 0, 3_000, "compute"),
            Span {
                pe: 0,
                start_ns: 3_000,
                dur_ns: 1_000,
                kind: SpanKind::Idle,
            },
            entry(1, 0, 1_000, "ghost"),
            entry(1, 1_000, 1_000, "ghost"),
        ];
        let mut buf = Vec::new();
        write_chrome(&mut buf, 2, &spans, &Default::default()).unwrap();
        let s = summarize(&buf[..], 10).unwrap();
        assert_eq!(s.pes.len(), 2);
        assert!((s.span_s - 4e-6).abs() < 1e-12);
        assert!((s.pes[0].utilization - 0.75).abs() < 1e-9);
        assert!((s.pes[1].utilization - 0.5).abs() < 1e-9);
        assert_eq!(s.entries[0].name, "grid::compute");
        assert_eq!(s.entries[1].count, 2);
        let t = s.table();
        assert!(t.starts_with("traced interval 0.000004 s\n"), "{t}");
        assert!(t.contains("\n0   0.000003   0.000001   75.0%\n"), "{t}");
        assert_eq!(t.lines().count(), 4 + 2 + 2 + 1, "{t}");
    }

    #[test]
    fn malformed_and_empty_inputs_are_errors() {
        assert!(matches!(
            summarize(&b"{not json"[..], 5),
            Err(TraceError::Malformed(_))
        ));
        assert!(matches!(
            summarize(&br#"{"traceEvents":[]}"#[..], 5),
            Err(TraceError::Empty)
        ));
    }
}
