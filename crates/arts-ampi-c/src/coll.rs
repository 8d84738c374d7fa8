//! Collectives. Data moves as packed bytes through `arts_ampi`'s byte
//! collectives; the receive side is unpacked at the displacements the
//! program gave (`*v` forms) or straight into its buffer when contiguous.

use std::ffi::{c_int, c_void};

use arts_ampi::Comm;

use crate::abi::*;
use crate::p2p::{RecvBuf, send_bytes};
use crate::reduce::{Which, reduce};
use crate::state::{CReq, Fail, Vp, comm_of, count, entry, ints, out};
use crate::types::TypeInfo;

/// `MPI_IN_PLACE` (`(void *)1` in mpi.h).
#[allow(clippy::manual_dangling_ptr)]
const IN_PLACE: *const c_void = 1 as *const c_void;

fn size_rank(vp: &mut Vp, comm: Comm) -> Result<(usize, usize), Fail> {
    let n = vp.mpi().comm_size(comm)? as usize;
    let r = vp.mpi().comm_rank(comm)? as usize;
    Ok((n, r))
}

fn check_root(root: c_int, n: usize) -> Result<i32, Fail> {
    if root < 0 || root as usize >= n {
        return Err(Fail::new(
            ERR_ROOT,
            format!("root {root} is not a rank of the communicator of {n} ranks"),
        ));
    }
    Ok(root)
}

/// Unpacks `parts[i]` elements of `t` from the packed `data` to `base +
/// displs[i] * extent`, in rank order.
fn place(data: &[u8], base: *mut c_void, t: &TypeInfo, counts: &[usize], displs: &[c_int]) {
    let mut at = 0;
    for (c, d) in counts.iter().zip(displs) {
        let len = c * t.size;
        // SAFETY: the program's buffer holds part i at displacement d.
        unsafe {
            t.unpack(
                &data[at..at + len],
                base.cast::<u8>().offset(*d as isize * t.extent),
            )
        };
        at += len;
    }
}

/// Packs `counts[i]` elements of `t` at `base + displs[i] * extent`, in order.
fn gather_parts(
    base: *const c_void,
    t: &TypeInfo,
    counts: &[usize],
    displs: &[c_int],
) -> Result<Vec<u8>, Fail> {
    let mut out = Vec::new();
    for (c, d) in counts.iter().zip(displs) {
        // SAFETY: the program's buffer holds part i at displacement d.
        let p = unsafe { base.cast::<u8>().offset(*d as isize * t.extent) };
        out.extend_from_slice(&send_bytes(p.cast(), *c, t)?);
    }
    Ok(out)
}

/// `MPI_Barrier`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Barrier(comm: c_int) -> c_int {
    entry("MPI_Barrier", comm, |vp| {
        vp.mpi().barrier(comm_of(comm)?)?;
        Ok(())
    })
}

/// `MPI_Ibarrier`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Ibarrier(comm: c_int, request: *mut c_int) -> c_int {
    entry("MPI_Ibarrier", comm, |vp| {
        let request = out(request, "request")?;
        let req = vp.mpi().ibarrier(comm_of(comm)?)?;
        *request = vp.add_req(CReq::pending(req));
        Ok(())
    })
}

fn bcast(
    vp: &mut Vp,
    buf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    root: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let t = vp.types.comm_type(datatype)?;
    let n = count(count_, "count")?;
    let c = comm_of(comm)?;
    let (size, me) = size_rank(vp, c)?;
    let root = check_root(root, size)?;
    let mut rb = RecvBuf::new(buf, n, &t)?;
    if me == root as usize && !t.is_contiguous() {
        let data = send_bytes(buf, n, &t)?;
        rb.slice().copy_from_slice(&data);
    }
    let req = vp.mpi().ibcast(rb.slice(), root, c)?;
    let bytes = n * t.size;
    Ok(CReq::finishing(req, move |s| {
        rb.finish(bytes);
        s
    }))
}

