//! Each rank's C-side state ([`Vp`]: phase, handle tables, error handlers)
//! and how an `ARTS_*` function finds the one of the rank calling it.
//!
//! The running rank's `Vp` is in a thread-local pointer, set when the
//! rank's `main` starts and set again after every call that may suspend
//! the rank ([`entry`] does it), because the rank may resume on another PE
//! thread and other ranks set the pointer of this thread meanwhile. The
//! thread-local is read once at the start of a call (before anything can
//! suspend) and written after it only by the `#[inline(never)]`
//! [`set_current`], so no thread-local address is cached across a
//! suspension.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::panic::resume_unwind;

use arts_ampi::{Comm, Message, Mpi, MpiError, Request, Status};

use crate::abi::*;
use crate::coll::ops::UserOp;
use crate::comm::attrs::Attributes;
use crate::comm::group::Groups;
use crate::env::errors::{ErrFn, FIRST_ERRHANDLER};
use crate::io::file::File;
use crate::p2p::persistent::Persistent;
use crate::rma::window::Win;
use crate::topo::cart::Cart;
use crate::topo::graph::Graph;
use crate::types::layout::TypeTable;

thread_local! {
    static CURRENT: Cell<*mut Vp> = const { Cell::new(std::ptr::null_mut()) };
    static IN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, a callback of the program (an attribute's copy or delete
/// function), from inside an MPI call. The rank's state is in use by that
/// call, so MPI calls the callback makes are refused, with a message that
/// says why.
pub(crate) fn callback<R>(f: impl FnOnce() -> R) -> R {
    let p = current();
    set_current(std::ptr::null_mut());
    IN_CALLBACK.with(|c| c.set(true));
    let r = f();
    IN_CALLBACK.with(|c| c.set(false));
    set_current(p);
    r
}

/// Makes `vp` the rank running on this thread.
#[inline(never)]
pub(crate) fn set_current(vp: *mut Vp) {
    CURRENT.with(|c| c.set(vp));
}

/// The rank running on this thread (null outside ranks). Inlined: callers
/// read it once, before anything can suspend the rank; only
/// [`set_current`], which runs after a suspension, must compute the
/// thread-local's address afresh.
#[inline]
pub(crate) fn current() -> *mut Vp {
    CURRENT.with(|c| c.get())
}

/// Where a rank is in its MPI life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Before `MPI_Init`.
    Before,
    /// Between `MPI_Init` and `MPI_Finalize`.
    Running,
    /// After `MPI_Finalize`.
    After,
}

/// A failed call: its error class and what went wrong.
#[derive(Debug)]
pub(crate) struct Fail {
    /// The MPI error class.
    pub class: c_int,
    /// The message (without the call and rank, which [`entry`] adds).
    pub msg: String,
}

impl Fail {
    /// A failure of `class` saying `msg`.
    pub(crate) fn new(class: c_int, msg: impl Into<String>) -> Fail {
        Fail {
            class,
            msg: msg.into(),
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
            MpiError::OpType { .. } => ERR_OP,
            MpiError::InvalidPe { .. } => ERR_ARG,
            _ => ERR_OTHER,
        };
        Fail::new(class, e.to_string())
    }
}

/// The payload a fatal error unwinds the rank's `main` with (caught by the
/// loader, which fails the rank with the message).
pub(crate) struct Fatal(pub String);

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
            CReq::Pending { .. } => None,
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

/// One rank's C-side state.
pub(crate) struct Vp {
    mpi: *mut Mpi<'static>,
    /// The rank in `MPI_COMM_WORLD`.
    pub rank: i32,
    /// Init/finalize phase.
    pub phase: Phase,
    /// The thread level granted by `MPI_Init_thread`.
    pub thread_level: c_int,
    /// Error handler by communicator (absent: `MPI_ERRORS_ARE_FATAL`).
    pub errhandlers: HashMap<c_int, c_int>,
    /// The program's error handlers (handle `FIRST_ERRHANDLER + i`; `None`
    /// once freed).
    pub user_errhandlers: Vec<Option<ErrFn>>,
    /// Open files (handle = index; `None` once closed).
    pub files: Vec<Option<File>>,
    /// One-sided windows (handle = index; `None` once freed).
    pub wins: Vec<Option<Win>>,
    /// `MPI_Info` objects (handle `i + 1`; `None` once freed).
    pub infos: Vec<Option<Vec<(String, String)>>>,
    /// Datatypes.
    pub types: TypeTable,
    /// User reduction operations (handle = 100 + index).
    pub ops: Vec<Option<UserOp>>,
    /// Requests (handle = index).
    pub reqs: Vec<Option<CReq>>,
    /// Handles whose slot in `reqs` may be empty (checked when reused), so
    /// that storing a request does not search the table.
    free_reqs: Vec<usize>,
    /// Persistent requests by handle: what `MPI_Start` starts.
    pub persistent: HashMap<c_int, Persistent>,
    /// Messages taken by matched probes (handle = index).
    pub messages: Vec<Option<Message>>,
    /// Groups (`crate::comm::group`).
    pub groups: Groups,
    /// The values `MPI_Comm_get_attr` points at, by predefined attribute.
    pub predefined: [c_int; MPI_UNIVERSE_SIZE as usize + 1],
    /// The address of this rank's Fortran `MPI_IN_PLACE` (0: not a
    /// Fortran program), which the Fortran binding turns into C's.
    pub fortran_in_place: usize,
    /// Names of communicators, windows and datatypes (`crate::comm::names`).
    pub names: HashMap<crate::comm::object::Object, Vec<u8>>,
    /// Cartesian topologies by communicator.
    pub carts: HashMap<c_int, Cart>,
    /// Distributed graph topologies by communicator.
    pub graphs: HashMap<c_int, Graph>,
    /// The last message of each error class, for `MPI_Error_string`.
    pub last_error: HashMap<c_int, String>,
    /// The program's error codes (`MPI_Add_error_code`), from
    /// `MPI_ERR_LASTCODE + 1`: class and string.
    pub user_codes: Vec<(c_int, String)>,
    /// User attributes of communicators (`crate::comm::attrs`).
    pub attrs: Attributes,
    /// The buffer of `MPI_Buffer_attach`: address and size.
    pub attached: Option<(usize, c_int)>,
    /// Checkpoints of whole ranks taken so far (`AMPI_Checkpoint`).
    pub whole_checkpoints: u64,
    /// Functions the rank's copy of the program registered to run at its
    /// exit (`atexit`, C++ static destructors), in order (`crate::loader::image`).
    pub at_exit: Vec<AtExit>,
}

/// A function registered to run when the rank's `main` returns.
#[derive(Clone, Copy)]
pub(crate) enum AtExit {
    /// `atexit(f)`.
    Plain(extern "C" fn()),
    /// `__cxa_atexit(f, arg, dso)`.
    WithArg(extern "C" fn(*mut c_void), *mut c_void),
}

impl AtExit {
    /// Calls it.
    pub(crate) fn run(self) {
        match self {
            AtExit::Plain(f) => f(),
            AtExit::WithArg(f, arg) => f(arg),
        }
    }
}

impl Vp {
    /// The state of rank `rank` whose handle is `mpi`.
    pub(crate) fn new(mpi: *mut Mpi<'static>, rank: i32) -> Vp {
        Vp {
            mpi,
            rank,
            phase: Phase::Before,
            thread_level: MPI_THREAD_SINGLE,
            // Files return their errors unless told otherwise (MPI's default).
            errhandlers: HashMap::from([(file_key(MPI_FILE_NULL), MPI_ERRORS_RETURN)]),
            user_errhandlers: Vec::new(),
            files: Vec::new(),
            wins: Vec::new(),
            infos: Vec::new(),
            types: TypeTable::new(),
            ops: Vec::new(),
            reqs: Vec::new(),
            free_reqs: Vec::new(),
            persistent: HashMap::new(),
            messages: Vec::new(),
            groups: Groups::new(),
            predefined: [0; MPI_UNIVERSE_SIZE as usize + 1],
            fortran_in_place: 0,
            names: HashMap::new(),
            carts: HashMap::new(),
            graphs: HashMap::new(),
            last_error: HashMap::new(),
            user_codes: Vec::new(),
            attrs: Attributes::default(),
            attached: None,
            whole_checkpoints: 0,
            at_exit: Vec::new(),
        }
    }

    /// The rank's `Mpi` handle.
    #[allow(clippy::mut_from_ref)]
    pub(crate) fn mpi<'a>(&self) -> &'a mut Mpi<'static> {
        // SAFETY: the handle lives on the rank's coroutine stack for as long
        // as its `main` runs (the only time ARTS_* functions run for it),
        // and is a different object from this state.
        unsafe { &mut *self.mpi }
    }

    /// Stores a request; returns its handle (a freed one first).
    pub(crate) fn add_req(&mut self, r: CReq) -> c_int {
        while let Some(i) = self.free_reqs.pop() {
            if self.reqs[i].is_none() {
                self.reqs[i] = Some(r);
                return i as c_int;
            }
        }
        self.reqs.push(Some(r));
        (self.reqs.len() - 1) as c_int
    }

    /// Takes request `h` out of the table (freeing its handle unless it is
    /// put back).
    pub(crate) fn take_req(&mut self, h: c_int) -> Result<CReq, Fail> {
        let i = usize::try_from(h).ok();
        let r = i
            .and_then(|i| self.reqs.get_mut(i))
            .and_then(Option::take)
            .ok_or_else(|| Fail::new(ERR_REQUEST, format!("invalid request handle {h}")))?;
        self.free_reqs.extend(i);
        // Taken and put back many times (a polling `MPI_Test`), a handle
        // is listed many times: list each empty slot once again.
        if self.free_reqs.len() > 2 * self.reqs.len() {
            let reqs = &self.reqs;
            self.free_reqs = (0..reqs.len()).filter(|&i| reqs[i].is_none()).collect();
        }
        Ok(r)
    }

    /// Puts request `h` back.
    pub(crate) fn put_req(&mut self, h: c_int, r: CReq) {
        self.reqs[h as usize] = Some(r);
    }

    /// Whether handle `h` names an active request: not
    /// `MPI_REQUEST_NULL`, nor a persistent request not started.
    #[inline]
    pub(crate) fn is_active(&self, h: c_int) -> bool {
        h != MPI_REQUEST_NULL
            && (self.persistent.is_empty() || self.persistent.get(&h).is_none_or(|p| p.active))
    }

    /// Ends request `*h`, taken out of the table to complete: its handle
    /// becomes `MPI_REQUEST_NULL`, unless it is persistent: then it stays,
    /// the request inactive until started again.
    #[inline]
    pub(crate) fn retire(&mut self, h: &mut c_int) {
        // Checked first: hashing the handle would cost every wait.
        if !self.persistent.is_empty()
            && let Some(p) = self.persistent.get_mut(h)
        {
            p.active = false;
            self.put_req(*h, CReq::inactive());
        } else {
            *h = MPI_REQUEST_NULL;
        }
    }

    /// Stores a message taken by a matched probe; returns its handle.
    pub(crate) fn add_message(&mut self, m: Message) -> c_int {
        let free = self.messages.iter().position(Option::is_none);
        let i = free.unwrap_or_else(|| {
            self.messages.push(None);
            self.messages.len() - 1
        });
        self.messages[i] = Some(m);
        i as c_int
    }

    /// Takes message `h` (of a matched probe) out of the table.
    pub(crate) fn take_message(&mut self, h: c_int) -> Result<Message, Fail> {
        usize::try_from(h)
            .ok()
            .and_then(|i| self.messages.get_mut(i))
            .and_then(Option::take)
            .ok_or_else(|| Fail::new(ERR_REQUEST, format!("invalid message handle {h}")))
    }

    /// The error handler of `comm` (fatal unless set otherwise).
    pub(crate) fn errhandler(&self, comm: c_int) -> c_int {
        self.errhandlers
            .get(&comm)
            .or_else(|| self.errhandlers.get(&MPI_COMM_WORLD))
            .copied()
            .unwrap_or(MPI_ERRORS_ARE_FATAL)
    }

    /// Applies `comm`'s error handler to `fail` in `call`: returns the class
    /// (`MPI_ERRORS_RETURN`, or a handler of the program, also returned, for
    /// the caller to call once this state is no longer borrowed) or ends the
    /// rank (`MPI_ERRORS_ARE_FATAL`).
    pub(crate) fn raise(&mut self, call: &str, comm: c_int, fail: Fail) -> (c_int, Option<ErrFn>) {
        let msg = format!("{call} on rank {}: {}", self.rank, fail.msg);
        self.last_error.insert(fail.class, msg);
        match self.errhandler(comm) {
            MPI_ERRORS_RETURN => return (fail.class, None),
            MPI_ERRORS_ARE_FATAL => {}
            h => return (fail.class, self.user_errhandler(h)),
        }
        let name = ERROR_CLASSES
            .iter()
            .find(|c| c.1 == fail.class)
            .map_or("MPI_ERR_UNKNOWN", |c| c.0);
        // The run names the rank ("rank 3: MPI_Send: ...").
        resume_unwind(Box::new(Fatal(format!("{call}: {} ({name})", fail.msg))))
    }

    /// Makes `handler` the error handler of `key` (a communicator, or a
    /// file's or window's key), if it is one.
    pub(crate) fn set_errhandler(&mut self, key: c_int, handler: c_int) -> Result<(), Fail> {
        if !self.is_errhandler(handler) {
            return Err(Fail::new(
                ERR_ARG,
                format!(
                    "error handler {handler} is not MPI_ERRORS_ARE_FATAL, MPI_ERRORS_RETURN \
                     or one made by MPI_Comm_create_errhandler"
                ),
            ));
        }
        self.errhandlers.insert(key, handler);
        Ok(())
    }

    /// Whether `h` is an error handler: a predefined one or one of the program's.
    pub(crate) fn is_errhandler(&self, h: c_int) -> bool {
        h == MPI_ERRORS_ARE_FATAL || h == MPI_ERRORS_RETURN || self.user_errhandler(h).is_some()
    }

    /// The program's error handler `h` (`MPI_Comm_create_errhandler`), if live.
    pub(crate) fn user_errhandler(&self, h: c_int) -> Option<ErrFn> {
        let i = usize::try_from(h - FIRST_ERRHANDLER).ok()?;
        self.user_errhandlers.get(i).copied().flatten()
    }
}

