//! The PE scheduler: one OS thread that repeatedly moves arrived messages
//! from its mailbox into its local priority queue, picks the most urgent one
//! and handles it ("pick and process"), and waits (spin, then park) when
//! there is nothing to do. Every message reaches it through one entry point,
//! [`Pe::accept`]: envelopes from its mailbox, and messages from other
//! processes, which a transport that must be polled hands over as frames
//! (`frame::decode` reads them). An element message from another process
//! that finds the queue empty runs at once, straight from the transport's
//! receive buffer (its payload is `Payload::InFrame`).
//!
//! What happens to element messages for elements that are not here, and to
//! migrating elements, is the location protocol (`location::protocol`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arts_trace::{Span, SpanKind, TraceBuffer};

use crate::PeId;
use crate::driver::DriverMsg;
use crate::envelope::{ArrayId, Body, Envelope, MessageBody, Parcel};
use crate::instrument::{CommRecord, PeCounters, PeriodMark, thread_cpu_ns};
use crate::lb_manager::{LbMsg, LbRoot, LbStepRecord, PeriodicClock, calibrate_speed};
use crate::mailbox::{IdlePolicy, Mailbox};
use crate::queue::PrioQueue;
use crate::record::{PeRecord, RawCause, Recorder};
use crate::run_error::RunError;
use crate::services::Services;
use crate::store::{self, ElemStore};
use crate::transport::{Arrival, Progress, Transport};

/// Lowest priority: quiescence probes run after all other queued work.
const PROBE_PRIORITY: i32 = i32::MAX;

/// A busy PE takes at most this many messages from a poll of its transport.
const POLL_BATCH: u32 = crate::transport::DEFAULT_POLL_EVERY;

/// Idle periods shorter than this are not written to traces.
const MIN_TRACED_IDLE_NS: u64 = 1_000;

/// What a PE reports when it stops.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct PeReport {
    /// The PE.
    pub pe: PeId,
    /// Its time accounting.
    pub counters: PeCounters,
    /// How long its scheduler ran, ns.
    pub wall_ns: u64,
    /// Its trace spans, if tracing was on.
    pub trace: Option<Vec<Span>>,
    /// Spans its trace did not keep (past `TraceOptions::max_events`).
    pub trace_dropped: u64,
    /// Spans that fell out of its trace's window (`TraceOptions::window`).
    pub trace_outside: u64,
    /// With a trace window: the first step whose spans it kept whole.
    pub trace_first_step: Option<u64>,
    /// Its hardware counter totals per entry method (`--counters`).
    pub trace_counters: Option<arts_trace::counters::PeCounts>,
    /// Its sent element-to-element messages, if recording a communication trace.
    pub comm_trace: Option<Vec<CommRecord>>,
    /// Its causal recording, if recording (`Config::record`).
    pub record: Option<PeRecord>,
    /// The first failure it saw, if any.
    pub failure: Option<RunError>,
    /// Load-balancing steps it managed (PE 0 only; not carried between processes).
    #[serde(skip)]
    pub lb_steps: Vec<LbStepRecord>,
}

impl PeReport {
    /// Fraction of the PE's time spent in entry methods (or, when entry
    /// methods were not timed, not idle).
    pub fn utilization(&self, instrumented: bool) -> f64 {
        if self.wall_ns == 0 {
            return 0.0;
        }
        let busy = if instrumented {
            self.counters.entry_ns
        } else {
            self.wall_ns.saturating_sub(self.counters.idle_ns)
        };
        busy as f64 / self.wall_ns as f64
    }
}

/// One processing element.
pub(crate) struct Pe {
    pub(crate) svc: Services,
    pub(crate) stores: Vec<Option<Box<dyn ElemStore>>>,
    /// The LB manager (active on PE 0 only).
    pub(crate) lb_root: LbRoot,
    /// Messages for arrays not yet created on this PE.
    pub(crate) early: Vec<Envelope>,
    /// When the next periodic balancing step is due (PE 0, periodic mode).
    pub(crate) periodic: Option<PeriodicClock>,
    idle: IdlePolicy,
    stop: bool,
}

