//! End-to-end tests of `arts lb generate` and `arts lb simulate`.

use std::path::Path;

mod common;
use common::{arts, assert_usage_error, json as json_of};

fn gen_args<'a>(path: &'a str, objects: &'a str, pes: &'a str, kind: &'a str) -> Vec<&'a str> {
    vec![
        "--json",
        "lb",
        "generate",
        "--objects",
        objects,
        "--pes",
        pes,
        "--kind",
        kind,
        "--out",
        path,
    ]
}

fn generate(dir: &Path, name: &str, objects: &str, pes: &str, kind: &str) -> String {
    let path = dir.join(name).display().to_string();
    let report = json_of(&arts(&gen_args(&path, objects, pes, kind)));
    assert_eq!(report["objects"].as_u64().unwrap().to_string(), objects);
    path
}

fn simulate(path: &str, strategy: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "--json",
        "lb",
        "simulate",
        "--input",
        path,
        "--strategy",
        strategy,
    ];
    args.extend_from_slice(extra);
    json_of(&arts(&args))
}

#[test]
fn every_strategy_replays_a_generated_mesh() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "mesh.json", "2000", "16", "mesh");
    for strategy in [
        "none",
        "greedy",
        "greedy-classic",
        "refine",
        "greedy-comm",
        "metis",
        "metis-messages",
        "rotate",
    ] {
        let r = simulate(&path, strategy, &[]);
        for key in [
            "max_avg_ratio",
            "strategy_time_s",
            "migrations",
            "migrated_bytes",
            "comm_cut_bytes",
        ] {
            assert!(r[key].is_number(), "{strategy}: no {key} in {r}");
        }
        assert_eq!(r["strategy"], strategy);
        assert_eq!(r["objects"], 2000);
        let ratio = r["max_avg_ratio"].as_f64().unwrap();
        match strategy {
            "none" => assert_eq!(r["migrations"], 0),
            "rotate" => assert_eq!(r["migrations"], 2000),
            _ => assert!(ratio <= 1.06, "{strategy}: {ratio}"),
        }
    }
    let metis = simulate(&path, "metis", &[]);
    let classic = simulate(&path, "greedy-classic", &[]);
    assert!(metis["comm_cut_bytes"].as_u64() < classic["comm_cut_bytes"].as_u64());
}

#[test]
fn greedy_balances_uniform_input_and_writes_mapping() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "u.json", "4096", "256", "uniform");
    let map = dir.path().join("map.json");
    let r = simulate(
        &path,
        "greedy",
        &["--mapping-out", map.to_str().unwrap(), "--repeat", "3"],
    );
    assert!(r["before"]["max_avg_ratio"].as_f64().unwrap() > 1.1);
    assert!(r["max_avg_ratio"].as_f64().unwrap() <= 1.02, "{r}");
    assert_eq!(r["repeat"], 3);
    let mapping: serde_json::Value = serde_json::from_slice(&std::fs::read(&map).unwrap()).unwrap();
    assert_eq!(mapping["pe_of"].as_array().unwrap().len(), 4096);
}

#[test]
fn pes_retargets_the_dump() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "z.json", "640", "16", "zones");
    let fewer = simulate(&path, "greedy", &["--pes", "4"]);
    assert_eq!(
        (fewer["pes"].as_u64(), fewer["input_pes"].as_u64()),
        (Some(4), Some(16))
    );
    assert_eq!(fewer["retargeted"], true);
    let more = simulate(&path, "refine", &["--pes", "32"]);
    assert_eq!(more["pes"], 32);
    // The same total work, spread over more PEs: the ideal time halves.
    let ideal16 = simulate(&path, "none", &[])["avg_load_s"].as_f64().unwrap();
    let ideal32 = more["avg_load_s"].as_f64().unwrap();
    assert!((ideal16 / ideal32 - 2.0).abs() < 1e-9);
    assert_usage_error(
        &arts(&[
            "lb",
            "simulate",
            "--input",
            &path,
            "--strategy",
            "greedy",
            "--pes",
            "0",
        ]),
        "--pes 0",
    );
}

