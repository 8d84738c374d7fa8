//! Segments of the strip iterated one after another with their halos
//! exchanged (what the parallel solvers do with messages) give the
//! sequential solver's result in the same order bit for bit: after each
//! iteration (the relaxed order), or after each step across the linked
//! boundaries (the staggered one, every boundary linked or some).

use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::{Assembly, STEPS, Segment, solution_len};
use arts_ddm::{ConstantSet, Mesh, Solver, SolverOptions, UpdateOrder, presets};

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// One iteration of every segment in `order`, halos exchanged as the
/// order needs; returns each segment's sums.
type Iteration = fn(&mut [Segment], &Mesh, &UpdateOrder) -> Vec<[f64; 3]>;

/// The relaxed order: halos from the previous iteration, then whole iterations.
fn relaxed_iteration(segs: &mut [Segment], m: &Mesh, _: &UpdateOrder) -> Vec<[f64; 3]> {
    let (firsts, lasts): (Vec<_>, Vec<_>) =
        segs.iter().map(|s| (s.first_row(), s.last_row())).unzip();
    for (i, s) in segs.iter_mut().enumerate() {
        if i > 0 {
            s.set_left_halo(lasts[i - 1]);
        }
        if i + 1 < firsts.len() {
            s.set_right_halo(firsts[i + 1]);
        }
    }
    segs.iter_mut().map(|s| s.iterate(m).0).collect()
}

/// The staggered order: one step of every segment in order; across a
/// linked boundary the left halo is the left neighbour's row after this
/// step and the right one the right neighbour's before it, across the
/// others the rows from before the iteration.
fn staggered_iteration(segs: &mut [Segment], m: &Mesh, order: &UpdateOrder) -> Vec<[f64; 3]> {
    let before: Vec<_> = segs.iter().map(|s| (s.first_row(), s.last_row())).collect();
    let mut sums = vec![None; segs.len()];
    for _ in 0..STEPS {
        for i in 0..segs.len() {
            let links = order.links(i);
            if i > 0 {
                let h = match links.left {
                    true => segs[i - 1].last_row(),
                    false => before[i - 1].1,
                };
                segs[i].set_left_halo(h);
            }
            if i + 1 < segs.len() {
                let h = match links.right {
                    true => segs[i + 1].first_row(),
                    false => before[i + 1].0,
                };
                segs[i].set_right_halo(h);
            }
            if let (Some(s), _) = segs[i].step(m, links) {
                sums[i] = Some(s);
            }
        }
    }
    assert_eq!(segs[0].steps(), segs[0].iteration() * STEPS);
    sums.into_iter().map(Option::unwrap).collect()
}

fn si_pn() -> (arts_ddm::Device, Mesh) {
    let d = presets::preset("si-pn")
        .unwrap()
        .with_spacing(10.0)
        .unwrap();
    let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
    (d, m)
}

/// Solves two bias points with 1, 3 and 5 segments iterated by `iteration`
/// and compares with the solver in `order(segments)`.
fn equal_to_the_solver(order: fn(UpdateOrder) -> UpdateOrder, iteration: Iteration) {
    let (d, m) = si_pn();
    for (k, check_every) in [(1, 1), (3, 10), (5, 4)] {
        let order = order(UpdateOrder::relaxed_equal(m.rows, k).unwrap());
        let ranges = order.segments().to_vec();
        let opts = SolverOptions {
            tolerance_v: 1e-8,
            instrument_every: 0,
            order: order.clone(),
            check_every,
            ..SolverOptions::default()
        };
        let mut reference = Solver::new(m.clone(), d.biased);
        let mut segs: Vec<Segment> = ranges
            .iter()
            .map(|&(a, b)| Segment::new(&m, a, b, &opts))
            .collect();
        let mut assembly = Assembly::new(&m, d.biased);
        for bias in [0.0, 0.3] {
            let want = reference.solve(bias, &opts, &mut |_, _| {}).unwrap();
            for s in &mut segs {
                s.start_bias(&m, d.biased, bias, &opts);
            }
            let verdict = loop {
                let sums = iteration(&mut segs, &m, &order);
                if segs[0].checks() {
                    let verdicts: Vec<Verdict> =
                        segs.iter_mut().map(|s| s.observe(&m, &sums).0).collect();
                    assert!(verdicts.windows(2).all(|w| w[0] == w[1]));
                    if verdicts[0] != Verdict::Continue {
                        break verdicts[0];
                    }
                }
                assert!(segs[0].iteration() < opts.max_iterations);
            };
            assert_eq!(verdict, Verdict::Converged);
            assert_eq!(segs[0].iteration(), want.iterations, "{k} segments");
            let mut parts = vec![0.0; solution_len(m.rows)];
            for s in &segs {
                s.write_solution(m.rows, &mut parts);
            }
            let got = assembly.solution(&m, bias, &parts);
            assert_eq!(bits(&got.psi), bits(&want.psi), "{k} segments, {bias} V");
            assert_eq!(bits(&got.u), bits(&want.u));
            assert_eq!(bits(&got.v), bits(&want.v));
            assert_eq!(bits(&got.jn), bits(&want.jn));
            assert_eq!(bits(&got.jp), bits(&want.jp));
            assert_eq!(bits(&got.field), bits(&want.field));
        }
    }
}

