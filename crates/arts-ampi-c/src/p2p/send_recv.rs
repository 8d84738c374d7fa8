//! Point-to-point calls, and the send/receive buffers of every call:
//! contiguous data is sent and received in place, derived datatypes are
//! packed into (and unpacked from) contiguous bytes. `MPI_PROC_NULL`
//! partners make sends and receives complete at once.

use std::ffi::{c_int, c_void};

use arts_ampi::{Comm, MatchedMessage, Mpi, MpiError, Request, Status};

use crate::abi::*;
use crate::p2p::buffers::{RecvBuf, byte_len, null_ok, send_bytes};
use crate::p2p::requests::wait_req;
use crate::state::fail::{Fail, comm_of, count, out};
use crate::state::request::{CReq, proc_null_status, write_status};
use crate::state::{Vp, entry};
use crate::types::layout::TypeInfo;

pub(crate) fn check_tag(tag: c_int) -> Result<(), Fail> {
    if tag < 0 {
        return Err(Fail::new(
            ERR_TAG,
            format!("tag {tag} is invalid (tags are 0..=2147483647)"),
        ));
    }
    Ok(())
}

/// How a send returns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Returns {
    /// When the buffer may be reused: a large message waits for its
    /// receive (rendezvous).
    Blocking,
    /// When the receive has taken the message (`MPI_Ssend`).
    Synchronous,
    /// At once: the data is copied into the message (an `MPI_Isend` that
    /// is not read in place).
    Buffered,
}

/// The byte length of a buffer whose arguments take the fast path:
/// `count` elements of a committed contiguous `datatype` at a non-null
/// `buf` (see `TypeTable::plain_size`). `None` sends the call down the
/// general path, which checks every argument and names the wrong one.
#[inline(always)]
fn plain_len(vp: &Vp, buf: *const c_void, count: c_int, datatype: c_int) -> Option<usize> {
    let size = vp.types.plain_size(datatype)?;
    let len = usize::try_from(count).ok()?.checked_mul(size)?;
    (!buf.is_null() && len <= isize::MAX as usize).then_some(len)
}

/// The user's buffer itself as the data of a send whose arguments take
/// the fast path (see [`plain_len`]; a real destination, a valid tag, a
/// communicator handle).
#[inline(always)]
fn plain_data(
    vp: &Vp,
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
) -> Option<&'static [u8]> {
    if comm < 0 || dest == MPI_PROC_NULL || tag < 0 {
        return None;
    }
    let len = plain_len(vp, buf, count, datatype)?;
    // SAFETY: the program passes `count` elements of `datatype` at `buf`
    // (`len` contiguous bytes, non-null), unchanged until the send
    // completes, as MPI requires.
    Some(unsafe { std::slice::from_raw_parts(buf.cast(), len) })
}

/// The user's buffer itself as the target of a receive whose arguments
/// take the fast path (see [`plain_len`]; a real source, a valid or any
/// tag, a communicator handle).
#[inline(always)]
fn plain_target(
    vp: &Vp,
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    source: c_int,
    tag: c_int,
    comm: c_int,
) -> Option<&'static mut [u8]> {
    if comm < 0 || source == MPI_PROC_NULL || (tag < 0 && tag != MPI_ANY_TAG) {
        return None;
    }
    let len = plain_len(vp, buf, count, datatype)?;
    // SAFETY: the program passes room for `count` elements of `datatype`
    // at `buf` (`len` contiguous bytes, non-null), valid until the receive
    // completes, as MPI requires.
    Some(unsafe { std::slice::from_raw_parts_mut(buf.cast(), len) })
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn send(
    vp: &mut Vp,
    buf: *const c_void,
    count_: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    returns: Returns,
) -> Result<(), Fail> {
    if let Some(data) = plain_data(vp, buf, count_, datatype, dest, tag, comm) {
        return send_data(vp, data, dest, tag, Comm(comm as u32), returns);
    }
    let t = vp.types.comm_type_ref(datatype)?;
    let n = count(count_, "count")?;
    let c = comm_of(comm)?;
    check_tag(tag)?;
    if dest == MPI_PROC_NULL {
        return Ok(());
    }
    if t.is_contiguous() {
        // The fast path: the user's bytes, copied once into the message.
        let len = byte_len(n, t)?;
        let data: &[u8] = if len == 0 {
            &[]
        } else {
            null_ok(buf, t)?;
            // SAFETY: the program passes `count` elements of `datatype` at `buf`.
            unsafe { std::slice::from_raw_parts(buf.cast(), len) }
        };
        return send_data(vp, data, dest, tag, c, returns);
    }
    let data = send_bytes(buf, n, t)?;
    send_data(vp, &data, dest, tag, c, returns)
}

