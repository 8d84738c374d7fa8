//! The page: one self-contained `index.html` with the SVG charts inline,
//! the binned data as JSON and the hand-written script (`page.js`) that
//! draws the interactive views (time profile per PE, zoomable timeline).

use std::fmt::Write;

use super::bins::Views;
use super::svg::{self, IDLE, OVERHEAD, PALETTE, esc, fmt_s};

const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// JSON safe inside a `<script>` element.
fn script_json(v: &Views) -> String {
    serde_json::to_string(v)
        .expect("views serialize")
        .replace("</", "<\\/")
        .replace("<!--", "<\\!--")
}

/// What the header says of a summary trace or one that dropped spans.
fn kept_note(about: Option<&crate::TraceAbout>) -> String {
    let Some(a) = about else {
        return String::new();
    };
    let mut note = String::new();
    if a.mode == "summary" {
        let bin = a
            .bin_us
            .map_or(String::new(), |us| format!(" of {}", fmt_s(us / 1e6)));
        note += &format!(
            " <strong>A summary trace</strong>: per-PE totals per bin{bin}, so the timeline \
             and histograms show those totals, not single executions."
        );
    }
    if a.dropped > 0 {
        note += &format!(
            " <strong>{} spans were not kept</strong> (past --trace-max-events): the views \
             end where each PE's share ran out.",
            a.dropped
        );
    }
    if let Some(steps) = a.window_steps {
        let unit = a
            .window_unit
            .as_deref()
            .unwrap_or("steps")
            .replace('_', " ");
        let from = a
            .window_first_step
            .map_or(String::new(), |f| format!(", whole from step {f}"));
        note += &format!(
            " <strong>A window of the last {steps} {unit}</strong> (--trace-window{from}): \
             {} earlier spans were dropped, so the views start where the window does.",
            a.window_dropped
        );
    }
    match (a.process, a.processes) {
        (None, Some(n)) => {
            note += &format!(" Merged from {n} per-process files, on process 0's clock.");
        }
        (Some(p), Some(n)) => {
            note += &format!(
                " <strong>Process {p}'s PEs only</strong> (of {n} processes): give every \
                 FILE.p&lt;N&gt; to merge them."
            );
        }
        _ => {}
    }
    note
}

/// The whole page; `source` names the trace file in the title.
pub(crate) fn page(v: &Views, source: &str, charts: &Charts) -> String {
    let mut h = String::with_capacity(1 << 20);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>arts trace view: {src}</title><style>{STYLE}</style></head>\n<body>\n\
         <header><h1>arts trace view</h1><p>{src}: {pes} PEs, {ev} events, {t0} – {t1} \
         (bins of {bin}).{kept} Views: <a href=\"#overview\">Overview</a> · <a href=\"#profile\">Time profile</a> · \
         <a href=\"#usage\">Usage profile</a> · <a href=\"#histograms\">Histograms</a> · \
         <a href=\"#timeline\">Timeline</a> · <a href=\"#communication\">Communication</a> · \
         <a href=\"#objects\">Objects</a></p></header>\n",
        src = esc(source),
        pes = v.pes,
        ev = v.events,
        t0 = fmt_s(v.t0_s),
        t1 = fmt_s(v.t1_s),
        bin = fmt_s(v.bin_s),
        kept = kept_note(v.about.as_ref()),
    );
    section(
        &mut h,
        "overview",
        "Overview",
        "Busy fraction of each PE per time bin (darker = busier). Under the axis: load-balancing steps (orange, also shaded over the map), migrations (red ticks), checkpoints (green).",
        &charts.overview,
    );
    let _ = writeln!(
        h,
        "<section id=\"profile\"><h2>Time profile</h2><p>Time of each entry method, idle and overhead \
         per time bin, stacked. <label>PEs: <select id=\"profile-pe\"><option value=\"all\">all PEs</option></select></label></p>\
         <div class=\"chart\" id=\"profile-chart\"></div></section>"
    );
    section(
        &mut h,
        "usage",
        "Usage profile",
        "Share of the traced interval each PE spent in each entry method, idle and overhead (time neither in an entry method nor idle: scheduling, message handling, load balancing).",
        &charts.usage,
    );
    section(
        &mut h,
        "histograms",
        "Histograms",
        "How long each execution of an entry method took, in logarithmic bins (4 per decade).",
        &charts.histograms,
    );
    let tl = &v.timeline;
    let note = if (tl.boxes.len() as u64) < tl.total {
        format!(
            "The window {} – {} holds {} spans; the page has the first {} (until {}). \
             Choose a smaller window with <code>arts trace view --from S --to S</code> to see the rest.",
            fmt_s(tl.from_s),
            fmt_s(tl.to_s),
            tl.total,
            tl.boxes.len(),
            fmt_s(tl.shown_to_s)
        )
    } else {
        format!(
            "All {} spans of the window {} – {}.",
            tl.total,
            fmt_s(tl.from_s),
            fmt_s(tl.to_s)
        )
    };
    let _ = writeln!(
        h,
        "<section id=\"timeline\"><h2>Timeline</h2><p>One row per PE; entry methods as boxes coloured by \
         method, idle as thin grey bars, gaps are untraced time. Wheel: zoom, drag: pan. \
         <button id=\"tl-reset\">reset</button> <label><input type=\"checkbox\" id=\"tl-msgs\"> message arrows</label></p>\
         <p class=\"note\" id=\"tl-note\">{note}</p><div class=\"chart\" id=\"timeline-chart\">\
         <canvas id=\"tl-canvas\"></canvas><div id=\"tl-tip\"></div></div></section>"
    );
    match &charts.communication {
        Some(c) => section(
            &mut h,
            "communication",
            "Communication",
            "Bytes per sender and receiver PE, and over time. Clusters are not in the trace, so cross-cluster traffic is not separated.",
            c,
        ),
        None => {
            let _ = writeln!(
                h,
                "<section id=\"communication\"><h2>Communication</h2><p class=\"note\">This trace has no message events (it was written before arts traced sends).</p></section>"
            );
        }
    }
    match &charts.objects {
        Some(c) => section(
            &mut h,
            "objects",
            "Objects",
            "Objects (array elements, AMPI ranks) that migrated, with the PE they were on over time.",
            c,
        ),
        None => {
            let _ = writeln!(
                h,
                "<section id=\"objects\"><h2>Objects</h2><p class=\"note\">No object migrated in this trace.</p></section>"
            );
        }
    }
    if let Some(c) = &v.counters {
        counters_section(&mut h, c);
    }
    let mut colours: Vec<&str> = PALETTE.to_vec();
    colours.truncate(v.groups.len().min(PALETTE.len()));
    while colours.len() < v.groups.len() {
        colours.push(PALETTE[PALETTE.len() - 1]);
    }
    colours.push(IDLE);
    colours.push(OVERHEAD);
    let _ = write!(
        h,
        "<script type=\"application/json\" id=\"view-data\">{}</script>\n\
         <script>const COLOURS = {};</script>\n<script>{SCRIPT}</script>\n</body></html>\n",
        script_json(v),
        serde_json::to_string(&colours).expect("strings serialize")
    );
    h
}

