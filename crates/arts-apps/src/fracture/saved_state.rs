//! Checkpoint and restart of a fracture run. The consistent point is the
//! end of a step: every object has updated its values and contributed the
//! step's barrier, and instead of going on (through `at_sync`) it waits for
//! the main program. After every `every`-th step (not after the last) every
//! process writes its own objects' images and process 0 publishes the
//! checkpoint with the main program's state: the parameters (exactly,
//! beside the manifest's JSON options) and the step times so far. A
//! restart restores the objects on any number of PEs and resumes them: the
//! values end bit-identical to an uninterrupted run (and to the sequential
//! reference).

use std::time::Instant;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayProxy, Driver, RunError};
use serde::{Deserialize, Serialize};

use super::{Params, Piece};
pub use arts_core::checkpoint::session::EveryN as Checkpointing;
pub(super) use arts_core::checkpoint::session::pauses_after;
use arts_core::checkpoint::session::{self, Contents, invalid};
use arts_core::checkpoint::writer::Writer;

/// The app name a fracture checkpoint carries in its manifest.
pub const APP: &str = "fracture";

/// The main program's state in a checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MainState {
    /// The run's parameters, bit for bit (the manifest's JSON copy is for
    /// people and is checked against it).
    pub params: Params,
    /// Seconds of each step done.
    pub step_times: Vec<f64>,
}

/// What a run resumes from: the objects are its one image.
pub type Resume = session::Resume<MainState>;

/// What a fracture run does besides computing: checkpoint, resume, both or neither.
pub type Session = session::Session<MainState>;

/// The parameters of a fracture checkpoint that `arts restart` can
/// continue, read and checked (the app, the options against the exact
/// copy, the step, the objects); the error names the file that does not fit.
pub fn restartable(c: &Checkpoint) -> Result<Params, CheckpointError> {
    let state: MainState = session::read_state(c, APP, |s: &MainState| &s.params)?;
    let p = state.params;
    let manifest = c.dir.join(disk::MANIFEST);
    p.check()
        .map_err(|e| invalid(manifest.clone(), format!("options: {e}")))?;
    let what = format!("{} objects", p.count());
    session::expect_layout(c, 1, ("step", p.steps as u64), p.count(), &what)?;
    Ok(p)
}

/// Reads the main program's state and the objects of a checkpoint whose
/// parameters [`restartable`] returned as `p`; the error names the file.
pub fn read_resume(c: &Checkpoint, p: &Params) -> Result<Resume, CheckpointError> {
    let state: MainState = session::main_state(c, APP)?;
    let step = c.manifest.step as u32;
    if state.params != *p || state.step_times.len() != step as usize {
        return Err(invalid(
            c.dir.join(disk::MAIN_STATE),
            format!("{} step times for step {step}", state.step_times.len()),
        ));
    }
    let [nx, ny, nz] = p.objects;
    let shape = arts_core::Shape::d3(nx, ny, nz);
    let image = session::array_shaped::<super::Piece>(c, 0, shape, "objects")?;
    Ok(Resume {
        step,
        state,
        images: vec![image],
    })
}

/// Takes the checkpoint after `step` steps: every process writes its own
/// objects, process 0 publishes them with `state`. Collective.
/// `resume`: when the step's result came, and what lets the elements go
/// on.
pub(super) fn take(
    d: &mut Driver,
    writer: &mut Writer,
    pieces: &ArrayProxy<Piece>,
    plan: &Checkpointing,
    (step, state): (u32, &MainState),
    resume: (Instant, impl FnOnce(&mut Driver)),
) -> Result<(), RunError> {
    let image = d.checkpoint_local(pieces)?;
    let contents = Contents::of((APP, &state.params), step as u64, state)?;
    writer.write(d, vec![image], plan.target(), contents, resume)
}

#[cfg(test)]
mod tests {
    use super::super::{reference, run, run_session};
    use super::*;
    use crate::checkpoint_testing::test_config as config;
    use arts_core::Map;
    use std::sync::Arc;

    fn params() -> Params {
        Params {
            steps: 12,
            ..super::super::tests::params()
        }
    }

    /// A checkpointing run on 2 PEs (every 5 steps, into `root`).
    fn checkpointed(p: &Params, r: &Arc<super::super::Reference>, root: &std::path::Path) {
        let session = Session::saving(root, 5, 5);
        let with = run_session(p, &config(2, None), Map::Block, r.clone(), session).unwrap();
        assert_eq!((with.mismatched, with.checkpoints), (0, 2));
    }

