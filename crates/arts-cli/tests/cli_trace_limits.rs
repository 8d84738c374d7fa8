//! `--trace-window`, `--counters`, clusters in the trace and per-process
//! trace files (issue 55, item 1–3 remainders), end to end.

use std::process::{Command, Output};

fn arts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The `arts_trace` metadata of a trace file.
fn about(path: &str) -> serde_json::Value {
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let events = doc["traceEvents"].as_array().unwrap();
    let about = events.iter().find(|e| e["name"] == "arts_trace").unwrap();
    about["args"].clone()
}

/// Executions of `jacobi2d::compute` in `arts trace summary FILES` (0 if
/// none was kept).
fn computes(files: &[&str]) -> u64 {
    let mut args = vec!["trace", "summary"];
    args.extend_from_slice(files);
    args.push("--json");
    let v = json(&arts(&args));
    let entries = v["entries"].as_array().unwrap();
    let compute = entries.iter().find(|e| e["name"] == "jacobi2d::compute");
    compute.map_or(0, |c| c["count"].as_u64().unwrap())
}

fn jacobi(trace: &str, extra: &[&str]) -> Output {
    let pes = if extra.contains(&"--pes") {
        &[][..]
    } else {
        &["--pes", "2"][..]
    };
    let mut args = vec![
        "run",
        "jacobi2d",
        "--grid",
        "64x64",
        "--objects",
        "4x4",
        "--iters",
        "30",
        "--json",
        "--trace",
        trace,
    ];
    args.extend_from_slice(pes);
    args.extend_from_slice(extra);
    arts(&args)
}

