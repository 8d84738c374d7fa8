//! [`Ctx`]: what an entry method can do — send, broadcast, contribute to
//! reductions, join load balancing — on behalf of the element it runs for.

use std::marker::PhantomData;

use crate::PeId;
use crate::chare::{ArrayProxy, Chare, Element};
use crate::envelope::{
    Body, BroadcastCall, BroadcastPayload, Call, Entry, Envelope, MessageBody, ObjId, Partial,
    Payload, clone_boxed, encode_boxed,
};
use crate::index::Index;
use crate::instrument::{CommRecord, ElemMeta};
use crate::lb_manager::{LbMsg, LbPeriod};
use crate::message::Message;
use crate::queue::DEFAULT_PRIORITY;
use crate::reduction::{Callback, RedValue, Reducer, Reducible, register_custom};
use crate::run_error::RunError;
use crate::services::Services;
use crate::transport::Offer;
use crate::wire;

/// The context of one entry-method execution of an element of `A`.
pub struct Ctx<'a, A: Chare> {
    svc: &'a mut Services,
    meta: &'a mut ElemMeta,
    me: ObjId,
    _marker: PhantomData<fn() -> A>,
}

/// The broadcast form of message `msg` of `B`.
pub(crate) fn broadcast_call<B: Chare>(msg: B::Msg) -> BroadcastCall
where
    B::Msg: Clone,
{
    BroadcastCall::Msg(BroadcastPayload::Local {
        msg: Box::new(msg),
        clone: clone_boxed::<B::Msg>,
        encode: encode_boxed::<B::Msg>,
    })
}

/// Priority of the resume that follows an `at_sync` without balancing:
/// ahead of every ordinary message.
const RESUME_PRIORITY: i32 = i32::MIN;

impl<'a, A: Chare> Ctx<'a, A> {
    pub(crate) fn new(svc: &'a mut Services, meta: &'a mut ElemMeta, me: ObjId) -> Self {
        Ctx {
            svc,
            meta,
            me,
            _marker: PhantomData,
        }
    }

    /// This element's index.
    pub fn index(&self) -> Index {
        self.svc.array(self.me.array).shape.index(self.me.linear)
    }

    /// This element's global name.
    pub fn obj_id(&self) -> ObjId {
        self.me
    }

    /// The PE running this entry method.
    pub fn pe(&self) -> PeId {
        self.svc.pe
    }

    /// Number of PEs in the run.
    pub fn num_pes(&self) -> u32 {
        self.svc.num_pes
    }

    /// The PEs of this element's process (all PEs in a one-process run).
    /// An element that cannot leave its process (one holding raw pointers,
    /// like an AMPI rank) moves only among these.
    pub fn local_pes(&self) -> std::ops::Range<PeId> {
        self.svc.transport.local_pes()
    }

    /// This element's process (0 in a one-process run).
    pub fn process(&self) -> u32 {
        self.svc.transport.process().0
    }

    /// Direct transfers to and from other processes, where the run's
    /// transport offers them (see [`Direct`](crate::transport::Direct)).
    pub fn direct(&self) -> Option<&dyn crate::direct::Direct> {
        self.svc.transport.direct()
    }

    /// The construction arguments the array was created with (read-only
    /// data shared by all its elements, like Charm++ readonlies).
    pub fn init(&self) -> &A::Init {
        self.svc
            .array(self.me.array)
            .init
            .downcast_ref::<A::Init>()
            .expect("an array's init has its element type's Init type")
    }

    /// A proxy to this element's own array (`ctx.this_proxy().at(i)` is
    /// a neighbour).
    pub fn this_proxy(&self) -> ArrayProxy<A> {
        ArrayProxy::new(self.me.array, self.svc.array(self.me.array).shape)
    }

    /// A handle to this element itself.
    pub fn me(&self) -> Element<A> {
        Element::new(self.me)
    }

    /// Sends `msg` to element `to` with the default priority.
    pub fn send<B: Chare>(&mut self, to: Element<B>, msg: B::Msg) {
        self.send_prio(to, msg, DEFAULT_PRIORITY);
    }

