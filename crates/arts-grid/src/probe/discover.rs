//! Clusters PEs by measured latency: the largest jump between consecutive
//! sorted pair latencies separates "near" from "far" when it is at least
//! `gap`; PEs joined by near pairs form a cluster.

use serde::Serialize;

use super::LatencyMatrix;
use crate::topology::Topology;
use arts_util::stats::median;

/// The default jump (ratio) between intra- and inter-cluster latencies.
pub const DEFAULT_GAP: f64 = 10.0;

/// Pair latencies below this (ms) count as this when taking ratios, so
/// that a near-zero value does not make an infinite jump.
const FLOOR_MS: f64 = 1e-6;

/// What [`discover`] found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Discovery {
    /// The clusters, with the median measured latency between them (ms,
    /// symmetric); one cluster when they could not be separated.
    pub topology: Topology,
    /// Whether a jump of at least `gap` separated two or more clusters.
    pub separated: bool,
    /// The latency (ms) between near and far pairs; `None` when not separated.
    pub threshold_ms: Option<f64>,
    /// Median latency of pairs within a cluster, ms (`None` with 1 PE).
    pub intra_median_ms: Option<f64>,
    /// Median latency of pairs in different clusters, ms (`None` when not separated).
    pub inter_median_ms: Option<f64>,
}

/// Clusters the PEs of `matrix`: sorts the pair latencies (both directions
/// averaged), finds the largest ratio between consecutive values and, when
/// it is at least `gap` (> 1), joins the PEs of every pair below it. A
/// split must be consistent (every pair inside a cluster near, every pair
/// across far); otherwise, or without such a jump, all PEs form one cluster.
pub fn discover(matrix: &LatencyMatrix, gap: f64) -> Discovery {
    let n = matrix.ms.len();
    let mut pairs: Vec<f64> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .map(|(a, b)| matrix.pair(a, b))
        .collect();
    pairs.sort_by(f64::total_cmp);
    let split = pairs
        .windows(2)
        .map(|w| (w[1].max(FLOOR_MS) / w[0].max(FLOOR_MS), w))
        .max_by(|x, y| x.0.total_cmp(&y.0))
        .filter(|(ratio, _)| *ratio >= gap)
        .map(|(_, w)| (w[0].max(FLOOR_MS) * w[1].max(FLOOR_MS)).sqrt());
    let clusters = split
        .and_then(|threshold| consistent_clusters(matrix, threshold))
        .unwrap_or_else(|| vec![(0..n as u32).collect()]);
    let separated = clusters.len() > 1;
    let of = cluster_of(&clusters, n);
    let (mut intra, mut inter) = (Vec::new(), Vec::new());
    for a in 0..n {
        for b in a + 1..n {
            let side = if of[a] == of[b] {
                &mut intra
            } else {
                &mut inter
            };
            side.push(matrix.pair(a, b));
        }
    }
    let med = |v: &[f64]| (!v.is_empty()).then(|| median(v));
    Discovery {
        topology: cluster_topology(matrix, clusters, &of),
        separated,
        threshold_ms: split.filter(|_| separated),
        intra_median_ms: med(&intra),
        inter_median_ms: med(&inter),
    }
}

