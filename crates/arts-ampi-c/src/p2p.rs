//! Point-to-point calls, and the send/receive buffers of every call:
//! contiguous data is sent and received in place, derived datatypes are
//! packed into (and unpacked from) contiguous bytes. `MPI_PROC_NULL`
//! partners make sends and receives complete at once.

use std::borrow::Cow;
use std::ffi::{c_int, c_void};

use arts_ampi::{Comm, Mpi, MpiError, Request, Status};

use crate::abi::*;
use crate::state::{CReq, Fail, Vp, comm_of, count, entry, out, proc_null_status, write_status};
use crate::types::TypeInfo;

/// The bytes of `count` elements of `t` at `buf` (packed if not contiguous).
pub(crate) fn send_bytes<'a>(
    buf: *const c_void,
    count: usize,
    t: &TypeInfo,
) -> Result<Cow<'a, [u8]>, Fail> {
    if count == 0 || t.size == 0 {
        return Ok(Cow::Borrowed(&[]));
    }
    if buf.is_null() {
        return Err(Fail::new(ERR_BUFFER, "the buffer is a null pointer"));
    }
    let len = byte_len(count, t)?;
    if t.is_contiguous() {
        // SAFETY: the program passes `count` elements of `t` at `buf`.
        Ok(Cow::Borrowed(unsafe {
            std::slice::from_raw_parts(buf.cast(), len)
        }))
    } else {
        // SAFETY: as above.
        Ok(Cow::Owned(unsafe { t.pack(buf.cast(), count) }))
    }
}

/// Bytes of `count` elements of `t` (refused when it overflows).
pub(crate) fn byte_len(count: usize, t: &TypeInfo) -> Result<usize, Fail> {
    count
        .checked_mul(t.size)
        .filter(|&n| n <= isize::MAX as usize)
        .ok_or_else(|| {
            Fail::new(
                ERR_COUNT,
                format!("{count} elements of {} bytes do not fit in memory", t.size),
            )
        })
}

/// The `n` request handles at `requests` (checked non-null).
pub(crate) fn handles<'a>(requests: *mut c_int, n: usize) -> Result<&'a mut [c_int], Fail> {
    if n == 0 {
        return Ok(&mut []);
    }
    if requests.is_null() {
        return Err(Fail::new(ERR_ARG, "the request array is a null pointer"));
    }
    // SAFETY: the program passes an array of `n` requests (checked non-null).
    Ok(unsafe { std::slice::from_raw_parts_mut(requests, n) })
}

/// Where a receive writes: the user's buffer itself when the type is
/// contiguous, else a packed buffer unpacked into it at the end.
pub(crate) struct RecvBuf {
    tmp: Vec<u8>,
    ptr: *mut u8,
    len: usize,
    unpack: Option<(TypeInfo, *mut u8)>,
}

impl RecvBuf {
    /// The target of `count` elements of `t` at `buf`.
    pub fn new(buf: *mut c_void, count: usize, t: &TypeInfo) -> Result<RecvBuf, Fail> {
        let len = byte_len(count, t)?;
        if len > 0 && buf.is_null() {
            return Err(Fail::new(ERR_BUFFER, "the buffer is a null pointer"));
        }
        if len == 0 || t.is_contiguous() {
            return Ok(RecvBuf {
                tmp: Vec::new(),
                ptr: buf.cast(),
                len,
                unpack: None,
            });
        }
        let mut tmp = vec![0u8; len];
        Ok(RecvBuf {
            ptr: tmp.as_mut_ptr(),
            tmp,
            len,
            unpack: Some((t.clone(), buf.cast())),
        })
    }

    /// A packed buffer of `len` bytes (for collectives that place parts themselves).
    pub fn scratch(len: usize) -> RecvBuf {
        let mut tmp = vec![0u8; len];
        RecvBuf {
            ptr: tmp.as_mut_ptr(),
            tmp,
            len,
            unpack: None,
        }
    }

