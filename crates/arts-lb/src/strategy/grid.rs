//! The grid topology-aware strategies of the thesis (ch. 7), using
//! `PeInfo::cluster`: `grid-comm`, `grid-metis` and `grid-hybrid`.
//!
//! - `grid-comm` (7.1): objects never leave their cluster. Per cluster, a
//!   greedy places objects: the next object is, among those whose work is
//!   within `tolerance` [10%] of the heaviest remaining, the one with the most
//!   cross-cluster messages (ties: heavier); its PE is, among the PEs whose
//!   predicted time is within `tolerance` of the least-loaded one (scanned
//!   from the least loaded, at most 64), the least-loaded one if it also has
//!   the fewest cross-cluster messages of them, else the one with the fewest
//!   border objects, then fewest cross-cluster messages. Times are speed
//!   scaled. Heaps and ordered sets replace the thesis' linear searches
//!   (O(n²) there, O(n log n) here).
//! - `grid-metis` (7.2): phase 1 partitions the migratable objects among
//!   clusters with METIS (edge weight = messages; vertex weight = work, where
//!   the thesis ignored vertex weights, so that clusters get work in
//!   proportion to their capacity); phase 2 runs `metis-messages` inside each
//!   cluster. Cluster and PE shares come from water-filling (speed, pinned
//!   load, background), the continuous form of the thesis' speed multipliers.
//! - `grid-hybrid` (7.3): phase 1 of `grid-metis`, then `grid-comm`'s
//!   placement inside each cluster.
//!
//! All three need a cluster on every PE (`arts lb generate --clusters C`).

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use super::Strategy;
use super::graph::CommGraph;
use super::metis::{EdgeWeight, Metis, partition, targets_of};
use crate::error::LbError;
use crate::input::{CommEdge, LbInput};
use crate::mapping::Mapping;
use crate::model::{Key, fixed_times, water_fill};

/// How many PEs of the tolerance window `grid-comm` examines per object.
const PE_WINDOW: usize = 64;

/// Dense cluster index of every PE, and the number of clusters.
fn clusters(input: &LbInput, strategy: &str) -> Result<(Vec<usize>, usize), LbError> {
    let mut ids: Vec<u32> = Vec::with_capacity(input.pes.len());
    for (q, p) in input.pes.iter().enumerate() {
        ids.push(p.cluster.ok_or_else(|| LbError::Unsupported {
            strategy: strategy.to_string(),
            reason: format!(
                "PE {q} has no cluster (every PE needs one; `arts lb generate --clusters C` makes them)"
            ),
        })?);
    }
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let dense = ids
        .iter()
        .map(|c| distinct.binary_search(c).expect("id is in its own list"))
        .collect();
    Ok((dense, distinct.len()))
}

