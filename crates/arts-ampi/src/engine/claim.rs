//! Matched probes and cancelled receives. A matched probe (MPI's
//! `MPI_Mprobe`) takes a waiting message out of matching, so that only the
//! receive naming it (`MPI_Mrecv`) gets it, whatever other receives with
//! wildcards are posted in between. A cancelled receive (`MPI_Cancel`) is
//! withdrawn if no message has matched it yet, and completes saying so.
//!
//! A claimed message stays counted in `buffered` and is seen by the
//! rendezvous protocol as an unmatched one (its bytes may still be pushed
//! or asked for) until it is received.

use super::{Engine, RecvReq, Req, Status, Target, probed};
use crate::error::MpiError;

/// A message a matched probe took out of matching, for one receive
/// ([`Engine::mrecv`]): its sender's `WORLD` rank and sequence number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claimed {
    src: u32,
    seq: u64,
}

impl Engine {
    /// Takes the first waiting message matching `src`/`tag` on `comm` out
    /// of matching: its status (count in bytes) and what receives it.
    /// `None` if no such message is waiting.
    pub fn improbe(
        &mut self,
        call: &'static str,
        comm: u32,
        src: i32,
        tag: i32,
    ) -> Result<Option<(Claimed, Status)>, MpiError> {
        let Some(at) = self.waiting(call, comm, src, tag)? else {
            return Ok(None);
        };
        let p = self.unexpected.take(at);
        let status = probed(self.comm(call, comm)?, &p);
        let id = Claimed {
            src: p.src,
            seq: p.seq,
        };
        self.claimed.insert((p.src, p.seq), (comm, p));
        Ok(Some((id, status)))
    }

    /// Receives claimed message `msg` into `buf` (`capacity` bytes of
    /// `elem`-byte elements); returns the request, complete at once unless
    /// the message is large (pulled by the next [`Engine::rendezvous`]).
    ///
    /// # Safety
    /// As for [`Engine::irecv`].
    pub unsafe fn mrecv(
        &mut self,
        call: &'static str,
        msg: Claimed,
        buf: *mut u8,
        capacity: usize,
        elem: usize,
    ) -> Result<u32, MpiError> {
        let (comm, p) =
            self.claimed
                .remove(&(msg.src, msg.seq))
                .ok_or(MpiError::InvalidHandle {
                    call,
                    handle: msg.seq as u32,
                })?;
        self.buffered -= p.data.len();
        let h = self.alloc(Req::Recv(RecvReq::new(call, comm, buf, capacity, elem)));
        self.fill(h, &p);
        p.data.recycle();
        Ok(h)
    }

    /// Cancels receive `h` if no message has matched it yet: it is
    /// withdrawn and completes (wait/test) with [`Status::CANCELLED`]. A matched receive, a send or a collective
    /// completes as it would have.
    pub fn cancel_recv(&mut self, h: u32) {
        let Some(i) = self.posted.iter().position(|p| p.target == Target::User(h)) else {
            return;
        };
        self.posted.remove(i);
        if let Some(Some(Req::Recv(r))) = self.reqs.get_mut(h as usize) {
            r.done = Some(Ok(Status::CANCELLED));
        }
    }
}
