//! `run jacobi2d|zones|hotspot|leanmd|fracture --checkpoint-every` (and on
//! SIGUSR1, SIGTERM, a timer) and `arts restart`: a restart on another
//! PE count ends bit-identical to an uninterrupted run; damaged or foreign
//! checkpoints are refused naming the file; a crash mid-write keeps the
//! previous checkpoint.

mod common;

use std::path::Path;

use common::{arts, assert_usage_error, json};

const PROBLEM: [&str; 6] = ["--grid", "60x44", "--objects", "4x3", "--iters", "12"];

fn jacobi(extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["--json", "run", "jacobi2d"];
    args.extend(PROBLEM);
    args.extend(extra);
    json(&arts(&args))
}

fn restart(dir: &Path, pes: &str) -> serde_json::Value {
    let dir = dir.to_str().unwrap();
    json(&arts(&["--json", "restart", dir, "--pes", pes]))
}

/// A checkpoint root with checkpoints after steps 4 and 8.
fn checkpointed(root: &Path) -> serde_json::Value {
    let dir = root.to_str().unwrap();
    jacobi(&[
        "--pes",
        "2",
        "--checkpoint-every",
        "4",
        "--checkpoint-dir",
        dir,
        "--keep",
        "3",
    ])
}

#[test]
fn a_restart_on_1_2_and_3_pes_is_bit_identical_to_an_uninterrupted_run() {
    let plain = jacobi(&["--pes", "2"]);
    let root = tempfile::tempdir().unwrap();
    let with = checkpointed(root.path());
    assert_eq!(with["residual_final"], plain["residual_final"]);
    assert_eq!(with["checkpoint_dir"], root.path().to_str().unwrap());
    assert_eq!(with["checkpoints"], 2);
    // One 60x44 grid of f64 with halos (a block's scratch copy is not
    // saved), and a little more per block.
    let state = with["checkpoint_state_bytes"].as_u64().unwrap();
    assert!(state > 60 * 44 * 8 && state < 2 * 60 * 44 * 8, "{state}");
    assert!(with["checkpoint_write_median_s"].as_f64().unwrap() > 0.0);
    assert!(with["checkpoint_pause_median_s"].as_f64().unwrap() > 0.0);
    assert!(root.path().join("ckpt-4").is_dir() && root.path().join("ckpt-8").is_dir());
    for pes in ["1", "2", "3"] {
        let again = restart(&root.path().join("ckpt-4"), pes);
        assert_eq!(
            again["residual_final"], plain["residual_final"],
            "{pes} PEs"
        );
        assert_eq!(again["max_abs_diff"], plain["max_abs_diff"], "{pes} PEs");
        assert_eq!(again["valid"], true);
        assert_eq!(again["resumed_from_step"], 4);
        assert_eq!(again["pes"].as_u64().unwrap().to_string(), pes);
    }
    // The root restarts from its latest checkpoint.
    let latest = restart(root.path(), "3");
    assert_eq!(latest["resumed_from_step"], 8);
    assert_eq!(latest["residual_final"], plain["residual_final"]);
}

#[test]
fn background_checkpoints_are_published_and_restart_bit_identical() {
    let plain = jacobi(&["--pes", "2"]);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let args = ["--pes", "2", "--checkpoint-every", "4", "--checkpoint-dir"];
    let with = jacobi(&[&args[..], &[dir, "--keep", "3", "--checkpoint-async"]].concat());
    assert_eq!(with["residual_final"], plain["residual_final"]);
    assert_eq!(with["checkpoints"], 2);
    // The elements were held for the image only, never longer than the write.
    let pause = with["checkpoint_pause_median_s"].as_f64().unwrap();
    assert!(pause >= with["checkpoint_gather_median_s"].as_f64().unwrap());
    for step in ["4", "8"] {
        let again = restart(&root.path().join(format!("ckpt-{step}")), "3");
        assert_eq!(again["residual_final"], plain["residual_final"], "{step}");
        assert_eq!(again["valid"], true);
    }
    // Only the checkpoints (and the jobs' lock file) are left: no staging
    // directory outlives the run.
    let mut names: Vec<String> = std::fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [".arts-lock", "ckpt-4", "ckpt-8", "latest", "reference.bin"]
    );
}

