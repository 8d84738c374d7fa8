//! On-demand checkpoints of the apps whose elements step together (the
//! stencils, leanmd, fracture, storm): a request from outside a run ([`OnDemand`]:
//! a signal handler, another thread, a timer) brings every element to one
//! step boundary, where the main program checkpoints.
//!
//! Two phases. [`HoldMsg::Ask`]: every element stops at the first step
//! boundary it can still stop at and reports it to one [`StepCounter`],
//! which contributes the maximum to the main program. [`HoldMsg::At`]: all
//! elements go on to that step and stop there. A reduction over the
//! elements cannot carry the first answer: reductions are matched by each
//! element's count of contributions, and the elements are at different
//! steps (so at different counts) when they are asked.
//!
//! The main program's side is [`Holder`]; an element keeps a [`HoldPoint`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use arts_core::{ArrayProxy, Callback, Chare, Ctx, Driver, Element, Index, Map, Reducer};
use arts_core::{RunError, Shape, message};
use serde::{Deserialize, Serialize};

/// The callback tag of the counter's answer (a tag encodes to at most 15
/// bytes: a string of at most 7).
const HELD: &str = "held";

/// Checkpoints asked for from outside a running app (a signal handler,
/// another thread): the main program takes the request after the next step
/// result, brings every element to one step boundary and checkpoints there.
#[derive(Debug, Default)]
pub struct OnDemand {
    checkpoint: AtomicBool,
    stop: AtomicBool,
}

impl OnDemand {
    /// Asks for one checkpoint at the next step boundary all elements can reach.
    pub fn checkpoint(&self) {
        self.checkpoint.store(true, Ordering::SeqCst);
    }

    /// Asks for one checkpoint and for the run to stop right after it.
    pub fn checkpoint_and_stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.checkpoint();
    }

    /// The pending request, if any (`Some(true)`: stop after it), cleared.
    fn take(&self) -> Option<bool> {
        self.checkpoint
            .swap(false, Ordering::SeqCst)
            .then(|| self.stop.load(Ordering::SeqCst))
    }
}

/// What the main program tells every element during an on-demand checkpoint.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub enum HoldMsg {
    /// Stop at the first step boundary you can still stop at and report it
    /// to `counter` (the first phase).
    Ask {
        /// Where the answer goes.
        counter: Element<StepCounter>,
    },
    /// Go on to `step` steps and stop there (the second phase).
    At {
        /// The step boundary every element stops at.
        step: u32,
    },
    /// Go on: nothing is left to checkpoint (some element has finished).
    Release,
}

/// An element's part in an on-demand checkpoint: the step it stops at.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
pub struct HoldPoint {
    at: Option<u32>,
}

impl HoldPoint {
    /// Takes `msg` for an element whose first step boundary it can still
    /// stop at is `next` (answering [`HoldMsg::Ask`] from there).
    pub fn receive<C: Chare>(&mut self, msg: HoldMsg, next: u32, ctx: &mut Ctx<'_, C>) {
        match msg {
            HoldMsg::Ask { counter } => {
                self.at = Some(next);
                ctx.send(counter, CounterMsg::Done { steps: next });
            }
            HoldMsg::At { step } => self.at = Some(step),
            HoldMsg::Release => self.at = None,
        }
    }

    /// Whether an element that has done `done` steps stops there.
    pub fn stops_at(&self, done: u32) -> bool {
        self.at.is_some_and(|step| done >= step)
    }

    /// Whether an element waiting for the main program (`*paused`) after
    /// `done` steps goes on now: nothing holds it there any more. It is
    /// then no longer paused.
    pub fn goes_on(&self, paused: &mut bool, done: u32) -> bool {
        let go = *paused && !self.stops_at(done);
        if go {
            *paused = false;
        }
        go
    }

    /// Takes `msg` (after a checkpoint: `Release`) for an element that joins
    /// `at_sync` after every step but waits for the main program
    /// (`*paused`) where it stops, having done `done` steps (unless paused,
    /// it stops next after the step under way); calls `at_sync` when it
    /// goes on now.
    pub fn at_boundary<C: Chare>(
        &mut self,
        msg: HoldMsg,
        paused: &mut bool,
        done: u32,
        ctx: &mut Ctx<'_, C>,
    ) {
        self.receive(msg, done + !*paused as u32, ctx);
        if self.goes_on(paused, done) {
            ctx.at_sync();
        }
    }

    /// Forgets the hold (after the checkpoint); returns whether an element
    /// that has done `done` steps was stopped by it.
    pub fn release(&mut self, done: u32) -> bool {
        let held = self.stops_at(done);
        self.at = None;
        held
    }
}

/// Counts the elements' answers to one [`HoldMsg::Ask`] and reduces their
/// maximum to the main program.
#[derive(Serialize, Deserialize)]
pub struct StepCounter {
    /// Answers to wait for (the number of elements).
    elements: u64,
    /// Answers so far.
    heard: u64,
    /// The most steps any element reported.
    most: u64,
}

