//! The probe classes of issue 59 as they run in CI, beside `fuzz_readers`:
//! a checkpoint with one byte of one of its files changed (every file, at
//! its start, middle and end) and absurd values for the size options. Each
//! must be refused at once: exit code 2, one `error:` line (naming the file
//! for a checkpoint), never a panic, an abort or a hang. Special files (a
//! FIFO, a device) for every file input are `cli_input_files`'s; kills at
//! random moments are `cli_checkpoint`'s.

mod common;
use common::arts;

use std::path::Path;
use std::time::{Duration, Instant};

/// Runs arts with `args`; asserts it refused them at once with one error
/// line containing `needle`.
fn refused(args: &[&str], needle: &str) {
    let t = Instant::now();
    let out = arts(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.starts_with("error: ") && err.contains(needle),
        "{args:?}: {err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(
        t.elapsed() < Duration::from_secs(10),
        "{args:?}: refused at once"
    );
}

#[test]
fn absurd_sizes_are_refused_at_once() {
    for (args, needle) in [
        (&["run", "jacobi2d", "--grid", "4294967296x2"][..], "--grid"),
        (&["run", "jacobi2d", "--objects", "0x0"], "--objects"),
        (&["run", "jacobi2d", "--pes", "0"], "--pes"),
        (&["run", "jacobi2d", "--pes", "99999999"], "--pes"),
        (&["run", "jacobi2d", "--iters", "99999999999"], "--iters"),
        (&["run", "jacobi2d", "--iters", "4000000000"], "needs about"),
        (&["run", "zones", "--base", "99999999999"], "needs about"),
        (
            &["run", "leanmd", "--cells", "100000x100000x100000"],
            "cells",
        ),
        (&["run", "storm", "--elements", "0"], "--elements"),
        (&["run", "heat3d", "--n", "1000000"], "--n"),
        (&["ampi", "run", "--vp", "0", "stencil3d"], "--vp"),
        (
            &["ampi", "run", "--vp", "4294967295", "stencil3d"],
            "needs about",
        ),
        (
            &["ampi", "run", "--stack-size", "1T", "stencil3d"],
            "--stack-size",
        ),
        (&["pdes", "phold", "--lps", "1000000000000"], "--lps"),
        (
            &["--max-memory", "1e400", "run", "jacobi2d"],
            "--max-memory",
        ),
    ] {
        refused(args, needle);
    }
}

/// Copies the files of checkpoint directory `from` into `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

#[test]
fn a_checkpoint_with_any_byte_changed_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("ck");
    let at = root.display().to_string();
    let out = arts(&[
        "run",
        "jacobi2d",
        "--grid",
        "48x40",
        "--objects",
        "4x2",
        "--iters",
        "6",
        "--checkpoint-every",
        "2",
        "--checkpoint-dir",
        &at,
    ]);
    assert!(out.status.success(), "{out:?}");
    let ckpt = root.join("ckpt-4");
    let mut files: Vec<String> = std::fs::read_dir(&ckpt)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    for name in &files {
        let len = std::fs::metadata(ckpt.join(name)).unwrap().len() as usize;
        for pos in [0, len / 2, len.saturating_sub(1)] {
            let copy = dir.path().join(format!("copy-{name}-{pos}"));
            copy_dir(&ckpt, &copy);
            let file = copy.join(name);
            let mut bytes = std::fs::read(&file).unwrap();
            bytes[pos] ^= 0x5a;
            std::fs::write(&file, &bytes).unwrap();
            let path = copy.display().to_string();
            // The manifest may be named for a file it lists, or the file.
            let t = Instant::now();
            let o = arts(&["restart", &path]);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{name} at {pos}: {err}");
            assert!(
                err.starts_with("error: ") && err.trim_end().lines().count() == 1,
                "{name} at {pos}: {err}"
            );
            assert!(
                err.contains(name.as_str()) || err.contains("manifest.json"),
                "{name} at {pos} names the file: {err}"
            );
            assert!(t.elapsed() < Duration::from_secs(10), "{name} at {pos}");
        }
    }
}
