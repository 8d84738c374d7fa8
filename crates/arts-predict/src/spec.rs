//! The target machine and engine as a command line describes them
//! (`arts predict --network ... --latency ...`): the choices with their
//! defaults, turned into a checked [`Machine`] and an [`Engine`].

use crate::machine::{BGL_LINK_MBS, torus_dims};
use crate::{Engine, Link, Machine, Network, PredictError};

/// The network between processes (`--network`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum NetworkKind {
    /// One link between every pair of processes (--latency, --bandwidth).
    LatencyBandwidth,
    /// Blue Gene/L 3-D torus, one process per node (--torus-dims, --hop-ns).
    Torus,
    /// Clusters joined by a wide-area link (--clusters, --wan-latency).
    Grid,
}

/// The PDES engine (`--engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum EngineKind {
    /// One thread.
    Sequential,
    /// Time Warp on --threads threads (same results).
    Optimistic,
}

impl EngineKind {
    /// The engine, the optimistic one on `threads` threads.
    pub fn engine(self, threads: u32) -> Engine {
        match self {
            EngineKind::Sequential => Engine::Sequential,
            EngineKind::Optimistic => Engine::Optimistic(threads as usize),
        }
    }
}

/// A target machine as given: links in µs and MB/s, `None` for a default.
#[derive(Clone, Debug, PartialEq)]
pub struct MachineSpec {
    /// PEs.
    pub pes: u32,
    /// Processes (nodes) the PEs are split into.
    pub processes: u32,
    /// The network between processes.
    pub network: NetworkKind,
    /// One-way latency between processes, µs (default: 0.3, shared-memory
    /// MPI; 3 on the torus).
    pub latency_us: Option<f64>,
    /// Bandwidth between processes, MB/s (default: 5000; 175 per torus link).
    pub bandwidth_mbs: Option<f64>,
    /// One-way latency between PEs of one process, µs.
    pub local_latency_us: f64,
    /// Bandwidth between PEs of one process, MB/s.
    pub local_bandwidth_mbs: f64,
    /// Torus shape (default: the most cubic for the processes).
    pub torus_dims: Option<[u32; 3]>,
    /// Torus per-hop latency, ns.
    pub hop_ns: f64,
    /// Grid: clusters.
    pub clusters: u32,
    /// Grid: one-way latency between clusters, µs.
    pub wan_latency_us: f64,
    /// Grid: bandwidth between clusters, MB/s.
    pub wan_bandwidth_mbs: f64,
    /// Compute speed relative to the recording machine.
    pub cpu_speed: f64,
    /// Cores of the whole target (default: one per PE).
    pub cores: Option<u32>,
}

impl MachineSpec {
    /// The machine, checked ([`Machine::check`]).
    pub fn machine(&self) -> Result<Machine, PredictError> {
        let torus = self.network == NetworkKind::Torus;
        let latency = self.latency_us.unwrap_or(if torus { 3.0 } else { 0.3 });
        let bandwidth = self
            .bandwidth_mbs
            .unwrap_or(if torus { BGL_LINK_MBS } else { 5000.0 });
        let network = match self.network {
            NetworkKind::LatencyBandwidth => Network::LatencyBandwidth {
                link: Link::new(latency, bandwidth)?,
            },
            NetworkKind::Torus => Network::Torus {
                dims: self
                    .torus_dims
                    .unwrap_or_else(|| torus_dims(self.processes.max(1))),
                link: Link::new(latency, bandwidth)?,
                hop_ns: self.hop_ns,
            },
            NetworkKind::Grid => Network::Grid {
                clusters: self.clusters,
                intra: Link::new(latency, bandwidth)?,
                inter: Link::new(self.wan_latency_us, self.wan_bandwidth_mbs)?,
            },
        };
        let m = Machine {
            pes: self.pes,
            processes: self.processes,
            cpu_speed: self.cpu_speed,
            cores: self.cores,
            local: Link::new(self.local_latency_us, self.local_bandwidth_mbs)?,
            network,
        };
        m.check()?;
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(network: NetworkKind) -> MachineSpec {
        MachineSpec {
            pes: 8,
            processes: 8,
            network,
            latency_us: None,
            bandwidth_mbs: None,
            local_latency_us: 0.25,
            local_bandwidth_mbs: 10_000.0,
            torus_dims: None,
            hop_ns: 100.0,
            clusters: 2,
            wan_latency_us: 1000.0,
            wan_bandwidth_mbs: 100.0,
            cpu_speed: 1.0,
            cores: None,
        }
    }

    #[test]
    fn each_network_takes_its_own_defaults() {
        let m = spec(NetworkKind::LatencyBandwidth).machine().unwrap();
        assert_eq!(
            m.network,
            Network::LatencyBandwidth {
                link: Link::new(0.3, 5000.0).unwrap()
            }
        );
        match spec(NetworkKind::Torus).machine().unwrap().network {
            Network::Torus { dims, link, .. } => {
                assert_eq!(dims, [2, 2, 2]);
                assert_eq!(link, Link::new(3.0, BGL_LINK_MBS).unwrap());
            }
            n => panic!("{n:?}"),
        }
        assert_eq!(
            spec(NetworkKind::Grid).machine().unwrap().network.name(),
            "grid"
        );
    }

    #[test]
    fn a_bad_machine_is_the_users_input() {
        let bad = MachineSpec {
            torus_dims: Some([2, 2, 3]),
            ..spec(NetworkKind::Torus)
        };
        assert!(matches!(bad.machine(), Err(PredictError::Input(_))));
        let slow = MachineSpec {
            local_bandwidth_mbs: 0.0,
            ..spec(NetworkKind::Grid)
        };
        assert!(matches!(slow.machine(), Err(PredictError::Input(_))));
        assert_eq!(EngineKind::Optimistic.engine(3), Engine::Optimistic(3));
    }
}
