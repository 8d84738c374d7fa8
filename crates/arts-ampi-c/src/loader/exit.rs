//! A rank's program ending itself: `exit`, `_exit`, `_Exit`, `abort` and
//! gfortran's `EXIT` end the calling rank, not the process.
//!
//! `arts-mpicc` links programs with `--wrap=exit` (and `_exit`, `_Exit`,
//! `abort`), so their calls reach the `__wrap_*` functions here, which the
//! `arts` binary exports; gfortran's `_gfortran_exit_i4`/`_i8` it exports
//! under their own names, as it does the `STOP` functions
//! (`crate::fortran`). Called on a rank, each unwinds the rank's `main` (as
//! a fatal MPI error does) to the loader with an [`Exit`] payload:
//! `exit(n)` ends the rank as `main` returning `n` would (what the program
//! registered at exit runs), `_exit(n)` the same without it, `abort()`
//! fails the rank. Called outside a rank (a thread the program started),
//! they are the C library's and end the process.

use std::any::Any;
use std::ffi::c_int;

use crate::fortran::Stopped;
use crate::state::{Fatal, current};

/// What the functions here unwind a rank's `main` with.
pub(crate) enum Exit {
    /// `exit(code)` ([`Ending::Exit`]) or `_exit(code)` ([`Ending::QuickExit`]).
    Ended(c_int, Ending),
    /// `abort()`.
    Abort,
}

/// How a rank's `main` ended without failing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Ending {
    /// `main` returned.
    Returned,
    /// `exit(code)`.
    Exit,
    /// `_exit(code)` or `_Exit(code)`.
    QuickExit,
    /// Fortran's `STOP`.
    Stop,
}

impl Ending {
    /// Whether what the program registered at exit runs.
    pub(crate) fn runs_at_exit(self) -> bool {
        self != Ending::QuickExit
    }

    /// The rank's failure when it ended so, with `code`, before `MPI_Finalize`.
    pub(crate) fn before_finalize(self, code: c_int) -> String {
        match self {
            Ending::Returned if code == 0 => "main returned without calling MPI_Finalize".into(),
            Ending::Returned => format!("main returned {code} without calling MPI_Finalize"),
            Ending::Exit => format!("exit({code}) called before MPI_Finalize"),
            Ending::QuickExit => format!("_exit({code}) called before MPI_Finalize"),
            Ending::Stop => format!("STOP {code} before MPI_Finalize"),
        }
    }
}

/// The code and ending of a `main` that unwound with `p`, if it ended
/// without failing (`exit`, `_exit`, `STOP`); else `p` again.
pub(crate) fn ending(p: Box<dyn Any + Send>) -> Result<(c_int, Ending), Box<dyn Any + Send>> {
    let p = match p.downcast::<Stopped>() {
        Ok(s) if !s.error => return Ok((s.code, Ending::Stop)),
        Ok(s) => return Err(s),
        Err(p) => p,
    };
    match p.downcast::<Exit>() {
        Ok(e) => match *e {
            Exit::Ended(code, how) => Ok((code, how)),
            Exit::Abort => Err(e),
        },
        Err(p) => Err(p),
    }
}

/// The rank's failure for a `main` that unwound with `p`: a fatal MPI
/// error, `ERROR STOP` or `abort()`; else `p` again.
pub(crate) fn failure(p: Box<dyn Any + Send>) -> Result<String, Box<dyn Any + Send>> {
    let p = match p.downcast::<Fatal>() {
        Ok(f) => return Ok(f.0),
        Err(p) => p,
    };
    let p = match p.downcast::<Stopped>() {
        Ok(s) => return Ok(format!("ERROR STOP {}", s.code)),
        Err(p) => p,
    };
    match p.downcast::<Exit>() {
        Ok(e) if matches!(*e, Exit::Abort) => Ok("abort() called (SIGABRT)".into()),
        Ok(e) => Err(e),
        Err(p) => Err(p),
    }
}

/// Ends the running rank with `e`; returns outside a rank (the caller
/// then ends the process as the C library does).
fn end_rank(e: Exit) {
    // What the rank printed reaches its destination, as at a process's exit.
    // SAFETY: flushing every C stream is always allowed.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    if !current().is_null() {
        std::panic::resume_unwind(Box::new(e))
    }
}

/// The program's `exit(code)`: its rank ends as if `main` returned `code`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_exit(code: c_int) -> ! {
    end_rank(Exit::Ended(code, Ending::Exit));
    // SAFETY: outside a rank, the C library's exit.
    unsafe { libc::exit(code) }
}

/// The program's `_exit(code)`: its rank ends with `code`, nothing
/// registered at exit running.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap__exit(code: c_int) -> ! {
    end_rank(Exit::Ended(code, Ending::QuickExit));
    // SAFETY: outside a rank, the C library's _exit.
    unsafe { libc::_exit(code) }
}

/// The program's `_Exit(code)`: as `_exit`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap__Exit(code: c_int) -> ! {
    __wrap__exit(code)
}

/// The program's `abort()`: its rank fails.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_abort() -> ! {
    end_rank(Exit::Abort);
    // SAFETY: outside a rank, the C library's abort.
    unsafe { libc::abort() }
}

/// gfortran's `CALL EXIT(status)` (default `INTEGER`; absent: 0).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_exit_i4(status: *const i32) -> ! {
    // SAFETY: gfortran passes the status by reference, or null.
    __wrap_exit(if status.is_null() {
        0
    } else {
        unsafe { *status }
    })
}

/// gfortran's `CALL EXIT(status)` with an `INTEGER(8)` status.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_exit_i8(status: *const i64) -> ! {
    // SAFETY: as above.
    __wrap_exit(if status.is_null() {
        0
    } else {
        unsafe { *status as c_int }
    })
}
