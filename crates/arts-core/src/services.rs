//! The per-PE runtime state that entry methods reach through `Ctx`: the local
//! queue, the transport, per-array location and reduction tables, counters,
//! and the helpers that send, broadcast and finish reductions.

use std::collections::HashMap;
use std::sync::Arc;

use arts_trace::{Span, SpanKind, TraceBuffer};

use crate::PeId;
use crate::envelope::{
    ArrayId, Body, BroadcastCall, Call, DRIVER, EncodeFn, Entry, Envelope, ObjId, Partial, Payload,
};
use crate::grid::GridSched;
use crate::index::Shape;
use crate::instrument::{CommRecord, PeCounters, PeriodMark};
use crate::lb_manager::{LbConfig, LbLocal};
use crate::location::Locations;
use crate::map::Map;
use crate::queue::PrioQueue;
use crate::record::{RawCause, Recorder};
use crate::reduction::{Callback, Completed, Reductions};
use crate::run_error::RunError;
use crate::transport::Transport;

/// The PE that completes reductions (the root of every reduction).
pub(crate) const REDUCTION_ROOT: PeId = 0;

/// What one PE knows about one array.
pub(crate) struct ArrayInfo {
    pub name: Arc<str>,
    pub shape: Shape,
    pub map: Map,
    pub loc: Locations,
    pub red: Reductions,
    /// The `Chare::Init` the array was created with.
    pub init: Arc<dyn std::any::Any + Send + Sync>,
    /// Serializes a boxed message of the array's element type.
    pub encode: EncodeFn,
    /// Load-balancing bookkeeping.
    pub lb: LbLocal,
}

impl ArrayInfo {
    /// The home PE of element `linear`.
    #[inline]
    pub(crate) fn home(&self, linear: u64, num_pes: u32) -> PeId {
        self.map.home(linear, &self.shape, num_pes)
    }
}

/// Per-PE runtime state shared by the scheduler and entry methods.
pub(crate) struct Services {
    pub pe: PeId,
    pub num_pes: u32,
    pub queue: PrioQueue<Envelope>,
    pub transport: Arc<dyn Transport>,
    pub arrays: Vec<Option<ArrayInfo>>,
    /// Quiescence detection: counted messages sent and fully handled.
    pub sent: u64,
    pub processed: u64,
    pub counters: PeCounters,
    pub clock: quanta::Clock,
    /// The clock reading that ended the PE's last wait, until the message
    /// handled next has used it: the first entry method after a wait is
    /// timed from there, which spares a clock read on the path from an
    /// arrival to the reply.
    pub woke_at: Option<u64>,
    pub epoch: u64,
    pub instrument: bool,
    /// The PEs outnumber the cores (`IdlePolicy::shares_cores`).
    pub shares_cores: bool,
    /// Boxed: a trace buffer is a few hundred bytes, which would push the
    /// fields after it onto other cache lines in every untraced run.
    pub trace: Option<Box<TraceBuffer>>,
    /// Messages between elements of one array, when recording a communication trace.
    pub comm_trace: Option<Vec<CommRecord>>,
    /// The causal recording of this PE's executions and messages (`Config::record`).
    pub record: Option<Box<Recorder>>,
    pub failure: Option<RunError>,
    /// Load-balancing configuration (`None`: `at_sync` resumes at once).
    pub lb: Option<Arc<LbConfig>>,
    /// This PE's calibrated speed (iterations/s of the calibration kernel).
    pub speed: f64,
    /// Start of the run's first LB period.
    pub lb_start: PeriodMark,
    /// Start of each array's current LB period (`lb_start` until the
    /// array's first balancing step). Per array: arrays that balance at the
    /// same sync each measure their own whole period.
    pub lb_marks: HashMap<ArrayId, PeriodMark>,
    /// On the first PE of each process: messages its driver has sent
    /// (quiescence detection counts them with this PE's).
    pub driver_sent: Option<Arc<std::sync::atomic::AtomicU64>>,
    /// Grid scheduling (clusters, border objects, grid queue), in grid runs.
    pub grid: Option<Box<GridSched>>,
    /// Busy time added per ns of entry-method work (emulated slow PE; 0: none).
    pub stretch: f64,
    /// Elements that asked to move (`Ctx::migrate_to`) and where, moved as
    /// soon as the entry method that asked returns.
    pub requested_moves: Vec<(ObjId, PeId)>,
}

