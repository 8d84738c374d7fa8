//! Checkpoint and restart of a storm. The consistent point is the end of a
//! round: every element has sent its burst and contributed the round's
//! reduction, and instead of going on (through `at_sync`) it waits for the
//! main program, which takes the checkpoint at quiescence, when every
//! message of the round has been delivered. After every `every`-th round
//! (not after the last) every process writes its own elements' images and
//! process 0 publishes the checkpoint with the main program's state: the
//! parameters (exactly, beside the manifest's JSON options; without the
//! injected failure, so that a restart does not inject it again) and
//! whether the reductions so far were right. A restart restores the
//! elements on any number of PEs and resumes them: the messages sent and
//! received, and their checksums, end as in an uninterrupted run.

use std::time::Instant;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayProxy, Driver, RunError};
use serde::{Deserialize, Serialize};

use super::{Params, Roamer};
pub use arts_core::checkpoint::session::EveryN as Checkpointing;
pub(super) use arts_core::checkpoint::session::pauses_after;
use arts_core::checkpoint::session::{self, Contents, invalid};
use arts_core::checkpoint::writer::Writer;

/// The app name a storm checkpoint carries in its manifest.
pub const APP: &str = "storm";

/// The main program's state in a checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MainState {
    /// The run's parameters without a failure to inject.
    pub params: Params,
    /// Whether every round's reduction so far had the expected value.
    pub reductions_ok: bool,
}

/// What a storm resumes from (`step`: rounds done): the elements are its one image.
pub type Resume = session::Resume<MainState>;

/// What a storm does besides running: checkpoint (`every`: rounds), resume, both or neither.
pub type Session = session::Session<MainState>;

/// The parameters of a storm checkpoint that `arts restart` can continue,
/// read and checked (the app, the options against the exact copy, the
/// round, the elements); the error names the file that does not fit.
pub fn restartable(c: &Checkpoint) -> Result<Params, CheckpointError> {
    let state: MainState = session::read_state(c, APP, |s: &MainState| &s.params)?;
    let p = state.params;
    if p.failure.is_some() || p.elements == 0 {
        return Err(invalid(
            c.dir.join(disk::MANIFEST),
            format!(
                "inconsistent: a storm of {} elements with a failure to inject",
                p.elements
            ),
        ));
    }
    let what = format!("{} elements", p.elements);
    let elements = p.elements as u64;
    session::expect_layout(c, 1, ("round", p.rounds as u64), elements, &what)?;
    Ok(p)
}

/// Reads the main program's state and the elements of a checkpoint whose
/// parameters [`restartable`] returned as `p`; the error names the file.
pub fn read_resume(c: &Checkpoint, p: &Params) -> Result<Resume, CheckpointError> {
    let state: MainState = session::main_state(c, APP)?;
    if state.params != *p {
        return Err(invalid(
            c.dir.join(disk::MAIN_STATE),
            "parameters differ from the manifest's".into(),
        ));
    }
    let shape = arts_core::Shape::d1(p.elements);
    let image = session::array_shaped::<super::Roamer>(c, 0, shape, "elements")?;
    let round = c.manifest.step as u32;
    image
        .check_elements(|i, r: &super::Roamer| r.restorable(i, round, p.rounds))
        .map_err(|why| {
            let file = c.manifest.array_files(0).next().map(|f| f.name.clone());
            invalid(c.dir.join(file.unwrap_or_default()), why)
        })?;
    Ok(Resume {
        step: c.manifest.step as u32,
        state,
        images: vec![image],
    })
}

/// Takes the checkpoint after `round` rounds: every process writes its own
/// elements, process 0 publishes them with `state`. Collective.
/// `resume`: when the step's result came, and what lets the elements go
/// on.
pub(super) fn take(
    d: &mut Driver,
    writer: &mut Writer,
    roamers: &ArrayProxy<Roamer>,
    plan: &Checkpointing,
    (round, state): (u32, &MainState),
    resume: (Instant, impl FnOnce(&mut Driver)),
) -> Result<(), RunError> {
    let image = d.checkpoint_local(roamers)?;
    let contents = Contents::of((APP, &state.params), round as u64, state)?;
    writer.write(d, vec![image], plan.target(), contents, resume)
}

#[cfg(test)]
mod tests {
    use super::super::{StormResult, run, run_session};
    use super::*;
    use crate::checkpoint_testing::test_config as config;

    fn params() -> Params {
        Params {
            elements: 12,
            rounds: 9,
            failure: None,
            seed: 5,
        }
    }

