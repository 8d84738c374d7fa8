//! Fortran MPI programs (`arts-mpif90`; `mpif.h` in fixed form, `use mpi`
//! in free form) on arts with V != P, against the same sources under Open
//! MPI's `mpif90` where it is installed; `STOP` ending a rank, not the run.

use std::path::Path;
use std::process::Command;

mod common;
use common::{arts_text, build_fortran, fortran_dir, have, mpicc, open_mpi_cmd, program_lines};

/// The output of `file` built with Open MPI's `mpif90` and run on `np`
/// processes (`None` without them).
fn open_mpi(file: &str, dir: &Path, np: u32, args: &[&str]) -> Option<String> {
    if !have("mpif90") || !have("mpirun") {
        eprintln!("not compared with Open MPI: mpif90/mpirun are not installed");
        return None;
    }
    let exe = dir.join(format!("{file}.ompi"));
    let ok = Command::new("mpif90")
        .current_dir(dir)
        .arg("-O2")
        .arg(fortran_dir().join(file))
        .arg("-o")
        .arg(&exe)
        .status()
        .unwrap();
    assert!(ok.success(), "mpif90 {file}");
    // Open MPI 4.1's default one-sided component refuses windows on one
    // host; programs with windows (more.f90, epochs.f90) use its UCX one
    // (and its shared-memory one for shared windows), and are not compared
    // where that fails.
    let one_sided = matches!(
        file,
        "more.f90" | "epochs.f90" | "bindings.f90" | "attrs.f90"
    );
    // A run Open MPI does not finish in 120 s is not compared (as in
    // cli_ampi_c: Open MPI 4.1 can hang on its own).
    let mut run = open_mpi_cmd(np, &exe, args);
    if one_sided {
        run.env("OMPI_MCA_osc", "ucx,sm");
    }
    let out = run.output().unwrap();
    if out.status.code() == Some(124) {
        eprintln!("mpirun {file}: Open MPI did not finish in 120 s; not compared");
        return None;
    }
    if one_sided && !out.status.success() {
        eprintln!("not compared with Open MPI: its one-sided component failed");
        return None;
    }
    assert!(out.status.success(), "mpirun {file}: {out:?}");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Builds `file`, runs it at each of `vps` on 2 PEs, and asserts that it
/// prints `line` (programs whose line Open MPI 4.1 cannot print).
fn prints_alone(file: &str, vps: &[&str], line: &str) {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran(file, dir.path()) else {
        return;
    };
    for vp in vps {
        let (code, out, err) = arts_text(&["ampi", "run", "--vp", vp, "--pes", "2", &so]);
        assert_eq!(code, 0, "{out}\n{err}");
        assert_eq!(program_lines(&out), line, "{file} at vp {vp}");
    }
}

#[test]
fn fortran_kernels_match_open_mpi() {
    let cases: [(&str, u32, &[&str], &str); 4] = [
        (
            "kernels.f90",
            5,
            &[],
            "fortran: ring 1 allreduce 1 maxloc 1 bcast 1 gather 1 cart 1 nonblocking 1 \
             waitany 1 complex 1 name 1",
        ),
        ("kernels.f90", 1, &[], "waitany 1 complex 1 name 1"),
        (
            "pi.f",
            3,
            &["200000"],
            "pi:   200000 intervals, error below 1e-9: T",
        ),
        (
            "more.f90",
            4,
            &[],
            "more: icoll 1 local 1 persistent 1 mprobe 1 pack 1 errhandler 1 info 1 hvector 1 \
             groups 1 rma 1",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (file, vp, args, expect) in cases {
        let Some(so) = build_fortran(file, dir.path()) else {
            return;
        };
        let vp_s = vp.to_string();
        let mut a = vec!["ampi", "run", "--vp", &vp_s, "--pes", "2", &so, "--"];
        a.extend_from_slice(args);
        let (code, out, err) = arts_text(&a);
        assert_eq!(code, 0, "{out}\n{err}");
        let ours = program_lines(&out);
        assert!(ours.contains(expect), "{file}: {ours}");
        if let Some(theirs) = open_mpi(file, dir.path(), vp, args) {
            assert_eq!(ours, theirs, "{file}: arts and Open MPI differ");
        }
    }
}

#[test]
fn fortran_epochs_shared_windows_and_ordered_writes_match_open_mpi() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("epochs.f90", dir.path()) else {
        return;
    };
    let file = dir.path().join("ordered.dat").display().to_string();
    for vp in [1, 4] {
        let vp_s = vp.to_string();
        let (code, out, err) =
            arts_text(&["ampi", "run", "--vp", &vp_s, "--pes", "2", &so, "--", &file]);
        assert_eq!(code, 0, "{err}");
        let ours = program_lines(&out);
        assert_eq!(ours, "epochs: pscw 1 shared 1 counter 1 ordered 1\n");
        if let Some(theirs) = open_mpi("epochs.f90", dir.path(), vp, &[&file]) {
            assert_eq!(ours, theirs, "vp {vp}");
        }
    }
}

/// `io.f90` on 3 ranks over 2 PEs with `args` (the file, or none) prints
/// `expected`, as under Open MPI (when installed).
fn io_prints(dir: &Path, args: &[&str], expected: &str) {
    let Some(so) = build_fortran("io.f90", dir) else {
        return;
    };
    let run = [
        &["ampi", "run", "--vp", "3", "--pes", "2", &so, "--"][..],
        args,
    ]
    .concat();
    let (code, out, err) = arts_text(&run);
    assert_eq!(code, 0, "{err}");
    let ours = program_lines(&out);
    assert_eq!(ours, expected);
    if let Some(theirs) = open_mpi("io.f90", dir, 3, args) {
        assert_eq!(ours, theirs);
    }
}

#[test]
fn fortran_mpi_io_matches_open_mpi() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("io.dat").display().to_string();
    io_prints(dir.path(), &[&file], "fortran io: 1\n");
    assert!(
        !dir.path().join("io.dat").exists(),
        "deleted by the program"
    );
}

/// A file that did not open leaves `MPI_FILE_NULL`, and the calls on it
/// return their errors (the handler of `MPI_FILE_NULL`, MPI 4.0 §14.7):
/// the program, which checks none, runs to its end, as under Open MPI.
#[test]
fn calls_on_a_file_that_did_not_open_return_errors_as_under_open_mpi() {
    // No FILE argument: the name is blank.
    let dir = tempfile::tempdir().unwrap();
    io_prints(dir.path(), &[], "fortran io: 0\n");
}

/// Each rank draws from its own `random_number` state, on any PE and with
/// `--isomalloc` (as each process does under `mpirun`).
#[test]
fn each_rank_draws_its_own_random_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("random_streams.f90", dir.path()) else {
        return;
    };
    let reference = open_mpi("random_streams.f90", dir.path(), 4, &[]);
    for mode in [
        &["--pes", "1"][..],
        &["--pes", "2"],
        &["--pes", "2", "--isomalloc"],
    ] {
        let args = [&["ampi", "run", "--vp", "4"], mode, &[&so]].concat();
        let (code, out, err) = arts_text(&args);
        assert_eq!(code, 0, "{mode:?}: {err}");
        let mut ours: Vec<&str> = out
            .lines()
            .take_while(|l| !l.starts_with("ampi "))
            .collect();
        ours.sort_unstable();
        assert_eq!(
            ours.iter().filter(|l| l.contains(": same ")).count(),
            4,
            "{mode:?}: {out}"
        );
        assert!(ours.contains(&"unseeded: distinct"), "{mode:?}: {out}");
        if let Some(theirs) = &reference {
            let mut theirs: Vec<&str> = theirs.lines().collect();
            theirs.sort_unstable();
            assert_eq!(ours, theirs, "{mode:?}");
        }
    }
}

