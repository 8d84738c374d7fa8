//! What the apps' checkpoint tests share: runtime configurations, runs
//! asked for a checkpoint at random moments, and refusals of edited
//! manifests.

use std::path::Path;
use std::sync::Arc;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::checkpoint::hold::OnDemand;
use arts_core::checkpoint::session;

/// A runtime configuration for tests: `pes` PEs, balanced by the strategy
/// `lb` at every `at_sync`, if given.
pub(crate) fn test_config(pes: u32, lb: Option<&str>) -> arts_core::Config {
    arts_core::Config {
        pes,
        lb: lb.map(|name| arts_core::LbConfig {
            strategy: Arc::from(arts_lb::by_name(name).unwrap()),
            period: arts_core::LbPeriod::EverySync,
            record_inputs: false,
            speeds: None,
        }),
        ..arts_core::Config::default()
    }
}

/// Asserts that a run balanced by the strategy `lb` (if any; `rotate` in
/// the tests) moved objects.
pub(crate) fn assert_moved_if_balanced(report: &arts_core::RunReport, lb: Option<&str>) {
    if lb.is_some() {
        let moved: u64 = report.lb_steps().iter().map(|s| s.migrations).sum();
        assert!(moved > 0, "{lb:?} moved no object");
    }
}

/// A change to a checkpoint's manifest and what the refusal must say.
pub(crate) type Edit<'a> = (&'a dyn Fn(&mut disk::Manifest), &'a [&'a str]);

/// Asserts that `check` refuses the newest checkpoint in `root` after each
/// edit of its manifest, with an error that says every one of its words.
pub(crate) fn assert_refused<T: std::fmt::Debug>(
    root: &Path,
    check: impl Fn(&Checkpoint) -> Result<T, CheckpointError>,
    edits: &[Edit<'_>],
) {
    for (edit, words) in edits {
        let mut c = disk::open(root).unwrap();
        edit(&mut c.manifest);
        let e = check(&c).unwrap_err().to_string();
        assert!(words.iter().all(|w| e.contains(w)), "{words:?} in {e}");
    }
}

/// Asks `requests` for a checkpoint (`stop`: and to stop after it) now
/// (`delay` `None`) or after `delay` from another thread, whose handle is
/// returned.
pub(crate) fn ask(
    requests: &Arc<OnDemand>,
    delay: Option<std::time::Duration>,
    stop: bool,
) -> Option<std::thread::JoinHandle<()>> {
    let ask = move |r: &OnDemand| match stop {
        true => r.checkpoint_and_stop(),
        false => r.checkpoint(),
    };
    let Some(delay) = delay else {
        ask(requests);
        return None;
    };
    let r = requests.clone();
    Some(std::thread::spawn(move || {
        std::thread::sleep(delay);
        ask(&r)
    }))
}

/// Runtime configurations for [`at_random_moments`]: 1-3 PEs, some
/// balancing (objects migrate while requests come).
pub(crate) fn test_configs() -> [arts_core::Config; 6] {
    let config = test_config;
    [
        config(2, None),
        config(3, Some("rotate")),
        config(1, None),
        config(2, Some("rotate")),
        config(3, None),
        config(2, None),
    ]
}

/// Runs `rounds` runs with on-demand-only sessions (saving into a new
/// directory), each asked for a checkpoint from another thread at a random
/// moment up to `max_delay` (the first before it starts; every other one
/// asks to stop): `run(round, session)` runs and checks one, returning
/// where it stopped; `restart(round, dir)` restarts from the checkpoint it
/// took, if any, and checks that. Asserts that a run took at most one
/// checkpoint (the step it stopped at, when it stopped) and that some
/// run took one.
pub(crate) fn at_random_moments<S>(
    rounds: usize,
    max_delay: std::time::Duration,
    mut run: impl FnMut(usize, session::Session<S>) -> Option<u32>,
    mut restart: impl FnMut(usize, &std::path::Path),
) {
    use arts_core::checkpoint::disk;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x1ea7);
    let mut taken = 0;
    for round in 0..rounds {
        let micros = rng.random_range(0..max_delay.as_micros() as u64);
        let delay = (round > 0).then(|| std::time::Duration::from_micros(micros));
        let root = tempfile::tempdir().unwrap();
        let requests = Arc::default();
        let asker = ask(&requests, delay, round % 2 == 1);
        let session = session::Session {
            on_demand: Some(requests),
            ..session::Session::saving(root.path(), 0, 5)
        };
        let stopped = run(round, session);
        if let Some(asker) = asker {
            asker.join().unwrap();
        }
        let steps = disk::list(root.path());
        let what = format!("round {round}, {delay:?}: checkpoints {steps:?}");
        match stopped {
            Some(s) => assert_eq!(steps, vec![s as u64], "{what}"),
            None => assert!(steps.len() <= 1, "{what}"),
        }
        if !steps.is_empty() {
            taken += 1;
            restart(round, root.path());
        }
    }
    assert!(taken > 0, "no request was taken");
}
