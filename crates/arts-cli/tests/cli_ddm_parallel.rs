//! End-to-end tests of `arts run ddm --parallel`: the sweep on slab objects
//! equals the sequential solver in the same order, on any PE count.

mod common;
use common::{arts, assert_usage_error, json};

fn parallel(extra: &[&str]) -> serde_json::Value {
    let base = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.2",
        // These tests check results, not speed: no warm-up.
        "--warmup-ms",
        "0",
        "--parallel",
    ];
    json(&arts(&[&base[..], extra].concat()))
}

#[test]
fn timed_runs_are_warmed_up_unless_told_not_to() {
    let run = |extra: &[&str]| {
        let base = ["--json", "run", "ddm", "--preset", "si-pn", "--bias", "0.2"];
        let par = ["--parallel", "distributed", "--segments", "2", "--pes", "2"];
        json(&arts(&[&base[..], &par, extra].concat()))
    };
    let default = run(&[]);
    assert_eq!(default["parallel"]["warmup_ms"], 300);
    assert_eq!(default["valid"], true);
    assert_eq!(run(&["--warmup-ms", "20"])["parallel"]["warmup_ms"], 20);
}

#[test]
fn distributed_equals_the_relaxed_solver_on_1_2_and_3_pes() {
    for pes in ["1", "2", "3"] {
        let v = parallel(&["distributed", "--segments", "6", "--pes", pes]);
        assert_eq!(v["valid"], true, "{pes} PEs");
        assert_eq!(v["converged"], true);
        assert_eq!(v["order"], "relaxed");
        let p = &v["parallel"];
        assert_eq!(p["style"], "distributed");
        assert_eq!(p["matches_relaxed_solver"], true);
        assert_eq!(p["segments"], 6);
        assert_eq!(p["check_every"], 10);
        assert_eq!(p["pes"].as_u64().unwrap().to_string(), pes);
        assert!(p["speedup"].as_f64().unwrap() > 0.0);
        assert_eq!(v["biases"].as_array().unwrap().len(), 2);
    }
}

#[test]
fn every_runtime_style_equals_the_relaxed_solver_on_an_emulated_grid() {
    let grid = ["--pes", "2", "--clusters", "2", "--latency", "100us"];
    for style in ["distributed", "centralized", "ampi"] {
        let v = parallel(&[&[style, "--segments", "4"][..], &grid].concat());
        assert_eq!(v["valid"], true, "{style}: {v}");
        let p = &v["parallel"];
        assert_eq!(p["matches_relaxed_solver"], true, "{style}");
        assert_eq!(p["topology"]["latency_ms"][0][1], 0.1, "{style}");
        let border = p["border_objects"].as_array().unwrap();
        assert!(border.iter().all(|b| b.as_u64() >= Some(1)), "{style}: {p}");
    }
}

#[test]
fn the_staggered_pipeline_equals_the_staggered_solver_with_fewer_iterations() {
    let run = |dependency: &str| {
        parallel(&[
            "distributed",
            "--segments",
            "24",
            "--pes",
            "2",
            "--lb",
            "rotate",
            "--subcycle-dependency",
            dependency,
        ])
    };
    let (on, off) = (run("on"), run("off"));
    assert_eq!(on["valid"], true);
    assert_eq!(on["order"], "staggered");
    assert_eq!(
        on["parallel"]["matches_relaxed_solver"], true,
        "the same order"
    );
    assert!(on["parallel"]["migrations"].as_u64().unwrap() > 0);
    let iterations = |v: &serde_json::Value| v["biases"][0]["iterations"].as_u64().unwrap();
    assert!(
        iterations(&on) < iterations(&off),
        "{} vs {}",
        iterations(&on),
        iterations(&off)
    );
}

