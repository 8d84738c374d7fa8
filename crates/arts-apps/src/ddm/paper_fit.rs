//! `--app-lb paper-fit`: the paper's application-level balancing (Bounanos
//! et al., sec. 4), and its Fig. 14 (the absorption layer's cost per
//! sub-cycle over a run).
//!
//! The paper timed the absorption layer's first sub-cycle every 200
//! iterations, fitted a 5th-degree polynomial to those times, integrated it
//! with Simpson's rule and weighted each row of that layer by the ratio of
//! the areas, every other row weighing 1; the rows were then cut into equal
//! shares of that weight. Here the times are the sequential solver's cost
//! history of the first bias point (`CostProfile::history`, every
//! `fit_every` iterations), per row of the layer; the ratio is the area of
//! the layer's fitted curve over the area of the same fit to the other
//! layers' rows (the "constant part": what a row of unit weight costs in
//! that sub-cycle over the same iterations), both by
//! [`arts_lb::weighted::fitted_mean`].

use arts_ddm::solver::instrument::{SUBCYCLE_NAMES, SubCycle};
use arts_ddm::{CostProfile, Mesh};
use arts_util::chart::{Chart, Series};

/// The degree of the fitted polynomial (the paper's).
pub const DEGREE: usize = 5;

/// Samples a fit of [`DEGREE`] needs.
pub const MIN_SAMPLES: usize = DEGREE + 1;

/// `--fit-every`'s default: the paper's 200 iterations scaled to runs of
/// 10³–10⁴ iterations (theirs took ~10⁵), so that the first bias point of
/// every preset gives well over [`MIN_SAMPLES`] samples.
pub const DEFAULT_FIT_EVERY: usize = 20;

/// The paper's weighting of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct PaperFit {
    /// The weighted layer.
    pub layer: usize,
    /// Its name.
    pub layer_name: String,
    /// Cost samples fitted.
    pub samples: usize,
    /// The weight of each of its rows (every other row: 1).
    pub factor: f64,
    /// The weight of every row of the mesh.
    pub weights: Vec<f64>,
}

/// Why the fit could not be made.
#[derive(Clone, Debug, PartialEq)]
pub enum FitError {
    /// Fewer than [`MIN_SAMPLES`] measured iterations.
    TooFewSamples {
        /// Samples measured.
        samples: usize,
    },
    /// The device has a single layer: nothing to weigh against.
    OneLayer,
    /// The fit failed (e.g. no positive cost).
    Fit(String),
}

impl std::fmt::Display for FitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FitError::TooFewSamples { samples } => write!(
                f,
                "{samples} cost samples; a degree-{DEGREE} fit needs at least {MIN_SAMPLES} (lower --fit-every)"
            ),
            FitError::OneLayer => write!(f, "the device has one layer: no layer to weigh"),
            FitError::Fit(e) => write!(f, "fit: {e}"),
        }
    }
}

/// Interior rows per layer (the rows the sub-cycles update and time).
fn interior_rows(mesh: &Mesh, layers: usize) -> Vec<usize> {
    let mut n = vec![0; layers];
    for &l in &mesh.layer[1..mesh.rows - 1] {
        n[l as usize] += 1;
    }
    n
}

/// The measured iterations and, per layer, the time per row of sub-cycle
/// `sub` at each, ns.
fn series(cost: &CostProfile, mesh: &Mesh, sub: usize) -> (Vec<f64>, Vec<Vec<f64>>) {
    let measured: Vec<_> = (cost.history.iter())
        .filter(|h| !h.layer_ns.is_empty())
        .collect();
    let layers = measured.first().map_or(0, |h| h.layer_ns.len());
    let rows = interior_rows(mesh, layers);
    let xs = measured.iter().map(|h| h.iteration as f64).collect();
    let per_layer = (0..layers)
        .map(|l| {
            (measured.iter())
                .map(|h| h.layer_ns[l][sub] as f64 / rows[l].max(1) as f64)
                .collect()
        })
        .collect();
    (xs, per_layer)
}

/// The layer the paper weighs: the first whose name starts with "absorp"
/// (any case; the `apd-sam` preset's `Absorp`); a device without one gets
/// the layer whose first sub-cycle costs most per row over the run.
pub fn absorption_layer(cost: &CostProfile, mesh: &Mesh, names: &[String]) -> Option<usize> {
    if let Some(l) = (names.iter()).position(|n| n.to_ascii_lowercase().starts_with("absorp")) {
        return Some(l);
    }
    let (_, per_layer) = series(cost, mesh, SubCycle::Phi as usize);
    let mean = |v: &Vec<f64>| v.iter().sum::<f64>() / v.len().max(1) as f64;
    (0..per_layer.len()).max_by(|&a, &b| mean(&per_layer[a]).total_cmp(&mean(&per_layer[b])))
}

