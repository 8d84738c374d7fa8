//! Line charts of experiment results, as SVG files (plotters, no font
//! dependencies), and the CSV beside them.

use std::io;
use std::path::Path;

use plotters::prelude::*;

/// One named curve of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points `(x, y)`, drawn in this order.
    pub points: Vec<(f64, f64)>,
}

/// An x interval shaded behind the curves (e.g. while a core was
/// monopolized), labelled at its top.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    /// Where the interval starts, in data coordinates.
    pub from: f64,
    /// Where it ends.
    pub to: f64,
    /// The text drawn inside it.
    pub label: String,
}

/// A line chart: titled axes and one or more series with markers and a legend.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chart {
    /// The title above the plot.
    pub title: String,
    /// The label of the x axis.
    pub x_label: String,
    /// The label of the y axis.
    pub y_label: String,
    /// A logarithmic x axis (every x must then be > 0).
    pub log_x: bool,
    /// The curves.
    pub series: Vec<Series>,
    /// Reference curves (e.g. a paper's values), drawn dashed with hollow
    /// markers beside the measured ones.
    pub reference: Vec<Series>,
    /// An x interval to shade, if any.
    pub band: Option<Band>,
    /// The y range drawn; `None`: the points' range with a margin.
    pub y_range: Option<(f64, f64)>,
}

const WIDTH: u32 = 800;
const HEIGHT: u32 = 500;

fn invalid(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, msg)
}

/// The range of `values` with a margin; `0..1` when there are none.
fn padded(values: impl Iterator<Item = f64>) -> std::ops::Range<f64> {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo > hi {
        return 0.0..1.0;
    }
    let pad = if hi > lo { (hi - lo) * 0.05 } else { 0.5 };
    lo - pad..hi + pad
}

impl Chart {
    /// The x coordinate as drawn (log10 of x with `log_x`).
    fn x_of(&self, x: f64) -> f64 {
        if self.log_x { x.log10() } else { x }
    }

    /// Checks every point is finite (and x > 0 with `log_x`).
    fn check(&self) -> io::Result<()> {
        if let Some(b) = &self.band
            && (!b.from.is_finite() || !b.to.is_finite() || (self.log_x && b.from.min(b.to) <= 0.0))
        {
            return Err(invalid(format!(
                "the band '{}' spans ({}, {}); finite x{} accepted",
                b.label,
                b.from,
                b.to,
                if self.log_x { " > 0" } else { "" }
            )));
        }
        for s in self.series.iter().chain(&self.reference) {
            for &(x, y) in &s.points {
                if !x.is_finite() || !y.is_finite() || (self.log_x && x <= 0.0) {
                    return Err(invalid(format!(
                        "series '{}' has the point ({x}, {y}); finite values{} accepted",
                        s.name,
                        if self.log_x { " with x > 0" } else { "" }
                    )));
                }
            }
        }
        Ok(())
    }

