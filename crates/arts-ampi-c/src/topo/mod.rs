//! Process topologies: Cartesian grids, graphs, and the neighbor lists
//! of the neighbor collectives.

pub(crate) mod cart;
pub(crate) mod graph;