    /// Sends `msg` to this element itself (it runs after the messages
    /// already queued with the same priority).
    pub fn send_self(&mut self, msg: A::Msg) {
        self.send_prio(self.me(), msg, DEFAULT_PRIORITY);
    }

    /// Sends `msg` with priority `prio` (smaller runs first; FIFO among equals).
    pub fn send_prio<B: Chare>(&mut self, to: Element<B>, msg: B::Msg, prio: i32) {
        let obj = to.obj();
        // Only a load balancer reads the counts.
        let count = self.svc.instrument && self.svc.lb.is_some();
        if count || self.svc.comm_trace.is_some() {
            let bytes = msg.size() as u64;
            if count {
                self.meta.comm.record(obj, bytes);
            }
            if obj.array == self.me.array && self.svc.comm_trace.is_some() {
                let t = self.svc.since_start(self.svc.clock.raw());
                if let Some(trace) = &mut self.svc.comm_trace {
                    trace.push(CommRecord {
                        time_ns: t,
                        source: self.me.linear,
                        destination: obj.linear,
                        bytes,
                    });
                }
            }
        }
        let id = match self.svc.record.is_some() {
            true => self.svc.record_send(obj, msg.size() as u64),
            false => 0,
        };
        let dest = self.svc.route(obj);
        if let Some(grid) = &mut self.svc.grid {
            grid.note_send(self.me, dest);
        }
        if self.svc.trace.is_some() {
            self.svc.trace_send(dest, msg.size() as u64);
        }
        let src = self.svc.pe;
        let payload = if dest != src && self.svc.transport.needs_wire(dest) {
            Payload::Wire(wire::encode_chare_message(&msg))
        } else {
            Payload::Local(Box::new(msg))
        };
        let call = Call::Msg(payload);
        let body = Body::Entry(Entry {
            to: obj,
            hops: 0,
            id,
            call,
        });
        self.svc.post(dest, Envelope { prio, src, body });
    }

    /// Sends a copy of `msg` to every element of `to`.
    pub fn broadcast<B: Chare>(&mut self, to: &ArrayProxy<B>, msg: B::Msg)
    where
        B::Msg: Clone,
    {
        self.svc
            .broadcast(to.id(), broadcast_call::<B>(msg), DEFAULT_PRIORITY);
    }

    /// Contributes `value` to this array's next reduction; every element must
    /// contribute, with the same reducer and callback, for it to complete.
    pub fn contribute<V: Reducible>(&mut self, value: V, reducer: Reducer, callback: Callback) {
        if let Reducer::Custom(name, f) = reducer {
            register_custom(name, f);
        }
        let red_no = self.meta.red_no;
        self.meta.red_no += 1;
        let value = match reducer {
            // Each piece keeps its element's place in the result.
            Reducer::Concat => RedValue::Indexed(vec![(self.me.linear, value.into_value())]),
            _ => value.into_value(),
        };
        let partial = Partial {
            value,
            count: 1,
            reducer,
            callback,
        };
        let array = self.me.array;
        let info = self.svc.array_mut(array);
        if let Err(message) = info.red.contribute(red_no, partial) {
            let name = info.name.to_string();
            self.svc.fail(RunError::Reduction {
                array: name,
                message,
            });
            return;
        }
        self.svc.flush_reductions(array);
    }

    /// Asks the main program for a checkpoint: [`crate::Driver::take_checkpoint_request`]
    /// returns `true` on process 0's driver once the request is there, and
    /// the main program takes the checkpoint at its next consistent point
    /// (an app-level trigger, beside timers and signals).
    pub fn checkpoint(&mut self) {
        let msg = crate::driver::DriverMsg::CheckpointRequest;
        self.svc.transport.to_driver(0, msg);
    }