/// `MPI_Bcast`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Bcast(
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    root: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Bcast", comm, |vp| {
        let r = bcast(vp, buf, count, datatype, root, comm)?;
        crate::requests::wait_req(vp, r)?;
        Ok(())
    })
}

/// `MPI_Ibcast`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Ibcast(
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    root: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Ibcast", comm, |vp| {
        let request = out(request, "request")?;
        let r = bcast(vp, buf, count, datatype, root, comm)?;
        *request = vp.add_req(r);
        Ok(())
    })
}

/// The reductions' common part: returns a request for the non-blocking
/// forms (`None`: done).
#[allow(clippy::too_many_arguments)]
fn reduction(
    vp: &mut Vp,
    which: Which,
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> Result<Option<CReq>, Fail> {
    let t = vp.types.comm_type(datatype)?;
    let n = count(count_, "count")?;
    let c = comm_of(comm)?;
    let (size, me) = size_rank(vp, c)?;
    let receives = match which {
        Which::Reduce(root) | Which::Ireduce(root) => me == check_root(root, size)? as usize,
        _ => true,
    };
    let src = if sendbuf == IN_PLACE {
        recvbuf.cast_const()
    } else {
        sendbuf
    };
    let data = send_bytes(src, n, &t)?.into_owned();
    let rb = if receives {
        Some(RecvBuf::new(recvbuf, n, &t)?)
    } else {
        None
    };
    match reduce(vp, which, &data, &t, datatype, op, c)? {
        Ok(result) => {
            if let Some(mut rb) = rb {
                rb.slice().copy_from_slice(&result[..rb.slice().len()]);
                rb.finish(result.len());
            }
            Ok(None)
        }
        Err((req, get)) => Ok(Some(CReq::finishing(req, move |s| {
            let result = get();
            if let Some(mut rb) = rb {
                let dst = rb.slice();
                dst.copy_from_slice(&result[..dst.len()]);
                rb.finish(result.len());
            }
            s
        }))),
    }
}

/// `MPI_Reduce` (combined in rank order, so non-commutative user operations work).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Reduce(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count: c_int,
    datatype: c_int,
    op: c_int,
    root: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Reduce", comm, |vp| {
        let w = Which::Reduce(root);
        reduction(vp, w, sendbuf, recvbuf, count, datatype, op, comm).map(drop)
    })
}

/// `MPI_Ireduce`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Ireduce(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count: c_int,
    datatype: c_int,
    op: c_int,
    root: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Ireduce", comm, |vp| {
        let request = out(request, "request")?;
        let w = Which::Ireduce(root);
        let r = reduction(vp, w, sendbuf, recvbuf, count, datatype, op, comm)?;
        *request = vp.add_req(r.expect("a non-blocking reduction gives a request"));
        Ok(())
    })
}

/// `MPI_Allreduce`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Allreduce(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count: c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Allreduce", comm, |vp| {
        let w = Which::Allreduce;
        reduction(vp, w, sendbuf, recvbuf, count, datatype, op, comm).map(drop)
    })
}

/// `MPI_Iallreduce`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Iallreduce(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count: c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Iallreduce", comm, |vp| {
        let request = out(request, "request")?;
        let w = Which::Iallreduce;
        let r = reduction(vp, w, sendbuf, recvbuf, count, datatype, op, comm)?;
        *request = vp.add_req(r.expect("a non-blocking reduction gives a request"));
        Ok(())
    })
}

/// `MPI_Scan`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Scan(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count: c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Scan", comm, |vp| {
        let w = Which::Scan;
        reduction(vp, w, sendbuf, recvbuf, count, datatype, op, comm).map(drop)
    })
}

