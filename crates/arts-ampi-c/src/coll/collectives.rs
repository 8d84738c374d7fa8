//! Collectives. Each is started as a request: the `MPI_I*` form returns
//! it, the blocking form waits for it (one function, [`collective!`],
//! defines both). Data moves as packed bytes through `arts_ampi`'s
//! collectives; when the request completes, the result is unpacked at the
//! displacements the program gave (`*v` forms) or into its buffer. The
//! all-to-alls are point-to-point messages between the buffers instead
//! ([`alltoall_direct`]).

use std::borrow::Cow;
use std::ffi::{c_int, c_void};

use arts_ampi::Comm;

use crate::abi::*;
use crate::coll::reduce::{Which, reduce, reduce_local};
use crate::p2p::buffers::{RecvBuf, send_bytes};
use crate::p2p::requests::wait_req_as;
use crate::p2p::send_recv::{start_recv, start_send};
use crate::state::fail::{Fail, comm_of, count, ints};
use crate::state::request::CReq;
use crate::state::{Vp, entry};
use crate::types::layout::TypeInfo;

/// `MPI_IN_PLACE` (`(void *)1` in mpi.h).
#[allow(clippy::manual_dangling_ptr)]
pub(crate) const IN_PLACE: *const c_void = 1 as *const c_void;

/// Defines C collective `MPI_X` (blocking: starts it and waits, reporting
/// a deadlock as `MPI_X`), `MPI_Ix` (stores the request) and `MPI_X_init`
/// (a persistent request that `MPI_Start` starts as `MPI_Ix`), all from
/// one starter block (a `Result<CReq, Fail>`) over the blocking form's
/// arguments and the rank's state `$vp`.
macro_rules! collective {
    ($blocking:ident, $nonblocking:ident, $init:ident, [$comm:ident]
     ($($arg:ident: $ty:ty),* $(,)?) |$vp:ident| $start:block) => {
        #[doc = concat!("`", stringify!($blocking), "` (blocking).")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $blocking($($arg: $ty),*) -> c_int {
            let call = &stringify!($blocking)[5..];
            entry(call, $comm, |$vp| {
                let r = $start?;
                wait_req_as($vp, call, r).map(drop)
            })
        }

        collective!(@started $blocking, $nonblocking, $init, [$comm] ($($arg: $ty),*) |$vp| $start);
    };
    (@started $blocking:ident, $nonblocking:ident, $init:ident, [$comm:ident]
     ($($arg:ident: $ty:ty),* $(,)?) |$vp:ident| $start:block) => {
        #[doc = concat!("`", stringify!($nonblocking), "`: started, completed by a wait or test.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $nonblocking($($arg: $ty,)* request: *mut c_int) -> c_int {
            entry(&stringify!($nonblocking)[5..], $comm, |$vp| {
                let request = crate::state::fail::out(request, "request")?;
                let r = $start?;
                *request = $vp.add_req(r);
                Ok(())
            })
        }

        #[doc = concat!("`", stringify!($init), "`: a persistent `", stringify!($nonblocking), "`, started by `MPI_Start` (its arguments are checked then); `info` is ignored.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $init(
            $($arg: $ty,)*
            _info: c_int,
            request: *mut c_int,
        ) -> c_int {
            entry(&stringify!($init)[5..], $comm, |vp| {
                let request = crate::state::fail::out(request, "request")?;
                let start = move |$vp: &mut Vp| -> Result<CReq, Fail> { $start };
                *request = crate::p2p::persistent::persistent(vp, std::rc::Rc::new(start), &[]);
                Ok(())
            })
        }
    };
}

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

/// A rank's part in a rooted collective.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The root: sends or receives one part per rank (of the remote group
    /// on an intercommunicator).
    Root,
    /// The other ranks of the root's group on an intercommunicator
    /// (`MPI_PROC_NULL`): no part.
    Idle,
    /// A rank that sends to or receives from the root.
    Other,
}

/// This rank's part in a collective rooted at `root` on `c`, and the
/// number of parts the root handles.
fn rooted(vp: &mut Vp, c: Comm, root: c_int) -> Result<(Part, usize), Fail> {
    let (n, me) = size_rank(vp, c)?;
    if !vp.mpi().comm_is_inter(c)? {
        let root = check_root(root, n)?;
        let part = if me == root as usize {
            Part::Root
        } else {
            Part::Other
        };
        return Ok((part, n));
    }
    let remote = vp.mpi().comm_peer_size(c)? as usize;
    match root {
        MPI_ROOT => Ok((Part::Root, remote)),
        MPI_PROC_NULL => Ok((Part::Idle, remote)),
        _ => {
            check_root(root, remote)?;
            Ok((Part::Other, remote))
        }
    }
}

