//! `--max-memory` enforced while a run goes on, where the runtime owns the
//! memory (beside the up-front estimates of `cli_limits.rs`): a C rank's
//! heap past its share ends the rank (exit 1, one line naming it), a
//! recording past its share fails the run, and a trace keeps what its
//! share holds. Each run's peak resident memory stays within the bound.

use std::path::Path;
use std::process::Stdio;

mod common;
use common::{build, build_cxx};

/// What a run of arts left: exit code, stdout, stderr, peak resident bytes.
struct Ran {
    code: i32,
    stdout: String,
    stderr: String,
    peak: u64,
}

/// Runs arts with `args` in `dir`; its output goes to files there.
fn run(dir: &Path, args: &[&str]) -> Ran {
    let out = dir.join("stdout");
    let err = dir.join("stderr");
    let file = |p: &Path| Stdio::from(std::fs::File::create(p).unwrap());
    let (code, peak) = common::arts_peak(args, file(&out), file(&err));
    Ran {
        code,
        stdout: std::fs::read_to_string(out).unwrap(),
        stderr: std::fs::read_to_string(err).unwrap(),
        peak,
    }
}

const MIB: u64 = 1 << 20;

#[test]
fn a_leaking_rank_ends_at_its_share_naming_itself() {
    let dir = tempfile::tempdir().unwrap();
    let Some(leak) = build("leak", dir.path()) else {
        return;
    };
    // Rank 2 leaks up to 1 GiB; the others wait for it.
    for iso in [false, true] {
        let mut args = vec![
            "--max-memory",
            "256M",
            "ampi",
            "run",
            "--vp",
            "4",
            "--pes",
            "2",
        ];
        if iso {
            args.push("--isomalloc");
        }
        args.extend([leak.as_str(), "--", "2", "1024"]);
        let r = run(dir.path(), &args);
        let what = format!("isomalloc {iso}: {:?} {:?}", r.stdout, r.stderr);
        assert_eq!(r.code, 1, "{what}");
        assert_eq!(r.stderr.trim_end().lines().count(), 1, "{what}");
        assert!(
            r.stderr
                .starts_with("error: rank 2: exceeded its memory share (")
                && r.stderr.contains("of --max-memory 256.0 MiB)"),
            "{what}"
        );
        for rank in 0..4 {
            assert!(r.stdout.contains(&format!("rank {rank} ready")), "{what}");
        }
        assert!(!r.stdout.contains("done"), "{what}");
        assert!(r.peak <= 256 * MIB, "{what}: peak {} MiB", r.peak / MIB);
    }
}

#[test]
fn every_leaking_rank_stays_within_its_share() {
    let dir = tempfile::tempdir().unwrap();
    let Some(leak) = build("leak", dir.path()) else {
        return;
    };
    let r = run(
        dir.path(),
        &[
            "--max-memory",
            "200M",
            "ampi",
            "run",
            "--vp",
            "8",
            "--pes",
            "2",
            &leak,
        ],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("error: rank ") && r.stderr.contains("exceeded its memory share"),
        "{}",
        r.stderr
    );
    assert!(r.peak <= 200 * MIB, "peak {} MiB", r.peak / MIB);
}

#[test]
fn heaps_within_their_share_or_without_a_bound_run_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let Some(leak) = build("leak", dir.path()) else {
        return;
    };
    // 40 MiB on rank 1: within a share of 256M over 4 ranks, and unbounded
    // without --max-memory.
    for bound in [&["--max-memory", "256M"][..], &[]] {
        let mut args = bound.to_vec();
        args.extend(["ampi", "run", "--vp", "4", &leak, "--", "1", "40"]);
        let r = run(dir.path(), &args);
        assert_eq!(r.code, 0, "{bound:?}: {}", r.stderr);
        assert!(r.stdout.contains("rank 1 done"), "{bound:?}: {}", r.stdout);
    }
    // Without a bound the share is not counted: 300 MiB on one rank runs.
    let r = run(
        dir.path(),
        &["ampi", "run", "--vp", "4", &leak, "--", "3", "300"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn nothing_left_for_the_heaps_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let Some(leak) = build("leak", dir.path()) else {
        return;
    };
    let r = run(
        dir.path(),
        &["--max-memory", "41M", "ampi", "run", "--vp", "4", &leak],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("error: --max-memory 41.0 MiB leaves nothing for the heaps of 4 ranks"),
        "{}",
        r.stderr
    );
}

/// `run jacobi2d` of 64 blocks over `iters` steps on 2 PEs, with `extra`.
fn jacobi<'a>(bound: &'a str, iters: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "--max-memory",
        bound,
        "run",
        "jacobi2d",
        "--grid",
        "256x256",
        "--objects",
        "8x8",
        "--pes",
        "2",
        "--iters",
        iters,
    ];
    a.extend_from_slice(extra);
    a
}

