//! End-to-end tests of the load-balanced workloads: `arts run zones`,
//! `arts run hotspot`, `arts run storm`, `--lb-dump` replay, and bad input.

mod common;
use common::{arts, json};

#[test]
fn zones_with_greedy_reports_the_contract_keys_and_balances() {
    let v = json(&arts(&[
        "run",
        "zones",
        "--zones",
        "6x4",
        "--base",
        "10",
        "--iters",
        "24",
        "--pes",
        "2",
        "--lb",
        "greedy",
        "--lb-period",
        "8",
        "--json",
    ]));
    for key in [
        "valid",
        "step_time_median_s",
        "ideal_step_time_s",
        "utilization_mean",
        "lb_steps",
        "migrations",
    ] {
        assert!(!v[key].is_null(), "missing {key}");
    }
    assert_eq!(v["valid"], true);
    assert_eq!(v["lb_steps"], 2);
    let first = &v["lb_history"][0];
    assert!(first["max_avg_after"].as_f64().unwrap() <= first["max_avg_before"].as_f64().unwrap());
    // Which placement each step applied: the strategy's, refine's, or none.
    let placement = first["placement"].as_str().unwrap();
    assert!(
        ["greedy", "refine", "current"].contains(&placement),
        "{placement}"
    );
}

#[test]
fn hotspot_without_and_with_lb_is_valid() {
    for lb in ["none", "refine"] {
        let v = json(&arts(&[
            "run",
            "hotspot",
            "--grid",
            "64x64",
            "--objects",
            "8x8",
            "--iters",
            "12",
            "--work",
            "4",
            "--pes",
            "2",
            "--lb",
            lb,
            "--lb-period",
            "4",
            "--json",
        ]));
        assert_eq!(v["valid"], true, "{lb}");
        assert!(v["utilization_mean"].as_f64().unwrap() > 0.0);
        if lb == "none" {
            assert_eq!(v["migrations"], 0);
        }
    }
}

#[test]
fn lb_dump_replays_with_lb_simulate() {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("dump.json");
    let d = dump.to_str().unwrap();
    json(&arts(&[
        "run",
        "zones",
        "--zones",
        "4x4",
        "--base",
        "8",
        "--iters",
        "10",
        "--pes",
        "2",
        "--lb",
        "greedy",
        "--lb-period",
        "4",
        "--lb-dump",
        d,
        "--json",
    ]));
    let v = json(&arts(&[
        "lb",
        "simulate",
        "--input",
        d,
        "--strategy",
        "metis",
        "--json",
    ]));
    for key in [
        "max_avg_ratio",
        "strategy_time_s",
        "migrations",
        "migrated_bytes",
        "comm_cut_bytes",
    ] {
        assert!(!v[key].is_null(), "missing {key}");
    }
}

#[test]
fn storm_migrates_every_element_every_round_without_losing_messages() {
    let v = json(&arts(&[
        "run",
        "storm",
        "--elements",
        "30",
        "--rounds",
        "10",
        "--pes",
        "3",
        "--lb",
        "rotate",
        "--lb-period",
        "1",
        "--json",
    ]));
    assert_eq!(v["exactly_once"], true);
    assert_eq!(v["migrations"], 300);
}

#[test]
fn bad_lb_input_exits_2() {
    for args in [
        vec!["run", "zones", "--lb", "nosuch"],
        vec!["run", "zones", "--lb-period", "0"],
        vec!["run", "zones", "--lb-period", "xs"],
        vec!["run", "zones", "--lb-dump", "/tmp/x.json"],
        vec![
            "run",
            "zones",
            "--lb",
            "greedy",
            "--pes",
            "2",
            "--pe-speeds",
            "1",
        ],
        vec![
            "run",
            "zones",
            "--lb",
            "greedy",
            "--lb-dump",
            "/nonexistent/dir/d.json",
        ],
        vec!["run", "zones", "--ratio-x", "9"],
        vec!["run", "hotspot", "--radius", "0"],
        vec!["run", "storm", "--panic-at", "x"],
        vec!["run", "jacobi2d", "--pes-per-process", "2"],
    ] {
        let o = arts(&args);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(o.stdout.is_empty());
    }
}
