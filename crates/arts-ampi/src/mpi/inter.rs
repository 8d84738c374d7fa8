//! Intercommunicators: two disjoint groups of ranks joined by
//! `intercomm_create`. Point-to-point ranks name the other group's ranks
//! (`engine::CommInfo::peer_world`); collectives move data from one group
//! to the other (`engine/inter_plans.rs`). A new intercommunicator's
//! contexts are the larger of the two groups' agreed next free contexts,
//! free on every rank of both, as `comm_dup` does within one group.

use super::coll::{bytes, expect_len};
use super::comm::part_of;
use super::{Comm, Mpi, Request};
use crate::datatype::{MpiType, bytes_of, bytes_of_mut};
use crate::engine::{Plan, Role, inter_plans};
use crate::error::MpiError;
use crate::op::Op;

/// The root argument of the root itself in an intercommunicator
/// collective (`MPI_ROOT`).
pub const ROOT: i32 = -4;
/// The root argument of the other ranks of the root's group
/// (`MPI_PROC_NULL`).
pub const PROC_NULL: i32 = -3;

impl Mpi<'_> {
    /// Whether `comm` is an intercommunicator.
    pub fn comm_is_inter(&mut self, comm: Comm) -> Result<bool, MpiError> {
        self.is_inter("comm_test_inter", comm)
    }

    /// Whether `comm` is an intercommunicator, as call `call` asks.
    pub(super) fn is_inter(&mut self, call: &'static str, comm: Comm) -> Result<bool, MpiError> {
        Ok(self.engine().comm(call, comm.0)?.is_inter())
    }

    /// Number of ranks point-to-point messages on `comm` go to: its size,
    /// or an intercommunicator's remote group's.
    pub fn comm_peer_size(&mut self, comm: Comm) -> Result<i32, MpiError> {
        Ok(self.engine().comm("comm_remote_size", comm.0)?.peer_size() as i32)
    }

    /// Refuses an intercommunicator where `call` takes an intracommunicator.
    pub(super) fn intra(&mut self, call: &'static str, comm: Comm) -> Result<(), MpiError> {
        match self.engine().comm(call, comm.0)?.is_inter() {
            false => Ok(()),
            true => Err(MpiError::CommKind {
                call,
                comm: comm.0,
                inter: true,
            }),
        }
    }

    /// The `WORLD` ranks of intercommunicator `comm`'s remote group.
    pub fn comm_remote_members(&mut self, comm: Comm) -> Result<Vec<u32>, MpiError> {
        let c = self.engine().comm("comm_remote_group", comm.0)?;
        match c.is_inter() {
            true => Ok(c.remote_members()),
            false => Err(MpiError::CommKind {
                call: "comm_remote_group",
                comm: comm.0,
                inter: false,
            }),
        }
    }

    /// An intercommunicator between this rank's group, `local`, and
    /// another group (`MPI_Intercomm_create`, collective over both): the
    /// leaders, rank `local_leader` of `local` and rank `remote_leader` of
    /// `peer` (in which both leaders are), trade their groups with
    /// messages of `tag` on `peer`.
    pub fn intercomm_create(
        &mut self,
        local: Comm,
        local_leader: i32,
        peer: Comm,
        remote_leader: i32,
        tag: i32,
    ) -> Result<Comm, MpiError> {
        const CALL: &str = "intercomm_create";
        self.intra(CALL, local)?;
        let (n, r, members) = {
            let c = self.engine().comm(CALL, local.0)?;
            (c.size(), c.rank, c.members())
        };
        let leader = super::check_root(CALL, local_leader, n)?;
        let ctx = self.agree_context(local)?;
        // The leader's view: [context, remote ranks...] from the other leader.
        let mut theirs = Vec::new();
        if r == leader {
            let mut mine = vec![ctx];
            mine.extend(&members);
            self.bsend(&mine, remote_leader, tag, peer)?;
            let status = self.probe(remote_leader, tag, peer)?;
            theirs = vec![0u32; status.bytes / 4];
            self.recv(&mut theirs, remote_leader, tag, peer)?;
        }
        let mut len = [theirs.len() as u32];
        self.bcast(&mut len, leader as i32, local)?;
        theirs.resize(len[0] as usize, 0);
        self.bcast(&mut theirs, leader as i32, local)?;
        let Some((&their_ctx, remote)) = theirs.split_first() else {
            return Err(MpiError::Count {
                call: CALL,
                what: "the remote leader sent no group".into(),
            });
        };
        let ours: std::collections::HashSet<&u32> = members.iter().collect();
        if let Some(w) = remote.iter().find(|w| ours.contains(w)) {
            return Err(MpiError::Count {
                call: CALL,
                what: format!("WORLD rank {w} is in both groups (they must be disjoint)"),
            });
        }
        let ctx = ctx.max(their_ctx);
        Ok(Comm(self.engine().add_intercomm(
            ctx,
            members,
            remote.to_vec(),
        )))
    }

    /// A context free on every rank of both groups of intercommunicator
    /// `comm` (collective over both).
    fn agree_inter_context(&mut self, call: &'static str, comm: Comm) -> Result<u32, MpiError> {
        let (nl, r) = self.comm_nr(call, comm)?;
        let mine = self.engine().next_context();
        let mut plan = Self::inter_plan(Some((Op::Max, u32::DATATYPE)));
        let acc = plan.buf(mine.to_le_bytes().to_vec());
        plan.out = Some(inter_plans::allreduce_both(&mut plan, nl, r, acc));
        let mut max = [0u32];
        let req = self.start_plan(call, comm, plan, Some(bytes_of_mut(&mut max)))?;
        self.wait_as(call, req)?;
        Ok(max[0])
    }

    /// A copy of intercommunicator `comm` with its own contexts (collective).
    pub(super) fn inter_dup(&mut self, comm: Comm) -> Result<Comm, MpiError> {
        let (local, remote) = {
            let c = self.engine().comm("comm_dup", comm.0)?;
            (c.members(), c.remote_members())
        };
        let ctx = self.agree_inter_context("comm_dup", comm)?;
        Ok(Comm(self.engine().add_intercomm(ctx, local, remote)))
    }

    /// Starts a copy of intercommunicator `comm` (`MPI_Comm_idup`): the
    /// group whose first rank is lower in `WORLD` draws a context as
    /// `comm_idup` does, its rank 0 gives it to the other group's, and
    /// each group broadcasts it.
    pub(super) fn inter_idup(&mut self, comm: Comm) -> Result<(Comm, Request<'static>), MpiError> {
        const CALL: &str = "comm_idup";
        let (nl, r) = self.comm_nr(CALL, comm)?;
        let (local, remote) = {
            let c = self.engine().comm(CALL, comm.0)?;
            (c.members(), c.remote_members())
        };
        let provider = local[0] < remote[0];
        let ctx = match provider && r == 0 {
            true => self.engine().idup_context().ok_or(MpiError::Count {
                call: CALL,
                what: "this rank has led too many non-blocking duplications".into(),
            })?,
            false => 0,
        };
        let mut plan = Self::inter_plan(None);
        let b = plan.buf(ctx.to_le_bytes().to_vec());
        inter_plans::share(&mut plan, nl, r, provider, b);
        plan.out = Some(b);
        let new = self.engine().add_intercomm_unset(local, remote);
        plan.context_of = Some(new);
        let req = self.start_plan(CALL, comm, plan, None)?;
        Ok((Comm(new), req))
    }

    /// Splits intercommunicator `comm` (collective over both groups): the
    /// ranks of each group with one `color` (ordered by `key`, then rank)
    /// joined with the other group's ranks of that color; `None` where
    /// either side has none.
    pub(super) fn inter_split(
        &mut self,
        comm: Comm,
        color: i32,
        key: i32,
    ) -> Result<Option<Comm>, MpiError> {
        const CALL: &str = "comm_split";
        let (nl, local, remote) = {
            let c = self.engine().comm(CALL, comm.0)?;
            (c.size() as usize, c.members(), c.remote_members())
        };
        // This group's colors and keys (an all-gather over its own ranks),
        // then the other group's.
        let mut ours = vec![0i32; 2 * nl];
        let mut plan = self.allgather_plan(CALL, &[color, key], ours.len(), &vec![2; nl], comm)?;
        plan.inter = true;
        let req = self.start_plan(CALL, comm, plan, Some(bytes_of_mut(&mut ours)))?;
        self.wait_as(CALL, req)?;
        let mut theirs = vec![0i32; 2 * remote.len()];
        self.allgather(&[color, key], &mut theirs, comm)?;
        let ctx = self.agree_inter_context(CALL, comm)?;
        self.engine().reserve_context(ctx);
        let remote = part_of(&theirs, &remote, color);
        if color == super::UNDEFINED || remote.is_empty() {
            return Ok(None);
        }
        let local = part_of(&ours, &local, color);
        Ok(Some(Comm(self.engine().add_intercomm(ctx, local, remote))))
    }

    /// The intracommunicator of both groups of intercommunicator `inter`
    /// (`MPI_Intercomm_merge`, collective): the group whose ranks pass
    /// `high = false` comes first; if both pass the same, the group whose
    /// first rank is lower in `WORLD`.
    pub fn intercomm_merge(&mut self, inter: Comm, high: bool) -> Result<Comm, MpiError> {
        const CALL: &str = "intercomm_merge";
        let (local, remote) = {
            let c = self.engine().comm(CALL, inter.0)?;
            if !c.is_inter() {
                return Err(MpiError::CommKind {
                    call: CALL,
                    comm: inter.0,
                    inter: false,
                });
            }
            (c.members(), c.remote_members())
        };
        let mut their_high = [0u32];
        let req = self.iallreduce(&[u32::from(high)], &mut their_high, &Op::Max, inter)?;
        self.wait_as(CALL, req)?;
        let ctx = self.agree_inter_context(CALL, inter)?;
        let local_first = match (high, their_high[0] != 0) {
            (false, true) => true,
            (true, false) => false,
            _ => local[0] < remote[0],
        };
        let ranks = match local_first {
            true => [local, remote].concat(),
            false => [remote, local].concat(),
        };
        Ok(Comm(self.engine().add_comm(ctx, ranks)))
    }

    /// Number of ranks of `comm`'s remote group.
    fn remote_size(&mut self, call: &'static str, comm: Comm) -> Result<u32, MpiError> {
        Ok(self.engine().comm(call, comm.0)?.peer_size())
    }

    /// This rank's part in a rooted collective on intercommunicator `comm`.
    fn role(&mut self, call: &'static str, root: i32, comm: Comm) -> Result<Role, MpiError> {
        match root {
            ROOT => Ok(Role::Root),
            PROC_NULL => Ok(Role::Idle),
            _ => {
                let n = self.remote_size(call, comm)?;
                Ok(Role::Remote(super::check_root(call, root, n)?))
            }
        }
    }

    fn inter_plan(op: Option<(Op, crate::Datatype)>) -> Plan {
        Plan {
            op,
            inter: true,
            ..Plan::default()
        }
    }

    /// Barrier on intercommunicator `comm`.
    pub(super) fn inter_barrier(&mut self, comm: Comm) -> Result<Request<'static>, MpiError> {
        let (nl, r) = self.comm_nr("ibarrier", comm)?;
        let mut plan = Self::inter_plan(None);
        inter_plans::barrier(&mut plan, nl, r);
        self.start_plan("ibarrier", comm, plan, None)
    }

    /// Broadcast on intercommunicator `comm` (`root`: [`ROOT`],
    /// [`PROC_NULL`] or the root's remote rank).
    pub(super) fn inter_bcast<'a, T: MpiType>(
        &mut self,
        buf: &'a mut [T],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let (nl, r) = self.comm_nr("ibcast", comm)?;
        let role = self.role("ibcast", root, comm)?;
        let mut plan = Self::inter_plan(None);
        let data = match role {
            Role::Root => bytes_of(buf).to_vec(),
            _ => Vec::new(),
        };
        let b = plan.buf(data);
        inter_plans::bcast(&mut plan, nl, r, role, b);
        let out = matches!(role, Role::Remote(_)).then(|| {
            plan.out = Some(b);
            bytes_of_mut(buf)
        });
        self.start_plan("ibcast", comm, plan, out)
    }

    /// Reduction of the other group's `send`s into the root's `recv` on
    /// intercommunicator `comm`.
    pub(super) fn inter_reduce<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        op: &Op,
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let (nl, r) = self.comm_nr("ireduce", comm)?;
        let role = self.role("ireduce", root, comm)?;
        let (mut plan, acc) = Self::reduce_plan("ireduce", send, op)?;
        plan.inter = true;
        plan.out = inter_plans::reduce(&mut plan, nl, r, role, acc);
        let out = plan.out.map(|_| bytes_of_mut(recv));
        self.start_plan("ireduce", comm, plan, out)
    }

    /// All-reduce on intercommunicator `comm`: `recv` gets the reduction
    /// of the other group's `send`s.
    pub(super) fn inter_allreduce<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        op: &Op,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let (nl, r) = self.comm_nr("iallreduce", comm)?;
        expect_len("iallreduce", "the receive buffer", recv.len(), send.len())?;
        let (mut plan, acc) = Self::reduce_plan("iallreduce", send, op)?;
        plan.inter = true;
        plan.out = Some(inter_plans::allreduce(&mut plan, nl, r, acc));
        self.start_plan("iallreduce", comm, plan, Some(bytes_of_mut(recv)))
    }

    /// Gather of the other group's `send`s into the root's `recv`
    /// (`counts[i]` elements from remote rank `i`) on intercommunicator `comm`.
    pub(super) fn inter_gatherv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        counts: &[usize],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let nl = self.comm_nr("igatherv", comm)?.0;
        let role = self.role("igatherv", root, comm)?;
        let mut plan = Self::inter_plan(None);
        let mine = plan.buf(bytes_of(send).to_vec());
        if role == Role::Root {
            let n = self.remote_size("igatherv", comm)? as usize;
            expect_len("igatherv", "counts", counts.len(), n)?;
            expect_len(
                "igatherv",
                "the receive buffer",
                recv.len(),
                counts.iter().sum(),
            )?;
        }
        let counts = bytes(counts, T::DATATYPE.size);
        plan.out = inter_plans::gatherv(&mut plan, nl, role, mine, &counts);
        let out = plan.out.map(|_| bytes_of_mut(recv));
        self.start_plan("igatherv", comm, plan, out)
    }

    /// Scatter of the root's `send` (`counts[i]` elements to remote rank
    /// `i`) into the other group's `recv`s on intercommunicator `comm`.
    pub(super) fn inter_scatterv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        counts: &[usize],
        recv: &'a mut [T],
        root: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let nl = self.comm_nr("iscatterv", comm)?.0;
        let role = self.role("iscatterv", root, comm)?;
        if role == Role::Root {
            let n = self.remote_size("iscatterv", comm)? as usize;
            expect_len("iscatterv", "counts", counts.len(), n)?;
            expect_len(
                "iscatterv",
                "the send buffer",
                send.len(),
                counts.iter().sum(),
            )?;
        }
        let mut plan = Self::inter_plan(None);
        let src = match role {
            Role::Root => plan.buf(bytes_of(send).to_vec()),
            _ => plan.buf(Vec::new()),
        };
        let counts = bytes(counts, T::DATATYPE.size);
        plan.out = inter_plans::scatterv(&mut plan, nl, role, src, &counts);
        let out = plan.out.map(|_| bytes_of_mut(recv));
        self.start_plan("iscatterv", comm, plan, out)
    }

    /// All-gather on intercommunicator `comm`: `recv` gets the other
    /// group's `send`s (`counts[i]` elements from remote rank `i`).
    pub(super) fn inter_allgatherv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        recv: &'a mut [T],
        counts: &[usize],
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let nl = self.comm_nr("iallgatherv", comm)?.0;
        let n = self.remote_size("iallgatherv", comm)? as usize;
        expect_len("iallgatherv", "counts", counts.len(), n)?;
        expect_len(
            "iallgatherv",
            "the receive buffer",
            recv.len(),
            counts.iter().sum(),
        )?;
        let mut plan = Self::inter_plan(None);
        let mine = plan.buf(bytes_of(send).to_vec());
        let counts = bytes(counts, T::DATATYPE.size);
        plan.out = Some(inter_plans::allgatherv(&mut plan, nl, mine, &counts));
        self.start_plan("iallgatherv", comm, plan, Some(bytes_of_mut(recv)))
    }

    /// All-to-all on intercommunicator `comm`: `send_counts[i]` elements
    /// to remote rank `i`, `recv_counts[i]` from it.
    pub(super) fn inter_alltoallv<'a, T: MpiType>(
        &mut self,
        send: &[T],
        send_counts: &[usize],
        recv: &'a mut [T],
        recv_counts: &[usize],
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        const CALL: &str = "ialltoallv";
        let nl = self.comm_nr("ialltoallv", comm)?.0;
        let n = self.remote_size(CALL, comm)? as usize;
        super::coll::expect_parts(
            CALL,
            (send.len(), send_counts),
            (recv.len(), recv_counts),
            (n, n),
        )?;
        let mut plan = Self::inter_plan(None);
        let src = plan.buf(bytes_of(send).to_vec());
        let size = T::DATATYPE.size;
        let (s, rc) = (bytes(send_counts, size), bytes(recv_counts, size));
        plan.out = Some(inter_plans::alltoallv(&mut plan, nl, src, &s, &rc));
        self.start_plan(CALL, comm, plan, Some(bytes_of_mut(recv)))
    }
}
