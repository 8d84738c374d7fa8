//! [`Seqs`]: a sequence number per peer rank (the next one to send to it,
//! or the next one expected from it). Both tables are read on every
//! message's path: for the ranks below [`DENSE_RANKS`] they are a vector
//! indexed by rank (one load, no hashing), grown to the highest rank seen;
//! beyond it a hash map, so that a rank of a run of a million ranks that
//! talks to a few of them keeps a few entries.

use super::RankMap;

/// Peers below this rank number are kept in the vector (at most 32 KiB).
pub(super) const DENSE_RANKS: u32 = 4096;

/// A sequence number per peer, 0 until set.
#[derive(Default)]
pub(super) struct Seqs {
    dense: Vec<u64>,
    sparse: RankMap<u32, u64>,
}

impl Seqs {
    /// The number kept for `rank`, to read or change.
    #[inline]
    pub(super) fn at(&mut self, rank: u32) -> &mut u64 {
        let i = rank as usize;
        if i < self.dense.len() {
            return &mut self.dense[i];
        }
        self.grow(rank)
    }

    /// The number kept for `rank` (0 if none was).
    #[inline]
    pub(super) fn get(&self, rank: u32) -> u64 {
        match self.dense.get(rank as usize) {
            Some(&n) => n,
            None if rank < DENSE_RANKS => 0,
            None => self.sparse.get(&rank).copied().unwrap_or(0),
        }
    }

    /// The sum of every peer's number: the messages sent to all peers, or
    /// expected from them so far.
    pub(super) fn total(&self) -> u64 {
        self.dense.iter().chain(self.sparse.values()).sum()
    }

    /// [`Seqs::at`] for a rank past the vector: grows it, or goes to the map.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, rank: u32) -> &mut u64 {
        if rank < DENSE_RANKS {
            self.dense.resize(rank as usize + 1, 0);
            return &mut self.dense[rank as usize];
        }
        self.sparse.entry(rank).or_insert(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_keeps_its_own_number_below_and_above_the_dense_range() {
        let mut s = Seqs::default();
        let ranks = [0, 3, 1, DENSE_RANKS - 1, DENSE_RANKS, 1_000_000, 7];
        for (i, &r) in ranks.iter().enumerate() {
            assert_eq!(s.get(r), 0, "rank {r} starts at 0");
            *s.at(r) += i as u64 + 1;
        }
        for (i, &r) in ranks.iter().enumerate() {
            assert_eq!(s.get(r), i as u64 + 1, "rank {r}");
            assert_eq!(*s.at(r), i as u64 + 1, "rank {r}");
        }
        assert_eq!(s.get(2), 0, "a rank never set inside the vector");
        assert_eq!(s.get(DENSE_RANKS + 1), 0, "nor beyond it");
        assert_eq!(
            s.dense.len(),
            DENSE_RANKS as usize,
            "the vector stops there"
        );
        assert_eq!(s.sparse.len(), 2, "the rest are in the map");
    }
}
