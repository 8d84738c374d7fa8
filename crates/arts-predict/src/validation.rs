//! Predicted against measured: the rows `scripts/predict-validation.sh`
//! writes (`app,target,measured_s,predicted_s,...`, `docs/predict.md`) and
//! their chart, predicted time over measured time with the ±10% band.

use arts_util::chart::{Chart, Series};

/// One configuration predicted and measured.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Validated {
    /// The app (`jacobi2d`, ...).
    pub app: String,
    /// The target machine, `PROCESSESxPES` (`1x2`: 2 PEs in one process).
    pub target: String,
    /// Measured time, seconds.
    pub measured_s: f64,
    /// Predicted time, seconds.
    pub predicted_s: f64,
}

impl Validated {
    /// Prediction error, `predicted / measured − 1`.
    pub fn error(&self) -> f64 {
        self.predicted_s / self.measured_s - 1.0
    }
}

/// A row with its prediction error, as reported.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ValidationRow {
    /// The row.
    #[serde(flatten)]
    pub row: Validated,
    /// Its error, `predicted / measured − 1`.
    pub error: f64,
}

/// Every row with its error, and how many are within 10%.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ValidationReport {
    /// The rows.
    pub rows: Vec<ValidationRow>,
    /// Rows whose error is at most 10%.
    pub within_10_percent: usize,
    /// The chart written, if any.
    pub svg: Option<String>,
}

impl ValidationReport {
    /// The report of `rows`, charted to `svg` if given.
    pub fn new(rows: Vec<Validated>, svg: Option<String>) -> ValidationReport {
        let rows: Vec<ValidationRow> = rows
            .into_iter()
            .map(|row| ValidationRow {
                error: row.error(),
                row,
            })
            .collect();
        ValidationReport {
            within_10_percent: rows.iter().filter(|r| r.error.abs() <= 0.1).count(),
            rows,
            svg,
        }
    }
}

/// The columns a validation CSV must have (others are ignored).
const COLUMNS: [&str; 4] = ["app", "target", "measured_s", "predicted_s"];

/// Reads a validation CSV: a header naming at least `app`, `target`,
/// `measured_s` and `predicted_s` (in any order), then one row per
/// configuration. An error names the line and what was wrong.
pub fn parse(text: &str) -> Result<Vec<Validated>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (at, header) = lines
        .next()
        .ok_or("the file is empty; a header line is expected")?;
    let names: Vec<&str> = header.split(',').map(str::trim).collect();
    let column = |name: &str| {
        names.iter().position(|n| *n == name).ok_or_else(|| {
            format!(
                "line {}: no column '{name}' in the header; {} are needed",
                at + 1,
                COLUMNS.join(", ")
            )
        })
    };
    let [app, target, measured, predicted] = [
        column(COLUMNS[0])?,
        column(COLUMNS[1])?,
        column(COLUMNS[2])?,
        column(COLUMNS[3])?,
    ];
    let mut rows = Vec::new();
    for (i, line) in lines {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let field = |at: usize| {
            fields.get(at).copied().ok_or_else(|| {
                format!(
                    "line {}: {} fields, the header has {}",
                    i + 1,
                    fields.len(),
                    names.len()
                )
            })
        };
        let seconds = |at: usize| -> Result<f64, String> {
            let f = field(at)?;
            match f.parse::<f64>() {
                Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
                _ => Err(format!(
                    "line {}: '{f}' in column '{}' is not a time; seconds > 0 are accepted",
                    i + 1,
                    names[at]
                )),
            }
        };
        rows.push(Validated {
            app: field(app)?.to_string(),
            target: field(target)?.to_string(),
            measured_s: seconds(measured)?,
            predicted_s: seconds(predicted)?,
        });
    }
    if rows.is_empty() {
        return Err("no rows after the header".into());
    }
    Ok(rows)
}

/// Predicted time over measured time: one point per configuration (its
/// error in the legend), the exact line and the ±10% band around it.
pub fn chart(rows: &[Validated]) -> Chart {
    let times = rows.iter().flat_map(|r| [r.measured_s, r.predicted_s]);
    let lo = times.clone().fold(f64::INFINITY, f64::min) * 0.85;
    let hi = times.fold(0.0, f64::max) * 1.15;
    let line = |name: &str, k: f64| Series {
        name: name.into(),
        points: vec![(lo, lo * k), (hi, hi * k)],
    };
    let mut series = vec![
        line("predicted = measured", 1.0),
        line("+10%", 1.1),
        line("-10%", 0.9),
    ];
    series.extend(rows.iter().map(|r| Series {
        name: format!("{} {} ({:+.1}%)", r.app, r.target, r.error() * 100.0),
        points: vec![(r.measured_s, r.predicted_s)],
    }));
    Chart {
        title: "Predicted against measured run time".into(),
        x_label: "measured, s".into(),
        y_label: "predicted, s".into(),
        log_x: false,
        series,
        ..Chart::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "app,target,measured_s,predicted_s,error\n\
                       jacobi2d,1x2,1.0,0.9,-0.100\n\
                       zones,2x2,0.25,0.275,+0.100\n";

    #[test]
    fn reads_the_rows_and_their_errors() {
        let rows = parse(CSV).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].app.as_str(), rows[0].target.as_str()),
            ("jacobi2d", "1x2")
        );
        assert!((rows[0].error() + 0.1).abs() < 1e-12);
        assert!((rows[1].error() - 0.1).abs() < 1e-12);
    }

    #[test]
    fn columns_are_found_by_name() {
        let rows = parse("predicted_s,app,measured_s,target\n2,leanmd,4,1x2\n").unwrap();
        assert_eq!(rows[0].error(), -0.5);
    }

    #[test]
    fn bad_input_names_the_line() {
        for (text, expected) in [
            ("", "empty"),
            ("app,target,measured_s\n", "no column 'predicted_s'"),
            ("app,target,measured_s,predicted_s\n", "no rows"),
            (
                "app,target,measured_s,predicted_s\njacobi2d,1x2,0,1\n",
                "line 2: '0' in column 'measured_s'",
            ),
            (
                "app,target,measured_s,predicted_s\n\njacobi2d,1x2\n",
                "line 3: 2 fields",
            ),
            (
                "app,target,measured_s,predicted_s\njacobi2d,1x2,1,NaN\n",
                "column 'predicted_s'",
            ),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn the_chart_has_the_band_and_one_point_per_row() {
        let chart = chart(&parse(CSV).unwrap());
        let names: Vec<&str> = chart.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "predicted = measured",
                "+10%",
                "-10%",
                "jacobi2d 1x2 (-10.0%)",
                "zones 2x2 (+10.0%)"
            ]
        );
        let exact = &chart.series[0].points;
        assert!(exact[0].0 < 0.25 && exact[1].0 > 1.0);
        assert!(chart.svg().unwrap().contains("jacobi2d 1x2"));
    }
}
