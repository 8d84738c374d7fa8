//! Determinism of the torus model: every engine, PE count, LP mapping and
//! optimism window gives the sequential engine's committed results (events,
//! checksum of every node's final state, statistics, hence every figure of
//! merit), including under heavy rollback.

mod common;

use arts_pdes::models::torus::{MappingSpec, Torus, TorusParams, WorkloadSpec};
use arts_pdes::{LpMapping, Queue, RunConfig, SyncMode, run};
use common::assert_same;
use proptest::prelude::*;

fn model(dims: [u32; 3], mapping: MappingSpec, seed: u64, vc: u32, delay: f64) -> Torus {
    let mut p = TorusParams::new(dims);
    p.workload = WorkloadSpec::Ljs { atoms: 4_000.0 };
    p.mapping = mapping;
    p.seed = seed;
    p.vc_packets = vc;
    p.inject_delay_s = delay;
    Torus::new(p).unwrap()
}

fn cfg(sync: SyncMode, pes: usize, window_ps: f64, mapping: LpMapping) -> RunConfig {
    let mut c = RunConfig::new(sync, pes, f64::INFINITY, 1);
    c.window = window_ps;
    c.mapping = mapping;
    c.gvt_interval = 64;
    c
}

#[test]
fn every_engine_and_pe_count_gives_the_same_figures() {
    let m = model([4, 4, 2], MappingSpec::Random, 3, 2, 0.0);
    let oracle = run(
        &m,
        &cfg(SyncMode::Sequential, 1, f64::INFINITY, LpMapping::Block),
        None,
    )
    .unwrap();
    let fig = m.figures(&oracle);
    assert!(fig.complete && fig.escape_fraction > 0.0, "{fig:?}");
    let mut rolled_back = 0;
    for (sync, pes, window, mapping) in [
        (SyncMode::Conservative, 2, f64::INFINITY, LpMapping::Block),
        (
            SyncMode::Conservative,
            3,
            f64::INFINITY,
            LpMapping::RoundRobin,
        ),
        (SyncMode::Optimistic, 2, f64::INFINITY, LpMapping::Block),
        (SyncMode::Optimistic, 4, 2e6, LpMapping::RoundRobin),
        (SyncMode::Optimistic, 3, 2e5, LpMapping::Block),
        (SyncMode::Optimistic, 1, f64::INFINITY, LpMapping::Block),
    ] {
        let r = run(&m, &cfg(sync, pes, window, mapping), None).unwrap();
        assert_same(&oracle, &r, &format!("{sync:?} {pes} PEs {mapping:?}"));
        assert_eq!(m.figures(&r), fig);
        rolled_back += r.rolled_back_events;
    }
    // With the queue kind changed too.
    let mut c = cfg(
        SyncMode::Optimistic,
        2,
        f64::INFINITY,
        LpMapping::RoundRobin,
    );
    c.queue = Queue::Heap;
    let r = run(&m, &c, None).unwrap();
    assert_same(&oracle, &r, "optimistic heap");
    rolled_back += r.rolled_back_events;
    // Round-robin placement of neighbouring nodes on different PEs makes
    // stragglers common: rollback (incremental state saving) was exercised.
    assert!(
        rolled_back > 0,
        "no rollback happened: the test lost its point"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, .. ProptestConfig::default() })]

    #[test]
    fn optimistic_and_conservative_match_sequential(
        seed in any::<u64>(),
        pes in 2usize..=4,
        vc in 2u32..5,
        window_pick in 0usize..3,
        rr in any::<bool>(),
        throttle in any::<bool>(),
        dims in prop_oneof![Just([4u32, 2, 2]), Just([3, 3, 2]), Just([2, 2, 4])],
    ) {
        let m = model(dims, MappingSpec::Random, seed, vc, if throttle { 1e-6 } else { 0.0 });
        let mapping = if rr { LpMapping::RoundRobin } else { LpMapping::Block };
        let window = [1e5, 3e6, f64::INFINITY][window_pick];
        let oracle = run(&m, &cfg(SyncMode::Sequential, 1, window, mapping), None).unwrap();
        prop_assert!(m.figures(&oracle).complete);
        let cons = run(&m, &cfg(SyncMode::Conservative, pes, window, mapping), None).unwrap();
        assert_same(&oracle, &cons, "conservative");
        let opt = run(&m, &cfg(SyncMode::Optimistic, pes, window, mapping), None).unwrap();
        assert_same(&oracle, &opt, "optimistic");
        prop_assert_eq!(opt.processed_events - opt.rolled_back_events, opt.committed_events);
    }
}

#[test]
fn an_end_time_cuts_every_engine_at_the_same_point() {
    let m = model([4, 4, 2], MappingSpec::Random, 9, 4, 0.0);
    let end = 150e6; // 150 µs in ps
    let mut c = cfg(SyncMode::Sequential, 1, f64::INFINITY, LpMapping::Block);
    c.end_time = end;
    let oracle = run(&m, &c, None).unwrap();
    let fig = m.figures(&oracle);
    assert!(!fig.complete && fig.delivered_units > 0);
    c.sync = SyncMode::Optimistic;
    c.pes = 2;
    let r = run(&m, &c, None).unwrap();
    assert_same(&oracle, &r, "optimistic with end time");
}
