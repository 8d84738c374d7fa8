//! The seed technique: `grid-hybrid`'s second phase as the thesis ran it
//! (§7.3.2), with the heaps it names as future work (§7.3.4). The protocol
//! and where the text had to be interpreted are in this folder's README.md.
//!
//! Inside one cluster:
//! 1. **Seeds.** The greedy (heaviest object by [`ObjectQueue`]'s rule,
//!    lightest PE) places objects until every PE of the cluster holds one;
//!    only PEs that hold nothing are candidates, so each step seeds a new PE.
//!    Pinned objects already hold their PE and are seeds too.
//! 2. **Border objects.** Repeatedly: take the least-loaded PE; among the
//!    unplaced border objects that neighbour an object on it (every object
//!    placed there is a seed) and whose work is within the tolerance of the
//!    heaviest unplaced border object, place the one that exchanges the most
//!    messages with the PE's objects (ties: heavier, lower index). If there
//!    is none, place the heaviest unplaced border object by [`ObjectQueue`]'s
//!    rule there instead (it seeds a new region).
//! 3. **Local-only objects**, the same way, once every border object is placed.
//!
//! Cost: every message count between a placed object and an unplaced
//! neighbour is pushed once into the neighbour's PE heap ("parked", by work)
//! and moved at most once into its "ready" heap (by messages) when the
//! tolerance floor falls to its work; stale entries are dropped when popped.
//! So O((n + e) log(n + e)) for n objects and e edges, against the thesis'
//! O(n³).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::comm::{ObjectQueue, Placement, Ties};
use crate::model::Key;

/// Border objects (stage 0), then local-only ones (stage 1).
const STAGES: usize = 2;

/// Not an object of the cluster being placed.
const NOT_OURS: u8 = u8::MAX;

/// Candidates of one PE for one stage.
#[derive(Default)]
struct Candidates {
    /// Below the tolerance floor when pushed: by work, heaviest first.
    parked: BinaryHeap<(Key, u64, Reverse<usize>)>,
    /// Within the tolerance: by messages to the PE, then work, then lower index.
    ready: BinaryHeap<(u64, Key, Reverse<usize>)>,
}

/// The seed technique's state (shared by the clusters in turn: an object
/// is only ever a candidate in its own cluster).
struct Growth {
    /// Index of every PE within its cluster.
    local_pe: Vec<u32>,
    /// Stage of every object of the cluster being placed (else `NOT_OURS`).
    stage_of: Vec<u8>,
    /// Messages between object `j` and the objects of each PE of its
    /// cluster holding a neighbour of it: `(local PE, messages)` pairs in
    /// `j`'s own slots `graph.xadj[j]..` (one per neighbour at most).
    conn: Vec<(u32, u64)>,
    /// Slots of `conn` in use, per object.
    used: Vec<u32>,
    /// Per stage, a tolerance floor at least the current one (floors only
    /// fall): a candidate at or above it is pushed straight to `ready`.
    floor: [f64; STAGES],
    /// Candidates per stage, per local PE of the cluster being placed.
    cands: [Vec<Candidates>; STAGES],
}

impl Growth {
    /// Messages between unplaced object `j` and local PE `lq`'s objects.
    fn conn(&self, p: &Placement<'_>, j: usize, lq: u32) -> Option<u64> {
        let base = p.graph.xadj[j];
        self.conn[base..base + self.used[j] as usize]
            .iter()
            .find(|&&(l, _)| l == lq)
            .map(|&(_, m)| m)
    }

    /// Object `i` was placed on PE `q`: its unplaced neighbours of this
    /// cluster become (better) candidates of `q`.
    fn grow_from(&mut self, p: &Placement<'_>, i: usize, q: usize) {
        let lq = self.local_pe[q];
        for k in p.graph.edges(i) {
            let j = p.graph.adj[k];
            let stage = self.stage_of[j];
            if stage == NOT_OURS || p.placed[j] {
                continue;
            }
            let base = p.graph.xadj[j];
            let used = self.used[j] as usize;
            let slots = &mut self.conn[base..base + used];
            let conn = match slots.iter_mut().find(|(l, _)| *l == lq) {
                Some((_, m)) => {
                    *m += p.graph.messages[k];
                    *m
                }
                None => {
                    self.conn[base + used] = (lq, p.graph.messages[k]);
                    self.used[j] += 1;
                    p.graph.messages[k]
                }
            };
            let stage = usize::from(stage);
            let c = &mut self.cands[stage][lq as usize];
            let w = p.works[j];
            if w >= self.floor[stage] {
                c.ready.push((conn, Key(w), Reverse(j)));
            } else {
                c.parked.push((Key(w), conn, Reverse(j)));
            }
        }
    }

