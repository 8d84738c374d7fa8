//! A minimal hand-written SVG line chart for the studies' plots.

use std::fmt::Write;

/// One line of a chart.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Points in data coordinates.
    pub points: Vec<(f64, f64)>,
}

/// A line chart with optional log-scale x axis and a shaded x band.
#[derive(Clone, Debug, Default)]
pub struct LineChart {
    /// Title above the plot.
    pub title: String,
    /// X axis label.
    pub x_label: String,
    /// Y axis label.
    pub y_label: String,
    /// Log10 x axis.
    pub log_x: bool,
    /// Lines to draw.
    pub series: Vec<Series>,
    /// An x interval to shade (e.g. when a core was monopolized), with a label.
    pub band: Option<(f64, f64, String)>,
    /// Y range override; default is 0 to the maximum.
    pub y_range: Option<(f64, f64)>,
}

const COLORS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
];
const W: f64 = 720.0;
const H: f64 = 440.0;
const L: f64 = 70.0;
const R: f64 = 170.0;
const T: f64 = 40.0;
const B: f64 = 55.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl LineChart {
    /// Renders the chart as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let tx = |x: f64| if self.log_x { x.max(1e-300).log10() } else { x };
        let pts = || {
            self.series
                .iter()
                .flat_map(|s| s.points.iter())
                .filter(|p| p.0.is_finite() && p.1.is_finite())
        };
        let (mut x0, mut x1) = pts().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
            (a.min(tx(p.0)), b.max(tx(p.0)))
        });
        if !x0.is_finite() {
            (x0, x1) = (0.0, 1.0);
        }
        if x1 <= x0 {
            x1 = x0 + 1.0;
        }
        let (y0, mut y1) = self
            .y_range
            .unwrap_or_else(|| (0.0, pts().fold(0.0f64, |m, p| m.max(p.1))));
        if y1 <= y0 {
            y1 = y0 + 1.0;
        }
        let (pw, ph) = (W - L - R, H - T - B);
        let sx = |x: f64| L + (tx(x) - x0) / (x1 - x0) * pw;
        let sy = |y: f64| T + ph - (y.clamp(y0, y1) - y0) / (y1 - y0) * ph;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{}</text>"#,
            L + pw / 2.0,
            esc(&self.title)
        );
        if let Some((a, b, label)) = &self.band {
            let (xa, xb) = (sx(*a), sx(*b));
            let _ = writeln!(
                s,
                r##"<rect x="{xa:.1}" y="{T}" width="{:.1}" height="{ph}" fill="#f3d9d9"/>"##,
                (xb - xa).max(0.0)
            );
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{}" text-anchor="middle" fill="brown">{}</text>"#,
                (xa + xb) / 2.0,
                T + 14.0,
                esc(label)
            );
        }
        let _ = writeln!(
            s,
            r#"<rect x="{L}" y="{T}" width="{pw}" height="{ph}" fill="none" stroke="black"/>"#
        );
        for i in 0..=5 {
            let f = i as f64 / 5.0;
            let yv = y0 + f * (y1 - y0);
            let y = sy(yv);
            let _ = writeln!(
                s,
                r##"<line x1="{L}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#ddd"/>"##,
                L + pw
            );
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
                L - 6.0,
                y + 4.0,
                fmt_num(yv)
            );
            let xv = x0 + f * (x1 - x0);
            let x = L + f * pw;
            let shown = if self.log_x { 10f64.powf(xv) } else { xv };
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{}" text-anchor="middle">{}</text>"#,
                T + ph + 18.0,
                fmt_num(shown)
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            L + pw / 2.0,
            H - 12.0,
            esc(&self.x_label)
        );
        let _ = writeln!(
            s,
            r#"<text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">{}</text>"#,
            T + ph / 2.0,
            T + ph / 2.0,
            esc(&self.y_label)
        );
        for (k, ser) in self.series.iter().enumerate() {
            let c = COLORS[k % COLORS.len()];
            let path: Vec<String> = ser
                .points
                .iter()
                .filter(|p| p.0.is_finite() && p.1.is_finite())
                .map(|p| format!("{:.1},{:.1}", sx(p.0), sy(p.1)))
                .collect();
            let _ = writeln!(
                s,
                r#"<polyline fill="none" stroke="{c}" stroke-width="1.8" points="{}"/>"#,
                path.join(" ")
            );
            if ser.points.len() <= 40 {
                for p in &path {
                    let (x, y) = p.split_once(',').unwrap_or(("0", "0"));
                    let _ = writeln!(s, r#"<circle cx="{x}" cy="{y}" r="2.5" fill="{c}"/>"#);
                }
            }
            let ly = T + 10.0 + 18.0 * k as f64;
            let _ = writeln!(
                s,
                r#"<line x1="{}" y1="{ly}" x2="{}" y2="{ly}" stroke="{c}" stroke-width="3"/>"#,
                W - R + 10.0,
                W - R + 30.0
            );
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}">{}</text>"#,
                W - R + 36.0,
                ly + 4.0,
                esc(&ser.name)
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

fn fmt_num(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e5).contains(&a) {
        format!("{v:.1e}")
    } else if a >= 100.0 {
        format!("{v:.0}")
    } else if a >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_has_lines_legend_and_escapes() {
        let c = LineChart {
            title: "a < b".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            log_x: true,
            series: vec![Series {
                name: "one".into(),
                points: vec![(1.0, 1.0), (100.0, 2.0)],
            }],
            band: Some((2.0, 10.0, "busy".into())),
            y_range: None,
        };
        let s = c.to_svg();
        assert!(s.starts_with("<svg"));
        assert!(s.contains("a &lt; b"));
        assert!(s.contains("<polyline"));
        assert!(s.contains(">one<"));
        assert!(s.trim_end().ends_with("</svg>"));
    }
}
