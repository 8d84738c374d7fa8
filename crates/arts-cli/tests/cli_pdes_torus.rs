//! `arts pdes torus` with checkpoints at GVT: a run checkpointed by 2
//! processes restarts on 4 processes, in 1 process with 3 PEs and on the
//! sequential engine, and ends with the results of the uninterrupted run
//! (which has no end time: until every packet is delivered); a checkpoint
//! of other parameters is refused with one line. Built only with
//! `--features mpi` (as `cli_mpi.rs`).
#![cfg(feature = "mpi")]

mod common;
use common::{arts, arts_json, assert_usage_error, json, mpirun};

const TORUS: [&str; 13] = [
    "--json",
    "pdes",
    "torus",
    "--dims",
    "4x4x2",
    "--ljs-atoms",
    "4000",
    "--mapping",
    "random",
    "--vc-packets",
    "2",
    "--seed",
    "3",
];

fn same(a: &serde_json::Value, b: &serde_json::Value, what: &str) {
    for key in [
        "events",
        "checksum",
        "flush_time_s",
        "messages_delivered",
        "avg_transit_s",
        "avg_message_latency_s",
        "escape_fraction",
        "complete",
    ] {
        assert_eq!(a[key], b[key], "{what}: {key}");
    }
}

#[test]
fn a_torus_checkpoint_of_2_processes_restarts_on_4_and_1_like_the_uninterrupted_run() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ckpt");
    let dir = dir.to_str().unwrap();
    let seq = arts_json(&[&TORUS[..], &["--sync", "sequential"]].concat());
    assert_eq!(seq["complete"], true);
    let flush = seq["flush_time_s"].as_f64().unwrap();
    let (every, cut) = (format!("{:e}", flush / 5.0), format!("{:e}", flush / 2.0));
    let seq_cut = arts_json(&[&TORUS[..], &["--sync", "sequential", "--end-time", &cut]].concat());
    assert_eq!(seq_cut["complete"], false);
    let ckpt = [
        "--checkpoint-every",
        &every,
        "--checkpoint-dir",
        dir,
        "--end-time",
        &cut,
    ];
    let v = json(&mpirun(
        2,
        &[&TORUS[..], &["--sync", "optimistic"], &ckpt].concat(),
    ));
    same(&seq_cut, &v, "2 processes, checkpointed to the cut");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.path().join("ckpt/checkpoint.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["processes"], 2);
    assert_eq!(manifest["lps"], 32);
    assert_eq!(manifest["model"]["model"], "torus");
    let restart = ["--restart", dir];
    let four = [&TORUS[..], &["--sync", "optimistic"], &restart].concat();
    same(&seq, &json(&mpirun(4, &four)), "restarted on 4 processes");
    let one = [
        &TORUS[..],
        &["--sync", "optimistic", "--pes", "3"],
        &restart,
    ]
    .concat();
    same(&seq, &arts_json(&one), "restarted in 1 process, 3 PEs");
    let s = [&TORUS[..], &["--sync", "sequential"], &restart].concat();
    same(&seq, &arts_json(&s), "restarted on the sequential engine");
    // Other parameters: one line, exit 2.
    let mut other = [&TORUS[..], &restart].concat();
    other[10] = "3";
    assert_usage_error(&arts(&other), "the checkpoint is of model");
}
