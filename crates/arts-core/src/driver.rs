//! The main program's side of a run: the [`Driver`] creates arrays, sends
//! and broadcasts to elements, and waits for callbacks and for quiescence.
//! It runs on the thread that called `runtime::run`, not on a PE.

use std::collections::VecDeque;
use std::sync::Arc;

use crossbeam_channel::Receiver;

use crate::PeId;
use crate::chare::{ArrayProxy, Chare};
use crate::ctx::broadcast_call;
use crate::envelope::{ArrayCreation, ArrayId, Body, Call, DRIVER, Envelope, Payload};
use crate::index::{Index, Shape};
use crate::map::Map;
use crate::qd::Detector;
use crate::queue::DEFAULT_PRIORITY;
use crate::reduction::RedValue;
use crate::runtime::RunError;
use crate::store::TypedFactory;
use crate::transport::Transport;
use crate::wire;

/// Messages from PEs to the driver.
pub enum DriverMsg {
    /// A result for `Callback::Main(tag)`.
    Callback {
        /// The callback's tag.
        tag: u32,
        /// The value.
        value: RedValue,
    },
    /// A PE's quiescence counters for a wave.
    QdReport {
        /// The wave.
        wave: u64,
        /// Counted messages it sent so far.
        sent: u64,
        /// Counted messages it finished handling so far.
        processed: u64,
    },
    /// A PE failed; the run must stop.
    Abort(RunError),
}

struct ArrayMeta {
    shape: Shape,
    map: Map,
}

/// The main program's handle on a running job.
pub struct Driver {
    transport: Arc<dyn Transport>,
    rx: Receiver<DriverMsg>,
    arrays: Vec<ArrayMeta>,
    early: VecDeque<(u32, RedValue)>,
    sent: u64,
    wave: u64,
    failure: Option<RunError>,
}

impl Driver {
    pub(crate) fn new(transport: Arc<dyn Transport>, rx: Receiver<DriverMsg>) -> Self {
        Driver {
            transport,
            rx,
            arrays: Vec::new(),
            early: VecDeque::new(),
            sent: 0,
            wave: 0,
            failure: None,
        }
    }

    /// Number of PEs in the run.
    pub fn num_pes(&self) -> u32 {
        self.transport.num_pes()
    }

    fn post(&mut self, to: PeId, body: Body) {
        if body.counted() {
            self.sent += 1;
        }
        self.transport.send(
            to,
            Envelope {
                prio: DEFAULT_PRIORITY,
                src: DRIVER,
                body,
            },
        );
    }

    /// Creates an array of `A` with `shape.len()` elements placed by `map`;
    /// each element is built on its PE by `A::new(index, &init)`.
    pub fn create_array<A: Chare>(
        &mut self,
        name: &str,
        shape: Shape,
        map: Map,
        init: A::Init,
    ) -> ArrayProxy<A> {
        let id = self.arrays.len() as ArrayId;
        let factory = Arc::new(TypedFactory::<A> {
            id,
            name: Arc::from(name),
            shape,
            map: map.clone(),
            init: Arc::new(init),
        });
        for pe in self.transport.local_pes() {
            self.post(pe, Body::CreateArray(ArrayCreation(factory.clone())));
        }
        self.arrays.push(ArrayMeta { shape, map });
        ArrayProxy::new(id, shape)
    }

    /// Sends `msg` to element `index` of `to` (through its home PE).
    pub fn send<A: Chare>(&mut self, to: &ArrayProxy<A>, index: impl Into<Index>, msg: A::Msg) {
        let obj = to.obj(index);
        let meta = &self.arrays[to.id() as usize];
        let home = meta.map.home(obj.linear, &meta.shape, self.num_pes());
        let payload = if self.transport.needs_wire(home) {
            Payload::Wire(wire::encode(&msg).into())
        } else {
            Payload::Local(Box::new(msg))
        };
        self.post(
            home,
            Body::Entry {
                to: obj,
                hops: 0,
                call: Call::Msg(payload),
            },
        );
    }

    /// Sends a copy of `msg` to every element of `to`.
    pub fn broadcast<A: Chare>(&mut self, to: &ArrayProxy<A>, msg: A::Msg)
    where
        A::Msg: Clone,
    {
        let call = broadcast_call::<A>(msg);
        for pe in self.transport.local_pes() {
            let copy = call.copy_for(self.transport.needs_wire(pe));
            self.post(
                pe,
                Body::Broadcast {
                    array: to.id(),
                    call: copy,
                },
            );
        }
    }

    fn next_msg(&mut self) -> Result<DriverMsg, RunError> {
        if let Some(err) = &self.failure {
            return Err(err.clone());
        }
        match self.rx.recv() {
            Ok(DriverMsg::Abort(err)) => {
                self.failure = Some(err.clone());
                Err(err)
            }
            Ok(msg) => Ok(msg),
            Err(_) => Err(RunError::Internal("all PEs stopped".into())),
        }
    }

    /// Waits for the result sent to `Callback::Main(tag)`. Results for other
    /// tags that arrive meanwhile are kept for later calls.
    pub fn wait_callback(&mut self, tag: u32) -> Result<RedValue, RunError> {
        if let Some(i) = self.early.iter().position(|(t, _)| *t == tag) {
            return Ok(self.early.remove(i).expect("position is valid").1);
        }
        loop {
            match self.next_msg()? {
                DriverMsg::Callback { tag: t, value } if t == tag => return Ok(value),
                DriverMsg::Callback { tag: t, value } => self.early.push_back((t, value)),
                DriverMsg::QdReport { .. } | DriverMsg::Abort(_) => {}
            }
        }
    }

    /// Waits until no message is in flight or being handled anywhere
    /// (quiescence). See `qd/README.md` for the protocol.
    pub fn wait_quiescence(&mut self) -> Result<(), RunError> {
        let pes = self.num_pes() as u64;
        let mut detector = Detector::default();
        loop {
            self.wave += 1;
            let wave = self.wave;
            for pe in self.transport.local_pes() {
                self.post(pe, Body::QdProbe { wave });
            }
            let (mut sent, mut processed, mut reports) = (self.sent, 0u64, 0u64);
            while reports < pes {
                match self.next_msg()? {
                    DriverMsg::QdReport {
                        wave: w,
                        sent: s,
                        processed: p,
                    } if w == wave => {
                        sent += s;
                        processed += p;
                        reports += 1;
                    }
                    DriverMsg::Callback { tag, value } => self.early.push_back((tag, value)),
                    DriverMsg::QdReport { .. } | DriverMsg::Abort(_) => {}
                }
            }
            if detector.observe(sent, processed) {
                return Ok(());
            }
        }
    }

    /// Stops every PE (pending messages are dropped).
    pub(crate) fn shutdown(&mut self) {
        for pe in self.transport.local_pes() {
            self.post(pe, Body::Shutdown);
        }
    }

    /// The first failure seen by the driver, if any.
    pub(crate) fn failure(&mut self) -> Option<RunError> {
        while let Ok(msg) = self.rx.try_recv() {
            if let DriverMsg::Abort(err) = msg {
                self.failure.get_or_insert(err);
            }
        }
        self.failure.clone()
    }
}
