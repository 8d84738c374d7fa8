//! Segments of the strip iterated one after another with their halos
//! exchanged after each iteration (what the parallel solvers do with
//! messages) give the sequential relaxed solver's result bit for bit.

use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::{Assembly, Segment, solution_len};
use arts_ddm::{ConstantSet, Mesh, Solver, SolverOptions, UpdateOrder, presets};

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn segments_exchanging_halos_equal_the_relaxed_solver_bit_for_bit() {
    let d = presets::preset("si-pn")
        .unwrap()
        .with_spacing(10.0)
        .unwrap();
    let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
    for (k, check_every) in [(1, 1), (3, 10), (5, 4)] {
        let order = UpdateOrder::relaxed_equal(m.rows, k).unwrap();
        let UpdateOrder::Relaxed { segments: ranges } = order.clone() else {
            unreachable!()
        };
        let opts = SolverOptions {
            tolerance_v: 1e-8,
            instrument_every: 0,
            order,
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
                let sums: Vec<[f64; 3]> = segs.iter_mut().map(|s| s.iterate(&m).0).collect();
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
