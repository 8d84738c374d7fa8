//! The prediction as a PDES model: one LP per target PE. A node is ready
//! once it got the releases it needs; a PE runs the nodes that became
//! ready on it one at a time, in order of readiness;
//! starting a node schedules its end on the same PE and, for each of its
//! edges, the released node's readiness on that node's PE after the edge's
//! offset and the network time. Times are ns. Rollback is incremental: a
//! handler notes in its undo record what it pushed, popped and replaced.

use std::collections::VecDeque;

use arts_pdes::{EventCtx, LpId, Model, StatKind, StatSpec, Time, mix64};
use parking_lot::Mutex;

use crate::graph::Graph;
use crate::machine::Machine;

/// An event.
#[derive(Clone, Copy, Debug)]
pub enum Msg {
    /// One release of node `node` (by node `by`, or `u32::MAX` at the start).
    Ready {
        /// The node.
        node: u32,
        /// The node that released it.
        by: u32,
    },
    /// The running node ended.
    Done,
}

/// Why a node started when it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waited {
    /// For the node that released it (the PE was free).
    Release(u32),
    /// For the PE: the node that ran before it on the PE ended.
    Pe(u32),
    /// Nothing: a root, started at time 0.
    Start,
}

/// One node's start on its PE.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Started {
    /// The node.
    pub node: u32,
    /// Its start, ns.
    pub at: u64,
    /// What it waited for.
    pub waited: Waited,
}

/// A target PE.
#[derive(Clone, Debug, Default)]
pub struct PeState {
    ready: VecDeque<(u32, u32)>,
    /// Releases got by nodes that need more than they got so far.
    waiting: std::collections::HashMap<u32, u32>,
    running: Option<u32>,
    /// Last node that ran here.
    last: Option<u32>,
    /// Time in nodes, ns.
    pub busy_ns: u64,
    /// When its last node ended, ns.
    pub end_ns: u64,
    /// Every start, in order.
    pub log: Vec<Started>,
}

/// What a handler did, to undo it.
#[derive(Default)]
pub struct Undo {
    pushed: bool,
    /// The release was counted in `waiting` (the node is not ready yet).
    counted: bool,
    started: Option<(u32, u32)>,
    prev_running: Option<u32>,
    prev_last: Option<u32>,
    prev_end: u64,
}

/// The model: a graph on a machine. Final PE states are collected as the
/// engine hands them back ([`PredictModel::take_results`]).
pub struct PredictModel<'a> {
    graph: &'a Graph,
    machine: &'a Machine,
    results: Mutex<Vec<Option<PeState>>>,
}

const STATS: &[StatSpec] = &[
    StatSpec {
        name: "makespan_ns",
        kind: StatKind::Max,
    },
    StatSpec {
        name: "busy_ns",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "executions",
        kind: StatKind::Sum,
    },
];

impl<'a> PredictModel<'a> {
    /// The model of `graph` on `machine` (`machine.pes` LPs).
    pub fn new(graph: &'a Graph, machine: &'a Machine) -> Self {
        PredictModel {
            graph,
            machine,
            results: Mutex::new(vec![None; machine.pes as usize]),
        }
    }

    /// The final state of every PE (after a run; each once).
    pub fn take_results(&self) -> Vec<PeState> {
        std::mem::take(&mut *self.results.lock())
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect()
    }

    /// Starts the next ready node on this PE at `now`.
    fn start_next(
        &self,
        s: &mut PeState,
        undo: &mut Undo,
        waited_pe: bool,
        ctx: &mut EventCtx<'_, Msg>,
    ) {
        let Some((node, by)) = s.ready.pop_front() else {
            return;
        };
        undo.started = Some((node, by));
        let now = ctx.now() as u64;
        let waited = match (waited_pe, s.last) {
            (true, Some(prev)) => Waited::Pe(prev),
            _ if by == u32::MAX => Waited::Start,
            _ => Waited::Release(by),
        };
        s.log.push(Started {
            node,
            at: now,
            waited,
        });
        s.running = Some(node);
        let n = &self.graph.nodes[node as usize];
        s.busy_ns = s.busy_ns.saturating_add(n.dur_ns);
        ctx.send(ctx.lp(), n.dur_ns as Time, Msg::Done);
        for e in self.graph.edges_of(node) {
            let to = &self.graph.nodes[e.to as usize];
            let net = self.machine.delay_ns(n.pe, to.pe, e.bytes).round() as u64;
            let delay = e.offset_ns.saturating_add(net).max(1);
            ctx.send(
                to.pe,
                delay as Time,
                Msg::Ready {
                    node: e.to,
                    by: node,
                },
            );
        }
    }

