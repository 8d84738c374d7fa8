//! The PE scheduler: one OS thread that repeatedly moves arrived messages
//! from its mailbox into its local priority queue, picks the most urgent one
//! and handles it ("pick and process"), and waits (spin, then park) when
//! there is nothing to do. With a transport that must be polled, a message
//! from another process that finds the queue empty runs at once, from the
//! transport's receive buffer (`Pe::arrive`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arts_trace::{Span, SpanKind};

use crate::PeId;
use crate::driver::DriverMsg;
use crate::envelope::{ArrayCreation, ArrayId, Body, EntryMsg, Envelope, Migrant, ObjId};
use crate::instrument::{CommRecord, PeCounters, PeriodMark, thread_cpu_ns};
use crate::lb::{LbMsg, LbRoot, LbStepRecord, calibrate_speed};
use crate::mailbox::{IdlePolicy, Mailbox};
use crate::queue::PrioQueue;
use crate::runtime::RunError;
use crate::services::Services;
use crate::store::{ElemStore, Incoming};
use crate::transport::{Arrival, Progress, Transport};

/// Lowest priority: quiescence probes run after all other queued work.
const PROBE_PRIORITY: i32 = i32::MAX;

/// With a transport that must be polled, a busy PE polls every this many
/// loop turns, and takes at most this many messages from it then.
const POLL_EVERY: u32 = 32;

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
    /// Its sent element-to-element messages, if recording a communication trace.
    pub comm_trace: Option<Vec<CommRecord>>,
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
    early: Vec<Envelope>,
    idle: IdlePolicy,
    stop: bool,
}

fn array_of(body: &Body) -> Option<ArrayId> {
    match body {
        Body::Entry { to, .. } | Body::Migrate { obj: to, .. } => Some(to.array),
        Body::LocationUpdate { obj, .. } => Some(obj.array),
        Body::Broadcast { array, .. } | Body::ReductionPartial { array, .. } => Some(*array),
        Body::Lb(
            LbMsg::Ready { array, .. }
            | LbMsg::Collect { array }
            | LbMsg::Moves { array, .. }
            | LbMsg::Done { array, .. },
        ) => Some(*array),
        Body::Lb(LbMsg::Stats(s)) => Some(s.array),
        Body::CreateArray(_) | Body::QdProbe { .. } | Body::Shutdown => None,
    }
}

impl Pe {
    pub fn new(
        pe: PeId,
        transport: Arc<dyn Transport>,
        config: &crate::Config,
        clock: quanta::Clock,
        epoch: u64,
        driver_sent: Option<Arc<AtomicU64>>,
    ) -> Self {
        Pe {
            svc: Services {
                pe,
                num_pes: transport.num_pes(),
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
                trace: config.trace.then(Vec::new),
                comm_trace: config.comm_trace.then(Vec::new),
                failure: None,
                lb: config.lb.clone().map(Arc::new),
                speed: 1.0,
                driver_sent,
                lb_mark: PeriodMark::default(),
            },
            stores: Vec::new(),
            lb_root: LbRoot::default(),
            early: Vec::new(),
            idle: config.idle,
            stop: false,
        }
    }

