//! The C kernels of `tests/c/` in process, V != P: each checks its own
//! results and returns non-zero from `main` (a failed rank) if wrong.

mod common;

fn kernel(name: &str, vp: u32, pes: u32, args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build(name, dir.path()) else {
        return;
    };
    let report = common::run(&so, vp, pes, args).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(report.ranks, vp);
}

#[test]
fn the_subset_works_on_more_ranks_than_pes() {
    kernel("more", 7, 3, &[]);
    kernel("more", 1, 1, &[]);
    kernel("subarray", 4, 3, &[]);
}

#[test]
fn the_kernels_check_their_results() {
    kernel("transpose", 6, 4, &["36", "2"]);
    kernel("halo", 9, 2, &["27", "3"]);
    kernel("allreduce", 3, 2, &["10"]);
    kernel("colltime", 5, 2, &["100"]);
    kernel("hints", 4, 2, &[]);
    // Blocking all-to-alls by point-to-point (eager and rendezvous parts).
    for mode in ["a", "v", "i", "w"] {
        kernel("a2a", 5, 2, &["1000", "3", mode]);
        kernel("a2a", 4, 3, &["300000", "2", mode]);
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("iotime.dat").display().to_string();
    kernel("iotime", 3, 2, &[&file, "1"]);
    assert!(!dir.path().join("iotime.dat").exists(), "deleted on close");
}

#[test]
fn a_failed_call_fails_only_its_rank_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("errors", dir.path()) else {
        return;
    };
    let e = common::run(&so, 4, 2, &["bad-type"])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("rank 0: MPI_Send: invalid datatype handle 999 (MPI_ERR_TYPE)"),
        "{e}"
    );
    assert!(
        e.contains("left behind: ranks 1, 2, 3 blocked in MPI_Barrier"),
        "{e}"
    );
}

#[test]
fn a_cxx_program_builds_with_arts_mpicxx_and_runs() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build_cxx("hello", dir.path()) else {
        return;
    };
    common::run(&so, 3, 2, &[]).unwrap();
}
