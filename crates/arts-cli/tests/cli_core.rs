//! End-to-end tests of `arts run jacobi2d`, `arts trace summary` and bad input.

mod common;
use common::{arts, stderr};

#[test]
fn jacobi2d_json_has_the_contract_keys() {
    let o = arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "130x97",
        "--objects",
        "5x3",
        "--iters",
        "10",
        "--pes",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["valid"], true);
    assert_eq!(v["pes"], 2);
    assert_eq!(v["objects"], 15);
    assert!(v["step_time_median_s"].as_f64().unwrap() > 0.0);
    assert!(v["total_time_s"].as_f64().unwrap() > 0.0);
    assert_eq!(v["utilization"].as_array().unwrap().len(), 2);
}

#[test]
fn pinned_pes_compute_the_same_result() {
    let run = |pin: &[&str]| {
        let app = ["run", "jacobi2d", "--grid", "64x48", "--objects", "4x3"];
        let o = arts(&[&app[..], &["--iters", "6", "--pes", "2", "--json"], pin].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            !stderr(&o).contains("could not be pinned"),
            "{}",
            stderr(&o)
        );
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let (free, pinned) = (run(&[]), run(&["--pin"]));
    assert_eq!(pinned["valid"], true);
    assert_eq!(
        (pinned["pinned"].clone(), free["pinned"].clone()),
        (true.into(), false.into())
    );
    assert_eq!(pinned["residual_final"], free["residual_final"]);
}

#[test]
fn trace_is_written_and_summarized() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.json");
    let t = trace.to_str().unwrap();
    let o = arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "64x64",
        "--objects",
        "4x4",
        "--iters",
        "5",
        "--pes",
        "2",
        "--trace",
        t,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = arts(&["trace", "summary", t, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["pes"].as_array().unwrap().len(), 2);
    let names: Vec<&str> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"jacobi2d::compute"), "{names:?}");
}

/// `arts run jacobi2d` (64 objects, 40 steps, 2 PEs) traced into `t`
/// with `extra` options; the trace's summary.
fn traced_jacobi(t: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "run",
        "jacobi2d",
        "--grid",
        "128x128",
        "--objects",
        "8x8",
        "--iters",
        "40",
        "--pes",
        "2",
        "--trace",
        t,
    ];
    args.extend_from_slice(extra);
    let o = arts(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = arts(&["trace", "summary", t, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// Executions of `jacobi2d::compute` in a trace summary.
fn computes(v: &serde_json::Value) -> u64 {
    let entries = v["entries"].as_array().unwrap();
    let compute = entries.iter().find(|e| e["name"] == "jacobi2d::compute");
    compute.unwrap()["count"].as_u64().unwrap()
}

#[test]
fn summary_and_bounded_traces_keep_less_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (full, summary, bounded) = (
        path("full.json"),
        path("summary.json"),
        path("bounded.json"),
    );
    let v = traced_jacobi(&full, &[]);
    assert_eq!(computes(&v), 64 * 40);
    // Per-bin totals: the same calls, far fewer events.
    let v = traced_jacobi(
        &summary,
        &["--trace-mode", "summary", "--trace-bin-ms", "5"],
    );
    assert_eq!(computes(&v), 64 * 40, "every call counted in the totals");
    let size = |p: &str| std::fs::metadata(p).unwrap().len();
    assert!(
        size(&summary) * 10 < size(&full),
        "{} vs {}",
        size(&summary),
        size(&full)
    );
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.contains(r#""mode":"summary""#) && text.contains(r#""bin_us":5000.0"#));
    // A bound: each PE keeps its share, the file counts the rest.
    traced_jacobi(&bounded, &["--trace-max-events", "200"]);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&bounded).unwrap()).unwrap();
    let events = doc["traceEvents"].as_array().unwrap();
    let spans = events.iter().filter(|e| e["ph"] != "M").count();
    assert!(spans <= 200, "{spans}");
    let about = events.iter().find(|e| e["name"] == "arts_trace").unwrap();
    assert!(about["args"]["dropped"].as_u64().unwrap() > 0, "{about}");
    // The views read both and say what the file holds.
    for (trace, mode) in [(&summary, "summary"), (&bounded, "full")] {
        let out = path(&format!("view-{mode}"));
        let o = arts(&["trace", "view", trace, "--out", &out, "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["trace_mode"], mode);
        assert_eq!(v["dropped"].as_u64().unwrap() > 0, mode == "full");
    }
    // The limits need a trace to bound.
    let o = arts(&["run", "jacobi2d", "--iters", "2", "--trace-mode", "summary"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["run", "jacobi2d", "--pes", "0"],
        vec!["run", "jacobi2d", "--grid", "10x10", "--objects", "11x1"],
        vec!["run", "jacobi2d", "--grid", "10"],
        vec!["run", "jacobi2d", "--iters", "0"],
        vec!["run", "nosuchapp"],
        vec!["run", "jacobi2d", "--bogus"],
        vec!["trace", "summary", "/nonexistent/trace.json"],
    ] {
        let o = arts(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("error:"), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn unwritable_trace_path_fails_before_running_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/dir/t.json");
    let o = arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "32x32",
        "--objects",
        "2x2",
        "--iters",
        "2",
        "--trace",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn malformed_trace_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.json");
    std::fs::write(&f, "{\"traceEvents\": [{\"ph\": \"X\"").unwrap();
    let o = arts(&["trace", "summary", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.json"));
}

#[test]
fn communication_trace_lists_every_ghost_message() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("comm.csv");
    let o = arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "40x40",
        "--objects",
        "2x3",
        "--iters",
        "4",
        "--pes",
        "2",
        "--comm-trace",
        f.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&f).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("time_s,source,destination,bytes"));
    // 2x3 blocks have 7 neighbour pairs: 14 ghosts per step, plus one
    // self-addressed compute message per block per step.
    let rows: Vec<Vec<u64>> = lines
        .map(|l| l.split(',').skip(1).map(|x| x.parse().unwrap()).collect())
        .collect();
    let ghosts = rows.iter().filter(|r| r[0] != r[1]).count();
    assert_eq!(ghosts, 14 * 4);
    assert!(rows.iter().all(|r| r[0] < 6 && r[1] < 6));
}
