//! The MPI engine of one rank, independent of how it is scheduled: message
//! matching (posted receives, unexpected messages, non-overtaking order per
//! sender), the request table (integer handles, ready for a C ABI),
//! communicators and the collective schedules. The coroutine's [`Mpi`]
//! handle and the rank's element both drive it.
//!
//! [`Mpi`]: crate::Mpi

mod active;
mod claim;
mod comm;
mod gate;
pub mod inter_plans;
mod packet;
mod packet_wire;
mod payload;
pub mod plans;
mod pool;
mod rendezvous;
mod schedule;
mod seq;
mod unexpected;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use arts_core::Bulk;

pub use active::{Active, Replies};
pub use claim::Claimed;
pub use comm::CommInfo;
pub use gate::WAITALL;
pub use inter_plans::Role;
pub use packet::{Large, Net, Outbox, Packet, Payload, Signal};
pub use payload::INLINE_BYTES;
pub use rendezvous::RENDEZVOUS_MIN;
pub use schedule::{Buf, Local, Plan, Round, Schedule};
use unexpected::{At, Unexpected};

use crate::error::MpiError;

/// Receive from any source.
pub const ANY_SOURCE: i32 = -2;
/// Receive with any tag.
pub const ANY_TAG: i32 = -1;

/// What a completed receive (or probe) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Status {
    /// The sender's rank in the communicator.
    pub source: i32,
    /// The message's tag.
    pub tag: i32,
    /// Elements received (of the receive's type; bytes for probes and sends).
    pub count: usize,
    /// Bytes received.
    pub bytes: usize,
}

/// The tag of [`Status::CANCELLED`], which no message has.
const CANCELLED_TAG: i32 = i32::MIN;

impl Status {
    /// The status of a receive cancelled before a message matched it:
    /// nothing was received. (A marker tag, not a field: a larger status
    /// costs every message's path.)
    pub const CANCELLED: Status = Status {
        source: ANY_SOURCE,
        tag: CANCELLED_TAG,
        count: 0,
        bytes: 0,
    };

    /// Whether this is the status of a cancelled receive.
    pub fn cancelled(&self) -> bool {
        self.tag == CANCELLED_TAG
    }
}

/// Where a matched message goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// A user receive request.
    User(u32),
    /// Buffer `slot` of the collective schedule of request `req`.
    Sched { req: u32, slot: usize },
}

/// A posted receive.
#[derive(Debug)]
struct Posted {
    ctx: u32,
    src: Option<u32>,
    tag: Option<i32>,
    target: Target,
}

impl Posted {
    fn matches(&self, p: &Packet) -> bool {
        p.ctx == self.ctx
            && self.src.is_none_or(|s| s == p.src)
            && self.tag.is_none_or(|t| t == p.tag)
    }
}

/// A user receive: where the data goes and what came.
struct RecvReq {
    call: &'static str,
    buf: *mut u8,
    capacity: usize,
    elem: usize,
    comm: u32,
    done: Option<Result<Status, MpiError>>,
    /// How a matched large message comes, and the status it completes with
    /// (boxed: rare, and requests are moved on every message's path).
    pull: Option<Box<(rendezvous::Pull, Status)>>,
}

impl RecvReq {
    /// A receive as `call` on `comm` into `buf` (`capacity` bytes of
    /// `elem`-byte elements), nothing matched yet.
    fn new(call: &'static str, comm: u32, buf: *mut u8, capacity: usize, elem: usize) -> RecvReq {
        RecvReq {
            call,
            buf,
            capacity,
            elem: elem.max(1),
            comm,
            done: None,
            pull: None,
        }
    }
}

enum Req {
    /// A send (eager: complete when started).
    Sent(Status),
    /// A send by rendezvous (boxed, as `RecvReq::pull`).
    Large(Box<rendezvous::LargeSend>),
    Recv(RecvReq),
    Coll(Box<Schedule>),
    /// Freed by the user before completing; finishes in the background.
    Detached(Box<Schedule>),
    /// A request its rank completes itself (MPI's generalized requests):
    /// its status once it has.
    User(Option<Status>),
}

/// A multiplicative hasher for the engine's small integer keys (ranks,
/// sequence numbers): these maps are on every message's path, where
/// SipHash cost ~15% of a one-PE ping-pong.
#[derive(Default, Clone, Copy)]
pub struct RankHasher(u64);

