//! One-sided communication: `MPI_Win_create`, `MPI_Win_allocate`,
//! `MPI_Win_free`, `MPI_Put`, `MPI_Get`, the accumulates, and active-target
//! synchronization by `MPI_Win_fence`; passive target (`MPI_Win_lock` and
//! the flushes) is in `passive.rs`.
//!
//! A window has two private duplicates of its communicator. An operation is
//! a message to its target: a header (kind, displacement, element count,
//! operation), the target datatype's layout (defined at the origin, as MPI
//! says) and, for puts and accumulates, the packed data. In a fence epoch
//! it goes on the first duplicate, tagged with the epoch, never waited for
//! (the origin goes on at once, whatever its size: a rank waiting in a put
//! for a target that waits in its fence would deadlock; a large message
//! is read by the target from the origin's copy, which the send keeps),
//! and nothing
//! happens at the target until its fence: there every rank learns how many
//! operations it gets this epoch (a reduce-scatter of what each one sent),
//! applies them in arrival order (per origin in issue order), answers gets,
//! and receives the answers to its own gets. So when the fence returns,
//! every operation the rank started has completed and every operation on
//! its window has been applied. To a target the origin has locked
//! (`passive.rs`) or opened an access epoch to (`pscw.rs`), it goes on the
//! second duplicate, which is active (`Mpi::set_active`): the target's
//! engine applies it on arrival. A get or put to a window of this
//! process goes straight to the target's memory instead (`direct.rs`).

use std::ffi::{c_int, c_void};

use arts_ampi::{ANY_SOURCE, Op, Status};

use crate::abi::*;
use crate::coll::reduce::reduce_local;
use crate::p2p::buffers::{RecvBuf, send_bytes};
use crate::p2p::send_recv::recv_into;
use crate::rma::win::{Attached, Memory, Predefined, Win, offset};
use crate::state::errhandler::win_key;
use crate::state::fail::{Fail, count, out};
use crate::state::object::Object;
use crate::state::request::CReq;
use crate::state::{Vp, entry, win_of};
use crate::types::external32::{Basic, Wire};
use crate::types::layout::{Prim, TypeInfo};

/// `MPI_REPLACE` (an accumulate that is a put).
const REPLACE: c_int = 11;
/// `MPI_NO_OP` (a get-accumulate that is a get).
const NO_OP: c_int = 12;

/// What an operation does at its target.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Put = 0,
    Get = 1,
    Accumulate = 2,
    /// Answers the old data, then accumulates (`MPI_Get_accumulate`,
    /// `MPI_Fetch_and_op`).
    GetAccumulate = 3,
    /// Answers the old data, replaced where it equals the compare half
    /// of the message (`MPI_Compare_and_swap`).
    CompareSwap = 4,
}

/// The tags of an epoch: operations, and the answers to gets.
fn tags(epoch: i32) -> (i32, i32) {
    (2 * epoch, 2 * epoch + 1)
}

fn push_i64(out: &mut Vec<u8>, v: i64) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Reads the next 8 bytes of `msg` at `*at` as an i64.
fn take_i64(msg: &[u8], at: &mut usize) -> Result<i64, Fail> {
    let bytes = msg
        .get(*at..*at + 8)
        .ok_or_else(|| Fail::new(ERR_INTERN, "a one-sided message is cut short"))?;
    *at += 8;
    Ok(i64::from_le_bytes(bytes.try_into().expect("8 bytes")))
}

/// An operation's message: header, target layout, data.
fn encode(kind: Kind, disp: i64, n: usize, t: &TypeInfo, op: c_int, data: &[u8]) -> Vec<u8> {
    let mut m = Vec::with_capacity(64 + t.blocks.len() * 16 + data.len());
    let prim = t
        .prim
        .and_then(|p| Prim::ALL.iter().position(|&q| q == p))
        .map_or(-1, |i| i as i64);
    for v in [
        kind as i64,
        disp,
        n as i64,
        i64::from(op),
        t.size as i64,
        t.extent as i64,
        prim,
    ] {
        push_i64(&mut m, v);
    }
    push_i64(&mut m, t.blocks.len() as i64);
    for (off, len) in t.blocks.iter() {
        push_i64(&mut m, off as i64);
        push_i64(&mut m, len as i64);
    }
    m.extend_from_slice(data);
    m
}

/// A decoded operation.
struct Operation<'a> {
    kind: Kind,
    disp: i64,
    n: usize,
    op: c_int,
    t: TypeInfo,
    data: &'a [u8],
}

