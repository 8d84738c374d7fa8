//! AMPI checkpoints of a real program (`stencil3d`): ranks continue from
//! their checkpointed state on other PE counts, from a directory or from a
//! node-local store, and a checkpoint of another program or rank count is
//! refused.

use std::path::Path;
use std::sync::Arc;

use arts_ampi::rank_state::{Checkpoints, MemStore, open};
use arts_ampi::{AmpiError, AmpiReport, RunOptions, run};
use arts_apps::ampi::{self as programs, Params};
use arts_core::checkpoint::disk;

fn stencil(vp: u32, pes: u32, plan: Checkpoints) -> Result<AmpiReport, AmpiError> {
    stencil_with(vp, pes, plan, false)
}

fn stencil_with(
    vp: u32,
    pes: u32,
    plan: Checkpoints,
    mem_checkpoint: bool,
) -> Result<AmpiReport, AmpiError> {
    let params = Params {
        size: 12,
        iters: Some(9),
        checkpoint_every: 3,
        mem_checkpoint,
        ..Params::default()
    };
    let built = programs::build("stencil3d", &params, vp)?;
    let opts = RunOptions {
        checkpoints: Some(Arc::new(plan)),
        ..RunOptions::new(vp, pes)
    };
    run(&opts, built.program)
}

fn saving(dir: &Path) -> Checkpoints {
    Checkpoints {
        dir: Some(dir.to_path_buf()),
        keep: 5,
        program: "stencil3d".into(),
        restored: None,
        memory: None,
    }
}

#[test]
fn ranks_continue_from_their_checkpointed_state_on_other_pe_counts() {
    let root = tempfile::tempdir().unwrap();
    let first = stencil(5, 2, saving(root.path())).unwrap();
    assert_eq!(first.value("valid"), Some(1.0));
    assert_eq!(disk::list(root.path()), vec![3, 6]);
    let again_dir = root.path().join("again");
    for (from, pes) in [
        (root.path().join("ckpt-3"), 3),
        (root.path().to_path_buf(), 1),
    ] {
        let restored = open(&from, "stencil3d", 5).unwrap();
        let plan = Checkpoints {
            restored: Some(restored),
            ..saving(&again_dir)
        };
        let again = stencil(5, pes, plan).unwrap();
        assert_eq!(
            again.value("valid"),
            Some(1.0),
            "from {from:?} on {pes} PEs"
        );
        assert_eq!(again.value("max_abs_diff"), Some(0.0));
    }
    // The restart from step 3 checkpointed again at step 6.
    assert_eq!(disk::list(&again_dir), vec![6]);
}

#[test]
fn mem_checkpoints_are_kept_in_the_processs_hold_and_restart_from_the_store() {
    let store = tempfile::tempdir().unwrap();
    let memory = MemStore {
        dir: store.path().to_path_buf(),
        node: "n0".into(),
        process: 0,
        buddy: 0,
        ward: 0,
    };
    let plan = Checkpoints {
        keep: 1,
        memory: Some(memory.clone()),
        ..saving(&store.path().join("unused"))
    };
    let first = stencil_with(5, 2, plan, true).unwrap();
    assert_eq!(first.value("valid"), Some(1.0));
    // One hold, rotated to the newest checkpoint; nothing outside it.
    assert_eq!(disk::list(&memory.hold()), vec![6]);
    assert!(!store.path().join("unused").exists());
    let restored = open(store.path(), "stencil3d", 5).unwrap();
    assert_eq!(restored.step, 6);
    let plan = Checkpoints {
        restored: Some(restored),
        ..Checkpoints::default()
    };
    let again = stencil(5, 3, plan).unwrap();
    assert_eq!(again.value("valid"), Some(1.0));
    assert_eq!(again.value("max_abs_diff"), Some(0.0));
    // Without a store, mem_checkpoint fails naming itself.
    let e = stencil_with(3, 1, Checkpoints::default(), true)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("mem_checkpoint: the run has no checkpoint store"),
        "{e}"
    );
}

#[test]
fn checkpointing_without_a_directory_fails_naming_the_call() {
    let plan = Checkpoints {
        dir: None,
        ..Checkpoints::default()
    };
    let e = stencil(3, 2, plan).unwrap_err().to_string();
    assert!(
        e.contains("checkpoint: the run has no checkpoint directory"),
        "{e}"
    );
}

#[test]
fn a_checkpoint_of_another_program_or_rank_count_is_refused() {
    let root = tempfile::tempdir().unwrap();
    stencil(4, 2, saving(root.path())).unwrap();
    let e = open(root.path(), "stencil3d", 5).unwrap_err().to_string();
    assert!(
        e.contains("manifest.json") && e.contains("on 4 ranks"),
        "{e}"
    );
    let e = open(root.path(), "pingpong", 4).unwrap_err().to_string();
    assert!(e.contains("stencil3d"), "{e}");
    let empty = tempfile::tempdir().unwrap();
    assert!(open(empty.path(), "stencil3d", 4).is_err());
}
