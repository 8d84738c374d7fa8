//! The bias sweep, its validity criterion and CSV files, without the CLI.

use arts_ddm::{
    ConstantSet, DdmError, Mesh, SolverOptions, Sweep, SweepOrder, UpdateOrder, csv, presets,
};

fn sweep(biases: Vec<f64>, order: SweepOrder, max_iterations: usize) -> (Sweep, Mesh) {
    let d = presets::preset("si-pn").unwrap();
    let mesh = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
    let relaxed = UpdateOrder::relaxed_equal(mesh.rows, 4).unwrap();
    let s = Sweep {
        mesh: mesh.clone(),
        biased: d.biased,
        biases,
        order,
        relaxed,
        options: SolverOptions {
            max_iterations,
            ..SolverOptions::default()
        },
    };
    (s, mesh)
}

#[test]
fn a_sweep_solves_every_point_in_both_orders_and_is_valid() {
    let (s, mesh) = sweep(vec![0.0, 0.1], SweepOrder::Both, 400_000);
    let mut seen = Vec::new();
    let points = s.run(&mut |b| seen.push(b), &mut || {}).unwrap();
    assert_eq!(seen, vec![0.0, 0.1]);
    assert_eq!(points.len(), 2);
    for p in &points {
        assert!(p.solution.is_valid());
        let r = p.relaxed.as_ref().expect("both orders");
        let (a, b) = (
            p.solution.terminal_current_a_per_cm2(),
            r.terminal_current_a_per_cm2(),
        );
        assert!((a - b).abs() <= 1e-3 * a.abs(), "{a} vs {b}");
        assert!(p.time_s() >= p.solution.time_s);
    }
    let profile = csv::profile_csv(&points[1].solution, &mesh);
    assert_eq!(profile.lines().count(), mesh.rows + 1);
    assert!(profile.starts_with("row,x_um,layer,potential_v"));
    let cost = csv::cost_rows_csv(&points[1].solution.cost, &mesh);
    assert_eq!(cost.lines().count(), mesh.rows + 1);
    assert!(cost.lines().next().unwrap().ends_with(",cost"));
}

#[test]
fn a_sweep_is_checked_before_any_solve() {
    let (s, _) = sweep(vec![0.0, f64::NAN], SweepOrder::Sequential, 10);
    assert!(matches!(s.check(), Err(DdmError::Input(_))));
    let (s, _) = sweep(vec![40.0], SweepOrder::Sequential, 10);
    let e = s.run(&mut |_| panic!("no point is solved"), &mut || {});
    assert!(e.unwrap_err().to_string().contains("representable range"));
}

#[test]
fn a_point_that_does_not_converge_stops_the_sweep() {
    let (s, _) = sweep(vec![0.5, 0.6], SweepOrder::Sequential, 5);
    let mut seen = 0;
    let e = s.run(&mut |_| seen += 1, &mut || {}).unwrap_err();
    assert!(matches!(e, DdmError::NotConverged { .. }), "{e}");
    assert_eq!(seen, 1);
}
