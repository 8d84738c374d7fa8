//! Communicators: a group of `WORLD` ranks with its own contexts, so that
//! its messages never match another communicator's. An
//! intercommunicator also has a remote group: its point-to-point messages
//! go to and come from the remote group's ranks, and its collectives'
//! plans number the local ranks `0..size` and the remote ones after them
//! (`coll_world`).

use std::collections::HashMap;
use std::sync::Arc;

/// One communicator as seen by one of its members.
#[derive(Clone, Debug)]
pub struct CommInfo {
    /// Context of point-to-point messages.
    pub ctx: u32,
    /// Context of collective messages (`ctx + 1`; `ctx + 2` is for the
    /// communicator's internal copy, `Engine::internal_comm`).
    pub coll_ctx: u32,
    /// `WORLD` rank of each member, by communicator rank (empty for
    /// `WORLD` itself: identity, so V ranks do not hold V² entries).
    ranks: Arc<[u32]>,
    /// Number of members.
    size: u32,
    /// Communicator rank of each member, by `WORLD` rank (empty for `WORLD` itself: identity).
    pub index: Arc<HashMap<u32, u32>>,
    /// This member's rank.
    pub rank: u32,
    /// Collectives started on it so far (the next one's tag).
    pub coll_seq: u32,
    /// The remote group of an intercommunicator (`None`: an intracommunicator).
    remote: Option<Group>,
}

/// The remote group of an intercommunicator: `WORLD` ranks by rank, and back.
#[derive(Clone, Debug)]
struct Group {
    ranks: Arc<[u32]>,
    index: Arc<HashMap<u32, u32>>,
}

impl Group {
    fn new(ranks: Vec<u32>) -> Group {
        let index = ranks
            .iter()
            .enumerate()
            .map(|(i, &w)| (w, i as u32))
            .collect();
        Group {
            ranks: ranks.into(),
            index: Arc::new(index),
        }
    }
}

impl CommInfo {
    /// `WORLD` of `size` ranks seen by `rank`.
    pub fn world(rank: u32, size: u32) -> CommInfo {
        CommInfo {
            ctx: 0,
            coll_ctx: 1,
            ranks: Arc::new([]),
            size,
            index: Arc::new(HashMap::new()),
            rank,
            coll_seq: 0,
            remote: None,
        }
    }

    /// A communicator of `ranks` (WORLD ranks in communicator order) with context `ctx`.
    pub fn new(ctx: u32, ranks: Vec<u32>, me: u32) -> CommInfo {
        let index: HashMap<u32, u32> = ranks
            .iter()
            .enumerate()
            .map(|(i, &w)| (w, i as u32))
            .collect();
        let rank = index[&me];
        CommInfo {
            ctx,
            coll_ctx: ctx + 1,
            size: ranks.len() as u32,
            ranks: ranks.into(),
            index: Arc::new(index),
            rank,
            coll_seq: 0,
            remote: None,
        }
    }

    /// An intercommunicator between `local` (with `me`) and `remote`
    /// (disjoint; `WORLD` ranks in rank order) with context `ctx`.
    pub fn inter(ctx: u32, local: Vec<u32>, remote: Vec<u32>, me: u32) -> CommInfo {
        CommInfo {
            remote: Some(Group::new(remote)),
            ..CommInfo::new(ctx, local, me)
        }
    }

    /// The same groups on context `ctx`.
    pub fn on_context(&self, ctx: u32) -> CommInfo {
        CommInfo {
            ctx,
            coll_ctx: ctx + 1,
            coll_seq: 0,
            ..self.clone()
        }
    }

    /// Whether this is an intercommunicator.
    pub fn is_inter(&self) -> bool {
        self.remote.is_some()
    }

    /// Number of ranks point-to-point messages go to: the remote group's
    /// of an intercommunicator, else the members'.
    pub fn peer_size(&self) -> u32 {
        match &self.remote {
            Some(g) => g.ranks.len() as u32,
            None => self.size,
        }
    }

    /// The `WORLD` rank of point-to-point peer `rank` (< `peer_size()`).
    pub fn peer_world(&self, rank: u32) -> u32 {
        match &self.remote {
            Some(g) => g.ranks[rank as usize],
            None => self.world_rank(rank),
        }
    }

    /// The point-to-point rank of `WORLD` rank `world`, a peer.
    pub fn peer_rank_of(&self, world: u32) -> u32 {
        match &self.remote {
            Some(g) => g.index[&world],
            None => self.rank_of(world),
        }
    }

    /// The `WORLD` ranks of the remote group, in rank order (empty for an
    /// intracommunicator).
    pub fn remote_members(&self) -> Vec<u32> {
        self.remote
            .as_ref()
            .map_or(Vec::new(), |g| g.ranks.to_vec())
    }

    /// The `WORLD` rank of rank `rank` of a collective's plan: a member
    /// below `size()`, then the remote group's ranks.
    pub fn coll_world(&self, rank: u32) -> u32 {
        match &self.remote {
            Some(g) if rank >= self.size => g.ranks[(rank - self.size) as usize],
            _ => self.world_rank(rank),
        }
    }

    /// Number of members.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// The `WORLD` rank of member `rank` (< `size()`).
    pub fn world_rank(&self, rank: u32) -> u32 {
        if self.ranks.is_empty() {
            rank
        } else {
            self.ranks[rank as usize]
        }
    }

    /// The `WORLD` ranks of every member, in communicator order.
    pub fn members(&self) -> Vec<u32> {
        (0..self.size).map(|r| self.world_rank(r)).collect()
    }

    /// The communicator rank of `WORLD` rank `world`.
    pub fn rank_of(&self, world: u32) -> u32 {
        if self.index.is_empty() {
            world
        } else {
            self.index[&world]
        }
    }

    /// The tag of the next collective, advancing the sequence.
    pub fn next_coll_tag(&mut self) -> i32 {
        let tag = (self.coll_seq % i32::MAX as u32) as i32;
        self.coll_seq = self.coll_seq.wrapping_add(1);
        tag
    }
}
