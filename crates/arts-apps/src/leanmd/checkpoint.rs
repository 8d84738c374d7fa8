//! Checkpoint and restart of a leanmd run. The consistent point is the end
//! of a step: every cell has integrated its atoms and contributed the
//! step's kinetic energy, every pair its potential energy, and instead of
//! going on (through `at_sync`) both wait for the main program. After every
//! `every`-th step (not after the last) the main program has both energies,
//! every process writes its own cells' and pairs' images (two arrays), and
//! process 0 publishes the checkpoint with the main program's state: the
//! parameters (exactly, beside the manifest's JSON options), the energies
//! and the step times so far. A restart restores both arrays on any number
//! of PEs and resumes them: the atoms end bit-identical to an uninterrupted
//! run (and to the sequential reference).

use std::path::PathBuf;
use std::sync::Arc;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayImage, ArrayProxy, Driver, RunError};
use serde::{Deserialize, Serialize};

use super::Params;
use super::chares::{Cell, Pair};
pub(super) use crate::checkpoint_files::pauses_after;
use crate::checkpoint_files::{self, invalid};

/// The app name a leanmd checkpoint carries in its manifest.
pub const APP: &str = "leanmd";

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
    /// Total energy at steps 0..=step.
    pub energy: Vec<f64>,
    /// Seconds of steps 1..=step.
    pub step_times: Vec<f64>,
}

/// What a run resumes from.
#[derive(Clone, Debug)]
pub struct Resume {
    /// The last step done.
    pub step: u32,
    /// The main program's state.
    pub state: MainState,
    /// The cells.
    pub cells: Arc<ArrayImage>,
    /// The cell pairs.
    pub pairs: Arc<ArrayImage>,
}

/// What a leanmd run does besides computing: checkpoint, resume, both or neither.
#[derive(Clone, Debug, Default)]
pub struct Session {
    /// Checkpoint while running.
    pub save: Option<Checkpointing>,
    /// Start from a checkpoint instead of the initial atoms.
    pub resume: Option<Resume>,
}

/// The parameters of a leanmd checkpoint that `arts restart` can continue,
/// read and checked (the app, the options against the exact copy, the
/// step, the arrays); the error names the file that does not fit.
pub fn restartable(c: &Checkpoint) -> Result<Params, CheckpointError> {
    checkpoint_files::expect_app(c, APP)?;
    let manifest = c.dir.join(disk::MANIFEST);
    let state: MainState = checkpoint_files::main_state(c, APP)?;
    let p = state.params;
    checkpoint_files::expect_options(c, &p)?;
    let g = p
        .geometry()
        .map_err(|e| invalid(manifest.clone(), format!("options: {e}")))?;
    let m = &c.manifest;
    let elements = g.cells() as u64 + g.pairs() as u64;
    if m.arrays() != 2 || m.step == 0 || m.step >= p.steps as u64 || m.elements != elements {
        return Err(invalid(
            manifest,
            format!(
                "inconsistent: {} arrays, step {} of {}, {} elements for {} cells and {} pairs",
                m.arrays(),
                m.step,
                p.steps,
                m.elements,
                g.cells(),
                g.pairs()
            ),
        ));
    }
    Ok(p)
}

/// Reads the main program's state, the cells and the pairs of a checkpoint
/// whose parameters [`restartable`] returned as `p`; the error names the file.
pub fn read_resume(c: &Checkpoint, p: &Params) -> Result<Resume, CheckpointError> {
    let state: MainState = checkpoint_files::main_state(c, APP)?;
    let step = c.manifest.step as u32;
    let main_path = c.dir.join(disk::MAIN_STATE);
    if state.params != *p
        || state.energy.len() != step as usize + 1
        || state.step_times.len() != step as usize
    {
        return Err(invalid(
            main_path,
            format!(
                "{} energies and {} step times for step {step}",
                state.energy.len(),
                state.step_times.len()
            ),
        ));
    }
    let g = p
        .geometry()
        .map_err(|e| invalid(c.dir.join(disk::MANIFEST), e))?;
    let cells = c.array(0)?;
    let pairs = c.array(1)?;
    let shape = |i: usize| {
        let file = c.manifest.array_files(i).next().map(|f| f.name.clone());
        c.dir.join(file.unwrap_or_default())
    };
    let want = arts_core::Shape::d3(g.n[0], g.n[1], g.n[2]);
    if cells.shape() != want {
        return Err(invalid(
            shape(0),
            format!("cells of shape {:?}, not {want:?}", cells.shape()),
        ));
    }
    if pairs.shape() != arts_core::Shape::d1(g.pairs()) {
        return Err(invalid(
            shape(1),
            format!("pairs of shape {:?}, not {}", pairs.shape(), g.pairs()),
        ));
    }
    Ok(Resume {
        step,
        state,
        cells: Arc::new(cells),
        pairs: Arc::new(pairs),
    })
}

