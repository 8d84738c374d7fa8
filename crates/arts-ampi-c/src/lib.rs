//! The C ABI of Adaptive MPI on arts: unmodified C MPI programs, compiled
//! with `arts-mpicc` against `include/mpi.h` into a shared object, run as
//! the virtual processors of `arts-ampi`.
//!
//! * Every MPI function is an `extern "C-unwind"` function exported by the
//!   host binary under an `ARTS_` prefix (`ARTS_MPI_Send`); `mpi.h` maps
//!   the standard names onto them, so a system MPI library linked into the
//!   same process (the `mpi` feature of `arts`) never clashes.
//! * [`loader`] opens one private copy of the program per rank (its own
//!   data segment: globals and statics are per rank) and runs its `main`
//!   as the rank's body on the rank's coroutine.
//! * `state` holds each rank's C-side state (handles, error handlers)
//!   and finds it from the running rank.
//!
//! `README.md` beside this crate describes the protocol.

// The exported functions keep MPI's names; each one's safety contract is
// the MPI standard's for its arguments (valid buffers of the given counts
// and types, valid output pointers).
#![allow(non_snake_case, clippy::missing_safety_doc)]

pub mod abi;
mod ampi;
mod coll;
mod comm;
mod env;
mod exports;
mod fortran;
mod io;
pub mod loader;
mod p2p;
mod pup;
mod rma;
mod state;
mod tool;
mod topo;
mod types;

pub use exports::{EXPORTS, exported_names};
pub use loader::heap_share::HeapLimit;
pub use loader::{CProgram, CRunOptions, LoadError, run};

/// The directory holding `mpi.h` in the source tree.
pub fn include_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("include")
}

/// The `arts-mpicc` wrapper script in the source tree.
pub fn mpicc_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bin/arts-mpicc")
}