/// Runs the body of C call `call` for the running rank: refuses calls
/// outside a rank, before `MPI_Init` or after `MPI_Finalize`, restores the
/// running-rank pointer after the body (which may have suspended), and
/// applies `comm`'s error handler to a failure.
#[inline(always)]
pub(crate) fn entry(
    call: &'static str,
    comm: c_int,
    body: impl FnOnce(&mut Vp) -> Result<(), Fail>,
) -> c_int {
    entry_in(call, comm, &[Phase::Running], body)
}

/// [`entry`] for calls allowed in the given phases.
#[inline(always)]
pub(crate) fn entry_in(
    call: &'static str,
    comm: c_int,
    phases: &[Phase],
    body: impl FnOnce(&mut Vp) -> Result<(), Fail>,
) -> c_int {
    let p = current();
    if p.is_null() {
        if IN_CALLBACK.with(Cell::get) {
            eprintln!(
                "error: {call} called from an attribute callback: arts runs callbacks \
                 inside the MPI call that triggers them, where MPI calls are not allowed"
            );
        } else {
            eprintln!(
                "error: {call} called outside an arts rank (from a thread the program started? \
                 only the rank's own thread may call MPI)"
            );
        }
        return ERR_OTHER;
    }
    // SAFETY: `p` is the running rank's state (see `set_current`); it lives
    // until its `main` returns, and only this rank's thread uses it now.
    let vp = unsafe { &mut *p };
    let resumed = vp.mpi().resumptions();
    let result = if phases.contains(&vp.phase) {
        body(vp)
    } else {
        Err(Fail::new(
            ERR_OTHER,
            match vp.phase {
                Phase::Before => "called before MPI_Init",
                Phase::After => "called after MPI_Finalize",
                Phase::Running => "called after MPI_Init (only allowed before it)",
            },
        ))
    };
    // SAFETY: as above (the body's borrow has ended).
    if unsafe { &*p }.mpi().resumptions() != resumed {
        // The rank may go on on another PE thread.
        set_current(p);
    }
    match result {
        Ok(()) => MPI_SUCCESS,
        Err(fail) => {
            // SAFETY: as above.
            let (code, handler) = unsafe { &mut *p }.raise(call, comm, fail);
            if let Some(h) = handler {
                call_errhandler(h, comm, code);
                set_current(p);
            }
            code
        }
    }
}

