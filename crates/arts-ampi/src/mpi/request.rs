//! Non-blocking requests: an integer handle in the engine's table (as a C
//! ABI would hand out), tied in Rust to the buffer it reads or writes.

use std::marker::PhantomData;

use super::Mpi;
use crate::engine::Status;
use crate::error::MpiError;
use crate::vp::Shared;

/// How one request of a wait or test on several completed: its status,
/// or the error it completed with (a truncated receive).
pub type Completion = Result<Status, MpiError>;

/// A pending non-blocking operation. The lifetime is that of the buffer it
/// writes into, which stays borrowed until the request completes
/// ([`Mpi::wait`], [`Mpi::test`]). Dropping it unfinished cancels it: a
/// receive is withdrawn, a collective finishes without touching the buffer.
#[must_use = "a request must be waited for or tested; dropping it cancels it"]
pub struct Request<'a> {
    handle: Option<u32>,
    shared: *mut Shared,
    _buf: PhantomData<&'a mut [u8]>,
}

impl Request<'_> {
    pub(super) fn new(handle: u32, shared: *mut Shared) -> Self {
        Request {
            handle: Some(handle),
            shared,
            _buf: PhantomData,
        }
    }

    /// The request's integer handle (`None` once completed).
    pub fn handle(&self) -> Option<u32> {
        self.handle
    }
}

impl Drop for Request<'_> {
    fn drop(&mut self) {
        if let Some(h) = self.handle.take() {
            // SAFETY: requests live on their rank's coroutine, which runs
            // now (or is being unwound), and `Shared` outlives it.
            unsafe { (*self.shared).engine.cancel(h) };
        }
    }
}

