//! Issue 59: every file a command reads is checked before it is opened (a
//! FIFO or a device is refused, never waited on or streamed forever), a
//! checkpoint's manifest is checked against its data, and the ranges of
//! speeds are one for flags and files. Each refusal is one `error:` line
//! naming the file, exit 2.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{assert_usage_error, json};

/// Runs `arts args`, failing the test if it has not ended within 60 s
/// (a command blocked on a FIFO would never end).
fn arts(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arts runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("arts {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Makes a FIFO at `path` (nobody ever writes to it).
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let _ = std::fs::remove_file(path);
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// A jacobi2d run checkpointing into `root` after steps 4 and 8 (of 12).
fn checkpointed(root: &Path) {
    let args = "--json run jacobi2d --grid 60x44 --objects 4x3 --iters 12 --pes 2 \
                --checkpoint-every 4 --checkpoint-dir";
    let mut args: Vec<&str> = args.split_whitespace().collect();
    args.push(s(root));
    json(&arts(&args));
}

fn restart(root: &Path) -> Output {
    arts(&["--json", "restart", s(root), "--pes", "1"])
}

#[test]
fn fifos_in_a_checkpoint_are_refused_naming_them() {
    let root = tempfile::tempdir().unwrap();
    checkpointed(root.path());
    let ckpt = root.path().join("ckpt-8");
    // Each file of the checkpoint in turn replaced by a FIFO.
    for name in ["manifest.json", "main.bin", "array-0.p0.bin"] {
        let file = ckpt.join(name);
        let saved = std::fs::read(&file).unwrap();
        mkfifo(&file);
        let o = restart(root.path());
        assert_usage_error(&o, &format!("{}: is a FIFO", s(&file)));
        std::fs::remove_file(&file).unwrap();
        std::fs::write(&file, saved).unwrap();
    }
    let latest = root.path().join("latest");
    let saved = std::fs::read(&latest).unwrap();
    mkfifo(&latest);
    assert_usage_error(&restart(root.path()), "latest: is a FIFO");
    std::fs::remove_file(&latest).unwrap();
    std::fs::write(&latest, saved).unwrap();
    // A FIFO in the reference's place: computed again, the restart runs.
    mkfifo(&root.path().join("reference.bin"));
    let again = json(&restart(root.path()));
    assert_eq!(again["valid"], true, "{again}");
}

#[test]
fn an_edited_manifest_is_refused_naming_the_field() {
    let root = tempfile::tempdir().unwrap();
    checkpointed(root.path());
    let manifest = root.path().join("ckpt-8").join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let good: serde_json::Value = serde_json::from_str(&text).unwrap();
    for (field, value, words) in [
        ("rows", 512, "field `options.rows` is 512"),
        ("iters", 40, "field `options.iters` is 40"),
    ] {
        let mut m = good.clone();
        assert!(m["options"][field].is_u64(), "{m}");
        m["options"][field] = value.into();
        std::fs::write(&manifest, serde_json::to_string_pretty(&m).unwrap()).unwrap();
        let o = restart(root.path());
        assert_usage_error(&o, &format!("{}: {words}", s(&manifest)));
    }
    let mut m = good.clone();
    m["step"] = 4.into();
    std::fs::write(&manifest, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    assert_usage_error(&restart(root.path()), "field `step` is 4");
    std::fs::write(&manifest, &text).unwrap();
    assert_eq!(json(&restart(root.path()))["valid"], true);
}

#[test]
fn fifos_and_devices_given_as_inputs_are_refused_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    let f = s(&fifo);
    let cases: [&[&str]; 6] = [
        &["topology", "show", "--topology", f],
        &["predict", "--record", f, "--pes", "2"],
        &["predict", "validation", "--csv", f],
        &["lb", "simulate", "--input", f, "--strategy", "greedy"],
        &["trace", "summary", f],
        &["predict", "extrapolate", "--record", f],
    ];
    for args in cases {
        assert_usage_error(
            &arts(args),
            &format!("{f}: is a FIFO (named pipe), not a regular file"),
        );
    }
    assert_usage_error(
        &arts(&["predict", "validation", "--csv", "/dev/zero"]),
        "/dev/zero: is a character device, not a regular file",
    );
}

const DEVICE: &str = r#"spacing_nm = 5.0
node_csv = "nodes.csv"
[[layers]]
name = "p"
material = "Si"
thickness_nm = 1000
acceptors_cm3 = 1e16
[[layers]]
name = "n"
material = "Si"
thickness_nm = 1000
donors_cm3 = 1e16
"#;

#[test]
fn a_ddm_node_csv_must_be_a_small_regular_file_and_is_quoted_short() {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("pn.toml");
    std::fs::write(&device, DEVICE).unwrap();
    let csv = dir.path().join("nodes.csv");
    mkfifo(&csv);
    let run = || arts(&["run", "ddm", "--device", s(&device)]);
    assert_usage_error(&run(), "nodes.csv: is a FIFO");
    std::fs::remove_file(&csv).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &csv).unwrap();
    assert_usage_error(&run(), "nodes.csv: is a character device");
    std::fs::remove_file(&csv).unwrap();
    // One 20 MB line: the error quotes at most 80 characters of it.
    std::fs::write(&csv, "x".repeat(20 << 20)).unwrap();
    let o = run();
    assert_usage_error(&o, "unknown column `xxxx");
    assert!(o.stderr.len() < 600, "{} bytes", o.stderr.len());
}

#[test]
fn ddm_temperatures_outside_the_models_range_are_refused() {
    for t in ["0.001", "1e6"] {
        let o = arts(&["run", "ddm", "--preset", "si-pn", "--temperature-k", t]);
        assert_usage_error(&o, "accepted are 50 to 1000 K");
    }
}

#[test]
fn cluster_speeds_take_the_range_of_topology_files() {
    for speeds in ["1e-7,1", "1e7,1"] {
        let o = arts(&[
            "run",
            "jacobi2d",
            "--grid",
            "64x64",
            "--objects",
            "2x2",
            "--iters",
            "2",
            "--pes",
            "2",
            "--clusters",
            "2",
            "--cluster-speeds",
            speeds,
        ]);
        assert_usage_error(&o, "each 0.000001 to 1000000");
    }
}
