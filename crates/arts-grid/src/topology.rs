//! A grid topology: which PEs form which cluster, the one-way latency
//! between clusters, optional jitter, optional bandwidth and per-message
//! overhead of each link between clusters, and optional per-PE speeds.

mod check;
mod file;
pub mod link;
mod locate;

use std::time::Duration;

use arts_core::PeId;
use serde::{Deserialize, Serialize};

pub use check::{MAX_LATENCY_MS, MAX_SPEED, MIN_SPEED, speed_accepted};
pub use file::Shown;
pub use link::LinkCost;

/// Clusters of PEs and the wide-area latency between them.
///
/// The file form (TOML or JSON, same keys) is this struct serialized:
/// `clusters` (PE lists), `latency_ms` (one-way, one row per cluster),
/// optional `jitter_ms`, `asymmetric`, `bandwidth_mbit_s` and
/// `overhead_us` (one row per cluster, like `latency_ms`) and `speeds`
/// (one per PE).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Topology {
    /// The PEs of each cluster; every PE of the run in exactly one.
    pub clusters: Vec<Vec<PeId>>,
    /// One-way latency in milliseconds from cluster `a` to cluster `b`
    /// (`latency_ms[a][b]`); the diagonal is 0 (within a cluster nothing is added).
    pub latency_ms: Vec<Vec<f64>>,
    /// Largest extra delay, ms, drawn uniformly per cross-cluster message.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub jitter_ms: f64,
    /// Whether `latency_ms` (and `bandwidth_mbit_s`, `overhead_us`) may
    /// differ between `a → b` and `b → a`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub asymmetric: bool,
    /// Bandwidth in Mbit/s of the link from cluster `a` to cluster `b`
    /// (`bandwidth_mbit_s[a][b]`, the diagonal 0); `None`: unlimited, bytes
    /// cost nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bandwidth_mbit_s: Option<Vec<Vec<f64>>>,
    /// Time in µs every message from cluster `a` to cluster `b` occupies
    /// their link before its bytes (`overhead_us[a][b]`, the diagonal 0);
    /// `None`: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overhead_us: Option<Vec<Vec<f64>>>,
    /// Relative speed of each PE (1.0: full speed); `None`: all full speed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speeds: Option<Vec<f64>>,
}

fn is_zero(v: &f64) -> bool {
    *v == 0.0
}

/// Why a topology could not be built or read.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TopologyError {
    /// An invalid value (the message says what was wrong and what is accepted).
    #[error("{0}")]
    Invalid(String),
    /// A topology file could not be read (missing, not a regular file, too large).
    #[error("{file}: {message}")]
    Read {
        /// The file as given.
        file: String,
        /// Why it could not be read (`cannot read it: …`, `is a FIFO …`).
        message: String,
    },
    /// A topology file that is malformed or fails a check, at a line.
    #[error("{file}:{line}: {message}")]
    InFile {
        /// The file as given.
        file: String,
        /// The 1-based line the problem is on.
        line: usize,
        /// What was wrong; what is accepted.
        message: String,
    },
}

impl Topology {
    /// `pes` PEs split into `k` contiguous groups (sizes differing by at
    /// most one), `latency` one way between any two of them.
    pub fn uniform(pes: u32, k: u32, latency: Duration) -> Result<Topology, TopologyError> {
        if k == 0 || k > pes {
            return Err(TopologyError::Invalid(format!(
                "--clusters {k}: give between 1 and the number of PEs ({pes})"
            )));
        }
        let clusters = (0..k)
            .map(|c| {
                let lo = (c as u64 * pes as u64 / k as u64) as PeId;
                let hi = ((c as u64 + 1) * pes as u64 / k as u64) as PeId;
                (lo..hi).collect()
            })
            .collect();
        let ms = latency.as_secs_f64() * 1e3;
        let latency_ms = (0..k)
            .map(|a| (0..k).map(|b| if a == b { 0.0 } else { ms }).collect())
            .collect();
        Ok(Topology {
            clusters,
            latency_ms,
            jitter_ms: 0.0,
            asymmetric: false,
            bandwidth_mbit_s: None,
            overhead_us: None,
            speeds: None,
        })
    }

    /// Number of PEs in all clusters.
    pub fn num_pes(&self) -> u32 {
        self.clusters.iter().map(|c| c.len() as u32).sum()
    }

    /// The cluster of every PE, indexed by PE.
    pub fn cluster_of_pes(&self) -> Vec<u32> {
        let mut of = vec![0; self.num_pes() as usize];
        for (c, pes) in self.clusters.iter().enumerate() {
            for &pe in pes {
                of[pe as usize] = c as u32;
            }
        }
        of
    }

