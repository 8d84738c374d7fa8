//! The optimistic engine across processes (simulated by `dist::mesh`, with
//! random message delays that let messages overtake each other): committed
//! events, checksum, statistics and final time equal the sequential
//! engine's at 1, 2 and 4 processes x 1-2 PEs, both mappings; a committed
//! model error is the sequential engine's, whichever process holds it.

mod common;

use arts_pdes::dist::{Processes, mesh, on_each};
use arts_pdes::models::phold::{Phold, PholdParams};
use arts_pdes::models::torus::{MappingSpec, Torus, TorusParams, WorkloadSpec};
use arts_pdes::{
    EventCtx, LpId, LpMapping, Model, PdesError, RunConfig, SimReport, SyncMode, Time, UnitCodec,
    run,
};
use common::assert_same;

/// Runs `cfg` on `procs.len()` simulated processes at once; every
/// process's report.
fn across<M: Model>(
    model: &M,
    cfg: &RunConfig,
    procs: Vec<Processes>,
) -> Vec<Result<SimReport, PdesError>>
where
    M::State: Send,
{
    on_each(procs, cfg, |_, c| run(model, &c, None))
}

fn phold(lps: u32, remote: f64) -> Phold {
    Phold::new(PholdParams {
        lps,
        events_per_lp: 2,
        mean_delay: 1.0,
        lookahead: 0.1,
        remote,
    })
    .unwrap()
}

#[test]
fn phold_across_1_2_and_4_processes_equals_the_sequential_engine() {
    let m = phold(61, 0.5);
    for (seed, window) in [(3u64, f64::INFINITY), (11, 1.0)] {
        let mut cfg = RunConfig::new(SyncMode::Sequential, 1, 25.0, seed);
        cfg.window = window;
        cfg.gvt_interval = 32;
        let oracle = run(&m, &cfg, None).unwrap();
        assert!(oracle.committed_events > 1000);
        for (procs, per) in [(1u32, 1usize), (1, 2), (2, 1), (2, 2), (4, 1), (4, 2)] {
            for (mapping, sync) in [
                (LpMapping::Block, SyncMode::Optimistic),
                (LpMapping::RoundRobin, SyncMode::Optimistic),
                (LpMapping::RoundRobin, SyncMode::Conservative),
            ] {
                for delay in [0u64, 40] {
                    let mut c = cfg.clone();
                    c.sync = sync;
                    c.pes = procs as usize * per;
                    c.mapping = mapping;
                    let reports = across(&m, &c, mesh(procs, delay, seed ^ delay));
                    for (rank, r) in reports.into_iter().enumerate() {
                        let r = r.unwrap();
                        let what = format!(
                            "{sync:?} {procs} processes x {per} PEs, {mapping:?}, delay {delay}, rank {rank}"
                        );
                        assert_same(&oracle, &r, &what);
                        assert_eq!(r.processes, procs, "{what}");
                        assert!(r.gvt_rounds > 0, "{what}");
                        assert_eq!(r.sync, sync);
                        assert_eq!(r.peak_rss_per_process.len(), procs as usize);
                    }
                }
            }
        }
    }
}

#[test]
fn torus_across_processes_equals_the_sequential_engine() {
    let mut p = TorusParams::new([4, 4, 2]);
    p.workload = WorkloadSpec::Ljs { atoms: 4_000.0 };
    p.mapping = MappingSpec::Random;
    p.seed = 3;
    p.vc_packets = 2;
    let m = Torus::new(p).unwrap();
    let cfg = RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1);
    let oracle = run(&m, &cfg, None).unwrap();
    for (procs, per, window, sync) in [
        (2u32, 1usize, f64::INFINITY, SyncMode::Optimistic),
        (4, 2, 2e5, SyncMode::Optimistic),
        (4, 1, f64::INFINITY, SyncMode::Conservative),
    ] {
        let mut c = cfg.clone();
        c.sync = sync;
        c.pes = procs as usize * per;
        c.window = window;
        c.gvt_interval = 64;
        for r in across(&m, &c, mesh(procs, 20, 9)) {
            let r = r.unwrap();
            assert_same(&oracle, &r, &format!("torus {procs}x{per}"));
            assert_eq!(m.figures(&r), m.figures(&oracle));
        }
    }
}