#[test]
fn a_restart_validates_against_the_kept_reference_without_recomputing_it() {
    let root = tempfile::tempdir().unwrap();
    let with = checkpointed(root.path());
    assert_eq!(with["reference_reused"], false);
    let kept = root.path().join("reference.bin");
    assert!(kept.is_file());
    for dir in [root.path().to_path_buf(), root.path().join("ckpt-4")] {
        let again = restart(&dir, "2");
        assert_eq!(again["reference_reused"], true, "{}", dir.display());
        assert_eq!(again["valid"], true);
        assert_eq!(again["residual_final"], with["residual_final"]);
    }
    let dir = root.path().to_str().unwrap();
    let resumed = jacobi(&[
        "--pes",
        "3",
        "--checkpoint-every",
        "4",
        "--checkpoint-dir",
        dir,
        "--resume",
    ]);
    assert_eq!(resumed["resumed_from_step"], 8);
    assert_eq!(resumed["reference_reused"], true);
    // A damaged one is computed again, and the run is still validated.
    let mut bytes = std::fs::read(&kept).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&kept, &bytes).unwrap();
    let again = restart(root.path(), "1");
    assert_eq!(again["reference_reused"], false);
    assert_eq!(again["valid"], true);
    assert_eq!(again["max_abs_diff"], with["max_abs_diff"]);
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_refused_naming_the_file() {
    let root = tempfile::tempdir().unwrap();
    checkpointed(root.path());
    let ckpt = root.path().join("ckpt-8");
    let run = |dir: &Path| arts(&["restart", dir.to_str().unwrap(), "--pes", "1"]);
    let data = ckpt.join("array-0.p0.bin");
    let bytes = std::fs::read(&data).unwrap();
    std::fs::write(&data, &bytes[..bytes.len() / 2]).unwrap();
    assert_usage_error(&run(root.path()), "array-0.p0.bin: truncated");
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 0x40;
    std::fs::write(&data, &flipped).unwrap();
    assert_usage_error(&run(&ckpt), "array-0.p0.bin: checksum mismatch");
    std::fs::write(&data, &bytes).unwrap();
    let manifest = ckpt.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    // An edited app is refused by the manifest's seal (issue 59), before
    // the apps' own checks (their unit tests reach those).
    std::fs::write(&manifest, text.replace("\"jacobi2d\"", "\"pdes\"")).unwrap();
    assert_usage_error(&run(&ckpt), "manifest.json: field `app` is \"pdes\"");
    std::fs::write(&manifest, text.replace("\"jacobi2d\"", "\"zones\"")).unwrap();
    assert_usage_error(&run(&ckpt), "manifest.json: field `app` is \"zones\"");
    std::fs::write(&manifest, "not json").unwrap();
    assert_usage_error(&run(&ckpt), "manifest.json: not an arts checkpoint");
    let empty = tempfile::tempdir().unwrap();
    assert_usage_error(&run(empty.path()), "manifest.json: missing");
}

#[test]
fn a_crash_mid_write_keeps_the_previous_checkpoint_usable() {
    let plain = jacobi(&["--pes", "1"]);
    let root = tempfile::tempdir().unwrap();
    checkpointed(root.path());
    // A writer killed while staging a later checkpoint: its temporary
    // directory with a partial file; `latest` still names ckpt-8.
    let tmp = root.path().join(".arts-tmp-999999999-ckpt-12");
    std::fs::create_dir(&tmp).unwrap();
    std::fs::write(tmp.join("array-0.bin"), b"partial").unwrap();
    let again = restart(root.path(), "2");
    assert_eq!(again["resumed_from_step"], 8);
    assert_eq!(again["residual_final"], plain["residual_final"]);
}

#[test]
fn bad_checkpoint_flags_are_usage_errors() {
    let mut args = vec!["run", "jacobi2d"];
    args.extend(PROBLEM);
    let with = |extra: &[&str]| {
        let mut a = args.clone();
        a.extend(extra);
        arts(&a)
    };
    assert_usage_error(&with(&["--checkpoint-every", "3"]), "--checkpoint-dir");
    assert_usage_error(
        &with(&["--checkpoint-every", "0", "--checkpoint-dir", "x"]),
        "0",
    );
    let file = tempfile::NamedTempFile::new().unwrap();
    let path = file.path().to_str().unwrap();
    let out = with(&["--checkpoint-every", "3", "--checkpoint-dir", path]);
    assert_usage_error(&out, "is not a directory");
}

