//! Trace-driven performance prediction ("run small, predict big", BigSim's
//! idea): a run recorded with `--record` ([`arts_trace::record`]) is turned
//! into a task graph ([`Graph`]) placed on a target [`Machine`] and replayed
//! on the `arts-pdes` engines ([`PredictModel`]); [`predict`] reports the
//! predicted time, per-PE utilization and the critical path. [`extrapolate()`]
//! fits the Blue Gene/L paper's per-object cost model to recordings and
//! predicts the same app at thousands of PEs. [`validation`] reads predicted
//! and measured times side by side and charts them.
//!
//! ```
//! use arts_predict::{Graph, Machine, Link, Network, predict, Engine};
//! use arts_predict::graph::{Edge, Node};
//! // Two 1 µs tasks on two PEs, the second released by a message of the first.
//! let mut g = Graph::default();
//! for pe in 0..2 {
//!     g.nodes.push(Node { dur_ns: 1000, pe, method: 0, needs: 1, first_edge: 0, edges: 0 });
//! }
//! g.methods.push("a::step".into());
//! g.roots.push(0);
//! g.set_edges(0, vec![Edge { to: 1, offset_ns: 1000, bytes: 0 }]);
//! g.set_edges(1, vec![]);
//! let link = Link::new(0.5, 1000.0).unwrap();
//! let m = Machine { pes: 2, processes: 2, cpu_speed: 1.0, cores: None, local: link,
//!                   network: Network::LatencyBandwidth { link } };
//! let p = predict(&g, &m, Engine::Sequential).unwrap();
//! assert_eq!(p.time_ns, 2500); // 1 µs, 0.5 µs on the wire, 1 µs
//! ```

pub mod contention;
pub mod costmodel;
pub mod extrapolate;
pub mod graph;
pub mod machine;
mod model;
pub mod placement;
mod replay;
pub mod replay_flags;
mod report;
pub mod spec;
pub mod study;
pub mod synthetic;
mod tables;
pub mod validation;

pub use costmodel::CostModel;
pub use extrapolate::{Extrapolated, StudyPlan, extrapolate, study};
pub use graph::{Graph, Timing};
pub use machine::{Link, Machine, Network};
pub use model::{PredictModel, Started, Waited};
pub use placement::Placement;
pub use replay::{IDLE_SPIN_NS, Recorded, Replay, ReplayOptions, core_share, replay, shared_speed};
pub use report::{CriticalPath, PathEntry, Prediction, Traffic};
pub use synthetic::{Layout, Synthetic};

use arts_pdes::{RunConfig, SyncMode};

/// Why a prediction could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PredictError {
    /// A bad machine, mapping or recording.
    #[error("{0}")]
    Input(String),
    /// The simulation failed.
    #[error("simulation failed: {0}")]
    Sim(String),
}

/// Which PDES engine replays the graph (their results are identical).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// One thread.
    Sequential,
    /// Time Warp on this many threads.
    Optimistic(usize),
}

/// Replays `graph` on `machine` with `engine`.
pub fn predict(
    graph: &Graph,
    machine: &Machine,
    engine: Engine,
) -> Result<Prediction, PredictError> {
    machine.check()?;
    if let Some(n) = graph.nodes.iter().find(|n| n.pe >= machine.pes) {
        return Err(PredictError::Input(format!(
            "a task is placed on PE {} of a {}-PE machine",
            n.pe, machine.pes
        )));
    }
    let model = PredictModel::new(graph, machine);
    let (sync, threads) = match engine {
        Engine::Sequential => (SyncMode::Sequential, 1),
        Engine::Optimistic(t) => (SyncMode::Optimistic, t.clamp(1, machine.pes as usize)),
    };
    let cfg = RunConfig::new(sync, threads, f64::MAX, 1);
    let sim = arts_pdes::run(&model, &cfg, None).map_err(|e| PredictError::Sim(e.to_string()))?;
    let pes = model.take_results();
    Ok(report::assemble(graph, &pes, &sim))
}
