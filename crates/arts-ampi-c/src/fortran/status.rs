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

/// Defines C's status conversions: `$f` (`$name` in mpi.h) from `$from` to `$to`,
/// a copy.
macro_rules! conversion {
    ($($f:ident, $name:literal, $from:ident: $ft:ty => $to:ident: $tt:ty, $what:literal;)*) => {$(
        #[doc = concat!("`", $name, "`: a copy of the ", $what, ".")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $f($from: *const $ft, $to: *mut $tt) -> c_int {
            entry($name, MPI_COMM_WORLD, |_| copy($from.cast(), $to.cast(), $what))
        }
    )*};
}

conversion! {
    ARTS_MPI_Status_f2c, "MPI_Status_f2c", f_status: c_int => c_status: MpiStatus,
        "Fortran status";
    ARTS_MPI_Status_c2f, "MPI_Status_c2f", c_status: MpiStatus => f_status: c_int, "C status";
    ARTS_MPI_Status_c2f08, "MPI_Status_c2f08", c_status: MpiStatus => f08_status: MpiStatus,
        "C status";
    ARTS_MPI_Status_f082c, "MPI_Status_f082c", f08_status: MpiStatus => c_status: MpiStatus,
        "Fortran 2008 status";
    ARTS_MPI_Status_f2f08, "MPI_Status_f2f08", f_status: c_int => f08_status: MpiStatus,
        "Fortran status";
    ARTS_MPI_Status_f082f, "MPI_Status_f082f", f08_status: MpiStatus => f_status: c_int,
        "Fortran 2008 status";
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
