//! The within-cluster placement state both second phases share
//! ([`Placement`]), the thesis' "heaviest object" rule ([`ObjectQueue`]),
//! and `grid-comm`'s greedy (thesis §7.1.2), also `grid-hybrid`'s
//! `--grid-phase2 greedy`.
//!
//! The greedy: the next object is, among those whose work is within the
//! tolerance of the heaviest remaining, the one with the most cross-cluster
//! messages (ties: heavier); its PE is, among the PEs whose predicted time is
//! within the tolerance of the least-loaded one (scanned from the least
//! loaded, at most [`PE_WINDOW`]), the least-loaded one if it also has the
//! fewest cross-cluster messages of them, else the one with the fewest border
//! objects, then fewest cross-cluster messages. Times are speed scaled. Heaps
//! and ordered sets replace the thesis' linear searches (O(n²) there,
//! O(n log n) here).

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use super::super::graph::CommGraph;
use crate::input::LbInput;
use crate::model::{Key, fixed_times};

/// How many PEs of the tolerance window the greedy examines per object.
const PE_WINDOW: usize = 64;

/// The placement under construction: every object's PE, every PE's
/// predicted time, border objects and cross-cluster messages, and which
/// objects are placed. Pinned objects are placed from the start.
pub(super) struct Placement<'a> {
    /// Work of every object (reference seconds).
    pub works: &'a [f64],
    /// The communication graph of all objects.
    pub graph: &'a CommGraph,
    /// Cross-cluster messages of every object (0: local-only object).
    pub wide: Vec<u64>,
    /// Predicted time of every PE.
    pub load: Vec<f64>,
    /// Border objects on every PE.
    pub border: Vec<u64>,
    /// Cross-cluster messages of every PE's objects.
    pub wide_pe: Vec<u64>,
    /// Objects on every PE.
    pub holds: Vec<usize>,
    /// Whether every object has its PE yet.
    pub placed: Vec<bool>,
    /// The PE of every object (valid where `placed`).
    pub pe_of: Vec<usize>,
    /// The migratable objects of every cluster, to be placed.
    pub objs_of: Vec<Vec<usize>>,
    /// The PEs of every cluster.
    pub pes_of: Vec<Vec<usize>>,
    speeds: Vec<f64>,
}

impl<'a> Placement<'a> {
    /// Nothing placed but the pinned objects; `obj_cluster` says which cluster
    /// every object goes to (and so which objects are border objects);
    /// `graph` is `input`'s.
    pub(super) fn new(
        input: &LbInput,
        graph: &'a CommGraph,
        works: &'a [f64],
        cluster_of_pe: &[usize],
        obj_cluster: &[usize],
    ) -> Self {
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
        let npes = speeds.len();
        let nclusters = cluster_of_pe.iter().max().map_or(0, |&c| c + 1);
        let mut p = Placement {
            works,
            load: fixed_times(input, works),
            border: vec![0; npes],
            wide_pe: vec![0; npes],
            holds: vec![0; npes],
            placed: vec![false; n],
            pe_of: input.current_mapping().pe_of,
            objs_of: vec![Vec::new(); nclusters],
            pes_of: vec![Vec::new(); nclusters],
            graph,
            wide,
            speeds,
        };
        for (q, &c) in cluster_of_pe.iter().enumerate() {
            p.pes_of[c].push(q);
        }
        for (i, o) in input.objects.iter().enumerate() {
            if o.migratable {
                p.objs_of[obj_cluster[i]].push(i);
            } else {
                // Already counted in `load` by `fixed_times`.
                p.placed[i] = true;
                p.holds[o.pe] += 1;
                p.border[o.pe] += u64::from(p.wide[i] > 0);
                p.wide_pe[o.pe] += p.wide[i];
            }
        }
        p
    }

    /// Puts unplaced object `i` on PE `q`.
    pub(super) fn assign(&mut self, i: usize, q: usize) {
        debug_assert!(!self.placed[i]);
        self.placed[i] = true;
        self.pe_of[i] = q;
        self.load[q] += self.works[i] / self.speeds[q];
        self.holds[q] += 1;
        self.border[q] += u64::from(self.wide[i] > 0);
        self.wide_pe[q] += self.wide[i];
    }

    /// The PEs of cluster `c` ordered by predicted time.
    pub(super) fn pe_order(&self, c: usize) -> BTreeSet<(Key, usize)> {
        self.pes_of[c]
            .iter()
            .map(|&q| (Key(self.load[q]), q))
            .collect()
    }
}

/// Order among objects of exactly equal work and cross-cluster messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ties {
    /// Lower index first.
    ByIndex,
    /// A fixed scramble of the index (deterministic): objects of equal
    /// work are taken from all over the array rather than side by side.
    Scrambled,
}

impl Ties {
    fn key(self, i: usize) -> u64 {
        match self {
            Ties::ByIndex => i as u64,
            Ties::Scrambled => {
                // splitmix64's finalizer: a bijection on u64.
                let mut z = (i as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            }
        }
    }
}

/// The thesis' choice of "the heaviest object" among `objs`: among the
/// unplaced objects whose work is within `tolerance` of the heaviest
/// unplaced one, the one with the most cross-cluster messages (ties: the
/// heavier, then by [`Ties`]). Objects placed by other means are skipped
/// lazily. O(log n) amortized per call.
pub(super) struct ObjectQueue {
    /// Objects by work, heaviest first (equal work: by [`Ties`]).
    order: Vec<usize>,
    /// First position of `order` that may be unplaced.
    head: usize,
    /// Positions before this one have entered `window`.
    entered: usize,
    window: BinaryHeap<(u64, Key, Reverse<u64>, usize)>,
    tolerance: f64,
    ties: Ties,
}

impl ObjectQueue {
    /// A queue over `objs`.
    pub(super) fn new(mut objs: Vec<usize>, works: &[f64], tolerance: f64, ties: Ties) -> Self {
        objs.sort_unstable_by(|&a, &b| {
            works[b]
                .total_cmp(&works[a])
                .then(ties.key(a).cmp(&ties.key(b)))
        });
        ObjectQueue {
            order: objs,
            head: 0,
            entered: 0,
            window: BinaryHeap::new(),
            tolerance,
            ties,
        }
    }

