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
        /// A Chrome trace-event JSON file (from `--trace`), or every
        /// process's file of a run traced with `--trace-per-process`
        /// (FILE.p0 FILE.p1 ...), merged on process 0's clock.
        #[arg(required = true, num_args = 1..)]
        files: Vec<PathBuf>,
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
        /// A Chrome trace-event JSON file (from `--trace`), or every
        /// process's file of a run traced with `--trace-per-process`
        /// (FILE.p0 FILE.p1 ...), merged on process 0's clock.
        #[arg(required = true, num_args = 1..)]
        files: Vec<PathBuf>,
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

/// The trace options of a traced run (`--trace` and its limits): with
/// `probe`, hardware counters the machine refuses are dropped after one
/// note on stderr (process 0's), and the run goes on without them.
pub(crate) fn run_options(
    limits: &arts_trace::limits::TraceLimits,
    probe: bool,
) -> arts_trace::TraceOptions {
    let mut limits = limits.clone();
    if probe
        && let Some(note) = limits.probe_counters()
        && crate::world::is_root()
    {
        eprintln!("{note}");
    }
    limits.options(crate::budget::trace_share())
}

/// The largest trace file read.
const MAX_TRACE_BYTES: u64 = 64 << 30;

/// Runs `arts trace ...`.
pub fn run(command: TraceCommand, out: Output) -> CliResult {
    match command {
        TraceCommand::Summary { files, top } => summary(&files, top, out),
        TraceCommand::View {
            files,
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
            view(&files, &dir, &opts, out)
        }
    }
}

/// Opens every trace file (each at most `MAX_TRACE_BYTES`).
fn open_all(files: &[PathBuf]) -> Result<Vec<impl std::io::Read + use<>>, CliError> {
    let mut inputs = Vec::with_capacity(files.len());
    for file in files {
        let (f, _) = arts_util::input_file::open(file, MAX_TRACE_BYTES)?;
        inputs.push(std::io::BufReader::new(std::io::Read::take(
            f,
            MAX_TRACE_BYTES,
        )));
    }
    Ok(inputs)
}

/// The files as errors and the page name them: `a.json`, or `a.p0 + a.p1`.
fn names(files: &[PathBuf]) -> String {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    names.join(" + ")
}

fn summary(files: &[PathBuf], top: usize, out: Output) -> CliResult {
    let inputs = open_all(files)?;
    let s = arts_trace::summarize_many(inputs, top)
        .map_err(|e| CliError::usage(format!("{}: {e}", names(files))))?;
    out.emit(&s, || s.table())
}

fn view(files: &[PathBuf], dir: &Path, opts: &ViewOptions, out: Output) -> CliResult {
    arts_trace::view::check(opts).map_err(CliError::usage)?;
    let inputs = open_all(files)?;
    arts_trace::view::check_out_dir(dir).map_err(CliError::usage)?;
    let mut pending = PendingDir::create(dir)?;
    let source = names(files);
    let rendered = arts_trace::view::render_many(inputs, &source, opts).map_err(|e| match e {
        ViewError::Options(m) => CliError::usage(m),
        e => CliError::usage(format!("{source}: {e}")),
    })?;
    for (name, bytes) in &rendered.files {
        pending.write(name, bytes)?;
    }
    pending.replace()?;
    let report = ViewOutput::new(dir, &rendered.files, rendered.report);
    out.emit(&report, || report.table())
}