fn array_of(body: &MessageBody<'_>) -> Option<ArrayId> {
    use MessageBody as Body;
    match body {
        Body::Entry(e) => Some(e.to.array),
        Body::Migrate { obj, .. } | Body::LocationUpdate { obj, .. } => Some(obj.array),
        Body::Broadcast { array, .. } | Body::ReductionPartial { array, .. } => Some(*array),
        Body::Lb(
            LbMsg::Ready { array, .. }
            | LbMsg::AtSync { array, .. }
            | LbMsg::Collect { array }
            | LbMsg::Moves { array, .. }
            | LbMsg::Done { array, .. }
            | LbMsg::Declined { array },
        ) => Some(*array),
        Body::Lb(LbMsg::Stats(s)) => Some(s.array),
        Body::Checkpoint { array } => Some(*array),
        Body::CreateArray(_) | Body::QdProbe { .. } | Body::Shutdown => None,
    }
}

impl Pe {
    pub(crate) fn new(
        pe: PeId,
        transport: Arc<dyn Transport>,
        config: &crate::Config,
        clock: quanta::Clock,
        epoch: u64,
        driver_sent: Option<Arc<AtomicU64>>,
    ) -> Self {
        let num_pes = transport.num_pes();
        // The process' PEs outnumber its cores (or a transport that knows
        // the machine said so).
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let shares_cores = config.idle.shares_cores || transport.local_pes().len() > cores;
        Pe {
            svc: Services {
                pe,
                num_pes,
                queue: PrioQueue::default(),
                transport,
                arrays: Vec::new(),
                sent: 0,
                processed: 0,
                counters: PeCounters::default(),
                clock,
                woke_at: None,
                epoch,
                instrument: config.instrument,
                shares_cores,
                trace: config
                    .trace
                    .then(|| Box::new(TraceBuffer::new(&config.trace_options, pe, num_pes))),
                comm_trace: config.comm_trace.then(Vec::new),
                record: (config.record)
                    .then(|| Box::new(Recorder::within(config.record_max_events, num_pes))),
                failure: None,
                lb: config.lb.clone().map(Arc::new),
                speed: 1.0,
                driver_sent,
                lb_start: PeriodMark::default(),
                lb_marks: Default::default(),
                grid: config
                    .grid
                    .as_ref()
                    .map(|g| Box::new(crate::grid::GridSched::new(pe, g))),
                stretch: config
                    .emulated_speeds
                    .as_ref()
                    .map_or(0.0, |s| s.stretch(pe)),
                requested_moves: Vec::new(),
            },
            stores: Vec::new(),
            lb_root: LbRoot::default(),
            early: Vec::new(),
            periodic: PeriodicClock::of(pe, config.lb.as_ref().map(|l| l.period)),
            idle: config.idle,
            stop: false,
        }
    }

    /// Runs the scheduler loop until shut down.
    pub(crate) fn run(mut self) -> PeReport {
        let transport = self.svc.transport.clone();
        let mailbox = transport.mailbox(self.svc.pe);
        mailbox.bind_owner();
        // Measured on this PE's own thread: its speed, and the start of the
        // first load-balancing period.
        if self.svc.lb.as_ref().is_some_and(|l| l.speeds.is_none()) {
            // An emulated slow PE is slow at calibration too.
            self.svc.speed = calibrate_speed() / (1.0 + self.svc.stretch);
        }
        let start = self.svc.clock.raw();
        self.svc.lb_start = PeriodMark {
            raw: start,
            counters: PeCounters::default(),
            cpu_ns: thread_cpu_ns(),
        };
        let poll_every = transport.poll_every();
        let mut handled = 0u32;
        while !self.stop {
            if poll_every != 0 && handled.is_multiple_of(poll_every) {
                for _ in 0..POLL_BATCH {
                    if transport.poll(self.svc.pe, &mut |a| self.arrive(a)) != Progress::Arrived {
                        break;
                    }
                }
            }
            handled = handled.wrapping_add(1);
            if !mailbox.is_empty() {
                while let Some(env) = mailbox.pop() {
                    self.accept(env);
                }
            }
            if self.stop {
                break;
            }
            match self.svc.dequeue() {
                Some(env) => {
                    self.handle(env);
                    self.svc.woke_at = None;
                }
                None => self.wait(&*transport, mailbox),
            }
            if self.periodic.is_some() {
                self.periodic_tick();
            }
        }
        let wall_ns = self.svc.clock.delta_as_nanos(start, self.svc.clock.raw());
        transport.retire(self.svc.pe);
        if let Some(grid) = &self.svc.grid {
            self.svc.counters.grid_dispatches = grid.dispatches;
            self.svc.counters.border_objects = grid.border_objects() as u64;
        }
        let mut trace = self.svc.trace.take().map(|t| t.finish());
        let trace_dropped = trace.as_ref().map_or(0, |t| t.dropped);
        let trace_outside = trace.as_ref().map_or(0, |t| t.outside);
        let trace_first_step = trace.as_ref().and_then(|t| t.first_step);
        let trace_counters = trace.as_mut().and_then(|t| t.counters.take());
        PeReport {
            pe: self.svc.pe,
            counters: self.svc.counters,
            wall_ns,
            trace: trace.map(|t| t.spans),
            trace_dropped,
            trace_outside,
            trace_first_step,
            trace_counters,
            comm_trace: self.svc.comm_trace.take(),
            record: self.svc.record.take().map(|r| {
                let arrays = (self.svc.arrays.iter().flatten())
                    .map(|a| (a.name.to_string(), a.shape.len()))
                    .collect();
                r.finish(arrays)
            }),
            failure: self.svc.failure.take(),
            lb_steps: self.lb_root.finish(),
        }
    }

