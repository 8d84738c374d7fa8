//! Communicator calls. New communicators get fresh contexts agreed on by an
//! all-reduce (max) of every member's next free context, so their messages
//! never match another communicator's.

use super::{Comm, Mpi, Request};
use crate::engine::{Plan, plans};
use crate::error::MpiError;
use crate::op::Op;

/// `comm_split` color of ranks that join no new communicator.
pub const UNDEFINED: i32 = -1;

impl Mpi<'_> {
    /// Makes `comm` active on this rank: every message that arrives on it
    /// is handed to `handler` at once, in send order per sender, whether or
    /// not this rank runs, and the handler's replies go on `reply` (local;
    /// `engine/active.rs`). Messages to it must go eagerly (`bsend`): a
    /// handler gets a message's bytes. `comm_free` ends it. One-sided
    /// communication's passive target is built on it.
    pub fn set_active(
        &mut self,
        comm: Comm,
        reply: Comm,
        handler: Box<dyn crate::engine::Active>,
    ) -> Result<(), MpiError> {
        self.engine().set_active(comm.0, reply.0, handler)
    }

    /// This rank's rank in `comm`.
    pub fn comm_rank(&mut self, comm: Comm) -> Result<i32, MpiError> {
        Ok(self.engine().comm("comm_rank", comm.0)?.rank as i32)
    }

    /// Number of ranks in `comm`.
    pub fn comm_size(&mut self, comm: Comm) -> Result<i32, MpiError> {
        Ok(self.engine().comm("comm_size", comm.0)?.size() as i32)
    }

    /// A context free on every rank of `comm` (collective).
    pub(super) fn agree_context(&mut self, comm: Comm) -> Result<u32, MpiError> {
        let mine = [self.engine().next_context()];
        let mut max = [0u32];
        self.allreduce(&mine, &mut max, &Op::Max, comm)?;
        Ok(max[0])
    }

    /// A copy of `comm` with its own contexts (collective).
    pub fn comm_dup(&mut self, comm: Comm) -> Result<Comm, MpiError> {
        if self.is_inter("comm_dup", comm)? {
            return self.inter_dup(comm);
        }
        let ranks = self.engine().comm("comm_dup", comm.0)?.members();
        let ctx = self.agree_context(comm)?;
        Ok(Comm(self.engine().add_comm(ctx, ranks)))
    }

    /// Starts a copy of `comm` with its own contexts, returned at once; it
    /// may be used once the request completes (`MPI_Comm_idup`). Its rank
    /// 0 gives it a context no other rank gives out (`idup_context`) and
    /// broadcasts it, so duplications may overlap in any order, and with
    /// other communicator calls, without a deadlock or a shared context.
    pub fn comm_idup(&mut self, comm: Comm) -> Result<(Comm, Request<'static>), MpiError> {
        if self.is_inter("comm_idup", comm)? {
            return self.inter_idup(comm);
        }
        let (n, r, ranks) = {
            let c = self.engine().comm("comm_idup", comm.0)?;
            (c.size(), c.rank, c.members())
        };
        let ctx = match r {
            0 => self.engine().idup_context().ok_or(MpiError::Count {
                call: "comm_idup",
                what: "this rank has led too many non-blocking duplications".into(),
            })?,
            _ => 0,
        };
        let mut plan = Plan::default();
        let b = plan.buf(ctx.to_le_bytes().to_vec());
        plans::bcast(&mut plan, n, r, 0, b);
        plan.out = Some(b);
        let new = self.engine().add_comm_unset(ranks);
        plan.context_of = Some(new);
        let req = self.start_plan("comm_idup", comm, plan, None)?;
        Ok((Comm(new), req))
    }

    /// Splits `comm` by `color` (≥ 0, or `UNDEFINED` to join none), ordering
    /// each part by `key` then by rank in `comm` (collective).
    pub fn comm_split(
        &mut self,
        comm: Comm,
        color: i32,
        key: i32,
    ) -> Result<Option<Comm>, MpiError> {
        if color < UNDEFINED {
            return Err(MpiError::Count {
                call: "comm_split",
                what: format!("color {color} is neither >= 0 nor UNDEFINED"),
            });
        }
        if self.is_inter("comm_split", comm)? {
            return self.inter_split(comm, color, key);
        }
        let (n, ranks) = {
            let c = self.engine().comm("comm_split", comm.0)?;
            (c.size() as usize, c.members())
        };
        let mut all = vec![0i32; 2 * n];
        self.allgather(&[color, key], &mut all, comm)?;
        let ctx = self.agree_context(comm)?;
        self.engine().reserve_context(ctx);
        if color == UNDEFINED {
            return Ok(None);
        }
        let world = part_of(&all, &ranks, color);
        Ok(Some(Comm(self.engine().add_comm(ctx, world))))
    }

    /// Frees `comm` (not `WORLD`).
    pub fn comm_free(&mut self, comm: Comm) -> Result<(), MpiError> {
        self.engine().free_comm(comm.0)
    }

    /// A communicator of this rank alone (`MPI_COMM_SELF`); local, not collective.
    pub fn comm_self(&mut self) -> Comm {
        let me = self.engine().world_rank();
        let ctx = self.engine().next_context();
        Comm(self.engine().add_comm(ctx, vec![me]))
    }

    /// A copy of `comm` for a library's point-to-point messages (a
    /// collective built from sends and receives): the same members on a
    /// context of `comm`'s own, so no message of `comm` matches them. Local:
    /// every member gets the same copy without waiting for the others.
    pub fn comm_internal(&mut self, comm: Comm) -> Result<Comm, MpiError> {
        Ok(Comm(self.engine().internal_comm("comm_internal", comm.0)?))
    }

    /// A communicator of `members` (`WORLD` ranks, in the new ranks' order,
    /// all in `comm`), made by them alone (MPI-3's `MPI_Comm_create_group`:
    /// the other ranks of `comm` take no part). They agree on a context
    /// through the first member, by point-to-point messages of `tag` on
    /// `comm`'s internal copy (`internal`, from [`Mpi::comm_internal`]),
    /// so calls with different tags may run at once. `None` for a rank
    /// that is not a member.
    pub fn comm_create_group(
        &mut self,
        internal: Comm,
        members: &[u32],
        tag: i32,
    ) -> Result<Option<Comm>, MpiError> {
        self.intra("comm_create_group", internal)?;
        let all = self.comm_members(internal)?;
        if let Some(&m) = members.iter().find(|m| !all.contains(m)) {
            return Err(MpiError::InvalidRank {
                call: "comm_create_group",
                rank: m as i32,
                size: all.len() as u32,
            });
        }
        let me = self.engine().world_rank();
        let Some(&first) = members.first() else {
            return Ok(None);
        };
        if !members.contains(&me) {
            return Ok(None);
        }
        let rank_in = |mpi: &mut Self, world: u32| -> Result<i32, MpiError> {
            let c = mpi.engine().comm("comm_create_group", internal.0)?;
            Ok(c.rank_of(world) as i32)
        };
        let mut ctx = [self.engine().next_context()];
        if me == first {
            for &m in members.iter().filter(|&&m| m != me) {
                let mut theirs = [0u32];
                let from = rank_in(self, m)?;
                self.recv(&mut theirs, from, tag, internal)?;
                ctx[0] = ctx[0].max(theirs[0]);
            }
            for &m in members.iter().filter(|&&m| m != me) {
                let to = rank_in(self, m)?;
                self.send(&ctx, to, tag, internal)?;
            }
        } else {
            let leader = rank_in(self, first)?;
            self.send(&ctx, leader, tag, internal)?;
            self.recv(&mut ctx, leader, tag, internal)?;
        }
        Ok(Some(Comm(self.engine().add_comm(ctx[0], members.to_vec()))))
    }

    /// The `WORLD` ranks of `comm`'s members, in communicator order.
    pub fn comm_members(&mut self, comm: Comm) -> Result<Vec<u32>, MpiError> {
        Ok(self.engine().comm("comm_members", comm.0)?.members())
    }
}

/// The ranks of `ranks` (`WORLD` ranks by rank) whose `(color, key)` in
/// `all` has `color`, ordered by key, then by rank.
pub(super) fn part_of(all: &[i32], ranks: &[u32], color: i32) -> Vec<u32> {
    let mut members: Vec<(i32, usize)> = (0..ranks.len())
        .filter(|&i| all[2 * i] == color)
        .map(|i| (all[2 * i + 1], i))
        .collect();
    members.sort();
    members.iter().map(|&(_, i)| ranks[i]).collect()
}
