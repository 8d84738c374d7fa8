use super::super::graph::CommGraph;
use super::*;
use crate::generate::{GenSpec, Kind, generate};
use crate::input::{CommEdge, ObjInfo, PeInfo};
use crate::stats::evaluate;

fn mesh(objects: usize, pes: usize, clusters: usize) -> LbInput {
    let mut spec = GenSpec::new(objects, pes, Kind::Mesh, 11);
    spec.clusters = clusters;
    generate(&spec).steps.remove(0).input
}

/// A Jacobi2D-like input: a `w × h` array of objects of nearly equal load
/// (±2%, as measured loads of equal blocks), one message each way between
/// grid neighbours, from the thesis' Naive mapping (object `i` on PE
/// `i mod pes`) over two clusters of `pes / 2` PEs.
pub(super) fn jacobi_naive(w: usize, h: usize, pes: usize) -> LbInput {
    let mut comm = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let mut link = |j: usize| {
                for (from, to) in [(i, j), (j, i)] {
                    comm.push(CommEdge {
                        from,
                        to,
                        messages: 1,
                        bytes: 4096,
                    });
                }
            };
            if x + 1 < w {
                link(i + 1);
            }
            if y + 1 < h {
                link(i + w);
            }
        }
    }
    LbInput {
        pes: (0..pes)
            .map(|q| PeInfo {
                cluster: Some(u32::from(q >= pes / 2)),
                ..PeInfo::default()
            })
            .collect(),
        objects: (0..w * h)
            .map(|i| ObjInfo {
                id: i as u64,
                pe: i % pes,
                // A fixed scramble of the index: loads 0.98 ..= 1.02 ms.
                load_s: 1e-3 * (0.98 + 0.04 * ((i * 7919 + 13) % 101) as f64 / 100.0),
                migratable: true,
                bytes: 1 << 16,
            })
            .collect(),
        comm,
    }
}

fn cluster_of(input: &LbInput, q: usize) -> u32 {
    input.pes[q].cluster.unwrap()
}

fn cluster_cut(input: &LbInput, pe_of: &[usize]) -> u64 {
    input
        .comm
        .iter()
        .filter(|e| cluster_of(input, pe_of[e.from]) != cluster_of(input, pe_of[e.to]))
        .map(|e| e.messages)
        .sum()
}

/// Edges (both directions counted once) between two PEs of one cluster.
pub(super) fn intra_cluster_cut(input: &LbInput, pe_of: &[usize]) -> usize {
    input
        .comm
        .iter()
        .filter(|e| e.from < e.to)
        .filter(|e| {
            let (a, b) = (pe_of[e.from], pe_of[e.to]);
            a != b && cluster_of(input, a) == cluster_of(input, b)
        })
        .count()
}

/// Border objects (a partner in another cluster) on every PE.
fn border_per_pe(input: &LbInput, pe_of: &[usize]) -> Vec<usize> {
    let graph = CommGraph::build(input);
    let mut border = vec![0; input.pes.len()];
    for i in 0..input.objects.len() {
        let c = cluster_of(input, pe_of[i]);
        if graph
            .edges(i)
            .any(|k| cluster_of(input, pe_of[graph.adj[k]]) != c)
        {
            border[pe_of[i]] += 1;
        }
    }
    border
}

fn spread(v: &[usize]) -> usize {
    v.iter().max().unwrap() - v.iter().min().unwrap()
}

/// Phase 1 of `input` with `weights`: each PE's cluster and each object's.
fn phase_1(input: &LbInput, weights: MetisWeights) -> (Vec<usize>, Vec<usize>) {
    let (cluster_of_pe, n) = clusters(input, "t").unwrap();
    let graph = CommGraph::build(input);
    let oc = cluster_partition(
        input,
        &graph,
        &input.works(),
        &cluster_of_pe,
        n,
        weights,
        "t",
    )
    .unwrap();
    (cluster_of_pe, oc)
}