impl RankHasher {
    fn add(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for RankHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
}

/// A hash map keyed by ranks (and sequence numbers).
pub type RankMap<K, V> = HashMap<K, V, BuildHasherDefault<RankHasher>>;

/// One rank's MPI state.
pub struct Engine {
    me: u32,
    size: u32,
    next_seq: seq::Seqs,
    expect_seq: seq::Seqs,
    held: RankMap<(u32, u64), Packet>,
    unexpected: Unexpected,
    /// Messages taken out of matching by a matched probe, by sender and
    /// sequence number, with their communicator (`claim.rs`).
    claimed: RankMap<(u32, u64), (u32, Packet)>,
    posted: Vec<Posted>,
    reqs: Vec<Option<Req>>,
    free: Vec<u32>,
    comms: Vec<Option<CommInfo>>,
    next_ctx: u32,
    /// Communicators this rank has led a non-blocking duplication of
    /// (`Engine::idup_context`).
    idups: u32,
    /// Bytes held in unexpected and out-of-order messages.
    buffered: usize,
    /// Large messages in progress.
    rdv: rendezvous::Rendezvous,
    /// Handlers of active contexts, by context (`active.rs`).
    active: RankMap<u32, active::Registered>,
    /// The requests this rank, blocked in a multi-request wait, waits
    /// for all of (`gate.rs`).
    gate: gate::Gate,
}

/// A snapshot of a rank's matching: [`Engine::queues`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Queues {
    /// Messages arrived and not yet matched by a receive.
    pub unexpected: usize,
    /// Receives posted and not yet matched by a message.
    pub posted: usize,
    /// Bytes of the messages held unmatched or out of order.
    pub buffered_bytes: usize,
    /// Messages sent to other ranks (collectives' included).
    pub sent: u64,
    /// Messages taken in from other ranks, in each sender's order
    /// (matched or not).
    pub received: u64,
}

/// Contexts each communicator takes: `ctx` (point to point), `ctx + 1`
/// (collectives' messages), `ctx + 2` ([`Engine::internal_comm`]).
pub const CONTEXTS: u32 = 3;

/// The handle of `WORLD` in every engine.
pub const WORLD: u32 = 0;

impl Engine {
    /// The engine of rank `me` of `size`.
    pub fn new(me: u32, size: u32) -> Engine {
        Engine {
            me,
            size,
            next_seq: seq::Seqs::default(),
            expect_seq: seq::Seqs::default(),
            held: RankMap::default(),
            unexpected: Unexpected::default(),
            claimed: RankMap::default(),
            posted: Vec::new(),
            reqs: Vec::new(),
            free: Vec::new(),
            comms: vec![Some(CommInfo::world(me, size))],
            next_ctx: CONTEXTS,
            idups: 0,
            buffered: 0,
            rdv: rendezvous::Rendezvous::default(),
            active: RankMap::default(),
            gate: gate::Gate::default(),
        }
    }

    /// This rank in `WORLD`.
    pub fn world_rank(&self) -> u32 {
        self.me
    }

    /// Number of ranks in `WORLD`.
    pub fn world_size(&self) -> u32 {
        self.size
    }

    /// Bytes of messages received but not yet matched.
    pub fn buffered_bytes(&self) -> usize {
        self.buffered
    }

    /// What this rank's matching holds and has passed so far (for tools:
    /// the C binding's `MPI_T` performance variables).
    pub fn queues(&self) -> Queues {
        Queues {
            unexpected: self.unexpected.len(),
            posted: self.posted.len(),
            buffered_bytes: self.buffered,
            sent: self.next_seq.total(),
            received: self.expect_seq.total(),
        }
    }

    /// Requests not yet completed or freed.
    pub fn live_requests(&self) -> usize {
        self.reqs.iter().filter(|r| r.is_some()).count()
    }

    // ---- communicators ----

    /// The communicator behind handle `comm`.
    pub fn comm(&self, call: &'static str, comm: u32) -> Result<&CommInfo, MpiError> {
        self.comms
            .get(comm as usize)
            .and_then(Option::as_ref)
            .ok_or(MpiError::InvalidHandle { call, handle: comm })
    }

    fn comm_mut(&mut self, call: &'static str, comm: u32) -> Result<&mut CommInfo, MpiError> {
        self.comms
            .get_mut(comm as usize)
            .and_then(Option::as_mut)
            .ok_or(MpiError::InvalidHandle { call, handle: comm })
    }

