//! The delay layer (the thesis' VMI delay device, section 2.4): a
//! [`Transport`] wrapper that holds every message between PEs of different
//! clusters until its send time plus the one-way latency of the cluster
//! pair (plus jitter), in a time-ordered queue per destination PE. The
//! destination PE releases what is due whenever it polls its transport —
//! every loop turn while busy, and when its idle wait ends, which
//! [`Transport::next_release`] sets to the next release time: no PE ever
//! sleeps on a delayed message, and other messages keep flowing meanwhile.
//!
//! Beyond its latency, the link of a cluster pair may have a bandwidth and
//! a per-message overhead: one link per directed cluster pair, store and
//! forward. A message occupies its link for `overhead + bytes ÷ bandwidth`
//! after every message put on it before (so large messages queue behind
//! each other) and is released `latency` after its last byte is on it:
//! at `max(stamp, link free) + occupancy + latency` (plus jitter). To count
//! bytes the layer holds such messages serialized, as frames.
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
use crate::topology::LinkCost;

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

/// One directed cluster pair's wide-area link: what it costs a message
/// and when it is free again (see the crate's `README.md`).
struct Link {
    cost: LinkCost,
    /// When the last byte of the latest message is on the link, ns.
    free_ns: Mutex<u64>,
}

impl Link {
    /// Puts a message of `bytes` on the link at `stamp_ns`, after every
    /// message put on it before: returns when its last byte is on it.
    fn transmit(&self, stamp_ns: u64, bytes: u64) -> u64 {
        let occupancy = self.cost.occupancy_ns(bytes);
        let mut free = self.free_ns.lock();
        *free = stamp_ns.max(*free) + occupancy;
        *free
    }
}

/// The timing core of the delay layer, independent of what is held and of
/// the clock (times are ns given by the caller): the latency between PEs,
/// the link of each cluster pair (bandwidth and per-message overhead),
/// jitter, per-pair FIFO release times, and one time-ordered queue per
/// destination PE.
pub struct Holding<T> {
    cluster_of: Vec<u32>,
    clusters: usize,
    one_way_ns: Vec<u64>,
    /// The link of each directed cluster pair (`a * clusters + b`).
    links: Box<[Link]>,
    /// Whether any link costs anything (else links are never looked at).
    any_link: bool,
    /// Per PE: whether a link into its cluster has a bandwidth, so that
    /// messages for it must come serialized (their bytes are counted).
    bytes_into: Box<[bool]>,
    jitter_ns: u64,
    jitter_seq: AtomicU64,
    /// The first destination PE (slots are indexed from it).
    first: PeId,
    slots: Box<[Slot<T>]>,
    held_total: AtomicU64,
}

