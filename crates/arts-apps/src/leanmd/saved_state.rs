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

use std::time::Instant;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayProxy, Driver, RunError, Shape};
use serde::{Deserialize, Serialize};

use super::Params;
use super::chares::{Cell, Pair};
pub use arts_core::checkpoint::session::EveryN as Checkpointing;
pub(super) use arts_core::checkpoint::session::pauses_after;
use arts_core::checkpoint::session::{self, Contents, invalid};
use arts_core::checkpoint::writer::Writer;

/// The app name a leanmd checkpoint carries in its manifest.
pub const APP: &str = "leanmd";

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

/// What a run resumes from: the cells' image, then the pairs'.
pub type Resume = session::Resume<MainState>;

/// What a leanmd run does besides computing: checkpoint, resume, both or neither.
pub type Session = session::Session<MainState>;

/// The parameters of a leanmd checkpoint that `arts restart` can continue,
/// read and checked (the app, the options against the exact copy, the
/// step, the arrays); the error names the file that does not fit.
pub fn restartable(c: &Checkpoint) -> Result<Params, CheckpointError> {
    let state: MainState = session::read_state(c, APP, |s: &MainState| &s.params)?;
    let p = state.params;
    let manifest = c.dir.join(disk::MANIFEST);
    let g = p
        .geometry()
        .map_err(|e| invalid(manifest.clone(), format!("options: {e}")))?;
    let elements = g.cells() as u64 + g.pairs() as u64;
    let what = format!("{} cells and {} pairs", g.cells(), g.pairs());
    session::expect_layout(c, 2, ("step", p.steps as u64), elements, &what)?;
    Ok(p)
}

/// Reads the main program's state, the cells and the pairs of a checkpoint
/// whose parameters [`restartable`] returned as `p`; the error names the file.
pub fn read_resume(c: &Checkpoint, p: &Params) -> Result<Resume, CheckpointError> {
    let state: MainState = session::main_state(c, APP)?;
    let step = c.manifest.step as u32;
    if state.params != *p
        || state.energy.len() != step as usize + 1
        || state.step_times.len() != step as usize
    {
        return Err(invalid(
            c.dir.join(disk::MAIN_STATE),
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
    let cells = Shape::d3(g.n[0], g.n[1], g.n[2]);
    let cells = session::array_shaped::<super::chares::Cell>(c, 0, cells, "cells")?;
    let pairs = session::array_shaped::<super::chares::Pair>(c, 1, Shape::d1(g.pairs()), "pairs")?;
    Ok(Resume {
        step,
        state,
        images: vec![cells, pairs],
    })
}

/// Takes the checkpoint after step `step` (`state` holds its energy):
/// every process writes its own cells and pairs, process 0 publishes them
/// with `state`. Collective. `resume`: when the step's result came, and
/// what lets the elements go on.
pub(super) fn take(
    d: &mut Driver,
    writer: &mut Writer,
    (cells, pairs): (&ArrayProxy<Cell>, &ArrayProxy<Pair>),
    plan: &Checkpointing,
    (step, state): (u32, &MainState),
    resume: (Instant, impl FnOnce(&mut Driver)),
) -> Result<(), RunError> {
    let images = vec![d.checkpoint_local(cells)?, d.checkpoint_local(pairs)?];
    let contents = Contents::of((APP, &state.params), step as u64, state)?;
    writer.write(d, images, plan.target(), contents, resume)
}

#[cfg(test)]
mod tests {
    use super::super::{Dense, Outcome, reference, run, run_session};
    use super::*;
    use crate::checkpoint_testing::test_config as config;
    use arts_core::Map;
    use std::sync::Arc;

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
        // Written in the background (two arrays): the same checkpoints.
        let mut session = Session::saving(root.path(), 5, 5);
        session.save.as_mut().unwrap().background = true;
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
            let session = Session::resuming(resume);
            let cfg = config(pes, lb);
            let again = run_session(&p, &cfg, Map::RoundRobin, r.clone(), session).unwrap();
            let what = format!("on {pes} PEs from step {step}, {lb:?}");
            exact(&again, atoms, &what);
            same_energies(&again.energy, &plain.energy, &what);
            assert_eq!(again.step_times.len(), p.steps as usize, "{what}");
            crate::checkpoint_testing::assert_moved_if_balanced(&again.report, lb);
        }
    }

    /// Checkpoints requested from another thread at random moments (the
    /// first before the run starts; every other one stopping the run) on
    /// 1-3 PEs, some balancing: every run that goes on ends exact, and a
    /// restart from whatever was taken on 1-3 PEs ends exact too.
    #[test]
    fn on_demand_checkpoints_at_random_moments_restart_bit_identical() {
        let p = Params {
            steps: 80,
            ..params()
        };
        let r = Arc::new(reference::simulate(&p).unwrap());
        let atoms = p.atoms(&p.geometry().unwrap());
        let configs = crate::checkpoint_testing::test_configs();
        let run = |round: usize, session| {
            let with = run_session(&p, &configs[round], Map::Block, r.clone(), session).unwrap();
            let what = format!("round {round}, stopped at {:?}", with.stopped_at);
            match with.stopped_at {
                Some(s) => same_energies(&with.energy, &r.energy[..=s as usize], &what),
                None => {
                    exact(&with, atoms, &what);
                    same_energies(&with.energy, &r.energy, &what);
                }
            }
            with.stopped_at
        };
        let restart = |round: usize, root: &std::path::Path| {
            let c = disk::open(root).unwrap();
            let resume = read_resume(&c, &restartable(&c).unwrap()).unwrap();
            let step = resume.step;
            let pes = config(round as u32 % 3 + 1, None);
            let session = Session::resuming(resume);
            let again = run_session(&p, &pes, Map::RoundRobin, r.clone(), session).unwrap();
            let what = format!("round {round}, from step {step}");
            exact(&again, atoms, &what);
            same_energies(&again.energy, &r.energy, &what);
        };
        let max_delay = std::time::Duration::from_millis(40);
        crate::checkpoint_testing::at_random_moments(configs.len(), max_delay, run, restart);
    }

    #[test]
    fn only_a_consistent_leanmd_checkpoint_is_accepted() {
        let p = params();
        let r = Arc::new(reference::simulate(&p).unwrap());
        let root = tempfile::tempdir().unwrap();
        let session = Session::saving(root.path(), 4, 1);
        run_session(&p, &config(1, None), Map::Block, r, session).unwrap();
        assert_eq!(disk::list(root.path()), vec![8]);
        crate::checkpoint_testing::assert_refused(
            root.path(),
            restartable,
            &[
                (
                    &|m| m.app = "jacobi2d".into(),
                    &["manifest.json", "not leanmd"],
                ),
                (
                    &|m| m.options["steps"] = 20.into(),
                    &["manifest.json", "differ"],
                ),
                (&|m| m.step = 12, &["inconsistent", "step 12 of 12"]),
                (&|m| m.elements = 27, &["27 elements for 27 cells"]),
            ],
        );
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
