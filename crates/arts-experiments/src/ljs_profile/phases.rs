//! Per-phase profile of one recorded LeanMD run, in the phases of the
//! PDES paper's LJS tables (sec. 3.2.3-3.2.5): the time each phase's
//! entry methods took per step and the messages each phase carried.
//!
//! A phase's time is that of the entry methods that run it; a message
//! belongs to the phase that consumes it (the entry method its receiver
//! ran for it), because LeanMD sends the positions of the next step from
//! the same entry method that integrates the last one, and atoms that
//! migrate from it too.

use std::collections::HashMap;

use arts_trace::record::{Cause, Recording};
use serde::Serialize;

/// One phase: the entry methods whose time is its time, and the entry
/// method that consumes its messages.
struct Phase {
    name: &'static str,
    paper: &'static str,
    /// `(array, method)` of the executions timed as this phase.
    timed: &'static [(&'static str, &'static str)],
    /// `(array, method)` that receives this phase's messages, if any.
    consumes: Option<(&'static str, &'static str)>,
}

/// LeanMD's arrays.
const CELLS: &str = "leanmd-cells";
const PAIRS: &str = "leanmd-pairs";

/// The phases, in the order of one LJS iteration.
const PHASES: [Phase; 4] = [
    Phase {
        name: "positions + forward communication",
        paper: "position computation + communication",
        timed: &[
            (CELLS, "start"),
            (CELLS, "resume_from_sync"),
            (CELLS, "resume"),
        ],
        consumes: Some((PAIRS, "coords")),
    },
    Phase {
        name: "compute force + reverse communication",
        paper: "compute force + reverse communication",
        timed: &[(PAIRS, "coords")],
        consumes: Some((CELLS, "forces")),
    },
    Phase {
        name: "force sum + velocity",
        paper: "velocity computation",
        timed: &[(CELLS, "forces")],
        consumes: None,
    },
    Phase {
        name: "atom migration",
        paper: "none (re-binning every 20 steps; the paper traced steps 1-5)",
        timed: &[(CELLS, "arrive")],
        consumes: Some((CELLS, "arrive")),
    },
];

/// The phase names, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    PHASES.iter().map(|p| p.name)
}

/// One phase of one run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PhaseRow {
    /// The cell grid, `XxYxZ`.
    pub cells: String,
    /// Atoms in the run.
    pub atoms: u64,
    /// Atoms as a fraction of the largest grid's in the experiment.
    pub volume_fraction: f64,
    /// The phase's name.
    pub phase: String,
    /// The LJS phases of the paper's tables it stands for.
    pub paper_phase: String,
    /// The entry methods timed as this phase (`array::method`).
    pub entries: Vec<String>,
    /// Executions of those entry methods per step.
    pub executions_per_step: f64,
    /// CPU time in those entry methods per step, summed over the PEs, s.
    pub time_per_step_s: f64,
    /// Its share of the time in all entry methods.
    pub share_of_step: f64,
    /// Its time per step over the same phase's in the largest grid.
    pub work_vs_largest: f64,
    /// Messages this phase carried per step.
    pub messages_per_step: f64,
    /// Distinct senders of those messages.
    pub senders: u64,
    /// Messages per sender per step.
    pub messages_per_sender_per_step: f64,
    /// Distinct receivers each sender sent to, the most over the senders.
    pub destinations_per_sender: u64,
    /// Mean payload bytes per message (0 without messages).
    pub bytes_mean: f64,
    /// Smallest payload, bytes.
    pub bytes_min: u64,
    /// Largest payload, bytes.
    pub bytes_max: u64,
    /// Fraction of its messages that crossed to another PE.
    pub remote_fraction: f64,
}