#[allow(clippy::too_many_arguments)]
fn gatherv(
    vp: &mut Vp,
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: Option<&[c_int]>,
    displs: Option<&[c_int]>,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> Result<(), Fail> {
    let c = comm_of(comm)?;
    let (size, me) = size_rank(vp, c)?;
    let root = check_root(root, size)?;
    let at_root = me == root as usize;
    let (counts, displs): (Vec<usize>, Vec<c_int>) = if at_root {
        match (recvcounts, displs) {
            (Some(cs), Some(ds)) => (
                cs.iter()
                    .map(|&x| count(x, "a receive count"))
                    .collect::<Result<_, _>>()?,
                ds.to_vec(),
            ),
            _ => {
                let rc = count(recvcount, "recvcount")?;
                (
                    vec![rc; size],
                    (0..size).map(|i| (i * rc) as c_int).collect(),
                )
            }
        }
    } else {
        (Vec::new(), Vec::new())
    };
    let data = if at_root && sendbuf == IN_PLACE {
        let rt = vp.types.comm_type(recvtype)?;
        gather_parts(recvbuf, &rt, &counts[me..=me], &displs[me..=me])?
    } else {
        let st = vp.types.comm_type(sendtype)?;
        send_bytes(sendbuf, count(sendcount, "sendcount")?, &st)?.into_owned()
    };
    if at_root {
        let rt = vp.types.comm_type(recvtype)?;
        let bytes: Vec<usize> = counts.iter().map(|c| c * rt.size).collect();
        let mut all = RecvBuf::scratch(bytes.iter().sum());
        vp.mpi().gatherv(&data, all.slice(), &bytes, root, c)?;
        place(all.bytes(), recvbuf, &rt, &counts, &displs);
    } else {
        vp.mpi().gatherv(&data, &mut [], &[], root, c)?;
    }
    Ok(())
}

/// `MPI_Gather`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Gather(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Gather", comm, |vp| {
        gatherv(
            vp, sendbuf, sendcount, sendtype, recvbuf, None, None, recvcount, recvtype, root, comm,
        )
    })
}

/// `MPI_Gatherv`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Gatherv(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    displs: *const c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Gatherv", comm, |vp| {
        let c = comm_of(comm)?;
        let (size, me) = size_rank(vp, c)?;
        let (cs, ds) = if me as c_int == root {
            (
                Some(ints(recvcounts, size, "recvcounts")?),
                Some(ints(displs, size, "displs")?),
            )
        } else {
            (None, None)
        };
        gatherv(
            vp, sendbuf, sendcount, sendtype, recvbuf, cs, ds, 0, recvtype, root, comm,
        )
    })
}

#[allow(clippy::too_many_arguments)]
fn scatterv(
    vp: &mut Vp,
    sendbuf: *const c_void,
    sendcounts: Option<&[c_int]>,
    displs: Option<&[c_int]>,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> Result<(), Fail> {
    let c = comm_of(comm)?;
    let (size, me) = size_rank(vp, c)?;
    let root = check_root(root, size)?;
    let at_root = me == root as usize;
    let in_place = at_root && recvbuf.cast_const() == IN_PLACE;
    let (data, bytes) = if at_root {
        let st = vp.types.comm_type(sendtype)?;
        let (counts, displs): (Vec<usize>, Vec<c_int>) = match (sendcounts, displs) {
            (Some(cs), Some(ds)) => (
                cs.iter()
                    .map(|&x| count(x, "a send count"))
                    .collect::<Result<_, _>>()?,
                ds.to_vec(),
            ),
            _ => {
                let sc = count(sendcount, "sendcount")?;
                (
                    vec![sc; size],
                    (0..size).map(|i| (i * sc) as c_int).collect(),
                )
            }
        };
        let bytes: Vec<usize> = counts.iter().map(|c| c * st.size).collect();
        (gather_parts(sendbuf, &st, &counts, &displs)?, bytes)
    } else {
        (Vec::new(), Vec::new())
    };
    if in_place {
        let mut mine = RecvBuf::scratch(bytes[me]);
        vp.mpi().scatterv(&data, &bytes, mine.slice(), root, c)?;
        return Ok(());
    }
    let rt = vp.types.comm_type(recvtype)?;
    let n = count(recvcount, "recvcount")?;
    let mut rb = RecvBuf::new(recvbuf, n, &rt)?;
    vp.mpi().scatterv(&data, &bytes, rb.slice(), root, c)?;
    rb.finish(n * rt.size);
    Ok(())
}

/// `MPI_Scatter`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Scatter(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Scatter", comm, |vp| {
        scatterv(
            vp, sendbuf, None, None, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
        )
    })
}

