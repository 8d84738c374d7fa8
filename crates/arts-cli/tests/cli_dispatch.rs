//! End-to-end tests of `arts run heat3d` and `arts bench dispatch`.

mod common;
use common::{arts, json};

#[test]
fn heat3d_every_mode_is_valid_and_reports_the_contract_keys() {
    for mode in ["hdispatch", "scatter", "static", "rayon", "sequential"] {
        for shape in ["cube", "rows"] {
            let out = arts(&[
                "--json",
                "run",
                "heat3d",
                "--n",
                "24",
                "--steps",
                "5",
                "--block",
                "7x5x3",
                "--mode",
                mode,
                "--threads",
                "2",
                "--shape",
                shape,
            ]);
            let v = json(&out);
            assert_eq!(v["valid"], true, "{mode} {shape}");
            assert_eq!(v["mode"], mode);
            assert_eq!(v["threads"], 2);
            assert!(v["step_time_median_s"].as_f64().unwrap() > 0.0);
        }
    }
}

#[test]
fn heat3d_human_table() {
    let out = arts(&["run", "heat3d", "--n", "12", "--steps", "3", "--block", "5"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("valid             true"), "{text}");
}

#[test]
fn heat3d_bad_input_is_one_error_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--threads", "0"], "--threads 0"),
        (&["--block", "200x1x1", "--n", "100"], "larger than"),
        (&["--block", "0"], "zero extent"),
        (&["--block", "1x2"], "bad block"),
        (&["--mode", "mpi"], "invalid value 'mpi' for '--mode"),
        (
            &["--shape", "sphere"],
            "invalid value 'sphere' for '--shape",
        ),
        (&["--n", "2"], "--n 2"),
        (&["--alpha", "0.5"], "--alpha"),
        (&["--steps", "0"], "--steps 0"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["--json", "run", "heat3d"];
        args.extend_from_slice(extra);
        for (flag, default) in [("--n", "20"), ("--steps", "2")] {
            if !extra.contains(&flag) {
                args.extend([flag, default]);
            }
        }
        let out = arts(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{extra:?}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn bench_dispatch_quick_json_has_the_contract_keys() {
    let out = arts(&[
        "--json", "bench", "dispatch", "--n", "40", "--steps", "6", "--reps", "1",
    ]);
    let v = json(&out);
    for key in [
        "efficiency_2_threads",
        "vs_rayon_ratio",
        "dispatch_overhead_ns",
        "interference_ratio",
    ] {
        assert!(v[key].as_f64().unwrap() > 0.0, "{key}: {v}");
    }
    // The arts binary installs the counting allocator: H-Dispatch allocates nothing per task.
    assert_eq!(v["allocations_per_task"].as_f64(), Some(0.0), "{v}");
    assert_eq!(v["valid"], true);
}

#[test]
fn bench_dispatch_studies_write_csv_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = arts(&[
        "--json",
        "bench",
        "dispatch",
        "--study",
        "interference",
        "--n",
        "30",
        "--steps",
        "12",
        "--out",
        d,
    ]);
    let v = json(&out);
    assert!(v["interference"]["ratio"].as_f64().unwrap() > 0.0);
    let csv = std::fs::read_to_string(dir.path().join("interference.csv")).unwrap();
    assert_eq!(csv.lines().count(), 13);
    let svg = std::fs::read_to_string(dir.path().join("interference.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("polyline"));

    let out = arts(&[
        "--json", "bench", "dispatch", "--study", "sweep", "--n", "12", "--steps", "2", "--out", d,
    ]);
    json(&out);
    let csv = std::fs::read_to_string(dir.path().join("sweep.csv")).unwrap();
    assert!(csv.starts_with("shape,edge,points_per_task"));
    assert!(csv.lines().count() > 10);
    assert!(dir.path().join("sweep_efficiency.svg").exists());

    let out = arts(&[
        "--json", "bench", "dispatch", "--study", "memory", "--steps", "2", "--out", d,
    ]);
    let v = json(&out);
    assert_eq!(v["memory"].as_array().unwrap().len(), 24);
    assert!(dir.path().join("memory_rss.svg").exists());
    // No temporary files left behind.
    for e in std::fs::read_dir(dir.path()).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(!name.starts_with(".arts-"), "{name}");
    }
}

#[test]
fn bench_dispatch_bad_input() {
    let out = arts(&["bench", "dispatch", "--study", "everything"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("invalid value 'everything' for '--study")
    );
    let out = arts(&["bench", "dispatch", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let out = arts(&[
        "bench",
        "dispatch",
        "--study",
        "sweep",
        "--out",
        "/proc/nope/x",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
