//! Events and the pending-event set.
//!
//! The pending set is a calendar queue (Brown, CACM 1988): events of the next
//! `NB` buckets wait unsorted in per-bucket vectors (`ring`), events beyond that
//! horizon in a heap (`far`). When the front runs dry, the next bucket is sorted
//! once into `front` and popped from its end. Events inserted at or below the
//! current bucket (rollbacks, tiny delays) go to a small heap (`near`) that is
//! merged with `front` on pop. The bucket width adapts to the observed event
//! density so a bucket holds a handful of distinct timestamps (events sharing
//! one timestamp, as in synchronous bursts, cannot be split and do not count
//! twice), few events land in the current bucket (`near`) and few beyond the
//! horizon (`far`): push and pop are O(1) amortized. `Queue::Heap` keeps
//! everything in `near`: a plain binary heap, kept for comparison.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::key::{Key, LpId};

/// A scheduled event: its key (time + tie-break), destination LP and payload.
#[derive(Clone, Copy, Debug)]
pub struct Event<M> {
    /// Position in the global event order.
    pub key: Key,
    /// Destination LP.
    pub dst: LpId,
    /// Optimistic engine only: which transmission of this key this copy is.
    /// Re-executing a rolled-back event re-sends the same key, possibly with a
    /// different payload; an anti-message names the exact copy it cancels.
    pub uid: u32,
    /// Model payload.
    pub msg: M,
}

/// Which pending-event set the engines use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Queue {
    /// Adaptive calendar queue in front of a small heap (the default).
    Calendar,
    /// One binary heap over all pending events.
    Heap,
}

impl Queue {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Queue::Calendar => "calendar",
            Queue::Heap => "heap",
        }
    }
}

/// Heap entry ordered so that `BinaryHeap` (a max-heap) pops the smallest key.
#[derive(Clone, Copy)]
struct MinFirst<M>(Event<M>);

impl<M> PartialEq for MinFirst<M> {
    fn eq(&self, other: &Self) -> bool {
        self.0.key == other.0.key
    }
}
impl<M> Eq for MinFirst<M> {}
impl<M> PartialOrd for MinFirst<M> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<M> Ord for MinFirst<M> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.key.cmp(&self.0.key)
    }
}

/// Buckets in the calendar ring at start and at most (powers of two).
const NB_MIN: u64 = 1 << 12;
const NB_MAX: u64 = 1 << 22;
/// Bucket advances (or events moved to the front) between two checks of the
/// bucket width.
const ADAPT_ADVANCES: u64 = 1024;
const ADAPT_MOVED: u64 = 8192;
/// Spare bucket buffers kept for reuse.
const SPARES: usize = 64;
/// The far heap gives back the free part of its buffer only above this
/// many slots (a small heap keeps its capacity for reuse).
const SHRINK_MIN: usize = 4096;

/// What a pending set saw since its last check of the bucket width.
struct Seen {
    /// Distinct timestamps per bucket advanced over.
    per_bucket: f64,
    /// Shares of the events that went to the far heap and to the current
    /// bucket.
    far_share: f64,
    near_share: f64,
    /// The current bucket's events' time spread, in bucket widths.
    near_spread: f64,
    /// Whether narrower buckets keep bucket numbers far below 2^53.
    can_narrow: bool,
}

/// The new bucket width (as a factor of the old) and bucket count, when they
/// change: a bucket should hold a handful of distinct timestamps, few
/// events land in the current bucket and the ring's horizon covers most.
fn retune(s: &Seen, nb: u64) -> Option<(f64, u64)> {
    // At the most buckets a narrower bucket shortens the horizon and sends
    // events to the far heap, which the next check widens again: with more
    // pending events than the ring holds at 12 a bucket (a 30 M-LP PHOLD in
    // one PE) the two alternated, each re-bucketing the whole ring. There,
    // narrow only while the far heap is little used.
    let room = nb < NB_MAX || s.far_share < 0.025;
    if s.can_narrow
        && room
        && ((s.near_share > 0.5 && s.near_spread >= 0.25) || s.per_bucket > 12.0)
    {
        // Most new events fall into the current bucket at different times,
        // or buckets hold many timestamps: narrower buckets.
        Some((0.25, nb))
    } else if s.per_bucket < 1.0 && s.near_share < 0.05 {
        Some((4.0, nb))
    } else if s.far_share > 0.1 {
        match nb < NB_MAX {
            // The horizon is too short for the delays: more buckets.
            true => Some((1.0, nb * 4)),
            false => Some((4.0, nb)),
        }
    } else {
        None
    }
}

