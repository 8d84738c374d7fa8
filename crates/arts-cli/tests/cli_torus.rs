//! End-to-end tests of `arts pdes torus`: the JSON contract, identical
//! figures on every engine, trace and mapping files (including a mapping
//! written by `arts lb simulate`), the aggregated-mode comparison, and bad
//! input (one error line, exit code 2).

mod common;
use common::arts_text as arts;

use std::path::Path;

use serde_json::Value;

fn torus_json(extra: &[&str]) -> Value {
    let mut args = vec!["pdes", "torus", "--json", "--dims", "4x4x2"];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = arts(&args);
    assert_eq!(code, 0, "arts {args:?} failed: {stderr}");
    serde_json::from_str(stdout.trim()).expect("one JSON object")
}

fn bad(args: &[&str], expect: &str) {
    let (code, stdout, stderr) = arts(args);
    assert_eq!(code, 2, "arts {args:?}: exit {code}, stderr {stderr}");
    assert!(stdout.is_empty(), "nothing on stdout: {stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one error line: {stderr}");
    assert!(
        lines[0].starts_with("error: ") && lines[0].contains(expect),
        "{args:?}: '{}' does not mention '{expect}'",
        lines[0]
    );
}

const SMALL: [&str; 2] = ["--ljs-atoms", "20000"];

#[test]
fn json_has_the_contract_keys_and_every_engine_agrees() {
    let mut args = SMALL.to_vec();
    args.extend(["--mapping", "random", "--sync", "sequential"]);
    let seq = torus_json(&args);
    for key in [
        "nodes",
        "packets",
        "flush_time_s",
        "escape_fraction",
        "avg_transit_s",
        "bandwidth_utilization",
        "events",
        "events_per_s",
        "checksum",
    ] {
        assert!(seq.get(key).is_some(), "missing key {key}: {seq}");
    }
    assert_eq!(seq["nodes"], 32);
    assert_eq!(seq["complete"], true);
    assert!(seq["flush_time_s"].as_f64().unwrap() > 0.0);
    let util = seq["bandwidth_utilization"].as_f64().unwrap();
    assert!(util > 0.1 && util < 1.0, "{util}");
    for extra in [
        [
            "--sync",
            "conservative",
            "--pes",
            "2",
            "--pe-mapping",
            "block",
        ],
        [
            "--sync",
            "optimistic",
            "--pes",
            "2",
            "--pe-mapping",
            "round-robin",
        ],
        ["--sync", "optimistic", "--pes", "3", "--window", "1us"],
    ] {
        let mut a = SMALL.to_vec();
        a.extend(["--mapping", "random", "--validate"]);
        a.extend(extra);
        let r = torus_json(&a);
        for key in [
            "checksum",
            "events",
            "flush_time_s",
            "escape_fraction",
            "avg_transit_s",
            "bandwidth_utilization",
        ] {
            assert_eq!(r[key], seq[key], "{extra:?}: {key} differs");
        }
        assert_eq!(r["valid"], true, "{extra:?}");
    }
}

