//! `arts experiment leanmd-grid` end to end: a tiny `--quick` study's JSON,
//! CSV and SVG, and bad input refused with one line.

mod common;
use common::{arts, assert_usage_error, json};

const TINY: [&str; 10] = [
    "experiment",
    "leanmd-grid",
    "--quick",
    "--pes",
    "2",
    "--balancers",
    "none,greedy,grid-hybrid",
    "--multiples",
    "0,0.3,2",
    "--json",
];

#[test]
fn a_quick_study_reports_every_cell_and_writes_csv_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lg");
    let mut args = TINY.to_vec();
    args.extend(["--out", out.to_str().unwrap()]);
    let v = json(&arts(&args));
    assert_eq!(v["experiment"], "leanmd-grid");
    assert_eq!(v["clusters"], 2);
    assert_eq!(v["grid_priority"], false);
    assert_eq!(v["cells"], serde_json::json!([3, 3, 3]));
    let step0 = v["baselines"][0]["step_time_mean_s"].as_f64().unwrap();
    assert!(step0 > 0.0, "{v}");
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 3 * 3);
    for r in runs {
        assert_eq!(r["valid"], true, "{r}");
        assert_eq!(r["pes"], 2);
        let m = r["multiple"].as_f64().unwrap();
        let l = r["latency_ms"].as_f64().unwrap();
        assert!((l - m * step0 * 1e3).abs() < 1e-6, "{r}");
        assert!(r["step_time_mean_s"].as_f64().unwrap() > 0.0);
        assert!(r["step_time_median_s"].as_f64().unwrap() > 0.0);
    }
    let balanced = runs.iter().find(|r| r["balancer"] == "greedy").unwrap();
    assert!(balanced["lb_steps"].as_u64().unwrap() >= 1, "{balanced}");
    let f = &v["findings"][0];
    assert_eq!(f["pes"], 2);
    for key in [
        "step0_ms",
        "worst_masked_ratio",
        "masked_within_5pct",
        "knee_multiple",
        "hybrid_over_greedy",
        "hybrid_le_greedy_past_knee",
        "gain_at_zero",
    ] {
        assert!(f.get(key).is_some(), "{key} missing: {f}");
    }
    assert_eq!(f["hybrid_over_greedy"].as_array().unwrap().len(), 3);
    let csv = std::fs::read_to_string(out.join("leanmd-grid.csv")).unwrap();
    let mut lines = csv.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("pes,balancer,multiple,latency_ms,step0_ms,step_time_mean_s")
    );
    assert_eq!(lines.count(), 9);
    let svg = std::fs::read_to_string(out.join("leanmd-grid-2.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("grid-hybrid"));
    assert_eq!(v["files"].as_array().unwrap().len(), 2);
}

#[test]
fn bad_input_is_one_error_line() {
    let with = |extra: &[&str]| {
        let mut a = TINY.to_vec();
        a.extend(extra);
        arts(&a)
    };
    assert_usage_error(&with(&["--pes", "3"]), "--pes: 3");
    assert_usage_error(&with(&["--multiples", "-1"]), "--multiples: -1");
    assert_usage_error(&with(&["--balancers", "nope"]), "--balancers");
    assert_usage_error(&with(&["--lb-every", "8"]), "--lb-every 8");
    assert_usage_error(&with(&["--lb-at", "8"]), "--lb-at: step 8 is past");
    assert_usage_error(&with(&["--lb-at", "4,2"]), "ascending");
    assert_usage_error(
        &with(&["--lb-at", "2", "--lb-every", "2"]),
        "cannot be used",
    );
    assert_usage_error(&with(&["--cells", "2x3x3"]), "leanmd:");
    assert_usage_error(&with(&["--grid-priority", "yes"]), "--grid-priority");
}

#[test]
fn border_objects_first_keeps_every_run_valid() {
    let mut args = TINY.to_vec();
    args.extend(["--grid-priority", "on", "--balancers", "none"]);
    let v = json(&arts(&args));
    assert_eq!(v["grid_priority"], true);
    for r in v["runs"].as_array().unwrap() {
        assert_eq!(r["valid"], true, "{r}");
    }
}

/// The mean of `v`'s `step_times_s`.
fn mean_of_steps(v: &serde_json::Value) -> f64 {
    let t: Vec<f64> = (v["step_times_s"].as_array().unwrap().iter())
        .map(|x| x.as_f64().unwrap())
        .collect();
    t.iter().sum::<f64>() / t.len() as f64
}

#[test]
fn app_reports_and_grid_sweeps_give_the_mean_step_time() {
    let jacobi = json(&arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "32x32",
        "--objects",
        "2x2",
        "--iters",
        "6",
        "--pes",
        "2",
        "--clusters",
        "2",
        "--latency",
        "1ms",
        "--lb",
        "grid-hybrid",
        "--lb-period",
        "3",
        "--json",
    ]));
    let leanmd = json(&arts(&[
        "run",
        "leanmd",
        "--cells",
        "3x3x3",
        "--atoms-per-cell",
        "27",
        "--steps",
        "4",
        "--pes",
        "2",
        "--kernel-reps",
        "0",
        "--json",
    ]));
    for v in [&jacobi, &leanmd] {
        let mean = v["step_time_mean_s"].as_f64().unwrap();
        assert!(
            (mean - mean_of_steps(v)).abs() <= 1e-12 * mean.max(1.0),
            "{v}"
        );
        assert!(v["step_time_median_s"].as_f64().unwrap() > 0.0);
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let v = json(&arts(&[
        "grid",
        "sweep",
        "--grids",
        "64",
        "--objects-per-pe",
        "2",
        "--latencies",
        "0,1",
        "--variants",
        "block",
        "--iters",
        "4",
        "--reps",
        "3",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]));
    for r in v["runs"].as_array().unwrap() {
        assert!(r["step_time_mean_s"].as_f64().unwrap() > 0.0, "{r}");
        assert!(r["step_time_s"].as_f64().unwrap() > 0.0, "{r}");
    }
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert!(
        csv.lines().next().unwrap().ends_with(",step_time_mean_s"),
        "{csv}"
    );
}
