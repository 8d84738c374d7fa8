//! Multi-process end-to-end tests: `arts` under `mpirun` with 2 and 4
//! processes. Built only with `--features mpi` (the test script enables it
//! and installs Open MPI).
#![cfg(feature = "mpi")]

use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;
use common::{ROTATE_EVERY_2, build, json, mpirun, program_lines, stencil3d, strs};

fn single_output(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .output()
        .unwrap()
}

fn single(args: &[&str]) -> serde_json::Value {
    json(&single_output(args))
}

/// What a C program printed (before arts's own table), once its run succeeded.
fn printed(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    program_lines(&String::from_utf8_lossy(&out.stdout))
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
    // Each process's PEs pinned to CPUs of their own (by node-local rank).
    let out = mpirun(
        2,
        &[&app[..], &["--pes-per-process", "2", "--pin"]].concat(),
    );
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("could not be pinned"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out)["residual_final"], one["residual_final"]);
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
fn leanmd_across_processes_is_bit_identical_to_the_sequential_reference() {
    // Cells and pairs migrate between processes (`rotate`), and positions
    // travel serialized: every atom must still equal the reference bit for bit.
    let v = json(&mpirun(
        2,
        &[
            "run",
            "leanmd",
            "--cells",
            "3x3x3",
            "--atoms-per-cell",
            "27",
            "--steps",
            "24",
            "--migrate-every",
            "4",
            "--lb",
            "rotate",
            "--lb-period",
            "5",
            "--kernel-reps",
            "1",
            "--json",
        ],
    ));
    assert_eq!(v["processes"], 2);
    assert_eq!(v["valid"], true);
    assert_eq!(v["mismatched_atoms"], 0);
    assert!(v["migrations"].as_u64().unwrap() > 0);
}

#[test]
fn distributed_ddm_across_processes_equals_the_relaxed_solver() {
    let distributed = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.2",
        "--parallel",
        "distributed",
        "--segments",
        "6",
    ];
    let more = [
        "--pes-per-process",
        "2",
        "--lb",
        "rotate",
        "--check-every",
        "5",
    ];
    let v = json(&mpirun(2, &[&distributed[..], &more[..]].concat()));
    assert_eq!(v["valid"], true);
    assert_eq!(v["parallel"]["processes"], 2);
    assert_eq!(v["parallel"]["pes"], 4);
    assert!(v["parallel"]["migrations"].as_u64().unwrap() > 0);
    // The same on AMPI ranks spread over the processes (balanced within each).
    let mut ampi = distributed;
    ampi[8] = "ampi";
    let v = json(&mpirun(2, &[&ampi[..], &more[..]].concat()));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["parallel"]["style"], "ampi");
    assert_eq!(v["parallel"]["pes"], 4);
    assert!(v["parallel"]["migrations"].as_u64().unwrap() > 0);
    // Live application-level balancing moves rows between processes too.
    let live = [
        "--pes-per-process",
        "1",
        "--app-lb",
        "live",
        "--app-lb-every",
        "20",
        "--app-lb-threshold",
        "0",
    ];
    let v = json(&mpirun(2, &[&distributed[..], &live[..]].concat()));
    assert_eq!(v["valid"], true, "{v}");
    assert!(v["parallel"]["recuts"].as_u64().unwrap() > 0);
    // A cut by measured cost, the same on every process (the root's
    // measurements), and the slabs of a process linked.
    let cut = [
        "--pes-per-process",
        "1",
        "--app-lb",
        "static",
        "--subcycle-dependency",
        "local",
    ];
    let v = json(&mpirun(2, &[&distributed[..], &cut[..]].concat()));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["order"], "mixed");
    // The static MPI version: one segment per rank, the same result.
    let args = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.2",
        "--parallel",
        "static",
    ];
    let v = json(&mpirun(2, &[&args[..], &["--segments", "2"]].concat()));
    assert_eq!(v["valid"], true);
    assert_eq!(v["parallel"]["style"], "static");
    assert_eq!(v["parallel"]["processes"], 2);
    let o = mpirun(2, &[&args[..], &["--segments", "3"]].concat());
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("one segment per MPI rank"), "{err}");
}

