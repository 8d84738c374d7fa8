//! `arts trace view`: the performance views of a trace, binned on this side
//! and written as one offline page (`index.html`) and SVG charts.
//!
//! [`render`] stream-parses a Chrome trace written by `--trace` (`parse`),
//! bins it into a bounded [`Views`] (`bins`), draws the charts (`svg`) and
//! the page (`html`). The data the page receives is described in this
//! folder's `README.md`.

mod bins;
mod html;
mod output;
mod parse;
mod svg;

use std::io::Read;

pub use bins::{Comm, CrossCluster, Histograms, Marks, ObjectTrack, Timeline, Views};
pub use output::{ViewOutput, check_out_dir};

/// The name of the file that marks a directory as a view (the page).
pub const INDEX: &str = "index.html";
/// Most time bins accepted.
pub const MAX_BINS: usize = 1000;

/// What to draw.
#[derive(Clone, Debug)]
pub struct ViewOptions {
    /// Time bins of the overview, profiles and communication over time.
    pub bins: usize,
    /// Start of the timeline window, s since the run started (`None`: the
    /// trace's start).
    pub from_s: Option<f64>,
    /// End of the timeline window (`None`: the trace's end).
    pub to_s: Option<f64>,
    /// Most spans the timeline receives (the window's first ones).
    pub max_boxes: usize,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            bins: 200,
            from_s: None,
            to_s: None,
            max_boxes: 50_000,
        }
    }
}

/// Why a trace could not be viewed (all are bad input).
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// Not JSON, not a trace-event document, truncated, or an event with
    /// invalid fields.
    #[error("{0}")]
    Malformed(String),
    /// A trace-event document, but not one arts wrote.
    #[error("not an arts trace: {0}")]
    Foreign(String),
    /// An arts trace without entry or idle spans.
    #[error("the trace holds no complete (\"ph\":\"X\") events")]
    Empty,
    /// More events than a view reads.
    #[error("too large to view: {0}")]
    TooLarge(String),
    /// The options are out of range.
    #[error("{0}")]
    Options(String),
}

/// One output file: its name in the output directory and its contents.
pub type ViewFile = (String, Vec<u8>);

/// What [`render`] made.
#[derive(Debug)]
pub struct Rendered {
    /// The files of the view, `index.html` first.
    pub files: Vec<ViewFile>,
    /// What the view shows, in numbers (`arts trace view --json`).
    pub report: ViewReport,
}

/// The numbers of a view.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ViewReport {
    /// Events read from the trace.
    pub events: u64,
    /// PEs.
    pub pes: u32,
    /// Traced interval, s since the run started.
    pub from_s: f64,
    /// Its end, s.
    pub to_s: f64,
    /// Time bins.
    pub bins: usize,
    /// Entry methods drawn in their own colour (then `other`).
    pub groups: Vec<String>,
    /// Spans in the timeline window.
    pub timeline_spans: u64,
    /// Spans the page's timeline received (the window's first ones).
    pub timeline_boxes: u64,
    /// Messages traced.
    pub messages: u64,
    /// Load-balancing steps traced.
    pub lb_steps: u64,
    /// Migrations traced.
    pub migrations: u64,
    /// Checkpoint imagings traced (one per PE and checkpoint).
    pub checkpoints: u64,
    /// `full` or `summary` (per-bin totals), as the file says.
    pub trace_mode: String,
    /// Spans the run did not keep (past `--trace-max-events`).
    pub dropped: u64,
    /// `--trace-window`: the steps kept (`None`: the whole run).
    pub window_steps: Option<u64>,
    /// Spans that fell out of the window.
    pub window_dropped: u64,
    /// Files merged (per-process traces), 1 for one file.
    pub files: usize,
}

/// Reads the trace from `input` (`source` names it on the page) and returns
/// the files of its view: `index.html`, one SVG per chart and `views.json`
/// (the binned data).
pub fn render<R: Read>(input: R, source: &str, opts: &ViewOptions) -> Result<Rendered, ViewError> {
    render_many(vec![input], source, opts)
}

/// [`render`] of one trace or of the per-process files of one run
/// (`--trace-per-process`: every process's file once, in any order), merged
/// on process 0's clock.
pub fn render_many<R: Read>(
    inputs: Vec<R>,
    source: &str,
    opts: &ViewOptions,
) -> Result<Rendered, ViewError> {
    check(opts)?;
    let files = inputs.len();
    let trace = parse::read_many(inputs)?;
    let views = bins::bin(&trace, opts);
    drop(trace);
    let report = ViewReport {
        events: views.events,
        pes: views.pes,
        from_s: views.t0_s,
        to_s: views.t1_s,
        bins: views.bins,
        groups: views.groups.clone(),
        timeline_spans: views.timeline.total,
        timeline_boxes: views.timeline.boxes.len() as u64,
        messages: views.comm.as_ref().map_or(0, |c| c.messages + c.dropped),
        lb_steps: views.marks.lb.len() as u64,
        migrations: views.marks.migrations_total,
        checkpoints: views.marks.checkpoints.len() as u64,
        trace_mode: views.about.as_ref().map_or("full", |a| &a.mode).to_string(),
        dropped: views.about.as_ref().map_or(0, |a| a.dropped),
        window_steps: views.about.as_ref().and_then(|a| a.window_steps),
        window_dropped: views.about.as_ref().map_or(0, |a| a.window_dropped),
        files,
    };
    let charts = html::Charts::draw(&views);
    let page = html::page(&views, source, &charts);
    let mut files = vec![
        (INDEX.to_string(), page.into_bytes()),
        ("overview.svg".into(), charts.overview.into_bytes()),
        ("time-profile.svg".into(), charts.time_profile.into_bytes()),
        ("usage-profile.svg".into(), charts.usage.into_bytes()),
        ("histograms.svg".into(), charts.histograms.into_bytes()),
        ("timeline.svg".into(), charts.timeline.into_bytes()),
    ];
    if let Some(c) = charts.communication {
        files.push(("communication.svg".into(), c.into_bytes()));
    }
    if let Some(c) = charts.objects {
        files.push(("objects.svg".into(), c.into_bytes()));
    }
    let json = serde_json::to_vec(&views).map_err(|e| ViewError::Options(e.to_string()))?;
    files.push(("views.json".into(), json));
    Ok(Rendered { files, report })
}

/// Checks the options before reading anything.
pub fn check(opts: &ViewOptions) -> Result<(), ViewError> {
    if opts.bins == 0 || opts.bins > MAX_BINS {
        return Err(ViewError::Options(format!(
            "--bins {} is out of range (1..={MAX_BINS})",
            opts.bins
        )));
    }
    for (flag, v) in [("--from", opts.from_s), ("--to", opts.to_s)] {
        if let Some(v) = v
            && !(v.is_finite() && v >= 0.0)
        {
            return Err(ViewError::Options(format!(
                "{flag} {v} is not a time in seconds >= 0"
            )));
        }
    }
    if let (Some(f), Some(t)) = (opts.from_s, opts.to_s)
        && f >= t
    {
        return Err(ViewError::Options(format!(
            "--from {f} is not before --to {t} (the window must start before it ends)"
        )));
    }
    if opts.max_boxes == 0 {
        return Err(ViewError::Options(
            "at least one timeline box is needed".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