#[inline]
fn send_data(
    vp: &mut Vp,
    data: &[u8],
    dest: c_int,
    tag: c_int,
    c: Comm,
    returns: Returns,
) -> Result<(), Fail> {
    match returns {
        Returns::Blocking => vp.mpi().send(data, dest, tag, c)?,
        Returns::Synchronous => vp.mpi().ssend(data, dest, tag, c)?,
        Returns::Buffered => vp.mpi().bsend(data, dest, tag, c)?,
    }
    Ok(())
}

/// `MPI_Send`: eager, returns once the data is copied; a large message
/// returns once its receiver took it (rendezvous).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Send(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Send", comm, |vp| {
        send(vp, buf, count, datatype, dest, tag, comm, Returns::Blocking)
    })
}

/// `MPI_Ssend`: returns once the receive has taken the message (by
/// rendezvous, whatever its size).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Ssend(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Ssend", comm, |vp| {
        send(
            vp,
            buf,
            count,
            datatype,
            dest,
            tag,
            comm,
            Returns::Synchronous,
        )
    })
}

/// `MPI_Rsend`: as `MPI_Send`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Rsend(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Rsend", comm, |vp| {
        send(vp, buf, count, datatype, dest, tag, comm, Returns::Blocking)
    })
}

/// Starts a receive: the request and its completion work.
pub(crate) fn start_recv(
    vp: &mut Vp,
    buf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    source: c_int,
    tag: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    if let Some(target) = plain_target(vp, buf, count_, datatype, source, tag, comm) {
        let req = vp.mpi().irecv(target, source, tag, Comm(comm as u32))?;
        return Ok(CReq::pending(req));
    }
    let t = vp.types.comm_type(datatype)?;
    let n = count(count_, "count")?;
    let c = comm_of(comm)?;
    if tag < 0 && tag != MPI_ANY_TAG {
        check_tag(tag)?;
    }
    if source == MPI_PROC_NULL {
        return Ok(CReq::Done(proc_null_status()));
    }
    post_recv(vp, buf, n, &t, |mpi, bytes| {
        mpi.irecv(bytes, source, tag, c)
    })
}

/// Posts receive `post` into `n` elements of `t` at `buf`: into the
/// buffer itself if `t` is contiguous, else into a packed buffer unpacked
/// into it at completion.
fn post_recv(
    vp: &mut Vp,
    buf: *mut c_void,
    n: usize,
    t: &TypeInfo,
    post: impl FnOnce(&mut Mpi<'static>, &'static mut [u8]) -> Result<Request<'static>, MpiError>,
) -> Result<CReq, Fail> {
    recv_into(vp, RecvBuf::new(buf, n, t)?, post)
}

/// Posts receive `post` into `rb`, unpacked at completion where it packs.
pub(crate) fn recv_into(
    vp: &mut Vp,
    mut rb: RecvBuf,
    post: impl FnOnce(&mut Mpi<'static>, &'static mut [u8]) -> Result<Request<'static>, MpiError>,
) -> Result<CReq, Fail> {
    let req = post(vp.mpi(), rb.slice())?;
    // A contiguous receive lands in the user's buffer: nothing to finish.
    Ok(if rb.direct() {
        CReq::pending(req)
    } else {
        CReq::finishing(req, move |s| {
            rb.finish(s.bytes);
            s
        })
    })
}

