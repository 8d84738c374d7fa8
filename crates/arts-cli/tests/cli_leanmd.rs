//! End-to-end tests of `arts run leanmd`: energy conservation, bit-identical
//! positions on 1-3 PEs and under migrating load balancers, outputs, bad input.

mod common;
use common::{arts, assert_usage_error, json};

/// A small leanmd run: 3×3×3 cells of 27 atoms.
fn leanmd(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "run",
        "leanmd",
        "--cells",
        "3x3x3",
        "--atoms-per-cell",
        "27",
        "--kernel-reps",
        "1",
        "--json",
    ];
    args.extend_from_slice(extra);
    json(&arts(&args))
}

#[test]
fn energy_is_conserved_over_1000_steps() {
    let v = leanmd(&["--steps", "1000", "--pes", "2"]);
    for key in [
        "valid",
        "energy_drift",
        "step_time_median_s",
        "atoms",
        "cell_objects",
        "pairs",
        "utilization_mean",
        "lb_steps",
        "migrations",
        "kernel_vs_plain",
        "parallel_efficiency",
    ] {
        assert!(!v[key].is_null(), "missing {key}");
    }
    assert_eq!(v["valid"], true);
    assert_eq!(
        (v["atoms"].as_u64(), v["pairs"].as_u64()),
        (Some(729), Some(378))
    );
    let drift = v["energy_drift"].as_f64().unwrap();
    assert!(drift <= 1e-4, "energy drift {drift}");
    assert_eq!(v["step_times_s"].as_array().unwrap().len(), 1000);
}

#[test]
fn positions_are_bit_identical_on_1_2_3_pes_and_under_migration() {
    let common = [
        "--steps",
        "120",
        "--migrate-every",
        "4",
        "--dense-region",
        "0.1:1.5",
    ];
    let runs: [&[&str]; 5] = [
        &["--pes", "1"],
        &["--pes", "2"],
        &["--pes", "3"],
        &["--pes", "3", "--lb", "rotate", "--lb-period", "5"],
        &["--pes", "2", "--lb", "greedy", "--lb-period", "10"],
    ];
    let mut energies = Vec::new();
    for extra in runs {
        let mut args = common.to_vec();
        args.extend_from_slice(extra);
        let v = leanmd(&args);
        assert_eq!(v["valid"], true, "{extra:?}");
        assert_eq!(v["mismatched_atoms"], 0, "{extra:?}");
        assert_eq!(v["max_abs_diff"], 0.0, "{extra:?}");
        if extra.contains(&"rotate") {
            assert!(
                v["migrations"].as_u64().unwrap() > 0,
                "rotate moved objects"
            );
        }
        energies.push(v["energy_final"].as_f64().unwrap());
    }
    let e0 = energies[0];
    assert!(energies.iter().all(|e| (e - e0).abs() <= 1e-9 * e0.abs()));
}

#[test]
fn trace_and_comm_trace_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.json");
    let comm = dir.path().join("c.csv");
    let v = leanmd(&[
        "--steps",
        "3",
        "--migrate-every",
        "1",
        "--pes",
        "2",
        "--trace",
        trace.to_str().unwrap(),
        "--comm-trace",
        comm.to_str().unwrap(),
    ]);
    assert_eq!(v["valid"], true);
    let t: serde_json::Value = serde_json::from_slice(&std::fs::read(&trace).unwrap()).unwrap();
    assert!(
        t.to_string().contains("coords"),
        "pair entry methods are traced"
    );
    let csv = std::fs::read_to_string(&comm).unwrap();
    // The communication trace holds messages within one array (the torus
    // model's input): here the cells' atom migrations, 26 per cell per step.
    assert!(csv.starts_with("time_s,source,destination,bytes"));
    assert_eq!(csv.lines().count(), 1 + 3 * 27 * 26);
}

#[test]
fn bad_input_is_one_error_line() {
    let cases: [(&[&str], &str); 5] = [
        (&["--cells", "2x3x3"], "at least 3"),
        (&["--cells", "3x3"], "3 sizes"),
        (&["--atoms-per-cell", "4"], "less than the cutoff"),
        (&["--dense-region", "0.5"], "FRACTION:FACTOR"),
        (&["--dense-region", "2:2"], "fraction"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["run", "leanmd", "--steps", "1"];
        args.extend_from_slice(extra);
        assert_usage_error(&arts(&args), needle);
    }
}

#[test]
fn fracture_is_valid_and_greedy_rebalances_the_moving_crack() {
    for lb in ["none", "greedy"] {
        let v = json(&arts(&[
            "run",
            "fracture",
            "--objects",
            "8x3x3",
            "--points",
            "16",
            "--steps",
            "30",
            "--work",
            "20",
            "--pes",
            "2",
            "--lb",
            lb,
            "--lb-period",
            "5",
            "--json",
        ]));
        assert_eq!(v["valid"], true, "{lb}");
        assert_eq!(v["mismatched_values"], 0);
        assert_eq!(v["objects"], 72);
        assert_eq!(v["step_times_s"].as_array().unwrap().len(), 30);
        if lb == "none" {
            assert_eq!(v["migrations"], 0);
        }
        if lb == "greedy" {
            assert!(v["migrations"].as_u64().unwrap() > 0);
            let improved = v["lb_history"].as_array().unwrap().iter().any(|s| {
                s["max_avg_after"].as_f64().unwrap() < s["max_avg_before"].as_f64().unwrap()
            });
            assert!(improved, "some LB step lowered the predicted max/avg load");
        }
    }
    assert_usage_error(&arts(&["run", "fracture", "--width", "0"]), "width");
}