    /// One cluster per host: `host_of_pe[p]` names the host PE `p` runs on
    /// (`--topology hosts`; the caller gathers the names). Clusters are
    /// numbered in the order their hosts first appear; no latency is
    /// emulated between them (the network has its own).
    pub fn hosts<S: AsRef<str>>(host_of_pe: &[S]) -> Result<Topology, TopologyError> {
        if host_of_pe.is_empty() {
            return Err(TopologyError::Invalid(
                "--topology hosts: no PEs; at least one PE accepted".into(),
            ));
        }
        let mut names: Vec<&str> = Vec::new();
        let mut clusters: Vec<Vec<PeId>> = Vec::new();
        for (pe, host) in host_of_pe.iter().enumerate() {
            let host = host.as_ref();
            let c = match names.iter().position(|&n| n == host) {
                Some(c) => c,
                None => {
                    names.push(host);
                    clusters.push(Vec::new());
                    names.len() - 1
                }
            };
            clusters[c].push(pe as PeId);
        }
        let k = clusters.len();
        Ok(Topology {
            clusters,
            latency_ms: vec![vec![0.0; k]; k],
            jitter_ms: 0.0,
            asymmetric: false,
            bandwidth_mbit_s: None,
            overhead_us: None,
            speeds: None,
        })
    }

    /// Checks the topology for a run of `pes` PEs: every PE `0..pes` in
    /// exactly one non-empty cluster, at most `pes` clusters, a square
    /// latency matrix (one row per cluster) of finite values in
    /// `0..=MAX_LATENCY_MS` with a zero diagonal, symmetric unless
    /// `asymmetric`, jitter in the same range, bandwidth and overhead
    /// matrices of the same shape (zero diagonal, every other value in the
    /// ranges of [`link`]), one speed per PE in `MIN_SPEED..=MAX_SPEED`.
    pub fn validate(&self, pes: u32) -> Result<(), TopologyError> {
        check::check(self, pes).map_err(|p| TopologyError::Invalid(p.message))
    }

    /// One-way latency from cluster `a` to cluster `b`.
    pub fn latency(&self, a: u32, b: u32) -> Duration {
        Duration::from_secs_f64(self.latency_ms[a as usize][b as usize] * 1e-3)
    }

    /// The largest jitter added to a cross-cluster message.
    pub fn jitter(&self) -> Duration {
        Duration::from_secs_f64(self.jitter_ms * 1e-3)
    }

    /// The topology with the same bandwidth (bit/s) and per-message
    /// overhead on the link of every pair of different clusters (`None`:
    /// unlimited, none). Values are checked by [`Topology::validate`].
    pub fn with_links(mut self, bits_per_s: Option<f64>, overhead: Option<Duration>) -> Topology {
        let k = self.clusters.len();
        let every = |v: f64| -> Vec<Vec<f64>> {
            (0..k)
                .map(|a| (0..k).map(|b| if a == b { 0.0 } else { v }).collect())
                .collect()
        };
        self.bandwidth_mbit_s = bits_per_s.map(|b| every(b / 1e6));
        self.overhead_us = overhead.map(|o| every(o.as_nanos() as f64 / 1e3));
        self
    }

    /// What the link from cluster `a` to cluster `b` costs a message
    /// beyond its latency (nothing within a cluster).
    pub fn link(&self, a: u32, b: u32) -> LinkCost {
        let at = |m: &Option<Vec<Vec<f64>>>| {
            m.as_ref()
                .map(|m| m[a as usize][b as usize])
                .filter(|&v| a != b && v > 0.0)
        };
        LinkCost {
            bits_per_s: at(&self.bandwidth_mbit_s).map(|mbit| mbit * 1e6),
            overhead: at(&self.overhead_us).map_or(Duration::ZERO, |us| {
                Duration::from_nanos((us * 1e3).round() as u64)
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_splits_contiguously() {
        let t = Topology::uniform(5, 2, Duration::from_millis(8)).unwrap();
        assert_eq!(t.clusters, vec![vec![0, 1], vec![2, 3, 4]]);
        assert_eq!(t.cluster_of_pes(), vec![0, 0, 1, 1, 1]);
        assert_eq!(t.latency(0, 1), Duration::from_millis(8));
        assert_eq!(t.latency(1, 1), Duration::ZERO);
        assert!(Topology::uniform(2, 3, Duration::ZERO).is_err());
    }

    #[test]
    fn links_cost_only_between_clusters() {
        let t = Topology::uniform(4, 2, Duration::from_millis(8)).unwrap();
        assert!(!t.link(0, 1).costs(), "unlimited by default");
        let t = t.with_links(Some(1e9), Some(Duration::from_micros(50)));
        t.validate(4).unwrap();
        assert_eq!(
            t.bandwidth_mbit_s,
            Some(vec![vec![0.0, 1e3], vec![1e3, 0.0]])
        );
        let l = t.link(1, 0);
        assert_eq!(l.bits_per_s, Some(1e9));
        assert_eq!(l.overhead, Duration::from_micros(50));
        assert!(!t.link(1, 1).costs());
        let only = Topology::uniform(4, 2, Duration::ZERO)
            .unwrap()
            .with_links(None, Some(Duration::from_micros(5)));
        assert_eq!(only.link(0, 1).bits_per_s, None);
        assert!(only.link(0, 1).costs());
    }

    #[test]
    fn hosts_make_one_cluster_each() {
        let t = Topology::hosts(&["b", "a", "b", "a", "c"]).unwrap();
        assert_eq!(t.clusters, vec![vec![0, 2], vec![1, 3], vec![4]]);
        assert_eq!(t.latency(0, 2), Duration::ZERO);
        t.validate(5).unwrap();
        assert!(Topology::hosts::<&str>(&[]).is_err());
        assert!(
            t.validate(6)
                .unwrap_err()
                .to_string()
                .contains("PE 5 is in no cluster")
        );
    }
}
