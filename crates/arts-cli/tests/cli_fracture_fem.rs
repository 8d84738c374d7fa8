//! End-to-end tests of `examples/fracture-fem/fracture.c`, the explicit
//! cohesive-fracture FEM written as an ordinary MPI program: the same
//! source built with Open MPI's `mpicc` and with `arts-mpicc`, run under
//! `mpirun -np 2` and `arts ampi run --vp 4|16 --pes 2` (with ranks
//! migrating), gives bit-identical displacements to the 1-rank run, keeps
//! its energy balance within 1%, grows its crack, matches the analytic
//! wave speed, and refuses bad input from rank 0 with one line.

mod common;
use common::{arts_text, have, mpicc};

use std::path::{Path, PathBuf};
use std::process::Command;

/// The program's source.
fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/fracture-fem/fracture.c")
}

/// Builds the program with arts-mpicc into `dir` (`None` without gcc).
fn build_arts(dir: &Path) -> Option<String> {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return None;
    }
    let out = dir.join("fracture.so");
    let ok = Command::new("sh")
        .arg(mpicc())
        .args(["-O2", "-Wall", "-Werror"])
        .arg(source())
        .arg("-o")
        .arg(&out)
        .arg("-lm")
        .status()
        .unwrap();
    assert!(ok.success(), "arts-mpicc fracture.c");
    Some(out.display().to_string())
}

/// Builds the program with Open MPI's mpicc (`None` without Open MPI).
fn build_open_mpi(dir: &Path) -> Option<PathBuf> {
    if !have("mpicc") || !have("mpirun") {
        eprintln!("not compared with Open MPI: mpicc/mpirun are not installed");
        return None;
    }
    let exe = dir.join("fracture.ompi");
    let ok = Command::new("mpicc")
        .args(["-O2", "-Wall", "-Werror"])
        .arg(source())
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .status()
        .unwrap();
    assert!(ok.success(), "mpicc fracture.c");
    Some(exe)
}

/// Runs the Open MPI build on `np` processes: exit code, stdout, stderr.
fn mpirun(exe: &Path, np: u32, args: &[&str]) -> (i32, String, String) {
    let out = Command::new("mpirun")
        .args(["--allow-run-as-root", "--oversubscribe", "-np"])
        .arg(np.to_string())
        .arg(exe)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the arts build on `vp` ranks over 2 PEs with `extra` options.
fn arts_run(so: &str, vp: u32, extra: &[&str], args: &[&str]) -> String {
    let vp = vp.to_string();
    let mut a = vec!["ampi", "run", "--vp", &vp, "--pes", "2"];
    a.extend_from_slice(extra);
    a.push(so);
    a.push("--");
    a.extend_from_slice(args);
    let (code, out, err) = arts_text(&a);
    assert_eq!(code, 0, "{out}\n{err}");
    out
}

/// The value after `key` on the program's line starting with `prefix`.
fn field<'a>(out: &'a str, prefix: &str, key: &str) -> &'a str {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line {prefix}: {out}"));
    let rest = &line[line.find(key).unwrap_or_else(|| panic!("{key} in {line}")) + key.len()..];
    rest.split_whitespace().next().unwrap()
}

/// The checksum line: sum |u| and the hash of every displacement's bits.
fn checksum(out: &str) -> String {
    out.lines()
        .find(|l| l.starts_with("fracture: checksum"))
        .unwrap_or_else(|| panic!("no checksum: {out}"))
        .to_string()
}

/// A small block whose crack grows within the run (a coarse mesh needs a
/// lower strength to start the crack: the extrinsic criterion reads the
/// stress of the elements at the tip).
const SMALL: [&str; 10] = [
    "--nx", "32", "--ny", "16", "--steps", "800", "--print", "200", "--sigc", "400e6",
];

