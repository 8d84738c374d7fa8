//! The option group that bounds a trace for long runs: `--trace-mode
//! full|summary`, `--trace-bin-ms`, `--trace-max-events`,
//! `--trace-window`, `--trace-per-process` (`clap::Args`
//! behind the `clap` feature; every command that takes `--trace` flattens
//! it beside its own `--trace FILE`), and the [`TraceOptions`] they make.

use crate::window::{StepClock, TraceWindow};
use crate::{TraceMode, TraceOptions};

/// What a trace keeps (`--trace-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum TraceKeep {
    /// Every entry method, idle period and message (up to --trace-max-events).
    #[default]
    Full,
    /// Per time bin and PE: each entry method's busy time and calls, idle
    /// time, messages and bytes per destination (Projections' summary logs).
    Summary,
}

/// `--trace-mode`, `--trace-bin-ms`, `--trace-max-events`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct TraceLimits {
    /// With --trace: what the trace keeps (summary: a long run's per-bin
    /// totals, in the same file format, read by `arts trace summary|view`).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value = "full", requires = "trace")
    )]
    pub trace_mode: TraceKeep,
    /// With --trace-mode summary: the bin width, milliseconds.
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 10.0, value_parser = positive_ms, requires = "trace")
    )]
    pub trace_bin_ms: f64,
    /// With --trace: the most spans kept over all PEs (each PE keeps its
    /// share; the rest are counted in the file's `arts_trace.dropped`).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_parser = clap::value_parser!(u64).range(1..), requires = "trace")
    )]
    pub trace_max_events: Option<u64>,
    /// With --trace: keep only the last STEPS steps (and the one under
    /// way), a flight recorder: each PE's spans of older steps are dropped
    /// as the run goes on (counted in the file's `arts_trace.window_dropped`).
    /// A step is an app's iteration; for `arts ampi run`, a load-balancing
    /// step (an AMPI_Migrate that balanced). STEPS >= 1.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "STEPS", value_parser = window_steps, requires = "trace")
    )]
    pub trace_window: Option<u64>,
    /// With --trace in a run of several processes (mpirun): each process
    /// writes its own PEs' spans to `FILE.p<RANK>` (no gathering to process
    /// 0), with its clock offset to process 0 measured at the start; `arts
    /// trace view|summary FILE.p0 FILE.p1 ...` merges them. Without it (or
    /// with one process) the spans are gathered into FILE.
    #[cfg_attr(feature = "clap", arg(long, requires = "trace"))]
    pub trace_per_process: bool,
    /// With --trace: hardware counters per entry method, through Linux
    /// perf events (comma-separated: cycles,instructions,cache-misses,
    /// branch-misses); `arts trace summary|view` show their totals and
    /// rates (IPC, misses per 1k instructions). Where the machine refuses
    /// (no PMU in a VM, perf_event_paranoid) one note says so and the run
    /// goes on without them.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "LIST", value_parser = crate::counters::parse_list, requires = "trace")
    )]
    pub counters: Option<crate::counters::CounterSet>,
}

/// Parses `--trace-bin-ms`: milliseconds ≥ 0.001.
pub fn positive_ms(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 0.001 => Ok(t),
        _ => Err(format!("expected milliseconds ≥ 0.001, got '{s}'")),
    }
}

/// Parses `--trace-window`: a whole number of steps >= 1.
pub fn window_steps(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "expected a whole number of steps >= 1 (the last steps the trace keeps), got '{s}'"
        )),
    }
}

impl TraceLimits {
    /// Checks that the counters asked for can be read here; when not, says
    /// why in one line (`note: hardware counters unavailable: ...`) and
    /// drops them, so that the run goes on without.
    pub fn probe_counters(&mut self) -> Option<String> {
        let set = self.counters.filter(|s| !s.is_empty())?;
        match crate::counters::probe(set) {
            Ok(()) => None,
            Err(why) => {
                self.counters = None;
                Some(format!(
                    "note: hardware counters unavailable: {why}; the run goes on without them"
                ))
            }
        }
    }

    /// The runtime's trace options; with `share` (bytes: half of an
    /// explicit `--max-memory`), the events kept hold at most that much,
    /// past which they are counted as dropped, as past `--trace-max-events`.
    pub fn options(&self, share: Option<u64>) -> TraceOptions {
        let mode = match self.trace_mode {
            TraceKeep::Full => TraceMode::Full,
            TraceKeep::Summary => TraceMode::Summary {
                bin_ns: (self.trace_bin_ms * 1e6) as u64,
            },
        };
        let options = TraceOptions {
            mode,
            max_events: self.trace_max_events,
            window: self.trace_window.map(|steps| TraceWindow {
                steps,
                clock: StepClock::App,
            }),
            counters: self.counters.unwrap_or_default(),
        };
        match share {
            Some(bytes) => options.within_bytes(bytes),
            None => options,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_make_the_mode_bin_and_bound_asked_for() {
        let summary = TraceLimits {
            trace_mode: TraceKeep::Summary,
            trace_bin_ms: 2.5,
            trace_max_events: Some(100),
            trace_window: Some(3),
            trace_per_process: false,
            counters: None,
        };
        let o = summary.options(None);
        assert_eq!(o.mode, TraceMode::Summary { bin_ns: 2_500_000 });
        assert_eq!(o.max_events, Some(100));
        assert_eq!(o.window.map(|w| w.steps), Some(3));
        let full = TraceLimits {
            trace_mode: TraceKeep::Full,
            trace_bin_ms: 10.0,
            trace_max_events: None,
            trace_window: None,
            trace_per_process: false,
            counters: None,
        };
        let bounded = full.options(Some(160 * 1000));
        assert!(bounded.max_events.is_some_and(|n| n <= 1000), "{bounded:?}");
        assert_eq!(full.options(None).max_events, None);
        assert!(positive_ms("0.0001").is_err() && positive_ms("x").is_err());
        assert_eq!(positive_ms("0.5"), Ok(0.5));
        assert_eq!(window_steps("3"), Ok(3));
        assert!(window_steps("0").unwrap_err().contains(">= 1") && window_steps("-2").is_err());
    }
}
