//! Application-level load balancing: cost profile -> equal-work cuts.
//!
//! The drift-diffusion paper (Bounanos et al., sec. 4) measured per-row cost,
//! fitted a polynomial (5th degree) to it, integrated the fit with Simpson's
//! rule and gave every processor an equal share of the area. This module does
//! that for any 1-D domain of `n` rows with a measured cost per row:
//!
//! * [`fit_polynomial`]: least-squares polynomial fit (Householder QR on the
//!   Vandermonde matrix in a variable scaled to [-1, 1], so degree 5 on 2000
//!   rows is well conditioned);
//! * [`simpson`]: composite Simpson integration;
//! * [`fitted_cuts`]: equal-work cuts of the fitted density (clamped at zero:
//!   a fit may dip below zero where the profile is flat and small);
//! * [`prefix_sum_cuts`]: the direct alternative, equal-work cuts of the raw
//!   profile by prefix sums; and [`equal_rows`], the baseline;
//! * [`piece_loads`] and [`imbalance`]: the work per piece of a cut on a
//!   profile and the max/avg ratio;
//! * [`fitted_mean`]: the mean of a fitted time series (a region's cost over a
//!   run, the paper's weighting factor of a layer).
//!
//! Row `i` covers `[i, i + 1)`; its cost is sampled at `i + 0.5`. A cut is the
//! list of the pieces' first rows (`starts[0] == 0`).

use std::fmt;

/// Why a partition could not be made.
#[derive(Debug, Clone, PartialEq)]
pub enum WeightedError {
    /// The profile has no rows.
    Empty,
    /// A cost is negative or not finite.
    BadValue {
        /// Row (or sample) index.
        index: usize,
        /// The value.
        value: f64,
    },
    /// Zero pieces asked for, or more pieces than rows.
    BadPieces {
        /// Pieces asked for.
        pieces: usize,
        /// Rows available.
        rows: usize,
    },
    /// The polynomial degree needs more samples than given.
    BadDegree {
        /// Degree asked for.
        degree: usize,
        /// Samples given.
        samples: usize,
    },
    /// The profile (or its fit) has no positive work to divide.
    NoWork,
    /// The sample positions cannot determine the fit (e.g. all equal).
    Singular,
}

impl fmt::Display for WeightedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightedError::Empty => write!(f, "the cost profile is empty"),
            WeightedError::BadValue { index, value } => write!(
                f,
                "cost {value} at row {index} must be a finite number >= 0"
            ),
            WeightedError::BadPieces { pieces, rows } => write!(
                f,
                "pieces = {pieces} must be between 1 and the number of rows ({rows})"
            ),
            WeightedError::BadDegree { degree, samples } => write!(
                f,
                "polynomial degree {degree} needs more than {degree} samples (got {samples}); degree must be below the number of samples and at most 20"
            ),
            WeightedError::NoWork => write!(f, "the cost profile has no positive work"),
            WeightedError::Singular => write!(f, "the sample positions cannot determine the fit"),
        }
    }
}

impl std::error::Error for WeightedError {}

/// A polynomial on `[lo, hi]`, stored in the scaled variable t = (2x − lo − hi)/(hi − lo).
#[derive(Debug, Clone, PartialEq)]
pub struct Polynomial {
    /// Coefficients of t^0, t^1, ...
    pub coeffs: Vec<f64>,
    /// Left end of the fitted domain.
    pub lo: f64,
    /// Right end of the fitted domain.
    pub hi: f64,
}

impl Polynomial {
    fn scale(&self, x: f64) -> f64 {
        if self.hi > self.lo {
            (2.0 * x - self.lo - self.hi) / (self.hi - self.lo)
        } else {
            0.0
        }
    }

    /// The value at `x` (Horner).
    pub fn eval(&self, x: f64) -> f64 {
        let t = self.scale(x);
        self.coeffs.iter().rev().fold(0.0, |acc, c| acc * t + c)
    }

    /// The degree (number of coefficients − 1).
    pub fn degree(&self) -> usize {
        self.coeffs.len().saturating_sub(1)
    }
}

