//! The enumerated flags of `arts run ddm` and `arts ddm preset`.

use arts_apps::ddm::parallel::AppLb;
use arts_apps::ddm::sweep::Method;
use arts_ddm::{ConstantSet, EdgeAverage, MeshKind, SweepOrder};

/// A built-in device (`--preset`, `arts ddm preset NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PresetArg {
    /// Separate-absorption-multiplication avalanche photodiode.
    ApdSam,
    /// Silicon p-n junction.
    SiPn,
    /// Silicon p-i-n diode.
    SiPin,
}

impl PresetArg {
    /// The preset's name in `arts_ddm::presets`.
    pub fn name(self) -> &'static str {
        match self {
            PresetArg::ApdSam => "apd-sam",
            PresetArg::SiPn => "si-pn",
            PresetArg::SiPin => "si-pin",
        }
    }
}

/// `--constants`: the physical constant set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ConstantsArg {
    /// CODATA 2018.
    Codata,
    /// The classic TCAD set.
    Tcad,
}

impl From<ConstantsArg> for ConstantSet {
    fn from(c: ConstantsArg) -> ConstantSet {
        match c {
            ConstantsArg::Codata => ConstantSet::Codata,
            ConstantsArg::Tcad => ConstantSet::Tcad,
        }
    }
}

/// `--edge-average`: how permittivity and mobility are averaged onto edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EdgeAverageArg {
    /// 2ab/(a + b).
    Harmonic,
    /// (a + b)/2.
    Arithmetic,
}

impl From<EdgeAverageArg> for EdgeAverage {
    fn from(a: EdgeAverageArg) -> EdgeAverage {
        match a {
            EdgeAverageArg::Harmonic => EdgeAverage::Harmonic,
            EdgeAverageArg::Arithmetic => EdgeAverage::Arithmetic,
        }
    }
}

/// `--mesh`: where the mesh points sit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MeshArg {
    /// Cell-centred rows at (i + ½)h.
    Cells,
    /// Nodes at i·h from 0 to L, contacts on the end nodes.
    Nodes,
}

impl From<MeshArg> for MeshKind {
    fn from(a: MeshArg) -> MeshKind {
        match a {
            MeshArg::Cells => MeshKind::Cells,
            MeshArg::Nodes => MeshKind::Nodes,
        }
    }
}

/// `--order` of `arts run ddm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OrderArg {
    /// Rows in mesh order.
    Sequential,
    /// Independent segments (--segments or --segment-starts).
    Relaxed,
    /// Sequential, and every bias point again in the relaxed order.
    Both,
}

impl From<OrderArg> for SweepOrder {
    fn from(o: OrderArg) -> SweepOrder {
        match o {
            OrderArg::Sequential => SweepOrder::Sequential,
            OrderArg::Relaxed => SweepOrder::Relaxed,
            OrderArg::Both => SweepOrder::Both,
        }
    }
}

/// `--method` of `arts run ddm`: which solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// Gummel's decoupled iteration with point updates (the load-balancing study's solver).
    Gummel,
    /// Coupled Newton with a block-tridiagonal direct solve.
    Newton,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Gummel => Method::Gummel,
            MethodArg::Newton => Method::Newton,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    #[test]
    fn preset_names_match_the_library() {
        for p in PresetArg::value_variants() {
            assert_eq!(p.to_possible_value().unwrap().get_name(), p.name());
            assert!(arts_ddm::presets::preset(p.name()).is_ok());
        }
        assert_eq!(
            PresetArg::value_variants().len(),
            arts_ddm::presets::PRESETS.len()
        );
    }
}

/// Where the segments of a parallel run wait for each other's rows after
/// every sub-cycle (`--subcycle-dependency`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Dependency {
    /// Nowhere: every boundary relaxed.
    Off,
    /// Everywhere: the sequential order, staggered (a pipeline).
    On,
    /// Between segments that start on the same PE; relaxed between PEs.
    Local,
}

impl Dependency {
    /// The slabs' links it asks for.
    pub fn link(self) -> arts_apps::ddm::Link {
        match self {
            Dependency::Off => arts_apps::ddm::Link::None,
            Dependency::On => arts_apps::ddm::Link::All,
            Dependency::Local => arts_apps::ddm::Link::SamePe,
        }
    }
}

/// Application-level balancing of a parallel run (`--app-lb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AppLbArg {
    /// Segments as --segments or --segment-starts give them.
    Off,
    /// Segments cut once for equal cost, measured by the sequential solver
    /// on the first bias point (the paper's section 4; `arts ddm partition`).
    Static,
    /// Equal rows to start with; the slabs re-measure their cost every
    /// --app-lb-every iterations and move rows between neighbours when the
    /// predicted max/avg improves by more than --app-lb-threshold.
    Live,
}

impl From<AppLbArg> for AppLb {
    fn from(a: AppLbArg) -> AppLb {
        match a {
            AppLbArg::Off => AppLb::Off,
            AppLbArg::Static => AppLb::Static,
            AppLbArg::Live => AppLb::Live,
        }
    }
}
