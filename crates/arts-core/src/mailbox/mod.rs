//! A PE's mailbox: the queue other threads push messages into, and the
//! spin-then-park protocol by which an idle PE waits for the next message
//! without losing a wake-up. See `README.md` beside this file.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering, fence};
use std::thread::Thread;
use std::time::{Duration, Instant};

use crossbeam_queue::SegQueue;

use crate::envelope::Envelope;

/// How an idle PE waits for messages.
#[derive(Clone, Copy, Debug)]
pub struct IdlePolicy {
    /// Busy-poll the mailbox this long before parking (0 = park at once).
    pub spin: Duration,
    /// While spinning, yield the core to other threads after this many empty polls
    /// (keeps oversubscribed runs, more PEs than cores, moving).
    pub yield_after: u32,
    /// With a transport that must be polled (other processes), poll for ten
    /// of its poll intervals before parking, at least `spin`: a message
    /// from another process does not wake a parked PE. Off where the PEs of
    /// a machine outnumber its cores: a PE polling there takes the core of
    /// one with work, so it parks after `spin` as in one process.
    pub long_poll: bool,
    /// The PEs outnumber the cores they run on (the runtime sets it where
    /// a process' own PEs do; a transport that knows the machine, where
    /// all its processes' PEs do): an element's busy wait
    /// ([`Ctx::relax`](crate::Ctx::relax)) then yields the core.
    pub shares_cores: bool,
}

impl Default for IdlePolicy {
    fn default() -> Self {
        IdlePolicy {
            spin: Duration::from_micros(50),
            yield_after: 64,
            long_poll: true,
            shares_cores: false,
        }
    }
}

/// How long before a precise deadline a parked owner wakes up to spin until it.
const DEADLINE_SPIN: Duration = Duration::from_micros(150);

/// A multi-producer, single-consumer message queue with a wake-up protocol.
pub struct Mailbox {
    queue: SegQueue<Envelope>,
    /// Set by [`Mailbox::nudge`]: the owner should look at its transport.
    nudged: AtomicBool,
    sleeping: AtomicBool,
    owner: OnceLock<Thread>,
}

impl Default for Mailbox {
    fn default() -> Self {
        Mailbox {
            queue: SegQueue::new(),
            nudged: AtomicBool::new(false),
            sleeping: AtomicBool::new(false),
            owner: OnceLock::new(),
        }
    }
}

impl Mailbox {
    /// Registers the calling thread as the mailbox's only consumer.
    pub fn bind_owner(&self) {
        // A mailbox is bound once, by the PE thread that owns it.
        let _ = self.owner.set(std::thread::current());
    }

    /// Adds a message and wakes the owner if it is parked. Messages pushed by
    /// one thread are popped in the order pushed.
    pub fn push(&self, env: Envelope) {
        self.queue.push(env);
        self.wake_owner();
    }

    /// Wakes the owner if it waits, without a message: a transport that
    /// holds messages back (e.g. delays them) calls this when it takes one
    /// for this PE, so that a waiting owner looks again at when it is due.
    /// The same protocol as a push: the owner cannot miss it.
    pub fn nudge(&self) {
        self.nudged.store(true, Ordering::Relaxed);
        self.wake_owner();
    }

    fn wake_owner(&self) {
        // Pairs with the fence in `wait`: either the owner sees the message
        // (or nudge) before parking, or we see `sleeping` and unpark it.
        fence(Ordering::SeqCst);
        if self.sleeping.load(Ordering::Relaxed)
            && self.sleeping.swap(false, Ordering::AcqRel)
            && let Some(t) = self.owner.get()
        {
            t.unpark();
        }
    }

    /// Takes the oldest message, if any.
    #[inline]
    pub fn pop(&self) -> Option<Envelope> {
        self.queue.pop()
    }

    /// Whether no message is waiting.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Whether a message waits or the mailbox was nudged (the nudge is
    /// consumed).
    #[inline]
    fn has_news(&self) -> bool {
        !self.queue.is_empty()
            || (self.nudged.load(Ordering::Relaxed) && self.nudged.swap(false, Ordering::Relaxed))
    }

    /// Called by the owner when it has nothing to do: returns when a message
    /// may be available, the mailbox was nudged, or `deadline` passed. Spins for `policy.spin`, then
    /// parks; returns how long it was parked (off the CPU).
    pub fn wait(&self, policy: &IdlePolicy, deadline: Option<Instant>) -> Duration {
        self.wait_for(policy, deadline, false)
    }

    /// [`Mailbox::wait`] for a deadline that must be met closely (a timer:
    /// the grid delay layer's next release): the owner wakes from parking a
    /// little early and spins until the deadline, since a timed park
    /// oversleeps by tens of microseconds.
    pub fn wait_precisely(&self, policy: &IdlePolicy, deadline: Instant) -> Duration {
        self.wait_for(policy, Some(deadline), true)
    }