#[test]
fn grid_comm_keeps_objects_in_their_cluster_and_balances() {
    let input = mesh(1024, 8, 2);
    let m = GridComm::default().map(&input).unwrap();
    m.check(&input, "grid-comm").unwrap();
    for (o, &pe) in input.objects.iter().zip(&m.pe_of) {
        assert_eq!(input.pes[o.pe].cluster, input.pes[pe].cluster);
    }
    // The hot disc sits in one cluster: within-cluster balance only, but
    // no PE is worse than before.
    let before = evaluate(&input, &input.current_mapping());
    let after = evaluate(&input, &m);
    assert!(after.max_load_s <= before.max_load_s);
}

#[test]
fn grid_comm_spreads_border_objects() {
    let input = mesh(1024, 8, 2);
    let m = GridComm::default().map(&input).unwrap();
    // Block mapping: all 64 border objects on the two PEs at the cluster edge.
    assert_eq!(
        spread(&border_per_pe(&input, &input.current_mapping().pe_of)),
        32
    );
    assert!(spread(&border_per_pe(&input, &m.pe_of)) <= 4);
}

#[test]
fn both_phase_1_weightings_cut_few_cluster_edges() {
    let input = mesh(2048, 8, 2);
    let classic = super::super::Greedy::classic().map(&input).unwrap();
    for weights in [MetisWeights::Messages, MetisWeights::Load] {
        let metis = GridMetis {
            metis_weights: weights,
        }
        .map(&input)
        .unwrap();
        let hybrid = GridHybrid {
            metis_weights: weights,
            ..GridHybrid::default()
        }
        .map(&input)
        .unwrap();
        for m in [&metis, &hybrid] {
            m.check(&input, "grid").unwrap();
            assert!(cluster_cut(&input, &m.pe_of) * 4 < cluster_cut(&input, &classic.pe_of));
        }
        // METIS inside the clusters cuts fewer bytes than the seed technique.
        assert!(evaluate(&input, &metis).comm_cut_bytes < evaluate(&input, &hybrid).comm_cut_bytes);
        if weights == MetisWeights::Load {
            for m in [&metis, &hybrid] {
                let s = evaluate(&input, m);
                assert!(s.max_avg_ratio <= 1.1, "{weights:?} {s:?}");
            }
        }
    }
}

#[test]
fn messages_weighting_splits_objects_by_count_load_weighting_by_work() {
    // The hot disc (3× work) lies in one half: counted by objects, the
    // clusters get 1024 each and the hot one more work; weighed by work,
    // the work is split evenly and the object counts are not.
    let input = mesh(2048, 8, 2);
    let works = input.works();
    let split = |weights| {
        let (_, oc) = phase_1(&input, weights);
        let mut count = [0usize; 2];
        let mut work = [0.0f64; 2];
        for (i, &c) in oc.iter().enumerate() {
            count[c] += 1;
            work[c] += works[i];
        }
        (count, work[0].max(work[1]) / work[0].min(work[1]))
    };
    let (count, work_ratio) = split(MetisWeights::Messages);
    assert!(count[0].abs_diff(count[1]) <= 2 * 2048 / 100, "{count:?}");
    assert!(work_ratio > 1.1, "{work_ratio}");
    let (count, work_ratio) = split(MetisWeights::Load);
    assert!(work_ratio < 1.05, "{work_ratio}");
    assert!(count[0].abs_diff(count[1]) > 100, "{count:?}");
}

#[test]
fn messages_weighting_gives_clusters_objects_by_integer_speed_multipliers() {
    // Cluster 1's PEs run at 2.2: multiplier 2 each, so it gets 2/3 of the
    // objects (not 2.2/3.2 of them).
    let mut input = jacobi_naive(32, 32, 8);
    for p in &mut input.pes[4..] {
        p.speed = 2.2;
    }
    let (_, oc) = phase_1(&input, MetisWeights::Messages);
    let fast = oc.iter().filter(|&&c| c == 1).count();
    assert!(
        (1024 * 2 / 3 - 20..=1024 * 2 / 3 + 20).contains(&fast),
        "{fast}"
    );
}

