//! What a prediction reports: the predicted time, per-PE utilization, and
//! the critical path (the chain of nodes, each waiting for the one before
//! it, that ends last).

use arts_pdes::SimReport;
use serde::Serialize;

use crate::graph::Graph;
use crate::machine::Machine;
use crate::model::{PeState, Waited};

/// Time one entry method takes on the critical path.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathEntry {
    /// `array::method`.
    pub method: String,
    /// Executions on the path.
    pub count: u64,
    /// Their time, ns.
    pub time_ns: u64,
}

/// The critical path.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CriticalPath {
    /// Its length (the predicted time), ns.
    pub length_ns: u64,
    /// Executions on it.
    pub executions: u64,
    /// Time of those executions, ns.
    pub compute_ns: u64,
    /// The rest: messages in flight, ns.
    pub communication_ns: u64,
    /// Of its executions, how many waited for their PE rather than a message.
    pub waited_for_pe: u64,
    /// Entry methods on it, by decreasing time (at most 5).
    pub top: Vec<PathEntry>,
}

/// A prediction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Prediction {
    /// Predicted time from the first execution's start to the last one's end, ns.
    pub time_ns: u64,
    /// Time in executions on each PE, ns.
    pub busy_ns: Vec<u64>,
    /// busy / time of each PE.
    pub utilization: Vec<f64>,
    /// Mean of `utilization`.
    pub utilization_mean: f64,
    /// Executions replayed.
    pub executions: u64,
    /// Executions of the graph that never became ready (0 for a complete recording).
    pub never_ready: u64,
    /// The critical path.
    pub critical_path: CriticalPath,
    /// Events the simulation committed.
    pub events: u64,
    /// Checksum of the simulation's final state (equal on every engine).
    pub checksum: u64,
    /// Wall time of the simulation, s.
    pub sim_wall_s: f64,
    /// The predicted start of every node, ns (`u64::MAX`: never ready).
    #[serde(skip)]
    pub starts: Vec<u64>,
}

/// One message between processes of the predicted run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traffic {
    /// When it is sent, ns.
    pub time_ns: u64,
    /// Sending process (torus node).
    pub from: u32,
    /// Receiving process.
    pub to: u32,
    /// Payload bytes.
    pub bytes: u64,
}

impl Prediction {
    /// The messages between processes of the predicted run, by send time:
    /// a workload for the packet-level torus model (`arts pdes torus
    /// --workload trace:FILE`), which adds the link contention this replay
    /// leaves out.
    pub fn traffic(&self, graph: &Graph, machine: &Machine) -> Vec<Traffic> {
        let mut out = Vec::new();
        for (i, &start) in self.starts.iter().enumerate() {
            if start == NEVER {
                continue;
            }
            let n = &graph.nodes[i];
            for e in graph.edges_of(i as u32) {
                let (from, to) = (
                    machine.process_of(n.pe),
                    machine.process_of(graph.nodes[e.to as usize].pe),
                );
                if from != to {
                    out.push(Traffic {
                        time_ns: start.saturating_add(e.offset_ns),
                        from,
                        to,
                        bytes: e.bytes,
                    });
                }
            }
        }
        out.sort_by_key(|t| (t.time_ns, t.from, t.to));
        out
    }
}

/// The start of a node that never ran.
const NEVER: u64 = u64::MAX;

/// Builds the prediction from the PEs' final states.
pub(crate) fn assemble(graph: &Graph, pes: &[PeState], sim: &SimReport) -> Prediction {
    let mut start = vec![NEVER; graph.nodes.len()];
    let mut waited = vec![Waited::Start; graph.nodes.len()];
    for s in pes.iter().flat_map(|p| &p.log) {
        start[s.node as usize] = s.at;
        waited[s.node as usize] = s.waited;
    }
    let time_ns = pes.iter().map(|p| p.end_ns).max().unwrap_or(0);
    let busy_ns: Vec<u64> = pes.iter().map(|p| p.busy_ns).collect();
    let utilization: Vec<f64> = busy_ns
        .iter()
        .map(|&b| {
            if time_ns == 0 {
                0.0
            } else {
                b as f64 / time_ns as f64
            }
        })
        .collect();
    let executions = pes.iter().map(|p| p.log.len() as u64).sum::<u64>();
    let last = (0..graph.nodes.len())
        .filter(|&i| start[i] != NEVER)
        .max_by_key(|&i| {
            (
                start[i].saturating_add(graph.nodes[i].dur_ns),
                std::cmp::Reverse(i),
            )
        });
    Prediction {
        time_ns,
        utilization_mean: utilization.iter().sum::<f64>() / utilization.len().max(1) as f64,
        busy_ns,
        utilization,
        executions,
        never_ready: graph.nodes.len() as u64 - executions,
        critical_path: critical_path(
            graph,
            last,
            last.map_or(0, |i| start[i].saturating_add(graph.nodes[i].dur_ns)),
            &waited,
        ),
        events: sim.committed_events,
        checksum: sim.checksum,
        sim_wall_s: sim.wall_s,
        starts: start,
    }
}

/// Walks back from node `last`, which ends at `end_ns`, along what each
/// node waited for (the walk ends at a root, which started at time 0).
fn critical_path(
    graph: &Graph,
    last: Option<usize>,
    end_ns: u64,
    waited: &[Waited],
) -> CriticalPath {
    let mut per_method = vec![(0u64, 0u64); graph.methods.len()];
    let (mut executions, mut compute_ns, mut waited_for_pe) = (0, 0, 0);
    let mut cur = last;
    while let Some(i) = cur {
        let n = &graph.nodes[i];
        executions += 1;
        compute_ns = n.dur_ns.saturating_add(compute_ns);
        per_method[n.method as usize].0 += 1;
        per_method[n.method as usize].1 = n.dur_ns.saturating_add(per_method[n.method as usize].1);
        cur = match waited[i] {
            Waited::Release(by) => Some(by as usize),
            Waited::Pe(prev) => {
                waited_for_pe += 1;
                Some(prev as usize)
            }
            Waited::Start => None,
        };
    }
    let mut top: Vec<PathEntry> = per_method
        .iter()
        .enumerate()
        .filter(|(_, (c, _))| *c > 0)
        .map(|(m, &(count, time_ns))| PathEntry {
            method: graph.methods[m].clone(),
            count,
            time_ns,
        })
        .collect();
    top.sort_by(|a, b| b.time_ns.cmp(&a.time_ns).then(a.method.cmp(&b.method)));
    top.truncate(5);
    CriticalPath {
        length_ns: end_ns,
        executions,
        compute_ns,
        communication_ns: end_ns.saturating_sub(compute_ns),
        waited_for_pe,
        top,
    }
}