    #[test]
    fn restarts_on_1_2_and_3_pes_end_bit_identical_to_an_uninterrupted_run() {
        let p = params();
        let r = Arc::new(reference(&p));
        // The uninterrupted run is bit-identical to the reference; so is
        // every restart (each object compares its values bit for bit).
        let plain = run(&p, &config(2, None), Map::Block, r.clone()).unwrap();
        assert_eq!(plain.mismatched, 0);
        let root = tempfile::tempdir().unwrap();
        checkpointed(&p, &r, root.path());
        assert_eq!(disk::list(root.path()), vec![5, 10]);
        let runs = [
            (1, 5, None),
            (2, 10, None),
            (3, 5, None),
            (3, 5, Some("rotate")),
        ];
        for (pes, step, lb) in runs {
            let c = disk::open(&root.path().join(disk::dir_name(step))).unwrap();
            assert_eq!(restartable(&c).unwrap(), p);
            let resume = read_resume(&c, &p).unwrap();
            assert_eq!(resume.step, step as u32);
            let session = Session::resuming(resume);
            let cfg = config(pes, lb);
            let again = run_session(&p, &cfg, Map::RoundRobin, r.clone(), session).unwrap();
            let what = format!("on {pes} PEs from step {step}, {lb:?}");
            assert_eq!(again.mismatched, 0, "{what}");
            assert_eq!(again.step_times.len(), p.steps as usize, "{what}");
            crate::checkpoint_testing::assert_moved_if_balanced(&again.report, lb);
        }
    }

    /// Checkpoints requested from another thread at random moments (the
    /// first before the run starts; every other one stopping the run) on
    /// 1-3 PEs, some balancing: every run that goes on ends bit-identical
    /// to the reference, and so does a restart on 1-3 PEs from whatever
    /// was taken.
    #[test]
    fn on_demand_checkpoints_at_random_moments_restart_bit_identical() {
        let p = Params {
            steps: 300,
            ..params()
        };
        let r = Arc::new(reference(&p));
        let configs = crate::checkpoint_testing::test_configs();
        let run = |round: usize, session| {
            let with = run_session(&p, &configs[round], Map::Block, r.clone(), session).unwrap();
            assert_eq!(with.mismatched, 0, "round {round}");
            let done = with.stopped_at.unwrap_or(p.steps);
            assert_eq!(with.step_times.len(), done as usize, "round {round}");
            with.stopped_at
        };
        let restart = |round: usize, root: &std::path::Path| {
            let c = disk::open(root).unwrap();
            let resume = read_resume(&c, &restartable(&c).unwrap()).unwrap();
            let pes = config(round as u32 % 3 + 1, None);
            let session = Session::resuming(resume);
            let again = run_session(&p, &pes, Map::RoundRobin, r.clone(), session).unwrap();
            assert_eq!(again.mismatched, 0, "round {round}");
            assert_eq!(again.stopped_at, None);
        };
        let max_delay = std::time::Duration::from_millis(40);
        crate::checkpoint_testing::at_random_moments(configs.len(), max_delay, run, restart);
    }

    #[test]
    fn a_restart_that_goes_on_otherwise_does_not_match_the_reference() {
        // The comparison can fail: the image of step 5 continued with more
        // work per point ends elsewhere than that run's reference.
        let p = params();
        let r = Arc::new(reference(&p));
        let root = tempfile::tempdir().unwrap();
        checkpointed(&p, &r, root.path());
        let c = disk::open(&root.path().join(disk::dir_name(5))).unwrap();
        let resume = read_resume(&c, &p).unwrap();
        let other = Params { work: 5, ..p };
        let session = Session::resuming(resume);
        let cfg = config(2, None);
        let wrong = run_session(
            &other,
            &cfg,
            Map::Block,
            Arc::new(reference(&other)),
            session,
        );
        assert!(wrong.unwrap().mismatched > 0);
    }

    #[test]
    fn only_a_consistent_fracture_checkpoint_is_accepted() {
        let p = params();
        let r = Arc::new(reference(&p));
        let root = tempfile::tempdir().unwrap();
        checkpointed(&p, &r, root.path());
        crate::checkpoint_testing::assert_refused(
            root.path(),
            restartable,
            &[
                (
                    &|m| m.app = "leanmd".into(),
                    &["manifest.json", "not fracture"],
                ),
                (
                    &|m| m.options["work"] = 5.into(),
                    &["manifest.json", "differ"],
                ),
                (&|m| m.step = 12, &["inconsistent", "step 12 of 12"]),
                (&|m| m.elements = 3, &["3 elements for 54 objects"]),
            ],
        );
    }
}