#[test]
fn the_fortran_ping_pong_runs() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("pingpong.f90", dir.path()) else {
        return;
    };
    let (code, out, err) = arts_text(&["ampi", "run", "--vp", "2", &so, "--", "8", "2000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("pingpong bytes=8 latency_us="), "{out}");
}

#[test]
fn a_rank_reads_its_arguments_after_the_last_rank_ended() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("args_after_end.f90", dir.path()) else {
        return;
    };
    // With isomalloc each rank's argv lies in its slot, which goes when
    // the rank ends: libgfortran reads its own copy.
    for iso in [&[][..], &["--isomalloc"]] {
        let args = [
            &["ampi", "run", "--vp", "4", "--pes", "1"],
            iso,
            &[&so, "--", "7", "11"],
        ]
        .concat();
        let (code, out, err) = arts_text(&args);
        assert_eq!(code, 0, "{iso:?}: {err}");
        for rank in 0..3 {
            assert!(
                out.contains(&format!("rank {rank}: 7 11")),
                "{iso:?}: {out}"
            );
        }
    }
}

#[test]
fn stop_ends_its_rank_not_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("stops.f90", dir.path()) else {
        return;
    };
    // The same with the program copied into each rank's slot.
    for iso in [&[][..], &["--isomalloc"]] {
        let run = |mode: &str| {
            let args = [
                &["ampi", "run", "--vp", "4", "--pes", "2"],
                iso,
                &[&so, "--", mode],
            ];
            arts_text(&args.concat())
        };
        // STOP after MPI_Finalize: every rank ends well and the run reports.
        let (code, out, err) = run("stop");
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("stops: every rank passed the barrier"),
            "{out}"
        );
        assert!(out.contains("ranks 4"), "{out}");
        // STOP 3 after MPI_Finalize: the job's exit code, as under mpirun.
        let (code, _, err) = run("code");
        assert_eq!(code, 3, "{err}");
        assert!(err.contains("STOP 3"), "{err}");
        assert!(err.contains("error: rank 1 exited with code 3"), "{err}");
        // ERROR STOP: the rank fails with its message; the others are reported.
        let (code, _, err) = run("error");
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("ERROR STOP bad input"), "{err}");
        assert!(err.contains("error: rank 1: ERROR STOP 1"), "{err}");
    }
}