/// The profile of `rec`, a recording of LeanMD on `cells` that evaluated
/// the forces `steps` times (a run of N steps: N + 1), every figure per
/// such step (`work_vs_largest` left at 1: [`relate`] sets it).
pub fn profile(rec: &Recording, cells: &str, atoms: u64, steps: u32) -> Vec<PhaseRow> {
    let arrays: Vec<&str> = rec.header.arrays.iter().map(|a| a.name.as_str()).collect();
    let key = |array: u32, method: &str| -> (String, String) {
        let a = arrays.get(array as usize).copied().unwrap_or("?");
        (a.to_string(), method.to_string())
    };
    let total_ns: u64 = rec.execs.iter().map(|e| e.dur_ns).sum();
    // The execution each message caused: its receiver's entry method and PE.
    let mut consumer: HashMap<u64, usize> = HashMap::with_capacity(rec.sends.len());
    for (i, e) in rec.execs.iter().enumerate() {
        if let Cause::Msg(id) = e.cause {
            consumer.insert(id, i);
        }
    }
    let steps = f64::from(steps.max(1));
    PHASES
        .iter()
        .map(|ph| {
            let is = |k: &(String, String), (a, m): (&str, &str)| k.0 == a && k.1 == m;
            let timed: Vec<_> = (rec.execs.iter())
                .filter(|e| ph.timed.iter().any(|&t| is(&key(e.array, &e.method), t)))
                .collect();
            let ns: u64 = timed.iter().map(|e| e.dur_ns).sum();
            let mut sizes = Vec::new();
            let mut remote = 0u64;
            let mut dests: HashMap<(u32, u64), std::collections::HashSet<u64>> = HashMap::new();
            if let Some(c) = ph.consumes {
                for s in &rec.sends {
                    let Some(&r) = consumer.get(&s.id) else {
                        continue;
                    };
                    let recv = &rec.execs[r];
                    if !is(&key(recv.array, &recv.method), c) {
                        continue;
                    }
                    sizes.push(s.bytes);
                    let from = &rec.execs[s.from as usize];
                    remote += u64::from(from.pe != recv.pe);
                    (dests.entry((from.array, from.element)).or_default()).insert(s.element);
                }
            }
            let n = sizes.len() as f64;
            let senders = dests.len() as u64;
            PhaseRow {
                cells: cells.to_string(),
                atoms,
                volume_fraction: 1.0,
                phase: ph.name.to_string(),
                paper_phase: ph.paper.to_string(),
                entries: ph.timed.iter().map(|(a, m)| format!("{a}::{m}")).collect(),
                executions_per_step: timed.len() as f64 / steps,
                time_per_step_s: ns as f64 * 1e-9 / steps,
                share_of_step: if total_ns == 0 {
                    0.0
                } else {
                    ns as f64 / total_ns as f64
                },
                work_vs_largest: 1.0,
                messages_per_step: n / steps,
                senders,
                messages_per_sender_per_step: if senders == 0 {
                    0.0
                } else {
                    n / steps / senders as f64
                },
                destinations_per_sender: dests.values().map(|d| d.len() as u64).max().unwrap_or(0),
                bytes_mean: if sizes.is_empty() {
                    0.0
                } else {
                    sizes.iter().sum::<u64>() as f64 / n
                },
                bytes_min: sizes.iter().copied().min().unwrap_or(0),
                bytes_max: sizes.iter().copied().max().unwrap_or(0),
                remote_fraction: if sizes.is_empty() {
                    0.0
                } else {
                    remote as f64 / n
                },
            }
        })
        .collect()
}

