//! AMPI's PUP interface from C (`tests/c/pup.c`), without isomalloc: the
//! program's own passes size what they pack, a null routine is an MPI
//! error, registered heap data comes back at a restart's registration
//! (the program aborts if it does not), and a routine that unpacks more
//! than it packed fails its rank naming the pass.

mod common;

use std::path::Path;
use std::sync::Arc;

use arts_ampi::RunOptions;
use arts_ampi::rank_state::{self, Checkpoints};

/// Runs `so` on 4 ranks over 2 PEs with checkpoints `plan`.
fn run(so: &Path, plan: Checkpoints, args: &[&str]) -> Result<(), String> {
    let mut opts = RunOptions::new(4, 2);
    opts.checkpoints = Some(Arc::new(plan));
    common::run_with(so, opts, args)
        .map(drop)
        .map_err(|e| e.to_string())
}

fn saving(dir: &Path) -> Checkpoints {
    Checkpoints {
        dir: Some(dir.to_path_buf()),
        keep: 10,
        program: "pup.so".into(),
        ..Default::default()
    }
}

fn restoring(at: &Path) -> Checkpoints {
    Checkpoints {
        program: "pup.so".into(),
        restored: Some(rank_state::open(at, "pup.so", 4).expect("a checkpoint")),
        ..Default::default()
    }
}

#[test]
fn own_passes_size_what_they_pack_and_a_null_routine_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("pup", dir.path()) else {
        return;
    };
    common::run(&so, 3, 2, &["1", "1", "0", "own"]).unwrap();
    common::run(&so, 3, 2, &["1", "1", "0", "null"]).unwrap();
}

#[test]
fn registered_data_comes_back_at_the_restarts_registration() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("pup", dir.path()) else {
        return;
    };
    let ck = dir.path().join("ck");
    run(&so, saving(&ck), &["20", "5", "10", "file"]).unwrap();
    assert!(ck.join("ckpt-2").is_dir(), "the 2nd checkpoint, step 10");
    // pup.c checks what it got back (its tag, name, length and counter).
    run(
        &so,
        restoring(&ck.join("ckpt-2")),
        &["20", "5", "0", "file"],
    )
    .unwrap();
    let e = run(
        &so,
        restoring(&ck.join("ckpt-2")),
        &["20", "5", "0", "over"],
    )
    .unwrap_err();
    assert!(
        e.contains("pup_int: PUP routine 0 (unpacking at restart) unpacks more than was packed"),
        "{e}"
    );
    assert!(e.starts_with("rank "), "{e}");
}
