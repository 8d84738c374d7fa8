//! The strategies: pure functions from an [`LbInput`] to a [`Mapping`], a
//! registry by name (`--lb NAME`), and [`balance`], the checked entry point.

mod graph;
mod greedy;
mod greedy_comm;
mod grid;
mod metis;
mod quiet;
mod refine;
mod refine_comm;
mod simple;
mod within;

pub use greedy::Greedy;
pub use greedy_comm::GreedyComm;
pub use grid::{
    DEFAULT_TOLERANCE, GridComm, GridHybrid, GridMetis, GridOptions, MetisWeights, Phase2,
};
pub use metis::{EdgeWeight, Metis};
pub use refine::Refine;
pub use refine_comm::RefineComm;
pub use simple::{NoLb, Rotate};
pub use within::WithinGroups;

use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;

/// A load-balancing strategy.
pub trait Strategy: Send + Sync {
    /// The name it is selected by (`--lb NAME`).
    fn name(&self) -> &'static str;

    /// Computes a new mapping. `input` must have passed [`LbInput::validate`];
    /// callers should use [`balance`], which validates and checks the result.
    fn map(&self, input: &LbInput) -> Result<Mapping, LbError>;

    /// Whether the runtime may keep the current placement when this
    /// strategy's mapping is predicted not to pay for its migrations (true
    /// for every balancing strategy; false for `rotate`, whose moves are
    /// the point: it exercises migration, and for `none`, which moves
    /// nothing and is never replaced by another placement). A restrained
    /// strategy that is not topology-aware may also see its mapping
    /// replaced by `refine`'s when that pays more.
    fn restrained(&self) -> bool {
        true
    }

    /// Whether the mapping follows a topology (grid clusters, process
    /// groups). The runtime then never substitutes the topology-blind
    /// incremental `refine` mapping for it.
    fn topology_aware(&self) -> bool {
        false
    }
}

/// Every name [`by_name`] accepts, in the order they are listed to users.
pub const STRATEGY_NAMES: &[&str] = &[
    "none",
    "greedy",
    "greedy-classic",
    "refine",
    "refine-comm",
    "greedy-comm",
    "metis",
    "metis-messages",
    "rotate",
    "grid-comm",
    "grid-metis",
    "grid-hybrid",
];

/// The strategy called `name` with its default parameters.
pub fn by_name(name: &str) -> Result<Box<dyn Strategy>, LbError> {
    by_name_with(name, &GridOptions::default())
}

/// The grid strategies that use each [`GridOptions`] field, as
/// `(flag, strategies)`: other strategies ignore it.
pub const GRID_OPTION_USERS: &[(&str, &[&str])] = &[
    ("--grid-tolerance", &["grid-comm", "grid-hybrid"]),
    ("--grid-phase2", &["grid-hybrid"]),
    ("--grid-metis-weights", &["grid-metis", "grid-hybrid"]),
];

/// The strategy called `name`, the grid ones built with `grid` (checked
/// with [`GridOptions::check`]); the others take their defaults.
pub fn by_name_with(name: &str, grid: &GridOptions) -> Result<Box<dyn Strategy>, LbError> {
    grid.check()?;
    Ok(match name {
        "none" => Box::new(NoLb),
        "greedy" => Box::new(Greedy::default()),
        "greedy-classic" => Box::new(Greedy::classic()),
        "refine" => Box::new(Refine::default()),
        "refine-comm" => Box::new(RefineComm::default()),
        "greedy-comm" => Box::new(GreedyComm::default()),
        "metis" => Box::new(Metis::default()),
        "metis-messages" => Box::new(Metis {
            edge_weight: EdgeWeight::Messages,
        }),
        "rotate" => Box::new(Rotate),
        "grid-comm" => Box::new(GridComm {
            tolerance: grid.tolerance,
        }),
        "grid-metis" => Box::new(GridMetis {
            metis_weights: grid.metis_weights,
        }),
        "grid-hybrid" => Box::new(GridHybrid {
            tolerance: grid.tolerance,
            phase2: grid.phase2,
            metis_weights: grid.metis_weights,
        }),
        _ => {
            return Err(LbError::UnknownStrategy {
                name: name.to_string(),
                accepted: STRATEGY_NAMES.join(", "),
            });
        }
    })
}

