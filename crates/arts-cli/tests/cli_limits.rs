//! Runs the machine cannot serve are refused before they start: memory
//! estimated from the options (against `--max-memory` or the memory
//! available) and the PEs one process can host.

use std::time::{Duration, Instant};

mod common;
use common::{arts, assert_usage_error, json};

#[test]
fn huge_grids_are_refused_with_the_memory_they_would_need() {
    let t = Instant::now();
    for args in [
        &["run", "jacobi2d", "--grid", "100000x100000"][..],
        &[
            "run",
            "zones",
            "--ratio-x",
            "4",
            "--ratio-y",
            "4",
            "--iters",
            "1",
        ],
        &["run", "zones", "--base", "100000"],
        &["bench", "core", "--grid", "200000"],
        &["run", "storm", "--elements", "10000000"],
    ] {
        let o = arts(args);
        assert_usage_error(&o, "needs about");
        assert!(common::stderr(&o).contains("available"), "{args:?}");
    }
    assert!(t.elapsed() < Duration::from_secs(20), "refused up front");
}

#[test]
fn billions_of_steps_are_refused_with_the_memory_their_records_need() {
    for (app, flag) in [
        ("jacobi2d", "--iters"),
        ("zones", "--iters"),
        ("hotspot", "--iters"),
        ("leanmd", "--steps"),
        ("fracture", "--steps"),
    ] {
        let t = Instant::now();
        let o = arts(&["run", app, flag, "4000000000"]);
        assert_usage_error(&o, "over 4000000000 steps needs about");
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "{app}: refused at once"
        );
    }
}

/// Runs arts with `args`; returns its exit code and its peak resident bytes.
fn peak_rss(args: &[&str]) -> (i32, u64) {
    let null = std::process::Stdio::null;
    common::arts_peak(args, null(), null())
}

#[test]
fn accepted_runs_stay_within_max_memory_and_the_rest_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.json").display().to_string();
    let rec = dir.path().join("r.json").display().to_string();
    // A small recording to predict from, on absurd and fitting machines.
    let small = dir.path().join("small.json").display().to_string();
    let o = arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "256x256",
        "--objects",
        "8x8",
        "--iters",
        "20",
        "--record",
        &small,
    ]);
    assert!(o.status.success(), "{o:?}");
    for (pes, code) in [
        ("1000000000", 2),
        ("20000000", 2),
        ("16000000", 2),
        ("200000", 0),
    ] {
        let (c, peak) = peak_rss(&[
            "--max-memory",
            "100M",
            "predict",
            "--record",
            &small,
            "--pes",
            pes,
        ]);
        assert_eq!(c, code, "predict --pes {pes}");
        assert!(peak <= 100 << 20, "predict --pes {pes}: peak {peak} bytes");
    }
    for (limit, args) in [
        // 10^6 one-cell blocks: the runtime's share of each element counts.
        (
            "256M",
            &[
                "run",
                "jacobi2d",
                "--grid",
                "1000x1000",
                "--objects",
                "1000x1000",
                "--iters",
                "3",
            ][..],
        ),
        (
            "512M",
            &[
                "run",
                "jacobi2d",
                "--pes",
                "16000",
                "--grid",
                "512x512",
                "--objects",
                "4x4",
                "--iters",
                "2",
            ],
        ),
        (
            "512M",
            &[
                "run",
                "jacobi2d",
                "--pes",
                "3000",
                "--grid",
                "512x512",
                "--objects",
                "4x4",
                "--iters",
                "2",
            ],
        ),
        // A recording grows with the steps.
        (
            "100M",
            &[
                "run",
                "jacobi2d",
                "--grid",
                "256x256",
                "--objects",
                "8x8",
                "--iters",
                "3000",
                "--record",
                &rec,
            ],
        ),
        (
            "100M",
            &[
                "run",
                "jacobi2d",
                "--grid",
                "256x256",
                "--objects",
                "8x8",
                "--iters",
                "200",
                "--record",
                &rec,
            ],
        ),
        (
            "128M",
            &[
                "lb",
                "generate",
                "--objects",
                "5000000",
                "--pes",
                "4",
                "--kind",
                "uniform",
                "--out",
                &out,
            ],
        ),
        (
            "128M",
            &[
                "lb",
                "generate",
                "--objects",
                "300000",
                "--pes",
                "4",
                "--kind",
                "mesh",
                "--out",
                &out,
            ],
        ),
    ] {
        let bound = arts_core::limits::parse_bytes(limit).unwrap();
        let mut a = vec!["--max-memory", limit];
        a.extend_from_slice(args);
        let (code, peak) = peak_rss(&a);
        assert!(code == 0 || code == 2, "{args:?}: exit {code}");
        if code == 0 {
            assert!(peak <= bound, "{args:?}: peak {peak} bytes over {limit}");
        }
    }
}

#[test]
fn simulators_and_readers_refuse_unbounded_requests() {
    let t = Instant::now();
    assert_usage_error(
        &arts(&["pdes", "phold", "--events-per-lp", "4294967295"]),
        "PHOLD events needs about",
    );
    assert_usage_error(
        &arts(&[
            "lb",
            "simulate",
            "--input",
            "/dev/zero",
            "--strategy",
            "greedy",
        ]),
        "not a regular file",
    );
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("d.json");
    let d = dump.to_str().unwrap();
    let g = arts(&[
        "lb",
        "generate",
        "--objects",
        "50",
        "--pes",
        "4",
        "--kind",
        "uniform",
        "--out",
        d,
    ]);
    assert!(g.status.success(), "{}", common::stderr(&g));
    let sim = [
        "lb",
        "simulate",
        "--input",
        d,
        "--strategy",
        "greedy",
        "--pes",
        "100000000",
    ];
    assert_usage_error(
        &arts(&[&sim[..], &["--max-memory", "1G"]].concat()),
        "--pes 100000000 needs about",
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
}

#[test]
fn max_memory_limits_runs_that_would_fit_the_machine() {
    let small = [
        "run", "jacobi2d", "--grid", "256x256", "--iters", "2", "--pes", "1",
    ];
    let o = arts(&[&small[..], &["--max-memory", "64K"]].concat());
    assert_usage_error(&o, "64.0 KiB is the limit");
    let ok = json(&arts(
        &[&small[..], &["--max-memory", "1G", "--json"]].concat(),
    ));
    assert_eq!(ok["valid"], true);
    assert_usage_error(
        &arts(&[&small[..], &["--max-memory", "lots"]].concat()),
        "not a size",
    );
}

#[test]
fn too_many_pes_in_one_process_is_refused_at_once() {
    let t = Instant::now();
    let o = arts(&["run", "jacobi2d", "--grid", "64x64", "--pes", "100000"]);
    assert_usage_error(&o, "1..=16000");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn storm_reports_its_seed_and_the_seed_changes_the_traffic() {
    let run = |seed: &str| {
        json(&arts(&[
            "run",
            "storm",
            "--elements",
            "8",
            "--rounds",
            "2",
            "--pes",
            "2",
            "--seed",
            seed,
            "--json",
        ]))
    };
    let (a, b, c) = (run("1"), run("1"), run("2"));
    assert_eq!(a["seed"], 1);
    assert_eq!(a["sent"], b["sent"], "same seed, same traffic");
    assert_ne!(a["sent"], c["sent"], "another seed, other traffic");
    assert_eq!(c["exactly_once"], true);
}