#[test]
fn the_ddm_study_runs_across_processes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("study");
    let v = json(&mpirun(
        2,
        &[
            "--json",
            "experiment",
            "ddm-scaling",
            "--preset",
            "si-pn",
            "--segments",
            "2,4",
            "--pes-per-process",
            "1",
            "--balancing",
            "none,system,app",
            "--subcycle-dependency",
            "off",
            "--out",
            out.to_str().unwrap(),
        ],
    ));
    assert_eq!(
        (v["processes"].as_u64(), v["pes"].as_u64()),
        (Some(2), Some(2))
    );
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(
        runs.len(),
        2 * 3 * 2,
        "styles x balancings x segment counts"
    );
    assert!(runs.iter().all(|r| r["converged"] == true));
    let csv = std::fs::read_to_string(out.join("ddm_scaling.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 1 + 12);
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
    // The AMPI stencil written on raw MPI: same rank grid, same result.
    let args = ["--size", "12", "--iters", "4", "--json"];
    let v = json(&mpirun(3, &[&["run", "stencil3d-mpi"][..], &args].concat()));
    assert_eq!(
        (v["valid"].clone(), v["max_abs_diff"].clone()),
        (true.into(), 0.0.into())
    );
    assert_eq!(v["rank_grid"], serde_json::json!([1, 1, 3]));
    assert_eq!(v["step_times_s"].as_array().unwrap().len(), 4);
    let ampi = single(
        &[
            &["ampi", "run", "--vp", "3", "--pes", "2", "stencil3d"][..],
            &args,
        ]
        .concat(),
    );
    assert_eq!(ampi["valid"], true);
    // Too small a grid for the ranks, or too large for the memory: exit 2.
    let too_large = [
        &["stencil3d-mpi", "--size", "1"][..],
        &["stencil3d-mpi", "--size", "4096"],
        &["jacobi2d-mpi", "--grid", "300000x300000"],
    ];
    for app in too_large {
        let o = mpirun(2, &[&["run"][..], app, &["--max-memory", "1G"]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("error: "), "{err}");
        assert!(
            !err.contains("panicked") && !err.contains("Aborted"),
            "{err}"
        );
    }
}

#[test]
fn heat3d_on_slabs_of_processes_equals_the_sequential_reference() {
    // The H-Dispatch paper's MPI baseline: one slab of z-planes per process,
    // ghost planes exchanged; bit for bit the sequential sweep, also with
    // slabs of unequal thickness (3 ranks, 10 interior planes).
    for np in [1, 2, 3] {
        let v = json(&mpirun(
            np,
            &["run", "heat3d-mpi", "--n", "12", "--steps", "7", "--json"],
        ));
        assert_eq!(
            (v["valid"].clone(), v["max_abs_diff"].clone()),
            (true.into(), 0.0.into()),
            "{v}"
        );
        assert_eq!(
            (v["processes"].as_u64(), v["mode"].as_str()),
            (Some(np as u64), Some("mpi"))
        );
        assert!(v["speedup_vs_sequential"].as_f64().unwrap() > 0.0);
    }
    // More processes than interior planes, or an unstable alpha: exit 2.
    for bad in [&["--n", "4"][..], &["--alpha", "0.2"]] {
        let o = mpirun(3, &[&["run", "heat3d-mpi"][..], bad].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("error: "), "{err}");
    }
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
    // MPI ranks (AMPI) and the drift-diffusion slabs on the same grid.
    let stencil = [
        "ampi",
        "run",
        "stencil3d",
        "--vp",
        "6",
        "--size",
        "12",
        "--iters",
        "4",
    ];
    let v = json(&mpirun(2, &[&stencil[..], &grid].concat()));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["pes"], 4, "{v}");
    assert!(v["topology"]["speeds"].is_array(), "{v}");
    let ddm = [
        "run",
        "ddm",
        "--preset",
        "si-pin",
        "--bias",
        "0",
        "--parallel",
        "distributed",
        "--segments",
        "4",
    ];
    let v = json(&mpirun(2, &[&ddm[..], &grid].concat()));
    assert_eq!(v["parallel"]["matches_relaxed_solver"], true, "{v}");
    assert_eq!(v["parallel"]["border_objects"].as_array().unwrap().len(), 4);
}

/// `arts run` of `app` on 2 processes with a checkpoint timer: the timer
/// runs on process 0; both processes' main programs must hold the elements
/// at the same step (a request shared with `Driver::bcast`). A restart from
/// the first checkpoint on 3 PEs ends like the run in every one of `keys`.
fn timed_checkpoints_of_2_processes_restart_like_the_run(app: &[&str], keys: &[&str]) {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let timer = [
        "--checkpoint-dir",
        dir,
        "--checkpoint-every-seconds",
        "0.02",
    ];
    let v = json(&mpirun(
        2,
        &[&["--json", "run"], app, &timer, &["--keep", "1000"]].concat(),
    ));
    assert_eq!(v["valid"], true);
    let taken = v["checkpoints"].as_u64().unwrap();
    let steps = checkpoint_steps(root.path());
    assert!(taken >= 1, "the run outlasts the 0.02 s timer");
    assert_eq!(steps.len() as u64, taken);
    let first = root.path().join(format!("ckpt-{}", steps[0]));
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(["--json", "restart", first.to_str().unwrap(), "--pes", "3"])
        .output()
        .unwrap();
    let r = json(&o);
    assert_eq!(r["valid"], true);
    assert_eq!(r["resumed_from_step"], steps[0]);
    for key in keys {
        assert_eq!(r[key], v[key], "{key}, bit for bit");
    }
}

#[test]
fn timed_checkpoints_of_2_processes_are_taken_at_one_step_and_restart_bit_identical() {
    let jacobi = [
        "jacobi2d",
        "--grid",
        "256x256",
        "--objects",
        "4x4",
        "--iters",
        "3000",
    ];
    timed_checkpoints_of_2_processes_restart_like_the_run(&jacobi, &["residual_final"]);
    let leanmd = [
        "leanmd",
        "--cells=3x3x3",
        "--atoms-per-cell=27",
        "--steps=1000",
        "--kernel-reps=0",
    ];
    let keys = ["energy_final", "mismatched_atoms", "max_abs_diff"];
    timed_checkpoints_of_2_processes_restart_like_the_run(&leanmd, &keys);
}

/// The steps of the checkpoints in `root`, ascending.
fn checkpoint_steps(root: &std::path::Path) -> Vec<u64> {
    let mut steps: Vec<u64> = std::fs::read_dir(root)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_prefix("ckpt-").and_then(|s| s.parse().ok())
        })
        .collect();
    steps.sort_unstable();
    steps
}

/// A Jacobi2D run small enough to checkpoint and restart in a test (12 steps).
const SMALL_JACOBI: [&str; 9] = [
    "--json",
    "run",
    "jacobi2d",
    "--grid",
    "96x80",
    "--objects",
    "6x4",
    "--iters",
    "12",
];

/// A leanmd run small enough to checkpoint and restart in a test (16 steps).
const SMALL_LEANMD: [&str; 11] = [
    "--json",
    "run",
    "leanmd",
    "--cells",
    "3x3x3",
    "--atoms-per-cell",
    "27",
    "--steps",
    "16",
    "--kernel-reps",
    "0",
];

