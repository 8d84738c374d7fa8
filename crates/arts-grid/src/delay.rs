//! The delay layer (the thesis' VMI delay device, section 2.4): a
//! [`Transport`] wrapper that holds every message between PEs of different
//! clusters until its send time plus the one-way latency of the cluster
//! pair (plus jitter), in a time-ordered queue per destination PE. The
//! destination PE releases what is due whenever it polls its transport —
//! every loop turn while busy, and when its idle wait ends, which
//! [`Transport::next_release`] sets to the next release time: no PE ever
//! sleeps on a delayed message, and other messages keep flowing meanwhile.
//!
//! Messages between PEs of one process are stamped when sent. Messages
//! from another process are stamped when the destination's process
//! receives them (their real transport latency comes on top, as it would
//! on a real grid). Per-pair FIFO order is kept: a message is never
//! released before an earlier one of the same pair, jitter or not.
//! The protocol is described in the crate's `README.md`.

use std::collections::{BinaryHeap, HashMap};
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arts_core::transport::{
    Arrival, BulkBuffers, Envelope, Mailbox, Progress, Transport, frame_source,
};
use arts_core::{DriverMsg, PeId, PeReport};
use parking_lot::Mutex;

use crate::Topology;

/// Items ordered by release time, FIFO among equal times.
pub struct DelayQueue<T> {
    heap: BinaryHeap<Timed<T>>,
    seq: u64,
}

struct Timed<T> {
    release_ns: u64,
    seq: u64,
    item: T,
}

impl<T> PartialEq for Timed<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.release_ns, self.seq) == (other.release_ns, other.seq)
    }
}
impl<T> Eq for Timed<T> {}
impl<T> PartialOrd for Timed<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Timed<T> {
    // A max-heap: reversed so that the earliest (release, seq) is on top.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (other.release_ns, other.seq).cmp(&(self.release_ns, self.seq))
    }
}

impl<T> Default for DelayQueue<T> {
    fn default() -> Self {
        DelayQueue {
            heap: BinaryHeap::new(),
            seq: 0,
        }
    }
}

impl<T> DelayQueue<T> {
    /// Holds `item` until `release_ns`.
    pub fn push(&mut self, release_ns: u64, item: T) {
        self.seq += 1;
        let seq = self.seq;
        self.heap.push(Timed {
            release_ns,
            seq,
            item,
        });
    }

    /// The earliest release time, if anything is held.
    pub fn next_release(&self) -> Option<u64> {
        self.heap.peek().map(|h| h.release_ns)
    }

    /// The earliest held item if it is due at `now_ns`.
    pub fn pop_due(&mut self, now_ns: u64) -> Option<T> {
        if self.next_release()? <= now_ns {
            self.heap.pop().map(|h| h.item)
        } else {
            None
        }
    }

    /// Number of held items.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

/// A held message: an envelope for a PE of this process (released by
/// sending it on through the inner transport), or a frame that arrived
/// from another process (released by handing it to the PE).
enum Held {
    Local(Envelope),
    Frame(Vec<u8>, BulkBuffers),
}

/// What is held for one destination PE.
struct Slot<T> {
    state: Mutex<SlotState<T>>,
    /// Release time of the earliest held item, `u64::MAX` if none: read
    /// without the lock on every poll.
    next_ns: AtomicU64,
}

struct SlotState<T> {
    queue: DelayQueue<T>,
    /// The last release time given to an item from each source PE (per-pair FIFO).
    last_from: HashMap<PeId, u64>,
}

/// The timing core of the delay layer, independent of what is held and of
/// the clock (times are ns given by the caller): the latency between PEs,
/// jitter, per-pair FIFO release times, and one time-ordered queue per
/// destination PE.
pub struct Holding<T> {
    cluster_of: Vec<u32>,
    clusters: usize,
    one_way_ns: Vec<u64>,
    jitter_ns: u64,
    jitter_seq: AtomicU64,
    /// The first destination PE (slots are indexed from it).
    first: PeId,
    slots: Box<[Slot<T>]>,
    held_total: AtomicU64,
}

impl<T> Holding<T> {
    /// Holding for destination PEs `local` under `topology`'s latencies.
    pub fn new(topology: &Topology, local: Range<PeId>) -> Self {
        let k = topology.clusters.len();
        let one_way_ns = (0..k * k)
            .map(|i| topology.latency((i / k) as u32, (i % k) as u32).as_nanos() as u64)
            .collect();
        let slots = local
            .clone()
            .map(|_| Slot {
                state: Mutex::new(SlotState {
                    queue: DelayQueue::default(),
                    last_from: HashMap::new(),
                }),
                next_ns: AtomicU64::new(u64::MAX),
            })
            .collect();
        Holding {
            cluster_of: topology.cluster_of_pes(),
            clusters: k,
            one_way_ns,
            jitter_ns: topology.jitter().as_nanos() as u64,
            jitter_seq: AtomicU64::new(0),
            first: local.start,
            slots,
            held_total: AtomicU64::new(0),
        }
    }