    fn wait(&mut self, transport: &dyn Transport, mailbox: &Mailbox) {
        let start = self.svc.clock.raw();
        if let Some(trace) = &mut self.svc.trace {
            trace.idle();
        }
        match transport.poll_interval() {
            None => {
                let tick = self.periodic.as_ref().map(PeriodicClock::deadline);
                let parked = match transport.next_release(self.svc.pe) {
                    Some(release) => {
                        mailbox.wait_precisely(&self.idle, tick.map_or(release, |t| t.min(release)))
                    }
                    None => mailbox.wait(&self.idle, tick),
                };
                self.end_wait(start, parked);
            }
            Some(interval) => self.poll_until_work(transport, mailbox, interval, start),
        }
    }

    /// Accounts for a wait that began at `start` (raw clock) and parked the
    /// thread for `parked`, now that work arrived.
    fn end_wait(&mut self, start: u64, parked: Duration) {
        self.svc.counters.parked_ns += parked.as_nanos() as u64;
        let end = self.svc.clock.raw();
        self.svc.woke_at = Some(end);
        let ns = self.svc.clock.delta_as_nanos(start, end);
        self.svc.counters.idle_ns += ns;
        if ns >= MIN_TRACED_IDLE_NS {
            let start_ns = self.svc.since_start(start);
            let pe = self.svc.pe;
            if let Some(trace) = &mut self.svc.trace {
                trace.push(Span {
                    pe,
                    start_ns,
                    dur_ns: ns,
                    kind: SpanKind::Idle,
                });
            }
        }
    }

    /// Idle with a transport that must be polled: poll and spin for ten poll
    /// intervals (at least the idle policy's spin time; only the spin time
    /// without `IdlePolicy::long_poll`), then park for at most `interval`
    /// between polls. Messages from other processes do not wake a parked
    /// PE, so it spins longer than an in-process one: a reply that takes a
    /// few hundred microseconds still finds it polling.
    /// The wait, which began at `start`, ends (`end_wait`) when a message
    /// arrives, before the PE acts on it.
    fn poll_until_work(
        &mut self,
        transport: &dyn Transport,
        mailbox: &Mailbox,
        interval: Duration,
        start: u64,
    ) {
        let pe = self.svc.pe;
        let spin = if self.idle.long_poll {
            self.idle.spin.max(interval * 10)
        } else {
            self.idle.spin
        };
        // Read the clock only once a few polls found nothing: most waits
        // for a reply end sooner.
        let mut spin_until = None;
        let mut parked = Duration::ZERO;
        let mut polls = 0u32;
        loop {
            let progress = transport.poll(pe, &mut |a| {
                self.end_wait(start, parked);
                self.arrive(a);
            });
            if progress == Progress::Arrived {
                return;
            }
            if !mailbox.is_empty()
                || (self.periodic.as_ref()).is_some_and(|c| Instant::now() >= c.deadline())
            {
                return self.end_wait(start, parked);
            }
            polls = polls.wrapping_add(1);
            let may_park = progress == Progress::Idle;
            if may_park && polls.is_multiple_of(16) && {
                let now = Instant::now();
                now >= *spin_until.get_or_insert(now + spin)
            } {
                let nap = IdlePolicy {
                    spin: Duration::ZERO,
                    yield_after: 0,
                    long_poll: false,
                    shares_cores: false,
                };
                let until = Instant::now() + interval;
                parked += match transport.next_release(pe) {
                    Some(release) if release < until => mailbox.wait_precisely(&nap, release),
                    _ => mailbox.wait(&nap, Some(until)),
                };
            } else if polls > self.idle.yield_after {
                std::thread::yield_now();
            }
            // No pause between polls: a poll of the transport takes longer
            // than one, and the next one finds an arrived message sooner.
        }
    }

