//! Initial object mappings of the thesis (chapter 5) for 1-, 2- and 3-D
//! arrays on a clustered topology.
//!
//! - **Naive**: objects to PEs in turn, in the array's linear order,
//!   without regard to clusters ([`Map::RoundRobin`]).
//! - **Block**: the array is cut across its second dimension into one slab
//!   per cluster (sized by the cluster's PE count), and each cluster's slab
//!   into strips across its first dimension, one per PE, so that every PE
//!   owns a short run of the objects on the cluster border and many
//!   objects that talk only to local neighbours (thesis fig. 5.3). With one
//!   cluster this is [`Map::Block`]. A 1-D array (or one with fewer rows in
//!   its second dimension than clusters) is cut into contiguous runs per
//!   cluster instead.

use std::sync::Arc;

use arts_core::{Index, Map, PeId, Shape};

use crate::Topology;

/// The thesis' Naive mapping.
pub fn naive() -> Map {
    Map::RoundRobin
}

/// The thesis' Block mapping for `topology`'s clusters.
pub fn block(topology: &Topology) -> Map {
    if topology.clusters.len() <= 1 {
        return Map::Block;
    }
    let clusters: Arc<[Vec<PeId>]> = Arc::from(topology.clusters.clone());
    let pes = topology.num_pes() as u64;
    Map::Custom(Arc::new(move |idx: Index, shape: &Shape, _| {
        block_home(&clusters, pes, idx, shape)
    }))
}

/// Where Block mapping puts `idx`.
fn block_home(clusters: &[Vec<PeId>], pes: u64, idx: Index, shape: &Shape) -> PeId {
    let [nx, ny, nz] = shape.dims().map(u64::from);
    let k = clusters.len() as u64;
    let (x, y, z) = (idx.x() as u64, idx.y() as u64, idx.z() as u64);
    // Cut `extent` by cumulative PE counts: cluster c gets [lo(c), lo(c+1)).
    let cut = |extent: u64, at: u64| -> (usize, u64, u64) {
        let mut before = 0u64;
        for (c, members) in clusters.iter().enumerate() {
            let lo = extent * before / pes;
            before += members.len() as u64;
            let hi = extent * before / pes;
            if at < hi {
                return (c, lo, hi);
            }
        }
        unreachable!("`at` lies inside the extent")
    };
    let (c, rank, count) = if ny >= k {
        // Slabs across y; inside a slab, order (x, y, z): strips across x.
        let (c, y0, y1) = cut(ny, y);
        let w = y1 - y0;
        (c, (x * w + (y - y0)) * nz + z, nx * w * nz)
    } else {
        let linear = shape.linear(idx);
        let (c, lo, hi) = cut(shape.len(), linear);
        (c, linear - lo, hi - lo)
    };
    let members = &clusters[c];
    members[(rank as u128 * members.len() as u128 / count as u128) as usize]
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn layout(map: &Map, shape: Shape, pes: u32) -> Vec<PeId> {
        (0..shape.len()).map(|l| map.home(l, &shape, pes)).collect()
    }

    #[test]
    fn block_gives_every_pe_equal_objects_and_a_share_of_the_border() {
        let topo = Topology::uniform(8, 2, Duration::ZERO).unwrap();
        let shape = Shape::d2(16, 16);
        let homes = layout(&block(&topo), shape, 8);
        let mut count = [0; 8];
        let mut border = [0; 8];
        for (l, &pe) in homes.iter().enumerate() {
            count[pe as usize] += 1;
            let i = shape.index(l as u64);
            let cluster = |pe: PeId| pe / 4;
            // A border object has a neighbour in y in the other cluster.
            let across = [i.y().wrapping_sub(1), i.y() + 1]
                .into_iter()
                .filter(|&y| y < 16)
                .any(|y| {
                    cluster(homes[shape.linear(Index::from((i.x(), y))) as usize]) != cluster(pe)
                });
            border[pe as usize] += across as u32;
        }
        assert_eq!(count, [32; 8]);
        assert_eq!(border, [4; 8], "the 32 border objects spread evenly");
    }

    #[test]
    fn one_cluster_is_plain_block_and_1d_arrays_are_cut_in_runs() {
        let one = Topology::uniform(4, 1, Duration::ZERO).unwrap();
        assert!(matches!(block(&one), Map::Block));
        let two = Topology::uniform(4, 2, Duration::ZERO).unwrap();
        let homes = layout(&block(&two), Shape::d1(8), 4);
        assert_eq!(homes, vec![0, 0, 1, 1, 2, 2, 3, 3]);
    }

    #[test]
    fn uneven_clusters_and_3d_arrays_stay_in_their_cluster() {
        let mut topo = Topology::uniform(5, 2, Duration::ZERO).unwrap();
        topo.clusters = vec![vec![0, 1], vec![2, 3, 4]];
        let shape = Shape::d3(4, 10, 3);
        let homes = layout(&block(&topo), shape, 5);
        for (l, &pe) in homes.iter().enumerate() {
            let y = shape.index(l as u64).y();
            assert_eq!(pe >= 2, y >= 4, "y {y} on PE {pe}");
        }
        let mut count = [0; 5];
        homes.iter().for_each(|&p| count[p as usize] += 1);
        assert_eq!(count, [24, 24, 24, 24, 24]);
    }
}
