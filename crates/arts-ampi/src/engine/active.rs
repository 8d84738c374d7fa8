//! Active contexts: a communicator whose messages are handed to a handler
//! the moment they arrive, in send order per sender, whether or not the
//! rank runs (it may be suspended in any call, or computing on another
//! PE's turn). One-sided communication's passive target needs this: an
//! origin's `MPI_Win_lock`, `MPI_Put` and `MPI_Win_unlock` must complete
//! while the target waits in a barrier or a receive of its own.
//!
//! A handler runs on the rank's PE between two of its VPs' turns, so it
//! never runs beside the rank's own code: what it touches of the rank's
//! memory is not being used. Its replies are ordinary messages on the
//! communicator it names, which the origin receives as usual.

use super::{Engine, Net, Packet};

/// What a handler may send back: `(WORLD rank, tag, bytes)` on the reply
/// context its registration names.
pub type Replies = Vec<(u32, i32, Vec<u8>)>;

/// The handler of an active context.
pub trait Active: Send {
    /// Takes one message from `src` (a `WORLD` rank), sending replies
    /// through `replies`.
    fn arrived(&mut self, src: u32, tag: i32, data: &[u8], replies: &mut Replies);
}

/// A registered handler and the context its replies go on.
pub(super) struct Registered {
    handler: Box<dyn Active>,
    reply_ctx: u32,
}

impl Engine {
    /// Hands every message that arrives on `comm`'s point-to-point context
    /// to `handler` instead of matching it; replies go on `reply_comm`'s.
    /// Freeing `comm` drops the handler.
    pub fn set_active(
        &mut self,
        comm: u32,
        reply_comm: u32,
        handler: Box<dyn Active>,
    ) -> Result<(), crate::MpiError> {
        let ctx = self.comm("set_active", comm)?.ctx;
        let reply_ctx = self.comm("set_active", reply_comm)?.ctx;
        self.active.insert(ctx, Registered { handler, reply_ctx });
        Ok(())
    }

    /// Runs the handler of `p`'s context, if it has one (`p` is consumed),
    /// and sends its replies; otherwise gives `p` back.
    pub(super) fn run_active(&mut self, net: &mut dyn Net, p: Packet) -> Option<Packet> {
        let Some(mut reg) = self.active.remove(&p.ctx) else {
            return Some(p);
        };
        let mut replies = Replies::new();
        reg.handler.arrived(p.src, p.tag, &p.data, &mut replies);
        let reply_ctx = reg.reply_ctx;
        self.active.insert(p.ctx, reg);
        for (to, tag, data) in replies {
            self.post_packet(net, to, reply_ctx, tag, &data);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Outbox;

    /// Counts what it gets and answers each message with its length.
    struct Echo;

    impl Active for Echo {
        fn arrived(&mut self, src: u32, tag: i32, data: &[u8], replies: &mut Replies) {
            replies.push((src, tag + 1, vec![data.len() as u8]));
        }
    }

    #[test]
    fn an_active_context_answers_without_a_posted_receive_and_others_match_as_before() {
        let (mut a, mut b) = (Engine::new(0, 2), Engine::new(1, 2));
        let ctx = b.next_context();
        // Both engines know the same two communicators (as a dup makes them).
        for e in [&mut a, &mut b] {
            e.reserve_context(ctx);
            e.reserve_context(ctx + 2);
        }
        let (active_a, reply_a) = (a.add_comm(ctx, vec![0, 1]), a.add_comm(ctx + 2, vec![0, 1]));
        let (active_b, reply_b) = (b.add_comm(ctx, vec![0, 1]), b.add_comm(ctx + 2, vec![0, 1]));
        b.set_active(active_b, reply_b, Box::new(Echo)).unwrap();
        let mut net = Outbox::default();
        a.send(&mut net, "test", active_a, 1, 4, &[1, 2, 3])
            .unwrap();
        a.send(&mut net, "test", reply_a, 1, 9, &[7]).unwrap();
        let sent = std::mem::take(&mut net.0);
        for (to, p) in sent {
            assert_eq!(to, 1);
            b.on_packet(&mut net, p);
        }
        // The active message was answered on the reply context, tag 5.
        let (to, reply) = net.0.pop().expect("one reply");
        assert_eq!((to, reply.tag, &reply.data[..]), (0, 5, &[3u8][..]));
        assert_eq!(reply.ctx, a.comm("test", reply_a).unwrap().ctx);
        // The other message waits to be matched as usual.
        assert!(b.iprobe("test", reply_b, 0, 9).unwrap().is_some());
        b.free_comm(active_b).unwrap();
        a.send(&mut net, "test", active_a, 1, 4, &[1]).unwrap();
        let (_, p) = net.0.pop().unwrap();
        b.on_packet(&mut net, p);
        assert!(
            net.0.is_empty(),
            "no handler once its communicator is freed"
        );
    }
}