fn decode(msg: &[u8]) -> Result<Operation<'_>, Fail> {
    let at = &mut 0;
    let kind = match take_i64(msg, at)? {
        0 => Kind::Put,
        1 => Kind::Get,
        2 => Kind::Accumulate,
        3 => Kind::GetAccumulate,
        _ => Kind::CompareSwap,
    };
    let disp = take_i64(msg, at)?;
    let n = take_i64(msg, at)? as usize;
    let op = take_i64(msg, at)? as c_int;
    let size = take_i64(msg, at)? as usize;
    let extent = take_i64(msg, at)? as isize;
    let prim = usize::try_from(take_i64(msg, at)?)
        .ok()
        .and_then(|i| Prim::ALL.get(i).copied());
    let blocks = (0..take_i64(msg, at)?)
        .map(|_| Ok((take_i64(msg, at)? as isize, take_i64(msg, at)? as usize)))
        .collect::<Result<Vec<_>, Fail>>()?;
    let t = TypeInfo {
        size,
        lb: 0,
        extent,
        blocks: blocks.into(),
        prim,
        // Not sent: operations count bytes, not basic elements.
        elements: 1,
        runs: vec![(
            Basic {
                size,
                wire: Wire::Swapped(1),
            },
            1,
        )]
        .into(),
        align: 1,
        committed: true,
        predefined: false,
        recipe: None,
    };
    Ok(Operation {
        kind,
        disp,
        n,
        op,
        t,
        data: &msg[*at..],
    })
}

/// `MPI_Win_get_attr`: `MPI_WIN_BASE` gives the window's base address,
/// `MPI_WIN_SIZE` a pointer to its size (`MPI_Aint`), `MPI_WIN_DISP_UNIT`,
/// `MPI_WIN_CREATE_FLAVOR` and `MPI_WIN_MODEL` pointers to `int`s; a user
/// key (`crate::comm::attrs`) the value set.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_get_attr(
    win: c_int,
    keyval: c_int,
    attribute_val: *mut c_void,
    flag: *mut c_int,
) -> c_int {
    entry("MPI_Win_get_attr", comm_of_win(win), |vp| {
        let w = win_of(vp, win)?;
        let value: *mut c_void = match keyval {
            MPI_WIN_BASE => w.base.cast(),
            MPI_WIN_SIZE => (&raw mut w.predefined.size).cast(),
            MPI_WIN_DISP_UNIT => (&raw mut w.predefined.ints[0]).cast(),
            MPI_WIN_CREATE_FLAVOR => (&raw mut w.predefined.ints[1]).cast(),
            MPI_WIN_MODEL => (&raw mut w.predefined.ints[2]).cast(),
            _ => {
                return crate::comm::attrs::get_user_attr(
                    vp,
                    Object::Win(win),
                    keyval,
                    attribute_val,
                    flag,
                );
            }
        };
        *out(attribute_val.cast::<*mut c_void>(), "attribute_val")? = value;
        *out(flag, "flag")? = 1;
        Ok(())
    })
}

/// `MPI_Win_get_group`: the group of the window's communicator.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_get_group(
    win: c_int,
    group: *mut c_int,
) -> c_int {
    entry("MPI_Win_get_group", comm_of_win(win), |vp| {
        let comm = win_of(vp, win)?.comm;
        let members = vp.mpi().comm_members(comm)?;
        *out(group, "group")? = vp.groups.add(members);
        Ok(())
    })
}

/// The error handler key of window handle `win` (an invalid handle's
/// falls back to `MPI_COMM_WORLD`'s handler).
pub(crate) fn comm_of_win(win: c_int) -> c_int {
    win_key(win)
}

/// A window's size and displacement unit, checked: bytes, unit bytes.
pub(crate) fn extent(size: isize, disp_unit: c_int) -> Result<(usize, usize), Fail> {
    let size = usize::try_from(size)
        .map_err(|_| Fail::new(ERR_SIZE, format!("window size {size} is negative")))?;
    let disp_unit = usize::try_from(disp_unit)
        .ok()
        .filter(|&d| d > 0)
        .ok_or_else(|| Fail::new(ERR_DISP, format!("disp_unit {disp_unit} is not positive")))?;
    Ok((size, disp_unit))
}

