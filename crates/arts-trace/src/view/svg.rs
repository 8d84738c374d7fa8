//! The views as standalone SVG charts, written by hand (rectangles, lines
//! and text only, so any browser or image viewer draws them without fonts
//! or scripts). The page inlines the same SVGs.

use std::fmt::Write;

use super::bins::Views;

/// Width of every chart, px.
const W: f64 = 960.0;
/// Left margin (PE labels), right margin, top margin, bottom margin (axis).
const L: f64 = 70.0;
const R: f64 = 20.0;
const T: f64 = 30.0;
const B: f64 = 40.0;

/// Colours of the entry-method groups (the last one is also "other").
pub(crate) const PALETTE: [&str; 12] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#2f4b7c", "#a0cbe8", "#7f7f7f",
];
/// Colour of idle time.
pub(crate) const IDLE: &str = "#e8e8e8";
/// Colour of overhead (neither an entry method nor idle).
pub(crate) const OVERHEAD: &str = "#c9b8a6";

/// The colour of category `c` of `n` groups (then idle, then overhead).
fn colour(c: usize, groups: usize) -> &'static str {
    if c == groups {
        IDLE
    } else if c == groups + 1 {
        OVERHEAD
    } else if c < PALETTE.len() {
        PALETTE[c]
    } else {
        PALETTE[PALETTE.len() - 1]
    }
}

/// XML-escapes `s`.
pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Busy fraction 0..1 to a white-to-dark-blue colour.
fn heat(f: f64) -> String {
    let f = f.clamp(0.0, 1.0);
    let lerp = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        lerp(247.0, 8.0),
        lerp(251.0, 48.0),
        lerp(255.0, 107.0)
    )
}

fn open(h: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{h}\" viewBox=\"0 0 {W} {h}\" \
         font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"{W}\" height=\"{h}\" fill=\"white\"/>\n\
         <text x=\"{L}\" y=\"18\" font-size=\"14\" font-weight=\"bold\">{}</text>\n",
        esc(title)
    )
}

/// A time axis under a plot spanning `[t0, t1]` s at `y`.
fn time_axis(out: &mut String, t0: f64, t1: f64, y: f64) {
    let _ = writeln!(
        out,
        "<line x1=\"{L}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#333\"/>",
        W - R
    );
    for i in 0..=5 {
        let t = t0 + (t1 - t0) * i as f64 / 5.0;
        let x = L + (W - L - R) * i as f64 / 5.0;
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{y}\" x2=\"{x:.1}\" y2=\"{}\" stroke=\"#333\"/>\
             <text x=\"{x:.1}\" y=\"{}\" text-anchor=\"{}\">{}</text>",
            y + 4.0,
            y + 16.0,
            if i == 5 { "end" } else { "middle" },
            fmt_s(t)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">time since the run started</text>",
        (L + W - R) / 2.0,
        y + 30.0
    );
}

/// Seconds in a readable unit.
pub(crate) fn fmt_s(t: f64) -> String {
    let a = t.abs();
    if a == 0.0 {
        "0".into()
    } else if a < 1e-3 {
        format!("{:.1} µs", t * 1e6)
    } else if a < 1.0 {
        format!("{:.2} ms", t * 1e3)
    } else {
        format!("{t:.3} s")
    }
}

/// Bytes in a readable unit.
fn fmt_bytes(b: f64) -> String {
    if b >= 1e9 {
        format!("{:.1} GB", b / 1e9)
    } else if b >= 1e6 {
        format!("{:.1} MB", b / 1e6)
    } else if b >= 1e3 {
        format!("{:.1} kB", b / 1e3)
    } else {
        format!("{b:.0} B")
    }
}

/// A legend of `names` with colours, from `(x, y)`, wrapping at the width.
fn legend(out: &mut String, items: &[(String, &str)], y: f64) -> f64 {
    let (mut x, mut y) = (L, y);
    for (name, c) in items {
        let w = 24.0 + 6.5 * name.chars().count().min(40) as f64;
        if x + w > W - R {
            x = L;
            y += 16.0;
        }
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"10\" fill=\"{c}\" stroke=\"#666\" stroke-width=\"0.5\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            y - 9.0,
            x + 16.0,
            y,
            esc(name)
        );
        x += w;
    }
    y + 16.0
}

fn categories(v: &Views) -> Vec<(String, &'static str)> {
    let n = v.groups.len();
    let mut items: Vec<(String, &str)> = v
        .groups
        .iter()
        .enumerate()
        .map(|(i, g)| (g.clone(), colour(i, n)))
        .collect();
    items.push(("idle".into(), IDLE));
    items.push(("overhead (untraced)".into(), OVERHEAD));
    items
}

