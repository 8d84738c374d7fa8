//! AMPI's PUP interface end to end (`crates/arts-ampi-c/tests/c/pup.c`):
//! without isomalloc, a C program's heap data registered with
//! `AMPI_Register_pup` goes through `AMPI_Checkpoint`,
//! `AMPI_MemCheckpoint` and `AMPI_Migrate`'s `ampi_checkpoint` hint, and a
//! restart continues from it to the checksum of an uninterrupted run.
//! A routine that unpacks more than it packed fails its rank in one line.
//! The same in Fortran (`tests/fortran/pup.f90`: pupf.h's `fpup_*` calls
//! and pupmod's `pup`/`apup` over ALLOCATABLE and POINTER arrays), and in
//! C++ (`tests/c/pup.cpp`: `void pup(PUP::er &p)` with pup.h, pup_stl.h).

mod common;
use common::{arts_text, build, build_cxx, build_fortran, program_lines};

/// Runs `so` on 4 ranks over `pes` PEs (plus `extra` options); returns
/// the program's lines (exit 0 asserted).
fn run(so: &str, pes: u32, extra: &[&str], args: &[&str]) -> String {
    let pes = pes.to_string();
    let a = [
        &["ampi", "run", "--vp", "4", "--pes", &pes],
        extra,
        &[so, "--"],
        args,
    ]
    .concat();
    let (code, stdout, stderr) = arts_text(&a);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    program_lines(&stdout)
}

/// The restarted run's lines: where it continued, then the final line.
fn continued(lines: &str, step: u32, whole: &str) {
    assert!(
        lines.starts_with(&format!("continuing from step {step}\n")),
        "{lines}"
    );
    assert_eq!(
        lines.lines().nth(1),
        Some(whole),
        "the same end as the whole run"
    );
}

#[test]
fn registered_heap_data_survives_checkpoint_and_restart_without_isomalloc() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("pup", dir.path()) else {
        return;
    };
    let whole = restarts_from_disk_and_memory(&so, dir.path());
    let whole = whole.as_str();
    // AMPI_Migrate with ampi_checkpoint = to_file=DIR, no --checkpoint-dir.
    let own = dir.path().join("own").display().to_string();
    let first = run(&so, 2, &[], &["30", "5", "10", "info", &own]);
    assert!(first.contains("stopped after saving step 10"), "{first}");
    // Ranks moved between the PEs of their process at every AMPI_Migrate
    // keep their registered data where it is.
    let moved = dir.path().join("moved").display().to_string();
    let rotate = ["--lb", "rotate", "--lb-period", "1"];
    let lines = run(&so, 2, &rotate, &["30", "5", "0", "info", &moved]);
    assert_eq!(lines.trim_end(), whole, "moved between PEs");
    let at = dir.path().join("own/ckpt-2").display().to_string();
    continued(
        &run(&so, 2, &["--restart", &at], &["30", "5", "0", "info", &own]),
        10,
        whole,
    );
}

#[test]
fn a_routine_unpacking_more_than_it_packed_fails_its_rank_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("pup", dir.path()) else {
        return;
    };
    let line = overread_at_restart(&so, dir.path());
    assert!(
        line.contains(
            ": pup_int: PUP routine 0 (unpacking at restart) unpacks more than was packed"
        ),
        "{line}"
    );
}

#[test]
fn a_null_routine_is_an_mpi_error_and_own_passes_size_what_they_pack() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("pup", dir.path()) else {
        return;
    };
    let null = run(&so, 2, &[], &["1", "1", "0", "null"]);
    assert_eq!(null, "null routine refused: 1\n");
    let own = run(&so, 2, &[], &["1", "1", "0", "own"]);
    assert!(
        own.starts_with("own sizer=") && own.ends_with("same=1\n"),
        "{own}"
    );
    // rank 0: two ints, 16 doubles, a long, 8 chars.
    assert!(own.contains("sizer=152 packed=152 unpacked=152"), "{own}");
    // Without isomalloc and without registered routines a checkpoint says why.
    let Some(whole) = build("whole", dir.path()) else {
        return;
    };
    let ck = dir.path().join("ck").display().to_string();
    let (code, _, err) = arts_text(&["ampi", "run", "--vp", "2", "--checkpoint-dir", &ck, &whole]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("AMPI_Checkpoint") && err.contains("AMPI_Register_pup"),
        "{err}"
    );
}

