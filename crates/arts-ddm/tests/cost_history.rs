//! Where the solver's per-row cost varies in time (issue 54: the paper's
//! fit needs a cost history that is not flat). The one data-dependent cost
//! of an iteration is the scalar Newton count of the default potential
//! update (`newton-sor`); these tests read it from the recorded history
//! (`CostSample::layer_inner`), which is deterministic, where the timings
//! (`layer_ns`) follow it but move with the machine's load.

use arts_ddm::{ConstantSet, CostSample, Mesh, PointUpdate, Solver, SolverOptions, presets};

/// The measured samples of `preset` solved at `bias_v` from equilibrium,
/// every `every` iterations, and the layer names.
fn history(preset: &str, bias_v: f64, every: usize) -> (Vec<CostSample>, Vec<String>) {
    let d = presets::preset(preset).unwrap();
    let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
    let o = SolverOptions {
        instrument_every: every,
        point_update: PointUpdate::NewtonSor,
        ..SolverOptions::default()
    };
    let sol = Solver::new(m, d.biased)
        .solve(bias_v, &o, &mut |_, _| {})
        .unwrap();
    let names = d.layers.iter().map(|l| l.name.clone()).collect();
    let measured = (sol.cost.history.into_iter())
        .filter(|h| !h.layer_inner.is_empty())
        .collect();
    (measured, names)
}

/// The median inner Newton count of `layer` in each quarter of the run.
fn quarter_medians(h: &[CostSample], layer: usize) -> [f64; 4] {
    let n = h.len();
    std::array::from_fn(|q| {
        let mut v: Vec<u64> = h[q * n / 4..(q + 1) * n / 4]
            .iter()
            .map(|s| s.layer_inner[layer])
            .collect();
        v.sort_unstable();
        v[v.len() / 2] as f64
    })
}

#[test]
fn si_pin_forward_the_n_layer_costs_more_in_mid_run_than_at_either_end() {
    let (h, names) = history("si-pin", 0.6, 20);
    assert!(h.len() >= 100, "{} samples", h.len());
    let n_plus = names.iter().position(|n| n == "n+").unwrap();
    let intrinsic = names.iter().position(|n| n == "i").unwrap();
    // The injected carriers reach the n+ layer part-way through: its
    // potential updates take more Newton steps in mid-run (measured
    // 118.5, 174, 170, 99 per sample by quarter).
    let q = quarter_medians(&h, n_plus);
    assert!(q[1] >= 1.3 * q[0] && q[1] >= 1.3 * q[3], "n+ {q:?}");
    // The intrinsic layer stays flat (400, 400, 400, 397).
    let q = quarter_medians(&h, intrinsic);
    let (lo, hi) = (
        q.iter().copied().fold(f64::MAX, f64::min),
        q.iter().copied().fold(0.0, f64::max),
    );
    assert!(hi <= 1.05 * lo, "i {q:?}");
}
