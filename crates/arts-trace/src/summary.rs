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
}

/// Summarizes a Chrome trace-event document; `top` limits the entry list.
pub fn summarize<R: Read>(input: R, top: usize) -> Result<Summary, TraceError> {
    let doc: Doc =
        serde_json::from_reader(input).map_err(|e| TraceError::Malformed(e.to_string()))?;
    let mut first = f64::INFINITY;
    let mut last = f64::NEG_INFINITY;
    let mut pes: BTreeMap<u64, (f64, f64)> = BTreeMap::new();
    let mut entries: BTreeMap<String, (u64, f64)> = BTreeMap::new();
    for ev in doc.trace_events.iter().filter(|e| e.ph == "X") {
        if !(ev.ts.is_finite() && ev.dur.is_finite() && ev.dur >= 0.0) {
            return Err(TraceError::Malformed(format!(
                "event {:?} has an invalid ts/dur",
                ev.name
            )));
        }
        first = first.min(ev.ts);
        last = last.max(ev.ts + ev.dur);
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
