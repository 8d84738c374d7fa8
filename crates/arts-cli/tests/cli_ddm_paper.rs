//! End-to-end tests of the drift-diffusion paper's own methods (issue 54,
//! items 2 and 3): `--point-update paper` and `--app-lb paper-fit`.

mod common;
use common::{arts, assert_usage_error, json};

#[test]
fn paper_point_updates_reach_the_default_solution_and_draw_fig_14() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("paper");
    let run = |extra: &[&str]| {
        let base = ["--json", "run", "ddm", "--preset", "si-pn", "--bias", "0.2"];
        json(&arts(&[&base[..], extra].concat()))
    };
    let fast = run(&[]);
    let paper = run(&["--point-update", "paper", "--out", out.to_str().unwrap()]);
    assert_eq!(fast["point_update"], "newton-sor");
    assert_eq!(paper["point_update"], "paper");
    assert_eq!(paper["valid"], true);
    assert!(paper["iterations"].as_u64() > fast["iterations"].as_u64());
    let (jf, jp) = (
        fast["terminal_current_a_per_cm2"][0].as_f64().unwrap(),
        paper["terminal_current_a_per_cm2"][0].as_f64().unwrap(),
    );
    assert!((jp / jf - 1.0).abs() < 1e-2, "{jf} {jp}");
    let svg = std::fs::read_to_string(out.join("cost_history_00_+0.200V.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("phi"));
}

#[test]
fn paper_fit_cuts_the_strip_once_and_stays_valid() {
    let base = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.2",
        "--warmup-ms",
        "0",
        "--parallel",
        "distributed",
        "--pes",
        "2",
        "--segments",
        "4",
        "--app-lb",
        "paper-fit",
    ];
    let v = json(&arts(&base));
    let p = &v["parallel"];
    assert_eq!(v["valid"], true);
    assert_eq!(p["app_lb"], "paper-fit");
    assert_eq!(p["matches_relaxed_solver"], true);
    assert!(p["paper_fit"]["samples"].as_u64().unwrap() >= 6);
    assert_eq!(p["paper_fit"]["fit_every"], 20);
    assert!(p["paper_fit"]["factor"].as_f64().unwrap() > 0.0);
    assert!(p["paper_fit"]["spread"].as_f64().unwrap() >= 0.0);
    if p["paper_fit"]["weighted"] == false {
        assert_eq!(p["paper_fit"]["factor"], 1.0);
    }
    assert_eq!(p["segment_starts"].as_array().unwrap().len(), 4);
    // The centralized style is cut the same way (from its own timings).
    let mut central = base.to_vec();
    central[10] = "centralized";
    let c = json(&arts(&central));
    assert_eq!(c["valid"], true);
    assert_eq!(c["parallel"]["style"], "centralized");
    assert!(c["parallel"]["paper_fit"]["samples"].as_u64().unwrap() >= 6);
    // Too few samples for a 5th-degree fit: one line naming the flag.
    let mut few = base.to_vec();
    few.extend(["--fit-every", "100000"]);
    assert_usage_error(&arts(&few), "--fit-every");
}

#[test]
fn paper_fit_on_a_flat_profile_is_the_equal_row_run() {
    // si-pin at 0.3 V: every layer keeps its share of the time over the
    // run, so nothing is reweighted: the same cut and, the relaxed order
    // being deterministic, the same iterations as the unbalanced run.
    let base = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pin",
        "--bias",
        "0.3",
        "--warmup-ms",
        "0",
        "--parallel",
        "distributed",
        "--pes",
        "2",
        "--segments",
        "4",
    ];
    let fit = json(&arts(&[&base[..], &["--app-lb", "paper-fit"]].concat()));
    let none = json(&arts(&base));
    let (f, n) = (&fit["parallel"], &none["parallel"]);
    assert_eq!(f["paper_fit"]["weighted"], false, "{}", f["paper_fit"]);
    assert_eq!(f["paper_fit"]["factor"], 1.0);
    assert_eq!(f["segment_starts"], n["segment_starts"]);
    assert_eq!(
        fit["biases"][0]["iterations"],
        none["biases"][0]["iterations"]
    );
}

#[test]
fn unknown_point_updates_and_app_lb_values_are_one_line_each() {
    let base = ["run", "ddm", "--preset", "si-pn", "--bias", "0"];
    for (flag, bad, accepted) in [
        ("--point-update", "sor", "newton-sor"),
        ("--app-lb", "fit", "paper-fit"),
    ] {
        let out = arts(&[&base[..], &[flag, bad]].concat());
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(bad) && err.contains(accepted), "{err}");
    }
    let out = arts(
        &[
            &base[..],
            &[
                "--parallel",
                "distributed",
                "--app-lb",
                "paper-fit",
                "--segment-starts",
                "0,100",
            ],
        ]
        .concat(),
    );
    assert_usage_error(&out, "--app-lb paper-fit cuts the segments itself");
}
