//! Live application-level balancing (`--app-lb live`, the paper's section
//! 4 option it did not build): every `every` iterations the slabs share
//! the time each spent iterating since the last cut, and each computes the
//! same new cut from it. The measured time of a slab is spread evenly over
//! its rows (a piecewise-constant cost per row), the new cut gives every
//! slab equal cost under that estimate, and it is taken only when it
//! predicts a max/avg better by more than `threshold`. A cut moves by at
//! most one neighbour's rows: rows pass only between neighbouring slabs,
//! which keeps the exchange to one message per moved boundary. Successive
//! cuts refine the estimate where the cost is not flat.

/// When and how much to re-cut.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LiveCut {
    /// Iterations between two measurements (rounded up to a check).
    pub every: usize,
    /// Least relative improvement of the predicted max/avg that is worth a cut.
    pub threshold: f64,
}

impl Default for LiveCut {
    fn default() -> LiveCut {
        LiveCut {
            every: 1000,
            threshold: 0.05,
        }
    }
}

/// max/avg of `loads` (1 for no load).
fn imbalance(loads: &[f64]) -> f64 {
    let total: f64 = loads.iter().sum();
    let max = loads.iter().copied().fold(0.0, f64::max);
    if total > 0.0 {
        max * loads.len() as f64 / total
    } else {
        1.0
    }
}

/// The new ranges for `ranges` (consecutive `[a, b)`) after their slabs
/// spent `times` seconds, or `None` when the predicted max/avg does not
/// improve by more than `threshold` (relative), or the times say nothing.
pub fn recut(
    ranges: &[(usize, usize)],
    times: &[f64],
    threshold: f64,
) -> Option<Vec<(usize, usize)>> {
    let n = ranges.len();
    if n < 2 || times.len() != n || times.iter().any(|t| !t.is_finite() || *t < 0.0) {
        return None;
    }
    let first = ranges[0].0;
    // Cumulative estimated cost at each row boundary, from `first`.
    let mut cum = vec![0.0];
    for (&(a, b), &t) in ranges.iter().zip(times) {
        let per_row = t / (b - a) as f64;
        for _ in a..b {
            cum.push(cum.last().copied().unwrap_or(0.0) + per_row);
        }
    }
    let total = *cum.last()?;
    if total <= 0.0 {
        return None;
    }
    let at = |row: usize| cum[row - first];
    let mut starts = vec![first];
    for k in 1..n {
        let target = total * k as f64 / n as f64;
        // The boundary nearest the target, within the window that keeps the
        // rows moving between neighbours only (and every slab non-empty).
        let (lo, hi) = (ranges[k - 1].0 + 1, ranges[k].1 - 1);
        let mut row = lo + cum[lo - first..=hi - first].partition_point(|&c| c < target);
        row = row.min(hi);
        if row > lo && target - at(row - 1) <= at(row) - target {
            row -= 1;
        }
        starts.push(row.max(starts[k - 1] + 1));
    }
    let end = ranges[n - 1].1;
    let new: Vec<(usize, usize)> = (0..n)
        .map(|k| (starts[k], starts.get(k + 1).copied().unwrap_or(end)))
        .collect();
    let predicted: Vec<f64> = new.iter().map(|&(a, b)| at(b) - at(a)).collect();
    let (now, then) = (imbalance(times), imbalance(&predicted));
    (new != ranges && then < now * (1.0 - threshold)).then_some(new)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(old: &[(usize, usize)], new: &[(usize, usize)]) {
        assert_eq!(new[0].0, old[0].0);
        assert_eq!(new.last().unwrap().1, old.last().unwrap().1);
        for k in 0..new.len() {
            assert!(new[k].0 < new[k].1, "{new:?}");
            if k > 0 {
                assert_eq!(new[k].0, new[k - 1].1);
                // Rows move between neighbours only.
                assert!(
                    old[k - 1].0 < new[k].0 && new[k].0 < old[k].1,
                    "{old:?} -> {new:?}"
                );
            }
        }
    }

    #[test]
    fn balanced_times_keep_the_cut() {
        let ranges = [(1, 11), (11, 21), (21, 31)];
        assert_eq!(recut(&ranges, &[1.0, 1.02, 0.99], 0.05), None);
        assert_eq!(recut(&ranges, &[0.0, 0.0, 0.0], 0.05), None);
        assert_eq!(recut(&ranges, &[1.0, f64::NAN, 1.0], 0.05), None);
        assert_eq!(recut(&[(1, 31)], &[1.0], 0.05), None);
    }

    #[test]
    fn a_costly_slab_gives_rows_to_its_neighbours() {
        let ranges = [(1, 11), (11, 21), (21, 31)];
        let new = recut(&ranges, &[1.0, 4.0, 1.0], 0.05).unwrap();
        valid(&ranges, &new);
        assert!(new[1].1 - new[1].0 < 10, "{new:?}");
        assert!(new[0].1 - new[0].0 > 10 && new[2].1 - new[2].0 > 10);
    }

    #[test]
    fn repeated_cuts_converge_on_a_rising_cost() {
        // Cost per row grows linearly; the slabs measure their true sums.
        let cost = |a: usize, b: usize| (a..b).map(|i| i as f64).sum::<f64>();
        let mut ranges: Vec<(usize, usize)> = (0..8).map(|k| (1 + 25 * k, 26 + 25 * k)).collect();
        let start = imbalance(&ranges.iter().map(|&(a, b)| cost(a, b)).collect::<Vec<_>>());
        let mut cuts = 0;
        for _ in 0..20 {
            let times: Vec<f64> = ranges.iter().map(|&(a, b)| cost(a, b)).collect();
            let Some(new) = recut(&ranges, &times, 0.01) else {
                break;
            };
            valid(&ranges, &new);
            ranges = new;
            cuts += 1;
        }
        let end = imbalance(&ranges.iter().map(|&(a, b)| cost(a, b)).collect::<Vec<_>>());
        assert!(cuts >= 1 && start > 1.5, "{start}");
        assert!(end < 1.05, "max/avg {start} -> {end} after {cuts} cuts");
    }

    #[test]
    fn one_row_slabs_stay_valid() {
        let ranges = [(1, 2), (2, 3), (3, 40)];
        let new = recut(&ranges, &[1.0, 1.0, 50.0], 0.05).unwrap();
        valid(&ranges, &new);
    }
}