#[test]
fn local_links_the_slabs_of_a_pe_and_converges_as_one_segment_per_pe() {
    let run = |extra: &[&str]| parallel(&[&["distributed", "--pes", "2"][..], extra].concat());
    let local = run(&["--segments", "8", "--subcycle-dependency", "local"]);
    assert_eq!(local["valid"], true, "{local}");
    assert_eq!(local["order"], "mixed");
    assert_eq!(local["parallel"]["matches_relaxed_solver"], true);
    // Linked within each PE's four slabs, relaxed between the PEs: the
    // relaxed order over one segment per PE, bit for bit (the residual
    // is summed over other segments, so only it may differ).
    let halves = run(&["--segments", "2"]);
    let solved = |v: &serde_json::Value| -> Vec<(String, String)> {
        let r = sweep_results(v);
        r.into_iter()
            .map(|(it, current, _)| (it, current))
            .collect()
    };
    assert_eq!(solved(&local), solved(&halves));
    let relaxed = run(&["--segments", "8"]);
    let iterations = |v: &serde_json::Value| v["biases"][0]["iterations"].as_u64().unwrap();
    assert!(iterations(&local) < iterations(&relaxed));
    // On one PE every boundary is linked: the staggered order.
    let one = parallel(&[
        "distributed",
        "--pes",
        "1",
        "--segments",
        "8",
        "--subcycle-dependency",
        "local",
    ]);
    assert_eq!(one["order"], "staggered");
    assert_eq!(one["valid"], true);
}

#[test]
fn a_restart_keeps_the_links_its_checkpoint_was_written_with() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("ckpt");
    let first = parallel(&[
        "distributed",
        "--segments",
        "6",
        "--pes",
        "2",
        "--subcycle-dependency",
        "local",
        "--checkpoint-every",
        "1",
        "--checkpoint-dir",
        root.to_str().unwrap(),
    ]);
    assert_eq!(first["order"], "mixed");
    // On 3 PEs `local` would link other boundaries; the restart keeps
    // the first run's, so every point is solved in one order.
    let c = root.join("ckpt-1");
    let v = json(&arts(&[
        "--json",
        "restart",
        c.to_str().unwrap(),
        "--pes",
        "3",
    ]));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["order"], "mixed");
    assert_eq!(sweep_results(&v), sweep_results(&first));
}

#[test]
fn centralized_equals_the_relaxed_solver_and_reports_moves_per_worker() {
    for pes in ["1", "2"] {
        let v = parallel(&["centralized", "--segments", "4", "--pes", pes]);
        assert_eq!(v["valid"], true, "{pes} PEs");
        assert_eq!(v["parallel"]["style"], "centralized");
        assert_eq!(v["parallel"]["moves_per_slab"].as_array().unwrap().len(), 4);
    }
    let v = parallel(&[
        "centralized",
        "--segments",
        "4",
        "--pes",
        "2",
        "--lb",
        "rotate",
        "--check-every",
        "5",
    ]);
    assert_eq!(v["valid"], true);
    let moves = v["parallel"]["moves_per_slab"].as_array().unwrap();
    assert!(moves.iter().any(|m| m.as_u64().unwrap() > 0), "{moves:?}");
}

#[test]
fn ampi_ranks_equal_the_relaxed_solver_and_migrate() {
    let v = parallel(&["ampi", "--segments", "5", "--pes", "2"]);
    assert_eq!(v["valid"], true);
    assert_eq!(v["parallel"]["style"], "ampi");
    let v = parallel(&[
        "ampi",
        "--segments",
        "6",
        "--pes",
        "2",
        "--lb",
        "rotate",
        "--check-every",
        "5",
    ]);
    assert_eq!(v["valid"], true);
    assert!(v["parallel"]["migrations"].as_u64().unwrap() > 0);
}

#[test]
fn distributed_slabs_migrate_and_still_match() {
    let v = parallel(&[
        "distributed",
        "--segment-starts",
        "0,50,100,200,300",
        "--pes",
        "2",
        "--lb",
        "rotate",
        "--check-every",
        "5",
    ]);
    assert_eq!(v["valid"], true);
    assert_eq!(v["parallel"]["segments"], 5);
    assert!(v["parallel"]["migrations"].as_u64().unwrap() > 0);
}