#[test]
fn chunks_and_mpis_agree_bit_for_bit_with_energy_balanced_and_crack_grown() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_arts(dir.path()) else {
        return;
    };
    let one = arts_run(&so, 1, &[], &SMALL);
    let err: f64 = field(&one, "fracture: energy balance", "max error ")
        .parse()
        .unwrap();
    assert!(err < 0.01, "energy balance {err}: {one}");
    let cracked: u32 = field(&one, "fracture: crack tip", "m, ").parse().unwrap();
    assert!(
        cracked > 12,
        "the crack grew from the notch's 6 faces: {one}"
    );
    let plastic: u32 = field(&one, "fracture: crack tip", "cracked, ")
        .parse()
        .unwrap();
    assert!(plastic > 100, "{one}");
    let reference = checksum(&one);
    // V = 4 and 16 on 2 PEs; 16 with ranks moved by the balancer.
    let four = arts_run(&so, 4, &[], &SMALL);
    assert_eq!(checksum(&four), reference);
    let mut moving = SMALL.to_vec();
    moving.extend_from_slice(&["--migrate", "100"]);
    let sixteen = arts_run(&so, 16, &["--lb", "greedy", "--lb-period", "1"], &moving);
    assert_eq!(checksum(&sixteen), reference);
    // Energies agree up to the reduction order.
    let row = |out: &str| -> Vec<f64> {
        out.lines()
            .find(|l| l.trim_start().starts_with("800 "))
            .unwrap()
            .split_whitespace()
            .skip(2)
            .take(5)
            .map(|v| v.parse().unwrap())
            .collect()
    };
    for (a, b) in row(&one).iter().zip(row(&sixteen)) {
        assert!((a - b).abs() <= 1e-9 * a.abs().max(1.0), "{a} vs {b}");
    }
    // The same source under Open MPI, 1 and 2 processes.
    if let Some(exe) = build_open_mpi(dir.path()) {
        for np in [1, 2] {
            let (code, out, err) = mpirun(&exe, np, &SMALL);
            assert_eq!(code, 0, "{err}");
            assert_eq!(checksum(&out), reference, "np {np}");
        }
    }
}

#[test]
fn elastic_wave_travels_at_the_dilatational_speed() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_arts(dir.path()) else {
        return;
    };
    let args = [
        "--wave", "--nx", "8", "--ny", "64", "--steps", "300", "--print", "100",
    ];
    let out = arts_run(&so, 4, &[], &args);
    let err: f64 = field(&out, "fracture: wave speed", "error ")
        .trim_end_matches('%')
        .parse()
        .unwrap();
    assert!(err < 1.0, "wave speed error {err}%: {out}");
    // Without cracking the energy is conserved to the integrator's order.
    let bal: f64 = field(&out, "fracture: energy balance", "max error ")
        .parse()
        .unwrap();
    assert!(bal < 0.01, "{out}");
}

#[test]
fn a_gmsh_file_of_the_block_gives_the_generated_run() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_arts(dir.path()) else {
        return;
    };
    let msh = dir.path().join("block.msh");
    let msh = msh.to_str().unwrap();
    arts_run(
        &so,
        1,
        &[],
        &["--nx", "32", "--ny", "16", "--write-msh", msh],
    );
    assert!(
        std::fs::read_to_string(msh)
            .unwrap()
            .starts_with("$MeshFormat\n4.1 0 8\n")
    );
    let generated = arts_run(&so, 4, &[], &SMALL);
    let mut read = SMALL.to_vec();
    read.extend_from_slice(&["--mesh", msh]);
    assert_eq!(
        checksum(&arts_run(&so, 4, &[], &read)),
        checksum(&generated)
    );
}

/// Runs `args` on 4 ranks under arts; asserts exit 2 and one program error
/// line from rank 0 containing `needle`.
fn refused(so: &str, args: &[&str], needle: &str) {
    let mut a = vec!["ampi", "run", "--vp", "4", "--pes", "2", so, "--"];
    a.extend_from_slice(args);
    let (code, _, err) = arts_text(&a);
    assert_eq!(code, 2, "{args:?}: {err}");
    let ours: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("error: fracture:"))
        .collect();
    assert_eq!(ours.len(), 1, "{err}");
    assert!(ours[0].contains(needle), "{args:?}: {err}");
}

