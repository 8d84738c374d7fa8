//! The target machine: PEs grouped into processes (nodes), how fast they
//! compute relative to the recorded run, and what a message between two PEs
//! costs.

use crate::PredictError;

/// The cost of a message over one kind of link: `latency + bytes × ns_per_byte`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Link {
    /// Fixed cost of a message, ns.
    pub latency_ns: f64,
    /// Cost of each byte, ns (1 / bandwidth in GB/s).
    pub ns_per_byte: f64,
}

/// The longest one-way link latency accepted, µs (ten seconds): beyond
/// it, predicted times lose the nanoseconds of the steps they add up.
pub const MAX_LATENCY_US: f64 = 1e7;
/// The link bandwidths accepted, MB/s: 1 kB/s to 1 PB/s (a megabyte at the
/// slowest still costs a time exact to the nanosecond).
pub const BANDWIDTH_RANGE_MBS: (f64, f64) = (1e-3, 1e9);
/// The longest torus per-hop latency accepted, ns (one second).
pub const MAX_HOP_NS: f64 = 1e9;

impl Link {
    /// A link of `latency_us` microseconds (`0..=MAX_LATENCY_US`) and
    /// `bandwidth_mbs` MB/s (in [`BANDWIDTH_RANGE_MBS`]).
    pub fn new(latency_us: f64, bandwidth_mbs: f64) -> Result<Link, PredictError> {
        if !(0.0..=MAX_LATENCY_US).contains(&latency_us) {
            return Err(PredictError::Input(format!(
                "latency {latency_us} µs: accepted are 0 to {MAX_LATENCY_US:e} µs"
            )));
        }
        let (low, high) = BANDWIDTH_RANGE_MBS;
        if !(low..=high).contains(&bandwidth_mbs) {
            return Err(PredictError::Input(format!(
                "bandwidth {bandwidth_mbs} MB/s: accepted are {low:e} to {high:e} MB/s"
            )));
        }
        Ok(Link {
            latency_ns: latency_us * 1e3,
            ns_per_byte: 1e3 / bandwidth_mbs,
        })
    }

    /// The time a message of `bytes` takes, ns.
    #[inline]
    pub fn cost(&self, bytes: u64) -> f64 {
        self.latency_ns + bytes as f64 * self.ns_per_byte
    }
}

/// Between PEs of different processes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Network {
    /// Every pair of processes joined by the same link.
    LatencyBandwidth {
        /// The link.
        link: Link,
    },
    /// The Blue Gene/L 3-D torus: one process per node, minimal routes with
    /// wrap-around; a message pays `latency` once, `hop_ns` per hop and
    /// its bytes at the link bandwidth (virtual cut-through, no contention:
    /// `arts pdes torus` models contention packet by packet).
    Torus {
        /// Nodes along x, y, z (their product is the process count).
        dims: [u32; 3],
        /// Software latency and link bandwidth.
        link: Link,
        /// Router-to-router time per hop, ns.
        hop_ns: f64,
    },
    /// Clusters joined by a wide-area link: processes in consecutive blocks
    /// per cluster (the grid issue's topology).
    Grid {
        /// Number of clusters.
        clusters: u32,
        /// Between processes of one cluster.
        intra: Link,
        /// Between clusters.
        inter: Link,
    },
}

/// The Blue Gene/L figures of `docs/torus.md`: 175 MB/s links, 100 ns per hop.
pub const BGL_LINK_MBS: f64 = 175.0;
/// Per-hop router latency of the torus model, ns.
pub const BGL_HOP_NS: f64 = 100.0;

/// The machine a recording is replayed on.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Machine {
    /// PEs.
    pub pes: u32,
    /// Processes (nodes); PEs are split among them in equal consecutive blocks.
    pub processes: u32,
    /// Compute speed relative to the recorded run (2.0: entry methods take half as long).
    pub cpu_speed: f64,
    /// Cores of the whole machine (`None`: one core per PE), each process
    /// having `cores / processes` of them. With fewer cores than PEs, the
    /// busy PEs of a process share its cores (`replay::shared_speed`).
    pub cores: Option<u32>,
    /// Between PEs of one process.
    pub local: Link,
    /// Between processes.
    pub network: Network,
}