/// A log budget so small that every PE is throttled after each batch (it
/// executes only events at GVT until a round frees its log): the results
/// are still the sequential engine's, the run still ends, and the events
/// held uncommitted stay within a few batches per PE.
#[test]
fn a_tiny_log_budget_throttles_without_changing_results() {
    let m = phold(61, 0.5);
    let cfg = RunConfig::new(SyncMode::Sequential, 1, 20.0, 7);
    let oracle = run(&m, &cfg, None).unwrap();
    let mut free = cfg.clone();
    free.sync = SyncMode::Optimistic;
    free.gvt_interval = 1 << 20;
    for (procs, per) in [(2u32, 1usize), (2, 2), (4, 1)] {
        let mut c = free.clone();
        c.pes = procs as usize * per;
        c.log_budget = 1;
        for r in across(&m, &c, mesh(procs, 20, 5)) {
            let r = r.unwrap();
            let what = format!("{procs} processes x {per} PEs, budget 1 byte");
            assert_same(&oracle, &r, &what);
            assert!(
                r.peak_uncommitted_events <= 64 * c.pes as u64,
                "{what}: {} uncommitted at the peak",
                r.peak_uncommitted_events
            );
        }
    }
}

/// Sends an event below the lookahead at one chosen event of one LP.
struct Faulty {
    bad_lp: LpId,
}

impl Model for Faulty {
    type State = u64;
    type Msg = ();
    type Undo = u64;
    fn name(&self) -> &str {
        "faulty"
    }
    fn lp_count(&self) -> u32 {
        24
    }
    fn lookahead(&self) -> Time {
        0.5
    }
    fn init(&self, lp: LpId, ctx: &mut EventCtx<'_, ()>) -> u64 {
        ctx.send(lp, 1.0, ());
        0
    }
    fn handle(&self, s: &mut u64, _m: &(), _u: &mut u64, ctx: &mut EventCtx<'_, ()>) {
        *s += 1;
        let next = ctx.rng().integer(0, 23) as LpId;
        let delay = if ctx.lp() == self.bad_lp && *s == 3 {
            0.25
        } else {
            0.5 + ctx.rng().exponential(1.0)
        };
        ctx.send(next, delay, ());
    }
    fn save(&self, s: &u64, _m: &()) -> u64 {
        *s
    }
    fn rollback(&self, s: &mut u64, _m: &(), u: u64) {
        *s = u;
    }
    fn checksum(&self, s: &u64) -> u64 {
        *s
    }
    fn codec(&self) -> Option<&dyn arts_pdes::MsgCodec<()>> {
        Some(&UnitCodec)
    }
}

#[test]
fn a_model_error_on_any_process_is_the_sequential_engines_everywhere() {
    for bad_lp in [2, 21] {
        let m = Faulty { bad_lp };
        let cfg = RunConfig::new(SyncMode::Sequential, 1, 100.0, 5);
        let Err(PdesError::Event(expected)) = run(&m, &cfg, None) else {
            panic!("the sequential engine fails");
        };
        for sync in [SyncMode::Optimistic, SyncMode::Conservative] {
            let mut c = cfg.clone();
            c.sync = sync;
            c.pes = 4;
            for r in across(&m, &c, mesh(4, 10, 1)) {
                match r {
                    Err(PdesError::Event(e)) => assert_eq!(e, expected, "{sync:?}"),
                    other => panic!("{sync:?}: expected {expected}, got {other:?}"),
                }
            }
        }
    }
}

#[test]
fn bad_configurations_across_processes_are_refused() {
    let m = phold(16, 0.5);
    let mut c = RunConfig::new(SyncMode::Optimistic, 3, 10.0, 1);
    c.processes = mesh(2, 0, 0).pop();
    let Err(PdesError::Config(msg)) = run(&m, &c, None) else {
        panic!("3 PEs over 2 processes");
    };
    assert!(
        msg.contains("3 PEs cannot be spread evenly over 2 processes"),
        "{msg}"
    );
    c.pes = 2;
    c.sync = SyncMode::Sequential;
    let Err(PdesError::Config(msg)) = run(&m, &c, None) else {
        panic!("sequential across processes");
    };
    assert!(
        msg.contains("accepted there: optimistic, conservative"),
        "{msg}"
    );
}