    /// Undoes `start_next`.
    fn unstart(&self, s: &mut PeState, undo: &Undo) {
        if let Some(item) = undo.started {
            s.log.pop();
            s.busy_ns = s
                .busy_ns
                .saturating_sub(self.graph.nodes[item.0 as usize].dur_ns);
            s.ready.push_front(item);
        }
    }
}

impl Model for PredictModel<'_> {
    type State = PeState;
    type Msg = Msg;
    type Undo = Undo;

    fn name(&self) -> &str {
        "predict"
    }

    fn lp_count(&self) -> u32 {
        self.machine.pes
    }

    fn lookahead(&self) -> Time {
        1.0
    }

    fn init(&self, lp: LpId, ctx: &mut EventCtx<'_, Msg>) -> PeState {
        for &r in &self.graph.roots {
            if self.graph.nodes[r as usize].pe == lp {
                ctx.send(
                    lp,
                    0.0,
                    Msg::Ready {
                        node: r,
                        by: u32::MAX,
                    },
                );
            }
        }
        PeState::default()
    }

    fn handle(&self, s: &mut PeState, msg: &Msg, undo: &mut Undo, ctx: &mut EventCtx<'_, Msg>) {
        undo.prev_running = s.running;
        undo.prev_last = s.last;
        undo.prev_end = s.end_ns;
        match *msg {
            Msg::Ready { node, by } => {
                let needs = self.graph.nodes[node as usize].needs;
                if needs > 1 {
                    let got = s.waiting.entry(node).or_insert(0);
                    *got += 1;
                    if *got < needs {
                        undo.counted = true;
                        return;
                    }
                    s.waiting.remove(&node);
                }
                s.ready.push_back((node, by));
                undo.pushed = true;
                if s.running.is_none() {
                    self.start_next(s, undo, false, ctx);
                }
            }
            Msg::Done => {
                s.last = s.running.take();
                s.end_ns = ctx.now() as u64;
                self.start_next(s, undo, true, ctx);
            }
        }
    }

    fn save(&self, _: &PeState, _: &Msg) -> Undo {
        Undo::default()
    }

    fn rollback(&self, s: &mut PeState, msg: &Msg, undo: Undo) {
        self.unstart(s, &undo);
        if let Msg::Ready { node, .. } = *msg {
            let needs = self.graph.nodes[node as usize].needs;
            if undo.counted {
                let got = s.waiting.get_mut(&node).expect("counted above");
                *got -= 1;
                if *got == 0 {
                    s.waiting.remove(&node);
                }
            } else if undo.pushed && needs > 1 {
                s.waiting.insert(node, needs - 1);
            }
        }
        if undo.pushed {
            s.ready.pop_back();
        }
        s.running = undo.prev_running;
        s.last = undo.prev_last;
        s.end_ns = undo.prev_end;
    }

    fn stats(&self) -> &[StatSpec] {
        STATS
    }

    fn lp_stats(&self, s: &PeState, out: &mut [f64]) {
        out[0] = s.end_ns as f64;
        out[1] = s.busy_ns as f64;
        out[2] = s.log.len() as f64;
    }

    fn checksum(&self, s: &PeState) -> u64 {
        s.log
            .iter()
            .fold(mix64(s.busy_ns ^ s.end_ns << 1), |h, st| {
                mix64(h ^ (st.node as u64) << 32 ^ st.at)
            })
    }

    fn finished(&self, lp: LpId, s: &PeState) {
        self.results.lock()[lp as usize] = Some(s.clone());
    }
}