fn check_values(ys: &[f64]) -> Result<(), WeightedError> {
    if ys.is_empty() {
        return Err(WeightedError::Empty);
    }
    for (index, &value) in ys.iter().enumerate() {
        if !(value.is_finite() && value >= 0.0) {
            return Err(WeightedError::BadValue { index, value });
        }
    }
    Ok(())
}

/// Least-squares polynomial of `degree` through the samples `(xs[i], ys[i])`.
pub fn fit_polynomial(xs: &[f64], ys: &[f64], degree: usize) -> Result<Polynomial, WeightedError> {
    let m = xs.len().min(ys.len());
    if m == 0 {
        return Err(WeightedError::Empty);
    }
    if degree >= m || degree > 20 {
        return Err(WeightedError::BadDegree { degree, samples: m });
    }
    for (index, &value) in xs.iter().chain(ys).enumerate() {
        if !value.is_finite() {
            return Err(WeightedError::BadValue {
                index: index % m,
                value,
            });
        }
    }
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut poly = Polynomial {
        coeffs: vec![0.0; degree + 1],
        lo,
        hi,
    };
    if degree > 0 && hi <= lo {
        return Err(WeightedError::Singular);
    }
    let cols = degree + 1;
    // Column-major Vandermonde matrix in t, and the right-hand side.
    let mut a = vec![0.0; m * cols];
    for (i, &x) in xs.iter().take(m).enumerate() {
        let t = poly.scale(x);
        let mut p = 1.0;
        for j in 0..cols {
            a[j * m + i] = p;
            p *= t;
        }
    }
    let mut b: Vec<f64> = ys[..m].to_vec();
    // Householder QR: reduce A to upper triangular R, applying the reflections to b.
    for k in 0..cols {
        let col = &mut a[k * m..(k + 1) * m];
        let norm = col[k..].iter().map(|v| v * v).sum::<f64>().sqrt();
        if norm == 0.0 {
            return Err(WeightedError::Singular);
        }
        let alpha = if col[k] > 0.0 { -norm } else { norm };
        let mut v: Vec<f64> = col[k..].to_vec();
        v[0] -= alpha;
        let vnorm2: f64 = v.iter().map(|x| x * x).sum();
        if vnorm2 == 0.0 {
            continue;
        }
        for j in k..cols {
            let c = &mut a[j * m + k..(j + 1) * m];
            let s: f64 = v.iter().zip(c.iter()).map(|(x, y)| x * y).sum::<f64>() * 2.0 / vnorm2;
            c.iter_mut().zip(&v).for_each(|(y, x)| *y -= s * x);
        }
        let s: f64 = v.iter().zip(&b[k..]).map(|(x, y)| x * y).sum::<f64>() * 2.0 / vnorm2;
        b[k..].iter_mut().zip(&v).for_each(|(y, x)| *y -= s * x);
    }
    // Back substitution R c = Q^T b.
    let rmax = (0..cols).map(|k| a[k * m + k].abs()).fold(0.0, f64::max);
    for k in (0..cols).rev() {
        let diag = a[k * m + k];
        if diag.abs() <= rmax * 1e-13 {
            return Err(WeightedError::Singular);
        }
        let mut s = b[k];
        for j in k + 1..cols {
            s -= a[j * m + k] * poly.coeffs[j];
        }
        poly.coeffs[k] = s / diag;
    }
    Ok(poly)
}

/// Composite Simpson integral of `f` over `[a, b]` with `intervals` (rounded up to even, at least 2).
pub fn simpson(f: impl Fn(f64) -> f64, a: f64, b: f64, intervals: usize) -> f64 {
    let n = intervals.max(2).next_multiple_of(2);
    let h = (b - a) / n as f64;
    let mut s = f(a) + f(b);
    for i in 1..n {
        let w = if i % 2 == 1 { 4.0 } else { 2.0 };
        s += w * f(a + i as f64 * h);
    }
    s * h / 3.0
}

/// A cut of `rows` rows into pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct Partition {
    /// First row of each piece; `starts[0] == 0`, strictly increasing.
    pub starts: Vec<usize>,
    /// Total number of rows.
    pub rows: usize,
    /// Continuous cut positions (in rows) before rounding to row boundaries;
    /// one per interior cut. For cuts made on whole rows these equal `starts[1..]`.
    pub positions: Vec<f64>,
}

