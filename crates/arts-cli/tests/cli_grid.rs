//! Grid execution end to end: every object app valid on an emulated grid
//! (latency, jitter, slow cluster, prioritization, grid balancers), storm
//! exactly-once while migrating under emulation, the experiments'
//! outputs, and bad grid options.

mod common;
use common::{arts, arts_text, json};

const GRID: [&str; 10] = [
    "--pes",
    "4",
    "--clusters",
    "2",
    "--latency",
    "1ms",
    "--jitter",
    "200us",
    "--cluster-speeds",
    "1,0.5",
];

/// The sum of a per-PE counter array.
fn sum(per_pe: &serde_json::Value) -> u64 {
    per_pe
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .sum()
}

fn run_app(app: &[&str], extra: &[&str]) -> serde_json::Value {
    let args: Vec<&str> = [&["run"], app, &GRID[..], extra, &["--json"]].concat();
    json(&arts(&args))
}

#[test]
fn every_stencil_app_is_valid_on_an_emulated_grid() {
    let apps: [&[&str]; 3] = [
        &[
            "jacobi2d",
            "--grid",
            "64x48",
            "--objects",
            "4x4",
            "--iters",
            "8",
        ],
        &["zones", "--iters", "6"],
        &[
            "hotspot",
            "--grid",
            "64x64",
            "--objects",
            "4x4",
            "--iters",
            "8",
        ],
    ];
    for app in apps {
        for extra in [
            &["--map", "block", "--grid-priority", "on"][..],
            &["--map", "naive", "--lb", "grid-hybrid", "--lb-period", "3"][..],
            &["--map", "naive", "--lb", "grid-comm", "--lb-period", "3"][..],
        ] {
            let v = run_app(app, extra);
            assert_eq!(v["valid"], true, "{app:?} {extra:?}");
            assert_eq!(v["max_abs_diff"], 0.0);
            assert_eq!(
                v["topology"]["clusters"],
                serde_json::json!([[0, 1], [2, 3]])
            );
            assert_eq!(v["border_objects"].as_array().unwrap().len(), 4);
        }
    }
}

#[test]
fn block_prioritization_serves_the_grid_queue_and_reports_it() {
    let v = run_app(
        &[
            "jacobi2d",
            "--grid",
            "64x64",
            "--objects",
            "8x8",
            "--iters",
            "6",
        ],
        &["--map", "block", "--grid-priority", "on"],
    );
    assert_eq!(v["grid_priority"], true);
    let border = sum(&v["border_objects"]);
    let served = sum(&v["grid_dispatches"]);
    // Block on 2+2 PEs: one row of 8 objects on each side of the cut.
    assert_eq!(border, 16);
    assert!(served > 0);
}

#[test]
fn grid_comm_never_moves_objects_between_clusters() {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("lb.json");
    let app = [
        "hotspot",
        "--grid",
        "64x64",
        "--objects",
        "8x8",
        "--iters",
        "14",
    ];
    let lb = [
        "--map",
        "block",
        "--lb",
        "grid-comm",
        "--lb-period",
        "4",
        "--lb-dump",
    ];
    let v = run_app(&app, &[&lb[..], &[dump.to_str().unwrap()]].concat());
    assert_eq!(v["valid"], true);
    // Every LB step's input says where each object was: never in the
    // other cluster ({0,1} | {2,3}) than at the step before.
    let d: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
    let placements: Vec<Vec<(u64, u64)>> = d["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let mut p: Vec<(u64, u64)> = s["input"]["objects"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| (o["id"].as_u64().unwrap(), o["pe"].as_u64().unwrap()))
                .collect();
            p.sort();
            p
        })
        .collect();
    assert_eq!(placements.len(), 3);
    for w in placements.windows(2) {
        for (a, b) in w[0].iter().zip(&w[1]) {
            assert_eq!(a.1 / 2, b.1 / 2, "object {} changed clusters", a.0);
        }
    }
    // Border objects stay on the border: a Block layout has 16 of them
    // (8 per cluster). (Each LB step forgets them; the two steps after the
    // last one learn them again.)
    let border = sum(&v["border_objects"]);
    assert_eq!(border, 16);
}

