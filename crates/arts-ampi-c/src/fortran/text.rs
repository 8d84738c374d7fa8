//! The Fortran calls with `CHARACTER` arguments beyond the communicator's
//! and the info object's: names of windows and datatypes, the library's
//! version, an error code's string, a file view's data representation.
//! gfortran passes each string's length after the other arguments.

use std::ffi::{c_char, c_int};

use super::{c_string, done, string_out};
use crate::abi::{MPI_MAX_LIBRARY_VERSION_STRING, MPI_MAX_OBJECT_NAME};
use crate::comm::names::*;
use crate::env::errors::ARTS_MPI_Add_error_string;
use crate::env::init::ARTS_MPI_Get_library_version;
use crate::io::query::ARTS_MPI_File_get_view;

/// `MPI_MAX_DATAREP_STRING` of `mpi.h`: room for a data representation.
const MAX_DATAREP: c_int = 128;

/// Defines the Fortran `set_name` and `get_name` calls of one kind of
/// object over its C calls.
macro_rules! fortran_names {
    ($set:ident => $cset:ident, $get:ident => $cget:ident) => {
        #[doc = concat!("Fortran's `", stringify!($cset), "(handle, name, ierr)`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $set(
            handle: *const c_int,
            name: *const c_char,
            ierr: *mut c_int,
            name_len: usize,
        ) {
            let name = c_string(name, name_len);
            // SAFETY: by reference; `name` is a C string.
            done(ierr, unsafe { $cset(*handle, name.as_ptr()) });
        }

        #[doc = concat!("Fortran's `", stringify!($cget), "(handle, name, resultlen, ierr)`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $get(
            handle: *const c_int,
            name: *mut c_char,
            resultlen: *mut c_int,
            ierr: *mut c_int,
            name_len: usize,
        ) {
            // SAFETY: by reference; the buffer has room for MPI_MAX_OBJECT_NAME bytes.
            string_out(MPI_MAX_OBJECT_NAME, name, name_len, ierr, |buf| unsafe {
                $cget(*handle, buf, resultlen)
            });
        }
    };
}

fortran_names!(mpi_type_set_name_ => ARTS_MPI_Type_set_name,
    mpi_type_get_name_ => ARTS_MPI_Type_get_name);
fortran_names!(mpi_win_set_name_ => ARTS_MPI_Win_set_name,
    mpi_win_get_name_ => ARTS_MPI_Win_get_name);

/// Fortran's `MPI_Get_library_version(version, resultlen, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_get_library_version_(
    version: *mut c_char,
    resultlen: *mut c_int,
    ierr: *mut c_int,
    version_len: usize,
) {
    let room = MPI_MAX_LIBRARY_VERSION_STRING;
    // SAFETY: the buffer has room for MPI_MAX_LIBRARY_VERSION_STRING bytes.
    string_out(room, version, version_len, ierr, |buf| unsafe {
        ARTS_MPI_Get_library_version(buf, resultlen)
    });
}

/// Fortran's `MPI_Add_error_string(errorcode, string, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_add_error_string_(
    errorcode: *const c_int,
    string: *const c_char,
    ierr: *mut c_int,
    string_len: usize,
) {
    let text = c_string(string, string_len);
    // SAFETY: by reference; a C string.
    done(ierr, unsafe {
        ARTS_MPI_Add_error_string(*errorcode, text.as_ptr())
    });
}

/// Fortran's `MPI_File_get_view(fh, disp, etype, filetype, datarep, ierr)`
/// (`disp` an `INTEGER(KIND=MPI_OFFSET_KIND)`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_file_get_view_(
    fh: *const c_int,
    disp: *mut i64,
    etype: *mut c_int,
    filetype: *mut c_int,
    datarep: *mut c_char,
    ierr: *mut c_int,
    datarep_len: usize,
) {
    // SAFETY: by reference; the buffer has room for MPI_MAX_DATAREP_STRING bytes.
    string_out(MAX_DATAREP, datarep, datarep_len, ierr, |buf| unsafe {
        ARTS_MPI_File_get_view(*fh, disp, etype, filetype, buf)
    });
}