#[test]
fn segments_exchanging_halos_equal_the_relaxed_solver_bit_for_bit() {
    equal_to_the_solver(|o| o, relaxed_iteration);
}

#[test]
fn segments_stepping_equal_the_staggered_solver_bit_for_bit() {
    equal_to_the_solver(UpdateOrder::staggered, staggered_iteration);
}

#[test]
fn segments_linked_at_some_boundaries_equal_the_solver_in_that_order_bit_for_bit() {
    // Every other boundary linked: 3 and 5 segments have relaxed and
    // linked boundaries side by side.
    equal_to_the_solver(|o| o.staggered_at(|k| k % 2 == 0), staggered_iteration);
}

/// Iterations and the potential of si-pn at 0.3 V in `order`.
fn solve(m: &Mesh, d: &arts_ddm::Device, order: UpdateOrder) -> (usize, Vec<u64>) {
    let opts = SolverOptions {
        order,
        instrument_every: 0,
        ..SolverOptions::default()
    };
    let mut solver = Solver::new(m.clone(), d.biased);
    let sol = solver.solve(0.3, &opts, &mut |_, _| {}).unwrap();
    (sol.iterations, bits(&sol.psi))
}

#[test]
fn linked_everywhere_is_the_sequential_order_and_linked_runs_act_as_one_segment() {
    let (d, m) = si_pn();
    let eight = UpdateOrder::relaxed_equal(m.rows, 8).unwrap();
    // Every boundary linked: the sequential sweep's values (only the
    // residual is added per segment).
    let (seq, seq_psi) = solve(&m, &d, UpdateOrder::Sequential);
    let (all, all_psi) = solve(&m, &d, eight.clone().staggered());
    assert_eq!((all, &all_psi), (seq, &seq_psi));
    // Linked within the halves: the relaxed order over the two halves.
    let (half, half_psi) = solve(&m, &d, UpdateOrder::relaxed_equal(m.rows, 2).unwrap());
    let (mixed, mixed_psi) = solve(&m, &d, eight.clone().staggered_at(|k| k != 3));
    assert_eq!((mixed, &mixed_psi), (half, &half_psi));
    // And fewer iterations than the relaxed order over all eight.
    let (relaxed, _) = solve(&m, &d, eight);
    assert!(mixed < relaxed, "mixed {mixed}, relaxed {relaxed}");
}

#[test]
fn over_many_segments_the_staggered_order_needs_fewer_iterations() {
    let (d, m) = si_pn();
    let relaxed = UpdateOrder::relaxed_equal(m.rows, 32).unwrap();
    let r = solve(&m, &d, relaxed.clone()).0;
    let s = solve(&m, &d, relaxed.staggered()).0;
    assert!(s < r, "staggered {s} iterations, relaxed {r}");
}

#[test]
fn links_must_match_the_segments() {
    let (_, m) = si_pn();
    let order = UpdateOrder::Staggered {
        segments: UpdateOrder::relaxed_equal(m.rows, 3)
            .unwrap()
            .segments()
            .to_vec(),
        linked: vec![true],
    };
    let opts = SolverOptions {
        order,
        ..SolverOptions::default()
    };
    let e = opts.validate(m.rows).unwrap_err().to_string();
    assert!(e.contains("1 links for 3 segments"), "{e}");
}