/// `app`'s run with `problem` on 2 PEs, checkpointed every 3 steps, and
/// restarted from its first checkpoint on 1 and 3 PEs, ends like a plain run.
fn restarts_like_a_plain_run(app: &str, problem: &[&str]) {
    let run = |extra: &[&str]| {
        let mut a = vec!["--json", "run", app, "--pes", "2"];
        a.extend(problem);
        a.extend(extra);
        json(&arts(&a))
    };
    let plain = run(&[]);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let with = run(&["--checkpoint-every", "3", "--checkpoint-dir", dir]);
    assert_eq!(with["residual_final"], plain["residual_final"], "{app}");
    for pes in ["1", "3"] {
        let again = restart(&root.path().join("ckpt-3"), pes);
        assert_eq!(again["app"], app);
        assert_eq!(again["resumed_from_step"], 3);
        let what = format!("{app} on {pes} PEs");
        assert_eq!(again["residual_final"], plain["residual_final"], "{what}");
        assert_eq!(again["max_abs_diff"], plain["max_abs_diff"], "{what}");
        assert_eq!(again["valid"], true, "{what}");
    }
}

#[test]
fn zones_and_hotspot_restart_like_a_plain_run() {
    let zones = ["--zones", "3x2", "--base", "6", "--iters", "8"];
    restarts_like_a_plain_run("zones", &zones);
    let hotspot = [
        "--grid",
        "30x24",
        "--objects",
        "3x2",
        "--iters",
        "8",
        "--work",
        "4",
    ];
    restarts_like_a_plain_run("hotspot", &hotspot);
}

#[test]
fn a_run_whose_blocks_migrate_restarts_bit_identical() {
    let plain = jacobi(&["--pes", "1"]);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let lb = ["--lb", "rotate", "--lb-period", "1"];
    let mut args = vec![
        "--pes",
        "3",
        "--checkpoint-every",
        "5",
        "--checkpoint-dir",
        dir,
    ];
    args.extend(lb);
    let with = jacobi(&args);
    assert!(with["migrations"].as_u64().unwrap() > 0);
    assert_eq!(with["residual_final"], plain["residual_final"]);
    let ckpt = root.path().join("ckpt-5");
    let mut args = vec!["--json", "restart", ckpt.to_str().unwrap(), "--pes", "2"];
    args.extend(lb);
    let again = json(&arts(&args));
    assert!(again["migrations"].as_u64().unwrap() > 0);
    assert_eq!(again["residual_final"], plain["residual_final"]);
    assert_eq!(again["max_abs_diff"], plain["max_abs_diff"]);
}

/// Sends `signal` to `child`.
fn kill(signal: &str, child: &std::process::Child) {
    let pid = child.id().to_string();
    let sent = std::process::Command::new("kill")
        .args([signal, &pid])
        .status();
    assert!(sent.unwrap().success(), "kill {signal}");
}

