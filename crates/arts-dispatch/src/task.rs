//! What every executor shares: worker ids, the task context handed to task
//! bodies, the per-step [`Feed`] that seeds a step, [`Source`] handles that add
//! tasks while a step runs, the [`Executor`] trait and the run report.

use std::sync::Arc;
use std::time::Duration;

use crate::error::DispatchError;

/// Identifies one persistent worker thread: `0..threads`. A worker keeps its id
/// for the whole run, so it can own a device, a file or a NUMA-local buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WorkerId(pub usize);

impl WorkerId {
    /// The worker's index in `0..threads`.
    pub fn index(self) -> usize {
        self.0
    }
}

/// Where tasks created while a step runs go. Implemented by each executor.
pub trait TaskSink<T>: Sync {
    /// Adds a task to the current step (called from a running task).
    fn spawn(&self, worker: WorkerId, task: T);
    /// Opens a new task source: the step cannot end until it is closed.
    fn open_source(&self) -> Source<T>
    where
        T: 'static;
}

/// The receiving end of a [`Source`]; implemented by each executor's shared state.
pub trait SourceSink<T>: Send + Sync {
    /// Adds a task to the step the source belongs to.
    fn push(&self, task: T);
    /// Counts one more open source (a clone).
    fn retain(&self);
    /// Marks one source as done; the step may end once every source is done.
    fn release(&self);
}

/// A task source that stays open across threads until dropped or [`Source::close`]d.
///
/// The step it was opened in does not end while any source is open, so a
/// producer (a reader thread, a task that discovers work lazily) can keep adding
/// tasks while workers already process earlier ones. Cloning opens one more
/// source. A leaked (forgotten) source keeps its step from ever ending.
pub struct Source<T> {
    sink: Arc<dyn SourceSink<T>>,
}

impl<T> Source<T> {
    /// Wraps an executor's sink; the caller has already counted this source open.
    pub fn from_sink(sink: Arc<dyn SourceSink<T>>) -> Self {
        Source { sink }
    }

    /// Adds one task to the step this source belongs to.
    pub fn push(&self, task: T) {
        self.sink.push(task);
    }

    /// Signals that this source will add no more tasks (same as dropping it).
    pub fn close(self) {
        drop(self);
    }
}

impl<T> Clone for Source<T> {
    fn clone(&self) -> Self {
        self.sink.retain();
        Source {
            sink: Arc::clone(&self.sink),
        }
    }
}

impl<T> Drop for Source<T> {
    fn drop(&mut self) {
        self.sink.release();
    }
}

/// What a running task sees besides its task value and scratch.
pub struct TaskCtx<'a, T> {
    worker: WorkerId,
    step: usize,
    sink: &'a dyn TaskSink<T>,
}

impl<'a, T> TaskCtx<'a, T> {
    /// Builds a context (used by executors).
    pub fn new(worker: WorkerId, step: usize, sink: &'a dyn TaskSink<T>) -> Self {
        TaskCtx { worker, step, sink }
    }

    /// The worker running this task.
    pub fn worker(&self) -> WorkerId {
        self.worker
    }

    /// The time step this task belongs to (`0..steps`).
    pub fn step(&self) -> usize {
        self.step
    }

    /// Adds a task to the current step; the step does not end before it has run.
    pub fn spawn(&self, task: T) {
        self.sink.spawn(self.worker, task);
    }

    /// Opens a [`Source`] for the current step (for producers on other threads).
    pub fn open_source(&self) -> Source<T>
    where
        T: 'static,
    {
        self.sink.open_source()
    }
}

/// Seeds one step: the executor calls the user's seed function once per step,
/// before any task of that step runs, on exactly one thread.
pub struct Feed<'a, T> {
    step: usize,
    batch: &'a mut Vec<T>,
    sink: &'a dyn TaskSink<T>,
}

impl<'a, T> Feed<'a, T> {
    /// Builds a feed over `batch` (used by executors).
    pub fn new(step: usize, batch: &'a mut Vec<T>, sink: &'a dyn TaskSink<T>) -> Self {
        Feed { step, batch, sink }
    }

    /// The step being seeded.
    pub fn step(&self) -> usize {
        self.step
    }

    /// Adds one task to the step.
    pub fn push(&mut self, task: T) {
        self.batch.push(task);
    }

    /// Adds every task of `tasks` to the step.
    pub fn extend(&mut self, tasks: impl IntoIterator<Item = T>) {
        self.batch.extend(tasks);
    }

    /// Number of tasks seeded so far in this step.
    pub fn len(&self) -> usize {
        self.batch.len()
    }

    /// True when nothing has been seeded yet in this step.
    pub fn is_empty(&self) -> bool {
        self.batch.is_empty()
    }

    /// Opens a [`Source`] that may add tasks to this step from any thread.
    pub fn open_source(&self) -> Source<T>
    where
        T: 'static,
    {
        self.sink.open_source()
    }
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct DispatchReport {
    /// Wall time of each step, from the end of the previous step (or the start
    /// of the run) to the moment the step was found complete.
    pub step_times: Vec<Duration>,
    /// Tasks run by each worker over the whole run.
    pub tasks_per_worker: Vec<u64>,
}

impl DispatchReport {
    /// Total tasks run.
    pub fn tasks_total(&self) -> u64 {
        self.tasks_per_worker.iter().sum()
    }

    /// Median step time (zero for a run of no steps).
    pub fn median_step_time(&self) -> Duration {
        arts_util::stats::median_duration(&self.step_times)
    }
}

/// The shape every executor shares: persistent or pooled workers run `steps`
/// steps; each step is seeded by `seed` on one thread, then its tasks run
/// `body(ctx, task, scratch)` with the scratch that `init` built for the worker
/// (H-Dispatch, static partition) or for the task (scatter-gather).
pub trait Executor: Sync {
    /// Short name: `hdispatch`, `scatter` or `static`.
    fn name(&self) -> &'static str;

    /// Number of worker threads.
    fn threads(&self) -> usize;

    /// Runs `steps` steps. Returns an error (and shuts every worker down) if a
    /// task, the seed or a scratch initializer panics.
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
        B: Fn(&mut TaskCtx<'_, T>, T, &mut S) + Sync;
}
