//! Communicators and what hangs on them (and on windows, datatypes and
//! files): groups, user attributes (their keys and values: `keyvals.rs`),
//! names and hints (`MPI_Info`); intercommunicators (`inter.rs`).

pub(crate) mod attrs;
pub(crate) mod communicators;
pub(crate) mod group;
pub(crate) mod info;
pub(crate) mod inter;
pub(crate) mod keyvals;
pub(crate) mod names;