    /// Reads a message from another process and accepts it; one that cannot
    /// be read stops the run with an error naming what was wrong. Always
    /// inlined, with `frame::decode`: the message is then built where
    /// `accept` reads it, not moved through two returns (≈ 60 instructions
    /// per cross-process hop; `BENCHMARKS.md`, "The MPI hop recovered").
    #[inline(always)]
    fn arrive(&mut self, a: Arrival<'_>) {
        match crate::frame::decode(a.frame, a.bulk) {
            Ok(m) => self.accept(m),
            Err(error) => self.undecodable(error),
        }
    }

    #[cold]
    #[inline(never)]
    fn undecodable(&mut self, error: crate::wire::WireError) {
        self.svc.fail(RunError::Wire {
            pe: self.svc.pe,
            what: "a message from another process".into(),
            error,
        });
    }

    /// The entry point of every message. Control messages whose order
    /// relative to the channel matters (creation, migration, location
    /// updates) act at once; an element message still in the frame it
    /// arrived in runs at once if the queue is empty (neither copied nor
    /// queued on its way to its entry method: the path of every reply in a
    /// ping-pong); everything else is queued by priority.
    pub(crate) fn accept(&mut self, m: Parcel<'_>) {
        if let Some(array) = array_of(&m.body)
            && !self.knows(array)
        {
            self.early.push(m.into_owned());
            return;
        }
        let Parcel { prio, src, body } = m;
        match body {
            MessageBody::Entry(e) if e.call.in_frame() && self.svc.nothing_queued() => {
                self.svc.counters.messages += 1;
                self.deliver(prio, src, e);
                self.svc.processed += 1;
                self.svc.woke_at = None;
            }
            body @ (MessageBody::Shutdown
            | MessageBody::CreateArray(_)
            | MessageBody::Migrate { .. }
            | MessageBody::LocationUpdate { .. }) => self.act_at_once(body.into_owned()),
            body => {
                let at = match body {
                    MessageBody::QdProbe { .. } => PROBE_PRIORITY,
                    _ => prio,
                };
                let body = body.into_owned();
                self.svc.enqueue(at, Parcel { prio, src, body });
            }
        }
    }

    /// The control messages that act as soon as they are accepted (rare:
    /// kept off the path of ordinary messages).
    #[cold]
    #[inline(never)]
    fn act_at_once(&mut self, body: Body) {
        match body {
            Body::Shutdown => self.stop = true,
            Body::CreateArray(creation) => {
                let factory = store::factory(&creation);
                let id = factory.id() as usize;
                let store = factory.create(&mut self.svc);
                if self.stores.len() <= id {
                    self.stores.resize_with(id + 1, || None);
                }
                self.stores[id] = Some(store);
                self.svc.processed += 1;
                for env in std::mem::take(&mut self.early) {
                    self.accept(env);
                }
            }
            Body::Migrate { obj, migrant } => {
                self.immigrate(obj, *migrant);
                self.svc.processed += 1;
            }
            Body::LocationUpdate { obj, pe } => {
                self.location_update(obj, pe);
                self.svc.processed += 1;
            }
            _ => unreachable!("only control messages act at once"),
        }
    }

    fn knows(&self, array: ArrayId) -> bool {
        self.stores.get(array as usize).is_some_and(Option::is_some)
    }