/// The `n` counts at `p` (the C array named `name`).
fn counts_of(p: *const c_int, n: usize, name: &str) -> Result<Vec<usize>, Fail> {
    ints(p, n, name)?.iter().map(|&x| count(x, name)).collect()
}

/// The parts of a buffer holding one part per rank: element counts and
/// displacements (in extents of the datatype).
#[derive(Clone)]
struct Parts {
    counts: Vec<usize>,
    displs: Vec<isize>,
}

/// How the program gave the parts: `count` elements each, one after the
/// other, or arrays of counts and displacements (named for errors).
#[derive(Clone, Copy)]
enum Layout {
    Equal(c_int, &'static str),
    Given(*const c_int, *const c_int, [&'static str; 2]),
}

impl Layout {
    /// The parts of `n` ranks.
    fn parts(self, n: usize) -> Result<Parts, Fail> {
        match self {
            Layout::Equal(c, name) => {
                let c = count(c, name)?;
                Ok(Parts {
                    counts: vec![c; n],
                    displs: (0..n).map(|i| (i * c) as isize).collect(),
                })
            }
            Layout::Given(counts, displs, [cname, dname]) => Ok(Parts {
                counts: counts_of(counts, n, cname)?,
                displs: ints(displs, n, dname)?
                    .iter()
                    .map(|&d| d as isize)
                    .collect(),
            }),
        }
    }
}

impl Parts {
    /// Where rank `i`'s part of elements `extent` bytes apart starts in
    /// the buffer at `base`, and its count.
    fn part(&self, i: usize, base: *const c_void, extent: isize) -> (*mut c_void, c_int) {
        let at = base.cast::<u8>().wrapping_offset(self.displs[i] * extent);
        (at.cast_mut().cast(), self.counts[i] as c_int)
    }

    /// Rank `i`'s part alone.
    fn only(&self, i: usize) -> Parts {
        Parts {
            counts: vec![self.counts[i]],
            displs: vec![self.displs[i]],
        }
    }

    /// The parts' sizes in packed bytes of `t`.
    fn bytes(&self, t: &TypeInfo) -> Vec<usize> {
        self.counts.iter().map(|c| c * t.size).collect()
    }

    /// Packs the parts of elements of `t` at `base`, in order: the
    /// program's own bytes, uncopied, when the parts follow one another
    /// in a contiguous type.
    fn pack<'a>(&self, base: *const c_void, t: &TypeInfo) -> Result<Cow<'a, [u8]>, Fail> {
        let mut next = 0;
        let consecutive = self.counts.iter().zip(&self.displs).all(|(c, &d)| {
            let follows = d == next as isize;
            next += c;
            follows
        });
        if consecutive {
            // Part after part: `next` elements from `base`.
            return send_bytes(base, next, t);
        }
        let mut out = Vec::new();
        for (c, d) in self.counts.iter().zip(&self.displs) {
            // SAFETY: the program's buffer holds part i at displacement d.
            let p = unsafe { base.cast::<u8>().offset(d * t.extent) };
            out.extend_from_slice(&send_bytes(p.cast(), *c, t)?);
        }
        Ok(Cow::Owned(out))
    }

    /// Unpacks the packed `data` into the parts at `base`, in order.
    fn place(&self, data: &[u8], base: *mut c_void, t: &TypeInfo) {
        let mut at = 0;
        for (c, d) in self.counts.iter().zip(&self.displs) {
            let len = c * t.size;
            // SAFETY: the program's buffer holds part i at displacement d.
            unsafe { t.unpack(&data[at..at + len], base.cast::<u8>().offset(d * t.extent)) };
            at += len;
        }
    }
}

/// Starts `start` into a scratch buffer of `parts` of `t`, unpacked into
/// them at `base` when the request completes.
fn into_parts(
    parts: Parts,
    base: *mut c_void,
    t: TypeInfo,
    start: impl FnOnce(&'static mut [u8]) -> Result<arts_ampi::Request<'static>, Fail>,
) -> Result<CReq, Fail> {
    let mut all = RecvBuf::scratch(parts.bytes(&t).iter().sum());
    let req = start(all.slice())?;
    Ok(CReq::finishing(req, move |s| {
        parts.place(all.bytes(), base, &t);
        s
    }))
}

collective!(ARTS_MPI_Barrier, ARTS_MPI_Ibarrier, ARTS_MPI_Barrier_init, [comm](comm: c_int) |vp| {
    Ok::<_, Fail>(CReq::pending(vp.mpi().ibarrier(comm_of(comm)?)?))
});

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
    let (part, _) = rooted(vp, c, root)?;
    let mut rb = RecvBuf::new(buf, n, &t)?;
    // A rank that gets nothing finishes with its own data.
    if part != Part::Other && !t.is_contiguous() {
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

collective!(ARTS_MPI_Bcast, ARTS_MPI_Ibcast, ARTS_MPI_Bcast_init, [comm](
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    root: c_int,
    comm: c_int,
) |vp| { bcast(vp, buf, count, datatype, root, comm) });

/// Starts a reduction of `n` elements of `datatype` from every rank
/// (`n_out` land in `recvbuf`, where this rank gets a result).
#[allow(clippy::too_many_arguments)]
fn reduction(
    vp: &mut Vp,
    which: Which,
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    n: usize,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let t = vp.types.comm_type(datatype)?;
    let c = comm_of(comm)?;
    let (_, me) = size_rank(vp, c)?;
    let (receives, n_out) = match &which {
        Which::Reduce(root) => (rooted(vp, c, *root)?.0 == Part::Root, n),
        Which::Exscan => (me > 0, n),
        Which::ReduceScatter(counts) => (true, counts[me]),
        Which::Allreduce | Which::Scan => (true, n),
    };
    let src = if sendbuf == IN_PLACE {
        recvbuf.cast_const()
    } else {
        sendbuf
    };
    // An intercommunicator's root group sends nothing (its `sendbuf` may
    // be null).
    let data = match which {
        Which::Reduce(MPI_ROOT | MPI_PROC_NULL) if vp.mpi().comm_is_inter(c)? => {
            vec![0; n * t.size]
        }
        _ => send_bytes(src, n, &t)?.into_owned(),
    };
    let rb = if receives {
        Some(RecvBuf::new(recvbuf, n_out, &t)?)
    } else {
        None
    };
    let (req, result) = reduce(vp, &which, &data, &t, datatype, op, c)?;
    Ok(CReq::finishing(req, move |s| {
        if let Some(mut rb) = rb {
            let result = result();
            let dst = rb.slice();
            dst.copy_from_slice(&result[..dst.len()]);
            rb.finish(result.len());
        }
        s
    }))
}

// The reductions combine in rank order, so non-commutative user
// operations work. `MPI_Exscan`: rank `r` gets the reduction of ranks
// `0..r`; rank 0's buffer is left as it is.
collective!(ARTS_MPI_Reduce, ARTS_MPI_Ireduce, ARTS_MPI_Reduce_init, [comm](
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    count: c_int,
    datatype: c_int,
    op: c_int,
    root: c_int,
    comm: c_int,
) |vp| {
    let n = crate::state::fail::count(count, "count")?;
    reduction(vp, Which::Reduce(root), sendbuf, recvbuf, n, datatype, op, comm)
});

/// Defines the collectives `$blocking`/`$nonblocking`/`$init`: reduction
/// `$which` of `count` elements on every rank.
macro_rules! reduction_of_count {
    ($blocking:ident, $nonblocking:ident, $init:ident, $which:expr) => {
        collective!($blocking, $nonblocking, $init, [comm](
            sendbuf: *const c_void,
            recvbuf: *mut c_void,
            count: c_int,
            datatype: c_int,
            op: c_int,
            comm: c_int,
        ) |vp| {
            let n = crate::state::fail::count(count, "count")?;
            reduction(vp, $which, sendbuf, recvbuf, n, datatype, op, comm)
        });
    };
}

reduction_of_count!(
    ARTS_MPI_Allreduce,
    ARTS_MPI_Iallreduce,
    ARTS_MPI_Allreduce_init,
    Which::Allreduce
);
reduction_of_count!(
    ARTS_MPI_Scan,
    ARTS_MPI_Iscan,
    ARTS_MPI_Scan_init,
    Which::Scan
);
reduction_of_count!(
    ARTS_MPI_Exscan,
    ARTS_MPI_Iexscan,
    ARTS_MPI_Exscan_init,
    Which::Exscan
);

/// Starts a reduce-scatter: the reduction of every rank's `sendbuf`
/// (`counts` summed elements), part `i` to rank `i`.
fn reduce_scatter(
    vp: &mut Vp,
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    counts: Vec<usize>,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let total = counts.iter().sum();
    let w = Which::ReduceScatter(counts);
    reduction(vp, w, sendbuf, recvbuf, total, datatype, op, comm)
}

collective!(ARTS_MPI_Reduce_scatter, ARTS_MPI_Ireduce_scatter, ARTS_MPI_Reduce_scatter_init, [comm](
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) |vp| {
    let (size, _) = size_rank(vp, comm_of(comm)?)?;
    let counts = counts_of(recvcounts, size, "recvcounts")?;
    reduce_scatter(vp, sendbuf, recvbuf, counts, datatype, op, comm)
});

collective!(ARTS_MPI_Reduce_scatter_block, ARTS_MPI_Ireduce_scatter_block, ARTS_MPI_Reduce_scatter_block_init, [comm](
    sendbuf: *const c_void,
    recvbuf: *mut c_void,
    recvcount: c_int,
    datatype: c_int,
    op: c_int,
    comm: c_int,
) |vp| {
    let (size, _) = size_rank(vp, comm_of(comm)?)?;
    let counts = vec![count(recvcount, "recvcount")?; size];
    reduce_scatter(vp, sendbuf, recvbuf, counts, datatype, op, comm)
});

/// `MPI_Reduce_local`: `inoutbuf = inbuf ⊕ inoutbuf`, elementwise, on this rank.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Reduce_local(
    inbuf: *const c_void,
    inoutbuf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    op: c_int,
) -> c_int {
    entry("MPI_Reduce_local", MPI_COMM_WORLD, |vp| {
        let t = vp.types.comm_type(datatype)?;
        let n = count(count_, "count")?;
        let input = send_bytes(inbuf, n, &t)?;
        let mut rb = RecvBuf::new(inoutbuf, n, &t)?;
        let apart = {
            let (i, o) = (input.as_ptr_range(), rb.slice().as_ptr_range());
            i.end <= o.start || o.end <= i.start
        };
        if rb.direct() && apart {
            // A contiguous type: combined in the program's own buffer.
            return reduce_local(&vp.ops, &input, rb.slice(), &t, datatype, op);
        }
        let mut inout = send_bytes(inoutbuf, n, &t)?.into_owned();
        reduce_local(&vp.ops, &input, &mut inout, &t, datatype, op)?;
        rb.slice().copy_from_slice(&inout);
        rb.finish(inout.len());
        Ok(())
    })
}

/// Starts a gather to `root`: the parts of the root's receive buffer are
/// laid out as `layout` says (read at the root only).
#[allow(clippy::too_many_arguments)]
fn gather_parts(
    vp: &mut Vp,
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    layout: Layout,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let c = comm_of(comm)?;
    let (me, inter) = (size_rank(vp, c)?.1, vp.mpi().comm_is_inter(c)?);
    let (part, size) = rooted(vp, c, root)?;
    if part != Part::Root {
        let data = match part {
            Part::Idle => Vec::new(),
            _ => {
                let st = vp.types.comm_type(sendtype)?;
                send_bytes(sendbuf, count(sendcount, "sendcount")?, &st)?.into_owned()
            }
        };
        return Ok(CReq::pending(vp.mpi().igatherv(
            &data,
            &mut [],
            &[],
            root,
            c,
        )?));
    }
    let rt = vp.types.comm_type(recvtype)?;
    let parts = layout.parts(size)?;
    let data = if inter {
        Vec::new()
    } else if sendbuf == IN_PLACE {
        parts.only(me).pack(recvbuf, &rt)?.into_owned()
    } else {
        let st = vp.types.comm_type(sendtype)?;
        send_bytes(sendbuf, count(sendcount, "sendcount")?, &st)?.into_owned()
    };
    let bytes = parts.bytes(&rt);
    into_parts(parts, recvbuf, rt, |all| {
        Ok(vp.mpi().igatherv(&data, all, &bytes, root, c)?)
    })
}

collective!(ARTS_MPI_Gather, ARTS_MPI_Igather, ARTS_MPI_Gather_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) |vp| {
    let layout = Layout::Equal(recvcount, "recvcount");
    gather_parts(vp, sendbuf, sendcount, sendtype, recvbuf, layout, recvtype, root, comm)
});

collective!(ARTS_MPI_Gatherv, ARTS_MPI_Igatherv, ARTS_MPI_Gatherv_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    displs: *const c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) |vp| {
    let layout = Layout::Given(recvcounts, displs, ["recvcounts", "displs"]);
    gather_parts(vp, sendbuf, sendcount, sendtype, recvbuf, layout, recvtype, root, comm)
});

/// Starts a scatter from `root`: the parts of the root's send buffer are
/// laid out as `layout` says (read at the root only).
#[allow(clippy::too_many_arguments)]
fn scatter_parts(
    vp: &mut Vp,
    sendbuf: *const c_void,
    layout: Layout,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let c = comm_of(comm)?;
    let me = size_rank(vp, c)?.1;
    let (part, size) = rooted(vp, c, root)?;
    let (data, bytes) = if part == Part::Root {
        let st = vp.types.comm_type(sendtype)?;
        let parts = layout.parts(size)?;
        (parts.pack(sendbuf, &st)?, parts.bytes(&st))
    } else {
        (Cow::Borrowed(&[][..]), Vec::new())
    };
    if vp.mpi().comm_is_inter(c)? && part != Part::Other {
        // The root's group receives nothing.
        let req = vp.mpi().iscatterv(&data, &bytes, &mut [0u8; 0], root, c)?;
        return Ok(CReq::pending(req));
    }
    if part == Part::Root && recvbuf.cast_const() == IN_PLACE {
        // The root's own part stays where it is.
        let mut mine = RecvBuf::scratch(bytes[me]);
        let req = vp.mpi().iscatterv(&data, &bytes, mine.slice(), root, c)?;
        return Ok(CReq::finishing(req, move |s| {
            drop(mine);
            s
        }));
    }
    let rt = vp.types.comm_type(recvtype)?;
    let n = count(recvcount, "recvcount")?;
    let mut rb = RecvBuf::new(recvbuf, n, &rt)?;
    let req = vp.mpi().iscatterv(&data, &bytes, rb.slice(), root, c)?;
    let len = n * rt.size;
    Ok(CReq::finishing(req, move |s| {
        rb.finish(len);
        s
    }))
}

collective!(ARTS_MPI_Scatter, ARTS_MPI_Iscatter, ARTS_MPI_Scatter_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) |vp| {
    let layout = Layout::Equal(sendcount, "sendcount");
    scatter_parts(vp, sendbuf, layout, sendtype, recvbuf, recvcount, recvtype, root, comm)
});

collective!(ARTS_MPI_Scatterv, ARTS_MPI_Iscatterv, ARTS_MPI_Scatterv_init, [comm](
    sendbuf: *const c_void,
    sendcounts: *const c_int,
    displs: *const c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    root: c_int,
    comm: c_int,
) |vp| {
    let layout = Layout::Given(sendcounts, displs, ["sendcounts", "displs"]);
    scatter_parts(vp, sendbuf, layout, sendtype, recvbuf, recvcount, recvtype, root, comm)
});

/// Starts an all-gather into parts laid out as `layout` says.
#[allow(clippy::too_many_arguments)]
fn allgather_parts(
    vp: &mut Vp,
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    layout: Layout,
    recvtype: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let c = comm_of(comm)?;
    let me = size_rank(vp, c)?.1;
    let size = vp.mpi().comm_peer_size(c)? as usize;
    let rt = vp.types.comm_type(recvtype)?;
    let parts = layout.parts(size)?;
    let data = if sendbuf == IN_PLACE {
        parts.only(me).pack(recvbuf, &rt)?.into_owned()
    } else {
        let st = vp.types.comm_type(sendtype)?;
        send_bytes(sendbuf, count(sendcount, "sendcount")?, &st)?.into_owned()
    };
    let bytes = parts.bytes(&rt);
    into_parts(parts, recvbuf, rt, |all| {
        Ok(vp.mpi().iallgatherv(&data, all, &bytes, c)?)
    })
}

collective!(ARTS_MPI_Allgather, ARTS_MPI_Iallgather, ARTS_MPI_Allgather_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let layout = Layout::Equal(recvcount, "recvcount");
    allgather_parts(vp, sendbuf, sendcount, sendtype, recvbuf, layout, recvtype, comm)
});

