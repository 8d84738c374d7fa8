//! Stream-parses a Chrome trace written by `--trace` into compact records:
//! the `traceEvents` array is visited one event at a time (never held as
//! JSON), each event kept as a few integers.

use std::collections::HashMap;
use std::fmt;
use std::io::Read;

use serde::Deserialize;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::ViewError;

/// Most PEs (thread ids) a trace may have.
const MAX_PES: u64 = 4096;
/// Most complete events kept (about 24 bytes each).
const MAX_SPANS: usize = 60_000_000;
/// Most instant events of each kind kept (sends are counted beyond it).
const MAX_INSTANTS: usize = 20_000_000;
/// The name id of idle spans.
pub(crate) const IDLE: u32 = u32::MAX;

/// One entry or idle span.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpanRec {
    /// Start, ns since the run started.
    pub start: u64,
    /// Duration, ns.
    pub dur: u64,
    /// The PE.
    pub pe: u32,
    /// Index into [`Trace::names`], or [`IDLE`].
    pub name: u32,
}

/// One message sent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SendRec {
    /// When, ns.
    pub at: u64,
    /// Sending PE.
    pub from: u32,
    /// Receiving PE.
    pub to: u32,
    /// Bytes.
    pub bytes: u64,
    /// Messages (more than 1 in a summary trace's totals).
    pub count: u64,
}

/// An element leaving a PE.
#[derive(Clone, Debug)]
pub(crate) struct MigRec {
    /// When, ns.
    pub at: u64,
    /// The PE it left.
    pub from: u32,
    /// The PE it moved to.
    pub to: u32,
    /// `array[element]`.
    pub object: String,
}

/// A load-balancing step or a checkpoint.
#[derive(Clone, Debug)]
pub(crate) struct MarkRec {
    /// Start, ns.
    pub start: u64,
    /// Duration, ns.
    pub dur: u64,
    /// The PE it was recorded on.
    pub pe: u32,
    /// What it was (`LB step 2 of grid (5 moved)`).
    pub label: String,
}

/// A parsed trace.
#[derive(Debug, Default)]
pub(crate) struct Trace {
    /// PEs (largest thread id + 1, or the PEs named in the metadata).
    pub pes: u32,
    /// Entry-method names (`array::method`), by id.
    pub names: Vec<String>,
    /// Entry and idle spans, in file order.
    pub spans: Vec<SpanRec>,
    /// Sends (the first [`MAX_INSTANTS`]).
    pub sends: Vec<SendRec>,
    /// Sends beyond those kept.
    pub sends_dropped: u64,
    /// Migrations.
    pub migrations: Vec<MigRec>,
    /// Load-balancing steps.
    pub lb: Vec<MarkRec>,
    /// Checkpoints.
    pub checkpoints: Vec<MarkRec>,
    /// Events read in all.
    pub events: u64,
    /// What the file says it holds (arts' `arts_trace` metadata).
    pub about: Option<crate::TraceAbout>,
    /// Whether the file names itself as written by arts.
    arts: bool,
    /// ns added to the times of the file being read (its clock offset).
    offset_ns: i64,
    /// The process and processes the file being read says it is of.
    file_process: Option<(Option<u32>, Option<u32>)>,
    ids: HashMap<String, u32>,
}

#[derive(Deserialize)]
struct RawEvent {
    #[serde(default)]
    ph: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    cat: String,
    #[serde(default)]
    tid: Option<u64>,
    #[serde(default)]
    ts: Option<f64>,
    #[serde(default)]
    dur: Option<f64>,
    #[serde(default)]
    args: Option<Args>,
}

