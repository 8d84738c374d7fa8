//! Communicators and what hangs on them (and on windows, datatypes and
//! files): groups, user attributes, names, hints (`MPI_Info`), and the
//! object a handle names.

pub(crate) mod attrs;
pub(crate) mod communicators;
pub(crate) mod group;
pub(crate) mod info;
pub(crate) mod names;
pub(crate) mod object;