#[test]
fn a_checkpoint_of_2_processes_restarts_on_1_and_on_2_processes_bit_identical() {
    let app = SMALL_JACOBI;
    let plain = single(&[&app[..], &["--pes", "2"]].concat());
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let checkpointing = [
        "--pes-per-process",
        "1",
        "--checkpoint-every",
        "4",
        "--checkpoint-dir",
        dir,
    ];
    let with = json(&mpirun(2, &[&app[..], &checkpointing].concat()));
    assert_eq!(with["residual_final"], plain["residual_final"]);
    assert_eq!(with["checkpoints"], 2);
    let ckpt4 = root.path().join("ckpt-4");
    let one = single(&["--json", "restart", ckpt4.to_str().unwrap(), "--pes", "3"]);
    let two = json(&mpirun(
        2,
        &["--json", "restart", dir, "--pes-per-process", "2"],
    ));
    for (again, from) in [(one, 4), (two, 8)] {
        assert_eq!(again["resumed_from_step"], from);
        assert_eq!(
            again["residual_final"], plain["residual_final"],
            "from {from}"
        );
        assert_eq!(again["max_abs_diff"], 0.0);
    }
}

/// Runs `arts ARGS` under mpirun with one process on each of `nodes`
/// (emulated: `$ARTS_NODE` names each rank's node).
fn mpirun_on_nodes(nodes: &[&str], args: &[&str]) -> Output {
    let mut cmd = Command::new("timeout");
    cmd.args(["120", "mpirun", "--allow-run-as-root", "--oversubscribe"]);
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            cmd.arg(":");
        }
        cmd.args(["-np", "1", "-x", &format!("ARTS_NODE={node}")])
            .arg(env!("CARGO_BIN_EXE_arts"))
            .args(args);
    }
    cmd.env_remove("RUST_BACKTRACE")
        .output()
        .expect("mpirun runs")
}

/// Runs `app` (with `opts`) on 3 emulated nodes with double checkpoints,
/// loses node b's store, and resumes on nodes c, a and a new node d (which
/// gets every file by broadcast), then restarts from one process that sees
/// every store: both continue from step `newest` and end with the `keys`
/// of a plain run. With c's store lost too (process 1 and its buddy),
/// nothing complete remains and the restart is refused. Returns the
/// resumed run's report.
fn double_checkpoints_survive_a_lost_store(
    app: &[&str],
    opts: &[&str],
    keys: &[&str],
    newest: u64,
) -> serde_json::Value {
    let plain = single(&[app, &["--pes", "2"]].concat());
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let store = ["--checkpoint-dir", dir, "--buddy-checkpoints"];
    let run = [app, &["--pes-per-process", "1"], opts, &store].concat();
    let with = json(&mpirun_on_nodes(&["a", "b", "c"], &run));
    let mut holds: Vec<String> = std::fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with("hold-"))
        .collect();
    holds.sort();
    assert_eq!(holds, ["hold-a.p0", "hold-b.p1", "hold-c.p2"]);
    std::fs::remove_dir_all(root.path().join("hold-b.p1")).unwrap();
    let resumed = [&run[..], &["--resume"]].concat();
    let again = json(&mpirun_on_nodes(&["c", "a", "d"], &resumed));
    let one = single(&["--json", "restart", dir, "--pes", "3"]);
    for (v, from) in [(&with, None), (&again, Some(newest)), (&one, Some(newest))] {
        assert_eq!(v["resumed_from_step"].as_u64(), from, "{v}");
        for key in keys {
            assert_eq!(v[key], plain[key], "{key} in {v}");
        }
    }
    std::fs::remove_dir_all(root.path().join("hold-c.p2")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(["restart", dir])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cover no checkpoint"), "{err}");
    again
}

#[test]
fn double_checkpoints_survive_the_loss_of_a_nodes_store() {
    let keys = ["residual_final", "max_abs_diff"];
    let opts = ["--checkpoint-every", "4"];
    let resumed = double_checkpoints_survive_a_lost_store(&SMALL_JACOBI, &opts, &keys, 8);
    // The first run kept its sequential reference in the store; the resumed
    // one validated against it instead of computing it again.
    assert_eq!(resumed["reference_reused"], true, "{resumed}");
}

#[test]
fn double_leanmd_checkpoints_of_two_arrays_survive_the_loss_of_a_nodes_store() {
    let app = SMALL_LEANMD;
    let opts = [
        "--lb",
        "rotate",
        "--lb-period",
        "3",
        "--checkpoint-every",
        "5",
    ];
    let keys = [
        "valid",
        "mismatched_atoms",
        "energy_initial",
        "energy_final",
    ];
    double_checkpoints_survive_a_lost_store(&app, &opts, &keys, 15);
}

/// The pids of the job's ranks (`arts ... run ...` processes whose command
/// line names `dir`, not the launcher's).
fn ranks_of(dir: &str) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let args: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
        let is_rank = args.first().is_some_and(|a| a.ends_with(b"/arts"))
            && args.contains(&&b"run"[..])
            && !args.contains(&&b"launch"[..])
            && args.contains(&dir.as_bytes());
        if is_rank {
            pids.push(pid);
        }
    }
    pids
}

