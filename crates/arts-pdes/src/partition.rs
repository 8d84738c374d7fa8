//! The LP → PE assignment.

use std::sync::Arc;

use crate::config::LpMapping;
use crate::key::LpId;

/// Largest supported PE count.
pub(crate) const MAX_PES: usize = u16::MAX as usize;

/// Which PE owns each LP, and each LP's index inside its PE (looked up in
/// tables built once: the engines ask on every event).
#[derive(Clone, Debug)]
pub struct Partition {
    lps: u32,
    pes: u32,
    mapping: LpMapping,
    pe_tab: Arc<[u16]>,
    local_tab: Arc<[u32]>,
}

impl Partition {
    /// Partition of `lps` LPs over `pes` PEs (`1 <= pes <= lps`).
    pub fn new(lps: u32, pes: usize, mapping: LpMapping) -> Partition {
        assert!(pes >= 1 && pes as u64 <= lps as u64 && pes <= MAX_PES);
        let mut p = Partition {
            lps,
            pes: pes as u32,
            mapping,
            pe_tab: Arc::from(Vec::new()),
            local_tab: Arc::from(Vec::new()),
        };
        p.pe_tab = (0..lps).map(|lp| p.compute_pe(lp) as u16).collect();
        p.local_tab = (0..lps).map(|lp| p.compute_local(lp) as u32).collect();
        p
    }

    /// Number of PEs.
    #[inline]
    pub fn pes(&self) -> usize {
        self.pes as usize
    }

    /// First LP of block `pe` (block mapping).
    #[inline]
    fn block_start(&self, pe: u32) -> u32 {
        ((pe as u64 * self.lps as u64).div_ceil(self.pes as u64)) as u32
    }

    /// The PE owning `lp`.
    #[inline]
    pub fn pe_of(&self, lp: LpId) -> usize {
        self.pe_tab[lp as usize] as usize
    }

    /// `lp`'s index among its PE's LPs.
    #[inline]
    pub fn local_of(&self, lp: LpId) -> usize {
        self.local_tab[lp as usize] as usize
    }

    fn compute_pe(&self, lp: LpId) -> usize {
        match self.mapping {
            LpMapping::Block => ((lp as u64 * self.pes as u64) / self.lps as u64) as usize,
            LpMapping::RoundRobin => (lp % self.pes) as usize,
        }
    }

    fn compute_local(&self, lp: LpId) -> usize {
        match self.mapping {
            LpMapping::Block => (lp - self.block_start(self.compute_pe(lp) as u32)) as usize,
            LpMapping::RoundRobin => (lp / self.pes) as usize,
        }
    }

    /// The LPs of `pe` as one contiguous range `lo..hi` when the mapping
    /// gives every PE a block (then `local_of(lp) == lp - lo`), else `None`.
    pub fn block_of(&self, pe: usize) -> Option<(LpId, LpId)> {
        match self.mapping {
            LpMapping::Block => {
                Some((self.block_start(pe as u32), self.block_start(pe as u32 + 1)))
            }
            LpMapping::RoundRobin if self.pes == 1 => Some((0, self.lps)),
            LpMapping::RoundRobin => None,
        }
    }

    /// The LPs of `pe` in local-index order.
    pub fn lps_of(&self, pe: usize) -> Vec<LpId> {
        let pe = pe as u32;
        match self.mapping {
            LpMapping::Block => (self.block_start(pe)..self.block_start(pe + 1)).collect(),
            LpMapping::RoundRobin => (pe..self.lps).step_by(self.pes as usize).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lp_has_one_owner_and_a_consistent_local_index() {
        for mapping in [LpMapping::Block, LpMapping::RoundRobin] {
            for (lps, pes) in [(1, 1), (10, 4), (9, 4), (100, 7), (16384, 2), (5, 5)] {
                let p = Partition::new(lps, pes, mapping);
                let mut seen = vec![false; lps as usize];
                for pe in 0..pes {
                    let mine = p.lps_of(pe);
                    assert!(!mine.is_empty(), "{mapping:?} {lps}/{pes}: PE {pe} empty");
                    if let Some((lo, hi)) = p.block_of(pe) {
                        assert_eq!(mine, (lo..hi).collect::<Vec<_>>());
                    }
                    for (i, &lp) in mine.iter().enumerate() {
                        assert_eq!(p.pe_of(lp), pe);
                        assert_eq!(p.local_of(lp), i);
                        assert!(!seen[lp as usize]);
                        seen[lp as usize] = true;
                    }
                }
                assert!(seen.iter().all(|&s| s));
            }
        }
    }
}