#[test]
fn ideal_mapping_reaches_the_paper_bound_and_the_table_prints() {
    let r = torus_json(&SMALL);
    let util = r["bandwidth_utilization"].as_f64().unwrap();
    assert!((0.80..0.82).contains(&util), "{util}");
    assert_eq!(r["escape_fraction"], 0.0);
    let (code, stdout, _) = arts(&["pdes", "torus", "--dims", "4x4x2", "--ljs-atoms", "20000"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("flush time") && stdout.contains("bandwidth util."));
}

#[test]
fn trace_and_lb_mapping_files_are_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("comm.csv");
    std::fs::write(
        &trace,
        "time_s,source,destination,bytes\n0,0,5,10000\n1e-5,5,0,10000\n2e-5,31,7,300\n",
    )
    .unwrap();
    let t = format!("trace:{}", trace.display());
    let r = torus_json(&["--workload", &t, "--sync", "sequential"]);
    assert_eq!(r["messages"], 3);
    assert_eq!(r["messages_delivered"], 3);
    assert_eq!(r["packets"], 40 + 40 + 2);

    // A mapping from the LB framework: 32 objects on 32 PEs, greedy.
    let dump = dir.path().join("lb.dump");
    let map = dir.path().join("map.json");
    let (code, _, err) = arts(&[
        "lb",
        "generate",
        "--objects",
        "32",
        "--pes",
        "32",
        "--kind",
        "mesh",
        "--out",
        dump.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = arts(&[
        "lb",
        "simulate",
        "--input",
        dump.to_str().unwrap(),
        "--strategy",
        "greedy",
        "--mapping-out",
        map.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let m = format!("file:{}", map.display());
    let mut a = SMALL.to_vec();
    a.extend(["--mapping", &m, "--sync", "sequential"]);
    let r = torus_json(&a);
    assert_eq!(r["complete"], true);
    // An identity permutation in the text format is the ideal mapping.
    let ident = dir.path().join("ident.txt");
    let text: String = (0..32).map(|i| format!("{i}\n")).collect();
    std::fs::write(&ident, text).unwrap();
    let m = format!("file:{}", ident.display());
    let mut a = SMALL.to_vec();
    a.extend(["--mapping", &m]);
    let r = torus_json(&a);
    let ideal = torus_json(&SMALL);
    assert_eq!(r["checksum"], ideal["checksum"]);
}

#[test]
fn the_aggregated_mode_is_compared_with_the_per_packet_model() {
    let r = torus_json(&["--ljs-atoms", "200000", "--compare-aggregate", "16"]);
    let a = &r["aggregate_comparison"];
    assert_eq!(a["train_packets"], 16);
    assert_eq!(a["within_5_percent"], true, "{a}");
    assert!(a["events"].as_u64().unwrap() * 10 <= r["events"].as_u64().unwrap());
    let agg = torus_json(&["--ljs-atoms", "200000", "--aggregate"]);
    assert_eq!(agg["train_packets"], 16);
    assert_eq!(agg["flush_time_s"], a["flush_time_s"]);
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn bad_input_gets_one_error_line_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let t = |args: &[&str], expect: &str| {
        let mut a = vec!["pdes", "torus", "--dims", "4x4x2"];
        a.extend_from_slice(args);
        bad(&a, expect);
    };
    bad(&["pdes", "torus", "--dims", "4x0x2"], "--dims 4x0x2");
    bad(&["pdes", "torus", "--dims", "4x4"], "--dims 4x4");
    t(
        &["--workload", "bogus"],
        "accepted: ljs, random, trace:FILE",
    );
    t(
        &["--mapping", "bogus"],
        "accepted: ideal, random, file:FILE",
    );
    t(&["--inject-delay", "-3"], "--inject-delay");
    t(&["--vc-packets", "1"], "--vc-packets 1");
    t(&["--train-packets", "0"], "--train-packets 0");
    t(&["--window", "0"], "--window");
    t(&["--sync", "fast"], "invalid value 'fast' for '--sync");
    t(&["--pes", "0"], "--pes 0");
    t(&["--workload", "trace:/nonexistent/x.csv"], "cannot read");
    let h = "time_s,source,destination,bytes\n";
    let unknown = write(dir.path(), "u.csv", &format!("{h}0,1,2,100\n0,1,99,100\n"));
    t(
        &["--workload", &format!("trace:{unknown}")],
        "u.csv line 3: destination 99 is not a node",
    );
    let negative = write(dir.path(), "n.csv", &format!("{h}0,1,2,-100\n"));
    t(
        &["--workload", &format!("trace:{negative}")],
        "n.csv line 2: negative message size",
    );
    let header = write(dir.path(), "h.csv", "a,b\n");
    t(
        &["--workload", &format!("trace:{header}")],
        "h.csv line 1: header",
    );
    let dup = write(
        dir.path(),
        "dup.txt",
        &(0..32)
            .map(|i| format!("{}\n", if i == 7 { 3 } else { i }))
            .collect::<String>(),
    );
    t(
        &["--mapping", &format!("file:{dup}")],
        "dup.txt line 8: cell 7 is placed on node 3",
    );
    let short = write(dir.path(), "short.json", "{\"pe_of\": [0, 1, 2]}");
    t(
        &["--mapping", &format!("file:{short}")],
        "3 cells but the torus has 32 nodes",
    );
    t(
        &["--compare-aggregate", "16", "--aggregate"],
        "--compare-aggregate",
    );
}