#[test]
fn bad_parameters_and_bad_meshes_are_refused_from_rank_0() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_arts(dir.path()) else {
        return;
    };
    refused(
        &so,
        &["--dt", "1e-6"],
        "above the stable time step 1.887e-07 s",
    );
    refused(&so, &["--cfl", "1.5"], "stable time step");
    refused(&so, &["--nu", "0.5"], "--nu must be in [0, 0.5)");
    refused(&so, &["--steps", "x"], "--steps x is not a whole number");
    refused(&so, &["--load", "shear"], "dcb or tension");
    refused(&so, &["--mesh", "/nonexistent.msh"], "cannot open mesh");
    let msh = dir.path().join("b.msh");
    arts_run(
        &so,
        1,
        &[],
        &[
            "--nx",
            "4",
            "--ny",
            "4",
            "--write-msh",
            msh.to_str().unwrap(),
        ],
    );
    let good = std::fs::read_to_string(&msh).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let truncated = write("trunc.msh", &good[..good.len() * 2 / 3]);
    refused(&so, &["--mesh", &truncated], "truncated");
    let lines: Vec<&str> = good.lines().collect();
    let at = lines.iter().position(|l| *l == "$Elements").unwrap() + 3;
    let mut inv = lines.clone();
    let t: Vec<&str> = inv[at].split(' ').collect();
    let swapped = format!("{} {} {} {}", t[0], t[1], t[3], t[2]);
    inv[at] = &swapped;
    refused(
        &so,
        &["--mesh", &write("inv.msh", &inv.join("\n"))],
        "inverted",
    );
    let v2 = write("v2.msh", &good.replacen("4.1 0 8", "2.2 0 8", 1));
    refused(&so, &["--mesh", &v2], "only v4 ASCII");
    // Two blocks side by side: a second copy of every triangle on new nodes.
    let disconnected = {
        let nodes = lines.iter().position(|l| *l == "$Nodes").unwrap();
        let n: usize = lines[nodes + 1].split(' ').nth(1).unwrap().parse().unwrap();
        let mut s = String::from("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n");
        s += &format!("2 {} 1 {}\n2 1 0 {n}\n", 2 * n, 2 * n);
        for k in 1..=n {
            s += &format!("{k}\n");
        }
        for l in &lines[nodes + 3 + n..nodes + 3 + 2 * n] {
            s += &format!("{l}\n");
        }
        s += &format!("2 2 0 {n}\n");
        for k in 1..=n {
            s += &format!("{}\n", n + k);
        }
        for l in &lines[nodes + 3 + n..nodes + 3 + 2 * n] {
            let c: Vec<f64> = l.split(' ').map(|v| v.parse().unwrap()).collect();
            s += &format!("{} {} 0\n", c[0] + 1.0, c[1]);
        }
        let els = lines.iter().position(|l| *l == "$Elements").unwrap();
        let m: usize = lines[els + 1].split(' ').nth(1).unwrap().parse().unwrap();
        s += &format!("$EndNodes\n$Elements\n2 {} 1 {}\n2 1 2 {m}\n", 2 * m, 2 * m);
        for l in &lines[els + 3..els + 3 + m] {
            s += &format!("{l}\n");
        }
        s += &format!("2 2 2 {m}\n");
        for l in &lines[els + 3..els + 3 + m] {
            let v: Vec<usize> = l.split(' ').map(|x| x.parse().unwrap()).collect();
            s += &format!("{} {} {} {}\n", v[0] + m, v[1] + n, v[2] + n, v[3] + n);
        }
        s + "$EndElements\n"
    };
    refused(
        &so,
        &["--mesh", &write("two.msh", &disconnected)],
        "disconnected",
    );
}