#[test]
fn application_level_balancing_static_and_live() {
    // static: cut once by the cost the sequential solver measured.
    let v = parallel(&[
        "distributed",
        "--segments",
        "6",
        "--pes",
        "2",
        "--app-lb",
        "static",
    ]);
    assert_eq!(v["valid"], true);
    let p = &v["parallel"];
    assert_eq!(p["app_lb"], "static");
    assert_eq!(p["matches_relaxed_solver"], true, "a fixed cut");
    assert_eq!(p["recuts"], 0);
    assert_eq!(p["segment_starts"].as_array().unwrap().len(), 6);
    // live: re-cut every 20 iterations whenever the prediction is better.
    let v = parallel(&[
        "distributed",
        "--segments",
        "6",
        "--pes",
        "2",
        "--app-lb",
        "live",
        "--app-lb-every",
        "20",
        "--app-lb-threshold",
        "0",
        "--lb",
        "rotate",
    ]);
    assert_eq!(v["valid"], true, "{v}");
    let p = &v["parallel"];
    assert_eq!(p["app_lb"], "live");
    assert!(p["recuts"].as_u64().unwrap() > 0, "{p}");
    assert!(p["max_potential_diff_v"].as_f64().unwrap() < 1e-6);
    let equal = parallel(&["distributed", "--segments", "6", "--pes", "1"]);
    assert_ne!(p["segment_starts"], equal["parallel"]["segment_starts"]);
}

#[test]
fn bad_parallel_options_are_usage_errors() {
    let run = |args: &[&str]| arts(&[&["run", "ddm", "--preset", "si-pn"], args].concat());
    assert_usage_error(
        &run(&["--parallel", "distributed", "--segments", "0"]),
        "segments = 0",
    );
    assert_usage_error(
        &run(&["--parallel", "distributed", "--segments", "5000"]),
        "interior rows",
    );
    assert_usage_error(&run(&["--pes", "2"]), "--pes applies to --parallel");
    assert_usage_error(&run(&["--lb", "greedy"]), "--lb applies to --parallel");
    assert_usage_error(&run(&["--pin"]), "--pin applies to --parallel");
    assert_usage_error(
        &run(&["--warmup-ms", "10"]),
        "--warmup-ms applies to --parallel",
    );
    assert_usage_error(
        &run(&["--parallel", "distributed", "--warmup-ms", "70000"]),
        "0..=60000",
    );
    assert_usage_error(
        &run(&["--parallel", "static", "--segments", "2", "--pin"]),
        "--bind-to core",
    );
    for parallel in [&[][..], &["--parallel", "static", "--segments", "2"]] {
        assert_usage_error(
            &run(&[parallel, &["--clusters", "2"]].concat()),
            "grid options",
        );
    }
    assert_usage_error(
        &run(&["--parallel", "distributed", "--method", "newton"]),
        "--method gummel",
    );
    assert_usage_error(
        &run(&["--parallel", "distributed", "--order", "both"]),
        "--order applies",
    );
    assert_usage_error(
        &run(&["--parallel", "distributed", "--check-every", "3"]),
        "must divide 100",
    );
    assert_usage_error(&run(&["--parallel", "distributed", "--lb", "nope"]), "--lb");
    assert_usage_error(&run(&["--parallel", "mosix"]), "centralized");
    for dependency in ["on", "local"] {
        assert_usage_error(
            &run(&[
                "--parallel",
                "centralized",
                "--subcycle-dependency",
                dependency,
            ]),
            "needs --parallel distributed",
        );
    }
    assert_usage_error(
        &run(&["--subcycle-dependency", "on"]),
        "applies to --parallel",
    );
    assert_usage_error(&run(&["--app-lb", "live"]), "--app-lb applies");
    assert_usage_error(
        &run(&["--parallel", "centralized", "--app-lb", "live"]),
        "--app-lb live needs --parallel distributed",
    );
    assert_usage_error(
        &run(&[
            "--parallel",
            "distributed",
            "--app-lb",
            "static",
            "--segment-starts",
            "0,50",
        ]),
        "give --segments",
    );
    for bad in ["1", "-0.1", "nan"] {
        assert_usage_error(
            &run(&[
                "--parallel",
                "distributed",
                "--app-lb",
                "live",
                "--app-lb-threshold",
                bad,
            ]),
            "--app-lb-threshold",
        );
    }
    assert_usage_error(
        &run(&[
            "--parallel",
            "distributed",
            "--app-lb",
            "live",
            "--app-lb-every",
            "0",
        ]),
        "--app-lb-every",
    );
    // Without mpirun (or without MPI support in the build) there are no ranks.
    assert_usage_error(&run(&["--parallel", "static", "--segments", "1"]), "mpirun");
    assert_usage_error(
        &run(&["--parallel", "static", "--lb", "greedy"]),
        "without migration",
    );
}

