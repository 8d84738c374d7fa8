//! Fortran's `MPI_GREQUEST_START`: the callbacks are subroutines taking
//! the state by reference and an `ierror` (`crate::p2p::generalized`).
//! The reference is to the program's own `extra_state` variable, as Open
//! MPI and MPICH pass it: a callback that changes it changes the
//! program's variable.

use std::ffi::c_int;

use super::done;
use crate::abi::MPI_COMM_WORLD;
use crate::p2p::generalized::start;
use crate::p2p::grequests::{Callbacks, FortranCancel, FortranFree, FortranQuery};
use crate::state::entry;
use crate::state::fail::out;

/// Fortran's `MPI_GREQUEST_START(query_fn, free_fn, cancel_fn,
/// extra_state, request, ierror)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_grequest_start_(
    query_fn: FortranQuery,
    free_fn: FortranFree,
    cancel_fn: FortranCancel,
    extra_state: *const isize,
    request: *mut c_int,
    ierr: *mut c_int,
) {
    let rc = entry("MPI_Grequest_start", MPI_COMM_WORLD, |vp| {
        let extra: *mut isize = out(extra_state.cast_mut(), "extra_state")?;
        start(
            vp,
            Callbacks::Fortran(query_fn, free_fn, cancel_fn, extra),
            request,
        )
    });
    done(ierr, rc);
}