#[test]
fn the_experiment_writes_utilization_and_latency_figures() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("figs");
    let out = common::arts(&[
        "--json",
        "experiment",
        "fracture-fem",
        "--quick",
        "--vp",
        "8",
        "--steps",
        "400",
        "--latencies",
        "0,0.5",
        "--balancers",
        "none,grid-comm",
        "--bins",
        "10",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let v = common::json(&out);
    assert_eq!(v["experiment"], "fracture-fem");
    let util = v["utilization"].as_array().unwrap();
    assert_eq!(util.len(), 2);
    assert_eq!(util[1]["lb"], "greedy");
    // Balancing moves chunks, never changes the displacements.
    assert_eq!(util[0]["checksum"], util[1]["checksum"]);
    for u in util {
        let per_pe = u["utilization"]["per_pe"].as_array().unwrap();
        assert_eq!(per_pe.len(), 2);
        for x in per_pe[0].as_array().unwrap() {
            let x = x.as_f64().unwrap();
            assert!((0.0..=1.0).contains(&x), "{x}");
        }
    }
    let grid = v["grid"].as_array().unwrap();
    assert_eq!(grid.len(), 4);
    // Latency on every step's exchange costs: 0.5 ms is slower than none.
    let at = |lat: f64, b: &str| {
        grid.iter()
            .find(|g| g["latency_ms"] == lat && g["balancer"] == b)
            .unwrap()["step_600_700_ms"]
            .as_f64()
            .unwrap()
    };
    assert!(at(0.5, "none") > at(0.0, "none"), "{grid:?}");
    for f in [
        "fracture-fem-utilization.csv",
        "fracture-fem-grid.csv",
        "fracture-fem-utilization-time.svg",
        "fracture-fem-utilization-pe.svg",
        "fracture-fem-grid.svg",
    ] {
        assert!(out_dir.join(f).is_file(), "{f}");
    }
    let csv = std::fs::read_to_string(out_dir.join("fracture-fem-grid.csv")).unwrap();
    assert!(
        csv.starts_with("latency_ms,balancer,step_600_700_ms,mean_step_ms\n"),
        "{csv}"
    );
    // A bad balancer is refused before any run, nothing written.
    let bad_dir = dir.path().join("bad");
    let out = common::arts(&[
        "experiment",
        "fracture-fem",
        "--quick",
        "--balancers",
        "fastest",
        "--out",
        bad_dir.to_str().unwrap(),
    ]);
    common::assert_usage_error(&out, "balancer 'fastest' is not known");
    assert!(!bad_dir.exists());
}

#[test]
fn a_run_restarted_from_a_whole_rank_checkpoint_ends_as_the_run_that_saved_it() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_arts(dir.path()) else {
        return;
    };
    let ck = dir.path().join("ck");
    let ck = ck.to_str().unwrap();
    let mut args = SMALL.to_vec();
    args.extend_from_slice(&["--checkpoint", "400"]);
    let whole = arts_run(&so, 4, &["--isomalloc", "--checkpoint-dir", ck], &args);
    let restart = format!("{ck}/ckpt-1");
    let resumed = arts_run(&so, 4, &["--isomalloc", "--restart", &restart], &args);
    // It goes on at step 401: the rows from 600 on only, the same end.
    assert!(
        !resumed.lines().any(|l| l.trim_start().starts_with("400 ")),
        "{resumed}"
    );
    assert!(
        resumed.lines().any(|l| l.trim_start().starts_with("600 ")),
        "{resumed}"
    );
    assert_eq!(checksum(&resumed), checksum(&whole));
}

/// Builds the program with Open MPI's mpicc and the system's METIS
/// (`-DHAVE_METIS -lmetis`; `None` without Open MPI or `libmetis-dev`).
fn build_open_mpi_metis(dir: &Path) -> Option<PathBuf> {
    if !have("mpicc") || !have("mpirun") || !Path::new("/usr/include/metis.h").is_file() {
        eprintln!("not compared with Open MPI + METIS: mpicc, mpirun or metis.h is missing");
        return None;
    }
    let exe = dir.join("fracture.metis");
    let ok = Command::new("mpicc")
        .args(["-O2", "-Wall", "-Werror", "-DHAVE_METIS"])
        .arg(source())
        .arg("-o")
        .arg(&exe)
        .args(["-lm", "-lmetis"])
        .status()
        .unwrap();
    assert!(ok.success(), "mpicc -DHAVE_METIS fracture.c -lmetis");
    Some(exe)
}