collective!(ARTS_MPI_Allgatherv, ARTS_MPI_Iallgatherv, ARTS_MPI_Allgatherv_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    displs: *const c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let layout = Layout::Given(recvcounts, displs, ["recvcounts", "displs"]);
    allgather_parts(vp, sendbuf, sendcount, sendtype, recvbuf, layout, recvtype, comm)
});

/// The tag of a blocking all-to-all's messages (on the communicator's shadow).
const ALLTOALL_TAG: c_int = 0;

/// Starts an all-to-all as point-to-point messages on `comm`'s shadow
/// (its own context: no message of the program matches them), one request
/// for them all: each part goes from the sender's buffer straight into the
/// receiver's (a large one by rendezvous, copied once), where a collective
/// plan would pack, concatenate and unpack the whole exchange, four copies
/// in all (4-8x slower than Open MPI at 1 MiB a part). With
/// `MPI_IN_PLACE` the parts go out of the receive buffer, each copied
/// before any part comes in.
#[allow(clippy::too_many_arguments)]
fn alltoall_direct(
    vp: &mut Vp,
    sendbuf: *const c_void,
    send: Layout,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recv: Layout,
    recvtype: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let in_place = sendbuf == IN_PLACE;
    let (send, sendtype) = if in_place {
        (recv, recvtype)
    } else {
        (send, sendtype)
    };
    let c = comm_of(comm)?;
    // An intercommunicator's parts are the remote group's.
    let size = vp.mpi().comm_peer_size(c)? as usize;
    let me = size_rank(vp, c)?.1 % size;
    let send_extent = vp.types.comm_type(sendtype)?.extent;
    let recv_extent = vp.types.comm_type(recvtype)?.extent;
    let (send, recv) = (send.parts(size)?, recv.parts(size)?);
    let mut copies = Vec::new();
    if in_place {
        let t = vp.types.comm_type(recvtype)?;
        for to in 0..size {
            let (at, n) = recv.part(to, recvbuf, recv_extent);
            copies.push(send_bytes(at, n as usize, &t)?.into_owned());
        }
    }
    let shadow = vp.shadow(comm)?;
    let mut reqs = Vec::with_capacity(2 * size);
    // Rank `me` receives from `me - k` while it sends to `me + k`.
    for k in 0..size {
        let from = (me + size - k) % size;
        let (at, n) = recv.part(from, recvbuf, recv_extent);
        let tag = ALLTOALL_TAG;
        reqs.push(start_recv(vp, at, n, recvtype, from as c_int, tag, shadow)?);
    }
    for k in 0..size {
        let to = (me + k) % size;
        let tag = ALLTOALL_TAG;
        if in_place {
            let part = std::mem::take(&mut copies[to]);
            let sent = vp
                .mpi()
                .isend_owned(part, to as c_int, tag, Comm(shadow as u32), false)?;
            reqs.push(CReq::pending(sent));
            continue;
        }
        let (at, n) = send.part(to, sendbuf, send_extent);
        reqs.push(start_send(
            vp,
            at,
            n,
            sendtype,
            to as c_int,
            tag,
            shadow,
            false,
        )?);
    }
    Ok(CReq::All(reqs))
}

