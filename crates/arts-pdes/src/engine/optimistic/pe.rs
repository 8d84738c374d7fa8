//! One Time Warp PE: its LPs, pending events, processed-event log, rollback,
//! cancellation (anti-messages) and fossil collection. Single-threaded; the
//! worker loop in `worker.rs` moves messages between PEs.

use crate::checkpoint::{Resume, Snapshot};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::error::EventError;
use crate::event::{Event, PendingSet, Queue};
use crate::exec::{Exec, LpCore};
use crate::key::{Key, LpId, Time};
use crate::model::Model;
use crate::partition::Partition;

use super::control::Wire;
use super::log::{Log, NONE};

/// A fast hasher for event keys (they are already well mixed in `tie`).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The LPs a PE owns. Their local index is a subtraction when they form one
/// block (the block mapping), a lookup in the partition's tables otherwise:
/// the engine asks on every event, and the tables (6 bytes per LP of the whole
/// model) would otherwise compete with the LP states for the cache.
#[derive(Clone)]
struct Owner {
    me: usize,
    lo: LpId,
    n: u32,
    block: bool,
    part: Partition,
}

impl Owner {
    fn new(part: &Partition, me: usize) -> Owner {
        let (lo, hi, block) = match part.block_of(me) {
            Some((lo, hi)) => (lo, hi, true),
            None => (0, 0, false),
        };
        Owner {
            me,
            lo,
            n: hi - lo,
            block,
            part: part.clone(),
        }
    }

    /// `lp`'s local index if this PE owns it.
    #[inline]
    fn local(&self, lp: LpId) -> Option<usize> {
        if self.block {
            let i = lp.wrapping_sub(self.lo);
            (i < self.n).then_some(i as usize)
        } else if self.part.pe_of(lp) == self.me {
            Some(self.part.local_of(lp))
        } else {
            None
        }
    }

    /// Local index of `lp`, which this PE owns.
    #[inline]
    fn index(&self, lp: LpId) -> usize {
        if self.block {
            debug_assert!(lp.wrapping_sub(self.lo) < self.n);
            (lp - self.lo) as usize
        } else {
            self.part.local_of(lp)
        }
    }
}

/// An LP on an optimistic PE: its core and its newest live log record.
///
/// Aligned to a cache line: events hit LPs in random order, so every event
/// misses on its LP, and an unaligned record spans two lines (two misses) far
/// more often than not. Aligned, a record of up to 64 bytes (PHOLD's is 64)
/// is one line; larger ones span the fewest lines their size allows.
#[repr(align(64))]
pub(crate) struct TwLp<S> {
    pub core: LpCore<S>,
    pub last: u64,
}

/// One executed event, kept until committed (fossil collection) or undone.
/// Kept small (64 bytes for PHOLD): the LP's random-stream position and send
/// counter before the event are recovered from their values after it, since an
/// LP's records are always undone newest first.
pub(crate) struct Done<M, U> {
    pub ev: Event<M>,
    pub undo: U,
    /// The events it sent: `sent[sent_start .. sent_start + nsent]`.
    pub sent_start: u64,
    pub nsent: u32,
    /// Random draws the event made.
    pub draws: u32,
    /// Distance back to the previous live record of the same LP (0 = none).
    pub prev_back: u32,
    /// False once rolled back (the slot stays until trimmed).
    pub live: bool,
    /// The sender LP is on another PE (counted as cross-PE when committed).
    pub cross: bool,
}

/// An event sent by an executed event (what an anti-message must name).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SentRef {
    pub dst: LpId,
    pub uid: u32,
    pub key: Key,
}

/// Counters of one PE.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PeStats {
    pub processed: u64,
    pub rolled_back: u64,
    pub anti_sent: u64,
    pub committed: u64,
    pub cross: u64,
    pub live: u64,
    pub peak_live: u64,
    pub final_time: Time,
}

