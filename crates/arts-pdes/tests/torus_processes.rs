//! The torus model across processes and through checkpoints: a process's
//! model holds only its own nodes' messages (`Torus::holding`) and the run
//! still equals the sequential engine's; `runs::torus::run` with a
//! checkpoint plan, on 1, 2 and 4 simulated processes (`dist::mesh`),
//! commits what an uninterrupted sequential run commits, and a restart on
//! another engine, process and PE count ends like the uninterrupted run.

mod common;

use arts_pdes::checkpoint::Plan;
use arts_pdes::dist::{Processes, mesh, on_each};
use arts_pdes::models::torus::{MappingSpec, Torus, TorusParams, WorkloadSpec};
use arts_pdes::runs::torus::{TorusReport, TorusRun, run as run_torus};
use arts_pdes::{LpMapping, Partition, PdesError, RunConfig, SimReport, SyncMode, run};
use common::assert_same;

fn params() -> TorusParams {
    let mut p = TorusParams::new([4, 4, 2]);
    p.workload = WorkloadSpec::Ljs { atoms: 4_000.0 };
    p.mapping = MappingSpec::Random;
    p.seed = 3;
    p.vc_packets = 2;
    p
}

/// The nodes process `rank` of `procs` runs with `pes` PEs in all.
fn held_by(
    lps: u32,
    pes: usize,
    mapping: LpMapping,
    procs: u32,
    rank: u32,
) -> impl Fn(u32) -> bool {
    let part = Partition::new(lps, pes, mapping);
    let k = pes / procs as usize;
    move |n| part.pe_of(n) / k == rank as usize
}

#[test]
fn each_process_holds_only_its_nodes_messages_and_the_results_are_the_whole_models() {
    let whole = Torus::new(params()).unwrap();
    let totals = whole.totals();
    assert_eq!(
        whole.stored_messages(),
        (totals.messages as usize, totals.messages as usize)
    );
    let mut cfg = RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1);
    let oracle = run(&whole, &cfg, None).unwrap();
    assert!(whole.figures(&oracle).complete);
    for (procs, per, mapping, sync) in [
        (2u32, 1usize, LpMapping::Block, SyncMode::Optimistic),
        (4, 2, LpMapping::RoundRobin, SyncMode::Optimistic),
        (4, 1, LpMapping::Block, SyncMode::Conservative),
    ] {
        cfg.sync = sync;
        cfg.pes = procs as usize * per;
        cfg.mapping = mapping;
        cfg.gvt_interval = 64;
        let models: Vec<Torus> = (0..procs)
            .map(|r| Torus::holding(params(), &held_by(32, cfg.pes, mapping, procs, r)).unwrap())
            .collect();
        let (mut sent, mut incoming, mut nodes) = (0, 0, 0);
        for m in &models {
            assert_eq!(m.totals(), totals, "totals are of the whole workload");
            assert_eq!(m.fingerprint(), whole.fingerprint());
            assert_eq!(m.flush_lower_bound_s(), whole.flush_lower_bound_s());
            let (s, i) = m.stored_messages();
            assert!(s < totals.messages as usize && i < totals.messages as usize);
            (sent, incoming, nodes) = (sent + s, incoming + i, nodes + m.held_nodes());
        }
        assert_eq!(
            (sent, incoming),
            (totals.messages as usize, totals.messages as usize)
        );
        assert_eq!(nodes, 32);
        let reports = across(&models, &cfg, mesh(procs, 20, 9));
        for (rank, r) in reports.into_iter().enumerate() {
            let r = r.unwrap();
            let what = format!("{sync:?} {procs} x {per}, {mapping:?}, rank {rank}");
            assert_same(&oracle, &r, &what);
            assert_eq!(models[rank].figures(&r), whole.figures(&oracle), "{what}");
        }
    }
}

#[test]
#[should_panic(expected = "is not one this process's model holds")]
fn a_model_refuses_to_create_a_node_it_does_not_hold() {
    let m = Torus::holding(params(), &|n| n < 16).unwrap();
    let cfg = RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1);
    let _ = run(&m, &cfg, None);
}

/// Runs process `r`'s model on `procs[r]`, all at once.
fn across(
    models: &[Torus],
    cfg: &RunConfig,
    procs: Vec<Processes>,
) -> Vec<Result<SimReport, PdesError>> {
    on_each(procs, cfg, |rank, c| run(&models[rank], &c, None))
}

/// `runs::torus::run` of `sync` on `procs` simulated processes (0: this
/// process alone) with `pes` PEs in all; every process's report.
fn torus_run(
    sync: SyncMode,
    procs: u32,
    pes: usize,
    end_ps: f64,
    plan: Option<Plan>,
) -> Vec<Result<TorusReport, PdesError>> {
    let mut cfg = RunConfig::new(sync, pes, end_ps, 1);
    cfg.gvt_interval = 64;
    cfg.window = 2e6;
    let one = |cfg: RunConfig| {
        run_torus(
            &TorusRun {
                params: params(),
                config: cfg,
                validate: false,
                compare_aggregate: None,
                plan: plan.clone(),
            },
            &(),
        )
    };
    if procs == 0 {
        return vec![one(cfg)];
    }
    on_each(mesh(procs, 20, 5), &cfg, |_, c| one(c))
}

