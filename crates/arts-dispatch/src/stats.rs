//! Small statistics helpers for step times.

use std::time::Duration;

/// Median of `xs` (mean of the two middle values for an even count); zero if empty.
pub fn median(xs: &[Duration]) -> Duration {
    if xs.is_empty() {
        return Duration::ZERO;
    }
    let mut v = xs.to_vec();
    v.sort_unstable();
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2
    }
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
    }
}