/// The paper's weighting from the cost history `cost` of a run on `mesh`
/// whose layers are `names`.
pub fn fit(cost: &CostProfile, mesh: &Mesh, names: &[String]) -> Result<PaperFit, FitError> {
    let phi = SubCycle::Phi as usize;
    let (xs, per_layer) = series(cost, mesh, phi);
    if xs.len() < MIN_SAMPLES {
        return Err(FitError::TooFewSamples { samples: xs.len() });
    }
    if per_layer.len() < 2 {
        return Err(FitError::OneLayer);
    }
    let layer = absorption_layer(cost, mesh, names).ok_or(FitError::OneLayer)?;
    // The other layers' rows together: their summed time over their rows.
    let rows = interior_rows(mesh, per_layer.len());
    let rest_rows: usize = (0..rows.len())
        .filter(|&l| l != layer)
        .map(|l| rows[l])
        .sum();
    let rest: Vec<f64> = (0..xs.len())
        .map(|k| {
            (0..per_layer.len())
                .filter(|&l| l != layer)
                .map(|l| per_layer[l][k] * rows[l] as f64)
                .sum::<f64>()
                / rest_rows.max(1) as f64
        })
        .collect();
    let area = |ys: &[f64]| {
        arts_lb::weighted::fitted_mean(&xs, ys, DEGREE).map_err(|e| FitError::Fit(e.to_string()))
    };
    let (a, r) = (area(&per_layer[layer])?, area(&rest)?);
    if !(a > 0.0 && r > 0.0) {
        return Err(FitError::Fit(format!(
            "the fitted areas ({a:.3e} and {r:.3e} ns) must be positive"
        )));
    }
    let factor = a / r;
    let weights = (mesh.layer.iter())
        .map(|&l| if l as usize == layer { factor } else { 1.0 })
        .collect();
    Ok(PaperFit {
        layer,
        layer_name: names.get(layer).cloned().unwrap_or_default(),
        samples: xs.len(),
        factor,
        weights,
    })
}

/// The paper's Fig. 14 for a run: the time per row of each sub-cycle in
/// the absorption layer (see [`absorption_layer`]) at every measured
/// iteration; `None` when fewer than two iterations were measured.
pub fn fig14(cost: &CostProfile, mesh: &Mesh, names: &[String], title: &str) -> Option<Chart> {
    let layer = absorption_layer(cost, mesh, names)?;
    let mut series_out = Vec::new();
    for (sub, name) in SUBCYCLE_NAMES.iter().enumerate() {
        let (xs, per_layer) = series(cost, mesh, sub);
        if xs.len() < 2 {
            return None;
        }
        series_out.push(Series {
            name: (*name).to_string(),
            points: xs
                .iter()
                .copied()
                .zip(per_layer[layer].iter().copied())
                .collect(),
        });
    }
    Some(Chart {
        title: format!(
            "{title}: {} layer, time per row of each sub-cycle",
            names.get(layer).map_or("?", |s| s.as_str())
        ),
        x_label: "iteration".into(),
        y_label: "ns per row".into(),
        series: series_out,
        ..Chart::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_ddm::{ConstantSet, PointUpdate, Solver, SolverOptions, presets};

    fn profiled(every: usize) -> (CostProfile, Mesh, Vec<String>) {
        let d = presets::preset("si-pin").unwrap();
        let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        let o = SolverOptions {
            instrument_every: every,
            point_update: PointUpdate::NewtonSor,
            ..SolverOptions::default()
        };
        let sol = Solver::new(m.clone(), d.biased)
            .solve(0.0, &o, &mut |_, _| {})
            .unwrap();
        let names = d.layers.iter().map(|l| l.name.clone()).collect();
        (sol.cost, m, names)
    }

    #[test]
    fn the_fit_weighs_one_layer_and_leaves_the_others_at_one() {
        let (cost, m, names) = profiled(50);
        let f = fit(&cost, &m, &names).unwrap();
        assert!(f.samples >= MIN_SAMPLES);
        assert!(f.factor.is_finite() && f.factor > 0.0);
        assert_eq!(f.weights.len(), m.rows);
        for (i, w) in f.weights.iter().enumerate() {
            let want = if m.layer[i] as usize == f.layer {
                f.factor
            } else {
                1.0
            };
            assert_eq!(*w, want, "row {i}");
        }
        assert_eq!(f.layer_name, names[f.layer]);
    }

    #[test]
    fn fewer_than_six_samples_is_an_error_naming_the_flag() {
        let (cost, m, names) = profiled(100_000);
        let e = fit(&cost, &m, &names).unwrap_err();
        assert!(matches!(e, FitError::TooFewSamples { samples } if samples < MIN_SAMPLES));
        assert!(e.to_string().contains("--fit-every"));
    }

    #[test]
    fn fig14_has_one_curve_per_sub_cycle() {
        let (cost, m, names) = profiled(50);
        let c = fig14(&cost, &m, &names, "si-pin").unwrap();
        assert_eq!(c.series.len(), SUBCYCLE_NAMES.len());
        assert!(c.series.iter().all(|s| s.points.len() == cost.samples));
        assert!(c.svg().unwrap().contains("<svg"));
    }
}