#[derive(Deserialize, Default)]
struct Args {
    #[serde(default)]
    name: Option<serde_json::Value>,
    #[serde(default)]
    to: Option<serde_json::Value>,
    #[serde(default)]
    bytes: Option<serde_json::Value>,
    /// Messages an instant stands for (summary traces); 1 when absent.
    #[serde(default)]
    count: Option<serde_json::Value>,
    #[serde(default)]
    migrations: Option<serde_json::Value>,
    #[serde(default)]
    dur: Option<serde_json::Value>,
    #[serde(default)]
    mode: Option<serde_json::Value>,
    #[serde(default)]
    bin_us: Option<serde_json::Value>,
    #[serde(default)]
    dropped: Option<serde_json::Value>,
    #[serde(default)]
    window_steps: Option<serde_json::Value>,
    #[serde(default)]
    window_unit: Option<serde_json::Value>,
    #[serde(default)]
    window_first_step: Option<serde_json::Value>,
    #[serde(default)]
    window_dropped: Option<serde_json::Value>,
    #[serde(default)]
    process: Option<serde_json::Value>,
    #[serde(default)]
    processes: Option<serde_json::Value>,
    #[serde(default)]
    clock_offset_ns: Option<serde_json::Value>,
    #[serde(default)]
    clusters: Option<serde_json::Value>,
    #[serde(default)]
    counters: Option<serde_json::Value>,
}

impl Args {
    /// The `arts_trace` metadata these arguments describe.
    fn about(&self) -> crate::TraceAbout {
        let str_of =
            |v: &Option<serde_json::Value>| v.as_ref().and_then(|v| v.as_str()).map(String::from);
        let u32_of = |v: &Option<serde_json::Value>| as_u64(v).and_then(|n| u32::try_from(n).ok());
        crate::TraceAbout {
            mode: str_of(&self.mode).unwrap_or_else(|| "full".into()),
            bin_us: self.bin_us.as_ref().and_then(serde_json::Value::as_f64),
            dropped: as_u64(&self.dropped).unwrap_or(0),
            window_steps: as_u64(&self.window_steps),
            window_unit: str_of(&self.window_unit),
            window_first_step: as_u64(&self.window_first_step),
            window_dropped: as_u64(&self.window_dropped).unwrap_or(0),
            process: u32_of(&self.process),
            processes: u32_of(&self.processes),
            clock_offset_ns: self
                .clock_offset_ns
                .as_ref()
                .and_then(serde_json::Value::as_i64),
            clusters: self
                .clusters
                .as_ref()
                .and_then(|v| serde_json::from_value::<Vec<u32>>(v.clone()).ok()),
            counters: (self.counters.as_ref())
                .and_then(|v| serde_json::from_value(v.clone()).ok())
                .unwrap_or_default(),
        }
    }
}

fn as_u64(v: &Option<serde_json::Value>) -> Option<u64> {
    v.as_ref().and_then(serde_json::Value::as_u64)
}

/// Microseconds (the trace's unit) to ns; `what` names the field in errors.
fn ns(us: f64, what: &str, name: &str) -> Result<u64, ViewError> {
    if !(0.0..1e15).contains(&us) {
        return Err(ViewError::Malformed(format!(
            "event {name:?} has an invalid {what} ({us})"
        )));
    }
    Ok((us * 1e3).round() as u64)
}