    fn valid(r: &StormResult) -> bool {
        r.exactly_once && r.reductions_ok && r.sent > 0
    }

    #[test]
    fn restarts_on_1_2_and_3_pes_end_like_an_uninterrupted_run() {
        let p = params();
        let (plain, _) = run(&config(2, None), p).unwrap();
        assert!(valid(&plain));
        let root = tempfile::tempdir().unwrap();
        let session = Session::saving(root.path(), 4, 5);
        let (with, _, done) = run_session(&config(2, Some("rotate")), p, session).unwrap();
        assert_eq!((&with, done.checkpoints), (&plain, 2));
        assert_eq!(disk::list(root.path()), vec![4, 8]);
        for (pes, round, lb) in [(1, 4, None), (2, 8, Some("rotate")), (3, 4, Some("rotate"))] {
            let c = disk::open(&root.path().join(disk::dir_name(round))).unwrap();
            assert_eq!(restartable(&c).unwrap(), p);
            let session = Session::resuming(read_resume(&c, &p).unwrap());
            let (again, report, _) = run_session(&config(pes, lb), p, session).unwrap();
            assert_eq!(again, plain, "on {pes} PEs from round {round}");
            crate::checkpoint_testing::assert_moved_if_balanced(&report, lb);
        }
    }

    /// Checkpoints requested from another thread at random moments (the
    /// first before the run starts; every other one stopping the run) on
    /// 1-3 PEs, some migrating every element every round: every run that
    /// goes on ends like an uninterrupted one, and so does a restart on 1-3
    /// PEs from whatever was taken.
    #[test]
    fn on_demand_checkpoints_at_random_moments_restart_like_an_uninterrupted_run() {
        let p = Params {
            rounds: 150,
            ..params()
        };
        let (plain, _) = run(&config(2, None), p).unwrap();
        assert!(valid(&plain));
        let configs = crate::checkpoint_testing::test_configs();
        let run = |round: usize, session| {
            let (with, _, done) = run_session(&configs[round], p, session).unwrap();
            if done.stopped_at.is_none() {
                assert_eq!(with, plain, "round {round}");
            }
            done.stopped_at
        };
        let restart = |round: usize, root: &std::path::Path| {
            let c = disk::open(root).unwrap();
            let resume = read_resume(&c, &restartable(&c).unwrap()).unwrap();
            let pes = config(round as u32 % 3 + 1, None);
            let (again, _, done) = run_session(&pes, p, Session::resuming(resume)).unwrap();
            assert_eq!(
                (again, done.stopped_at),
                (plain.clone(), None),
                "round {round}"
            );
        };
        let max_delay = std::time::Duration::from_millis(40);
        crate::checkpoint_testing::at_random_moments(configs.len(), max_delay, run, restart);
    }

    #[test]
    fn a_restored_roamer_must_be_one_a_run_could_have_saved() {
        use arts_core::{Chare, Index};
        let setup = super::super::Setup {
            params: params(),
            checkpoint_every: 0,
        };
        let mut r = super::super::Roamer::new(Index([3, 0, 0]), &setup);
        let rounds = params().rounds;
        assert!(r.restorable(3, 0, rounds).is_ok());
        assert!(
            r.restorable(2, 0, rounds)
                .unwrap_err()
                .contains("element 3")
        );
        assert!(
            r.restorable(3, 4, rounds)
                .unwrap_err()
                .contains("round 0 of")
        );
        r.ballast[7] = 9;
        assert_eq!(
            r.restorable(3, 0, rounds).unwrap_err(),
            "its ballast was altered"
        );
    }

    #[test]
    fn only_a_consistent_storm_checkpoint_is_accepted() {
        let p = Params {
            failure: Some(super::super::Failure::Panic {
                element: 3,
                round: 100,
            }),
            ..params()
        };
        let root = tempfile::tempdir().unwrap();
        let session = Session::saving(root.path(), 4, 1);
        run_session(&config(1, None), p, session).unwrap();
        let c = disk::open(root.path()).unwrap();
        // The failure to inject is not part of the restarted run.
        assert_eq!(restartable(&c).unwrap(), params());
        crate::checkpoint_testing::assert_refused(
            root.path(),
            restartable,
            &[
                (
                    &|m| m.app = "fracture".into(),
                    &["manifest.json", "not storm"],
                ),
                (
                    &|m| m.options["seed"] = 6.into(),
                    &["manifest.json", "differ"],
                ),
                (&|m| m.step = 9, &["inconsistent", "round 9 of 9"]),
            ],
        );
    }
}