#[test]
fn the_seed_technique_balances_and_spreads_border_objects() {
    for input in [mesh(2048, 8, 2), jacobi_naive(64, 32, 8)] {
        let m = GridHybrid::default().map(&input).unwrap();
        m.check(&input, "grid-hybrid").unwrap();
        let works = input.works();
        let (cluster_of_pe, oc) = phase_1(&input, MetisWeights::Messages);
        // Every object in its phase-1 cluster.
        for (i, &q) in m.pe_of.iter().enumerate() {
            assert_eq!(cluster_of_pe[q], oc[i]);
        }
        // Within each cluster, PE times within one object's work of each
        // other (the greedy's bound), border objects within a few.
        let times = crate::model::pe_times(&input, &works, &m.pe_of);
        let heaviest = works.iter().copied().fold(0.0, f64::max);
        for c in 0..2 {
            let t: Vec<f64> = (0..8)
                .filter(|&q| cluster_of_pe[q] == c)
                .map(|q| times[q])
                .collect();
            let (lo, hi) = t
                .iter()
                .fold((f64::MAX, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)));
            assert!(hi - lo <= heaviest * 1.001, "cluster {c}: {t:?}");
        }
        let border = border_per_pe(&input, &m.pe_of);
        for c in 0..2 {
            let b: Vec<usize> = (0..8)
                .filter(|&q| cluster_of_pe[q] == c)
                .map(|q| border[q])
                .collect();
            assert!(spread(&b) <= 4, "cluster {c}: {b:?}");
        }
    }
}

#[test]
fn seed_technique_cuts_fewer_intra_cluster_edges_than_grid_comm() {
    // Jacobi2D from Naive over 2 clusters of 4 PEs, 64 objects per PE.
    let input = jacobi_naive(32, 16, 8);
    let cut = |s: &dyn Strategy| intra_cluster_cut(&input, &s.map(&input).unwrap().pe_of);
    let seed = cut(&GridHybrid::default());
    let greedy = cut(&GridHybrid {
        phase2: Phase2::Greedy,
        ..GridHybrid::default()
    });
    let comm = cut(&GridComm::default());
    let naive = intra_cluster_cut(&input, &input.current_mapping().pe_of);
    // Block (thesis fig. 5.3): a slab of 8 rows per cluster, 8-column strips.
    let block: Vec<usize> = (0..32 * 16)
        .map(|i| (i / 32 / 8) * 4 + (i % 32) / 8)
        .collect();
    let block = intra_cluster_cut(&input, &block);
    eprintln!(
        "intra-cluster cut edges: naive {naive}, grid-comm {comm}, hybrid greedy {greedy}, \
         hybrid seed {seed}, block {block}"
    );
    assert_eq!(block, 48);
    assert!(seed < comm, "seed {seed} vs grid-comm {comm}");
    assert!(seed < greedy, "seed {seed} vs greedy phase 2 {greedy}");
    // Larger: 128 × 64 objects, 16 PEs (512 objects per PE).
    let input = jacobi_naive(128, 64, 16);
    let cut = |s: &dyn Strategy| intra_cluster_cut(&input, &s.map(&input).unwrap().pe_of);
    let (seed, comm) = (cut(&GridHybrid::default()), cut(&GridComm::default()));
    eprintln!("128x64 on 16 PEs: grid-comm {comm}, hybrid seed {seed}");
    assert!(seed * 2 < comm, "seed {seed} vs grid-comm {comm}");
}