fn same(a: &TorusReport, b: &TorusReport, what: &str) {
    assert_eq!(a.checksum, b.checksum, "{what}: checksum");
    assert_eq!(a.events, b.events, "{what}: committed events");
    assert_eq!(a.flush_time_s, b.flush_time_s, "{what}: flush time");
    assert_eq!(a.messages_delivered, b.messages_delivered, "{what}");
    assert_eq!(a.avg_transit_s, b.avg_transit_s, "{what}: transit");
    assert_eq!(a.avg_message_latency_s, b.avg_message_latency_s, "{what}");
    assert_eq!(a.escape_fraction, b.escape_fraction, "{what}: escapes");
    assert_eq!(a.complete, b.complete, "{what}: complete");
}

fn plan(dir: &std::path::Path, every: Option<f64>, restart: bool) -> Option<Plan> {
    Some(Plan {
        every,
        dir: dir.to_path_buf(),
        restart: restart.then(|| dir.to_path_buf()),
        writer: true,
    })
}

#[test]
fn a_torus_checkpoint_restarts_on_other_engines_and_process_counts_like_the_uninterrupted_run() {
    let inf = f64::INFINITY;
    let oracle = torus_run(SyncMode::Sequential, 0, 1, inf, None)
        .pop()
        .unwrap()
        .unwrap();
    assert!(oracle.complete && oracle.events > 1000);
    // A cut run: every engine stops at the same point.
    let flush_ps = (oracle.flush_time_s * 1e12).round();
    let cut = (flush_ps / 2.0).round();
    let oracle_cut = torus_run(SyncMode::Sequential, 0, 1, cut, None)
        .pop()
        .unwrap()
        .unwrap();
    assert!(!oracle_cut.complete);
    let every = (flush_ps / 5.0).round();
    // (engine, processes (0: none), PEs) writing; then restarting.
    let cases = [
        ((SyncMode::Optimistic, 2, 2), (SyncMode::Sequential, 0, 1)),
        ((SyncMode::Sequential, 0, 1), (SyncMode::Optimistic, 4, 4)),
        ((SyncMode::Conservative, 4, 4), (SyncMode::Optimistic, 0, 3)),
        ((SyncMode::Optimistic, 0, 2), (SyncMode::Conservative, 2, 4)),
    ];
    for ((wsync, wprocs, wpes), (rsync, rprocs, rpes)) in cases {
        let what =
            format!("{wsync:?} on {wprocs} x {wpes} PEs, then {rsync:?} on {rprocs} x {rpes}");
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("ckpt");
        // Checkpointed to the cut: the cut run's results, the checkpoint
        // of the last multiple of `every` before it.
        for r in torus_run(wsync, wprocs, wpes, cut, plan(&dir, Some(every), false)) {
            same(&oracle_cut, &r.unwrap(), &what);
        }
        let manifest: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("checkpoint.json")).unwrap()).unwrap();
        assert_eq!(manifest["time"], 2.0 * every, "{what}");
        assert_eq!(manifest["lps"], 32, "{what}");
        assert_eq!(manifest["model"]["model"], "torus", "{what}");
        // Restarted without an end time: runs until every packet is
        // delivered, as the uninterrupted run.
        for r in torus_run(rsync, rprocs, rpes, inf, plan(&dir, None, true)) {
            same(&oracle, &r.unwrap(), &what);
        }
        // Checkpointed all the way without an end time: ends when nothing
        // is pending, with the uninterrupted run's results.
        for r in torus_run(rsync, rprocs, rpes, inf, plan(&dir, Some(every), false)) {
            same(
                &oracle,
                &r.unwrap(),
                &format!("{what}, checkpointed to the end"),
            );
        }
    }
}

#[test]
fn a_torus_checkpoint_of_other_parameters_is_refused_with_one_line() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ckpt");
    torus_run(
        SyncMode::Sequential,
        0,
        1,
        3e6,
        plan(&dir, Some(1e6), false),
    )
    .pop()
    .unwrap()
    .unwrap();
    let mut other = params();
    other.vc_packets = 3;
    let r = run_torus(
        &TorusRun {
            params: other,
            config: RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1),
            validate: false,
            compare_aggregate: None,
            plan: plan(&dir, None, true),
        },
        &(),
    );
    match r {
        Err(PdesError::Config(msg)) => {
            assert!(msg.contains("the checkpoint is of model"), "{msg}");
            assert!(!msg.contains('\n'), "{msg}");
        }
        other => panic!("not refused: {:?}", other.map(|r| r.checksum)),
    }
}
