//! `arts trace summary`: per-PE utilization and the top entry methods of a
//! Chrome trace written by `--trace`.

use std::path::PathBuf;

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
}

/// The largest trace file read.
const MAX_TRACE_BYTES: u64 = 64 << 30;

/// Runs `arts trace ...`.
pub fn run(command: TraceCommand, out: Output) -> CliResult {
    match command {
        TraceCommand::Summary { file, top } => {
            let (f, _) = arts_util::input_file::open(&file, MAX_TRACE_BYTES)?;
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
    }
}