#[test]
fn missing_clusters_are_an_error() {
    let input = mesh(64, 4, 0);
    for s in [
        &GridComm::default() as &dyn Strategy,
        &GridMetis::default(),
        &GridHybrid::default(),
    ] {
        assert!(matches!(s.map(&input), Err(LbError::Unsupported { .. })));
    }
}

/// Issue 52's "border objects/PE 0 0" (`run jacobi2d --clusters 2 --map naive
/// --lb grid-hybrid` on 1+1 PEs): the counter was right, the mapping was
/// not. Measured on a shared core, the PEs' background time (0.31 s, 0.28 s)
/// dwarfed the objects' work (0.018 s); weighed by work, phase 1
/// water-filled all of it onto the PE with less background, emptying
/// cluster 0, so no object had a partner in another cluster. Partitioned by
/// messages (the thesis), each cluster keeps half the objects.
#[test]
fn phase_1_keeps_both_clusters_populated_when_background_dominates() {
    let mut input = jacobi_naive(16, 16, 2);
    for o in &mut input.objects {
        o.load_s *= 0.07;
    }
    input.pes[0].background_load_s = 0.307;
    input.pes[1].background_load_s = 0.279;
    let on_pe0 = |m: &Mapping| m.pe_of.iter().filter(|&&q| q == 0).count();
    let m = GridHybrid::default().map(&input).unwrap();
    assert!((120..=136).contains(&on_pe0(&m)), "{}", on_pe0(&m));
    let border = border_per_pe(&input, &m.pe_of);
    assert!(border.iter().all(|&b| (8..=32).contains(&b)), "{border:?}");
    let by_load = GridHybrid {
        metis_weights: MetisWeights::Load,
        phase2: Phase2::Greedy,
        ..GridHybrid::default()
    }
    .map(&input)
    .unwrap();
    assert_eq!(
        on_pe0(&by_load),
        0,
        "the variant by load still follows the background"
    );
}

/// Twenty LB inputs captured from real runs (issue 52): `arts --json run
/// jacobi2d --grid 2048x2048 --objects 2x4 --pes 2 --iters 20 --clusters 2
/// --latency 8ms --map round-robin --lb grid-hybrid --lb-at 15 --lb-mode
/// sync --lb-dump F` on a host at load 9–10 (2 cores), so the measured
/// loads are far noisier than a quiet run's (1.0–18.9 ms for equal blocks).
/// The objects form a 2 × 4 ladder (`0-1-2-3` over `4-5-6-7`), on the Naive
/// mapping (even objects on PE 0).
fn captured_ladders() -> Vec<LbInput> {
    let dump =
        crate::dump::LbDump::from_slice(include_bytes!("testdata/jacobi2d-2x4-naive-8ms.json"))
            .unwrap();
    dump.steps.into_iter().map(|s| s.input).collect()
}

/// Where Block mapping (`arts_grid::mapping::block`, slabs across the
/// object grid's second dimension) puts the ladder's objects.
const LADDER_BLOCK: [usize; 8] = [0, 0, 1, 1, 0, 0, 1, 1];

/// Block's placement, or the same with the clusters swapped.
fn is_block(pe_of: &[usize]) -> bool {
    pe_of == LADDER_BLOCK || pe_of.iter().zip(LADDER_BLOCK).all(|(&a, b)| a != b)
}

/// Issue 52: one balancing from Naive at 8 ms ended slower than Block in one
/// run of four, which was read as "a worse cut than Block's". On every
/// captured input both METIS balancers choose Block's placement itself (the
/// ladder's only 4 + 4 cut of two edges), whatever the measured loads: the
/// slow run was not this placement but the runtime's load-model veto, which
/// kept Naive (`docs/grid.md`).
#[test]
fn captured_ladders_get_blocks_placement_from_both_metis_balancers() {
    let inputs = captured_ladders();
    assert_eq!(inputs.len(), 20);
    for (k, input) in inputs.iter().enumerate() {
        assert!(input.pes.iter().all(|p| p.speed == 1.0));
        let block = cluster_cut(input, &LADDER_BLOCK);
        assert_eq!(block, 60, "two ladder rungs, 15 messages each way");
        let naive = input.current_mapping().pe_of;
        assert_eq!(cluster_cut(input, &naive), 180, "Naive cuts six rungs");
        let strategies: [&dyn Strategy; 2] = [&GridHybrid::default(), &GridMetis::default()];
        for s in strategies {
            let m = s.map(input).unwrap();
            assert!(is_block(&m.pe_of), "input {k}, {}: {:?}", s.name(), m.pe_of);
            assert_eq!(cluster_cut(input, &m.pe_of), block);
        }
    }
}