#[test]
fn a_launched_job_survives_a_killed_process_and_ends_exact() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ckpt");
    let dir = dir.to_str().unwrap();
    let job = [
        "run",
        "jacobi2d",
        "--grid",
        "96x80",
        "--objects",
        "6x4",
        "--iters",
        "30000",
    ];
    let launcher = Command::new("timeout")
        .arg("120")
        .arg(env!("CARGO_BIN_EXE_arts"))
        .args(["--json", "launch", "--np", "2", "--checkpoint-dir", dir])
        .args([
            "--mpirun",
            "mpirun --allow-run-as-root --oversubscribe",
            "--",
        ])
        .args(job)
        .args(["--pes-per-process", "1", "--checkpoint-every", "200"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Memory checkpoints are double: every rank's hold names its newest.
    let held = |dir: &str| -> usize {
        let holds = std::fs::read_dir(dir).into_iter().flatten().flatten();
        holds.filter(|h| h.path().join("latest").exists()).count()
    };
    let t = Instant::now();
    while held(dir) < 2 {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "no checkpoint appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let ranks = ranks_of(dir);
    assert_eq!(ranks.len(), 2, "{ranks:?}");
    let killed = Command::new("kill")
        .args(["-9", &ranks[1].to_string()])
        .status();
    assert!(killed.unwrap().success());
    let out = launcher.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("starting it again on 1 process(es)"), "{err}");
    let v = json(&out);
    assert_eq!(v["valid"], true);
    assert_eq!(v["max_abs_diff"], 0.0);
    assert_eq!(v["processes"], 1);
    assert!(v["resumed_from_step"].as_u64().unwrap() >= 200, "{v}");
    let plain = single(&[&["--json"][..], &job[..], &["--pes", "2"]].concat());
    assert_eq!(v["residual_final"], plain["residual_final"]);
}

#[test]
fn launch_refuses_jobs_it_cannot_restart() {
    let launch = |job: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_arts"))
            .args(["launch", "--np", "2", "--"])
            .args(job)
            .output()
            .unwrap()
    };
    let out = launch(&["run", "ddm"]);
    assert_eq!(out.status.code(), Some(2));
    let accepted = "jacobi2d, zones, hotspot, leanmd, fracture, storm";
    assert!(String::from_utf8_lossy(&out.stderr).contains(accepted));
    let out = launch(&["run", "jacobi2d", "--checkpoint-dir", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("sets the job's checkpoint directory"));
    let out = launch(&["run", "jacobi2d", "--pes=4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--pes-per-process"));
}

#[test]
fn a_run_under_mpirun_is_recorded_and_predicted() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("zones.rec");
    let v = json(&mpirun(
        2,
        &[
            "--json",
            "run",
            "zones",
            "--iters",
            "5",
            "--pes-per-process",
            "1",
            "--record",
            rec.to_str().unwrap(),
        ],
    ));
    assert_eq!(v["valid"], true);
    // Every execution's cause was found, across the two processes.
    let p = single(&[
        "--json",
        "predict",
        "--record",
        rec.to_str().unwrap(),
        "--pes",
        "2",
        "--processes",
        "2",
    ]);
    assert_eq!(p["recorded"]["pes"], 2);
    assert_eq!(p["recorded"]["unattributed"], 0, "{p}");
    assert!(p["recorded"]["executions"].as_u64().unwrap() > 0);
    assert!(p["time_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_ddm_sweep_checkpointed_on_2_processes_restarts_on_one() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("ckpt");
    let sweep = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.1,0.2",
        "--parallel",
        "distributed",
        "--segments",
        "4",
        "--pes-per-process",
        "1",
        "--checkpoint-every",
        "2",
        "--checkpoint-dir",
        root.to_str().unwrap(),
    ];
    let v = json(&mpirun(2, &sweep));
    assert_eq!(v["valid"], true);
    let r = single(&["--json", "restart", root.to_str().unwrap(), "--pes", "3"]);
    assert_eq!(r["valid"], true);
    assert_eq!(r["parallel"]["resumed_from_point"], 2);
    assert_eq!(
        r["terminal_current_a_per_cm2"],
        v["terminal_current_a_per_cm2"]
    );
    assert_eq!(r["iterations"], v["iterations"]);
}

#[test]
fn double_ddm_checkpoints_survive_the_loss_of_a_nodes_store() {
    // A sweep on 3 emulated nodes keeps double checkpoints; node b's store
    // is lost; the sweep restarts under mpirun on nodes c, a and a new
    // node d, goes on checkpointing doubly, and ends as it would have.
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let sweep = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.1,0.2,0.3",
        "--parallel",
        "distributed",
        "--segments",
        "3",
        "--pes-per-process",
        "1",
        "--checkpoint-every",
        "2",
        "--checkpoint-dir",
        dir,
        "--buddy-checkpoints",
    ];
    let v = json(&mpirun_on_nodes(&["a", "b", "c"], &sweep));
    assert_eq!(v["valid"], true);
    assert!(root.path().join("hold-b.p1").is_dir());
    std::fs::remove_dir_all(root.path().join("hold-b.p1")).unwrap();
    let restart = [
        "--json",
        "restart",
        dir,
        "--pes-per-process",
        "1",
        "--checkpoint-every",
        "1",
        "--checkpoint-dir",
        dir,
        "--buddy-checkpoints",
    ];
    let r = json(&mpirun_on_nodes(&["c", "a", "d"], &restart));
    assert_eq!(r["valid"], true);
    assert_eq!(r["parallel"]["resumed_from_point"], 2);
    for key in ["terminal_current_a_per_cm2", "iterations"] {
        assert_eq!(r[key], v[key], "{key}");
    }
    // The restart kept double checkpoints too: node d has a hold now.
    assert!(root.path().join("hold-d.p2").is_dir());
}

