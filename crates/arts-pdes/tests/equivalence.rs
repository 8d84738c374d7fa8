//! Engine equivalence: every engine and PE count gives the sequential oracle's
//! committed results (event count, checksum, statistics, final time).

mod common;

use arts_pdes::models::phold::{Phold, PholdParams};
use arts_pdes::{LpMapping, Queue, RunConfig, SyncMode, run};
use common::assert_same;
use proptest::prelude::*;

fn phold(lps: u32, remote: f64, lookahead: f64, mean: f64, epl: u32) -> Phold {
    Phold::new(PholdParams {
        lps,
        events_per_lp: epl,
        mean_delay: mean,
        lookahead,
        remote,
    })
    .unwrap()
}

fn cfg(
    sync: SyncMode,
    pes: usize,
    end: f64,
    seed: u64,
    window: f64,
    mapping: LpMapping,
) -> RunConfig {
    let mut c = RunConfig::new(sync, pes, end, seed);
    c.window = window;
    c.mapping = mapping;
    c.gvt_interval = 64;
    c
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn all_engines_match_sequential(
        seed in any::<u64>(),
        pes in 1usize..=4,
        window_pick in 0usize..4,
        rr in any::<bool>(),
        remote in 0.0f64..1.0,
        lookahead in prop_oneof![Just(0.1), Just(1.0), Just(0.01)],
        heap in any::<bool>(),
    ) {
        let queue = if heap { Queue::Heap } else { Queue::Calendar };
        let window = [0.5, 2.0, 10.0, f64::INFINITY][window_pick];
        let mapping = if rr { LpMapping::RoundRobin } else { LpMapping::Block };
        let m = phold(48, remote, lookahead, 1.0, 2);
        let end = 15.0;
        let oracle = run(&m, &cfg(SyncMode::Sequential, pes, end, seed, window, mapping), None).unwrap();
        prop_assert!(oracle.committed_events > 0);
        let mut c = cfg(SyncMode::Conservative, pes, end, seed, window, mapping);
        c.queue = queue;
        let cons = run(&m, &c, None).unwrap();
        assert_same(&oracle, &cons, "conservative");
        prop_assert_eq!(oracle.cross_pe_events, cons.cross_pe_events);
        let mut c = cfg(SyncMode::Optimistic, pes, end, seed, window, mapping);
        c.queue = queue;
        let opt = run(&m, &c, None).unwrap();
        assert_same(&oracle, &opt, "optimistic");
        prop_assert_eq!(oracle.cross_pe_events, opt.cross_pe_events);
        prop_assert_eq!(opt.processed_events - opt.rolled_back_events, opt.committed_events);
    }
}

#[test]
fn many_rollbacks_still_match_sequential() {
    // 90% remote, tiny lookahead, more PEs than cores, unbounded optimism.
    let m = phold(64, 0.9, 0.001, 0.5, 4);
    let oracle = run(
        &m,
        &cfg(
            SyncMode::Sequential,
            1,
            40.0,
            11,
            f64::INFINITY,
            LpMapping::RoundRobin,
        ),
        None,
    )
    .unwrap();
    let mut rolled = 0;
    for pes in [2, 3, 6] {
        let opt = run(
            &m,
            &cfg(
                SyncMode::Optimistic,
                pes,
                40.0,
                11,
                f64::INFINITY,
                LpMapping::RoundRobin,
            ),
            None,
        )
        .unwrap();
        assert_same(&oracle, &opt, "optimistic, many rollbacks");
        rolled += opt.rolled_back_events;
    }
    assert!(
        rolled > 0,
        "the stress model should roll back at least once"
    );
}
