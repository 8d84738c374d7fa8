//! The enumerated flags of `arts pdes` and `arts bench pdes`.

use arts_pdes::{LpMapping, Queue, SyncMode};

/// `--sync` (and the items of `--engines`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SyncArg {
    /// The sequential engine (the oracle).
    #[value(alias = "seq")]
    Sequential,
    /// Conservative synchronization (lookahead windows).
    #[value(alias = "cons")]
    Conservative,
    /// Optimistic synchronization (Time Warp).
    #[value(alias = "opt", alias = "timewarp")]
    Optimistic,
}

impl From<SyncArg> for SyncMode {
    fn from(s: SyncArg) -> SyncMode {
        match s {
            SyncArg::Sequential => SyncMode::Sequential,
            SyncArg::Conservative => SyncMode::Conservative,
            SyncArg::Optimistic => SyncMode::Optimistic,
        }
    }
}

/// `--queue`: the pending-event set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum QueueArg {
    /// Adaptive calendar queue.
    Calendar,
    /// Binary heap.
    Heap,
}

impl From<QueueArg> for Queue {
    fn from(q: QueueArg) -> Queue {
        match q {
            QueueArg::Calendar => Queue::Calendar,
            QueueArg::Heap => Queue::Heap,
        }
    }
}

/// `--mapping` / `--pe-mapping`: which PE each LP runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LpMappingArg {
    /// Contiguous runs of LPs per PE.
    Block,
    /// LP i on PE i mod P.
    #[value(alias = "rr")]
    RoundRobin,
}

impl From<LpMappingArg> for LpMapping {
    fn from(m: LpMappingArg) -> LpMapping {
        match m {
            LpMappingArg::Block => LpMapping::Block,
            LpMappingArg::RoundRobin => LpMapping::RoundRobin,
        }
    }
}
