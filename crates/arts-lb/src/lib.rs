//! Load balancing: strategies as pure functions, and application-level
//! weighted partitioning.

pub mod weighted;
