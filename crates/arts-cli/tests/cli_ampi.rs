//! End-to-end tests of `arts ampi list`, `arts ampi run` and `arts ampi bench`.

mod common;
use common::{ROTATE_EVERY_2, arts, arts_text, assert_usage_error, json, stencil3d, strs};

#[test]
fn list_names_every_program_on_one_line() {
    let (code, stdout, _) = arts_text(&["ampi", "list"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 8, "{stdout}");
    for name in [
        "pingpong",
        "pingpong-pairs",
        "multiping",
        "stencil3d",
        "bt-mz",
        "carry",
        "storm",
        "recurse",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(name)),
            "{name} missing: {stdout}"
        );
    }
    let v = json(&arts(&["ampi", "list", "--json"]));
    assert_eq!(v["programs"].as_array().unwrap().len(), 8);
}

#[test]
fn ranks_in_isomalloc_slots_run_balance_and_report_overflows() {
    let slots = ["--pes", "2", "--isomalloc"];
    let v = json(&arts(&strs(&stencil3d(
        &[&slots[..], &ROTATE_EVERY_2].concat(),
    ))));
    assert_eq!(v["valid"], true, "{v}");
    assert!(v["rank_moves"].as_u64().unwrap() >= 10, "{v}");
    let v = json(&arts(&[
        "--json",
        "ampi",
        "run",
        "carry",
        "--vp",
        "1",
        "--pes",
        "2",
        "--bytes",
        "64K",
        "--iters",
        "4",
        "--isomalloc",
    ]));
    assert_eq!(v["values"]["moves"], serde_json::json!([4.0]), "{v}");
    assert_eq!(v["values"]["valid"], serde_json::json!([1.0]), "{v}");
    let (code, _, stderr) = arts_text(&[
        "ampi",
        "run",
        "recurse",
        "--vp",
        "2",
        "--pes",
        "1",
        "--isomalloc",
        "--stack-size",
        "32K",
        "--size",
        "100",
    ]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("overflowed its stack of 32768 bytes"),
        "{stderr}"
    );
    assert_usage_error(
        &arts(&["ampi", "run", "./prog.so", "--vp", "2", "--isomalloc"]),
        "./prog.so: cannot read it",
    );
}

#[test]
fn stencil3d_runs_balanced_and_validated_in_json() {
    let v = json(&arts(&[
        "ampi",
        "run",
        "--vp",
        "7",
        "--pes",
        "2",
        "--pin",
        "--lb",
        "rotate",
        "--lb-period",
        "1",
        "stencil3d",
        "--size",
        "14",
        "--iters",
        "4",
        "--imbalance",
        "1.5",
        "--migrate-every",
        "2",
        "--json",
    ]));
    assert_eq!(v["valid"], true);
    assert_eq!(v["max_abs_diff"], 0.0);
    assert_eq!(v["ranks"], 7);
    assert_eq!(v["pes"], 2);
    assert_eq!(v["pinned"], true);
    assert_eq!(v["step_times_s"].as_array().unwrap().len(), 4);
    assert!(v["migrations"].as_u64().unwrap() > 0, "{v}");
    assert!(v["rank_moves"].as_u64().unwrap() > 0, "{v}");
    // 7 ranks of 14³: slabs along z, also as one number for scripts.
    let value = |k: &str| v["values"][k][0].as_f64();
    let grid = ["rank_grid_x", "rank_grid_y", "rank_grid_z"].map(value);
    assert_eq!(grid, [Some(1.0), Some(1.0), Some(7.0)]);
    assert_eq!(value("rank_grid"), Some(10107.0));
}

#[test]
fn a_trace_shows_the_ranks_entry_methods_on_every_pe() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("ampi.json");
    let t = t.to_str().unwrap();
    let args = [
        "ampi",
        "run",
        "--vp",
        "4",
        "--pes",
        "2",
        "stencil3d",
        "--size",
        "12",
    ];
    let v = json(&arts(
        &[&args[..], &["--iters", "3", "--json", "--trace", t]].concat(),
    ));
    assert_eq!(v["trace"], t);
    let o = arts(&["trace", "summary", t, "--json"]);
    let s = json(&o);
    assert_eq!(s["pes"].as_array().unwrap().len(), 2, "{s}");
    let names: Vec<&str> = (s["entries"].as_array().unwrap().iter())
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(names.iter().any(|n| n.ends_with("data")), "{names:?}");
    // A trace that cannot be written is refused before the run.
    let bad = dir.path().join("no/such/dir/t.json");
    let out = arts(&[&args[..], &["--trace", bad.to_str().unwrap()]].concat());
    assert_usage_error(&out, "cannot write");
}

