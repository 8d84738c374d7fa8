//! What `arts run leanmd|fracture` reports on its checkpoints (and on the
//! sequential reference they keep), and how a run stopped by SIGTERM under
//! `--checkpoint-on-term` ends.

use serde::Serialize;

use crate::output::CliResult;

/// The checkpoints of a run (flattened into its JSON report).
#[derive(Serialize)]
pub struct CheckpointSummary {
    /// Where the run wrote its checkpoints (`null`: it did not checkpoint).
    pub checkpoint_dir: Option<String>,
    /// Checkpoints written.
    pub checkpoints: usize,
    /// The step a restarted run continued from (`null`: not a restart).
    pub resumed_from_step: Option<u32>,
    /// The run stopped after this step on SIGTERM, right after checkpointing
    /// it (`--checkpoint-on-term`); `null` when it ran to the end. A stopped
    /// run is not validated (`valid` is false).
    pub stopped_at_step: Option<u32>,
    /// The sequential reference was read from the checkpoint root (kept
    /// there by an earlier attempt of this run), not computed again.
    pub reference_reused: bool,
}

impl CheckpointSummary {
    /// The summary of a run of `session` before it ran.
    pub fn of<S>(session: &arts_core::checkpoint::session::Session<S>) -> Self {
        CheckpointSummary {
            checkpoint_dir: session.save.as_ref().map(|s| s.dir.display().to_string()),
            checkpoints: 0,
            resumed_from_step: session.resume.as_ref().map(|r| r.step),
            stopped_at_step: None,
            reference_reused: false,
        }
    }

    /// The summary once the run wrote `checkpoints` and stopped after
    /// `stopped_at_step`, if it did.
    pub fn after(self, checkpoints: usize, stopped_at_step: Option<u32>) -> Self {
        CheckpointSummary {
            checkpoints,
            stopped_at_step,
            ..self
        }
    }

    /// The table lines: checkpoints, the step restarted from, the stop.
    pub fn lines(&self) -> String {
        let dir = self.checkpoint_dir.as_deref();
        let mut t = super::md::checkpoint_lines(dir, self.checkpoints, self.resumed_from_step);
        if self.reference_reused {
            t += "reference             read from the checkpoint root, not recomputed\n";
        }
        if let Some(s) = self.stopped_at_step {
            t += &format!("stopped after step    {s} (SIGTERM), not validated\n");
        }
        t
    }

    /// `Some(Ok)` when the run stopped after a checkpoint (saying, on the
    /// root process, how to continue): it succeeded unvalidated.
    pub fn stopped(&self) -> Option<CliResult> {
        stopped_note(self.stopped_at_step, self.checkpoint_dir.as_deref())
    }
}

/// `Some(Ok)` when a run stopped after `step` with its checkpoints in
/// `dir` (saying, on the root process, how to continue it).
pub fn stopped_note(step: Option<u32>, dir: Option<&str>) -> Option<CliResult> {
    let (step, dir) = (step?, dir?);
    if crate::launch::is_root() {
        eprintln!(
            "note: stopped after step {step}, checkpointed; continue with `arts restart {dir}`"
        );
    }
    Some(Ok(()))
}
