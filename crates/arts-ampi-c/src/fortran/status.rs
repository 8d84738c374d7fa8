//! `MPI_Status_f2c` and `MPI_Status_c2f`: a Fortran status
//! (`INTEGER status(MPI_STATUS_SIZE)`) holds the C `MPI_Status` word for
//! word, so each conversion is a copy (the handles' conversions are casts
//! in `mpi.h`).

use std::ffi::c_int;

use crate::abi::{ERR_ARG, MPI_COMM_WORLD, MpiStatus};
use crate::state::entry;
use crate::state::fail::{Fail, out};

/// Copies the status at `from` to `to`, both checked non-null.
fn copy(from: *const u8, to: *mut u8, what: &str) -> Result<(), Fail> {
    if from.is_null() {
        return Err(Fail::new(ERR_ARG, format!("the {what} is a null pointer")));
    }
    let to = out(to, "the result")?;
    // SAFETY: both hold a status (checked non-null); a program may pass
    // the same array twice, so they may overlap.
    unsafe { std::ptr::copy(from, to, std::mem::size_of::<MpiStatus>()) };
    Ok(())
}

/// `MPI_Status_f2c`: the C status a Fortran one holds.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_f2c(
    f_status: *const c_int,
    c_status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Status_f2c", MPI_COMM_WORLD, |_| {
        copy(f_status.cast(), c_status.cast(), "Fortran status")
    })
}

/// `MPI_Status_c2f`: the Fortran status of a C one.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_c2f(
    c_status: *const MpiStatus,
    f_status: *mut c_int,
) -> c_int {
    entry("MPI_Status_c2f", MPI_COMM_WORLD, |_| {
        copy(c_status.cast(), f_status.cast(), "C status")
    })
}
