//! Multi-process end-to-end tests: `arts` under `mpirun` with 2 and 4
//! processes. Built only with `--features mpi` (the test script enables it
//! and installs Open MPI).
#![cfg(feature = "mpi")]

use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;
use common::json;

fn mpirun(np: u32, args: &[&str]) -> Output {
    let np = np.to_string();
    Command::new("timeout")
        .args([
            "120",
            "mpirun",
            "--allow-run-as-root",
            "--oversubscribe",
            "-np",
            &np,
        ])
        .arg(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("mpirun runs")
}

fn single(args: &[&str]) -> serde_json::Value {
    let o = Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .output()
        .unwrap();
    json(&o)
}

#[test]
fn jacobi2d_on_2_and_4_processes_equals_single_process() {
    let app = [
        "run",
        "jacobi2d",
        "--grid",
        "96x80",
        "--objects",
        "6x4",
        "--iters",
        "12",
        "--json",
    ];
    let one = single(&[&app[..], &["--pes", "2"]].concat());
    for (np, per) in [(2, "1"), (2, "2"), (4, "1")] {
        let v = json(&mpirun(
            np,
            &[&app[..], &["--pes-per-process", per]].concat(),
        ));
        assert_eq!(v["valid"], true);
        assert_eq!(v["max_abs_diff"], 0.0);
        assert_eq!(v["processes"], np);
        assert_eq!(
            v["utilization"].as_array().unwrap().len(),
            (np * per.parse::<u32>().unwrap()) as usize
        );
        assert_eq!(v["residual_final"], one["residual_final"], "bit for bit");
    }
}

#[test]
fn migration_across_processes_keeps_results_exact() {
    let v = json(&mpirun(
        4,
        &[
            "run",
            "jacobi2d",
            "--grid",
            "64x64",
            "--objects",
            "4x4",
            "--iters",
            "10",
            "--lb",
            "rotate",
            "--lb-period",
            "2",
            "--json",
        ],
    ));
    assert_eq!(v["valid"], true);
    assert!(v["migrations"].as_u64().unwrap() >= 16 * 4);
    let v = json(&mpirun(
        2,
        &[
            "run",
            "zones",
            "--zones",
            "4x4",
            "--base",
            "12",
            "--iters",
            "20",
            "--lb",
            "greedy",
            "--lb-period",
            "5",
            "--pes-per-process",
            "2",
            "--json",
        ],
    ));
    assert_eq!(v["valid"], true);
    assert_eq!(v["lb_steps"], 3);
}

#[test]
fn migration_storm_across_processes_delivers_every_message_once() {
    // Migrations (32 KiB elements) and every 16th message (20 KiB) take the
    // transport's large-message path; with two PEs per process, two threads
    // of one process send to the same remote PEs at once.
    for (np, per) in [(2, "1"), (2, "2"), (4, "1")] {
        let v = json(&mpirun(
            np,
            &[
                "run",
                "storm",
                "--elements",
                "40",
                "--rounds",
                "12",
                "--lb",
                "rotate",
                "--lb-period",
                "1",
                "--pes-per-process",
                per,
                "--json",
            ],
        ));
        assert_eq!(v["exactly_once"], true);
        assert_eq!(v["reductions_ok"], true);
        assert_eq!(v["migrations"], 40 * 12);
    }
}

#[test]
fn lb_dump_from_a_multi_process_run_replays_offline() {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("lb.json");
    let d = dump.to_str().unwrap();
    json(&mpirun(
        2,
        &[
            "run",
            "zones",
            "--zones",
            "4x4",
            "--base",
            "10",
            "--iters",
            "12",
            "--lb",
            "greedy",
            "--lb-period",
            "5",
            "--lb-dump",
            d,
            "--json",
        ],
    ));
    let o = Command::new(env!("CARGO_BIN_EXE_arts"))
        .args([
            "lb",
            "simulate",
            "--input",
            d,
            "--strategy",
            "refine",
            "--json",
        ])
        .output()
        .unwrap();
    let v = json(&o);
    assert!(v["max_avg_ratio"].as_f64().unwrap() >= 1.0);
}

#[test]
fn static_mpi_baselines_are_valid() {
    let v = json(&mpirun(
        2,
        &[
            "run",
            "jacobi2d-mpi",
            "--grid",
            "64x48",
            "--iters",
            "8",
            "--json",
        ],
    ));
    assert_eq!(v["valid"], true);
    let v = json(&mpirun(
        4,
        &[
            "run",
            "zones-mpi",
            "--zones",
            "4x3",
            "--base",
            "8",
            "--iters",
            "8",
            "--json",
        ],
    ));
    assert_eq!(v["valid"], true);
}

#[test]
fn a_panicking_element_stops_every_process_with_its_name() {
    let t = Instant::now();
    let o = mpirun(
        2,
        &[
            "run",
            "storm",
            "--elements",
            "8",
            "--rounds",
            "6",
            "--panic-at",
            "5:2",
        ],
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("element (5,0,0) of array `storm`"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_dying_process_brings_the_job_down_quickly() {
    let t = Instant::now();
    let o = mpirun(
        4,
        &[
            "run",
            "storm",
            "--elements",
            "8",
            "--rounds",
            "50",
            "--abort-at",
            "3:1",
        ],
    );
    assert!(!o.status.success());
    assert!(
        t.elapsed() < Duration::from_secs(30),
        "took {:?}",
        t.elapsed()
    );
}

#[test]
fn a_stopped_process_is_named_and_ends_the_job() {
    let t = Instant::now();
    let o = mpirun(
        2,
        &[
            "run",
            "storm",
            "--elements",
            "4",
            "--rounds",
            "50",
            "--stop-at",
            "1:1",
            "--heartbeat",
            "2",
        ],
    );
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("stopped answering"), "{err}");
    assert!(
        t.elapsed() < Duration::from_secs(60),
        "took {:?}",
        t.elapsed()
    );
}

#[test]
fn mismatched_options_across_ranks_are_refused_at_start() {
    let o = Command::new("timeout")
        .args([
            "60",
            "mpirun",
            "--allow-run-as-root",
            "--oversubscribe",
            "-np",
            "2",
            "sh",
            "-c",
        ])
        .arg(format!(
            "exec {} run jacobi2d --grid 32x32 --objects 2x2 --iters $((5 + OMPI_COMM_WORLD_RANK))",
            env!("CARGO_BIN_EXE_arts")
        ))
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("different binary or different options"),
        "{err}"
    );
}

#[test]
fn apps_on_an_emulated_grid_across_processes_equal_the_sequential_reference() {
    // Clusters {0,1} and {2,3} over 2 processes of 2 PEs: cross-cluster
    // messages are held on the receiving side of MPI.
    let grid = [
        "--pes-per-process",
        "2",
        "--clusters",
        "2",
        "--latency",
        "1ms",
        "--cluster-speeds",
        "1,0.5",
        "--json",
    ];
    let jacobi = [
        "run",
        "jacobi2d",
        "--grid",
        "64x48",
        "--objects",
        "4x4",
        "--iters",
        "8",
        "--map",
        "block",
        "--grid-priority",
        "on",
    ];
    let v = json(&mpirun(2, &[&jacobi[..], &grid].concat()));
    assert_eq!(v["valid"], true);
    assert_eq!(v["max_abs_diff"], 0.0);
    assert_eq!(v["processes"], 2);
    let storm = [
        "run",
        "storm",
        "--elements",
        "48",
        "--rounds",
        "5",
        "--lb",
        "grid-hybrid",
        "--lb-period",
        "2",
    ];
    let v = json(&mpirun(2, &[&storm[..], &grid].concat()));
    assert_eq!(v["exactly_once"], true);
    assert_eq!(v["reductions_ok"], true);
}
