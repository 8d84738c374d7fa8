//! The rule of `arts restart` of a drift-diffusion sweep: the sweep keeps
//! its own command line (from its checkpoint's manifest) and takes, of the
//! object-runtime apps' run options, only the PEs and the checkpointing
//! ([`SweepRestart`]); any other option given is refused.

use std::path::PathBuf;

use crate::run::Error;
use crate::run::checkpoint_flags::CheckpointFlags;

/// What a restarted sweep takes of the run options.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRestart {
    /// PEs (default: the sweep's own choice).
    pub pes: Option<u32>,
    /// Under mpirun: PEs in each process.
    pub pes_per_process: Option<u32>,
    /// Pin each PE thread to a CPU of its own.
    pub pin: bool,
    /// Go on checkpointing: every N bias points, into DIR, keeping K.
    pub checkpoint: Option<(u32, PathBuf, u32)>,
    /// ... as double checkpoints in node-local stores.
    pub buddy_checkpoints: bool,
    /// ... written in the background.
    pub checkpoint_async: bool,
}

impl SweepRestart {
    /// The restart's options: `pes`, `pes_per_process`, `pin` and
    /// `checkpoint`; `others` names every other run option (its flag) and
    /// whether it was given: the first given one, or a checkpoint flag a
    /// sweep does not take, is bad input naming it.
    pub fn new(
        others: &[(&str, bool)],
        pes: Option<u32>,
        pes_per_process: Option<u32>,
        pin: bool,
        checkpoint: &CheckpointFlags,
    ) -> Result<SweepRestart, Error> {
        let c = checkpoint;
        let refused = [
            (
                "--checkpoint-every-seconds",
                c.checkpoint_every_seconds.is_some(),
            ),
            ("--checkpoint-on-term", c.checkpoint_on_term),
            ("--resume", c.resume),
        ];
        if let Some((flag, _)) = others.iter().chain(&refused).find(|o| o.1) {
            return Err(Error::usage(format!(
                "{flag}: a restarted ddm sweep keeps its own options; it takes --pes, --pes-per-process, --pin, --checkpoint-every, --checkpoint-dir, --keep, --buddy-checkpoints and --checkpoint-async"
            )));
        }
        let checkpoint = match (c.checkpoint_every, &c.checkpoint_dir) {
            (Some(n), Some(dir)) => Some((n, dir.clone(), c.keep)),
            (None, Some(_)) => {
                return Err(Error::usage(
                    "--checkpoint-dir: a restarted ddm sweep checkpoints every --checkpoint-every N bias points",
                ));
            }
            _ => None,
        };
        Ok(SweepRestart {
            pes,
            pes_per_process,
            pin,
            checkpoint,
            buddy_checkpoints: c.buddy_checkpoints,
            checkpoint_async: c.checkpoint_async,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restart_takes_pes_and_checkpoints_and_refuses_the_rest() {
        let flags = CheckpointFlags {
            checkpoint_every: Some(2),
            checkpoint_dir: Some(PathBuf::from("/tmp/c")),
            keep: 3,
            ..CheckpointFlags::default()
        };
        let r = SweepRestart::new(&[("--lb", false)], Some(4), None, true, &flags).unwrap();
        assert_eq!(r.checkpoint, Some((2, PathBuf::from("/tmp/c"), 3)));
        assert_eq!((r.pes, r.pin), (Some(4), true));
        let err = SweepRestart::new(&[("--lb", true)], None, None, false, &flags).unwrap_err();
        assert!(
            err.to_string().starts_with("--lb: a restarted ddm sweep"),
            "{err}"
        );
        let resume = CheckpointFlags {
            resume: true,
            ..flags.clone()
        };
        let err = SweepRestart::new(&[], None, None, false, &resume).unwrap_err();
        assert!(err.to_string().starts_with("--resume: "), "{err}");
        let no_every = CheckpointFlags {
            checkpoint_every: None,
            ..flags
        };
        let err = SweepRestart::new(&[], None, None, false, &no_every).unwrap_err();
        assert!(matches!(err, Error::Usage(m) if m.starts_with("--checkpoint-dir: ")));
    }
}