    pub(crate) fn handle(&mut self, env: Envelope) {
        self.svc.counters.messages += 1;
        let counted = env.body.counted();
        let Parcel { prio, src, body } = env;
        match body {
            Body::Entry(e) => self.deliver(prio, src, e),
            Body::Broadcast { array, call } if self.broadcasts_via_homes() => {
                self.broadcast_via_homes(prio, src, array, call);
            }
            Body::Broadcast { array, call } => {
                let store = self.stores[array as usize]
                    .as_mut()
                    .expect("checked in accept");
                self.svc.note_cause(Some(RawCause::of_entry(src, 0)));
                store.broadcast(call, &mut self.svc);
                self.svc.note_cause(None);
                self.requested_moves();
            }
            Body::ReductionPartial {
                array,
                red_no,
                partial,
            } => self.svc.root_partial(array, red_no, *partial),
            Body::Lb(msg) => self.handle_lb(msg),
            Body::Checkpoint { array } => {
                let store = self.stores[array as usize]
                    .as_ref()
                    .expect("checked in accept");
                let start = self.svc.clock.raw();
                let elements = store.snapshot();
                if self.svc.trace.is_some() {
                    let ns = self.svc.clock.delta_as_nanos(start, self.svc.clock.raw());
                    let name = self.svc.array(array).name.clone();
                    self.svc.trace_now(ns, SpanKind::Checkpoint { array: name });
                }
                let image = DriverMsg::Image { array, elements };
                let process = self.svc.transport.process().0;
                self.svc.transport.to_driver(process, image);
            }
            Body::QdProbe { wave } => {
                let driver = self.svc.driver_sent.as_ref();
                let driver_sent = driver.map_or(0, |d| d.load(Ordering::Relaxed));
                let report = DriverMsg::QdReport {
                    wave,
                    sent: self.svc.sent + driver_sent,
                    processed: self.svc.processed,
                };
                self.svc.transport.to_driver(0, report)
            }
            Body::CreateArray(_)
            | Body::Migrate { .. }
            | Body::LocationUpdate { .. }
            | Body::Shutdown => unreachable!("handled when accepted"),
        }
        if counted {
            self.svc.processed += 1;
        }
    }
}

