//! What a run is predicted to cost: the model, its calibration on the
//! machine at hand, and the choice of each study's size within a budget.

use std::collections::BTreeMap;

use super::plan::{Host, Point, Size, Study, points};

/// Seconds every child process costs beyond its work (start, set-up, exit).
const STARTUP_S: f64 = 0.15;

/// Slow-down of a run whose threads outnumber the cores (they wait on each
/// other's time slices).
const OVERSUBSCRIBED: f64 = 1.5;

/// The share of the budget the predictions may fill: the rest absorbs
/// their error (each run is also cut at the budget's end).
pub const FILL: f64 = 0.8;

/// Predicted seconds of one run on the reference machine: `seq_s` of work
/// on one PE, run `references` times sequentially (the app's own reference)
/// and once on `pes` PEs.
pub fn predict(seq_s: f64, references: f64, pes: u32, cores: u32) -> f64 {
    let pes = pes.max(1);
    let parallel = if pes > cores {
        OVERSUBSCRIBED / cores.max(1) as f64
    } else {
        1.0 / pes as f64
    };
    STARTUP_S + seq_s * (references + parallel)
}

/// The machine's speed against the reference machine from one short
/// calibration run: `measured` seconds of a run predicted at `predicted`,
/// kept within [1/2, 8]: a short run is mostly start-up, so it may not
/// claim a machine more than twice as fast until longer runs say so
/// ([`Learned`]).
pub fn calibration(measured: f64, predicted: f64) -> f64 {
    if !(measured > 0.0 && predicted > 0.0) {
        return 1.0;
    }
    (measured / predicted).clamp(0.5, 8.0)
}

/// The machine's speed learned from every run so far: measured seconds
/// over predicted seconds, summed (long runs weigh most), within [1/8, 8].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Learned {
    measured_s: f64,
    predicted_s: f64,
    first: f64,
}

impl Learned {
    /// Starts from the calibration's factor.
    pub fn new(calibration_factor: f64) -> Learned {
        Learned {
            measured_s: 0.0,
            predicted_s: 0.0,
            first: calibration_factor,
        }
    }

    /// Adds a run: `measured` seconds for `predicted` reference seconds.
    pub fn add(&mut self, measured: f64, predicted: f64) {
        if measured.is_finite() && predicted.is_finite() && predicted > 0.0 {
            self.measured_s += measured;
            self.predicted_s += predicted;
        }
    }

    /// The factor now: the calibration's until runs of a few seconds in
    /// all have been seen, then theirs.
    pub fn factor(&self) -> f64 {
        if self.predicted_s < 2.0 {
            return self.first;
        }
        (self.measured_s / self.predicted_s).clamp(0.125, 8.0)
    }
}

/// The size chosen for each study, and the campaign's predicted seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// One size per study.
    pub sizes: BTreeMap<Study, Size>,
    /// Predicted seconds of the whole campaign at those sizes (calibrated).
    pub predicted_s: f64,
}

/// Predicted (calibrated) seconds of `study` at `size`.
pub fn study_cost(study: Study, size: Size, pes: &[u32], host: &Host, factor: f64) -> f64 {
    points(study, size, pes, host)
        .iter()
        .map(|p: &Point| p.cost_s)
        .sum::<f64>()
        * factor
}