#[test]
fn a_leanmd_checkpoint_of_2_processes_restarts_on_1_and_on_2_processes_bit_identical() {
    // Cells and pairs migrate between processes; each process writes its
    // own; the atoms and energies end as in a single-process run.
    let app = [&SMALL_LEANMD[..], &["--migrate-every", "4"]].concat();
    let plain = single(&[&app[..], &["--pes", "2"]].concat());
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let checkpointing = [
        "--pes-per-process",
        "1",
        "--lb",
        "rotate",
        "--lb-period",
        "3",
        "--checkpoint-every",
        "5",
        "--checkpoint-dir",
        dir,
        "--keep",
        "3",
    ];
    let with = json(&mpirun(2, &[&app[..], &checkpointing].concat()));
    assert_eq!(with["processes"], 2);
    assert_eq!(with["checkpoints"], 3);
    assert!(with["migrations"].as_u64().unwrap() > 0);
    assert_eq!(with["energy_final"], plain["energy_final"]);
    let ckpt5 = root.path().join("ckpt-5");
    let one = single(&["--json", "restart", ckpt5.to_str().unwrap(), "--pes", "3"]);
    let two = json(&mpirun(
        2,
        &["--json", "restart", dir, "--pes-per-process", "2"],
    ));
    for (again, from) in [(one, 5), (two, 15)] {
        assert_eq!(again["resumed_from_step"], from);
        for key in [
            "valid",
            "mismatched_atoms",
            "energy_initial",
            "energy_final",
        ] {
            assert_eq!(again[key], plain[key], "{key} from {from}");
        }
    }
}

#[test]
fn a_launched_storm_that_aborts_after_a_checkpoint_ends_like_a_plain_run() {
    // The process of element 5 aborts in round 7, after the checkpoint of
    // round 6; the launcher starts the job again on one process, which
    // continues from that checkpoint without injecting the failure again.
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ckpt");
    let job = ["run", "storm", "--elements", "12", "--rounds", "9"];
    let out = Command::new("timeout")
        .arg("120")
        .arg(env!("CARGO_BIN_EXE_arts"))
        .args(["--json", "launch", "--np", "2", "--checkpoint-dir"])
        .arg(&dir)
        .args([
            "--mpirun",
            "mpirun --allow-run-as-root --oversubscribe",
            "--",
        ])
        .args(job)
        .args(["--pes-per-process", "1", "--checkpoint-every", "3"])
        .args(["--abort-at", "5:7"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("starting it again on 1 process(es)"), "{err}");
    let v = json(&out);
    assert_eq!(v["processes"], 1);
    assert_eq!(v["resumed_from_step"], 6);
    let plain = single(&[&["--json"][..], &job[..], &["--pes", "2"]].concat());
    for key in ["valid", "sent", "received", "exactly_once", "reductions_ok"] {
        assert_eq!(v[key], plain[key], "{key}");
    }
}

#[test]
fn ampi_ranks_spread_over_processes_and_move_only_within_them() {
    let one = single(&strs(&stencil3d(&["--pes", "2"])));
    // 5 ranks on 2 processes of 1 PE, and on 2 x 2 PEs with every rank
    // rotated at each balancing step (within its process: across, its
    // stack could not follow and the run would fail).
    for (per, lb) in [
        ("1", &[][..]),
        ("2", &["--lb", "rotate", "--migrate-every", "2"]),
    ] {
        let args = stencil3d(&[&["--pes-per-process", per][..], lb].concat());
        let v = json(&mpirun(2, &strs(&args)));
        assert_eq!(v["valid"], true, "{v}");
        assert_eq!(v["max_abs_diff"], 0.0);
        assert_eq!(v["ranks"], 5);
        assert_eq!(v["pes"], if per == "1" { 2 } else { 4 });
        assert_eq!(v["values"]["rank_grid"], one["values"]["rank_grid"]);
        if !lb.is_empty() {
            assert!(v["rank_moves"].as_u64().unwrap() >= 5, "{v}");
        }
    }
    // Ping-pong between ranks on two processes.
    let v = json(&mpirun(
        2,
        &[
            "--json", "ampi", "run", "pingpong", "--vp", "2", "--iters", "200",
        ],
    ));
    assert!(v["latency_us"].as_f64().unwrap() > 0.0, "{v}");
    // The benchmarks measure within one process: refused.
    let out = mpirun(2, &["ampi", "bench", "--quick"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: arts ampi bench") && err.contains("without mpirun"),
        "{err}"
    );
}

#[test]
fn ampi_ranks_in_isomalloc_slots_move_between_processes() {
    // One PE per process: every move that `rotate` makes crosses processes.
    let slots = ["--pes-per-process", "1", "--isomalloc"];
    let args = stencil3d(&[&slots[..], &ROTATE_EVERY_2].concat());
    let v = json(&mpirun(2, &strs(&args)));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["max_abs_diff"], 0.0);
    assert!(v["rank_moves"].as_u64().unwrap() >= 15, "{v}");
    // A rank carrying 1 MiB of heap to the other process and back, checked
    // after every move (heap, a pointer into it, an array on its stack).
    let carry = |iso: &[&str]| {
        let base = [
            "--json",
            "ampi",
            "run",
            "carry",
            "--vp",
            "2",
            "--pes-per-process",
            "1",
            "--bytes",
            "1M",
            "--iters",
            "6",
        ];
        mpirun(2, &[&base[..], iso].concat())
    };
    let v = json(&carry(&["--isomalloc"]));
    assert_eq!(v["values"]["moves"], serde_json::json!([6.0]), "{v}");
    assert_eq!(v["values"]["valid"], serde_json::json!([1.0]), "{v}");
    assert!(v["values"]["move_median_us"][0].as_f64().unwrap() > 0.0);
    // Messages in flight while every rank changes process every round:
    // each arrives exactly once (some beside the frame: 10 KiB > 4 KiB).
    let v = storm_moving_every_round("10K", "20");
    assert_eq!(v["valid"], true, "{v}");
    assert!(v["rank_moves"].as_u64().unwrap() >= 100, "{v}");
    // Without isomalloc the move is refused, naming the call.
    let out = carry(&[]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("migrate_to"), "{err}");
}

/// `storm` with 7 ranks on 2 processes, every rank changing process every
/// round (`--isomalloc --lb rotate --lb-period 1`): its JSON report.
fn storm_moving_every_round(bytes: &str, iters: &str) -> serde_json::Value {
    let storm = [
        "--json",
        "ampi",
        "run",
        "storm",
        "--vp",
        "7",
        "--pes-per-process",
        "1",
        "--isomalloc",
        "--lb",
        "rotate",
        "--lb-period",
        "1",
        "--bytes",
        bytes,
        "--iters",
        iters,
    ];
    json(&mpirun(2, &storm))
}

#[test]
fn small_messages_reach_ranks_moving_between_processes_once_and_in_order() {
    // 16-byte messages cross processes in their compact form (no serde),
    // while every rank changes process every round: each arrives exactly
    // once, intact, and those of one sender in send order (`storm` checks
    // all three), whether it overtook its rank or waited for it.
    let v = storm_moving_every_round("16", "30");
    assert_eq!(v["valid"], true, "{v}");
    assert!(v["rank_moves"].as_u64().unwrap() >= 150, "{v}");
}

#[test]
fn ampi_ranks_saved_whole_on_2_processes_restart_on_1_and_3() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let slots = ["--pes-per-process", "1", "--isomalloc"];
    let whole = [
        "--checkpoint-every",
        "3",
        "--whole-checkpoints",
        "--checkpoint-dir",
        dir,
    ];
    let saving = stencil3d(&[&slots[..], &whole, &ROTATE_EVERY_2].concat());
    let v = json(&mpirun(2, &strs(&saving)));
    assert_eq!(v["valid"], true, "{v}");
    for (np, step) in [(1, 6), (3, 3)] {
        let from = format!("{dir}/ckpt-{step}");
        let args = stencil3d(&[&slots[..], &["--restart", &from]].concat());
        let v = json(&mpirun(np, &strs(&args)));
        assert_eq!(v["valid"], true, "{v}");
        assert_eq!(v["resumed_from_step"], step);
        assert_eq!(v["pes"], np);
    }
}

