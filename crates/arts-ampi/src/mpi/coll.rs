//! Collectives. Each builds this rank's [`Plan`] (see `engine::plans`) and
//! starts it as a request on the communicator's collective context; the
//! blocking forms wait for it. The plan copies inputs in when it starts and
//! the result out when it completes.

use super::{Comm, Mpi, Request, check_root};
use crate::datatype::{MpiType, bytes_of, bytes_of_mut};
use crate::engine::{Plan, plans};
use crate::error::MpiError;
use crate::op::Op;

/// Defines the blocking form of a non-blocking collective: start it, wait.
macro_rules! blocking {
    ($(#[$doc:meta])* $name:ident => $start:ident($($arg:ident: $ty:ty),*)) => {
        $(#[$doc])*
        #[allow(clippy::too_many_arguments)]
        pub fn $name<T: MpiType>(&mut self, $($arg: $ty),*) -> Result<(), MpiError> {
            let req = self.$start($($arg),*)?;
            self.wait_as(stringify!($name), req).map(drop)
        }
    };
}

fn count_err(call: &'static str, what: String) -> MpiError {
    MpiError::Count { call, what }
}

pub(super) fn expect_len(
    call: &'static str,
    what: &str,
    got: usize,
    want: usize,
) -> Result<(), MpiError> {
    if got == want {
        Ok(())
    } else {
        Err(count_err(
            call,
            format!("{what} has {got} elements, expected {want}"),
        ))
    }
}

/// Checks the counts of a `v` collective: one per part to send and to
/// receive (`parts`), summing to each buffer's length.
pub(super) fn expect_parts(
    call: &'static str,
    (send_len, send_counts): (usize, &[usize]),
    (recv_len, recv_counts): (usize, &[usize]),
    (send_parts, recv_parts): (usize, usize),
) -> Result<(), MpiError> {
    expect_len(call, "send counts", send_counts.len(), send_parts)?;
    expect_len(call, "receive counts", recv_counts.len(), recv_parts)?;
    expect_len(call, "the send buffer", send_len, send_counts.iter().sum())?;
    expect_len(
        call,
        "the receive buffer",
        recv_len,
        recv_counts.iter().sum(),
    )
}

pub(super) fn bytes(counts: &[usize], size: usize) -> Vec<usize> {
    counts.iter().map(|c| c * size).collect()
}

impl Mpi<'_> {
    /// Size of `comm` and this rank in it.
    pub(super) fn comm_nr(
        &mut self,
        call: &'static str,
        comm: Comm,
    ) -> Result<(u32, u32), MpiError> {
        let c = self.engine().comm(call, comm.0)?;
        Ok((c.size(), c.rank))
    }

    /// Number of parts of an all-to-one or one-to-all collective on
    /// `comm`: its size, or an intercommunicator's remote group's.
    fn part_count(&mut self, call: &'static str, comm: Comm) -> Result<usize, MpiError> {
        Ok(self.engine().comm(call, comm.0)?.peer_size() as usize)
    }

    pub(super) fn start_plan<'a>(
        &mut self,
        call: &'static str,
        comm: Comm,
        plan: Plan,
        out: Option<&'a mut [u8]>,
    ) -> Result<Request<'a>, MpiError> {
        let out = out.map(|b| (b.as_mut_ptr(), b.len()));
        let (e, net) = self.parts();
        // SAFETY: `out` is borrowed for 'a by the returned request, which
        // completes or detaches the collective before it ends.
        let h = unsafe { e.start(net, call, comm.0, plan, out)? };
        Ok(Request::new(h, self.shared))
    }

    pub(super) fn reduce_plan<T: MpiType>(
        call: &'static str,
        send: &[T],
        op: &Op,
    ) -> Result<(Plan, usize), MpiError> {
        op.check(call, T::DATATYPE)?;
        let mut plan = Plan {
            op: Some((op.clone(), T::DATATYPE)),
            ..Plan::default()
        };
        let acc = plan.buf(bytes_of(send).to_vec());
        Ok((plan, acc))
    }

    /// Starts a barrier.
    pub fn ibarrier(&mut self, comm: Comm) -> Result<Request<'static>, MpiError> {
        if self.is_inter("ibarrier", comm)? {
            return self.inter_barrier(comm);
        }
        let (n, r) = self.comm_nr("ibarrier", comm)?;
        let mut plan = Plan::default();
        plans::barrier(&mut plan, n, r);
        self.start_plan("ibarrier", comm, plan, None)
    }

    /// Waits until every rank of `comm` entered the barrier.
    pub fn barrier(&mut self, comm: Comm) -> Result<(), MpiError> {
        let req = self.ibarrier(comm)?;
        self.wait_as("barrier", req).map(drop)
    }

    /// Starts a broadcast of the root's `buf` into every rank's `buf`.
    pub fn ibcast<'a, T: MpiType>(
        &mut self,
        buf: &'a mut [T],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        if self.is_inter("ibcast", comm)? {
            return self.inter_bcast(buf, root, comm);
        }
        let (n, r) = self.comm_nr("ibcast", comm)?;
        let root = check_root("ibcast", root, n)?;
        let mut plan = Plan::default();
        let data = if r == root {
            bytes_of(buf).to_vec()
        } else {
            Vec::new()
        };
        let b = plan.buf(data);
        plans::bcast(&mut plan, n, r, root, b);
        if r == root {
            // The root's buffer holds the result already.
            return self.start_plan("ibcast", comm, plan, None);
        }
        plan.out = Some(b);
        self.start_plan("ibcast", comm, plan, Some(bytes_of_mut(buf)))
    }

    /// Starts a reduction of every rank's `send` with `op` into the root's
    /// `recv` (ignored elsewhere), combined in rank order.
    pub fn ireduce<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        op: &Op,
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        if self.is_inter("ireduce", comm)? {
            return self.inter_reduce(send, recv, op, root, comm);
        }
        let (n, r) = self.comm_nr("ireduce", comm)?;
        let root = check_root("ireduce", root, n)?;
        let (mut plan, acc) = Self::reduce_plan("ireduce", send, op)?;
        plans::reduce(&mut plan, n, r, root, acc);
        let out = if r == root {
            expect_len("ireduce", "the receive buffer", recv.len(), send.len())?;
            plan.out = Some(acc);
            Some(bytes_of_mut(recv))
        } else {
            None
        };
        self.start_plan("ireduce", comm, plan, out)
    }

    /// Starts an all-reduce: every rank's `recv` gets the reduction of all `send`s.
    pub fn iallreduce<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        op: &Op,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        if self.is_inter("iallreduce", comm)? {
            return self.inter_allreduce(send, recv, op, comm);
        }
        let (n, r) = self.comm_nr("iallreduce", comm)?;
        expect_len("iallreduce", "the receive buffer", recv.len(), send.len())?;
        let (mut plan, acc) = Self::reduce_plan("iallreduce", send, op)?;
        plans::reduce(&mut plan, n, r, 0, acc);
        plans::bcast(&mut plan, n, r, 0, acc);
        plan.out = Some(acc);
        self.start_plan("iallreduce", comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Starts a gather of `send` (`counts[i]` elements from rank `i`) into
    /// the root's `recv` (`counts` and `recv` matter at the root only).
    pub fn igatherv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        counts: &[usize],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        if self.is_inter("igatherv", comm)? {
            return self.inter_gatherv(send, recv, counts, root, comm);
        }
        let (n, r) = self.comm_nr("igatherv", comm)?;
        let root = check_root("igatherv", root, n)?;
        let mut plan = Plan::default();
        let mine = plan.buf(bytes_of(send).to_vec());
        let counts = if r == root {
            expect_len("igatherv", "counts", counts.len(), n as usize)?;
            let total = counts.iter().sum();
            expect_len("igatherv", "the receive buffer", recv.len(), total)?;
            bytes(counts, T::DATATYPE.size)
        } else {
            Vec::new()
        };
        plan.out = plans::gatherv(&mut plan, n, r, root, mine, &counts);
        let out = (r == root).then(|| bytes_of_mut(recv));
        self.start_plan("igatherv", comm, plan, out)
    }

    /// Starts a gather of every rank's `send` (all the same length) into the root's `recv`.
    pub fn igather<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let n = self.part_count("igather", comm)?;
        // An intercommunicator's root gets equal parts of its `recv`.
        let part = match root {
            super::inter::ROOT => recv.len() / n.max(1),
            _ => send.len(),
        };
        self.igatherv(send, recv, &vec![part; n], root, comm)
    }

    /// Starts a scatter of the root's `send` (`counts[i]` elements to rank
    /// `i`) into each rank's `recv` (`send` and `counts` matter at the root only).
    pub fn iscatterv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        counts: &[usize],
        recv: &'a mut [T],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        if self.is_inter("iscatterv", comm)? {
            return self.inter_scatterv(send, counts, recv, root, comm);
        }
        let (n, r) = self.comm_nr("iscatterv", comm)?;
        let root = check_root("iscatterv", root, n)?;
        let mut plan = Plan::default();
        let mut parts = Vec::new();
        if r == root {
            expect_len("iscatterv", "counts", counts.len(), n as usize)?;
            let total = counts.iter().sum();
            expect_len("iscatterv", "the send buffer", send.len(), total)?;
            expect_len(
                "iscatterv",
                "the receive buffer",
                recv.len(),
                counts[r as usize],
            )?;
            // Each part copied once, into the buffer its message shares.
            let mut rest = bytes_of(send);
            for c in bytes(counts, T::DATATYPE.size) {
                let (part, after) = rest.split_at(c);
                parts.push(plan.buf(part.to_vec()));
                rest = after;
            }
        }
        plan.out = Some(plans::scatter(&mut plan, n, r, root, &parts));
        self.start_plan("iscatterv", comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Starts a scatter of equal parts of the root's `send` into each rank's `recv`.
    pub fn iscatter<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let n = self.part_count("iscatter", comm)?;
        // An intercommunicator's root sends equal parts of its `send`.
        let part = match root {
            super::inter::ROOT => send.len() / n.max(1),
            _ => recv.len(),
        };
        let counts = vec![part; n];
        self.iscatterv(send, &counts, recv, root, comm)
    }

    pub(super) fn allgather_plan<T: MpiType>(
        &mut self,
        call: &'static str,
        send: &[T],
        recv_len: usize,
        counts: &[usize],
        comm: Comm,
    ) -> Result<Plan, MpiError> {
        let (n, r) = self.comm_nr(call, comm)?;
        expect_len(call, "counts", counts.len(), n as usize)?;
        expect_len(call, "the receive buffer", recv_len, counts.iter().sum())?;
        let mut plan = Plan::default();
        let mine = plan.buf(bytes_of(send).to_vec());
        let counts = bytes(counts, T::DATATYPE.size);
        let all = plans::gatherv(&mut plan, n, r, 0, mine, &counts);
        let all = all.unwrap_or_else(|| plan.buf(Vec::new()));
        plans::bcast(&mut plan, n, r, 0, all);
        plan.out = Some(all);
        Ok(plan)
    }

    /// Starts an all-gather: every rank's `recv` gets all `send`s (equal lengths) in rank order.
    pub fn iallgather<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let n = self.part_count("iallgather", comm)?;
        let counts = vec![send.len(); n];
        if self.is_inter("iallgather", comm)? {
            return self.inter_allgatherv(send, recv, &counts, comm);
        }
        let plan = self.allgather_plan("iallgather", send, recv.len(), &counts, comm)?;
        self.start_plan("iallgather", comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Starts an all-gather with per-rank counts: every rank's `recv` gets
    /// all `send`s (`counts[i]` elements from rank `i`) in rank order.
    pub fn iallgatherv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        counts: &[usize],
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        if self.is_inter("iallgatherv", comm)? {
            return self.inter_allgatherv(send, recv, counts, comm);
        }
        let plan = self.allgather_plan("iallgatherv", send, recv.len(), counts, comm)?;
        self.start_plan("iallgatherv", comm, plan, Some(bytes_of_mut(recv)))
    }

    fn alltoall_plan<T: MpiType>(
        &mut self,
        call: &'static str,
        send: &[T],
        send_counts: &[usize],
        recv_len: usize,
        recv_counts: &[usize],
        comm: Comm,
    ) -> Result<Plan, MpiError> {
        let (n, r) = self.comm_nr(call, comm)?;
        let parts = (n as usize, n as usize);
        expect_parts(
            call,
            (send.len(), send_counts),
            (recv_len, recv_counts),
            parts,
        )?;
        let size = T::DATATYPE.size;
        let mut plan = Plan::default();
        let src = plan.buf(bytes_of(send).to_vec());
        let (s, rc) = (bytes(send_counts, size), bytes(recv_counts, size));
        plan.out = Some(plans::alltoallv(&mut plan, n, r, src, &s, &rc));
        Ok(plan)
    }

    /// Starts an all-to-all: part `i` of `send` goes to rank `i`, part `j` of
    /// `recv` comes from rank `j` (equal parts).
    pub fn ialltoall<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let n = self.part_count("ialltoall", comm)?;
        if !send.len().is_multiple_of(n) {
            let what = format!("{} elements do not split into {n} equal parts", send.len());
            return Err(count_err("ialltoall", what));
        }
        let counts = vec![send.len() / n; n];
        if self.is_inter("ialltoall", comm)? {
            return self.inter_alltoallv(send, &counts, recv, &counts, comm);
        }
        let plan = self.alltoall_plan("ialltoall", send, &counts, recv.len(), &counts, comm)?;
        self.start_plan("ialltoall", comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Starts an all-to-all with per-rank counts: `send_counts[i]` elements
    /// to rank `i`, `recv_counts[j]` from rank `j`.
    pub fn ialltoallv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        send_counts: &[usize],
        recv: &'a mut [T],
        recv_counts: &[usize],
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        if self.is_inter("ialltoallv", comm)? {
            return self.inter_alltoallv(send, send_counts, recv, recv_counts, comm);
        }
        let call = "ialltoallv";
        let plan = self.alltoall_plan(call, send, send_counts, recv.len(), recv_counts, comm)?;
        self.start_plan(call, comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Starts a reduce-scatter: every rank's `send` reduced with `op`, then
    /// scattered: rank `i`'s `recv` gets `counts[i]` elements.
    pub fn ireduce_scatter<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        counts: &[usize],
        op: &Op,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let call = "ireduce_scatter";
        let (n, r) = self.comm_nr(call, comm)?;
        expect_len(call, "counts", counts.len(), n as usize)?;
        expect_len(call, "the send buffer", send.len(), counts.iter().sum())?;
        expect_len(call, "the receive buffer", recv.len(), counts[r as usize])?;
        let (mut plan, acc) = Self::reduce_plan(call, send, op)?;
        let counts = bytes(counts, T::DATATYPE.size);
        // An intercommunicator's ranks get parts of the other group's reduction.
        plan.inter = self.is_inter(call, comm)?;
        plan.out = Some(match plan.inter {
            true => crate::engine::inter_plans::reduce_scatter(&mut plan, n, r, acc, &counts),
            false => {
                plans::reduce(&mut plan, n, r, 0, acc);
                plans::scatterv(&mut plan, n, r, 0, acc, &counts)
            }
        });
        self.start_plan(call, comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Starts an inclusive prefix reduction: rank `i`'s `recv` = `send`₀ ⊕ … ⊕ `send`ᵢ.
    pub fn iscan<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        op: &Op,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let (n, r) = self.comm_nr("iscan", comm)?;
        expect_len("iscan", "the receive buffer", recv.len(), send.len())?;
        let (mut plan, acc) = Self::reduce_plan("iscan", send, op)?;
        plans::scan(&mut plan, n, r, acc);
        plan.out = Some(acc);
        self.start_plan("iscan", comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Starts an exclusive prefix reduction: rank `i > 0`'s `recv` =
    /// `send`₀ ⊕ … ⊕ `send`ᵢ₋₁; rank 0's `recv` is left as it is.
    pub fn iexscan<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        op: &Op,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let (n, r) = self.comm_nr("iexscan", comm)?;
        expect_len("iexscan", "the receive buffer", recv.len(), send.len())?;
        let (mut plan, acc) = Self::reduce_plan("iexscan", send, op)?;
        plan.out = plans::exscan(&mut plan, n, r, acc);
        let out = plan.out.is_some().then(|| bytes_of_mut(recv));
        self.start_plan("iexscan", comm, plan, out)
    }

    /// Starts a neighbor exchange: part `i` of `send` (`send_counts[i]`
    /// elements) goes to rank `dests[i]`, part `j` of `recv`
    /// (`recv_counts[j]`) comes from rank `sources[j]`. A rank may appear
    /// more than once in either list: its messages match in list order.
    #[allow(clippy::too_many_arguments)]
    pub fn ineighbor_alltoallv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        send_counts: &[usize],
        dests: &[u32],
        recv: &'a mut [T],
        recv_counts: &[usize],
        sources: &[u32],
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let call = "ineighbor_alltoallv";
        let (n, _) = self.comm_nr(call, comm)?;
        let parts = (dests.len(), sources.len());
        expect_parts(
            call,
            (send.len(), send_counts),
            (recv.len(), recv_counts),
            parts,
        )?;
        if let Some(&bad) = dests.iter().chain(sources).find(|&&r| r >= n) {
            let what = format!("neighbor {bad} is not in the communicator of {n} ranks");
            return Err(count_err(call, what));
        }
        let size = T::DATATYPE.size;
        let mut plan = Plan::default();
        let src = plan.buf(bytes_of(send).to_vec());
        let (s, r) = (bytes(send_counts, size), bytes(recv_counts, size));
        plan.out = Some(plans::neighbors(&mut plan, src, dests, &s, sources, &r));
        self.start_plan(call, comm, plan, Some(bytes_of_mut(recv)))
    }

    // ---- blocking forms ----

    blocking!(
        /// Broadcasts the root's `buf` into every rank's `buf`.
        bcast => ibcast(buf: &mut [T], root: i32, comm: Comm)
    );

    blocking!(
        /// Reduces every rank's `send` with `op` into the root's `recv`.
        reduce => ireduce(send: &[T], recv: &mut [T], op: &Op, root: i32, comm: Comm)
    );

    blocking!(
        /// Every rank's `recv` gets the reduction of all `send`s (identical on all ranks).
        allreduce => iallreduce(send: &[T], recv: &mut [T], op: &Op, comm: Comm)
    );

    blocking!(
        /// Every rank's `recv` gets all `send`s (equal lengths) in rank order.
        allgather => iallgather(send: &[T], recv: &mut [T], comm: Comm)
    );

    blocking!(
        /// All-to-all with equal parts (see [`Mpi::ialltoall`]).
        alltoall => ialltoall(send: &[T], recv: &mut [T], comm: Comm)
    );

    blocking!(
        /// Gathers `send` (`counts[i]` elements from rank `i`) into the root's `recv`.
        gatherv => igatherv(send: &[T], recv: &mut [T], counts: &[usize], root: i32, comm: Comm)
    );

    blocking!(
        /// Gathers every rank's `send` (all the same length) into the root's `recv`.
        gather => igather(send: &[T], recv: &mut [T], root: i32, comm: Comm)
    );

    blocking!(
        /// Scatters the root's `send` (`counts[i]` elements to rank `i`) into each rank's `recv`.
        scatterv => iscatterv(send: &[T], counts: &[usize], recv: &mut [T], root: i32, comm: Comm)
    );

    blocking!(
        /// Scatters equal parts of the root's `send` into each rank's `recv`.
        scatter => iscatter(send: &[T], recv: &mut [T], root: i32, comm: Comm)
    );

    blocking!(
        /// Every rank's `recv` gets all `send`s (`counts[i]` from rank `i`) in rank order.
        allgatherv => iallgatherv(send: &[T], recv: &mut [T], counts: &[usize], comm: Comm)
    );

    blocking!(
        /// All-to-all with per-rank counts (see [`Mpi::ialltoallv`]).
        alltoallv => ialltoallv(
            send: &[T],
            send_counts: &[usize],
            recv: &mut [T],
            recv_counts: &[usize],
            comm: Comm
        )
    );

    blocking!(
        /// Reduces every rank's `send` with `op`, then scatters the result:
        /// rank `i`'s `recv` gets `counts[i]` elements.
        reduce_scatter => ireduce_scatter(
            send: &[T],
            recv: &mut [T],
            counts: &[usize],
            op: &Op,
            comm: Comm
        )
    );

    blocking!(
        /// Inclusive prefix reduction: rank `i`'s `recv` = `send`₀ ⊕ … ⊕ `send`ᵢ.
        scan => iscan(send: &[T], recv: &mut [T], op: &Op, comm: Comm)
    );

    blocking!(
        /// Neighbor exchange (see [`Mpi::ineighbor_alltoallv`]).
        neighbor_alltoallv => ineighbor_alltoallv(
            send: &[T],
            send_counts: &[usize],
            dests: &[u32],
            recv: &mut [T],
            recv_counts: &[usize],
            sources: &[u32],
            comm: Comm
        )
    );

    blocking!(
        /// Exclusive prefix reduction (see [`Mpi::iexscan`]).
        exscan => iexscan(send: &[T], recv: &mut [T], op: &Op, comm: Comm)
    );
}
