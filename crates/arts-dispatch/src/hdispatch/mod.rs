//! H-Dispatch: persistent workers, each running the time loop, pull tasks from
//! one dispatcher queue; a step ends when the queue is empty, every task source
//! is closed and every worker has an unanswered request pending. No task count
//! is needed, so tasks may add tasks while the step runs. The protocol is
//! written down in `README.md` beside this file.
//!
//! ```
//! use arts_dispatch::{Dispatcher, Executor};
//! use std::sync::atomic::{AtomicU64, Ordering};
//!
//! let sum = AtomicU64::new(0);
//! let d = Dispatcher::new(2).unwrap();
//! d.run(
//!     3,                                   // steps
//!     |_worker| vec![0u8; 1024],           // per-worker scratch, reused
//!     |feed| feed.extend(0..10u64),        // seeds each step
//!     |ctx, task, scratch| {
//!         scratch[0] = task as u8;
//!         if task == 9 && ctx.step() == 0 {
//!             ctx.spawn(100);              // tasks may add tasks
//!         }
//!         sum.fetch_add(task, Ordering::Relaxed);
//!     },
//! )
//! .unwrap();
//! assert_eq!(sum.load(Ordering::Relaxed), 3 * 45 + 100);
//! ```

mod shared;
mod worker;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crate::error::{DispatchError, check_threads};
use crate::idle::WaitPolicy;
use crate::serial::{Serial, empty_report, finished};
use crate::task::{DispatchReport, Executor, Feed, TaskCtx, TaskSink, WorkerId};
use crate::workers::run_workers;
use shared::{Shared, Sink};
use worker::WorkerEnv;

/// The H-Dispatch executor. Cheap to build; each `run` starts `threads`
/// persistent workers that live for all its steps.
#[derive(Clone, Debug)]
pub struct Dispatcher {
    threads: usize,
    policy: WaitPolicy,
    pin: bool,
}

impl Dispatcher {
    /// A dispatcher with `threads` workers (1..=4096).
    pub fn new(threads: usize) -> Result<Self, DispatchError> {
        check_threads(threads)?;
        Ok(Dispatcher {
            threads,
            policy: WaitPolicy::DEFAULT,
            pin: false,
        })
    }

    /// Sets how idle workers spin, yield and park.
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

impl Executor for Dispatcher {
    fn name(&self) -> &'static str {
        "hdispatch"
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
        // Seed and publish step 0 before any worker exists.
        {
            let mut s = serial.lock().unwrap_or_else(PoisonError::into_inner);
            // SAFETY: no worker has started yet.
            let batch = unsafe { shared.batch_mut() };
            s.seed_step(0, batch, &sink as &dyn TaskSink<T>)?;
            s.last = Instant::now();
            // SAFETY: no worker has started yet.
            unsafe { shared.publish() };
        }
        let env = WorkerEnv {
            shared: &shared,
            sink: &sink,
            serial: &serial,
            init: &init,
            body: &body,
            steps,
            policy: self.policy,
            pin: self.pin,
        };
        let tasks_per_worker = run_workers(
            "hdispatch",
            self.threads,
            |w| env.run(w),
            |e| shared.fail(e),
        );
        if let Some(err) = shared.take_failure() {
            return Err(err);
        }
        Ok(finished(serial, tasks_per_worker))
    }
}
