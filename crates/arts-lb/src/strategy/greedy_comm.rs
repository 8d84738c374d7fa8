//! `greedy-comm`: greedy on load plus communication to already-placed
//! neighbours (in the spirit of Charm++ GreedyCommLB), heap-based.
//!
//! Rule: if the current mapping's max/avg is within `tolerance`, nothing
//! moves (as for `greedy`). Otherwise, as in `greedy`, each PE first keeps its
//! own objects (heaviest first) while it stays within the ideal; kept and
//! pinned objects count as placed. The rest go heaviest first; candidates for
//! an object are the PE where it would finish first, its current PE, and the
//! PEs of its already-placed communication partners. Cost of a candidate =
//! `max(finish, ideal)` + `alpha × messages + beta × bytes` exchanged with
//! placed partners on *other* PEs: below the ideal only communication
//! decides, above it the overload counts too. Candidates that would finish
//! above `tolerance × ideal` are skipped, except the earliest-finishing PE, so
//! balance stays within the tolerance or the greedy bound. Ties prefer the
//! current PE (no migration), then the earlier finish.

use super::Strategy;
use super::graph::CommGraph;
use super::greedy::heaviest_first;
use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;
use crate::model::{LoadHeaps, fixed_times, ideal_time, pe_times};

/// GreedyComm parameters.
#[derive(Clone, Copy, Debug)]
pub struct GreedyComm {
    /// Cost of one message between PEs, seconds (default 5 µs, about a
    /// thread wake-up on the reference machine).
    pub alpha_s: f64,
    /// Cost of one byte between PEs, seconds (default 1 ns, ~1 GB/s).
    pub beta_s: f64,
    /// Leave inputs within `tolerance` alone, and skip candidates finishing
    /// above `tolerance × ideal` (default 1.05).
    pub tolerance: f64,
    /// Keep objects on their PE while it stays within the ideal (as `greedy`).
    pub keep: bool,
}

impl Default for GreedyComm {
    fn default() -> Self {
        GreedyComm {
            alpha_s: 5e-6,
            beta_s: 1e-9,
            tolerance: 1.05,
            keep: true,
        }
    }
}

const UNPLACED: usize = usize::MAX;

impl Strategy for GreedyComm {
    fn name(&self) -> &'static str {
        "greedy-comm"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let works = input.works();
        let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
        let ideal = ideal_time(input, &works);
        let limit = self.tolerance * ideal;
        let current = input.current_mapping();
        let now = pe_times(input, &works, &current.pe_of);
        if now.iter().copied().fold(0.0, f64::max) <= limit {
            return Ok(current);
        }
        let graph = CommGraph::build(input);
        let mut pe_of: Vec<usize> = input
            .objects
            .iter()
            .map(|o| if o.migratable { UNPLACED } else { o.pe })
            .collect();
        // Keep phase, as in `greedy`: objects stay while their PE is within the ideal.
        let mut base = fixed_times(input, &works);
        let mut pool = Vec::new();
        for i in heaviest_first(&works, |i| input.objects[i].migratable) {
            let q = input.objects[i].pe;
            let t = base[q] + works[i] / speeds[q];
            if self.keep && t <= ideal {
                base[q] = t;
                pe_of[i] = q;
            } else {
                pool.push(i);
            }
        }
        let mut heaps = LoadHeaps::new(base, &speeds, vec![true; speeds.len()]);
        // Scratch: communication cost to placed partners per candidate PE.
        let mut cand: Vec<(usize, f64)> = Vec::new();
        for i in pool {
            let w = works[i];
            let (fastest, _) = heaps.best(w).ok_or(LbError::NoPes)?;
            cand.clear();
            cand.push((fastest, 0.0));
            cand.push((input.objects[i].pe, 0.0));
            let mut total = 0.0;
            for k in graph.edges(i) {
                let q = pe_of[graph.adj[k]];
                if q == UNPLACED {
                    continue;
                }
                let c =
                    self.alpha_s * graph.messages[k] as f64 + self.beta_s * graph.bytes[k] as f64;
                total += c;
                match cand.iter_mut().find(|(p, _)| *p == q) {
                    Some(slot) => slot.1 += c,
                    None => cand.push((q, c)),
                }
            }
            let times = heaps.times();
            let current = input.objects[i].pe;
            // (cost, not the current PE, finish): smallest wins.
            let mut best = (fastest, (f64::INFINITY, true, f64::INFINITY));
            for &(q, local) in &cand {
                let finish = times[q] + w / speeds[q];
                if q != fastest && finish > limit {
                    continue;
                }
                let key = (finish.max(ideal) + (total - local), q != current, finish);
                if key.partial_cmp(&best.1) == Some(std::cmp::Ordering::Less) {
                    best = (q, key);
                }
            }
            pe_of[i] = best.0;
            heaps.add_work(best.0, w);
        }
        Ok(Mapping { pe_of })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{CommEdge, ObjInfo, PeInfo};
    use crate::stats::evaluate;

    #[test]
    fn partners_end_up_together_when_balance_allows() {
        // Four equal objects on 2 PEs, pairs (0,1) and (2,3) talk heavily.
        let input = LbInput {
            pes: vec![PeInfo::default(); 2],
            objects: (0..4)
                .map(|id| ObjInfo {
                    id,
                    pe: 0,
                    load_s: 1.0,
                    migratable: true,
                    bytes: 1,
                })
                .collect(),
            comm: vec![
                CommEdge {
                    from: 0,
                    to: 1,
                    messages: 1000,
                    bytes: 1 << 20,
                },
                CommEdge {
                    from: 2,
                    to: 3,
                    messages: 1000,
                    bytes: 1 << 20,
                },
            ],
        };
        let m = GreedyComm::default().map(&input).unwrap();
        let s = evaluate(&input, &m);
        assert_eq!(s.max_avg_ratio, 1.0);
        assert_eq!(s.comm_cut_bytes, 0);
        assert_eq!(m.pe_of[0], m.pe_of[1]);
        assert_eq!(m.pe_of[2], m.pe_of[3]);
    }
}