#[test]
fn ampi_checkpoints_of_ranks_on_several_processes_restart_anywhere() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let saving = stencil3d(&["--checkpoint-every", "3", "--checkpoint-dir", dir]);
    assert_eq!(json(&mpirun(2, &strs(&saving)))["valid"], true);
    let ckpt3 = format!("{dir}/ckpt-3");
    for (np, from, step) in [(1, ckpt3.as_str(), 3), (3, dir, 6)] {
        let again = stencil3d(&["--restart", from]);
        let v = match np {
            1 => single(&strs(&again)),
            n => json(&mpirun(n, &strs(&again))),
        };
        assert_eq!(v["valid"], true, "{v}");
        assert_eq!(v["max_abs_diff"], 0.0);
        assert_eq!(v["resumed_from_step"], step);
    }
}

#[test]
fn ampi_mem_checkpoints_keep_a_second_copy_on_another_node() {
    let store = tempfile::tempdir().unwrap();
    let dir = store.path().to_str().unwrap();
    let keeping = stencil3d(&[
        "--checkpoint-every",
        "3",
        "--checkpoint-dir",
        dir,
        "--mem-checkpoints",
        "--keep",
        "1",
    ]);
    let v = json(&mpirun_on_nodes(&["a", "b"], &strs(&keeping)));
    assert_eq!(v["valid"], true, "{v}");
    for hold in ["hold-a.p0", "hold-b.p1"] {
        assert!(store.path().join(hold).join("ckpt-6").is_dir(), "{hold}");
    }
    // Node a (rank 0's process) is lost: the copy on b restarts the run.
    std::fs::remove_dir_all(store.path().join("hold-a.p0")).unwrap();
    let again = stencil3d(&["--restart", dir]);
    let v = json(&mpirun_on_nodes(&["a", "b"], &strs(&again)));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["max_abs_diff"], 0.0);
    assert_eq!(v["resumed_from_step"], 6);
}

