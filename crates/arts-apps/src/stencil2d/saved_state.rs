//! Checkpoint and restart of a stencil run: what the main program saves
//! beside the blocks (its results so far), the options that re-create the
//! problem, and reading a checkpoint back to resume from it.
//!
//! Blocks pause after every `every`-th step; the main program waits for the
//! step's result and quiescence; every process writes its own blocks'
//! images, process 0 publishes the checkpoint directory, and the blocks
//! resume. A restart restores the
//! blocks (paused) on any number of PEs and resumes them.

use std::sync::Arc;
use std::time::Instant;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayImage, ArrayProxy, Driver, RunError};
use serde::{Deserialize, Serialize};

use super::Problem;
use super::block::Block;
use crate::{hotspot, jacobi2d, zones};
pub use arts_core::checkpoint::hold::OnDemand;
use arts_core::checkpoint::session::{self, Contents, EveryN, invalid};
use arts_core::checkpoint::writer::Writer;

/// Where and how often a run checkpoints, and what it is.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    /// Where and how often.
    pub plan: EveryN,
    /// The app and the options that re-create its problem.
    pub app: StencilApp,
}

/// A restartable stencil app with the options that re-create its problem:
/// the manifest records the name as `app` and the parameters as `options`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StencilApp {
    /// `arts run jacobi2d`.
    Jacobi2d(jacobi2d::Params),
    /// `arts run zones`.
    Zones(zones::Params),
    /// `arts run hotspot`.
    Hotspot(hotspot::Params),
}

/// The names of the stencil apps (restartable, and checkpointing on
/// signals and a timer too).
pub const STENCIL_APPS: [&str; 3] = ["jacobi2d", "zones", "hotspot"];