/// Makes a window of `size` bytes at `base` over `comm` (collective), of
/// flavor `MPI_WIN_FLAVOR_CREATE`, `_ALLOCATE` (the window owns `base`)
/// or `_DYNAMIC` (no memory until some is attached; displacements are
/// addresses).
pub(crate) fn create(
    vp: &mut Vp,
    base: *mut u8,
    size: isize,
    disp_unit: c_int,
    comm: c_int,
    flavor: c_int,
) -> Result<c_int, Fail> {
    let (size, disp_unit) = extent(size, disp_unit)?;
    if size > 0 && base.is_null() {
        return Err(Fail::new(ERR_BUFFER, "the window's base is a null pointer"));
    }
    let private = vp.mpi().comm_dup(crate::comm::inter::intra(vp, comm)?)?;
    let active = vp.mpi().comm_dup(private)?;
    let n = vp.mpi().comm_size(private)? as usize;
    let me = vp.mpi().comm_rank(private)? as usize;
    const FIELDS: usize = 5;
    let mut all = vec![0u64; FIELDS * n];
    let attached = (flavor == MPI_WIN_FLAVOR_DYNAMIC).then(Attached::default);
    let mine = Memory {
        base,
        size,
        unit: disp_unit,
        attached: attached.clone(),
    };
    // Active before any rank can lock it: the allgather follows.
    let world_rank = vp.mpi().rank() as u32;
    let target = crate::rma::passive::Target::new(mine, world_rank);
    vp.mpi().set_active(active, private, Box::new(target))?;
    let process = vp.mpi().process();
    let reachable = crate::rma::direct::reachable(vp, attached.is_some());
    let fields = [
        size as u64,
        disp_unit as u64,
        base as u64,
        u64::from(process),
        u64::from(reachable),
    ];
    vp.mpi().allgather(&fields, &mut all, private)?;
    // A dynamic window's targets check their own regions.
    let extents = match attached {
        Some(_) => vec![(usize::MAX, 1); n],
        None => all
            .chunks(FIELDS)
            .map(|c| (c[0] as usize, c[1] as usize))
            .collect(),
    };
    let direct = all
        .chunks(FIELDS)
        .map(|c| (reachable && c[4] == 1 && c[3] == u64::from(process)).then_some(c[2] as usize))
        .collect();
    let mut processes = std::collections::HashSet::new();
    let direct_peers = all
        .chunks(FIELDS)
        .filter(|c| c[4] == 1)
        .any(|c| !processes.insert(c[3]));
    vp.wins.push(Some(Win {
        base,
        me,
        extents,
        direct,
        direct_peers,
        comm: private,
        active,
        sent: vec![0; n],
        gets: Vec::new(),
        incoming: Vec::new(),
        passive_gets: Vec::new(),
        locks: vec![None; n],
        unflushed: vec![None; n],
        all_locked: false,
        started: vec![false; n],
        start_epoch: false,
        fence_epoch: false,
        exposed: None,
        epoch: 0,
        owned: flavor == MPI_WIN_FLAVOR_ALLOCATE,
        attached,
        block: None,
        predefined: Box::new(Predefined {
            size: size as isize,
            ints: [
                disp_unit as c_int,
                flavor,
                // One copy of the memory: what a rank's operations and the
                // others' reach is the same.
                MPI_WIN_UNIFIED,
            ],
        }),
    }));
    let h = vp.wins.len() as c_int - 1;
    // A window starts with its communicator's error handler.
    let handler = vp.errhandler(comm);
    vp.errhandlers.insert(win_key(h), handler);
    Ok(h)
}

/// `MPI_Win_create` (collective): `size` bytes at `base`, displacements in
/// units of `disp_unit` bytes. `info` is ignored.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_create(
    base: *mut c_void,
    size: isize,
    disp_unit: c_int,
    _info: c_int,
    comm: c_int,
    win: *mut c_int,
) -> c_int {
    entry("MPI_Win_create", comm, |vp| {
        let win = out(win, "win")?;
        *win = create(
            vp,
            base.cast(),
            size,
            disp_unit,
            comm,
            MPI_WIN_FLAVOR_CREATE,
        )?;
        Ok(())
    })
}

/// `MPI_Win_allocate` (collective): a window over `size` new bytes (from
/// the rank's heap), whose address goes to `*baseptr`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_allocate(
    size: isize,
    disp_unit: c_int,
    _info: c_int,
    comm: c_int,
    baseptr: *mut c_void,
    win: *mut c_int,
) -> c_int {
    entry("MPI_Win_allocate", comm, |vp| {
        let win = out(win, "win")?;
        let slot = out(baseptr.cast::<*mut c_void>(), "baseptr")?;
        let bytes = usize::try_from(size).unwrap_or(0);
        let base = crate::loader::malloc::allocate(bytes.max(1), 64);
        if base.is_null() {
            return Err(Fail::new(
                ERR_OTHER,
                format!("{bytes} bytes could not be allocated"),
            ));
        }
        match create(
            vp,
            base.cast(),
            size,
            disp_unit,
            comm,
            MPI_WIN_FLAVOR_ALLOCATE,
        ) {
            Ok(w) => {
                *win = w;
                *slot = base;
                Ok(())
            }
            Err(e) => {
                crate::loader::malloc::release(base);
                Err(e)
            }
        }
    })
}

