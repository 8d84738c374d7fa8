//! Checkpoints at GVT and restarts: a run checkpointed every few time
//! units, and a restart from its checkpoint on another engine, process
//! count (simulated by `dist::mesh`) and PE count, commit exactly what an
//! uninterrupted sequential run commits; bad checkpoints are refused with
//! one line.

mod common;

use std::path::Path;

use arts_pdes::checkpoint::{self, Plan};
use arts_pdes::dist::{mesh, on_each};
use arts_pdes::models::phold::{Phold, PholdParams};
use arts_pdes::{PdesError, RunConfig, SimReport, SyncMode, run};
use common::assert_same;

fn phold(lps: u32) -> Phold {
    Phold::new(PholdParams {
        lps,
        events_per_lp: 2,
        mean_delay: 1.0,
        lookahead: 0.1,
        remote: 0.5,
    })
    .unwrap()
}

fn described(m: &Phold) -> serde_json::Value {
    serde_json::json!({ "model": "phold", "lps": m.params().lps })
}

/// Runs `cfg` under `plan` on `procs` simulated processes (none: this
/// process alone); every process's report.
fn run_plan(
    m: &Phold,
    cfg: &RunConfig,
    procs: u32,
    plan: &Plan,
) -> Vec<Result<SimReport, PdesError>> {
    if procs == 0 {
        return vec![checkpoint::run(m, cfg, plan, described(m), &(), "phold")];
    }
    on_each(mesh(procs, 20, 7), cfg, |_, c| {
        checkpoint::run(m, &c, plan, described(m), &(), "phold")
    })
}

fn config(sync: SyncMode, pes: usize, end: f64) -> RunConfig {
    let mut c = RunConfig::new(sync, pes, end, 3);
    c.gvt_interval = 32;
    c
}

fn checkpointed(dir: &Path, every: f64) -> Plan {
    Plan {
        every: Some(every),
        dir: dir.to_path_buf(),
        restart: None,
        writer: true,
    }
}

fn restart(dir: &Path) -> Plan {
    Plan {
        every: None,
        dir: dir.to_path_buf(),
        restart: Some(dir.to_path_buf()),
        writer: true,
    }
}

#[test]
fn a_checkpoint_restarts_on_other_engines_and_process_counts_like_the_uninterrupted_run() {
    let m = phold(61);
    let (cut, end) = (15.0, 30.0);
    let oracle_cut = run(&m, &config(SyncMode::Sequential, 1, cut), None).unwrap();
    let oracle = run(&m, &config(SyncMode::Sequential, 1, end), None).unwrap();
    assert!(oracle.committed_events > 1000);
    // (engine, processes (0: none), PEs) writing; then restarting.
    let cases = [
        ((SyncMode::Sequential, 0, 1), (SyncMode::Optimistic, 2, 2)),
        ((SyncMode::Optimistic, 2, 2), (SyncMode::Optimistic, 0, 3)),
        ((SyncMode::Optimistic, 4, 4), (SyncMode::Sequential, 0, 1)),
        ((SyncMode::Optimistic, 0, 2), (SyncMode::Conservative, 4, 4)),
        ((SyncMode::Conservative, 2, 2), (SyncMode::Optimistic, 1, 1)),
    ];
    for ((wsync, wprocs, wpes), (rsync, rprocs, rpes)) in cases {
        let what =
            format!("{wsync:?} on {wprocs} x {wpes} PEs, then {rsync:?} on {rprocs} x {rpes}");
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("ckpt");
        // Checkpoints at 4, 8 and 12; the run ends at 15 with the results
        // of an uninterrupted run to 15.
        let plan = checkpointed(&dir, 4.0);
        for r in run_plan(&m, &config(wsync, wpes, cut), wprocs, &plan) {
            assert_same(&oracle_cut, &r.unwrap(), &what);
        }
        let manifest: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("checkpoint.json")).unwrap()).unwrap();
        assert_eq!(manifest["time"], 12.0, "{what}");
        assert_eq!(manifest["lps"], 61, "{what}");
        // The restart from 12 to 30 ends like the run from 0 to 30.
        for r in run_plan(&m, &config(rsync, rpes, end), rprocs, &restart(&dir)) {
            let r = r.unwrap();
            assert_same(&oracle, &r, &what);
        }
    }
}

#[test]
fn bad_checkpoints_are_refused_with_one_line() {
    let m = phold(40);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ckpt");
    let plan = checkpointed(&dir, 5.0);
    run_plan(&m, &config(SyncMode::Sequential, 1, 12.0), 0, &plan)
        .pop()
        .unwrap()
        .unwrap();
    let refused = |m: &Phold, cfg: &RunConfig, dir: &Path| -> String {
        match run_plan(m, cfg, 0, &restart(dir)).pop().unwrap() {
            Err(PdesError::Config(msg)) => msg,
            other => panic!("not refused: {other:?}"),
        }
    };
    let cfg = config(SyncMode::Optimistic, 2, 20.0);
    let e = refused(&phold(41), &cfg, &dir);
    assert!(e.contains("the checkpoint is of model"), "{e}");
    let e = refused(
        &m,
        &RunConfig {
            seed: 4,
            ..cfg.clone()
        },
        &dir,
    );
    assert!(e.contains("--seed 3"), "{e}");
    let e = refused(&m, &config(SyncMode::Optimistic, 2, 10.0), &dir);
    assert!(e.contains("must be later"), "{e}");
    let e = refused(&m, &cfg, &root.path().join("missing"));
    assert!(e.contains("cannot read"), "{e}");
    // One flipped byte in the state: refused by its hash.
    let state = dir.join("part-0.bin");
    let mut bytes = std::fs::read(&state).unwrap();
    bytes[20] ^= 1;
    std::fs::write(&state, &bytes).unwrap();
    let e = refused(&m, &cfg, &dir);
    assert!(e.contains("corrupt"), "{e}");
    assert!(!e.contains('\n'), "{e}");
}
