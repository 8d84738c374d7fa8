//! Causal recording of a run (`Config::record`), for trace-driven
//! prediction: each PE notes every entry method it runs (with its measured
//! duration and what triggered it) and every element message it sends. A
//! recorded message carries its number on the PE that sent it
//! (`Entry::id`, 0 when not recorded), so the execution it triggers can name
//! it. [`crate::RunReport::recording`] joins the PEs' notes into one
//! [`Recording`].

use std::borrow::Cow;
use std::collections::HashMap;

use arts_trace::record::{ArrayInfo, Cause, Exec, FORMAT, Header, Recording, Send, VERSION};

use crate::PeId;
use crate::envelope::{DRIVER, ObjId};

/// What triggered an execution, as one PE sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum RawCause {
    /// A message from the main program.
    Driver,
    /// Message number `seq` sent by PE `src`.
    Msg {
        /// Sending PE.
        src: PeId,
        /// Its number there.
        seq: u32,
    },
    /// Anything else (reduction results, broadcasts by elements, resumes).
    Other,
}

impl RawCause {
    /// The cause of an element message with `id` (0: not recorded) from `src`.
    #[inline]
    pub(crate) fn of_entry(src: PeId, id: u32) -> RawCause {
        match (src, id) {
            (DRIVER, _) => RawCause::Driver,
            (_, 0) => RawCause::Other,
            (src, id) => RawCause::Msg { src, seq: id - 1 },
        }
    }
}

/// One execution as recorded on its PE.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct RawExec {
    array: u32,
    element: u64,
    /// The entry method's name (borrowed while recording: no allocation).
    method: Cow<'static, str>,
    start_ns: u64,
    dur_ns: u64,
    cause: RawCause,
}

/// One message as recorded on the PE that sent it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct RawSend {
    /// Index of the sending execution on this PE.
    exec: u32,
    /// When it was sent, ns since the run started.
    time_ns: u64,
    to: ObjId,
    bytes: u64,
}

/// What one PE recorded.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct PeRecord {
    execs: Vec<RawExec>,
    sends: Vec<RawSend>,
    /// The arrays the PE knew when it stopped: name and element count.
    arrays: Vec<(String, u64)>,
    /// Executions and messages not noted: past the PE's share of
    /// `Config::record_max_events`.
    #[serde(default)]
    dropped: u64,
}

impl PeRecord {
    /// Executions and messages this PE did not note, past its share of
    /// `Config::record_max_events` (0: the recording is whole).
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}

/// A PE's recorder.
#[derive(Default)]
pub(crate) struct Recorder {
    rec: PeRecord,
    /// What triggers the next execution (set before a message is delivered).
    pub cause: Option<RawCause>,
    /// The execution running now.
    current: Option<u32>,
    /// The most executions and messages it notes (`None`: no bound).
    limit: Option<usize>,
    /// The execution running now is one left out (so are its messages).
    skipping: bool,
}

impl Recorder {
    /// The recorder of one of `pes` PEs, noting its share of `max_events`
    /// executions and messages (`None`: every one). Past it, it notes only
    /// how many it left out ([`PeRecord::dropped`]): a recording's memory
    /// stays within its share of `--max-memory` however long the run.
    pub(crate) fn within(max_events: Option<u64>, pes: u32) -> Recorder {
        Recorder {
            limit: max_events
                .map(|m| usize::try_from(m / u64::from(pes.max(1))).unwrap_or(usize::MAX)),
            ..Recorder::default()
        }
    }

    /// Whether the recorder holds its share already (then one more event
    /// is counted as dropped).
    fn full(&mut self) -> bool {
        let full = self
            .limit
            .is_some_and(|l| self.rec.execs.len() + self.rec.sends.len() >= l);
        self.rec.dropped += u64::from(full);
        full
    }

    /// Notes the start of an execution of `method` on `obj`.
    pub(crate) fn begin(&mut self, obj: ObjId, method: &'static str, start_ns: u64) {
        self.skipping = self.full();
        if self.skipping {
            self.current = None;
            return;
        }
        self.current = Some(self.rec.execs.len() as u32);
        self.rec.execs.push(RawExec {
            array: obj.array,
            element: obj.linear,
            method: Cow::Borrowed(method),
            start_ns,
            dur_ns: 0,
            cause: self.cause.unwrap_or(RawCause::Other),
        });
    }