#[test]
fn the_scaling_study_writes_csv_and_charts() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("study");
    let v = json(&arts(&[
        "--json",
        "ddm",
        "scaling",
        "--no-c-program",
        "--preset",
        "si-pn",
        "--segments",
        "1,3",
        "--pes",
        "2",
        "--balancing",
        "none,both",
        "--subcycle-dependency",
        "off",
        "--out",
        out.to_str().unwrap(),
    ]));
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(
        runs.len(),
        2 * 2 * 2,
        "styles x balancings x segment counts"
    );
    assert!(runs.iter().all(|r| r["converged"] == true));
    assert!(v["sequential_time_s"].as_f64().unwrap() > 0.0);
    let csv = std::fs::read_to_string(out.join("ddm_scaling.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 1 + 8, "header, sequential, runs");
    for chart in [
        "ddm_time.svg",
        "ddm_speedup.svg",
        "ddm_iterations.svg",
        "ddm_migrations.svg",
    ] {
        let svg = std::fs::read_to_string(out.join(chart)).unwrap();
        assert!(svg.contains("<svg") && svg.contains("centralized app+system"));
    }
    for r in runs {
        let per_pe = r["migrations"].as_f64().unwrap() / 2.0;
        assert_eq!(r["migrations_per_pe"].as_f64().unwrap(), per_pe);
    }
    assert_usage_error(
        &arts(&["ddm", "scaling", "--preset", "si-pn", "--segments", "0"]),
        "--segments 0",
    );
    // The name for the same study.
    let v = distributed_study(&["--segments", "2", "--balancing", "none"]);
    assert_eq!(v["runs"].as_array().unwrap().len(), 1);
    // The distributed slabs linked on each PE.
    let v = distributed_study(&["--balancing", "none", "--subcycle-dependency", "local"]);
    assert_eq!(v["runs"][0]["order"], "mixed");
    for bad in ["1", "1,0", "1,1.5", "1,nan"] {
        let args = ["ddm", "scaling", "--pes", "2", "--emulate-speeds", bad];
        assert_usage_error(&arts(&args), "--emulate-speeds");
    }
}

/// `arts experiment ddm-scaling` of the distributed style on si-pn, 2 PEs,
/// 4 segments unless `extra` says otherwise.
fn distributed_study(extra: &[&str]) -> serde_json::Value {
    let base = [
        "--json",
        "experiment",
        "ddm-scaling",
        "--no-c-program",
        "--preset",
        "si-pn",
        "--pes",
        "2",
        "--styles",
        "distributed",
    ];
    let segments: &[&str] = match extra.contains(&"--segments") {
        true => &[],
        false => &["--segments", "4"],
    };
    let dependency: &[&str] = match extra.contains(&"--subcycle-dependency") {
        true => &[],
        false => &["--subcycle-dependency", "off"],
    };
    json(&arts(&[&base[..], segments, dependency, extra].concat()))
}

#[test]
fn the_study_reruns_beside_a_competing_load() {
    let v = distributed_study(&["--balancing", "none,system", "--background-load", "1"]);
    assert_eq!(v["background_load_cpu"], 1);
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert!(runs.iter().all(|r| r["converged"] == true));
}

#[test]
fn the_study_reruns_with_a_slow_pe() {
    let v = distributed_study(&["--balancing", "none,system", "--emulate-speeds", "1,0.5"]);
    assert_eq!(v["emulated_speeds"], serde_json::json!([1.0, 0.5]));
    let runs = v["runs"].as_array().unwrap();
    assert!(runs.iter().all(|r| r["converged"] == true));
}

#[test]
fn the_study_balances_live_on_the_distributed_style_only() {
    let v = distributed_study(&["--balancing", "live,live-system"]);
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert!(runs.iter().all(|r| r["converged"] == true));
    assert_eq!(runs[0]["balancing"], "live");
    assert_eq!(runs[1]["balancing"], "live+system");
    // With both styles asked for, the centralized runs are left out.
    let v = json(&arts(&[
        "--json",
        "ddm",
        "scaling",
        "--no-c-program",
        "--preset",
        "si-pn",
        "--segments",
        "2",
        "--pes",
        "2",
        "--balancing",
        "live",
        "--subcycle-dependency",
        "off",
    ]));
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["style"], "distributed");
}

