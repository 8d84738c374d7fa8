//! The grid topology-aware strategies of the thesis (ch. 7), using
//! `PeInfo::cluster`: `grid-comm`, `grid-metis` and `grid-hybrid`, and
//! their options ([`GridOptions`]).
//!
//! - `grid-comm` (7.1): objects never leave their cluster; per cluster, the
//!   thesis' greedy spreads border objects evenly while balancing work
//!   (`comm.rs`).
//! - `grid-metis` (7.2): phase 1 partitions the migratable objects among
//!   clusters with METIS (`metis_phase.rs`; by default as the thesis: edge
//!   weight = messages, no vertex weights, cluster shares by integer speed
//!   multipliers; [`MetisWeights`]); phase 2 runs `metis-messages` inside
//!   each cluster.
//! - `grid-hybrid` (7.3): phase 1 of `grid-metis`, then inside each cluster
//!   the seed technique (`seed.rs`, README.md; default) or `grid-comm`'s
//!   greedy ([`Phase2`]).
//!
//! The tolerance (default 10%, the thesis') is `grid-comm`'s and
//! `grid-hybrid`'s; `grid-metis` has none. All three need a cluster on
//! every PE (`arts lb generate --clusters C`).

mod comm;
mod metis_phase;
mod seed;

use super::Strategy;
use super::graph::CommGraph;
use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;
use comm::Placement;
use metis_phase::{cluster_partition, metis_within_clusters};

/// The default tolerance: the thesis' 10%.
pub const DEFAULT_TOLERANCE: f64 = 0.10;

/// `grid-hybrid`'s second phase (`--grid-phase2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Phase2 {
    /// The seed technique of the thesis' hybrid results (§7.3.2): every PE
    /// grows from its objects, border objects first.
    #[default]
    Seed,
    /// `grid-comm`'s greedy inside each cluster.
    Greedy,
}

impl Phase2 {
    /// The option's name.
    pub fn name(self) -> &'static str {
        match self {
            Phase2::Seed => "seed",
            Phase2::Greedy => "greedy",
        }
    }
}

/// The vertex weights and cluster shares of phase 1 of `grid-metis` and
/// `grid-hybrid` (`--grid-metis-weights`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum MetisWeights {
    /// As the thesis (§7.2.2): messages only, every object weighs the same,
    /// cluster shares by integer speed multipliers.
    #[default]
    Messages,
    /// Vertex weight = measured work, cluster shares by water-filling
    /// (speeds, pinned work, background load).
    Load,
}

impl MetisWeights {
    /// The option's name.
    pub fn name(self) -> &'static str {
        match self {
            MetisWeights::Messages => "messages",
            MetisWeights::Load => "load",
        }
    }
}

/// The options of the grid strategies ([`super::by_name_with`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridOptions {
    /// Load tolerance of `grid-comm` and `grid-hybrid`, in (0, 1].
    pub tolerance: f64,
    /// `grid-hybrid`'s second phase.
    pub phase2: Phase2,
    /// Phase 1 weighting of `grid-metis` and `grid-hybrid`.
    pub metis_weights: MetisWeights,
}

impl Default for GridOptions {
    fn default() -> Self {
        GridOptions {
            tolerance: DEFAULT_TOLERANCE,
            phase2: Phase2::default(),
            metis_weights: MetisWeights::default(),
        }
    }
}

impl GridOptions {
    /// Checks the tolerance: a fraction of the heaviest object's work (or of
    /// the least PE time) in (0, 1]; 0 would leave no choice but the
    /// heaviest, above 1 every object would be "within" it.
    pub fn check(&self) -> Result<(), LbError> {
        if self.tolerance > 0.0 && self.tolerance <= 1.0 {
            Ok(())
        } else {
            Err(LbError::BadOption {
                option: "--grid-tolerance",
                value: self.tolerance.to_string(),
                accepted: "fractions in (0, 1]",
            })
        }
    }
}

