//! Error handlers: the program's handler functions ([`ErrFn`]), the key
//! under which a rank keeps the handler of each communicator, file and
//! window, and calling a handler of the program.

use std::ffi::c_int;

use crate::abi::*;

/// `MPI_Comm_errhandler_function`: the communicator and the error code, by
/// pointer (then nothing: the variadic part is implementation-defined).
pub(crate) type ErrFn = unsafe extern "C-unwind" fn(*mut c_int, *mut c_int, ...);

/// The first handle `MPI_Comm_create_errhandler` gives (below: the
/// predefined `MPI_ERRORS_ARE_FATAL` and `MPI_ERRORS_RETURN`).
pub(crate) const FIRST_ERRHANDLER: c_int = 3;

/// Keys of `Vp::errhandlers` below the communicators': files'.
const FILE_KEYS: c_int = -1_000_000;

/// Keys of `Vp::errhandlers` below the files': windows'.
const WIN_KEYS: c_int = -2_000_000;

/// The error handler key of file `h` (`MPI_FILE_NULL`'s: the default of
/// files opened later).
pub(crate) fn file_key(h: c_int) -> c_int {
    FILE_KEYS - h
}

/// Whether `key` is a file's error handler key.
pub(crate) fn is_file_key(key: c_int) -> bool {
    key <= file_key(MPI_FILE_NULL) && key > win_key(MPI_WIN_NULL)
}

/// The error handler key of window `h`.
pub(crate) fn win_key(h: c_int) -> c_int {
    WIN_KEYS - h
}

/// The handle (communicator, file or window) of error handler key `key`.
fn handle_of_key(key: c_int) -> c_int {
    if key > file_key(MPI_FILE_NULL) {
        key
    } else if key > win_key(MPI_WIN_NULL) {
        FILE_KEYS - key
    } else {
        WIN_KEYS - key
    }
}

/// Calls the program's error handler `h` for the communicator, file or
/// window of key `key` and `code`. Nothing of the rank's state is borrowed
/// here, so the handler may call MPI.
#[cold]
pub(crate) fn call_errhandler(h: ErrFn, key: c_int, code: c_int) {
    let (mut comm, mut code) = (handle_of_key(key), code);
    // SAFETY: the program registered `h` as an `MPI_Comm_errhandler_function`,
    // which takes the communicator and the code by pointer.
    unsafe { h(&mut comm, &mut code) };
}