    /// Joins the next load-balancing step: the element may migrate, and
    /// `Chare::resume_from_sync` is called once the step is over. Without load
    /// balancing configured (or on a step the period skips) it is called
    /// right after this entry method. Call it once per step from every
    /// element of the array, then wait for `resume_from_sync`.
    pub fn at_sync(&mut self) {
        if self.meta.at_sync {
            return;
        }
        self.meta.syncs += 1;
        let balance = match self.svc.lb.as_ref().map(|l| l.period) {
            None => false,
            Some(LbPeriod::Steps(n)) => self.meta.syncs.is_multiple_of(n.max(1)),
            Some(LbPeriod::At(at)) => at.contains(self.meta.syncs),
            Some(LbPeriod::EverySync | LbPeriod::Seconds(_) | LbPeriod::Periodic(_)) => true,
            Some(LbPeriod::Auto) => {
                let next = self.svc.array(self.me.array).lb.next_sync;
                self.meta.syncs >= next.unwrap_or(crate::lb_manager::AUTO_FIRST_SYNC)
            }
        };
        if !balance {
            // Resume right after this entry method, before other queued
            // work: a step's sends must not wait behind the PE's queue.
            self.svc
                .send_call(self.me, Call::ResumeFromSync, RESUME_PRIORITY);
            return;
        }
        self.meta.at_sync = true;
        let array = self.me.array;
        let lb = &mut self.svc.array_mut(array).lb;
        lb.waiting += 1;
        if let Some(count) = lb.take_ready() {
            let env = Envelope {
                prio: DEFAULT_PRIORITY,
                src: self.svc.pe,
                body: Body::Lb(LbMsg::AtSync { array, count }),
            };
            // Through this PE, which sends its measurements along.
            self.svc.post(self.svc.pe, env);
        }
    }

    /// Stops counting this element's time into its measured load until
    /// [`resume_load_measure`](Ctx::resume_load_measure) (AMPI's
    /// `AMPI_Load_stop_measure`): work the balancer should not see.
    pub fn pause_load_measure(&mut self) {
        let now = self.svc.clock.raw();
        let asked = self.meta.load_asked.get_or_insert_default();
        if asked.unmeasured_since.is_none() {
            asked.unmeasured_since = Some(now);
        }
    }

    /// Counts this element's time into its measured load again.
    pub fn resume_load_measure(&mut self) {
        let now = self.svc.clock.raw();
        if let Some(asked) = self.meta.load_asked.as_deref_mut()
            && let Some(since) = asked.unmeasured_since.take()
        {
            asked.unmeasured_ns += self.svc.clock.delta_as_nanos(since, now);
        }
    }

    /// Sets this element's load for the current load-balancing period to
    /// `seconds`, reported instead of the measured time (AMPI's
    /// `AMPI_Load_set_value`); negative or not finite counts as 0.
    pub fn set_load(&mut self, seconds: f64) {
        self.meta.load_asked.get_or_insert_default().set_s = Some(if seconds.is_finite() {
            seconds.max(0.0)
        } else {
            0.0
        });
    }

    /// Allows or forbids the load balancer to move this element (default: allowed).
    pub fn set_migratable(&mut self, migratable: bool) {
        self.meta.migratable = migratable;
    }

    /// Moves this element to PE `pe` as soon as this entry method returns,
    /// through the location protocol: its state is serialized there, and
    /// messages sent to it meanwhile follow it. Returns `false`, doing
    /// nothing, if `pe` is not a PE of the run, is this PE, or the element
    /// waits in `at_sync`. Not to be mixed with a load-balancing step of
    /// the same array under way (call it before the element's `at_sync`).
    pub fn migrate_to(&mut self, pe: PeId) -> bool {
        if pe >= self.svc.num_pes || pe == self.svc.pe || self.meta.at_sync {
            return false;
        }
        self.svc.requested_moves.push((self.me, pe));
        true
    }

    /// Seconds since the run started (a cheap monotonic clock).
    pub fn wall_time(&self) -> f64 {
        self.svc.since_start(self.svc.clock.raw()) as f64 * 1e-9
    }

    /// A step of this element's busy wait (an AMPI rank testing a request
    /// that has not completed, before it returns to the scheduler): where
    /// the PEs outnumber the cores, the PE thread yields its core, so that
    /// the PE that will end the wait runs (as an oversubscribed MPI
    /// process yields in its progress loop); otherwise it does nothing.
    pub fn relax(&self) {
        if self.svc.shares_cores {
            std::thread::yield_now();
        }
    }

