//! `metis` / `metis-messages`: graph partitioning with the real METIS
//! (k-way, `METIS_PartGraphKway`) through the `metis` crate.
//!
//! Vertices are the migratable objects, vertex weight = work (load × speed,
//! scaled to integers), edge weight = bytes (`metis`) or messages
//! (`metis-messages`) between migratable objects. Pinned objects and
//! background load are fixed: each PE's share of the movable work (its METIS
//! target partition weight) is found by water-filling, so that every PE is
//! predicted to finish at the same time, faster PEs getting proportionally
//! more. PEs with no room get no part. Parts of equal target weight are
//! interchangeable, so they are relabelled onto PEs to keep as many objects
//! in place as possible (greedy on overlap), which METIS itself ignores.

use std::collections::HashMap;

use super::Strategy;
use super::graph::CommGraph;
use super::quiet;
use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;
use crate::model::{fixed_times, water_fill};

/// Which traffic measure becomes the METIS edge weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EdgeWeight {
    /// Bytes exchanged (default).
    #[default]
    Bytes,
    /// Messages exchanged (as in the thesis' GridMetisLB).
    Messages,
}

/// METIS strategy parameters.
#[derive(Clone, Copy, Debug, Default)]
pub struct Metis {
    /// Edge weight measure.
    pub edge_weight: EdgeWeight,
}

/// Sum of integer weights handed to METIS (its indices are 32-bit).
const WEIGHT_BUDGET: f64 = (1u64 << 30) as f64;

/// Scales non-negative values to integers summing to at most about
/// `WEIGHT_BUDGET`, keeping every positive value at least 1.
fn scale_weights(values: impl Iterator<Item = f64> + Clone) -> Vec<metis::Idx> {
    let total: f64 = values.clone().sum();
    let scale = if total > 0.0 {
        WEIGHT_BUDGET / total
    } else {
        1.0
    };
    values
        .map(|v| {
            if v > 0.0 {
                (v * scale).round().clamp(1.0, WEIGHT_BUDGET) as metis::Idx
            } else {
                0
            }
        })
        .collect()
}

impl Strategy for Metis {
    fn name(&self) -> &'static str {
        match self.edge_weight {
            EdgeWeight::Bytes => "metis",
            EdgeWeight::Messages => "metis-messages",
        }
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let works = input.works();
        let mut pe_of = input.current_mapping().pe_of;
        let movable: Vec<usize> = (0..works.len())
            .filter(|&i| input.objects[i].migratable)
            .collect();
        if movable.is_empty() {
            return Ok(Mapping { pe_of });
        }
        // Target weights: each PE's share of the movable work.
        let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
        let movable_work: f64 = movable.iter().map(|&i| works[i]).sum();
        let fixed = fixed_times(input, &works);
        let (_, caps) = if movable_work > 0.0 {
            water_fill(&fixed, &speeds, movable_work)
        } else {
            // No measured work: balance object counts by speed.
            (0.0, speeds.clone())
        };
        let (targets, tpwgts) = targets_of(&caps);
        let graph = CommGraph::build(input);
        let part = partition(
            self.name(),
            &movable,
            &works,
            &graph,
            self.edge_weight,
            &tpwgts,
        )?;
        let part_pe = relabel(&part, &movable, input, &targets, &tpwgts);
        for (l, &i) in movable.iter().enumerate() {
            pe_of[i] = part_pe[part[l] as usize];
        }
        Ok(Mapping { pe_of })
    }
}