#[test]
fn ranks_run_on_an_emulated_grid_and_pay_its_latency() {
    // Two clusters 2 ms apart: every one-way trip of the ping-pong is
    // held at least that long, never less.
    let v = json(&arts(&[
        "--json",
        "ampi",
        "run",
        "--vp",
        "2",
        "--pes",
        "2",
        "--clusters",
        "2",
        "--latency",
        "2ms",
        "pingpong",
        "--iters",
        "20",
    ]));
    let one_way = v["latency_us"].as_f64().unwrap();
    assert!((2000.0..20_000.0).contains(&one_way), "{v}");
    assert_eq!(v["topology"]["clusters"], serde_json::json!([[0], [1]]));
    assert_eq!(v["border_objects"], serde_json::json!([1, 1]), "{v}");
    // The stencil stays exact on a grid, balanced by a grid strategy, with
    // its border ranks served first.
    let grid = [
        "--pes",
        "2",
        "--clusters",
        "2",
        "--latency",
        "500us",
        "--grid-priority",
        "on",
        "--lb",
        "grid-comm",
        "--lb-period",
        "1",
        "--migrate-every",
        "2",
    ];
    let v = json(&arts(&strs(&stencil3d(&grid))));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["grid_priority"], true, "{v}");
    assert!(v["lb_steps"].as_u64().unwrap() > 0, "{v}");
    // Without clusters there is no grid to put a latency on.
    assert_usage_error(
        &arts(&["ampi", "run", "--vp", "2", "--latency", "1ms", "pingpong"]),
        "need a grid",
    );
}

#[test]
fn bad_input_is_one_error_line_and_exit_2() {
    for args in [
        &["ampi", "run", "--vp", "0", "pingpong"][..],
        &["ampi", "run", "--vp", "2", "no-such-program"][..],
        &["ampi", "run", "--vp", "4", "--lb", "bogus", "pingpong"][..],
        &["ampi", "run", "--vp", "1", "pingpong"][..],
        &["ampi", "run", "--vp", "17", "bt-mz"][..],
        &[
            "ampi",
            "run",
            "--vp",
            "2",
            "--heavy-fraction",
            "1.5",
            "stencil3d",
        ][..],
        &["ampi", "run", "--vp", "2", "--zones", "0", "bt-mz"][..],
        // Refused before its sequential reference is allocated.
        &["ampi", "run", "--vp", "2", "--size", "4096", "stencil3d"][..],
        &[
            "ampi",
            "--max-memory",
            "1M",
            "run",
            "--vp",
            "2",
            "--size",
            "300",
            "bt-mz",
        ][..],
    ] {
        let (code, stdout, stderr) = arts_text(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error:"), "{stderr}");
    }
}

#[test]
fn a_stack_overflow_is_one_line_naming_the_rank_and_exit_1() {
    let args = [
        "ampi",
        "run",
        "--vp",
        "3",
        "--pes",
        "2",
        "--stack-size",
        "64K",
        "recurse",
    ];
    let (code, _, stderr) = arts_text(&[&args[..], &["--size", "1000"]].concat());
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: rank "), "{stderr}");
    assert!(
        stderr.contains("overflowed its stack of 65536 bytes"),
        "{stderr}"
    );
    let (code, stdout, stderr) = arts_text(&[&args[..], &["--size", "20"]].concat());
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("depth"), "{stdout}");
}

#[test]
fn bt_mz_runs_balanced_and_validated_in_json() {
    let v = json(&arts(&[
        "ampi",
        "run",
        "bt-mz",
        "--vp",
        "9",
        "--pes",
        "2",
        "--zones",
        "3",
        "--size",
        "6",
        "--iters",
        "6",
        "--migrate-every",
        "2",
        "--lb",
        "greedy",
        "--lb-period",
        "1",
        "--json",
    ]));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["max_abs_diff"], 0.0);
    assert_eq!(v["ranks"], 9);
    assert_eq!(v["lb_steps"], 2, "{v}");
    assert!(v["values"]["zone_spread"][0].as_f64().unwrap() > 8.0, "{v}");
}

