//! An append-only log with stable absolute indices, trimmed from the front.
//! Used for the per-PE processed-event log and the log of sent events: records
//! refer to each other by absolute index, which stays valid until trimmed.
//!
//! Storage is one `Vec`: appending is a `Vec::push`, a lookup is one
//! subtraction and one bounds check, and trimming only moves a head offset.
//! Trimmed records are dropped, and the survivors moved to the front of the
//! buffer, once they make up at least half of it (and at least `COMPACT_MIN`
//! records): every record is moved at most once per trimming of as many
//! records, and the buffer's memory is reused instead of wandering. A
//! buffer that a burst grew is shrunk at compaction once its survivors fill
//! a quarter of it, so fossil collection gives the memory back.

/// Absolute index meaning "no record".
pub(crate) const NONE: u64 = u64::MAX;

/// Fewest trimmed records worth compacting for.
const COMPACT_MIN: usize = 1024;

pub(crate) struct Log<T> {
    items: Vec<T>,
    /// Absolute index of `items[0]`.
    start: u64,
    /// `items[..head]` are trimmed (dropped at the next compaction).
    head: usize,
}

impl<T> Log<T> {
    pub(super) fn new() -> Self {
        Log {
            items: Vec::new(),
            start: 0,
            head: 0,
        }
    }

    /// Index the next pushed record will get.
    #[inline]
    pub(super) fn next_index(&self) -> u64 {
        self.start + self.items.len() as u64
    }

    /// Index of the oldest record still held.
    #[inline]
    pub(super) fn base(&self) -> u64 {
        self.start + self.head as u64
    }

    /// Records held (not trimmed).
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.items.len() - self.head
    }

    /// Appends a record and returns its index.
    #[inline]
    pub(super) fn push(&mut self, item: T) -> u64 {
        self.items.push(item);
        self.next_index() - 1
    }

    /// Position in `items` of absolute index `idx`, unless trimmed, not yet
    /// pushed, or `NONE`.
    #[inline]
    fn pos(&self, idx: u64) -> Option<usize> {
        // Below `start` (or NONE) wraps to a huge value, caught by the bound.
        let i = idx.wrapping_sub(self.start);
        (i >= self.head as u64 && i < self.items.len() as u64).then_some(i as usize)
    }

    /// The record at absolute index `idx`, unless trimmed (or `NONE`).
    #[inline]
    pub(super) fn get(&self, idx: u64) -> Option<&T> {
        self.pos(idx).map(|i| &self.items[i])
    }

    /// Mutable access to the record at absolute index `idx`, unless trimmed.
    #[inline]
    pub(super) fn get_mut(&mut self, idx: u64) -> Option<&mut T> {
        self.pos(idx).map(|i| &mut self.items[i])
    }

    /// The records held, oldest first (the first has index `base()`).
    #[inline]
    pub(super) fn held(&self) -> &[T] {
        &self.items[self.head..]
    }

    /// Trims every record with index `< idx` (at most up to `next_index()`).
    #[inline]
    pub(super) fn trim_to(&mut self, idx: u64) {
        let upto = (idx.saturating_sub(self.start)).min(self.items.len() as u64) as usize;
        if upto <= self.head {
            return;
        }
        self.head = upto;
        if self.head >= COMPACT_MIN && 2 * self.head >= self.items.len() {
            self.compact();
        }
    }

    #[cold]
    fn compact(&mut self) {
        self.items.drain(..self.head);
        self.start += self.head as u64;
        self.head = 0;
        // A burst (a PE far ahead of GVT) grew the buffer: give the memory
        // back once the survivors use a quarter of it, keeping room for
        // twice as many (so steady state never shrinks and regrows).
        let len = self.items.len();
        if self.items.capacity() > 4 * len.max(COMPACT_MIN) {
            self.items.shrink_to(2 * len.max(COMPACT_MIN));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_stay_valid_across_trimming() {
        let mut log = Log::new();
        for i in 0..10u32 {
            assert_eq!(log.push(i), i as u64);
        }
        log.trim_to(2);
        assert_eq!(log.get(1), None);
        assert_eq!(log.get(2), Some(&2));
        assert_eq!(log.get(9), Some(&9));
        assert_eq!(log.get(10), None);
        assert_eq!(log.get(NONE), None);
        assert_eq!(log.push(10), 10);
        assert_eq!(log.base(), 2);
        assert_eq!(log.len(), 9);
        assert_eq!(log.held().first(), Some(&2));
        log.trim_to(1); // never moves back
        assert_eq!(log.base(), 2);
        log.trim_to(100); // at most everything
        assert_eq!((log.base(), log.len(), log.next_index()), (11, 0, 11));
    }

    #[test]
    fn compaction_keeps_indices_and_drops_trimmed_records() {
        use std::rc::Rc;
        let alive = Rc::new(());
        let mut log = Log::new();
        for round in 0..10u64 {
            for _ in 0..1000 {
                log.push((log.next_index(), Rc::clone(&alive)));
            }
            // Keep the newest 300 records of every round.
            log.trim_to(log.next_index() - 300);
            assert_eq!(log.len(), 300);
            for idx in log.base()..log.next_index() {
                assert_eq!(log.get(idx).unwrap().0, idx);
            }
            assert_eq!(log.get(log.base() - 1), None);
            assert_eq!(log.base(), (round + 1) * 1000 - 300);
        }
        // Compaction dropped the trimmed records: few are still allocated.
        assert!(Rc::strong_count(&alive) < 1 + 2 * COMPACT_MIN + 1000);
        assert!(log.items.capacity() < 8 * COMPACT_MIN);
    }

    #[test]
    fn a_burst_grown_buffer_shrinks_once_trimmed() {
        let mut log = Log::new();
        for i in 0..100_000u64 {
            log.push(i);
        }
        assert!(log.items.capacity() >= 100_000);
        // Fossil collection leaves a few hundred records: the memory goes.
        log.trim_to(log.next_index() - 300);
        assert_eq!(log.len(), 300);
        assert!(
            log.items.capacity() <= 2 * COMPACT_MIN,
            "{}",
            log.items.capacity()
        );
        for idx in log.base()..log.next_index() {
            assert_eq!(log.get(idx), Some(&idx));
        }
    }
}
