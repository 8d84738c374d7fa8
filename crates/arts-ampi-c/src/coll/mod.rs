//! Collective communication: the collectives, the reductions they and
//! one-sided accumulates share, and reduction operations.

pub(crate) mod collectives;
pub(crate) mod ops;
pub(crate) mod reduce;