#[test]
fn a_c_program_runs_its_ranks_on_several_processes() {
    let dir = tempfile::tempdir().unwrap();
    let c_program = |name: &str| build(name, dir.path());
    let Some(so) = c_program("allreduce") else {
        return;
    };
    let args = ["ampi", "run", &so, "--vp", "5"];
    let one = printed(single_output(&[&args[..], &["--pes", "2"]].concat()));
    let two = printed(mpirun(2, &args));
    assert!(one.contains("allreduce sum"), "{one}");
    assert_eq!(two, one);
    // Waitsome, Testsome, Testany and every send mode, large messages by
    // rendezvous between processes (with ranks that may move, too).
    let so = c_program("requests").expect("gcc is installed");
    for iso in [&[][..], &["--isomalloc"]] {
        let args = [&["ampi", "run", &so, "--vp", "4"], iso].concat();
        let out = printed(mpirun(2, &args));
        assert!(out.contains("requests: 4 ranks, 0 failed checks"), "{out}");
    }
    // Groups and MPI_Comm_create across processes.
    let so = c_program("groups").expect("gcc is installed");
    let out = printed(mpirun(2, &["ampi", "run", &so, "--vp", "5"]));
    assert!(out.contains("groups: 5 ranks, 0 failed checks"), "{out}");
    // Every non-blocking collective across processes; the ranks sharing
    // memory with rank 0 are those of its process.
    let so = c_program("icoll").expect("gcc is installed");
    let out = printed(mpirun(2, &["ampi", "run", &so, "--vp", "5"]));
    assert!(
        out.contains(
            "icoll: gather 1 gatherv 1 scatter 1 scatterv 1 allgatherv 1 alltoallv 1 \
             reduce_scatter 1 reduce_scatter_block 1 scan 1 exscan 1 reduce_local 1 split_type 1"
        ),
        "{out}"
    );
    assert!(
        out.contains("rank 0 shares memory with 3 of 5 ranks"),
        "{out}"
    );
    // Kernels of the C ABI on 2 processes: (program, arts options, the
    // program's arguments, the line it prints when every check passed).
    // `moving`: ranks in isomalloc slots that the balancer moves between
    // the processes at each of the program's AMPI_Migrate calls.
    let (io_file, shared_file, calls_file) = (
        dir.path().join("io.dat").display().to_string(),
        dir.path().join("shared.dat").display().to_string(),
        dir.path().join("calls.dat").display().to_string(),
    );
    let moving = ["--isomalloc", "--lb", "rotate", "--lb-period", "1"];
    let vp = |n: &'static str| ["--vp", n];
    let kernels: [(&str, Vec<&str>, Vec<&str>, &str); 14] = [
        (
            "handlers",
            vp("4").to_vec(),
            vec![],
            "handlers: errhandler 1 info 1 get_status 1 types 1 version 1",
        ),
        // MPI-IO: every process opens and writes the same file.
        (
            "io",
            vp("4").to_vec(),
            vec![&io_file],
            "io: blocks 1 view 1 whole 1 short 1 nonblocking 1 split 1 errors 1",
        ),
        (
            "neighbors",
            vp("6").to_vec(),
            vec![],
            "neighbors: cart allgather 1 cart alltoall 1 graph 1 graph v 1 mpi-1 graph 1 \
             small rings 1",
        ),
        (
            "rma",
            vp("5").to_vec(),
            vec![],
            "rma: put+get 1 accumulate 1 vector 1 maxloc 1 replace 1 atomics 1 epochs 1",
        ),
        (
            "rma",
            [&vp("5")[..], &["--isomalloc"]].concat(),
            vec![],
            "rma: put+get 1 accumulate 1 vector 1 maxloc 1 replace 1 atomics 1 epochs 1",
        ),
        // Gets and puts go straight to the windows of the ranks of their
        // process and as messages to the others'.
        (
            "rma_direct",
            vp("5").to_vec(),
            vec!["10", "spread"],
            "rma_direct: gets 1 puts 1 counter 1 requests 1 pscw 1 messages 1",
        ),
        // Windows (their memory and lock queues) move with their ranks.
        (
            "passive",
            [&vp("5")[..], &moving].concat(),
            vec!["40"],
            "passive: counter 1 barrier 1 lock_all 1 accumulate 1 requests 1 errors 1",
        ),
        (
            "pscw",
            vp("5").to_vec(),
            vec![],
            "pscw: ring 1 test 1 errors 1",
        ),
        // The shared file pointer, held by one process for ranks of both.
        (
            "io_shared",
            vp("5").to_vec(),
            vec![&shared_file],
            "io_shared: ordered 1 shared 1 seek 1 view 1",
        ),
        // Shared-memory windows per process (ranks holding one are pinned
        // in their process); one over both processes is refused.
        (
            "shm",
            [&vp("5")[..], &moving].concat(),
            vec!["100"],
            "shm: segments 1 query 1 put 1",
        ),
        (
            "shm",
            vp("4").to_vec(),
            vec!["8", "world"],
            "shm world: MPI_ERR_COMM",
        ),
        (
            "pcoll",
            vp("5").to_vec(),
            vec![],
            "pcoll: allreduce 1 bcast 1 alltoall 1 scan 1 free 1",
        ),
        (
            "alltoallw",
            vp("4").to_vec(),
            vec![],
            "alltoallw: parts 1 neighbors 1 in_place 1",
        ),
        // The calls around the subset, with ranks that may move.
        (
            "calls",
            [&vp("5")[..], &["--isomalloc"]].concat(),
            vec![&calls_file],
            "calls: address 1 elements 1 count_x 1 mpi1_types 1 mpi1_errhandlers 1 names 1 \
             window 1 win_attrs 1 type_attrs 1 commutative 1 group_ranges 1 cart_map 1 \
             error_classes 1 statuses 1 hints 1 dist_graph 1 file_queries 1 envelopes 1 match_size 1",
        ),
    ];
    for (program, options, args, expect) in kernels {
        let so = c_program(program).expect("gcc is installed");
        let mut a = vec!["ampi", "run", &so];
        a.extend(options);
        if !args.is_empty() {
            a.push("--");
            a.extend(args);
        }
        let out = printed(mpirun(2, &a));
        assert!(out.contains(expect), "{program} {a:?}: {out}");
    }
    // A Fortran program, with ranks that may move between processes.
    if let Some(so) = common::build_fortran("kernels.f90", dir.path()) {
        for iso in [&[][..], &["--isomalloc"]] {
            let args = [&["ampi", "run", &so, "--vp", "5"], iso].concat();
            let out = printed(mpirun(2, &args));
            assert!(
                out.contains("nonblocking 1 waitany 1 complex 1 name 1") && !out.contains(" 0 "),
                "{out}"
            );
        }
    }
    // Attributes, with ranks that may move between processes.
    let so = c_program("attrs").expect("gcc is installed");
    let out = printed(mpirun(2, &["ampi", "run", &so, "--vp", "3", "--isomalloc"]));
    assert!(
        out.contains("attrs: get 1 replace 1 dup 1 delete 1 free 1 mpi1 1 name 1 alloc_mem 1"),
        "{out}"
    );
    // Persistent requests, matched probes and cancelled receives.
    let so = c_program("persistent").expect("gcc is installed");
    for iso in [&[][..], &["--isomalloc"]] {
        let args = [
            &["ampi", "run", &so, "--vp", "4"],
            iso,
            &["--", "100000", "3"],
        ]
        .concat();
        let out = printed(mpirun(2, &args));
        assert!(
            out.contains("persistent: 4 ranks, 3 iterations, 0 failed checks"),
            "{out}"
        );
    }
    // A rank may move to a PE of its own process only.
    let so = c_program("migrate_away").expect("gcc is installed");
    let args = ["ampi", "run", &so, "--vp", "2"];
    assert!(printed(single_output(&[&args[..], &["--pes", "2"]].concat())).contains("moved"));
    let out = mpirun(2, &args);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: rank 0: AMPI_Migrateto")
            && err.contains("PE 1 is not a PE of this rank's process"),
        "{err}"
    );
    // A failed rank on one process, ranks left blocked on both: named alike.
    let so = c_program("errors").expect("gcc is installed");
    let out = mpirun(2, &["ampi", "run", &so, "--vp", "4", "--", "bad-type"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: rank 0: MPI_Send: invalid datatype handle 999")
            && err.contains("left behind: ranks 1, 2, 3 blocked in MPI_Barrier"),
        "{err}"
    );
}

