//! The task graph a prediction replays: executions (nodes) with their
//! durations and target PEs, and what each one releases (edges): the
//! executions its messages trigger, `offset` after it starts, and, for an
//! execution whose cause the recording does not follow, the element's next
//! execution when it ends.

use arts_trace::record::{Cause, Recording};

/// One execution to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Duration on the target, ns (>= 1).
    pub dur_ns: u64,
    /// Target PE.
    pub pe: u32,
    /// Entry method (index into `Graph::methods`).
    pub method: u32,
    /// Releases it waits for before it is ready (1 for a recorded
    /// execution: the message that triggered it).
    pub needs: u32,
    /// Its edges: `Graph::edges[first_edge .. first_edge + edges]`.
    pub first_edge: u32,
    /// Number of edges.
    pub edges: u32,
}

/// "Node `to` gets one of the releases it needs `offset_ns` after this one
/// starts, plus the network time of `bytes` between their PEs".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edge {
    /// The released node.
    pub to: u32,
    /// When, after the releasing node starts, ns.
    pub offset_ns: u64,
    /// Payload bytes.
    pub bytes: u64,
}

/// A task graph.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Graph {
    /// Nodes (executions), in recorded order.
    pub nodes: Vec<Node>,
    /// Edges, grouped by releasing node.
    pub edges: Vec<Edge>,
    /// Nodes ready at time 0 (the main program's messages).
    pub roots: Vec<u32>,
    /// Entry method names (`array::method`).
    pub methods: Vec<String>,
}

/// How recorded durations become target durations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Target compute speed relative to the recording.
    pub cpu_speed: f64,
    /// Scheduler cost added to every execution, ns.
    pub overhead_ns: f64,
}

impl Graph {
    /// The graph of `rec` with elements placed by `pe_of[array][element]`.
    pub fn from_recording(rec: &Recording, pe_of: &[Vec<u32>], timing: Timing) -> Graph {
        let scale = |ns: u64| (ns as f64 / timing.cpu_speed).round() as u64;
        let mut methods: Vec<String> = Vec::new();
        let mut method_ids = std::collections::HashMap::<(u32, &str), u32>::new();
        // What each node releases, before grouping.
        let mut out: Vec<Vec<Edge>> = vec![Vec::new(); rec.execs.len()];
        let mut roots = Vec::new();
        let mut last_of = std::collections::HashMap::<(u32, u64), u32>::new();
        let mut nodes = Vec::with_capacity(rec.execs.len());
        for e in &rec.execs {
            let id = e.id as u32;
            let key = (e.array, e.method.as_str());
            let method = *method_ids.entry(key).or_insert_with(|| {
                let array = &rec.header.arrays[e.array as usize].name;
                methods.push(format!("{array}::{}", e.method));
                methods.len() as u32 - 1
            });
            let dur_ns = (scale(e.dur_ns) as f64 + timing.overhead_ns)
                .round()
                .max(1.0) as u64;
            nodes.push(Node {
                dur_ns,
                pe: pe_of[e.array as usize][e.element as usize],
                method,
                needs: 1,
                first_edge: 0,
                edges: 0,
            });
            let previous = last_of.insert((e.array, e.element), id);
            match (e.cause, previous) {
                (Cause::Driver, _) | (Cause::Other, None) => roots.push(id),
                (Cause::Msg(m), _) => {
                    let s = &rec.sends[m as usize];
                    out[s.from as usize].push(Edge {
                        to: id,
                        offset_ns: scale(s.at_ns),
                        bytes: s.bytes,
                    });
                }
                (Cause::Other, Some(p)) => {
                    let end = nodes[p as usize].dur_ns;
                    out[p as usize].push(Edge {
                        to: id,
                        offset_ns: end,
                        bytes: 0,
                    });
                }
            }
        }
        let mut graph = Graph {
            nodes,
            edges: Vec::new(),
            roots,
            methods,
        };
        for (i, edges) in out.into_iter().enumerate() {
            graph.set_edges(i, edges);
        }
        graph
    }

    /// Gives node `i` its edges (nodes must get them in order).
    pub fn set_edges(&mut self, i: usize, edges: Vec<Edge>) {
        self.nodes[i].first_edge = self.edges.len() as u32;
        self.nodes[i].edges = edges.len() as u32;
        self.edges.extend(edges);
    }

    /// The edges of node `i`.
    #[inline]
    pub fn edges_of(&self, i: u32) -> &[Edge] {
        let n = &self.nodes[i as usize];
        &self.edges[n.first_edge as usize..(n.first_edge + n.edges) as usize]
    }

    /// Total duration of all nodes, ns.
    pub fn work_ns(&self) -> u64 {
        self.nodes.iter().map(|n| n.dur_ns).sum()
    }
}

/// The scheduler cost per execution measured in a recording: the median
/// gap between one execution's end and the next one's start on the same
/// PE (on a PE that is never idle, what the runtime spends between entry
/// methods), ns.
pub fn measured_overhead_ns(rec: &Recording) -> f64 {
    let mut last_end: Vec<Option<u64>> = vec![None; rec.header.pes as usize];
    let mut gaps: Vec<u64> = Vec::with_capacity(rec.execs.len());
    for e in &rec.execs {
        if let Some(end) = last_end[e.pe as usize] {
            gaps.push(e.start_ns.saturating_sub(end));
        }
        last_end[e.pe as usize] = Some(e.start_ns + e.dur_ns);
    }
    if gaps.is_empty() {
        return 0.0;
    }
    let mid = gaps.len() / 2;
    *gaps.select_nth_unstable(mid).1 as f64
}