/// Pending events of one PE, smallest key first. Storage is reused, so steady
/// state allocates nothing.
pub struct PendingSet<M> {
    /// The current bucket, sorted by descending key (pop from the end).
    front: Vec<Event<M>>,
    near: BinaryHeap<MinFirst<M>>,
    ring: Vec<Vec<Event<M>>>,
    ring_count: usize,
    far: BinaryHeap<MinFirst<M>>,
    /// Current bucket: every event of bucket `<= cur` is in `near`.
    cur: u64,
    /// 1 / bucket width.
    inv_w: f64,
    /// Number of ring buckets (a power of two).
    nb: u64,
    calendar: bool,
    /// Adaptation counters since the last check.
    advances: u64,
    moved: u64,
    /// Distinct timestamps among the events moved to the front.
    distinct: u64,
    far_moved: u64,
    /// Events pushed at or below the current bucket (into `near`), and the
    /// range of their timestamps.
    near_pushed: u64,
    near_tmin: f64,
    near_tmax: f64,
    /// Emptied bucket buffers, handed to buckets that fill up again (so a
    /// burst's capacity is reused instead of staying in every bucket).
    spare: Vec<Vec<Event<M>>>,
}

impl<M: Copy> Default for PendingSet<M> {
    fn default() -> Self {
        Self::new(Queue::Calendar)
    }
}

impl<M: Copy> PendingSet<M> {
    /// An empty set of the given kind.
    pub fn new(kind: Queue) -> Self {
        let calendar = kind == Queue::Calendar;
        PendingSet {
            front: Vec::new(),
            near: BinaryHeap::new(),
            ring: if calendar {
                (0..NB_MIN).map(|_| Vec::new()).collect()
            } else {
                Vec::new()
            },
            ring_count: 0,
            far: BinaryHeap::new(),
            cur: if calendar { 0 } else { u64::MAX },
            inv_w: 1.0,
            nb: NB_MIN,
            calendar,
            advances: 0,
            moved: 0,
            distinct: 0,
            far_moved: 0,
            near_pushed: 0,
            near_tmin: f64::INFINITY,
            near_tmax: 0.0,
            spare: Vec::new(),
        }
    }

    /// Number of pending events.
    #[inline]
    pub fn len(&self) -> usize {
        self.front.len() + self.near.len() + self.ring_count + self.far.len()
    }

