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

/// Differences between consecutive values (`times[i+1] - times[i]`).
pub fn deltas(times: &[f64]) -> Vec<f64> {
    times.windows(2).map(|w| w[1] - w[0]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