fn row_height(pes: u32, max_h: f64) -> f64 {
    (max_h / pes as f64).clamp(0.5, 18.0)
}

fn pe_labels(out: &mut String, pes: u32, top: f64, rh: f64) {
    let every = ((12.0 / rh).ceil() as u32).max(1);
    for pe in (0..pes).step_by(every as usize) {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">PE {pe}</text>",
            L - 6.0,
            top + rh * (pe as f64 + 0.5) + 4.0
        );
    }
}

/// Overview: utilization per PE and time bin, with LB steps, migrations and
/// checkpoints marked under the time axis.
pub(crate) fn overview(v: &Views) -> String {
    let rh = row_height(v.pes, 400.0);
    let ph = rh * v.pes as f64;
    let marks_h = 36.0;
    let h = T + ph + marks_h + B + 40.0;
    let mut out = open(h, "Overview: utilization per PE over time");
    let pw = W - L - R;
    let cw = pw / v.bins as f64;
    for (pe, row) in v.util.iter().enumerate() {
        for (b, &f) in row.iter().enumerate() {
            let _ = write!(
                out,
                "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{}\"/>",
                L + b as f64 * cw,
                T + pe as f64 * rh,
                cw + 0.05,
                rh + 0.05,
                heat(f as f64)
            );
        }
        out.push('\n');
    }
    pe_labels(&mut out, v.pes, T, rh);
    let x_of = |t: f64| L + (t - v.t0_s) / (v.t1_s - v.t0_s) * pw;
    let my = T + ph + 4.0;
    for (start, dur, label) in &v.marks.lb {
        let (x0, x1) = (x_of(*start), x_of(start + dur).max(x_of(*start) + 1.5));
        let _ = writeln!(
            out,
            "<rect x=\"{x0:.1}\" y=\"{T}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#ff7f0e\" fill-opacity=\"0.35\">\
             <title>{}</title></rect><rect x=\"{x0:.1}\" y=\"{my:.1}\" width=\"{:.1}\" height=\"8\" fill=\"#ff7f0e\"/>",
            x1 - x0,
            ph,
            esc(label),
            x1 - x0
        );
    }
    for (at, from, to, obj) in &v.marks.migrations {
        let x = x_of(*at);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#d62728\" stroke-width=\"1\">\
             <title>{} PE {from} → PE {to}</title></line>",
            my + 10.0,
            my + 18.0,
            esc(obj)
        );
    }
    for (start, _dur, pe, label) in &v.marks.checkpoints {
        let x = x_of(*start);
        let _ = writeln!(
            out,
            "<path d=\"M{x:.1},{:.1} l-4,7 h8 z\" fill=\"#2ca02c\"><title>{} (PE {pe})</title></path>",
            my + 20.0,
            esc(label)
        );
    }
    let axis_y = T + ph + marks_h;
    time_axis(&mut out, v.t0_s, v.t1_s, axis_y);
    let ly = axis_y + B + 6.0;
    let grads: Vec<(String, String)> = [0.0, 0.25, 0.5, 0.75, 1.0]
        .iter()
        .map(|&f| (format!("{:.0}% busy", f * 100.0), heat(f)))
        .collect();
    let mut items: Vec<(String, &str)> =
        grads.iter().map(|(n, c)| (n.clone(), c.as_str())).collect();
    items.push((format!("LB step ({})", v.marks.lb.len()), "#ff7f0e"));
    items.push((
        format!("migration ({})", v.marks.migrations_total),
        "#d62728",
    ));
    items.push((
        format!("checkpoint ({})", v.marks.checkpoints.len()),
        "#2ca02c",
    ));
    legend(&mut out, &items, ly);
    finish(out)
}

/// Closes an SVG (its height was fixed by `open`; callers size it to hold
/// their content).
fn finish(mut out: String) -> String {
    out.push_str("</svg>\n");
    out
}

/// Time profile of all PEs: busy time by category stacked per time bin.
pub(crate) fn time_profile(v: &Views) -> String {
    let ph = 300.0;
    let items = categories(v);
    let h = T + ph + B + 30.0 + 16.0 * (1.0 + items.len() as f64 / 6.0).ceil();
    let mut out = open(h, "Time profile: all PEs");
    let pw = W - L - R;
    let cw = pw / v.bins as f64;
    let scale = ph / v.pes as f64;
    for b in 0..v.bins {
        let mut y = T + ph;
        for (c, row) in v.profile_all.iter().enumerate() {
            let hgt = row[b] as f64 * scale;
            if hgt <= 0.0 {
                continue;
            }
            y -= hgt;
            let _ = write!(
                out,
                "<rect x=\"{:.2}\" y=\"{y:.2}\" width=\"{:.2}\" height=\"{hgt:.2}\" fill=\"{}\"/>",
                L + b as f64 * cw,
                cw + 0.05,
                colour(c, v.groups.len())
            );
        }
        out.push('\n');
    }
    for i in 0..=4 {
        let y = T + ph - ph * i as f64 / 4.0;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{:.0}%</text>",
            L - 6.0,
            y + 4.0,
            25.0 * i as f64
        );
    }
    time_axis(&mut out, v.t0_s, v.t1_s, T + ph);
    legend(&mut out, &items, T + ph + B + 10.0);
    finish(out)
}

