//! Small statistics helpers shared by the apps and benchmarks.

/// The median of `xs` (the mean of the two middle values for even lengths);
/// 0 for an empty slice. The workspace's one median, from `arts-dispatch`.
pub use arts_dispatch::stats::median_f64 as median;

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

    #[test]
    fn median_odd_even_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
        assert_eq!(deltas(&[1.0, 3.0, 6.0]), vec![2.0, 3.0]);
    }
}
