//! Checkpoints of a run's ranks by their own state: the paper's second way
//! (a user pack/unpack), here serde. At `Mpi::checkpoint(step, &state)`
//! every rank serializes what it needs to continue; rank 0 gathers the
//! states and writes them as one checkpoint directory (the format of
//! `arts_core::checkpoint::disk`: checksummed, all or nothing, rotated). A
//! run started with [`Checkpoints::restored`] hands each rank its state back
//! through `Mpi::restored`, on any number of PEs; the rank count must be the
//! same (each state belongs to one rank).
//!
//! Stacks are not saved: the program continues from its state, not from
//! the point of the call (whole-VP checkpoints need isomalloc, not built).

use std::path::{Path, PathBuf};

use arts_core::checkpoint::disk::{self, Contents};
use serde::{Deserialize, Serialize};

use crate::error::AmpiError;

/// The app name checkpoints of AMPI runs record in their manifest.
pub const APP: &str = "ampi";

/// Where a run's checkpoints go and what it restarts from.
#[derive(Debug, Default)]
pub struct Checkpoints {
    /// The checkpoint root (`None`: `Mpi::checkpoint` fails).
    pub dir: Option<PathBuf>,
    /// Checkpoints kept in `dir`.
    pub keep: usize,
    /// The program's name, recorded in (and checked against) the manifest.
    pub program: String,
    /// The checkpoint the run continues from.
    pub restored: Option<Restored>,
}

/// The ranks' states of one checkpoint.
#[derive(Debug)]
pub struct Restored {
    /// The step the program gave when it checkpointed.
    pub step: u64,
    /// Each rank's serialized state, in rank order.
    pub states: Vec<Vec<u8>>,
}

/// What the manifest's `options` record.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Options {
    program: String,
    ranks: u32,
}

/// Reads the checkpoint at `path` (a `ckpt-<step>` directory, or a root
/// whose `latest` names one) for `program` on `ranks` ranks; anything else
/// is a usage error naming the file.
pub fn open(path: &Path, program: &str, ranks: u32) -> Result<Restored, AmpiError> {
    let c = disk::open(path).map_err(|e| AmpiError::Usage(e.to_string()))?;
    let manifest = c.dir.join(disk::MANIFEST);
    let bad = |why: String| AmpiError::Usage(format!("{}: {why}", manifest.display()));
    if c.manifest.app != APP {
        return Err(bad(format!(
            "written by app {:?}, not by an AMPI run",
            c.manifest.app
        )));
    }
    let options: Options = serde_json::from_value(c.manifest.options.clone())
        .map_err(|e| bad(format!("options: {e}")))?;
    let want = Options {
        program: program.to_string(),
        ranks,
    };
    if options != want {
        return Err(bad(format!(
            "a checkpoint of {} on {} ranks, not of {program} on {ranks}",
            options.program, options.ranks
        )));
    }
    let main = c
        .main_state()
        .map_err(|e| AmpiError::Usage(e.to_string()))?;
    let states: Vec<Vec<u8>> =
        arts_core::wire::decode(&main).map_err(|e| bad(format!("the ranks' states: {e}")))?;
    if states.len() != ranks as usize {
        return Err(bad(format!("{} states for {ranks} ranks", states.len())));
    }
    Ok(Restored {
        step: c.manifest.step,
        states,
    })
}

/// Writes the ranks' `states` as the checkpoint after `step`; returns its
/// directory, or why it could not be written.
pub(crate) fn write(
    plan: &Checkpoints,
    dir: &Path,
    step: u64,
    states: &[Vec<u8>],
) -> Result<PathBuf, String> {
    let options = Options {
        program: plan.program.clone(),
        ranks: states.len() as u32,
    };
    let main_state = arts_core::wire::encode(states);
    let contents = Contents {
        app: APP,
        options: serde_json::to_value(options).expect("options serialize"),
        step,
        main_state: &main_state,
    };
    disk::write(dir, &contents, &[], plan.keep).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::programs::{self, Params};
    use crate::runner::{AmpiReport, RunOptions, run};

    fn stencil(vp: u32, pes: u32, plan: Checkpoints) -> Result<AmpiReport, AmpiError> {
        let params = Params {
            size: 12,
            iters: Some(9),
            checkpoint_every: 3,
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
}
