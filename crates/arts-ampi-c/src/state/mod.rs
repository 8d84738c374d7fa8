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

pub(crate) mod errhandler;
pub(crate) mod fail;
pub(crate) mod object;
pub(crate) mod request;
pub(crate) mod tables;

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::panic::resume_unwind;
use std::rc::Rc;

use arts_ampi::{MatchedMessage, Mpi};

use crate::abi::*;
use crate::comm::keyvals::Attributes;
use crate::io::handle::File;
use crate::loader::heap_account::Heap;
use crate::loader::streams::Streams;
use crate::p2p::grequests::Grequests;
use crate::pup::table::PupTable;
use crate::rma::win::Win;
use crate::tool::session::Tool;
use crate::types::layout::TypeTable;
use errhandler::{ErrFn, FIRST_ERRHANDLER, call_errhandler, file_key};
use fail::{Fail, comm_of};
use object::Object;
use request::CReq;
use tables::{Cart, Graph, Groups, UserOp};

thread_local! {
    static CURRENT: Cell<*mut Vp> = const { Cell::new(std::ptr::null_mut()) };
    static IN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, a callback of the program (an attribute's copy or delete
/// function), from inside an MPI call on `vp`, the call's state. The
/// callback may call MPI (libraries free their inner communicators from
/// `MPI_COMM_SELF`'s delete callback): those calls reborrow the state
/// through a pointer made from `vp`, which the caller does not use until
/// `f` returns, and the call's own pointer is put back after it (also when
/// the callback unwinds).
pub(crate) fn callback<R>(vp: &mut Vp, f: impl FnOnce() -> R) -> R {
    let _back = Back {
        call: current(),
        refusing: false,
    };
    set_current(vp);
    f()
}

/// Runs `f`, a PUP routine of the program, inside the call that moves or
/// saves the rank: its state is being packed, so MPI calls the routine
/// makes are refused (as AMPI does), with a message that says why.
pub(crate) fn pup_callback<R>(f: impl FnOnce() -> R) -> R {
    let p = current();
    if !p.is_null() {
        // What the routine writes goes to the C library directly: the
        // rank's lines before it are written first.
        // SAFETY: the running rank's state; its output buffer is not
        // borrowed by the MPI call under way.
        unsafe { (*p).stdio.flush_lines() };
    }
    let _back = Back {
        call: p,
        refusing: true,
    };
    set_current(std::ptr::null_mut());
    IN_CALLBACK.with(|c| c.set(true));
    f()
}

/// Gives the call its rank pointer back when a callback returns or
/// unwinds (a fatal error inside it), and ends a PUP routine's refusal.
struct Back {
    /// The pointer of the call that runs the callback.
    call: *mut Vp,
    /// Whether MPI calls were refused meanwhile (a PUP routine).
    refusing: bool,
}

impl Drop for Back {
    fn drop(&mut self) {
        if self.refusing {
            IN_CALLBACK.with(|c| c.set(false));
        }
        set_current(self.call);
    }
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

impl Phase {
    /// Every phase: for the calls MPI allows at any time (MPI 4.0 §11.2.1:
    /// the version, error strings and classes, info objects).
    pub(crate) const ANY: &'static [Phase] = &[Phase::Before, Phase::Running, Phase::After];
}

/// The payload a fatal error unwinds the rank's `main` with (caught by the
/// loader, which fails the rank with the message).
pub(crate) struct Fatal(pub String);

/// The addresses of a rank's copies of the common blocks `mpif.h` names
/// `MPI_IN_PLACE` and `MPI_BOTTOM` (0: absent, not a Fortran program): a
/// Fortran buffer argument at one of them is C's constant.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FortranCommons {
    /// `MPI_IN_PLACE`'s.
    pub in_place: usize,
    /// `MPI_BOTTOM`'s.
    pub bottom: usize,
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
    pub messages: Vec<Option<MatchedMessage>>,
    /// Groups (`crate::comm::group`).
    pub groups: Groups,
    /// The values `MPI_Comm_get_attr` points at, by predefined attribute.
    pub predefined: [c_int; MPI_LASTUSEDCODE as usize + 1],
    /// Where this rank's copies of `mpif.h`'s `MPI_IN_PLACE` and
    /// `MPI_BOTTOM` are, which the Fortran binding turns into C's.
    pub fortran: FortranCommons,
    /// What the rank wrote to `stdout`/`stderr` and not yet written out
    /// (`crate::loader::stdio`).
    pub stdio: Streams,
    /// The program's heap as counted against the rank's share of
    /// `--max-memory` (`crate::loader::heap_share`).
    pub heap: Heap,
    /// Names of communicators, windows and datatypes (`crate::comm::names`).
    pub names: HashMap<Object, Vec<u8>>,
    /// Cartesian topologies by communicator.
    pub carts: HashMap<c_int, Cart>,
    /// Distributed graph topologies by communicator.
    pub graphs: HashMap<c_int, Graph>,
    /// The internal copy of each communicator (`Vp::shadow`).
    pub shadows: HashMap<c_int, c_int>,
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
    /// The rank's PUP routines (`AMPI_Register_pup`).
    pub pups: PupTable,
    /// Functions the rank's copy of the program registered to run at its
    /// exit (`atexit`, C++ static destructors), in order (`crate::loader::image`).
    pub at_exit: Vec<AtExit>,
    /// Requests the program completes itself (`crate::p2p::generalized`).
    pub grequests: Grequests,
    /// The rank's `MPI_T` state (`crate::tool`).
    pub tool: Tool,
}

/// The info objects every rank starts with, AMPI's `AMPI_INFO_LB_SYNC`
/// (handle 1) and `AMPI_INFO_LB_ASYNC` (2): hints of `AMPI_Migrate`; and
/// `MPI_INFO_ENV` (3), empty until [`Vp::started`].
fn predefined_infos() -> Vec<Option<Vec<(String, String)>>> {
    let lb = |v: &str| Some(vec![("ampi_load_balance".to_string(), v.to_string())]);
    vec![lb("sync"), lb("async"), Some(Vec::new())]
}

/// How many handles the predefined info objects take.
pub(crate) const PREDEFINED_INFOS: c_int = 3;

/// `MPI_INFO_ENV`'s handle.
pub(crate) const INFO_ENV: c_int = 3;

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
    /// The internal copy of communicator `comm` (`Mpi::comm_internal`:
    /// local, made at the first call), for the point-to-point messages of
    /// collectives built from them: the all-to-alls, `MPI_Comm_create_group`.
    pub(crate) fn shadow(&mut self, comm: c_int) -> Result<c_int, Fail> {
        if let Some(&s) = self.shadows.get(&comm) {
            return Ok(s);
        }
        let c = fail::comm_of(comm)?;
        let arts_ampi::Comm(s) = self.mpi().comm_internal(c)?;
        self.shadows.insert(comm, s as c_int);
        Ok(s as c_int)
    }

    /// Fills `MPI_INFO_ENV` with how the rank was started, as `mpiexec`
    /// gives it: `command`, `argv` (the arguments after it, spaces
    /// between), `maxprocs` (the ranks), `wdir` (the working directory).
    pub(crate) fn started(&mut self, argv: &[String], ranks: i32) {
        let mut env = vec![
            (
                "command".to_string(),
                argv.first().cloned().unwrap_or_default(),
            ),
            (
                "argv".to_string(),
                argv.get(1..).unwrap_or_default().join(" "),
            ),
            ("maxprocs".to_string(), ranks.to_string()),
        ];
        if let Ok(dir) = std::env::current_dir() {
            env.push(("wdir".to_string(), dir.display().to_string()));
        }
        self.infos[INFO_ENV as usize - 1] = Some(env);
    }

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
            infos: predefined_infos(),
            types: TypeTable::new(),
            ops: Vec::new(),
            reqs: Vec::new(),
            free_reqs: Vec::new(),
            persistent: HashMap::new(),
            messages: Vec::new(),
            groups: Groups::new(),
            predefined: [0; MPI_LASTUSEDCODE as usize + 1],
            fortran: FortranCommons::default(),
            stdio: Streams::new(rank),
            heap: Default::default(),
            names: HashMap::new(),
            carts: HashMap::new(),
            graphs: HashMap::new(),
            shadows: HashMap::new(),
            last_error: HashMap::new(),
            user_codes: Vec::new(),
            attrs: Attributes::default(),
            attached: None,
            whole_checkpoints: 0,
            pups: Default::default(),
            at_exit: Vec::new(),
            grequests: Grequests::default(),
            tool: Tool::default(),
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
    pub(crate) fn add_message(&mut self, m: MatchedMessage) -> c_int {
        let free = self.messages.iter().position(Option::is_none);
        let i = free.unwrap_or_else(|| {
            self.messages.push(None);
            self.messages.len() - 1
        });
        self.messages[i] = Some(m);
        i as c_int
    }

    /// Takes message `h` (of a matched probe) out of the table.
    pub(crate) fn take_message(&mut self, h: c_int) -> Result<MatchedMessage, Fail> {
        usize::try_from(h)
            .ok()
            .and_then(|i| self.messages.get_mut(i))
            .and_then(Option::take)
            .ok_or_else(|| Fail::new(ERR_REQUEST, format!("invalid message handle {h}")))
    }

    /// The error handler of key `comm` (fatal unless set otherwise). A file
    /// that is not open has `MPI_FILE_NULL`'s (MPI 4.0 §14.7: returning
    /// errors unless the program set another), anything else without one
    /// `MPI_COMM_WORLD`'s.
    pub(crate) fn errhandler(&self, comm: c_int) -> c_int {
        let fallback = if errhandler::is_file_key(comm) {
            file_key(MPI_FILE_NULL)
        } else {
            MPI_COMM_WORLD
        };
        self.errhandlers
            .get(&comm)
            .or_else(|| self.errhandlers.get(&fallback))
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
        let name = class_name(fail.class);
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

/// Says why `call` finds no running rank: it was made from a PUP routine,
/// or from a thread that is not a rank's.
pub(crate) fn outside_a_rank(call: &str) {
    if IN_CALLBACK.with(Cell::get) {
        eprintln!(
            "error: {call} called from a PUP routine: the rank's state is being packed \
             or unpacked, where MPI calls are not allowed (as in AMPI)"
        );
    } else {
        eprintln!(
            "error: {call} called outside an arts rank (from a thread the program started? \
             only the rank's own thread may call MPI)"
        );
    }
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
        outside_a_rank(call);
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

/// Starts a persistent request: its non-blocking call on the arguments it
/// was made with.
pub(crate) type Starter = Rc<dyn Fn(&mut Vp) -> Result<CReq, Fail>>;

/// A persistent request: how it starts, and whether it is started.
#[derive(Clone)]
pub(crate) struct Persistent {
    /// Starts it.
    pub start: Starter,
    /// Started and not yet completed.
    pub active: bool,
    /// The datatypes it holds (`TypeTable::hold`), released when it is freed.
    pub types: Vec<c_int>,
}

/// The window of handle `win`.
pub(crate) fn win_of(vp: &mut Vp, win: c_int) -> Result<&mut Win, Fail> {
    usize::try_from(win)
        .ok()
        .and_then(|i| vp.wins.get_mut(i))
        .and_then(Option::as_mut)
        .ok_or_else(|| Fail::new(ERR_WIN, format!("{win} is not a window")))
}

/// The file of handle `fh`.
pub(crate) fn file_of(vp: &mut Vp, fh: c_int) -> Result<&mut File, Fail> {
    usize::try_from(fh)
        .ok()
        .and_then(|i| vp.files.get_mut(i))
        .and_then(Option::as_mut)
        .ok_or_else(|| Fail::new(ERR_FILE, format!("{fh} is not an open file")))
}

impl Object {
    /// The object itself if its handle is live, else the error naming it.
    pub(crate) fn checked(self, vp: &mut Vp) -> Result<Object, Fail> {
        match self {
            Object::Comm(c) => vp.mpi().comm_size(comm_of(c)?).map(drop)?,
            Object::Win(w) => win_of(vp, w).map(drop)?,
            Object::Type(t) => vp.types.get(t).map(drop)?,
            Object::File(f) => file_of(vp, f).map(drop)?,
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use arts_ampi::Status;

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
