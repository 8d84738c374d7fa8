//! The strategies: pure functions from an [`LbInput`] to a [`Mapping`], a
//! registry by name (`--lb NAME`), and [`balance`], the checked entry point.

mod graph;
mod greedy;
mod greedy_comm;
mod grid;
mod metis;
mod quiet;
mod refine;
mod simple;
mod within;

pub use greedy::Greedy;
pub use greedy_comm::GreedyComm;
pub use grid::{GridComm, GridHybrid, GridMetis};
pub use metis::{EdgeWeight, Metis};
pub use refine::Refine;
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
    /// the point: it exercises migration).
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
    Ok(match name {
        "none" => Box::new(NoLb),
        "greedy" => Box::new(Greedy::default()),
        "greedy-classic" => Box::new(Greedy::classic()),
        "refine" => Box::new(Refine::default()),
        "greedy-comm" => Box::new(GreedyComm::default()),
        "metis" => Box::new(Metis::default()),
        "metis-messages" => Box::new(Metis {
            edge_weight: EdgeWeight::Messages,
        }),
        "rotate" => Box::new(Rotate),
        "grid-comm" => Box::new(GridComm::default()),
        "grid-metis" => Box::new(GridMetis),
        "grid-hybrid" => Box::new(GridHybrid::default()),
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