    /// Notes the end of the current execution, `dur_ns` after it began.
    pub(crate) fn end(&mut self, dur_ns: u64) {
        self.skipping = false;
        if let Some(i) = self.current.take() {
            self.rec.execs[i as usize].dur_ns = dur_ns;
        }
    }

    /// Notes a message to `to` of `bytes`, sent at `time_ns`; returns the
    /// id the message carries (0 when sent outside an execution).
    pub(crate) fn send(&mut self, to: ObjId, bytes: u64, time_ns: u64) -> u32 {
        let Some(exec) = self.current else {
            self.rec.dropped += u64::from(self.skipping);
            return 0;
        };
        if self.full() {
            return 0;
        }
        self.rec.sends.push(RawSend {
            exec,
            time_ns,
            to,
            bytes,
        });
        self.rec.sends.len() as u32
    }

    /// What was recorded, with the arrays' names and sizes.
    pub(crate) fn finish(self, arrays: Vec<(String, u64)>) -> PeRecord {
        PeRecord { arrays, ..self.rec }
    }
}

/// What the app tells a recording about itself.
#[derive(Clone, Debug)]
pub struct RecordingInfo {
    /// Application name.
    pub app: String,
    /// Its options.
    pub options: String,
    /// Steps it ran.
    pub steps: u64,
    /// Wall time of those steps, ns.
    pub wall_ns: u64,
}