impl Trace {
    fn add(&mut self, ev: RawEvent) -> Result<(), ViewError> {
        self.events += 1;
        let args = ev.args.unwrap_or_default();
        if ev.ph == "M" {
            if ev.name == "process_name"
                && args.name.as_ref().and_then(|v| v.as_str()) == Some("arts")
            {
                self.arts = true;
            }
            if ev.name == "thread_name"
                && let Some(t) = ev.tid
            {
                self.pe_of(t)?;
            }
            if ev.name == "arts_trace" {
                self.merge_about(args.about());
            }
            return Ok(());
        }
        let tid = ev.tid.unwrap_or(0);
        match (ev.ph.as_str(), ev.cat.as_str()) {
            ("X", cat) => {
                let pe = self.pe_of(tid)?;
                let start = self.shift(ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?);
                let dur = ns(ev.dur.unwrap_or(f64::NAN), "dur", &ev.name)?;
                let name = if cat == "idle" {
                    IDLE
                } else {
                    self.name_id(ev.name)
                };
                if self.spans.len() >= MAX_SPANS {
                    return Err(ViewError::TooLarge(format!(
                        "more than {MAX_SPANS} complete events"
                    )));
                }
                self.spans.push(SpanRec {
                    start,
                    dur,
                    pe,
                    name,
                });
            }
            ("i" | "I", "msg") => {
                let from = self.pe_of(tid)?;
                let at = self.shift(ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?);
                let to = as_u64(&args.to).unwrap_or(u64::from(from));
                let to = self.pe_of(to)?;
                if self.sends.len() >= MAX_INSTANTS {
                    self.sends_dropped += 1;
                    return Ok(());
                }
                self.sends.push(SendRec {
                    at,
                    from,
                    to,
                    bytes: as_u64(&args.bytes).unwrap_or(0),
                    count: as_u64(&args.count).unwrap_or(1),
                });
            }
            ("i" | "I", "migration") if self.migrations.len() < MAX_INSTANTS => {
                let from = self.pe_of(tid)?;
                let at = self.shift(ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?);
                let to = as_u64(&args.to).unwrap_or(u64::from(from));
                let to = self.pe_of(to)?;
                let object = ev
                    .name
                    .strip_prefix("migrate ")
                    .unwrap_or(&ev.name)
                    .to_string();
                self.migrations.push(MigRec {
                    at,
                    from,
                    to,
                    object,
                });
            }
            ("i" | "I", cat @ ("lb" | "checkpoint")) => {
                let pe = self.pe_of(tid)?;
                let dur_us = args.dur.as_ref().and_then(|v| v.as_f64()).unwrap_or(0.0);
                let dur = ns(dur_us, "args.dur", &ev.name)?;
                // The writer puts the instant at the mark's start.
                let start = self.shift(ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?);
                let mut label = ev.name;
                if let Some(m) = as_u64(&args.migrations) {
                    label += &format!(" ({m} moved)");
                }
                let mark = MarkRec {
                    start,
                    dur,
                    pe,
                    label,
                };
                let list = if cat == "lb" {
                    &mut self.lb
                } else {
                    &mut self.checkpoints
                };
                if list.len() < MAX_INSTANTS {
                    list.push(mark);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A time of the file being read on process 0's clock.
    fn shift(&self, t: u64) -> u64 {
        t.saturating_add_signed(self.offset_ns)
    }

    /// Takes a file's `arts_trace` metadata: the first file's, then the
    /// next per-process files' drops added.
    fn merge_about(&mut self, next: crate::TraceAbout) {
        self.offset_ns = next.clock_offset_ns.unwrap_or(0);
        self.file_process = Some((next.process, next.processes));
        match &mut self.about {
            None => self.about = Some(next),
            Some(a) => {
                a.dropped += next.dropped;
                a.window_dropped += next.window_dropped;
                a.window_first_step = a.window_first_step.max(next.window_first_step);
                a.process = None;
                a.clusters = a.clusters.take().or(next.clusters);
                a.counters.extend(next.counters);
            }
        }
    }

    fn pe_of(&mut self, tid: u64) -> Result<u32, ViewError> {
        if tid >= MAX_PES {
            return Err(ViewError::Malformed(format!(
                "thread id {tid} is not a PE number (at most {})",
                MAX_PES - 1
            )));
        }
        self.pes = self.pes.max(tid as u32 + 1);
        Ok(tid as u32)
    }

    fn name_id(&mut self, name: String) -> u32 {
        if let Some(&id) = self.ids.get(&name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(name.clone());
        self.ids.insert(name, id);
        id
    }
}

/// Reads a whole trace document.
#[cfg(test)]
pub(crate) fn read<R: Read>(input: R) -> Result<Trace, ViewError> {
    read_many(vec![input])
}

/// Reads one trace or the per-process files of one run (`--trace-per-process`,
/// each with its clock offset) into one trace; an error names the file
/// (`file N: ...`, 1-based) when there are several.
pub(crate) fn read_many<R: Read>(inputs: Vec<R>) -> Result<Trace, ViewError> {
    let several = inputs.len() > 1;
    let mut trace = Trace::default();
    let mut processes = Vec::new();
    for (i, input) in inputs.into_iter().enumerate() {
        trace.arts = false;
        trace.offset_ns = 0;
        trace.file_process = None;
        read_one(input, &mut trace).map_err(|e| match e {
            e if !several => e,
            ViewError::Malformed(m) => ViewError::Malformed(format!("file {}: {m}", i + 1)),
            ViewError::Foreign(m) => ViewError::Foreign(format!("file {}: {m}", i + 1)),
            e => e,
        })?;
        if several {
            match trace.file_process {
                Some((Some(p), Some(n))) => processes.push((p, n)),
                _ => {
                    return Err(ViewError::Foreign(format!(
                        "file {}: not a per-process trace (--trace-per-process): only such \
                         files of one run can be merged",
                        i + 1
                    )));
                }
            }
        }
    }
    if several {
        let n = processes[0].1;
        processes.sort_unstable();
        let expected: Vec<(u32, u32)> = (0..n).map(|p| (p, n)).collect();
        if processes != expected {
            let got: Vec<String> = processes.iter().map(|p| p.0.to_string()).collect();
            return Err(ViewError::Foreign(format!(
                "the files are processes {} of a {n}-process run: give each process's file once \
                 (FILE.p0 .. FILE.p{})",
                got.join(", "),
                n - 1
            )));
        }
    }
    if trace.spans.is_empty() {
        return Err(ViewError::Empty);
    }
    Ok(trace)
}

/// Reads one document into `trace`.
fn read_one<R: Read>(input: R, trace: &mut Trace) -> Result<(), ViewError> {
    let mut found = false;
    let mut failure = None;
    let mut de =
        serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 20, input));
    let result = DocSeed {
        trace,
        found: &mut found,
        failure: &mut failure,
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    if let Some(e) = failure {
        return Err(e);
    }
    if let Err(e) = result {
        let what = if e.is_eof() && e.line() <= 1 && e.column() == 0 {
            "the file is empty".to_string()
        } else if e.is_eof() {
            format!("the file ends early (truncated?): {e}")
        } else if e.is_io() {
            format!("cannot read it: {e}")
        } else {
            format!("not a Chrome trace-event JSON file: {e}")
        };
        return Err(ViewError::Malformed(what));
    }
    if !found {
        return Err(ViewError::Foreign(
            "a JSON document without \"traceEvents\"".into(),
        ));
    }
    if !trace.arts {
        return Err(ViewError::Foreign(
            "a trace not written by arts (no process named \"arts\")".into(),
        ));
    }
    Ok(())
}

/// The document: an object whose `traceEvents` is visited by [`EventsSeed`].
struct DocSeed<'a> {
    trace: &'a mut Trace,
    found: &'a mut bool,
    failure: &'a mut Option<ViewError>,
}

impl<'de> DeserializeSeed<'de> for DocSeed<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DocSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object with \"traceEvents\"")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "traceEvents" && !*self.found {
                *self.found = true;
                map.next_value_seed(EventsSeed {
                    trace: self.trace,
                    failure: self.failure,
                })?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// The `traceEvents` array, one event at a time.
struct EventsSeed<'a> {
    trace: &'a mut Trace,
    failure: &'a mut Option<ViewError>,
}

impl<'de> DeserializeSeed<'de> for EventsSeed<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EventsSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of trace events")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(ev) = seq.next_element::<RawEvent>()? {
            if let Err(e) = self.trace.add(ev) {
                let msg = e.to_string();
                *self.failure = Some(e);
                return Err(serde::de::Error::custom(msg));
            }
        }
        Ok(())
    }
}