    /// The best ready candidate of stage `stage` on local PE `lq` whose work
    /// is at least `floor` (the stage's current one), removed from the
    /// heaps; `None` if there is none.
    fn best(&mut self, p: &Placement<'_>, stage: usize, lq: u32, floor: f64) -> Option<usize> {
        self.floor[stage] = floor;
        let c = &mut self.cands[stage][lq as usize];
        while let Some(&(Key(w), conn, j)) = c.parked.peek() {
            if w < floor {
                break;
            }
            c.parked.pop();
            c.ready.push((conn, Key(w), j));
        }
        while let Some((conn, _, Reverse(j))) = self.cands[stage][lq as usize].ready.pop() {
            // Stale: placed since, or pushed again with more messages.
            if !p.placed[j] && self.conn(p, j, lq) == Some(conn) {
                return Some(j);
            }
        }
        None
    }
}

/// Places the migratable objects of every cluster by the seed technique.
pub(super) fn seed_clusters(p: &mut Placement<'_>, tolerance: f64) {
    let n = p.works.len();
    let mut g = Growth {
        local_pe: vec![0; p.load.len()],
        stage_of: vec![NOT_OURS; n],
        conn: vec![(0, 0); p.graph.adj.len()],
        used: vec![0; n],
        floor: [f64::INFINITY; STAGES],
        cands: [Vec::new(), Vec::new()],
    };
    let mut pinned_of: Vec<Vec<usize>> = vec![Vec::new(); p.pes_of.len()];
    let mut cluster_of_pe = vec![0; p.load.len()];
    for (c, pes) in p.pes_of.iter().enumerate() {
        for (l, &q) in pes.iter().enumerate() {
            g.local_pe[q] = u32::try_from(l).expect("PE counts fit in u32");
            cluster_of_pe[q] = c;
        }
    }
    for i in 0..n {
        if p.placed[i] {
            pinned_of[cluster_of_pe[p.pe_of[i]]].push(i);
        }
    }
    for (c, pinned) in pinned_of.iter().enumerate() {
        seed_cluster(p, &mut g, c, pinned, tolerance);
    }
}