/// Issue 52: this command line printed "border objects/PE 0 0": phase 1,
/// weighing objects by work, had put every object in one cluster (the PEs'
/// background time, on a shared machine, outweighed the objects' work). By
/// messages (the thesis, now the default) each cluster keeps half of them,
/// and both PEs have border objects at the end.
#[test]
fn grid_hybrid_from_naive_keeps_border_objects_on_both_clusters() {
    let args = [
        "run",
        "jacobi2d",
        "--grid",
        "64x64",
        "--objects",
        "8x8",
        "--iters",
        "12",
        "--pes",
        "2",
        "--clusters",
        "2",
        "--latency",
        "2ms",
        "--map",
        "naive",
        "--lb",
        "grid-hybrid",
        "--lb-period",
        "3",
        "--grid-priority",
        "on",
        "--json",
    ];
    let v = json(&arts(&args));
    assert_eq!(v["valid"], true);
    assert!(v["migrations"].as_u64().unwrap() > 0);
    let border: Vec<u64> = v["border_objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .collect();
    assert!(border.iter().all(|&b| (4..=32).contains(&b)), "{border:?}");
    // The thesis' options are accepted with it.
    let mut tuned = args.to_vec();
    tuned.extend_from_slice(&["--grid-tolerance", "0.2", "--grid-phase2", "greedy"]);
    assert_eq!(json(&arts(&tuned))["valid"], true);
}

#[test]
fn storm_delivers_exactly_once_while_migrating_on_an_emulated_grid() {
    let v = run_app(
        &["storm", "--elements", "64", "--rounds", "6"],
        &[
            "--lb",
            "grid-metis",
            "--lb-period",
            "2",
            "--grid-priority",
            "on",
        ],
    );
    assert_eq!(v["exactly_once"], true);
    assert_eq!(v["reductions_ok"], true);
    assert!(v["migrations"].as_u64().unwrap() > 0);
}

#[test]
fn experiments_write_their_csv() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let v = json(&arts(&[
        "grid",
        "sweep",
        "--grids",
        "64",
        "--objects-per-pe",
        "4",
        "--latencies",
        "0,1",
        "--variants",
        "naive,block+prio,naive+grid-metis",
        "--iters",
        "4",
        "--lb-every",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["runs"].as_array().unwrap().len(), 6);
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert_eq!(csv.lines().count(), 7);
    assert!(csv.lines().nth(1).unwrap().starts_with("64,8,4,naive,0,"));
    let svg = std::fs::read_to_string(out.join("sweep-64-4.svg")).unwrap();
    assert!(svg.contains("block+prio") && svg.contains("naive+grid-metis"));
    let d = json(&arts(&[
        "grid",
        "delay",
        "--latencies",
        "2",
        "--trips",
        "4",
        "--cost-reps",
        "0",
        "--intra-reps",
        "2",
        "--json",
    ]));
    assert!(d["runs"][0]["cross_one_way_ms"].as_f64().unwrap() >= 2.0);
    let r = &d["runs"][0];
    let ratio = r["intra_one_way_us"].as_f64().unwrap() / r["intra_baseline_us"].as_f64().unwrap();
    assert!((r["intra_ratio"].as_f64().unwrap() - ratio).abs() < 1e-9);
}

#[test]
fn a_sweep_over_a_narrow_link_pays_for_its_bytes() {
    // Naive puts neighbours in different clusters: every step sends ~1 KiB
    // boundaries across, 8 ms each at 1 Mbit/s, against well under 1 ms
    // for a whole 256² step without a bandwidth limit.
    let mean = |link: &[&str]| {
        let mut args = vec![
            "grid",
            "sweep",
            "--grids",
            "256",
            "--objects-per-pe",
            "4",
            "--latencies",
            "0",
            "--variants",
            "naive",
            "--iters",
            "4",
            "--json",
        ];
        args.extend_from_slice(link);
        json(&arts(&args))["runs"][0]["step_time_mean_s"]
            .as_f64()
            .unwrap()
    };
    let (free, narrow) = (mean(&[]), mean(&["--bandwidth", "1Mbit/s"]));
    assert!(narrow > 0.008 && narrow > 5.0 * free, "{narrow} vs {free}");
}

#[test]
fn grid_balancer_options_reach_the_sweeps() {
    let v = json(&tiny_sweep(
        "naive+grid-hybrid",
        "4",
        &[
            "--lb-every",
            "2",
            "--grid-tolerance",
            "0.3",
            "--grid-phase2",
            "greedy",
            "--grid-metis-weights",
            "load",
        ],
    ));
    let run = &v["runs"][0];
    assert_eq!(run["valid"], true, "{run}");
    assert!(run["lb_steps"].as_u64().unwrap() >= 1, "{run}");
}

/// A Jacobi2D run of a few milliseconds, for options to be tried on.
const TINY_JACOBI2D: [&str; 8] = [
    "run",
    "jacobi2d",
    "--grid",
    "32x32",
    "--objects",
    "2x2",
    "--iters",
    "2",
];

#[test]
fn bad_grid_options_are_one_error_line() {
    for bad in [
        &["--pes", "2", "--clusters", "3"][..],
        &["--pes", "2", "--latency", "5ms"],
        &["--pes", "2", "--clusters", "2", "--latency", "5"],
        &["--pes", "2", "--clusters", "2", "--latency", "-1ms"],
        &["--pes", "2", "--clusters", "2", "--cluster-speeds", "1"],
        &["--pes", "2", "--clusters", "2", "--cluster-speeds", "1,0"],
        &["--pes", "2", "--clusters", "0"],
        &[
            "--pes",
            "2",
            "--clusters",
            "2",
            "--lb",
            "greedy",
            "--grid-tolerance",
            "0.2",
        ],
        &[
            "--pes",
            "2",
            "--clusters",
            "2",
            "--lb",
            "grid-metis",
            "--grid-tolerance",
            "0.2",
        ],
        &[
            "--pes",
            "2",
            "--clusters",
            "2",
            "--lb",
            "grid-comm",
            "--grid-phase2",
            "seed",
        ],
        &[
            "--pes",
            "2",
            "--clusters",
            "2",
            "--lb",
            "grid-comm",
            "--grid-metis-weights",
            "load",
        ],
        &[
            "--pes",
            "2",
            "--clusters",
            "2",
            "--lb",
            "grid-hybrid",
            "--grid-tolerance",
            "0",
        ],
        &[
            "--pes",
            "2",
            "--clusters",
            "2",
            "--lb",
            "grid-hybrid",
            "--grid-tolerance",
            "1.5",
        ],
        &[
            "--pes",
            "2",
            "--clusters",
            "2",
            "--lb",
            "grid-hybrid",
            "--grid-phase2",
            "blob",
        ],
    ] {
        let (code, out, err) = arts_text(&[&TINY_JACOBI2D[..], bad].concat());
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
        assert!(err.starts_with("error:"), "{err}");
    }
    for bad in [
        &["grid", "sweep", "--variants", "square"][..],
        &["grid", "sweep", "--latencies", "nan"],
        &["grid", "heterogeneity", "--cluster-speeds", "1"],
        &["grid", "lb-cost", "--strategies", "nope"],
        &["grid", "sweep", "--pes", "2", "--clusters", "3"],
        &["grid", "sweep", "--bandwidth", "0"],
        &[
            "grid",
            "sweep",
            "--variants",
            "naive,block+greedy",
            "--grid-tolerance",
            "0.2",
        ],
        &[
            "grid",
            "lb-cost",
            "--strategies",
            "grid-comm",
            "--grid-phase2",
            "greedy",
        ],
        &["grid", "heterogeneity", "--per-message-overhead", "2s"],
    ] {
        let (code, _, err) = arts_text(bad);
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
    }
}

#[test]
fn the_probe_rediscovers_an_emulated_topology() {
    let v = json(&arts(&[
        "topology",
        "probe",
        "--pes",
        "3",
        "--rounds",
        "2",
        "--clusters",
        "2",
        "--latency",
        "200ms",
        "--json",
    ]));
    // 200 ms stands far above what a loaded test machine adds within a
    // cluster (a PE waiting for a core: a few ms).
    assert_eq!(v["separated"], true, "{v}");
    assert_eq!(v["topology"]["clusters"], serde_json::json!([[0], [1, 2]]));
    let l = v["topology"]["latency_ms"][0][1].as_f64().unwrap();
    assert!((200.0..230.0).contains(&l), "{l}");
}

#[test]
fn topology_files_auto_and_hosts_drive_a_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid.toml");
    std::fs::write(
        &file,
        "clusters = [[0, 1], [2]]\nlatency_ms = [[0, 1], [1, 0]]\nspeeds = [1, 1, 0.5]\n",
    )
    .unwrap();
    let app = [
        "run",
        "jacobi2d",
        "--grid",
        "48x48",
        "--objects",
        "3x3",
        "--iters",
        "4",
    ];
    let v = json(&arts(
        &[
            &app[..],
            &["--pes", "3", "--topology", file.to_str().unwrap(), "--json"],
        ]
        .concat(),
    ));
    assert_eq!(v["valid"], true);
    assert_eq!(v["topology"]["speeds"], serde_json::json!([1.0, 1.0, 0.5]));
    for how in ["auto", "hosts"] {
        let v = json(&arts(
            &[&app[..], &["--pes", "2", "--topology", how, "--json"]].concat(),
        ));
        assert_eq!(v["valid"], true);
        // One machine: one cluster, and nothing added to its latency.
        assert_eq!(v["topology"]["clusters"], serde_json::json!([[0, 1]]));
    }
}

#[test]
fn a_very_slow_emulated_pe_is_noted_at_start() {
    let run = |speeds: &str| {
        let grid = ["--clusters", "2", "--cluster-speeds", speeds];
        arts_text(&[&TINY_JACOBI2D[..], &grid].concat())
    };
    let (code, _, err) = run("0.001,1");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: the slowest PE emulates speed 1e-3: its work takes 1000x as long"),
        "{err}"
    );
    let (code, _, err) = run("0.5,1");
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("note: the slowest PE"), "{err}");
}

