//! The correctness checks of the drift-diffusion solver (issue 8).

use arts_ddm::{
    BiasSolution, ConstantSet, DdmError, Device, Mesh, Solver, SolverOptions, UpdateOrder, presets,
};

fn solver(name: &str, spacing_nm: Option<f64>) -> (Solver, Mesh) {
    let mut d = presets::preset(name).unwrap();
    if let Some(h) = spacing_nm {
        d = d.with_spacing(h).unwrap();
    }
    let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
    (Solver::new(m.clone(), d.biased), m)
}

fn opts(tol: f64) -> SolverOptions {
    SolverOptions {
        tolerance_v: tol,
        instrument_every: 0,
        ..SolverOptions::default()
    }
}

fn solve(s: &mut Solver, bias: f64, o: &SolverOptions) -> BiasSolution {
    s.solve(bias, o, &mut |_, _| {}).unwrap()
}

#[test]
fn builtin_potential_matches_the_abrupt_junction_formula() {
    for set in [ConstantSet::Codata, ConstantSet::Tcad] {
        let d = presets::preset("si-pn").unwrap();
        let c = set.constants();
        let m = Mesh::new(&d, c).unwrap();
        let vt = c.k * 300.0 / c.q;
        let expect = vt * (1e16f64 * 1e16 / 1e20).ln();
        assert!((m.builtin_potential_v() - expect).abs() < 1e-6);
    }
}

#[test]
fn equilibrium_has_flat_quasi_fermi_levels_and_no_current() {
    let (mut s, m) = solver("si-pn", None);
    let sol = solve(&mut s, 0.0, &opts(1e-9));
    for r in sol.profile(&m) {
        assert!(r.phi_n_v.abs() <= 1e-9 && r.phi_p_v.abs() <= 1e-9, "{r:?}");
    }
    assert!(sol.terminal_current_a_per_cm2().abs() < 1e-12);
    assert!(sol.jn.iter().chain(&sol.jp).all(|j| j.abs() < 1e-12));
    // The potential drop across the device is the built-in potential.
    let p = sol.profile(&m);
    let drop = p[m.rows - 1].potential_v - p[0].potential_v;
    assert!((drop - m.builtin_potential_v()).abs() < 1e-9);
    // Depletion: near the junction n·p << ni^2 is false at equilibrium (n·p = ni^2 everywhere).
    for r in &p {
        assert!(((r.n_cm3 * r.p_cm3) / 1e20 - 1.0).abs() < 1e-6, "{r:?}");
    }
}

#[test]
fn forward_current_is_exponential_with_ideality_between_one_and_two() {
    let (mut s, m) = solver("si-pn", None);
    let o = opts(1e-10);
    let mut points = Vec::new();
    for v in [0.0, 0.2, 0.3, 0.4, 0.5, 0.6] {
        let sol = solve(&mut s, v, &o);
        points.push((v, sol.terminal_current_a_per_cm2()));
    }
    let points = &points[1..];
    for w in points.windows(2) {
        assert!(w[1].1 > w[0].1 && w[0].1 > 0.0, "{points:?}");
        let n = (w[1].0 - w[0].0) / (m.vt * (w[1].1 / w[0].1).ln());
        assert!((1.0..=2.0).contains(&n), "local ideality {n} in {points:?}");
    }
    let (a, b) = (points[0], points[points.len() - 1]);
    let n = (b.0 - a.0) / (m.vt * (b.1 / a.1).ln());
    assert!((1.0..=2.0).contains(&n), "ideality {n}");
}

#[test]
fn total_current_is_constant_along_the_device() {
    let (mut s, _) = solver("si-pn", None);
    let o = opts(1e-11);
    solve(&mut s, 0.3, &o);
    // At lower currents the flat majority-carrier Slotboom variables limit how
    // well double precision resolves the current (docs/ddm.md), hence the looser bound.
    for (v, bound) in [(0.4, 1e-4), (0.5, 1e-5), (0.6, 1e-6)] {
        let sol = solve(&mut s, v, &o);
        let spread = sol.current_spread();
        assert!(spread < bound, "{v} V: relative spread {spread:e}");
    }
}

#[test]
fn halving_the_mesh_spacing_moves_the_potential_by_less_than_a_millivolt() {
    for bias in [0.0, 0.4] {
        let (mut coarse, mc) = solver("si-pn", None);
        let (mut fine, mf) = solver("si-pn", Some(2.5));
        let o = opts(1e-10);
        let pc = solve(&mut coarse, bias, &o).profile(&mc);
        let pf = solve(&mut fine, bias, &o).profile(&mf);
        assert_eq!(mf.rows, 2 * mc.rows);
        let mut worst: f64 = 0.0;
        for (i, c) in pc.iter().enumerate() {
            // Coarse row i (centre (i+1/2)h) lies midway between fine rows 2i and 2i+1.
            let f = 0.5 * (pf[2 * i].potential_v + pf[2 * i + 1].potential_v);
            if i > 0 && i + 1 < mc.rows {
                worst = worst.max((c.potential_v - f).abs());
            }
        }
        assert!(worst < 1e-3, "{bias} V: {worst} V");
    }
}