/// Places the migratable objects of cluster `c` (holding the pinned
/// objects `pinned`) by the seed technique.
fn seed_cluster(p: &mut Placement<'_>, g: &mut Growth, c: usize, pinned: &[usize], tolerance: f64) {
    let pes = p.pes_of[c].clone();
    let objs = p.objs_of[c].clone();
    if pes.is_empty() || objs.is_empty() {
        return;
    }
    g.cands = std::array::from_fn(|_| (0..pes.len()).map(|_| Candidates::default()).collect());
    let mut by_stage: [Vec<usize>; STAGES] = [Vec::new(), Vec::new()];
    for &i in &objs {
        let stage = usize::from(p.wide[i] == 0);
        g.stage_of[i] = stage as u8;
        by_stage[stage].push(i);
    }
    let mut queues =
        by_stage.map(|members| ObjectQueue::new(members, p.works, tolerance, Ties::Scrambled));
    for (stage, queue) in queues.iter_mut().enumerate() {
        g.floor[stage] = queue.floor(&p.placed, p.works).unwrap_or(f64::INFINITY);
    }
    // Pinned objects on this cluster's PEs are seeds.
    for &i in pinned {
        g.grow_from(p, i, p.pe_of[i]);
    }
    // 1. Seeds: the greedy, on PEs that hold nothing yet, lightest first.
    let mut empty: Vec<usize> = pes.iter().copied().filter(|&q| p.holds[q] == 0).collect();
    empty.sort_unstable_by(|&a, &b| p.load[b].total_cmp(&p.load[a]).then(b.cmp(&a)));
    let mut all = ObjectQueue::new(objs, p.works, tolerance, Ties::Scrambled);
    while let Some(q) = empty.pop() {
        let Some(i) = all.pop(&p.placed, p.works, &p.wide) else {
            break;
        };
        p.assign(i, q);
        g.grow_from(p, i, q);
    }
    // 2 and 3: grow every PE from its objects, border objects first.
    let mut order = p.pe_order(c);
    for (stage, queue) in queues.iter_mut().enumerate() {
        while let Some(floor) = queue.floor(&p.placed, p.works) {
            let &(_, q) = order.first().expect("the cluster has PEs");
            let i = match g.best(p, stage, g.local_pe[q], floor) {
                Some(i) => i,
                None => queue
                    .pop(&p.placed, p.works, &p.wide)
                    .expect("an unplaced object is left"),
            };
            order.remove(&(Key(p.load[q]), q));
            p.assign(i, q);
            order.insert((Key(p.load[q]), q));
            g.grow_from(p, i, q);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::graph::CommGraph;
    use super::*;
    use crate::input::{CommEdge, LbInput, ObjInfo, PeInfo};

    /// A chain 0 - 1 - ... - (n-1) of unit objects on one cluster of `pes`
    /// PEs, all on PE 0, with `heavy` messages on the edge (a, b) named.
    fn chain(n: usize, pes: usize, heavy: Option<(usize, usize)>) -> LbInput {
        LbInput {
            pes: (0..pes)
                .map(|_| PeInfo {
                    cluster: Some(0),
                    ..PeInfo::default()
                })
                .collect(),
            objects: (0..n)
                .map(|i| ObjInfo {
                    id: i as u64,
                    pe: 0,
                    load_s: 1.0,
                    migratable: true,
                    bytes: 1,
                })
                .collect(),
            comm: (0..n - 1)
                .map(|i| CommEdge {
                    from: i,
                    to: i + 1,
                    messages: if heavy == Some((i, i + 1)) { 10 } else { 1 },
                    bytes: 8,
                })
                .collect(),
        }
    }

    fn place(input: &LbInput, tolerance: f64) -> Vec<usize> {
        let works = input.works();
        let cluster_of_pe = vec![0; input.pes.len()];
        let obj_cluster = vec![0; works.len()];
        let graph = CommGraph::build(input);
        let mut p = Placement::new(input, &graph, &works, &cluster_of_pe, &obj_cluster);
        seed_clusters(&mut p, tolerance);
        assert!(p.placed.iter().all(|&b| b));
        p.pe_of
    }

    #[test]
    fn each_pe_grows_a_contiguous_run_of_a_chain() {
        // 24 equal objects on 3 PEs: three seeds apart from each other
        // (scrambled ties), then each PE takes the neighbour of its run.
        let pe_of = place(&chain(24, 3, None), 0.10);
        let mut count = [0; 3];
        for &q in &pe_of {
            count[q] += 1;
        }
        assert_eq!(count, [8, 8, 8]);
        // Runs, not a round robin (which would cut all 23 edges).
        let cut = pe_of.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(cut <= 6, "{pe_of:?}");
    }

    #[test]
    fn the_neighbour_exchanging_most_messages_comes_first() {
        // Seeds s0 (object 0, heaviest) on PE 0 and s1 (object 1) on PE 1;
        // objects 2 and 3 neighbour both. PE 1 is lighter and chooses first:
        // it exchanges 5 messages with 3 and 1 with 2, so it takes 3 (the
        // higher index), and PE 0 gets 2.
        let obj = |id: u64, load_s: f64| ObjInfo {
            id,
            pe: 0,
            load_s,
            migratable: true,
            bytes: 1,
        };
        let edge = |from, to, messages| CommEdge {
            from,
            to,
            messages,
            bytes: 8,
        };
        let input = LbInput {
            pes: vec![
                PeInfo {
                    cluster: Some(0),
                    ..PeInfo::default()
                };
                2
            ],
            objects: vec![obj(0, 1.2), obj(1, 1.1), obj(2, 1.0), obj(3, 1.0)],
            comm: vec![edge(0, 2, 10), edge(0, 3, 1), edge(1, 2, 1), edge(1, 3, 5)],
        };
        assert_eq!(place(&input, 0.10), vec![0, 1, 0, 1]);
    }

    #[test]
    fn heavy_objects_are_not_held_back_by_neighbours_outside_the_tolerance() {
        // Chain of 4 on 2 PEs; object 3 is three times heavier than the rest.
        let mut input = chain(4, 2, None);
        input.objects[3].load_s = 3.0;
        let pe_of = place(&input, 0.10);
        // Object 3 seeds one PE; the three unit objects go to the other one,
        // so that both finish at 3.
        assert_ne!(pe_of[3], pe_of[0]);
        assert_eq!(pe_of[0], pe_of[1]);
        assert_eq!(pe_of[1], pe_of[2]);
    }

    #[test]
    fn border_objects_are_placed_before_local_only_ones() {
        // Objects 0..4 are border objects (partners in cluster 1, on PE 2),
        // 4..8 local-only, all equal: the first four placements in cluster 0
        // (two PEs) are the border objects, two per PE.
        let mut input = chain(8, 3, None);
        input.pes[2].cluster = Some(1);
        input.objects.push(ObjInfo {
            id: 8,
            pe: 2,
            load_s: 1.0,
            migratable: false,
            bytes: 1,
        });
        for i in 0..4 {
            input.comm.push(CommEdge {
                from: i,
                to: 8,
                messages: 1,
                bytes: 8,
            });
        }
        let works = input.works();
        let cluster_of_pe = vec![0, 0, 1];
        let obj_cluster: Vec<usize> = (0..9).map(|i| usize::from(i == 8)).collect();
        let graph = CommGraph::build(&input);
        let mut p = Placement::new(&input, &graph, &works, &cluster_of_pe, &obj_cluster);
        seed_clusters(&mut p, 0.10);
        let mut border = [0; 2];
        for i in 0..4 {
            border[p.pe_of[i]] += 1;
        }
        assert_eq!(border, [2, 2], "{:?}", p.pe_of);
        assert_eq!(p.pe_of[8], 2);
    }
}