/// `MPI_Win_free` (collective; the last epoch must have ended with a
/// fence): `*win` becomes `MPI_WIN_NULL`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_free(win: *mut c_int) -> c_int {
    let h = if win.is_null() { -1 } else { unsafe { *win } };
    entry("MPI_Win_free", comm_of_win(h), |vp| {
        let handle = out(win, "win")?;
        let w = win_of(vp, *handle)?;
        if w.sent.iter().any(|&s| s > 0) || !w.gets.is_empty() {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "operations of the window were not completed by MPI_Win_fence",
            ));
        }
        if let Some(t) = w.locks.iter().position(Option::is_some) {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                format!("the window is still locked at rank {t} (MPI_Win_unlock it first)"),
            ));
        }
        if w.started.contains(&true) || w.exposed.is_some() {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "an MPI_Win_start or MPI_Win_post epoch of the window is still open",
            ));
        }
        let (comm, active, base, owned, me) = (w.comm, w.active, w.base, w.owned, w.me);
        let block = w.block.take();
        // No rank frees its side while another may still operate on it.
        vp.mpi().barrier(comm)?;
        vp.mpi().comm_free(active)?;
        vp.mpi().comm_free(comm)?;
        if owned {
            crate::loader::malloc::release(base.cast());
        }
        let shared = block.is_some();
        if let Some(block) = block.filter(|_| me == 0) {
            block.release();
        }
        vp.wins[*handle as usize] = None;
        if shared {
            crate::rma::shm::pin(vp);
        }
        vp.errhandlers.remove(&win_key(*handle));
        crate::comm::attrs::delete_all(vp, Object::Win(*handle))?;
        vp.names.remove(&Object::Win(*handle));
        *handle = MPI_WIN_NULL;
        Ok(())
    })
}

/// `MPI_Win_set_errhandler`: `MPI_ERRORS_ARE_FATAL`, `MPI_ERRORS_RETURN`
/// or one of `MPI_Win_create_errhandler` (`MPI_Comm_create_errhandler`'s
/// are the same kind here). A window starts with its communicator's.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_set_errhandler(
    win: c_int,
    handler: c_int,
) -> c_int {
    entry("MPI_Win_set_errhandler", comm_of_win(win), |vp| {
        win_of(vp, win)?;
        vp.set_errhandler(win_key(win), handler)
    })
}

/// `MPI_Win_get_errhandler`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_get_errhandler(
    win: c_int,
    handler: *mut c_int,
) -> c_int {
    entry("MPI_Win_get_errhandler", comm_of_win(win), |vp| {
        let handler = out(handler, "errhandler")?;
        win_of(vp, win)?;
        *handler = vp.errhandler(win_key(win));
        Ok(())
    })
}

/// `count` elements of `datatype`: their bytes and layout.
fn layout(vp: &Vp, count_: c_int, datatype: c_int, what: &str) -> Result<(usize, TypeInfo), Fail> {
    let t = vp.types.comm_type(datatype)?;
    Ok((count(count_, what)?, t))
}

/// Checks that `op` may accumulate: a predefined one, `MPI_REPLACE` or
/// (`MPI_Get_accumulate`) `MPI_NO_OP`.
fn check_accumulate(vp: &Vp, op: c_int) -> Result<(), Fail> {
    if op == REPLACE || op == NO_OP {
        return Ok(());
    }
    match crate::coll::ops::lookup(op, &vp.ops)? {
        crate::coll::ops::OpKind::User(_) => Err(Fail::new(
            ERR_OP,
            "one-sided accumulates take predefined operations (or MPI_REPLACE), \
             not MPI_Op_create's",
        )),
        crate::coll::ops::OpKind::Builtin(_) => Ok(()),
    }
}

