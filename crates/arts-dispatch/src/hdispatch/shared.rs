//! The state every H-Dispatch worker shares: the task queue (a seeded batch
//! claimed by an atomic cursor, plus a locked queue for tasks added during the
//! step), the idle word (waiting count, leave epoch), the open-source count,
//! the current step and the done and failure flags. See `README.md` here.

use std::cell::UnsafeCell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex, PoisonError};

use crossbeam_utils::CachePadded;

use crate::error::DispatchError;
use crate::idle::Sleepers;
use crate::task::{Source, SourceSink, TaskSink, WorkerId};

/// Bits 0..16 of the idle word: workers with an unanswered request.
const WAITING_MASK: u64 = 0xFFFF;
/// Bits 16..64: how many times a worker left the waiting state (ABA guard).
const EPOCH_ONE: u64 = 1 << 16;

/// Waiting count of an idle word.
pub(super) fn waiting(word: u64) -> usize {
    (word & WAITING_MASK) as usize
}

/// Shared state of one H-Dispatch run.
pub(super) struct Shared<T> {
    pub(crate) threads: usize,
    /// Tasks seeded for the current step. Written only in the serial section
    /// (between a step's completion and its successor's publication), read by claims.
    batch: UnsafeCell<Vec<T>>,
    batch_len: CachePadded<AtomicUsize>,
    cursor: CachePadded<AtomicUsize>,
    /// Tasks added during the step (spawned by tasks or pushed by sources).
    extra: Mutex<VecDeque<T>>,
    extra_len: CachePadded<AtomicUsize>,
    /// Open sources of the current step.
    sources: CachePadded<AtomicUsize>,
    /// Waiting count | leave epoch. The completion CAS happens here.
    idle: CachePadded<AtomicU64>,
    /// The step being run (set by the completion winner before it seeds).
    current: CachePadded<AtomicUsize>,
    /// Set once the last step is complete.
    done: AtomicBool,
    failed: AtomicBool,
    failure: Mutex<Option<DispatchError>>,
    pub(crate) sleepers: Sleepers,
}

// SAFETY: `batch` is written only by the one thread in the serial section while
// no other thread reads it (see `README.md`: claims read it only below the
// published length, which is stored with SeqCst after seeding), and its items are moved out exactly once, by the
// thread that claimed their index with `fetch_add`. Everything else is atomics
// or mutexes. `T: Send` because tasks move between threads.
unsafe impl<T: Send> Sync for Shared<T> {}
// SAFETY: as above; the state owns `T`s, which may be sent.
unsafe impl<T: Send> Send for Shared<T> {}

impl<T> Shared<T> {
    /// Fresh state for `threads` workers, all waiting, step 0 not yet seeded.
    pub(super) fn new(threads: usize) -> Self {
        Shared {
            threads,
            batch: UnsafeCell::new(Vec::new()),
            batch_len: CachePadded::new(AtomicUsize::new(0)),
            cursor: CachePadded::new(AtomicUsize::new(0)),
            extra: Mutex::new(VecDeque::new()),
            extra_len: CachePadded::new(AtomicUsize::new(0)),
            sources: CachePadded::new(AtomicUsize::new(0)),
            // Every worker starts with a request pending.
            idle: CachePadded::new(AtomicU64::new(threads as u64)),
            current: CachePadded::new(AtomicUsize::new(0)),
            done: AtomicBool::new(false),
            failed: AtomicBool::new(false),
            failure: Mutex::new(None),
            sleepers: Sleepers::new(threads),
        }
    }

    // ---- serial section -------------------------------------------------

    /// The batch vector, for seeding.
    ///
    /// # Safety
    /// Only the thread in the serial section may call this: every other worker
    /// is waiting, and sees no batch work until `publish`.
    #[allow(clippy::mut_from_ref)]
    pub(super) unsafe fn batch_mut(&self) -> &mut Vec<T> {
        // SAFETY: exclusive by the caller's contract.
        unsafe { &mut *self.batch.get() }
    }

    /// Starts step `step` after its predecessor completed: records it as the
    /// current step, then empties the drained batch (every item was moved out
    /// by a claim) and resets the cursor, in that order.
    ///
    /// # Safety
    /// Serial section only: called by the completion winner (or before the
    /// workers start).
    pub(super) unsafe fn begin_step(&self, step: usize) {
        self.current.store(step, SeqCst);
        self.batch_len.store(0, SeqCst);
        self.cursor.store(0, SeqCst);
        // SAFETY: serial section; all items below the old length were moved
        // out by claims (the cursor reached the length), so forget them.
        unsafe { (*self.batch.get()).set_len(0) };
    }

    /// Publishes the seeded batch of the current step and wakes every sleeper.
    ///
    /// # Safety
    /// Serial section only.
    pub(super) unsafe fn publish(&self) {
        // SAFETY: serial section.
        let len = unsafe { (*self.batch.get()).len() };
        self.batch_len.store(len, SeqCst);
        self.sleepers.wake_all();
    }

    /// Ends the run: every worker leaves its loop.
    pub(super) fn finish(&self) {
        self.done.store(true, SeqCst);
        self.sleepers.wake_all();
    }

    /// True once the last step is complete.
    pub(super) fn finished(&self) -> bool {
        self.done.load(SeqCst)
    }