/// The partition line: method and chunks, e.g. `metis, 4 chunks`.
fn partition_of(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.starts_with("fracture: partition "))
        .unwrap_or_else(|| panic!("no partition line: {out}"));
    line["fracture: partition ".len()..]
        .split(" chunks")
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn metis_chunks_give_the_displacements_of_bisection_on_both_mpis() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_arts(dir.path()) else {
        return;
    };
    let reference = arts_run(&so, 4, &[], &SMALL);
    assert_eq!(partition_of(&reference), "rcb, 4");
    let mut metis = SMALL.to_vec();
    metis.extend_from_slice(&["--partition", "metis"]);
    // METIS through the arts binary's export, at V = 4 and 16 (moving).
    let four = arts_run(&so, 4, &[], &metis);
    assert_eq!(partition_of(&four), "metis, 4");
    assert_eq!(checksum(&four), checksum(&reference));
    let mut moving = metis.clone();
    moving.extend_from_slice(&["--migrate", "200"]);
    let sixteen = arts_run(&so, 16, &["--lb", "greedy", "--lb-period", "1"], &moving);
    assert_eq!(partition_of(&sixteen), "metis, 16");
    assert_eq!(checksum(&sixteen), checksum(&reference));
    // The system's METIS under Open MPI.
    if let Some(exe) = build_open_mpi_metis(dir.path()) {
        let (code, out, err) = mpirun(&exe, 2, &metis);
        assert_eq!(code, 0, "{err}");
        assert_eq!(partition_of(&out), "metis, 2");
        assert_eq!(checksum(&out), checksum(&reference));
    }
    // Without METIS (Open MPI, no -DHAVE_METIS) it is named, not guessed.
    if let Some(exe) = build_open_mpi(dir.path()) {
        let (code, _, err) = mpirun(&exe, 2, &metis);
        assert_eq!(code, 2, "{err}");
        let ours: Vec<&str> = err
            .lines()
            .filter(|l| l.starts_with("error: fracture:"))
            .collect();
        assert_eq!(ours.len(), 1, "{err}");
        assert!(ours[0].contains("this build has no METIS"), "{err}");
    }
    refused(&so, &["--partition", "scotch"], "rcb or metis");
}

#[test]
fn a_mesh_above_max_mesh_mb_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_arts(dir.path()) else {
        return;
    };
    // 2 million triangles would need about 373 MB per rank of 4: the
    // global mesh while a chunk is built (216 MB) and a quarter of the state.
    refused(
        &so,
        &["--nx", "1000", "--ny", "1000", "--max-mesh-mb", "100"],
        "generated block needs about 373.2 MB per rank (1003002 nodes, 2000000 elements, 4 ranks), \
         above --max-mesh-mb 100",
    );
    refused(&so, &["--max-mesh-mb", "-1"], "--max-mesh-mb must be >= 0");
    // A file: its headers' counts, before a node is stored.
    let msh = dir.path().join("b.msh");
    let msh = msh.to_str().unwrap();
    arts_run(
        &so,
        1,
        &[],
        &["--nx", "32", "--ny", "16", "--write-msh", msh],
    );
    refused(
        &so,
        &["--mesh", msh, "--max-mesh-mb", "0.05"],
        "b.msh needs about 0.2 MB per rank",
    );
    // Under a bound it fits, the run is the unbounded one; under arts'
    // --max-memory the program's own check names the mesh first.
    let mut fits = SMALL.to_vec();
    fits.extend_from_slice(&["--max-mesh-mb", "1"]);
    assert_eq!(
        checksum(&arts_run(&so, 4, &[], &fits)),
        checksum(&arts_run(&so, 4, &[], &SMALL))
    );
    let args = [
        "ampi",
        "run",
        "--vp",
        "4",
        "--pes",
        "2",
        "--max-memory",
        "512M",
        &so,
        "--",
        "--nx",
        "2000",
        "--ny",
        "1000",
        "--max-mesh-mb",
        "64",
    ];
    let (code, _, err) = arts_text(&args);
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("error: fracture:"))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].contains("above --max-mesh-mb 64"), "{err}");
    assert!(!err.contains("exceeded its memory share"), "{err}");
}
