//! Static-partition baseline (MPI-like): persistent workers, each step's seeded
//! tasks cut into one fixed contiguous block per worker, a barrier per step.
//!
//! Tasks spawned by a task run on the worker that spawned them; tasks pushed by
//! a [`Source`] are dealt round-robin to fixed workers. Nothing is ever moved
//! from a slow worker to a fast one: every step waits at the barrier for the
//! slowest thread, which is the behaviour the interference study measures.
//! Idle waiting (barrier, sources) uses the same spin-yield-park policy as
//! H-Dispatch.

use std::cell::UnsafeCell;
use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crossbeam_utils::CachePadded;

use crate::error::{DispatchError, check_threads, panic_message};
use crate::idle::{Backoff, Sleepers, WaitPolicy};
use crate::serial::{Serial, empty_report, finished};
use crate::task::{
    DispatchReport, Executor, Feed, Source, SourceSink, TaskCtx, TaskSink, WorkerId,
};
use crate::workers::{run_workers, start_worker};

/// The static-partition executor.
#[derive(Clone, Debug)]
pub struct StaticPartition {
    threads: usize,
    policy: WaitPolicy,
    pin: bool,
}

impl StaticPartition {
    /// A static partition over `threads` workers (1..=4096).
    pub fn new(threads: usize) -> Result<Self, DispatchError> {
        check_threads(threads)?;
        Ok(StaticPartition {
            threads,
            policy: WaitPolicy::DEFAULT,
            pin: false,
        })
    }

    /// Sets how waiting workers spin, yield and park.
    pub fn with_idle_policy(mut self, policy: WaitPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// Pins worker `w` to CPU `w % cpus` when `pin` is true.
    pub fn with_pinning(mut self, pin: bool) -> Self {
        self.pin = pin;
        self
    }
}

/// Worker `w`'s block of `n` tasks: `[w*n/T, (w+1)*n/T)`.
fn block(w: usize, n: usize, threads: usize) -> (usize, usize) {
    (w * n / threads, (w + 1) * n / threads)
}

struct Shared<T> {
    threads: usize,
    batch: UnsafeCell<Vec<T>>,
    /// Next unconsumed index of each worker's block (for dropping leftovers).
    next: Vec<CachePadded<AtomicUsize>>,
    mailbox: Vec<CachePadded<Mutex<VecDeque<T>>>>,
    mailbox_len: Vec<CachePadded<AtomicUsize>>,
    round_robin: AtomicUsize,
    sources: CachePadded<AtomicUsize>,
    arrived: CachePadded<AtomicUsize>,
    phase: CachePadded<AtomicUsize>,
    failed: AtomicBool,
    failure: Mutex<Option<DispatchError>>,
    sleepers: Sleepers,
}

// SAFETY: `batch` is written only by the barrier leader while every other
// worker waits for the next phase; during a step each worker moves items out of
// its own disjoint block only. Everything else is atomics and mutexes.
unsafe impl<T: Send> Sync for Shared<T> {}
// SAFETY: as above.
unsafe impl<T: Send> Send for Shared<T> {}

impl<T> Shared<T> {
    fn new(threads: usize) -> Self {
        Shared {
            threads,
            batch: UnsafeCell::new(Vec::new()),
            next: (0..threads)
                .map(|_| CachePadded::new(AtomicUsize::new(0)))
                .collect(),
            mailbox: (0..threads)
                .map(|_| CachePadded::new(Mutex::new(VecDeque::new())))
                .collect(),
            mailbox_len: (0..threads)
                .map(|_| CachePadded::new(AtomicUsize::new(0)))
                .collect(),
            round_robin: AtomicUsize::new(0),
            sources: CachePadded::new(AtomicUsize::new(0)),
            arrived: CachePadded::new(AtomicUsize::new(0)),
            phase: CachePadded::new(AtomicUsize::new(0)),
            failed: AtomicBool::new(false),
            failure: Mutex::new(None),
            sleepers: Sleepers::new(threads),
        }
    }

    fn fail(&self, err: DispatchError) {
        {
            let mut slot = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
            if slot.is_none() {
                *slot = Some(err);
            }
        }
        self.failed.store(true, SeqCst);
        self.sleepers.wake_all();
    }

    fn failed(&self) -> bool {
        self.failed.load(SeqCst)
    }

