//! The METIS phases: phase 1 of `grid-metis` and `grid-hybrid` (objects to
//! clusters, [`cluster_partition`]) and phase 2 of `grid-metis`
//! (`metis-messages` inside every cluster, [`metis_within_clusters`]).
//!
//! Phase 1 has two weightings ([`MetisWeights`]):
//! - `messages` (default, thesis §7.2.2): edge weight = messages, every
//!   vertex weighs the same ("vertex weights are ignored"), so METIS
//!   balances object *counts* between clusters. Each cluster's share comes
//!   from integer speed multipliers: every PE's speed divided by the
//!   slowest PE's and rounded (at least 1), summed per cluster. The thesis
//!   asks METIS for Σ multipliers parts and gives each cluster as many; we
//!   ask for one part per cluster with target weight multiplier / Σ
//!   multipliers, the same share without letting METIS scatter a cluster's
//!   parts (its cut would be worse). Pinned objects count against their
//!   cluster's share; background load is not seen.
//! - `load` (the variant before the thesis' was followed): vertex weight =
//!   work, cluster shares from water-filling (speed, pinned work,
//!   background): the clusters get *work* in proportion to their capacity.
//!
//! METIS' part numbers are arbitrary: parts of equal share are matched to
//! the clusters holding most of their objects ([`keep_in_place`]), as
//! `metis` does for PEs, so a partition already in place moves nothing.
//!
//! With uniform objects the two agree. With objects of unequal work,
//! `messages` gives a cluster as many objects as its multiplier says, not
//! as much work, so one cluster can end up with more work than its PEs
//! can finish in the time of the others.

use super::super::Strategy;
use super::super::graph::CommGraph;
use super::super::metis::{EdgeWeight, Metis, partition, targets_of};
use super::MetisWeights;
use crate::error::LbError;
use crate::input::{CommEdge, LbInput};
use crate::model::{fixed_times, water_fill};

/// Integer speed multiplier of every PE: its speed over the slowest PE's,
/// rounded, at least 1.
pub(super) fn multipliers(speeds: &[f64]) -> Vec<u64> {
    let slowest = speeds.iter().copied().fold(f64::INFINITY, f64::min);
    speeds
        .iter()
        .map(|&s| ((s / slowest).round() as u64).max(1))
        .collect()
}

/// Phase 1: the cluster of every object (pinned objects keep their PE's
/// cluster); `graph` is `input`'s.
pub(super) fn cluster_partition(
    input: &LbInput,
    graph: &CommGraph,
    works: &[f64],
    cluster_of_pe: &[usize],
    nclusters: usize,
    weights: MetisWeights,
    strategy: &str,
) -> Result<Vec<usize>, LbError> {
    let mut obj_cluster: Vec<usize> = input.objects.iter().map(|o| cluster_of_pe[o.pe]).collect();
    let movable: Vec<usize> = (0..works.len())
        .filter(|&i| input.objects[i].migratable)
        .collect();
    if nclusters < 2 || movable.is_empty() {
        return Ok(obj_cluster);
    }
    let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
    let mut shares = vec![0.0; nclusters];
    let unit;
    let vertex_weights = match weights {
        MetisWeights::Messages => {
            let mult = multipliers(&speeds);
            let total: u64 = mult.iter().sum();
            let mut pinned = vec![0.0; nclusters];
            for (i, o) in input.objects.iter().enumerate() {
                if !o.migratable {
                    pinned[obj_cluster[i]] += 1.0;
                }
            }
            let mut cluster_mult = vec![0u64; nclusters];
            for (q, &c) in cluster_of_pe.iter().enumerate() {
                cluster_mult[c] += mult[q];
            }
            let objects = works.len() as f64;
            for c in 0..nclusters {
                shares[c] = (objects * cluster_mult[c] as f64 / total as f64 - pinned[c]).max(0.0);
            }
            unit = vec![1.0; works.len()];
            &unit[..]
        }
        MetisWeights::Load => {
            let movable_work: f64 = movable.iter().map(|&i| works[i]).sum();
            let (_, caps) = if movable_work > 0.0 {
                water_fill(&fixed_times(input, works), &speeds, movable_work)
            } else {
                (0.0, speeds.clone())
            };
            for (q, &c) in cluster_of_pe.iter().enumerate() {
                shares[c] += caps[q];
            }
            works
        }
    };
    let (targets, tpwgts) = targets_of(&shares);
    let part = partition(
        strategy,
        &movable,
        vertex_weights,
        graph,
        EdgeWeight::Messages,
        &tpwgts,
    )?;
    let slot = keep_in_place(&part, &movable, &obj_cluster, &targets, &tpwgts);
    for (l, &i) in movable.iter().enumerate() {
        obj_cluster[i] = targets[slot[part[l] as usize]];
    }
    Ok(obj_cluster)
}