/// `MPI_Recv`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Recv(
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    source: c_int,
    tag: c_int,
    comm: c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Recv", comm, |vp| {
        // The fast path: a contiguous type lands in the user's buffer.
        if let Some(target) = plain_target(vp, buf, count, datatype, source, tag, comm) {
            let s = vp.mpi().recv(target, source, tag, Comm(comm as u32))?;
            write_status(status, &s);
            return Ok(());
        }
        let r = start_recv(vp, buf, count, datatype, source, tag, comm)?;
        let s = wait_req(vp, r)?;
        write_status(status, &s);
        Ok(())
    })
}

/// A send that completed when it started (copied, or to `MPI_PROC_NULL`).
pub(crate) fn sent(dest: c_int, tag: c_int) -> CReq {
    CReq::Done(Status {
        source: dest,
        tag,
        ..Status::default()
    })
}

/// Starts a non-blocking send (`MPI_Isend`; `MPI_Issend` if
/// `synchronous`): a large or synchronous one goes by rendezvous, reading a
/// contiguous buffer in place, or the packed bytes of a derived datatype,
/// which the send then owns; anything else is copied at once.
#[allow(clippy::too_many_arguments)]
pub(crate) fn start_send(
    vp: &mut Vp,
    buf: *const c_void,
    count_: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    synchronous: bool,
) -> Result<CReq, Fail> {
    let c = Comm(comm as u32);
    if let Some(data) = plain_data(vp, buf, count_, datatype, dest, tag, comm) {
        // SAFETY: the program leaves its buffer unchanged until the request
        // completes, as MPI requires.
        let req = unsafe {
            if synchronous {
                vp.mpi().issend_in_place(data, dest, tag, c)
            } else {
                vp.mpi().isend_in_place(data, dest, tag, c)
            }
        }?;
        return Ok(req.map_or_else(|| sent(dest, tag), CReq::pending));
    }
    let t = vp.types.comm_type_ref(datatype)?;
    let n = count(count_, "count")?;
    comm_of(comm)?;
    check_tag(tag)?;
    if dest == MPI_PROC_NULL {
        return Ok(sent(dest, tag));
    }
    let packed = send_bytes(buf, n, t)?.into_owned();
    let req = vp.mpi().isend_owned(packed, dest, tag, c, synchronous)?;
    Ok(CReq::pending(req))
}

/// Non-blocking send `call` ([`start_send`]) of `(buf, count, datatype,
/// dest, tag, comm)`, its request stored at `request`.
fn nonblocking_send(
    call: &'static str,
    (buf, count, datatype, dest, tag, comm): (*const c_void, c_int, c_int, c_int, c_int, c_int),
    request: *mut c_int,
    synchronous: bool,
) -> c_int {
    entry(call, comm, |vp| {
        let out = out(request, "request")?;
        let r = start_send(vp, buf, count, datatype, dest, tag, comm, synchronous)?;
        *out = vp.add_req(r);
        Ok(())
    })
}

/// `MPI_Isend`: a large message is read in place by its receiver (by
/// rendezvous: complete once taken); a small one is copied at once
/// (complete at once).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Isend(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf, count, datatype, dest, tag, comm);
    nonblocking_send("MPI_Isend", args, request, false)
}

/// `MPI_Irsend`: as `MPI_Isend`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Irsend(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf, count, datatype, dest, tag, comm);
    nonblocking_send("MPI_Irsend", args, request, false)
}

/// `MPI_Issend`: by rendezvous whatever its size; complete once the
/// receive has the message.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Issend(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    let args = (buf, count, datatype, dest, tag, comm);
    nonblocking_send("MPI_Issend", args, request, true)
}