    fn wait_for(&self, policy: &IdlePolicy, deadline: Option<Instant>, precise: bool) -> Duration {
        let spin_until = Instant::now() + policy.spin;
        let mut polls = 0u32;
        loop {
            if self.has_news() {
                return Duration::ZERO;
            }
            polls = polls.wrapping_add(1);
            if polls.is_multiple_of(16) {
                let now = Instant::now();
                if now >= spin_until || deadline.is_some_and(|d| now >= d) {
                    break;
                }
            }
            if polls > policy.yield_after {
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        // How long to park: until the deadline (a precise one: until a
        // little before it), or until woken.
        let timeout = deadline.map(|d| {
            let wake = if precise {
                DEADLINE_SPIN
            } else {
                Duration::ZERO
            };
            d.saturating_duration_since(Instant::now() + wake)
        });
        let parked = match timeout {
            // Too close to park for: a timed park sleeps at least the
            // kernel's timer slack (50 µs by default), even for no time.
            Some(Duration::ZERO) => Duration::ZERO,
            timeout => {
                self.sleeping.store(true, Ordering::SeqCst);
                fence(Ordering::SeqCst);
                if self.has_news() {
                    self.sleeping.store(false, Ordering::Relaxed);
                    return Duration::ZERO;
                }
                let parked = Instant::now();
                match timeout {
                    None => std::thread::park(),
                    Some(t) => std::thread::park_timeout(t),
                }
                // Woken by a sender (which cleared the flag), by the deadline or spuriously.
                self.sleeping.store(false, Ordering::Relaxed);
                parked.elapsed()
            }
        };
        match deadline {
            // Spin to the deadline unless news came (a nudge is consumed).
            Some(d) if precise => {
                while !self.has_news() && Instant::now() < d {
                    std::thread::yield_now();
                }
            }
            // The owner looks at its queue and transport after this
            // returns: a nudge given before now is answered by that look.
            _ => self.nudged.store(false, Ordering::Relaxed),
        }
        parked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::{Body, Envelope};
    use std::sync::Arc;

    fn env(n: u64) -> Envelope {
        Envelope {
            prio: 0,
            src: n as u32,
            body: Body::QdProbe { wave: n },
        }
    }

    /// Many producers push while the consumer keeps parking: every message is
    /// received, in per-producer order, and the consumer never sleeps through one.
    #[test]
    fn no_lost_wakeups_and_per_sender_fifo() {
        use rand::{Rng, SeedableRng};
        let mb = Arc::new(Mailbox::default());
        let producers = 3u64;
        let per = 20_000u64;
        let consumer = {
            let mb = mb.clone();
            std::thread::spawn(move || {
                mb.bind_owner();
                let policy = IdlePolicy {
                    spin: Duration::ZERO,
                    yield_after: 0,
                    ..IdlePolicy::default()
                };
                let mut next = vec![0u64; producers as usize];
                let mut got = 0;
                while got < producers * per {
                    match mb.pop() {
                        Some(Envelope {
                            src,
                            body: Body::QdProbe { wave },
                            ..
                        }) => {
                            assert_eq!(wave, next[src as usize], "per-sender FIFO");
                            next[src as usize] += 1;
                            got += 1;
                        }
                        Some(_) => unreachable!(),
                        None => {
                            mb.wait(&policy, None);
                        }
                    }
                }
            })
        };
        let handles: Vec<_> = (0..producers)
            .map(|p| {
                let mb = mb.clone();
                std::thread::spawn(move || {
                    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(p);
                    for i in 0..per {
                        let mut e = env(i);
                        e.src = p as u32;
                        mb.push(e);
                        if rng.random_ratio(1, 500) {
                            std::thread::sleep(Duration::from_micros(rng.random_range(1..200)));
                        }
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        consumer.join().unwrap();
    }

    #[test]
    fn wait_returns_at_deadline() {
        let mb = Mailbox::default();
        mb.bind_owner();
        let t = Instant::now();
        mb.wait(
            &IdlePolicy::default(),
            Some(Instant::now() + Duration::from_millis(20)),
        );
        assert!(t.elapsed() >= Duration::from_millis(19));
    }

    #[test]
    fn a_precise_wait_ends_at_its_deadline_not_before() {
        let mb = Mailbox::default();
        mb.bind_owner();
        let t = Instant::now();
        let deadline = t + Duration::from_millis(5);
        mb.wait_precisely(&IdlePolicy::default(), deadline);
        assert!(Instant::now() >= deadline);
    }

    #[test]
    fn a_deadline_too_close_to_park_for_is_spun_to_not_slept_past() {
        // A timed park sleeps at least the kernel's timer slack even for
        // no time: a deadline within the wake-up margin is spun to.
        let mb = Mailbox::default();
        mb.bind_owner();
        let no_spin = IdlePolicy {
            spin: Duration::ZERO,
            ..IdlePolicy::default()
        };
        for ahead in [Duration::ZERO, Duration::from_micros(20), DEADLINE_SPIN / 2] {
            let deadline = Instant::now() + ahead;
            let parked = mb.wait_precisely(&no_spin, deadline);
            assert_eq!(
                parked,
                Duration::ZERO,
                "parked {ahead:?} before its deadline"
            );
            assert!(Instant::now() >= deadline);
            // A past deadline of an ordinary wait does not park either.
            assert_eq!(mb.wait(&no_spin, Some(deadline)), Duration::ZERO);
        }
    }

    #[test]
    fn a_nudge_wakes_a_waiting_owner_once() {
        let mb = Arc::new(Mailbox::default());
        let waiter = {
            let mb = mb.clone();
            std::thread::spawn(move || {
                mb.bind_owner();
                mb.wait(&IdlePolicy::default(), None);
                let woke = Instant::now();
                // The nudge was consumed: the next wait lasts to its deadline.
                let t = Instant::now();
                mb.wait(&IdlePolicy::default(), Some(t + Duration::from_millis(10)));
                (woke, t.elapsed())
            })
        };
        std::thread::sleep(Duration::from_millis(20));
        // (On a loaded machine the waiter may only start waiting after
        // this: the nudge is then news at once, and still after `at`.)
        let at = Instant::now();
        mb.nudge();
        let (woke, second) = waiter.join().unwrap();
        assert!(woke >= at, "parked until nudged");
        assert!(second >= Duration::from_millis(9));
        assert!(mb.is_empty());
    }
}
