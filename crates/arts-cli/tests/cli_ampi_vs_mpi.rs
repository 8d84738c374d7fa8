//! `arts experiment ampi-vs-mpi` (the AMPI paper's native-MPI comparisons,
//! examples/ampi-vs-mpi): a registry entry run end to end at its quick
//! size, a missing MPICH skipped with one note while the other systems
//! still run, and bad input.

mod common;
use common::{arts, assert_usage_error, have, json};

use std::process::Command;

/// `arts ARGS` with `dir` first on PATH.
fn arts_with_path_first(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![dir.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .env("PATH", std::env::join_paths(paths).unwrap())
        .output()
        .unwrap()
}

#[test]
fn a_missing_mpich_is_skipped_with_one_note_and_the_others_run() {
    if !have("cc") {
        eprintln!("note: not tested: no C compiler");
        return;
    }
    // A `mpicc.mpich` that fails shadows the real one: MPICH is "missing".
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("mpicc.mpich");
    std::fs::write(&fake, "#!/bin/sh\nexit 127\n").unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = dir.path().join("out");
    let o = arts_with_path_first(
        dir.path(),
        &[
            "--json",
            "experiment",
            "ampi-vs-mpi",
            "pingpong",
            "--max-bytes",
            "128",
            "--iters",
            "50",
            "--repeats",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let v = json(&o);
    let notes: Vec<&str> = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(
        notes
            .iter()
            .filter(|n| n.starts_with("mpich skipped: mpicc.mpich not found"))
            .count(),
        1,
        "{notes:?}"
    );
    let rows = v["rows"].as_array().unwrap();
    let systems: Vec<&str> = rows.iter().map(|r| r["system"].as_str().unwrap()).collect();
    assert!(!systems.contains(&"mpich"), "{systems:?}");
    for s in ["ampi-1pe", "ampi-2pe"] {
        // 8, 32, 128 bytes.
        assert_eq!(
            systems.iter().filter(|x| **x == s).count(),
            3,
            "{systems:?}"
        );
    }
    if have("mpicc") && have("mpirun") {
        assert!(systems.contains(&"openmpi"), "{systems:?}");
        let r = rows.iter().find(|r| r["system"] == "openmpi").unwrap();
        assert_eq!(r["vs_openmpi"], 1.0, "{r}");
    }
    assert!(rows.iter().all(|r| r["one_way_us"].as_f64().unwrap() > 0.0));
    let csv = std::fs::read_to_string(out.join("pingpong.csv")).unwrap();
    assert!(
        csv.starts_with("system,bytes,one_way_us,vs_openmpi,samples_us\n"),
        "{csv}"
    );
    assert!(
        std::fs::read_to_string(out.join("pingpong.svg"))
            .unwrap()
            .contains("<svg")
    );
}

#[test]
fn the_fig12_entry_runs_end_to_end_at_its_quick_size() {
    if !have("cc") {
        eprintln!("note: not tested: no C compiler");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = arts(&[
        "--json",
        "reproduce",
        "run",
        "ampi/fig12",
        "--quick",
        "--out",
        out.to_str().unwrap(),
    ]);
    let v = json(&o);
    let e = &v["entries"][0];
    assert_eq!(e["id"], "ampi/fig12", "{v}");
    assert!(
        e["verdict"] == "reproduced" || e["verdict"] == "differs",
        "{e}"
    );
    let csv = std::fs::read_to_string(out.join("ampi-fig12.csv")).unwrap();
    for series in ["ft / disk", "ft / memory", "lu / disk", "lu / memory"] {
        assert!(csv.contains(&format!("{series},arts,1,")), "{csv}");
        assert!(csv.contains(&format!("{series},arts,2,")), "{csv}");
    }
    assert!(
        std::fs::read_to_string(out.join("ampi-fig12.svg"))
            .unwrap()
            .contains("<svg")
    );
}

#[test]
fn bad_input_is_one_line() {
    assert_usage_error(
        &arts(&[
            "experiment",
            "ampi-vs-mpi",
            "checkpoint",
            "--ft-size",
            "100",
        ]),
        "--ft-size 100 must be a power of 2",
    );
    assert_usage_error(
        &arts(&["experiment", "ampi-vs-mpi", "stencil", "--pes", "0"]),
        "--vp, --pes, --native 1 to 512",
    );
    assert_usage_error(
        &arts(&["experiment", "ampi-vs-mpi", "pingpong", "--max-bytes", "4"]),
        "--max-bytes 4 must be 8 to 256M",
    );
    let o = arts(&[
        "experiment",
        "ampi-vs-mpi",
        "pingpong",
        "--source",
        "/nonexistent",
    ]);
    assert_usage_error(&o, "pingpong_sizes.c is not in /nonexistent");
}