pub(crate) struct TwPe<'m, M: Model> {
    exec: Exec<'m, M>,
    pub me: usize,
    part: Partition,
    owner: Owner,
    ids: Vec<LpId>,
    lps: Vec<TwLp<M::State>>,
    pending: PendingSet<M::Msg>,
    /// Copies `(key, uid)` cancelled while pending; dropped when they surface.
    cancelled: HashSet<(Key, u32), BuildHasherDefault<KeyHasher>>,
    /// Transmission counter for `Event::uid` (never rolled back).
    next_uid: u32,
    log: Log<Done<M::Msg, M::Undo>>,
    sent: Log<SentRef>,
    /// Outgoing wires per destination PE, not yet placed in its inbox.
    pub out: Vec<Vec<Wire<M::Msg>>>,
    pub out_count: usize,
    work: Vec<SentRef>,
    fresh: Vec<Event<M::Msg>>,
    /// A handler error at this key; committed once GVT reaches the key.
    pub blocked: Option<(Key, EventError)>,
    pub stats: PeStats,
    /// Last GVT this PE collected at (events below it are committed).
    pub(super) gvt: Key,
}

impl<'m, M: Model> TwPe<'m, M> {
    /// Creates PE `me` and its LPs (from `resume` when the run restarts
    /// from a checkpoint); initial events go to `pending` or `out`.
    pub(super) fn new(
        model: &'m M,
        me: usize,
        part: &Partition,
        seed: u64,
        queue: Queue,
        resume: Option<&Resume>,
    ) -> Result<Self, (LpId, EventError)> {
        let ids = part.lps_of(me);
        let mut pe = TwPe {
            exec: Exec::new(model),
            me,
            part: part.clone(),
            owner: Owner::new(part, me),
            lps: Vec::with_capacity(ids.len()),
            ids,
            pending: PendingSet::new(queue),
            cancelled: HashSet::default(),
            next_uid: 0,
            log: Log::new(),
            sent: Log::new(),
            out: (0..part.pes()).map(|_| Vec::new()).collect(),
            out_count: 0,
            work: Vec::new(),
            fresh: Vec::new(),
            blocked: None,
            stats: PeStats::default(),
            gvt: Key::MIN,
        };
        let mut fresh = Vec::new();
        for i in 0..pe.ids.len() {
            let lp = pe.ids[i];
            let core = match resume {
                Some(r) => r.restore(model, lp, seed, &mut fresh),
                None => pe.exec.init(lp, seed, &mut fresh).map_err(|e| (lp, e))?,
            };
            pe.lps.push(TwLp { core, last: NONE });
            for ev in fresh.drain(..) {
                pe.route(ev);
            }
        }
        Ok(pe)
    }

    /// Key of the newest live executed event of local LP `li`, if any.
    #[inline]
    fn last_key(&self, li: usize) -> Option<Key> {
        self.log.get(self.lps[li].last).map(|d| d.ev.key)
    }

    /// Sends a new positive event to its owner.
    #[inline]
    fn route(&mut self, ev: Event<M::Msg>) {
        match self.owner.local(ev.dst) {
            Some(li) => self.insert_at(li, ev),
            None => {
                let pe = self.part.pe_of(ev.dst);
                self.out[pe].push(Wire::Event(ev));
                self.out_count += 1;
            }
        }
    }

    /// A positive event for a local LP: roll the LP back if it is a straggler.
    pub(super) fn insert(&mut self, ev: Event<M::Msg>) {
        self.insert_at(self.owner.index(ev.dst), ev);
    }

    /// `insert` for the LP with local index `li`.
    #[inline]
    fn insert_at(&mut self, li: usize, ev: Event<M::Msg>) {
        debug_assert!(
            ev.key >= self.gvt,
            "event {:?} below GVT {:?}",
            ev.key,
            self.gvt
        );
        if self.last_key(li).is_some_and(|k| ev.key < k) {
            self.rollback(li, ev.key);
        }
        self.pending.push(ev);
        self.drain_work();
    }

    /// An anti-message (or a local cancellation) for copy `uid` of event `key`
    /// of local LP `dst`.
    pub(super) fn cancel(&mut self, dst: LpId, key: Key, uid: u32) {
        debug_assert!(
            key >= self.gvt,
            "anti-message {key:?} below GVT {:?}",
            self.gvt
        );
        let li = self.owner.index(dst);
        if self.last_key(li).is_some_and(|k| k >= key) {
            // The target was executed: undo it (and everything after it) first.
            self.rollback(li, key);
        }
        self.cancelled.insert((key, uid));
        self.drain_work();
    }