/// `MPI_Scatterv`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Scatterv(
    sendbuf: *const c_void,
    sendcounts: *const c_int,
    displs: *const c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Scatterv", comm, |vp| {
        let c = comm_of(comm)?;
        let (size, me) = size_rank(vp, c)?;
        let (cs, ds) = if me as c_int == root {
            (
                Some(ints(sendcounts, size, "sendcounts")?),
                Some(ints(displs, size, "displs")?),
            )
        } else {
            (None, None)
        };
        scatterv(
            vp, sendbuf, cs, ds, 0, sendtype, recvbuf, recvcount, recvtype, root, comm,
        )
    })
}

#[allow(clippy::too_many_arguments)]
fn allgatherv(
    vp: &mut Vp,
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    counts: &[usize],
    displs: &[c_int],
    recvtype: c_int,
    comm: Comm,
) -> Result<(), Fail> {
    let (_, me) = size_rank(vp, comm)?;
    let rt = vp.types.comm_type(recvtype)?;
    let data = if sendbuf == IN_PLACE {
        gather_parts(recvbuf, &rt, &counts[me..=me], &displs[me..=me])?
    } else {
        let st = vp.types.comm_type(sendtype)?;
        send_bytes(sendbuf, count(sendcount, "sendcount")?, &st)?.into_owned()
    };
    let bytes: Vec<usize> = counts.iter().map(|c| c * rt.size).collect();
    let mut all = RecvBuf::scratch(bytes.iter().sum());
    vp.mpi().allgatherv(&data, all.slice(), &bytes, comm)?;
    place(all.bytes(), recvbuf, &rt, counts, displs);
    Ok(())
}

/// `MPI_Allgather`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Allgather(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Allgather", comm, |vp| {
        let c = comm_of(comm)?;
        let (size, _) = size_rank(vp, c)?;
        let rc = count(recvcount, "recvcount")?;
        let counts = vec![rc; size];
        let displs: Vec<c_int> = (0..size).map(|i| (i * rc) as c_int).collect();
        allgatherv(
            vp, sendbuf, sendcount, sendtype, recvbuf, &counts, &displs, recvtype, c,
        )
    })
}

/// `MPI_Allgatherv`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Allgatherv(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    displs: *const c_int,
    recvtype: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Allgatherv", comm, |vp| {
        let c = comm_of(comm)?;
        let (size, _) = size_rank(vp, c)?;
        let counts = ints(recvcounts, size, "recvcounts")?
            .iter()
            .map(|&x| count(x, "a receive count"))
            .collect::<Result<Vec<_>, _>>()?;
        let displs = ints(displs, size, "displs")?;
        allgatherv(
            vp, sendbuf, sendcount, sendtype, recvbuf, &counts, displs, recvtype, c,
        )
    })
}

#[allow(clippy::too_many_arguments)]
fn alltoallv(
    vp: &mut Vp,
    sendbuf: *const c_void,
    scounts: &[usize],
    sdispls: &[c_int],
    sendtype: c_int,
    recvbuf: *mut c_void,
    rcounts: &[usize],
    rdispls: &[c_int],
    recvtype: c_int,
    comm: Comm,
) -> Result<(), Fail> {
    if sendbuf == IN_PLACE {
        return Err(Fail::new(
            ERR_UNSUPPORTED,
            "MPI_IN_PLACE is not supported in all-to-all",
        ));
    }
    let st = vp.types.comm_type(sendtype)?;
    let rt = vp.types.comm_type(recvtype)?;
    let data = gather_parts(sendbuf, &st, scounts, sdispls)?;
    let sb: Vec<usize> = scounts.iter().map(|c| c * st.size).collect();
    let rb: Vec<usize> = rcounts.iter().map(|c| c * rt.size).collect();
    let mut all = RecvBuf::scratch(rb.iter().sum());
    vp.mpi().alltoallv(&data, &sb, all.slice(), &rb, comm)?;
    place(all.bytes(), recvbuf, &rt, rcounts, rdispls);
    Ok(())
}