collective!(ARTS_MPI_Alltoall, ARTS_MPI_Ialltoall, ARTS_MPI_Alltoall_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let send = Layout::Equal(sendcount, "sendcount");
    let recv = Layout::Equal(recvcount, "recvcount");
    alltoall_direct(vp, sendbuf, send, sendtype, recvbuf, recv, recvtype, comm)
});

collective!(ARTS_MPI_Alltoallv, ARTS_MPI_Ialltoallv, ARTS_MPI_Alltoallv_init, [comm](
    sendbuf: *const c_void,
    sendcounts: *const c_int,
    sdispls: *const c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    rdispls: *const c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let send = Layout::Given(sendcounts, sdispls, ["sendcounts", "sdispls"]);
    let recv = Layout::Given(recvcounts, rdispls, ["recvcounts", "rdispls"]);
    alltoall_direct(vp, sendbuf, send, sendtype, recvbuf, recv, recvtype, comm)
});

/// The receive parts of a neighbor collective with a source (not
/// `MPI_PROC_NULL`), in the order their messages come: a sender's parts
/// leave in its destinations' order, and what a rank sends up a Cartesian
/// dimension arrives at its upper neighbor's part from below. So in a
/// grid each dimension's pair is taken up-part first: where one rank is
/// both neighbors (a periodic dimension of 1 or 2 ranks) its two messages
/// land in the right parts, as MPI-4 says. A graph's parts go in order.
fn receive_order(vp: &Vp, comm: c_int, sources: &[c_int]) -> Vec<usize> {
    let grid = vp.carts.contains_key(&comm) && !vp.graphs.contains_key(&comm);
    (0..sources.len())
        .map(|j| if grid { j ^ 1 } else { j })
        .filter(|&j| sources[j] >= 0)
        .collect()
}