#[test]
fn the_study_compares_the_paper_fit_with_and_without_sub_cycle_dependency() {
    // Default segments: P, 2P, 4P, 8P; dependency off and on for the
    // distributed style, once (relaxed) for the centralized one.
    let v = json(&arts(&[
        "--json",
        "experiment",
        "ddm-scaling",
        "--no-c-program",
        "--preset",
        "si-pn",
        "--pes",
        "1",
        "--balancing",
        "paper-fit,paper-fit-system",
        "--fit-every",
        "10",
    ]));
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(
        runs.len(),
        (2 + 1) * 2 * 4,
        "(dist x 2 deps + central) x balancings x S"
    );
    assert!(runs.iter().all(|r| r["converged"] == true));
    let segments: Vec<u64> = runs[..4]
        .iter()
        .map(|r| r["segments"].as_u64().unwrap())
        .collect();
    assert_eq!(segments, [1, 2, 4, 8]);
    let orders: std::collections::BTreeSet<&str> =
        runs.iter().map(|r| r["order"].as_str().unwrap()).collect();
    assert!(
        orders.contains("relaxed") && orders.contains("staggered"),
        "{orders:?}"
    );
    assert!(runs.iter().any(|r| r["balancing"] == "paper-fit+system"));
    // What the fit found: the layer of the largest spread, weighted or not.
    let fit = &v["paper_fit"];
    assert!(
        ["p", "n"].contains(&fit["layer"].as_str().unwrap()),
        "{fit}"
    );
    assert!(fit["spread"].as_f64().unwrap() >= 0.0 && fit["weighted"].is_boolean());
    assert_eq!(fit["fit_every"], 10);
    // Too few samples for a 5th-degree fit: one clear line.
    let out = arts(&[
        "experiment",
        "ddm-scaling",
        "--no-c-program",
        "--preset",
        "si-pn",
        "--pes",
        "1",
        "--segments",
        "2",
        "--balancing",
        "paper-fit",
        "--fit-every",
        "100000",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: ") && err.contains("--fit-every"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// The per-point results of a sweep's JSON that must not change.
fn sweep_results(v: &serde_json::Value) -> Vec<(String, String, String)> {
    v["biases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let f = |k: &str| b[k].to_string();
            (
                f("iterations"),
                f("terminal_current_a_per_cm2"),
                f("residual_potential_v"),
            )
        })
        .collect()
}

#[test]
fn a_distributed_sweep_checkpoints_and_restarts_bit_identical() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("ckpt");
    let sweep = [
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.1,0.2,0.3",
        "--parallel",
        "distributed",
        "--segments",
        "5",
        "--pes",
        "2",
    ];
    let plain = json(&arts(&sweep));
    let ckpt = [
        "--checkpoint-every",
        "1",
        "--keep",
        "3",
        "--checkpoint-dir",
        root.to_str().unwrap(),
    ];
    let with = json(&arts(&[&sweep[..], &ckpt[..]].concat()));
    assert_eq!(sweep_results(&with), sweep_results(&plain));
    assert_eq!(with["parallel"]["checkpoint_dir"], root.to_str().unwrap());
    for (step, pes) in [("1", "1"), ("3", "3"), ("2", "2")] {
        let c = root.join(format!("ckpt-{step}"));
        let v = json(&arts(&[
            "--json",
            "restart",
            c.to_str().unwrap(),
            "--pes",
            pes,
        ]));
        assert_eq!(v["valid"], true, "from {step} on {pes} PEs");
        assert_eq!(v["parallel"]["resumed_from_point"].to_string(), step);
        assert_eq!(v["parallel"]["pes"].to_string(), pes);
        assert_eq!(sweep_results(&v), sweep_results(&plain), "from {step}");
    }
    // The root's newest, and checkpointing on from a restart.
    let again = dir.path().join("again");
    let v = json(&arts(&[
        "--json",
        "restart",
        root.to_str().unwrap(),
        "--checkpoint-every",
        "1",
        "--checkpoint-dir",
        again.to_str().unwrap(),
    ]));
    assert_eq!(v["parallel"]["resumed_from_point"], 3);
    assert_eq!(sweep_results(&v), sweep_results(&plain));
    // In the background: the next bias point starts once the slabs are
    // imaged; every checkpoint is still published, and restarts alike.
    let quick = dir.path().join("quick");
    let q = quick.to_str().unwrap();
    let background = [
        "--checkpoint-every",
        "1",
        "--keep",
        "3",
        "--checkpoint-async",
    ];
    let v = json(&arts(
        &[&sweep[..], &background[..], &["--checkpoint-dir", q]].concat(),
    ));
    assert_eq!(sweep_results(&v), sweep_results(&plain));
    let (c, on) = (quick.join("ckpt-2"), dir.path().join("on"));
    let restart = ["--json", "restart", c.to_str().unwrap()];
    let go_on = [
        "--checkpoint-every",
        "1",
        "--checkpoint-async",
        "--checkpoint-dir",
    ];
    let v = json(&arts(
        &[&restart[..], &go_on, &[on.to_str().unwrap()]].concat(),
    ));
    assert_eq!(v["parallel"]["resumed_from_point"], 2);
    assert_eq!(sweep_results(&v), sweep_results(&plain));
    assert!(
        on.join("ckpt-3").is_dir(),
        "the restart went on in the background"
    );

    // Bad input: options a restart cannot take, a modified checkpoint.
    let newest = root.join("ckpt-3");
    let restart = |extra: &[&str]| arts(&[&["restart", newest.to_str().unwrap()], extra].concat());
    assert_usage_error(&restart(&["--lb", "greedy"]), "keeps its own options");
    assert_usage_error(&restart(&["--checkpoint-dir", "x"]), "--checkpoint-every");
    let main = newest.join("main.bin");
    let mut bytes = std::fs::read(&main).unwrap();
    bytes[100] ^= 1;
    std::fs::write(&main, bytes).unwrap();
    assert_usage_error(&restart(&[]), "main.bin");
}

#[test]
fn a_restart_refuses_a_changed_device_and_bad_checkpoint_options() {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("dev.toml");
    let preset = arts(&["ddm", "preset", "si-pn"]);
    std::fs::write(&device, &preset.stdout).unwrap();
    let root = dir.path().join("ckpt");
    let o = arts(&[
        "run",
        "ddm",
        "--device",
        device.to_str().unwrap(),
        "--bias",
        "0,0.1,0.2",
        "--parallel",
        "distributed",
        "--segments",
        "3",
        "--checkpoint-every",
        "1",
        "--checkpoint-dir",
        root.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&preset.stdout).replace("1e16", "2e16");
    std::fs::write(&device, text).unwrap();
    assert_usage_error(
        &arts(&["restart", root.to_str().unwrap()]),
        "the device has changed",
    );
    let run = |args: &[&str]| arts(&[&["run", "ddm", "--preset", "si-pn"], args].concat());
    assert_usage_error(
        &run(&["--parallel", "distributed", "--checkpoint-every", "1"]),
        "go together",
    );
    assert_usage_error(
        &run(&["--checkpoint-every", "1", "--checkpoint-dir", "x"]),
        "applies to --parallel",
    );
    assert_usage_error(
        &run(&[
            "--parallel",
            "centralized",
            "--checkpoint-every",
            "1",
            "--checkpoint-dir",
            "x",
        ]),
        "needs --parallel distributed",
    );
}
