//! End-to-end tests of `--record` and `arts predict`: a recording replays on
//! one PE as its recorded work, the engines agree, extrapolation
//! writes its files, and bad input is one `error:` line with exit code 2.

mod common;
use common::{arts, assert_usage_error, json};

/// Records a small jacobi2d run on 1 PE into `dir/j.rec`.
fn record(dir: &std::path::Path) -> String {
    let path = dir.join("j.rec").display().to_string();
    let v = json(&arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "128x128",
        "--objects",
        "4x4",
        "--iters",
        "20",
        "--pes",
        "1",
        "--record",
        &path,
        "--json",
    ]));
    assert_eq!(v["valid"], true);
    path
}

#[test]
fn a_recording_replays_as_its_own_run_and_engines_agree() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record(dir.path());
    let text = std::fs::read_to_string(&rec).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["app"], "jacobi2d");
    assert_eq!(header["steps"], 20);
    // 16 starts, then per step 16 computes and 48 ghost messages.
    assert_eq!(header["executions"], 16 + 20 * (16 + 48));
    let one = json(&arts(&[
        "predict", "--record", &rec, "--pes", "1", "--json",
    ]));
    assert_eq!(one["recorded"]["unattributed"], 0);
    assert_eq!(one["prediction"]["never_ready"], 0);
    // On one PE nothing waits: the predicted time is the recorded work plus
    // the scheduler cost of every execution. (How close it comes to the
    // measured time is a benchmark, in BENCHMARKS.md, not a test.)
    let predicted = one["time_s"].as_f64().unwrap();
    let busy = one["prediction"]["busy_ns"][0].as_u64().unwrap();
    assert_eq!(one["prediction"]["time_ns"].as_u64().unwrap(), busy);
    assert_eq!(one["prediction"]["utilization"][0], 1.0);
    let executions = one["prediction"]["executions"].as_u64().unwrap();
    assert_eq!(executions, 16 + 20 * (16 + 48));
    assert!(one["overhead_ns"].as_f64().unwrap() >= 0.0);
    let base = [
        "predict",
        "--record",
        &rec,
        "--pes",
        "4",
        "--processes",
        "2",
        "--json",
    ];
    let seq = json(&arts(&base));
    let optimistic = ["--engine", "optimistic", "--threads", "2"];
    let opt = json(&arts(&[&base[..], &optimistic].concat()));
    for key in ["time_s", "step_time_s"] {
        assert_eq!(seq[key], opt[key], "{key}");
    }
    assert_eq!(seq["prediction"]["checksum"], opt["prediction"]["checksum"]);
    assert_eq!(
        seq["prediction"]["utilization"].as_array().unwrap().len(),
        4
    );
    // Four PEs are faster than one, but not more than 4x.
    let four = seq["time_s"].as_f64().unwrap();
    assert!(
        four < predicted && four * 4.0 >= predicted * 0.99,
        "{four} vs {predicted}"
    );
    assert_eq!(seq["speed"], 1.0, "a core per PE");
    // Four PEs on two cores: each busy one gets at least half a core, so
    // the run is no faster than on a core each and no slower than at half
    // speed; both engines agree on the share.
    let shared: Vec<&str> = [&base[..], &["--cores", "2"]].concat();
    let (shared_seq, shared_opt) = (
        json(&arts(&shared)),
        json(&arts(&[&shared[..], &optimistic].concat())),
    );
    let speed = shared_seq["speed"].as_f64().unwrap();
    assert!((0.5..=1.0).contains(&speed), "{speed}");
    assert_eq!(shared_seq["time_s"], shared_opt["time_s"]);
    let on_two = shared_seq["time_s"].as_f64().unwrap();
    assert!(
        on_two >= four && on_two <= four * 2.0 * 1.01,
        "{on_two} vs {four}"
    );
    // The messages between the 2 processes, as a torus workload.
    let traffic = dir.path().join("t.csv");
    let t = traffic.to_str().unwrap();
    json(&arts(&[&base[..], &["--traffic", t]].concat()));
    let csv = std::fs::read_to_string(&traffic).unwrap();
    assert_eq!(csv.lines().next(), Some("time_s,source,destination,bytes"));
    assert!(csv.lines().skip(1).all(|l| {
        let f: Vec<&str> = l.split(',').collect();
        f.len() == 4 && (f[1], f[2]) != ("0", "0") && f[1] != f[2]
    }));
    assert!(
        csv.lines().count() > 20 * 2,
        "messages across the cut every step"
    );
    // A slower network costs time; an LB mapping and a torus are accepted.
    let slow = json(&arts(&[&base[..], &["--latency", "5000"]].concat()));
    assert!(slow["time_s"].as_f64().unwrap() > four);
    for extra in [
        &["--mapping", "lb:greedy"][..],
        &["--network", "torus", "--processes", "4"],
        &["--network", "grid", "--processes", "4", "--clusters", "2"],
    ] {
        let mut a = vec!["predict", "--record", &rec, "--pes", "4", "--json"];
        a.extend_from_slice(extra);
        let v = json(&arts(&a));
        assert!(v["time_s"].as_f64().unwrap() > 0.0, "{extra:?}");
    }
}