impl Machine {
    /// The bytes a replay on this machine holds for its PEs (their
    /// simulated state and results: measured 303 bytes a PE at 16 M PEs),
    /// beside the recording's graph.
    pub fn memory_bytes(&self) -> u64 {
        u64::from(self.pes).saturating_mul(320)
    }

    /// Checks the machine's shape: PEs and processes >= 1, PEs a multiple
    /// of processes, a positive speed, and a network that fits the processes.
    pub fn check(&self) -> Result<(), PredictError> {
        let bad = |s: String| Err(PredictError::Input(s));
        if self.pes == 0 || self.processes == 0 {
            return bad("the target machine needs at least 1 PE and 1 process".into());
        }
        if self.pes > arts_pdes::MAX_LPS {
            return bad(format!(
                "{} PEs: the simulator models at most {} (one logical process each)",
                self.pes,
                arts_pdes::MAX_LPS
            ));
        }
        if !self.pes.is_multiple_of(self.processes) {
            return bad(format!(
                "{} PEs do not split evenly into {} processes",
                self.pes, self.processes
            ));
        }
        if self.cores == Some(0) {
            return bad("the target machine needs at least 1 core".into());
        }
        if !(1e-6..=1e6).contains(&self.cpu_speed) {
            return bad(format!(
                "CPU speed {}: give a number from 1e-6 to 1e6",
                self.cpu_speed
            ));
        }
        match &self.network {
            Network::Torus { hop_ns, .. } if !(0.0..=MAX_HOP_NS).contains(hop_ns) => {
                return bad(format!(
                    "hop latency {hop_ns} ns: accepted are 0 to {MAX_HOP_NS:e} ns"
                ));
            }
            Network::Torus { dims, .. } => {
                let nodes = dims.iter().map(|&d| d as u64).product::<u64>();
                if nodes != self.processes as u64 || dims.contains(&0) {
                    return bad(format!(
                        "a {}x{}x{} torus has {nodes} nodes, not the {} processes of the target (one process per node)",
                        dims[0], dims[1], dims[2], self.processes
                    ));
                }
            }
            Network::Grid { clusters, .. } => {
                if *clusters == 0 || *clusters > self.processes {
                    return bad(format!(
                        "{clusters} clusters for {} processes: give 1 to {} clusters",
                        self.processes, self.processes
                    ));
                }
            }
            Network::LatencyBandwidth { .. } => {}
        }
        Ok(())
    }

    /// The slowest speed entry methods run at, relative to the recording:
    /// the CPU speed, shared by every PE when PEs outnumber cores.
    pub fn effective_speed(&self) -> f64 {
        let share = self
            .cores
            .map_or(1.0, |c| (c as f64 / self.pes as f64).min(1.0));
        self.cpu_speed * share
    }

    /// The process of PE `pe`.
    #[inline]
    pub fn process_of(&self, pe: u32) -> u32 {
        (pe as u64 * self.processes as u64 / self.pes as u64) as u32
    }

    /// The time a message of `bytes` from PE `from` to PE `to` takes, ns
    /// (0 within a PE: the message is queued where it was sent).
    pub fn delay_ns(&self, from: u32, to: u32, bytes: u64) -> f64 {
        if from == to {
            return 0.0;
        }
        let (a, b) = (self.process_of(from), self.process_of(to));
        if a == b {
            return self.local.cost(bytes);
        }
        match &self.network {
            Network::LatencyBandwidth { link } => link.cost(bytes),
            Network::Torus { dims, link, hop_ns } => {
                link.cost(bytes) + torus_hops(*dims, a, b) as f64 * hop_ns
            }
            Network::Grid {
                clusters,
                intra,
                inter,
            } => {
                let cluster = |p: u32| (p as u64 * *clusters as u64 / self.processes as u64) as u32;
                if cluster(a) == cluster(b) {
                    intra.cost(bytes)
                } else {
                    inter.cost(bytes)
                }
            }
        }
    }
}