    /// One-way latency from PE `src` to PE `dst`, ns; 0 within a cluster.
    #[inline]
    pub fn latency_ns(&self, src: PeId, dst: PeId) -> u64 {
        match (
            self.cluster_of.get(src as usize),
            self.cluster_of.get(dst as usize),
        ) {
            (Some(&a), Some(&b)) if a != b => {
                self.one_way_ns[a as usize * self.clusters + b as usize]
            }
            _ => 0,
        }
    }

    /// Whether any cluster pair has a latency.
    pub fn any_latency(&self) -> bool {
        self.one_way_ns.iter().any(|&l| l > 0)
    }

    /// How many items were held so far.
    pub fn held_total(&self) -> u64 {
        self.held_total.load(Ordering::Relaxed)
    }

    fn slot(&self, pe: PeId) -> &Slot<T> {
        &self.slots[(pe - self.first) as usize]
    }

    /// A uniform draw in `0..=jitter` (splitmix64 of a counter: cheap, and
    /// no shared generator state to lock).
    fn jitter(&self) -> u64 {
        if self.jitter_ns == 0 {
            return 0;
        }
        let n = self.jitter_seq.fetch_add(1, Ordering::Relaxed);
        let mut z = n.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        z % (self.jitter_ns + 1)
    }

    /// Holds `item` from `src` for destination `dst`, stamped `stamp_ns`:
    /// released at `stamp + latency(src, dst) + jitter`, never before an
    /// earlier item of the same pair. Returns the release time.
    pub fn hold(&self, src: PeId, dst: PeId, stamp_ns: u64, item: T) -> u64 {
        let slot = self.slot(dst);
        let mut state = slot.state.lock();
        let wanted = stamp_ns + self.latency_ns(src, dst) + self.jitter();
        let last = state.last_from.entry(src).or_insert(0);
        let release = wanted.max(*last);
        *last = release;
        state.queue.push(release, item);
        let next = state.queue.next_release().unwrap_or(u64::MAX);
        slot.next_ns.store(next, Ordering::Release);
        self.held_total.fetch_add(1, Ordering::Relaxed);
        release
    }

    /// When the next item for `dst` is due, ns (`None`: nothing held).
    #[inline]
    pub fn next_release(&self, dst: PeId) -> Option<u64> {
        let next = self.slot(dst).next_ns.load(Ordering::Acquire);
        (next != u64::MAX).then_some(next)
    }

