//! End-to-end tests of `arts pdes phold` and `arts bench pdes`.

mod common;
use common::arts_text as arts;

use serde_json::Value;

fn phold_json(extra: &[&str]) -> Value {
    let mut args = vec![
        "pdes",
        "phold",
        "--json",
        "--lps",
        "2048",
        "--end-time",
        "40",
        "--seed",
        "3",
    ];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = arts(&args);
    assert_eq!(code, 0, "arts {args:?} failed: {stderr}");
    serde_json::from_str(stdout.trim()).expect("one JSON object")
}

#[test]
fn phold_json_has_the_contract_keys_and_engines_agree() {
    let seq = phold_json(&["--sync", "sequential"]);
    for key in [
        "committed_events",
        "processed_events",
        "rolled_back_events",
        "events_per_s",
        "efficiency",
        "checksum",
        "sync",
        "pes",
        "peak_rss_bytes",
        "gvt_rounds",
    ] {
        assert!(seq.get(key).is_some(), "missing key {key}: {seq}");
    }
    assert_eq!(seq["sync"], "sequential");
    assert!(seq["committed_events"].as_u64().unwrap() > 10_000);
    assert!(seq["peak_rss_bytes"].as_u64().unwrap() > 0);
    for extra in [
        vec!["--sync", "conservative", "--pes", "3"],
        vec!["--sync", "optimistic", "--pes", "2"],
        vec![
            "--sync",
            "optimistic",
            "--pes",
            "4",
            "--window",
            "0.5",
            "--mapping",
            "round-robin",
        ],
        vec![
            "--sync",
            "optimistic",
            "--pes",
            "2",
            "--queue",
            "heap",
            "--validate",
        ],
    ] {
        let r = phold_json(&extra);
        assert_eq!(r["checksum"], seq["checksum"], "{extra:?}");
        assert_eq!(r["committed_events"], seq["committed_events"], "{extra:?}");
        assert_eq!(r["stats"], seq["stats"], "{extra:?}");
        let processed = r["processed_events"].as_u64().unwrap();
        let rolled = r["rolled_back_events"].as_u64().unwrap();
        assert_eq!(processed - rolled, r["committed_events"].as_u64().unwrap());
        let eff = r["efficiency"].as_f64().unwrap();
        assert!(eff > 0.0 && eff <= 1.0);
        if extra.contains(&"--validate") {
            assert_eq!(r["valid"], true);
        }
    }
}

#[test]
fn phold_prints_a_table_without_json() {
    let (code, stdout, _) = arts(&[
        "pdes",
        "phold",
        "--lps",
        "256",
        "--end-time",
        "10",
        "--sync",
        "optimistic",
        "--pes",
        "2",
    ]);
    assert_eq!(code, 0);
    for word in [
        "committed events",
        "events/s",
        "rolled back",
        "efficiency",
        "GVT rounds",
        "peak memory",
        "checksum",
    ] {
        assert!(stdout.contains(word), "table lacks {word}: {stdout}");
    }
}

#[test]
fn bad_input_is_one_error_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--pes", "0"], "--pes 0"),
        (&["--lps", "8", "--pes", "9"], "--pes 9"),
        (
            &["--sync", "fastest"],
            "invalid value 'fastest' for '--sync",
        ),
        (
            &["--mapping", "diagonal"],
            "invalid value 'diagonal' for '--mapping",
        ),
        (&["--window", "0"], "--window 0"),
        (&["--window", "-2"], "--window -2"),
        (&["--remote", "1.5"], "--remote 1.5"),
        (&["--lookahead", "-1"], "--lookahead -1"),
        (&["--mean-delay", "-1"], "--mean-delay -1"),
        (&["--lps", "0"], "--lps 0"),
        (&["--end-time", "0"], "end time 0"),
        (
            &["--queue", "skiplist"],
            "invalid value 'skiplist' for '--queue",
        ),
        (&["--sync", "conservative", "--lookahead", "0"], "lookahead"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["pdes", "phold"];
        args.extend_from_slice(extra);
        if !extra.contains(&"--end-time") {
            args.extend_from_slice(&["--end-time", "5"]);
        }
        let (code, stdout, stderr) = arts(&args);
        assert_eq!(code, 2, "{extra:?}: stderr {stderr}");
        assert!(stdout.is_empty(), "{extra:?} printed a result");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{extra:?}: {stderr}");
        assert!(
            lines[0].starts_with("error: ") && lines[0].contains(needle),
            "{extra:?}: {stderr}"
        );
    }
}

