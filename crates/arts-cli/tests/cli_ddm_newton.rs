//! End-to-end tests of `arts run ddm --method newton`.

use std::path::Path;

mod common;
use common::{arts, assert_usage_error, json as json_of};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `arts --json run ddm --preset si-pn --method newton` plus `extra`.
fn newton(extra: &[&str]) -> std::process::Output {
    let mut a = vec![
        "--json", "run", "ddm", "--preset", "si-pn", "--method", "newton",
    ];
    a.extend_from_slice(extra);
    arts(&a)
}

#[test]
fn newton_sweep_reports_its_iterations_and_matches_gummel() {
    let v = json_of(&newton(&["--bias", "0,0.2,0.4"]));
    assert_eq!(v["method"], "newton");
    assert_eq!(v["converged"], true);
    assert_eq!(v["valid"], true);
    let gummel: Vec<&str> = "--json run ddm --preset si-pn --bias 0,0.2,0.4"
        .split(' ')
        .collect();
    let gummel = json_of(&arts(&gummel));
    assert_eq!(gummel["method"], "gummel");
    let biases = v["biases"].as_array().unwrap();
    for (k, b) in biases.iter().enumerate() {
        let its = b["iterations"].as_u64().unwrap();
        assert!((1..=30).contains(&its), "{its}");
        assert!(b["newton"]["bias_steps"].as_u64().unwrap() >= 1);
        // No Gummel-only keys on a Newton point; one history entry per iteration,
        // the last one a converged update.
        assert!(b.get("omega_phi").is_none());
        let h = b["history"].as_array().unwrap();
        assert_eq!(h.len() as u64, its);
        let last = &h[h.len() - 1];
        for k in ["potential_v", "electrons_v", "holes_v"] {
            assert!(last[k].as_f64().unwrap() <= 1e-9, "{k}: {last}");
        }
        let jn = b["terminal_current_a_per_cm2"].as_f64().unwrap();
        let jg = gummel["biases"][k]["terminal_current_a_per_cm2"]
            .as_f64()
            .unwrap();
        if k > 0 {
            assert!((jn - jg).abs() <= 1e-4 * jg.abs(), "{jn} vs {jg}");
        }
    }
    let total: u64 = biases
        .iter()
        .map(|b| b["iterations"].as_u64().unwrap())
        .sum();
    assert_eq!(v["iterations"].as_u64().unwrap(), total);
}

#[test]
fn newton_out_writes_profiles_and_per_edge_values() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let v = json_of(&newton(&["--bias", "0.5", "--out", s(&out_dir)]));
    let files: Vec<&str> = v["biases"][0]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert_eq!(files, ["profile_00_+0.500V.csv", "edges_00_+0.500V.csv"]);
    let text = std::fs::read_to_string(out_dir.join(files[1])).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "edge,x_um,field_v_per_cm,jn_a_per_cm2,jp_a_per_cm2,j_a_per_cm2"
    );
    let edges: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|c| c.parse().unwrap()).collect())
        .collect();
    assert_eq!(edges.len(), 399);
    // Total current on every edge equal to the terminal current (forward bias,
    // far above the precision floor), Jn + Jp = J.
    let jt = v["terminal_current_a_per_cm2"][0].as_f64().unwrap();
    for e in &edges {
        assert!((e[5] - jt).abs() <= 1e-8 * jt.abs(), "{} vs {jt}", e[5]);
        assert!((e[3] + e[4] - e[5]).abs() <= 1e-12 * jt.abs());
    }
    // Recombination column: forward bias, net recombination inside the device.
    let prof = std::fs::read_to_string(out_dir.join(files[0])).unwrap();
    let r: Vec<f64> = prof
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().parse().unwrap())
        .collect();
    assert!(r[200] > 0.0, "{}", r[200]);
    assert!(out_dir.join("summary.json").is_file());
}

#[test]
fn newton_failure_exits_1_with_residuals_and_partial_files() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    // Two iterations per attempt and one halving cannot reach 0.6 V from 0 V.
    let mut args: Vec<&str> = "--bias 0,0.6 --newton-iterations 2 --max-halvings 1 --out"
        .split(' ')
        .collect();
    args.push(s(&out_dir));
    let out = newton(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: bias 0.6 V: Newton did not converge (reached 0 V"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["converged"], false);
    assert_eq!(v["failure"]["bias_v"], 0.6);
    assert!(v["failure"]["residual_potential_v"].as_f64().unwrap() > 0.0);
    assert_eq!(v["biases"].as_array().unwrap().len(), 1);
    assert!(out_dir.join("profile_00_+0.000V.csv").is_file());
    assert!(out_dir.join("summary.json").is_file());
}

#[test]
fn newton_rejects_gummel_only_options() {
    assert_usage_error(&newton(&["--order", "both"]), "--method gummel");
    assert_usage_error(&newton(&["--newton-iterations", "0"]), "max iterations");
}
