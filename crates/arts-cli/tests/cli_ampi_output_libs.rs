//! Fortran's and C++'s output under `arts ampi run --tag-output` as under
//! `mpirun --tag-output` (issue 51): libgfortran (`PRINT`, `WRITE(*,*)`,
//! `WRITE(0,*)`) and libstdc++ (`std::cout`, `std::cerr`, `std::clog`,
//! mixed with `printf`) write from inside their shared libraries, past
//! the program's wrapped stdio; every line of every rank must still
//! arrive whole, prefixed with its own rank, and a rank's partial last
//! line must not be lost when it ends with `STOP`, `CALL EXIT` or `exit`
//! (`tests/fortran/lines.f90`, `tests/c/lines.cpp`). Compared with Open
//! MPI's output of the same sources when `mpif90`/`mpicxx` and `mpirun`
//! are installed.

mod common;
use common::{arts_text, build_cxx, build_fortran, c_dir, fortran_dir, have, program_lines};

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

/// What a `lines` program writes on `v` ranks with `n` lines each, tagged
/// and sorted: (stdout, stderr), its lines ending in `out_end` and
/// `err_end`.
fn expected(v: u32, n: u32, out_end: &str, err_end: &str) -> (Vec<String>, Vec<String>) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    for r in 0..v {
        for i in 0..n {
            out.push(format!("[1,{r}]<stdout>:rank {r} line {i}:{out_end}"));
            err.push(format!("[1,{r}]<stderr>:rank {r} note {i}:{err_end}"));
        }
    }
    out.sort();
    err.sort();
    (out, err)
}

/// The same program built by Open MPI's `compiler` from `source`, run
/// with `mpirun --tag-output -np V` and `args`: its stdout, or `None`
/// without Open MPI.
fn open_mpi(dir: &Path, compiler: &str, source: &Path, v: u32, args: &[&str]) -> Option<String> {
    if !have(compiler) || !have("mpirun") {
        eprintln!("not compared with Open MPI: {compiler}/mpirun are not installed");
        return None;
    }
    let exe = dir.join("lines.ompi");
    let ok = Command::new(compiler)
        .current_dir(dir)
        .arg(source)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        ok.status.success(),
        "{compiler} {}: {ok:?}",
        source.display()
    );
    let out = Command::new("mpirun")
        .args([
            "--allow-run-as-root",
            "--oversubscribe",
            "--tag-output",
            "-np",
        ])
        .arg(v.to_string())
        .arg(&exe)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "mpirun {}: {out:?}", exe.display());
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Each rank's stdout in `tagged` (Open MPI's `--tag-output`), its
/// tagged pieces joined in order: Open MPI tags each piece it reads from a
/// rank's pipe, so on a loaded machine a line written in parts can be cut
/// by another rank's piece (arts keeps it whole); joined, each rank's
/// text is what it wrote.
fn per_rank(tagged: &str) -> std::collections::BTreeMap<u32, String> {
    let mut ranks = std::collections::BTreeMap::new();
    for piece in tagged.split("[1,").skip(1) {
        let (rank, text) = piece.split_once("]<stdout>:").expect("a tagged piece");
        let rank: u32 = rank.parse().expect("a rank number");
        ranks.entry(rank).or_insert_with(String::new).push_str(text);
    }
    ranks
}

/// What `v` ranks of a `lines` program write with 3 lines each, by rank,
/// each line ending in `end`.
fn expected_per_rank(v: u32, end: &str) -> std::collections::BTreeMap<u32, String> {
    (0..v)
        .map(|r| {
            (
                r,
                (0..3)
                    .map(|i| format!("rank {r} line {i}:{end}\n"))
                    .collect(),
            )
        })
        .collect()
}

/// `arts ampi run --tag-output` of `so` on `vp` ranks over `pes` PEs.
fn run(so: &str, vp: u32, pes: u32, args: &[&str]) -> (String, String) {
    let (v, p) = (vp.to_string(), pes.to_string());
    let mut a = vec![
        "ampi",
        "run",
        "--vp",
        &v,
        "--pes",
        &p,
        "--tag-output",
        so,
        "--",
    ];
    a.extend_from_slice(args);
    let (code, out, err) = arts_text(&a);
    assert_eq!(code, 0, "V={vp} P={pes} {args:?}: {err}");
    (out, err)
}

/// Checks a `lines` program's output on several V and P, and with each
/// way of ending (`endings`): each rank's last partial line is kept.
fn check(so: &str, out_end: &str, err_end: &str, endings: &[&str]) {
    for (vp, pes) in [(5, 2), (4, 1), (3, 3)] {
        let (out, err) = run(so, vp, pes, &["3"]);
        let want = expected(vp, 3, out_end, err_end);
        // Nothing else, nothing cut: the program's lines are all its output.
        let program = program_lines(&out);
        assert_eq!(lines_with(&program, ""), want.0, "V={vp} P={pes}: {out}");
        assert_eq!(lines_with(&err, ""), want.1, "V={vp} P={pes}: {err}");
    }
    for ending in endings {
        let (out, err) = run(so, 4, 2, &["2", ending]);
        let mut rest = out.clone();
        for r in 0..4 {
            let bye = format!("[1,{r}]<stdout>:rank {r}: bye");
            assert_eq!(out.matches(&bye).count(), 1, "{ending}: rank {r}: {out}");
            rest = rest.replace(&bye, "");
        }
        // Besides the partial lines, the lines are whole and tagged.
        let want = expected(4, 2, out_end, err_end);
        assert_eq!(lines_with(&rest, "[1,"), want.0, "{ending}: {out}");
        assert_eq!(lines_with(&err, "[1,"), want.1, "{ending}: {err}");
    }
}

#[test]
fn fortran_print_and_write_lines_arrive_whole_and_tagged() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("lines.f90", dir.path()) else {
        return;
    };
    let source = fortran_dir().join("lines.f90");
    if let Some(reference) = open_mpi(dir.path(), "mpif90", &source, 3, &["3"]) {
        assert_eq!(
            per_rank(&reference),
            expected_per_rank(3, " a b c"),
            "Open MPI"
        );
    }
    check(&so, " a b c", " x y", &["stop", "exit"]);
}

#[test]
fn cxx_streams_and_printf_mixed_arrive_whole_and_tagged() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_cxx("lines", dir.path()) else {
        return;
    };
    let source = c_dir().join("lines.cpp");
    if let Some(reference) = open_mpi(dir.path(), "mpicxx", &source, 3, &["3"]) {
        assert_eq!(
            per_rank(&reference),
            expected_per_rank(3, " a b c d"),
            "Open MPI"
        );
    }
    check(&so, " a b c d", " x y z", &["exit"]);
}
