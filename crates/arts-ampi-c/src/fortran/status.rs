//! `MPI_Status_f2c` and `MPI_Status_c2f` (and their `mpi_f08` siblings,
//! `TYPE(MPI_Status)` being the same words): a Fortran status
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

/// `MPI_Status_c2f08`: `mpi_f08`'s `TYPE(MPI_Status)` (C's
/// `MPI_F08_status`) of a C status: the same words.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_c2f08(
    c_status: *const MpiStatus,
    f08_status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Status_c2f08", MPI_COMM_WORLD, |_| {
        copy(c_status.cast(), f08_status.cast(), "C status")
    })
}

/// `MPI_Status_f082c`: the C status of an `mpi_f08` one.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_f082c(
    f08_status: *const MpiStatus,
    c_status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Status_f082c", MPI_COMM_WORLD, |_| {
        copy(f08_status.cast(), c_status.cast(), "Fortran 2008 status")
    })
}

/// `MPI_Status_f2f08`: the `mpi_f08` status of an `mpif.h` one.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_f2f08(
    f_status: *const c_int,
    f08_status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Status_f2f08", MPI_COMM_WORLD, |_| {
        copy(f_status.cast(), f08_status.cast(), "Fortran status")
    })
}

/// `MPI_Status_f082f`: the `mpif.h` status of an `mpi_f08` one.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_f082f(
    f08_status: *const MpiStatus,
    f_status: *mut c_int,
) -> c_int {
    entry("MPI_Status_f082f", MPI_COMM_WORLD, |_| {
        copy(f08_status.cast(), f_status.cast(), "Fortran 2008 status")
    })
}

/// Fortran's `MPI_Status_f2f08(f_status, f08_status, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_status_f2f08_(
    f_status: *const c_int,
    f08_status: *mut MpiStatus,
    ierr: *mut c_int,
) {
    // SAFETY: by reference, as the C call takes them.
    super::done(ierr, unsafe { ARTS_MPI_Status_f2f08(f_status, f08_status) });
}

/// Fortran's `MPI_Status_f082f(f08_status, f_status, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_status_f082f_(
    f08_status: *const MpiStatus,
    f_status: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference, as the C call takes them.
    super::done(ierr, unsafe { ARTS_MPI_Status_f082f(f08_status, f_status) });
}