#[test]
fn bench_compares_engines_against_sequential() {
    let (code, stdout, stderr) = arts(&[
        "bench",
        "pdes",
        "--json",
        "--lps",
        "1024",
        "--end-time",
        "20",
        "--pes",
        "1,2",
        "--reps",
        "1",
        "--queue",
        "calendar,heap",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r: Value = serde_json::from_str(stdout.trim()).unwrap();
    let rows = r["rows"].as_array().unwrap();
    // Per queue: sequential + 2 engines x 2 PE counts.
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[0]["sync"], "sequential");
    assert_eq!(rows[0]["ratio_to_sequential"], 1.0);
    assert!(rows.iter().all(|row| row["valid"] == true));
    assert!(r["load_before"].is_number());
}

#[test]
fn bench_rejects_bad_lists() {
    let (code, _, stderr) = arts(&["bench", "pdes", "--pes", "2,x"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--pes 2,x"), "{stderr}");
    let (code, _, stderr) = arts(&["bench", "pdes", "--engines", "optimistic,magic"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("invalid value 'magic' for '--engines"),
        "{stderr}"
    );
}

#[test]
fn a_checkpointed_run_restarts_and_bad_checkpoints_are_one_line() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ckpt");
    let dir = dir.to_str().unwrap();
    let base = ["pdes", "phold", "--lps", "300"];
    let run = |extra: &[&str]| {
        let seed: &[&str] = if extra.contains(&"--seed") {
            &[]
        } else {
            &["--seed", "3"]
        };
        common::arts(&[&base[..], seed, extra].concat())
    };
    let plain = common::json(&run(&[
        "--json",
        "--sync",
        "sequential",
        "--end-time",
        "40",
    ]));
    let first = [
        "--json",
        "--end-time",
        "25",
        "--checkpoint-every",
        "10",
        "--checkpoint-dir",
        dir,
    ];
    let out = run(&first);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let again = run(&[
        "--json",
        "--pes",
        "2",
        "--restart",
        dir,
        "--end-time",
        "40",
        "--validate",
    ]);
    let v = common::json(&again);
    assert_eq!(v["valid"], true);
    for key in ["committed_events", "checksum", "final_time"] {
        assert_eq!(v[key], plain[key], "{key}");
    }
    let refused = |extra: &[&str], needle: &str| {
        common::assert_usage_error(&run(extra), needle);
    };
    refused(&["--restart", "/nonexistent/ckpt"], "cannot read");
    refused(&["--restart", dir, "--seed", "4"], "--seed 3");
    refused(
        &["--restart", dir, "--remote", "0.2"],
        "the checkpoint is of model",
    );
    refused(&["--checkpoint-every", "0"], "--checkpoint-every 0");
    refused(
        &[
            "--checkpoint-every",
            "5",
            "--checkpoint-dir",
            "/nonexistent/x",
        ],
        "does not exist",
    );
    std::fs::write(root.path().join("ckpt/part-0.bin"), b"garbage").unwrap();
    refused(&["--restart", dir], "corrupt");
    // The torus model restarts too: the same checks refuse this one (its
    // manifest first: it is not a torus checkpoint).
    let torus = common::arts(&["pdes", "torus", "--restart", dir]);
    common::assert_usage_error(&torus, "the checkpoint is of model");
}
