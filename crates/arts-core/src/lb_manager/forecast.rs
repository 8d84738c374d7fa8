//! Load forecasts for drifting loads. A strategy balances the loads it is
//! given; when they are last period's and the load drifts (a hot spot
//! moving across the domain, a crack front), the new mapping is stale by
//! the time it runs. So when the last balancing step's prediction missed
//! (restraint's `drifted`), an object whose load moved the same way over
//! its last two periods has it continued along that line to the next
//! period, and the strategy and restraint see the forecast. A load that
//! went up and then down (a noisy period, another process on a core) is
//! taken as measured: extrapolating it would reshuffle objects and then
//! reverse the reshuffle. While loads hold still, measurements are used as
//! they are.

use std::collections::HashMap;

use arts_lb::ObjInfo;

/// How far a forecast may move a load from its last measurement (a factor
/// either way), so that one sharp change cannot make a wild forecast.
pub(super) const MAX_FORECAST_FACTOR: f64 = 2.0;

/// One object's load at a balancing step.
#[derive(Clone, Copy, Debug)]
struct Sample {
    /// Load per step over the period before the step.
    per_step: f64,
    /// Change of the per-step load per step since the sample before (0
    /// when there was none).
    slope: f64,
}

/// The objects' loads measured at the previous balancing step.
#[derive(Debug, Default)]
pub(crate) struct LoadHistory {
    samples: HashMap<u64, Sample>,
    /// Steps of the period they were measured over.
    steps: u32,
}

/// Steps between the middles of a period of `before` steps and the one of
/// `now` steps that follows it.
fn middles_apart(before: u32, now: u32) -> f64 {
    (before as f64 + now as f64) / 2.0
}

impl LoadHistory {
    /// The history after a period of `steps` steps whose loads were
    /// `objects`' (`load_s` is the period's total).
    pub(super) fn after(&self, objects: &[ObjInfo], steps: u32) -> LoadHistory {
        let n = steps.max(1);
        let apart = middles_apart(self.steps, n);
        let samples = objects
            .iter()
            .map(|o| {
                let per_step = o.load_s / n as f64;
                let slope = self
                    .samples
                    .get(&o.id)
                    .map_or(0.0, |s| (per_step - s.per_step) / apart);
                (o.id, Sample { per_step, slope })
            })
            .collect();
        LoadHistory { samples, steps: n }
    }

    /// Replaces the load of each object, measured over the last `steps`
    /// steps, whose load moved the same way in this period as in the one
    /// before by its forecast over the next `steps`: the line through the
    /// previous and this period's per-step loads (taken at their periods'
    /// middles) continued to the next period's middle, within
    /// [`MAX_FORECAST_FACTOR`] of the measurement.
    pub(super) fn forecast(&self, objects: &mut [ObjInfo], steps: u32) {
        let n = steps.max(1);
        let apart = middles_apart(self.steps, n);
        let ahead = middles_apart(n, n);
        for o in objects {
            let Some(before) = self.samples.get(&o.id) else {
                continue;
            };
            let now = o.load_s / n as f64;
            let slope = (now - before.per_step) / apart;
            if slope * before.slope <= 0.0 {
                continue;
            }
            let next =
                (now + slope * ahead).clamp(now / MAX_FORECAST_FACTOR, now * MAX_FORECAST_FACTOR);
            o.load_s = next * n as f64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(id: u64, load_s: f64) -> ObjInfo {
        ObjInfo {
            id,
            pe: 0,
            load_s,
            migratable: true,
            bytes: 0,
        }
    }

    /// The history after periods of `steps` steps with these loads of one
    /// object (id 1).
    fn history(loads: &[f64], steps: u32) -> LoadHistory {
        loads
            .iter()
            .fold(LoadHistory::default(), |h, &l| h.after(&[obj(1, l)], steps))
    }

    fn forecast(h: &LoadHistory, load_s: f64, steps: u32) -> f64 {
        let mut now = [obj(1, load_s)];
        h.forecast(&mut now, steps);
        now[0].load_s
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn a_rising_load_is_continued_along_its_line() {
        // 1, 2, then 3 ms per step over periods of 2 steps: +1 ms per
        // period, so 4 ms per step next, 8 ms over the period.
        let h = history(&[0.002, 0.004], 2);
        assert!(close(forecast(&h, 0.006, 2), 0.008));
        // Falling alike.
        let h = history(&[0.008, 0.006], 2);
        assert!(close(forecast(&h, 0.004, 2), 0.002));
    }

    #[test]
    fn a_load_that_turned_is_taken_as_measured() {
        // Up, then down: a noisy period, not a trend.
        let h = history(&[0.002, 0.004], 2);
        assert_eq!(forecast(&h, 0.003, 2), 0.003);
        // A first change has nothing to confirm it.
        let h = history(&[0.002], 2);
        assert_eq!(forecast(&h, 0.004, 2), 0.004);
    }

    #[test]
    fn periods_of_different_lengths_are_taken_at_their_middles() {
        // 1 ms per step over 4 steps, then 1.25 over 2 (middles 3 steps
        // apart), then 1.5 over 2 (middles 2 apart): +0.125 ms per step,
        // continued 2 steps.
        let h = LoadHistory::default()
            .after(&[obj(1, 0.004)], 4)
            .after(&[obj(1, 0.0025)], 2);
        let expected = (0.0015 + 0.000125 * 2.0) * 2.0;
        assert!(close(forecast(&h, 0.003, 2), expected));
    }

    #[test]
    fn a_forecast_stays_within_a_factor_of_the_measurement() {
        // 1 and 2 ms per step over 1 step, then 10 ms per step over 3
        // (middles 2 steps apart): +4 ms per step, 22 ms by the next middle.
        let h = history(&[0.001, 0.002], 1);
        assert!(close(forecast(&h, 0.030, 3), 0.030 * MAX_FORECAST_FACTOR));
        // 10, 9, then 1 ms per step: the line goes below zero.
        let h = history(&[0.010, 0.009], 1);
        assert!(close(forecast(&h, 0.003, 3), 0.003 / MAX_FORECAST_FACTOR));
    }

    #[test]
    fn objects_new_to_the_history_keep_their_load() {
        let h = history(&[0.001, 0.002], 1);
        let mut now = [obj(2, 0.003)];
        h.forecast(&mut now, 1);
        assert_eq!(now[0].load_s, 0.003);
    }
}