impl Partition {
    /// Pieces as `[start, end)` row ranges.
    pub fn ranges(&self) -> Vec<(usize, usize)> {
        self.starts
            .iter()
            .enumerate()
            .map(|(k, &s)| (s, self.starts.get(k + 1).copied().unwrap_or(self.rows)))
            .collect()
    }
}

fn check_pieces(rows: usize, pieces: usize) -> Result<(), WeightedError> {
    if rows == 0 {
        return Err(WeightedError::Empty);
    }
    if pieces == 0 || pieces > rows {
        return Err(WeightedError::BadPieces { pieces, rows });
    }
    Ok(())
}

/// The baseline: `pieces` pieces of (nearly) equal row counts.
pub fn equal_rows(rows: usize, pieces: usize) -> Result<Partition, WeightedError> {
    check_pieces(rows, pieces)?;
    let starts: Vec<usize> = (0..pieces).map(|k| k * rows / pieces).collect();
    let positions = starts[1..].iter().map(|&s| s as f64).collect();
    Ok(Partition {
        starts,
        rows,
        positions,
    })
}

/// Row boundaries from cumulative work `cum` (len rows + 1, cum[0] = 0) nearest
/// the targets k·W/K, keeping at least one row per piece.
fn cuts_from_cumulative(cum: &[f64], pieces: usize) -> Vec<usize> {
    let rows = cum.len() - 1;
    let total = cum[rows];
    let mut starts = vec![0];
    for k in 1..pieces {
        let target = total * k as f64 / pieces as f64;
        let lo = starts[k - 1] + 1;
        let hi = rows - (pieces - k);
        // First boundary with cum >= target, then the nearer of it and the one before.
        let mut j = lo + cum[lo..=hi].partition_point(|&c| c < target);
        j = j.min(hi);
        if j > lo && (target - cum[j - 1]).abs() <= (cum[j] - target).abs() {
            j -= 1;
        }
        starts.push(j);
    }
    starts
}

/// Equal-work cuts of the raw profile by prefix sums (no fit).
pub fn prefix_sum_cuts(profile: &[f64], pieces: usize) -> Result<Partition, WeightedError> {
    check_values(profile)?;
    check_pieces(profile.len(), pieces)?;
    let mut cum = Vec::with_capacity(profile.len() + 1);
    cum.push(0.0);
    for &c in profile {
        cum.push(cum.last().copied().unwrap_or(0.0) + c);
    }
    if cum[profile.len()] <= 0.0 {
        return Err(WeightedError::NoWork);
    }
    let starts = cuts_from_cumulative(&cum, pieces);
    let positions = starts[1..].iter().map(|&s| s as f64).collect();
    Ok(Partition {
        starts,
        rows: profile.len(),
        positions,
    })
}

/// A fitted cut with its model.
#[derive(Debug, Clone, PartialEq)]
pub struct FittedPartition {
    /// The cut (rounded to rows) and the continuous positions.
    pub partition: Partition,
    /// The fitted cost density (per row, as a function of the row coordinate).
    pub poly: Polynomial,
    /// Work per piece predicted by the fit (Simpson integral of the clamped fit).
    pub predicted_loads: Vec<f64>,
}

