//! A request of the C program ([`CReq`]), and the statuses the calls
//! write.

use std::ffi::c_int;

use arts_ampi::{Request, Status};

use crate::abi::*;
use crate::state::fail::Fail;

/// Work at a request's completion (unpacking a received message),
/// owning the buffers it reads.
pub(crate) type Finish = Box<dyn FnOnce(Status) -> Status>;

/// A request of the C program.
pub(crate) enum CReq {
    /// Complete: a send copied at once, a partner `MPI_PROC_NULL`, an
    /// inactive persistent request, or one `MPI_Testall` found complete
    /// while others were not.
    Done(Status),
    /// Still to complete.
    Pending {
        /// The arts request (dropped first: it may point into `finish`'s buffers).
        req: Request<'static>,
        /// Work at completion.
        finish: Option<Finish>,
    },
    /// Complete in error (a truncated receive), found by `MPI_Testall` or
    /// `MPI_Request_get_status`: what its wait or test then reports.
    Failed(Fail),
    /// Complete when every one of its parts is: the point-to-point
    /// messages of a collective built from them (the all-to-alls), those
    /// still pending (never empty; `crate::p2p::requests::settle`).
    All(Vec<CReq>),
}

impl CReq {
    /// An inactive persistent request (waits and tests return an empty
    /// status at once).
    pub(crate) fn inactive() -> CReq {
        CReq::Done(empty_status())
    }

    /// A request still to complete, with nothing to do then.
    pub(crate) fn pending(req: Request<'static>) -> CReq {
        CReq::Pending { req, finish: None }
    }

    /// Its status, if complete.
    pub(crate) fn status(&self) -> Option<Status> {
        match self {
            CReq::Done(s) => Some(*s),
            CReq::Pending { .. } | CReq::All(_) | CReq::Failed(_) => None,
        }
    }

    /// A request still to complete, `finish` run at completion.
    pub(crate) fn finishing(
        req: Request<'static>,
        finish: impl FnOnce(Status) -> Status + 'static,
    ) -> CReq {
        CReq::Pending {
            req,
            finish: Some(Box::new(finish)),
        }
    }
}

/// Writes `s` into a C `MPI_Status` (unless `MPI_STATUS_IGNORE`). Its
/// `MPI_ERROR` is left as the program set it: MPI updates that field only
/// where a call returns `MPI_ERR_IN_STATUS` ([`write_error`]; MPI 4.0
/// §3.2.5), and in the empty status of a null or inactive request, which
/// is `MPI_SUCCESS` there (§3.7.3).
pub(crate) fn write_status(p: *mut MpiStatus, s: &Status) {
    if p.is_null() {
        return;
    }
    // SAFETY: the C program passes a valid `MPI_Status` or MPI_STATUS_IGNORE (null).
    unsafe {
        (*p).source = s.source;
        (*p).tag = if s.cancelled() { MPI_ANY_TAG } else { s.tag };
        (*p).cancelled = c_int::from(s.cancelled());
        (*p).count = s.bytes as i64;
        if *s == empty_status() {
            (*p).error = MPI_SUCCESS;
        }
    }
}

/// Sets the `MPI_ERROR` of a C `MPI_Status` (unless `MPI_STATUS_IGNORE`):
/// for a call that completed several requests and returns
/// `MPI_ERR_IN_STATUS`.
pub(crate) fn write_error(p: *mut MpiStatus, code: c_int) {
    if !p.is_null() {
        // SAFETY: the C program passes a valid `MPI_Status` or MPI_STATUS_IGNORE (null).
        unsafe { (*p).error = code };
    }
}

/// The status of a receive from `MPI_PROC_NULL`.
pub(crate) fn proc_null_status() -> Status {
    Status {
        source: MPI_PROC_NULL,
        tag: MPI_ANY_TAG,
        ..Status::default()
    }
}

/// The empty status of a null or inactive request: any source, any tag,
/// nothing received.
pub(crate) fn empty_status() -> Status {
    Status {
        source: MPI_ANY_SOURCE,
        tag: MPI_ANY_TAG,
        ..Status::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_keeps_its_error_field_but_the_empty_one_is_success() {
        let mut st = MpiStatus {
            source: 9,
            tag: 9,
            error: ERR_OTHER,
            cancelled: 1,
            count: 9,
        };
        let got = Status {
            source: 2,
            tag: 5,
            count: 1,
            bytes: 4,
        };
        write_status(&mut st, &got);
        assert_eq!(
            (st.source, st.tag, st.error, st.cancelled, st.count),
            (2, 5, ERR_OTHER, 0, 4)
        );
        write_status(&mut st, &empty_status());
        assert_eq!(
            (st.source, st.tag, st.error, st.count),
            (MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0)
        );
    }
}
