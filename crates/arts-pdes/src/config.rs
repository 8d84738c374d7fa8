//! Run configuration and the report every engine returns.

use crate::event::Queue;
use crate::key::Time;

/// Which synchronization engine runs the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SyncMode {
    /// One thread, one event list: the oracle.
    #[cfg_attr(feature = "clap", value(alias = "seq"))]
    Sequential,
    /// Threads as PEs advancing in lock-step time windows of one lookahead.
    #[cfg_attr(feature = "clap", value(alias = "cons"))]
    Conservative,
    /// Time Warp: threads as PEs, rollback, anti-messages, GVT, fossil collection.
    #[cfg_attr(feature = "clap", value(alias = "opt", alias = "timewarp"))]
    Optimistic,
}

impl SyncMode {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            SyncMode::Sequential => "sequential",
            SyncMode::Conservative => "conservative",
            SyncMode::Optimistic => "optimistic",
        }
    }
}

/// How LPs are assigned to PEs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum LpMapping {
    /// Contiguous blocks of LP ids (sizes differ by at most one).
    Block,
    /// LP `i` on PE `i % pes`.
    #[cfg_attr(feature = "clap", value(alias = "rr"))]
    RoundRobin,
}

impl LpMapping {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            LpMapping::Block => "block",
            LpMapping::RoundRobin => "round-robin",
        }
    }
}

/// How to run a model.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Engine.
    pub sync: SyncMode,
    /// Number of PEs (threads). The sequential engine uses one thread but still
    /// uses this partition to count cross-PE events.
    pub pes: usize,
    /// LP to PE assignment.
    pub mapping: LpMapping,
    /// Events with timestamp `>= end_time` are not executed.
    pub end_time: Time,
    /// Seed of the per-LP random streams.
    pub seed: u64,
    /// Optimistic only: PEs execute events only below `GVT + window`
    /// (`f64::INFINITY` = unbounded Time Warp).
    pub window: Time,
    /// Optimistic only: a busy PE starts a GVT round after this many events.
    pub gvt_interval: u32,
    /// Optimistic across processes: a PE whose processed-event log holds
    /// more than this many bytes executes only events at GVT (throttled)
    /// and asks for GVT rounds until fossil collection frees its log.
    /// Bounds each process's memory when another process lags behind.
    /// Default 4 MiB.
    pub log_budget: usize,
    /// Pending-event set of every PE.
    pub queue: Queue,
    /// The processes the run spans (`None`: this process only). With them,
    /// `pes` counts the PEs of all processes together (a multiple of the
    /// process count) and each process holds only its PEs' LPs.
    pub processes: Option<crate::dist::Processes>,
    /// Start from these LP states and pending events instead of the
    /// model's `init` (a checkpoint; `crate::checkpoint`).
    pub resume: Option<std::sync::Arc<crate::checkpoint::Resume>>,
    /// Return this process's final LP states and pending events in
    /// [`SimReport::end_state`] (for a checkpoint).
    pub keep: bool,
}

/// Default `RunConfig::log_budget`: 4 MiB of processed-event log per PE.
pub(crate) const DEFAULT_LOG_BUDGET: usize = 4 << 20;

impl RunConfig {
    /// A configuration with the defaults: block mapping, unbounded window,
    /// GVT every 1024 events per PE.
    pub fn new(sync: SyncMode, pes: usize, end_time: Time, seed: u64) -> RunConfig {
        RunConfig {
            sync,
            pes,
            mapping: LpMapping::Block,
            end_time,
            seed,
            window: f64::INFINITY,
            gvt_interval: 1024,
            log_budget: DEFAULT_LOG_BUDGET,
            queue: Queue::Calendar,
            processes: None,
            resume: None,
            keep: false,
        }
    }
}

/// What a run produced. Every field above `wall_s` in this list of committed
/// results is identical across engines and PE counts for the same model and seed:
/// `committed_events`, `checksum`, `stats`, `final_time`.
#[derive(Clone, Debug, PartialEq)]
pub struct SimReport {
    /// Engine that ran.
    pub sync: SyncMode,
    /// Threads used.
    pub pes: usize,
    /// Events executed and never rolled back (timestamp `< end_time`).
    pub committed_events: u64,
    /// Events executed, including those later rolled back.
    pub processed_events: u64,
    /// Event executions undone by rollbacks.
    pub rolled_back_events: u64,
    /// Anti-messages sent to other PEs.
    pub anti_messages: u64,
    /// Committed events whose sender LP is on another PE (for `pes` and mapping).
    pub cross_pe_events: u64,
    /// GVT rounds (optimistic) or time windows (conservative); 0 for sequential.
    pub gvt_rounds: u64,
    /// Largest number of executed-but-uncommitted events held at once (summed
    /// over PEs' peaks; 0 for non-optimistic engines).
    pub peak_uncommitted_events: u64,
    /// Checksum of the final committed LP states (folded in LP-id order).
    pub checksum: u64,
    /// Model statistics: declared name and folded value.
    pub stats: Vec<(&'static str, f64)>,
    /// Timestamp of the last committed event (0 if none).
    pub final_time: Time,
    /// Wall-clock seconds of the run (initialization included).
    pub wall_s: f64,
    /// Processes the run spanned (1 in one process).
    pub processes: u32,
    /// Runs across processes: wall-clock seconds process 0 spent in GVT
    /// rounds (`None` where not measured).
    pub gvt_s: Option<f64>,
    /// Runs across processes: each process's peak resident set size in
    /// bytes, by rank (empty in one process).
    pub peak_rss_per_process: Vec<u64>,
    /// With [`RunConfig::keep`]: this process's LP states and pending
    /// events at the end time.
    pub end_state: Option<std::sync::Arc<crate::checkpoint::Snapshot>>,
}

impl SimReport {
    /// Committed events per wall-clock second.
    pub fn events_per_s(&self) -> f64 {
        if self.wall_s > 0.0 {
            self.committed_events as f64 / self.wall_s
        } else {
            0.0
        }
    }

    /// Committed / processed (1 when nothing was processed).
    pub fn efficiency(&self) -> f64 {
        if self.processed_events == 0 {
            1.0
        } else {
            self.committed_events as f64 / self.processed_events as f64
        }
    }

    /// Fraction of committed events sent from one PE to another (0 when
    /// nothing was committed).
    pub fn remote_pe_fraction(&self) -> f64 {
        if self.committed_events == 0 {
            0.0
        } else {
            self.cross_pe_events as f64 / self.committed_events as f64
        }
    }

    /// True when the committed results (counts, checksum, statistics, final
    /// time) equal `other`'s.
    pub fn same_results(&self, other: &SimReport) -> bool {
        self.committed_events == other.committed_events
            && self.checksum == other.checksum
            && self.final_time.to_bits() == other.final_time.to_bits()
            && self.stats.len() == other.stats.len()
            && self
                .stats
                .iter()
                .zip(&other.stats)
                .all(|(a, b)| a.0 == b.0 && a.1.to_bits() == b.1.to_bits())
    }
}