    /// Hands the items for `dst` due at `now_ns` to `take`, in release
    /// order, until `take` returns `false` (the rest stay held).
    #[inline]
    pub fn release(&self, dst: PeId, now_ns: u64, mut take: impl FnMut(T) -> bool) {
        let slot = self.slot(dst);
        let mut state = slot.state.lock();
        while let Some(item) = state.queue.pop_due(now_ns) {
            if !take(item) {
                break;
            }
        }
        let next = state.queue.next_release().unwrap_or(u64::MAX);
        slot.next_ns.store(next, Ordering::Release);
    }
}

/// A transport that adds the latency of a [`Topology`] to every message
/// between clusters, on top of any inner transport (in-process or MPI).
pub struct DelayTransport {
    inner: Arc<dyn Transport>,
    holding: Holding<Held>,
    /// A cheap clock (TSC) for the checks on every poll, its reading at
    /// the start, and the same moment as an `Instant` for idle PEs' waits.
    clock: quanta::Clock,
    epoch_raw: u64,
    epoch: Instant,
    local: Range<PeId>,
}

impl DelayTransport {
    /// Wraps `inner` with the latencies of `topology`.
    pub fn new(inner: Arc<dyn Transport>, topology: &Topology) -> Self {
        let local = inner.local_pes();
        let clock = quanta::Clock::new();
        DelayTransport {
            holding: Holding::new(topology, local.clone()),
            inner,
            epoch_raw: clock.raw(),
            epoch: Instant::now(),
            clock,
            local,
        }
    }

    /// How many messages were held back so far.
    pub fn held_total(&self) -> u64 {
        self.holding.held_total()
    }

    #[inline]
    fn now_ns(&self) -> u64 {
        self.clock.delta_as_nanos(self.epoch_raw, self.clock.raw())
    }

    /// Holds a message for local PE `dst` and nudges it: an idle PE parks
    /// until its next release and must look at this one's.
    fn hold(&self, src: PeId, dst: PeId, msg: Held) {
        self.holding.hold(src, dst, self.now_ns(), msg);
        self.inner.mailbox(dst).nudge();
    }

    /// Releases what is due for local PE `pe`: envelopes go on through the
    /// inner transport (into the PE's mailbox); the first due frame is
    /// handed to `deliver`. Returns whether a frame was delivered.
    #[inline]
    fn release(&self, pe: PeId, deliver: &mut dyn FnMut(Arrival<'_>)) -> bool {
        let Some(next) = self.holding.next_release(pe) else {
            return false;
        };
        let now = self.now_ns();
        if next > now {
            return false;
        }
        let mut frame = None;
        self.holding.release(pe, now, |msg| match msg {
            Held::Local(env) => {
                self.inner.send(pe, env);
                true
            }
            Held::Frame(f, bulk) => {
                frame = Some((f, bulk));
                false
            }
        });
        match frame {
            Some((f, bulk)) => {
                deliver(Arrival {
                    frame: f.into(),
                    bulk,
                });
                true
            }
            None => false,
        }
    }
}

impl Transport for DelayTransport {
    fn num_pes(&self) -> u32 {
        self.inner.num_pes()
    }

    fn local_pes(&self) -> Range<PeId> {
        self.local.clone()
    }

    fn process(&self) -> (u32, u32) {
        self.inner.process()
    }

    fn needs_wire(&self, pe: PeId) -> bool {
        self.inner.needs_wire(pe)
    }

    fn send(&self, to: PeId, env: Envelope) {
        match env.source() {
            Some(src) if self.local.contains(&to) && self.holding.latency_ns(src, to) > 0 => {
                self.hold(src, to, Held::Local(env))
            }
            _ => self.inner.send(to, env),
        }
    }

    fn mailbox(&self, pe: PeId) -> &Mailbox {
        self.inner.mailbox(pe)
    }

    fn to_driver(&self, process: u32, msg: DriverMsg) {
        self.inner.to_driver(process, msg)
    }

    fn driver_barrier(&self) {
        self.inner.driver_barrier()
    }

    fn poll(&self, pe: PeId, deliver: &mut dyn FnMut(Arrival<'_>)) -> Progress {
        if self.release(pe, deliver) {
            return Progress::Arrived;
        }
        if self.inner.poll_every() == 0 {
            return Progress::Idle;
        }
        let mut held = false;
        let progress = self
            .inner
            .poll(pe, &mut |a: Arrival<'_>| match frame_source(&a.frame) {
                Some(src) if self.holding.latency_ns(src, pe) > 0 => {
                    held = true;
                    self.hold(src, pe, Held::Frame(a.frame.into_owned(), a.bulk));
                }
                _ => deliver(a),
            });
        match progress {
            // Nothing was delivered: keep polling, the inner may have more.
            Progress::Arrived if held => Progress::Sending,
            p => p,
        }
    }