/// The PEs (or clusters) with a non-negligible capacity, and their
/// normalized METIS target weights.
pub(crate) fn targets_of(caps: &[f64]) -> (Vec<usize>, Vec<metis::Real>) {
    let largest = caps.iter().copied().fold(0.0, f64::max);
    // PEs with (next to) no room get no part; all of them if none has room.
    let targets: Vec<usize> = (0..caps.len())
        .filter(|&q| largest <= 0.0 || caps[q] >= 1e-6 * largest)
        .collect();
    let kept: f64 = targets.iter().map(|&q| caps[q]).sum();
    let tpwgts = targets
        .iter()
        .map(|&q| {
            if kept > 0.0 {
                (caps[q] / kept) as metis::Real
            } else {
                1.0 / targets.len() as metis::Real
            }
        })
        .collect();
    (targets, tpwgts)
}

/// Partitions the objects `movable` (indices into `works` and `graph`) into
/// `tpwgts.len()` parts with METIS k-way: vertex weight = work, edge weight
/// by `edge_weight`, edges to objects outside `movable` ignored. Returns the
/// part of each movable object, in `movable`'s order.
pub(crate) fn partition(
    strategy: &str,
    movable: &[usize],
    works: &[f64],
    graph: &CommGraph,
    edge_weight: EdgeWeight,
    tpwgts: &[metis::Real],
) -> Result<Vec<metis::Idx>, LbError> {
    let too_large = |what: &str| LbError::Unsupported {
        strategy: strategy.to_string(),
        reason: format!("{what} exceeds METIS' 32-bit index range"),
    };
    metis::Idx::try_from(movable.len()).map_err(|_| too_large("object count"))?;
    let nparts = metis::Idx::try_from(tpwgts.len()).map_err(|_| too_large("part count"))?;
    let mut local = vec![usize::MAX; works.len()];
    for (l, &i) in movable.iter().enumerate() {
        local[i] = l;
    }
    let mut xadj: Vec<metis::Idx> = Vec::with_capacity(movable.len() + 1);
    let mut adjncy: Vec<metis::Idx> = Vec::new();
    let mut raw_edge: Vec<f64> = Vec::new();
    xadj.push(0);
    for &i in movable {
        for k in graph.edges(i) {
            let j = local[graph.adj[k]];
            let w = match edge_weight {
                EdgeWeight::Bytes => graph.bytes[k],
                EdgeWeight::Messages => graph.messages[k],
            };
            if j != usize::MAX && w > 0 {
                adjncy.push(j as metis::Idx);
                raw_edge.push(w as f64);
            }
        }
        xadj.push(metis::Idx::try_from(adjncy.len()).map_err(|_| too_large("edge count"))?);
    }
    let adjwgt = scale_weights(raw_edge.iter().copied());
    let movable_work: f64 = movable.iter().map(|&i| works[i]).sum();
    let vwgt: Vec<metis::Idx> = if movable_work > 0.0 {
        scale_weights(movable.iter().map(|&i| works[i]))
            .into_iter()
            .map(|w| w.max(1))
            .collect()
    } else {
        vec![1; movable.len()]
    };
    let mut part: Vec<metis::Idx> = vec![0; movable.len()];
    if nparts > 1 && !movable.is_empty() {
        let graph = metis::Graph::new(1, nparts, &xadj, &adjncy)
            .map_err(|e| LbError::Metis(format!("{e:?}")))?
            .set_vwgt(&vwgt)
            .set_adjwgt(&adjwgt)
            .set_tpwgts(tpwgts);
        quiet::run(|| graph.part_kway(&mut part)).map_err(|e| LbError::Metis(e.to_string()))?;
    }
    Ok(part)
}

