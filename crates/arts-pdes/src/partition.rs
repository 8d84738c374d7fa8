//! The LP → PE assignment.

use std::sync::Arc;

use strength_reduce::{StrengthReducedU32, StrengthReducedU64};

use crate::config::LpMapping;
use crate::key::LpId;

/// Largest supported PE count.
pub(crate) const MAX_PES: usize = u16::MAX as usize;

/// Which PE owns each LP, and each LP's index inside its PE, computed (the
/// engines ask on every event): a division by a constant, turned into a
/// multiplication once. No table of every LP: a process of a run across
/// processes holds only its own LPs, however many the model has.
#[derive(Clone, Debug)]
pub struct Partition {
    lps: u32,
    pes: u32,
    mapping: LpMapping,
    /// Shared, so that a copy stays small beside what the engines use most.
    div: Arc<Divisors>,
}

/// The divisions a partition makes.
#[derive(Debug)]
struct Divisors {
    /// By the LP count (block: `lp * pes / lps`).
    lps: StrengthReducedU64,
    /// By the PE count (block starts).
    pes: StrengthReducedU64,
    /// By the PE count (round robin).
    pes32: StrengthReducedU32,
}

impl Partition {
    /// Partition of `lps` LPs over `pes` PEs (`1 <= pes <= lps`).
    pub fn new(lps: u32, pes: usize, mapping: LpMapping) -> Partition {
        assert!(pes >= 1 && pes as u64 <= lps as u64 && pes <= MAX_PES);
        Partition {
            lps,
            pes: pes as u32,
            mapping,
            div: Arc::new(Divisors {
                lps: StrengthReducedU64::new(lps as u64),
                pes: StrengthReducedU64::new(pes as u64),
                pes32: StrengthReducedU32::new(pes as u32),
            }),
        }
    }

    /// Number of PEs.
    #[inline]
    pub fn pes(&self) -> usize {
        self.pes as usize
    }

    /// First LP of block `pe` (block mapping): `ceil(pe * lps / pes)`.
    #[inline]
    fn block_start(&self, pe: u32) -> u32 {
        let (q, r) = StrengthReducedU64::div_rem(pe as u64 * self.lps as u64, self.div.pes);
        (q + (r != 0) as u64) as u32
    }

    /// The PE owning `lp`.
    #[inline]
    pub fn pe_of(&self, lp: LpId) -> usize {
        match self.mapping {
            LpMapping::Block => (lp as u64 * self.pes as u64 / self.div.lps) as usize,
            LpMapping::RoundRobin => (lp % self.div.pes32) as usize,
        }
    }

    /// `lp`'s index among its PE's LPs.
    #[inline]
    pub fn local_of(&self, lp: LpId) -> usize {
        match self.mapping {
            LpMapping::Block => (lp - self.block_start(self.pe_of(lp) as u32)) as usize,
            LpMapping::RoundRobin => (lp / self.div.pes32) as usize,
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

    /// How many LPs `pe` owns.
    pub fn count_of(&self, pe: usize) -> u32 {
        let pe = pe as u32;
        match self.mapping {
            LpMapping::Block => self.block_start(pe + 1) - self.block_start(pe),
            LpMapping::RoundRobin => (self.lps - pe).div_ceil(self.pes),
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
                    assert_eq!(p.count_of(pe) as usize, mine.len());
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

    #[test]
    fn computed_owners_are_the_plain_divisions_at_any_size() {
        let plain = |lps: u64, pes: u64, mapping, lp: u64| match mapping {
            LpMapping::Block => {
                let pe = lp * pes / lps;
                (pe, lp - (pe * lps).div_ceil(pes))
            }
            LpMapping::RoundRobin => (lp % pes, lp / pes),
        };
        for (lps, pes) in [
            (u32::MAX, MAX_PES),
            (4_000_000_007, 7),
            (100_000_000, 64),
            (3, 2),
        ] {
            for mapping in [LpMapping::Block, LpMapping::RoundRobin] {
                let p = Partition::new(lps, pes, mapping);
                let mut x = 0x9e37_79b9_7f4a_7c15u64;
                let spots = (0..5_000).map(|_| {
                    x = crate::rng::mix64(x);
                    x % lps as u64
                });
                for lp in spots.chain([0, 1, lps as u64 - 1]) {
                    let want = plain(lps as u64, pes as u64, mapping, lp);
                    let got = (p.pe_of(lp as LpId) as u64, p.local_of(lp as LpId) as u64);
                    assert_eq!(got, want, "{mapping:?} {lps}/{pes}: LP {lp}");
                }
            }
        }
    }
}
