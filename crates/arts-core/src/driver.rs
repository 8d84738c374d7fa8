//! The main program's side of a run: the [`Driver`] creates arrays, sends
//! and broadcasts to elements, and waits for callbacks and for quiescence.
//! It runs on the thread that called `runtime::run`, not on a PE.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crossbeam_channel::Receiver;

use crate::PeId;
use crate::bulk::Bulk;
use crate::chare::{ArrayProxy, Chare, Element};
use crate::checkpoint::{ArrayImage, ElementImage};
use crate::ctx::broadcast_call;
use crate::envelope::{ArrayId, Body, Call, DRIVER, Entry, Envelope, Payload};
use crate::index::Shape;
use crate::map::Map;
use crate::qd::Detector;
use crate::queue::DEFAULT_PRIORITY;
use crate::reduction::{RedValue, Reducible, Tag};
use crate::run_error::RunError;
use crate::store::{self, TypedFactory};
use crate::transport::Transport;
use crate::wire;
use serde::Serialize;

/// Messages from PEs (or, with several processes, from the driver of
/// process 0) to a driver.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum DriverMsg {
    /// A result for `Callback::Main(tag)`.
    Callback {
        /// The callback's tag.
        tag: Tag,
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
    /// A PE's elements of an array, for a checkpoint (to its process's driver).
    Image {
        /// The array.
        array: ArrayId,
        /// Its elements on that PE.
        elements: Vec<ElementImage>,
    },
    /// Another process's contribution to [`Driver::gather`] (to process 0's driver).
    Gathered {
        /// The process it came from.
        from: u32,
        /// Its bytes.
        #[serde(with = "crate::wire::bytes")]
        bytes: Vec<u8>,
    },
    /// A piece of another process's [`Driver::pass`] to this one.
    Passed {
        /// The process it came from.
        from: u32,
        /// Its bytes (a piece of at most `PASS_PIECE` bytes), sent
        /// beside the message's frame, not copied into it.
        bytes: Bulk,
        /// Whether it is the last piece.
        last: bool,
    },
    /// Process 0's value of a [`Driver::bcast`] (to the other drivers).
    Bcast {
        /// Its bytes.
        #[serde(with = "crate::wire::bytes")]
        bytes: Vec<u8>,
    },
    /// A PE failed; the run must stop.
    Abort(RunError),
    /// An element asked for a checkpoint ([`crate::Ctx::checkpoint`]; to
    /// process 0's driver).
    CheckpointRequest,
    /// A driver has waited a while, in its `wait`-th
    /// [`Driver::wait_callback`], for the result `tag`; having entered the
    /// wait it sends nothing more until the wait ends (to process 0's
    /// driver, which decides whether the wait can end: `qd/README.md`).
    Waiting {
        /// The process it came from.
        from: u32,
        /// Its number of waits begun, this one included.
        wait: u64,
        /// The tag it waits for.
        tag: Tag,
    },
    /// From the driver of process 0: the `wait`-th wait can never end
    /// (every driver is in it, the job is quiescent, and no result came).
    NoResult {
        /// The wait.
        wait: u64,
    },
}

/// The largest piece of a [`Driver::pass`] sent as one message (MPI
/// counts are 32-bit).
pub(crate) const PASS_PIECE: usize = 1 << 30;

struct ArrayMeta {
    name: Arc<str>,
    shape: Shape,
    map: Map,
}

/// The first pause between quiescence-detection waves that found work in
/// flight; each further busy wave doubles it, up to [`QD_PAUSE_MAX`].
const QD_PAUSE_FIRST: Duration = Duration::from_micros(20);

/// How long a driver waits for a callback, with no message coming,
/// before it checks whether the result can still come (one process), or
/// says it waits (the others, to process 0's driver, which checks once all
/// do).
const HANG_CHECK: Duration = Duration::from_millis(200);

/// A callback tag as the app wrote it (`{"Step":3}` for `Tag::Step(3)`),
/// for error messages; its bytes when it does not encode as JSON.
fn describe_tag(tag: &impl Serialize) -> String {
    serde_json::to_string(tag).unwrap_or_else(|_| format!("{:?}", Tag::new(tag)))
}