#[test]
fn the_mpi1_datatype_calls_of_old_fortran_codes_load_and_run() {
    // Issue 51's reproducer (MPI_Type_struct, MPI_Type_extent), V != P.
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("mpi1_names.f90", dir.path()) else {
        return;
    };
    for vp in ["4", "8"] {
        for pes in ["1", "2", "3"] {
            let (code, out, err) = arts_text(&["ampi", "run", "--vp", vp, "--pes", pes, &so]);
            assert_eq!(code, 0, "vp {vp} pes {pes}: {err}");
            assert_eq!(program_lines(&out), "OK extent 16\n", "vp {vp} pes {pes}");
        }
    }
    if let Some(theirs) = open_mpi("mpi1_names.f90", dir.path(), 4, &[]) {
        assert_eq!(theirs, "OK extent 16\n");
    }
}

#[test]
fn the_fortran_names_of_the_audit_check_their_results() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("bindings.f90", dir.path()) else {
        return;
    };
    let prefix = dir.path().join("view").display().to_string();
    for (vp, pes) in [("4", "2"), ("3", "1")] {
        let args = ["ampi", "run", "--vp", vp, "--pes", pes, &so, "--", &prefix];
        let (code, out, err) = arts_text(&args);
        assert_eq!(code, 0, "{out}\n{err}");
        let ours = program_lines(&out);
        assert_eq!(
            ours,
            "bindings: mpi1 1 address 1 names 1 errhandlers 1 persistent 1 ranges 1 \
             ineighbor 1 statuses 1 alloc_mem 1 graph 1 kinds 1 pmpi 1 inplace 1 bottom 1 greq 1 info 1 \
             external 1 markers 1\n",
            "vp {vp}"
        );
        let vp: u32 = vp.parse().unwrap();
        if let Some(theirs) = open_mpi("bindings.f90", dir.path(), vp, &[&prefix]) {
            assert_eq!(ours, theirs, "arts and Open MPI differ");
        }
    }
}

#[test]
fn use_mpi_with_only_lists_and_renames_compiles_as_under_open_mpi() {
    // The module names every call: `use mpi, only: MPI_Send` and a
    // profiling wrapper's `use mpi, skip => MPI_Send` compile, and the
    // program's own MPI_Send gets its sends.
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("module_names.f90", dir.path()) else {
        return;
    };
    for vp in ["2", "5"] {
        let (code, out, err) = arts_text(&["ampi", "run", "--vp", vp, "--pes", "2", &so]);
        assert_eq!(code, 0, "{out}\n{err}");
        let ours = program_lines(&out);
        assert_eq!(ours, "module: only 1 wrapped 1\n", "vp {vp}");
        let vp: u32 = vp.parse().unwrap();
        if let Some(theirs) = open_mpi("module_names.f90", dir.path(), vp, &[]) {
            assert_eq!(ours, theirs, "arts and Open MPI differ");
        }
    }
}

#[test]
fn mpi4_info_calls_have_their_fortran_names() {
    // MPI_Info_get_string counts a value's length without a terminator in
    // Fortran; Open MPI 4.1 lacks both calls, so the line stands alone.
    prints_alone(
        "info_strings.f90",
        &["1", "3"],
        "info: lengths 1 unset 1 env 1\n",
    );
}

#[test]
fn the_ampi_extensions_have_their_fortran_names() {
    let line = "extensions: migration 1 checkpoints 1 icoll 1\n";
    prints_alone("ampi_names.f90", &["2", "5"], line);
}