#[test]
fn bad_bandwidths_and_overheads_are_one_error_line_in_a_flag_or_a_file() {
    let grid = ["--pes", "2", "--clusters", "2", "--latency", "1ms"];
    for (bad, needle) in [
        ("--bandwidth=0Gbit/s", "out of range"),
        ("--bandwidth=-1Gbit/s", "out of range"),
        ("--bandwidth=2Tbit/s", "out of range"),
        ("--bandwidth=fastbit/s", "not a number"),
        ("--bandwidth=1000", "needs a unit"),
        ("--per-message-overhead=0", "above 0 and at most 1s"),
        ("--per-message-overhead=-5us", "above 0 and at most 1s"),
        ("--per-message-overhead=2s", "above 0 and at most 1s"),
        ("--per-message-overhead=abc", "above 0 and at most 1s"),
    ] {
        let out = arts(&[&TINY_JACOBI2D[..], &grid, &[bad]].concat());
        common::assert_usage_error(&out, needle);
    }
    // Without a grid, or beside a topology file.
    let out = arts(&[&TINY_JACOBI2D[..], &["--bandwidth", "1Gbit/s"]].concat());
    common::assert_usage_error(&out, "need a grid");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid.toml");
    let head = "clusters = [[0], [1]]\nlatency_ms = [[0, 1], [1, 0]]\n";
    std::fs::write(&file, head).unwrap();
    let path = file.to_str().unwrap();
    let with = ["--pes", "2", "--topology", path, "--bandwidth", "1Gbit/s"];
    let out = arts(&[&TINY_JACOBI2D[..], &with].concat());
    common::assert_usage_error(&out, "cannot be used with");
    for (tail, needle) in [
        (
            "bandwidth_mbit_s = [[0, 0], [0, 0]]",
            ":3: bandwidth_mbit_s[0][1] = 0 is invalid",
        ),
        (
            "bandwidth_mbit_s = [[0, -5], [-5, 0]]",
            ":3: bandwidth_mbit_s[0][1] = -5 is invalid",
        ),
        (
            "bandwidth_mbit_s = [[0, 2e6], [2e6, 0]]",
            "1 kbit/s to 1 Tbit/s",
        ),
        (
            "bandwidth_mbit_s = [[0, \"fast\"], [1, 0]]",
            ":3: invalid type: string",
        ),
        (
            "overhead_us = [[0, 0], [0, 0]]",
            ":3: overhead_us[0][1] = 0 is invalid",
        ),
        ("overhead_us = [[0, 2e6], [2e6, 0]]", "at most 1000000 us"),
    ] {
        std::fs::write(&file, format!("{head}{tail}\n")).unwrap();
        let out = arts(&[&TINY_JACOBI2D[..], &["--pes", "2", "--topology", path]].concat());
        common::assert_usage_error(&out, needle);
    }
    for bad in [
        &["--bandwidth", "0bit/s"][..],
        &["--bandwidth", "1kbit/s"],
        &["--message-bytes", "67108865"],
        &["--per-message-overhead", "0"],
        &["--link-latency", "2s"],
    ] {
        let out = arts(&[&["grid", "delay", "--cost-reps", "0"][..], bad].concat());
        let err = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
        assert!(err.starts_with("error:"), "{err}");
    }
}