#[test]
fn relaxed_order_with_one_segment_is_the_sequential_order() {
    let (mut a, m) = solver("si-pin", None);
    let (mut b, _) = solver("si-pin", None);
    let mut o = opts(1e-9);
    o.max_iterations = 300;
    let _ = a.solve(0.0, &o, &mut |_, _| {});
    o.order = UpdateOrder::relaxed_equal(m.rows, 1).unwrap();
    let _ = b.solve(0.0, &o, &mut |_, _| {});
    assert_eq!(a.iterate_rows().0, b.iterate_rows().0);
}

#[test]
fn relaxed_order_converges_to_the_same_solution() {
    let (mut a, m) = solver("si-pn", None);
    let (mut b, _) = solver("si-pn", None);
    let o = opts(1e-10);
    let sa = solve(&mut a, 0.4, &o);
    let mut or = o.clone();
    or.order = UpdateOrder::relaxed_equal(m.rows, 8).unwrap();
    let sb = solve(&mut b, 0.4, &or);
    let worst = sa
        .psi
        .iter()
        .zip(&sb.psi)
        .map(|(x, y)| (x - y).abs() * m.vt)
        .fold(0.0, f64::max);
    assert!(worst < 1e-6, "{worst}");
    let (ja, jb) = (
        sa.terminal_current_a_per_cm2(),
        sb.terminal_current_a_per_cm2(),
    );
    assert!((ja / jb - 1.0).abs() < 1e-4, "{ja} {jb}");
    assert_ne!(sa.iterations, sb.iterations);
}

#[test]
fn cost_instrumentation_is_real_data() {
    let (mut s, m) = solver("si-pn", None);
    let o = SolverOptions {
        instrument_every: 50,
        ..opts(1e-9)
    };
    let sol = solve(&mut s, 0.2, &o);
    let c = &sol.cost;
    assert_eq!(c.samples, 1 + sol.iterations / 50);
    // Every interior row was timed in the potential sub-cycle and took >= 1 Newton step each time.
    for i in 1..m.rows - 1 {
        assert!(c.row_inner[i] >= c.samples as u64, "row {i}");
        assert!(c.row_ns[i].iter().sum::<u64>() > 0, "row {i}");
    }
    assert_eq!(c.row_inner[0], 0, "contacts are not updated");
    let total_inner: u64 = c.row_inner.iter().sum();
    assert!(total_inner <= sol.inner_iterations);
    // History: one entry per measured iteration, per-layer costs summing to the row costs.
    let measured: Vec<_> = c
        .history
        .iter()
        .filter(|h| !h.layer_ns.is_empty())
        .collect();
    assert_eq!(measured.len(), c.samples);
    let by_layer: u64 = measured
        .iter()
        .flat_map(|h| h.layer_ns.iter().flatten())
        .sum();
    let by_row: u64 = c.row_ns.iter().flatten().sum();
    assert_eq!(by_layer, by_row);
    assert_eq!(c.history.last().unwrap().iteration, sol.iterations);
}

#[test]
fn a_sweep_that_cannot_converge_stops_with_its_residual() {
    let (mut s, _) = solver("si-pn", None);
    let o = SolverOptions {
        max_iterations: 20,
        ..opts(1e-9)
    };
    match s.solve(0.5, &o, &mut |_, _| {}) {
        Err(DdmError::NotConverged {
            iterations,
            psi_v,
            u_v,
            v_v,
            ..
        }) => {
            assert_eq!(iterations, 20);
            assert!(psi_v.is_finite() && u_v.is_finite() && v_v.is_finite());
            assert!(psi_v.max(u_v).max(v_v) > 1e-9);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn apd_sam_converges_at_zero_bias() {
    let (mut s, m) = solver("apd-sam", None);
    let sol = solve(&mut s, 0.0, &opts(1e-9));
    assert_eq!(m.rows, 1820);
    let p = sol.profile(&m);
    assert!(
        p.iter()
            .all(|r| r.phi_n_v.abs() <= 1e-9 && r.phi_p_v.abs() <= 1e-9)
    );
    // Far from the junctions the layers are neutral: n = N_D in the n+ InP substrate.
    let r = &p[1800];
    assert!((r.n_cm3 / 1e18 - 1.0).abs() < 1e-3, "{r:?}");
    let r = &p[20];
    assert!((r.p_cm3 / 1e18 - 1.0).abs() < 1e-3, "{r:?}");
    // The lightly doped multiplication layer is depleted at 0 V (a punched-through SAM APD).
    assert!(p[600].n_cm3 < 1e13, "{:?}", p[600]);
    assert!(p[600].field_v_per_cm.abs() > 1e3);
}

#[test]
fn device_files_reject_bad_input() {
    let base = presets::preset_text("si-pn").unwrap();
    let bad = [
        (
            base.replacen("material = \"Si\"", "material = \"Unobtainium\"", 1),
            "unknown material",
        ),
        (
            base.replacen("thickness_nm = 1000.0", "thickness_nm = -1000.0", 1),
            "thickness_nm",
        ),
        (
            base.replacen("acceptors_cm3 = 1e16", "acceptors_cm3 = -1e16", 1),
            "acceptors_cm3",
        ),
        (
            base.replacen("thickness_nm = 1000.0", "thickness_nm = 1001.0", 1),
            "whole number",
        ),
        (base.replacen("donors_cm3", "donor_cm3", 1), "donor_cm3"),
    ];
    for (text, needle) in bad {
        let e = Device::from_toml(&text, "x").unwrap_err().to_string();
        assert!(e.contains(needle), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }
}
