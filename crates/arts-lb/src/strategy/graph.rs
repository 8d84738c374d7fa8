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
    /// Builds the adjacency of `input.comm` (indices must be valid).
    pub(super) fn build(input: &LbInput) -> Self {
        let n = input.objects.len();
        let mut pairs: Vec<(usize, usize, u64, u64)> = Vec::with_capacity(2 * input.comm.len());
        for e in &input.comm {
            if e.from != e.to {
                pairs.push((e.from, e.to, e.messages, e.bytes));
                pairs.push((e.to, e.from, e.messages, e.bytes));
            }
        }
        pairs.sort_unstable_by_key(|&(u, v, _, _)| (u, v));
        let mut xadj = vec![0usize; n + 1];
        let (mut adj, mut messages, mut bytes) = (Vec::new(), Vec::new(), Vec::new());
        let mut last: Option<(usize, usize)> = None;
        for (u, v, m, b) in pairs {
            if last == Some((u, v)) {
                *messages
                    .last_mut()
                    .expect("merged edge follows its first copy") += m;
                *bytes
                    .last_mut()
                    .expect("merged edge follows its first copy") += b;
                continue;
            }
            last = Some((u, v));
            xadj[u + 1] += 1;
            adj.push(v);
            messages.push(m);
            bytes.push(b);
        }
        for v in 0..n {
            xadj[v + 1] += xadj[v];
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