impl<T> Holding<T> {
    /// Holding for destination PEs `local` under `topology`'s latencies
    /// and links.
    pub fn new(topology: &Topology, local: Range<PeId>) -> Self {
        let k = topology.clusters.len();
        let pair = |i: usize| ((i / k) as u32, (i % k) as u32);
        let one_way_ns = (0..k * k)
            .map(|i| {
                let (a, b) = pair(i);
                topology.latency(a, b).as_nanos() as u64
            })
            .collect();
        let links: Box<[Link]> = (0..k * k)
            .map(|i| {
                let (a, b) = pair(i);
                Link {
                    cost: topology.link(a, b),
                    free_ns: Mutex::new(0),
                }
            })
            .collect();
        let cluster_of = topology.cluster_of_pes();
        let counted: Vec<bool> = (0..k)
            .map(|b| (0..k).any(|a| links[a * k + b].cost.bits_per_s.is_some()))
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
            bytes_into: cluster_of.iter().map(|&c| counted[c as usize]).collect(),
            any_link: links.iter().any(|l| l.cost.costs()),
            cluster_of,
            clusters: k,
            one_way_ns,
            links,
            jitter_ns: topology.jitter().as_nanos() as u64,
            jitter_seq: AtomicU64::new(0),
            first: local.start,
            slots,
            held_total: AtomicU64::new(0),
        }
    }

    /// The index of the cluster pair of PEs `src` and `dst` if they are in
    /// different clusters.
    #[inline]
    fn pair(&self, src: PeId, dst: PeId) -> Option<usize> {
        match (
            self.cluster_of.get(src as usize),
            self.cluster_of.get(dst as usize),
        ) {
            (Some(&a), Some(&b)) if a != b => Some(a as usize * self.clusters + b as usize),
            _ => None,
        }
    }

    /// One-way latency from PE `src` to PE `dst`, ns; 0 within a cluster.
    #[inline]
    pub fn latency_ns(&self, src: PeId, dst: PeId) -> u64 {
        self.pair(src, dst).map_or(0, |p| self.one_way_ns[p])
    }

    /// Whether messages from PE `src` to PE `dst` are held: they are in
    /// different clusters, and their link has a latency, a bandwidth or an
    /// overhead.
    #[inline]
    pub fn delays(&self, src: PeId, dst: PeId) -> bool {
        self.pair(src, dst).is_some_and(|p| {
            self.one_way_ns[p] > 0 || (self.any_link && self.links[p].cost.costs())
        })
    }

    /// Whether the bytes of messages from `src` to `dst` cost time (their
    /// link has a bandwidth): they must be held serialized.
    #[inline]
    pub fn counts_bytes(&self, src: PeId, dst: PeId) -> bool {
        self.any_link
            && self
                .pair(src, dst)
                .is_some_and(|p| self.links[p].cost.bits_per_s.is_some())
    }

    /// Whether some link into the cluster of PE `dst` has a bandwidth:
    /// messages for `dst` must be serialized when sent, so that the layer
    /// can count their bytes.
    #[inline]
    pub fn bytes_into(&self, dst: PeId) -> bool {
        self.any_link && self.bytes_into.get(dst as usize).copied().unwrap_or(false)
    }

    /// Whether any cluster pair has a latency, a bandwidth or an overhead.
    pub fn any_delay(&self) -> bool {
        self.any_link || self.one_way_ns.iter().any(|&l| l > 0)
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

    /// Holds `item` of `bytes` from `src` for destination `dst`, stamped
    /// `stamp_ns`: put on the link of their cluster pair after every
    /// message put on it before (`max(stamp, link free)`), occupying it for
    /// `overhead + bytes ÷ bandwidth`, then released `latency(src, dst) +
    /// jitter` later; never before an earlier item of the same pair of
    /// PEs. Without a bandwidth or an overhead the link adds nothing (and
    /// is not looked at). Returns the release time.
    pub fn hold(&self, src: PeId, dst: PeId, stamp_ns: u64, bytes: u64, item: T) -> u64 {
        let pair = self.pair(src, dst);
        let sent = match pair {
            Some(p) if self.any_link && self.links[p].cost.costs() => {
                self.links[p].transmit(stamp_ns, bytes)
            }
            _ => stamp_ns,
        };
        let latency = pair.map_or(0, |p| self.one_way_ns[p]);
        let slot = self.slot(dst);
        let mut state = slot.state.lock();
        let wanted = sent + latency + self.jitter();
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

/// The bytes a message occupies a link with: its frame and the bulk
/// buffers beside it.
fn frame_bytes(frame: &[u8], bulk: &BulkBuffers) -> u64 {
    (frame.len() + bulk.iter().map(|b| b.len()).sum::<usize>()) as u64
}

thread_local! {
    /// The PE whose thread this is, once it polled the transport (only a
    /// PE's own thread polls it): the PE a message it sends leaves from.
    static POLLING_PE: std::cell::Cell<Option<PeId>> = const { std::cell::Cell::new(None) };
}

/// The PE a message from this thread leaves from: the PE that runs the
/// thread, which is the envelope's source except for an element message
/// it forwards (whose source stays its original sender, to be told where
/// the element is); `src` on a thread that is no PE's.
fn leaving_from(src: PeId) -> PeId {
    POLLING_PE.with(std::cell::Cell::get).unwrap_or(src)
}

/// A transport that adds the latency of a [`Topology`] to every message
/// between clusters, on top of any inner transport (in-process or MPI).
/// A message pays the link between the PE that sends it and its
/// destination: a forwarded element message pays each hop's.
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

    /// Holds a message of `bytes` for local PE `dst` and nudges it: an
    /// idle PE parks until its next release and must look at this one's.
    fn hold(&self, src: PeId, dst: PeId, bytes: u64, msg: Held) {
        self.holding.hold(src, dst, self.now_ns(), bytes, msg);
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
        // The sender is not known here: every message for a PE that a link
        // with a bandwidth leads to comes serialized (within its cluster too).
        self.holding.bytes_into(pe) || self.inner.needs_wire(pe)
    }

    fn send(&self, to: PeId, env: Envelope) {
        match env.source().map(leaving_from) {
            Some(src) if self.local.contains(&to) && self.holding.delays(src, to) => {
                if self.holding.counts_bytes(src, to) {
                    let (frame, bulk) = env
                        .into_frame()
                        .expect("the runtime serializes payloads for PEs that need_wire");
                    let bytes = frame_bytes(&frame, &bulk);
                    self.hold(src, to, bytes, Held::Frame(frame, bulk))
                } else {
                    self.hold(src, to, 0, Held::Local(env))
                }
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
        POLLING_PE.with(|p| p.set(Some(pe)));
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
                Some(src) if self.holding.delays(src, pe) => {
                    held = true;
                    let bytes = frame_bytes(&a.frame, &a.bulk);
                    self.hold(src, pe, bytes, Held::Frame(a.frame.into_owned(), a.bulk));
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
        if self.holding.any_delay() {
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
        assert_eq!(h.hold(0, 2, MS, 1 << 20, 7), 9 * MS, "bytes cost nothing");
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
            releases.push(h.hold(0, 3, n as u64 * 1000, 0, n));
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
        h.hold(0, 2, 5 * MS, 0, 1); // due at 7 ms
        h.hold(1, 2, 0, 0, 2); // due at 2 ms: another source, earlier
        h.hold(3, 2, 0, 0, 3); // same cluster as 2: no latency, due at once
        assert_eq!(due(&h, 2, 0), vec![3]);
        assert_eq!(due(&h, 2, 2 * MS), vec![2]);
        let mut first = Vec::new();
        h.hold(0, 2, 6 * MS, 0, 4); // due at 8 ms
        h.release(2, 10 * MS, |x| {
            first.push(x);
            false
        });
        assert_eq!(first, vec![1], "stopping leaves the rest held");
        assert_eq!(h.next_release(2), Some(8 * MS));
        assert_eq!(due(&h, 2, 10 * MS), vec![4]);
        assert_eq!(h.held_total(), 4);
    }

    /// Two clusters {0,1} and {2,3}, 8 ms apart, links of 1 Gbit/s and
    /// `overhead_us` per message.
    fn linked(overhead_us: u64) -> Holding<u32> {
        let t = two_clusters(8.0, 0.0).with_links(
            Some(1e9),
            (overhead_us > 0).then(|| Duration::from_micros(overhead_us)),
        );
        Holding::new(&t, 0..4)
    }

    /// 1 MiB at 1 Gbit/s, ns.
    const MIB_NS: u64 = 8_388_608;

    #[test]
    fn a_message_occupies_its_link_then_travels_the_latency() {
        let h = linked(0);
        assert!(h.any_delay() && h.delays(0, 2) && h.counts_bytes(0, 2));
        assert!(!h.delays(0, 1) && !h.counts_bytes(0, 1), "same cluster");
        assert!(h.bytes_into(1), "a PE a link with a bandwidth leads to");
        // 1 MiB sent at 1 ms: on the link until 1 + 8.39 ms, then 8 ms on the way.
        assert_eq!(h.hold(0, 2, MS, 1 << 20, 1), MS + MIB_NS + 8 * MS);
        // Within a cluster nothing is added, whatever the size.
        assert_eq!(h.hold(3, 2, MS, 1 << 20, 2), MS);
    }

    #[test]
    fn large_messages_queue_behind_each_other_on_their_link() {
        let h = linked(0);
        // Two sent together: the second leaves the link 8.39 ms after the first.
        let first = h.hold(0, 2, 0, 1 << 20, 1);
        let second = h.hold(0, 2, 0, 1 << 20, 2);
        assert_eq!(second - first, MIB_NS);
        // Another pair of PEs of the same clusters shares the link ...
        let third = h.hold(1, 3, MS, 1 << 20, 3);
        assert_eq!(third, 3 * MIB_NS + 8 * MS);
        // ... the other direction does not.
        assert_eq!(h.hold(2, 0, MS, 1 << 20, 4), MS + MIB_NS + 8 * MS);
        // A message sent after the link went idle waits for nothing.
        let late = 100 * MS;
        assert_eq!(h.hold(0, 2, late, 125, 5), late + 1000 + 8 * MS);
        assert_eq!(due(&h, 2, second), vec![1, 2]);
        assert_eq!(due(&h, 3, third), vec![3]);
    }

    #[test]
    fn every_message_pays_the_overhead_in_order() {
        let h = linked(50);
        let us = 1000;
        // Ten small ones at once: 50 us plus 1 us (125 bytes) each, one after another.
        let releases: Vec<u64> = (0..10).map(|n| h.hold(0, 2, 0, 125, n)).collect();
        let expected: Vec<u64> = (1..=10).map(|n| n * 51 * us + 8 * MS).collect();
        assert_eq!(releases, expected);
        // Overhead without a bandwidth: bytes cost nothing, messages stay envelopes.
        let t = two_clusters(0.0, 0.0).with_links(None, Some(Duration::from_micros(50)));
        let h = Holding::<u32>::new(&t, 0..4);
        assert!(h.delays(0, 2) && !h.counts_bytes(0, 2) && !h.bytes_into(2));
        assert_eq!(h.hold(0, 2, 0, 1 << 30, 1), 50 * us);
        assert_eq!(h.hold(0, 2, 0, 1 << 30, 2), 100 * us);
    }

    #[test]
    fn per_pair_fifo_holds_on_a_link_under_jitter() {
        let t = two_clusters(1.0, 3.0).with_links(Some(1e9), None);
        let h = Holding::new(&t, 0..4);
        let releases: Vec<u64> = (0..100u32).map(|n| h.hold(0, 2, 0, 12_500, n)).collect();
        assert!(releases.windows(2).all(|w| w[0] <= w[1]), "{releases:?}");
        // The n-th leaves the link after n + 1 transfers of 100 us.
        let floor = |n: u64| (n + 1) * 100_000 + MS;
        assert!(releases.iter().zip(0..).all(|(&r, n)| r >= floor(n)));
        assert_eq!(due(&h, 2, u64::MAX - 1), (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn without_links_nothing_changes() {
        let h: Holding<u32> = Holding::new(&two_clusters(0.0, 0.0), 0..4);
        assert!(!h.any_delay() && !h.delays(0, 2) && !h.bytes_into(2));
        let h: Holding<u32> = Holding::new(&two_clusters(2.0, 0.0), 0..4);
        assert!(h.delays(0, 2) && !h.counts_bytes(0, 2) && !h.bytes_into(2));
        assert_eq!(h.hold(0, 2, 0, u64::MAX / 2, 1), 2 * MS);
    }
}
