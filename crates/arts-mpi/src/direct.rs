//! [`MpiDirect`]: direct transfers ([`arts_core::transport::Direct`]) as non-blocking MPI
//! point-to-point calls on a communicator of their own, straight between the
//! two buffers: Open MPI moves a large message with a single copy (or none)
//! once both sides are posted.
//!
//! A receive takes a tag from its process's pool, which keeps the tags of
//! the receives in progress distinct, and posts `MPI_Irecv` from any source
//! with it (the sender's process is the one that answers, not one named in
//! advance). The sender posts `MPI_Isend` to the receiver's process with that
//! tag. The tag returns to the pool when the receive completes.

use std::mem::MaybeUninit;
use std::sync::{Mutex, PoisonError};

use arts_core::transport::{Direct, Transfer};
use mpi::Count;
use mpi::datatype::Equivalence;
use mpi::ffi;
use mpi::raw::AsRaw;

use crate::transport::Comm;

/// Tags of the receives one process may have in progress (every MPI library
/// accepts tags below 32,768).
const TAGS: i32 = 32_000;

/// Direct transfers over MPI.
pub(crate) struct MpiDirect {
    comm: Comm,
    /// Tags no receive of this process holds.
    free_tags: Mutex<Vec<i32>>,
}

impl MpiDirect {
    /// Transfers on `comm`, a communicator used for nothing else.
    pub(crate) fn new(comm: Comm) -> MpiDirect {
        MpiDirect {
            comm,
            free_tags: Mutex::new((0..TAGS).rev().collect()),
        }
    }

    fn tags(&self) -> std::sync::MutexGuard<'_, Vec<i32>> {
        self.free_tags
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// The count of a transfer of `len` bytes.
fn count(len: usize) -> Count {
    Count::try_from(len).expect("a direct transfer below 2 GiB")
}

/// A posted request, as the transfer's handle (boxed, so that the handle is
/// a plain address whatever type the MPI library gives its requests).
fn handle(request: MaybeUninit<ffi::MPI_Request>) -> usize {
    // SAFETY: MPI wrote the request when the call that took it returned.
    Box::into_raw(Box::new(unsafe { request.assume_init() })) as usize
}

impl Direct for MpiDirect {
    unsafe fn post_receive(&self, buf: *mut u8, len: usize) -> Option<Transfer> {
        let tag = self.tags().pop()?;
        let mut request = MaybeUninit::uninit();
        // SAFETY: the caller keeps `buf` valid and untouched for `len` bytes
        // until the transfer completes; the communicator and datatype are
        // valid handles of this job.
        unsafe {
            ffi::MPI_Irecv(
                buf.cast(),
                count(len),
                u8::equivalent_datatype().as_raw(),
                ffi::RSMPI_ANY_SOURCE,
                tag,
                self.comm.0.as_raw(),
                request.as_mut_ptr(),
            );
        }
        Some(Transfer {
            handle: handle(request),
            tag: Some(tag),
        })
    }

    unsafe fn post_send(&self, process: u32, tag: i32, buf: *const u8, len: usize) -> Transfer {
        let mut request = MaybeUninit::uninit();
        // SAFETY: the caller keeps `buf` valid and unchanged for `len` bytes
        // until the transfer completes; as above for the handles.
        unsafe {
            ffi::MPI_Isend(
                buf.cast(),
                count(len),
                u8::equivalent_datatype().as_raw(),
                process as i32,
                tag,
                self.comm.0.as_raw(),
                request.as_mut_ptr(),
            );
        }
        Transfer {
            handle: handle(request),
            tag: None,
        }
    }

    fn test(&self, transfer: &mut Transfer) -> bool {
        let request = transfer.handle as *mut ffi::MPI_Request;
        let mut done = 0;
        // SAFETY: the handle is a boxed request from `handle`, of a transfer
        // not yet reported complete (so neither freed nor tested to the end).
        unsafe { ffi::MPI_Test(request, &mut done, ffi::RSMPI_STATUS_IGNORE) };
        if done == 0 {
            return false;
        }
        // SAFETY: as above; the request is complete, and its box is freed
        // once, here.
        drop(unsafe { Box::from_raw(request) });
        if let Some(tag) = transfer.tag.take() {
            self.tags().push(tag);
        }
        true
    }
}
