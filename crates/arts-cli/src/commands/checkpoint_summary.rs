//! How a run stopped by SIGTERM under `--checkpoint-on-term` ends; the
//! checkpoints of a run are reported by
//! [`arts_apps::run::summary::CheckpointSummary`].

use crate::output::CliResult;

/// `Some(Ok)` when a run stopped after a step with its checkpoints in a
/// directory (saying, on the root process, how to continue it).
pub fn stopped_note(stopped: Option<(u32, &str)>) -> Option<CliResult> {
    let (step, dir) = stopped?;
    if crate::world::is_root() {
        eprintln!(
            "note: stopped after step {step}, checkpointed; continue with `arts restart {dir}`"
        );
    }
    Some(Ok(()))
}
