//! `arts pdes phold` under `mpirun` when a process dies or stops: the job
//! ends within seconds with the process named (by Open MPI for a killed
//! process, by the heartbeat for a stopped one), and a checkpoint taken at
//! GVT by 2 processes restarts on 1 and 4 processes with the results of an
//! uninterrupted run. Built only with `--features mpi` (as `cli_mpi.rs`).
#![cfg(feature = "mpi")]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{arts_json, json, mpirun, mpirun_cmd};

/// The pid of rank `rank` of the job whose ranks' command lines hold `seed`
/// (as `--seed SEED`), once it runs.
fn rank_pid(seed: &str, rank: u32) -> u32 {
    let t = Instant::now();
    loop {
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
                continue;
            };
            let args: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
            let ours = args.first().is_some_and(|a| a.ends_with(b"/arts"))
                && args
                    .windows(2)
                    .any(|w| w[0] == b"--seed" && w[1] == seed.as_bytes());
            let env = std::fs::read(entry.path().join("environ")).unwrap_or_default();
            let want = format!("OMPI_COMM_WORLD_RANK={rank}");
            if ours && env.split(|&b| b == 0).any(|v| v == want.as_bytes()) {
                return pid;
            }
        }
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "rank {rank} never started"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A PHOLD run that lasts far longer than the tests wait.
fn endless(seed: &str, extra: &[&str]) -> Child {
    let args = [
        &[
            "--json",
            "pdes",
            "phold",
            "--lps",
            "4096",
            "--end-time",
            "1e9",
        ][..],
        &["--sync", "optimistic", "--seed", seed],
        extra,
    ]
    .concat();
    mpirun_cmd(2, &args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn signal(sig: &str, pid: u32) {
    let sent = Command::new("kill").args([sig, &pid.to_string()]).status();
    assert!(sent.unwrap().success());
}

#[test]
fn a_killed_process_ends_the_pdes_job_in_seconds_naming_its_rank() {
    let job = endless("9101", &[]);
    let victim = rank_pid("9101", 1);
    std::thread::sleep(Duration::from_millis(500));
    let t = Instant::now();
    signal("-9", victim);
    let out = job.wait_with_output().unwrap();
    let err = common::stderr(&out);
    assert!(!out.status.success(), "{err}");
    assert!(
        t.elapsed() < Duration::from_secs(30),
        "took {:?}",
        t.elapsed()
    );
    assert!(err.contains("rank 1"), "{err}");
}

#[test]
fn a_stopped_process_is_named_by_the_heartbeat_and_ends_the_pdes_job() {
    let job = endless("9102", &["--heartbeat", "2"]);
    let victim = rank_pid("9102", 1);
    std::thread::sleep(Duration::from_millis(500));
    let t = Instant::now();
    signal("-STOP", victim);
    let out = job.wait_with_output().unwrap();
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("process 1 of 2 stopped answering"), "{err}");
    assert!(
        t.elapsed() < Duration::from_secs(30),
        "took {:?}",
        t.elapsed()
    );
}

const PHOLD: [&str; 11] = [
    "--json",
    "pdes",
    "phold",
    "--lps",
    "1001",
    "--remote",
    "0.5",
    "--seed",
    "5",
    "--gvt-interval",
    "64",
];

fn same(a: &serde_json::Value, b: &serde_json::Value, what: &str) {
    for key in ["committed_events", "checksum", "final_time", "stats"] {
        assert_eq!(a[key], b[key], "{what}: {key}");
    }
}

#[test]
fn a_checkpoint_of_2_processes_restarts_on_1_and_4_like_the_uninterrupted_run() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ckpt");
    let dir = dir.to_str().unwrap();
    let upto =
        |end: &str| arts_json(&[&PHOLD[..], &["--sync", "sequential", "--end-time", end]].concat());
    let (seq20, seq30) = (upto("20"), upto("30"));
    let ckpt = [
        "--checkpoint-every",
        "8",
        "--checkpoint-dir",
        dir,
        "--end-time",
        "20",
    ];
    let v = json(&mpirun(
        2,
        &[&PHOLD[..], &["--sync", "optimistic"], &ckpt].concat(),
    ));
    same(&seq20, &v, "2 processes, checkpointed");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.path().join("ckpt/checkpoint.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["time"], 16.0);
    assert_eq!(manifest["processes"], 2);
    // One part a process, each written by its own process.
    let parts = manifest["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2);
    for (rank, part) in parts.iter().enumerate() {
        let file = root
            .path()
            .join("ckpt")
            .join(part["file"].as_str().unwrap());
        assert_eq!(part["file"], format!("part-{rank}.bin"));
        assert_eq!(std::fs::metadata(file).unwrap().len(), part["bytes"]);
        assert!(part["lps"].as_u64().unwrap() > 0);
    }
    let restart = ["--restart", dir, "--end-time", "30"];
    let four = [
        &PHOLD[..],
        &["--sync", "optimistic", "--pes-per-process", "2"],
        &restart,
    ]
    .concat();
    same(
        &seq30,
        &json(&mpirun(4, &four)),
        "restarted on 4 processes x 2 PEs",
    );
    let one = [
        &PHOLD[..],
        &["--sync", "optimistic", "--pes", "3"],
        &restart,
    ]
    .concat();
    same(&seq30, &arts_json(&one), "restarted in 1 process, 3 PEs");
    let seq = [&PHOLD[..], &["--sync", "sequential"], &restart].concat();
    same(
        &seq30,
        &arts_json(&seq),
        "restarted on the sequential engine",
    );
}