    /// The bytes to receive into. They stay valid while `self` lives (a
    /// `Vec`'s heap block does not move when the `Vec` does).
    pub fn slice(&mut self) -> &'static mut [u8] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: `ptr` is the user's buffer of `len` bytes (valid until the
        // receive completes, as MPI requires) or our own `tmp`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    /// Whether the receive writes straight into the user's buffer.
    pub fn direct(&self) -> bool {
        self.unpack.is_none() && self.tmp.is_empty()
    }

    /// The packed bytes (scratch buffers).
    pub fn bytes(&self) -> &[u8] {
        &self.tmp
    }

    /// Unpacks the first `bytes` received bytes into the user's buffer.
    pub fn finish(self, bytes: usize) {
        if let Some((t, dest)) = &self.unpack {
            // SAFETY: the user's buffer holds `count` elements of `t`, and
            // `bytes` is at most their packed size.
            unsafe { t.unpack(&self.tmp[..bytes.min(self.len)], *dest) };
        }
    }
}

fn check_tag(tag: c_int) -> Result<(), Fail> {
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
enum Returns {
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
fn send(
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
        } else if buf.is_null() {
            return Err(Fail::new(ERR_BUFFER, "the buffer is a null pointer"));
        } else {
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Send(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Ssend(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Rsend(
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
fn start_recv(
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
        return Ok(CReq {
            req: Some(req),
            finish: None,
            done: None,
        });
    }
    let t = vp.types.comm_type(datatype)?;
    let n = count(count_, "count")?;
    let c = comm_of(comm)?;
    if tag < 0 && tag != MPI_ANY_TAG {
        check_tag(tag)?;
    }
    if source == MPI_PROC_NULL {
        return Ok(CReq {
            req: None,
            finish: None,
            done: Some(proc_null_status()),
        });
    }
    let mut rb = RecvBuf::new(buf, n, &t)?;
    let req = vp.mpi().irecv(rb.slice(), source, tag, c)?;
    // A contiguous receive lands in the user's buffer: nothing to finish.
    let finish: Option<Box<dyn FnOnce(Status) -> Status>> = if rb.direct() {
        None
    } else {
        Some(Box::new(move |s: Status| {
            rb.finish(s.bytes);
            s
        }))
    };
    Ok(CReq {
        req: Some(req),
        finish,
        done: None,
    })
}

/// Waits for `r` and runs its completion work.
pub(crate) fn wait_req(vp: &mut Vp, r: CReq) -> Result<Status, Fail> {
    let CReq { req, finish, done } = r;
    let s = match (done, req) {
        (Some(s), _) => return Ok(s),
        (None, Some(req)) => vp.mpi().wait(req)?,
        (None, None) => Status::default(),
    };
    Ok(finish.map_or(s, |f| f(s)))
}

/// Tests `r`: its status if complete (completion work done), else it back.
pub(crate) fn test_req(vp: &mut Vp, mut r: CReq) -> Result<Result<Status, CReq>, Fail> {
    if let Some(s) = r.done {
        return Ok(Ok(s));
    }
    let Some(req) = r.req.as_mut() else {
        return Ok(Ok(Status::default()));
    };
    match vp.mpi().test(req)? {
        Some(s) => {
            r.req = None;
            Ok(Ok(r.finish.take().map_or(s, |f| f(s))))
        }
        None => Ok(Err(r)),
    }
}

/// `MPI_Recv`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Recv(
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
fn sent(dest: c_int, tag: c_int) -> CReq {
    CReq {
        req: None,
        finish: None,
        done: Some(Status {
            source: dest,
            tag,
            count: 0,
            bytes: 0,
        }),
    }
}

/// Starts a non-blocking send (`MPI_Isend`; `MPI_Issend` if
/// `synchronous`): a large or synchronous one goes by rendezvous, reading a
/// contiguous buffer in place, or the packed bytes of a derived datatype,
/// which the send then owns; anything else is copied at once.
#[allow(clippy::too_many_arguments)]
fn start_send(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Isend(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Irsend(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Issend(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Bsend(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Ibsend(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Buffer_attach(buffer: *mut c_void, size: c_int) -> c_int {
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Buffer_detach(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Irecv(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Sendrecv(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Sendrecv_replace(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Probe(
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Iprobe(
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

/// `MPI_Wait`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Wait(
    request: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Wait", MPI_COMM_WORLD, |vp| {
        let h = out(request, "request")?;
        if *h == MPI_REQUEST_NULL {
            write_status(status, &Status::default());
            return Ok(());
        }
        let r = vp.take_req(*h)?;
        *h = MPI_REQUEST_NULL;
        let s = wait_req(vp, r)?;
        write_status(status, &s);
        Ok(())
    })
}

/// `MPI_Waitall`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Waitall(
    n: c_int,
    requests: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    entry("MPI_Waitall", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let hs = handles(requests, n)?;
        for (i, h) in hs.iter_mut().enumerate() {
            let st = if statuses.is_null() {
                statuses
            } else {
                // SAFETY: the program passes `n` statuses (or MPI_STATUSES_IGNORE).
                unsafe { statuses.add(i) }
            };
            if *h == MPI_REQUEST_NULL {
                write_status(st, &Status::default());
                continue;
            }
            let r = vp.take_req(*h)?;
            *h = MPI_REQUEST_NULL;
            let s = wait_req(vp, r)?;
            write_status(st, &s);
        }
        Ok(())
    })
}

/// `MPI_Waitany`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Waitany(
    n: c_int,
    requests: *mut c_int,
    index: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Waitany", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let index = out(index, "index")?;
        let hs = handles(requests, n)?;
        let mut any = false;
        for (i, h) in hs.iter_mut().enumerate() {
            if *h == MPI_REQUEST_NULL {
                continue;
            }
            any = true;
            let r = vp.take_req(*h)?;
            let done = match r.done {
                Some(s) => Ok(s),
                None => match r.req.as_ref() {
                    None => Ok(Status::default()),
                    Some(_) => Err(r),
                },
            };
            match done {
                Ok(s) => {
                    *h = MPI_REQUEST_NULL;
                    *index = i as c_int;
                    write_status(status, &s);
                    return Ok(());
                }
                Err(r) => vp.put_req(*h, r),
            }
        }
        if !any {
            *index = MPI_UNDEFINED;
            return Ok(());
        }
        // Take every pending request out, wait for the first to finish.
        let mut slots = Vec::new();
        let mut taken = Vec::new();
        for (i, h) in hs.iter().enumerate() {
            if *h != MPI_REQUEST_NULL {
                let mut r = vp.take_req(*h)?;
                slots.push(r.req.take());
                taken.push((i, r));
            }
        }
        let (k, s) = vp.mpi().waitany(&mut slots)?;
        for (j, ((i, mut r), slot)) in taken.into_iter().zip(slots).enumerate() {
            if j == k {
                let s = r.finish.take().map_or(s, |f| f(s));
                hs[i] = MPI_REQUEST_NULL;
                *index = i as c_int;
                write_status(status, &s);
            } else {
                r.req = slot;
                vp.put_req(hs[i], r);
            }
        }
        Ok(())
    })
}

/// `MPI_Test`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Test(
    request: *mut c_int,
    flag: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Test", MPI_COMM_WORLD, |vp| {
        let h = out(request, "request")?;
        let flag = out(flag, "flag")?;
        if *h == MPI_REQUEST_NULL {
            *flag = 1;
            write_status(status, &Status::default());
            return Ok(());
        }
        let r = vp.take_req(*h)?;
        match test_req(vp, r)? {
            Ok(s) => {
                *h = MPI_REQUEST_NULL;
                *flag = 1;
                write_status(status, &s);
            }
            Err(r) => {
                vp.put_req(*h, r);
                *flag = 0;
            }
        }
        Ok(())
    })
}

/// `MPI_Testall`: true (and every request freed) only when all completed.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Testall(
    n: c_int,
    requests: *mut c_int,
    flag: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    entry("MPI_Testall", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let flag = out(flag, "flag")?;
        let hs = handles(requests, n)?;
        let mut all = true;
        for h in hs.iter() {
            if *h == MPI_REQUEST_NULL {
                continue;
            }
            let r = vp.take_req(*h)?;
            match test_req(vp, r)? {
                Ok(s) => vp.put_req(
                    *h,
                    CReq {
                        req: None,
                        finish: None,
                        done: Some(s),
                    },
                ),
                Err(r) => {
                    all = false;
                    vp.put_req(*h, r);
                }
            }
        }
        *flag = c_int::from(all);
        if all {
            for (i, h) in hs.iter_mut().enumerate() {
                let s = if *h == MPI_REQUEST_NULL {
                    Status::default()
                } else {
                    let r = vp.take_req(*h)?;
                    *h = MPI_REQUEST_NULL;
                    r.done.unwrap_or_default()
                };
                if !statuses.is_null() {
                    // SAFETY: the program passes `n` statuses (or IGNORE).
                    write_status(unsafe { statuses.add(i) }, &s);
                }
            }
        }
        Ok(())
    })
}

/// What `MPI_Waitsome`, `MPI_Testsome` and `MPI_Testany` ask of the
/// pending requests: positions (among them) and statuses of those done.
type Pick<'a> = &'a mut dyn FnMut(
    &mut Mpi<'static>,
    &mut [Option<Request<'static>>],
) -> Result<Vec<(usize, Status)>, MpiError>;

/// Completes some of the requests `hs`, at most `most`: those complete
/// already (sends copied at once, `MPI_PROC_NULL`) if any, else those
/// `pick` completes among the pending ones. Returns their positions and
/// statuses in order, each handle set to `MPI_REQUEST_NULL`; `None` when
/// no request is active.
fn complete_some(
    vp: &mut Vp,
    hs: &mut [c_int],
    most: usize,
    pick: Pick<'_>,
) -> Result<Option<Vec<(usize, Status)>>, Fail> {
    let active = hs.iter().any(|&h| h != MPI_REQUEST_NULL);
    let mut done = Vec::new();
    let mut pending = Vec::new();
    let mut slots = Vec::new();
    for (i, h) in hs.iter_mut().enumerate() {
        if *h == MPI_REQUEST_NULL || done.len() == most {
            continue;
        }
        let mut r = vp.take_req(*h)?;
        if r.done.is_some() || r.req.is_none() {
            done.push((i, r.done.unwrap_or_default()));
            *h = MPI_REQUEST_NULL;
        } else {
            slots.push(r.req.take());
            pending.push((i, r));
        }
    }
    let picked = if done.is_empty() && !slots.is_empty() {
        pick(vp.mpi(), &mut slots)
    } else {
        Ok(Vec::new())
    };
    let mut statuses = picked
        .as_ref()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .peekable();
    // Those still pending go back, also when `pick` failed.
    for (j, ((i, mut r), slot)) in pending.into_iter().zip(slots).enumerate() {
        if slot.is_some() {
            r.req = slot;
            vp.put_req(hs[i], r);
            continue;
        }
        hs[i] = MPI_REQUEST_NULL;
        if let Some(&(_, s)) = statuses.next_if(|p| p.0 == j) {
            done.push((i, r.finish.take().map_or(s, |f| f(s))));
        }
    }
    picked?;
    Ok(active.then_some(done))
}

/// Writes the result of `complete_some` as MPI's `outcount`, `indices`
/// and `statuses`.
fn write_some(
    result: Option<Vec<(usize, Status)>>,
    outcount: &mut c_int,
    indices: *mut c_int,
    statuses: *mut MpiStatus,
) -> Result<(), Fail> {
    let Some(done) = result else {
        *outcount = MPI_UNDEFINED;
        return Ok(());
    };
    *outcount = done.len() as c_int;
    if !done.is_empty() && indices.is_null() {
        return Err(Fail::new(ERR_ARG, "indices is a null pointer"));
    }
    for (k, (i, s)) in done.iter().enumerate() {
        // SAFETY: the program passes room for `incount` indices and
        // statuses (or MPI_STATUSES_IGNORE); k < incount.
        unsafe {
            *indices.add(k) = *i as c_int;
            if !statuses.is_null() {
                write_status(statuses.add(k), s);
            }
        }
    }
    Ok(())
}

/// `MPI_Waitsome` or `MPI_Testsome` (`call`), whose `pick` completes some
/// of the pending requests; the result goes to `(outcount, indices,
/// statuses)`.
fn some(
    call: &'static str,
    incount: c_int,
    requests: *mut c_int,
    (outcount, indices, statuses): (*mut c_int, *mut c_int, *mut MpiStatus),
    pick: Pick<'_>,
) -> c_int {
    entry(call, MPI_COMM_WORLD, |vp| {
        let hs = handles(requests, count(incount, "incount")?)?;
        let outcount = out(outcount, "outcount")?;
        let done = complete_some(vp, hs, usize::MAX, pick)?;
        write_some(done, outcount, indices, statuses)
    })
}

/// `MPI_Waitsome`: waits until at least one request completes; every one
/// that has is returned.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Waitsome(
    incount: c_int,
    requests: *mut c_int,
    outcount: *mut c_int,
    indices: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    let out = (outcount, indices, statuses);
    some("MPI_Waitsome", incount, requests, out, &mut |m, r| {
        m.waitsome(r)
    })
}

/// `MPI_Testsome`: every request that has completed (none is not an error).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Testsome(
    incount: c_int,
    requests: *mut c_int,
    outcount: *mut c_int,
    indices: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    let out = (outcount, indices, statuses);
    some("MPI_Testsome", incount, requests, out, &mut |m, r| {
        m.testsome(r)
    })
}

/// `MPI_Testany`: one request that has completed, if any.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Testany(
    n: c_int,
    requests: *mut c_int,
    index: *mut c_int,
    flag: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Testany", MPI_COMM_WORLD, |vp| {
        let hs = handles(requests, count(n, "count")?)?;
        let (index, flag) = (out(index, "index")?, out(flag, "flag")?);
        let pick: Pick<'_> = &mut |m, r| Ok(m.testany(r)?.into_iter().collect());
        match complete_some(vp, hs, 1, pick)? {
            // No active request: true, with an empty status.
            None => {
                (*index, *flag) = (MPI_UNDEFINED, 1);
                write_status(status, &Status::default());
            }
            Some(done) => match done.first() {
                Some(&(i, s)) => {
                    (*index, *flag) = (i as c_int, 1);
                    write_status(status, &s);
                }
                None => (*index, *flag) = (MPI_UNDEFINED, 0),
            },
        }
        Ok(())
    })
}

/// `MPI_Request_free`: a receive is withdrawn; a send completes by
/// itself (one read in place before the rank finalizes).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Request_free(request: *mut c_int) -> c_int {
    entry("MPI_Request_free", MPI_COMM_WORLD, |vp| {
        let h = out(request, "request")?;
        let r = vp.take_req(*h)?;
        drop(r);
        *h = MPI_REQUEST_NULL;
        Ok(())
    })
}

/// `MPI_Get_count`: elements of `datatype` in a status (`MPI_UNDEFINED` if
/// the bytes are not a whole number of elements).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Get_count(
    status: *const MpiStatus,
    datatype: c_int,
    count: *mut c_int,
) -> c_int {
    entry("MPI_Get_count", MPI_COMM_WORLD, |vp| {
        let t = vp.types.get(datatype)?.size as i64;
        let count = out(count, "count")?;
        let st = out(status.cast_mut(), "status")?;
        *count = if t == 0 {
            0
        } else if st.count % t == 0 {
            (st.count / t) as c_int
        } else {
            MPI_UNDEFINED
        };
        Ok(())
    })
}
