//! Link contention for torus predictions, by one fixed-point step: the
//! predicted traffic ([`crate::Traffic`]) is replayed on the packet-level
//! torus model (`arts_pdes::models::torus`, aggregated trains of packets),
//! whose mean message latency, against the same messages' contention-free
//! time on the same links, is the extra latency contention adds; the
//! prediction is then made again with that much more latency per message.

use arts_pdes::models::torus::{AGGREGATE_TRAIN, MappingSpec, Torus, TorusParams, WorkloadSpec};
use arts_pdes::{RunConfig, SyncMode};
use serde::Serialize;

use crate::machine::torus_hops;
use crate::{Link, PredictError, Traffic};

/// What the packet-level model said about the predicted traffic.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Contention {
    /// Messages replayed.
    pub messages: u64,
    /// Their mean latency with contention (packet model), ns.
    pub mean_latency_ns: f64,
    /// Their mean latency on idle links (bytes at link speed plus hops), ns.
    pub mean_free_ns: f64,
    /// The difference: what contention adds per message, ns (>= 0).
    pub excess_ns: f64,
    /// Wall time of the packet-level simulation, s.
    pub sim_wall_s: f64,
}

/// Replays `traffic` between the nodes of a `dims` torus whose links are
/// `link` (its bandwidth; its software latency is not the network's) with
/// `hop_ns` per hop.
pub fn contention(
    traffic: &[Traffic],
    dims: [u32; 3],
    link: &Link,
    hop_ns: f64,
) -> Result<Contention, PredictError> {
    if traffic.is_empty() {
        return Ok(Contention {
            messages: 0,
            mean_latency_ns: 0.0,
            mean_free_ns: 0.0,
            excess_ns: 0.0,
            sim_wall_s: 0.0,
        });
    }
    let mut text = String::from("time_s,source,destination,bytes\n");
    let mut free = 0.0;
    for t in traffic {
        text += &format!(
            "{:.12},{},{},{}\n",
            t.time_ns as f64 * 1e-9,
            t.from,
            t.to,
            t.bytes
        );
        free += t.bytes as f64 * link.ns_per_byte + torus_hops(dims, t.from, t.to) as f64 * hop_ns;
    }
    let params = TorusParams {
        workload: WorkloadSpec::Trace {
            name: "predicted traffic".into(),
            text,
        },
        mapping: MappingSpec::Ideal,
        link_bytes_per_s: 1e9 / link.ns_per_byte,
        hop_latency_s: hop_ns * 1e-9,
        train_packets: AGGREGATE_TRAIN,
        ..TorusParams::new(dims)
    };
    let sim = |e: String| PredictError::Sim(format!("torus model: {e}"));
    let model = Torus::new(params).map_err(|e| sim(e.to_string()))?;
    let cfg = RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1);
    let report = arts_pdes::run(&model, &cfg, None).map_err(|e| sim(e.to_string()))?;
    let fig = model.figures(&report);
    if !fig.complete {
        return Err(sim("not every message was delivered".into()));
    }
    let mean_latency_ns = fig.avg_message_latency_s * 1e9;
    let mean_free_ns = free / traffic.len() as f64;
    Ok(Contention {
        messages: traffic.len() as u64,
        mean_latency_ns,
        mean_free_ns,
        excess_ns: (mean_latency_ns - mean_free_ns).max(0.0),
        sim_wall_s: report.wall_s,
    })
}
