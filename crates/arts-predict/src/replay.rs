//! Predicting a recorded run on another machine: what `arts predict` does.

use serde::Serialize;

use arts_trace::record::Recording;

use crate::graph::{Graph, Timing, measured_overhead_ns};
use crate::placement::{Placement, unattributed};
use crate::{Engine, Machine, PredictError, Prediction, Traffic};

/// How to replay a recording.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// The target machine.
    pub machine: Machine,
    /// Where objects go.
    pub placement: Placement,
    /// Scheduler cost per execution, ns (`None`: measured in the recording).
    pub overhead_ns: Option<f64>,
    /// The engine.
    pub engine: Engine,
    /// Also list the messages between processes ([`Replay::traffic`]).
    pub traffic: bool,
}

/// What the recording says about the recorded run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Recorded {
    /// The app.
    pub app: String,
    /// Its command line.
    pub options: String,
    /// PEs it ran on.
    pub pes: u32,
    /// Steps.
    pub steps: u64,
    /// Its measured wall time of those steps, s.
    pub time_s: f64,
    /// Executions recorded.
    pub executions: u64,
    /// Messages recorded.
    pub messages: u64,
    /// Executions whose cause the recording does not follow (ordered after
    /// their element's previous execution instead).
    pub unattributed: u64,
}

/// A replay's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Replay {
    /// The recorded run.
    pub recorded: Recorded,
    /// The machine predicted.
    pub machine: Machine,
    /// The placement's name.
    pub mapping: String,
    /// Scheduler cost added to every execution, ns.
    pub overhead_ns: f64,
    /// The speed executions were replayed at, relative to the recording:
    /// the machine's CPU speed times the share of a core a busy PE gets
    /// ([`shared_speed`]).
    pub speed: f64,
    /// Predicted time of the run's steps, s.
    pub time_s: f64,
    /// Predicted mean step time, s.
    pub step_time_s: f64,
    /// The prediction.
    pub prediction: Prediction,
    /// The predicted messages between processes, if asked for.
    #[serde(skip)]
    pub traffic: Vec<Traffic>,
}

/// Replays `rec` under `opts`.
pub fn replay(
    rec: &Recording,
    opts: &ReplayOptions,
    mapping: &str,
) -> Result<Replay, PredictError> {
    opts.machine.check()?;
    let overhead_ns = opts
        .overhead_ns
        .unwrap_or_else(|| measured_overhead_ns(rec));
    if !(0.0..=1e9).contains(&overhead_ns) {
        return Err(PredictError::Input(format!(
            "overhead {overhead_ns} ns per execution: give 0 to 1e9"
        )));
    }
    let pe_of = opts.placement.place(rec, opts.machine.pes)?;
    let replay_at = |cpu_speed| {
        let timing = Timing {
            cpu_speed,
            overhead_ns,
        };
        let graph = Graph::from_recording(rec, &pe_of, timing);
        let prediction = crate::predict(&graph, &opts.machine, opts.engine)?;
        Ok((graph, prediction))
    };
    let (speed, (graph, prediction)) = shared_speed(&opts.machine, replay_at)?;
    let traffic = match opts.traffic {
        true => prediction.traffic(&graph, &opts.machine),
        false => Vec::new(),
    };
    let h = &rec.header;
    let time_s = prediction.time_ns as f64 * 1e-9;
    Ok(Replay {
        recorded: Recorded {
            app: h.app.clone(),
            options: h.options.clone(),
            pes: h.pes,
            steps: h.steps,
            time_s: h.wall_ns as f64 * 1e-9,
            executions: h.executions,
            messages: h.messages,
            unattributed: unattributed(rec),
        },
        machine: opts.machine.clone(),
        mapping: mapping.to_string(),
        overhead_ns,
        speed,
        time_s,
        step_time_s: time_s / h.steps.max(1) as f64,
        prediction,
        traffic,
    })
}

/// Most replays [`shared_speed`] makes.
const SHARING_ROUNDS: usize = 6;

/// How long an idle arts PE polls (yielding its core to runnable threads,
/// but runnable itself) before it parks: arts-core's default
/// `IdlePolicy::spin`.
pub const IDLE_SPIN_NS: u64 = 50_000;

