//! Checkpoint and restart of a stencil run: what the main program saves
//! beside the blocks (its results so far), the options that re-create the
//! problem, and reading a checkpoint back to resume from it.
//!
//! Blocks pause after every `every`-th step; the main program waits for the
//! step's result and quiescence, takes the blocks' image, writes the
//! checkpoint directory (process 0) and resumes them. A restart restores the
//! blocks (paused) on any number of PEs and resumes them.

use std::path::PathBuf;
use std::sync::Arc;

use arts_core::ArrayImage;
use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use serde::{Deserialize, Serialize};

use super::Problem;

/// The app whose checkpoints `arts restart` continues.
pub const RESTARTABLE_APP: &str = "jacobi2d";

/// Where and how often a run checkpoints.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    /// Checkpoint after every `every` steps (not after the last).
    pub every: u32,
    /// The checkpoint root directory.
    pub dir: PathBuf,
    /// How many checkpoints to keep.
    pub keep: usize,
    /// The app's name, recorded in the manifest.
    pub app: String,
    /// The options that re-create the problem.
    pub options: StencilOptions,
}

/// The options of a uniform stencil problem (Jacobi2D), as a manifest records them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StencilOptions {
    /// Interior rows.
    pub rows: usize,
    /// Interior columns.
    pub cols: usize,
    /// Blocks along the rows.
    pub objs_x: u32,
    /// Blocks along the columns.
    pub objs_y: u32,
    /// Number of steps.
    pub iters: u32,
}

impl StencilOptions {
    /// The options of `problem`'s grid, blocks and steps.
    pub fn of<K>(problem: &Problem<K>) -> Self {
        let (objs_x, objs_y) = problem.layout.objects();
        StencilOptions {
            rows: problem.layout.rows(),
            cols: problem.layout.cols(),
            objs_x,
            objs_y,
            iters: problem.iters,
        }
    }
}

/// The main program's state in a checkpoint: the results of the steps so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MainState {
    /// Residual of each step done.
    pub residuals: Vec<f64>,
    /// Time of each step done, seconds.
    pub step_times: Vec<f64>,
}

/// What a run resumes from.
#[derive(Clone, Debug)]
pub struct Resume {
    /// Steps already done.
    pub step: u32,
    /// The main program's state.
    pub state: MainState,
    /// The blocks.
    pub image: Arc<ArrayImage>,
}

/// What a stencil run does besides computing: checkpoint, resume, both or neither.
#[derive(Clone, Debug, Default)]
pub struct Session {
    /// Checkpoint while running.
    pub save: Option<Checkpointing>,
    /// Start from a checkpoint instead of the initial grid.
    pub resume: Option<Resume>,
}

fn invalid(path: PathBuf, why: String) -> CheckpointError {
    CheckpointError::Invalid { path, why }
}

/// The options of a checkpoint `arts restart` can continue (a Jacobi2D
/// one), read from its manifest alone; the error names the manifest.
pub fn restartable_options(c: &Checkpoint) -> Result<StencilOptions, CheckpointError> {
    let path = c.dir.join(disk::MANIFEST);
    let m = &c.manifest;
    if m.app != RESTARTABLE_APP {
        return Err(invalid(
            path,
            format!(
                "written by app {:?}; only {RESTARTABLE_APP} checkpoints can be restarted",
                m.app
            ),
        ));
    }
    let o: StencilOptions = serde_json::from_value(m.options.clone())
        .map_err(|e| invalid(path.clone(), format!("options: {e}")))?;
    if m.arrays() != 1
        || m.step >= o.iters as u64
        || m.elements != o.objs_x as u64 * o.objs_y as u64
    {
        return Err(invalid(
            path,
            format!(
                "inconsistent: {} arrays, step {} of {}, {} elements for {}x{} blocks",
                m.arrays(),
                m.step,
                o.iters,
                m.elements,
                o.objs_x,
                o.objs_y
            ),
        ));
    }
    Ok(o)
}