    /// The work of the heaviest unplaced object, `None` when all are placed.
    pub(super) fn heaviest(&mut self, placed: &[bool], works: &[f64]) -> Option<f64> {
        while self.head < self.order.len() && placed[self.order[self.head]] {
            self.head += 1;
        }
        self.order.get(self.head).map(|&i| works[i])
    }

    /// The least work an object may have to count as within the tolerance
    /// of the heaviest unplaced one.
    pub(super) fn floor(&mut self, placed: &[bool], works: &[f64]) -> Option<f64> {
        let top = self.heaviest(placed, works)?;
        Some(((1.0 - self.tolerance) * top).min(top))
    }

    /// The next object by the rule above (not yet marked placed), or `None`.
    pub(super) fn pop(&mut self, placed: &[bool], works: &[f64], wide: &[u64]) -> Option<usize> {
        let floor = self.floor(placed, works)?;
        while self.entered < self.order.len() && works[self.order[self.entered]] >= floor {
            let i = self.order[self.entered];
            let tie = Reverse(self.ties.key(i));
            self.window.push((wide[i], Key(works[i]), tie, i));
            self.entered += 1;
        }
        while let Some((_, _, _, i)) = self.window.pop() {
            if !placed[i] {
                return Some(i);
            }
        }
        unreachable!("the heaviest unplaced object is in the window")
    }
}

/// `grid-comm`'s greedy inside cluster `c`.
pub(super) fn greedy_cluster(p: &mut Placement<'_>, c: usize, tolerance: f64) {
    let mut pes = p.pe_order(c);
    if pes.is_empty() {
        return; // A cluster without PEs has no objects either.
    }
    let mut queue = ObjectQueue::new(p.objs_of[c].clone(), p.works, tolerance, Ties::ByIndex);
    while let Some(i) = queue.pop(&p.placed, p.works, &p.wide) {
        // PE choice within the load tolerance of the least-loaded PE.
        let &(Key(min_load), first) = pes.first().expect("cluster has PEs");
        let cands: Vec<usize> = pes
            .iter()
            .take_while(|(Key(t), _)| *t <= min_load * (1.0 + tolerance))
            .take(PE_WINDOW)
            .map(|&(_, q)| q)
            .collect();
        let fewest_wide = cands.iter().map(|&q| p.wide_pe[q]).min().unwrap_or(0);
        let q = if p.wide_pe[first] <= fewest_wide {
            first
        } else {
            *cands
                .iter()
                .min_by_key(|&&q| (p.border[q], p.wide_pe[q], Key(p.load[q]), q))
                .expect("the least-loaded PE is a candidate")
        };
        pes.remove(&(Key(p.load[q]), q));
        p.assign(i, q);
        pes.insert((Key(p.load[q]), q));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_prefers_cross_cluster_messages_within_the_tolerance() {
        let works = [1.0, 0.95, 0.5, 0.92];
        let wide = [0, 3, 9, 3];
        let mut placed = vec![false; 4];
        let mut q = ObjectQueue::new(vec![0, 1, 2, 3], &works, 0.10, Ties::ByIndex);
        let mut order = Vec::new();
        while let Some(i) = q.pop(&placed, &works, &wide) {
            placed[i] = true;
            order.push(i);
        }
        // 1 and 3 tie on messages within 10% of 1.0: the heavier first; 2 is
        // too light to enter until the heavy ones are gone.
        assert_eq!(order, vec![1, 3, 0, 2]);
        assert_eq!(q.heaviest(&placed, &works), None);
    }

    #[test]
    fn the_queue_skips_objects_placed_elsewhere() {
        let works = [3.0, 2.0, 1.0];
        let mut placed = vec![false; 3];
        let mut q = ObjectQueue::new(vec![0, 1, 2], &works, 0.5, Ties::ByIndex);
        placed[0] = true;
        assert_eq!(q.heaviest(&placed, &works), Some(2.0));
        assert_eq!(q.floor(&placed, &works), Some(1.0));
        assert_eq!(q.pop(&placed, &works, &[0, 0, 5]), Some(2));
    }

    #[test]
    fn scrambled_ties_take_equal_objects_from_all_over() {
        let works = vec![1.0; 64];
        let mut placed = vec![false; 64];
        let mut q = ObjectQueue::new((0..64).collect(), &works, 0.1, Ties::Scrambled);
        let first: Vec<usize> = (0..4)
            .map(|_| {
                let i = q.pop(&placed, &works, &[0; 64]).unwrap();
                placed[i] = true;
                i
            })
            .collect();
        assert!(
            first.windows(2).all(|w| w[0].abs_diff(w[1]) > 1),
            "{first:?}"
        );
        let mut all = first;
        while let Some(i) = q.pop(&placed, &works, &[0; 64]) {
            placed[i] = true;
            all.push(i);
        }
        all.sort_unstable();
        assert_eq!(all, (0..64).collect::<Vec<_>>());
    }
}