#[test]
fn apps_run_valid_over_links_with_a_bandwidth() {
    let link = ["--bandwidth", "100Mbit/s", "--per-message-overhead", "20us"];
    let v = run_app(
        &[
            "jacobi2d",
            "--grid",
            "64x48",
            "--objects",
            "4x4",
            "--iters",
            "8",
        ],
        &[
            &link[..],
            &["--map", "naive", "--lb", "grid-hybrid", "--lb-period", "3"],
        ]
        .concat(),
    );
    assert_eq!(v["valid"], true);
    assert_eq!(
        v["topology"]["bandwidth_mbit_s"],
        serde_json::json!([[0.0, 100.0], [100.0, 0.0]])
    );
    assert_eq!(
        v["topology"]["overhead_us"],
        serde_json::json!([[0.0, 20.0], [20.0, 0.0]])
    );
    // Migrations, reductions and location updates cross the link serialized.
    let v = run_app(
        &["storm", "--elements", "64", "--rounds", "6"],
        &[&link[..], &["--lb", "grid-metis", "--lb-period", "2"]].concat(),
    );
    assert_eq!(v["exactly_once"], true);
    assert_eq!(v["reductions_ok"], true);
    assert!(v["migrations"].as_u64().unwrap() > 0);
    // Per pair and per direction from a file.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid.json");
    std::fs::write(
        &file,
        r#"{"clusters": [[0], [1]], "latency_ms": [[0, 1], [1, 0]], "asymmetric": true,
            "bandwidth_mbit_s": [[0, 1000], [10, 0]], "overhead_us": [[0, 5], [50, 0]]}"#,
    )
    .unwrap();
    let v = json(&arts(
        &[
            &TINY_JACOBI2D[..],
            &["--pes", "2", "--topology", file.to_str().unwrap(), "--json"],
        ]
        .concat(),
    ));
    assert_eq!(v["valid"], true);
    assert_eq!(v["topology"]["bandwidth_mbit_s"][1][0], 10.0);
}

