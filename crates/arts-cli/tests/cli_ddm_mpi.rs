//! The drift-diffusion paper's MPI program in C (`examples/ddm-mpi`) on
//! Open MPI (1 and 2 ranks), arts' AMPI (S = 2 and 4 ranks on 2 PEs, with
//! AMPI_Migrate) and MPICH (when `mpirun.mpich` is installed): its currents
//! and iteration counts equal the Rust solver's (`arts run ddm --order
//! relaxed --segments S`, the decomposition `--parallel static` runs) within
//! the convergence tolerance. Also `arts experiment ddm-mpi` and bad input.

mod common;
use common::{arts, assert_usage_error, have, json};

use std::path::{Path, PathBuf};
use std::process::Command;

use arts_experiments::ddm_mpi::current_diff;
use arts_experiments::ddm_mpi::programs::{self, Launch, Mpi, Tools};

const BIASES: &str = "0,0.2";
const CHECK: &str = "10";

fn tools() -> Tools {
    Tools::of_this_tree(PathBuf::from(env!("CARGO_BIN_EXE_arts")))
}

/// The si-pn preset (400 rows) as a device file in `dir`.
fn device(dir: &Path) -> PathBuf {
    let out = arts(&["ddm", "preset", "si-pn"]);
    assert!(out.status.success());
    let path = dir.join("si-pn.toml");
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

/// The programs built for `mpi` into `dir`, or `None` (with a printed note) where it is missing.
fn built(mpi: Mpi, dir: &Path) -> Option<programs::Built> {
    if let Some(why) = mpi.missing(&tools()) {
        eprintln!("note: {} not tested: {why}", mpi.name());
        return None;
    }
    Some(programs::build(&tools(), mpi, dir).unwrap())
}

/// (iterations, terminal current) per bias point of the Rust relaxed solver over `s` segments.
fn rust(device: &Path, s: u32) -> Vec<(u64, f64)> {
    let d = device.display().to_string();
    let s = s.to_string();
    let v = json(&arts(&[
        "run",
        "ddm",
        "--device",
        &d,
        "--bias",
        BIASES,
        "--order",
        "relaxed",
        "--segments",
        &s,
        "--check-every",
        CHECK,
        "--json",
    ]));
    points(&v)
}

fn points(v: &serde_json::Value) -> Vec<(u64, f64)> {
    v["biases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["iterations"].as_u64().unwrap(),
                p["terminal_current_a_per_cm2"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// The C program's points equal the Rust solver's: the same iteration
/// counts (±1 %) and currents within 1e-6 relative (in practice both are
/// bit-identical: the same operations in the same order).
fn assert_equal(what: &str, c: &[(u64, f64)], r: &[(u64, f64)]) {
    assert_eq!(c.len(), r.len(), "{what}: {c:?} vs {r:?}");
    for (a, b) in c.iter().zip(r) {
        assert!(
            a.0.abs_diff(b.0) * 100 <= b.0,
            "{what}: iterations {c:?} vs {r:?}"
        );
    }
    let (ci, ri): (Vec<f64>, Vec<f64>) = (
        c.iter().map(|p| p.1).collect(),
        r.iter().map(|p| p.1).collect(),
    );
    assert!(ri[1] > 1e-7, "the forward bias carries a current: {r:?}");
    assert!(
        current_diff(&ci, &ri) <= 1e-6,
        "{what}: currents {c:?} vs {r:?}"
    );
}

fn c_args(device: &Path, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = [
        "--device",
        &device.display().to_string(),
        "--bias",
        BIASES,
        "--check-every",
        CHECK,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

fn run_c(
    mpi: Mpi,
    b: &programs::Built,
    ranks: u32,
    lb: &str,
    args: &[String],
) -> programs::Printed {
    let how = Launch {
        ranks,
        pes: 2,
        lb: lb.into(),
        limit_s: programs::RUN_LIMIT_S,
    };
    programs::launch(&tools(), mpi, &b.ddm, &how, args).unwrap()
}

#[test]
fn the_c_program_under_open_mpi_equals_the_rust_solver_on_1_and_2_ranks() {
    let dir = tempfile::tempdir().unwrap();
    let Some(b) = built(Mpi::OpenMpi, dir.path()) else {
        return;
    };
    let dev = device(dir.path());
    for s in [1, 2] {
        let out = run_c(Mpi::OpenMpi, &b, s, "none", &c_args(&dev, &[]));
        let v = &out.program;
        assert_eq!(v["ranks"], s);
        assert_eq!(v["ampi"], false);
        assert!(
            v["mpi_library"].as_str().unwrap().contains("Open MPI"),
            "{v}"
        );
        assert_equal(&format!("Open MPI, {s} ranks"), &points(v), &rust(&dev, s));
    }
}

#[test]
fn the_c_program_under_arts_ampi_equals_the_rust_solver_and_migrates() {
    let dir = tempfile::tempdir().unwrap();
    let Some(b) = built(Mpi::Ampi, dir.path()) else {
        return;
    };
    let dev = device(dir.path());
    let out = run_c(Mpi::Ampi, &b, 2, "none", &c_args(&dev, &[]));
    assert_eq!(out.program["ampi"], true);
    assert_equal("AMPI, S = 2", &points(&out.program), &rust(&dev, 2));
    // S = 4 ranks on 2 PEs, AMPI_Migrate every 100 iterations with a
    // balancer that moves ranks every time: the same numbers as 4 segments.
    let out = run_c(
        Mpi::Ampi,
        &b,
        4,
        "rotate",
        &c_args(&dev, &["--migrate-every", "100"]),
    );
    assert!(
        out.program["migrations"].as_u64().unwrap() >= 10,
        "{}",
        out.program
    );
    let moves = out.summary.as_ref().unwrap()["rank_moves"]
        .as_u64()
        .unwrap();
    assert!(moves > 0, "ranks moved: {:?}", out.summary);
    assert_equal(
        "AMPI, S = 4, migrating",
        &points(&out.program),
        &rust(&dev, 4),
    );
}

#[test]
fn the_c_program_under_mpich_equals_the_rust_solver() {
    let dir = tempfile::tempdir().unwrap();
    let Some(b) = built(Mpi::Mpich, dir.path()) else {
        eprintln!("note: MPICH run skipped: mpirun.mpich is not installed (apt-get install mpich)");
        return;
    };
    let dev = device(dir.path());
    let out = run_c(Mpi::Mpich, &b, 2, "none", &c_args(&dev, &[]));
    assert!(
        out.program["mpi_library"]
            .as_str()
            .unwrap()
            .contains("MPICH"),
        "{}",
        out.program
    );
    assert_equal("MPICH, 2 ranks", &points(&out.program), &rust(&dev, 2));
}

#[test]
fn bad_input_to_the_c_program_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let Some(b) = built(Mpi::OpenMpi, dir.path()) else {
        return;
    };
    let dev = device(dir.path());
    let bad_dev = dir.path().join("bad.toml");
    std::fs::write(
        &bad_dev,
        "spacing_nm = 5.0\n[[layers]]\nname = \"p\"\nmaterial = \"Sii\"\nthickness_nm = 100\n",
    )
    .unwrap();
    let d = dev.display().to_string();
    let cases: [(Vec<String>, &str); 6] = [
        (vec!["--bias".into(), "0,x".into()], "--bias `0,x`"),
        (
            vec![
                "--device".into(),
                d.clone(),
                "--check-every".into(),
                "3".into(),
            ],
            "divisor of 100",
        ),
        (
            vec![
                "--device".into(),
                d.clone(),
                "--migrate-every".into(),
                "10".into(),
            ],
            "needs AMPI",
        ),
        (
            vec!["--device".into(), bad_dev.display().to_string()],
            "unknown material `Sii`",
        ),
        (
            vec!["--device".into(), d.clone(), "--cut".into(), "5".into()],
            "one rank has one segment",
        ),
        (
            vec!["--device".into(), d, "--frobnicate".into(), "1".into()],
            "unknown option",
        ),
    ];
    for (args, needle) in cases {
        let out = Command::new("mpirun")
            .args(["--allow-run-as-root", "--oversubscribe", "-np", "1"])
            .arg(&b.ddm)
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .find(|l| l.starts_with("error: "))
            .unwrap_or_default();
        assert!(
            !out.status.success() && line.contains(needle),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn the_experiment_runs_every_installed_mpi_and_writes_its_files() {
    if !have("mpicc") || !have("cc") {
        eprintln!("note: the experiment test needs mpicc and cc");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let o = out_dir.display().to_string();
    let v = json(&arts(&[
        "experiment",
        "ddm-mpi",
        "--preset",
        "si-pn",
        "--bias",
        "0",
        "--repeats",
        "1",
        "--check-every",
        "10",
        "--migrate-every",
        "50",
        "--pack-iterations",
        "50",
        "--pack-rounds",
        "1",
        "--out",
        &o,
        "--json",
    ]));
    let runs = v["runs"].as_array().unwrap();
    let systems: Vec<&str> = runs.iter().map(|r| r["system"].as_str().unwrap()).collect();
    for s in ["c-openmpi", "c-ampi", "c-ampi-4p-migrate"] {
        assert!(systems.contains(&s), "{systems:?}");
    }
    let notes: Vec<&str> = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(
        systems.contains(&"c-mpich"),
        have("mpirun.mpich"),
        "{notes:?}"
    );
    // The Rust static row needs an arts built with MPI; otherwise one note says so.
    assert!(
        systems.contains(&"rust-static") || notes.iter().any(|n| n.starts_with("rust-static")),
        "{notes:?}"
    );
    for r in runs {
        assert_eq!(r["converged"], true, "{r}");
    }
    let pack = v["pack"].as_array().unwrap();
    assert!(
        pack.len() >= 8 && pack.iter().all(|p| p["valid"] == true),
        "{pack:?}"
    );
    for f in [
        "ddm_mpi.csv",
        "ddm_mpi_pack.csv",
        "ddm_mpi.json",
        "ddm_mpi_time.svg",
        "ddm_mpi_pack.svg",
    ] {
        assert!(out_dir.join(f).is_file(), "{f}");
    }
}

#[test]
fn the_scaling_study_runs_the_c_program_beside_the_rust_styles() {
    // si-pn at 0.2 V, S = 1 and 2 on one PE: the C program's rows join the
    // study's; each equals the Rust relaxed run over the same segments.
    let v = json(&arts(&[
        "--json",
        "experiment",
        "ddm-scaling",
        "--preset",
        "si-pn",
        "--bias",
        "0.2",
        "--pes",
        "1",
        "--segments",
        "2,1",
        "--styles",
        "distributed",
        "--balancing",
        "none",
        "--subcycle-dependency",
        "off",
        "--migrate-every",
        "200",
        "--c-limit",
        "120",
    ]));
    let runs = v["runs"].as_array().unwrap();
    let notes: Vec<&str> = (v["notes"].as_array().unwrap().iter())
        .map(|n| n.as_str().unwrap())
        .collect();
    let row = |style: &str, balancing: &str, s: u64| {
        runs.iter()
            .find(|r| r["style"] == style && r["balancing"] == balancing && r["segments"] == s)
    };
    let mut systems = vec![
        ("c-openmpi", "none"),
        ("c-ampi", "none"),
        ("c-ampi", "system"),
    ];
    match Mpi::Mpich.missing(&tools()) {
        Some(_) => assert!(
            notes.iter().any(|n| n.starts_with("mpich rows skipped")),
            "{notes:?}"
        ),
        None => systems.push(("c-mpich", "none")),
    }
    assert!(
        notes.iter().all(|n| n.starts_with("mpich")),
        "only a missing MPICH may be noted: {notes:?}"
    );
    assert_eq!(runs.len(), 2 * (1 + systems.len()), "{runs:?}");
    for s in [1, 2] {
        let rust = row("distributed", "none", s).unwrap();
        for (style, balancing) in &systems {
            let c = row(style, balancing, s).unwrap_or_else(|| panic!("{style} {balancing} S={s}"));
            assert_eq!(c["converged"], true, "{c}");
            assert_eq!(c["order"], "relaxed");
            if *balancing == "none" {
                // The same decomposition and order: the same iterations.
                assert_eq!(c["iterations"], rust["iterations"], "{style} S={s}");
            }
        }
    }
    // Where the study's time went: each row's wall time holds its solve;
    // the rest (sequential solver, builds) is reported beside the rows.
    let wall = |r: &serde_json::Value, k: &str| r[k].as_f64().unwrap();
    assert!(
        runs.iter().all(|r| wall(r, "wall_s") >= wall(r, "time_s")),
        "{runs:?}"
    );
    let rows: f64 = runs.iter().map(|r| wall(r, "wall_s")).sum();
    assert!(
        wall(&v, "other_wall_s") > wall(&v, "sequential_time_s"),
        "{v}"
    );
    assert!(
        (wall(&v, "wall_s") - wall(&v, "other_wall_s") - rows).abs() < 1e-6,
        "{v}"
    );
    // A failing C run ends that system's sweep with one note (here an
    // `arts` for AMPI that fails at once); the Rust rows stay.
    let v = json(&arts(&[
        "--json",
        "experiment",
        "ddm-scaling",
        "--preset",
        "si-pn",
        "--pes",
        "1",
        "--segments",
        "1,2",
        "--styles",
        "distributed",
        "--balancing",
        "none",
        "--subcycle-dependency",
        "off",
        "--c-systems",
        "ampi",
        "--arts",
        "/bin/false",
    ]));
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert!(runs.iter().all(|r| r["style"] == "distributed"));
    let notes = v["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    let note = notes[0].as_str().unwrap();
    assert!(
        note.starts_with("c-ampi S=1 none: ")
            && note.ends_with("its runs at larger S skipped (--c-limit 30)"),
        "{note}"
    );
}

#[test]
fn with_app_balancing_the_c_program_takes_the_rust_rows_cut() {
    // S = 3: the cut by measured cost is not the equal one; the C program
    // given it (`--cut`) iterates as the Rust run over the same segments.
    if Mpi::OpenMpi.missing(&tools()).is_some() {
        eprintln!("note: needs Open MPI");
        return;
    }
    // si-pn at 0.2 V, S = 3 on one PE, Open MPI's C program beside.
    let study = |balancing: &str| {
        json(&arts(&[
            "--json",
            "experiment",
            "ddm-scaling",
            "--preset",
            "si-pn",
            "--bias",
            "0.2",
            "--pes",
            "1",
            "--segments",
            "3",
            "--styles",
            "distributed",
            "--balancing",
            balancing,
            "--subcycle-dependency",
            "off",
            "--c-systems",
            "openmpi",
            "--c-limit",
            "120",
        ]))
    };
    let v = study("none,app");
    let runs = v["runs"].as_array().unwrap();
    let row = |style: &str, balancing: &str| {
        (runs.iter())
            .find(|r| r["style"] == style && r["balancing"] == balancing)
            .unwrap_or_else(|| panic!("{style} {balancing}: {runs:?}"))
    };
    let (rust, c) = (row("distributed", "app"), row("c-openmpi", "app"));
    assert_eq!(c["converged"], true, "{c}");
    assert_eq!(c["iterations"], rust["iterations"], "{c} vs {rust}");
    assert_ne!(
        rust["iterations"],
        row("distributed", "none")["iterations"],
        "the cut by cost differs from the equal one"
    );
    assert_eq!(
        row("c-openmpi", "none")["iterations"],
        row("distributed", "none")["iterations"]
    );
    // A study of cut runs only runs the C program cut.
    let v = study("app");
    let balancings: Vec<&str> = (v["runs"].as_array().unwrap().iter())
        .map(|r| r["balancing"].as_str().unwrap())
        .collect();
    assert_eq!(balancings, ["app", "app"], "{v}");
}

#[test]
fn a_run_past_its_limit_is_stopped_and_said_so() {
    if Mpi::OpenMpi.missing(&tools()).is_some() {
        eprintln!("note: Open MPI not tested: not installed");
        return;
    }
    let how = Launch {
        ranks: 1,
        pes: 1,
        lb: "none".into(),
        limit_s: 1,
    };
    let e = programs::launch(
        &tools(),
        Mpi::OpenMpi,
        Path::new("/bin/sleep"),
        &how,
        &["5".into()],
    )
    .err()
    .unwrap();
    assert_eq!(e, "stopped after 1 s");
}

#[test]
fn bad_experiment_options_are_usage_errors() {
    assert_usage_error(
        &arts(&["experiment", "ddm-mpi", "--check-every", "3"]),
        "--check-every 3",
    );
    assert_usage_error(
        &arts(&["experiment", "ddm-mpi", "--device", "/nonexistent/d.toml"]),
        "not found",
    );
    assert_usage_error(&arts(&["experiment", "ddm-mpi", "--lb", "bogus"]), "bogus");
}