/// The hardware counters' table: totals and rates per entry method.
fn counters_section(h: &mut String, c: &crate::counters::CounterSummary) {
    let f = |v: Option<f64>| v.map_or("–".into(), |v| format!("{v:.3}"));
    let _ = write!(
        h,
        "<section id=\"counters\"><h2>Hardware counters</h2><p>Totals over every PE, per \
         entry method (--counters), and their rates.</p><table class=\"counters\"><tr><th>entry method</th>"
    );
    for n in &c.names {
        let _ = write!(h, "<th>{}</th>", esc(n));
    }
    let _ = write!(
        h,
        "<th>IPC</th><th>cache misses / 1k instructions</th><th>branch misses / 1k instructions</th></tr>"
    );
    for e in std::iter::once(&c.total).chain(&c.entries) {
        let _ = write!(h, "<tr><td>{}</td>", esc(&e.name));
        for v in &e.values {
            let _ = write!(h, "<td>{v}</td>");
        }
        let _ = write!(
            h,
            "<td>{}</td><td>{}</td><td>{}</td></tr>",
            f(e.rates.ipc),
            f(e.rates.cache_misses_per_kinst),
            f(e.rates.branch_misses_per_kinst)
        );
    }
    let _ = writeln!(h, "</table></section>");
}

fn section(h: &mut String, id: &str, title: &str, text: &str, chart: &str) {
    let _ = writeln!(
        h,
        "<section id=\"{id}\"><h2>{title}</h2><p>{text}</p><div class=\"chart\" id=\"{id}-chart\">{chart}</div></section>"
    );
}

/// The SVG charts, as written beside the page.
pub(crate) struct Charts {
    pub overview: String,
    pub time_profile: String,
    pub usage: String,
    pub histograms: String,
    pub timeline: String,
    pub communication: Option<String>,
    pub objects: Option<String>,
}

impl Charts {
    /// Draws every chart of `v`.
    pub(crate) fn draw(v: &Views) -> Charts {
        Charts {
            overview: svg::overview(v),
            time_profile: svg::time_profile(v),
            usage: svg::usage(v),
            histograms: svg::histograms(v),
            timeline: svg::timeline(v),
            communication: svg::communication(v),
            objects: svg::objects(v),
        }
    }
}
