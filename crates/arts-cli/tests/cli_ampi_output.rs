//! A C program's output under `arts ampi run` as under `mpirun` (issue
//! 51): every line of every rank arrives whole, though ranks write their
//! lines in pieces and suspend between them on shared PEs
//! (`tests/c/lines.c`); a rank's partial last line is not lost at
//! `exit`; `--tag-output` (and `ampirun -tag-output`) prefix each line
//! as Open MPI does (compared with `mpirun --tag-output` when Open MPI is
//! installed).

mod common;
use common::{arts_text, build, c_dir, have, program_lines};

use std::path::Path;
use std::process::Command;

/// The sorted lines of `text` that start with `prefix`.
fn lines_with(text: &str, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with(prefix))
        .map(String::from)
        .collect();
    v.sort();
    v
}

/// What `lines N` writes on `v` ranks, sorted: (stdout, stderr), each line
/// prefixed as Open MPI's `--tag-output` when `tag`.
fn expected(v: u32, n: u32, tag: bool) -> (Vec<String>, Vec<String>) {
    let prefix = |r: u32, s: &str| {
        if tag {
            format!("[1,{r}]<{s}>:")
        } else {
            String::new()
        }
    };
    let mut out = Vec::new();
    let mut err = vec![format!(
        "{}rank 0 perror: Numerical argument out of domain",
        prefix(0, "stderr")
    )];
    for r in 0..v {
        for i in 0..n {
            out.push(format!(
                "{}rank {r} line {i}: a b c d e",
                prefix(r, "stdout")
            ));
            err.push(format!("{}rank {r} note {i}: x y z", prefix(r, "stderr")));
        }
    }
    out.sort();
    err.sort();
    (out, err)
}

/// `arts ampi run` of `so` with `flags` on `vp` ranks over `pes` PEs.
fn run(so: &str, flags: &[&str], vp: u32, pes: u32, args: &[&str]) -> (i32, String, String) {
    let (vp, pes) = (vp.to_string(), pes.to_string());
    let mut a = vec!["ampi", "run", "--vp", &vp, "--pes", &pes];
    a.extend_from_slice(flags);
    a.extend([so, "--"]);
    a.extend_from_slice(args);
    arts_text(&a)
}

#[test]
fn every_line_of_every_rank_arrives_whole() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("lines", dir.path()) else {
        return;
    };
    for (vp, pes) in [(8, 3), (5, 2), (3, 1)] {
        let (code, out, err) = run(&so, &[], vp, pes, &["12"]);
        assert_eq!(code, 0, "V={vp} P={pes}: {err}");
        let (want_out, want_err) = expected(vp, 12, false);
        // Nothing else, nothing cut: the program's lines are all its output.
        let program = program_lines(&out);
        assert_eq!(lines_with(&program, ""), want_out, "V={vp} P={pes}");
        assert_eq!(lines_with(&err, "rank "), want_err, "V={vp} P={pes}");
        // A rank's own lines stay in its order.
        for r in 0..vp {
            let own: Vec<&str> = program
                .lines()
                .filter(|l| l.starts_with(&format!("rank {r} ")))
                .collect();
            let mut in_order = own.clone();
            in_order.sort_by_key(|l| {
                l.split(' ')
                    .nth(3)
                    .unwrap()
                    .trim_end_matches(':')
                    .parse::<u32>()
                    .unwrap()
            });
            assert_eq!(own, in_order, "rank {r}");
        }
    }
}

#[test]
fn a_partial_last_line_is_not_lost_at_exit() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("lines", dir.path()) else {
        return;
    };
    for pes in [1, 2] {
        let (code, out, err) = run(&so, &[], 4, pes, &["2", "exit"]);
        assert_eq!(code, 0, "{err}");
        for r in 0..4 {
            assert!(out.contains(&format!("rank {r}: bye")), "rank {r}: {out}");
        }
        let (code, out, err) = run(&so, &["--tag-output"], 4, pes, &["2", "exit"]);
        assert_eq!(code, 0, "{err}");
        for r in 0..4 {
            assert!(
                out.contains(&format!("[1,{r}]<stdout>:rank {r}: bye")),
                "rank {r}: {out}"
            );
        }
    }
}

/// `lines N` under Open MPI's `mpirun --tag-output -np V`: its (stdout,
/// stderr) lines that carry a prefix, sorted; `None` without Open MPI.
fn open_mpi_tagged(dir: &Path, v: u32, n: u32) -> Option<(Vec<String>, Vec<String>)> {
    if !have("mpicc") || !have("mpirun") {
        eprintln!("not compared with Open MPI: mpicc/mpirun are not installed");
        return None;
    }
    let exe = dir.join("lines.ompi");
    let ok = Command::new("mpicc")
        .arg(c_dir().join("lines.c"))
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(ok.status.success(), "mpicc lines.c: {ok:?}");
    let out = Command::new("mpirun")
        .args([
            "--allow-run-as-root",
            "--oversubscribe",
            "--tag-output",
            "-np",
        ])
        .arg(v.to_string())
        .arg(&exe)
        .arg(n.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "mpirun lines: {out:?}");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    Some((
        lines_with(&text(&out.stdout), "[1,"),
        lines_with(&text(&out.stderr), "[1,"),
    ))
}

#[test]
fn tag_output_prefixes_each_line_as_open_mpi_does() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("lines", dir.path()) else {
        return;
    };
    let want = expected(4, 3, true);
    if let Some(reference) = open_mpi_tagged(dir.path(), 4, 3) {
        // Its stdout only: a rank's stderr is unbuffered, and mpirun tags
        // each piece it reads of it (a line written in pieces may arrive
        // as several tagged pieces), which arts does not copy.
        assert_eq!(reference.0, want.0, "Open MPI");
        assert!(reference.1.iter().all(|l| l.contains("]<stderr>:")));
    }
    let (code, out, err) = run(&so, &["--tag-output"], 4, 2, &["3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(lines_with(&program_lines(&out), "[1,"), want.0);
    assert_eq!(lines_with(&err, "[1,"), want.1);
    // ampirun takes Open MPI's spelling (and `--tag-output`).
    for flag in ["-tag-output", "--tag-output"] {
        let (code, out, err) =
            arts_text(&["ampi", "charmrun", flag, "+p2", &so, "+vp4", "--", "3"]);
        assert_eq!(code, 0, "{flag}: {err}");
        assert_eq!(lines_with(&out, "[1,"), want.0, "{flag}");
        assert_eq!(lines_with(&err, "[1,"), want.1, "{flag}");
    }
}
