//! The option group that bounds `--trace` for long runs: `--trace-mode
//! full|summary`, `--trace-bin-ms`, `--trace-max-events`; flattened into
//! every command that takes `--trace` (whose own `--trace FILE` stays
//! beside it).

use arts_trace::{TraceMode, TraceOptions};

/// What a trace keeps.
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
pub enum TraceModeArg {
    /// Every entry method, idle period and message (up to --trace-max-events).
    Full,
    /// Per time bin and PE: each entry method's busy time and calls, idle
    /// time, messages and bytes per destination (Projections' summary logs).
    Summary,
}

/// `--trace-mode`, `--trace-bin-ms`, `--trace-max-events`.
#[derive(clap::Args, Debug)]
pub struct TraceLimits {
    /// With --trace: what the trace keeps (summary: a long run's per-bin
    /// totals, in the same file format, read by `arts trace summary|view`).
    #[arg(long, value_enum, default_value = "full", requires = "trace")]
    trace_mode: TraceModeArg,
    /// With --trace-mode summary: the bin width, milliseconds.
    #[arg(long, default_value_t = 10.0, value_parser = positive_ms, requires = "trace")]
    trace_bin_ms: f64,
    /// With --trace: the most spans kept over all PEs (each PE keeps its
    /// share; the rest are counted in the file's `arts_trace.dropped`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), requires = "trace")]
    trace_max_events: Option<u64>,
}

fn positive_ms(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 0.001 => Ok(t),
        _ => Err(format!("expected milliseconds ≥ 0.001, got '{s}'")),
    }
}

impl TraceLimits {
    /// The runtime's trace options: with `--max-memory`, the events kept
    /// hold at most half of it (`crate::budget::trace_share`), past which
    /// they are counted as dropped, as past `--trace-max-events`.
    pub fn options(&self) -> TraceOptions {
        let mode = match self.trace_mode {
            TraceModeArg::Full => TraceMode::Full,
            TraceModeArg::Summary => TraceMode::Summary {
                bin_ns: (self.trace_bin_ms * 1e6) as u64,
            },
        };
        let options = TraceOptions {
            mode,
            max_events: self.trace_max_events,
        };
        match crate::budget::trace_share() {
            Some(bytes) => options.within_bytes(bytes),
            None => options,
        }
    }
}