#[test]
fn a_window_keeps_the_last_steps_and_the_file_and_view_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let t = path("w.json");
    let o = jacobi(&t, &["--trace-window", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let a = about(&t);
    assert_eq!(a["window_steps"], 5);
    assert_eq!(a["window_unit"], "steps");
    assert!(a["window_dropped"].as_u64().unwrap() > 0, "{a}");
    let first = a["window_first_step"].as_u64().unwrap();
    // Each PE counts its own steps (its part of each step's reduction, and
    // of the final check's): 31, of which the window keeps the last 5 and
    // the one under way.
    assert!((25..=27).contains(&first), "{a}");
    // 16 objects: the window's steps of the run's 30 x 16 computes are
    // left, give or take the step an element runs ahead of its PE's count.
    let n = computes(&[&t]);
    assert!((16 * 3..=16 * 7).contains(&n), "{n}");
    let out = path("view");
    let v = json(&arts(&["trace", "view", &t, "--out", &out, "--json"]));
    assert_eq!(v["window_steps"], 5);
    assert!(v["window_dropped"].as_u64().unwrap() > 0);
    let page = std::fs::read_to_string(format!("{out}/index.html")).unwrap();
    assert!(page.contains("A window of the last 5 steps"));
    // Bad input: one line, exit 2, no file.
    let bad = path("bad.json");
    for w in ["0", "x", "-1"] {
        let o = jacobi(&bad, &["--trace-window", w]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let e = stderr(&o);
        assert!(
            e.starts_with("error:") && e.trim().lines().count() == 1,
            "{e}"
        );
    }
    assert!(!std::path::Path::new(&bad).exists());
    let o = arts(&["run", "jacobi2d", "--iters", "2", "--trace-window", "3"]);
    assert_eq!(o.status.code(), Some(2), "needs --trace: {}", stderr(&o));
}

#[test]
fn counters_refused_by_the_machine_leave_one_note_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("c.json").to_str().unwrap().to_string();
    let o = jacobi(&t, &["--counters", "cycles,instructions"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    let v = json(&arts(&["trace", "summary", &t, "--json"]));
    if e.contains("note: hardware counters unavailable:") {
        // This machine has no PMU (or forbids it): one line, no counters.
        assert_eq!(e.matches("hardware counters").count(), 1, "{e}");
        assert!(v["counters"].is_null(), "{v}");
    } else {
        // Counted: every entry method's totals, and their IPC.
        let c = &v["counters"];
        assert_eq!(c["names"], serde_json::json!(["cycles", "instructions"]));
        assert!(c["total"]["values"][1].as_u64().unwrap() > 0, "{c}");
        assert!(c["total"]["rates"]["ipc"].as_f64().unwrap() > 0.0, "{c}");
    }
    let o = jacobi(&t, &["--counters", "cycles,flops"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.starts_with("error:")
            && e.contains("flops")
            && e.contains("cycles,instructions,cache-misses,branch-misses")
            && e.trim().lines().count() == 1,
        "{e}"
    );
}

#[test]
fn a_run_with_clusters_separates_cross_cluster_traffic() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let t = path("g.json");
    let o = jacobi(&t, &["--pes", "4", "--clusters", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(about(&t)["clusters"], serde_json::json!([0, 0, 1, 1]));
    let out = path("view");
    json(&arts(&["trace", "view", &t, "--out", &out, "--json"]));
    let views: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{out}/views.json")).unwrap())
            .unwrap();
    let cross = &views["comm"]["cross"];
    let messages = cross["messages"].as_u64().unwrap();
    let all = views["comm"]["messages"].as_u64().unwrap();
    assert!(messages > 0 && messages < all, "{messages} of {all}");
    let m = cross["msgs_matrix"].as_array().unwrap();
    assert_eq!(m.len(), 2);
    assert_eq!(
        m[0][1].as_u64().unwrap() + m[1][0].as_u64().unwrap(),
        messages
    );
    let svg = std::fs::read_to_string(format!("{out}/communication.svg")).unwrap();
    assert!(svg.contains("across clusters") && svg.contains("cross-cluster"));
    // Without clusters, none.
    let plain = path("p.json");
    assert!(jacobi(&plain, &[]).status.success());
    assert!(about(&plain).get("clusters").is_none());
}

#[cfg(feature = "mpi")]
fn mpirun(np: u32, args: &[&str]) -> Output {
    Command::new("timeout")
        .args([
            "120",
            "mpirun",
            "--allow-run-as-root",
            "--oversubscribe",
            "-np",
        ])
        .arg(np.to_string())
        .arg(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("mpirun runs")
}

#[cfg(feature = "mpi")]
#[test]
fn per_process_traces_merge_and_the_gathered_file_still_works() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let app = |trace: &str| {
        let args = [
            "run",
            "jacobi2d",
            "--grid",
            "64x64",
            "--objects",
            "4x4",
            "--iters",
            "10",
            "--pes-per-process",
            "1",
            "--json",
            "--trace",
            trace,
        ];
        args.map(String::from).to_vec()
    };
    // One file per process, with its process and clock offset.
    let t = path("pp.json");
    let mut args = app(&t);
    args.push("--trace-per-process".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = mpirun(2, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!std::path::Path::new(&t).exists(), "no gathered file");
    let (p0, p1) = (format!("{t}.p0"), format!("{t}.p1"));
    for (p, file) in [(0, &p0), (1, &p1)] {
        let a = about(file);
        assert_eq!(
            (a["process"].as_u64(), a["processes"].as_u64()),
            (Some(p), Some(2))
        );
        let offset = a["clock_offset_ns"].as_i64().unwrap();
        // Both origins were taken after a barrier on one host: the offset
        // is the barrier's exit skew and the exchange's error, well under 50 ms.
        assert!(offset.abs() < 50_000_000, "{offset}");
        if p == 0 {
            assert_eq!(offset, 0);
        }
        assert!(computes(&[file]) < 16 * 10, "each file holds its own PEs");
    }
    assert_eq!(computes(&[&p0, &p1]), 16 * 10, "merged: every execution");
    let out = path("view");
    let v = json(&arts(&["trace", "view", &p1, &p0, "--out", &out, "--json"]));
    assert_eq!((v["pes"].as_u64(), v["files"].as_u64()), (Some(2), Some(2)));
    assert!(v["messages"].as_u64().unwrap() > 0);
    // A process missing: one line, exit 2.
    let o = arts(&["trace", "view", &p0, &p0, "--out", &path("v2")]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("processes 0, 0 of a 2-process run"));
    // Without the flag: one gathered file of every PE, as before.
    let g = path("g.json");
    let args = app(&g);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = mpirun(2, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(computes(&[&g]), 16 * 10);
    assert!(about(&g).get("process").is_none());
}

#[cfg(feature = "mpi")]
#[test]
fn every_process_keeps_its_ampi_window_under_mpirun() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let run = |trace: &str, more: &[&str]| {
        let mut args = vec![
            "ampi",
            "run",
            "--vp",
            "4",
            "--pes-per-process",
            "1",
            "--lb",
            "rotate",
            "--lb-period",
            "1",
            "--migrate-every",
            "2",
            "stencil3d",
            "--size",
            "12",
            "--iters",
            "20",
            "--json",
            "--trace",
            trace,
        ];
        args.extend_from_slice(more);
        let o = mpirun(2, &args);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    // One file per process: each kept only its PEs' last LB steps.
    let t = path("pp.json");
    run(&t, &["--trace-window", "2", "--trace-per-process"]);
    for p in 0..2 {
        let a = about(&format!("{t}.p{p}"));
        assert_eq!(a["process"].as_u64(), Some(p));
        assert_eq!(a["window_unit"], "lb_steps");
        assert!(
            a["window_dropped"].as_u64().unwrap() > 0,
            "process {p}: {a}"
        );
        assert!(a["window_first_step"].as_u64().unwrap() > 0, "{a}");
    }
    // Gathered on process 0: every PE's spans, each windowed where it ran:
    // each PE keeps fewer entry spans than the same run without a window
    // (the run's first LB steps fell out on both processes). (Where the
    // kept spans start says nothing: the first entry of an unwindowed run
    // starts some 20% into this short run, after the set-up.)
    let spans = |file: &str| -> Vec<usize> {
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let events = doc["traceEvents"].as_array().unwrap();
        let entry = |e: &serde_json::Value, pe| {
            e["ph"] == "X" && e["name"] != "idle" && e["tid"].as_u64() == Some(pe)
        };
        (0..2u64)
            .map(|pe| events.iter().filter(|e| entry(e, pe)).count())
            .collect()
    };
    let (g, whole) = (path("g.json"), path("whole.json"));
    run(&g, &["--trace-window", "2"]);
    run(&whole, &[]);
    let a = about(&g);
    assert!(a["window_dropped"].as_u64().unwrap() > 0, "{a}");
    let (kept, all) = (spans(&g), spans(&whole));
    for pe in 0..2 {
        assert!(
            kept[pe] > 0 && kept[pe] < all[pe],
            "PE {pe}: {kept:?} of {all:?}"
        );
    }
}

#[test]
fn an_ampi_window_counts_load_balancing_steps() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("a.json").to_str().unwrap().to_string();
    let args = [
        "ampi",
        "run",
        "--vp",
        "4",
        "--pes",
        "2",
        "--lb",
        "rotate",
        "--lb-period",
        "1",
        "--migrate-every",
        "2",
        "stencil3d",
        "--size",
        "12",
        "--iters",
        "20",
        "--json",
        "--trace",
        &t,
        "--trace-window",
        "2",
    ];
    json(&arts(&args));
    let a = about(&t);
    assert_eq!(
        (a["window_steps"].as_u64(), a["window_unit"].as_str()),
        (Some(2), Some("lb_steps"))
    );
    assert!(a["window_dropped"].as_u64().unwrap() > 0, "{a}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&t).unwrap()).unwrap();
    let lb = doc["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["cat"] == "lb");
    assert!(
        lb.count() <= 3,
        "at most the window's LB steps and the one under way"
    );
}