/// What each destination of a neighbor collective gets: the same
/// `count` elements (allgather), or its own part (all-to-all).
enum Outgoing {
    Same(c_int),
    Parts(Layout),
}

/// Starts a neighbor collective over `comm`'s topology: to each
/// destination what `send` says, from each source its part of `recv`.
/// `MPI_PROC_NULL` neighbors are skipped; their parts of the receive
/// buffer are left as they are.
#[allow(clippy::too_many_arguments)]
fn neighbor_parts(
    vp: &mut Vp,
    sendbuf: *const c_void,
    send: Outgoing,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recv: Layout,
    recvtype: c_int,
    comm: c_int,
) -> Result<CReq, Fail> {
    let c = comm_of(comm)?;
    let (sources, dests) = crate::topo::graph::neighbors(vp, comm)?;
    let st = vp.types.comm_type(sendtype)?;
    let rt = vp.types.comm_type(recvtype)?;
    let to: Vec<u32> = dests
        .iter()
        .filter_map(|&d| u32::try_from(d).ok())
        .collect();
    let (mut data, mut counts) = (Vec::new(), Vec::with_capacity(to.len()));
    match send {
        Outgoing::Same(n) => {
            let one = send_bytes(sendbuf, count(n, "sendcount")?, &st)?;
            for _ in &to {
                data.extend_from_slice(&one);
                counts.push(one.len());
            }
        }
        Outgoing::Parts(layout) => {
            let parts = layout.parts(dests.len())?;
            for i in (0..dests.len()).filter(|&i| dests[i] >= 0) {
                let part = parts.only(i).pack(sendbuf, &st)?;
                counts.push(part.len());
                data.extend_from_slice(&part);
            }
        }
    }
    let all = recv.parts(sources.len())?;
    let real = receive_order(vp, comm, &sources);
    let parts = Parts {
        counts: real.iter().map(|&j| all.counts[j]).collect(),
        displs: real.iter().map(|&j| all.displs[j]).collect(),
    };
    let from: Vec<u32> = real.iter().map(|&j| sources[j] as u32).collect();
    let bytes = parts.bytes(&rt);
    into_parts(parts, recvbuf, rt, |all| {
        Ok(vp
            .mpi()
            .ineighbor_alltoallv(&data, &counts, &to, all, &bytes, &from, c)?)
    })
}