#[test]
fn the_delay_check_measures_a_link_against_its_configuration() {
    let d = json(&arts(&[
        "grid",
        "delay",
        "--latencies",
        "1",
        "--trips",
        "2",
        "--intra-reps",
        "1",
        "--cost-reps",
        "0",
        "--link-reps",
        "1",
        "--link-latency",
        "2ms",
        "--message-bytes",
        "262144",
        "--overhead-messages",
        "4",
        "--json",
    ]));
    assert!(d["runs"][0]["cross_one_way_ms"].as_f64().unwrap() >= 1.0);
    assert!(d["zero_latency_cost"].is_null());
    let l = &d["link"];
    assert_eq!(l["bandwidth_bit_s"], 1e9);
    assert_eq!(l["overhead_us"], 50.0);
    let expected = l["expected_one_way_ms"].as_f64().unwrap();
    assert!((expected - (2.0 + 2.097152)).abs() < 1e-9, "{l}");
    // Never early; late only by what the machine adds.
    assert!(l["one_way_ms"].as_f64().unwrap() >= expected, "{l}");
    assert!(l["overhead_one_way_ms"].as_f64().unwrap() >= 2.05, "{l}");
    for key in ["gap_ms", "gap_error", "overhead_gap_us", "transfer_error"] {
        assert!(l[key].is_f64(), "{key}: {l}");
    }
    assert!(l["within_tolerance"].is_boolean());
    let off = json(&arts(&[
        "grid",
        "delay",
        "--latencies",
        "1",
        "--trips",
        "2",
        "--intra-reps",
        "1",
        "--cost-reps",
        "0",
        "--link-reps",
        "0",
        "--json",
    ]));
    assert!(off["link"].is_null());
}

