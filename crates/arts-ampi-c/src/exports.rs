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
//! the `#define`s of `mpi.h`. Beside it, `PROFILING` holds each call's
//! profiling name (`ARTS_PMPI_x`, `pmpi_x_`), a jump to the call.

/// Exported function names and addresses.
pub struct Exports(pub &'static [(&'static str, *const ())]);

// SAFETY: the table is immutable: names and code addresses only.
unsafe impl Sync for Exports {}

// The METIS functions of the table are C symbols of the `metis` crate's
// vendored METIS: the crate is named so that it is linked.
use metis as _;

/// The profiling names' one instruction: a jump to the call.
#[cfg(target_arch = "x86_64")]
macro_rules! jump {
    () => {
        "jmp {to}"
    };
}
#[cfg(target_arch = "aarch64")]
macro_rules! jump {
    () => {
        "b {to}"
    };
}

include!(concat!(env!("OUT_DIR"), "/exports.rs"));

/// The exported names (and, through the table, a reference to every
/// function, which keeps them in the binary).
pub fn exported_names() -> Vec<&'static str> {
    let tables = std::hint::black_box([&EXPORTS, &PROFILING]);
    tables
        .iter()
        .flat_map(|t| t.0.iter().map(|e| e.0))
        .collect()
}