/// PEs without threads for unit tests of the scheduler, the stores, the
/// services and the location protocol: messages are handed to them directly,
/// and what they send is found in the mailboxes of an in-process transport.
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use serde::{Deserialize, Serialize};

    use super::Pe;
    use crate::envelope::{Body, Call, Entry, Envelope, ObjId, Payload};
    use crate::store::TypedFactory;
    use crate::transport::{InProcess, Transport};
    use crate::{Chare, Ctx, DriverMsg, Index, Map, PeId, Shape};

    /// A test element that records the messages it received.
    #[derive(Default, Serialize, Deserialize)]
    pub(crate) struct Probe {
        /// What it received, in order.
        pub got: Vec<u32>,
    }

    impl Chare for Probe {
        type Msg = u32;
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Probe::default()
        }
        fn receive(&mut self, msg: u32, _: &mut Ctx<'_, Self>) {
            self.got.push(msg);
        }
    }

    /// The array every harness creates: `ELEMENTS` probes, block-mapped.
    pub(crate) const ELEMENTS: u32 = 6;

    /// `pes` PEs on one in-process transport (`serialize`: payloads between
    /// PEs are serialized), without arrays, and the driver's channel.
    pub(crate) fn bare(
        pes: u32,
        serialize: bool,
    ) -> (Vec<Pe>, crossbeam_channel::Receiver<DriverMsg>) {
        let (tx, rx) = crossbeam_channel::unbounded();
        let transport: Arc<dyn Transport> = Arc::new(InProcess::new(pes, serialize, tx));
        let clock = quanta::Clock::new();
        let config = crate::Config::default();
        let all = (0..pes)
            .map(|pe| {
                let epoch = clock.raw();
                Pe::new(pe, transport.clone(), &config, clock.clone(), epoch, None)
            })
            .collect();
        (all, rx)
    }

    /// The creation of array 0: [`ELEMENTS`] [`Probe`]s, block-mapped.
    pub(crate) fn creation() -> Envelope {
        let factory = Arc::new(TypedFactory::<Probe> {
            id: 0,
            name: Arc::from("probes"),
            shape: Shape::d1(ELEMENTS),
            map: Map::Block,
            init: Arc::new(()),
            image: None,
        });
        envelope(Body::CreateArray(crate::store::creation(factory)))
    }

    /// [`bare`] PEs with array 0 created on each.
    pub(crate) fn pes(
        pes: u32,
        serialize: bool,
    ) -> (Vec<Pe>, crossbeam_channel::Receiver<DriverMsg>) {
        let (mut all, rx) = bare(pes, serialize);
        for pe in &mut all {
            pe.accept(creation());
        }
        (all, rx)
    }

    /// Element `linear` of the test array.
    pub(crate) fn obj(linear: u64) -> ObjId {
        ObjId { array: 0, linear }
    }

    /// An envelope from PE 0 with priority 0.
    pub(crate) fn envelope(body: Body) -> Envelope {
        Envelope {
            prio: 0,
            src: 0,
            body,
        }
    }

    /// Message `n` for element `to` that was forwarded `hops` times.
    pub(crate) fn entry(to: u64, hops: u16, n: u32) -> Entry<'static> {
        let call = Call::Msg(Payload::Local(Box::new(n)));
        Entry {
            to: obj(to),
            hops,
            id: 0,
            call,
        }
    }

    /// What element `linear` of PE `pe` received (it must live there).
    pub(crate) fn received(pe: &mut Pe, linear: u64) -> Vec<u32> {
        let store = pe.stores[0].as_mut().expect("array created");
        let migrant = store.emigrate(linear).expect("element is here");
        let probe: Probe = crate::wire::decode(&migrant.state).expect("state decodes");
        store.immigrate(linear, migrant).expect("state decodes");
        probe.got
    }

    /// The envelopes waiting in the mailbox of PE `pe`.
    pub(crate) fn mailbox(pe: &Pe, of: PeId) -> Vec<Envelope> {
        let mb = pe.svc.transport.mailbox(of);
        std::iter::from_fn(|| mb.pop()).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::testing::*;
    use super::*;
    use crate::envelope::{Call, Entry, Payload};
    use crate::wire::WireError;

    fn framed(to: u64, n: u32) -> Vec<u8> {
        let call = Call::Msg(Payload::Wire(crate::wire::encode_message(&n)));
        let body = Body::Entry(Entry {
            to: obj(to),
            hops: 0,
            id: 0,
            call,
        });
        let env = Envelope {
            prio: 0,
            src: 1,
            body,
        };
        env.into_frame().expect("serialized payload").0
    }

    #[test]
    fn an_element_message_in_its_frame_runs_at_once_when_the_queue_is_empty() {
        let (mut pes, _rx) = pes(2, false);
        let pe = &mut pes[0];
        let frame = framed(1, 7);
        pe.arrive(Arrival {
            frame: Cow::Borrowed(&frame),
            bulk: Vec::new(),
        });
        assert_eq!(received(pe, 1), vec![7]);
        assert_eq!(pe.svc.processed, 2, "the creation and the message");
        assert!(pe.svc.queue.is_empty());
    }

    #[test]
    fn an_element_message_in_its_frame_waits_behind_queued_work() {
        let (mut pes, _rx) = pes(2, false);
        let pe = &mut pes[0];
        pe.accept(envelope(Body::Entry(entry(1, 0, 3))));
        let frame = framed(1, 4);
        pe.arrive(Arrival {
            frame: Cow::Borrowed(&frame),
            bulk: Vec::new(),
        });
        assert!(received(pe, 1).is_empty(), "nothing ran yet");
        while let Some(env) = pe.svc.queue.pop() {
            pe.handle(env);
        }
        assert_eq!(
            received(pe, 1),
            vec![3, 4],
            "in order, the frame's bytes copied"
        );
    }

    #[test]
    fn an_undecodable_frame_stops_the_run_naming_what_was_wrong() {
        let (mut pes, rx) = pes(2, false);
        let pe = &mut pes[1];
        pe.arrive(Arrival {
            frame: Cow::Borrowed(&[1, 2, 3]),
            bulk: Vec::new(),
        });
        let err = RunError::Wire {
            pe: 1,
            what: "a message from another process".into(),
            error: WireError::Truncated { len: 3 },
        };
        assert_eq!(pe.svc.failure.as_ref(), Some(&err));
        assert!(
            err.to_string().contains("truncated frame (3 bytes)"),
            "{err}"
        );
        assert!(
            rx.try_iter()
                .any(|m| matches!(m, DriverMsg::Abort(e) if e == err))
        );
    }

    #[test]
    fn messages_for_an_array_not_yet_created_wait_for_it() {
        let (mut pes, _rx) = bare(1, false);
        let pe = &mut pes[0];
        pe.accept(envelope(Body::Entry(entry(2, 0, 9))));
        assert_eq!(pe.early.len(), 1);
        assert!(pe.svc.queue.is_empty());
        pe.accept(creation());
        assert!(pe.early.is_empty());
        let env = pe.svc.queue.pop().expect("queued once the array exists");
        pe.handle(env);
        assert_eq!(received(pe, 2), vec![9]);
    }

    #[test]
    fn shutdown_acts_at_once_and_probes_queue_last() {
        let (mut pes, _rx) = pes(1, false);
        let pe = &mut pes[0];
        pe.accept(envelope(Body::QdProbe { wave: 1 }));
        pe.accept(envelope(Body::Entry(entry(0, 0, 1))));
        assert!(matches!(
            pe.svc.queue.pop().map(|e| e.body),
            Some(Body::Entry(_))
        ));
        assert!(!pe.stop);
        pe.accept(envelope(Body::Shutdown));
        assert!(pe.stop);
    }
}
