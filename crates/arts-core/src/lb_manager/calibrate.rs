//! PE speed calibration: a short fixed computation timed at start-up. Speeds
//! are relative: the manager divides by the fastest PE's.

use std::time::Instant;

/// Runs the calibration kernel a few times and returns iterations per
/// second of the best run (the best is the least disturbed by other load).
pub(crate) fn calibrate_speed() -> f64 {
    const ITERS: u64 = 200_000;
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut x = 1.000_000_1f64;
        let mut acc = 0u64;
        for i in 0..ITERS {
            x = x * 1.000_000_1 + 1e-9;
            acc = acc.wrapping_mul(6364136223846793005).wrapping_add(i);
        }
        std::hint::black_box((x, acc));
        best = best.min(t.elapsed().as_secs_f64());
    }
    ITERS as f64 / best.max(1e-9)
}

/// Relative speeds from raw calibration rates: each divided by the fastest.
/// Rates within `tolerance` of each other are calibration noise on identical
/// cores, not heterogeneity, and become exactly 1.0.
pub(crate) fn relative_speeds(raw: &[f64], tolerance: f64) -> Vec<f64> {
    let max = raw.iter().copied().fold(0.0, f64::max);
    let min = raw.iter().copied().fold(f64::MAX, f64::min);
    if max <= 0.0 || min >= max * (1.0 - tolerance) {
        return vec![1.0; raw.len()];
    }
    raw.iter().map(|r| r / max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_is_snapped_and_heterogeneity_kept() {
        assert_eq!(relative_speeds(&[100.0, 95.0], 0.1), vec![1.0, 1.0]);
        assert_eq!(relative_speeds(&[100.0, 50.0], 0.1), vec![1.0, 0.5]);
        assert!(calibrate_speed() > 0.0);
    }
}