/// Starts an operation of `kind` on `target`'s window at `target_disp`
/// (`tn` elements of `tt`): `data` goes with it; the answer of a get (or
/// fetch) lands in `fetch`. A request-based operation (`MPI_Rput` ...;
/// `request` not null, a locked target) gets a request that completes
/// with its answer (at once if it has none: the data was copied).
#[allow(clippy::too_many_arguments)]
fn operation(
    vp: &mut Vp,
    kind: Kind,
    data: &[u8],
    fetch: Option<RecvBuf>,
    target: c_int,
    target_disp: isize,
    (tn, tt): (usize, TypeInfo),
    op: c_int,
    win: c_int,
    request: *mut c_int,
) -> Result<(), Fail> {
    let bytes = tn * tt.size;
    let sent = if kind == Kind::CompareSwap {
        data.len() / 2
    } else {
        data.len()
    };
    let fetched = fetch.as_ref().map(|f| f.len());
    if (kind != Kind::Get && sent != bytes) || fetched.is_some_and(|f| f != bytes) {
        return Err(Fail::new(
            ERR_COUNT,
            format!("the origin's and the target's data differ in size ({sent} and {bytes} bytes)"),
        ));
    }
    let request = (!request.is_null()).then_some(request);
    let w = win_of(vp, win)?;
    let n = w.sent.len();
    if target == MPI_PROC_NULL {
        if let Some(r) = request {
            *out(r, "request")? = vp.add_req(CReq::Done(Status::default()));
        }
        return Ok(());
    }
    let t = usize::try_from(target)
        .ok()
        .filter(|&t| t < n)
        .ok_or_else(|| {
            Fail::new(
                ERR_RANK,
                format!("target {target} is not a rank of the window's {n}"),
            )
        })?;
    let (size, unit) = w.extents[t];
    let Some(start) = offset(target_disp as i64, unit, tn, &tt, size) else {
        return Err(Fail::new(
            ERR_ARG,
            format!(
                "displacement {target_disp} ({tn} elements) falls outside rank {target}'s \
                 window of {size} bytes"
            ),
        ));
    };
    let passive = w.locks[t].is_some() || w.started[t];
    if !passive && !w.fence_epoch {
        return Err(Fail::new(
            ERR_RMA_SYNC,
            format!(
                "no access epoch to rank {target} is open (begin one with MPI_Win_fence, \
                 MPI_Win_lock, MPI_Win_lock_all, or MPI_Win_start of a group holding it)"
            ),
        ));
    }
    // (A request-based one needs a lock: refused below in a fence epoch.)
    if matches!(kind, Kind::Get | Kind::Put)
        && (request.is_none() || passive)
        && let Some(base) = crate::rma::direct::base(vp, win, t)?
    {
        // SAFETY: inside the window (checked above).
        let at = unsafe { base.add(start) };
        match fetch {
            Some(rb) => crate::rma::direct::get(at, (tn, &tt), rb),
            None => crate::rma::direct::put(at, &tt, data),
        }
        if let Some(r) = request {
            *out(r, "request")? = vp.add_req(CReq::Done(Status::default()));
        }
        return Ok(());
    }
    let w = win_of(vp, win)?;
    let msg = encode(kind, target_disp as i64, tn, &tt, op, data);
    if passive {
        // Passive target, or a target that posted its window: applied by
        // the target's engine on arrival. A get's answer is received where
        // it was asked for (receives match in the order they are posted);
        // a flush waits for the answer alone when the last operation was
        // such a get, which the program does not wait for itself.
        w.unflushed[t] = Some(fetch.is_some() && request.is_none());
        let (comm, active) = (w.comm, w.active);
        let answer = match fetch {
            Some(rb) => Some(recv_into(vp, rb, |mpi, bytes| {
                mpi.irecv(bytes, target, crate::rma::passive::ANSWER, comm)
            })?),
            None => None,
        };
        vp.mpi()
            .bsend(&msg, target, crate::rma::passive::OPERATION, active)?;
        match (request, answer) {
            (Some(r), answer) => {
                let answer = answer.unwrap_or(CReq::Done(Status::default()));
                *out(r, "request")? = vp.add_req(answer);
            }
            (None, Some(answer)) => win_of(vp, win)?.passive_gets.push((t, answer)),
            (None, None) => {}
        }
        return Ok(());
    }
    if request.is_some() {
        return Err(Fail::new(
            ERR_RMA_SYNC,
            format!(
                "request-based operations need a lock on the target (rank {target} is not locked)"
            ),
        ));
    }
    let (comm, (tag, _)) = (w.comm, tags(w.epoch));
    if let Some(rb) = fetch {
        w.gets.push((target, rb, bytes));
    }
    // Never waited for: the target takes it in its fence, which this rank
    // may reach only after more operations (a large standard send would
    // wait for the target there while the target waits for this rank). A
    // large one is read by the target straight from `msg`, which the send
    // keeps; a small one is copied at once.
    drop(vp.mpi().isend_owned(msg, target, tag, comm, false)?);
    win_of(vp, win)?.sent[t] += 1;
    Ok(())
}