/// Fits a polynomial of `degree` to the per-row profile, integrates the fit
/// (clamped at zero) with Simpson's rule, and cuts into `pieces` of equal work.
pub fn fitted_cuts(
    profile: &[f64],
    pieces: usize,
    degree: usize,
) -> Result<FittedPartition, WeightedError> {
    check_values(profile)?;
    let rows = profile.len();
    check_pieces(rows, pieces)?;
    let xs: Vec<f64> = (0..rows).map(|i| i as f64 + 0.5).collect();
    // The fit is a polynomial in x, so evaluating it on [0, rows] (half a row
    // beyond the sample centres at each end) is the same curve.
    let poly = fit_polynomial(&xs, profile, degree.min(rows - 1))?;
    let density = |x: f64| poly.eval(x).max(0.0);
    // Cumulative work at row boundaries: Simpson on each row (exact for cubics).
    let mut cum = Vec::with_capacity(rows + 1);
    cum.push(0.0);
    for i in 0..rows {
        let w = simpson(density, i as f64, i as f64 + 1.0, 2);
        cum.push(cum[i] + w);
    }
    let total = cum[rows];
    if total.is_nan() || total <= 0.0 {
        return Err(WeightedError::NoWork);
    }
    let starts = cuts_from_cumulative(&cum, pieces);
    // Continuous positions: the row holding the target, then bisection inside it.
    let positions = (1..pieces)
        .map(|k| {
            let target = total * k as f64 / pieces as f64;
            let j = cum.partition_point(|&c| c < target).clamp(1, rows) - 1;
            let (mut a, mut b) = (j as f64, j as f64 + 1.0);
            for _ in 0..50 {
                let mid = 0.5 * (a + b);
                let w = cum[j] + simpson(density, j as f64, mid, 2);
                if w < target { a = mid } else { b = mid }
            }
            0.5 * (a + b)
        })
        .collect();
    let partition = Partition {
        starts,
        rows,
        positions,
    };
    let predicted_loads = partition
        .ranges()
        .iter()
        .map(|&(s, e)| cum[e] - cum[s])
        .collect();
    Ok(FittedPartition {
        partition,
        poly,
        predicted_loads,
    })
}

/// Work of each piece of `partition` on the raw `profile`.
pub fn piece_loads(profile: &[f64], partition: &Partition) -> Vec<f64> {
    partition
        .ranges()
        .iter()
        .map(|&(s, e)| {
            profile[s.min(profile.len())..e.min(profile.len())]
                .iter()
                .sum()
        })
        .collect()
}

/// max/avg of the loads (1 = perfect balance; 0 for no work).
pub fn imbalance(loads: &[f64]) -> f64 {
    let total: f64 = loads.iter().sum();
    if loads.is_empty() || total <= 0.0 {
        return 0.0;
    }
    let max = loads.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    max * loads.len() as f64 / total
}

