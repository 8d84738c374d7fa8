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

use std::path::PathBuf;
use std::sync::Arc;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayImage, ArrayProxy, Driver, RunError};
use serde::{Deserialize, Serialize};

use super::{Params, Piece};
pub(super) use crate::checkpoint_files::pauses_after;
use crate::checkpoint_files::{self, invalid};

/// The app name a fracture checkpoint carries in its manifest.
pub const APP: &str = "fracture";

/// Where and how often a run checkpoints.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    /// Checkpoint after every `every` steps (not after the last), at least 1.
    pub every: u32,
    /// The checkpoint root directory.
    pub dir: PathBuf,
    /// How many checkpoints to keep.
    pub keep: usize,
}

/// The main program's state in a checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MainState {
    /// The run's parameters, bit for bit (the manifest's JSON copy is for
    /// people and is checked against it).
    pub params: Params,
    /// Seconds of each step done.
    pub step_times: Vec<f64>,
}

/// What a run resumes from.
#[derive(Clone, Debug)]
pub struct Resume {
    /// Steps done.
    pub step: u32,
    /// The main program's state.
    pub state: MainState,
    /// The objects.
    pub image: Arc<ArrayImage>,
}

/// What a fracture run does besides computing: checkpoint, resume, both or neither.
#[derive(Clone, Debug, Default)]
pub struct Session {
    /// Checkpoint while running.
    pub save: Option<Checkpointing>,
    /// Start from a checkpoint instead of the initial values.
    pub resume: Option<Resume>,
}

/// The parameters of a fracture checkpoint that `arts restart` can
/// continue, read and checked (the app, the options against the exact
/// copy, the step, the objects); the error names the file that does not fit.
pub fn restartable(c: &Checkpoint) -> Result<Params, CheckpointError> {
    checkpoint_files::expect_app(c, APP)?;
    let state: MainState = checkpoint_files::main_state(c, APP)?;
    let p = state.params;
    checkpoint_files::expect_options(c, &p)?;
    let manifest = c.dir.join(disk::MANIFEST);
    p.check()
        .map_err(|e| invalid(manifest.clone(), format!("options: {e}")))?;
    let m = &c.manifest;
    if m.arrays() != 1 || m.step == 0 || m.step >= p.steps as u64 || m.elements != p.count() {
        return Err(invalid(
            manifest,
            format!(
                "inconsistent: {} arrays, step {} of {}, {} elements for {} objects",
                m.arrays(),
                m.step,
                p.steps,
                m.elements,
                p.count()
            ),
        ));
    }
    Ok(p)
}

/// Reads the main program's state and the objects of a checkpoint whose
/// parameters [`restartable`] returned as `p`; the error names the file.
pub fn read_resume(c: &Checkpoint, p: &Params) -> Result<Resume, CheckpointError> {
    let state: MainState = checkpoint_files::main_state(c, APP)?;
    let step = c.manifest.step as u32;
    if state.params != *p || state.step_times.len() != step as usize {
        return Err(invalid(
            c.dir.join(disk::MAIN_STATE),
            format!("{} step times for step {step}", state.step_times.len()),
        ));
    }
    let image = c.array(0)?;
    let [nx, ny, nz] = p.objects;
    let want = arts_core::Shape::d3(nx, ny, nz);
    if image.shape() != want {
        let file = c.manifest.array_files(0).next().map(|f| f.name.clone());
        return Err(invalid(
            c.dir.join(file.unwrap_or_default()),
            format!("objects of shape {:?}, not {want:?}", image.shape()),
        ));
    }
    Ok(Resume {
        step,
        state,
        image: Arc::new(image),
    })
}

/// Takes the checkpoint after `step` steps: every process writes its own
/// objects, process 0 publishes them with `state`. Collective.
pub(super) fn take(
    d: &mut Driver,
    pieces: &ArrayProxy<Piece>,
    plan: &Checkpointing,
    step: u32,
    state: &MainState,
) -> Result<(), RunError> {
    let image = d.checkpoint_local(pieces)?;
    let main_state = arts_core::wire::encode(state);
    let contents = disk::Contents {
        app: APP,
        options: serde_json::to_value(state.params)
            .map_err(|e| RunError::Checkpoint(e.to_string()))?,
        step: step as u64,
        main_state: &main_state,
    };
    checkpoint_files::write(d, &[&image], &plan.dir, plan.keep, &contents)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{reference, run, run_session};
    use super::*;
    use arts_core::{Config, Map};

    fn params() -> Params {
        Params {
            objects: [6, 3, 3],
            points: 8,
            steps: 12,
            work: 4,
            growth: 10.0,
            width: 1.0,
        }
    }

    fn config(pes: u32, lb: Option<&str>) -> Config {
        Config {
            pes,
            lb: lb.map(|name| arts_core::LbConfig {
                strategy: Arc::from(arts_lb::by_name(name).unwrap()),
                period: arts_core::LbPeriod::EverySync,
                record_inputs: false,
                speeds: None,
            }),
            ..Config::default()
        }
    }

    /// A checkpointing run on 2 PEs (every 5 steps, into `root`).
    fn checkpointed(p: &Params, r: &Arc<super::super::Reference>, root: &std::path::Path) {
        let save = Checkpointing {
            every: 5,
            dir: root.to_path_buf(),
            keep: 5,
        };
        let session = Session {
            save: Some(save),
            resume: None,
        };
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
            let session = Session {
                save: None,
                resume: Some(resume),
            };
            let cfg = config(pes, lb);
            let again = run_session(&p, &cfg, Map::RoundRobin, r.clone(), session).unwrap();
            let what = format!("on {pes} PEs from step {step}, {lb:?}");
            assert_eq!(again.mismatched, 0, "{what}");
            assert_eq!(again.step_times.len(), p.steps as usize, "{what}");
            if lb.is_some() {
                let moved: u64 = again.report.lb_steps().iter().map(|s| s.migrations).sum();
                assert!(moved > 0, "rotate moved objects");
            }
        }
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
        let session = Session {
            save: None,
            resume: Some(resume),
        };
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
        let edit = |f: &dyn Fn(&mut disk::Manifest)| {
            let mut c = disk::open(root.path()).unwrap();
            f(&mut c.manifest);
            restartable(&c).unwrap_err().to_string()
        };
        let e = edit(&|m| m.app = "leanmd".into());
        assert!(
            e.contains("manifest.json") && e.contains("not fracture"),
            "{e}"
        );
        let e = edit(&|m| m.options["work"] = 5.into());
        assert!(e.contains("manifest.json") && e.contains("differ"), "{e}");
        let e = edit(&|m| m.step = 12);
        assert!(
            e.contains("inconsistent") && e.contains("step 12 of 12"),
            "{e}"
        );
        let e = edit(&|m| m.elements = 3);
        assert!(e.contains("3 elements for 54 objects"), "{e}");
    }
}