#[test]
fn metis_diagnostics_stay_off_stdout() {
    // More huge zones than METIS can split: it prints diagnostics from C.
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "tiny.json", "17", "17", "zones");
    let r = simulate(&path, "metis", &[]);
    assert_eq!(r["objects"], 17);
}

#[test]
fn bad_input_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "u.json", "100", "4", "uniform");
    let sim = |input: &str, strategy: &str, extra: &[&str]| {
        let mut args = vec!["lb", "simulate", "--input", input, "--strategy", strategy];
        args.extend_from_slice(extra);
        arts(&args)
    };
    assert_usage_error(&sim(&path, "gredy", &[]), "accepted: none, greedy");
    assert_usage_error(&sim(&path, "greedy", &["--step", "7"]), "no LB step 7");
    assert_usage_error(&sim(&path, "greedy", &["--repeat", "0"]), "--repeat 0");
    assert_usage_error(&sim("/nonexistent/x.json", "greedy", &[]), "cannot read");

    let text = std::fs::read_to_string(&path).unwrap();
    let truncated = dir.path().join("t.json");
    std::fs::write(&truncated, &text[..text.len() / 2]).unwrap();
    assert_usage_error(
        &sim(truncated.to_str().unwrap(), "greedy", &[]),
        "truncated",
    );

    let negative = dir.path().join("neg.json");
    std::fs::write(
        &negative,
        r#"{"format":"arts-lb-dump","version":1,"steps":[{"step":0,"input":
{"pes":[{},{}],"objects":[{"id":1,"pe":0,"load_s":-0.5}]}}]}"#,
    )
    .unwrap();
    assert_usage_error(
        &sim(negative.to_str().unwrap(), "refine", &[]),
        "load_s = -0.5",
    );

    let huge = dir.path().join("huge.json");
    std::fs::write(
        &huge,
        r#"{"format":"arts-lb-dump","version":1,"steps":[{"step":0,"input":
{"pes":[{"speed":2}],"objects":[{"id":1,"pe":0,"load_s":1e308}]}}]}"#,
    )
    .unwrap();
    assert_usage_error(&sim(huge.to_str().unwrap(), "metis", &[]), "load_s = ");

    let off = dir.path().join("off.json");
    std::fs::write(
        &off,
        r#"{"format":"arts-lb-dump","version":1,"steps":[{"step":0,"input":
{"pes":[{}],"objects":[{"id":1,"pe":3,"load_s":0.5}]}}]}"#,
    )
    .unwrap();
    assert_usage_error(&sim(off.to_str().unwrap(), "greedy", &[]), "on PE 3");

    let malformed = dir.path().join("bad.json");
    std::fs::write(
        &malformed,
        "{\"format\":\"arts-lb-dump\",\n\"version\":1,\n\"steps\": [}",
    )
    .unwrap();
    assert_usage_error(
        &sim(malformed.to_str().unwrap(), "greedy", &[]),
        "line 3 column",
    );
}

#[test]
fn bad_generate_arguments_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.json");
    let p = out.to_str().unwrap();
    assert_usage_error(&arts(&gen_args(p, "10", "0", "mesh")), "--pes 0");
    assert_usage_error(
        &arts(&gen_args(p, "10", "2", "cubes")),
        "possible values: uniform, skewed, zones, mesh",
    );
    let mut args = gen_args(p, "10", "2", "mesh");
    args.extend_from_slice(&["--speeds", "1,x"]);
    assert_usage_error(&arts(&args), "--speeds");
    let mut args = gen_args(p, "10", "2", "mesh");
    args.extend_from_slice(&["--pinned-fraction", "2"]);
    assert_usage_error(&arts(&args), "--pinned-fraction");
    assert_usage_error(&arts(&gen_args(p, "30000000", "2", "mesh")), "too large");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn heterogeneous_and_pinned_inputs_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("h.json").display().to_string();
    let mut args = gen_args(&path, "3000", "6", "skewed");
    args.extend_from_slice(&[
        "--speeds",
        "1,2,4",
        "--pinned-fraction",
        "0.1",
        "--steps",
        "2",
    ]);
    let report = json_of(&arts(&args));
    assert!(report["pinned"].as_u64().unwrap() > 100);
    for strategy in ["greedy", "refine", "greedy-comm", "metis"] {
        let r = simulate(&path, strategy, &["--step", "1"]);
        assert_eq!(r["step"], 1);
        assert_eq!(r["steps_in_dump"], 2);
        assert!(
            r["max_avg_ratio"].as_f64().unwrap()
                <= r["before"]["max_avg_ratio"].as_f64().unwrap() + 1e-9
        );
    }
}

