//! The flags of a replay as a command line gives them (`arts predict
//! --record FILE --pes N --network ...`; `clap::Args` behind the `clap`
//! feature), and the checked [`Machine`], [`Placement`] and
//! [`ReplayOptions`] they describe.

use std::path::PathBuf;

use crate::machine::BGL_HOP_NS;
use crate::spec::{EngineKind, MachineSpec, NetworkKind};
use crate::{Machine, Placement, PredictError, ReplayOptions};
#[cfg(feature = "clap")]
use arts_util::{output_path::output_file, text::finite_f64};

/// Flags of a replay.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct ReplayFlags {
    /// The recording (`arts run APP --record FILE`).
    #[cfg_attr(feature = "clap", arg(long, required = true))]
    pub record: Option<PathBuf>,
    /// PEs of the target machine.
    #[cfg_attr(feature = "clap", arg(long, required = true))]
    pub pes: Option<u32>,
    /// Processes (nodes) the PEs are split into, in equal blocks.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub processes: u32,
    /// The network between processes.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value = "latency-bandwidth")
    )]
    pub network: NetworkKind,
    /// One-way latency between processes, µs (default: 0.3, shared-memory
    /// MPI on this machine; 3 on the torus; within a cluster on a grid).
    #[cfg_attr(feature = "clap", arg(long, value_parser = finite_f64))]
    pub latency: Option<f64>,
    /// Bandwidth between processes, MB/s (default: 5000; 175 per torus link).
    #[cfg_attr(feature = "clap", arg(long, value_parser = finite_f64))]
    pub bandwidth: Option<f64>,
    /// One-way latency between PEs of one process, µs.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0.25, value_parser = finite_f64))]
    pub local_latency: f64,
    /// Bandwidth between PEs of one process, MB/s.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 10_000.0, value_parser = finite_f64))]
    pub local_bandwidth: f64,
    /// Torus shape XxYxZ (product = --processes; default: the most cubic).
    #[cfg_attr(feature = "clap", arg(long))]
    pub torus_dims: Option<String>,
    /// Torus per-hop latency, ns.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = BGL_HOP_NS, value_parser = finite_f64))]
    pub hop_ns: f64,
    /// Grid: clusters (processes in equal consecutive blocks).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2))]
    pub clusters: u32,
    /// Grid: one-way latency between clusters, µs.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1000.0, value_parser = finite_f64))]
    pub wan_latency: f64,
    /// Grid: bandwidth between clusters, MB/s.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 100.0, value_parser = finite_f64))]
    pub wan_bandwidth: f64,
    /// Object placement: block, round-robin, recorded (folded), or lb:STRATEGY.
    #[cfg_attr(feature = "clap", arg(long, default_value = "block"))]
    pub mapping: String,
    /// Target compute speed relative to the recording machine.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1.0, value_parser = finite_f64))]
    pub cpu_speed: f64,
    /// Cores of the whole target (default: one per PE), split evenly among
    /// its processes; with fewer cores than PEs, the PEs of a process that
    /// want a core at a time share the process's (an oversubscribed
    /// machine; JSON `speed`).
    #[cfg_attr(feature = "clap", arg(long))]
    pub cores: Option<u32>,
    /// Scheduler cost per execution, ns (default: measured in the recording).
    #[cfg_attr(feature = "clap", arg(long, value_parser = finite_f64))]
    pub overhead_ns: Option<f64>,
    /// The PDES engine.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "sequential"))]
    pub engine: EngineKind,
    /// Threads of the optimistic engine.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64)))]
    pub threads: u32,
    /// Write the predicted messages between processes as CSV
    /// `time_s,source,destination,bytes` (replay them with link contention:
    /// `arts pdes torus --workload trace:FILE`).
    #[cfg_attr(feature = "clap", arg(long, value_parser = output_file))]
    pub traffic: Option<PathBuf>,
}

impl ReplayFlags {
    /// The target machine, checked; a bad `--torus-dims` is bad input
    /// (`--torus-dims: ...`).
    pub fn machine(&self) -> Result<Machine, PredictError> {
        let torus_dims = match (self.network, &self.torus_dims) {
            (NetworkKind::Torus, Some(s)) => Some(parse_torus(s)?),
            _ => None,
        };
        MachineSpec {
            pes: self.pes.unwrap_or(0),
            processes: self.processes,
            network: self.network,
            latency_us: self.latency,
            bandwidth_mbs: self.bandwidth,
            local_latency_us: self.local_latency,
            local_bandwidth_mbs: self.local_bandwidth,
            torus_dims,
            hop_ns: self.hop_ns,
            clusters: self.clusters,
            wan_latency_us: self.wan_latency,
            wan_bandwidth_mbs: self.wan_bandwidth,
            cpu_speed: self.cpu_speed,
            cores: self.cores,
        }
        .machine()
    }

    /// The object placement (`--mapping: ...` when bad).
    pub fn placement(&self) -> Result<Placement, PredictError> {
        Placement::parse(&self.mapping).map_err(|e| PredictError::Input(format!("--mapping: {e}")))
    }

    /// The replay's options on `machine` with `placement`, recording the
    /// traffic when `--traffic` is given.
    pub fn options(&self, machine: Machine, placement: Placement) -> ReplayOptions {
        ReplayOptions {
            machine,
            placement,
            overhead_ns: self.overhead_ns,
            engine: self.engine.engine(self.threads),
            traffic: self.traffic.is_some(),
        }
    }
}

/// Parses `XxYxZ`.
fn parse_torus(s: &str) -> Result<[u32; 3], PredictError> {
    let dims: Vec<u32> = arts_util::text::parse_dims(s, 3)
        .map_err(|e| PredictError::Input(format!("--torus-dims: {e}")))?
        .into_iter()
        .map(|d| u32::try_from(d).unwrap_or(u32::MAX))
        .collect();
    Ok([dims[0], dims[1], dims[2]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_torus_shape_or_mapping_is_bad_input_naming_its_flag() {
        let err = parse_torus("2x2").unwrap_err().to_string();
        assert!(err.contains("--torus-dims: expected 3 sizes"), "{err}");
        assert_eq!(parse_torus("2x3x4").unwrap(), [2, 3, 4]);
    }
}