/// Union-find over the pairs below `threshold`; `None` unless there are
/// two or more clusters and every pair is on the right side of it.
fn consistent_clusters(matrix: &LatencyMatrix, threshold: f64) -> Option<Vec<Vec<u32>>> {
    let n = matrix.ms.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for a in 0..n {
        for b in a + 1..n {
            if matrix.pair(a, b) < threshold {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    let mut clusters: Vec<Vec<u32>> = Vec::new();
    let mut index_of_root = vec![usize::MAX; n];
    for pe in 0..n {
        let r = root(&mut parent, pe);
        if index_of_root[r] == usize::MAX {
            index_of_root[r] = clusters.len();
            clusters.push(Vec::new());
        }
        clusters[index_of_root[r]].push(pe as u32);
    }
    let of = cluster_of(&clusters, n);
    let consistent =
        (0..n).all(|a| (a + 1..n).all(|b| (of[a] == of[b]) == (matrix.pair(a, b) < threshold)));
    (clusters.len() > 1 && consistent).then_some(clusters)
}

fn cluster_of(clusters: &[Vec<u32>], n: usize) -> Vec<usize> {
    let mut of = vec![0; n];
    for (c, list) in clusters.iter().enumerate() {
        for &pe in list {
            of[pe as usize] = c;
        }
    }
    of
}

/// The topology of `clusters`: between two clusters the median of the
/// measured cross pairs (both directions), ms.
fn cluster_topology(matrix: &LatencyMatrix, clusters: Vec<Vec<u32>>, of: &[usize]) -> Topology {
    let k = clusters.len();
    let mut cross: Vec<Vec<Vec<f64>>> = vec![vec![Vec::new(); k]; k];
    let n = matrix.ms.len();
    for a in 0..n {
        for b in 0..n {
            let (ca, cb) = (of[a].min(of[b]), of[a].max(of[b]));
            if ca != cb {
                cross[ca][cb].push(matrix.ms[a][b]);
            }
        }
    }
    let mut latency_ms = vec![vec![0.0; k]; k];
    for a in 0..k {
        for b in a + 1..k {
            let v = median(&cross[a][b]);
            latency_ms[a][b] = v;
            latency_ms[b][a] = v;
        }
    }
    Topology {
        clusters,
        latency_ms,
        jitter_ms: 0.0,
        asymmetric: false,
        bandwidth_mbit_s: None,
        overhead_us: None,
        speeds: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A matrix for `cluster_of` (PE → cluster) with `near` ms inside a
    /// cluster and `far[c][d]` between, plus a deterministic ±`noise` share.
    fn synthetic(cluster_of: &[usize], near: f64, far: &[Vec<f64>], noise: f64) -> LatencyMatrix {
        let n = cluster_of.len();
        let ms = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| {
                        if a == b {
                            return 0.0;
                        }
                        let wobble = 1.0 + noise * (((a * 7 + b * 13) % 11) as f64 / 5.0 - 1.0);
                        let (ca, cb) = (cluster_of[a], cluster_of[b]);
                        wobble * if ca == cb { near } else { far[ca][cb] }
                    })
                    .collect()
            })
            .collect();
        LatencyMatrix { ms }
    }

    #[test]
    fn finds_two_clusters() {
        let far = vec![vec![0.0, 8.0], vec![8.0, 0.0]];
        let m = synthetic(&[0, 0, 1, 1, 0, 1], 0.01, &far, 0.2);
        let d = discover(&m, DEFAULT_GAP);
        assert!(d.separated);
        assert_eq!(d.topology.clusters, vec![vec![0, 1, 4], vec![2, 3, 5]]);
        let l = d.topology.latency_ms[0][1];
        assert!((l - 8.0).abs() < 2.0, "{l}");
        assert_eq!(d.topology.latency_ms[1][0], l);
        let t = d.threshold_ms.unwrap();
        assert!(t > 0.012 && t < 6.4, "{t}");
        assert!(d.intra_median_ms.unwrap() < 0.02 && d.inter_median_ms.unwrap() > 6.0);
        d.topology.validate(6).unwrap();
    }

    #[test]
    fn finds_three_clusters_with_different_latencies() {
        let far = vec![
            vec![0.0, 5.0, 40.0],
            vec![5.0, 0.0, 20.0],
            vec![40.0, 20.0, 0.0],
        ];
        let m = synthetic(&[0, 1, 2, 0, 1, 2, 2], 0.002, &far, 0.1);
        let d = discover(&m, DEFAULT_GAP);
        assert!(d.separated);
        assert_eq!(
            d.topology.clusters,
            vec![vec![0, 3], vec![1, 4], vec![2, 5, 6]]
        );
        let l = &d.topology.latency_ms;
        assert!(
            (l[0][1] - 5.0).abs() < 1.0 && (l[0][2] - 40.0).abs() < 5.0,
            "{l:?}"
        );
        assert!((l[1][2] - 20.0).abs() < 3.0, "{l:?}");
    }

    #[test]
    fn no_gap_gives_one_cluster() {
        let far = vec![vec![0.0, 0.03], vec![0.03, 0.0]];
        let m = synthetic(&[0, 0, 1, 1], 0.01, &far, 0.3);
        let d = discover(&m, DEFAULT_GAP);
        assert!(!d.separated);
        assert_eq!(d.topology.clusters, vec![vec![0, 1, 2, 3]]);
        assert_eq!(d.threshold_ms, None);
        assert_eq!(d.inter_median_ms, None);
        assert!(d.intra_median_ms.unwrap() > 0.0);
        // A smaller gap does separate them.
        assert!(discover(&m, 2.0).separated);
    }

    #[test]
    fn inconsistent_or_tiny_inputs_give_one_cluster() {
        // PE 2 is far from PE 0 but near PE 1, which is near PE 0.
        let ms = vec![
            vec![0.0, 0.01, 5.0],
            vec![0.01, 0.0, 0.01],
            vec![5.0, 0.01, 0.0],
        ];
        let d = discover(&LatencyMatrix { ms }, DEFAULT_GAP);
        assert!(!d.separated);
        assert_eq!(d.topology.clusters.len(), 1);
        let one = discover(
            &LatencyMatrix {
                ms: vec![vec![0.0]],
            },
            DEFAULT_GAP,
        );
        assert_eq!(one.topology.clusters, vec![vec![0]]);
        assert_eq!(one.intra_median_ms, None);
    }
}