/// Mean value over `[min x, max x]` of the polynomial fitted to a time series
/// (e.g. one region's measured cost over a run), by Simpson's rule.
pub fn fitted_mean(xs: &[f64], ys: &[f64], degree: usize) -> Result<f64, WeightedError> {
    let poly = fit_polynomial(xs, ys, degree)?;
    if poly.hi <= poly.lo {
        return Ok(poly.eval(poly.lo));
    }
    let (lo, hi) = (poly.lo, poly.hi);
    Ok(simpson(|x| poly.eval(x), lo, hi, 512) / (hi - lo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_reproduces_a_polynomial() {
        let xs: Vec<f64> = (0..50).map(|i| i as f64 * 0.3 - 2.0).collect();
        let f = |x: f64| 1.0 - 2.0 * x + 0.5 * x.powi(3) + 0.01 * x.powi(5);
        let ys: Vec<f64> = xs.iter().map(|&x| f(x)).collect();
        let p = fit_polynomial(&xs, &ys, 5).unwrap();
        for &x in &[-2.0, 0.1, 3.3, 12.7] {
            assert!((p.eval(x) - f(x)).abs() < 1e-8 * f(x).abs().max(1.0), "{x}");
        }
    }

    #[test]
    fn fit_is_least_squares_for_a_line() {
        let xs = [0.0, 1.0, 2.0, 3.0];
        let ys = [1.0, 3.0, 2.0, 5.0];
        let p = fit_polynomial(&xs, &ys, 1).unwrap();
        // Normal equations: slope 1.1, intercept 1.1.
        assert!((p.eval(0.0) - 1.1).abs() < 1e-12);
        assert!((p.eval(1.0) - 2.2).abs() < 1e-12);
    }

    #[test]
    fn fit_rejects_bad_degree_and_positions() {
        assert!(matches!(
            fit_polynomial(&[1.0, 2.0], &[1.0, 2.0], 2),
            Err(WeightedError::BadDegree { .. })
        ));
        assert_eq!(
            fit_polynomial(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0], 1),
            Err(WeightedError::Singular)
        );
    }

    #[test]
    fn simpson_is_exact_for_cubics() {
        let v = simpson(|x| x * x * x - x + 2.0, -1.0, 3.0, 2);
        assert!((v - (20.0 - 4.0 + 8.0)).abs() < 1e-12, "{v}");
        let e = simpson(f64::exp, 0.0, 1.0, 64);
        assert!((e - (1f64.exp() - 1.0)).abs() < 1e-9);
    }

    #[test]
    fn fitted_cuts_hit_exact_equal_work_positions() {
        // Density 1 + 3 (x/n)^2 on [0, n]: W(x) = x + x^3/n^2, W(n) = 2n.
        let n = 1000usize;
        let nf = n as f64;
        let profile: Vec<f64> = (0..n)
            .map(|i| {
                let (a, b) = (i as f64, i as f64 + 1.0);
                (b + b * b * b / (nf * nf)) - (a + a * a * a / (nf * nf))
            })
            .collect();
        for pieces in [2, 4, 7] {
            let fit = fitted_cuts(&profile, pieces, 5).unwrap();
            for (k, &pos) in fit.partition.positions.iter().enumerate() {
                let target = 2.0 * nf * (k + 1) as f64 / pieces as f64;
                // Solve x + x^3/n^2 = target by bisection.
                let (mut a, mut b) = (0.0, nf);
                for _ in 0..100 {
                    let m = 0.5 * (a + b);
                    if m + m * m * m / (nf * nf) < target {
                        a = m
                    } else {
                        b = m
                    }
                }
                assert!(
                    (pos - a).abs() < 0.01 * nf / pieces as f64,
                    "pieces {pieces} cut {k}: {pos} vs {a}"
                );
            }
            assert!(imbalance(&piece_loads(&profile, &fit.partition)) < 1.01);
        }
    }

    #[test]
    fn prefix_sum_balances_a_hotspot_better_than_equal_rows() {
        let mut profile = vec![1.0; 200];
        profile[150..170].iter_mut().for_each(|c| *c = 20.0);
        let base = imbalance(&piece_loads(&profile, &equal_rows(200, 5).unwrap()));
        let cut = prefix_sum_cuts(&profile, 5).unwrap();
        let bal = imbalance(&piece_loads(&profile, &cut));
        assert!(bal < base, "{bal} vs {base}");
        assert!(bal < 1.1, "{bal}");
        assert_eq!(cut.starts[0], 0);
        assert!(cut.starts.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn every_piece_keeps_a_row() {
        let mut profile = vec![0.0; 10];
        profile[9] = 100.0;
        for p in [
            prefix_sum_cuts(&profile, 10).unwrap(),
            fitted_cuts(&profile, 10, 3).unwrap().partition,
        ] {
            assert_eq!(p.starts, (0..10).collect::<Vec<_>>());
        }
    }

    #[test]
    fn bad_inputs_are_errors() {
        assert_eq!(prefix_sum_cuts(&[], 2), Err(WeightedError::Empty));
        assert!(matches!(
            prefix_sum_cuts(&[1.0, -1.0], 1),
            Err(WeightedError::BadValue { index: 1, .. })
        ));
        assert!(matches!(
            prefix_sum_cuts(&[1.0, 1.0], 3),
            Err(WeightedError::BadPieces { .. })
        ));
        assert_eq!(prefix_sum_cuts(&[0.0, 0.0], 1), Err(WeightedError::NoWork));
        assert!(matches!(
            equal_rows(3, 0),
            Err(WeightedError::BadPieces { .. })
        ));
        assert!(matches!(
            fitted_cuts(&[1.0, f64::NAN], 1, 1),
            Err(WeightedError::BadValue { .. })
        ));
    }

    #[test]
    fn fitted_mean_of_a_ramp() {
        let xs: Vec<f64> = (0..=10).map(f64::from).collect();
        let ys: Vec<f64> = xs.iter().map(|x| 2.0 * x + 1.0).collect();
        assert!((fitted_mean(&xs, &ys, 1).unwrap() - 11.0).abs() < 1e-9);
    }
}
