//! The Blue Gene/L paper's per-object cost model, fitted to a recording
//! (see `extrapolate` for how it is used).

use serde::Serialize;

use arts_trace::record::Recording;

use crate::PredictError;

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