/// `MPI_Alltoall`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Alltoall(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Alltoall", comm, |vp| {
        let c = comm_of(comm)?;
        let (size, _) = size_rank(vp, c)?;
        let sc = count(sendcount, "sendcount")?;
        let rc = count(recvcount, "recvcount")?;
        let sd: Vec<c_int> = (0..size).map(|i| (i * sc) as c_int).collect();
        let rd: Vec<c_int> = (0..size).map(|i| (i * rc) as c_int).collect();
        alltoallv(
            vp,
            sendbuf,
            &vec![sc; size],
            &sd,
            sendtype,
            recvbuf,
            &vec![rc; size],
            &rd,
            recvtype,
            c,
        )
    })
}

/// `MPI_Alltoallv`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Alltoallv(
    sendbuf: *const c_void,
    sendcounts: *const c_int,
    sdispls: *const c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    rdispls: *const c_int,
    recvtype: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Alltoallv", comm, |vp| {
        let c = comm_of(comm)?;
        let (size, _) = size_rank(vp, c)?;
        let counts = |p, what| -> Result<Vec<usize>, Fail> {
            ints(p, size, what)?
                .iter()
                .map(|&x| count(x, what))
                .collect()
        };
        let sc = counts(sendcounts, "sendcounts")?;
        let rc = counts(recvcounts, "recvcounts")?;
        let sd = ints(sdispls, size, "sdispls")?;
        let rd = ints(rdispls, size, "rdispls")?;
        alltoallv(
            vp, sendbuf, &sc, sd, sendtype, recvbuf, &rc, rd, recvtype, c,
        )
    })
}

/// Reduce-scatter: the reduction of every rank's `sendbuf` (`counts` summed
/// elements), part `i` to rank `i` (a reduce to rank 0, then a scatter).
fn reduce_scatter(
    vp: &mut Vp,
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    counts: &[usize],
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> Result<(), Fail> {
    let t = vp.types.comm_type(datatype)?;
    let c = comm_of(comm)?;
    let (_, me) = size_rank(vp, c)?;
    let total: usize = counts.iter().sum();
    let src = if sendbuf == IN_PLACE {
        recvbuf.cast_const()
    } else {
        sendbuf
    };
    let data = send_bytes(src, total, &t)?.into_owned();
    let all = match reduce(vp, Which::Reduce(0), &data, &t, datatype, op, c)? {
        Ok(all) => all,
        Err(_) => return Err(Fail::new(ERR_INTERN, "a blocking reduction gave a request")),
    };
    let bytes: Vec<usize> = counts.iter().map(|n| n * t.size).collect();
    let mut rb = RecvBuf::new(recvbuf, counts[me], &t)?;
    let root_data = if me == 0 { all } else { Vec::new() };
    vp.mpi().scatterv(&root_data, &bytes, rb.slice(), 0, c)?;
    rb.finish(bytes[me]);
    Ok(())
}

/// `MPI_Reduce_scatter`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Reduce_scatter(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Reduce_scatter", comm, |vp| {
        let (size, _) = size_rank(vp, comm_of(comm)?)?;
        let counts = ints(recvcounts, size, "recvcounts")?
            .iter()
            .map(|&x| count(x, "a receive count"))
            .collect::<Result<Vec<_>, _>>()?;
        reduce_scatter(vp, sendbuf, recvbuf, &counts, datatype, op, comm)
    })
}

/// `MPI_Reduce_scatter_block`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Reduce_scatter_block(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    recvcount: c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Reduce_scatter_block", comm, |vp| {
        let (size, _) = size_rank(vp, comm_of(comm)?)?;
        let counts = vec![count(recvcount, "recvcount")?; size];
        reduce_scatter(vp, sendbuf, recvbuf, &counts, datatype, op, comm)
    })
}

