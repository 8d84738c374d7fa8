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
                self.about = Some(crate::TraceAbout {
                    mode: args
                        .mode
                        .as_ref()
                        .and_then(|v| v.as_str())
                        .unwrap_or("full")
                        .into(),
                    bin_us: args.bin_us.as_ref().and_then(serde_json::Value::as_f64),
                    dropped: as_u64(&args.dropped).unwrap_or(0),
                });
            }
            return Ok(());
        }
        let tid = ev.tid.unwrap_or(0);
        match (ev.ph.as_str(), ev.cat.as_str()) {
            ("X", cat) => {
                let pe = self.pe_of(tid)?;
                let start = ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?;
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
                let at = ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?;
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
                let at = ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?;
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
                let start = ns(ev.ts.unwrap_or(f64::NAN), "ts", &ev.name)?;
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
pub(crate) fn read<R: Read>(input: R) -> Result<Trace, ViewError> {
    let mut trace = Trace::default();
    let mut found = false;
    let mut failure = None;
    let mut de =
        serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 20, input));
    let result = DocSeed {
        trace: &mut trace,
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
    if trace.spans.is_empty() {
        return Err(ViewError::Empty);
    }
    Ok(trace)
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
