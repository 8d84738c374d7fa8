//! A PE's local message queue: integer priorities (smaller runs first, as in
//! Charm++), FIFO among equal priorities. Priority 0, by far the most common,
//! takes a plain ring buffer; other priorities go to a binary heap ordered by
//! (priority, insertion sequence).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// The default message priority.
pub const DEFAULT_PRIORITY: i32 = 0;

struct Prioritized<T> {
    prio: i32,
    seq: u64,
    item: T,
}

impl<T> PartialEq for Prioritized<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.prio, self.seq) == (other.prio, other.seq)
    }
}
impl<T> Eq for Prioritized<T> {}
impl<T> PartialOrd for Prioritized<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Prioritized<T> {
    // BinaryHeap is a max-heap: reverse so the smallest (prio, seq) pops first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.prio, other.seq).cmp(&(self.prio, self.seq))
    }
}

/// Priority queue with FIFO order among equal priorities.
pub(crate) struct PrioQueue<T> {
    normal: VecDeque<T>,
    other: BinaryHeap<Prioritized<T>>,
    seq: u64,
}

impl<T> Default for PrioQueue<T> {
    fn default() -> Self {
        PrioQueue {
            normal: VecDeque::new(),
            other: BinaryHeap::new(),
            seq: 0,
        }
    }
}

impl<T> PrioQueue<T> {
    /// Adds `item` with priority `prio`.
    #[inline]
    pub(crate) fn push(&mut self, prio: i32, item: T) {
        if prio == DEFAULT_PRIORITY {
            self.normal.push_back(item);
        } else {
            self.seq += 1;
            self.other.push(Prioritized {
                prio,
                seq: self.seq,
                item,
            });
        }
    }

    /// Every queued item, in no particular order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.normal.iter().chain(self.other.iter().map(|p| &p.item))
    }

    /// Whether no item is queued.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.normal.is_empty() && self.other.is_empty()
    }

    /// Removes the item with the smallest priority, oldest first among equals.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        match self.other.peek() {
            Some(top) if top.prio < DEFAULT_PRIORITY || self.normal.is_empty() => {
                self.other.pop().map(|p| p.item)
            }
            _ => self.normal.pop_front(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn smaller_priority_first_then_fifo() {
        let mut q = PrioQueue::default();
        q.push(0, "a");
        q.push(5, "late");
        q.push(-1, "urgent1");
        q.push(0, "b");
        q.push(-1, "urgent2");
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(order, ["urgent1", "urgent2", "a", "b", "late"]);
    }

    proptest! {
        #[test]
        fn pops_in_priority_then_insertion_order(prios in proptest::collection::vec(-3i32..3, 0..200)) {
            let mut q = PrioQueue::default();
            for (i, &p) in prios.iter().enumerate() {
                q.push(p, i);
            }
            let mut expected: Vec<(i32, usize)> = prios.iter().copied().zip(0..).collect();
            expected.sort();
            let got: Vec<(i32, usize)> = std::iter::from_fn(|| q.pop()).map(|i| (prios[i], i)).collect();
            prop_assert_eq!(got, expected);
        }
    }
}