/// Usage profile: per PE, the share of each category over the whole trace.
pub(crate) fn usage(v: &Views) -> String {
    let rh = row_height(v.pes, 400.0);
    let ph = rh * v.pes as f64;
    let items = categories(v);
    let h = T + ph + B + 30.0 + 16.0 * (1.0 + items.len() as f64 / 6.0).ceil();
    let mut out = open(
        h,
        "Usage profile: share of each entry method, idle and overhead per PE",
    );
    let pw = W - L - R;
    for (pe, cats) in v.usage.iter().enumerate() {
        let total: f64 = cats.iter().sum::<f64>().max(f64::MIN_POSITIVE);
        let mut x = L;
        for (c, &sec) in cats.iter().enumerate() {
            let w = sec / total * pw;
            if w <= 0.0 {
                continue;
            }
            let _ = write!(
                out,
                "<rect x=\"{x:.2}\" y=\"{:.2}\" width=\"{w:.2}\" height=\"{:.2}\" fill=\"{}\"><title>PE {pe}: {} {:.1}%</title></rect>",
                T + pe as f64 * rh,
                (rh - 1.0).max(0.5),
                colour(c, v.groups.len()),
                esc(&items[c].0),
                sec / total * 100.0
            );
            x += w;
        }
        out.push('\n');
    }
    pe_labels(&mut out, v.pes, T, rh);
    let y0 = T + ph;
    for i in 0..=4 {
        let x = L + pw * i as f64 / 4.0;
        let _ = writeln!(
            out,
            "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}%</text>",
            y0 + 16.0,
            25 * i
        );
    }
    legend(&mut out, &items, y0 + B);
    finish(out)
}

/// Histograms of entry-method durations (log bins), one panel per method.
pub(crate) fn histograms(v: &Views) -> String {
    let cols = 3usize;
    let n = v.groups.len();
    let rows = n.div_ceil(cols).max(1);
    let (pw, ph) = ((W - 20.0) / cols as f64, 150.0);
    let h = T + rows as f64 * (ph + 50.0);
    let mut out = open(h, "Histograms: entry-method durations (log bins)");
    let edges = &v.hist.edges_ns;
    for (g, counts) in v.hist.counts.iter().enumerate() {
        let (cx, cy) = (
            10.0 + (g % cols) as f64 * pw,
            T + 10.0 + (g / cols) as f64 * (ph + 50.0),
        );
        // Show the bins from the first to the last non-empty one.
        let first = counts.iter().position(|&c| c > 0).unwrap_or(0);
        let last = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        let (lo, hi) = (first.saturating_sub(1), (last + 2).min(counts.len()));
        let max = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
        let (ix, iw, ih) = (cx + 40.0, pw - 60.0, ph - 40.0);
        let bw = iw / (hi - lo).max(1) as f64;
        let total: u64 = counts.iter().sum();
        let _ = writeln!(
            out,
            "<text x=\"{ix:.1}\" y=\"{:.1}\" font-weight=\"bold\" fill=\"{}\">{} ({} runs)</text>",
            cy + 4.0,
            colour(g, n),
            esc(&short(&v.groups[g], 34)),
            total
        );
        for (i, &c) in counts.iter().enumerate().take(hi).skip(lo) {
            let bh = c as f64 / max * ih;
            let _ = write!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"{}\"><title>{}–{}: {c}</title></rect>",
                ix + (i - lo) as f64 * bw,
                cy + 10.0 + ih - bh,
                (bw - 1.0).max(0.5),
                colour(g, n),
                fmt_s(edges[i] / 1e9),
                fmt_s(edges[i + 1] / 1e9)
            );
        }
        let base = cy + 10.0 + ih;
        let _ = writeln!(
            out,
            "\n<line x1=\"{ix:.1}\" y1=\"{base:.1}\" x2=\"{:.1}\" y2=\"{base:.1}\" stroke=\"#333\"/>\
             <text x=\"{ix:.1}\" y=\"{:.1}\">{}</text><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            ix + iw,
            base + 14.0,
            fmt_s(edges[lo] / 1e9),
            ix + iw,
            base + 14.0,
            fmt_s(edges[hi] / 1e9),
            ix - 4.0,
            cy + 18.0,
            max as u64
        );
    }
    finish(out)
}