impl Services {
    /// The array `id`, which must exist on this PE.
    #[inline]
    pub(crate) fn array(&self, id: ArrayId) -> &ArrayInfo {
        self.arrays[id as usize]
            .as_ref()
            .expect("array used before it was created on this PE")
    }

    /// Mutable access to array `id`.
    #[inline]
    pub(crate) fn array_mut(&mut self, id: ArrayId) -> &mut ArrayInfo {
        self.arrays[id as usize]
            .as_mut()
            .expect("array used before it was created on this PE")
    }

    /// Where this PE believes `obj` lives.
    #[inline]
    pub(crate) fn route(&self, obj: ObjId) -> PeId {
        let info = self.array(obj.array);
        info.loc
            .lookup(obj.linear, info.home(obj.linear, self.num_pes))
    }

    /// Sends an envelope to PE `to` (the local queue if it is this PE).
    /// Always inlined: the envelope is then built in place by its sender.
    #[inline(always)]
    pub(crate) fn post(&mut self, to: PeId, mut env: Envelope) {
        if env.body.counted() {
            self.sent += 1;
        }
        if to == self.pe {
            self.enqueue(env.prio, env);
        } else {
            self.serialize_payload(to, &mut env);
            self.transport.send(to, env);
        }
    }

    /// Queues `env` at priority `prio` on this PE: in the grid queue if it
    /// is for a border object and prioritization is on, else the local queue.
    #[inline]
    pub(crate) fn enqueue(&mut self, prio: i32, env: Envelope) {
        let env = match &mut self.grid {
            Some(grid) => match grid.offer(prio, env) {
                Some(env) => env,
                None => return,
            },
            None => env,
        };
        self.queue.push(prio, env);
    }

    /// The next queued message to handle.
    #[inline]
    pub(crate) fn dequeue(&mut self) -> Option<Envelope> {
        match &mut self.grid {
            Some(grid) => grid.pop(&mut self.queue),
            None => self.queue.pop(),
        }
    }

    /// Whether each entry method is timed: for the balancer's loads, a
    /// trace, a recording, or an emulated slower PE's stretch.
    #[inline]
    pub(crate) fn times_entries(&self) -> bool {
        self.instrument || self.trace.is_some() || self.stretch > 0.0 || self.record.is_some()
    }

    /// Whether no message is queued.
    #[inline]
    pub(crate) fn nothing_queued(&self) -> bool {
        self.queue.is_empty() && self.grid.as_ref().is_none_or(|g| g.is_empty())
    }

    /// Serializes an entry message that was created for a local recipient
    /// but is being forwarded to PE `to` in another process.
    #[inline]
    fn serialize_payload(&self, to: PeId, env: &mut Envelope) {
        if let Body::Entry(Entry {
            to: obj,
            call: Call::Msg(payload @ Payload::Local(_)),
            ..
        }) = &mut env.body
            && self.transport.needs_wire(to)
        {
            self.serialize_local(obj.array, payload);
        }
    }

    /// Serializes a local payload for array `array` in place (rare: off the
    /// path of messages serialized when they were sent).
    #[cold]
    #[inline(never)]
    fn serialize_local(&self, array: ArrayId, payload: &mut Payload<'static>) {
        if let Payload::Local(msg) = payload {
            *payload = Payload::Wire((self.array(array).encode)(msg.as_ref()));
        }
    }

    /// Notes what triggers the entry methods run next, when recording.
    #[inline]
    pub(crate) fn note_cause(&mut self, cause: Option<RawCause>) {
        if let Some(rec) = &mut self.record {
            rec.cause = cause;
        }
    }

    /// Records an element message of `bytes` to `to` sent now; returns the
    /// id it carries.
    #[cold]
    pub(crate) fn record_send(&mut self, to: ObjId, bytes: u64) -> u32 {
        let now = self.since_start(self.clock.raw());
        self.record.as_mut().map_or(0, |r| r.send(to, bytes, now))
    }