#[test]
fn large_messages_between_processes_go_by_rendezvous_while_ranks_move() {
    // Blocking sends and (without isomalloc) MPI_Isends of 64 KiB and more
    // are read by their receivers straight from the senders' buffers:
    // within a process, between processes, and (as messages) around every
    // AMPI_Migrate.
    let dir = tempfile::tempdir().unwrap();
    let Some(large) = build("large", dir.path()) else {
        return;
    };
    let runs: [&[&str]; 3] = [
        &["--vp", "4", "--pes-per-process", "2", "--lb", "greedy"],
        &[
            "--vp",
            "4",
            "--pes-per-process",
            "1",
            "--isomalloc",
            "--lb",
            "rotate",
        ],
        &[
            "--vp",
            "6",
            "--pes-per-process",
            "1",
            "--isomalloc",
            "--lb",
            "greedy",
        ],
    ];
    for run in runs {
        let args = [&["ampi", "run", "--lb-period", "1"], run, &[large.as_str()]].concat();
        let out = mpirun(2, &args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{run:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ranks = run[1];
        let want = format!("large: {ranks} ranks, 3 rounds, 0 bad bytes");
        assert!(text.contains(&want), "{run:?}: {text}");
    }
}

#[test]
fn c_ranks_in_isomalloc_slots_move_between_processes_and_restart_whole() {
    let dir = tempfile::tempdir().unwrap();
    let Some(heap) = build("heap", dir.path()) else {
        return;
    };
    let slots = ["--pes-per-process", "1", "--isomalloc", "--lb", "rotate"];
    let args = [
        &["ampi", "run", "--vp", "4", "--lb-period", "1"],
        &slots[..],
    ]
    .concat();
    let text = printed(mpirun(
        2,
        &[&args[..], &[heap.as_str(), "--", "20000"]].concat(),
    ));
    assert!(text.contains("heap: 4 ranks, 0 wrong reads"), "{text}");
    for r in 0..4 {
        assert!(text.contains(&format!("rank {r} moved 6 times")), "{text}");
    }
    // Constructors ran for each rank, and what they allocated moves with it.
    let Some(ctors) = build("ctors", dir.path()) else {
        return;
    };
    let out = mpirun(2, &[&args[..], &[ctors.as_str()]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("ctors: 4 ranks, 0 wrong reads"), "{text}");
    // C++ globals too: what the C++ library allocates for a rank (a
    // std::string's buffer) goes through arts' operator new, into its slot.
    if let Some(cpp) = common::build_cxx("globals", dir.path()) {
        let out = mpirun(2, &[&args[..], &[cpp.as_str()]].concat());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("c++ globals: 4 ranks, 0 wrong reads"),
            "{text}"
        );
    }
    // A fatal error after moves between processes is reported, not a crash.
    let out = mpirun(
        2,
        &[&args[..], &[heap.as_str(), "--", "1000", "fail"]].concat(),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error: rank 1: MPI_Send"), "{err}");
    // Whole ranks saved on 2 processes continue on 3.
    let Some(whole) = build("whole", dir.path()) else {
        return;
    };
    let ck = dir.path().join("ck").display().to_string();
    let run = ["ampi", "run", "--vp", "4", "--isomalloc"];
    let first = printed(mpirun(
        2,
        &[&run[..], &["--checkpoint-dir", &ck, &whole]].concat(),
    ));
    let restart = dir.path().join("ck/ckpt-2").display().to_string();
    let again = printed(mpirun(
        3,
        &[&run[..], &["--restart", &restart, &whole]].concat(),
    ));
    assert!(again.starts_with("step 21\n"), "{again}");
    assert_eq!(
        again.lines().last(),
        first.lines().last(),
        "{first}\n{again}"
    );
}

#[test]
fn whole_c_ranks_kept_in_memory_survive_the_loss_of_a_nodes_store() {
    let dir = tempfile::tempdir().unwrap();
    let Some(whole) = build("whole", dir.path()) else {
        return;
    };
    let store = dir.path().join("store");
    let at = store.display().to_string();
    let run = ["ampi", "run", "--vp", "4", "--isomalloc"];
    // AMPI_MemCheckpoint after steps 10, 20 and 30 of 35, on 3 nodes.
    let saving = [
        &run[..],
        &["--checkpoint-dir", &at, &whole, "--", "35", "10", "1"],
    ]
    .concat();
    let first = printed(mpirun_on_nodes(&["a", "b", "c"], &saving));
    // Node b's hold has its own share and a copy of its ward's.
    let b = store.join("hold-b.p1/ckpt-3");
    for share in ["array-0.p0.bin", "array-0.p1.bin"] {
        assert!(b.join(share).is_file(), "{share}");
    }
    std::fs::remove_dir_all(store.join("hold-b.p1")).unwrap();
    let again = [&run[..], &["--restart", &at, &whole]].concat();
    let resumed = printed(mpirun_on_nodes(&["c", "a", "d"], &again));
    assert!(resumed.starts_with("step 31\n"), "{resumed}");
    assert_eq!(resumed.lines().last(), first.lines().last());
}
