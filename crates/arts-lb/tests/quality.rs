//! Quality and restraint properties of the strategies on generated inputs
//! (correctness properties of the algorithms, not timings).

use arts_lb::generate::{GenSpec, Kind, generate};
use arts_lb::{LbInput, balance, by_name, evaluate};

fn input(objects: usize, pes: usize, kind: Kind, seed: u64) -> LbInput {
    generate(&GenSpec::new(objects, pes, kind, seed))
        .steps
        .remove(0)
        .input
}

/// An input whose current mapping is already balanced within 1.05: the
/// result of classic greedy on a uniform input.
fn balanced(objects: usize, pes: usize, seed: u64) -> LbInput {
    let mut i = input(objects, pes, Kind::Uniform, seed);
    let m = balance(by_name("greedy").unwrap().as_ref(), &i).unwrap();
    for (o, pe) in i.objects.iter_mut().zip(m.pe_of) {
        o.pe = pe;
    }
    i
}

#[test]
fn greedy_reaches_1_02_at_16_objects_per_pe() {
    for (pes, seed) in [(64, 1), (256, 2), (1024, 3), (4096, 4)] {
        let i = input(16 * pes, pes, Kind::Uniform, seed);
        let before = evaluate(&i, &i.current_mapping()).max_avg_ratio;
        let m = balance(by_name("greedy").unwrap().as_ref(), &i).unwrap();
        let s = evaluate(&i, &m);
        println!(
            "pes {pes}: before {before:.3} after {:.4} migrations {}",
            s.max_avg_ratio, s.migrations
        );
        assert!(
            before > 1.05,
            "the generated input starts imbalanced ({before})"
        );
        assert!(s.max_avg_ratio <= 1.02, "pes {pes}: {}", s.max_avg_ratio);
    }
}

#[test]
fn restraint_on_balanced_inputs() {
    for (objects, pes, seed) in [(512, 2, 1), (512, 8, 2), (16 * 256, 256, 3)] {
        let i = balanced(objects, pes, seed);
        let before = evaluate(&i, &i.current_mapping()).max_avg_ratio;
        assert!(before <= 1.05, "{before}");
        let refine = balance(by_name("refine").unwrap().as_ref(), &i).unwrap();
        assert_eq!(refine.migrations(&i), 0);
        let greedy = balance(by_name("greedy").unwrap().as_ref(), &i).unwrap();
        assert!(
            greedy.migrations(&i) * 20 <= objects,
            "{}",
            greedy.migrations(&i)
        );
    }
}

#[test]
fn refine_fixes_imbalance_with_few_migrations() {
    let i = input(16 * 1024, 1024, Kind::Uniform, 9);
    let refine = balance(by_name("refine").unwrap().as_ref(), &i).unwrap();
    let classic = balance(by_name("greedy-classic").unwrap().as_ref(), &i).unwrap();
    let s = evaluate(&i, &refine);
    println!(
        "refine {:.4} {} vs classic {}",
        s.max_avg_ratio,
        s.migrations,
        classic.migrations(&i)
    );
    assert!(s.max_avg_ratio <= 1.06, "{}", s.max_avg_ratio);
    assert!(s.migrations * 3 < classic.migrations(&i));
}

#[test]
fn metis_cuts_a_mesh_far_below_greedy() {
    let i = input(4096, 16, Kind::Mesh, 5);
    let metis = evaluate(
        &i,
        &balance(by_name("metis").unwrap().as_ref(), &i).unwrap(),
    );
    let greedy = evaluate(
        &i,
        &balance(by_name("greedy-classic").unwrap().as_ref(), &i).unwrap(),
    );
    let comm = evaluate(
        &i,
        &balance(by_name("greedy-comm").unwrap().as_ref(), &i).unwrap(),
    );
    println!("metis {metis:?}\ngreedy {greedy:?}\ncomm {comm:?}");
    assert!(metis.max_avg_ratio <= 1.05, "{}", metis.max_avg_ratio);
    assert!(metis.comm_cut_bytes * 4 < greedy.comm_cut_bytes);
    assert!(comm.comm_cut_bytes < greedy.comm_cut_bytes);
    assert!(comm.max_avg_ratio <= 1.06, "{}", comm.max_avg_ratio);
}
