//! The main program's side of a run: the [`Driver`] creates arrays, sends
//! and broadcasts to elements, and waits for callbacks and for quiescence.
//! It runs on the thread that called `runtime::run`, not on a PE.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crossbeam_channel::Receiver;

use crate::PeId;
use crate::chare::{ArrayProxy, Chare};
use crate::ctx::broadcast_call;
use crate::envelope::{ArrayCreation, ArrayId, Body, Call, DRIVER, Entry, Envelope, Payload};
use crate::index::{Index, Shape};
use crate::map::Map;
use crate::qd::Detector;
use crate::queue::DEFAULT_PRIORITY;
use crate::reduction::RedValue;
use crate::runtime::RunError;
use crate::store::TypedFactory;
use crate::transport::Transport;
use crate::wire;

/// Messages from PEs (or, with several processes, from the driver of
/// process 0) to a driver.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
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
    /// From the driver of process 0: the job is quiescent.
    Quiescent,
    /// A PE failed; the run must stop.
    Abort(RunError),
}

struct ArrayMeta {
    shape: Shape,
    map: Map,
}

/// The main program's handle on a running job.
///
/// With several processes every process runs the same main program (SPMD)
/// with its own driver. Collective calls — `create_array`, `broadcast`,
/// `wait_callback`, `wait_quiescence` — must then be made by every driver
/// in the same order; point-to-point `send` is carried out by the driver of
/// process 0 only, so that a message is sent once.
pub struct Driver {
    transport: Arc<dyn Transport>,
    rx: Receiver<DriverMsg>,
    arrays: Vec<ArrayMeta>,
    early: VecDeque<(u32, RedValue)>,
    sent: Arc<AtomicU64>,
    wave: u64,
    failure: Option<RunError>,
}

impl Driver {
    pub(crate) fn new(
        transport: Arc<dyn Transport>,
        rx: Receiver<DriverMsg>,
        sent: Arc<AtomicU64>,
    ) -> Self {
        Driver {
            transport,
            rx,
            arrays: Vec::new(),
            early: VecDeque::new(),
            sent,
            wave: 0,
            failure: None,
        }
    }

    /// Number of PEs in the run (all processes).
    pub fn num_pes(&self) -> u32 {
        self.transport.num_pes()
    }

    /// This process's number and the number of processes.
    pub fn process(&self) -> (u32, u32) {
        self.transport.process()
    }

    fn post(&mut self, to: PeId, body: Body) {
        if body.counted() {
            self.sent.fetch_add(1, Ordering::Relaxed);
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
    /// each element is built on its PE by `A::new(index, &init)`. Collective.
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
        // Every process must know the array before any PE addresses it.
        self.transport.driver_barrier();
        ArrayProxy::new(id, shape)
    }

    /// Sends `msg` to element `index` of `to` (through its home PE). With
    /// several processes only process 0's driver sends.
    pub fn send<A: Chare>(&mut self, to: &ArrayProxy<A>, index: impl Into<Index>, msg: A::Msg) {
        if self.process().0 != 0 {
            return;
        }
        let obj = to.obj(index);
        let meta = &self.arrays[to.id() as usize];
        let home = meta.map.home(obj.linear, &meta.shape, self.num_pes());
        let payload = if self.transport.needs_wire(home) {
            Payload::Wire(wire::encode_message(&msg))
        } else {
            Payload::Local(Box::new(msg))
        };
        self.post(
            home,
            Body::Entry(Entry {
                to: obj,
                hops: 0,
                call: Call::Msg(payload),
            }),
        );
    }

    /// Sends a copy of `msg` to every element of `to`. Collective: each
    /// driver delivers to the elements of its own process.
    pub fn broadcast<A: Chare>(&mut self, to: &ArrayProxy<A>, msg: A::Msg)
    where
        A::Msg: Clone,
    {
        let call = broadcast_call::<A>(msg);
        for pe in self.transport.local_pes() {
            let copy = call.copy_for(self.transport.needs_wire(pe));
            let array = to.id();
            self.post(pe, Body::Broadcast { array, call: copy });
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
    /// tags that arrive meanwhile are kept for later calls. Collective: every
    /// driver receives every result.
    pub fn wait_callback(&mut self, tag: u32) -> Result<RedValue, RunError> {
        if let Some(i) = self.early.iter().position(|(t, _)| *t == tag) {
            return Ok(self.early.remove(i).expect("position is valid").1);
        }
        loop {
            match self.next_msg()? {
                DriverMsg::Callback { tag: t, value } if t == tag => return Ok(value),
                DriverMsg::Callback { tag: t, value } => self.early.push_back((t, value)),
                DriverMsg::QdReport { .. } | DriverMsg::Quiescent | DriverMsg::Abort(_) => {}
            }
        }
    }

    /// Waits until no message is in flight or being handled anywhere
    /// (quiescence). Collective; process 0's driver detects it (see
    /// `qd/README.md`) and tells the others.
    pub fn wait_quiescence(&mut self) -> Result<(), RunError> {
        // Every driver's earlier sends are counted before detection starts.
        self.transport.driver_barrier();
        if self.process().0 != 0 {
            loop {
                match self.next_msg()? {
                    DriverMsg::Quiescent => return Ok(()),
                    DriverMsg::Callback { tag, value } => self.early.push_back((tag, value)),
                    DriverMsg::QdReport { .. } | DriverMsg::Abort(_) => {}
                }
            }
        }
        let pes = self.num_pes() as u64;
        let mut detector = Detector::default();
        loop {
            self.wave += 1;
            let wave = self.wave;
            for pe in 0..self.num_pes() {
                self.post(pe, Body::QdProbe { wave });
            }
            let (mut sent, mut processed, mut reports) = (0u64, 0u64, 0u64);
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
                    DriverMsg::QdReport { .. } | DriverMsg::Quiescent | DriverMsg::Abort(_) => {}
                }
            }
            if detector.observe(sent, processed) {
                let (_, processes) = self.process();
                for p in 1..processes {
                    self.transport.to_driver(p, DriverMsg::Quiescent);
                }
                return Ok(());
            }
        }
    }

    /// Stops this process's PEs (pending messages are dropped).
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