collective!(ARTS_MPI_Neighbor_allgather, ARTS_MPI_Ineighbor_allgather, ARTS_MPI_Neighbor_allgather_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let (send, recv) = (Outgoing::Same(sendcount), Layout::Equal(recvcount, "recvcount"));
    neighbor_parts(vp, sendbuf, send, sendtype, recvbuf, recv, recvtype, comm)
});

collective!(ARTS_MPI_Neighbor_allgatherv, ARTS_MPI_Ineighbor_allgatherv, ARTS_MPI_Neighbor_allgatherv_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    displs: *const c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let send = Outgoing::Same(sendcount);
    let recv = Layout::Given(recvcounts, displs, ["recvcounts", "displs"]);
    neighbor_parts(vp, sendbuf, send, sendtype, recvbuf, recv, recvtype, comm)
});

collective!(ARTS_MPI_Neighbor_alltoall, ARTS_MPI_Ineighbor_alltoall, ARTS_MPI_Neighbor_alltoall_init, [comm](
    sendbuf: *const c_void,
    sendcount: c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcount: c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let send = Outgoing::Parts(Layout::Equal(sendcount, "sendcount"));
    let recv = Layout::Equal(recvcount, "recvcount");
    neighbor_parts(vp, sendbuf, send, sendtype, recvbuf, recv, recvtype, comm)
});

