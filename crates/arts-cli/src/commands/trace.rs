//! `arts trace summary`: per-PE utilization and the top entry methods of a
//! Chrome trace written by `--trace`; `arts trace view`: its performance
//! views as an offline page and SVG charts.

use std::path::{Path, PathBuf};

use arts_trace::view::{INDEX, ViewError, ViewOptions};
use arts_util::atomic_file::PendingDir;

use crate::output::{CliError, CliResult, Output};

/// Subcommands of `arts trace`.
#[derive(clap::Subcommand)]
pub enum TraceCommand {
    /// Per-PE utilization and top entry methods of a trace file.
    Summary {
        /// A Chrome trace-event JSON file (from `--trace`).
        file: PathBuf,
        /// How many entry methods to list.
        #[arg(long, default_value_t = 10)]
        top: usize,
    },
    /// Performance views of a trace (Overview, Time profile, Usage profile,
    /// Histograms, Timeline, Communication, Objects) as an offline page
    /// `OUT/index.html` and one SVG per chart.
    ///
    /// OUT must not exist, or be a directory holding a previous view (an
    /// `index.html` written by `arts trace view` and its charts only), which
    /// is replaced whole. The view appears whole or not at all.
    View {
        /// A Chrome trace-event JSON file (from `--trace`).
        file: PathBuf,
        /// The directory to write.
        #[arg(long)]
        out: PathBuf,
        /// Start of the timeline window, seconds since the run started
        /// (default: the trace's start).
        #[arg(long)]
        from: Option<f64>,
        /// End of the timeline window, seconds since the run started
        /// (default: the trace's end).
        #[arg(long)]
        to: Option<f64>,
        /// Time bins of the overview, profiles and communication (1..=1000).
        #[arg(long, default_value_t = 200)]
        bins: usize,
        /// Most spans the page's timeline receives (the window's first ones;
        /// the page says when the window held more).
        #[arg(long, default_value_t = 50_000)]
        max_boxes: usize,
    },
}

/// The largest trace file read.
const MAX_TRACE_BYTES: u64 = 64 << 30;

/// Runs `arts trace ...`.
pub fn run(command: TraceCommand, out: Output) -> CliResult {
    match command {
        TraceCommand::Summary { file, top } => summary(&file, top, out),
        TraceCommand::View {
            file,
            out: dir,
            from,
            to,
            bins,
            max_boxes,
        } => {
            let opts = ViewOptions {
                bins,
                from_s: from,
                to_s: to,
                max_boxes,
            };
            view(&file, &dir, &opts, out)
        }
    }
}

fn summary(file: &Path, top: usize, out: Output) -> CliResult {
    let (f, _) = arts_util::input_file::open(file, MAX_TRACE_BYTES)?;
    let f = std::io::Read::take(f, MAX_TRACE_BYTES);
    let s = arts_trace::summarize(std::io::BufReader::new(f), top)
        .map_err(|e| CliError::usage(format!("{}: {e}", file.display())))?;
    out.emit(&s, || {
        let mut t = format!(
            "traced interval {:.6} s\n\nPE  busy(s)    idle(s)    utilization\n",
            s.span_s
        );
        for p in &s.pes {
            t += &format!(
                "{:<3} {:<10.6} {:<10.6} {:.1}%\n",
                p.pe,
                p.busy_s,
                p.idle_s,
                p.utilization * 100.0
            );
        }
        t += "\nentry method                      count      total(s)\n";
        for e in &s.entries {
            t += &format!("{:<32} {:<10} {:.6}\n", e.name, e.count, e.total_s);
        }
        t
    })
}

/// What `arts trace view --json` prints.
#[derive(serde::Serialize)]
struct ViewOutput {
    /// The directory written.
    out: String,
    /// The files in it.
    files: Vec<String>,
    #[serde(flatten)]
    report: arts_trace::view::ViewReport,
}

fn view(file: &Path, dir: &Path, opts: &ViewOptions, out: Output) -> CliResult {
    arts_trace::view::check(opts).map_err(CliError::usage)?;
    let (f, _) = arts_util::input_file::open(file, MAX_TRACE_BYTES)?;
    check_out_dir(dir)?;
    let mut pending = PendingDir::create(dir)?;
    let f = std::io::Read::take(f, MAX_TRACE_BYTES);
    let rendered =
        arts_trace::view::render(f, &file.display().to_string(), opts).map_err(|e| match e {
            ViewError::Options(m) => CliError::usage(m),
            e => CliError::usage(format!("{}: {e}", file.display())),
        })?;
    for (name, bytes) in &rendered.files {
        pending.write(name, bytes)?;
    }
    pending.replace()?;
    let report = ViewOutput {
        out: dir.display().to_string(),
        files: rendered.files.iter().map(|f| f.0.clone()).collect(),
        report: rendered.report,
    };
    out.emit(&report, || {
        let r = &report.report;
        let mut t = format!(
            "wrote {}/{INDEX} and {} charts: {} events, {} PEs, {:.6}-{:.6} s\n",
            report.out,
            report.files.iter().filter(|f| f.ends_with(".svg")).count(),
            r.events,
            r.pes,
            r.from_s,
            r.to_s
        );
        t += &format!(
            "timeline: {} of {} spans; {} messages, {} LB steps, {} migrations, {} checkpoint imagings\n",
            r.timeline_boxes, r.timeline_spans, r.messages, r.lb_steps, r.migrations, r.checkpoints
        );
        t
    })
}

/// Accepts a `dir` that does not exist or holds a previous view (which is
/// replaced whole); refuses any other existing path.
fn check_out_dir(dir: &Path) -> Result<(), CliError> {
    let meta = match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(CliError::usage(format!(
                "--out {}: cannot inspect it: {e}",
                dir.display()
            )));
        }
        Ok(m) => m,
    };
    let refuse = |why: &str| {
        CliError::usage(format!(
            "--out {} {why} (give a new directory, or one that holds a previous `arts trace view`)",
            dir.display()
        ))
    };
    if !meta.is_dir() {
        return Err(refuse("exists and is not a directory"));
    }
    let entries = std::fs::read_dir(dir).map_err(|e| refuse(&format!("cannot be read: {e}")))?;
    let mut has_index = false;
    for e in entries {
        let e = e.map_err(|e| refuse(&format!("cannot be read: {e}")))?;
        let name = e.file_name().to_string_lossy().into_owned();
        let plain = e.file_type().is_ok_and(|t| t.is_file());
        let ours = name == INDEX || name == "views.json" || name.ends_with(".svg");
        if !(plain && ours) {
            return Err(refuse(&format!(
                "exists and holds {name:?}, which a view does not"
            )));
        }
        has_index |= name == INDEX;
    }
    let head = std::fs::read(dir.join(INDEX)).unwrap_or_default();
    let head = String::from_utf8_lossy(&head[..head.len().min(512)]).into_owned();
    if !has_index || !head.contains("<title>arts trace view") {
        return Err(refuse("exists and does not hold a previous view"));
    }
    Ok(())
}
