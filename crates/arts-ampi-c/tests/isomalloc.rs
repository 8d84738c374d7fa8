//! C ranks in isomalloc slots (`CProgram::open_in_slots`): each rank runs
//! its own copy of the program, made in its slot, with its `malloc` served
//! from there; both move with the rank.

mod common;

use std::sync::Arc;

use arts_ampi::iso::IsoAlloc;
use arts_ampi::{AmpiError, RunOptions};
use arts_ampi_c::{CProgram, CRunOptions, LoadError};
use arts_core::{LbConfig, LbPeriod};

#[global_allocator]
static ALLOC: IsoAlloc<std::alloc::System> = IsoAlloc::new(std::alloc::System);

/// `vp` ranks in slots on `pes` PEs, rotated at every balancing point.
fn in_slots(vp: u32, pes: u32) -> RunOptions {
    RunOptions {
        isomalloc: true,
        lb: Some(LbConfig {
            strategy: Arc::from(arts_lb::by_name("rotate").unwrap()),
            period: LbPeriod::EverySync,
            record_inputs: false,
            speeds: None,
        }),
        ..RunOptions::new(vp, pes)
    }
}

/// Held by each test that opens a program in slots: a process has one
/// set of slots, and `cargo test` runs this file's tests on threads of
/// one process.
fn slots() -> std::sync::MutexGuard<'static, ()> {
    static SLOTS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SLOTS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs the program `so` on `vp` ranks in slots on `pes` PEs.
fn run_so_in_slots(
    so: &std::path::Path,
    vp: u32,
    pes: u32,
    args: &[&str],
) -> Result<arts_ampi::AmpiReport, AmpiError> {
    let _slots = slots();
    let args = args.iter().map(|s| s.to_string()).collect();
    let prog = CProgram::open_in_slots(so, vp, args).expect("loads");
    assert!(prog.in_slots());
    arts_ampi_c::run(&in_slots(vp, pes), Arc::new(prog), &CRunOptions::default())
        .and_then(common::exit_ok)
}

/// Builds `tests/c/<name>.c` and runs it like [`run_so_in_slots`].
fn run_in_slots(name: &str, vp: u32, pes: u32, args: &[&str]) -> arts_ampi::AmpiReport {
    let dir = tempfile::tempdir().unwrap();
    let so = common::build(name, dir.path()).expect("gcc is installed");
    run_so_in_slots(&so, vp, pes, args).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn a_c_ranks_heap_globals_and_code_stay_intact_as_it_moves() {
    if common::compiler("gcc").is_none() {
        return;
    }
    let report = run_in_slots("heap", 4, 2, &["5000"]);
    assert!(report.rank_moves >= 4 * 6, "every rank moved at every step");
    let report = run_in_slots("globals", 6, 3, &[]);
    assert!(report.rank_moves > 0);
}

#[test]
fn constructors_run_for_each_rank_and_what_they_allocate_is_its_own() {
    if common::compiler("gcc").is_none() {
        return;
    }
    // A constructor's buffer per rank (one shared buffer fails the checks).
    run_in_slots("ctors", 4, 2, &[]);
}

#[test]
fn cxx_globals_are_per_rank_in_slots() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build_cxx("globals", dir.path()) else {
        return;
    };
    let report = run_so_in_slots(&so, 4, 2, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.rank_moves > 0);
}

#[test]
fn the_kernels_run_from_copies_in_slots() {
    if common::compiler("gcc").is_none() {
        return;
    }
    run_in_slots("transpose", 6, 4, &["36", "2"]);
    run_in_slots("halo", 9, 2, &["27", "3"]);
    run_in_slots("stencil2d", 4, 2, &["32", "10"]);
}

#[test]
fn a_fatal_error_unwinds_through_a_copy_in_a_slot() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("heap", dir.path()) else {
        return;
    };
    let e = run_so_in_slots(&so, 4, 2, &["1000", "fail"])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("rank 1: MPI_Send: send: invalid handle 12345 (MPI_ERR_COMM)"),
        "{e}"
    );
}

#[test]
fn a_program_opened_one_way_is_refused_the_other_way() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("globals", dir.path()) else {
        return;
    };
    let files = CProgram::open(&so, 2, Vec::new()).unwrap();
    let e = arts_ampi_c::run(&in_slots(2, 1), Arc::new(files), &CRunOptions::default());
    assert!(
        matches!(&e, Err(AmpiError::Usage(m)) if m.contains("open_in_slots")),
        "{e:?}"
    );
    let _slots = slots();
    let slots = CProgram::open_in_slots(&so, 2, Vec::new()).unwrap();
    let e = arts_ampi_c::run(
        &RunOptions::new(2, 1),
        Arc::new(slots),
        &CRunOptions::default(),
    );
    assert!(
        matches!(&e, Err(AmpiError::Usage(m)) if m.contains("runs with isomalloc")),
        "{e:?}"
    );
}

#[test]
fn thread_locals_are_refused_in_slots_and_work_without() {
    if common::compiler("gcc").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("tls.c");
    std::fs::write(
        &src,
        "#include <mpi.h>\n__thread int t;\n\
         int main(int c, char **v) { MPI_Init(&c, &v); t = 1; MPI_Finalize(); return t - 1; }\n",
    )
    .unwrap();
    let so = dir.path().join("tls.so");
    let ok = std::process::Command::new("sh")
        .arg(arts_ampi_c::mpicc_path())
        .arg(&src)
        .arg("-o")
        .arg(&so)
        .status()
        .unwrap();
    assert!(ok.success());
    let _slots = slots();
    match CProgram::open_in_slots(&so, 2, Vec::new()) {
        Err(LoadError::NotAProgram { why, .. }) => {
            assert!(why.contains("thread-local variables"), "{why}")
        }
        other => panic!("{:?}", other.err()),
    }
    common::run(&so, 2, 1, &[]).expect("without isomalloc it runs");
}
