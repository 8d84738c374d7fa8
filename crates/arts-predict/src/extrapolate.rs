//! Extrapolation to machines far larger than the recorded one, the Blue
//! Gene/L paper's way: fit its per-object cost model to a recording, then
//! replay a synthetic step of the same kind of app at the target size.
//!
//! The paper models a molecular-dynamics step as `cost = N(α + β·N_nbd + δ)`
//! per processor and `message size = λ·N`. Here `N` is measured in the
//! unit the recording has for every object, the bytes of its messages (so
//! `λ = 1` by definition), and the neighbour count grows with the density,
//! `N_nbd ∝ N` for a fixed cutoff and object volume: [`CostModel::fit`]
//! fits `cost = a·N + b·N²` per object and step by least squares. The
//! synthetic app ([`Synthetic`]) is the paper's LJS pattern: objects on a
//! periodic 3-D grid, each step every object sends a message of `N` bytes
//! to its 6 neighbours and computes once it has all 6 of the previous step.

use serde::Serialize;

use arts_trace::record::Recording;

use crate::graph::{Edge, Graph, Node};
use crate::machine::{Machine, torus_dims};
use crate::{Engine, PredictError, Prediction};

/// The fitted per-object, per-step cost model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostModel {
    /// Linear coefficient, ns per byte of message (the paper's α + δ).
    pub a_ns_per_byte: f64,
    /// Quadratic coefficient, ns per byte² (the paper's β·N_nbd/N).
    pub b_ns_per_byte2: f64,
    /// Mean message bytes per object (N of the recorded objects).
    pub mean_bytes: f64,
    /// Mean compute per object and step, ns.
    pub mean_cost_ns: f64,
    /// Mean messages each unit sends per step.
    pub messages_per_step: f64,
    /// Units fitted (elements of the recording's smallest array that sent messages).
    pub objects: u64,
    /// Coefficient of determination of the fit (1: perfect).
    pub r2: f64,
    /// Each fitted unit's `N`, in unit order (the recorded distribution of sizes).
    #[serde(skip)]
    pub sizes: Vec<f64>,
}