/// Sets every row's `volume_fraction` and `work_vs_largest` against the
/// rows of the run with the most atoms.
pub fn relate(rows: &mut [PhaseRow]) {
    let Some(largest) = rows.iter().map(|r| r.atoms).max() else {
        return;
    };
    let base: HashMap<String, f64> = (rows.iter())
        .filter(|r| r.atoms == largest)
        .map(|r| (r.phase.clone(), r.time_per_step_s))
        .collect();
    for r in rows.iter_mut() {
        r.volume_fraction = r.atoms as f64 / largest as f64;
        r.work_vs_largest = match base.get(&r.phase) {
            Some(&b) if b > 0.0 => r.time_per_step_s / b,
            _ => 0.0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_trace::record::{ArrayInfo, Exec, Header, Send};

    fn exec(
        id: u64,
        pe: u32,
        array: u32,
        element: u64,
        method: &str,
        dur_ns: u64,
        cause: Cause,
    ) -> Exec {
        Exec {
            id,
            pe,
            array,
            element,
            method: method.into(),
            start_ns: id * 10,
            dur_ns,
            cause,
        }
    }

    /// Two cells, one pair: each cell sends its positions (100 and 200
    /// bytes) to the pair, the pair sends each cell its forces.
    fn recording() -> Recording {
        let arrays = vec![
            ArrayInfo {
                name: CELLS.into(),
                elements: 2,
            },
            ArrayInfo {
                name: PAIRS.into(),
                elements: 1,
            },
        ];
        let execs = vec![
            exec(0, 0, 0, 0, "start", 10, Cause::Driver),
            exec(1, 1, 0, 1, "start", 10, Cause::Driver),
            exec(2, 0, 1, 0, "coords", 50, Cause::Msg(0)),
            exec(3, 0, 1, 0, "coords", 100, Cause::Msg(1)),
            exec(4, 0, 0, 0, "forces", 15, Cause::Msg(2)),
            exec(5, 1, 0, 1, "forces", 15, Cause::Msg(3)),
        ];
        let send = |id, from, array, element, bytes| Send {
            id,
            from,
            at_ns: 1,
            array,
            element,
            bytes,
        };
        let sends = vec![
            send(0, 0, 1, 0, 100),
            send(1, 1, 1, 0, 200),
            send(2, 3, 0, 0, 40),
            send(3, 3, 0, 1, 80),
        ];
        let header = Header {
            format: "arts-recording".into(),
            version: 1,
            app: "leanmd".into(),
            options: String::new(),
            pes: 2,
            steps: 1,
            wall_ns: 1000,
            arrays,
            executions: execs.len() as u64,
            messages: sends.len() as u64,
        };
        Recording {
            header,
            execs,
            sends,
        }
    }

    #[test]
    fn messages_go_to_the_phase_that_consumes_them() {
        let rows = profile(&recording(), "1x1x2", 2, 1);
        let fwd = &rows[0];
        assert_eq!(fwd.messages_per_step, 2.0);
        assert_eq!(
            (fwd.bytes_min, fwd.bytes_max, fwd.bytes_mean),
            (100, 200, 150.0)
        );
        assert_eq!(fwd.senders, 2);
        assert_eq!(
            fwd.remote_fraction, 0.5,
            "cell 1 on PE 1 sent to the pair on PE 0"
        );
        let rev = &rows[1];
        assert_eq!(rev.messages_per_step, 2.0);
        assert_eq!((rev.senders, rev.destinations_per_sender), (1, 2));
        assert_eq!(rev.messages_per_sender_per_step, 2.0);
        assert_eq!(rows[2].messages_per_step, 0.0);
    }

    #[test]
    fn time_is_that_of_the_phase_entry_methods() {
        let rows = profile(&recording(), "1x1x2", 2, 2);
        assert!(
            (rows[1].time_per_step_s - 75e-9).abs() < 1e-15,
            "150 ns over 2 steps"
        );
        assert!((rows[1].share_of_step - 150.0 / 200.0).abs() < 1e-12);
        let shares: f64 = rows.iter().map(|r| r.share_of_step).sum();
        assert!(
            (shares - 1.0).abs() < 1e-12,
            "every execution is in one phase"
        );
    }

    #[test]
    fn work_is_related_to_the_largest_grid() {
        let mut rows = profile(&recording(), "small", 2, 1);
        let mut big = profile(&recording(), "big", 16, 1);
        big.iter_mut().for_each(|r| r.time_per_step_s *= 8.0);
        rows.extend(big);
        relate(&mut rows);
        assert_eq!(rows[1].volume_fraction, 0.125);
        assert!((rows[1].work_vs_largest - 0.125).abs() < 1e-12);
        assert_eq!(rows[5].work_vs_largest, 1.0);
    }
}