/// Takes the checkpoint after step `step` (`state` holds its energy):
/// every process writes its own cells and pairs, process 0 publishes them
/// with `state`. Collective.
pub(super) fn take(
    d: &mut Driver,
    (cells, pairs): (&ArrayProxy<Cell>, &ArrayProxy<Pair>),
    plan: &Checkpointing,
    step: u32,
    state: &MainState,
) -> Result<(), RunError> {
    let cell_image = d.checkpoint_local(cells)?;
    let pair_image = d.checkpoint_local(pairs)?;
    let main_state = arts_core::wire::encode(state);
    let contents = disk::Contents {
        app: APP,
        options: serde_json::to_value(state.params)
            .map_err(|e| RunError::Checkpoint(e.to_string()))?,
        step: step as u64,
        main_state: &main_state,
    };
    let images = [&cell_image, &pair_image];
    checkpoint_files::write(d, &images, &plan.dir, plan.keep, &contents)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{Dense, Outcome, reference, run, run_session};
    use super::*;
    use arts_core::{Config, Map};

    fn params() -> Params {
        Params {
            steps: 12,
            migrate_every: 3,
            dense: Some(Dense {
                fraction: 0.1,
                factor: 1.5,
            }),
            ..Params::small()
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

    /// The energies are bit-identical (summed in object order).
    fn same_energies(a: &[f64], b: &[f64], what: &str) {
        let bits = |e: &[f64]| e.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(a), bits(b), "{what}");
    }

    /// The atoms are exact: bit-identical to the sequential reference
    /// (which the uninterrupted run matches bit for bit too).
    fn exact(o: &Outcome, atoms: u64, what: &str) {
        assert_eq!(
            (o.atoms, o.mismatched, o.strays, o.max_diff),
            (atoms, 0, 0, 0.0),
            "{what}"
        );
    }

    #[test]
    fn restarts_on_1_2_and_3_pes_end_bit_identical_to_an_uninterrupted_run() {
        let p = params();
        let r = Arc::new(reference::simulate(&p).unwrap());
        let atoms = p.atoms(&p.geometry().unwrap());
        let plain = run(&p, &config(2, None), Map::Block, r.clone()).unwrap();
        exact(&plain, atoms, "plain");
        same_energies(&plain.energy, &r.energy, "plain");
        let root = tempfile::tempdir().unwrap();
        let save = Checkpointing {
            every: 5,
            dir: root.path().to_path_buf(),
            keep: 5,
        };
        let session = Session {
            save: Some(save),
            resume: None,
        };
        let with = run_session(&p, &config(2, None), Map::Block, r.clone(), session).unwrap();
        exact(&with, atoms, "checkpointed");
        assert_eq!(with.checkpoints, 2);
        assert_eq!(disk::list(root.path()), vec![5, 10]);
        same_energies(&with.energy, &plain.energy, "checkpointed");
        let runs = [
            (1, 5, None),
            (2, 10, None),
            (3, 5, None),
            (3, 10, Some("rotate")),
        ];
        for (pes, step, lb) in runs {
            let c = disk::open(&root.path().join(disk::dir_name(step))).unwrap();
            assert_eq!(c.manifest.app, APP);
            assert_eq!(restartable(&c).unwrap(), p);
            let resume = read_resume(&c, &p).unwrap();
            assert_eq!(resume.step, step as u32);
            assert_eq!(resume.state.energy, with.energy[..=step as usize]);
            let session = Session {
                save: None,
                resume: Some(resume),
            };
            let cfg = config(pes, lb);
            let again = run_session(&p, &cfg, Map::RoundRobin, r.clone(), session).unwrap();
            let what = format!("on {pes} PEs from step {step}, {lb:?}");
            exact(&again, atoms, &what);
            same_energies(&again.energy, &plain.energy, &what);
            assert_eq!(again.step_times.len(), p.steps as usize, "{what}");
            if lb.is_some() {
                let moved: u64 = again.report.lb_steps().iter().map(|s| s.migrations).sum();
                assert!(moved > 0, "rotate moved objects");
            }
        }
    }

    #[test]
    fn only_a_consistent_leanmd_checkpoint_is_accepted() {
        let p = params();
        let r = Arc::new(reference::simulate(&p).unwrap());
        let root = tempfile::tempdir().unwrap();
        let save = Checkpointing {
            every: 4,
            dir: root.path().to_path_buf(),
            keep: 1,
        };
        let session = Session {
            save: Some(save),
            resume: None,
        };
        run_session(&p, &config(1, None), Map::Block, r, session).unwrap();
        assert_eq!(disk::list(root.path()), vec![8]);
        let edit = |f: &dyn Fn(&mut disk::Manifest)| {
            let mut c = disk::open(root.path()).unwrap();
            f(&mut c.manifest);
            restartable(&c).unwrap_err().to_string()
        };
        let e = edit(&|m| m.app = "jacobi2d".into());
        assert!(
            e.contains("manifest.json") && e.contains("not leanmd"),
            "{e}"
        );
        let e = edit(&|m| m.options["steps"] = 20.into());
        assert!(e.contains("manifest.json") && e.contains("differ"), "{e}");
        let e = edit(&|m| m.step = 12);
        assert!(
            e.contains("inconsistent") && e.contains("step 12 of 12"),
            "{e}"
        );
        let e = edit(&|m| m.elements = 27);
        assert!(e.contains("27 elements for 27 cells"), "{e}");
        // A stencil checkpoint is not a leanmd one.
        let other = tempfile::tempdir().unwrap();
        let contents = disk::Contents {
            app: "jacobi2d",
            options: serde_json::json!({}),
            step: 1,
            main_state: &[],
        };
        disk::write(other.path(), &contents, &[], 1).unwrap();
        let c = disk::open(other.path()).unwrap();
        let e = restartable(&c).unwrap_err().to_string();
        assert!(e.contains("written by \"jacobi2d\", not leanmd"), "{e}");
    }
}
