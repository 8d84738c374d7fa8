//! Collective communication: the collectives, the reductions they and
//! one-sided accumulates share, and reduction operations (with the pair
//! types' `MPI_MAXLOC`/`MPI_MINLOC` and C's `long double` arithmetic).

pub(crate) mod collectives;
pub(crate) mod long_double;
pub(crate) mod ops;
pub(crate) mod pair;
pub(crate) mod reduce;
