//! `arts trace summary`: per-PE utilization and the top entry methods of a
//! Chrome trace written by `--trace`; `arts trace view`: its performance
//! views as an offline page and SVG charts.

use std::path::{Path, PathBuf};

use arts_trace::view::{ViewError, ViewOptions, ViewOutput};
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
    out.emit(&s, || s.table())
}

fn view(file: &Path, dir: &Path, opts: &ViewOptions, out: Output) -> CliResult {
    arts_trace::view::check(opts).map_err(CliError::usage)?;
    let (f, _) = arts_util::input_file::open(file, MAX_TRACE_BYTES)?;
    arts_trace::view::check_out_dir(dir).map_err(CliError::usage)?;
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
    let report = ViewOutput::new(dir, &rendered.files, rendered.report);
    out.emit(&report, || report.table())
}