collective!(ARTS_MPI_Neighbor_alltoallv, ARTS_MPI_Ineighbor_alltoallv, ARTS_MPI_Neighbor_alltoallv_init, [comm](
    sendbuf: *const c_void,
    sendcounts: *const c_int,
    sdispls: *const c_int,
    sendtype: c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    rdispls: *const c_int,
    recvtype: c_int,
    comm: c_int,
) |vp| {
    let send = Outgoing::Parts(Layout::Given(sendcounts, sdispls, ["sendcounts", "sdispls"]));
    let recv = Layout::Given(recvcounts, rdispls, ["recvcounts", "rdispls"]);
    neighbor_parts(vp, sendbuf, send, sendtype, recvbuf, recv, recvtype, comm)
});

/// The parts of an all-to-all-w buffer: each its own count, byte
/// displacement and datatype.
struct TypedParts {
    counts: Vec<usize>,
    displs: Vec<isize>,
    types: Vec<TypeInfo>,
}

impl TypedParts {
    /// The `n` parts the program's arrays give, with byte displacements
    /// `displs` (`names`: the counts' and datatypes' arrays, for errors).
    fn given(
        vp: &Vp,
        (counts, displs, types): (*const c_int, Vec<isize>, *const c_int),
        n: usize,
        names: [&str; 2],
    ) -> Result<TypedParts, Fail> {
        Ok(TypedParts {
            counts: counts_of(counts, n, names[0])?,
            displs,
            types: ints(types, n, names[1])?
                .iter()
                .map(|&t| vp.types.comm_type(t))
                .collect::<Result<_, _>>()?,
        })
    }

    /// Packs parts `which` of the buffer at `base`, in order: the bytes and
    /// each part's length.
    fn pack(
        &self,
        base: *const c_void,
        which: impl Iterator<Item = usize>,
    ) -> Result<(Vec<u8>, Vec<usize>), Fail> {
        let (mut data, mut lens) = (Vec::new(), Vec::new());
        for i in which {
            // SAFETY: the program's buffer holds part i at byte displacement d.
            let p = unsafe { base.cast::<u8>().offset(self.displs[i]) };
            let part = send_bytes(p.cast(), self.counts[i], &self.types[i])?;
            lens.push(part.len());
            data.extend_from_slice(&part);
        }
        Ok((data, lens))
    }