#[test]
fn a_quick_bench_reports_every_figure_with_targets_in_json() {
    let v = json(&arts(&["ampi", "bench", "--quick", "--json"]));
    let figures = v["figures"].as_array().unwrap();
    let sections: std::collections::BTreeSet<&str> = figures
        .iter()
        .map(|f| f["section"].as_str().unwrap())
        .collect();
    assert_eq!(sections.len(), 7, "{sections:?}");
    let targets = figures.iter().filter(|f| f["met"].is_boolean()).count();
    assert_eq!(targets, 14, "{v}");
    assert!(figures.iter().all(|f| f["value"].is_number()), "{v}");
    // The collectives also run across an emulated wide-area link, where
    // the collective alone takes at least its two crossings.
    let across = |f: &&serde_json::Value| {
        let name = f["name"].as_str().unwrap();
        name.starts_with("iallreduce") && name.contains("1 ms apart: collective alone")
    };
    let alone = figures.iter().find(across).expect("a wide-area case");
    assert!(alone["value"].as_f64().unwrap() >= 2.0, "{alone}");
    let (code, stdout, _) = arts_text(&["ampi", "bench", "--quick"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("== pingpong"), "{stdout}");
    assert!(
        stdout.contains("baseline: chare one-way latency"),
        "{stdout}"
    );
}

#[test]
fn stencil3d_checkpoints_and_restarts_on_other_pe_counts() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--json",
            "ampi",
            "run",
            "stencil3d",
            "--vp",
            "6",
            "--size",
            "16",
            "--iters",
            "8",
        ];
        args.extend(extra);
        json(&arts(&args))
    };
    let first = run(&[
        "--pes",
        "2",
        "--checkpoint-every",
        "3",
        "--checkpoint-dir",
        dir,
    ]);
    assert_eq!(first["valid"], true);
    assert_eq!(first["checkpoint_dir"], dir);
    let ckpt3 = root.path().join("ckpt-3");
    for (from, pes) in [(ckpt3.to_str().unwrap(), "3"), (dir, "1")] {
        let again = run(&["--pes", pes, "--restart", from]);
        assert_eq!(again["valid"], true, "from {from} on {pes} PEs");
        assert_eq!(again["max_abs_diff"], 0.0);
        assert!(again["resumed_from_step"].as_u64().unwrap() >= 3);
    }
    let other = arts(&["ampi", "run", "stencil3d", "--vp", "5", "--restart", dir]);
    assert_usage_error(&other, "not of stencil3d on 5");
    let pingpong = arts(&["ampi", "run", "pingpong", "--vp", "2", "--restart", dir]);
    assert_usage_error(&pingpong, "only stencil3d");
}

#[test]
fn ranks_saved_whole_restart_on_other_pe_counts_and_only_in_their_build() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let run = |extra: &[&str]| arts(&strs(&stencil3d(&[&["--isomalloc"][..], extra].concat())));
    let whole = [
        "--pes",
        "2",
        "--checkpoint-every",
        "3",
        "--whole-checkpoints",
    ];
    let saving = [&whole[..], &["--checkpoint-dir", dir], &ROTATE_EVERY_2].concat();
    let v = json(&run(&saving));
    assert_eq!(v["valid"], true, "{v}");
    for (pes, step) in [("1", 3), ("3", 6)] {
        let from = format!("{dir}/ckpt-{step}");
        let v = json(&run(&["--pes", pes, "--restart", &from]));
        assert_eq!(v["valid"], true, "{v}");
        assert_eq!(v["resumed_from_step"], step);
        // It went on checkpointing into the root it came from.
        assert_eq!(v["checkpoint_dir"], dir);
    }
    // Without --isomalloc, and from another build: refused.
    let ckpt3 = format!("{dir}/ckpt-3");
    let out = arts(&strs(&stencil3d(&["--restart", &ckpt3])));
    assert_usage_error(&out, "only with --isomalloc");
    // (Sealed into main.bin too: an edited manifest alone is refused first.)
    common::edit_manifest_sealed(&root.path().join("ckpt-3"), |m| {
        m["options"]["build"] = serde_json::json!(12345);
    });
    let out = run(&["--pes", "1", "--restart", &ckpt3]);
    assert_usage_error(&out, "another build of arts");
    // Kept in memory instead (mem_checkpoint_ranks): the store's hold.
    let store = root.path().join("store");
    let at = store.to_str().unwrap();
    let keeping = [&whole[..], &["--mem-checkpoints", "--checkpoint-dir", at]].concat();
    assert_eq!(json(&run(&keeping))["valid"], true);
    let hold = std::fs::read_dir(&store)
        .unwrap()
        .map(Result::unwrap)
        .find(|e| e.file_name().to_string_lossy().starts_with("hold-"))
        .expect("the store's hold");
    assert!(hold.path().join("ckpt-6").is_dir());
    let v = json(&run(&["--pes", "1", "--restart", at]));
    assert_eq!(
        (v["valid"].clone(), v["resumed_from_step"].clone()),
        (true.into(), 6.into()),
        "{v}"
    );
}
