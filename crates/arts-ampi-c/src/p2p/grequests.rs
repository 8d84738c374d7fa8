//! What a rank keeps of its generalized requests (`generalized.rs`): the
//! program's callbacks and each request's state, by handle.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::rc::Rc;

use crate::abi::MpiStatus;

/// `MPI_Grequest_query_function`.
pub(crate) type QueryFn = unsafe extern "C-unwind" fn(*mut c_void, *mut MpiStatus) -> c_int;
/// `MPI_Grequest_free_function`.
pub(crate) type FreeFn = unsafe extern "C-unwind" fn(*mut c_void) -> c_int;
/// `MPI_Grequest_cancel_function`.
pub(crate) type CancelFn = unsafe extern "C-unwind" fn(*mut c_void, c_int) -> c_int;
/// Fortran's query subroutine: `(extra_state, status, ierror)`.
pub(crate) type FortranQuery = unsafe extern "C-unwind" fn(*mut isize, *mut MpiStatus, *mut c_int);
/// Fortran's free subroutine: `(extra_state, ierror)`.
pub(crate) type FortranFree = unsafe extern "C-unwind" fn(*mut isize, *mut c_int);
/// Fortran's cancel subroutine: `(extra_state, complete, ierror)`.
pub(crate) type FortranCancel = unsafe extern "C-unwind" fn(*mut isize, *mut c_int, *mut c_int);

/// A request's callbacks and the program's state for them.
#[derive(Clone, Copy)]
pub(crate) enum Callbacks {
    /// C functions.
    C(QueryFn, FreeFn, CancelFn, *mut c_void),
    /// Fortran subroutines; their state is the program's
    /// `INTEGER(KIND=MPI_ADDRESS_KIND)` variable, passed by reference.
    Fortran(FortranQuery, FortranFree, FortranCancel, *mut isize),
}

impl Callbacks {
    /// Calls the query callback, which fills `st`.
    pub(crate) fn query(self, st: &mut MpiStatus) {
        let mut ierr = 0;
        // SAFETY: the program's callbacks, with its own state.
        unsafe {
            match self {
                Callbacks::C(q, _, _, extra) => drop(q(extra, st)),
                Callbacks::Fortran(q, _, _, extra) => q(extra, st, &mut ierr),
            }
        }
    }

    /// Calls the free callback; the callbacks are not used again.
    pub(crate) fn free(self) {
        let mut ierr = 0;
        // SAFETY: as above.
        unsafe {
            match self {
                Callbacks::C(_, f, _, extra) => drop(f(extra)),
                Callbacks::Fortran(_, f, _, extra) => f(extra, &mut ierr),
            }
        }
    }

    /// Calls the cancel callback.
    pub(crate) fn cancel(self, complete: bool) {
        let (mut complete, mut ierr) = (c_int::from(complete), 0);
        // SAFETY: as above.
        unsafe {
            match self {
                Callbacks::C(_, _, c, extra) => drop(c(extra, complete)),
                Callbacks::Fortran(_, _, c, extra) => c(extra, &mut complete, &mut ierr),
            }
        }
    }
}

/// The generalized requests of a rank not yet waited for, by handle.
#[derive(Default)]
pub(crate) struct Grequests {
    pub(crate) live: HashMap<c_int, Grequest>,
}

/// One generalized request.
pub(crate) struct Grequest {
    pub(crate) callbacks: Callbacks,
    /// `MPI_Grequest_complete` was called.
    pub(crate) completed: bool,
    /// `MPI_Request_free` was called before it.
    pub(crate) freed: bool,
    /// Set when a wait or test completed it (its handle may then be reused).
    pub(crate) waited: Rc<Cell<bool>>,
}

impl Grequests {
    /// The live generalized request of handle `h`, if `h` is one.
    pub(crate) fn get(&mut self, h: c_int) -> Option<&mut Grequest> {
        self.live.retain(|_, g| !g.waited.get());
        self.live.get_mut(&h)
    }
}