    /// The chart as an SVG document.
    pub fn svg(&self) -> io::Result<String> {
        self.check()?;
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (WIDTH, HEIGHT)).into_drawing_area();
            self.draw(&root)
                .map_err(|e| io::Error::other(format!("cannot draw the chart: {e}")))?;
        }
        Ok(out)
    }

    /// Writes the chart to `path` as SVG.
    pub fn write_svg(&self, path: &Path) -> io::Result<()> {
        std::fs::write(path, self.svg()?)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let points = || {
            self.series
                .iter()
                .chain(&self.reference)
                .flat_map(|s| s.points.iter())
        };
        let xs = padded(points().map(|p| self.x_of(p.0)));
        let ys = match self.y_range {
            Some((lo, hi)) if hi > lo => lo..hi,
            _ => padded(points().map(|p| p.1)),
        };
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", 22))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(xs, ys.clone())?;
        let log_x = self.log_x;
        let x_text = move |v: &f64| {
            let x = if log_x { 10f64.powf(*v) } else { *v };
            format!("{}", (x * 1000.0).round() / 1000.0)
        };
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_label_formatter(&x_text)
            .draw()?;
        if let Some(band) = &self.band {
            let (from, to) = (self.x_of(band.from), self.x_of(band.to));
            let shade = RGBColor(0xf3, 0xd9, 0xd9);
            chart.draw_series(std::iter::once(Rectangle::new(
                [(from, ys.start), (to, ys.end)],
                shade.filled(),
            )))?;
            chart.draw_series(std::iter::once(Text::new(
                band.label.clone(),
                ((from + to) / 2.0, ys.end),
                ("sans-serif", 13)
                    .into_font()
                    .color(&RGBColor(0xa5, 0x2a, 0x2a)),
            )))?;
        }
        for (i, s) in self.series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            let line: Vec<(f64, f64)> = s.points.iter().map(|&(x, y)| (self.x_of(x), y)).collect();
            chart
                .draw_series(LineSeries::new(line.clone(), color.stroke_width(2)))?
                .label(&s.name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
            chart.draw_series(PointSeries::of_element(
                line,
                4,
                color.filled(),
                &|c, size, style| Circle::new(c, size, style),
            ))?;
        }
        for (i, s) in self.reference.iter().enumerate() {
            let color = Palette99::pick(self.series.len() + i).to_rgba();
            let line: Vec<(f64, f64)> = s.points.iter().map(|&(x, y)| (self.x_of(x), y)).collect();
            chart
                .draw_series(DashedLineSeries::new(
                    line.clone(),
                    6,
                    4,
                    color.stroke_width(2),
                ))?
                .label(&s.name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
            chart.draw_series(PointSeries::of_element(
                line,
                5,
                color.stroke_width(2),
                &|c, size, style| Circle::new(c, size, style),
            ))?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
        root.present()
    }
}

/// Writes a CSV file: `header` then one line per row (numbers as printed
/// by `{}`; fields containing a comma or quote are quoted).
pub fn write_csv(path: &Path, header: &[&str], rows: &[Vec<String>]) -> io::Result<()> {
    std::fs::write(path, csv_text(header, rows))
}

/// The text of a CSV file; see [`write_csv`].
pub fn csv_text<R: AsRef<[String]>>(header: &[&str], rows: impl IntoIterator<Item = R>) -> String {
    let field = |f: &str| {
        if f.contains([',', '"', '\n']) {
            format!("\"{}\"", f.replace('"', "\"\""))
        } else {
            f.to_string()
        }
    };
    let mut s = header
        .iter()
        .map(|h| field(h))
        .collect::<Vec<_>>()
        .join(",");
    s.push('\n');
    for row in rows {
        s += &row
            .as_ref()
            .iter()
            .map(|f| field(f))
            .collect::<Vec<_>>()
            .join(",");
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(log_x: bool) -> Chart {
        Chart {
            title: "time per step vs latency".into(),
            x_label: "latency (ms)".into(),
            y_label: "time per step (ms)".into(),
            log_x,
            series: vec![
                Series {
                    name: "greedy".into(),
                    points: vec![(0.1, 2.0), (1.0, 2.5), (10.0, 12.0)],
                },
                Series {
                    name: "grid-comm".into(),
                    points: vec![(0.1, 2.0), (1.0, 2.1), (10.0, 4.0)],
                },
            ],
            ..Chart::default()
        }
    }

    #[test]
    fn draws_a_labelled_band_and_keeps_a_given_y_range() {
        let mut c = chart(true);
        c.band = Some(Band {
            from: 0.5,
            to: 2.0,
            label: "busy core".into(),
        });
        c.y_range = Some((0.0, 20.0));
        let svg = c.svg().unwrap();
        assert!(svg.contains("busy core"));
        assert!(svg.contains("<rect"), "the band is drawn");
        c.band.as_mut().unwrap().from = 0.0;
        assert!(c.svg().is_err(), "a band at x = 0 on a log axis is refused");
    }

    #[test]
    fn writes_a_well_formed_svg_with_the_series_names() {
        let dir = tempfile::tempdir().unwrap();
        for log_x in [false, true] {
            let path = dir.path().join(format!("c{log_x}.svg"));
            chart(log_x).write_svg(&path).unwrap();
            let svg = std::fs::read_to_string(&path).unwrap();
            assert!(
                svg.starts_with("<svg") || svg.starts_with("<?xml"),
                "{}",
                &svg[..40]
            );
            assert!(svg.trim_end().ends_with("</svg>"));
            for name in [
                "greedy",
                "grid-comm",
                "latency (ms)",
                "time per step vs latency",
            ] {
                assert!(svg.contains(name), "{name} missing");
            }
            assert!(svg.matches("<circle").count() >= 6, "markers");
            assert!(svg.contains("<polyline"), "lines");
        }
    }

    #[test]
    fn refuses_bad_points_and_writes_csv() {
        let mut c = chart(true);
        c.series[0].points.push((0.0, 1.0));
        assert_eq!(c.svg().unwrap_err().kind(), io::ErrorKind::InvalidInput);
        c.log_x = false;
        c.series[0].points.push((1.0, f64::NAN));
        assert!(c.svg().is_err());
        let empty = Chart {
            series: vec![],
            ..chart(false)
        };
        assert!(empty.svg().unwrap().contains("</svg>"));
        let rows = vec![vec!["1".to_string(), "a,b".to_string()]];
        assert_eq!(csv_text(&["x", "name"], &rows), "x,name\n1,\"a,b\"\n");
    }
}