/// Applies operation `msg` to window memory `mem`; a get's answer is
/// returned for sending.
pub(crate) fn apply(mem: &Memory, msg: &[u8]) -> Result<Option<Vec<u8>>, Fail> {
    let o = decode(msg)?;
    let at = mem.target(o.disp, o.n, &o.t)?;
    match o.kind {
        // SAFETY: `at` holds `n` elements of the target type (checked).
        Kind::Get => Ok(Some(unsafe { o.t.pack(at, o.n) })),
        Kind::Put => {
            // SAFETY: as above.
            unsafe { o.t.unpack(o.data, at) };
            Ok(None)
        }
        Kind::Accumulate => {
            accumulate(&o, at)?;
            Ok(None)
        }
        Kind::GetAccumulate => {
            // SAFETY: as above.
            let old = unsafe { o.t.pack(at, o.n) };
            accumulate(&o, at)?;
            Ok(Some(old))
        }
        Kind::CompareSwap => {
            // SAFETY: as above.
            let old = unsafe { o.t.pack(at, o.n) };
            let (new, compare) = o.data.split_at(o.data.len() / 2);
            if old == compare {
                // SAFETY: as above.
                unsafe { o.t.unpack(new, at) };
            }
            Ok(Some(old))
        }
    }
}

/// Combines operation `o`'s data into the window at `at` with its
/// operation (`MPI_REPLACE`: overwrites; `MPI_NO_OP`: nothing; a
/// predefined one: the origin refused `MPI_Op_create`'s).
fn accumulate(o: &Operation<'_>, at: *mut u8) -> Result<(), Fail> {
    match o.op {
        NO_OP => {}
        // SAFETY: `at` holds `n` elements of the target type (checked).
        REPLACE => unsafe { o.t.unpack(o.data, at) },
        op => {
            // SAFETY: as above.
            let mut current = unsafe { o.t.pack(at, o.n) };
            reduce_local(&[], o.data, &mut current, &o.t, -1, op)?;
            // SAFETY: as above.
            unsafe { o.t.unpack(&current, at) };
        }
    }
    Ok(())
}

/// `MPI_Win_fence` (collective): ends the epoch. Every operation this rank
/// started has completed and every operation on its window has been
/// applied when it returns. It opens the next epoch unless `assert` holds
/// `MPI_MODE_NOSUCCEED`; its other assertions are ignored.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_fence(assert: c_int, win: c_int) -> c_int {
    entry("MPI_Win_fence", comm_of_win(win), |vp| {
        let w = win_of(vp, win)?;
        w.fence_epoch = assert & MPI_MODE_NOSUCCEED == 0;
        let (comm, (tag, answer)) = (w.comm, tags(w.epoch));
        let n = w.sent.len();
        let sent = std::mem::replace(&mut w.sent, vec![0; n]);
        let gets = std::mem::take(&mut w.gets);
        w.epoch = (w.epoch + 1) % (1 << 29);
        // Per target: the operations this rank sent it, and whether this
        // rank sent any. Each rank learns how many it must apply, and how
        // many ranks sent operations this epoch.
        let any = sent.iter().any(|&s| s > 0) as u32;
        let pairs: Vec<u32> = sent.iter().flat_map(|&s| [s, any]).collect();
        let mut got = [0u32; 2];
        let twos = vec![2; sent.len()];
        vp.mpi()
            .reduce_scatter(&pairs, &mut got, &twos, &Op::Sum, comm)?;
        let [incoming, senders] = got;
        // One buffer for the epoch's operations, kept from epoch to epoch
        // (a fresh one of megabytes costs a page fault per page).
        let mut msg = std::mem::take(&mut win_of(vp, win)?.incoming);
        for _ in 0..incoming {
            let s = vp.mpi().probe(ANY_SOURCE, tag, comm)?;
            msg.clear();
            msg.resize(s.bytes, 0);
            vp.mpi().recv(&mut msg, s.source, tag, comm)?;
            let mem = win_of(vp, win)?.memory();
            if let Some(reply) = apply(&mem, &msg)? {
                // Buffered too: the origin takes answers after applying
                // what it was sent itself.
                vp.mpi().bsend(&reply, s.source, answer, comm)?;
            }
        }
        let w = win_of(vp, win)?;
        w.incoming = msg;
        let direct_peers = w.direct_peers;
        for (target, mut rb, bytes) in gets {
            let got = vp.mpi().recv(rb.slice(), target, answer, comm)?;
            rb.finish(got.bytes.min(bytes));
        }
        if direct_peers && senders > 0 {
            // Every rank applied what it was sent before any reads or
            // writes another's window directly (`direct.rs`). Without
            // operations sent as messages no window changes inside the
            // fence: the reduction above already waited for every rank's
            // direct copies.
            vp.mpi().barrier(comm)?;
        }
        Ok(())
    })
}

