//! A run's progress as it goes, for whoever shows it (a progress bar, say).

use crate::config::{RunConfig, SimReport};
use crate::engine::run;
use crate::error::PdesError;
use crate::key::Time;
use crate::model::Model;

/// Watches runs: told when one starts, how far it has come and when it ended.
pub trait Progress: Sync {
    /// A run named `what` starts.
    fn start(&self, what: &str);
    /// The running run has done `fraction` (0..=1) of its expected length.
    fn advance(&self, fraction: f64);
    /// The run ended (or failed).
    fn finish(&self);
}

/// Watches nothing.
impl Progress for () {
    fn start(&self, _: &str) {}
    fn advance(&self, _: f64) {}
    fn finish(&self) {}
}

/// Checks `cfg` against `model`, then runs it as run `what`, telling
/// `progress` how far it has come towards `horizon`, the simulated time at
/// which it is expected to end (no advances when that is not finite).
pub fn run_watched<M: Model>(
    model: &M,
    cfg: &RunConfig,
    progress: &dyn Progress,
    what: &str,
    horizon: Time,
) -> Result<SimReport, PdesError>
where
    M::State: Send,
{
    crate::engine::validate(model, cfg)?;
    progress.start(what);
    let advance = |t: Time| {
        if horizon.is_finite() && horizon > 0.0 {
            progress.advance((t / horizon).clamp(0.0, 1.0));
        }
    };
    let result = run(model, cfg, Some(&advance));
    progress.finish();
    result
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::SyncMode;
    use crate::models::phold::{Phold, PholdParams};

    #[derive(Default)]
    struct Log(Mutex<Vec<String>>);

    impl Progress for Log {
        fn start(&self, what: &str) {
            self.0.lock().unwrap().push(format!("start {what}"));
        }
        fn advance(&self, fraction: f64) {
            assert!((0.0..=1.0).contains(&fraction));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("finish".into());
        }
    }

    #[test]
    fn a_watched_run_starts_and_finishes_once() {
        let model = Phold::new(PholdParams {
            lps: 16,
            ..PholdParams::default()
        })
        .unwrap();
        let cfg = RunConfig::new(SyncMode::Sequential, 1, 10.0, 1);
        let log = Log::default();
        let r = run_watched(&model, &cfg, &log, "phold", 10.0).unwrap();
        assert!(r.committed_events > 0);
        assert_eq!(*log.0.lock().unwrap(), ["start phold", "finish"]);
    }

    #[test]
    fn a_bad_configuration_is_refused_before_the_run_starts() {
        let model = Phold::new(PholdParams::default()).unwrap();
        let cfg = RunConfig::new(SyncMode::Optimistic, 0, 10.0, 1);
        let log = Log::default();
        assert!(run_watched(&model, &cfg, &log, "phold", 10.0).is_err());
        assert!(log.0.lock().unwrap().is_empty());
    }
}
