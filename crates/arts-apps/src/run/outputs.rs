//! The files a run writes besides its report, on the root process: the
//! Chrome trace, the communication trace, the causal recording and the LB
//! dump; each all or nothing.

use std::path::PathBuf;

use arts_core::RunReport;
use arts_util::atomic_file::{PendingFile, write_atomic};

use super::Error;
use crate::report;

/// Where a run's files go; each opened before the run (so that a bad path
/// is refused before any work) and written after it.
#[derive(Default)]
pub struct Outputs {
    /// The Chrome trace-event file (`--trace`).
    pub trace: Option<PendingFile>,
    /// Where it goes (kept once it is written, for the report).
    pub trace_path: Option<PathBuf>,
    /// What the trace keeps (full or per-bin totals, bounded).
    pub trace_options: arts_trace::TraceOptions,
    /// One trace file per process (`--trace-per-process`).
    pub trace_per_process: bool,
    /// The communication trace (`--comm-trace`).
    pub comm_trace: Option<PendingFile>,
    /// The causal recording (`--record`).
    pub record: Option<PendingFile>,
    /// The LB dump (`--lb-dump`).
    pub dump: Option<PathBuf>,
}

impl Outputs {
    /// Where the trace is written, if anywhere.
    pub fn trace_path(&self) -> Option<String> {
        self.trace_path.as_ref().map(|p| p.display().to_string())
    }

    /// Where the LB dump is written, if anywhere.
    pub fn dump_path(&self) -> Option<String> {
        self.dump.as_ref().map(|p| p.display().to_string())
    }

    /// Writes what the run on `pes` PEs was asked to record — the
    /// recording of its `steps` steps, which took `wall_s`, the trace, the
    /// communication trace, the LB dump — when `root`.
    pub fn write(
        &mut self,
        report: &RunReport,
        pes: u32,
        (steps, wall_s): (usize, f64),
        root: bool,
    ) -> Result<(), Error> {
        if let Some(mut file) = self.record.take().filter(|_| root) {
            let (app, options) = command_line();
            let info = arts_core::RecordingInfo {
                app,
                options,
                steps: steps as u64,
                wall_ns: (wall_s * 1e9) as u64,
            };
            let dropped = report.recording_dropped();
            if dropped > 0 {
                return Err(Error::failed(format!(
                    "the recording reached its share of --max-memory (half of it) and left out \
                     {dropped} executions and messages; record fewer steps or raise --max-memory \
                     (no recording written)"
                )));
            }
            let recording = report
                .recording(info)
                .ok_or_else(|| Error::failed("the run left no recording"))?;
            recording
                .write(file.writer())
                .map_err(|e| Error::failed(format!("cannot write the recording: {e}")))?;
            file.commit()?;
        }
        let per_process = self.trace_per_process;
        let path = (self.trace_path.as_deref())
            .and_then(|p| arts_core::trace_file::trace_path(p, report, per_process));
        if let (Some(mut file), Some(path)) = (self.trace.take(), path) {
            if Some(&path) != self.trace_path.as_ref() {
                // This process's own file, beside the one opened before the run.
                file = PendingFile::create(&path)?;
            }
            arts_core::trace_file::write_trace(
                file.writer(),
                report,
                pes,
                &self.trace_options,
                per_process,
            )
            .map_err(|e| Error::failed(format!("cannot write trace: {e}")))?;
            file.commit()?;
        }
        if let Some(mut file) = self.comm_trace.take().filter(|_| root) {
            let records = report.comm_trace().unwrap_or_default();
            let rows = records
                .iter()
                .map(|r| [r.time_ns, r.source, r.destination, r.bytes]);
            write_comm_csv(file.writer(), rows)
                .map_err(|e| Error::failed(format!("cannot write communication trace: {e}")))?;
            file.commit()?;
        }
        if let Some(path) = self.dump.as_ref().filter(|_| root) {
            write_atomic(path, &report::lb_dump(report.lb_steps()).to_json())?;
        }
        Ok(())
    }
}

/// The app (the word after `run`) and the whole command line, for recordings.
fn command_line() -> (String, String) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let app = match args.iter().position(|a| a == "run") {
        Some(i) => args.get(i + 1).cloned().unwrap_or_default(),
        None => args.first().cloned().unwrap_or_default(),
    };
    (app, args.join(" "))
}

/// Writes messages `[time_ns, source, destination, bytes]` as CSV
/// `time_s,source,destination,bytes`: a communication trace, the workload
/// format of the torus model (`arts pdes torus --workload trace:FILE`).
pub fn write_comm_csv(
    out: &mut std::fs::File,
    records: impl IntoIterator<Item = [u64; 4]>,
) -> std::io::Result<()> {
    use std::io::Write;
    let mut w = std::io::BufWriter::new(out);
    writeln!(w, "time_s,source,destination,bytes")?;
    for [time_ns, source, destination, bytes] in records {
        writeln!(
            w,
            "{:.9},{source},{destination},{bytes}",
            time_ns as f64 * 1e-9
        )?;
    }
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_communication_trace_is_csv_in_seconds() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("comm.csv");
        let mut file = std::fs::File::create(&path).unwrap();
        write_comm_csv(&mut file, [[1_500, 0, 1, 64], [2_000_000_000, 1, 0, 8]]).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "time_s,source,destination,bytes\n0.000001500,0,1,64\n2.000000000,1,0,8\n"
        );
    }
}
