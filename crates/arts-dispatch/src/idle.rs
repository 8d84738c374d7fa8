//! The idle policy of waiting workers: spin briefly, then yield, then park.
//!
//! Spinning answers a new task in tens of nanoseconds but burns the core; a
//! parked thread costs nothing but takes microseconds to wake. Workers spin for
//! `spin_rounds`, yield the CPU `yield_rounds` times (so an oversubscribed or
//! shared machine lets the thread that holds work run), and then park.
//!
//! Parking is free of lost wake-ups by the usual Dekker pairing (see
//! `hdispatch/README.md`): a sleeper first marks itself asleep and bumps the
//! sleeper count (SeqCst), then re-checks its wake condition, and only then
//! parks; a waker first publishes its event (SeqCst), then reads the sleeper
//! count (SeqCst) and unparks marked sleepers. In the single total order of
//! SeqCst operations one of the two sees the other.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::thread::Thread;

use crossbeam_utils::CachePadded;

/// How long an idle worker spins and yields before it parks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaitPolicy {
    /// Rounds of 64 `spin_loop` hints each, re-checking the condition between rounds.
    pub spin_rounds: u32,
    /// `yield_now` calls after spinning and before parking.
    pub yield_rounds: u32,
    /// A worker that has held the CPU this long (µs) without yielding or
    /// parking steps back between two tasks: it enters the waiting state and
    /// yields once, so that on a CPU shared with a busy thread the OS tends to
    /// preempt it while it holds no task. 0 (the default) disables it: on a
    /// machine loaded by other processes each yield can cost a whole time
    /// slice (measured in `docs/benchmarks/dispatch.md`).
    pub step_back_us: u32,
}

impl WaitPolicy {
    /// The default: a few tens of microseconds of spinning, a few yields, then park.
    pub const DEFAULT: WaitPolicy = WaitPolicy {
        spin_rounds: 40,
        yield_rounds: 8,
        step_back_us: 0,
    };

    /// Never spins or yields: park as soon as there is nothing to do.
    pub const PARK_AT_ONCE: WaitPolicy = WaitPolicy {
        spin_rounds: 0,
        yield_rounds: 0,
        step_back_us: 0,
    };

    /// Never parks in practice (for latency measurements on dedicated cores).
    pub const SPIN: WaitPolicy = WaitPolicy {
        spin_rounds: u32::MAX,
        yield_rounds: 0,
        step_back_us: 0,
    };
}

impl Default for WaitPolicy {
    fn default() -> Self {
        WaitPolicy::DEFAULT
    }
}

/// Who is parked, and how to wake them.
pub struct Sleepers {
    handles: Vec<OnceLock<Thread>>,
    asleep: Vec<CachePadded<AtomicBool>>,
    count: CachePadded<AtomicUsize>,
}

impl Sleepers {
    /// Room for `threads` workers.
    pub fn new(threads: usize) -> Self {
        Sleepers {
            handles: (0..threads).map(|_| OnceLock::new()).collect(),
            asleep: (0..threads)
                .map(|_| CachePadded::new(AtomicBool::new(false)))
                .collect(),
            count: CachePadded::new(AtomicUsize::new(0)),
        }
    }

    /// Records the calling thread as worker `w`; must run before `w` can sleep.
    pub fn register(&self, w: usize) {
        let _ = self.handles[w].set(std::thread::current());
    }

    /// Parks worker `w` unless `still_idle()` turns false after it announced
    /// itself asleep. Returns after a wake-up (possibly spurious): the caller
    /// re-checks its condition.
    pub fn sleep(&self, w: usize, still_idle: impl Fn() -> bool) {
        self.asleep[w].store(true, SeqCst);
        self.count.fetch_add(1, SeqCst);
        if still_idle() {
            std::thread::park();
        }
        self.asleep[w].store(false, SeqCst);
        self.count.fetch_sub(1, SeqCst);
    }

    /// Wakes one parked worker, if any (after the caller published its event).
    pub fn wake_one(&self) {
        if self.count.load(SeqCst) == 0 {
            return;
        }
        for (w, flag) in self.asleep.iter().enumerate() {
            if flag.load(SeqCst) {
                if let Some(t) = self.handles[w].get() {
                    t.unpark();
                }
                return;
            }
        }
    }

    /// Wakes worker `w` if it is parked (after the caller published its event).
    pub fn wake(&self, w: usize) {
        if self.count.load(SeqCst) == 0 {
            return;
        }
        if self.asleep[w].load(SeqCst)
            && let Some(t) = self.handles[w].get()
        {
            t.unpark();
        }
    }

    /// Wakes every parked worker (after the caller published its event).
    pub fn wake_all(&self) {
        if self.count.load(SeqCst) == 0 {
            return;
        }
        for (w, flag) in self.asleep.iter().enumerate() {
            if flag.load(SeqCst)
                && let Some(t) = self.handles[w].get()
            {
                t.unpark();
            }
        }
    }
}

/// One idle episode of one worker: spin, then yield, then park.
pub struct Backoff {
    policy: WaitPolicy,
    round: u64,
}

impl Backoff {
    /// Starts an idle episode.
    pub fn new(policy: WaitPolicy) -> Self {
        Backoff { policy, round: 0 }
    }

    /// Waits a little. `still_idle` is re-checked after announcing sleep, and
    /// must be true only while nothing the caller waits for has happened.
    /// Returns true when the thread gave up the CPU (yielded or parked).
    pub fn snooze(&mut self, sleepers: &Sleepers, w: usize, still_idle: impl Fn() -> bool) -> bool {
        let spin = u64::from(self.policy.spin_rounds);
        let yields = spin + u64::from(self.policy.yield_rounds);
        let gave_up = if self.round < spin {
            for _ in 0..64 {
                std::hint::spin_loop();
            }
            false
        } else if self.round < yields {
            std::thread::yield_now();
            true
        } else {
            sleepers.sleep(w, still_idle);
            // Woken for a reason: spin again before the next park.
            self.round = 0;
            return true;
        };
        self.round += 1;
        gave_up
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn parked_worker_is_woken_by_event() {
        let sleepers = Arc::new(Sleepers::new(1));
        let flag = Arc::new(AtomicBool::new(false));
        let (s2, f2) = (Arc::clone(&sleepers), Arc::clone(&flag));
        let h = std::thread::spawn(move || {
            s2.register(0);
            let mut b = Backoff::new(WaitPolicy::PARK_AT_ONCE);
            while !f2.load(SeqCst) {
                b.snooze(&s2, 0, || !f2.load(SeqCst));
            }
        });
        std::thread::sleep(Duration::from_millis(20));
        flag.store(true, SeqCst);
        sleepers.wake_all();
        h.join().unwrap();
    }
}
