//! Newton against the Gummel solver and the figures: iterations per
//! bias point, terminal currents, current conservation.

use super::*;
use crate::constants::ConstantSet;
use crate::presets::preset;
use crate::{Solver, SolverOptions};

fn mesh(name: &str) -> (Mesh, Side) {
    let d = preset(name).unwrap();
    (
        Mesh::new(&d, ConstantSet::Codata.constants()).unwrap(),
        d.biased,
    )
}

/// Largest |J(x) − J_terminal| / |J_terminal| over the edges; the terminal
/// current here is the mean over the edges.
fn spread(sol: &BiasSolution) -> (f64, f64) {
    let j = sol.total_current();
    let mean = j.iter().sum::<f64>() / j.len() as f64;
    let dev = j.iter().map(|x| (x - mean).abs()).fold(0.0, f64::max);
    (mean, dev / mean.abs())
}

#[test]
fn si_pn_diode_from_minus_2_to_0_8_volts() {
    let (m, side) = mesh("si-pn");
    let biases: Vec<f64> = (0..=56).map(|k| -2.0 + 0.05 * k as f64).collect();
    let opts = NewtonOptions::default();
    let out = sweep::run(&m, side, &biases, &opts, &mut |_| {}).unwrap();
    assert!(out.failure.is_none(), "{:?}", out.failure);
    assert_eq!(out.points.len(), biases.len());
    for p in &out.points {
        let s = &p.solution;
        let (j, sp) = spread(s);
        eprintln!(
            "{:+.2} V: {} its, {} halvings, J = {j:.6e}, spread {sp:.2e}, worst res {:.1e}",
            s.bias_v,
            s.iterations,
            p.halvings,
            s.worst_current_resolution()
        );
        assert!(
            s.iterations <= 30,
            "{} V: {} iterations",
            s.bias_v,
            s.iterations
        );
        // Double precision resolves the current to about `worst` per edge
        // (flat majority densities): the spread must be at that floor, and
        // 1e-8 wherever the current is 1e8 times above it.
        let worst = s.worst_current_resolution();
        if j.abs() > 1e-6 {
            assert!(
                sp * j.abs() <= 100.0 * worst,
                "{} V: spread {sp:e} at J = {j:e}",
                s.bias_v
            );
        }
        if j.abs() > 1e8 * worst {
            assert!(sp <= 1e-8, "{} V: spread {sp:e} at J = {j:e}", s.bias_v);
        }
    }
}

#[test]
fn newton_matches_gummel_on_the_presets() {
    for (name, biases) in [
        ("si-pn", vec![0.0, 0.2, 0.4, 0.6]),
        ("si-pin", vec![0.0, -1.0, 0.0, 0.5]),
        ("apd-sam", vec![0.0, -0.5]),
    ] {
        let (m, side) = mesh(name);
        let newton = sweep::run(&m, side, &biases, &NewtonOptions::default(), &mut |_| {}).unwrap();
        assert!(newton.failure.is_none(), "{name}: {:?}", newton.failure);
        let mut gummel = Solver::new(m.clone(), side);
        let gopts = SolverOptions {
            instrument_every: 0,
            max_iterations: 400_000,
            ..SolverOptions::default()
        };
        for (p, &b) in newton.points.iter().zip(&biases) {
            let g = gummel.solve(b, &gopts, &mut |_, _| {}).unwrap();
            let (jn, jg) = (
                p.solution.terminal_current_a_per_cm2(),
                g.terminal_current_a_per_cm2(),
            );
            eprintln!(
                "{name} {b:+.2} V: newton {jn:.8e} ({} its) gummel {jg:.8e} ({} its, {:.2} s vs {:.4} s)",
                p.solution.iterations, g.iterations, g.time_s, p.solution.time_s
            );
            assert!(
                p.solution.iterations <= 30,
                "{name} {b} V: {} iterations",
                p.solution.iterations
            );
            if b == 0.0 {
                // Equilibrium: no current (Gummel stops within its tolerance of it).
                assert!(
                    jn.abs() < 1e-12 && jg.abs() < 1e-10,
                    "{name}: {jn:e} {jg:e}"
                );
                continue;
            }
            let floor = 1e3 * g.terminal_current_resolution();
            assert!(
                (jn - jg).abs() <= 1e-4 * jg.abs() + floor,
                "{name} {b} V: {jn:e} vs {jg:e}"
            );
        }
    }
}