    /// Sets every worker's block cursor for a freshly seeded batch.
    ///
    /// # Safety
    /// Only the barrier leader (or the caller before workers start).
    unsafe fn arm_blocks(&self) {
        // SAFETY: leader only, by contract.
        let n = unsafe { (*self.batch.get()).len() };
        for w in 0..self.threads {
            self.next[w].store(block(w, n, self.threads).0, SeqCst);
        }
    }

    fn push_to(&self, w: usize, task: T) {
        {
            let mut q = self.mailbox[w]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            q.push_back(task);
            self.mailbox_len[w].fetch_add(1, SeqCst);
        }
        self.sleepers.wake(w);
    }

    fn pop(&self, w: usize) -> Option<T> {
        if self.mailbox_len[w].load(SeqCst) == 0 {
            return None;
        }
        let mut q = self.mailbox[w]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let t = q.pop_front();
        if t.is_some() {
            self.mailbox_len[w].fetch_sub(1, SeqCst);
        }
        t
    }
}

impl<T> Drop for Shared<T> {
    fn drop(&mut self) {
        let v = self.batch.get_mut();
        let n = v.len();
        let base = v.as_mut_ptr();
        // SAFETY: items below each worker's `next` were moved out; the rest of
        // its block was not. Forget all slots, then drop the unconsumed ones.
        unsafe {
            v.set_len(0);
            for w in 0..self.threads {
                let (_, hi) = block(w, n, self.threads);
                for i in *self.next[w].get_mut()..hi {
                    std::ptr::drop_in_place(base.add(i));
                }
            }
        }
    }
}

struct Sink<T>(Arc<Shared<T>>);

impl<T: Send> TaskSink<T> for Sink<T> {
    fn spawn(&self, worker: WorkerId, task: T) {
        self.0.push_to(worker.0, task);
    }

    fn open_source(&self) -> Source<T>
    where
        T: 'static,
    {
        self.0.sources.fetch_add(1, SeqCst);
        Source::from_sink(Arc::clone(&self.0) as Arc<dyn SourceSink<T>>)
    }
}

impl<T: Send> SourceSink<T> for Shared<T> {
    fn push(&self, task: T) {
        let w = self.round_robin.fetch_add(1, SeqCst) % self.threads;
        self.push_to(w, task);
    }

    fn retain(&self) {
        self.sources.fetch_add(1, SeqCst);
    }

    fn release(&self) {
        if self.sources.fetch_sub(1, SeqCst) == 1 {
            self.sleepers.wake_all();
        }
    }
}

struct Env<'a, T, Sd, I, B> {
    shared: &'a Shared<T>,
    sink: &'a Sink<T>,
    serial: &'a Mutex<Serial<Sd>>,
    init: &'a I,
    body: &'a B,
    steps: usize,
    policy: WaitPolicy,
    pin: bool,
}

