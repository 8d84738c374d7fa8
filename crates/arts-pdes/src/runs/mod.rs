//! Runs as a PDES user makes them, from end to end: a model on one engine,
//! checked against the sequential engine on request, with the figures
//! reported ([`phold`], [`torus`]). [`RunReport`] is one engine run's part
//! of a report.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::config::{RunConfig, SimReport, SyncMode};
use crate::engine::run;
use crate::error::PdesError;
use crate::model::Model;

pub mod phold;
mod tables;
pub mod torus;

/// One engine run as reported.
#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    /// Engine that ran.
    pub sync: &'static str,
    /// Threads used.
    pub pes: usize,
    /// LP to PE mapping.
    pub mapping: &'static str,
    /// Optimism window (`None`: unbounded).
    pub window: Option<f64>,
    /// Events per PE between GVT rounds.
    pub gvt_interval: u32,
    /// Pending-event set.
    pub queue: &'static str,
    /// Simulation end time.
    pub end_time: f64,
    /// Seed of the random streams.
    pub seed: u64,
    /// Events executed and never rolled back.
    pub committed_events: u64,
    /// Events executed, rolled back ones included.
    pub processed_events: u64,
    /// Event executions undone by rollbacks.
    pub rolled_back_events: u64,
    /// Anti-messages sent to other PEs.
    pub anti_messages: u64,
    /// GVT rounds or time windows.
    pub gvt_rounds: u64,
    /// Committed events per wall-clock second.
    pub events_per_s: f64,
    /// Committed / processed events.
    pub efficiency: f64,
    /// Checksum of the final LP states (16 hex digits).
    pub checksum: String,
    /// Timestamp of the last committed event.
    pub final_time: f64,
    /// Committed events sent from one PE to another.
    pub cross_pe_events: u64,
    /// Their fraction of the committed events.
    pub remote_pe_fraction: f64,
    /// Most executed-but-uncommitted events held at once.
    pub peak_uncommitted_events: u64,
    /// Peak resident set size of this process.
    pub peak_rss_bytes: Option<u64>,
    /// Processes the run spanned (1 in one process).
    pub processes: u32,
    /// Across processes: seconds process 0 spent in GVT rounds.
    pub gvt_s: Option<f64>,
    /// Across processes: each process's peak resident set size, by rank.
    pub peak_rss_bytes_per_process: Option<Vec<u64>>,
    /// Wall-clock seconds of the run.
    pub wall_s: f64,
    /// The model's statistics by name.
    pub stats: BTreeMap<&'static str, f64>,
}

impl RunReport {
    /// The report of run `r` made under `cfg`.
    pub fn new(r: &SimReport, cfg: &RunConfig) -> RunReport {
        RunReport {
            sync: r.sync.name(),
            pes: r.pes,
            mapping: cfg.mapping.name(),
            window: cfg.window.is_finite().then_some(cfg.window),
            gvt_interval: cfg.gvt_interval,
            queue: cfg.queue.name(),
            end_time: cfg.end_time,
            seed: cfg.seed,
            committed_events: r.committed_events,
            processed_events: r.processed_events,
            rolled_back_events: r.rolled_back_events,
            anti_messages: r.anti_messages,
            gvt_rounds: r.gvt_rounds,
            events_per_s: r.events_per_s(),
            efficiency: r.efficiency(),
            checksum: checksum_hex(r),
            final_time: r.final_time,
            cross_pe_events: r.cross_pe_events,
            remote_pe_fraction: r.remote_pe_fraction(),
            peak_uncommitted_events: r.peak_uncommitted_events,
            peak_rss_bytes: crate::mem::peak_rss_bytes(),
            processes: r.processes,
            gvt_s: r.gvt_s,
            peak_rss_bytes_per_process: (!r.peak_rss_per_process.is_empty())
                .then(|| r.peak_rss_per_process.clone()),
            wall_s: r.wall_s,
            stats: r.stats.iter().copied().collect(),
        }
    }
}

/// A run's checksum as reported: 16 hex digits.
pub fn checksum_hex(r: &SimReport) -> String {
    format!("{:016x}", r.checksum)
}

/// Runs `model` on the sequential engine under `seq` (whose engine is set
/// to sequential) and tells whether `report` has its committed results.
pub(crate) fn agrees_with_oracle<M: Model>(
    model: &M,
    mut seq: RunConfig,
    report: &SimReport,
) -> Result<bool, PdesError>
where
    M::State: Send,
{
    seq.sync = SyncMode::Sequential;
    // Across processes every process checks against its own sequential run.
    seq.processes = None;
    seq.pes = 1;
    Ok(run(model, &seq, None)?.same_results(report))
}
