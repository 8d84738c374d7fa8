//! The communication graph as an undirected CSR adjacency: both directions of
//! every edge merged, parallel edges summed, self-loops dropped.

use crate::input::LbInput;

/// Undirected adjacency of the objects: neighbours of `v` are
/// `adj[xadj[v]..xadj[v + 1]]`, with summed `messages` and `bytes` per pair.
pub(crate) struct CommGraph {
    pub xadj: Vec<usize>,
    pub adj: Vec<usize>,
    pub messages: Vec<u64>,
    pub bytes: Vec<u64>,
}

impl CommGraph {
    /// Builds the adjacency of `input.comm` (indices must be valid). A
    /// counting sort by source, then a sort of each (short) neighbour list:
    /// O(e log d) for e edges of degree at most d.
    pub(super) fn build(input: &LbInput) -> Self {
        let n = input.objects.len();
        let mut start = vec![0usize; n + 1];
        for e in &input.comm {
            if e.from != e.to {
                start[e.from + 1] += 1;
                start[e.to + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut pairs: Vec<(usize, u64, u64)> = vec![(0, 0, 0); start[n]];
        for e in &input.comm {
            if e.from != e.to {
                for (u, v) in [(e.from, e.to), (e.to, e.from)] {
                    pairs[fill[u]] = (v, e.messages, e.bytes);
                    fill[u] += 1;
                }
            }
        }
        let mut xadj = vec![0usize; n + 1];
        let (mut adj, mut messages, mut bytes) = (
            Vec::with_capacity(pairs.len()),
            Vec::with_capacity(pairs.len()),
            Vec::with_capacity(pairs.len()),
        );
        for u in 0..n {
            let list = &mut pairs[start[u]..start[u + 1]];
            list.sort_unstable_by_key(|&(v, _, _)| v);
            let mut last = usize::MAX;
            for &(v, m, b) in list.iter() {
                if v == last {
                    // Parallel edges (and both directions) merge into one.
                    *messages
                        .last_mut()
                        .expect("merged edge follows its first copy") += m;
                    *bytes
                        .last_mut()
                        .expect("merged edge follows its first copy") += b;
                    continue;
                }
                last = v;
                adj.push(v);
                messages.push(m);
                bytes.push(b);
            }
            xadj[u + 1] = adj.len();
        }
        CommGraph {
            xadj,
            adj,
            messages,
            bytes,
        }
    }

    /// Edge positions of `v`'s neighbours.
    pub(super) fn edges(&self, v: usize) -> std::ops::Range<usize> {
        self.xadj[v]..self.xadj[v + 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{CommEdge, ObjInfo, PeInfo};

    #[test]
    fn merges_directions_and_parallel_edges() {
        let e = |from, to, messages, bytes| CommEdge {
            from,
            to,
            messages,
            bytes,
        };
        let input = LbInput {
            pes: vec![PeInfo::default()],
            objects: (0..3)
                .map(|id| ObjInfo {
                    id,
                    pe: 0,
                    load_s: 1.0,
                    migratable: true,
                    bytes: 0,
                })
                .collect(),
            comm: vec![e(0, 1, 1, 10), e(1, 0, 2, 20), e(2, 2, 5, 5), e(1, 2, 1, 1)],
        };
        let g = CommGraph::build(&input);
        assert_eq!(g.xadj, vec![0, 1, 3, 4]);
        assert_eq!(g.adj, vec![1, 0, 2, 1]);
        assert_eq!(g.messages, vec![3, 3, 1, 1]);
        assert_eq!(g.bytes, vec![30, 30, 1, 1]);
    }
}
