//! Scatter-gather baseline (the paper's Fig. 1b / Algorithm 2): a master loop
//! owns the time loop; each step it scatters one boxed task object per item to
//! a pool of anonymous threads, each task allocates its own scratch, and the
//! master gathers by counting completions against the number it scattered.
//!
//! Tasks spawned while a round runs cannot join that round's count; they are
//! collected and scattered in a follow-up round after the gather (the
//! "recursive scatter-gather" of the paper's footnote 4). Tasks pushed by a
//! [`Source`] are collected the same way, and the step ends when a round
//! gathered everything, nothing is pending and every source is closed.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Instant;

use crate::error::{DispatchError, check_threads, panic_message};
use crate::serial::Serial;
use crate::task::{
    DispatchReport, Executor, Feed, Source, SourceSink, TaskCtx, TaskSink, WorkerId,
};

/// The scatter-gather executor: `threads` pool threads plus the calling thread
/// as the master, which sleeps while it gathers.
#[derive(Clone, Debug)]
pub struct ScatterGather {
    threads: usize,
}

impl ScatterGather {
    /// A scatter-gather executor with a pool of `threads` threads (1..=4096).
    pub fn new(threads: usize) -> Result<Self, DispatchError> {
        check_threads(threads)?;
        Ok(ScatterGather { threads })
    }
}

/// Tasks created during a round, waiting for the next round.
struct Pending<T> {
    tasks: Mutex<Vec<T>>,
    changed: Condvar,
    sources: AtomicUsize,
}

impl<T> Pending<T> {
    fn add(&self, task: T) {
        self.tasks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(task);
        self.changed.notify_one();
    }
}

struct Sink<T>(Arc<Pending<T>>);

impl<T: Send> TaskSink<T> for Sink<T> {
    fn spawn(&self, _worker: WorkerId, task: T) {
        self.0.add(task);
    }

    fn open_source(&self) -> Source<T>
    where
        T: 'static,
    {
        self.0.sources.fetch_add(1, SeqCst);
        Source::from_sink(Arc::clone(&self.0) as Arc<dyn SourceSink<T>>)
    }
}

impl<T: Send> SourceSink<T> for Pending<T> {
    fn push(&self, task: T) {
        self.add(task);
    }

    fn retain(&self) {
        self.sources.fetch_add(1, SeqCst);
    }

    fn release(&self) {
        // Take the lock so the master cannot miss the notification between
        // its check and its wait.
        let _g = self.tasks.lock().unwrap_or_else(PoisonError::into_inner);
        self.sources.fetch_sub(1, SeqCst);
        self.changed.notify_one();
    }
}

/// One scattered task: runs on any pool thread, reports to the gather port.
type Job<'s> = Box<dyn FnOnce(WorkerId) + Send + 's>;
/// A completion message: `Err` carries the failure of that task.
type Done = Result<(), DispatchError>;

impl Executor for ScatterGather {
    fn name(&self) -> &'static str {
        "scatter"
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
        let pending = Arc::new(Pending {
            tasks: Mutex::new(Vec::new()),
            changed: Condvar::new(),
            sources: AtomicUsize::new(0),
        });
        let sink = Sink(Arc::clone(&pending));
        let (done_tx, done_rx) = crossbeam_channel::unbounded::<Done>();
        let mut serial = Serial::new(seed, steps);
        let mut tasks_per_worker = vec![0u64; self.threads];
        let (init, body, sink_ref) = (&init, &body, &sink);
        let mut failure: Option<DispatchError> = None;
        std::thread::scope(|scope| {
            let (job_tx, job_rx) = crossbeam_channel::unbounded::<Job<'_>>();
            let mut pool = Vec::with_capacity(self.threads);
            for w in 0..self.threads {
                let rx = job_rx.clone();
                match std::thread::Builder::new()
                    .name(format!("scatter-{w}"))
                    .spawn_scoped(scope, move || {
                        crate::alloc_count::count_this_thread();
                        let mut n = 0u64;
                        while let Ok(job) = rx.recv() {
                            job(WorkerId(w));
                            n += 1;
                        }
                        n
                    }) {
                    Ok(h) => pool.push(h),
                    Err(e) => {
                        failure = Some(DispatchError::Spawn(e.to_string()));
                        break;
                    }
                }
            }
            drop(job_rx);
            serial.last = Instant::now();
            'steps: for step in 0..steps {
                if failure.is_some() {
                    break;
                }
                let mut round: Vec<T> = Vec::new();
                if let Err(e) = serial.seed_step(step, &mut round, sink_ref as &dyn TaskSink<T>) {
                    failure = Some(e);
                    break;
                }
                loop {
                    // Scatter: one heap task object per item.
                    let n = round.len();
                    for task in round.drain(..) {
                        let done = done_tx.clone();
                        let job: Job<'_> = Box::new(move |w: WorkerId| {
                            let r = catch_unwind(AssertUnwindSafe(|| init(w)));
                            let msg = match r {
                                Err(p) => Err(DispatchError::InitPanicked {
                                    worker: w.0,
                                    message: panic_message(p.as_ref()),
                                }),
                                Ok(mut scratch) => {
                                    let mut ctx =
                                        TaskCtx::new(w, step, sink_ref as &dyn TaskSink<T>);
                                    catch_unwind(AssertUnwindSafe(|| {
                                        body(&mut ctx, task, &mut scratch)
                                    }))
                                    .map_err(|p| {
                                        DispatchError::TaskPanicked {
                                            step,
                                            worker: w.0,
                                            message: panic_message(p.as_ref()),
                                        }
                                    })
                                }
                            };
                            let _ = done.send(msg);
                        });
                        if job_tx.send(job).is_err() {
                            failure = Some(DispatchError::Spawn("worker pool is gone".into()));
                            break 'steps;
                        }
                    }
                    // Gather: count completions.
                    for _ in 0..n {
                        match done_rx.recv() {
                            Ok(Ok(())) => {}
                            Ok(Err(e)) => {
                                failure.get_or_insert(e);
                            }
                            Err(_) => {
                                failure.get_or_insert(DispatchError::Spawn(
                                    "worker pool is gone".into(),
                                ));
                                break;
                            }
                        }
                    }
                    if failure.is_some() {
                        break 'steps;
                    }
                    // Follow-up round for tasks created meanwhile, or wait for sources.
                    let mut q = pending.tasks.lock().unwrap_or_else(PoisonError::into_inner);
                    loop {
                        if !q.is_empty() {
                            std::mem::swap(&mut *q, &mut round);
                            break;
                        }
                        if pending.sources.load(SeqCst) == 0 {
                            break;
                        }
                        q = pending
                            .changed
                            .wait(q)
                            .unwrap_or_else(PoisonError::into_inner);
                    }
                    drop(q);
                    if round.is_empty() {
                        break;
                    }
                }
                serial.end_step();
            }
            drop(job_tx);
            for (w, h) in pool.into_iter().enumerate() {
                match h.join() {
                    Ok(n) => tasks_per_worker[w] = n,
                    Err(p) => {
                        failure.get_or_insert(DispatchError::TaskPanicked {
                            step: 0,
                            worker: w,
                            message: panic_message(p.as_ref()),
                        });
                    }
                }
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(DispatchReport {
                step_times: serial.step_times,
                tasks_per_worker,
            }),
        }
    }
}
