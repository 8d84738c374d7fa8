//! The environment (MPI's chapter of that name): init and finalize, the
//! clock, and errors: their classes, strings and the program's handlers.

pub(crate) mod errors;
pub(crate) mod init;