/// `MPI_Bsend`: copied into the message; returns at once whatever its
/// size (no attached buffer is needed: arts buffers the copy itself).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Bsend(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Bsend", comm, |vp| {
        send(vp, buf, count, datatype, dest, tag, comm, Returns::Buffered)
    })
}

/// `MPI_Ibsend`: as `MPI_Bsend`, its request complete at once.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Ibsend(
    buf: *const c_void,
    count: c_int,
    datatype: c_int,
    dest: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Ibsend", comm, |vp| {
        let out = out(request, "request")?;
        send(vp, buf, count, datatype, dest, tag, comm, Returns::Buffered)?;
        *out = vp.add_req(sent(dest, tag));
        Ok(())
    })
}

/// `MPI_Buffer_attach`: recorded for `MPI_Buffer_detach` (sends never
/// need it: arts buffers the copies of `MPI_Bsend` itself).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Buffer_attach(
    buffer: *mut c_void,
    size: c_int,
) -> c_int {
    entry("MPI_Buffer_attach", MPI_COMM_WORLD, |vp| {
        count(size, "size")?;
        if vp.attached.is_some() {
            return Err(Fail::new(ERR_BUFFER, "a buffer is attached already"));
        }
        vp.attached = Some((buffer as usize, size));
        Ok(())
    })
}

/// `MPI_Buffer_detach`: the attached buffer's address and size (NULL and
/// 0 if none).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Buffer_detach(
    buffer_addr: *mut c_void,
    size: *mut c_int,
) -> c_int {
    entry("MPI_Buffer_detach", MPI_COMM_WORLD, |vp| {
        let addr = out(buffer_addr.cast::<*mut c_void>(), "buffer_addr")?;
        let size = out(size, "size")?;
        let (b, n) = vp.attached.take().unwrap_or((0, 0));
        *addr = b as *mut c_void;
        *size = n;
        Ok(())
    })
}

/// `MPI_Irecv`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Irecv(
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    source: c_int,
    tag: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Irecv", comm, |vp| {
        let out = out(request, "request")?;
        let r = start_recv(vp, buf, count, datatype, source, tag, comm)?;
        *out = vp.add_req(r);
        Ok(())
    })
}

/// `MPI_Sendrecv`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Sendrecv(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    dest: c_int,
    sendtag: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    source: c_int,
    recvtag: c_int,
    comm: c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Sendrecv", comm, |vp| {
        let r = start_recv(vp, recvbuf, recvcount, recvtype, source, recvtag, comm)?;
        send(
            vp,
            sendbuf,
            sendcount,
            sendtype,
            dest,
            sendtag,
            comm,
            Returns::Blocking,
        )?;
        let s = wait_req(vp, r)?;
        write_status(status, &s);
        Ok(())
    })
}

/// `MPI_Sendrecv_replace`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Sendrecv_replace(
    buf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    dest: c_int,
    sendtag: c_int,
    source: c_int,
    recvtag: c_int,
    comm: c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Sendrecv_replace", comm, |vp| {
        let t = vp.types.comm_type(datatype)?;
        let n = count(count_, "count")?;
        // The outgoing data is copied before the receive may overwrite it.
        let data = send_bytes(buf, n, &t)?.into_owned();
        let r = start_recv(vp, buf, count_, datatype, source, recvtag, comm)?;
        send(
            vp,
            data.as_ptr().cast(),
            data.len() as c_int,
            4,
            dest,
            sendtag,
            comm,
            Returns::Blocking,
        )?;
        let s = wait_req(vp, r)?;
        write_status(status, &s);
        Ok(())
    })
}

/// `MPI_Probe` (count in bytes, see `MPI_Get_count`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Probe(
    source: c_int,
    tag: c_int,
    comm: c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Probe", comm, |vp| {
        let c = comm_of(comm)?;
        let s = if source == MPI_PROC_NULL {
            proc_null_status()
        } else {
            vp.mpi().probe(source, tag, c)?
        };
        write_status(status, &s);
        Ok(())
    })
}