    /// The step being run. Stable while any worker is active.
    pub(super) fn current_step(&self) -> usize {
        self.current.load(SeqCst)
    }

    /// True once any worker failed.
    pub(super) fn failed(&self) -> bool {
        self.failed.load(SeqCst)
    }

    /// Records the first failure and wakes everyone so they shut down.
    pub(super) fn fail(&self, err: DispatchError) {
        {
            let mut slot = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
            if slot.is_none() {
                *slot = Some(err);
            }
        }
        self.failed.store(true, SeqCst);
        self.sleepers.wake_all();
    }

    /// The recorded failure, if any.
    pub(super) fn take_failure(&self) -> Option<DispatchError> {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    // ---- queue ------------------------------------------------------------

    /// Claims the next task: first from the batch, then from the extra queue.
    /// Only a worker that is not counted as waiting may call this.
    #[inline]
    pub(super) fn claim(&self) -> Option<T> {
        if self.cursor.load(SeqCst) < self.batch_len.load(SeqCst) {
            let i = self.cursor.fetch_add(1, SeqCst);
            if i < self.batch_len.load(SeqCst) {
                // SAFETY: index `i` was handed out once by `fetch_add` and is
                // below the published length; the batch is not modified until
                // the serial section, which cannot start while this worker is
                // not waiting. Reading moves the item out; `begin_step`
                // forgets the moved-out slots.
                return Some(unsafe { std::ptr::read((*self.batch.get()).as_ptr().add(i)) });
            }
        }
        if self.extra_len.load(SeqCst) == 0 {
            return None;
        }
        let mut q = self.extra.lock().unwrap_or_else(PoisonError::into_inner);
        let t = q.pop_front();
        if t.is_some() {
            self.extra_len.fetch_sub(1, SeqCst);
        }
        t
    }

    /// True if a claim could succeed now (a hint; the claim decides).
    #[inline]
    pub(super) fn has_work(&self) -> bool {
        self.cursor.load(SeqCst) < self.batch_len.load(SeqCst) || self.extra_len.load(SeqCst) > 0
    }

    /// True when no source is open and the queue is empty, read in that order.
    #[inline]
    pub(super) fn drained(&self) -> bool {
        self.sources.load(SeqCst) == 0 && !self.has_work()
    }

    /// Adds a task during the step and wakes one parked worker.
    pub(super) fn push_extra(&self, task: T) {
        {
            let mut q = self.extra.lock().unwrap_or_else(PoisonError::into_inner);
            q.push_back(task);
            self.extra_len.fetch_add(1, SeqCst);
        }
        self.sleepers.wake_one();
    }

    // ---- idle word ----------------------------------------------------------

    /// Enters the waiting state ("request sent, unanswered"). Returns the new word.
    pub(super) fn enter_waiting(&self) -> u64 {
        self.idle.fetch_add(1, SeqCst) + 1
    }

    /// Current idle word.
    pub(super) fn idle_word(&self) -> u64 {
        self.idle.load(SeqCst)
    }

    /// Leaves the waiting state if the word is still `word`; bumps the epoch.
    /// Used both to claim visible work and, once the step is found complete
    /// (`waiting(word) == threads` and drained), to become the serial worker.
    pub(super) fn try_leave(&self, word: u64) -> Result<(), u64> {
        self.idle
            .compare_exchange(word, word - 1 + EPOCH_ONE, SeqCst, SeqCst)
            .map(|_| ())
    }

    // ---- sources ------------------------------------------------------------

    /// Counts one more open source.
    pub(super) fn source_opened(&self) {
        self.sources.fetch_add(1, SeqCst);
    }

    /// Counts one source closed; the last one wakes a worker to detect completion.
    pub(super) fn source_closed(&self) {
        if self.sources.fetch_sub(1, SeqCst) == 1 {
            self.sleepers.wake_one();
        }
    }
}

impl<T> Drop for Shared<T> {
    fn drop(&mut self) {
        // After a failure some seeded tasks were never claimed: drop them.
        let v = self.batch.get_mut();
        let start = (*self.cursor.get_mut()).min(*self.batch_len.get_mut());
        let end = v.len();
        if start < end {
            // SAFETY: items in `start..end` were never moved out; items below
            // `start` were. Drop the former, then forget every slot.
            unsafe {
                let base = v.as_mut_ptr();
                v.set_len(0);
                for i in start..end {
                    std::ptr::drop_in_place(base.add(i));
                }
            }
        } else {
            // SAFETY: every item below `len` was moved out by a claim.
            unsafe { v.set_len(0) };
        }
    }
}

/// The sink tasks and seeds see: a handle on the shared state.
pub(super) struct Sink<T>(pub Arc<Shared<T>>);

impl<T: Send> TaskSink<T> for Sink<T> {
    fn spawn(&self, _worker: WorkerId, task: T) {
        self.0.push_extra(task);
    }

    fn open_source(&self) -> Source<T>
    where
        T: 'static,
    {
        self.0.source_opened();
        Source::from_sink(Arc::clone(&self.0) as Arc<dyn SourceSink<T>>)
    }
}

impl<T: Send> SourceSink<T> for Shared<T> {
    fn push(&self, task: T) {
        self.push_extra(task);
    }

    fn retain(&self) {
        self.source_opened();
    }

    fn release(&self) {
        self.source_closed();
    }
}
