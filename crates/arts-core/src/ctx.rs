//! [`Ctx`]: what an entry method can do — send, broadcast, contribute to
//! reductions, join load balancing — on behalf of the element it runs for.

use std::marker::PhantomData;

use crate::PeId;
use crate::chare::{ArrayProxy, Chare};
use crate::envelope::{
    Body, BroadcastCall, BroadcastPayload, Call, Entry, Envelope, ObjId, Partial, Payload,
    clone_boxed, encode_boxed,
};
use crate::index::Index;
use crate::instrument::{CommRecord, ElemMeta};
use crate::lb::{LbMsg, LbPeriod};
use crate::queue::DEFAULT_PRIORITY;
use crate::reduction::{Callback, RedValue, Reducer, register_custom};
use crate::runtime::RunError;
use crate::services::REDUCTION_ROOT;
use crate::services::Services;
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

    /// The construction arguments the array was created with (read-only
    /// data shared by all its elements, like Charm++ readonlies).
    pub fn init(&self) -> &A::Init {
        self.svc
            .array(self.me.array)
            .init
            .downcast_ref::<A::Init>()
            .expect("an array's init has its element type's Init type")
    }

    /// A proxy to this element's own array.
    pub fn this_proxy(&self) -> ArrayProxy<A> {
        ArrayProxy::new(self.me.array, self.svc.array(self.me.array).shape)
    }

    /// Sends `msg` to element `index` of `to` with the default priority.
    pub fn send<B: Chare>(&mut self, to: &ArrayProxy<B>, index: impl Into<Index>, msg: B::Msg) {
        self.send_prio(to, index, msg, DEFAULT_PRIORITY);
    }

    /// Sends `msg` with priority `prio` (smaller runs first; FIFO among equals).
    pub fn send_prio<B: Chare>(
        &mut self,
        to: &ArrayProxy<B>,
        index: impl Into<Index>,
        msg: B::Msg,
        prio: i32,
    ) {
        let obj = to.obj(index);
        if self.svc.instrument || self.svc.comm_trace.is_some() {
            let bytes = B::msg_bytes(&msg) as u64;
            if self.svc.instrument {
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
        let dest = self.svc.route(obj);
        let src = self.svc.pe;
        let payload = if dest != src && self.svc.transport.needs_wire(dest) {
            Payload::Wire(wire::encode_message(&msg))
        } else {
            Payload::Local(Box::new(msg))
        };
        let call = Call::Msg(payload);
        let body = Body::Entry(Entry {
            to: obj,
            hops: 0,
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
    pub fn contribute(&mut self, value: impl Into<RedValue>, reducer: Reducer, callback: Callback) {
        if let Reducer::Custom(name, f) = reducer {
            register_custom(name, f);
        }
        let red_no = self.meta.red_no;
        self.meta.red_no += 1;
        let partial = Partial {
            value: value.into(),
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
            Some(LbPeriod::EverySync | LbPeriod::Seconds(_)) => true,
        };
        if !balance {
            self.svc
                .send_call(self.me, Call::ResumeFromSync, DEFAULT_PRIORITY);
            return;
        }
        self.meta.at_sync = true;
        let array = self.me.array;
        let lb = &mut self.svc.array_mut(array).lb;
        lb.waiting += 1;
        if lb.waiting == lb.local {
            let count = std::mem::take(&mut lb.waiting);
            let env = Envelope {
                prio: DEFAULT_PRIORITY,
                src: self.svc.pe,
                body: Body::Lb(LbMsg::Ready { array, count }),
            };
            self.svc.post(REDUCTION_ROOT, env);
        }
    }

    /// Allows or forbids the load balancer to move this element (default: allowed).
    pub fn set_migratable(&mut self, migratable: bool) {
        self.meta.migratable = migratable;
    }

    /// Seconds since the run started (a cheap monotonic clock).
    pub fn wall_time(&self) -> f64 {
        self.svc.since_start(self.svc.clock.raw()) as f64 * 1e-9
    }
}
