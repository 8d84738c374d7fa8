//! The campaign's files: `rows.csv` (every row), one SVG per chart group
//! (each study's metric against PEs) and `summary.json` — at most 8 plain
//! files, so they come back from a lent machine as they are.

use arts_util::chart::{Chart, Series, csv_text};

use super::plan::Study;
use super::row::{Row, Status};

/// The CSV's header.
pub const HEADER: [&str; 19] = [
    "study",
    "variant",
    "pes",
    "processes",
    "size",
    "oversubscribed",
    "status",
    "valid",
    "validity_note",
    "metric",
    "better",
    "value",
    "efficiency",
    "baseline",
    "ratio",
    "seconds",
    "reason",
    "command",
    "host_cores",
];

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or(String::new(), T::to_string)
}

/// `rows.csv`.
pub fn csv(rows: &[Row], cores: u32) -> String {
    csv_text(
        &HEADER,
        rows.iter().map(|r| {
            vec![
                r.study.name().to_string(),
                r.variant.clone(),
                r.pes.to_string(),
                opt(&r.processes),
                r.size.name().to_string(),
                r.oversubscribed.to_string(),
                r.status.name().to_string(),
                opt(&r.valid),
                opt(&r.validity_note),
                r.metric.clone(),
                if r.higher_is_better {
                    "higher"
                } else {
                    "lower"
                }
                .to_string(),
                opt(&r.value),
                opt(&r.efficiency),
                opt(&r.baseline),
                opt(&r.ratio),
                format!("{:.3}", r.seconds),
                opt(&r.reason),
                r.command.clone(),
                cores.to_string(),
            ]
        }),
    )
}

/// What a chart group draws on y.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Y {
    Efficiency,
    Ratio,
}

/// The chart groups: file name, title, y label, what y is, studies.
const CHARTS: [(&str, &str, &str, Y, &[Study]); 6] = [
    (
        "efficiency.svg",
        "Parallel efficiency against PEs (jacobi2d, leanmd, heat3d)",
        "efficiency",
        Y::Efficiency,
        &[Study::Jacobi2d, Study::Leanmd, Study::Heat3d],
    ),
    (
        "balancers.svg",
        "zones and hotspot per balancer: ideal / measured mean step",
        "ideal / measured",
        Y::Ratio,
        &[Study::Balancers],
    ),
    (
        "pdes.svg",
        "PDES: events/s against the sequential engine",
        "speed-up over sequential",
        Y::Ratio,
        &[Study::Pdes],
    ),
    (
        "grid.svg",
        "Grid (2 clusters of P/2): prioritization vs Block, grid-hybrid vs greedy",
        "baseline step / variant step",
        Y::Ratio,
        &[Study::Grid],
    ),
    (
        "ddm-ampi.svg",
        "DDM distributed S=4P vs static MPI S=P; AMPI V=8P vs V=P, balancing vs none",
        "baseline time / variant time",
        Y::Ratio,
        &[Study::Ddm, Study::Ampi],
    ),
    (
        "mpi.svg",
        "Across processes: arts against static MPI and raw MPI",
        "MPI time / arts time",
        Y::Ratio,
        &[Study::Mpi],
    ),
];

/// The SVG charts that have at least one point: `(file name, svg)`.
pub fn charts(rows: &[Row]) -> std::io::Result<Vec<(&'static str, String)>> {
    let mut out = Vec::new();
    for (file, title, y_label, y, studies) in CHARTS {
        let mut series: Vec<Series> = Vec::new();
        for r in rows
            .iter()
            .filter(|r| studies.contains(&r.study) && r.status == Status::Ok)
        {
            let Some(v) = (match y {
                Y::Efficiency => r.efficiency,
                Y::Ratio => r.ratio,
            }) else {
                continue;
            };
            let name = if studies.len() > 1 {
                format!("{} {}", r.study.name(), r.variant)
            } else {
                r.variant.clone()
            };
            match series.iter_mut().find(|s| s.name == name) {
                Some(s) => s.points.push((r.pes as f64, v)),
                None => series.push(Series {
                    name,
                    points: vec![(r.pes as f64, v)],
                }),
            }
        }
        if series.is_empty() {
            continue;
        }
        for s in &mut series {
            s.points.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        let chart = Chart {
            title: title.to_string(),
            x_label: "PEs".into(),
            y_label: y_label.to_string(),
            log_x: true,
            series,
            ..Chart::default()
        };
        out.push((file, chart.svg()?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scaling::plan::{Efficiency, Measure, Ratio, Size, Validity};
    use crate::scaling::row::Made;

    fn row(study: Study, pes: u32, value: f64, ratio: Option<f64>) -> Row {
        let m = Measure {
            variant: "a,b".into(),
            metric: "x",
            higher_is_better: false,
            ratio: Ratio::None,
            efficiency: Efficiency::Key("e"),
            validity: Validity::Keys(&["valid"]),
        };
        let made = Made {
            study,
            pes,
            processes: None,
            size: Size::Tiny,
            oversubscribed: false,
            command: "arts --json run x".into(),
            seconds: 0.5,
        };
        let mut r = Row::read(
            &m,
            &made,
            &serde_json::json!({"x": value, "e": 0.9, "valid": true}),
        );
        r.ratio = ratio;
        r
    }

    #[test]
    fn the_csv_has_one_line_per_row_and_quotes_commas() {
        let rows = vec![
            row(Study::Heat3d, 1, 1.0, None),
            row(Study::Heat3d, 2, 0.6, None),
        ];
        let text = csv(&rows, 2);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("study,variant,pes"));
        assert!(lines[1].starts_with("heat3d,\"a,b\",1,,tiny,false,ok,true,"));
    }

    #[test]
    fn charts_are_drawn_only_for_groups_with_points() {
        let rows = vec![
            row(Study::Heat3d, 1, 1.0, None),
            row(Study::Heat3d, 2, 0.6, None),
            row(Study::Mpi, 2, 0.6, Some(0.8)),
            row(Study::Pdes, 2, 0.6, None),
        ];
        let files: Vec<&str> = charts(&rows).unwrap().iter().map(|c| c.0).collect();
        assert_eq!(files, ["efficiency.svg", "mpi.svg"]);
        assert!(charts(&rows).unwrap()[0].1.contains("<svg"));
    }
}