#[test]
fn a_recording_past_its_share_fails_the_run_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r.jsonl");
    let path = rec.to_str().unwrap();
    // 1,100 steps pass the estimate up front (about 130 MiB for the
    // recording) but note ~630,000 executions and messages, past half
    // of 200M (468,000).
    let r = run(dir.path(), &jacobi("200M", "1100", &["--record", path]));
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stderr.trim_end().lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("error: the recording reached its share of --max-memory"),
        "{}",
        r.stderr
    );
    assert!(!rec.exists(), "nothing half-written");
    assert!(r.peak <= 200 << 20, "peak {} MiB", r.peak >> 20);
    // 400 steps fit.
    let r = run(dir.path(), &jacobi("200M", "400", &["--record", path]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(rec.exists());
    assert!(r.peak <= 200 << 20, "peak {} MiB", r.peak >> 20);
}

#[test]
fn a_trace_keeps_what_its_share_holds_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.json");
    let path = trace.to_str().unwrap();
    let dropped = |r: &Ran| {
        assert_eq!(r.code, 0, "{}", r.stderr);
        let text = std::fs::read_to_string(&trace).unwrap();
        let at = text
            .find("\"dropped\":")
            .expect("the trace says what it dropped");
        let digits: String = text[at + 10..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse::<u64>().unwrap()
    };
    // 1,300 steps make ~750,000 events, past what half of 200M holds.
    let r = run(dir.path(), &jacobi("200M", "1300", &["--trace", path]));
    assert!(dropped(&r) > 0, "events past the share are dropped");
    assert!(r.peak <= 200 << 20, "peak {} MiB", r.peak >> 20);
    // An explicit smaller bound stays; without --max-memory none is set.
    let mut a = jacobi(
        "200M",
        "20",
        &["--trace", path, "--trace-max-events", "100"],
    );
    assert!(dropped(&run(dir.path(), &a)) > 0);
    a.drain(..2);
    assert_eq!(dropped(&run(dir.path(), &a[..a.len() - 2])), 0);
}

#[test]
fn a_cxx_rank_leaking_with_new_ends_at_its_share() {
    let dir = tempfile::tempdir().unwrap();
    let Some(leak) = build_cxx("leak", dir.path()) else {
        return;
    };
    let args = [
        "--max-memory",
        "256M",
        "ampi",
        "run",
        "--vp",
        "4",
        "--pes",
        "2",
    ];
    let r = run(
        dir.path(),
        &[&args[..], &[leak.as_str(), "--", "1", "1024"]].concat(),
    );
    let what = format!("{:?} {:?}", r.stdout, r.stderr);
    assert_eq!(r.code, 1, "{what}");
    assert!(
        r.stderr
            .starts_with("error: rank 1: exceeded its memory share ("),
        "{what}"
    );
    assert!(!r.stdout.contains("done"), "{what}");
    assert!(r.peak <= 256 * MIB, "{what}: peak {} MiB", r.peak / MIB);
    // Within its share (8 MiB) the program ends normally.
    let r = run(
        dir.path(),
        &[&args[..], &[leak.as_str(), "--", "1", "8"]].concat(),
    );
    assert_eq!(r.code, 0, "{:?}", r.stderr);
    assert_eq!(r.stdout.matches(" done").count(), 4, "{}", r.stdout);
}