/// Replays (`replay_at` a speed) on a machine whose PEs may outnumber its
/// cores, and returns the speed used with its replay. The cores are shared
/// by the PEs that want one at the time: a PE executing, or idle for less
/// than [`IDLE_SPIN_NS`] (it polls before it parks); each process has its
/// own `cores / processes` of them. At a moment when `n` PEs of a process
/// want a core, each runs at its process's `cores / n` of the CPU speed (at
/// most all of it); the replay runs every execution at the share the
/// executions got on average ([`core_share`]: weighted by execution time,
/// so bursts in which every PE computes at once weigh as much as they
/// last). Starting with every PE wanting one (the slowest case), each
/// replay's share gives the next speed, until it changes by less than 1%
/// (at most 6 replays). With a core per PE: one replay at the CPU speed.
pub fn shared_speed(
    machine: &Machine,
    mut replay_at: impl FnMut(f64) -> Result<(Graph, Prediction), PredictError>,
) -> Result<(f64, (Graph, Prediction)), PredictError> {
    let slowest = machine.effective_speed();
    let mut speed = slowest;
    let mut replayed = replay_at(speed)?;
    if machine.cores.is_none_or(|c| c >= machine.pes) {
        return Ok((speed, replayed));
    }
    for _ in 1..SHARING_ROUNDS {
        let share = core_share(&replayed.0, &replayed.1, machine, IDLE_SPIN_NS);
        let next = (machine.cpu_speed * share).max(slowest);
        if (next - speed).abs() <= 0.01 * speed {
            break;
        }
        speed = next;
        replayed = replay_at(speed)?;
    }
    Ok((speed, replayed))
}