    /// Handles one wire from the inbox.
    pub(super) fn receive(&mut self, w: Wire<M::Msg>) {
        match w {
            Wire::Event(ev) => self.insert(ev),
            Wire::Anti { dst, key, uid } => self.cancel(dst, key, uid),
        }
    }

    /// Undoes every executed event of local LP `li` with key `>= key`, newest
    /// first; their events return to the pending set and what they sent is
    /// queued for cancellation.
    fn rollback(&mut self, li: usize, key: Key) {
        let model = self.exec.model;
        loop {
            let idx = self.lps[li].last;
            let Some(d) = self.log.get_mut(idx) else {
                break;
            };
            if d.ev.key < key {
                break;
            }
            d.live = false;
            let undo = std::mem::take(&mut d.undo);
            let (ev, draws, back) = (d.ev, d.draws as u64, d.prev_back as u64);
            let (start, n) = (d.sent_start, d.nsent as u64);
            let lp = &mut self.lps[li];
            model.rollback(&mut lp.core.state, &ev.msg, undo);
            let now = lp.core.rng.draws();
            lp.core.rng.set_draws(now - draws);
            lp.core.seq -= n;
            lp.last = if back == 0 { NONE } else { idx - back };
            for i in start..start + n {
                let s = *self
                    .sent
                    .get(i)
                    .expect("sent log holds live records' sends");
                self.work.push(s);
            }
            if self.blocked.as_ref().is_some_and(|(k, _)| *k == ev.key) {
                self.blocked = None;
            }
            self.pending.push(ev);
            self.stats.rolled_back += 1;
            self.stats.live -= 1;
        }
    }

    /// Cancels everything queued by rollbacks: local targets directly (which
    /// may roll back more LPs), remote ones by anti-messages.
    fn drain_work(&mut self) {
        while let Some(s) = self.work.pop() {
            if let Some(li) = self.owner.local(s.dst) {
                if self.last_key(li).is_some_and(|k| k >= s.key) {
                    self.rollback(li, s.key);
                }
                self.cancelled.insert((s.key, s.uid));
            } else {
                let pe = self.part.pe_of(s.dst);
                self.out[pe].push(Wire::Anti {
                    dst: s.dst,
                    key: s.key,
                    uid: s.uid,
                });
                self.out_count += 1;
                self.stats.anti_sent += 1;
            }
        }
    }

    /// The smallest pending event that is not cancelled (cancelled ones found
    /// on the way are discarded). Always inlined: returned through memory,
    /// the event's load stalls on its own stores (a third of the
    /// one-PE event rate).
    #[inline(always)]
    pub(super) fn next_event(&mut self) -> Option<Event<M::Msg>> {
        loop {
            let ev = *self.pending.peek()?;
            if !self.cancelled.is_empty() && self.cancelled.remove(&(ev.key, ev.uid)) {
                self.pending.pop();
                continue;
            }
            return Some(ev);
        }
    }

    /// Executes `ev`, which must be the event `next_event` just returned.
    pub(super) fn process(&mut self, ev: Event<M::Msg>) {
        let model = self.exec.model;
        let li = self.owner.index(ev.dst);
        let lp = &mut self.lps[li];
        let mut undo = model.save(&lp.core.state, &ev.msg);
        let (draws, prev) = (lp.core.rng.draws(), lp.last);
        let result = self
            .exec
            .handle(&mut lp.core, &ev, &mut undo, &mut self.fresh);
        let draws = (lp.core.rng.draws() - draws) as u32;
        let idx = self.log.next_index();
        lp.last = idx;
        // A previous record this far back is long committed: treat as none.
        let prev_back = if prev == NONE || idx - prev > u32::MAX as u64 {
            0
        } else {
            (idx - prev) as u32
        };
        self.log.push(Done {
            ev,
            undo,
            sent_start: self.sent.next_index(),
            nsent: self.fresh.len() as u32,
            draws,
            prev_back,
            live: true,
            cross: self.owner.local(ev.key.src()).is_none(),
        });
        self.stats.processed += 1;
        self.stats.live += 1;
        self.stats.peak_live = self.stats.peak_live.max(self.stats.live);
        if let Err(err) = result {
            self.pending.pop();
            self.blocked = Some((ev.key, err));
            self.fresh.clear();
            return;
        }
        for e in self.fresh.iter_mut() {
            let uid = self.next_uid;
            self.next_uid = uid.wrapping_add(1);
            e.uid = uid;
            self.sent.push(SentRef {
                dst: e.dst,
                uid,
                key: e.key,
            });
        }
        let Some(&first) = self.fresh.first() else {
            self.pending.pop();
            return;
        };
        // The executed event is still the pending minimum: when the first new
        // event stays on this PE and is no straggler, it takes its place in one
        // step (the common PHOLD case) instead of a pop and a push.
        // (A send to the executing LP itself is later than its newest record,
        // `ev`: no straggler, no lookup.)
        if first.dst == ev.dst
            || self
                .owner
                .local(first.dst)
                .is_some_and(|fl| self.last_key(fl).is_none_or(|k| k < first.key))
        {
            self.pending.replace_min(first);
        } else {
            self.pending.pop();
            self.route(first);
        }
        for i in 1..self.fresh.len() {
            let e = self.fresh[i];
            self.route(e);
        }
        self.fresh.clear();
    }