/// Starts `MPI_Iallgather` / `MPI_Ialltoall` (equal parts): the packed
/// result lands in a scratch buffer that completion unpacks in rank order.
#[allow(clippy::too_many_arguments)]
fn start_equal_parts(
    vp: &mut Vp,
    all_to_all: bool,
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let c = comm_of(comm)?;
    let (size, me) = size_rank(vp, c)?;
    let rt = vp.types.comm_type(recvtype)?;
    let rc = count(recvcount, "recvcount")?;
    let counts = vec![rc; size];
    let displs: Vec<c_int> = (0..size).map(|i| (i * rc) as c_int).collect();
    let data = if sendbuf == IN_PLACE {
        if all_to_all {
            return Err(Fail::new(
                ERR_UNSUPPORTED,
                "MPI_IN_PLACE is not supported in all-to-all",
            ));
        }
        gather_parts(recvbuf, &rt, &counts[me..=me], &displs[me..=me])?
    } else {
        let st = vp.types.comm_type(sendtype)?;
        let sc = count(sendcount, "sendcount")?;
        if all_to_all {
            let sd: Vec<c_int> = (0..size).map(|i| (i * sc) as c_int).collect();
            gather_parts(sendbuf, &st, &vec![sc; size], &sd)?
        } else {
            send_bytes(sendbuf, sc, &st)?.into_owned()
        }
    };
    let mut all = RecvBuf::scratch(size * rc * rt.size);
    let req = if all_to_all {
        vp.mpi().ialltoall(&data, all.slice(), c)?
    } else {
        vp.mpi().iallgather(&data, all.slice(), c)?
    };
    let dest = recvbuf as usize;
    Ok(CReq::finishing(req, move |s| {
        place(all.bytes(), dest as *mut c_void, &rt, &counts, &displs);
        s
    }))
}

/// `MPI_Iallgather`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Iallgather(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Iallgather", comm, |vp| {
        let request = out(request, "request")?;
        let r = start_equal_parts(
            vp, false, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
        )?;
        *request = vp.add_req(r);
        Ok(())
    })
}

/// `MPI_Ialltoall`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Ialltoall(
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Ialltoall", comm, |vp| {
        let request = out(request, "request")?;
        let r = start_equal_parts(
            vp, true, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
        )?;
        *request = vp.add_req(r);
        Ok(())
    })
}

/// `MPI_Exscan`: rank `r` gets the reduction of ranks `0..r` (rank 0's
/// buffer is left as it is): an inclusive scan, then each rank hands its
/// prefix to the next over a private duplicate of the communicator.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Exscan(
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Exscan", comm, |vp| {
        let t = vp.types.comm_type(datatype)?;
        let n = count(count_, "count")?;
        let c = comm_of(comm)?;
        let (size, me) = size_rank(vp, c)?;
        let src = if sendbuf == IN_PLACE {
            recvbuf.cast_const()
        } else {
            sendbuf
        };
        let data = send_bytes(src, n, &t)?.into_owned();
        let inclusive = match reduce(vp, Which::Scan, &data, &t, datatype, op, c)? {
            Ok(b) => b,
            Err(_) => return Err(Fail::new(ERR_INTERN, "a blocking scan gave a request")),
        };
        let shadow = match vp.shadows.get(&comm) {
            Some(&s) => s,
            None => {
                let s = vp.mpi().comm_dup(c)?;
                vp.shadows.insert(comm, s);
                s
            }
        };
        if me + 1 < size {
            vp.mpi().send(&inclusive, me as i32 + 1, 0, shadow)?;
        }
        if me > 0 {
            let mut rb = RecvBuf::new(recvbuf, n, &t)?;
            let s = vp.mpi().recv(rb.slice(), me as i32 - 1, 0, shadow)?;
            rb.finish(s.bytes);
        }
        Ok(())
    })
}