fn short(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let t: String = s.chars().take(n - 1).collect();
        t + "…"
    }
}

/// Communication: the bytes matrix (sender rows, receiver columns, log
/// colour) and bytes and messages over time. `None` without send events.
pub(crate) fn communication(v: &Views) -> Option<String> {
    let c = v.comm.as_ref()?;
    let n = c.bytes_matrix.len();
    let side = 360.0f64.min(40.0 * n as f64).max(160.0);
    let cell = side / n as f64;
    let th = 160.0;
    let h = T + 20.0 + side + 60.0 + th + B + 40.0;
    let mut out = open(
        h,
        &format!(
            "Communication: {} messages, {} in all{}",
            c.messages,
            fmt_bytes(c.bytes as f64),
            c.cross.as_ref().map_or(String::new(), |x| format!(
                "; across clusters: {} messages, {}",
                x.messages,
                fmt_bytes(x.bytes as f64)
            ))
        ),
    );
    let max = c
        .bytes_matrix
        .iter()
        .flatten()
        .copied()
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let top = T + 20.0;
    let unit = if c.group > 1 {
        format!("PEs per cell: {}", c.group)
    } else {
        "PE".into()
    };
    let _ = writeln!(
        out,
        "<text x=\"{L}\" y=\"{:.1}\">bytes sent, row = sender, column = receiver ({unit}); max {}</text>",
        top - 4.0,
        fmt_bytes(max)
    );
    for (f, row) in c.bytes_matrix.iter().enumerate() {
        for (t, &b) in row.iter().enumerate() {
            let fr = if b == 0 {
                0.0
            } else {
                0.15 + 0.85 * ((b as f64).ln() / max.ln().max(1e-9)).clamp(0.0, 1.0)
            };
            let _ = write!(
                out,
                "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{}\" stroke=\"#ddd\" stroke-width=\"0.2\">\
                 <title>{f} → {t}: {} in {} messages</title></rect>",
                L + t as f64 * cell,
                top + f as f64 * cell,
                cell,
                cell,
                heat(fr),
                fmt_bytes(b as f64),
                c.msgs_matrix[f][t]
            );
        }
        out.push('\n');
    }
    // Cluster boundaries over the matrix (one PE per row).
    if let Some(x) = c.cross.as_ref().filter(|_| c.group == 1) {
        for i in 1..n {
            if x.clusters[i] != x.clusters[i - 1] {
                let at = i as f64 * cell;
                let _ = write!(
                    out,
                    "<line class=\"cluster-edge\" x1=\"{:.2}\" y1=\"{top:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#000\" stroke-width=\"1.2\"/>\
                     <line class=\"cluster-edge\" x1=\"{L}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#000\" stroke-width=\"1.2\"/>",
                    L + at,
                    L + at,
                    top + side,
                    top + at,
                    L + side,
                    top + at
                );
            }
        }
        out.push('\n');
    }
    if n <= 32 {
        for i in 0..n {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{i}</text><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{i}</text>",
                L - 4.0,
                top + (i as f64 + 0.5) * cell + 4.0,
                L + (i as f64 + 0.5) * cell,
                top + side + 12.0
            );
        }
    }
    // Over time: remote and local bytes stacked.
    let ty = top + side + 60.0;
    let pw = W - L - R;
    let cw = pw / v.bins as f64;
    let bmax = (0..v.bins)
        .map(|b| c.bytes_remote[b] + c.bytes_local[b])
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let across = if c.cross.is_some() {
        "to another cluster, to another PE of the cluster"
    } else {
        "to another PE"
    };
    let _ = writeln!(
        out,
        "<text x=\"{L}\" y=\"{:.1}\">bytes sent per time bin (max {}): {across}, to the same PE</text>",
        ty - 6.0,
        fmt_bytes(bmax)
    );
    for b in 0..v.bins {
        let hx = c
            .cross
            .as_ref()
            .map_or(0.0, |x| x.bytes_bins[b] as f64 / bmax * th);
        let hr = c.bytes_remote[b] as f64 / bmax * th - hx;
        let hl = c.bytes_local[b] as f64 / bmax * th;
        let x = L + b as f64 * cw;
        let _ = write!(
            out,
            "<rect x=\"{x:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{hr:.2}\" fill=\"#4e79a7\"><title>{} messages</title></rect>\
             <rect x=\"{x:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{hl:.2}\" fill=\"#a0cbe8\"/>",
            ty + th - hx - hr,
            cw + 0.05,
            c.msgs_bins[b],
            ty + th - hx - hr - hl,
            cw + 0.05
        );
        if let Some(xc) = &c.cross {
            let _ = write!(
                out,
                "<rect class=\"cross-cluster\" x=\"{x:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{hx:.2}\" fill=\"#e15759\"><title>{} messages across clusters</title></rect>",
                ty + th - hx,
                cw + 0.05,
                xc.msgs_bins[b]
            );
        }
    }
    out.push('\n');
    time_axis(&mut out, v.t0_s, v.t1_s, ty + th);
    let mut items = vec![
        ("to another PE".into(), "#4e79a7"),
        ("to the same PE".into(), "#a0cbe8"),
    ];
    if c.cross.is_some() {
        items.insert(0, ("to another cluster".into(), "#e15759"));
        items[1].0 = "to another PE of its cluster".into();
    }
    legend(&mut out, &items, ty + th + B + 8.0);
    Some(finish(out))
}

