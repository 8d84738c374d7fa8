//! One H-Dispatch worker: its time loop, its pull loop within a step, and the
//! serial section it runs when it is the one that finds the step complete.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::shared::{Shared, Sink, waiting};
use crate::error::{DispatchError, panic_message};
use crate::idle::{Backoff, WaitPolicy};
use crate::task::{Feed, TaskCtx, TaskSink, WorkerId};
use crate::workers::start_worker;

use crate::serial::Serial;

/// Everything a worker needs, borrowed from `Dispatcher::run`.
pub(super) struct WorkerEnv<'a, T, Sd, I, B> {
    /// Shared state.
    pub shared: &'a Shared<T>,
    /// The sink tasks and seeds add work through.
    pub sink: &'a Sink<T>,
    /// Seed function and step clock.
    pub serial: &'a Mutex<Serial<Sd>>,
    /// Scratch initializer.
    pub init: &'a I,
    /// Task body.
    pub body: &'a B,
    /// Number of steps.
    pub steps: usize,
    /// Idle policy.
    pub policy: WaitPolicy,
    /// Pin worker `w` to CPU `w`.
    pub pin: bool,
}

impl<T, S, Sd, I, B> WorkerEnv<'_, T, Sd, I, B>
where
    T: Send,
    I: Fn(WorkerId) -> S + Sync,
    Sd: FnMut(&mut Feed<'_, T>) + Send,
    B: Fn(&mut TaskCtx<'_, T>, T, &mut S) + Sync,
{
    /// The worker's whole life: build scratch, then alternate between waiting
    /// (request pending) and active (running tasks) until the last step is
    /// complete. Returns the number of tasks it ran.
    pub(super) fn run(&self, w: usize) -> u64 {
        let shared = self.shared;
        shared.sleepers.register(w);
        let Some(mut scratch) = start_worker(w, self.pin, self.init, |e| shared.fail(e)) else {
            return 0;
        };
        let mut tasks = 0u64;
        let mut on_cpu_since = Instant::now();
        // Every worker starts counted as waiting.
        let mut word = shared.idle_word();
        loop {
            if !self.wait(w, &mut word, &mut on_cpu_since) || shared.finished() {
                return tasks;
            }
            match self.work(w, &mut scratch, &mut tasks, &mut on_cpu_since) {
                Some(now) => word = now,
                None => return tasks,
            }
        }
    }

    /// WAITING: the request is pending. Returns true once this worker left the
    /// waiting state (to run visible work, or as the serial worker after it
    /// found the step complete and ran the serial section); false on failure
    /// or when the run is over.
    fn wait(&self, w: usize, word: &mut u64, on_cpu_since: &mut Instant) -> bool {
        let shared = self.shared;
        let threads = shared.threads;
        let mut backoff = Backoff::new(self.policy);
        loop {
            if shared.failed() || shared.finished() {
                return false;
            }
            if shared.has_work() {
                match shared.try_leave(*word) {
                    Ok(()) => return true,
                    Err(now) => {
                        *word = now;
                        continue;
                    }
                }
            }
            if waiting(*word) == threads && shared.drained() {
                // Stable while everyone waits: no completion can run now.
                let step = shared.current_step();
                match shared.try_leave(*word) {
                    Ok(()) => {
                        self.serial_section(step);
                        return true;
                    }
                    Err(now) => {
                        *word = now;
                        continue;
                    }
                }
            }
            let seen = *word;
            if backoff.snooze(&shared.sleepers, w, || {
                !shared.failed()
                    && !shared.finished()
                    && shared.idle_word() == seen
                    && !shared.has_work()
                    && (waiting(seen) != threads || !shared.drained())
            }) {
                *on_cpu_since = Instant::now();
            }
            *word = shared.idle_word();
        }
    }

    /// ACTIVE: pulls and runs tasks of the current step until the queue looks
    /// empty (or it is time to step back), then enters the waiting state and
    /// returns the new idle word. `None` on failure.
    fn work(
        &self,
        w: usize,
        scratch: &mut S,
        tasks: &mut u64,
        on_cpu_since: &mut Instant,
    ) -> Option<u64> {
        let shared = self.shared;
        let sink: &dyn TaskSink<T> = self.sink;
        // Stable while this worker is active: no step can complete.
        let step = shared.current_step();
        let step_back = Duration::from_micros(u64::from(self.policy.step_back_us));
        let mut stepping_back = false;
        let mut since_check = 0u32;
        while let Some(task) = shared.claim() {
            let mut ctx = TaskCtx::new(WorkerId(w), step, sink);
            let r = catch_unwind(AssertUnwindSafe(|| (self.body)(&mut ctx, task, scratch)));
            *tasks += 1;
            if let Err(p) = r {
                shared.fail(DispatchError::TaskPanicked {
                    step,
                    worker: w,
                    message: panic_message(p.as_ref()),
                });
                return None;
            }
            if shared.failed() {
                return None;
            }
            since_check += 1;
            if !step_back.is_zero() && since_check >= 8 {
                since_check = 0;
                if on_cpu_since.elapsed() >= step_back {
                    stepping_back = true;
                    break;
                }
            }
        }
        let word = shared.enter_waiting();
        if stepping_back {
            // Holding no task now: let a competing thread have the CPU.
            std::thread::yield_now();
            *on_cpu_since = Instant::now();
            return Some(shared.idle_word());
        }
        Some(word)
    }

    /// Runs between step `step` and the next, on the worker that found `step`
    /// complete, while every other worker is waiting: clock, begin the next
    /// step, seed it, publish it (or finish the run).
    fn serial_section(&self, step: usize) {
        let shared = self.shared;
        let mut serial = self.serial.lock().unwrap_or_else(PoisonError::into_inner);
        serial.end_step();
        let next = step + 1;
        if next == self.steps {
            shared.finish();
            return;
        }
        // SAFETY: we left the waiting state through the completion check:
        // every other worker is waiting and claims nothing from the batch
        // until `publish` (README.md).
        unsafe { shared.begin_step(next) };
        // SAFETY: serial section, as above.
        let batch = unsafe { shared.batch_mut() };
        match serial.seed_step(next, batch, self.sink as &dyn TaskSink<T>) {
            // SAFETY: serial section, as above.
            Ok(()) => unsafe { shared.publish() },
            Err(e) => shared.fail(e),
        }
    }
}