/// The share of a core the executions of `machine`'s PEs get from its
/// cores, averaged over the executions' time. Each process has its own
/// `cores / processes` cores (as nodes have, and as `mpirun` binds
/// processes on one machine by default). At each moment every PE
/// executing, and every PE in the first `spin_ns` of an idle gap between
/// two of its executions (an idle PE polls that long before it parks),
/// wants a core of its process, and `n` wanting PEs there each get
/// `min(1, cores / n)`. 1.0 when nothing executes or no cores are given.
pub fn core_share(graph: &Graph, p: &Prediction, machine: &Machine, spin_ns: u64) -> f64 {
    let Some(cores) = machine.cores else {
        return 1.0;
    };
    let per_process = cores as f64 / machine.processes as f64;
    let mut runs: Vec<Vec<(u64, u64)>> = vec![Vec::new(); machine.pes as usize];
    for (n, &start) in graph.nodes.iter().zip(&p.starts) {
        if start != u64::MAX {
            runs[n.pe as usize].push((start, start + n.dur_ns));
        }
    }
    // (time, process, change in its PEs wanting a core, in its PEs executing)
    let mut events: Vec<(u64, u32, i64, i64)> = Vec::new();
    for (pe, mut r) in runs.into_iter().enumerate() {
        let process = machine.process_of(pe as u32);
        r.sort_unstable();
        let mut end: Option<u64> = None;
        for (start, stop) in r {
            if let Some(end) = end {
                let spin = start.saturating_sub(end).min(spin_ns);
                events.push((end, process, 1, 0));
                events.push((end + spin, process, -1, 0));
            }
            events.push((start, process, 1, 1));
            events.push((stop, process, -1, -1));
            end = Some(stop);
        }
    }
    events.sort_unstable();
    let mut want = vec![0i64; machine.processes as usize];
    let mut executing = want.clone();
    // The served rate of one process, and of all (updated per event).
    let rate = |w: i64, e: i64| e as f64 * (per_process / w.max(1) as f64).min(1.0);
    let (mut total_executing, mut total_rate, mut at) = (0i64, 0.0f64, 0u64);
    let (mut work, mut served) = (0.0f64, 0.0f64);
    for (t, process, dw, de) in events {
        if total_executing > 0 && t > at {
            let dt = (t - at) as f64;
            work += dt * total_executing as f64;
            served += dt * total_rate;
        }
        let q = process as usize;
        total_rate -= rate(want[q], executing[q]);
        (want[q], executing[q]) = (want[q] + dw, executing[q] + de);
        total_rate += rate(want[q], executing[q]);
        total_executing += de;
        at = t;
    }
    if work > 0.0 { served / work } else { 1.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Edge, Node};
    use crate::{Link, Network};

    fn machine(pes: u32, cores: Option<u32>) -> Machine {
        let link = Link::new(0.5, 1000.0).unwrap();
        Machine {
            pes,
            processes: 1,
            cpu_speed: 1.0,
            cores,
            local: link,
            network: Network::LatencyBandwidth { link },
        }
    }

    /// Tasks of `ns / speed` on `pes`; `chain`: each releases the next
    /// when it ends, else all start at once.
    fn tasks(pes: &[u32], ns: u64, speed: f64, chain: bool) -> Graph {
        let dur_ns = (ns as f64 / speed) as u64;
        let mut g = Graph::default();
        g.methods.push("t".into());
        for (i, &pe) in pes.iter().enumerate() {
            g.nodes.push(Node {
                dur_ns,
                pe,
                method: 0,
                needs: 1,
                first_edge: 0,
                edges: 0,
            });
            if !chain || i == 0 {
                g.roots.push(i as u32);
            }
        }
        for i in 0..pes.len() {
            let next = (chain && i + 1 < pes.len()).then(|| Edge {
                to: i as u32 + 1,
                offset_ns: dur_ns,
                bytes: 0,
            });
            g.set_edges(i, next.into_iter().collect());
        }
        g
    }

    #[test]
    fn share_counts_executions_and_the_spin_of_idle_gaps() {
        // 1 µs on PE 0, 0.5 µs on the wire, 1 µs on PE 1, back, 1 µs on PE 0.
        let g = tasks(&[0, 1, 0], 1000, 1.0, true);
        let p = crate::predict(&g, &machine(2, None), Engine::Sequential).unwrap();
        assert_eq!(p.time_ns, 4000);
        // One core: alone, an execution has it; PE 0 polling in its idle
        // gap (2 µs) halves PE 1's share while it does.
        let on = |cores| machine(2, Some(cores));
        assert_eq!(core_share(&g, &p, &on(1), 0), 1.0);
        assert_eq!(core_share(&g, &p, &on(1), 500), 1.0);
        assert_eq!(core_share(&g, &p, &on(1), 1_000_000), 5.0 / 6.0);
        assert_eq!(core_share(&g, &p, &on(2), 1_000_000), 1.0);
        // Each PE its own process with its own core: nobody shares.
        let split = Machine {
            processes: 2,
            ..on(2)
        };
        assert_eq!(core_share(&g, &p, &split, 1_000_000), 1.0);
    }

    #[test]
    fn the_share_is_what_executions_get_not_the_mean_demand() {
        // A burst of 4 PEs at once, then PE 0 alone as long again: on
        // average about 2.5 PEs want a core (a mean field would give each
        // 2 / 2.5 = 0.8), but the burst's executions, 4 in 5 of all the
        // execution time, get half a core.
        let m = machine(4, None);
        let mut g = tasks(&[0, 1, 2, 3, 0], 1000, 1.0, false);
        g.roots.retain(|&r| r != 4);
        let after = Edge {
            to: 4,
            offset_ns: 1000,
            bytes: 0,
        };
        g.set_edges(0, vec![after]);
        let p = crate::predict(&g, &m, Engine::Sequential).unwrap();
        let share = core_share(&g, &p, &machine(4, Some(2)), 0);
        assert!((share - (4.0 * 0.5 + 1.0) / 5.0).abs() < 1e-12, "{share}");
        // Two processes with a core each: PEs 0 and 1 share one, 2 and 3
        // the other; the burst gets the same half core, PE 0 alone a whole.
        let two = Machine {
            processes: 2,
            ..machine(4, Some(2))
        };
        assert!((core_share(&g, &p, &two, 0) - share).abs() < 1e-12);
    }

    #[test]
    fn busy_pes_share_the_cores_and_idle_ones_leave_them() {
        let m = machine(4, Some(2));
        let mut speeds = Vec::new();
        let mut replay = |chain: bool| {
            shared_speed(&m, |speed| {
                speeds.push(speed);
                let g = tasks(&[0, 1, 2, 3], 1_000_000, speed, chain);
                let p = crate::predict(&g, &m, Engine::Sequential)?;
                Ok((g, p))
            })
            .unwrap()
        };
        // Four PEs busy at once on two cores: half speed, one replay.
        let (speed, (_, p)) = replay(false);
        assert_eq!((speed, p.time_ns), (0.5, 2_000_000));
        // One PE busy at a time (a chain): each runs at full speed.
        let (speed, (_, p)) = replay(true);
        assert_eq!(speed, 1.0);
        assert_eq!(p.time_ns, 4_000_000 + 3 * 500);
        assert_eq!(speeds, vec![0.5, 0.5, 1.0]);
        // A core per PE: the CPU speed, one replay.
        let (speed, _) = shared_speed(&machine(4, None), |s| {
            let g = tasks(&[0, 1, 2, 3], 1000, s, false);
            let p = crate::predict(&g, &machine(4, None), Engine::Sequential)?;
            Ok((g, p))
        })
        .unwrap();
        assert_eq!(speed, 1.0);
    }
}
