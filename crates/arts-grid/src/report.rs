//! The grid part of every object-runtime app's report: the grid a run
//! emulated ([`GridSummary`]) and what each PE saw of it ([`GridReport`]).

use arts_core::RunReport;
use serde::Serialize;

use crate::{Emulation, Topology};

/// What the report says about the grid a run emulated.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GridSummary {
    /// The topology (the `--topology` file format); `None` without a grid.
    pub topology: Option<Topology>,
    /// Whether border-object prioritization was on.
    pub grid_priority: bool,
}

impl GridSummary {
    /// The summary of `emulation` (the empty one without a grid).
    pub fn of(emulation: Option<&Emulation>) -> Self {
        emulation.map_or_else(GridSummary::default, |e| GridSummary {
            topology: Some(e.topology.clone()),
            grid_priority: e.priority,
        })
    }
}

/// The grid part of every object-runtime report (JSON keys are a
/// contract): the emulated grid, then per PE the border objects and the
/// messages served from the grid queue.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GridReport {
    /// The emulated grid (`topology: null` without one).
    #[serde(flatten)]
    pub emulated: GridSummary,
    /// Elements seen sending to another cluster, per PE, at the end of the
    /// run: learned from their sends since the last load-balancing step
    /// (which forgets them, as objects may have moved). 0 on every PE after
    /// a balancer put all objects in one cluster.
    pub border_objects: Vec<u64>,
    /// Messages served from the grid queue, per PE.
    pub grid_dispatches: Vec<u64>,
}

impl GridReport {
    /// What `report` says of the grid `emulated`.
    pub fn of(emulated: GridSummary, report: &RunReport) -> Self {
        let counter = |of: fn(&arts_core::PeCounters) -> u64| -> Vec<u64> {
            report.pes.iter().map(|p| of(&p.counters)).collect()
        };
        GridReport {
            emulated,
            border_objects: counter(|c| c.border_objects),
            grid_dispatches: counter(|c| c.grid_dispatches),
        }
    }

    /// The text report's lines (none without a grid).
    pub fn table(&self) -> String {
        let Some(t) = &self.emulated.topology else {
            return String::new();
        };
        let sizes: Vec<String> = t.clusters.iter().map(|c| c.len().to_string()).collect();
        let mut s = format!(
            "grid                  {} clusters of {} PEs, latency {:.3} ms (max), jitter {:.3} ms\n",
            t.clusters.len(),
            sizes.join("+"),
            t.latency_ms.iter().flatten().copied().fold(0.0, f64::max),
            t.jitter_ms,
        );
        let off_diagonal = |m: &[Vec<f64>]| -> Vec<f64> {
            let cells = m.iter().enumerate();
            let cells = cells.flat_map(|(a, r)| r.iter().enumerate().filter(move |(b, _)| a != *b));
            cells.map(|(_, &v)| v).collect()
        };
        if let Some(m) = &t.bandwidth_mbit_s {
            let min = off_diagonal(m).into_iter().fold(f64::INFINITY, f64::min);
            s += &format!(
                "link bandwidth        {} (min)\n",
                crate::topology::link::format_bandwidth(min * 1e6)
            );
        }
        if let Some(m) = &t.overhead_us {
            let max = off_diagonal(m).into_iter().fold(0.0, f64::max);
            s += &format!("per-message overhead  {max} us (max)\n");
        }
        if let Some(speeds) = &t.speeds {
            let v: Vec<String> = speeds.iter().map(|v| format!("{v}")).collect();
            s += &format!("emulated PE speeds    {}\n", v.join(" "));
        }
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        s += &format!("border objects/PE     {}\n", list(&self.border_objects));
        if self.emulated.grid_priority {
            s += &format!("grid-queue dispatches {}\n", list(&self.grid_dispatches));
        }
        s
    }
}