impl CostModel {
    /// Fits the model to the units of `rec`: the elements of its smallest
    /// array (leanmd's cells, jacobi2d's blocks, zones' zones). The cost of
    /// every other object (a leanmd cell pair) is split among the units it
    /// exchanges messages with; a unit's `N` is the mean size of the
    /// messages it sends to others.
    pub fn fit(rec: &Recording) -> Result<CostModel, PredictError> {
        let steps = rec.header.steps.max(1) as f64;
        let arrays = &rec.header.arrays;
        let unit = (0..arrays.len())
            .filter(|&a| rec.execs.iter().any(|e| e.array as usize == a))
            .min_by_key(|&a| arrays[a].elements)
            .ok_or_else(|| PredictError::Input("the recording has no executions".into()))?
            as u32;
        let units = arrays[unit as usize].elements as usize;
        // Per unit: cost (ns), bytes sent, messages sent.
        let mut per = vec![(0.0f64, 0u64, 0u64); units];
        // Other objects: their cost and the units they talk to.
        let mut others: std::collections::HashMap<(u32, u64), (u64, Vec<u64>)> = Default::default();
        for e in &rec.execs {
            if e.array == unit {
                per[e.element as usize].0 += e.dur_ns as f64;
            } else {
                others.entry((e.array, e.element)).or_default().0 += e.dur_ns;
            }
        }
        for s in &rec.sends {
            let e = &rec.execs[s.from as usize];
            if (s.array, s.element) == (e.array, e.element) {
                continue; // a message to itself
            }
            match (e.array == unit, s.array == unit) {
                (true, _) => {
                    per[e.element as usize].1 += s.bytes;
                    per[e.element as usize].2 += 1;
                    if s.array != unit {
                        others
                            .entry((s.array, s.element))
                            .or_default()
                            .1
                            .push(e.element);
                    }
                }
                (false, true) => others
                    .entry((e.array, e.element))
                    .or_default()
                    .1
                    .push(s.element),
                (false, false) => {}
            }
        }
        for (cost, mut peers) in others.into_values() {
            peers.sort_unstable();
            peers.dedup();
            if peers.is_empty() {
                peers = (0..units as u64).collect();
            }
            let share = cost as f64 / peers.len() as f64;
            for u in peers {
                per[u as usize].0 += share;
            }
        }
        let points: Vec<(f64, f64, f64)> = per
            .iter()
            .filter(|p| p.2 > 0)
            .map(|&(ns, bytes, msgs)| (bytes as f64 / msgs as f64, ns / steps, msgs as f64 / steps))
            .collect();
        if points.is_empty() {
            return Err(PredictError::Input(
                "the recording has no messages between objects: nothing to fit".into(),
            ));
        }
        let n = points.len() as f64;
        let mean = |f: fn(&(f64, f64, f64)) -> f64| points.iter().map(f).sum::<f64>() / n;
        let (mean_bytes, mean_cost_ns, messages_per_step) =
            (mean(|p| p.0), mean(|p| p.1), mean(|p| p.2));
        let (lo, hi) = points.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), p| {
            (lo.min(p.0), hi.max(p.0))
        });
        // Least squares through the origin on x = N, x² (normal equations);
        // the quadratic term only when the sizes spread enough to tell.
        let (mut s11, mut s12, mut s22, mut s1y, mut s2y) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &(x, y, _) in &points {
            let x2 = x * x;
            s11 += x * x;
            s12 += x * x2;
            s22 += x2 * x2;
            s1y += x * y;
            s2y += x2 * y;
        }
        let linear = (s1y / s11.max(f64::MIN_POSITIVE), 0.0);
        let det = s11 * s22 - s12 * s12;
        let (a, b) = if hi > 1.05 * lo && det > 1e-9 * s11 * s22 {
            match ((s1y * s22 - s2y * s12) / det, (s11 * s2y - s12 * s1y) / det) {
                // A negative term is not physical: keep the linear model.
                (a, b) if a < 0.0 || b < 0.0 => linear,
                ab => ab,
            }
        } else {
            linear
        };
        let ss_tot: f64 = points.iter().map(|p| (p.1 - mean_cost_ns).powi(2)).sum();
        let ss_res: f64 = points
            .iter()
            .map(|p| (p.1 - (a * p.0 + b * p.0 * p.0)).powi(2))
            .sum();
        Ok(CostModel {
            a_ns_per_byte: a,
            b_ns_per_byte2: b,
            mean_bytes,
            mean_cost_ns,
            messages_per_step,
            objects: points.len() as u64,
            r2: if ss_tot > 0.0 {
                1.0 - ss_res / ss_tot
            } else {
                1.0
            },
            sizes: points.iter().map(|p| p.0).collect(),
        })
    }

    /// Compute per object and step for messages of `bytes`, ns.
    pub fn cost_ns(&self, bytes: f64) -> f64 {
        self.a_ns_per_byte * bytes + self.b_ns_per_byte2 * bytes * bytes
    }
}

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

/// One extrapolated point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Extrapolated {
    /// Target PEs.
    pub pes: u32,
    /// The placement's name.
    pub mapping: String,
    /// The synthetic app.
    pub app: Synthetic,
    /// Predicted time of one step (the simulated steps' time over their count), s.
    pub step_time_s: f64,
    /// The prediction.
    pub prediction: Prediction,
    /// The predicted messages between nodes, if asked for.
    #[serde(skip)]
    pub traffic: Vec<crate::Traffic>,
}

/// Predicts `app` on `machine` with objects placed by `how` (named `name`).
pub fn extrapolate(
    app: &Synthetic,
    machine: &Machine,
    how: &Layout,
    name: &str,
    engine: Engine,
    traffic: bool,
) -> Result<Extrapolated, PredictError> {
    let pe_of = layout(app, machine.pes, how)?;
    let graph = app.graph(&pe_of);
    let prediction = crate::predict(&graph, machine, engine)?;
    let traffic = match traffic {
        true => prediction.traffic(&graph, machine),
        false => Vec::new(),
    };
    Ok(Extrapolated {
        pes: machine.pes,
        mapping: name.to_string(),
        app: app.clone(),
        step_time_s: prediction.time_ns as f64 * 1e-9 / app.steps.max(1) as f64,
        prediction,
        traffic,
    })
}