    /// The first context this rank has not used yet (agreed on with an allreduce-max).
    pub fn next_context(&self) -> u32 {
        self.next_ctx
    }

    /// Marks the contexts of a communicator at `ctx` (`ctx` up to
    /// `ctx + CONTEXTS - 1`) as used.
    pub fn reserve_context(&mut self, ctx: u32) {
        self.next_ctx = self.next_ctx.max(ctx + CONTEXTS);
    }

    /// A context for a communicator this rank leads the non-blocking
    /// duplication of, which no other rank gives out: the upper half of
    /// the contexts, numbered by leader and by the leader's count of them.
    /// (An agreement like `next_context`'s could pick a context this rank
    /// gives another communicator before it completes.) `None` once they
    /// run out.
    pub fn idup_context(&mut self) -> Option<u32> {
        let n = u64::from(self.idups) * u64::from(self.size) + u64::from(self.me);
        let ctx = (1u64 << 31) + n * u64::from(CONTEXTS);
        let ctx = u32::try_from(ctx)
            .ok()
            .filter(|c| c.checked_add(CONTEXTS).is_some())?;
        self.idups += 1;
        Some(ctx)
    }

    /// Adds a communicator of `ranks` whose context a running plan sets
    /// (`Plan::context_of`); returns its handle.
    pub fn add_comm_unset(&mut self, ranks: Vec<u32>) -> u32 {
        self.comms
            .push(Some(CommInfo::new(u32::MAX - CONTEXTS, ranks, self.me)));
        self.comms.len() as u32 - 1
    }

    /// Adds an intercommunicator between `local` and `remote` whose
    /// context a running plan sets (`Plan::context_of`); returns its handle.
    pub fn add_intercomm_unset(&mut self, local: Vec<u32>, remote: Vec<u32>) -> u32 {
        let info = CommInfo::inter(u32::MAX - CONTEXTS, local, remote, self.me);
        self.comms.push(Some(info));
        self.comms.len() as u32 - 1
    }

    /// Adds a communicator of `ranks` (WORLD ranks, in order) with context
    /// `ctx` (and the two after it); returns its handle.
    pub fn add_comm(&mut self, ctx: u32, ranks: Vec<u32>) -> u32 {
        self.reserve_context(ctx);
        self.comms.push(Some(CommInfo::new(ctx, ranks, self.me)));
        self.comms.len() as u32 - 1
    }

    /// Adds an intercommunicator between `local` and `remote` (`WORLD`
    /// ranks in rank order, this rank in `local`) with context `ctx` (and
    /// the two after it); returns its handle.
    pub fn add_intercomm(&mut self, ctx: u32, local: Vec<u32>, remote: Vec<u32>) -> u32 {
        self.reserve_context(ctx);
        let info = CommInfo::inter(ctx, local, remote, self.me);
        self.comms.push(Some(info));
        self.comms.len() as u32 - 1
    }

    /// Adds a communicator of `comm`'s members on `comm`'s third context
    /// (`ctx + 2`), for point-to-point messages that no message of `comm`
    /// matches: collectives a library builds from sends and receives. The
    /// same on every member without a word between them; returns its handle.
    pub fn internal_comm(&mut self, call: &'static str, comm: u32) -> Result<u32, MpiError> {
        let info = self.comm(call, comm)?;
        let info = info.on_context(info.ctx + 2);
        self.comms.push(Some(info));
        Ok(self.comms.len() as u32 - 1)
    }

    /// Frees communicator `comm` (not `WORLD`).
    pub fn free_comm(&mut self, comm: u32) -> Result<(), MpiError> {
        self.comm("comm_free", comm)?;
        if comm == WORLD {
            return Err(MpiError::InvalidHandle {
                call: "comm_free",
                handle: comm,
            });
        }
        if let Some(c) = self.comms[comm as usize].take() {
            self.active.remove(&c.ctx);
        }
        Ok(())
    }

    fn world_of(&self, call: &'static str, comm: u32, rank: i32) -> Result<u32, MpiError> {
        let c = self.comm(call, comm)?;
        if rank < 0 || rank as u32 >= c.peer_size() {
            return Err(MpiError::InvalidRank {
                call,
                rank,
                size: c.peer_size(),
            });
        }
        Ok(c.peer_world(rank as u32))
    }

    // ---- requests ----