impl StencilApp {
    /// The app's name (as `arts run` spells it).
    pub fn name(&self) -> &'static str {
        match self {
            StencilApp::Jacobi2d(_) => STENCIL_APPS[0],
            StencilApp::Zones(_) => STENCIL_APPS[1],
            StencilApp::Hotspot(_) => STENCIL_APPS[2],
        }
    }

    /// The parameters as the manifest records them.
    pub fn options(&self) -> serde_json::Value {
        match self {
            StencilApp::Jacobi2d(p) => serde_json::to_value(p),
            StencilApp::Zones(p) => serde_json::to_value(p),
            StencilApp::Hotspot(p) => serde_json::to_value(p),
        }
        .expect("parameters serialize")
    }

    /// The app named `name` with the parameters `options`.
    fn from_manifest(name: &str, options: &serde_json::Value) -> Result<Self, String> {
        let params = |e: serde_json::Error| format!("options of {name}: {e}");
        let v = options.clone();
        Ok(match name {
            "jacobi2d" => StencilApp::Jacobi2d(serde_json::from_value(v).map_err(params)?),
            "zones" => StencilApp::Zones(serde_json::from_value(v).map_err(params)?),
            "hotspot" => StencilApp::Hotspot(serde_json::from_value(v).map_err(params)?),
            _ => return Err(crate::restartable::not_restartable(name)),
        })
    }

    /// Steps of the whole run and the object grid, or what is wrong with the parameters.
    fn shape(&self) -> Result<(u32, (u32, u32)), String> {
        fn of<K>(p: Problem<K>) -> (u32, (u32, u32)) {
            (p.iters, p.layout.objects())
        }
        match self {
            StencilApp::Jacobi2d(p) => p.problem().map(of).map_err(|e| e.to_string()),
            StencilApp::Zones(p) => p.problem().map(of),
            StencilApp::Hotspot(p) => p.problem().map(of),
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
    /// Checkpoints asked for while the run goes on (e.g. by a signal);
    /// honoured when `save` says where to write them.
    pub on_demand: Option<Arc<OnDemand>>,
}

/// The app and options of a checkpoint `arts restart` can continue, read
/// from its manifest alone; the error names the manifest.
pub fn restartable_app(c: &Checkpoint) -> Result<StencilApp, CheckpointError> {
    let path = c.dir.join(disk::MANIFEST);
    let m = &c.manifest;
    let app =
        StencilApp::from_manifest(&m.app, &m.options).map_err(|e| invalid(path.clone(), e))?;
    let (iters, (objs_x, objs_y)) = app.shape().map_err(|e| invalid(path.clone(), e))?;
    if m.arrays() != 1 || m.step >= iters as u64 || m.elements != objs_x as u64 * objs_y as u64 {
        return Err(invalid(
            path,
            format!(
                "inconsistent: {} arrays, step {} of {iters}, {} elements for {objs_x}x{objs_y} blocks",
                m.arrays(),
                m.step,
                m.elements,
            ),
        ));
    }
    Ok(app)
}

/// Reads the main program's state and the blocks of a checkpoint whose
/// app `restartable_app` accepted; the error names the file.
pub fn read_resume(c: &Checkpoint, app: &StencilApp) -> Result<Resume, CheckpointError> {
    let main_path = c.dir.join(disk::MAIN_STATE);
    let state: MainState = session::main_state(c, "stencil")?;
    let step = c.manifest.step as u32;
    if state.residuals.len() != step as usize {
        return Err(invalid(
            main_path,
            format!("{} residuals for step {step}", state.residuals.len()),
        ));
    }
    let image = match app {
        StencilApp::Hotspot(_) => c.array_of::<Block<hotspot::Hotspot>>(0)?,
        StencilApp::Jacobi2d(_) | StencilApp::Zones(_) => c.array_of::<Block<super::Plain>>(0)?,
    };
    let (_, (objs_x, objs_y)) = app
        .shape()
        .map_err(|e| invalid(c.dir.join(disk::MANIFEST), e))?;
    if image.shape() != arts_core::Shape::d2(objs_x, objs_y) {
        return Err(invalid(
            c.dir.join(&c.manifest.files[1].name),
            format!("blocks of shape {:?}, not {objs_x}x{objs_y}", image.shape()),
        ));
    }
    Ok(Resume {
        step,
        state,
        image: Arc::new(image),
    })
}

/// Takes the checkpoint after `step` steps with `writer` (the step's result
/// came at `began`; `go_on` lets the blocks go on): every process writes
/// its own blocks' images (in parallel, no state crosses processes), then
/// process 0 publishes the checkpoint directory with the main program's
/// `state`. Collective.
pub(super) fn take<K: super::Kernel>(
    d: &mut Driver,
    writer: &mut Writer,
    blocks: &ArrayProxy<super::block::Block<K>>,
    c: &Checkpointing,
    (step, state): (u32, &MainState),
    resume: (Instant, impl FnOnce(&mut Driver)),
) -> Result<(), RunError> {
    let image = d.checkpoint_local(blocks)?;
    let contents = Contents {
        app: c.app.name(),
        options: c.app.options(),
        step: step as u64,
        main_state: arts_core::wire::encode(state),
    };
    writer.write(d, vec![image], c.plan.target(), contents, resume)
}

#[cfg(test)]
mod tests {
    use super::super::{Kernel, Outcome, run, run_session, sequential};
    use super::*;
    use arts_core::{Config, Map};
    use std::path::Path;

    fn jacobi() -> jacobi2d::Params {
        jacobi2d::Params {
            rows: 24,
            cols: 20,
            objs_x: 3,
            objs_y: 2,
            iters: 9,
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

    /// Runs `app` (whose problem of 9 steps is `p`) checkpointing every 3
    /// steps (in the `background` or not), then restarts each checkpoint
    /// on other PE counts: every restart ends bit-identical to an
    /// uninterrupted run. Returns the checkpointing run.
    fn restarts_end_bit_identical<K: Kernel>(
        app: StencilApp,
        p: &Problem<K>,
        background: bool,
    ) -> Outcome {
        let reference = Arc::new(sequential(p));
        let plain = run("b", p, &pes(2), Map::Block, Some(reference.clone())).unwrap();
        let root = tempfile::tempdir().unwrap();
        let save = Checkpointing {
            plan: EveryN {
                background,
                ..EveryN::new(root.path(), 3, 5)
            },
            app,
        };
        let session = Session {
            save: Some(save),
            ..Session::default()
        };
        let with = run_session(
            "b",
            p,
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
            assert_eq!(c.manifest.app, app.name());
            assert_eq!(restartable_app(&c).unwrap(), app);
            let resume = read_resume(&c, &app).unwrap();
            assert_eq!(resume.state.residuals, plain.residuals[..step as usize]);
            let session = Session {
                resume: Some(resume),
                ..Session::default()
            };
            let again = run_session(
                "b",
                p,
                &pes(n),
                Map::RoundRobin,
                Some(reference.clone()),
                session,
            );
            let again = again.unwrap();
            let what = format!("{} on {n} PEs from {step}", app.name());
            assert_eq!(bits(&again.residuals), bits(&plain.residuals), "{what}");
            assert_eq!(again.max_diff.to_bits(), plain.max_diff.to_bits(), "{what}");
            assert_eq!(again.step_times.len(), p.iters as usize);
        }
        with
    }

    /// Background checkpoints of blocks large enough for their image
    /// buffers to be kept and refilled (and their files written directly
    /// where the file system allows) restart bit-identical, and hold one
    /// grid per block: the scratch copy is not saved.
    #[test]
    fn background_checkpoints_of_large_blocks_restart_bit_identical() {
        let params = jacobi2d::Params {
            rows: 256,
            cols: 200,
            objs_x: 2,
            objs_y: 2,
            iters: 9,
        };
        let app = StencilApp::Jacobi2d(params);
        let with = restarts_end_bit_identical(app, &params.problem().unwrap(), true);
        assert_eq!(with.checkpoints.write_s.len(), 2);
        assert_eq!(with.checkpoints.pause_s.len(), 2);
        let state = with.checkpoints.state_bytes;
        let grid = 8 * 258 * 202;
        assert!(state > grid && state < 2 * grid, "{state}");
    }

    #[test]
    fn a_double_checkpoint_in_a_store_restarts_bit_identical() {
        for background in [false, true] {
            double_checkpoint_restarts_bit_identical(background);
        }
    }

    fn double_checkpoint_restarts_bit_identical(background: bool) {
        let params = jacobi();
        let (app, p) = (StencilApp::Jacobi2d(params), params.problem().unwrap());
        let reference = Arc::new(sequential(&p));
        let plain = run("b", &p, &pes(2), Map::Block, Some(reference.clone())).unwrap();
        let root = tempfile::tempdir().unwrap();
        let buddies = session::Buddies::among(&["here".to_string()], 0);
        let save = Checkpointing {
            plan: EveryN {
                buddies: Some(buddies),
                background,
                ..EveryN::new(root.path(), 3, 1)
            },
            app,
        };
        let session = Session {
            save: Some(save),
            ..Session::default()
        };
        run_session(
            "b",
            &p,
            &pes(2),
            Map::Block,
            Some(reference.clone()),
            session,
        )
        .unwrap();
        // One hold, keeping the newest checkpoint only.
        let hold = disk::held::hold_dir(root.path(), "here", 0);
        assert_eq!(disk::list(&hold), vec![6]);
        assert!(disk::list(root.path()).is_empty());
        let c = disk::open(root.path()).unwrap();
        assert_eq!(c.manifest.step, 6);
        let session = Session {
            resume: Some(read_resume(&c, &app).unwrap()),
            ..Session::default()
        };
        let again = run_session("b", &p, &pes(3), Map::Block, Some(reference), session).unwrap();
        assert_eq!(bits(&again.residuals), bits(&plain.residuals));
        assert_eq!(again.max_diff.to_bits(), plain.max_diff.to_bits());
    }

    #[test]
    fn jacobi2d_restarts_on_other_pe_counts_end_bit_identical() {
        let params = jacobi();
        restarts_end_bit_identical(
            StencilApp::Jacobi2d(params),
            &params.problem().unwrap(),
            false,
        );
    }

    #[test]
    fn zones_restarts_on_other_pe_counts_end_bit_identical() {
        let params = zones::Params {
            zones_x: 3,
            zones_y: 2,
            base: 6,
            iters: 9,
            ..zones::Params::default()
        };
        restarts_end_bit_identical(StencilApp::Zones(params), &params.problem().unwrap(), false);
    }

    #[test]
    fn hotspot_restarts_on_other_pe_counts_end_bit_identical() {
        let params = hotspot::Params {
            rows: 30,
            cols: 24,
            objs_x: 3,
            objs_y: 2,
            iters: 9,
            radius: 0.3,
            work: 4,
            growth: 2.0,
        };
        restarts_end_bit_identical(
            StencilApp::Hotspot(params),
            &params.problem().unwrap(),
            false,
        );
    }

    /// Runs jacobi with an on-demand request (`stop`: and stop after it),
    /// made before the run starts or, after `delay`, from another thread
    /// while it runs; returns the outcome and the checkpoint root.
    fn on_demand_run(
        config: &Config,
        iters: u32,
        stop: bool,
        delay: Option<std::time::Duration>,
    ) -> (Outcome, tempfile::TempDir) {
        let params = jacobi2d::Params { iters, ..jacobi() };
        let root = tempfile::tempdir().unwrap();
        let requests = Arc::new(OnDemand::default());
        let asker = crate::checkpoint_testing::ask(&requests, delay, stop);
        let session = Session {
            save: Some(Checkpointing {
                plan: EveryN::new(root.path(), 0, 5),
                app: StencilApp::Jacobi2d(params),
            }),
            on_demand: Some(requests),
            ..Session::default()
        };
        let p = params.problem().unwrap();
        let reference = Some(Arc::new(sequential(&p)));
        let outcome = run_session("j", &p, config, Map::Block, reference, session).unwrap();
        if let Some(asker) = asker {
            asker.join().unwrap();
        }
        (outcome, root)
    }

    /// The run from the newest checkpoint in `root`, on 1 PE, to the end.
    fn restart_newest(root: &Path) -> Outcome {
        let c = disk::open(root).unwrap();
        let app = restartable_app(&c).unwrap();
        let StencilApp::Jacobi2d(params) = app else {
            panic!("{app:?}")
        };
        let p = params.problem().unwrap();
        let session = Session {
            resume: Some(read_resume(&c, &app).unwrap()),
            ..Session::default()
        };
        let reference = Some(Arc::new(sequential(&p)));
        run_session("j", &p, &pes(1), Map::Block, reference, session).unwrap()
    }

    fn rotating(n: u32) -> Config {
        Config {
            lb: Some(arts_core::LbConfig::new("rotate", arts_core::LbPeriod::EverySync).unwrap()),
            ..pes(n)
        }
    }

    /// A request made before the run: its outcome, checkpoint root and
    /// plain-run residuals, at the first length (40, 400, 4000 steps) whose
    /// run took the checkpoint. (The blocks run ahead of the main program;
    /// when one has finished the run before the request is taken, there is
    /// nothing left to checkpoint.)
    fn taken(config: &Config, stop: bool) -> (Outcome, tempfile::TempDir, Vec<f64>) {
        for iters in [40, 400, 4000] {
            let (with, root) = on_demand_run(config, iters, stop, None);
            if !disk::list(root.path()).is_empty() {
                let p = jacobi2d::Params { iters, ..jacobi() }.problem().unwrap();
                let plain = run("j", &p, config, Map::Block, None).unwrap();
                return (with, root, plain.residuals);
            }
        }
        panic!("no run took the checkpoint")
    }

    #[test]
    fn an_on_demand_checkpoint_is_taken_at_one_step_boundary_and_restarts_bit_identical() {
        for config in [pes(2), pes(3), rotating(2)] {
            let (with, root, plain) = taken(&config, false);
            assert_eq!(with.stopped_at, None);
            assert_eq!(bits(&with.residuals), bits(&plain));
            assert_eq!(with.max_diff, 0.0);
            let steps = disk::list(root.path());
            assert_eq!(steps.len(), 1, "one checkpoint: {steps:?}");
            let again = restart_newest(root.path());
            assert_eq!(bits(&again.residuals), bits(&plain), "from {steps:?}");
            assert_eq!(again.max_diff, 0.0);
        }
    }

    #[test]
    fn checkpoint_and_stop_ends_the_run_at_the_checkpoint_and_a_restart_finishes_it() {
        for config in [pes(2), rotating(3)] {
            let (with, root, plain) = taken(&config, true);
            let step = with.stopped_at.expect("the run stopped");
            assert_eq!(disk::list(root.path()), vec![step as u64]);
            assert_eq!(with.residuals.len(), step as usize);
            assert!(with.max_diff.is_nan());
            let again = restart_newest(root.path());
            assert_eq!(bits(&again.residuals), bits(&plain));
            assert_eq!(again.max_diff, 0.0);
        }
    }

    #[test]
    fn a_checkpoint_timer_takes_checkpoints_that_restart_bit_identical() {
        let params = jacobi2d::Params {
            iters: 3000,
            ..jacobi()
        };
        let p = params.problem().unwrap();
        let plain = run("j", &p, &pes(2), Map::Block, None).unwrap();
        let root = tempfile::tempdir().unwrap();
        let session = Session {
            save: Some(Checkpointing {
                plan: EveryN {
                    every_seconds: Some(0.0),
                    ..EveryN::new(root.path(), 0, 3)
                },
                app: StencilApp::Jacobi2d(params),
            }),
            ..Session::default()
        };
        let with = run_session("j", &p, &pes(2), Map::Block, None, session).unwrap();
        assert_eq!(bits(&with.residuals), bits(&plain.residuals));
        // A zero period asks after every step result; the blocks run ahead,
        // so only some step boundaries get one. At least one was taken.
        assert!(!with.checkpoints.write_s.is_empty());
        let again = restart_newest(root.path());
        assert_eq!(bits(&again.residuals), bits(&plain.residuals));
    }

    /// Requests at random moments (randomized delays) never lose or
    /// corrupt the run: it ends like a plain run, and so does a restart from
    /// whatever checkpoint was taken.
    #[test]
    fn requests_at_random_moments_keep_the_run_exact() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x5eed);
        let p = jacobi2d::Params {
            iters: 300,
            ..jacobi()
        }
        .problem()
        .unwrap();
        let plain = run("j", &p, &pes(2), Map::Block, None).unwrap();
        for round in 0..6 {
            // The first request comes before the run starts.
            let micros = if round == 0 {
                0
            } else {
                rng.random_range(0..3000)
            };
            let delay = std::time::Duration::from_micros(micros);
            let stop = round % 2 == 1;
            let (with, root) = on_demand_run(&pes(2), 300, stop, Some(delay));
            let steps = disk::list(root.path());
            if let Some(step) = with.stopped_at {
                assert_eq!(steps, vec![step as u64]);
            } else {
                assert_eq!(bits(&with.residuals), bits(&plain.residuals), "{delay:?}");
            }
            if !steps.is_empty() {
                let again = restart_newest(root.path());
                assert_eq!(bits(&again.residuals), bits(&plain.residuals), "{delay:?}");
            }
        }
    }

    #[test]
    fn only_a_consistent_checkpoint_of_a_restartable_app_is_accepted() {
        let root = tempfile::tempdir().unwrap();
        let params = jacobi();
        let save = Checkpointing {
            plan: EveryN::new(root.path(), 4, 1),
            app: StencilApp::Jacobi2d(params),
        };
        let session = Session {
            save: Some(save),
            ..Session::default()
        };
        let p = params.problem().unwrap();
        run_session("j", &p, &pes(1), Map::Block, None, session).unwrap();
        let c = disk::open(root.path()).unwrap();
        assert_eq!(c.manifest.step, 8);
        let edit = |f: &dyn Fn(&mut disk::Manifest)| {
            let mut c = disk::open(root.path()).unwrap();
            f(&mut c.manifest);
            restartable_app(&c).unwrap_err().to_string()
        };
        let e = edit(&|m| m.app = "storm".into());
        assert!(
            e.contains("manifest.json") && e.contains("\"storm\"") && e.contains("zones"),
            "{e}"
        );
        let e = edit(&|m| m.app = "zones".into());
        assert!(e.contains("options of zones"), "{e}");
        let e = edit(&|m| m.options["iters"] = 8.into());
        assert!(
            e.contains("inconsistent") && e.contains("step 8 of 8"),
            "{e}"
        );
        let e = edit(&|m| m.options["objs_x"] = 2.into());
        assert!(e.contains("6 elements for 2x2"), "{e}");
    }

    /// Checkpoints every 4 steps of the 9 of `app` (the problem `p`) into `root`.
    fn checkpoint_run<K: Kernel>(root: &Path, app: StencilApp, p: &Problem<K>) {
        let session = Session {
            save: Some(Checkpointing {
                plan: EveryN::new(root, 4, 1),
                app,
            }),
            ..Session::default()
        };
        run_session("j", p, &pes(1), Map::Block, None, session).unwrap();
    }

    /// Issue 59, item 15: the blocks of another app (hotspot's, of the
    /// same grid, every checksum right) in a jacobi2d checkpoint are bad
    /// input naming the array file, not a failed run.
    #[test]
    fn blocks_of_another_apps_element_type_are_refused_naming_the_file() {
        let jacobi = jacobi();
        let hot = hotspot::Params {
            rows: jacobi.rows,
            cols: jacobi.cols,
            objs_x: jacobi.objs_x,
            objs_y: jacobi.objs_y,
            iters: jacobi.iters,
            radius: 0.5,
            work: 1,
            growth: 1.0,
        };
        let (j_root, h_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let app = StencilApp::Jacobi2d(jacobi);
        checkpoint_run(j_root.path(), app, &jacobi.problem().unwrap());
        checkpoint_run(
            h_root.path(),
            StencilApp::Hotspot(hot),
            &hot.problem().unwrap(),
        );
        let (j, h) = (
            disk::open(j_root.path()).unwrap(),
            disk::open(h_root.path()).unwrap(),
        );
        let mixed = tempfile::tempdir().unwrap();
        let contents = disk::Contents {
            app: app.name(),
            options: app.options(),
            step: j.manifest.step,
            main_state: &j.main_state().unwrap(),
        };
        disk::write(mixed.path(), &contents, &[&h.array(0).unwrap()], 1).unwrap();
        let c = disk::open(mixed.path()).unwrap();
        assert_eq!(restartable_app(&c).unwrap(), app);
        let e = read_resume(&c, &app).unwrap_err().to_string();
        assert!(
            e.contains("array-0.p0.bin: ") && e.contains("Hotspot"),
            "{e}"
        );
    }

    /// Issue 59, item 2: a jacobi2d checkpoint whose manifest says 512 rows
    /// (the grid had 24) is refused naming the manifest and the field.
    #[test]
    fn an_edited_grid_size_in_the_manifest_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let params = jacobi();
        checkpoint_run(
            root.path(),
            StencilApp::Jacobi2d(params),
            &params.problem().unwrap(),
        );
        let manifest = root.path().join("ckpt-8").join(disk::MANIFEST);
        let text = std::fs::read_to_string(&manifest).unwrap();
        for (from, to, field) in [
            ("\"rows\": 24", "\"rows\": 512", "`options.rows` is 512"),
            ("\"iters\": 9", "\"iters\": 20", "`options.iters` is 20"),
        ] {
            assert!(text.contains(from), "{text}");
            std::fs::write(&manifest, text.replace(from, to)).unwrap();
            let e = disk::open(root.path()).unwrap_err().to_string();
            assert!(
                e.contains("manifest.json: field ") && e.contains(field),
                "{e}"
            );
        }
    }
}