/// Hops on a minimal route between nodes `a` and `b` of a torus (x fastest).
pub fn torus_hops(dims: [u32; 3], a: u32, b: u32) -> u32 {
    let coord = |n: u32| [n % dims[0], n / dims[0] % dims[1], n / (dims[0] * dims[1])];
    let (ca, cb) = (coord(a), coord(b));
    (0..3)
        .map(|d| {
            let diff = ca[d].abs_diff(cb[d]);
            diff.min(dims[d] - diff)
        })
        .sum()
}

/// The most cubic `x×y×z` with `x·y·z = nodes` (x ≥ y ≥ z): 65,536 → 64x32x32.
pub fn torus_dims(nodes: u32) -> [u32; 3] {
    let mut best = [nodes, 1, 1];
    let score = |d: [u32; 3]| d[0] - d[2];
    for z in 1..=nodes {
        if z * z * z > nodes {
            break;
        }
        if !nodes.is_multiple_of(z) {
            continue;
        }
        let rest = nodes / z;
        for y in z..=rest {
            if y * y > rest {
                break;
            }
            if rest.is_multiple_of(y) {
                let d = [rest / y, y, z];
                if score(d) < score(best) {
                    best = d;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(pes: u32, processes: u32, network: Network) -> Machine {
        Machine {
            pes,
            processes,
            cpu_speed: 1.0,
            cores: None,
            local: Link::new(0.25, 10_000.0).unwrap(),
            network,
        }
    }

    #[test]
    fn torus_routes_wrap_around() {
        assert_eq!(torus_hops([4, 4, 4], 0, 3), 1);
        assert_eq!(torus_hops([4, 4, 4], 0, 2), 2);
        assert_eq!(torus_hops([4, 4, 4], 0, 63), 3);
        assert_eq!(torus_dims(65_536), [64, 32, 32]);
        assert_eq!(torus_dims(512), [8, 8, 8]);
        assert_eq!(torus_dims(7), [7, 1, 1]);
    }

    #[test]
    fn delays_follow_the_hierarchy() {
        let link = Link::new(1.0, 1000.0).unwrap();
        let m = machine(4, 2, Network::LatencyBandwidth { link });
        assert_eq!(m.delay_ns(1, 1, 1000), 0.0);
        assert_eq!(m.delay_ns(0, 1, 1000), 250.0 + 100.0);
        assert_eq!(m.delay_ns(1, 2, 1000), 1000.0 + 1000.0);
        let t = Network::Torus {
            dims: [2, 2, 1],
            link,
            hop_ns: 100.0,
        };
        let m = machine(4, 4, t);
        assert_eq!(m.delay_ns(0, 3, 0), 1000.0 + 200.0);
        m.check().unwrap();
    }

    #[test]
    fn bad_shapes_are_refused() {
        let link = Link::new(1.0, 1000.0).unwrap();
        assert!(
            machine(0, 1, Network::LatencyBandwidth { link })
                .check()
                .is_err()
        );
        assert!(
            machine(3, 2, Network::LatencyBandwidth { link })
                .check()
                .is_err()
        );
        let t = Network::Torus {
            dims: [2, 2, 2],
            link,
            hop_ns: 1.0,
        };
        assert!(
            machine(4, 4, t)
                .check()
                .unwrap_err()
                .to_string()
                .contains("8 nodes")
        );
        assert!(Link::new(-1.0, 1.0).is_err() && Link::new(1.0, 0.0).is_err());
    }

    /// Issue 59, item 13: latencies and bandwidths that would push the
    /// replay's times past their precision are refused saying the range.
    #[test]
    fn absurd_links_are_refused_with_the_accepted_range() {
        for (lat, bw) in [(1e300, 1.0), (1e7 + 1.0, 1.0), (1.0, 1e-300), (1.0, 1e300)] {
            let e = Link::new(lat, bw).unwrap_err().to_string();
            assert!(e.contains("accepted are"), "{e}");
        }
        assert!(Link::new(1e7, 1e-3).is_ok() && Link::new(0.0, 1e9).is_ok());
    }
}