    /// Runs the scheduler loop until shut down.
    pub fn run(mut self) -> PeReport {
        let transport = self.svc.transport.clone();
        let mailbox = transport.mailbox(self.svc.pe);
        mailbox.bind_owner();
        // Measured on this PE's own thread: its speed, and the start of the
        // first load-balancing period.
        if self.svc.lb.as_ref().is_some_and(|l| l.speeds.is_none()) {
            self.svc.speed = calibrate_speed();
        }
        let start = self.svc.clock.raw();
        self.svc.lb_mark = PeriodMark {
            raw: start,
            counters: PeCounters::default(),
            cpu_ns: thread_cpu_ns(),
        };
        let remote = transport.poll_interval().is_some();
        let mut handled = 0u32;
        while !self.stop {
            if remote && handled.is_multiple_of(POLL_EVERY) {
                for _ in 0..POLL_EVERY {
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
            match self.svc.queue.pop() {
                Some(env) => {
                    self.handle(env);
                    self.svc.woke_at = None;
                }
                None => self.wait(&*transport, mailbox),
            }
        }
        let wall_ns = self.svc.clock.delta_as_nanos(start, self.svc.clock.raw());
        transport.retire(self.svc.pe);
        PeReport {
            pe: self.svc.pe,
            counters: self.svc.counters,
            wall_ns,
            trace: self.svc.trace.take(),
            comm_trace: self.svc.comm_trace.take(),
            failure: self.svc.failure.take(),
            lb_steps: std::mem::take(&mut self.lb_root.records),
        }
    }

    fn wait(&mut self, transport: &dyn Transport, mailbox: &Mailbox) {
        let start = self.svc.clock.raw();
        match transport.poll_interval() {
            None => {
                let parked = mailbox.wait(&self.idle, None);
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
    /// intervals (at least the idle policy's spin time), then park for at
    /// most `interval` between polls. Messages from other processes do not
    /// wake a parked PE, so it spins longer than an in-process one: a reply
    /// that takes a few hundred microseconds still finds it polling.
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
        let spin = self.idle.spin.max(interval * 10);
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
            if !mailbox.is_empty() {
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
                };
                parked += mailbox.wait(&nap, Some(Instant::now() + interval));
            } else if polls > self.idle.yield_after {
                std::thread::yield_now();
            }
            // No pause between polls: a poll of the transport takes longer
            // than one, and the next one finds an arrived message sooner.
        }
    }

    /// Acts on a message from another process. An element message that
    /// finds the queue empty runs at once, straight from the transport's
    /// receive buffer: it is neither copied nor queued on its way to its
    /// entry method (the path of every reply in a ping-pong).
    fn arrive(&mut self, a: Arrival<'_>) {
        if a.bulk.is_empty()
            && self.svc.queue.is_empty()
            && let Some(m) = EntryMsg::read(&a.frame)
            && self.knows(m.to.array)
        {
            self.svc.counters.messages += 1;
            self.deliver(m.to, m.hops, m.src, m.prio, Incoming::Bytes(m.payload));
            self.svc.processed += 1;
            self.svc.woke_at = None;
            return;
        }
        let env = Envelope::from_arrival(a)
            .unwrap_or_else(|e| panic!("undecodable message from another process: {e}"));
        self.accept(env);
    }

    /// Takes a message out of the mailbox. Control messages whose order
    /// relative to the channel matters (creation, migration, location
    /// updates) act at once; everything else is queued by priority.
    fn accept(&mut self, env: Envelope) {
        if let Some(array) = array_of(&env.body)
            && !self.knows(array)
        {
            self.early.push(env);
            return;
        }
        match env.body {
            Body::Shutdown
            | Body::CreateArray(_)
            | Body::Migrate { .. }
            | Body::LocationUpdate { .. } => self.act_at_once(env),
            Body::QdProbe { .. } => self.svc.queue.push(PROBE_PRIORITY, env),
            _ => self.svc.queue.push(env.prio, env),
        }
    }

    /// The control messages that act as soon as they are accepted (rare:
    /// kept off the path of ordinary messages).
    #[cold]
    #[inline(never)]
    fn act_at_once(&mut self, env: Envelope) {
        match env.body {
            Body::Shutdown => self.stop = true,
            Body::CreateArray(ArrayCreation(factory)) => {
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

    fn handle(&mut self, env: Envelope) {
        self.svc.counters.messages += 1;
        let counted = env.body.counted();
        let Envelope { prio, src, body } = env;
        match body {
            Body::Entry { to, hops, call } => {
                self.deliver(to, hops, src, prio, Incoming::Call(call))
            }
            Body::Broadcast { array, call } => {
                let store = self.stores[array as usize]
                    .as_mut()
                    .expect("checked in accept");
                store.broadcast(call, &mut self.svc);
            }
            Body::ReductionPartial {
                array,
                red_no,
                partial,
            } => self.svc.root_partial(array, red_no, *partial),
            Body::Lb(msg) => self.handle_lb(msg),
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

    fn deliver(&mut self, to: ObjId, hops: u16, src: PeId, prio: i32, call: Incoming<'_>) {
        let store = self.stores[to.array as usize]
            .as_mut()
            .expect("checked in accept");
        match store.deliver(to.linear, call, &mut self.svc) {
            Ok(()) => {
                if hops > 0 && self.svc.should_update(src) {
                    let update = Envelope {
                        prio: 0,
                        src: self.svc.pe,
                        body: Body::LocationUpdate {
                            obj: to,
                            pe: self.svc.pe,
                        },
                    };
                    self.svc.post(src, update);
                }
            }
            Err(call) => {
                let next = self.svc.route(to);
                if next == self.svc.pe {
                    let info = self.svc.array(to.array);
                    let msg = format!(
                        "a message for element {} of {} reached PE {}, which neither hosts it nor knows where it is",
                        info.shape.index(to.linear),
                        info.name,
                        self.svc.pe
                    );
                    self.svc.fail(RunError::Internal(msg));
                    return;
                }
                let fwd = Envelope {
                    prio,
                    src,
                    body: Body::Entry {
                        to,
                        hops: hops.saturating_add(1),
                        call,
                    },
                };
                self.svc.post(next, fwd);
            }
        }
    }

    fn location_update(&mut self, obj: ObjId, pe: PeId) {
        let local = self.stores[obj.array as usize]
            .as_ref()
            .is_some_and(|s| s.contains(obj.linear));
        if !local {
            let num_pes = self.svc.num_pes;
            let info = self.svc.array_mut(obj.array);
            let home = info.home(obj.linear, num_pes);
            info.loc.set(obj.linear, pe, home);
        }
    }

    fn immigrate(&mut self, obj: ObjId, migrant: Migrant) {
        let red_no = migrant.red_no;
        let store = self.stores[obj.array as usize]
            .as_mut()
            .expect("checked in accept");
        if let Err(e) = store.immigrate(obj.linear, migrant) {
            let name = self.svc.array(obj.array).name.to_string();
            self.svc.fail(RunError::Internal(format!(
                "cannot restore a migrated element of {name}: {e}"
            )));
            return;
        }
        let (me, num_pes) = (self.svc.pe, self.svc.num_pes);
        let info = self.svc.array_mut(obj.array);
        let home = info.home(obj.linear, num_pes);
        info.loc.set(obj.linear, me, home);
        info.red.element_arrived(red_no);
        info.lb.local += 1;
        info.lb.arrived += 1;
        if home != me {
            let update = Envelope {
                prio: 0,
                src: me,
                body: Body::LocationUpdate { obj, pe: me },
            };
            self.svc.post(home, update);
        }
        self.check_arrivals(obj.array);
    }

    /// Moves local element `obj` to PE `to`.
    pub(crate) fn emigrate(&mut self, obj: ObjId, to: PeId) {
        let Some(store) = self.stores[obj.array as usize].as_mut() else {
            return;
        };
        let Some(migrant) = store.emigrate(obj.linear) else {
            return;
        };
        let num_pes = self.svc.num_pes;
        let info = self.svc.array_mut(obj.array);
        let home = info.home(obj.linear, num_pes);
        info.loc.set(obj.linear, to, home);
        info.red.element_left(migrant.red_no);
        info.lb.local -= 1;
        info.lb.bytes_out += migrant.state.len() as u64;
        self.svc.flush_reductions(obj.array);
        let env = Envelope {
            prio: 0,
            src: self.svc.pe,
            body: Body::Migrate {
                obj,
                migrant: Box::new(migrant),
            },
        };
        self.svc.post(to, env);
    }
}