    // Always inlined, so that a request can be built where it goes:
    // built by the caller and moved in, it was read back in 16-byte pieces
    // from stores of other widths (a store-forwarding stall each receive).
    #[inline(always)]
    /// A request this rank completes itself ([`Engine::complete_user`]).
    pub fn user_request(&mut self) -> u32 {
        self.alloc(Req::User(None))
    }

    /// Completes user request `h` with an empty status (once).
    pub fn complete_user(&mut self, call: &'static str, h: u32) -> Result<(), MpiError> {
        match self.reqs.get_mut(h as usize) {
            Some(Some(Req::User(s @ None))) => {
                *s = Some(Status::default());
                Ok(())
            }
            _ => Err(MpiError::InvalidHandle { call, handle: h }),
        }
    }

    fn alloc(&mut self, req: Req) -> u32 {
        match self.free.pop() {
            Some(h) => {
                self.reqs[h as usize] = Some(req);
                h
            }
            None => {
                self.reqs.push(Some(req));
                self.reqs.len() as u32 - 1
            }
        }
    }

    fn release(&mut self, h: u32) {
        self.reqs[h as usize] = None;
        self.free.push(h);
    }

    // ---- point to point ----

    /// Sends a copy of `data` to `dest` of `comm` with `tag` (eager).
    pub fn send(
        &mut self,
        net: &mut dyn Net,
        call: &'static str,
        comm: u32,
        dest: i32,
        tag: i32,
        data: &[u8],
    ) -> Result<(), MpiError> {
        let (to, ctx) = self.route(call, comm, dest, tag)?;
        self.post_packet(net, to, ctx, tag, data);
        Ok(())
    }

    /// The `WORLD` rank and the context of a send to `dest` of `comm`
    /// with `tag`, or why there can be none.
    fn route(
        &self,
        call: &'static str,
        comm: u32,
        dest: i32,
        tag: i32,
    ) -> Result<(u32, u32), MpiError> {
        if tag < 0 {
            return Err(MpiError::InvalidTag { call, tag });
        }
        let to = self.world_of(call, comm, dest)?;
        Ok((to, self.comm(call, comm)?.ctx))
    }

    /// A send request that is already complete (for `isend`).
    pub fn sent_request(&mut self, bytes: usize) -> u32 {
        self.alloc(Req::Sent(Status {
            source: self.me as i32,
            tag: 0,
            count: bytes,
            bytes,
        }))
    }

    /// The sequence number of the next message to `to`.
    #[inline]
    fn take_seq(&mut self, to: u32) -> u64 {
        let seq = self.next_seq.at(to);
        *seq += 1;
        *seq - 1
    }

    #[inline]
    fn post_packet(&mut self, net: &mut dyn Net, to: u32, ctx: u32, tag: i32, data: &[u8]) {
        let seq = self.take_seq(to);
        // The packet's payload is never in the rank's isomalloc slot.
        net.send_bytes(to, (self.me, seq), ctx, tag, data);
    }

    /// [`Engine::post_packet`] of bytes already in a payload (a
    /// collective's shared buffer, sent without a copy).
    fn post_payload(&mut self, net: &mut dyn Net, to: u32, ctx: u32, tag: i32, data: Payload) {
        let packet = Packet {
            src: self.me,
            seq: self.take_seq(to),
            ctx,
            tag,
            data,
            large: false,
        };
        net.send(to, packet);
    }

    fn matcher(
        &self,
        call: &'static str,
        comm: u32,
        src: i32,
        tag: i32,
    ) -> Result<(u32, Option<u32>, Option<i32>), MpiError> {
        let ctx = self.comm(call, comm)?.ctx;
        let src = if src == ANY_SOURCE {
            None
        } else {
            Some(self.world_of(call, comm, src)?)
        };
        let tag = match tag {
            ANY_TAG => None,
            t if t < 0 => return Err(MpiError::InvalidTag { call, tag }),
            t => Some(t),
        };
        Ok((ctx, src, tag))
    }