    /// True when no event is pending.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    fn bucket(&self, ev: &Event<M>) -> u64 {
        // Monotone in time; saturates for huge or infinite times.
        (ev.key.time() * self.inv_w) as u64
    }

    /// Adds an event.
    #[inline]
    pub fn push(&mut self, ev: Event<M>) {
        let b = self.bucket(&ev);
        if b <= self.cur {
            self.near.push(MinFirst(ev));
            if self.calendar {
                self.near_pushed += 1;
                let t = ev.key.time();
                self.near_tmin = self.near_tmin.min(t);
                self.near_tmax = self.near_tmax.max(t);
                if self.near_pushed >= ADAPT_MOVED {
                    // The near heap may never drain (so `advance` never
                    // runs) when buckets are far too wide: check here.
                    self.adapt();
                }
            }
        } else if b < self.cur.saturating_add(self.nb) {
            self.ring_push(b, ev);
        } else {
            self.far.push(MinFirst(ev));
        }
    }

    /// Appends to ring bucket `b`, giving an empty bucket a spare buffer.
    #[inline]
    fn ring_push(&mut self, b: u64, ev: Event<M>) {
        let slot = &mut self.ring[(b & (self.nb - 1)) as usize];
        if slot.capacity() == 0
            && let Some(buf) = self.spare.pop()
        {
            *slot = buf;
        }
        slot.push(ev);
        self.ring_count += 1;
    }

    /// Brings the next bucket to the front when the front is empty.
    #[inline]
    fn fill(&mut self) {
        if self.front.is_empty() && self.near.is_empty() && self.calendar {
            self.advance();
        }
    }

    #[cold]
    fn advance(&mut self) {
        while self.front.is_empty() && self.near.is_empty() {
            if self.ring_count == 0 {
                let Some(first) = self.far.peek() else { return };
                // Jump over the empty buckets straight to the far minimum.
                self.cur = self.bucket(&first.0);
                self.pull_far();
                continue;
            }
            self.cur += 1;
            self.advances += 1;
            self.pull_far();
            let slot = &mut self.ring[(self.cur & (self.nb - 1)) as usize];
            if !slot.is_empty() {
                self.ring_count -= slot.len();
                self.moved += slot.len() as u64;
                // The front is empty: take the bucket's buffer and keep the
                // front's old one as a spare.
                std::mem::swap(&mut self.front, slot);
                let old = std::mem::take(slot);
                if old.capacity() > 0 && self.spare.len() < SPARES {
                    self.spare.push(old);
                }
                self.front.sort_by_key(|e| std::cmp::Reverse(e.key));
                self.distinct += 1 + self
                    .front
                    .windows(2)
                    .filter(|w| w[0].key.time_bits != w[1].key.time_bits)
                    .count() as u64;
            }
        }
        if self.advances >= ADAPT_ADVANCES
            || self.moved >= ADAPT_MOVED
            || self.far_moved >= ADAPT_MOVED
        {
            self.adapt();
        }
    }

    /// Moves far events whose bucket entered the ring's horizon.
    #[inline]
    fn pull_far(&mut self) {
        let horizon = self.cur.saturating_add(self.nb);
        while let Some(top) = self.far.peek() {
            let b = self.bucket(&top.0);
            if b >= horizon && b > self.cur {
                break;
            }
            let ev = self.far.pop().expect("peeked").0;
            if self.far.capacity() > SHRINK_MIN && self.far.len() < self.far.capacity() / 4 {
                // The far heap's buffer would stay as large as the heap once
                // was while its events fill the ring (after a rescale, all
                // of them): give the free three quarters back but half (in
                // place, no copy; twice the length, so a heap that hovers
                // around one size is not shrunk and regrown, copied, again
                // and again).
                self.far.shrink_to(self.far.len() * 2);
            }
            self.far_moved += 1;
            if b <= self.cur {
                self.near.push(MinFirst(ev));
            } else {
                self.ring_push(b, ev);
            }
        }
    }

    /// Retunes the bucket width and count ([`retune`]).
    #[cold]
    fn adapt(&mut self) {
        let per_bucket = self.distinct as f64 / self.advances.max(1) as f64;
        let all = (self.moved + self.far_moved + self.near_pushed).max(1) as f64;
        let far_share = self.far_moved as f64 / all;
        let near_share = self.near_pushed as f64 / all;
        // Narrower buckets would separate the events landing in the current
        // one only if their timestamps differ (a burst at one time cannot be
        // split), and bucket numbers must stay far below 2^53.
        let near_spread = (self.near_tmax - self.near_tmin) * self.inv_w;
        let can_narrow = (self.near_tmax.max(1.0) * self.inv_w * 4.0) < (1u64 << 50) as f64;
        self.advances = 0;
        self.moved = 0;
        self.distinct = 0;
        self.far_moved = 0;
        self.near_pushed = 0;
        self.near_tmin = f64::INFINITY;
        self.near_tmax = 0.0;
        let seen = Seen {
            per_bucket,
            far_share,
            near_share,
            near_spread,
            can_narrow,
        };
        if let Some((width, buckets)) = retune(&seen, self.nb) {
            self.rescale(self.inv_w / width, buckets);
        }
    }

    /// Re-buckets ring and far events with a new width and bucket count,
    /// without a copy of the pending set: the ring is re-bucketed a bucket
    /// at a time (its events taken out and pushed again; a bucket's buffer
    /// goes back to it when it is still empty afterwards, as the ring kept
    /// its buffers before), so at most one bucket's events are held twice;
    /// the far heap stays as it is (its key order does not depend on the
    /// width) and only the events that entered the new horizon leave it. A
    /// temporary vector of every ring and far event peaked at their whole
    /// size again (the peak of a 65,536-node torus in one process).
    fn rescale(&mut self, inv_w: f64, nb: u64) {
        if !(inv_w.is_finite() && inv_w > 0.0) {
            return;
        }
        let lower_time = self.cur as f64 / self.inv_w;
        let old_cur = self.cur;
        let old_nb = self.nb as usize;
        self.inv_w = inv_w;
        if nb != self.nb {
            self.nb = nb;
            self.ring.resize_with(nb as usize, Vec::new);
        }
        // Every event already at the front must stay at or below the new
        // current bucket, or a later push could land in the ring below it.
        let mut cur = (lower_time * inv_w) as u64;
        for e in self.front.iter().chain(self.near.iter().map(|e| &e.0)) {
            cur = cur.max(self.bucket(e));
        }
        self.cur = if old_cur == u64::MAX { old_cur } else { cur };
        // An event pushed into a bucket not yet re-bucketed is taken out and
        // pushed again with it (it lands where it is): at most twice each.
        for i in 0..old_nb.min(self.ring.len()) {
            if self.ring[i].is_empty() {
                continue;
            }
            let mut events = std::mem::take(&mut self.ring[i]);
            self.ring_count -= events.len();
            for ev in events.drain(..) {
                self.push(ev);
            }
            if events.capacity() > 64 {
                events.shrink_to(16);
            }
            if self.ring[i].capacity() == 0 {
                self.ring[i] = events;
            } else if self.spare.len() < SPARES {
                self.spare.push(events);
            }
        }
        // Far events whose bucket is now within the horizon (or at or
        // below the current bucket) move to the ring (or `near`); that is
        // the new width's doing, not a sign of a short horizon.
        let far_moved = self.far_moved;
        self.pull_far();
        self.far_moved = far_moved;
    }

    /// True when the smallest event is in `near` rather than `front`.
    #[inline]
    fn near_first(&self) -> bool {
        match (self.front.last(), self.near.peek()) {
            (Some(f), Some(n)) => n.0.key < f.key,
            (None, _) => true,
            (Some(_), None) => false,
        }
    }

    /// The event with the smallest key, if any.
    #[inline]
    pub fn peek(&mut self) -> Option<&Event<M>> {
        self.fill();
        if self.near_first() {
            self.near.peek().map(|e| &e.0)
        } else {
            self.front.last()
        }
    }

    /// Smallest pending key, or [`Key::MAX`] when empty.
    #[inline]
    pub fn min_key(&mut self) -> Key {
        self.peek().map_or(Key::MAX, |e| e.key)
    }

    /// Removes and returns the event with the smallest key.
    #[inline]
    pub fn pop(&mut self) -> Option<Event<M>> {
        self.fill();
        if self.near_first() {
            self.near.pop().map(|e| e.0)
        } else {
            self.front.pop()
        }
    }

    /// Moves every event of `events` into the set (leaving it empty, capacity kept).
    pub fn extend_from(&mut self, events: &mut Vec<Event<M>>) {
        for ev in events.drain(..) {
            self.push(ev);
        }
    }

    /// Replaces the smallest event by `ev` (one sift instead of a pop and a push
    /// when `ev` belongs in the front heap). The set must not be empty.
    #[inline]
    pub fn replace_min(&mut self, ev: Event<M>) {
        self.fill();
        if self.near_first() && self.bucket(&ev) <= self.cur {
            let mut top = self.near.peek_mut().expect("replace_min on an empty set");
            *top = MinFirst(ev);
        } else {
            self.pop().expect("replace_min on an empty set");
            self.push(ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_most_buckets_the_width_does_not_swing_between_narrow_and_wide() {
        let seen = |per_bucket, far_share| Seen {
            per_bucket,
            far_share,
            near_share: 0.0,
            near_spread: 0.0,
            can_narrow: true,
        };
        // Below the most buckets: buckets of many timestamps are narrowed
        // whatever the far heap holds; a busy far heap gets more buckets.
        assert_eq!(retune(&seen(20.0, 0.2), NB_MIN), Some((0.25, NB_MIN)));
        assert_eq!(retune(&seen(5.0, 0.2), NB_MIN), Some((1.0, 4 * NB_MIN)));
        // At the most: narrowing would fill the far heap, so a busy far heap
        // widens, a little-used one keeps the width, an idle one narrows.
        assert_eq!(retune(&seen(20.0, 0.2), NB_MAX), Some((4.0, NB_MAX)));
        assert_eq!(retune(&seen(20.0, 0.05), NB_MAX), None);
        assert_eq!(retune(&seen(20.0, 0.01), NB_MAX), Some((0.25, NB_MAX)));
        assert_eq!(retune(&seen(5.0, 0.05), NB_MAX), None);
    }
    use crate::rng::LpRng;

    fn ev(t: f64, seq: u64) -> Event<u64> {
        Event {
            key: Key::new(t, (seq % 5) as u32, seq),
            dst: 0,
            uid: 0,
            msg: seq,
        }
    }

    /// Random pushes (some below the current front, like rollbacks), pops and
    /// replaces, on both kinds, against a reference heap.
    #[test]
    fn matches_a_reference_heap_under_random_operations() {
        for kind in [Queue::Calendar, Queue::Heap] {
            for (seed, scale) in [(1u64, 1.0), (2, 1e-6), (3, 1e6), (4, 0.001)] {
                let mut set = PendingSet::new(kind);
                let mut reference = BinaryHeap::new();
                let mut rng = LpRng::new(seed, 0);
                let mut now = 0.0f64;
                let mut seq = 0u64;
                for step in 0..200_000u64 {
                    let r = rng.unif();
                    if r < 0.45 || reference.is_empty() {
                        // Phases of very different density force width changes.
                        let phase = if (step / 30_000) % 2 == 0 { 1.0 } else { 1e-3 };
                        let t = if rng.unif() < 0.05 {
                            now * rng.unif() // below the front: a "rollback"
                        } else {
                            now + scale
                                * phase
                                * (rng.exponential(1.0) + if step % 1000 == 0 { 1e3 } else { 0.0 })
                        };
                        seq += 1;
                        set.push(ev(t, seq));
                        reference.push(MinFirst(ev(t, seq)));
                    } else if r < 0.6 {
                        seq += 1;
                        let t = now + scale * rng.exponential(2.0);
                        set.replace_min(ev(t, seq));
                        reference.pop();
                        reference.push(MinFirst(ev(t, seq)));
                    } else {
                        let a = set.pop().unwrap();
                        let b = reference.pop().unwrap().0;
                        assert_eq!(a.key, b.key, "kind {kind:?} seed {seed} step {step}");
                        now = a.key.time();
                    }
                    assert_eq!(set.len(), reference.len());
                }
                while let Some(b) = reference.pop() {
                    assert_eq!(set.pop().unwrap().key, b.0.key);
                }
                assert!(set.is_empty() && set.pop().is_none());
            }
        }
    }

    /// Synchronous bursts (thousands of events per timestamp, as in the
    /// torus model): key order holds, the width settles so the ring (not
    /// the heaps) carries the events, and bucket buffers are recycled
    /// instead of each keeping a burst's capacity.
    #[test]
    fn bursts_of_equal_timestamps_stay_ordered_and_buffers_stay_small() {
        let burst = 20_000u64;
        let mut set = PendingSet::new(Queue::Calendar);
        let mut seq = 0u64;
        for _ in 0..burst {
            seq += 1;
            set.push(ev(0.0, seq));
        }
        let mut last = Key::MIN;
        let mut popped = 0u64;
        while let Some(e) = set.pop() {
            assert!(e.key > last, "out of order at {popped}");
            last = e.key;
            popped += 1;
            let t = e.key.time();
            if t < 200.0 {
                // Each event schedules one at +1.0 or +1.5 (two streams).
                seq += 1;
                set.push(ev(t + if e.msg % 2 == 0 { 1.0 } else { 1.5 }, seq));
            }
        }
        assert!(popped > 100 * burst);
        let capacity: usize = set.ring.iter().map(Vec::capacity).sum::<usize>()
            + set.spare.iter().map(Vec::capacity).sum::<usize>();
        assert!(
            capacity < 100 * burst as usize,
            "buckets keep {capacity} slots for bursts of {burst}"
        );
        assert!(set.near.capacity() < 2 * burst as usize);
    }

    /// Counts the bytes the current thread holds and their peak (other
    /// tests run on other threads and do not disturb the counts).
    mod counting {
        use std::alloc::{GlobalAlloc, Layout, System};
        use std::cell::Cell;

        thread_local! {
            static LIVE: Cell<isize> = const { Cell::new(0) };
            static PEAK: Cell<isize> = const { Cell::new(0) };
        }

        fn add(n: isize) {
            // `try_with`: the counters may be gone while a thread exits.
            let _ = LIVE.try_with(|l| {
                l.set(l.get() + n);
                let _ = PEAK.try_with(|p| p.set(p.get().max(l.get())));
            });
        }

        /// Bytes this thread holds now.
        pub(super) fn live() -> isize {
            LIVE.with(Cell::get)
        }

        /// Restarts the peak at the current holding.
        pub(super) fn reset_peak() {
            PEAK.with(|p| p.set(live()));
        }

        /// Most bytes this thread held since [`reset_peak`].
        pub(super) fn peak() -> isize {
            PEAK.with(Cell::get)
        }

        pub(super) struct Counting;

        // SAFETY: every call is forwarded to the system allocator unchanged;
        // the counters only observe sizes.
        unsafe impl GlobalAlloc for Counting {
            unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
                add(layout.size() as isize);
                // SAFETY: forwarded with the caller's layout.
                unsafe { System.alloc(layout) }
            }
            unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
                add(-(layout.size() as isize));
                // SAFETY: `ptr` came from `System` with `layout`.
                unsafe { System.dealloc(ptr, layout) }
            }
        }

        #[global_allocator]
        static GLOBAL: Counting = Counting;
    }

    /// A change of bucket width re-buckets without a copy of the pending
    /// events: during the rescale the set holds little beyond what it holds
    /// before or after it (0.1–0.6 MB of 6.4 here; a temporary vector of
    /// every ring and far event, as the queue once made, held the whole
    /// set again), and keeps its order.
    #[test]
    fn rescaling_holds_no_copy_of_the_pending_events() {
        const N: u64 = 200_000;
        let mut set = PendingSet::new(Queue::Calendar);
        let mut rng = LpRng::new(7, 0);
        for seq in 0..N {
            // A 32nd within the ring's horizon, the rest beyond it (far).
            set.push(ev(1.0 + rng.unif() * 32.0 * NB_MIN as f64, seq));
        }
        assert!(set.ring_count > 0 && !set.far.is_empty());
        let bytes = N as isize * std::mem::size_of::<Event<u64>>() as isize;
        for (inv_w, nb) in [(0.25, NB_MIN), (1.0, NB_MIN * 4), (4.0, NB_MIN * 4)] {
            counting::reset_peak();
            let before = counting::live();
            set.rescale(inv_w, nb);
            // What the rescale held beyond both the set before and the
            // set after it (narrower buckets need more bucket buffers).
            let extra = counting::peak() - before.max(counting::live());
            assert!(
                extra < bytes / 4,
                "rescale to 1/{inv_w} x {nb} held {extra} more bytes (events {bytes})"
            );
            assert_eq!(set.len(), N as usize);
        }
        let mut last = Key::MIN;
        while let Some(e) = set.pop() {
            assert!(e.key > last);
            last = e.key;
        }
    }

    #[test]
    fn infinite_and_huge_times_are_ordered_last() {
        let mut set = PendingSet::new(Queue::Calendar);
        set.push(ev(f64::MAX, 1));
        set.push(ev(1.0, 2));
        set.push(ev(1e300, 3));
        assert_eq!(set.pop().unwrap().msg, 2);
        assert_eq!(set.pop().unwrap().msg, 3);
        assert_eq!(set.pop().unwrap().msg, 1);
        assert!(set.pop().is_none());
    }
}