/// An origin buffer: address, count, datatype.
type Buffer<P> = (P, c_int, c_int);

/// Starts a put of `origin` to `target` (count, datatype) at `target_disp`.
fn put(
    vp: &mut Vp,
    origin: Buffer<*const c_void>,
    (target_rank, target_disp): (c_int, isize),
    target: (c_int, c_int),
    win: c_int,
    request: *mut c_int,
) -> Result<(), Fail> {
    let (n, t) = layout(vp, origin.1, origin.2, "origin_count")?;
    let data = send_bytes(origin.0, n, &t)?;
    let target = layout(vp, target.0, target.1, "target_count")?;
    let kind = Kind::Put;
    operation(
        vp,
        kind,
        &data,
        None,
        target_rank,
        target_disp,
        target,
        0,
        win,
        request,
    )
}

/// Starts a get of `target` (count, datatype) at `target_disp` into `origin`.
fn get(
    vp: &mut Vp,
    origin: Buffer<*mut c_void>,
    (target_rank, target_disp): (c_int, isize),
    target: (c_int, c_int),
    win: c_int,
    request: *mut c_int,
) -> Result<(), Fail> {
    let (n, t) = layout(vp, origin.1, origin.2, "origin_count")?;
    let fetch = RecvBuf::new(origin.0, n, &t)?;
    let target = layout(vp, target.0, target.1, "target_count")?;
    operation(
        vp,
        Kind::Get,
        &[],
        Some(fetch),
        target_rank,
        target_disp,
        target,
        0,
        win,
        request,
    )
}

/// Starts an accumulate of `origin` into `target` with `op`.
#[allow(clippy::too_many_arguments)]
fn accumulate_into(
    vp: &mut Vp,
    origin: Buffer<*const c_void>,
    (target_rank, target_disp): (c_int, isize),
    target: (c_int, c_int),
    op: c_int,
    win: c_int,
    request: *mut c_int,
) -> Result<(), Fail> {
    check_accumulate(vp, op)?;
    let (n, t) = layout(vp, origin.1, origin.2, "origin_count")?;
    let data = send_bytes(origin.0, n, &t)?;
    let target = layout(vp, target.0, target.1, "target_count")?;
    let kind = Kind::Accumulate;
    operation(
        vp,
        kind,
        &data,
        None,
        target_rank,
        target_disp,
        target,
        op,
        win,
        request,
    )
}

/// Starts a get-accumulate (`MPI_Get_accumulate`, `MPI_Fetch_and_op`).
#[allow(clippy::too_many_arguments)]
fn get_accumulate(
    vp: &mut Vp,
    origin: Buffer<*const c_void>,
    result: Buffer<*mut c_void>,
    (target_rank, target_disp): (c_int, isize),
    (target_count, target_type): (c_int, c_int),
    op: c_int,
    win: c_int,
    request: *mut c_int,
) -> Result<(), Fail> {
    check_accumulate(vp, op)?;
    let target = layout(vp, target_count, target_type, "target_count")?;
    let data = if op == NO_OP {
        vec![0; target.0 * target.1.size].into()
    } else {
        let (n, t) = layout(vp, origin.1, origin.2, "origin_count")?;
        send_bytes(origin.0, n, &t)?
    };
    let (n, t) = layout(vp, result.1, result.2, "result_count")?;
    let fetch = Some(RecvBuf::new(result.0, n, &t)?);
    let kind = Kind::GetAccumulate;
    operation(
        vp,
        kind,
        &data,
        fetch,
        target_rank,
        target_disp,
        target,
        op,
        win,
        request,
    )
}