/// Maps part `k` to a PE among `targets`, only swapping parts whose target
/// weights are equal, so as to keep the most objects where they are.
fn relabel(
    part: &[metis::Idx],
    movable: &[usize],
    input: &LbInput,
    targets: &[usize],
    tpwgts: &[metis::Real],
) -> Vec<usize> {
    let nparts = targets.len();
    let mut slot_of_pe = vec![usize::MAX; input.pes.len()];
    for (k, &q) in targets.iter().enumerate() {
        slot_of_pe[q] = k;
    }
    // Overlap between part p and slot s (the PE `targets[s]`), same weight class only.
    let mut overlap: HashMap<(usize, usize), u64> = HashMap::new();
    for (l, &i) in movable.iter().enumerate() {
        let p = part[l] as usize;
        let s = slot_of_pe[input.objects[i].pe];
        if s != usize::MAX && tpwgts[p].to_bits() == tpwgts[s].to_bits() {
            *overlap.entry((p, s)).or_default() += 1;
        }
    }
    let mut pairs: Vec<((usize, usize), u64)> = overlap.into_iter().collect();
    pairs.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut slot_of_part = vec![usize::MAX; nparts];
    let mut slot_taken = vec![false; nparts];
    for ((p, s), _) in pairs {
        if slot_of_part[p] == usize::MAX && !slot_taken[s] {
            slot_of_part[p] = s;
            slot_taken[s] = true;
        }
    }
    // Remaining parts take the remaining slots of their weight class, in order.
    let mut free: HashMap<u32, Vec<usize>> = HashMap::new();
    for s in (0..nparts).rev() {
        if !slot_taken[s] {
            free.entry(tpwgts[s].to_bits()).or_default().push(s);
        }
    }
    for p in 0..nparts {
        if slot_of_part[p] == usize::MAX {
            slot_of_part[p] = free
                .get_mut(&tpwgts[p].to_bits())
                .and_then(Vec::pop)
                .expect("every weight class has as many slots as parts");
        }
    }
    slot_of_part.into_iter().map(|s| targets[s]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{CommEdge, ObjInfo, PeInfo};
    use crate::stats::evaluate;

    /// A `w × h` grid of unit objects with neighbour edges, all on PE 0.
    fn grid(w: usize, h: usize, pes: usize) -> LbInput {
        let mut comm = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                if x + 1 < w {
                    comm.push(CommEdge {
                        from: i,
                        to: i + 1,
                        messages: 1,
                        bytes: 100,
                    });
                }
                if y + 1 < h {
                    comm.push(CommEdge {
                        from: i,
                        to: i + w,
                        messages: 1,
                        bytes: 100,
                    });
                }
            }
        }
        LbInput {
            pes: vec![PeInfo::default(); pes],
            objects: (0..w * h)
                .map(|i| ObjInfo {
                    id: i as u64,
                    pe: 0,
                    load_s: 1.0,
                    migratable: true,
                    bytes: 1,
                })
                .collect(),
            comm,
        }
    }

    #[test]
    fn partitions_a_grid_with_a_small_cut() {
        let input = grid(16, 16, 4);
        let m = Metis::default().map(&input).unwrap();
        m.check(&input, "metis").unwrap();
        let s = evaluate(&input, &m);
        assert!(s.max_avg_ratio <= 1.05, "{s:?}");
        // Four 8×8 blocks cut 32 edges of 100 bytes; a random map cuts ~3/4 of 480.
        assert!(s.comm_cut_bytes <= 60 * 100, "{s:?}");
    }

    #[test]
    fn relabelling_keeps_a_good_mapping_in_place() {
        let mut input = grid(16, 16, 4);
        let first = Metis::default().map(&input).unwrap();
        for (o, &pe) in input.objects.iter_mut().zip(&first.pe_of) {
            o.pe = pe;
        }
        let again = Metis::default().map(&input).unwrap();
        assert!(
            again.migrations(&input) <= 16,
            "{}",
            again.migrations(&input)
        );
    }

    #[test]
    fn honours_speed_and_pinned_objects() {
        let mut input = grid(12, 12, 2);
        input.pes[1].speed = 3.0;
        input.objects[5].migratable = false;
        let m = Metis::default().map(&input).unwrap();
        m.check(&input, "metis").unwrap();
        let on1 = m.pe_of.iter().filter(|&&q| q == 1).count();
        // 144 objects, 3/4 on the fast PE.
        assert!((100..=116).contains(&on1), "{on1}");
    }
}