/// Messages of the counter.
#[message]
#[derive(Clone, Debug)]
pub enum CounterMsg {
    /// An element stops after `steps` steps.
    Done {
        /// Its step boundary.
        steps: u32,
    },
}

impl Chare for StepCounter {
    type Msg = CounterMsg;
    /// The number of elements.
    type Init = u64;

    fn new(_: Index, elements: &u64) -> Self {
        StepCounter {
            elements: *elements,
            heard: 0,
            most: 0,
        }
    }

    fn receive(&mut self, msg: CounterMsg, ctx: &mut Ctx<'_, Self>) {
        let CounterMsg::Done { steps } = msg;
        self.heard += 1;
        self.most = self.most.max(steps as u64);
        if self.heard == self.elements {
            let most = std::mem::take(&mut self.most);
            self.heard = 0;
            ctx.contribute(most, Reducer::Max, Callback::main(HELD));
        }
    }
}

/// Sends `msg` to every element of `array`, one by one: not broadcast, as
/// an element may be migrating (load balancing goes on meanwhile), and
/// element messages follow it.
pub fn each<A: Chare>(d: &mut Driver, array: &ArrayProxy<A>, msg: A::Msg)
where
    A::Msg: Clone,
{
    let shape = array.shape();
    for linear in 0..shape.len() {
        d.send(array.at(shape.index(linear)), msg.clone());
    }
}

/// The main program's side of on-demand checkpoints: takes requests (and
/// the timer's) after each step result and holds the elements.
pub struct Holder {
    /// Where requests come from and the counter of the first phase (`None`:
    /// no requests, no timer).
    takes: Option<(Arc<OnDemand>, Element<StepCounter>)>,
    /// Ask for a checkpoint this many seconds after the last one.
    every_seconds: Option<f64>,
    /// When the last checkpoint was taken (or the run started).
    last: Instant,
    /// An on-demand checkpoint under way: its step, and stop after it.
    asked: Option<(u32, bool)>,
    /// This process and the number of processes.
    process: (u32, u32),
}

impl Holder {
    /// The holder of a run of `elements` elements taking `requests` and,
    /// every `every_seconds`, the timer's; with neither it never holds.
    /// Creates the counter (named `name`) when needed. Collective.
    pub fn new(
        d: &mut Driver,
        name: &str,
        elements: u64,
        requests: Option<&Arc<OnDemand>>,
        every_seconds: Option<f64>,
    ) -> Holder {
        let requests = match (requests, every_seconds) {
            (Some(r), _) => Some(r.clone()),
            (None, Some(_)) => Some(Arc::default()),
            (None, None) => None,
        };
        let takes = requests.map(|r| {
            let counter = d.create_array::<StepCounter>(name, Shape::d1(1), Map::Block, elements);
            (r, counter.at(0u32))
        });
        Holder {
            takes,
            every_seconds,
            last: Instant::now(),
            asked: None,
            process: d.process(),
        }
    }

    /// After the result of step `done`: takes a pending request (process
    /// 0's, shared with every process) and holds every element (`tell`
    /// sends a message to all) at a step in `first..last`. Returns
    /// `Some(stop after it)` when an on-demand checkpoint is due at `done`.
    /// Collective.
    pub fn after_step(
        &mut self,
        d: &mut Driver,
        done: u32,
        (first, last): (u32, u32),
        mut tell: impl FnMut(&mut Driver, HoldMsg),
    ) -> Result<Option<bool>, RunError> {
        let Some((requests, counter)) = self.takes.clone() else {
            return Ok(None);
        };
        if let Some(t) = self.every_seconds
            && self.process.0 == 0
            && self.asked.is_none()
            && self.last.elapsed().as_secs_f64() >= t
        {
            requests.checkpoint();
        }
        if self.asked.is_none()
            && let Some(stop) = self.shared_request(d, &requests)?
        {
            tell(d, HoldMsg::Ask { counter });
            let most: u64 = d.wait_callback(HELD)?;
            let step = u32::try_from(most).unwrap_or(u32::MAX).max(first);
            if step >= last {
                tell(d, HoldMsg::Release);
            } else {
                tell(d, HoldMsg::At { step });
                self.asked = Some((step, stop));
            }
        }
        match self.asked {
            Some((step, stop)) if step == done => {
                self.asked = None;
                Ok(Some(stop))
            }
            _ => Ok(None),
        }
    }

    /// A checkpoint was taken: the timer starts again.
    pub fn checkpointed(&mut self) {
        self.last = Instant::now();
    }

    /// Process 0's pending request (`Some(stop after it)`), the same on
    /// every process. Collective when there are several processes.
    fn shared_request(
        &self,
        d: &mut Driver,
        requests: &OnDemand,
    ) -> Result<Option<bool>, RunError> {
        let (process, processes) = self.process;
        let mine = if process == 0 { requests.take() } else { None };
        if processes == 1 {
            return Ok(mine);
        }
        let shared = d.bcast(arts_core::wire::encode(&mine))?;
        arts_core::wire::decode(&shared)
            .map_err(|e| RunError::Internal(format!("a checkpoint request from process 0: {e}")))
    }
}
