//! MPI-IO: files and views, the shared file pointer, what an open file
//! says of itself, and split collectives.

pub(crate) mod atomic;
pub(crate) mod file;
pub(crate) mod handle;
pub(crate) mod query;
pub(crate) mod shared;
pub(crate) mod split;