/// An extrapolation study: PE counts × placements on the Blue Gene/L torus.
#[derive(Clone, Debug)]
pub struct StudyPlan {
    /// Target PE counts (one PE per torus node).
    pub pes: Vec<u32>,
    /// Placements and their names.
    pub layouts: Vec<(String, Layout)>,
    /// Objects per PE.
    pub objects_per_pe: u32,
    /// Steps simulated per point.
    pub steps: u32,
    /// Message size (problem size per object) relative to the recording.
    pub problem_scale: f64,
    /// Objects take the recorded units' sizes in turn (else all the mean).
    pub heterogeneous: bool,
    /// Target compute speed relative to the recording.
    pub cpu_speed: f64,
    /// Software latency and link bandwidth of the torus.
    pub link: crate::Link,
    /// Per-hop latency, ns.
    pub hop_ns: f64,
    /// The engine.
    pub engine: Engine,
    /// Also list each point's messages between nodes.
    pub traffic: bool,
}

/// Runs every point of `plan` with the costs of `model`; `progress` is
/// called before each point.
pub fn study(
    model: &CostModel,
    plan: &StudyPlan,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Extrapolated>, PredictError> {
    let mut out = Vec::new();
    for &pes in &plan.pes {
        let objects = pes.checked_mul(plan.objects_per_pe).ok_or_else(|| {
            PredictError::Input(format!(
                "{pes} PEs × {} objects is too many",
                plan.objects_per_pe
            ))
        })?;
        let scaled = CostModel {
            a_ns_per_byte: model.a_ns_per_byte / plan.cpu_speed,
            b_ns_per_byte2: model.b_ns_per_byte2 / plan.cpu_speed,
            ..model.clone()
        };
        let app = Synthetic::new(
            &scaled,
            objects,
            plan.steps,
            plan.problem_scale,
            plan.heterogeneous,
        );
        let machine = Machine {
            pes,
            processes: pes,
            cpu_speed: 1.0,
            cores: None,
            local: plan.link,
            network: crate::Network::Torus {
                dims: torus_dims(pes),
                link: plan.link,
                hop_ns: plan.hop_ns,
            },
        };
        for (name, how) in &plan.layouts {
            progress(&format!("{pes} PEs, {name}"));
            out.push(extrapolate(
                &app,
                &machine,
                how,
                name,
                plan.engine,
                plan.traffic,
            )?);
        }
    }
    Ok(out)
}

/// The study as CSV, one line per point.
pub fn to_csv(points: &[Extrapolated]) -> String {
    let mut s = String::from(
        "pes,mapping,objects,bytes_per_message,cost_per_object_ns,step_time_s,utilization_mean,critical_path_communication_fraction,sim_wall_s\n",
    );
    for p in points {
        let cp = &p.prediction.critical_path;
        s += &format!(
            "{},{},{},{},{},{:.9},{:.4},{:.4},{:.3}\n",
            p.pes,
            p.mapping,
            p.app.objects(),
            p.app.bytes,
            p.app.cost_ns,
            p.step_time_s,
            p.prediction.utilization_mean,
            cp.communication_ns as f64 / cp.length_ns.max(1) as f64,
            p.prediction.sim_wall_s
        );
    }
    s
}

/// Predicted step time against PEs, one series per placement.
pub fn chart(points: &[Extrapolated], app: &str) -> arts_grid::plot::Chart {
    let mut series: Vec<arts_grid::plot::Series> = Vec::new();
    for p in points {
        let y = p.step_time_s * 1e3;
        match series.iter_mut().find(|s| s.name == p.mapping) {
            Some(s) => s.points.push((p.pes as f64, y)),
            None => series.push(arts_grid::plot::Series {
                name: p.mapping.clone(),
                points: vec![(p.pes as f64, y)],
            }),
        }
    }
    arts_grid::plot::Chart {
        title: format!("{app}: predicted step time on a Blue Gene/L torus"),
        x_label: "PEs (torus nodes)".into(),
        y_label: "step time, ms".into(),
        log_x: true,
        series,
    }
}