/// Phase 1 as the thesis (§7.2.2) reads no measured load: redrawn object
/// loads (×0.05 to ×20), background load (0 to 1 s a PE) and PE speeds
/// within the integer multipliers' rounding (0.7–1.0: multiplier 1 each)
/// leave every captured ladder's clusters exactly as they were. (With
/// `--grid-metis-weights load`, by contrast, the measured noise moves the
/// cut: see the next test.)
#[test]
fn phase_1_by_messages_ignores_load_noise_background_and_speed_noise() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(52);
    for input in captured_ladders() {
        let (_, reference) = phase_1(&input, MetisWeights::Messages);
        for _ in 0..25 {
            let mut noisy = input.clone();
            for o in &mut noisy.objects {
                o.load_s *= 20f64.powf(rng.random_range(-1.0..1.0));
            }
            for p in &mut noisy.pes {
                p.background_load_s = rng.random_range(0.0..1.0);
                p.speed = rng.random_range(0.7..=1.0);
            }
            let (_, oc) = phase_1(&noisy, MetisWeights::Messages);
            assert_eq!(oc, reference);
        }
    }
}

/// The `load` weighting (vertex weight = measured work, shares by
/// water-filling with the background) follows the measurement noise of the
/// same captured inputs: some placements leave Block's cut or a cluster's
/// count of four. Kept as an option, not the default, for that reason.
#[test]
fn phase_1_by_load_follows_the_noise_of_the_captured_inputs() {
    let inputs = captured_ladders();
    let departing = inputs
        .iter()
        .filter(|input| {
            let m = GridHybrid {
                metis_weights: MetisWeights::Load,
                ..GridHybrid::default()
            }
            .map(input)
            .unwrap();
            !is_block(&m.pe_of)
        })
        .count();
    assert!(departing >= inputs.len() / 2, "{departing}");
}

/// Phase 1 matches METIS' arbitrary part numbers to the clusters that hold
/// most of each part's objects. Before, a captured ladder already on
/// Block's cut but with the clusters' roles swapped (objects 0, 1, 4, 5 in
/// cluster 1) got METIS' numbering back: all 8 objects (33.8 MB) crossed
/// the wide-area link to land on the same cut. From Naive the two
/// numberings tie (4 migrations either way).
#[test]
fn phase_1_keeps_a_partition_that_is_already_in_place() {
    let naive = captured_ladders().remove(0);
    let mut mirrored = naive.clone();
    for (o, &q) in mirrored.objects.iter_mut().zip(&LADDER_BLOCK) {
        o.pe = 1 - q;
    }
    let strategies: [&dyn Strategy; 2] = [&GridHybrid::default(), &GridMetis::default()];
    for s in strategies {
        let m = s.map(&mirrored).unwrap();
        assert!(is_block(&m.pe_of));
        assert_eq!(m.pe_of, mirrored.current_mapping().pe_of, "{}", s.name());
        let moved = |input: &LbInput, m: &Mapping| {
            (input.objects.iter())
                .zip(&m.pe_of)
                .filter(|(o, q)| o.pe != **q)
                .count()
        };
        assert_eq!(moved(&mirrored, &m), 0);
        assert_eq!(moved(&naive, &s.map(&naive).unwrap()), 4);
    }
}