/// `grid-comm` placement: every migratable object is placed on a PE of
/// `obj_cluster[i]`; pinned objects stay. `obj_cluster` also defines which
/// objects are border objects (a partner in another cluster).
fn grid_comm_place(
    input: &LbInput,
    works: &[f64],
    cluster_of_pe: &[usize],
    obj_cluster: &[usize],
    tolerance: f64,
) -> Vec<usize> {
    let graph = CommGraph::build(input);
    let n = works.len();
    let wide: Vec<u64> = (0..n)
        .map(|i| {
            graph
                .edges(i)
                .filter(|&k| obj_cluster[graph.adj[k]] != obj_cluster[i])
                .map(|k| graph.messages[k])
                .sum()
        })
        .collect();
    let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
    let mut load = fixed_times(input, works);
    let mut border = vec![0u64; speeds.len()];
    let mut wide_pe = vec![0u64; speeds.len()];
    let mut pe_of = input.current_mapping().pe_of;
    let nclusters = cluster_of_pe.iter().max().map_or(0, |&c| c + 1);
    let mut objs_of: Vec<Vec<usize>> = vec![Vec::new(); nclusters];
    for (i, o) in input.objects.iter().enumerate() {
        if o.migratable {
            objs_of[obj_cluster[i]].push(i);
        } else {
            border[o.pe] += u64::from(wide[i] > 0);
            wide_pe[o.pe] += wide[i];
        }
    }
    for (c, objs) in objs_of.iter_mut().enumerate() {
        objs.sort_unstable_by(|&a, &b| works[b].total_cmp(&works[a]).then(a.cmp(&b)));
        let mut pes: BTreeSet<(Key, usize)> = (0..speeds.len())
            .filter(|&q| cluster_of_pe[q] == c)
            .map(|q| (Key(load[q]), q))
            .collect();
        if pes.is_empty() {
            continue; // A cluster without PEs has no objects either.
        }
        let mut taken = vec![false; objs.len()];
        let (mut head, mut entered) = (0, 0);
        // Objects in the tolerance window: most cross-cluster messages, then heaviest.
        let mut window: BinaryHeap<(u64, Key, Reverse<usize>)> = BinaryHeap::new();
        for _ in 0..objs.len() {
            while taken[head] {
                head += 1;
            }
            let floor = ((1.0 - tolerance) * works[objs[head]]).min(works[objs[head]]);
            while entered < objs.len() && works[objs[entered]] >= floor {
                let i = objs[entered];
                window.push((wide[i], Key(works[i]), Reverse(entered)));
                entered += 1;
            }
            let k = loop {
                let (_, _, Reverse(k)) =
                    window.pop().expect("the heaviest object is in the window");
                if !taken[k] {
                    break k;
                }
            };
            taken[k] = true;
            let i = objs[k];
            // PE choice within the load tolerance of the least-loaded PE.
            let &(Key(min_load), first) = pes.first().expect("cluster has PEs");
            let cands: Vec<usize> = pes
                .iter()
                .take_while(|(Key(t), _)| *t <= min_load * (1.0 + tolerance))
                .take(PE_WINDOW)
                .map(|&(_, q)| q)
                .collect();
            let fewest_wide = cands.iter().map(|&q| wide_pe[q]).min().unwrap_or(0);
            let q = if wide_pe[first] <= fewest_wide {
                first
            } else {
                *cands
                    .iter()
                    .min_by_key(|&&q| (border[q], wide_pe[q], Key(load[q]), q))
                    .expect("the least-loaded PE is a candidate")
            };
            pes.remove(&(Key(load[q]), q));
            load[q] += works[i] / speeds[q];
            border[q] += u64::from(wide[i] > 0);
            wide_pe[q] += wide[i];
            pes.insert((Key(load[q]), q));
            pe_of[i] = q;
        }
    }
    pe_of
}

/// Phase 1 of `grid-metis`: the cluster of every object (pinned objects keep
/// their PE's cluster).
fn cluster_partition(
    input: &LbInput,
    works: &[f64],
    cluster_of_pe: &[usize],
    nclusters: usize,
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
    let movable_work: f64 = movable.iter().map(|&i| works[i]).sum();
    let (_, caps) = if movable_work > 0.0 {
        water_fill(&fixed_times(input, works), &speeds, movable_work)
    } else {
        (0.0, speeds.clone())
    };
    let mut cluster_caps = vec![0.0; nclusters];
    for (q, &c) in cluster_of_pe.iter().enumerate() {
        cluster_caps[c] += caps[q];
    }
    let (targets, tpwgts) = targets_of(&cluster_caps);
    let graph = CommGraph::build(input);
    let part = partition(
        strategy,
        &movable,
        works,
        &graph,
        EdgeWeight::Messages,
        &tpwgts,
    )?;
    for (l, &i) in movable.iter().enumerate() {
        obj_cluster[i] = targets[part[l] as usize];
    }
    Ok(obj_cluster)
}