    /// Smallest key this PE may still execute or be blocked at.
    pub(super) fn local_min(&mut self) -> Key {
        let m = self.pending.min_key();
        match &self.blocked {
            Some((k, _)) => m.min(*k),
            None => m,
        }
    }

    /// Commits every executed event with key `< gvt` and trims the logs: one
    /// pass over the oldest records, then one trim of each log.
    pub(super) fn fossil_collect(&mut self, gvt: Key) {
        self.gvt = self.gvt.max(gvt);
        let (mut n, mut committed, mut cross) = (0usize, 0u64, 0u64);
        // Non-negative times order like their bit patterns.
        let mut last_bits = self.stats.final_time.to_bits();
        let mut sent_end = self.sent.base();
        for d in self.log.held() {
            if d.live {
                if d.ev.key >= gvt {
                    break;
                }
                committed += 1;
                cross += d.cross as u64;
                last_bits = last_bits.max(d.ev.key.time_bits);
            }
            sent_end = d.sent_start + d.nsent as u64;
            n += 1;
        }
        if n == 0 {
            return;
        }
        self.stats.committed += committed;
        self.stats.cross += cross;
        self.stats.live -= committed;
        self.stats.final_time = f64::from_bits(last_bits);
        self.log.trim_to(self.log.base() + n as u64);
        self.sent.trim_to(sent_end);
    }

    /// Executed-but-uncommitted events held now.
    #[cfg(test)]
    pub(super) fn uncommitted(&self) -> u64 {
        self.stats.live
    }

    /// Records held in the processed log (live or undone, not yet trimmed).
    #[cfg(test)]
    pub(super) fn log_len(&self) -> usize {
        self.log.len()
    }

    /// Bytes of processed-event records (and the sends they name) held now:
    /// what fossil collection will free.
    #[inline]
    pub(super) fn log_bytes(&self) -> usize {
        self.log.len() * size_of::<Done<M::Msg, M::Undo>>() + self.sent.len() * size_of::<SentRef>()
    }

    /// Pending events (cancelled ones included until discarded).
    #[cfg(test)]
    pub(super) fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// Read access to local LP `lp`'s state.
    #[cfg(test)]
    pub(super) fn state(&self, lp: LpId) -> &M::State {
        &self.lps[self.owner.index(lp)].core.state
    }

    /// This PE's LPs and its pending events (cancelled copies left out),
    /// added to `snap`: at the end of a run, when nothing is in flight.
    pub(super) fn snapshot(&mut self, snap: &mut Snapshot) {
        let model = self.exec.model;
        for (lp, l) in self.ids.iter().zip(&self.lps) {
            snap.add_lp(model, *lp, &l.core);
        }
        while let Some(ev) = self.next_event() {
            self.pending.pop();
            snap.add_event(model, &ev);
        }
    }

    /// The LPs, for the final summary.
    pub(super) fn into_lps(self) -> Vec<(LpId, LpCore<M::State>)> {
        self.ids
            .into_iter()
            .zip(self.lps.into_iter().map(|l| l.core))
            .collect()
    }
}