/// Waits until `root` holds a checkpoint written by `child`, for at most 60 s.
fn wait_for_checkpoint(root: &Path, child: &mut std::process::Child) -> Vec<u64> {
    let t = std::time::Instant::now();
    loop {
        let steps = arts_core::checkpoint::disk::list(root);
        if !steps.is_empty() && root.join("latest").exists() {
            return steps;
        }
        assert_eq!(child.try_wait().unwrap(), None, "the run ended");
        assert!(t.elapsed().as_secs() < 60, "no checkpoint appeared");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Waits until `child` has a thread called `name`.
fn wait_for_thread(child: &std::process::Child, name: &str) {
    let tasks = format!("/proc/{}/task", child.id());
    let t = std::time::Instant::now();
    while !std::fs::read_dir(&tasks)
        .into_iter()
        .flatten()
        .flatten()
        .any(|task| {
            std::fs::read_to_string(task.path().join("comm")).is_ok_and(|c| c.trim() == name)
        })
    {
        assert!(t.elapsed().as_secs() < 60, "no thread {name}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Starts a long checkpointing run (`restart` continues one) that stops on
/// SIGTERM, and waits until its PEs run: by then SIGTERM asks for a last
/// checkpoint (earlier, while it starts up, it ends the process, 143).
fn start_long(args: &[&str], root: &Path) -> std::process::Child {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .args(["--pes", "2", "--checkpoint-dir"])
        .arg(root)
        .arg("--checkpoint-on-term")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_thread(&child, "arts-pe-0");
    child
}

/// Waits for `child` to stop on SIGTERM: exit 0 and a report whose
/// `stopped_at_step` is the newest checkpoint in `root`.
fn stopped_step(child: std::process::Child, root: &Path) -> u64 {
    kill("-TERM", &child);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("continue with `arts restart"), "{err}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let step = report["stopped_at_step"].as_u64().expect("stopped");
    assert_eq!(report["valid"], false);
    let latest = std::fs::read_to_string(root.join("latest")).unwrap();
    assert_eq!(latest.trim(), format!("ckpt-{step}"));
    step
}

#[test]
fn sigusr1_checkpoints_and_sigterm_checkpoints_and_stops_a_run_and_its_restart() {
    let root = tempfile::tempdir().unwrap();
    let run = [
        "--json",
        "run",
        "jacobi2d",
        "--grid",
        "64x64",
        "--objects",
        "4x4",
        "--iters",
        "200000",
    ];
    let mut child = start_long(&run, root.path());
    // Checkpoints only when asked: SIGUSR1 asks (during the sequential
    // reference the request waits for the first step). The run would take
    // about 10 s; it is stopped long before.
    kill("-USR1", &child);
    let first = wait_for_checkpoint(root.path(), &mut child);
    assert_eq!(first.len(), 1, "{first:?}");
    let stopped = stopped_step(child, root.path());
    assert!(stopped > first[0], "{stopped} after {first:?}");
    // The restart continues from there and can be stopped the same way.
    let dir = root.path().to_str().unwrap();
    let child = start_long(&["--json", "restart", dir], root.path());
    let again = stopped_step(child, root.path());
    assert!(again > stopped, "{again} after {stopped}");
}

#[test]
fn a_checkpoint_timer_checkpoints_a_run_that_restarts_bit_identical() {
    let long = [
        "--grid",
        "60x44",
        "--objects",
        "4x3",
        "--iters",
        "2000",
        "--pes",
        "2",
    ];
    let run = |extra: &[&str]| {
        let mut args = vec!["--json", "run", "jacobi2d"];
        args.extend(long);
        args.extend(extra);
        json(&arts(&args))
    };
    let plain = run(&[]);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let with = run(&[
        "--checkpoint-dir",
        dir,
        "--checkpoint-every-seconds",
        "0.001",
    ]);
    assert_eq!(with["residual_final"], plain["residual_final"]);
    assert!(with["checkpoints"].as_u64().unwrap() >= 1, "{with}");
    let again = restart(root.path(), "1");
    assert_eq!(again["residual_final"], plain["residual_final"]);
    for bad in ["0", "-1", "nan", "soon"] {
        let mut args = vec!["run", "jacobi2d"];
        args.extend(PROBLEM);
        args.extend(["--checkpoint-dir", dir, "--checkpoint-every-seconds", bad]);
        assert_usage_error(&arts(&args), "seconds > 0");
    }
}

#[test]
fn storm_restarts_on_3_pes_like_an_uninterrupted_run() {
    let storm = |extra: &[&str]| {
        let mut args = vec![
            "--json",
            "run",
            "storm",
            "--elements",
            "12",
            "--rounds",
            "9",
        ];
        args.extend(extra);
        json(&arts(&args))
    };
    let plain = storm(&["--pes", "2"]);
    assert_eq!(plain["valid"], true);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let rotate = ["--lb", "rotate", "--lb-period", "1"];
    let mut args = vec![
        "--pes",
        "2",
        "--checkpoint-every",
        "4",
        "--checkpoint-dir",
        dir,
    ];
    args.extend(rotate);
    let with = storm(&args);
    assert_eq!(with["checkpoints"], 2);
    assert!(with["migrations"].as_u64().unwrap() > 0);
    for from in [root.path().join("ckpt-4"), root.path().to_path_buf()] {
        let again = restart(&from, "3");
        assert_eq!(again["app"], "storm");
        for key in [
            "valid",
            "sent",
            "received",
            "exactly_once",
            "reductions_ok",
            "elements",
        ] {
            assert_eq!(again[key], plain[key], "{key} from {}", from.display());
        }
    }
    assert_eq!(restart(root.path(), "1")["resumed_from_step"], 8);
}

#[test]
fn a_storm_that_fails_after_a_checkpoint_restarts_without_the_failure() {
    let args = [
        "run",
        "storm",
        "--elements",
        "12",
        "--rounds",
        "9",
        "--pes",
        "2",
    ];
    let plain = json(&arts(&[&["--json"][..], &args].concat()));
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let failing = [
        "--checkpoint-every",
        "3",
        "--checkpoint-dir",
        dir,
        "--panic-at",
        "5:7",
    ];
    let out = arts(&[&args[..], &failing].concat());
    assert_eq!(
        out.status.code(),
        Some(1),
        "the injected panic fails the run"
    );
    assert_eq!(arts_core::checkpoint::disk::list(root.path()), vec![3, 6]);
    let again = restart(root.path(), "3");
    assert_eq!(again["resumed_from_step"], 6);
    for key in ["valid", "sent", "received", "exactly_once", "reductions_ok"] {
        assert_eq!(again[key], plain[key], "{key}");
    }
}

/// A small leanmd run: 3x3x3 cells of 27 atoms, 20 steps.
const LEANMD: [&str; 9] = [
    "leanmd",
    "--cells",
    "3x3x3",
    "--atoms-per-cell",
    "27",
    "--steps",
    "20",
    "--migrate-every",
    "4",
];

/// `arts run leanmd` with `extra` options.
fn leanmd(extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["--json", "run"];
    args.extend(LEANMD);
    args.extend(["--kernel-reps", "0"]);
    args.extend(extra);
    json(&arts(&args))
}

#[test]
fn leanmd_restarts_on_3_pes_with_atoms_bit_identical_to_an_uninterrupted_run() {
    let plain = leanmd(&["--pes", "2"]);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let with = leanmd(&[
        "--pes",
        "2",
        "--checkpoint-every",
        "6",
        "--checkpoint-dir",
        dir,
        "--keep",
        "5",
    ]);
    assert_eq!(with["checkpoints"], 3);
    assert_eq!(with["checkpoint_dir"], dir);
    assert_eq!(
        arts_core::checkpoint::disk::list(root.path()),
        vec![6, 12, 18]
    );
    for from in [root.path().join("ckpt-6"), root.path().to_path_buf()] {
        let again = restart(&from, "3");
        let what = format!("from {}", from.display());
        assert_eq!(again["app"], "leanmd", "{what}");
        assert_eq!(again["pes"], 3, "{what}");
        // Every atom's position and velocity is bit-identical to the
        // sequential reference, as in the uninterrupted run; so are the
        // energies (summed in object order).
        let keys = [
            "valid",
            "mismatched_atoms",
            "max_abs_diff",
            "stray_atoms",
            "atoms",
            "steps",
            "energy_initial",
            "energy_final",
            "energy_drift",
        ];
        for key in keys {
            assert_eq!(again[key], plain[key], "{key} {what}");
        }
        assert_eq!(again["valid"], true);
        assert_eq!(again["step_times_s"].as_array().unwrap().len(), 20);
    }
    assert_eq!(
        restart(&root.path().join("ckpt-6"), "3")["resumed_from_step"],
        6
    );
    assert_eq!(restart(root.path(), "1")["resumed_from_step"], 18);
}

#[test]
fn a_leanmd_checkpoint_that_does_not_fit_is_refused_naming_the_file() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    leanmd(&[
        "--pes",
        "1",
        "--checkpoint-every",
        "8",
        "--checkpoint-dir",
        dir,
    ]);
    let ckpt = root.path().join("ckpt-16");
    let run = || arts(&["restart", ckpt.to_str().unwrap(), "--pes", "3"]);
    let manifest = ckpt.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("\"steps\": 20", "\"steps\": 16")).unwrap();
    assert_usage_error(&run(), "manifest.json: field `options.steps` is 16");
    std::fs::write(&manifest, text.replace("\"leanmd\"", "\"hotspot\"")).unwrap();
    assert_usage_error(&run(), "manifest.json: field `app` is \"hotspot\"");
    std::fs::write(&manifest, text.replace("\"leanmd\"", "\"fracture\"")).unwrap();
    assert_usage_error(&run(), "ckpt-16");
    std::fs::write(&manifest, &text).unwrap();
    std::fs::write(ckpt.join("main.bin"), b"not a main state").unwrap();
    assert_usage_error(&run(), "main.bin");
}

/// `arts run` of `app` (its options long enough for signals to land while
/// it runs on 2 PEs): SIGUSR1 takes a checkpoint; SIGTERM under
/// `--checkpoint-on-term` a last one, after which the run stops (exit 0,
/// `stopped_at_step`). Restarts from either, on 3 and 1 PEs, end like an
/// uninterrupted run in every one of `keys`.
fn signals_checkpoint_a_run_that_restarts_like_a_plain_one(app: &[&str], keys: &[&str]) {
    let run = |extra: &[&'static str]| -> Vec<&str> {
        let mut args = vec!["--json", "run"];
        args.extend(app);
        args.extend(extra);
        args
    };
    let plain = json(&arts(&run(&["--pes", "2"])));
    assert_eq!(plain["valid"], true);
    let root = tempfile::tempdir().unwrap();
    // Checkpoints only when asked: the request waits for the first step.
    let mut child = start_long(&run(&[]), root.path());
    kill("-USR1", &child);
    let first = wait_for_checkpoint(root.path(), &mut child);
    assert_eq!(first.len(), 1, "{first:?}");
    let stopped = stopped_step(child, root.path());
    assert!(stopped > first[0], "{stopped} after {first:?}");
    let asked = root.path().join(format!("ckpt-{}", first[0]));
    for (from, pes, step) in [(asked, "3", first[0]), (root.path().into(), "1", stopped)] {
        let again = restart(&from, pes);
        let what = format!("from {} on {pes} PEs", from.display());
        assert_eq!(again["resumed_from_step"], step, "{what}");
        assert_eq!(again["stopped_at_step"], serde_json::Value::Null, "{what}");
        for key in keys.iter().chain(&["valid"]) {
            assert_eq!(again[key], plain[key], "{key} {what}");
        }
    }
}

#[test]
fn leanmd_checkpoints_on_sigusr1_and_sigterm_and_restarts_bit_identical() {
    // LEANMD, 1500 steps.
    let mut leanmd = LEANMD.to_vec();
    leanmd[6] = "1500";
    leanmd.extend(["--kernel-reps", "0"]);
    let keys = [
        "mismatched_atoms",
        "max_abs_diff",
        "atoms",
        "energy_final",
        "energy_drift",
    ];
    signals_checkpoint_a_run_that_restarts_like_a_plain_one(&leanmd, &keys);
}

#[test]
fn fracture_checkpoints_on_sigusr1_and_sigterm_and_restarts_bit_identical() {
    let fracture = [
        "fracture",
        "--objects",
        "6x3x3",
        "--points",
        "8",
        "--steps",
        "4000",
        "--work",
        "4",
        "--growth",
        "10",
    ];
    signals_checkpoint_a_run_that_restarts_like_a_plain_one(&fracture, &["mismatched_values"]);
}

/// A small fracture run: 6x3x3 objects of 8 values, 12 steps.
fn fracture(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "--json",
        "run",
        "fracture",
        "--objects",
        "6x3x3",
        "--points",
        "8",
    ];
    args.extend(["--steps", "12", "--work", "4", "--growth", "10"]);
    args.extend(extra);
    json(&arts(&args))
}

#[test]
fn fracture_restarts_on_1_and_3_pes_bit_identical_to_an_uninterrupted_run() {
    let plain = fracture(&["--pes", "2"]);
    assert_eq!(plain["valid"], true);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let with = fracture(&[
        "--pes",
        "2",
        "--checkpoint-every",
        "5",
        "--checkpoint-dir",
        dir,
    ]);
    assert_eq!(with["checkpoints"], 2);
    assert_eq!(with["mismatched_values"], 0);
    for (from, pes, step) in [("ckpt-5", "3", 5), ("", "1", 10)] {
        let again = restart(&root.path().join(from), pes);
        let what = format!("{pes} PEs from step {step}");
        assert_eq!(again["app"], "fracture", "{what}");
        assert_eq!(again["resumed_from_step"], step, "{what}");
        // Every value is bit-identical to the reference, as in the
        // uninterrupted run.
        for key in ["valid", "mismatched_values", "objects", "steps"] {
            assert_eq!(again[key], plain[key], "{key} {what}");
        }
        assert_eq!(again["step_times_s"].as_array().unwrap().len(), 12);
        // Validated against the reference the first run kept.
        assert_eq!(again["reference_reused"], true, "{what}");
    }
    assert_eq!(with["reference_reused"], false);
    // A fracture checkpoint whose options were changed is refused.
    let manifest = root.path().join("ckpt-10").join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("\"work\": 4", "\"work\": 5")).unwrap();
    let out = arts(&["restart", dir, "--pes", "3"]);
    assert_usage_error(&out, "manifest.json: field `options.work` is 5");
}

#[test]
fn leanmd_resume_continues_from_the_newest_checkpoint_of_the_same_run() {
    let plain = leanmd(&["--pes", "2"]);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().to_str().unwrap();
    let saving = [
        "--pes",
        "2",
        "--checkpoint-every",
        "6",
        "--checkpoint-dir",
        dir,
        "--resume",
    ];
    // Nothing to resume from yet: the run starts afresh.
    let first = leanmd(&saving);
    assert!(first["resumed_from_step"].is_null());
    assert_eq!(first["reference_reused"], false);
    let again = leanmd(&saving);
    assert_eq!(again["resumed_from_step"], 18);
    assert_eq!(again["reference_reused"], true);
    for key in [
        "valid",
        "mismatched_atoms",
        "energy_initial",
        "energy_final",
    ] {
        assert_eq!(again[key], plain[key], "{key}");
    }
    // A checkpoint of other parameters is not this run's.
    let mut args = vec!["run"];
    args.extend(LEANMD);
    args.extend(["--seed", "2"]);
    args.extend(saving);
    assert_usage_error(&arts(&args), "holds a checkpoint of leanmd");
    // `arts restart` continues its checkpoint already.
    let out = arts(&[
        "restart",
        dir,
        "--checkpoint-every",
        "2",
        "--checkpoint-dir",
        dir,
        "--resume",
    ]);
    assert_usage_error(&out, "--resume");
}

#[test]
fn storm_checkpoints_on_sigusr1_and_sigterm_and_restarts_like_a_plain_run() {
    let storm = ["storm", "--elements", "12", "--rounds", "3000"];
    let keys = ["sent", "received", "exactly_once", "reductions_ok"];
    signals_checkpoint_a_run_that_restarts_like_a_plain_one(&storm, &keys);
}

#[test]
fn a_second_job_on_the_same_checkpoint_dir_is_refused_naming_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("ck").display().to_string();
    // A long run that checkpoints now and then into `ck`.
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(["run", "jacobi2d", "--grid", "256x256", "--objects", "4x4"])
        .args(["--iters", "10000000", "--checkpoint-every", "1000"])
        .args(["--checkpoint-dir", &ck])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lock = dir.path().join("ck/.arts-lock");
    let t = std::time::Instant::now();
    while !std::fs::read_to_string(&lock).is_ok_and(|s| !s.trim().is_empty()) {
        assert!(t.elapsed().as_secs() < 30, "the first job took its lock");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let second = || {
        let short = ["--grid", "64x64", "--iters", "2", "--checkpoint-every", "1"];
        arts(&[&["run", "jacobi2d"][..], &short, &["--checkpoint-dir", &ck]].concat())
    };
    let out = second();
    let _ = first.kill();
    let _ = first.wait();
    assert_usage_error(&out, "is in use by another job");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("(process {})", first.id())), "{err}");
    // Once the first job is gone, the directory is free again.
    let again = second();
    assert!(again.status.success(), "{again:?}");
}
