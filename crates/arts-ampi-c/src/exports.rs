//! The table of every exported function: the `ARTS_*` functions behind
//! `mpi.h`, the Fortran binding's `mpi_*_` (`mpif.h`), `__wrap_calloc`
//! (programs are linked with `--wrap=calloc`) and C++'s global `operator
//! new`/`delete` (`crate::loader::malloc`) and METIS's graph partitioners
//! (`METIS_PartGraphKway`, for programs that partition their own meshes).
//! The host binary references it ([`exported_names`]), so the linker keeps
//! every function, and its build script exports these symbols to the
//! programs it loads. The table is generated (`build.rs`) from
//! `exports.list`, the list of those symbols: each function is named once
//! in Rust, where it is defined. A test checks the `ARTS_*` names against
//! the `#define`s of `mpi.h`.

/// Exported function names and addresses.
pub struct Exports(pub &'static [(&'static str, *const ())]);

// SAFETY: the table is immutable: names and code addresses only.
unsafe impl Sync for Exports {}

// The METIS functions of the table are C symbols of the `metis` crate's
// vendored METIS: the crate is named so that it is linked.
use metis as _;

include!(concat!(env!("OUT_DIR"), "/exports.rs"));

/// The exported names (and, through the table, a reference to every
/// function, which keeps them in the binary).
pub fn exported_names() -> Vec<&'static str> {
    let table = std::hint::black_box(&EXPORTS);
    table.0.iter().map(|e| e.0).collect()
}
