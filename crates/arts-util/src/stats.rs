//! Small statistics helpers for step times and benchmark repetitions: the
//! one median of the workspace (of numbers, of durations), means, and the
//! steady step time.

use std::cmp::Ordering;
use std::time::Duration;

/// Median of `xs` ordered by `cmp`, with `mean2` averaging the two middle
/// values of an even count; `None` if empty.
pub fn median_by<T: Copy>(
    xs: &[T],
    cmp: impl FnMut(&T, &T) -> Ordering,
    mean2: impl FnOnce(T, T) -> T,
) -> Option<T> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_unstable_by(cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        mean2(v[m - 1], v[m])
    })
}

/// Median of durations (mean of the two middle values for an even count); zero if empty.
pub fn median_duration(xs: &[Duration]) -> Duration {
    median_by(xs, Ord::cmp, |a, b| (a + b) / 2).unwrap_or(Duration::ZERO)
}

/// Median of numbers (total order, so NaN sorts last; mean of the two
/// middle values for an even count); zero if empty.
pub fn median(xs: &[f64]) -> f64 {
    median_by(xs, f64::total_cmp, |a, b| (a + b) / 2.0).unwrap_or(0.0)
}

/// Median of `xs` in seconds; zero if empty.
pub fn median_s(xs: &[Duration]) -> f64 {
    median_duration(xs).as_secs_f64()
}

/// Mean of `xs` in seconds; zero if empty.
pub fn mean_s(xs: &[Duration]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.iter().map(Duration::as_secs_f64).sum::<f64>() / xs.len() as f64
}

/// The mean of `xs`; 0 for an empty slice.
pub fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// The mean of the last even number of `t` that is at most half of them:
/// a steady step time that takes as many long as short steps when a rank
/// runs a step ahead and its steps alternate (`None` for fewer than 4).
pub fn steady_mean(t: &[f64]) -> Option<f64> {
    let tail = &t[t.len() - ((t.len() / 2) & !1)..];
    (!tail.is_empty()).then(|| tail.iter().sum::<f64>() / tail.len() as f64)
}

/// Differences between consecutive values (`times[i+1] - times[i]`).
pub fn deltas(times: &[f64]) -> Vec<f64> {
    times.windows(2).map(|w| w[1] - w[0]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_even_empty() {
        let ms = Duration::from_millis;
        assert_eq!(median_duration(&[ms(3), ms(1), ms(2)]), ms(2));
        assert_eq!(
            median_duration(&[ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
        assert_eq!(median_duration(&[]), Duration::ZERO);
        assert!((mean_s(&[ms(1), ms(3)]) - 0.002).abs() < 1e-12);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
        assert_eq!(deltas(&[1.0, 3.0, 6.0]), vec![2.0, 3.0]);
    }

    #[test]
    fn the_steady_step_time_takes_as_many_long_as_short_steps() {
        // A rank a step ahead: long and short steps alternate after a slow first one.
        let t = [9.0, 1.0, 3.0, 1.0, 3.0, 1.0, 3.0, 1.0, 3.0, 1.0, 3.0];
        assert_eq!(steady_mean(&t), Some(2.0)); // the last 4 of 11
        assert_eq!(steady_mean(&t[..10]), Some(2.0)); // the last 4 of 10
        assert_eq!(steady_mean(&[5.0, 1.0, 3.0, 1.0]), Some(2.0));
        assert_eq!(steady_mean(&[5.0, 1.0, 3.0]), None);
        assert_eq!(steady_mean(&[]), None);
    }

    #[test]
    fn mean_of_values_and_of_nothing() {
        assert_eq!(mean(&[1.0, 2.0, 6.0]), 3.0);
        assert_eq!(mean(&[]), 0.0);
    }
}
