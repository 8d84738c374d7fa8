//! Persistent requests: `MPI_Send_init` (and its `Ssend`, `Rsend`,
//! `Bsend` forms), `MPI_Recv_init` and the persistent collectives
//! (`MPI_Barrier_init`, `MPI_Allreduce_init` ..., made in `coll/collectives.rs`) make
//! a request that keeps its arguments; `MPI_Start`/`MPI_Startall` start it
//! as the matching non-blocking call would (`MPI_Isend`, `MPI_Irecv`,
//! `MPI_Iallreduce` ...). Completing it
//! (wait, test) leaves it inactive under the same handle, ready to start
//! again (`Vp::retire`); `MPI_Request_free` ends it.
//!
//! The arguments are checked when the request is made. A point-to-point
//! request holds its datatype until it is freed, so the program may free
//! the datatype after `MPI_Send_init` and go on starting the request, as
//! MPI allows; a persistent collective looks its datatypes up at every
//! start, so one freed in between is refused then (`MPI_ERR_TYPE`).

use std::ffi::{c_int, c_void};
use std::rc::Rc;

use crate::abi::*;
use crate::p2p::send_recv::{Returns, check_tag, send, sent, start_recv, start_send};
use crate::state::fail::{Fail, comm_of, count, out};
use crate::state::request::CReq;
use crate::state::{Persistent, Starter, Vp, entry};

/// What a persistent point-to-point request does when started.
#[derive(Clone, Copy)]
enum Op {
    /// `MPI_Isend` (and `MPI_Irsend`).
    Send,
    /// `MPI_Issend`.
    Ssend,
    /// `MPI_Ibsend`.
    Bsend,
    /// `MPI_Irecv`.
    Recv,
}

/// Stores an inactive persistent request that `start` starts, holding
/// `types` (see the module's note); its handle.
pub(crate) fn persistent(vp: &mut Vp, start: Starter, types: &[c_int]) -> c_int {
    let h = vp.add_req(CReq::inactive());
    for &t in types {
        vp.types.hold(t);
    }
    let (active, types) = (false, types.to_vec());
    vp.persistent.insert(
        h,
        Persistent {
            start,
            active,
            types,
        },
    );
    h
}

/// Forgets persistent request `h`, if it is one (`MPI_Request_free`),
/// releasing its datatypes.
pub(crate) fn forget(vp: &mut Vp, h: c_int) {
    if let Some(p) = vp.persistent.remove(&h) {
        for t in p.types {
            vp.types.release(t);
        }
    }
}

/// Makes persistent request `call` of `(buf, count, datatype, peer, tag,
/// comm)` (the destination of a send, the source of a receive), inactive,
/// its handle stored at `request`.
fn init(
    call: &'static str,
    op: Op,
    (buf, count_, datatype, peer, tag, comm): (*mut c_void, c_int, c_int, c_int, c_int, c_int),
    request: *mut c_int,
) -> c_int {
    entry(call, comm, |vp| {
        let out = out(request, "request")?;
        vp.types.comm_type_ref(datatype)?;
        count(count_, "count")?;
        comm_of(comm)?;
        if !(matches!(op, Op::Recv) && tag == MPI_ANY_TAG) {
            check_tag(tag)?;
        }
        let start = move |vp: &mut Vp| match op {
            Op::Send | Op::Ssend => {
                let synchronous = matches!(op, Op::Ssend);
                start_send(vp, buf, count_, datatype, peer, tag, comm, synchronous)
            }
            Op::Bsend => {
                send(
                    vp,
                    buf,
                    count_,
                    datatype,
                    peer,
                    tag,
                    comm,
                    Returns::Buffered,
                )?;
                Ok(sent(peer, tag))
            }
            Op::Recv => start_recv(vp, buf, count_, datatype, peer, tag, comm),
        };
        *out = persistent(vp, Rc::new(start), &[datatype]);
        Ok(())
    })
}

/// Starts persistent request `h`.
fn start(vp: &mut Vp, h: c_int) -> Result<(), Fail> {
    let p = vp.persistent.get(&h).cloned().ok_or_else(|| {
        Fail::new(
            ERR_REQUEST,
            format!(
                "request {h} is not a persistent request (MPI_Send_init, MPI_Recv_init, MPI_*_init)"
            ),
        )
    })?;
    if p.active {
        return Err(Fail::new(
            ERR_REQUEST,
            format!(
                "request {h} is active: it completes (MPI_Wait, MPI_Test) before it starts again"
            ),
        ));
    }
    let r = (p.start)(vp)?;
    vp.put_req(h, r);
    if let Some(p) = vp.persistent.get_mut(&h) {
        p.active = true;
    }
    Ok(())
}

/// `MPI_Send_init`: a persistent `MPI_Isend`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Send_init(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf.cast_mut(), count, datatype, dest, tag, comm);
    init("MPI_Send_init", Op::Send, args, request)
}

/// `MPI_Ssend_init`: a persistent `MPI_Issend`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Ssend_init(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf.cast_mut(), count, datatype, dest, tag, comm);
    init("MPI_Ssend_init", Op::Ssend, args, request)
}

/// `MPI_Rsend_init`: a persistent `MPI_Irsend` (as `MPI_Send_init`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Rsend_init(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf.cast_mut(), count, datatype, dest, tag, comm);
    init("MPI_Rsend_init", Op::Send, args, request)
}

/// `MPI_Bsend_init`: a persistent `MPI_Ibsend`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Bsend_init(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf.cast_mut(), count, datatype, dest, tag, comm);
    init("MPI_Bsend_init", Op::Bsend, args, request)
}

/// `MPI_Recv_init`: a persistent `MPI_Irecv`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Recv_init(
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    source: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf, count, datatype, source, tag, comm);
    init("MPI_Recv_init", Op::Recv, args, request)
}

/// `MPI_Start`: starts an inactive persistent request.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Start(request: *mut c_int) -> c_int {
    entry("MPI_Start", MPI_COMM_WORLD, |vp| {
        let h = *out(request, "request")?;
        start(vp, h)
    })
}

/// `MPI_Startall`: starts each of `n` inactive persistent requests, in
/// order.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Startall(n: c_int, requests: *mut c_int) -> c_int {
    entry("MPI_Startall", MPI_COMM_WORLD, |vp| {
        let hs = crate::p2p::requests::handles(requests, count(n, "count")?)?;
        hs.iter().try_for_each(|&h| start(vp, h))
    })
}
