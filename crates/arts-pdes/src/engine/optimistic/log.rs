//! An append-only log with stable absolute indices, trimmed from the front.
//! Used for the per-PE processed-event log and the log of sent events: records
//! refer to each other by absolute index, which stays valid until trimmed.

use std::collections::VecDeque;

/// Absolute index meaning "no record".
pub(crate) const NONE: u64 = u64::MAX;

pub(crate) struct Log<T> {
    items: VecDeque<T>,
    base: u64,
}

impl<T> Log<T> {
    pub fn new() -> Self {
        Log {
            items: VecDeque::new(),
            base: 0,
        }
    }

    /// Index the next pushed record will get.
    #[inline]
    pub fn next_index(&self) -> u64 {
        self.base + self.items.len() as u64
    }

    /// Index of the oldest record still held.
    #[inline]
    pub fn base(&self) -> u64 {
        self.base
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[inline]
    pub fn push(&mut self, item: T) -> u64 {
        self.items.push_back(item);
        self.next_index() - 1
    }

    /// The record at absolute index `idx`, unless trimmed (or `NONE`).
    #[inline]
    pub fn get(&self, idx: u64) -> Option<&T> {
        if idx < self.base {
            return None;
        }
        self.items.get((idx - self.base) as usize)
    }

    #[inline]
    pub fn get_mut(&mut self, idx: u64) -> Option<&mut T> {
        if idx < self.base {
            return None;
        }
        self.items.get_mut((idx - self.base) as usize)
    }

    #[inline]
    pub fn front(&self) -> Option<&T> {
        self.items.front()
    }

    #[inline]
    pub fn pop_front(&mut self) -> Option<T> {
        let item = self.items.pop_front()?;
        self.base += 1;
        Some(item)
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
        assert_eq!(log.pop_front(), Some(0));
        assert_eq!(log.pop_front(), Some(1));
        assert_eq!(log.get(1), None);
        assert_eq!(log.get(2), Some(&2));
        assert_eq!(log.get(9), Some(&9));
        assert_eq!(log.get(10), None);
        assert_eq!(log.get(NONE), None);
        assert_eq!(log.push(10), 10);
        assert_eq!(log.base(), 2);
        assert_eq!(log.len(), 9);
    }
}