/// Validates `input`, runs `strategy` and checks its mapping (every object on
/// an existing PE, non-migratable objects in place). A strategy that breaks a
/// rule yields an error, never a silently wrong mapping.
pub fn balance(strategy: &dyn Strategy, input: &LbInput) -> Result<Mapping, LbError> {
    input.validate()?;
    let mapping = strategy.map(input)?;
    mapping.check(input, strategy.name())?;
    Ok(mapping)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_resolves_to_itself() {
        for name in STRATEGY_NAMES {
            assert_eq!(by_name(name).unwrap().name(), *name);
        }
    }

    #[test]
    fn options_reach_the_grid_strategies_and_are_checked() {
        let grid = GridOptions {
            tolerance: 0.25,
            phase2: Phase2::Greedy,
            metis_weights: MetisWeights::Load,
        };
        for name in STRATEGY_NAMES {
            assert_eq!(by_name_with(name, &grid).unwrap().name(), *name);
        }
        // Each option changes the mapping of a mesh with a hot disc.
        let mut spec = crate::generate::GenSpec::new(1024, 8, crate::generate::Kind::Mesh, 3);
        spec.clusters = 2;
        let input = crate::generate::generate(&spec).steps.remove(0).input;
        let map = |name: &str, g: GridOptions| by_name_with(name, &g).unwrap().map(&input).unwrap();
        let base = GridOptions::default();
        for (name, changed) in [
            (
                "grid-comm",
                GridOptions {
                    tolerance: 1.0,
                    ..base
                },
            ),
            (
                "grid-hybrid",
                GridOptions {
                    phase2: Phase2::Greedy,
                    ..base
                },
            ),
            (
                "grid-metis",
                GridOptions {
                    metis_weights: MetisWeights::Load,
                    ..base
                },
            ),
        ] {
            assert_ne!(map(name, base), map(name, changed), "{name} {changed:?}");
            assert_eq!(map(name, base), by_name(name).unwrap().map(&input).unwrap());
        }
        for bad in [0.0, -0.1, 1.5, f64::NAN] {
            let e = by_name_with(
                "grid-comm",
                &GridOptions {
                    tolerance: bad,
                    ..grid
                },
            )
            .err()
            .unwrap()
            .to_string();
            assert!(
                e.contains("--grid-tolerance") && e.contains("(0, 1]"),
                "{e}"
            );
        }
        let users: Vec<&str> = GRID_OPTION_USERS
            .iter()
            .flat_map(|(_, s)| s.iter().copied())
            .collect();
        assert!(users.iter().all(|u| STRATEGY_NAMES.contains(u)));
    }

    #[test]
    fn unknown_name_lists_accepted_names() {
        let err = by_name("gredy").err().unwrap().to_string();
        assert!(
            err.contains("gredy") && err.contains("greedy, greedy-classic, refine"),
            "{err}"
        );
    }

    struct MovesPinned;
    impl Strategy for MovesPinned {
        fn name(&self) -> &'static str {
            "bad"
        }
        fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
            Ok(Mapping {
                pe_of: vec![0; input.objects.len()],
            })
        }
    }

    #[test]
    fn balance_rejects_a_strategy_that_moves_pinned_objects() {
        use crate::input::{ObjInfo, PeInfo};
        let input = LbInput {
            pes: vec![PeInfo::default(); 2],
            objects: vec![ObjInfo {
                id: 0,
                pe: 1,
                load_s: 1.0,
                migratable: false,
                bytes: 0,
            }],
            comm: vec![],
        };
        assert!(matches!(
            balance(&MovesPinned, &input),
            Err(LbError::MovedPinned { .. })
        ));
    }
}