/// Every study tiny, then each grown one size at a time, in turn, while the
/// campaign stays within `FILL × budget_s`; `Err(smallest)`: the budget
/// that the tiny campaign would need, when even that does not fit.
pub fn choose(
    studies: &[Study],
    pes: &[u32],
    host: &Host,
    factor: f64,
    budget_s: f64,
    largest: Size,
) -> Result<Choice, f64> {
    let cost = |study, size| study_cost(study, size, pes, host, factor);
    let mut sizes: BTreeMap<Study, Size> = studies.iter().map(|&s| (s, Size::Tiny)).collect();
    let total =
        |sizes: &BTreeMap<Study, Size>| sizes.iter().map(|(&s, &z)| cost(s, z)).sum::<f64>();
    let tiny = total(&sizes);
    if tiny > FILL * budget_s {
        return Err((tiny / FILL).ceil());
    }
    let mut grew = true;
    while grew {
        grew = false;
        for &study in studies {
            let Some(next) = sizes[&study].larger().filter(|n| *n <= largest) else {
                continue;
            };
            let mut trial = sizes.clone();
            trial.insert(study, next);
            if total(&trial) <= FILL * budget_s {
                sizes = trial;
                grew = true;
            }
        }
    }
    Ok(Choice {
        predicted_s: total(&sizes),
        sizes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host() -> Host {
        Host {
            cores: 2,
            mpirun: true,
            c_program_missing: None,
        }
    }

    #[test]
    fn more_pes_cost_less_until_the_cores_run_out() {
        let one = predict(10.0, 1.0, 1, 4);
        let four = predict(10.0, 1.0, 4, 4);
        let eight = predict(10.0, 1.0, 8, 4);
        assert!(four < one);
        assert!(eight > four, "oversubscribed runs are slower");
        assert!((predict(0.0, 1.0, 3, 4) - STARTUP_S).abs() < 1e-12);
    }

    #[test]
    fn calibration_is_bounded_and_runs_teach_the_factor() {
        assert_eq!(calibration(2.0, 1.0), 2.0);
        assert_eq!(calibration(100.0, 1.0), 8.0);
        assert_eq!(calibration(0.1, 1.0), 0.5);
        assert_eq!(calibration(0.0, 1.0), 1.0);
        assert_eq!(calibration(1.0, f64::NAN), 1.0);
        let mut l = Learned::new(0.5);
        l.add(3.0, 1.0);
        assert_eq!(l.factor(), 0.5, "too little seen yet");
        l.add(9.0, 3.0);
        assert_eq!(l.factor(), 3.0);
        l.add(f64::NAN, 1.0);
        assert_eq!(l.factor(), 3.0);
        l.add(1000.0, 1.0);
        assert_eq!(l.factor(), 8.0);
    }

    #[test]
    fn sizes_grow_with_the_budget_and_a_tiny_budget_names_the_smallest() {
        let studies = [Study::Jacobi2d, Study::Heat3d];
        let pes = [1, 2];
        let small = choose(&studies, &pes, &host(), 1.0, 30.0, Size::Full).unwrap();
        let large = choose(&studies, &pes, &host(), 1.0, 100_000.0, Size::Full).unwrap();
        assert!(large.predicted_s <= FILL * 100_000.0);
        assert!(small.predicted_s <= FILL * 30.0);
        assert!(large.sizes.values().all(|s| *s == Size::Full));
        assert!(small.sizes.values().any(|s| *s < Size::Full));
        let need = choose(&studies, &pes, &host(), 1.0, 0.5, Size::Full).unwrap_err();
        assert!(need > 0.5);
        // The budget it names is enough.
        assert!(choose(&studies, &pes, &host(), 1.0, need, Size::Full).is_ok());
        // A slower machine gets smaller sizes for the same budget.
        let slow = choose(&studies, &pes, &host(), 8.0, 100.0, Size::Full);
        let fast = choose(&studies, &pes, &host(), 0.125, 100.0, Size::Full).unwrap();
        if let Ok(slow) = slow {
            assert!(slow.sizes.values().sum_by_rank() <= fast.sizes.values().sum_by_rank());
        }
        // --quick caps every study at tiny.
        let quick = choose(&studies, &pes, &host(), 1.0, 100_000.0, Size::Tiny).unwrap();
        assert!(quick.sizes.values().all(|s| *s == Size::Tiny));
    }

    trait SumByRank {
        fn sum_by_rank(self) -> usize;
    }

    impl<'a, I: Iterator<Item = &'a Size>> SumByRank for I {
        fn sum_by_rank(self) -> usize {
            self.map(|s| *s as usize).sum()
        }
    }
}
