//! Generalized requests (`MPI_Grequest_start`, `MPI_Grequest_complete`):
//! requests the program completes itself. Each is an arts request of the
//! rank's own (`Mpi::user_request`), which `MPI_Grequest_complete`
//! completes; so every wait and test takes it as any other request. At
//! its completion (a wait, a test, or `MPI_Request_get_status`, which
//! keeps the status for the wait) the program's `query_fn` fills the
//! status and its `free_fn` runs. `MPI_Cancel` calls `cancel_fn`;
//! `MPI_Request_free` leaves `free_fn` to the completion (or calls it,
//! after one). Fortran's binding takes subroutines for the callbacks.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::rc::Rc;

use arts_ampi::Status;

use crate::abi::*;
use crate::state::fail::{Fail, out};
use crate::state::request::CReq;
use crate::state::{Vp, entry};

/// `MPI_Grequest_query_function`.
type QueryFn = unsafe extern "C-unwind" fn(*mut c_void, *mut MpiStatus) -> c_int;
/// `MPI_Grequest_free_function`.
type FreeFn = unsafe extern "C-unwind" fn(*mut c_void) -> c_int;
/// `MPI_Grequest_cancel_function`.
type CancelFn = unsafe extern "C-unwind" fn(*mut c_void, c_int) -> c_int;
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
    /// Fortran subroutines; their state (an `INTEGER(KIND=MPI_ADDRESS_KIND)`
    /// passed by reference) is boxed here, and freed after `free`.
    Fortran(FortranQuery, FortranFree, FortranCancel, *mut isize),
}

impl Callbacks {
    fn query(self, st: &mut MpiStatus) {
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
    fn free(self) {
        let mut ierr = 0;
        // SAFETY: as above; the box is the one `Fortran` was made with.
        unsafe {
            match self {
                Callbacks::C(_, f, _, extra) => drop(f(extra)),
                Callbacks::Fortran(_, f, _, extra) => {
                    f(extra, &mut ierr);
                    drop(Box::from_raw(extra));
                }
            }
        }
    }

    fn cancel(self, complete: bool) {
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
    live: HashMap<c_int, Grequest>,
}

/// One generalized request.
struct Grequest {
    callbacks: Callbacks,
    /// `MPI_Grequest_complete` was called.
    completed: bool,
    /// `MPI_Request_free` was called before it.
    freed: bool,
    /// Set when a wait or test completed it (its handle may then be reused).
    waited: Rc<Cell<bool>>,
}

impl Grequests {
    /// The live generalized request of handle `h`, if `h` is one.
    fn get(&mut self, h: c_int) -> Option<&mut Grequest> {
        self.live.retain(|_, g| !g.waited.get());
        self.live.get_mut(&h)
    }
}

/// `MPI_Grequest_start`: a request that completes when the program calls
/// `MPI_Grequest_complete` on it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Grequest_start(
    query_fn: Option<QueryFn>,
    free_fn: Option<FreeFn>,
    cancel_fn: Option<CancelFn>,
    extra_state: *mut c_void,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Grequest_start", MPI_COMM_WORLD, |vp| {
        let null = |what| Fail::new(ERR_ARG, format!("{what} is a null pointer"));
        let callbacks = Callbacks::C(
            query_fn.ok_or_else(|| null("query_fn"))?,
            free_fn.ok_or_else(|| null("free_fn"))?,
            cancel_fn.ok_or_else(|| null("cancel_fn"))?,
            extra_state,
        );
        start(vp, callbacks, request)
    })
}

/// Starts a generalized request of `callbacks`; its handle goes to
/// `*request`.
pub(crate) fn start(vp: &mut Vp, callbacks: Callbacks, request: *mut c_int) -> Result<(), Fail> {
    let request = out(request, "request")?;
    let req = vp.mpi().user_request();
    let waited = Rc::new(Cell::new(false));
    let done = waited.clone();
    let finish = move |_: Status| {
        let mut st = MpiStatus {
            source: MPI_UNDEFINED,
            tag: MPI_UNDEFINED,
            error: MPI_SUCCESS,
            cancelled: 0,
            count: 0,
        };
        callbacks.query(&mut st);
        callbacks.free();
        done.set(true);
        status_of(&st)
    };
    *request = vp.add_req(CReq::finishing(req, finish));
    let g = Grequest {
        callbacks,
        completed: false,
        freed: false,
        waited,
    };
    vp.grequests.live.insert(*request, g);
    Ok(())
}

/// The status a query function wrote, as a receive's.
fn status_of(st: &MpiStatus) -> Status {
    if st.cancelled != 0 {
        return Status::CANCELLED;
    }
    let bytes = usize::try_from(st.count).unwrap_or(0);
    Status {
        source: st.source,
        tag: st.tag,
        count: bytes,
        bytes,
    }
}

/// `MPI_Grequest_complete`: the request's waits and tests may complete.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Grequest_complete(request: c_int) -> c_int {
    entry("MPI_Grequest_complete", MPI_COMM_WORLD, |vp| {
        let g = vp
            .grequests
            .get(request)
            .filter(|g| !g.completed)
            .ok_or_else(|| {
                Fail::new(
                    ERR_REQUEST,
                    format!("{request} is not a generalized request still to complete"),
                )
            })?;
        g.completed = true;
        if g.freed {
            let callbacks = g.callbacks;
            vp.grequests.live.remove(&request);
            callbacks.free();
            return Ok(());
        }
        let r = vp.take_req(request)?;
        let done = match &r {
            CReq::Pending { req, .. } => vp.mpi().complete_user(req),
            _ => Ok(()),
        };
        vp.put_req(request, r);
        Ok(done?)
    })
}

/// For `MPI_Cancel`: calls the `cancel_fn` of request `h` if it is a
/// generalized one (and returns true).
pub(crate) fn cancel(vp: &mut Vp, h: c_int) -> bool {
    let Some(g) = vp.grequests.get(h) else {
        return false;
    };
    g.callbacks.cancel(g.completed);
    true
}

/// For `MPI_Request_free` of request `h`: a generalized one completed
/// already is freed now (`free_fn`); one still to complete, when it does.
pub(crate) fn free(vp: &mut Vp, h: c_int) {
    let Some(g) = vp.grequests.get(h) else {
        return;
    };
    if g.completed {
        let callbacks = g.callbacks;
        vp.grequests.live.remove(&h);
        callbacks.free();
    } else {
        g.freed = true;
    }
}