#[test]
fn fortran_attributes_and_their_callbacks_match_open_mpi() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("attrs.f90", dir.path()) else {
        return;
    };
    // The same with the program copied into each rank's slot.
    for iso in [&[][..], &["--isomalloc"]] {
        let args = [&["ampi", "run", "--vp", "3", "--pes", "2"], iso, &[&so]].concat();
        let (code, out, err) = arts_text(&args);
        assert_eq!(code, 0, "{out}\n{err}");
        let ours = program_lines(&out);
        assert_eq!(ours, "attrs: comm 1 mpi1 1 win 1 type 1\n", "{iso:?}");
    }
    let (_, out, _) = arts_text(&["ampi", "run", "--vp", "3", "--pes", "2", &so]);
    if let Some(theirs) = open_mpi("attrs.f90", dir.path(), 3, &[]) {
        assert_eq!(program_lines(&out), theirs, "arts and Open MPI differ");
    }
}

#[test]
fn mpi_f08_programs_match_open_mpi() {
    // `use mpi_f08`: typed handles, `ierror` left out, named status
    // fields, strings, a user reduction and attribute callbacks.
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("f08.f90", dir.path()) else {
        return;
    };
    let line = "f08: handles 1 p2p 1 comms 1 coll 1 attrs 1 errors 1\n";
    for vp in ["1", "2", "5"] {
        let (code, out, err) = arts_text(&["ampi", "run", "--vp", vp, "--pes", "2", &so]);
        assert_eq!(code, 0, "{out}\n{err}");
        assert_eq!(program_lines(&out), line, "vp {vp}");
    }
    if let Some(theirs) = open_mpi("f08.f90", dir.path(), 5, &[]) {
        assert_eq!(theirs, line, "arts and Open MPI differ");
    }
    // MPI 4.0's status conversions (Open MPI 4.1 has none).
    prints_alone("f08_status.f90", &["3"], "f08 status: conversions 1\n");
}

#[test]
fn array_sections_reach_calls_that_keep_their_buffer_whole_or_are_refused() {
    // `use mpi_f08`: a blocking call takes any section (a copy for the
    // call), a non-blocking one a contiguous section in place; a
    // non-contiguous one is refused with MPI_ERR_BUFFER (before, the
    // compiler's temporary copy was freed under the operation: MPICH's
    // subarray/test14 corrupted the heap).
    let line = "sections: blocking 1 contiguous 1 refused 1\n";
    prints_alone("f08_sections.f90", &["1", "3"], line);
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_fortran("f08_sections.f90", dir.path()) else {
        return;
    };
    let (code, _, err) = arts_text(&["ampi", "run", "--vp", "2", "--pes", "2", &so, "--", "fatal"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("MPI_Isend: the buffer is a non-contiguous array section"),
        "{err}"
    );
}

#[test]
fn attributes_pass_between_c_and_fortran_as_mpi_says() {
    // A Fortran value comes to C by address, a C pointer to Fortran as
    // its value (MPICH's fandcattrf08 and attrlangf08 crashed before).
    let line = "attributes: fortran to c 1 c to fortran 1\n";
    prints_alone("attr_languages.f90", &["1", "3"], line);
}

#[test]
fn use_mpi_checks_argument_lists_at_compile_time() {
    // The `mpi` module's explicit interfaces: a call without its ierror
    // (or with a REAL where a size goes) fails to compile under `use mpi`,
    // as under Open MPI; under `use mpi_f08` ierror is optional.
    if !have("gfortran") {
        eprintln!("skipped: gfortran is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let compile = |module: &str, call: &str| {
        let src = dir.path().join(format!("{module}.f90"));
        let text = format!(
            "program p\nuse {module}\ninteger :: buf(1), ierr\ncall MPI_Init(ierr)\n{call}\n\
             call MPI_Finalize(ierr)\nend program p\n"
        );
        std::fs::write(&src, text).unwrap();
        let out = Command::new("sh")
            .current_dir(dir.path())
            .arg(mpicc().with_file_name("arts-mpif90"))
            .env("ARTS_FORTRAN_MODULES", dir.path().join("mods"))
            .arg(&src)
            .arg("-o")
            .arg(dir.path().join(format!("{module}.so")))
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let send = "call MPI_Send(buf, 1, MPI_INTEGER, 0, 0, MPI_COMM_WORLD)";
    let (ok, err) = compile("mpi", send);
    assert!(!ok && err.contains("ierror"), "{err}");
    let (ok, err) = compile("mpi", "call MPI_Comm_size(MPI_COMM_WORLD, 1.5, ierr)");
    assert!(!ok && err.contains("size"), "{err}");
    let (ok, err) = compile(
        "mpi",
        "call MPI_Send(buf, 1, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, ierr)",
    );
    assert!(ok, "{err}");
    let (ok, err) = compile("mpi_f08", send);
    assert!(ok, "{err}");
}