#[test]
fn restraint_on_an_already_balanced_dump() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "u.json", "512", "8", "uniform");
    let balanced = dir.path().join("balanced.json");
    let first = simulate(&path, "greedy", &["--out-dump", balanced.to_str().unwrap()]);
    assert!(first["max_avg_ratio"].as_f64().unwrap() <= 1.05);
    let balanced = balanced.to_str().unwrap();
    let again = simulate(balanced, "none", &[]);
    assert_eq!(again["max_avg_ratio"], first["max_avg_ratio"]);
    assert_eq!(simulate(balanced, "refine", &[])["migrations"], 0);
    assert!(
        simulate(balanced, "greedy", &[])["migrations"]
            .as_u64()
            .unwrap()
            * 20
            <= 512
    );
    // The classic greedy ignores where objects are and reshuffles them.
    assert!(
        simulate(balanced, "greedy-classic", &[])["migrations"]
            .as_u64()
            .unwrap()
            > 100
    );
}

#[test]
fn grid_strategies_need_and_use_clusters() {
    let dir = tempfile::tempdir().unwrap();
    let plain = generate(dir.path(), "plain.json", "1024", "8", "mesh");
    assert_usage_error(
        &arts(&[
            "lb",
            "simulate",
            "--input",
            &plain,
            "--strategy",
            "grid-metis",
        ]),
        "has no cluster",
    );
    let path = dir.path().join("grid.json").display().to_string();
    let mut args = gen_args(&path, "4096", "16", "mesh");
    args.extend_from_slice(&["--clusters", "2"]);
    json_of(&arts(&args));
    let classic = simulate(&path, "greedy-classic", &[]);
    for strategy in ["grid-comm", "grid-metis", "grid-hybrid"] {
        let r = simulate(&path, strategy, &[]);
        assert!(
            r["max_avg_ratio"].as_f64().unwrap() < r["before"]["max_avg_ratio"].as_f64().unwrap()
        );
        if strategy != "grid-comm" {
            assert!(r["comm_cut_bytes"].as_u64() < classic["comm_cut_bytes"].as_u64());
        }
    }
    // The grid options reach the strategies that use them, and only those.
    let seed = simulate(&path, "grid-hybrid", &[]);
    let greedy = simulate(&path, "grid-hybrid", &["--grid-phase2", "greedy"]);
    assert!(seed["comm_cut_bytes"].as_u64() < greedy["comm_cut_bytes"].as_u64());
    for extra in [
        &["--grid-tolerance", "0.25"][..],
        &["--grid-metis-weights", "load"],
        &["--grid-tolerance", "1", "--grid-metis-weights", "messages"],
    ] {
        let r = simulate(&path, "grid-hybrid", extra);
        assert!(r["max_avg_ratio"].as_f64().unwrap() < 1.2, "{extra:?}");
    }
    let run = |strategy: &str, extra: &[&str]| {
        let args = [
            &["lb", "simulate", "--input", &path, "--strategy", strategy][..],
            extra,
        ]
        .concat();
        arts(&args)
    };
    assert_usage_error(
        &run("greedy", &["--grid-tolerance", "0.2"]),
        "--grid-tolerance is an option of grid-comm and grid-hybrid only",
    );
    assert_usage_error(
        &run("grid-metis", &["--grid-phase2", "seed"]),
        "--grid-phase2 is an option of grid-hybrid only",
    );
    assert_usage_error(&run("grid-comm", &["--grid-tolerance", "0"]), "(0, 1]");
}