#[test]
fn a_fortran_programs_allocatable_arrays_survive_checkpoint_and_restart() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("pup.f90", dir.path()) else {
        return;
    };
    restarts_from_disk_and_memory(&so, dir.path());
}

#[test]
fn a_fortran_routine_unpacking_more_than_it_packed_fails_its_rank_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("pup.f90", dir.path()) else {
        return;
    };
    let line = overread_at_restart(&so, dir.path());
    assert!(
        line.contains(
            ": fpup_int: PUP routine 0 (unpacking at restart) unpacks more than was packed: \
             4 bytes at byte "
        ),
        "{line}"
    );
    // Rank r packed 16 + r doubles, two INTEGERs and an INTEGER(KIND=8).
    let at = |r: usize| format!("at byte {0} of {0}", 16 + (16 + r) * 8);
    assert!((0..4).any(|r| line.contains(&at(r))), "{line}");
}

#[test]
fn a_cpp_objects_pup_method_carries_it_through_checkpoint_and_restart() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_cxx("pup", dir.path()) else {
        return;
    };
    let whole = run(&so, 2, &[], &["30", "5", "0"]);
    assert!(whole.starts_with("pup steps=30 checksum="), "{whole}");
    let ck = dir.path().join("ck").display().to_string();
    let first = run(&so, 2, &["--checkpoint-dir", &ck], &["30", "5", "10"]);
    assert!(first.contains("stopped after saving step 10"), "{first}");
    let at = dir.path().join("ck/ckpt-2").display().to_string();
    continued(
        &run(&so, 3, &["--restart", &at], &["30", "5", "0"]),
        10,
        whole.trim_end(),
    );
}

/// Checkpoints `so` at step 5, restarts it with a routine that unpacks more
/// than it packed, and returns the failing rank's one error line.
fn overread_at_restart(so: &str, dir: &std::path::Path) -> String {
    let ck = dir.join("ck").display().to_string();
    run(so, 2, &["--checkpoint-dir", &ck], &["10", "5", "5", "file"]);
    let a = [
        "ampi",
        "run",
        "--vp",
        "4",
        "--pes",
        "2",
        "--restart",
        &ck,
        so,
        "--",
    ];
    let (code, _, err) = arts_text(&[&a[..], &["10", "5", "0", "over"]].concat());
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err.lines()
        .find(|l| l.starts_with("error: rank "))
        .unwrap_or_else(|| panic!("{err}"))
        .to_string()
}

/// Runs `so` whole, then checkpoints it with `AMPI_Checkpoint` into
/// --checkpoint-dir (the 3rd checkpoint, step 15) and restarts on 3 PEs,
/// and with `AMPI_MemCheckpoint` (step 20, the node-local store) and
/// restarts on 1 PE: both end as the whole run. Returns its last line.
fn restarts_from_disk_and_memory(so: &str, dir: &std::path::Path) -> String {
    let whole = run(so, 2, &[], &["30", "5", "0", "file"]);
    assert!(whole.starts_with("pup steps=30 checksum="), "{whole}");
    let whole = whole.trim_end();
    let ck = dir.join("ck").display().to_string();
    let first = run(
        so,
        2,
        &["--checkpoint-dir", &ck],
        &["30", "5", "15", "file"],
    );
    assert!(first.contains("stopped after saving step 15"), "{first}");
    let at = dir.join("ck/ckpt-3").display().to_string();
    continued(
        &run(so, 3, &["--restart", &at], &["30", "5", "0", "file"]),
        15,
        whole,
    );
    let store = dir.join("store").display().to_string();
    let first = run(
        so,
        2,
        &["--checkpoint-dir", &store],
        &["30", "5", "20", "mem"],
    );
    assert!(first.contains("stopped after saving step 20"), "{first}");
    continued(
        &run(so, 1, &["--restart", &store], &["30", "5", "0", "mem"]),
        20,
        whole,
    );
    whole.to_string()
}