/// Objects that migrated (AMPI ranks, array elements): their PE over time.
/// `None` without migrations.
pub(crate) fn objects(v: &Views) -> Option<String> {
    if v.objects.is_empty() {
        return None;
    }
    let rh = row_height(v.objects.len() as u32, 400.0).max(6.0);
    let ph = rh * v.objects.len() as f64;
    let h = T + ph + B + 30.0;
    let mut out = open(
        h,
        "Objects: the PE of each migrated object over time (colour = PE)",
    );
    let pw = W - L - R;
    let x_of = |t: f64| L + (t - v.t0_s) / (v.t1_s - v.t0_s) * pw;
    for (i, o) in v.objects.iter().enumerate() {
        let y = T + i as f64 * rh;
        for &(a, b, pe) in &o.segments {
            let (x0, x1) = (x_of(a), x_of(b));
            let _ = write!(
                out,
                "<rect x=\"{x0:.2}\" y=\"{y:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{}\"><title>{} on PE {pe}</title></rect>",
                (x1 - x0).max(0.5),
                (rh - 1.0).max(1.0),
                PALETTE[pe as usize % PALETTE.len()],
                esc(&o.name)
            );
            if x1 - x0 > 30.0 && rh >= 10.0 {
                let _ = write!(
                    out,
                    "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"white\">PE {pe}</text>",
                    x0 + 3.0,
                    y + rh - 3.0
                );
            }
        }
        if rh >= 10.0 {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                L - 6.0,
                y + rh - 3.0,
                esc(&short(&o.name, 10))
            );
        }
        out.push('\n');
    }
    time_axis(&mut out, v.t0_s, v.t1_s, T + ph);
    Some(finish(out))
}

/// Timeline of the CLI's window: one row per PE, entry methods as boxes
/// coloured by method, idle in light grey.
pub(crate) fn timeline(v: &Views) -> String {
    let tl = &v.timeline;
    let rh = row_height(v.pes, 480.0).max(2.0);
    let ph = rh * v.pes as f64;
    let items = categories(v);
    let h = T + ph + B + 30.0 + 16.0 * (1.0 + items.len() as f64 / 6.0).ceil();
    let mut out = open(
        h,
        &format!(
            "Timeline {} – {}{}",
            fmt_s(tl.from_s),
            fmt_s(tl.to_s),
            if tl.boxes.len() as u64 > 0 && (tl.boxes.len() as u64) < tl.total {
                format!(" (first {} of {} spans)", tl.boxes.len(), tl.total)
            } else {
                String::new()
            }
        ),
    );
    let pw = W - L - R;
    let span = (tl.to_s - tl.from_s).max(1e-12);
    let x_of = |t: f64| L + ((t - tl.from_s) / span * pw).clamp(0.0, pw);
    for &(pe, g, start, dur) in &tl.boxes {
        let (x0, x1) = (x_of(start), x_of(start + dur));
        let (fill, inset) = if g < 0 {
            (IDLE, rh * 0.3)
        } else {
            (colour(g as usize, v.groups.len()), 0.0)
        };
        let _ = writeln!(
            out,
            "<rect x=\"{x0:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{fill}\"/>",
            T + pe as f64 * rh + inset,
            (x1 - x0).max(0.3),
            (rh - 1.0 - 2.0 * inset).max(0.5)
        );
    }
    pe_labels(&mut out, v.pes, T, rh);
    time_axis(&mut out, tl.from_s, tl.to_s, T + ph);
    legend(&mut out, &items, T + ph + B + 10.0);
    finish(out)
}
