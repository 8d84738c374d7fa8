//! Writing a run's trace (`--trace FILE`): the gathered file of all PEs on
//! process 0, or, with `per_process` in a run of several processes, one
//! file per process (`FILE.p<RANK>`, its own PEs) whose metadata carries
//! its process and its clock offset to process 0, for `arts trace view`
//! to merge. The metadata also says the window and what was dropped, and
//! each PE's cluster on a grid (`--clusters`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use arts_trace::{TraceAbout, TraceOptions};

use crate::RunReport;

/// Where this process writes the trace asked for at `path`: `FILE.p<RANK>`
/// when `per_process` and the run had several processes, else `path` (on
/// process 0 only: `None` elsewhere).
pub fn trace_path(path: &Path, report: &RunReport, per_process: bool) -> Option<PathBuf> {
    if per_process && report.processes > 1 {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".p{}", report.process));
        return Some(PathBuf::from(name));
    }
    (report.process == 0).then(|| path.to_path_buf())
}

/// The `arts_trace` metadata of the run's trace under `options`.
pub fn trace_about(report: &RunReport, options: &TraceOptions, per_process: bool) -> TraceAbout {
    let mut about = TraceAbout::new(options.mode, report.trace_dropped()).with_window(
        options,
        report.trace_window_dropped(),
        report.trace_first_step(),
    );
    about.clusters = report.clusters.as_ref().map(|c| c.to_vec());
    about.counters = (report.pes.iter())
        .filter_map(|p| Some((p.pe, p.trace_counters.clone()?)))
        .collect();
    if per_process && report.processes > 1 {
        about.process = Some(report.process);
        about.processes = Some(report.processes);
        about.clock_offset_ns = Some(report.clock_offset_ns);
    }
    about
}

/// Writes the trace of a run on `pes` PEs: this process's PEs when
/// `per_process` (in a run of several processes), else every PE the
/// report holds.
pub fn write_trace<W: Write>(
    out: W,
    report: &RunReport,
    pes: u32,
    options: &TraceOptions,
    per_process: bool,
) -> io::Result<()> {
    let local;
    let report = if per_process && report.processes > 1 {
        local = report.local();
        &local
    } else {
        report
    };
    let spans = report.trace().unwrap_or_default();
    let about = trace_about(report, options, per_process);
    arts_trace::write_chrome(out, pes, &spans, &about)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(process: u32, processes: u32) -> RunReport {
        RunReport {
            wall_s: 0.0,
            pes: Vec::new(),
            instrumented: true,
            processes,
            process,
            local_pes: 0..2,
            clock_offset_ns: -42,
            clusters: Some(vec![0, 0, 1, 1].into()),
        }
    }

    #[test]
    fn per_process_files_are_named_by_rank_and_say_their_offset() {
        let p = Path::new("/tmp/t.json");
        assert_eq!(
            trace_path(p, &report(1, 2), true),
            Some(PathBuf::from("/tmp/t.json.p1"))
        );
        assert_eq!(trace_path(p, &report(1, 2), false), None, "gathered on 0");
        assert_eq!(trace_path(p, &report(0, 1), true), Some(p.to_path_buf()));
        let about = trace_about(&report(1, 2), &TraceOptions::default(), true);
        assert_eq!(
            (about.process, about.processes, about.clock_offset_ns),
            (Some(1), Some(2), Some(-42))
        );
        assert_eq!(about.clusters, Some(vec![0, 0, 1, 1]));
        let gathered = trace_about(&report(0, 2), &TraceOptions::default(), false);
        assert_eq!((gathered.process, gathered.clock_offset_ns), (None, None));
    }
}
