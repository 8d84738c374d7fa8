//! Small statistics helpers for step times: the one median of the
//! workspace (of durations here, of seconds in `arts_apps::stats`).

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

/// Median of `xs` (mean of the two middle values for an even count); zero if empty.
pub fn median(xs: &[Duration]) -> Duration {
    median_by(xs, Ord::cmp, |a, b| (a + b) / 2).unwrap_or(Duration::ZERO)
}

/// Median of numbers (total order, so NaN sorts last; mean of the two
/// middle values for an even count); zero if empty.
pub fn median_f64(xs: &[f64]) -> f64 {
    median_by(xs, f64::total_cmp, |a, b| (a + b) / 2.0).unwrap_or(0.0)
}

/// Median of `xs` in seconds; zero if empty.
pub fn median_s(xs: &[Duration]) -> f64 {
    median(xs).as_secs_f64()
}

/// Mean of `xs` in seconds; zero if empty.
pub fn mean_s(xs: &[Duration]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.iter().map(Duration::as_secs_f64).sum::<f64>() / xs.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_even_empty() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[ms(3), ms(1), ms(2)]), ms(2));
        assert_eq!(
            median(&[ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
        assert_eq!(median(&[]), Duration::ZERO);
        assert!((mean_s(&[ms(1), ms(3)]) - 0.002).abs() < 1e-12);
        assert_eq!(median_f64(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median_f64(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median_f64(&[]), 0.0);
    }
}