    /// Posts a receive into `buf` (`capacity` bytes of `elem`-byte elements);
    /// completes at once if a matching message is waiting.
    ///
    /// # Safety
    /// `buf` must stay valid for writes of `capacity` bytes, and untouched by
    /// anything else, until the request completes or is cancelled.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn irecv(
        &mut self,
        call: &'static str,
        comm: u32,
        src: i32,
        tag: i32,
        buf: *mut u8,
        capacity: usize,
        elem: usize,
    ) -> Result<u32, MpiError> {
        let (ctx, src, tag) = self.matcher(call, comm, src, tag)?;
        let posted = Posted {
            ctx,
            src,
            tag,
            target: Target::User(0),
        };
        let h = self.alloc(Req::Recv(RecvReq::new(call, comm, buf, capacity, elem)));
        match self.unexpected.take_matching(&posted) {
            Some(p) => {
                self.buffered -= p.data.len();
                self.fill(h, &p);
                p.data.recycle();
            }
            None => self.posted.push(Posted {
                target: Target::User(h),
                ..posted
            }),
        }
        Ok(h)
    }

    /// Completes user receive `h` with packet `p` (a large one is pulled
    /// by the next [`Engine::rendezvous`]).
    fn fill(&mut self, h: u32, p: &Packet) {
        let Some(Some(Req::Recv(r))) = self.reqs.get_mut(h as usize) else {
            return;
        };
        // `WORLD` (never freed) numbers its ranks as `WORLD` does: no look-up
        // of its entry and map (cold lines, on every message's path).
        let source = match r.comm {
            WORLD => p.src,
            c => self.comms[c as usize]
                .as_ref()
                .map_or(p.src, |c| c.peer_rank_of(p.src)),
        } as i32;
        let bytes = p.bytes();
        let status = Status {
            source,
            tag: p.tag,
            count: bytes / r.elem,
            bytes,
        };
        if bytes > r.capacity {
            r.done = Some(Err(MpiError::Truncated {
                call: r.call,
                bytes,
                capacity: r.capacity,
                sender: source,
                tag: p.tag,
            }));
            if let Some(large) = p.announced() {
                self.refused_large(p, large);
            }
            return;
        }
        if let Some(large) = p.announced() {
            return self.matched_large(h, p, large, status);
        }
        // SAFETY: the caller of `irecv` keeps `buf` valid and exclusive for
        // `capacity` bytes until the request completes.
        unsafe { std::ptr::copy_nonoverlapping(p.data.as_ptr(), r.buf, bytes) };
        r.done = Some(Ok(status));
    }

    /// A matching waiting message's status, without receiving it.
    pub fn iprobe(
        &self,
        call: &'static str,
        comm: u32,
        src: i32,
        tag: i32,
    ) -> Result<Option<Status>, MpiError> {
        let found = self.waiting(call, comm, src, tag)?;
        let c = self.comm(call, comm)?;
        Ok(found.map(|at| probed(c, self.unexpected.get(at))))
    }

    /// Where the first waiting message matching `src`/`tag` on `comm` is.
    fn waiting(
        &self,
        call: &'static str,
        comm: u32,
        src: i32,
        tag: i32,
    ) -> Result<Option<At>, MpiError> {
        let (ctx, src, tag) = self.matcher(call, comm, src, tag)?;
        let m = Posted {
            ctx,
            src,
            tag,
            target: Target::User(0),
        };
        Ok(self.unexpected.find(&m))
    }

    /// Copies every message this engine holds (out of order, unexpected, or
    /// taken into a collective's buffer) that lies outside the memory it
    /// allocates from now: with isomalloc, run in the rank's slot before the
    /// slot is copied, so that the copy holds everything the rank owns.
    pub fn rehome(&mut self) {
        let outside = |p: *const u8| !crate::iso::in_slot(p);
        // A `Bulk` made here has its header and its bytes here (inline
        // bytes are in the packet, which is here already).
        let claimed = self.claimed.values_mut().map(|(_, p)| p);
        let packets = self.held.values_mut().chain(self.unexpected.iter_mut());
        let packets = packets.chain(claimed);
        for p in packets {
            if let Some(b) = p.data.shared().filter(|b| outside(b.header_ptr())) {
                p.data = Payload::Shared(Bulk::new(b.to_vec()));
            }
        }
        for (_, _, b) in self.rdv.early.iter_mut() {
            if outside(b.header_ptr()) {
                *b = Bulk::new(b.to_vec());
            }
        }
        for req in self.reqs.iter_mut().flatten() {
            if let Req::Coll(s) | Req::Detached(s) = req {
                // An empty vector owns no allocation; a shared buffer's
                // bytes (outside the slot) become the plan's own, here.
                for b in s
                    .plan
                    .bufs
                    .iter_mut()
                    .filter(|b| !b.is_empty() && outside(b.as_ptr()))
                {
                    *b = Buf::Own(b.to_vec());
                }
            }
        }
    }

    /// Takes in a packet from the network: in send order per sender, it
    /// completes the first matching posted receive or waits as unexpected.
    pub fn on_packet(&mut self, net: &mut dyn Net, mut p: Packet) {
        if p.large {
            self.take_early(&mut p);
        }
        let expect = self.expect_seq.at(p.src);
        if p.seq != *expect {
            self.buffered += p.data.len();
            self.held.insert((p.src, p.seq), p);
            return;
        }
        *expect += 1;
        let src = p.src;
        self.deliver(net, p);
        while !self.held.is_empty() {
            let next = self.expect_seq.get(src);
            let Some(p) = self.held.remove(&(src, next)) else {
                break;
            };
            self.buffered -= p.data.len();
            *self.expect_seq.at(src) += 1;
            self.deliver(net, p);
        }
    }

    fn deliver(&mut self, net: &mut dyn Net, p: Packet) {
        let p = match self.active.is_empty() {
            true => p,
            false => match self.run_active(net, p) {
                Some(p) => p,
                None => return,
            },
        };
        match self.posted.iter().position(|r| r.matches(&p)) {
            Some(i) => match self.posted.remove(i).target {
                Target::User(h) => {
                    self.fill(h, &p);
                    p.data.recycle();
                }
                Target::Sched { req, slot } => self.sched_arrived(net, req, slot, p.data.into()),
            },
            None => {
                self.buffered += p.data.len();
                self.unexpected.push(p);
            }
        }
    }

    /// Completion of request `h` without blocking: `Some` (and `h` is freed) once done.
    pub fn test(&mut self, call: &'static str, h: u32) -> Result<Option<Status>, MpiError> {
        let done = match self.reqs.get_mut(h as usize) {
            Some(Some(Req::Sent(s))) => Some(Ok(*s)),
            Some(Some(Req::User(s))) => s.map(Ok),
            Some(Some(Req::Large(s))) => s.completed(self.me).map(Ok),
            Some(Some(Req::Recv(r))) => r.done.take(),
            Some(Some(Req::Coll(s))) if s.finished => Some(s.deliver().map(|()| Status::default())),
            Some(Some(Req::Coll(_))) => None,
            _ => return Err(MpiError::InvalidHandle { call, handle: h }),
        };
        match done {
            Some(result) => {
                self.release(h);
                result.map(Some)
            }
            None => Ok(None),
        }
    }

    /// Frees request `h` before it completed: a receive is withdrawn, a
    /// collective finishes in the background without touching user memory.
    pub fn cancel(&mut self, h: u32) {
        self.end_transfer(h);
        match self.reqs.get_mut(h as usize).and_then(Option::take) {
            // Its answer is still to come (and its handle must not be
            // reused before): it is released when the bytes are taken.
            Some(Req::Large(mut s)) if s.completed(self.me).is_none() => {
                s.detached = true;
                self.reqs[h as usize] = Some(Req::Large(s));
            }
            Some(Req::Recv(_)) => {
                self.posted.retain(|p| p.target != Target::User(h));
                self.free.push(h);
            }
            Some(Req::Coll(mut s)) if !s.finished => {
                s.out = None;
                self.reqs[h as usize] = Some(Req::Detached(s));
            }
            Some(Req::Detached(s)) => self.reqs[h as usize] = Some(Req::Detached(s)),
            Some(_) => self.free.push(h),
            None => {}
        }
    }

    // ---- collectives ----

    /// Starts collective `plan` on `comm`; returns its request. The result
    /// (if any) is copied to `out` (`len` bytes) when it completes.
    ///
    /// # Safety
    /// `out` must stay valid for writes of `len` bytes, and untouched by
    /// anything else, until the request completes or is cancelled.
    pub unsafe fn start(
        &mut self,
        net: &mut dyn Net,
        call: &'static str,
        comm: u32,
        plan: Plan,
        out: Option<(*mut u8, usize)>,
    ) -> Result<u32, MpiError> {
        let c = self.comm_mut(call, comm)?;
        if c.is_inter() != plan.inter {
            return Err(MpiError::CommKind {
                call,
                comm,
                inter: c.is_inter(),
            });
        }
        let tag = c.next_coll_tag();
        let s = Schedule {
            plan,
            call,
            comm,
            tag,
            round: 0,
            started: false,
            waiting: 0,
            out,
            error: None,
            finished: false,
        };
        let h = self.alloc(Req::Coll(Box::new(s)));
        self.advance(net, h);
        Ok(h)
    }

    fn sched_arrived(&mut self, net: &mut dyn Net, req: u32, slot: usize, data: Buf) {
        if let Some(Some(Req::Coll(s) | Req::Detached(s))) = self.reqs.get_mut(req as usize) {
            s.plan.bufs[slot] = data;
            s.waiting -= 1;
            if s.waiting == 0 {
                self.advance(net, req);
            }
        }
    }

    /// Moves schedule `h` forward as far as its arrived messages allow.
    fn advance(&mut self, net: &mut dyn Net, h: u32) {
        let (mut s, detached) = match self.reqs[h as usize].take() {
            Some(Req::Coll(s)) => (s, false),
            Some(Req::Detached(s)) => (s, true),
            other => {
                self.reqs[h as usize] = other;
                return;
            }
        };
        let Some(comm) = self.comms.get(s.comm as usize).and_then(Option::clone) else {
            s.error = Some(MpiError::InvalidHandle {
                call: s.call,
                handle: s.comm,
            });
            s.finished = true;
            self.reqs[h as usize] = Some(Req::Coll(s));
            return;
        };
        while s.round < s.plan.rounds.len() {
            if !s.started {
                s.started = true;
                let sends = std::mem::take(&mut s.plan.rounds[s.round].sends);
                for (to, b, range) in sends {
                    let len = s.plan.bufs[b].len();
                    let range = range.unwrap_or(0..len);
                    // Shorter: the ranks passed counts that do not agree
                    // (an intercommunicator's groups, different totals).
                    if range.end > len {
                        s.fail(format!("{} bytes to send, {len} at hand", range.end));
                        continue;
                    }
                    let to = comm.coll_world(to);
                    if range.len() == len {
                        let data = s.plan.bufs[b].payload();
                        self.post_payload(net, to, comm.coll_ctx, s.tag, data);
                    } else {
                        let data = &s.plan.bufs[b][range];
                        self.post_packet(net, to, comm.coll_ctx, s.tag, data);
                    }
                }
                let recvs = std::mem::take(&mut s.plan.rounds[s.round].recvs);
                for (from, slot) in recvs {
                    let posted = Posted {
                        ctx: comm.coll_ctx,
                        src: Some(comm.coll_world(from)),
                        tag: Some(s.tag),
                        target: Target::Sched { req: h, slot },
                    };
                    match self.unexpected.take_matching(&posted) {
                        Some(p) => {
                            self.buffered -= p.data.len();
                            s.plan.bufs[slot] = p.data.into();
                        }
                        None => {
                            s.waiting += 1;
                            self.posted.push(posted);
                        }
                    }
                }
            }
            if s.waiting > 0 {
                break;
            }
            s.run_locals();
            s.round += 1;
            s.started = false;
        }
        s.finished = s.round == s.plan.rounds.len();
        if s.finished {
            self.set_context(&mut s);
        }
        if detached && s.finished {
            self.release(h);
        } else if detached {
            self.reqs[h as usize] = Some(Req::Detached(s));
        } else {
            self.reqs[h as usize] = Some(Req::Coll(s));
        }
    }
}

impl Engine {
    /// Gives the communicator of finished plan `s`'s `context_of` its
    /// context, the plan's result.
    fn set_context(&mut self, s: &mut Schedule) {
        let Some(comm) = s.plan.context_of.take() else {
            return;
        };
        let result = s.plan.out.and_then(|b| s.plan.bufs[b].get(..4));
        let Some(ctx) = result.map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes"))) else {
            s.error = Some(MpiError::Count {
                call: s.call,
                what: "the new communicator's context did not arrive".into(),
            });
            return;
        };
        if let Some(Some(c)) = self.comms.get_mut(comm as usize) {
            c.ctx = ctx;
            c.coll_ctx = ctx + 1;
        }
    }
}

/// What a probe reports of waiting message `p` on communicator `c`
/// (count in bytes).
fn probed(c: &CommInfo, p: &Packet) -> Status {
    Status {
        source: c.peer_rank_of(p.src) as i32,
        tag: p.tag,
        count: p.bytes(),
        bytes: p.bytes(),
    }
}

#[cfg(test)]
mod tests;