/// `MPI_Iprobe`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Iprobe(
    source: c_int,
    tag: c_int,
    comm: c_int,
    flag: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Iprobe", comm, |vp| {
        let c = comm_of(comm)?;
        let flag = out(flag, "flag")?;
        let found = if source == MPI_PROC_NULL {
            Some(proc_null_status())
        } else {
            let s = vp.mpi().iprobe(source, tag, c)?;
            if s.is_none() {
                // Let arrived messages in before the program asks again.
                vp.mpi().poll();
            }
            s
        };
        *flag = c_int::from(found.is_some());
        if let Some(s) = found {
            write_status(status, &s);
        }
        Ok(())
    })
}

/// `MPI_Improbe` and `MPI_Mprobe` (`wait`): takes a matching message out
/// of matching; `false` if none is waiting (never when waiting).
fn matched_probe(
    vp: &mut Vp,
    (source, tag, comm): (c_int, c_int, c_int),
    wait: bool,
    message: *mut c_int,
    status: *mut MpiStatus,
) -> Result<bool, Fail> {
    let c = comm_of(comm)?;
    let message = out(message, "message")?;
    let (m, s) = if source == MPI_PROC_NULL {
        (MPI_MESSAGE_NO_PROC, proc_null_status())
    } else {
        let found = if wait {
            Some(vp.mpi().mprobe(source, tag, c)?)
        } else {
            vp.mpi().improbe(source, tag, c)?
        };
        let Some((msg, s)) = found else {
            return Ok(false);
        };
        (vp.add_message(msg), s)
    };
    *message = m;
    write_status(status, &s);
    Ok(true)
}

/// `MPI_Mprobe`: waits for a matching message and takes it out of
/// matching; only `MPI_Mrecv`/`MPI_Imrecv` with `*message` receive it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Mprobe(
    source: c_int,
    tag: c_int,
    comm: c_int,
    message: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Mprobe", comm, |vp| {
        matched_probe(vp, (source, tag, comm), true, message, status).map(drop)
    })
}

/// `MPI_Improbe`: as `MPI_Mprobe` if a matching message is waiting
/// (`*flag` true), else `*flag` false.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Improbe(
    source: c_int,
    tag: c_int,
    comm: c_int,
    flag: *mut c_int,
    message: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Improbe", comm, |vp| {
        let flag = out(flag, "flag")?;
        *flag = c_int::from(matched_probe(
            vp,
            (source, tag, comm),
            false,
            message,
            status,
        )?);
        Ok(())
    })
}

/// Starts the receive of matched message `*message` (then
/// `MPI_MESSAGE_NULL`).
fn start_mrecv(
    vp: &mut Vp,
    buf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    message: *mut c_int,
) -> Result<CReq, Fail> {
    let t = vp.types.comm_type(datatype)?;
    let n = count(count_, "count")?;
    let message = out(message, "message")?;
    if *message == MPI_MESSAGE_NO_PROC {
        *message = MPI_MESSAGE_NULL;
        return Ok(CReq::Done(proc_null_status()));
    }
    let msg: MatchedMessage = vp.take_message(*message)?;
    *message = MPI_MESSAGE_NULL;
    post_recv(vp, buf, n, &t, |mpi, bytes| mpi.imrecv(msg, bytes))
}

/// `MPI_Mrecv`: receives a message taken by a matched probe.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Mrecv(
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    message: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Mrecv", MPI_COMM_WORLD, |vp| {
        let r = start_mrecv(vp, buf, count, datatype, message)?;
        let s = wait_req(vp, r)?;
        write_status(status, &s);
        Ok(())
    })
}

/// `MPI_Imrecv`: starts the receive of a message taken by a matched probe.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Imrecv(
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    message: *mut c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Imrecv", MPI_COMM_WORLD, |vp| {
        let out = out(request, "request")?;
        let r = start_mrecv(vp, buf, count, datatype, message)?;
        *out = vp.add_req(r);
        Ok(())
    })
}
