//! The paper's LJS step at any size: objects on a periodic 3-D grid, each
//! sending one message to each of its 6 neighbours per step and computing
//! once it has all six, with the fitted costs; and placements of its
//! objects on PEs.

use serde::Serialize;

use crate::PredictError;
use crate::costmodel::CostModel;
use crate::graph::{Edge, Graph, Node};
use crate::machine::torus_dims;

/// One synthetic LJS-style app at the target size.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Synthetic {
    /// Objects along x, y, z (periodic).
    pub grid: [u32; 3],
    /// Steps to simulate.
    pub steps: u32,
    /// Mean compute per object and step, ns.
    pub cost_ns: u64,
    /// Mean bytes of each of the 6 messages per object and step.
    pub bytes: u64,
    /// `(cost, bytes)` of object `o` is `pattern[o mod len]` (one entry: uniform).
    #[serde(skip)]
    pub pattern: Vec<(u64, u64)>,
}

impl Synthetic {
    /// `objects` objects (as cubic a grid as they allow) costed by `model`,
    /// their sizes `problem_scale` times the recorded ones: the recorded
    /// units' sizes repeated in order over the objects (`heterogeneous`),
    /// or their mean for every object.
    pub fn new(
        model: &CostModel,
        objects: u32,
        steps: u32,
        problem_scale: f64,
        heterogeneous: bool,
    ) -> Synthetic {
        let sized = |n: f64| {
            let bytes = n * problem_scale;
            (
                model.cost_ns(bytes).round().max(1.0) as u64,
                bytes.round() as u64,
            )
        };
        let pattern: Vec<(u64, u64)> = match heterogeneous && !model.sizes.is_empty() {
            true => model.sizes.iter().map(|&n| sized(n)).collect(),
            false => vec![sized(model.mean_bytes)],
        };
        let n = objects as u64;
        let len = pattern.len() as u64;
        // Object o has pattern[o mod len]: entry i serves ceil((n - i) / len) objects.
        let total = |f: fn(&(u64, u64)) -> u64| -> u64 {
            (0..len.min(n))
                .map(|i| f(&pattern[i as usize]) * (n - i).div_ceil(len))
                .sum()
        };
        Synthetic {
            grid: torus_dims(objects),
            steps,
            cost_ns: total(|p| p.0) / n.max(1),
            bytes: total(|p| p.1) / n.max(1),
            pattern,
        }
    }

    /// `(cost, bytes)` of object `o`.
    #[inline]
    fn size(&self, o: u32) -> (u64, u64) {
        self.pattern[o as usize % self.pattern.len()]
    }

    /// Number of objects.
    pub fn objects(&self) -> u32 {
        self.grid.iter().product()
    }

    /// The 6 neighbours of object `o` on the periodic grid.
    fn neighbours(&self, o: u32) -> [u32; 6] {
        let [x, y, z] = self.grid;
        let at = |i: u32, j: u32, k: u32| i + x * (j + y * k);
        let (i, j, k) = (o % x, o / x % y, o / (x * y));
        [
            at((i + 1) % x, j, k),
            at((i + x - 1) % x, j, k),
            at(i, (j + 1) % y, k),
            at(i, (j + y - 1) % y, k),
            at(i, j, (k + 1) % z),
            at(i, j, (k + z - 1) % z),
        ]
    }

    /// The task graph: node `step·objects + o` is object `o`'s step, on
    /// PE `pe_of[o]`; it needs its 6 neighbours' messages of the previous
    /// step and its own previous step (7 releases; the first step is a root).
    pub fn graph(&self, pe_of: &[u32]) -> Graph {
        let n = self.objects();
        let mut g = Graph {
            methods: vec!["synthetic::step".into()],
            roots: (0..n).collect(),
            ..Graph::default()
        };
        for step in 0..self.steps {
            g.nodes.extend((0..n).map(|o| Node {
                dur_ns: self.size(o).0,
                pe: pe_of[o as usize],
                method: 0,
                needs: if step == 0 { 1 } else { 7 },
                first_edge: 0,
                edges: 0,
            }));
        }
        for step in 0..self.steps {
            let next = (step + 1) * n;
            for o in 0..n {
                let edges = if step + 1 == self.steps {
                    Vec::new()
                } else {
                    let (cost, bytes) = self.size(o);
                    let message = |nb: u32, bytes| Edge {
                        to: next + nb,
                        offset_ns: cost,
                        bytes,
                    };
                    let mut edges: Vec<Edge> = self
                        .neighbours(o)
                        .iter()
                        .map(|&nb| message(nb, bytes))
                        .collect();
                    edges.push(message(o, 0));
                    edges
                };
                g.set_edges((step * n + o) as usize, edges);
            }
        }
        g
    }

    /// The object communication graph for a load balancer: every object
    /// sends one message of `bytes` to each neighbour per step.
    pub fn lb_input(&self, pes: u32) -> arts_lb::LbInput {
        let n = self.objects();
        let objects = (0..n)
            .map(|o| arts_lb::ObjInfo {
                id: o as u64,
                pe: (o as u64 * pes as u64 / n as u64) as usize,
                load_s: self.size(o).0 as f64 * 1e-9,
                migratable: true,
                bytes: 0,
            })
            .collect();
        let comm = (0..n)
            .flat_map(|o| {
                self.neighbours(o).map(move |nb| arts_lb::CommEdge {
                    from: o as usize,
                    to: nb as usize,
                    messages: 1,
                    bytes: self.size(o).1,
                })
            })
            .collect();
        arts_lb::LbInput {
            pes: vec![arts_lb::PeInfo::default(); pes as usize],
            objects,
            comm,
        }
    }
}

/// Object placements for extrapolation.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// Object `o` on PE `o·P/n`: with one object per PE on a torus of the
    /// objects' shape, every message travels one hop.
    Ideal,
    /// A seeded random permutation of the ideal placement.
    Random(u64),
    /// A load-balancing strategy's mapping of the synthetic app's graph.
    Lb(String),
}

/// The PE of every object of `app` on `pes` PEs under `layout`.
pub fn layout(app: &Synthetic, pes: u32, layout: &Layout) -> Result<Vec<u32>, PredictError> {
    let n = app.objects() as u64;
    let ideal: Vec<u32> = (0..n).map(|o| (o * pes as u64 / n) as u32).collect();
    Ok(match layout {
        Layout::Ideal => ideal,
        Layout::Random(seed) => {
            let mut v = ideal;
            let mut state = *seed | 1;
            for i in (1..v.len()).rev() {
                state = arts_pdes::mix64(state.wrapping_add(i as u64));
                v.swap(i, (state % (i as u64 + 1)) as usize);
            }
            v
        }
        Layout::Lb(name) => {
            let strategy =
                arts_lb::by_name(name).map_err(|e| PredictError::Input(e.to_string()))?;
            let m = arts_lb::balance(strategy.as_ref(), &app.lb_input(pes))
                .map_err(|e| PredictError::Input(format!("lb:{name}: {e}")))?;
            m.pe_of.iter().map(|&p| p as u32).collect()
        }
    })
}