/// Dense cluster index of every PE, and the number of clusters.
fn clusters(input: &LbInput, strategy: &str) -> Result<(Vec<usize>, usize), LbError> {
    let mut ids: Vec<u32> = Vec::with_capacity(input.pes.len());
    for (q, p) in input.pes.iter().enumerate() {
        ids.push(p.cluster.ok_or_else(|| LbError::Unsupported {
            strategy: strategy.to_string(),
            reason: format!(
                "PE {q} has no cluster (every PE needs one; `arts lb generate --clusters C` makes them)"
            ),
        })?);
    }
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let dense = ids
        .iter()
        .map(|c| distinct.binary_search(c).expect("id is in its own list"))
        .collect();
    Ok((dense, distinct.len()))
}

/// Places every migratable object on a PE of `obj_cluster[i]` by `phase2`.
fn place(
    input: &LbInput,
    graph: &CommGraph,
    works: &[f64],
    cluster_of_pe: &[usize],
    obj_cluster: &[usize],
    tolerance: f64,
    phase2: Phase2,
) -> Vec<usize> {
    let mut p = Placement::new(input, graph, works, cluster_of_pe, obj_cluster);
    match phase2 {
        Phase2::Seed => seed::seed_clusters(&mut p, tolerance),
        Phase2::Greedy => {
            for c in 0..p.pes_of.len() {
                comm::greedy_cluster(&mut p, c, tolerance);
            }
        }
    }
    p.pe_of
}

/// `grid-comm`: per-cluster greedy spreading border objects evenly.
#[derive(Clone, Copy, Debug)]
pub struct GridComm {
    /// Load tolerance of the selection rules (default 0.10, the thesis' 10%).
    pub tolerance: f64,
}

impl Default for GridComm {
    fn default() -> Self {
        GridComm {
            tolerance: DEFAULT_TOLERANCE,
        }
    }
}

impl Strategy for GridComm {
    fn topology_aware(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "grid-comm"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let (cluster_of_pe, _) = clusters(input, self.name())?;
        let works = input.works();
        let obj_cluster: Vec<usize> = input.objects.iter().map(|o| cluster_of_pe[o.pe]).collect();
        Ok(Mapping {
            pe_of: place(
                input,
                &CommGraph::build(input),
                &works,
                &cluster_of_pe,
                &obj_cluster,
                self.tolerance,
                Phase2::Greedy,
            ),
        })
    }
}

/// `grid-metis`: two-phase METIS (clusters by messages, then PEs by work +
/// messages).
#[derive(Clone, Copy, Debug, Default)]
pub struct GridMetis {
    /// Phase 1 weighting (default: messages only, as the thesis).
    pub metis_weights: MetisWeights,
}

impl Strategy for GridMetis {
    fn topology_aware(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "grid-metis"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let (cluster_of_pe, nclusters) = clusters(input, self.name())?;
        let works = input.works();
        let obj_cluster = cluster_partition(
            input,
            &CommGraph::build(input),
            &works,
            &cluster_of_pe,
            nclusters,
            self.metis_weights,
            self.name(),
        )?;
        Ok(Mapping {
            pe_of: metis_within_clusters(input, &works, &cluster_of_pe, &obj_cluster)?,
        })
    }
}

/// `grid-hybrid`: phase 1 of `grid-metis`, then the seed technique (or
/// `grid-comm`'s greedy) within clusters.
#[derive(Clone, Copy, Debug)]
pub struct GridHybrid {
    /// Load tolerance of the second phase (default 0.10).
    pub tolerance: f64,
    /// The second phase (default: the seed technique).
    pub phase2: Phase2,
    /// Phase 1 weighting (default: messages only, as the thesis).
    pub metis_weights: MetisWeights,
}

impl Default for GridHybrid {
    fn default() -> Self {
        let o = GridOptions::default();
        GridHybrid {
            tolerance: o.tolerance,
            phase2: o.phase2,
            metis_weights: o.metis_weights,
        }
    }
}

impl Strategy for GridHybrid {
    fn topology_aware(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "grid-hybrid"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let (cluster_of_pe, nclusters) = clusters(input, self.name())?;
        let works = input.works();
        let graph = CommGraph::build(input);
        let obj_cluster = cluster_partition(
            input,
            &graph,
            &works,
            &cluster_of_pe,
            nclusters,
            self.metis_weights,
            self.name(),
        )?;
        Ok(Mapping {
            pe_of: place(
                input,
                &graph,
                &works,
                &cluster_of_pe,
                &obj_cluster,
                self.tolerance,
                self.phase2,
            ),
        })
    }
}

#[cfg(test)]
mod tests;