/// Phase 2 of `grid-metis`: `metis-messages` inside every cluster.
fn metis_within_clusters(
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

/// `grid-comm`: per-cluster greedy spreading border objects evenly.
#[derive(Clone, Copy, Debug)]
pub struct GridComm {
    /// Load tolerance of the selection rules (default 0.10, the thesis' 10%).
    pub tolerance: f64,
}

impl Default for GridComm {
    fn default() -> Self {
        GridComm { tolerance: 0.10 }
    }
}

impl Strategy for GridComm {
    fn topology_aware(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "grid-comm"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let (cluster_of_pe, _) = clusters(input, self.name())?;
        let works = input.works();
        let obj_cluster: Vec<usize> = input.objects.iter().map(|o| cluster_of_pe[o.pe]).collect();
        Ok(Mapping {
            pe_of: grid_comm_place(input, &works, &cluster_of_pe, &obj_cluster, self.tolerance),
        })
    }
}

/// `grid-metis`: two-phase METIS (clusters by messages, then PEs by load + messages).
#[derive(Clone, Copy, Debug, Default)]
pub struct GridMetis;

impl Strategy for GridMetis {
    fn topology_aware(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "grid-metis"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let (cluster_of_pe, nclusters) = clusters(input, self.name())?;
        let works = input.works();
        let obj_cluster = cluster_partition(input, &works, &cluster_of_pe, nclusters, self.name())?;
        Ok(Mapping {
            pe_of: metis_within_clusters(input, &works, &cluster_of_pe, &obj_cluster)?,
        })
    }
}

/// `grid-hybrid`: phase 1 of `grid-metis`, then `grid-comm` within clusters.
#[derive(Clone, Copy, Debug)]
pub struct GridHybrid {
    /// Load tolerance of the `grid-comm` phase (default 0.10).
    pub tolerance: f64,
}

impl Default for GridHybrid {
    fn default() -> Self {
        GridHybrid { tolerance: 0.10 }
    }
}

impl Strategy for GridHybrid {
    fn topology_aware(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "grid-hybrid"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let (cluster_of_pe, nclusters) = clusters(input, self.name())?;
        let works = input.works();
        let obj_cluster = cluster_partition(input, &works, &cluster_of_pe, nclusters, self.name())?;
        Ok(Mapping {
            pe_of: grid_comm_place(input, &works, &cluster_of_pe, &obj_cluster, self.tolerance),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GenSpec, Kind, generate};
    use crate::stats::evaluate;

    fn mesh(objects: usize, pes: usize, clusters: usize) -> LbInput {
        let mut spec = GenSpec::new(objects, pes, Kind::Mesh, 11);
        spec.clusters = clusters;
        generate(&spec).steps.remove(0).input
    }

    fn cluster_cut(input: &LbInput, pe_of: &[usize]) -> u64 {
        let cl = |q: usize| input.pes[q].cluster.unwrap();
        input
            .comm
            .iter()
            .filter(|e| cl(pe_of[e.from]) != cl(pe_of[e.to]))
            .map(|e| e.messages)
            .sum()
    }

    #[test]
    fn grid_comm_keeps_objects_in_their_cluster_and_balances() {
        let input = mesh(1024, 8, 2);
        let m = GridComm::default().map(&input).unwrap();
        m.check(&input, "grid-comm").unwrap();
        for (o, &pe) in input.objects.iter().zip(&m.pe_of) {
            assert_eq!(input.pes[o.pe].cluster, input.pes[pe].cluster);
        }
        // The hot disc sits in one cluster: within-cluster balance only, but
        // no PE is worse than before.
        let before = evaluate(&input, &input.current_mapping());
        let after = evaluate(&input, &m);
        assert!(after.max_load_s <= before.max_load_s);
    }

    #[test]
    fn grid_comm_spreads_border_objects() {
        let input = mesh(1024, 8, 2);
        let m = GridComm::default().map(&input).unwrap();
        let obj_cluster: Vec<usize> = input
            .objects
            .iter()
            .map(|o| input.pes[o.pe].cluster.unwrap() as usize)
            .collect();
        let graph = CommGraph::build(&input);
        let spread = |pe_of: &[usize]| {
            let mut border = [0; 8];
            for i in 0..input.objects.len() {
                if graph
                    .edges(i)
                    .any(|k| obj_cluster[graph.adj[k]] != obj_cluster[i])
                {
                    border[pe_of[i]] += 1;
                }
            }
            border.iter().max().unwrap() - border.iter().min().unwrap()
        };
        // Block mapping: all 64 border objects on the two PEs at the cluster edge.
        assert_eq!(spread(&input.current_mapping().pe_of), 32);
        assert!(spread(&m.pe_of) <= 4, "{}", spread(&m.pe_of));
    }

    #[test]
    fn grid_metis_and_hybrid_cut_few_cluster_edges() {
        let input = mesh(2048, 8, 2);
        let metis = GridMetis.map(&input).unwrap();
        let hybrid = GridHybrid::default().map(&input).unwrap();
        let classic = super::super::Greedy::classic().map(&input).unwrap();
        for m in [&metis, &hybrid] {
            m.check(&input, "grid").unwrap();
            let s = evaluate(&input, m);
            assert!(s.max_avg_ratio <= 1.1, "{s:?}");
            assert!(cluster_cut(&input, &m.pe_of) * 4 < cluster_cut(&input, &classic.pe_of));
        }
        assert!(evaluate(&input, &metis).comm_cut_bytes < evaluate(&input, &hybrid).comm_cut_bytes);
    }

    #[test]
    fn missing_clusters_are_an_error() {
        let input = mesh(64, 4, 0);
        for s in [
            &GridComm::default() as &dyn Strategy,
            &GridMetis,
            &GridHybrid::default(),
        ] {
            assert!(matches!(s.map(&input), Err(LbError::Unsupported { .. })));
        }
    }
}