/// Keys of `Vp::errhandlers` below the communicators': files'.
const FILE_KEYS: c_int = -1_000_000;
/// Keys of `Vp::errhandlers` below the files': windows'.
const WIN_KEYS: c_int = -2_000_000;

/// The error handler key of file `h` (`MPI_FILE_NULL`'s: the default of
/// files opened later).
pub(crate) fn file_key(h: c_int) -> c_int {
    FILE_KEYS - h
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

/// Writes `s` into a C `MPI_Status` (unless `MPI_STATUS_IGNORE`).
pub(crate) fn write_status(p: *mut MpiStatus, s: &Status) {
    if p.is_null() {
        return;
    }
    // SAFETY: the C program passes a valid `MPI_Status` or MPI_STATUS_IGNORE (null).
    unsafe {
        *p = MpiStatus {
            source: s.source,
            tag: if s.cancelled() { MPI_ANY_TAG } else { s.tag },
            error: MPI_SUCCESS,
            cancelled: c_int::from(s.cancelled()),
            count: s.bytes as i64,
        }
    };
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

    fn req() -> CReq {
        CReq::Done(Status::default())
    }

    #[test]
    fn request_handles_are_reused_never_shared_and_polling_does_not_grow_the_table() {
        let mut vp = Vp::new(std::ptr::null_mut(), 0);
        let hs: Vec<c_int> = (0..100).map(|_| vp.add_req(req())).collect();
        assert_eq!(hs, (0..100).collect::<Vec<_>>());
        // A polling loop: taken and put back, again and again.
        for _ in 0..10_000 {
            let r = vp.take_req(7).unwrap();
            vp.put_req(7, r);
        }
        assert!(vp.free_reqs.len() <= 2 * vp.reqs.len());
        // Freed handles come back; live ones are never handed out twice.
        for h in [3, 50, 99] {
            vp.take_req(h).unwrap();
        }
        let mut again: Vec<c_int> = (0..4).map(|_| vp.add_req(req())).collect();
        again.sort_unstable();
        assert_eq!(again, vec![3, 50, 99, 100]);
        assert!(vp.take_req(100).is_ok() && vp.take_req(100).is_err());
        assert!(vp.take_req(-1).is_err() && vp.take_req(1000).is_err());
    }
}