/// The longest pause between busy waves: what detection may lag behind
/// the moment the work ends.
const QD_PAUSE_MAX: Duration = Duration::from_millis(1);

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
    early: VecDeque<(Tag, RedValue)>,
    /// Contributions to [`Driver::gather`] received before it asked.
    gathered: VecDeque<(u32, Vec<u8>)>,
    /// Values of [`Driver::bcast`] received before it asked.
    bcasts: VecDeque<Vec<u8>>,
    /// Pieces of [`Driver::pass`] received before it asked: from, bytes, last.
    passed: VecDeque<(u32, Vec<u8>, bool)>,
    sent: Arc<AtomicU64>,
    wave: u64,
    failure: Option<RunError>,
    /// An element asked for a checkpoint since the last
    /// [`Driver::take_checkpoint_request`].
    checkpoint_requested: bool,
    /// Waits for a result begun ([`Driver::wait_callback`]), the current
    /// one included: every driver counts alike (the waits are collective).
    waits: u64,
    /// On process 0's driver: each other process's latest
    /// [`DriverMsg::Waiting`] (its wait and tag).
    waiting: Vec<Option<(u64, Tag)>>,
    /// The wait that process 0's driver found can never end
    /// ([`DriverMsg::NoResult`]).
    hopeless: Option<u64>,
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
            gathered: VecDeque::new(),
            bcasts: VecDeque::new(),
            passed: VecDeque::new(),
            sent,
            wave: 0,
            failure: None,
            checkpoint_requested: false,
            waits: 0,
            waiting: Vec::new(),
            hopeless: None,
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
        self.install(name, shape, map, init, None)
    }

    /// Creates an array of `A` from `image` (taken by [`Driver::checkpoint`],
    /// possibly in another run on another number of PEs): its elements are
    /// deserialized instead of built with `A::new`, placed by `map`, and
    /// continue their reductions where the image left them. Collective.
    /// Fails if the image holds elements of another type.
    pub fn restore_array<A: Chare>(
        &mut self,
        name: &str,
        image: &Arc<ArrayImage>,
        map: Map,
        init: A::Init,
    ) -> Result<ArrayProxy<A>, RunError> {
        image.check_type::<A>()?;
        Ok(self.install(name, image.shape, map, init, Some(image.clone())))
    }

    /// A consistent image of every element of `array`, taken at quiescence
    /// (waited for here) between reductions. Collective: each process images
    /// its own elements ([`Driver::checkpoint_local`]) and the driver of
    /// process 0 gathers them into the complete image; the other drivers get
    /// an image without elements.
    pub fn checkpoint<A: Chare>(&mut self, array: &ArrayProxy<A>) -> Result<ArrayImage, RunError> {
        let local = self.checkpoint_local(array)?;
        if self.process().1 == 1 {
            return ArrayImage::merge(vec![local]);
        }
        let meta = &self.arrays[array.id() as usize];
        let (type_name, name, shape) = (local.type_name.clone(), meta.name.clone(), meta.shape);
        match self.gather(local.to_bytes())? {
            None => ArrayImage::shard(&type_name, &name, shape, Vec::new()),
            Some(all) => {
                let shards = all
                    .iter()
                    .map(|b| ArrayImage::from_bytes(b))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| RunError::Checkpoint(format!("a process's image: {e}")))?;
                ArrayImage::merge(shards)
            }
        }
    }

    /// This process's share of a consistent image of `array`: the elements
    /// on its PEs, taken at quiescence (waited for here) between reductions.
    /// Collective; the shares of all processes together are the whole array
    /// ([`ArrayImage::merge`]). Each process can store its own share, so a
    /// checkpoint's state never crosses the network (`checkpoint/README.md`).
    pub fn checkpoint_local<A: Chare>(
        &mut self,
        array: &ArrayProxy<A>,
    ) -> Result<ArrayImage, RunError> {
        self.wait_quiescence()?;
        let id = array.id();
        let local = self.transport.local_pes();
        for pe in local.clone() {
            self.post(pe, Body::Checkpoint { array: id });
        }
        let mut elements = Vec::new();
        let mut answered = 0;
        while answered < local.len() {
            match self.next_msg()? {
                DriverMsg::Image { array, elements: e } if array == id => {
                    elements.extend(e);
                    answered += 1;
                }
                DriverMsg::Callback { tag, value } => self.early.push_back((tag, value)),
                _ => {}
            }
        }
        // No driver may go on (and, say, resume the elements on its PEs)
        // before every process holds its images: an element resumed early
        // could send to one whose image is not taken yet.
        self.transport.driver_barrier();
        let meta = &self.arrays[id as usize];
        ArrayImage::shard(std::any::type_name::<A>(), &meta.name, meta.shape, elements)
    }

    /// Gathers one byte string from every process on the driver of process
    /// 0, which gets them in process order; the others get `None`.
    /// Collective. For small results (what each process wrote, its counts):
    /// everything passes through process 0.
    pub fn gather(&mut self, mine: Vec<u8>) -> Result<Option<Vec<Vec<u8>>>, RunError> {
        let (me, processes) = self.process();
        if me != 0 {
            let msg = DriverMsg::Gathered {
                from: me,
                bytes: mine,
            };
            self.transport.to_driver(0, msg);
            return Ok(None);
        }
        // Each process's oldest contribution (a process may already have
        // sent to the next gather).
        let oldest = |g: &VecDeque<(u32, Vec<u8>)>, p: u32| g.iter().position(|(f, _)| *f == p);
        while (1..processes).any(|p| oldest(&self.gathered, p).is_none()) {
            self.wait_for_kept()?;
        }
        let mut all = vec![mine];
        for p in 1..processes {
            let i = oldest(&self.gathered, p).expect("waited for above");
            all.push(self.gathered.remove(i).expect("position is valid").1);
        }
        Ok(Some(all))
    }

    /// Process 0's `mine`, on every driver (the others' `mine` is
    /// ignored). Collective. For small decisions that every process's main
    /// program must take alike (e.g. "checkpoint now", asked on process 0).
    pub fn bcast(&mut self, mine: Vec<u8>) -> Result<Vec<u8>, RunError> {
        let (me, processes) = self.process();
        if me == 0 {
            for p in 1..processes {
                let msg = DriverMsg::Bcast {
                    bytes: mine.clone(),
                };
                self.transport.to_driver(p, msg);
            }
            return Ok(mine);
        }
        loop {
            if let Some(bytes) = self.bcasts.pop_front() {
                return Ok(bytes);
            }
            self.wait_for_kept()?;
        }
    }

    /// Sends `mine` to the driver of process `to` and returns what the
    /// driver of process `from` passed to this one. Collective: every
    /// process passes once, and the senders form a permutation (each
    /// process is some process's `to`), e.g. a shift to the next process.
    /// For bulk data (a buddy's copy of a checkpoint): large values travel
    /// in pieces of at most `PASS_PIECE` bytes.
    pub fn pass(&mut self, to: u32, from: u32, mine: Vec<u8>) -> Result<Vec<u8>, RunError> {
        let me = self.process().0;
        let mut sent = None;
        if to == me {
            self.passed.push_back((me, mine, true));
        } else if mine.len() <= PASS_PIECE {
            let bytes = Bulk::new(mine);
            sent = Some(bytes.clone());
            let msg = DriverMsg::Passed {
                from: me,
                bytes,
                last: true,
            };
            self.transport.to_driver(to, msg);
        } else {
            let pieces = mine.len().div_ceil(PASS_PIECE);
            for (i, piece) in mine.chunks(PASS_PIECE).enumerate() {
                let msg = DriverMsg::Passed {
                    from: me,
                    bytes: Bulk::new(piece.to_vec()),
                    last: i + 1 == pieces,
                };
                self.transport.to_driver(to, msg);
            }
        }
        let mut got: Option<Vec<u8>> = None;
        loop {
            while let Some(i) = self.passed.iter().position(|(f, _, _)| *f == from) {
                let (_, bytes, last) = self.passed.remove(i).expect("position is valid");
                match &mut got {
                    None => got = Some(bytes),
                    Some(all) => all.extend_from_slice(&bytes),
                }
                if last {
                    // Once sent, the bytes' buffer serves the next
                    // checkpoint (if the transport is done with it).
                    if let Some(Ok(buffer)) = sent.map(Bulk::try_into_vec) {
                        crate::checkpoint::buffers::keep(buffer);
                    }
                    return Ok(got.unwrap_or_default());
                }
            }
            self.wait_for_kept()?;
        }
    }

    /// Waits for the next message, keeping it for whoever asks for it
    /// later (results for their callbacks; gathered, broadcast and passed
    /// values for their collectives).
    fn wait_for_kept(&mut self) -> Result<(), RunError> {
        match self.recv()? {
            DriverMsg::Callback { tag, value } => self.early.push_back((tag, value)),
            msg => self.keep(msg),
        }
        Ok(())
    }

    /// Keeps a value of a collective for it ([`Driver::gather`],
    /// [`Driver::bcast`], [`Driver::pass`]) and what the hang check of
    /// [`Driver::wait_callback`] learns ([`DriverMsg::Waiting`],
    /// [`DriverMsg::NoResult`]); drops other messages.
    fn keep(&mut self, msg: DriverMsg) {
        match msg {
            DriverMsg::Gathered { from, bytes } => self.gathered.push_back((from, bytes)),
            DriverMsg::Bcast { bytes } => self.bcasts.push_back(bytes),
            DriverMsg::Passed { from, bytes, last } => {
                self.passed.push_back((from, bytes.into_vec(), last))
            }
            DriverMsg::Waiting { from, wait, tag } => {
                let from = from as usize;
                if self.waiting.len() <= from {
                    self.waiting.resize(from + 1, None);
                }
                self.waiting[from] = Some((wait, tag));
            }
            DriverMsg::NoResult { wait } => self.hopeless = Some(wait),
            _ => {}
        }
    }

    fn install<A: Chare>(
        &mut self,
        name: &str,
        shape: Shape,
        map: Map,
        init: A::Init,
        image: Option<Arc<ArrayImage>>,
    ) -> ArrayProxy<A> {
        let id = self.arrays.len() as ArrayId;
        let name: Arc<str> = Arc::from(name);
        let factory = Arc::new(TypedFactory::<A> {
            id,
            name: name.clone(),
            shape,
            map: map.clone(),
            init: Arc::new(init),
            image,
        });
        let creation = store::creation(factory);
        for pe in self.transport.local_pes() {
            self.post(pe, Body::CreateArray(creation.clone()));
        }
        self.arrays.push(ArrayMeta { name, shape, map });
        // Every process must know the array before any PE addresses it.
        self.transport.driver_barrier();
        ArrayProxy::new(id, shape)
    }

    /// Sends `msg` to element `to` (through its home PE). With several
    /// processes only process 0's driver sends.
    pub fn send<A: Chare>(&mut self, to: Element<A>, msg: A::Msg) {
        if self.process().0 != 0 {
            return;
        }
        let obj = to.obj();
        let meta = &self.arrays[obj.array as usize];
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
                id: 0,
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

    /// The next message, keeping [`DriverMsg::Gathered`],
    /// [`DriverMsg::Bcast`] and [`DriverMsg::Passed`] ones for
    /// [`Driver::gather`], [`Driver::bcast`] and [`Driver::pass`].
    fn next_msg(&mut self) -> Result<DriverMsg, RunError> {
        loop {
            match self.recv()? {
                msg @ (DriverMsg::Gathered { .. }
                | DriverMsg::Bcast { .. }
                | DriverMsg::Passed { .. }
                | DriverMsg::Waiting { .. }
                | DriverMsg::NoResult { .. }) => self.keep(msg),
                msg => return Ok(msg),
            }
        }
    }

    /// [`Driver::next_msg`], or `None` when nothing came within `wait`.
    fn next_msg_within(&mut self, wait: Duration) -> Result<Option<DriverMsg>, RunError> {
        let deadline = std::time::Instant::now() + wait;
        loop {
            if let Some(err) = &self.failure {
                return Err(err.clone());
            }
            let msg = match self.rx.recv_deadline(deadline) {
                Ok(msg) => msg,
                Err(crossbeam_channel::RecvTimeoutError::Timeout) => return Ok(None),
                Err(crossbeam_channel::RecvTimeoutError::Disconnected) => {
                    return Err(RunError::Internal("all PEs stopped".into()));
                }
            };
            match msg {
                DriverMsg::Abort(err) => {
                    self.failure = Some(err.clone());
                    return Err(err);
                }
                DriverMsg::CheckpointRequest => self.checkpoint_requested = true,
                msg @ (DriverMsg::Gathered { .. }
                | DriverMsg::Bcast { .. }
                | DriverMsg::Passed { .. }
                | DriverMsg::Waiting { .. }
                | DriverMsg::NoResult { .. }) => self.keep(msg),
                msg => return Ok(Some(msg)),
            }
        }
    }

    fn recv(&mut self) -> Result<DriverMsg, RunError> {
        loop {
            if let Some(err) = &self.failure {
                return Err(err.clone());
            }
            match self.rx.recv() {
                Ok(DriverMsg::Abort(err)) => {
                    self.failure = Some(err.clone());
                    return Err(err);
                }
                Ok(DriverMsg::CheckpointRequest) => self.checkpoint_requested = true,
                Ok(msg) => return Ok(msg),
                Err(_) => return Err(RunError::Internal("all PEs stopped".into())),
            }
        }
    }

    /// Whether an element asked for a checkpoint ([`crate::Ctx::checkpoint`])
    /// since the last call; clears the request. The main program decides
    /// where a consistent point is and takes the checkpoint there
    /// ([`Driver::checkpoint`]). Requests reach process 0's driver only.
    /// Does not wait: messages already here are taken in (results are kept
    /// for their callbacks).
    pub fn take_checkpoint_request(&mut self) -> bool {
        while let Ok(msg) = self.rx.try_recv() {
            match msg {
                DriverMsg::CheckpointRequest => self.checkpoint_requested = true,
                DriverMsg::Abort(err) => self.failure = Some(err),
                DriverMsg::Callback { tag, value } => self.early.push_back((tag, value)),
                msg @ (DriverMsg::Gathered { .. }
                | DriverMsg::Bcast { .. }
                | DriverMsg::Passed { .. }
                | DriverMsg::Waiting { .. }
                | DriverMsg::NoResult { .. }) => self.keep(msg),
                // Protocol messages come only while their protocol waits.
                DriverMsg::QdReport { .. } | DriverMsg::Quiescent | DriverMsg::Image { .. } => {}
            }
        }
        std::mem::take(&mut self.checkpoint_requested)
    }

    /// Waits for the result sent to `Callback::main(tag)`, as a `V` (the
    /// type the elements contributed: `f64`, `Vec<u64>`, `()`, ...).
    /// Results for other tags that arrive meanwhile are kept for later
    /// calls. Collective: every driver receives every result.
    ///
    /// A wait that can never end is an error, with one process or several:
    /// once every driver is in this wait, the run is quiescent (nothing in
    /// flight, nothing running) and no result for `tag` came,
    /// [`RunError::NoResult`] names the tag on every driver (within about
    /// half a second of quiescence; `qd/README.md`). A wait that ends costs
    /// nothing more than before: the check starts after
    /// 200 ms without a message. A result of another type than `V` is
    /// [`RunError::ResultType`].
    pub fn wait_callback<V: Reducible>(&mut self, tag: impl Serialize) -> Result<V, RunError> {
        let describe = || describe_tag(&tag);
        let value = self.wait_value(Tag::new(&tag), describe)?;
        let kind = value.kind();
        V::from_value(value).ok_or_else(|| RunError::ResultType {
            tag: describe(),
            got: kind.to_string(),
            expected: std::any::type_name::<V>().to_string(),
        })
    }

    fn wait_value(
        &mut self,
        tag: Tag,
        describe: impl Fn() -> String,
    ) -> Result<RedValue, RunError> {
        self.waits += 1;
        let wait = self.waits;
        let (me, processes) = self.process();
        let mut detector = Detector::default();
        let mut announced = false;
        loop {
            if let Some(i) = self.early.iter().position(|(t, _)| *t == tag) {
                return Ok(self.early.remove(i).expect("position is valid").1);
            }
            if self.hopeless == Some(wait) {
                return Err(RunError::NoResult { tag: describe() });
            }
            let Some(msg) = self.next_msg_within(HANG_CHECK)? else {
                // Nothing came for a while: the hang check (`qd/README.md`).
                if me != 0 {
                    if !announced {
                        let (from, tag) = (me, tag);
                        self.transport
                            .to_driver(0, DriverMsg::Waiting { from, wait, tag });
                        announced = true;
                    }
                } else if self.all_waiting(wait, &tag, processes)
                    && self.can_never_come(&tag, &mut detector)?
                {
                    for p in 1..processes {
                        self.transport.to_driver(p, DriverMsg::NoResult { wait });
                    }
                    return Err(RunError::NoResult { tag: describe() });
                }
                continue;
            };
            match msg {
                DriverMsg::Callback { tag: t, value } if t == tag => return Ok(value),
                DriverMsg::Callback { tag: t, value } => self.early.push_back((t, value)),
                DriverMsg::QdReport { .. }
                | DriverMsg::Quiescent
                | DriverMsg::Image { .. }
                | DriverMsg::Gathered { .. }
                | DriverMsg::Bcast { .. }
                | DriverMsg::Passed { .. }
                | DriverMsg::Abort(_)
                | DriverMsg::CheckpointRequest
                | DriverMsg::Waiting { .. }
                | DriverMsg::NoResult { .. } => {}
            }
        }
    }

    /// Whether every other process's driver said it is in this driver's
    /// `wait`-th wait, for `tag` (always, with one process).
    fn all_waiting(&self, wait: u64, tag: &Tag, processes: u32) -> bool {
        (1..processes as usize).all(|p| {
            self.waiting
                .get(p)
                .and_then(Option::as_ref)
                .is_some_and(|(w, t)| *w == wait && t == tag)
        })
    }

    /// Quiescence waves while they find nothing in flight, fed to
    /// `detector`: true once two balanced waves in a row came without the
    /// result for `tag` (nothing can send it any more: every driver waits);
    /// false once a wave finds work in flight or the result came.
    fn can_never_come(&mut self, tag: &Tag, detector: &mut Detector) -> Result<bool, RunError> {
        loop {
            let (sent, processed) = self.qd_wave()?;
            if self.early.iter().any(|(t, _)| t == tag) {
                return Ok(false);
            }
            if detector.observe(sent, processed) {
                return Ok(true);
            }
            if sent != processed {
                return Ok(false);
            }
        }
    }

    /// One quiescence wave: probes every PE and sums their counters
    /// (callbacks that arrive meanwhile are kept for later waits).
    fn qd_wave(&mut self) -> Result<(u64, u64), RunError> {
        self.wave += 1;
        let wave = self.wave;
        for pe in 0..self.num_pes() {
            self.post(pe, Body::QdProbe { wave });
        }
        let (mut sent, mut processed, mut reports) = (0u64, 0u64, 0u64);
        while reports < self.num_pes() as u64 {
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
                DriverMsg::QdReport { .. }
                | DriverMsg::Quiescent
                | DriverMsg::Image { .. }
                | DriverMsg::Gathered { .. }
                | DriverMsg::Bcast { .. }
                | DriverMsg::Passed { .. }
                | DriverMsg::Abort(_)
                | DriverMsg::CheckpointRequest
                | DriverMsg::Waiting { .. }
                | DriverMsg::NoResult { .. } => {}
            }
        }
        Ok((sent, processed))
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
                    DriverMsg::QdReport { .. }
                    | DriverMsg::Image { .. }
                    | DriverMsg::Gathered { .. }
                    | DriverMsg::Bcast { .. }
                    | DriverMsg::Passed { .. }
                    | DriverMsg::Abort(_)
                    | DriverMsg::CheckpointRequest
                    | DriverMsg::Waiting { .. }
                    | DriverMsg::NoResult { .. } => {}
                }
            }
        }
        let mut detector = Detector::default();
        let mut pause = QD_PAUSE_FIRST;
        loop {
            let (sent, processed) = self.qd_wave()?;
            if detector.observe(sent, processed) {
                let (_, processes) = self.process();
                for p in 1..processes {
                    self.transport.to_driver(p, DriverMsg::Quiescent);
                }
                return Ok(());
            }
            if sent != processed {
                // Busy: probing again at once would only compete with the
                // work (across processes, each probe is an MPI message).
                std::thread::sleep(pause);
                pause = (pause * 2).min(QD_PAUSE_MAX);
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

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use crate::*;

    #[derive(Clone, Copy, Serialize)]
    enum AppTag {
        First,
        Second,
    }

    #[derive(Serialize, Deserialize)]
    struct Two;

    impl Chare for Two {
        type Msg = ();
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Two
        }
        fn receive(&mut self, (): (), ctx: &mut Ctx<'_, Self>) {
            ctx.contribute(1u64, Reducer::Sum, Callback::main(AppTag::First));
            ctx.contribute(vec![2.0], Reducer::Max, Callback::main(AppTag::Second));
        }
    }

    fn one_pe() -> Config {
        Config {
            pes: 1,
            ..Config::default()
        }
    }

    #[test]
    fn results_are_waited_for_in_any_order_with_their_types() {
        let ((second, first), _) = run(&one_pe(), |d| {
            let a = d.create_array::<Two>("two", Shape::d1(3), Map::Block, ());
            d.broadcast(&a, ());
            // Wait for the later result first: the earlier one is kept.
            let second: Vec<f64> = d.wait_callback(AppTag::Second).unwrap();
            let first: u64 = d.wait_callback(AppTag::First).unwrap();
            (second, first)
        })
        .unwrap();
        assert_eq!((second, first), (vec![2.0], 3));
    }

    #[test]
    fn a_result_of_another_type_is_an_error_naming_both() {
        let (err, _) = run(&one_pe(), |d| {
            let a = d.create_array::<Two>("two", Shape::d1(2), Map::Block, ());
            d.broadcast(&a, ());
            d.wait_callback::<f64>(AppTag::First).unwrap_err()
        })
        .unwrap();
        assert!(
            matches!(&err, RunError::ResultType { tag, got, expected }
                if tag == "\"First\"" && got == "u64" && expected == "f64"),
            "{err:?}"
        );
    }

    #[derive(Clone, Copy, Serialize)]
    enum StepTag {
        Step(u32),
    }

    #[test]
    fn waiting_for_a_tag_nobody_contributes_to_is_an_error_soon_after_quiescence() {
        let (err, _) = run(&Config::default(), |d| {
            let a = d.create_array::<Two>("two", Shape::d1(4), Map::Block, ());
            d.broadcast(&a, ());
            let first: u64 = d.wait_callback(AppTag::First).unwrap();
            assert_eq!(first, 4);
            let quiet = std::time::Instant::now();
            let err = d.wait_callback::<f64>(StepTag::Step(3)).unwrap_err();
            (err, quiet.elapsed())
        })
        .unwrap();
        let (err, waited) = err;
        assert!(
            matches!(&err, RunError::NoResult { tag } if tag == r#"{"Step":3}"#),
            "{err:?}"
        );
        assert!(waited < std::time::Duration::from_secs(1), "{waited:?}");
    }

    #[test]
    fn a_result_that_comes_late_is_not_mistaken_for_a_hang() {
        #[derive(Serialize, Deserialize)]
        struct Slow;
        impl Chare for Slow {
            type Msg = ();
            type Init = ();
            fn new(_: Index, _: &()) -> Self {
                Slow
            }
            fn receive(&mut self, (): (), ctx: &mut Ctx<'_, Self>) {
                // Longer than several hang checks: the PE is busy, not quiet.
                std::thread::sleep(std::time::Duration::from_millis(700));
                ctx.contribute(1.0, Reducer::Sum, Callback::main(()));
            }
        }
        let (v, _) = run(&one_pe(), |d| {
            let a = d.create_array::<Slow>("slow", Shape::d1(1), Map::Block, ());
            d.broadcast(&a, ());
            d.wait_callback::<f64>(())
        })
        .unwrap();
        assert_eq!(v.unwrap(), 1.0);
    }

    #[test]
    fn send_reaches_one_element_through_its_handle() {
        #[derive(Serialize, Deserialize)]
        struct Id(u32);
        impl Chare for Id {
            type Msg = u32;
            type Init = ();
            fn new(i: Index, _: &()) -> Self {
                Id(i.x())
            }
            fn receive(&mut self, n: u32, ctx: &mut Ctx<'_, Self>) {
                ctx.contribute((self.0 * n) as u64, Reducer::Sum, Callback::main(()));
            }
        }
        let (v, _) = run(&Config::default(), |d| {
            let a = d.create_array::<Id>("id", Shape::d1(5), Map::RoundRobin, ());
            d.send(a.at(3), 10);
            // Only element 3 contributed: the reduction completes once all
            // five have, so let the others contribute 0.
            for i in [0, 1, 2, 4] {
                d.send(a.at(i), 0);
            }
            d.wait_callback::<u64>(()).unwrap()
        })
        .unwrap();
        assert_eq!(v, 30);
    }
}