/// Clock offsets, ns, one per PE, that put every execution a message from
/// another process triggered after the message was sent. PEs of one
/// process (`process[pe]`) share a clock; processes start theirs at a
/// barrier, a few µs apart (more when one was descheduled). The offsets
/// are the least that satisfy every such message (longest paths of the
/// difference constraints, by Bellman–Ford passes); within one process
/// they change nothing.
fn clock_offsets(records: &[&PeRecord], process: &[usize]) -> Vec<u64> {
    let processes = process.iter().max().map_or(0, |m| m + 1);
    let mut cross = Vec::new();
    for (pe, r) in records.iter().enumerate() {
        for e in &r.execs {
            let RawCause::Msg { src, seq } = e.cause else {
                continue;
            };
            let sent = records
                .get(src as usize)
                .and_then(|s| s.sends.get(seq as usize));
            let Some(s) = sent else {
                continue;
            };
            let (p, q) = (process[src as usize], process[pe]);
            if p != q {
                cross.push((q, e.start_ns, p, s.time_ns));
            }
        }
    }
    let mut off = vec![0u64; processes];
    for _ in 0..=processes {
        let mut changed = false;
        for &(q, start, p, sent) in &cross {
            let need = (sent + off[p] + 1).saturating_sub(start);
            if off[q] < need {
                off[q] = need;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    process.iter().map(|&p| off[p]).collect()
}

/// Joins the PEs' records (`records[pe]`, PE `pe` in process
/// `process[pe]`) into one recording: clocks aligned across processes,
/// executions numbered by start time, messages by sending execution and time.
pub(crate) fn join(records: &[&PeRecord], process: &[usize], info: RecordingInfo) -> Recording {
    let off = clock_offsets(records, process);
    let mut order: Vec<(u64, usize, usize)> = Vec::new();
    for (pe, r) in records.iter().enumerate() {
        order.extend(
            r.execs
                .iter()
                .enumerate()
                .map(|(i, e)| (e.start_ns + off[pe], pe, i)),
        );
    }
    order.sort_unstable();
    let mut exec_id: HashMap<(usize, usize), u64> = HashMap::with_capacity(order.len());
    for (id, &(_, pe, i)) in order.iter().enumerate() {
        exec_id.insert((pe, i), id as u64);
    }
    let mut sends: Vec<(u64, u64, usize, usize)> = Vec::new();
    for (pe, r) in records.iter().enumerate() {
        for (seq, s) in r.sends.iter().enumerate() {
            sends.push((
                exec_id[&(pe, s.exec as usize)],
                s.time_ns + off[pe],
                pe,
                seq,
            ));
        }
    }
    sends.sort_unstable();
    let mut send_id: HashMap<(usize, usize), u64> = HashMap::with_capacity(sends.len());
    for (id, &(_, _, pe, seq)) in sends.iter().enumerate() {
        send_id.insert((pe, seq), id as u64);
    }
    let execs = order
        .iter()
        .enumerate()
        .map(|(id, &(_, pe, i))| {
            let e = &records[pe].execs[i];
            let cause = match e.cause {
                RawCause::Driver => Cause::Driver,
                RawCause::Other => Cause::Other,
                RawCause::Msg { src, seq } => send_id
                    .get(&(src as usize, seq as usize))
                    .map_or(Cause::Other, |&m| Cause::Msg(m)),
            };
            Exec {
                id: id as u64,
                pe: pe as u32,
                array: e.array,
                element: e.element,
                method: e.method.to_string(),
                start_ns: e.start_ns + off[pe],
                dur_ns: e.dur_ns,
                cause,
            }
        })
        .collect::<Vec<_>>();
    let sends = sends
        .iter()
        .enumerate()
        .map(|(id, &(from, time_ns, pe, seq))| {
            let s = &records[pe].sends[seq];
            let e = &execs[from as usize];
            Send {
                id: id as u64,
                from,
                at_ns: time_ns.saturating_sub(e.start_ns).min(e.dur_ns),
                array: s.to.array,
                element: s.to.linear,
                bytes: s.bytes,
            }
        })
        .collect::<Vec<_>>();
    let arrays = records
        .iter()
        .max_by_key(|r| r.arrays.len())
        .map(|r| &r.arrays[..])
        .unwrap_or_default()
        .iter()
        .map(|(name, elements)| ArrayInfo {
            name: name.clone(),
            elements: *elements,
        })
        .collect();
    Recording {
        header: Header {
            format: FORMAT.into(),
            version: VERSION,
            app: info.app,
            options: info.options,
            pes: records.len() as u32,
            steps: info.steps,
            wall_ns: info.wall_ns,
            arrays,
            executions: execs.len() as u64,
            messages: sends.len() as u64,
        },
        execs,
        sends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> RecordingInfo {
        RecordingInfo {
            app: "test".into(),
            options: String::new(),
            steps: 1,
            wall_ns: 1,
        }
    }

    /// PE 0 runs `ping` at 1,000 ns and sends at 1,500 ns; PE 1 runs the
    /// `pong` it triggers at `recv_ns` on its own clock.
    fn ping_pong(recv_ns: u64) -> (PeRecord, PeRecord) {
        let obj = |linear| ObjId { array: 0, linear };
        let mut a = Recorder::default();
        a.begin(obj(0), "ping", 1_000);
        let id = a.send(obj(1), 8, 1_500);
        a.end(1_000);
        let mut b = Recorder {
            cause: Some(RawCause::of_entry(0, id)),
            ..Recorder::default()
        };
        b.begin(obj(1), "pong", recv_ns);
        b.end(100);
        (a.finish(vec![]), b.finish(vec![]))
    }

    #[test]
    fn a_bounded_recorder_notes_its_share_and_counts_the_rest() {
        let obj = |linear| ObjId { array: 0, linear };
        // 12 events over 2 PEs: 6 for this one.
        let mut r = Recorder::within(Some(12), 2);
        for i in 0..5 {
            r.begin(obj(i), "step", i * 100);
            r.send(obj(i + 1), 8, i * 100 + 1);
            r.end(10);
        }
        let rec = r.finish(vec![]);
        assert_eq!((rec.execs.len(), rec.sends.len()), (3, 3));
        assert_eq!(rec.dropped(), 4, "two executions and their messages");
        let mut whole = Recorder::within(None, 2);
        whole.begin(obj(0), "step", 0);
        assert_eq!(whole.finish(vec![]).dropped(), 0);
    }

    #[test]
    fn a_lagging_process_clock_is_moved_after_the_send() {
        // The receiving process's clock started 1,200 ns late.
        let (a, b) = ping_pong(600);
        let r = join(&[&a, &b], &[0, 1], info());
        let pong = r.execs.iter().find(|e| e.method == "pong").unwrap();
        let ping = r.execs.iter().find(|e| e.method == "ping").unwrap();
        assert!(ping.id < pong.id, "{:?}", r.execs);
        assert_eq!(pong.cause, Cause::Msg(0));
        assert_eq!(pong.start_ns, 1_501, "the least shift");
        assert_eq!(ping.start_ns, 1_000, "the sender's clock stays");
    }

    #[test]
    fn clocks_of_one_process_are_left_alone() {
        let (a, b) = ping_pong(2_000);
        let r = join(&[&a, &b], &[0, 1], info());
        assert_eq!(r.execs[1].start_ns, 2_000, "already after the send");
        // Two PEs of one process share a clock: nothing is shifted.
        let (a, b) = ping_pong(600);
        let r = join(&[&a, &b], &[0, 0], info());
        assert!(
            r.execs
                .iter()
                .any(|e| e.method == "pong" && e.start_ns == 600)
        );
    }
}
