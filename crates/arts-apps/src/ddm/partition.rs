//! `arts ddm partition`: a measured cost profile (the `cost_rows_*.csv` a
//! sweep writes) cut into equal-work pieces three ways: equal rows, prefix
//! sums and the polynomial fit with Simpson integration.

use std::fmt::Write as _;
use std::path::Path;

use arts_ddm::csv;
use arts_lb::weighted::{self, Partition};
use serde::Serialize;

/// One cut of the profile: where the pieces start and the work in each.
#[derive(Serialize)]
pub struct CutOut {
    /// First row of each piece.
    starts: Vec<usize>,
    loads: Vec<f64>,
    /// Largest piece over the average.
    max_over_avg: f64,
}

impl CutOut {
    fn new(profile: &[f64], p: &Partition) -> CutOut {
        let loads = weighted::piece_loads(profile, p);
        CutOut {
            starts: p.starts.clone(),
            max_over_avg: weighted::imbalance(&loads),
            loads,
        }
    }
}

/// The fitted cut, with what the fit predicts.
#[derive(Serialize)]
pub struct FittedOut {
    /// First row of each piece.
    starts: Vec<usize>,
    positions: Vec<f64>,
    loads: Vec<f64>,
    /// Largest measured piece over the average.
    max_over_avg: f64,
    predicted_loads: Vec<f64>,
    /// Largest predicted piece over the average.
    predicted_max_over_avg: f64,
    coefficients: Vec<f64>,
}

/// The report of `arts ddm partition` (JSON keys and their order are a contract).
#[derive(Serialize)]
pub struct PartitionOut {
    profile: String,
    /// The cost column read.
    column: String,
    /// Rows of the profile.
    rows: usize,
    /// Pieces asked for.
    pieces: usize,
    /// Degree of the fit.
    degree: usize,
    total_work: f64,
    /// Pieces of equal row counts.
    equal_rows: CutOut,
    /// Pieces cut by prefix sums of the measured cost.
    prefix_sum: CutOut,
    /// Pieces cut by the fitted cost.
    fitted: FittedOut,
}

impl PartitionOut {
    /// The text report.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} rows ({}), {} pieces, fit degree {}",
            self.rows, self.column, self.pieces, self.degree
        );
        let _ = writeln!(
            s,
            "{:<12} {:>12} {:>14}  starts",
            "cut", "max/avg", "predicted"
        );
        let line = |s: &mut String, name: &str, c: &[usize], m: f64, p: Option<f64>| {
            let _ = writeln!(
                s,
                "{name:<12} {m:>12.4} {:>14}  {c:?}",
                p.map_or("-".to_string(), |p| format!("{p:.4}"))
            );
        };
        line(
            &mut s,
            "equal-rows",
            &self.equal_rows.starts,
            self.equal_rows.max_over_avg,
            None,
        );
        line(
            &mut s,
            "prefix-sum",
            &self.prefix_sum.starts,
            self.prefix_sum.max_over_avg,
            None,
        );
        line(
            &mut s,
            "fitted",
            &self.fitted.starts,
            self.fitted.max_over_avg,
            Some(self.fitted.predicted_max_over_avg),
        );
        s
    }
}

/// The largest cost profile read.
const MAX_PROFILE_BYTES: u64 = 256 << 20;

/// Reads the cost column of a profile file; errors name the file and line.
fn read_profile(path: &Path, column: Option<&str>) -> Result<(Vec<f64>, String), String> {
    let text =
        arts_util::input_file::read_text(path, MAX_PROFILE_BYTES).map_err(|e| e.to_string())?;
    csv::read_cost_profile(&text, column).map_err(|e| {
        let message = e.message.replace("a column name", "--column");
        match e.line {
            Some(n) => format!("{} line {n}: {message}", path.display()),
            None => format!("{}: {message}", path.display()),
        }
    })
}

/// Cuts the profile in `path` (its `column`, default `cost` or the only
/// one) into `pieces` with a fit of `degree`; an error is bad input, one
/// line naming it.
pub fn partition(
    path: &Path,
    column: Option<&str>,
    pieces: usize,
    degree: usize,
) -> Result<PartitionOut, String> {
    let (profile, column) = read_profile(path, column)?;
    let rows = profile.len();
    if pieces == 0 || pieces > rows {
        return Err(format!(
            "--pieces {pieces} must be between 1 and the {rows} rows of the profile"
        ));
    }
    if degree > 20 || degree >= rows {
        return Err(format!(
            "--degree {degree} must be at most 20 and below the {rows} rows of the profile"
        ));
    }
    let eq = weighted::equal_rows(rows, pieces).map_err(|e| e.to_string())?;
    let ps = weighted::prefix_sum_cuts(&profile, pieces).map_err(|e| e.to_string())?;
    let fit = weighted::fitted_cuts(&profile, pieces, degree).map_err(|e| e.to_string())?;
    let fitted_loads = weighted::piece_loads(&profile, &fit.partition);
    Ok(PartitionOut {
        profile: path.display().to_string(),
        column,
        rows,
        pieces,
        degree,
        total_work: profile.iter().sum(),
        equal_rows: CutOut::new(&profile, &eq),
        prefix_sum: CutOut::new(&profile, &ps),
        fitted: FittedOut {
            starts: fit.partition.starts.clone(),
            positions: fit.partition.positions.clone(),
            max_over_avg: weighted::imbalance(&fitted_loads),
            loads: fitted_loads,
            predicted_max_over_avg: weighted::imbalance(&fit.predicted_loads),
            predicted_loads: fit.predicted_loads.clone(),
            coefficients: fit.poly.coeffs.clone(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(text: &str) -> tempfile::NamedTempFile {
        let f = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(f.path(), text).unwrap();
        f
    }

    #[test]
    fn a_rising_profile_is_cut_shorter_where_it_costs_more() {
        let text: String = (0..40).map(|i| format!("{}\n", 1 + i)).collect();
        let f = profile(&text);
        let p = partition(f.path(), None, 4, 3).unwrap();
        assert_eq!((p.rows, p.pieces), (40, 4));
        assert_eq!(p.equal_rows.starts, [0, 10, 20, 30]);
        assert!(p.prefix_sum.starts[1] > 10 && p.prefix_sum.starts[3] > 30);
        assert!(p.prefix_sum.max_over_avg < p.equal_rows.max_over_avg);
    }

    #[test]
    fn bad_pieces_and_degrees_name_the_flag_and_the_rows() {
        let f = profile("1\n2\n3\n");
        let err = |pieces, degree| partition(f.path(), None, pieces, degree).err().unwrap();
        assert_eq!(
            err(0, 1),
            "--pieces 0 must be between 1 and the 3 rows of the profile"
        );
        assert_eq!(
            err(2, 3),
            "--degree 3 must be at most 20 and below the 3 rows of the profile"
        );
        let missing = Path::new("/nonexistent/profile.csv");
        assert!(
            partition(missing, None, 1, 1)
                .err()
                .unwrap()
                .starts_with("/nonexistent/profile.csv: cannot read it")
        );
    }
}
