//! Shared state of the optimistic engine: inboxes, the GVT protocol's epoch,
//! counters and minima, and the sleep/wake flags. The protocol is explained in
//! `README.md` beside this file.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::thread::Thread;

use crossbeam_utils::CachePadded;
use parking_lot::Mutex;

use crate::engine::FirstError;
use crate::error::EventError;
use crate::event::Event;
use crate::key::{Key, LpId};

/// What travels between PEs: a positive event, or an anti-message naming the
/// key of an event it cancels.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Wire<M> {
    Event(Event<M>),
    Anti { dst: LpId, key: Key, uid: u32 },
}

impl<M> Wire<M> {
    /// The key of the event carried or cancelled.
    #[inline]
    pub(super) fn key(&self) -> Key {
        match self {
            Wire::Event(e) => e.key,
            Wire::Anti { key, .. } => *key,
        }
    }

    /// The LP the wire is for.
    #[inline]
    pub(super) fn dst(&self) -> LpId {
        match self {
            Wire::Event(e) => e.dst,
            Wire::Anti { dst, .. } => *dst,
        }
    }
}

/// One PE's inbox: senders append under the lock; `len` is a lock-free hint.
pub(crate) struct Inbox<M> {
    len: AtomicUsize,
    queue: Mutex<Vec<Wire<M>>>,
}

impl<M> Inbox<M> {
    pub(super) fn new() -> Self {
        Inbox {
            len: AtomicUsize::new(0),
            queue: Mutex::new(Vec::new()),
        }
    }

    /// Moves `items` in (the "placement" of the GVT argument: the SeqCst store of
    /// `len` orders it before the sender's next epoch read).
    pub(super) fn put(&self, items: &mut Vec<Wire<M>>) {
        let mut q = self.queue.lock();
        q.append(items);
        self.len.store(q.len(), SeqCst);
    }

    /// True if something may be waiting.
    #[inline]
    pub(super) fn has_items(&self) -> bool {
        self.len.load(SeqCst) > 0
    }

    /// Swaps the queued items into `into` (which must be empty).
    pub(super) fn take(&self, into: &mut Vec<Wire<M>>) {
        let mut q = self.queue.lock();
        std::mem::swap(&mut *q, into);
        self.len.store(0, SeqCst);
    }
}

pub(crate) struct Control<M> {
    pes: usize,
    pub inboxes: Vec<CachePadded<Inbox<M>>>,
    /// Even: no GVT round running; odd: a round is collecting reports.
    epoch: CachePadded<AtomicU64>,
    /// PEs that still have to report in the current (or next) round.
    remaining: CachePadded<AtomicUsize>,
    /// Each PE's reported local minimum (time bits, tie).
    mins: Vec<CachePadded<(AtomicU64, AtomicU64)>>,
    gvt: Mutex<Key>,
    rounds: AtomicU64,
    stop: AtomicBool,
    error: FirstError,
    sleeping: Vec<CachePadded<AtomicBool>>,
    threads: Vec<OnceLock<Thread>>,
}

impl<M> Control<M> {
    pub(super) fn new(pes: usize) -> Self {
        Control {
            pes,
            inboxes: (0..pes).map(|_| CachePadded::new(Inbox::new())).collect(),
            epoch: CachePadded::new(AtomicU64::new(0)),
            remaining: CachePadded::new(AtomicUsize::new(pes)),
            mins: (0..pes)
                .map(|_| CachePadded::new((AtomicU64::new(0), AtomicU64::new(0))))
                .collect(),
            gvt: Mutex::new(Key::MIN),
            rounds: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            error: FirstError::default(),
            sleeping: (0..pes)
                .map(|_| CachePadded::new(AtomicBool::new(false)))
                .collect(),
            threads: (0..pes).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Registers the calling thread as PE `me` (for unpark).
    pub(super) fn register(&self, me: usize) {
        let _ = self.threads[me].set(std::thread::current());
    }

    #[inline]
    pub(super) fn epoch(&self) -> u64 {
        self.epoch.load(SeqCst)
    }

    /// Last computed GVT.
    pub(super) fn gvt(&self) -> Key {
        *self.gvt.lock()
    }

    pub(super) fn rounds(&self) -> u64 {
        self.rounds.load(SeqCst)
    }

    /// Starts a GVT round unless one is running. True if this call started it.
    pub(super) fn try_start_round(&self) -> bool {
        let e = self.epoch.load(SeqCst);
        if e & 1 == 1 {
            return false;
        }
        if self
            .epoch
            .compare_exchange(e, e + 1, SeqCst, SeqCst)
            .is_ok()
        {
            self.wake_all();
            true
        } else {
            false
        }
    }

    /// Reports PE `me`'s local minimum for round `epoch`. The last reporter
    /// computes the GVT, publishes it and ends the round.
    pub(super) fn report(&self, me: usize, epoch: u64, local: Key) {
        debug_assert!(epoch & 1 == 1);
        self.mins[me].0.store(local.time_bits, SeqCst);
        self.mins[me].1.store(local.tie, SeqCst);
        if self.remaining.fetch_sub(1, SeqCst) == 1 {
            let gvt = self
                .mins
                .iter()
                .map(|m| Key {
                    time_bits: m.0.load(SeqCst),
                    tie: m.1.load(SeqCst),
                })
                .min()
                .unwrap_or(Key::MAX);
            {
                let mut g = self.gvt.lock();
                debug_assert!(gvt >= *g, "GVT went backwards");
                *g = (*g).max(gvt);
            }
            self.rounds.fetch_add(1, SeqCst);
            self.remaining.store(self.pes, SeqCst);
            self.epoch.store(epoch + 1, SeqCst);
            self.wake_all();
        }
    }

    /// Stops every PE because of a committed model error (the smallest key wins).
    pub(super) fn fail(&self, key: Key, err: EventError) {
        self.error.offer(key, err);
        self.stop.store(true, SeqCst);
        self.wake_all();
    }

    /// Stops every PE without an error (a PE thread is unwinding).
    pub(super) fn abort(&self) {
        self.stop.store(true, SeqCst);
        self.wake_all();
    }

    #[inline]
    pub(super) fn stopped(&self) -> bool {
        self.stop.load(SeqCst)
    }

    pub(super) fn take_error(&self) -> Option<EventError> {
        self.error.take().map(|(_, e)| e)
    }

    /// Wakes PE `pe` if it is parked (call after a SeqCst store it must see).
    #[inline]
    pub(super) fn wake(&self, pe: usize) {
        if self.sleeping[pe].load(SeqCst)
            && let Some(t) = self.threads[pe].get()
        {
            t.unpark();
        }
    }

    pub(super) fn wake_all(&self) {
        for pe in 0..self.pes {
            self.wake(pe);
        }
    }

    /// Parks PE `me` unless its inbox has items, the epoch moved past `seen`,
    /// or the run stopped. The flag is raised before the re-check, so a waker
    /// either sees the flag (and unparks) or the sleeper sees its store.
    pub(super) fn sleep(&self, me: usize, seen: u64, timeout: std::time::Duration) {
        self.sleeping[me].store(true, SeqCst);
        if !self.inboxes[me].has_items() && self.epoch.load(SeqCst) == seen && !self.stopped() {
            std::thread::park_timeout(timeout);
        }
        self.sleeping[me].store(false, SeqCst);
    }
}
