//! End-to-end tests of `--lb-mode periodic` (the runtime balances every
//! period by itself, moving elements between their entry methods) and of the
//! `refine-comm` strategy wherever `--lb NAME` is taken: results stay
//! bit-identical to the run without balancing, and bad values are one line.

mod common;
use common::{arts, assert_usage_error, json};

/// The figures of a run that must not change with balancing.
fn results(v: &serde_json::Value, keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| v[*k].to_string()).collect()
}

#[test]
fn stencils_stay_bit_identical_while_periodic_balancing_moves_blocks() {
    for (app, size, lbs) in [
        (
            "jacobi2d",
            &["--grid", "128x128", "--objects", "4x4", "--iters", "300"][..],
            &["rotate", "refine-comm"][..],
        ),
        (
            "hotspot",
            &[
                "--grid",
                "128x128",
                "--objects",
                "8x8",
                "--iters",
                "200",
                "--work",
                "20",
            ][..],
            &["refine-comm"][..],
        ),
    ] {
        let run = |lb: &[&str]| {
            let args = [&["run", app, "--pes", "2", "--json"][..], size, lb].concat();
            json(&arts(&args))
        };
        let keys = ["valid", "max_abs_diff", "residual_final", "iters"];
        let plain = run(&["--lb", "none"]);
        assert_eq!(plain["valid"], true, "{app}");
        let mut moved = 0;
        for lb in lbs {
            let v = run(&["--lb", lb, "--lb-mode", "periodic", "--lb-period", "0.005s"]);
            assert_eq!(results(&v, &keys), results(&plain, &keys), "{app} {lb}");
            assert_eq!(
                v["max_abs_diff"], 0.0,
                "{app} {lb}: equal to the sequential run"
            );
            assert!(
                v["lb_steps"].as_u64().unwrap() > 0,
                "{app} {lb}: periodic steps ran"
            );
            moved += v["migrations"].as_u64().unwrap();
        }
        assert!(moved > 0, "{app}: periodic balancing moved blocks");
    }
}

#[test]
fn distributed_ddm_stays_bit_identical_with_periodic_refine_comm() {
    let run = |lb: &[&str]| {
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
            // Uneven slabs: the balancer has something to move.
            "--segment-starts",
            "0,50,100,200,300",
            "--pes",
            "2",
        ];
        json(&arts(&[&base[..], lb].concat()))
    };
    // Every result of every bias point (not its timings).
    let solved = |v: &serde_json::Value| {
        let per_bias = [
            "bias_v",
            "converged",
            "iterations",
            "terminal_current_a_per_cm2",
        ];
        let mut all = results(v, &["valid", "converged", "terminal_current_a_per_cm2"]);
        for b in v["biases"].as_array().unwrap() {
            all.extend(results(b, &per_bias));
            all.extend(results(
                b,
                &["residual_potential_v", "residual_electrons_v"],
            ));
        }
        all
    };
    let plain = run(&[]);
    let mut moved = 0;
    for lb in ["refine-comm", "rotate"] {
        let v = run(&["--lb", lb, "--lb-mode", "periodic", "--lb-period", "0.005s"]);
        assert_eq!(solved(&v), solved(&plain), "{lb}");
        let p = &v["parallel"];
        assert_eq!(p["matches_relaxed_solver"], true, "{lb}");
        assert_eq!(
            p["max_potential_diff_v"],
            plain["parallel"]["max_potential_diff_v"]
        );
        moved += p["migrations"].as_u64().unwrap();
    }
    assert!(moved > 0, "periodic balancing moved slabs");
}

#[test]
fn ampi_ranks_migrate_periodically_inside_their_blocking_calls_and_stay_exact() {
    // stencil3d without --migrate-every never calls AMPI_Migrate: periodic
    // balancing moves ranks while they wait in MPI calls.
    let v = json(&arts(&[
        "ampi",
        "run",
        "--vp",
        "7",
        "--pes",
        "2",
        "--lb",
        "rotate",
        "--lb-mode",
        "periodic",
        "--lb-period",
        "0.002s",
        // Long enough (≈ 15 ms) for several 2 ms periods whatever the
        // machine's load: a 2 ms run saw one period, after the ranks ended.
        "stencil3d",
        "--size",
        "28",
        "--iters",
        "200",
        "--imbalance",
        "1.5",
        "--json",
    ]));
    assert_eq!(v["valid"], true);
    assert_eq!(v["max_abs_diff"], 0.0);
    assert!(v["rank_moves"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn refine_comm_is_taken_wherever_a_strategy_is_named() {
    // A sync run of an app.
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
        "refine-comm",
        "--lb-period",
        "4",
        "--json",
    ]));
    assert_eq!(
        (v["valid"].clone(), v["lb"].clone()),
        (true.into(), "refine-comm".into())
    );
    // Offline replay of a generated communication-heavy input.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("zones.json");
    let p = path.to_str().unwrap();
    json(&arts(&[
        "--json",
        "lb",
        "generate",
        "--objects",
        "4096",
        "--pes",
        "16",
        "--kind",
        "zones",
        "--out",
        p,
    ]));
    let sim = |s: &str| {
        json(&arts(&[
            "--json",
            "lb",
            "simulate",
            "--input",
            p,
            "--strategy",
            s,
        ]))
    };
    let (ours, greedy) = (sim("refine-comm"), sim("greedy-comm"));
    assert_eq!(ours["strategy"], "refine-comm");
    let moves = |v: &serde_json::Value| v["migrations"].as_u64().unwrap();
    assert!(
        moves(&greedy) > 0 && 4 * moves(&ours) <= moves(&greedy),
        "{ours} {greedy}"
    );
    assert!(ours["max_avg_ratio"].as_f64().unwrap() <= 1.05);
}

#[test]
fn bad_lb_mode_values_are_one_line_naming_what_is_accepted() {
    let out = arts(&["run", "jacobi2d", "--lb", "refine", "--lb-mode", "async"]);
    assert_usage_error(&out, "--lb-mode");
    let err = common::stderr(&out);
    assert!(err.contains("sync") && err.contains("periodic"), "{err}");
    for period in ["4", "0s"] {
        let args = [
            "run",
            "jacobi2d",
            "--lb",
            "refine",
            "--lb-mode",
            "periodic",
            "--lb-period",
        ];
        let out = arts(&[&args[..], &[period]].concat());
        assert_usage_error(&out, "--lb-period in seconds");
    }
    let ddm = [
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--parallel",
        "distributed",
        "--lb",
        "refine",
    ];
    assert_usage_error(
        &arts(&[&ddm[..], &["--lb-mode", "sometimes"]].concat()),
        "--lb-mode",
    );
}