    /// Sends `call` to element `to` wherever it lives.
    pub(crate) fn send_call(&mut self, to: ObjId, call: Call<'static>, prio: i32) {
        let dest = self.route(to);
        let body = Body::Entry(Entry {
            to,
            hops: 0,
            id: 0,
            call,
        });
        self.post(dest, self.envelope(prio, body));
    }

    /// Sends `call` to every element of `array` (one envelope per PE).
    pub(crate) fn broadcast(&mut self, array: ArrayId, call: BroadcastCall, prio: i32) {
        let last = self.num_pes - 1;
        for pe in 0..last {
            let copy = call.copy_for(pe != self.pe && self.transport.needs_wire(pe));
            self.post(
                pe,
                self.envelope(prio, Body::Broadcast { array, call: copy }),
            );
        }
        let call = if last != self.pe && self.transport.needs_wire(last) {
            call.copy_for(true)
        } else {
            call
        };
        self.post(last, self.envelope(prio, Body::Broadcast { array, call }));
    }

    fn envelope(&self, prio: i32, body: Body) -> Envelope {
        Envelope {
            prio,
            src: self.pe,
            body,
        }
    }

    /// Sends this PE's finished reduction partials of `array` to the root.
    pub(crate) fn flush_reductions(&mut self, array: ArrayId) {
        let ready = self.array_mut(array).red.take_ready();
        for (red_no, partial) in ready {
            if let (Some(trace), Callback::Main(_)) = (&mut self.trace, &partial.callback) {
                // This PE's part of an app's step is done: its window moves on.
                trace.step_finished(arts_trace::window::StepClock::App);
            }
            if self.pe == REDUCTION_ROOT {
                self.root_partial(array, red_no, partial);
            } else {
                let env = self.envelope(
                    0,
                    Body::ReductionPartial {
                        array,
                        red_no,
                        partial: Box::new(partial),
                    },
                );
                self.post(REDUCTION_ROOT, env);
            }
        }
    }

    /// At the root: adds a partial and delivers every reduction it completes.
    pub(crate) fn root_partial(&mut self, array: ArrayId, red_no: u32, partial: Partial) {
        let info = self.array_mut(array);
        let total = info.shape.len();
        match info.red.root_add(red_no, partial, total) {
            Ok(done) => done.into_iter().for_each(|c| self.deliver_result(c)),
            Err(message) => {
                let name = info.name.to_string();
                self.fail(RunError::Reduction {
                    array: name,
                    message,
                })
            }
        }
    }

    fn deliver_result(&mut self, done: Completed) {
        let Completed { value, callback } = done;
        match callback {
            Callback::Main(tag) => self
                .transport
                .to_all_drivers(crate::driver::DriverMsg::Callback { tag, value }),
            Callback::Element(obj, tag) => {
                let value = Box::new(value);
                self.send_call(obj, Call::Reduction { tag, value }, 0)
            }
            Callback::Broadcast(array, tag) => {
                let value = Box::new(value);
                self.broadcast(array, BroadcastCall::Reduction { tag, value }, 0)
            }
            Callback::Ignore => {}
        }
    }

    /// Records the first failure of this PE and reports it to the driver.
    pub(crate) fn fail(&mut self, err: RunError) {
        if self.failure.is_none() {
            self.transport
                .to_all_drivers(crate::driver::DriverMsg::Abort(err.clone()));
            self.failure = Some(err);
        }
    }

    /// Nanoseconds since the run started, for trace spans.
    #[inline]
    pub(crate) fn since_start(&self, raw: u64) -> u64 {
        self.clock.delta_as_nanos(self.epoch, raw)
    }

    /// Records, when tracing, a span of `kind` on this PE that ends now and
    /// lasted `dur_ns` (0: an instant event).
    pub(crate) fn trace_now(&mut self, dur_ns: u64, kind: SpanKind) {
        if self.trace.is_none() {
            return;
        }
        let end = self.since_start(self.clock.raw());
        let span = Span {
            pe: self.pe,
            start_ns: end.saturating_sub(dur_ns),
            dur_ns,
            kind,
        };
        if let Some(trace) = &mut self.trace {
            trace.push(span);
        }
    }