impl Mpi<'_> {
    /// A request this rank completes itself, with [`Mpi::complete_user`]
    /// (MPI's generalized requests); a wait for it before then waits for
    /// nothing else, so it is reported as a deadlock.
    pub fn user_request(&mut self) -> Request<'static> {
        let h = self.engine().user_request();
        Request::new(h, self.shared)
    }

    /// Completes `req`, from [`Mpi::user_request`] (once).
    pub fn complete_user(&mut self, req: &Request<'_>) -> Result<(), MpiError> {
        let h = req.handle.ok_or(MpiError::InvalidHandle {
            call: "complete_user",
            handle: u32::MAX,
        })?;
        self.engine().complete_user("complete_user", h)
    }

    /// Waits for `req` to complete.
    pub fn wait(&mut self, req: Request<'_>) -> Result<Status, MpiError> {
        self.wait_as("wait", req)
    }

    /// Waits for `req`, blocked (and reporting errors and deadlocks) as
    /// `call`: for blocking calls built from started ones.
    #[inline]
    pub fn wait_as(
        &mut self,
        call: &'static str,
        mut req: Request<'_>,
    ) -> Result<Status, MpiError> {
        let h = req.handle.take().ok_or(MpiError::InvalidHandle {
            call,
            handle: u32::MAX,
        })?;
        loop {
            if let Some(s) = self.engine().test(call, h)? {
                return Ok(s);
            }
            self.block(call);
        }
    }

    /// Cancels `req` if it is a receive no message has matched yet (MPI's
    /// `cancel`): it completes at once with [`Status::CANCELLED`], nothing
    /// received. Any other request (a matched receive, a send, a
    /// collective) completes as it would have; wait for it either way.
    pub fn cancel(&mut self, req: &Request<'_>) {
        if let Some(h) = req.handle {
            self.engine().cancel_recv(h);
        }
    }

    /// Whether `req` completed (its status then); yields once to take in
    /// arrived messages when it has not.
    pub fn test(&mut self, req: &mut Request<'_>) -> Result<Option<Status>, MpiError> {
        let h = req.handle.ok_or(MpiError::InvalidHandle {
            call: "test",
            handle: u32::MAX,
        })?;
        let mut done = self.engine().test("test", h);
        if matches!(done, Ok(None)) {
            self.poll();
            done = self.engine().test("test", h);
        }
        if !matches!(done, Ok(None)) {
            req.handle = None;
        }
        done
    }

    /// Waits for every request; statuses in order. The first error is returned
    /// after all completed.
    pub fn waitall(&mut self, reqs: Vec<Request<'_>>) -> Result<Vec<Status>, MpiError> {
        let gated = self.wake_when_all(reqs.iter().filter_map(Request::handle));
        let mut out = Vec::with_capacity(reqs.len());
        let mut first_err = None;
        for r in reqs {
            match self.wait_as(crate::engine::WAITALL, r) {
                Ok(s) => out.push(s),
                Err(e) => {
                    first_err.get_or_insert(e);
                    out.push(Status::default());
                }
            }
        }
        if gated {
            self.wake_on_any();
        }
        first_err.map_or(Ok(out), Err)
    }

    /// Until [`Mpi::wake_on_any`], this rank, blocked in a wait, is resumed
    /// only once every one of the requests `handles` has completed, not at
    /// each message that leaves one of them incomplete: for a wait on all
    /// of them (`MPI_Waitall`), which waits for each with
    /// [`Mpi::wait_as`] as [`WAITALL`](crate::WAITALL) (the gate holds
    /// only for a rank blocked as that). Returns whether it took effect
    /// (false, changing nothing: another such wait is in progress, or
    /// there are fewer than two handles); call [`Mpi::wake_on_any`] after
    /// the wait only then. Blocking calls and single waits never set it.
    pub fn wake_when_all(&mut self, handles: impl IntoIterator<Item = u32>) -> bool {
        self.engine().gate_on(handles)
    }

    /// Any message resumes this rank again when it waits (the default;
    /// ends [`Mpi::wake_when_all`]).
    pub fn wake_on_any(&mut self) {
        self.engine().gate_off();
    }

    /// Waits until at least one of `reqs` completes (`None` entries are
    /// skipped), then returns the position and outcome of every one that
    /// has, in order, setting each to `None` (MPI's `waitsome`). Empty when
    /// no request is active. A request that completed in error (a
    /// truncated receive) is returned with its error, beside the others
    /// (MPI's `MPI_ERR_IN_STATUS`).
    pub fn waitsome(&mut self, reqs: &mut [Option<Request<'_>>]) -> Vec<(usize, Completion)> {
        loop {
            let done = self.completed("waitsome", reqs, usize::MAX);
            if !done.is_empty() || !active(reqs) {
                return done;
            }
            self.block("waitsome");
        }
    }

    /// The position and outcome of every one of `reqs` that has completed
    /// (MPI's `testsome`), as [`Mpi::waitsome`] but without waiting: it
    /// yields once to take in arrived messages when none had.
    pub fn testsome(&mut self, reqs: &mut [Option<Request<'_>>]) -> Vec<(usize, Completion)> {
        self.test_some("testsome", reqs, usize::MAX)
    }

    /// The position and outcome of one of `reqs` that has completed, set
    /// to `None` (MPI's `testany`); `None` if none has (it yields once to
    /// take in arrived messages then) or none is active.
    pub fn testany(&mut self, reqs: &mut [Option<Request<'_>>]) -> Option<(usize, Completion)> {
        self.test_some("testany", reqs, 1).pop()
    }

    fn test_some(
        &mut self,
        call: &'static str,
        reqs: &mut [Option<Request<'_>>],
        most: usize,
    ) -> Vec<(usize, Completion)> {
        let done = self.completed(call, reqs, most);
        if !done.is_empty() || !active(reqs) {
            return done;
        }
        self.poll();
        self.completed(call, reqs, most)
    }

    /// Takes up to `most` of `reqs` that have completed, in order, each
    /// with its outcome.
    fn completed(
        &mut self,
        call: &'static str,
        reqs: &mut [Option<Request<'_>>],
        most: usize,
    ) -> Vec<(usize, Completion)> {
        let mut done = Vec::new();
        for (i, slot) in reqs.iter_mut().enumerate() {
            if done.len() == most {
                break;
            }
            let Some(h) = slot.as_ref().and_then(|r| r.handle) else {
                continue;
            };
            let result = self.engine().test(call, h);
            if matches!(result, Ok(None)) {
                continue;
            }
            if let Some(r) = slot.as_mut() {
                r.handle = None;
            }
            *slot = None;
            done.push((i, result.map(Option::unwrap_or_default)));
        }
        done
    }

    /// Waits for any one of `reqs` (`None` entries are skipped): returns its
    /// position and outcome and sets it to `None`. Fails only when no
    /// request is active.
    pub fn waitany(
        &mut self,
        reqs: &mut [Option<Request<'_>>],
    ) -> Result<(usize, Completion), MpiError> {
        if reqs.iter().all(Option::is_none) {
            return Err(MpiError::Count {
                call: "waitany",
                what: "no active request".into(),
            });
        }
        loop {
            if let Some(done) = self.completed("waitany", reqs, 1).pop() {
                return Ok(done);
            }
            self.block("waitany");
        }
    }
}

/// Whether any of `reqs` is still to complete.
fn active(reqs: &[Option<Request<'_>>]) -> bool {
    reqs.iter()
        .any(|r| r.as_ref().is_some_and(|r| r.handle.is_some()))
}