    /// How many messages this PE's scheduler has queued (control messages
    /// such as quiescence probes aside), when that is all it has to run:
    /// nothing in its mailbox, nor held back by an emulated grid; `None`
    /// otherwise. An AMPI rank that sleeps lets the PE thread sleep when
    /// all that is queued are other sleepers' wake-ups, as a sleeping
    /// process leaves its core.
    pub fn pe_queued(&self) -> Option<usize> {
        let svc = &self.svc;
        let held = svc.grid.as_ref().is_some_and(|g| !g.is_empty());
        let mailed = !svc.transport.mailbox(svc.pe).is_empty();
        (!held && !mailed).then(|| svc.queue.iter().filter(|e| e.body.counted()).count())
    }

    /// Waits as an idle PE does until a message reaches this PE's mailbox
    /// or `until` passes: a short spin (none where the PEs outnumber the
    /// cores), then off the CPU (an AMPI rank that sleeps while the PE has
    /// nothing else to run).
    pub fn pe_wait(&self, until: std::time::Instant) {
        let default = crate::IdlePolicy::default();
        let policy = crate::IdlePolicy {
            spin: if self.svc.shares_cores {
                std::time::Duration::ZERO
            } else {
                default.spin
            },
            ..default
        };
        self.svc
            .transport
            .mailbox(self.svc.pe)
            .wait(&policy, Some(until));
    }

    /// Whether the PEs outnumber the cores they run on
    /// ([`IdlePolicy::shares_cores`](crate::IdlePolicy::shares_cores)).
    pub fn shares_cores(&self) -> bool {
        self.svc.shares_cores
    }

    /// Whether [`Ctx::poll_own`] can ever find a message (the run's
    /// transport is polled: it spans processes, and the PEs have a core
    /// each); the same on every PE of a process.
    pub fn offers(&self) -> bool {
        self.svc.transport.offers()
    }

    /// For an entry method that waits for a message of this element's own
    /// (an AMPI rank blocked in a receive): if the PE has nothing else to
    /// do, polls the transport up to `polls` times
    /// ([`Transport::offer`](crate::transport::Transport::offer)); the first
    /// message for this element that arrived from another process, sent
    /// straight to this PE, and `wanted`, is returned to act on now, counted
    /// as handled (quiescence detection sees it as the PE's poll would
    /// have). Anything else stays where it is for the scheduler, in order:
    /// the element should then return to it ([`OwnPoll::Busy`]). Always
    /// `Busy` when the PE has queued or mailed messages, the element is
    /// about to move or waits in `at_sync`, or the run times entry methods
    /// (load balancing, traces, recordings, emulated speeds) or traces
    /// communication, whose accounts see each message as its own entry.
    pub fn poll_own(&mut self, polls: u32, wanted: impl Fn(&A::Msg) -> bool) -> OwnPoll<A::Msg> {
        let svc = &mut *self.svc;
        if !svc.nothing_queued()
            || svc.times_entries()
            || svc.comm_trace.is_some()
            || !svc.requested_moves.is_empty()
            || self.meta.at_sync
            || !svc.transport.mailbox(svc.pe).is_empty()
        {
            return OwnPoll::Busy;
        }
        let me = self.me;
        let mut got = None;
        let offered = svc.transport.offer(svc.pe, polls, &mut |frame| {
            let Ok(parcel) = crate::frame::decode(std::borrow::Cow::Borrowed(frame), Vec::new())
            else {
                return false;
            };
            if let MessageBody::Entry(Entry {
                to,
                hops: 0,
                call: Call::Msg(Payload::InFrame(bytes)),
                ..
            }) = parcel.body
                && to == me
                && let Ok(msg) = wire::decode_chare_message::<A::Msg>(bytes, &[])
                && wanted(&msg)
            {
                got = Some(msg);
                return true;
            }
            false
        });
        match (offered, got) {
            (Offer::Taken, Some(msg)) => {
                svc.counters.messages += 1;
                svc.processed += 1;
                OwnPoll::Took(msg)
            }
            (Offer::Empty, _) => OwnPoll::Empty,
            _ => OwnPoll::Busy,
        }
    }
}

/// What [`Ctx::poll_own`] found.
#[derive(Debug)]
pub enum OwnPoll<M> {
    /// A message for the element, to act on now.
    Took(M),
    /// Nothing arrived in the polls.
    Empty,
    /// The PE has other work, or may not be polled from an entry method:
    /// the element should return to the scheduler.
    Busy,
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use crate::*;

