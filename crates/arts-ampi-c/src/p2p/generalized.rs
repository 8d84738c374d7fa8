//! Generalized requests (`MPI_Grequest_start`, `MPI_Grequest_complete`):
//! requests the program completes itself. Each is an arts request of the
//! rank's own (`Mpi::user_request`), which `MPI_Grequest_complete`
//! completes; so every wait and test takes it as any other request. At
//! its completion the program's `query_fn` fills the status and its
//! `free_fn` runs (`MPI_Request_get_status` calls `query_fn` alone). `MPI_Cancel` calls `cancel_fn`;
//! `MPI_Request_free` leaves `free_fn` to the completion (or calls it,
//! after one). Fortran's binding takes subroutines for the callbacks.

use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::rc::Rc;

use arts_ampi::Status;

use crate::abi::*;
use crate::p2p::grequests::{Callbacks, CancelFn, FreeFn, Grequest, QueryFn};
use crate::state::fail::{Fail, out};
use crate::state::request::CReq;
use crate::state::{Vp, entry};

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
        let status = query(callbacks);
        callbacks.free();
        done.set(true);
        status
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

/// The status the query callback of `callbacks` writes, as a receive's.
fn query(callbacks: Callbacks) -> Status {
    let mut st = MpiStatus {
        source: MPI_UNDEFINED,
        tag: MPI_UNDEFINED,
        error: MPI_SUCCESS,
        cancelled: 0,
        count: 0,
    };
    callbacks.query(&mut st);
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

/// For `MPI_Request_get_status` of request `h`, if it is a generalized
/// one: its status once completed (from `query_fn`, which may run again at
/// the wait; `free_fn` waits for it), else `None`; the request stays.
pub(crate) fn status(vp: &mut Vp, h: c_int) -> Option<Option<Status>> {
    let g = vp.grequests.get(h)?;
    let (completed, callbacks) = (g.completed, g.callbacks);
    Some(completed.then(|| crate::state::callback(vp, || query(callbacks))))
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