impl<T, S, Sd, I, B> Env<'_, T, Sd, I, B>
where
    T: Send,
    I: Fn(WorkerId) -> S + Sync,
    Sd: FnMut(&mut Feed<'_, T>) + Send,
    B: Fn(&mut TaskCtx<'_, T>, T, &mut S) + Sync,
{
    fn run(&self, w: usize) -> u64 {
        let shared = self.shared;
        shared.sleepers.register(w);
        let Some(mut scratch) = start_worker(w, self.pin, self.init, |e| shared.fail(e)) else {
            return 0;
        };
        let mut tasks = 0;
        for step in 0..self.steps {
            if !self.wait(w, || shared.phase.load(SeqCst) >= step) {
                break;
            }
            if !self.run_block(w, step, &mut scratch, &mut tasks) {
                break;
            }
            // Barrier: the last to arrive runs the serial section.
            if shared.arrived.fetch_add(1, SeqCst) + 1 == shared.threads {
                shared.arrived.store(0, SeqCst);
                self.serial_section(step);
            } else if !self.wait(w, || shared.phase.load(SeqCst) > step) {
                break;
            }
        }
        tasks
    }

    /// Waits (spin, yield, park) until `ready()`; false if the run failed.
    fn wait(&self, w: usize, ready: impl Fn() -> bool) -> bool {
        let shared = self.shared;
        let mut backoff = Backoff::new(self.policy);
        loop {
            if shared.failed() {
                return false;
            }
            if ready() {
                return true;
            }
            backoff.snooze(&shared.sleepers, w, || !shared.failed() && !ready());
        }
    }

    fn run_task(&self, w: usize, step: usize, task: T, scratch: &mut S) -> bool {
        let sink: &dyn TaskSink<T> = self.sink;
        let mut ctx = TaskCtx::new(WorkerId(w), step, sink);
        let r = catch_unwind(AssertUnwindSafe(|| (self.body)(&mut ctx, task, scratch)));
        if let Err(p) = r {
            self.shared.fail(DispatchError::TaskPanicked {
                step,
                worker: w,
                message: panic_message(p.as_ref()),
            });
            return false;
        }
        !self.shared.failed()
    }

    /// Runs worker `w`'s fixed block, then its mailbox until every source is
    /// closed. False if the run failed.
    fn run_block(&self, w: usize, step: usize, scratch: &mut S, tasks: &mut u64) -> bool {
        let shared = self.shared;
        // SAFETY: the batch is not modified during the step (phase published).
        let (base, n) = unsafe {
            let v = &*shared.batch.get();
            (v.as_ptr(), v.len())
        };
        let (lo, hi) = block(w, n, shared.threads);
        for i in lo..hi {
            // SAFETY: `i` is in this worker's own block and read exactly once.
            let task = unsafe { std::ptr::read(base.add(i)) };
            shared.next[w].store(i + 1, SeqCst);
            *tasks += 1;
            if !self.run_task(w, step, task, scratch) {
                return false;
            }
        }
        loop {
            while let Some(task) = shared.pop(w) {
                *tasks += 1;
                if !self.run_task(w, step, task, scratch) {
                    return false;
                }
            }
            let done =
                || shared.sources.load(SeqCst) == 0 && shared.mailbox_len[w].load(SeqCst) == 0;
            if done() {
                return true;
            }
            if !self.wait(w, || {
                shared.mailbox_len[w].load(SeqCst) > 0 || shared.sources.load(SeqCst) == 0
            }) {
                return false;
            }
        }
    }

    fn serial_section(&self, step: usize) {
        let shared = self.shared;
        let mut serial = self.serial.lock().unwrap_or_else(PoisonError::into_inner);
        serial.end_step();
        // SAFETY: every worker is past its block and waits for the phase.
        unsafe { (*shared.batch.get()).set_len(0) };
        for w in 0..shared.threads {
            shared.next[w].store(0, SeqCst);
        }
        let next = step + 1;
        if next < self.steps {
            // SAFETY: leader only.
            let batch = unsafe { &mut *shared.batch.get() };
            if let Err(e) = serial.seed_step(next, batch, self.sink as &dyn TaskSink<T>) {
                shared.fail(e);
                return;
            }
            // SAFETY: leader only.
            unsafe { shared.arm_blocks() };
        }
        shared.phase.store(next, SeqCst);
        shared.sleepers.wake_all();
    }
}

impl Executor for StaticPartition {
    fn name(&self) -> &'static str {
        "static"
    }

    fn threads(&self) -> usize {
        self.threads
    }

    fn run<T, S, I, Sd, B>(
        &self,
        steps: usize,
        init: I,
        seed: Sd,
        body: B,
    ) -> Result<DispatchReport, DispatchError>
    where
        T: Send,
        I: Fn(WorkerId) -> S + Sync,
        Sd: FnMut(&mut Feed<'_, T>) + Send,
        B: Fn(&mut TaskCtx<'_, T>, T, &mut S) + Sync,
    {
        if steps == 0 {
            return Ok(empty_report(self.threads));
        }
        let shared = Arc::new(Shared::<T>::new(self.threads));
        let sink = Sink(Arc::clone(&shared));
        let serial = Mutex::new(Serial::new(seed, steps));
        {
            let mut s = serial.lock().unwrap_or_else(PoisonError::into_inner);
            // SAFETY: no worker has started yet.
            let batch = unsafe { &mut *shared.batch.get() };
            s.seed_step(0, batch, &sink as &dyn TaskSink<T>)?;
            // SAFETY: no worker has started yet.
            unsafe { shared.arm_blocks() };
            s.last = Instant::now();
        }
        let env = Env {
            shared: &shared,
            sink: &sink,
            serial: &serial,
            init: &init,
            body: &body,
            steps,
            policy: self.policy,
            pin: self.pin,
        };
        let tasks_per_worker =
            run_workers("static", self.threads, |w| env.run(w), |e| shared.fail(e));
        if let Some(err) = shared
            .failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            return Err(err);
        }
        Ok(finished(serial, tasks_per_worker))
    }
}