    /// Records, when tracing, an execution of `array`'s `method` on element
    /// `linear` that started at raw clock reading `start` and took `ns`.
    /// Out of line, as [`Services::trace_send`], so that the trace's record
    /// path is not inlined into every chare type's delivery code.
    #[inline(never)]
    pub(crate) fn trace_entry(
        &mut self,
        array: ArrayId,
        method: &'static str,
        linear: u64,
        start: u64,
        ns: u64,
    ) {
        let (pe, start_ns) = (self.pe, self.since_start(start));
        // The name is borrowed: a summary clones it once per bin, not per
        // execution (its count is shared by every PE).
        let info = self.arrays[array as usize].as_ref();
        if let (Some(trace), Some(info)) = (&mut self.trace, info) {
            trace.push_entry(pe, (start_ns, ns), &info.name, method, linear);
        }
    }

    /// Records, when tracing, a message of `bytes` sent now to PE `to_pe`
    /// (a summary trace adds it to its bin without reading the clock). Out
    /// of line: every send site is generic in its message type.
    #[inline(never)]
    pub(crate) fn trace_send(&mut self, to_pe: PeId, bytes: u64) {
        let (clock, epoch, pe) = (&self.clock, self.epoch, self.pe);
        if let Some(trace) = &mut self.trace {
            trace.push_send(pe, to_pe, bytes, || {
                clock.delta_as_nanos(epoch, clock.raw())
            });
        }
    }

    /// Whether `src` is a PE that should learn an element's new location.
    pub(crate) fn should_update(&self, src: PeId) -> bool {
        src != self.pe && src != DRIVER
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pe::testing::*;

    #[test]
    fn post_counts_what_quiescence_counts_and_queues_locally() {
        let (mut pes, _rx) = pes(2, false);
        let svc = &mut pes[0].svc;
        let sent = svc.sent;
        svc.post(0, envelope(Body::QdProbe { wave: 1 }));
        assert_eq!(svc.sent, sent, "probes are not counted");
        svc.post(0, envelope(Body::Entry(entry(0, 0, 1))));
        svc.post(1, envelope(Body::Entry(entry(3, 0, 2))));
        assert_eq!(svc.sent, sent + 2);
        assert_eq!(std::iter::from_fn(|| svc.queue.pop()).count(), 2);
        assert_eq!(mailbox(&pes[0], 1).len(), 1);
    }

    #[test]
    fn a_local_payload_is_serialized_for_a_pe_that_needs_it() {
        let (mut pes, _rx) = pes(2, true);
        pes[0].svc.post(1, envelope(Body::Entry(entry(3, 1, 42))));
        let got = mailbox(&pes[0], 1);
        let [
            Envelope {
                body:
                    Body::Entry(Entry {
                        call: Call::Msg(Payload::Wire(w)),
                        hops: 1,
                        ..
                    }),
                ..
            },
        ] = &got[..]
        else {
            panic!("not one serialized element message")
        };
        assert_eq!(crate::wire::decode_message::<u32>(w).unwrap(), 42);
    }

    #[test]
    fn a_broadcast_sends_one_envelope_to_every_pe() {
        let (mut pes, _rx) = pes(3, false);
        let call = crate::ctx::broadcast_call::<Probe>(1);
        pes[1].svc.broadcast(0, call, 0);
        let own = std::iter::from_fn(|| pes[1].svc.queue.pop()).count();
        assert_eq!(own, 1, "its own copy");
        for other in [0, 2] {
            let got = mailbox(&pes[1], other);
            assert!(matches!(
                got[..],
                [Envelope {
                    body: Body::Broadcast { array: 0, .. },
                    ..
                }]
            ));
        }
    }

    #[test]
    fn route_follows_the_location_table() {
        let (mut pes, _rx) = pes(3, false);
        let svc = &mut pes[0].svc;
        assert_eq!(svc.route(obj(5)), 2);
        svc.array_mut(0).loc.set(5, 1, 2);
        assert_eq!(svc.route(obj(5)), 1);
        assert!(svc.should_update(1) && !svc.should_update(0) && !svc.should_update(DRIVER));
    }
}