    fn poll_interval(&self) -> Option<Duration> {
        self.inner.poll_interval()
    }

    fn poll_every(&self) -> u32 {
        if self.holding.any_latency() {
            1
        } else {
            self.inner.poll_every()
        }
    }

    fn next_release(&self, pe: PeId) -> Option<Instant> {
        let own = self
            .holding
            .next_release(pe)
            .map(|ns| self.epoch + Duration::from_nanos(ns));
        match (own, self.inner.next_release(pe)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn retire(&self, pe: PeId) {
        self.inner.retire(pe)
    }

    fn gather_reports(&self, local: Vec<PeReport>) -> Vec<PeReport> {
        self.inner.gather_reports(local)
    }

    fn to_all_drivers(&self, msg: DriverMsg) {
        self.inner.to_all_drivers(msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = 1_000_000;

    fn two_clusters(latency_ms: f64, jitter_ms: f64) -> Topology {
        let mut t = Topology::uniform(4, 2, Duration::from_secs_f64(latency_ms * 1e-3)).unwrap();
        t.jitter_ms = jitter_ms;
        t
    }

    fn due(h: &Holding<u32>, dst: PeId, now: u64) -> Vec<u32> {
        let mut out = Vec::new();
        h.release(dst, now, |x| {
            out.push(x);
            true
        });
        out
    }

    #[test]
    fn release_times_are_honoured() {
        let h = Holding::new(&two_clusters(8.0, 0.0), 0..4);
        assert_eq!(h.latency_ns(0, 1), 0, "same cluster");
        assert_eq!(h.latency_ns(0, 2), 8 * MS);
        assert_eq!(h.hold(0, 2, MS, 7), 9 * MS);
        assert_eq!(h.next_release(2), Some(9 * MS));
        assert_eq!(h.next_release(3), None);
        assert!(due(&h, 2, 9 * MS - 1).is_empty(), "not before its time");
        assert_eq!(due(&h, 2, 9 * MS), vec![7]);
        assert_eq!(h.next_release(2), None);
    }

    #[test]
    fn per_pair_fifo_holds_under_jitter() {
        let h = Holding::new(&two_clusters(1.0, 5.0), 0..4);
        let mut releases = Vec::new();
        for n in 0..200u32 {
            releases.push(h.hold(0, 3, n as u64 * 1000, n));
        }
        assert!(releases.windows(2).all(|w| w[0] <= w[1]));
        assert!(releases.iter().zip(0..).all(|(&r, n)| r >= n * 1000 + MS));
        let jittered = releases
            .iter()
            .zip(0..)
            .filter(|(r, n)| **r > n * 1000 + MS);
        assert!(jittered.count() > 100, "jitter is drawn");
        let out = due(&h, 3, u64::MAX - 1);
        assert_eq!(out, (0..200).collect::<Vec<_>>());
    }

    #[test]
    fn pairs_are_independent_and_partial_release_keeps_the_rest() {
        let h = Holding::new(&two_clusters(2.0, 0.0), 0..4);
        h.hold(0, 2, 5 * MS, 1); // due at 7 ms
        h.hold(1, 2, 0, 2); // due at 2 ms: another source, earlier
        h.hold(3, 2, 0, 3); // same cluster as 2: no latency, due at once
        assert_eq!(due(&h, 2, 0), vec![3]);
        assert_eq!(due(&h, 2, 2 * MS), vec![2]);
        let mut first = Vec::new();
        h.hold(0, 2, 6 * MS, 4); // due at 8 ms
        h.release(2, 10 * MS, |x| {
            first.push(x);
            false
        });
        assert_eq!(first, vec![1], "stopping leaves the rest held");
        assert_eq!(h.next_release(2), Some(8 * MS));
        assert_eq!(due(&h, 2, 10 * MS), vec![4]);
        assert_eq!(h.held_total(), 4);
    }
}
