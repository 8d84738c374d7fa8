//! The step skeleton every executor shares: the serial section between two
//! steps (the user's seed function, the step clock, the step-time record)
//! and the run's report.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::error::{DispatchError, panic_message};
use crate::task::{DispatchReport, Feed, TaskSink};

/// The serial section's state.
pub(crate) struct Serial<Sd> {
    /// The user's per-step seed function.
    pub seed: Sd,
    /// When the previous step ended (or the run started).
    pub last: Instant,
    /// One entry per completed step (capacity reserved up front).
    pub step_times: Vec<Duration>,
}

impl<Sd> Serial<Sd> {
    /// A run of `steps` steps seeded by `seed`; the clock starts now.
    pub(crate) fn new(seed: Sd, steps: usize) -> Self {
        Serial {
            seed,
            last: Instant::now(),
            step_times: Vec::with_capacity(steps),
        }
    }

    /// Ends a step: records the time since the previous step ended.
    pub(crate) fn end_step(&mut self) {
        let now = Instant::now();
        self.step_times.push(now - self.last);
        self.last = now;
    }

    /// Seeds `step` into `batch`; a panicking seed function becomes
    /// [`DispatchError::SeedPanicked`].
    pub(crate) fn seed_step<T>(
        &mut self,
        step: usize,
        batch: &mut Vec<T>,
        sink: &dyn TaskSink<T>,
    ) -> Result<(), DispatchError>
    where
        Sd: FnMut(&mut Feed<'_, T>),
    {
        catch_unwind(AssertUnwindSafe(|| {
            let mut feed = Feed::new(step, batch, sink);
            (self.seed)(&mut feed);
        }))
        .map_err(|p| DispatchError::SeedPanicked {
            step,
            message: panic_message(p.as_ref()),
        })
    }
}

/// The report of a run of no steps on `threads` workers.
pub(crate) fn empty_report(threads: usize) -> DispatchReport {
    DispatchReport {
        step_times: Vec::new(),
        tasks_per_worker: vec![0; threads],
    }
}

/// The report of a finished run: the serial section's step times and the
/// tasks each worker ran.
pub(crate) fn finished<Sd>(
    serial: Mutex<Serial<Sd>>,
    tasks_per_worker: Vec<u64>,
) -> DispatchReport {
    let serial = serial.into_inner().unwrap_or_else(PoisonError::into_inner);
    DispatchReport {
        step_times: serial.step_times,
        tasks_per_worker,
    }
}