/// The slot (index into `targets`) each METIS part goes to. METIS numbers
/// its parts arbitrarily, and parts of equal target weight are
/// interchangeable: they are matched to clusters so as to keep the most
/// objects in the cluster they are in (`current[i]`), greedily on overlap
/// (ties: lower part, then lower slot). The cut and the balance are the
/// partition's, unchanged; only wide-area migrations are saved (without
/// this, an input already at METIS' cut with the clusters' roles swapped
/// moved every object across the link). Parts of unequal weight keep
/// their slot.
fn keep_in_place(
    part: &[metis::Idx],
    movable: &[usize],
    current: &[usize],
    targets: &[usize],
    tpwgts: &[metis::Real],
) -> Vec<usize> {
    let n = targets.len();
    let same = |p: usize, s: usize| tpwgts[p].to_bits() == tpwgts[s].to_bits();
    let mut slot_of_cluster = vec![usize::MAX; current.iter().max().map_or(0, |&c| c + 1)];
    for (s, &c) in targets.iter().enumerate() {
        if c < slot_of_cluster.len() {
            slot_of_cluster[c] = s;
        }
    }
    let mut overlap = vec![vec![0u64; n]; n];
    for (l, &i) in movable.iter().enumerate() {
        let (p, s) = (part[l] as usize, slot_of_cluster[current[i]]);
        if s != usize::MAX && same(p, s) {
            overlap[p][s] += 1;
        }
    }
    let mut pairs: Vec<(u64, usize, usize)> = (0..n)
        .flat_map(|p| (0..n).map(move |s| (p, s)))
        .filter(|&(p, s)| same(p, s))
        .map(|(p, s)| (overlap[p][s], p, s))
        .collect();
    pairs.sort_unstable_by(|a, b| b.0.cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    let mut slot = vec![usize::MAX; n];
    let mut taken = vec![false; n];
    for (_, p, s) in pairs {
        if slot[p] == usize::MAX && !taken[s] {
            slot[p] = s;
            taken[s] = true;
        }
    }
    // Every weight class has as many slots as parts, so each part found one.
    debug_assert!(slot.iter().all(|&s| s != usize::MAX));
    slot
}

/// Phase 2 of `grid-metis`: `metis-messages` inside every cluster (vertex
/// weight = work, PE shares by water-filling, as the thesis' phase 2).
pub(super) fn metis_within_clusters(
    input: &LbInput,
    works: &[f64],
    cluster_of_pe: &[usize],
    obj_cluster: &[usize],
) -> Result<Vec<usize>, LbError> {
    let nclusters = cluster_of_pe.iter().max().map_or(0, |&c| c + 1);
    let mut pe_of = input.current_mapping().pe_of;
    let mut local_obj = vec![usize::MAX; works.len()];
    for c in 0..nclusters {
        let pes: Vec<usize> = (0..cluster_of_pe.len())
            .filter(|&q| cluster_of_pe[q] == c)
            .collect();
        let objs: Vec<usize> = (0..works.len()).filter(|&i| obj_cluster[i] == c).collect();
        if pes.is_empty() || objs.is_empty() {
            continue;
        }
        let mut local_pe = vec![usize::MAX; cluster_of_pe.len()];
        for (l, &q) in pes.iter().enumerate() {
            local_pe[q] = l;
        }
        for (l, &i) in objs.iter().enumerate() {
            local_obj[i] = l;
        }
        let sub = LbInput {
            pes: pes.iter().map(|&q| input.pes[q].clone()).collect(),
            objects: objs
                .iter()
                .map(|&i| {
                    let mut o = input.objects[i].clone();
                    if local_pe[o.pe] == usize::MAX {
                        // Arrives from another cluster: measured as if on the first PE.
                        o.pe = 0;
                        o.load_s = works[i] / input.pes[pes[0]].speed;
                    } else {
                        o.pe = local_pe[o.pe];
                    }
                    o
                })
                .collect(),
            comm: input
                .comm
                .iter()
                .filter(|e| obj_cluster[e.from] == c && obj_cluster[e.to] == c)
                .map(|e| CommEdge {
                    from: local_obj[e.from],
                    to: local_obj[e.to],
                    ..e.clone()
                })
                .collect(),
        };
        let m = Metis {
            edge_weight: EdgeWeight::Messages,
        }
        .map(&sub)?;
        for (l, &i) in objs.iter().enumerate() {
            pe_of[i] = pes[m.pe_of[l]];
        }
    }
    Ok(pe_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multipliers_are_speeds_over_the_slowest_rounded() {
        assert_eq!(multipliers(&[1.0, 2.0, 1.3, 2.6]), vec![1, 2, 1, 3]);
        assert_eq!(multipliers(&[0.5, 0.5]), vec![1, 1]);
    }
}