/// Defines a one-sided call and its request-based form (`MPI_Put` and
/// `MPI_Rput` ...), which a lock must cover and whose request completes
/// when the origin's buffers may be used again: at once, or with the
/// answer of an operation that returns data.
macro_rules! one_sided {
    ($(#[$doc:meta])* $plain:ident, $requested:ident, $how:ident,
     ($($arg:ident: $ty:ty),*) => ($($pass:expr),*)) => {
        $(#[$doc])*
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $plain($($arg: $ty),*, win: c_int) -> c_int {
            entry(&stringify!($plain)[5..], comm_of_win(win), |vp| {
                $how(vp, $($pass),*, win, std::ptr::null_mut())
            })
        }

        #[doc = concat!("`", stringify!($requested), "`: `", stringify!($plain), "` with a request (a lock must cover the target).")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $requested(
            $($arg: $ty),*,
            win: c_int,
            request: *mut c_int,
        ) -> c_int {
            entry(&stringify!($requested)[5..], comm_of_win(win), |vp| {
                $how(vp, $($pass),*, win, request)
            })
        }
    };
}

one_sided!(
    /// `MPI_Put`: `origin_count` elements of `origin_type` at `origin_addr`
    /// to `target_rank`'s window at `target_disp`.
    ARTS_MPI_Put, ARTS_MPI_Rput, put,
    (origin_addr: *const c_void, origin_count: c_int, origin_type: c_int, target_rank: c_int,
     target_disp: isize, target_count: c_int, target_type: c_int)
    => ((origin_addr, origin_count, origin_type), (target_rank, target_disp),
        (target_count, target_type))
);

one_sided!(
    /// `MPI_Get`: `target_rank`'s window data into `origin_addr`.
    ARTS_MPI_Get, ARTS_MPI_Rget, get,
    (origin_addr: *mut c_void, origin_count: c_int, origin_type: c_int, target_rank: c_int,
     target_disp: isize, target_count: c_int, target_type: c_int)
    => ((origin_addr, origin_count, origin_type), (target_rank, target_disp),
        (target_count, target_type))
);

one_sided!(
    /// `MPI_Accumulate`: combines the origin data into the target's with a
    /// predefined operation (or `MPI_REPLACE`), in the order the operations
    /// arrive.
    ARTS_MPI_Accumulate, ARTS_MPI_Raccumulate, accumulate_into,
    (origin_addr: *const c_void, origin_count: c_int, origin_type: c_int, target_rank: c_int,
     target_disp: isize, target_count: c_int, target_type: c_int, op: c_int)
    => ((origin_addr, origin_count, origin_type), (target_rank, target_disp),
        (target_count, target_type), op)
);

one_sided!(
    /// `MPI_Get_accumulate`: the target's data before the accumulate lands
    /// in `result_addr` (`MPI_NO_OP`: a get; the origin is not read).
    ARTS_MPI_Get_accumulate, ARTS_MPI_Rget_accumulate, get_accumulate,
    (origin_addr: *const c_void, origin_count: c_int, origin_type: c_int,
     result_addr: *mut c_void, result_count: c_int, result_type: c_int, target_rank: c_int,
     target_disp: isize, target_count: c_int, target_type: c_int, op: c_int)
    => ((origin_addr, origin_count, origin_type), (result_addr, result_count, result_type),
        (target_rank, target_disp), (target_count, target_type), op)
);

/// `MPI_Fetch_and_op`: `MPI_Get_accumulate` of one element of `datatype`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Fetch_and_op(
    origin_addr: *const c_void,
    result_addr: *mut c_void,
    datatype: c_int,
    target_rank: c_int,
    target_disp: isize,
    op: c_int,
    win: c_int,
) -> c_int {
    entry("MPI_Fetch_and_op", comm_of_win(win), |vp| {
        let (origin, result) = ((origin_addr, 1, datatype), (result_addr, 1, datatype));
        let (at, none) = ((target_rank, target_disp), std::ptr::null_mut());
        get_accumulate(vp, origin, result, at, (1, datatype), op, win, none)
    })
}

/// `MPI_Compare_and_swap`: the target's element lands in `result_addr`;
/// where it equals `compare_addr`'s, `origin_addr`'s replaces it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Compare_and_swap(
    origin_addr: *const c_void,
    compare_addr: *const c_void,
    result_addr: *mut c_void,
    datatype: c_int,
    target_rank: c_int,
    target_disp: isize,
    win: c_int,
) -> c_int {
    entry("MPI_Compare_and_swap", comm_of_win(win), |vp| {
        let (n, t) = layout(vp, 1, datatype, "count")?;
        let mut data = send_bytes(origin_addr, n, &t)?.into_owned();
        data.extend_from_slice(&send_bytes(compare_addr, n, &t)?);
        let fetch = RecvBuf::new(result_addr, n, &t)?;
        let kind = Kind::CompareSwap;
        let (at, none) = (target_disp, std::ptr::null_mut());
        operation(
            vp,
            kind,
            &data,
            Some(fetch),
            target_rank,
            at,
            (n, t),
            0,
            win,
            none,
        )
    })
}