#[test]
fn extrapolation_writes_csv_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record(dir.path());
    let out = dir.path().join("x");
    let v = json(&arts(&[
        "predict",
        "extrapolate",
        "--record",
        &rec,
        "--pes",
        "8,64,512",
        "--mapping",
        "ideal,random,lb:greedy",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]));
    let points = v["points"].as_array().unwrap();
    assert_eq!(points.len(), 9);
    assert!(v["model"]["a_ns_per_byte"].as_f64().unwrap() > 0.0);
    for p in points {
        assert!(p["step_time_s"].as_f64().unwrap() > 0.0);
        assert_eq!(p["prediction"]["never_ready"], 0);
    }
    let csv = std::fs::read_to_string(out.join("extrapolation.csv")).unwrap();
    assert_eq!(csv.lines().count(), 10);
    assert!(
        std::fs::read_to_string(out.join("extrapolation.svg"))
            .unwrap()
            .contains("<svg")
    );
}

#[test]
fn validation_reports_each_error_and_charts_them() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("validation.csv");
    std::fs::write(
        &csv,
        "app,target,measured_s,predicted_s,error\njacobi2d,1x2,1.0,0.95,-0.050\nzones,2x2,0.2,0.23,+0.150\n",
    )
    .unwrap();
    let svg = dir.path().join("validation.svg");
    let v = json(&arts(&[
        "predict",
        "validation",
        "--csv",
        csv.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["within_10_percent"], 1);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows[0]["app"], "jacobi2d");
    assert!((rows[1]["error"].as_f64().unwrap() - 0.15).abs() < 1e-9);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("zones 2x2"));
    std::fs::write(&csv, "app,target,measured_s,predicted_s\nzones,2x2,-1,1\n").unwrap();
    let bad = arts(&["predict", "validation", "--csv", csv.to_str().unwrap()]);
    assert_usage_error(&bad, "line 2: '-1' in column 'measured_s'");
}

#[test]
fn bad_input_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record(dir.path());
    assert_usage_error(
        &arts(&["predict", "--record", &rec, "--pes", "0"]),
        "at least 1 PE",
    );
    assert_usage_error(
        &arts(&[
            "predict",
            "--record",
            &rec,
            "--pes",
            "3",
            "--processes",
            "2",
        ]),
        "split evenly",
    );
    assert_usage_error(
        &arts(&[
            "predict",
            "--record",
            &rec,
            "--pes",
            "4",
            "--processes",
            "4",
            "--network",
            "torus",
            "--torus-dims",
            "2x2x2",
        ]),
        "8 nodes",
    );
    assert_usage_error(
        &arts(&["predict", "--record", &rec, "--pes", "2", "--mapping", "x"]),
        "mapping",
    );
    // Truncated: the header's counts no longer match.
    let text = std::fs::read_to_string(&rec).unwrap();
    let cut = dir.path().join("cut.rec");
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&cut, lines[..lines.len() / 2].join("\n")).unwrap();
    assert_usage_error(
        &arts(&["predict", "--record", cut.to_str().unwrap(), "--pes", "2"]),
        "truncated",
    );
    // Another version.
    let old = dir.path().join("old.rec");
    std::fs::write(&old, text.replacen("\"version\":1", "\"version\":7", 1)).unwrap();
    assert_usage_error(
        &arts(&["predict", "--record", old.to_str().unwrap(), "--pes", "2"]),
        "version 7",
    );
    // Recording is refused with load balancing.
    assert_usage_error(
        &arts(&[
            "run", "jacobi2d", "--iters", "2", "--lb", "greedy", "--record", &rec,
        ]),
        "--record",
    );
}