/// The grid sweep flags of a tiny run of `variants` over `iters` steps.
fn tiny_sweep(variants: &str, iters: &str, extra: &[&str]) -> std::process::Output {
    let base = [
        "grid",
        "sweep",
        "--grids",
        "64",
        "--objects-per-pe",
        "4",
        "--latencies",
        "1",
        "--variants",
        variants,
        "--iters",
        iters,
        "--json",
    ];
    arts(&[&base[..], extra].concat())
}

#[test]
fn lb_at_balances_at_the_steps_given_only() {
    let v = json(&tiny_sweep(
        "naive,naive+grid-hybrid",
        "12",
        &["--lb-at", "3"],
    ));
    assert_eq!(
        (v["iters"].as_u64(), v["lb_every"].as_u64()),
        (Some(12), Some(0))
    );
    assert_eq!(v["lb_at"], serde_json::json!([3]));
    let runs = v["runs"].as_array().unwrap();
    let lb: Vec<u64> = runs
        .iter()
        .map(|r| r["lb_steps"].as_u64().unwrap())
        .collect();
    assert_eq!(lb, [0, 1], "{v}");
    assert!(runs.iter().all(|r| r["valid"] == true), "{v}");
    let every = json(&tiny_sweep("naive+grid-hybrid", "12", &["--lb-every", "3"]));
    assert_eq!(every["lb_every"], 3);
    assert!(every.get("lb_at").is_none(), "{every}");
    // Steps 3, 6 and 9: a run syncs after every step but its last.
    assert_eq!(every["runs"][0]["lb_steps"], 3, "{every}");
    let run = json(&arts(
        &[
            &TINY_JACOBI2D[..6],
            &["--iters", "9", "--lb", "greedy", "--lb-at", "2,6", "--json"],
        ]
        .concat(),
    ));
    assert_eq!(run["lb_steps"], 2, "{run}");
}

#[test]
fn bad_lb_at_is_one_error_line() {
    for (bad, needle) in [
        ("0", "step 0"),
        ("5,3", "ascending"),
        ("2,2", "ascending"),
        ("x", "'x'"),
        (
            "12",
            "step 12 is past the run's last balancing point; give 1 to steps - 1 (11)",
        ),
    ] {
        let out = tiny_sweep("naive+grid-hybrid", "12", &["--lb-at", bad]);
        common::assert_usage_error(&out, needle);
    }
    let both = tiny_sweep(
        "naive+grid-hybrid",
        "12",
        &["--lb-at", "3", "--lb-every", "2"],
    );
    common::assert_usage_error(&both, "cannot be used with");
    let run = arts(&[&TINY_JACOBI2D[..], &["--lb", "greedy", "--lb-at", "4,1"]].concat());
    common::assert_usage_error(&run, "ascending");
    let period = arts(&[&TINY_JACOBI2D[..], &["--lb-at", "1", "--lb-period", "2"]].concat());
    common::assert_usage_error(&period, "cannot be used with");
}