    /// Element 0 sends itself `Count(n)` messages down to zero, then sends
    /// `Echo` to every other element through its handle; each reports its
    /// index and PE.
    #[derive(Serialize, Deserialize)]
    struct Walker {
        seen: Vec<u32>,
    }

    #[message]
    #[derive(Clone)]
    enum WalkMsg {
        Count(u32),
        Echo,
    }

    impl Chare for Walker {
        type Msg = WalkMsg;
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Walker { seen: Vec::new() }
        }
        fn receive(&mut self, msg: WalkMsg, ctx: &mut Ctx<'_, Self>) {
            match msg {
                WalkMsg::Count(0) => {
                    assert_eq!(self.seen, vec![3, 2, 1], "send_self keeps order");
                    let all = ctx.this_proxy();
                    for i in 1..all.shape().len() {
                        ctx.send(all.at(i as u32), WalkMsg::Echo);
                    }
                    ctx.send_self(WalkMsg::Echo);
                }
                WalkMsg::Count(n) => {
                    self.seen.push(n);
                    ctx.send_self(WalkMsg::Count(n - 1));
                }
                WalkMsg::Echo => {
                    assert_eq!(ctx.me(), ctx.this_proxy().at(ctx.index()));
                    assert!(ctx.pe() < ctx.num_pes());
                    assert!(ctx.wall_time() >= 0.0);
                    let i = ctx.index().x() as u64;
                    ctx.contribute(vec![i, 1], Reducer::Sum, Callback::main("echo"));
                }
            }
        }
    }

    /// An element that counts, asks to move, and reports where it ran.
    #[derive(Serialize, Deserialize)]
    struct Mover {
        counted: u32,
        pes: Vec<u32>,
    }

    #[message]
    #[derive(Clone)]
    enum MoveMsg {
        Go(u32),
        Report,
    }

    impl Chare for Mover {
        type Msg = MoveMsg;
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Mover {
                counted: 0,
                pes: Vec::new(),
            }
        }
        fn receive(&mut self, msg: MoveMsg, ctx: &mut Ctx<'_, Self>) {
            self.counted += 1;
            self.pes.push(ctx.pe());
            match msg {
                MoveMsg::Go(to) => {
                    assert!(!ctx.migrate_to(ctx.pe()), "not to itself");
                    assert!(!ctx.migrate_to(ctx.num_pes()), "not off the run");
                    assert!(ctx.migrate_to(to));
                    ctx.send_self(MoveMsg::Report);
                }
                MoveMsg::Report => {
                    let mut v = vec![u64::from(self.counted)];
                    v.extend(self.pes.iter().map(|&p| u64::from(p)));
                    ctx.contribute(v, Reducer::Sum, Callback::main("moved"));
                }
            }
        }
    }

    #[test]
    fn migrate_to_moves_the_element_with_its_state_after_the_entry_method() {
        let cfg = Config {
            pes: 3,
            ..Config::default()
        };
        let (v, _) = run(&cfg, |d| {
            let a = d.create_array::<Mover>("mover", Shape::d1(1), Map::Block, ());
            d.send(a.at(0), MoveMsg::Go(2));
            d.wait_callback::<Vec<u64>>("moved").unwrap()
        })
        .unwrap();
        assert_eq!(v, vec![2, 0, 2], "two messages counted, the second on PE 2");
    }

    #[test]
    fn send_self_and_element_handles_reach_the_right_elements() {
        let cfg = Config {
            pes: 3,
            ..Config::default()
        };
        let (v, report) = run(&cfg, |d| {
            let a = d.create_array::<Walker>("walk", Shape::d1(7), Map::RoundRobin, ());
            d.send(a.at(0), WalkMsg::Count(3));
            d.wait_callback::<Vec<u64>>("echo").unwrap()
        })
        .unwrap();
        assert_eq!(v, vec![21, 7]);
        let names: Vec<_> = report.pes.iter().map(|p| p.counters.messages).collect();
        assert!(names.iter().sum::<u64>() >= 4 + 7, "{names:?}");
    }
}