/// Reads the main program's state and the blocks of a checkpoint whose
/// options `restartable_options` accepted; the error names the file.
pub fn read_resume(c: &Checkpoint, o: &StencilOptions) -> Result<Resume, CheckpointError> {
    let main_path = c.dir.join(disk::MAIN_STATE);
    let state: MainState = arts_core::wire::decode(&c.main_state()?)
        .map_err(|e| invalid(main_path.clone(), format!("not a stencil main state: {e}")))?;
    let step = c.manifest.step as u32;
    if state.residuals.len() != step as usize {
        return Err(invalid(
            main_path,
            format!("{} residuals for step {step}", state.residuals.len()),
        ));
    }
    let image = c.array(0)?;
    if image.shape() != arts_core::Shape::d2(o.objs_x, o.objs_y) {
        return Err(invalid(
            c.dir.join(&c.manifest.files[1].name),
            format!(
                "blocks of shape {:?}, not {}x{}",
                image.shape(),
                o.objs_x,
                o.objs_y
            ),
        ));
    }
    Ok(Resume {
        step,
        state,
        image: Arc::new(image),
    })
}

/// Writes the checkpoint after `step` steps (on process 0 only).
pub(super) fn save(
    plan: &Checkpointing,
    step: u32,
    state: &MainState,
    image: &ArrayImage,
) -> Result<(), arts_core::RunError> {
    let main_state = arts_core::wire::encode(state);
    let options = serde_json::to_value(plan.options).expect("options serialize");
    let contents = disk::Contents {
        app: &plan.app,
        options,
        step: step as u64,
        main_state: &main_state,
        arrays: &[image],
    };
    disk::write(&plan.dir, &contents, plan.keep)
        .map(drop)
        .map_err(|e| arts_core::RunError::Checkpoint(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::super::{Layout, Plain, run, run_session, sequential};
    use super::*;
    use arts_core::{Config, Map};

    fn problem() -> Problem<Plain> {
        Problem {
            layout: Layout::uniform(24, 20, 3, 2).unwrap(),
            iters: 9,
            sweeps: 1,
            kernel: Plain,
        }
    }

    fn pes(n: u32) -> Config {
        Config {
            pes: n,
            ..Config::default()
        }
    }

    fn bits(v: &[f64]) -> Vec<u64> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn a_restart_on_other_pe_counts_ends_bit_identical_to_an_uninterrupted_run() {
        let p = problem();
        let reference = Arc::new(sequential(&p));
        let plain = run("j", &p, &pes(2), Map::Block, Some(reference.clone())).unwrap();
        let root = tempfile::tempdir().unwrap();
        let save = Checkpointing {
            every: 3,
            dir: root.path().to_path_buf(),
            keep: 5,
            app: RESTARTABLE_APP.into(),
            options: StencilOptions::of(&p),
        };
        let session = Session {
            save: Some(save),
            resume: None,
        };
        let with = run_session(
            "j",
            &p,
            &pes(2),
            Map::Block,
            Some(reference.clone()),
            session,
        );
        let with = with.unwrap();
        assert_eq!(bits(&with.residuals), bits(&plain.residuals));
        assert_eq!(disk::list(root.path()), vec![3, 6]);
        for (n, step) in [(1, 3), (3, 6), (2, 3)] {
            let c = disk::open(&root.path().join(disk::dir_name(step))).unwrap();
            let o = restartable_options(&c).unwrap();
            assert_eq!(o, StencilOptions::of(&p));
            let resume = read_resume(&c, &o).unwrap();
            assert_eq!(resume.state.residuals, plain.residuals[..step as usize]);
            let session = Session {
                save: None,
                resume: Some(resume),
            };
            let again = run_session(
                "j",
                &p,
                &pes(n),
                Map::RoundRobin,
                Some(reference.clone()),
                session,
            );
            let again = again.unwrap();
            assert_eq!(
                bits(&again.residuals),
                bits(&plain.residuals),
                "{n} PEs from {step}"
            );
            assert_eq!(again.max_diff.to_bits(), plain.max_diff.to_bits());
            assert_eq!(again.step_times.len(), 9);
        }
    }

    #[test]
    fn only_a_consistent_jacobi2d_checkpoint_is_restartable() {
        let root = tempfile::tempdir().unwrap();
        let p = problem();
        let save = Checkpointing {
            every: 4,
            dir: root.path().to_path_buf(),
            keep: 1,
            app: "zones".into(),
            options: StencilOptions::of(&p),
        };
        let session = Session {
            save: Some(save),
            resume: None,
        };
        run_session("z", &p, &pes(1), Map::Block, None, session).unwrap();
        let c = disk::open(root.path()).unwrap();
        assert_eq!(c.manifest.step, 8);
        let e = restartable_options(&c).unwrap_err().to_string();
        assert!(e.contains("manifest.json") && e.contains("zones"), "{e}");
    }
}
