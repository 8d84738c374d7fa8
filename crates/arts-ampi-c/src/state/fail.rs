//! A failed call ([`Fail`]: its error class and message) and the checks
//! every call makes of its arguments: a communicator handle, an output
//! pointer, a count, an array of ints.

use std::ffi::c_int;

use arts_ampi::{Comm, MpiError, Status};

use crate::abi::*;

/// A failed call: its error class and what went wrong.
#[derive(Clone, Debug)]
pub(crate) struct Fail {
    /// The MPI error class.
    pub class: c_int,
    /// The message (without the call and rank, which [`entry`](super::entry) adds).
    pub msg: String,
    /// What the status of a request that completed in error says (a
    /// truncated receive: its message's source and tag).
    pub status: Option<Status>,
}

impl Fail {
    /// A failure of `class` saying `msg`.
    pub(crate) fn new(class: c_int, msg: impl Into<String>) -> Fail {
        Fail {
            class,
            msg: msg.into(),
            status: None,
        }
    }
}

impl From<MpiError> for Fail {
    fn from(e: MpiError) -> Fail {
        let class = match &e {
            MpiError::InvalidRank { .. } => ERR_RANK,
            MpiError::InvalidTag { .. } => ERR_TAG,
            MpiError::Truncated { .. } => ERR_TRUNCATE,
            MpiError::Count { .. } => ERR_COUNT,
            MpiError::InvalidHandle { call, .. } => {
                if call.contains("wait") || call.contains("test") {
                    ERR_REQUEST
                } else {
                    ERR_COMM
                }
            }
            MpiError::CommKind { .. } => ERR_COMM,
            MpiError::OpType { .. } => ERR_OP,
            MpiError::InvalidPe { .. } => ERR_ARG,
            _ => ERR_OTHER,
        };
        let status = match e {
            MpiError::Truncated { sender, tag, .. } => Some(Status {
                source: sender,
                tag,
                ..Status::default()
            }),
            _ => None,
        };
        Fail {
            status,
            ..Fail::new(class, e.to_string())
        }
    }
}

/// The arts communicator of C handle `comm`.
pub(crate) fn comm_of(comm: c_int) -> Result<Comm, Fail> {
    if comm < 0 {
        return Err(Fail::new(
            ERR_COMM,
            format!("invalid communicator {comm} (MPI_COMM_NULL or not a communicator)"),
        ));
    }
    Ok(Comm(comm as u32))
}

/// Checks an output pointer argument.
pub(crate) fn out<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T, Fail> {
    if p.is_null() {
        return Err(Fail::new(ERR_ARG, format!("{what} is a null pointer")));
    }
    // SAFETY: the C program passes a valid pointer to a `T` (checked non-null).
    Ok(unsafe { &mut *p })
}

/// Checks a count argument.
pub(crate) fn count(c: c_int, what: &str) -> Result<usize, Fail> {
    usize::try_from(c).map_err(|_| Fail::new(ERR_COUNT, format!("{what} {c} is negative")))
}

/// Reads `n` ints from a C array.
pub(crate) fn ints<'a>(p: *const c_int, n: usize, what: &str) -> Result<&'a [c_int], Fail> {
    if n == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(Fail::new(ERR_ARG, format!("{what} is a null pointer")));
    }
    // SAFETY: the C program passes an array of at least `n` ints.
    Ok(unsafe { std::slice::from_raw_parts(p, n) })
}