    /// Receives parts `which` into a scratch buffer through `start` (given
    /// it and each part's packed length), unpacked into the parts at
    /// `base` when the request completes.
    fn receive(
        self,
        base: *mut c_void,
        which: Vec<usize>,
        start: impl FnOnce(&'static mut [u8], &[usize]) -> Result<arts_ampi::Request<'static>, Fail>,
    ) -> Result<CReq, Fail> {
        let lens: Vec<usize> = which
            .iter()
            .map(|&i| self.counts[i] * self.types[i].size)
            .collect();
        let mut all = RecvBuf::scratch(lens.iter().sum());
        let req = start(all.slice(), &lens)?;
        Ok(CReq::finishing(req, move |s| {
            let mut at = 0;
            for (&i, len) in which.iter().zip(lens) {
                let dst = base.cast::<u8>().wrapping_offset(self.displs[i]);
                // SAFETY: the program's buffer holds part i at byte displacement d.
                unsafe { self.types[i].unpack(&all.bytes()[at..at + len], dst) };
                at += len;
            }
            s
        }))
    }
}

collective!(ARTS_MPI_Alltoallw, ARTS_MPI_Ialltoallw, ARTS_MPI_Alltoallw_init, [comm](
    sendbuf: *const c_void,
    sendcounts: *const c_int,
    sdispls: *const c_int,
    sendtypes: *const c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    rdispls: *const c_int,
    recvtypes: *const c_int,
    comm: c_int,
) |vp| {
    let c = comm_of(comm)?;
    let n = vp.mpi().comm_peer_size(c)? as usize;
    let bytes = |p, name| -> Result<Vec<isize>, Fail> {
        Ok(ints(p, n, name)?.iter().map(|&d| d as isize).collect())
    };
    let rd = bytes(rdispls, "rdispls")?;
    let recv = TypedParts::given(vp, (recvcounts, rd, recvtypes), n, ["recvcounts", "recvtypes"])?;
    // In place, the parts go out of the receive buffer (the send arrays
    // are ignored); they are packed before any comes in.
    let (data, lens) = if sendbuf == IN_PLACE {
        recv.pack(recvbuf, 0..n)?
    } else {
        let sd = bytes(sdispls, "sdispls")?;
        let send = TypedParts::given(vp, (sendcounts, sd, sendtypes), n, ["sendcounts", "sendtypes"])?;
        send.pack(sendbuf, 0..n)?
    };
    recv.receive(recvbuf, (0..n).collect(), |all, rl| {
        Ok(vp.mpi().ialltoallv(&data, &lens, all, rl, c)?)
    })
});

collective!(ARTS_MPI_Neighbor_alltoallw, ARTS_MPI_Ineighbor_alltoallw, ARTS_MPI_Neighbor_alltoallw_init, [comm](
    sendbuf: *const c_void,
    sendcounts: *const c_int,
    sdispls: *const isize,
    sendtypes: *const c_int,
    recvbuf: *mut c_void,
    recvcounts: *const c_int,
    rdispls: *const isize,
    recvtypes: *const c_int,
    comm: c_int,
) |vp| {
    let c = comm_of(comm)?;
    let (sources, dests) = crate::topo::graph::neighbors(vp, comm)?;
    let displs = |p: *const isize, n: usize, name: &str| -> Result<Vec<isize>, Fail> {
        if n == 0 {
            return Ok(Vec::new());
        }
        if p.is_null() {
            return Err(Fail::new(ERR_ARG, format!("{name} is a null pointer")));
        }
        // SAFETY: the program passes `n` displacements (checked non-null).
        Ok(unsafe { std::slice::from_raw_parts(p, n) }.to_vec())
    };
    let (ns, nd) = (sources.len(), dests.len());
    let (sd, rd) = (displs(sdispls, nd, "sdispls")?, displs(rdispls, ns, "rdispls")?);
    let send = TypedParts::given(vp, (sendcounts, sd, sendtypes), nd, ["sendcounts", "sendtypes"])?;
    let recv = TypedParts::given(vp, (recvcounts, rd, recvtypes), ns, ["recvcounts", "recvtypes"])?;
    let real_to: Vec<usize> = (0..dests.len()).filter(|&i| dests[i] >= 0).collect();
    let to: Vec<u32> = real_to.iter().map(|&i| dests[i] as u32).collect();
    let (data, lens) = send.pack(sendbuf, real_to.into_iter())?;
    let real_from = receive_order(vp, comm, &sources);
    let from: Vec<u32> = real_from.iter().map(|&j| sources[j] as u32).collect();
    recv.receive(recvbuf, real_from, |all, rl| {
        Ok(vp.mpi().ineighbor_alltoallv(&data, &lens, &to, all, rl, &from, c)?)
    })
});
