//! One node's router: what each event does. The protocol, and why it neither
//! loses packets nor deadlocks, is in `README.md` beside this file.
//!
//! Every state change goes through `Words::set` (logged for rollback); the
//! handler is a deterministic function of the node state and the event, so
//! every engine computes the same schedule.

use crate::model::EventCtx;

use super::msg::{ESCAPE_VC, Kind, TorusMsg, VCS};
use super::state::{
    BLOCKED, COUNT, ESC_HOPS, INJ, LAST, Layout, MSG_LAT, MSGS, NodeState, QUEUES, RR, SOURCES,
    TRANSIT, TorusUndo, WAIT, WAKE, Words,
};
use super::topology::{DIRS, opposite};
use super::{NetMsg, Torus};

/// Where a packet will go: output link, virtual channel, buffer slot of
/// that channel's downstream buffer, and the time it starts on the link.
#[derive(Clone, Copy, Debug)]
struct Choice {
    o: usize,
    vc: usize,
    slot: usize,
    start: u64,
}

struct Router<'a, 'c> {
    m: &'a Torus,
    l: Layout,
    ws: Words<'a>,
    ctx: &'a mut EventCtx<'c, TorusMsg>,
    me: u32,
    now: u64,
    /// Earliest time a self-credited token comes back that a blocked
    /// packet waits for (`u64::MAX`: none).
    wake_need: u64,
    /// What the last failed `route` waited for: productive directions and
    /// the escape direction.
    failed: (u8, usize),
}

/// Handles one event on node `ctx.lp()`.
pub(super) fn handle(
    m: &Torus,
    s: &mut NodeState,
    msg: &TorusMsg,
    undo: &mut TorusUndo,
    ctx: &mut EventCtx<'_, TorusMsg>,
) {
    let now = ctx.now() as u64;
    let me = ctx.lp();
    let mut r = Router {
        m,
        l: m.layout,
        ws: Words::new(&mut s.w, undo),
        ctx,
        me,
        now,
        wake_need: u64::MAX,
        failed: (0, 0),
    };
    match msg.kind() {
        Kind::Inject => r.inject(msg.port()),
        Kind::Arrive => r.arrive(*msg),
        Kind::Deliver => r.deliver(msg),
        Kind::Token => {
            r.token(msg);
            r.retry(Some((msg.port(), msg.vc())));
        }
        Kind::Wake => {
            if r.ws.get(WAKE) == now {
                r.ws.set(WAKE, 0);
            }
            r.retry(None);
        }
    }
    r.schedule_wake();
}

impl Router<'_, '_> {
    #[inline]
    fn send(&mut self, dst: u32, at: u64, msg: TorusMsg) {
        debug_assert!(at > self.now);
        self.ctx.send(dst, (at - self.now) as f64, msg);
    }

    #[inline]
    fn ser(&self, chunks: u32) -> u64 {
        chunks as u64 * self.m.chunk_ps
    }

    /// Picks an output for a packet to `dst` that arrived on input
    /// `(port, vc)` (`None`: from an injection FIFO), or `None` if blocked.
    ///
    /// Adaptive first: among the productive directions, the adaptive VC with
    /// the most tokens (slots whose token is back by the time the link is
    /// free), ties to the link free earliest, then the lowest direction/VC.
    /// Only if no adaptive VC has a token: the escape VC of the
    /// dimension-order direction, with the bubble rule (a packet entering
    /// the escape ring of a direction needs two free slots, one continuing
    /// in it needs one).
    fn route(&mut self, dst: u32, from: Option<(usize, usize)>) -> Option<Choice> {
        let mut best: Option<(usize, Choice)> = None;
        let mut soon = u64::MAX;
        let productive = self.m.topo.productive(self.me, dst);
        let mut bits = productive;
        while bits != 0 {
            let o = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let t = self.now.max(self.ws.get(self.l.busy(o)));
            for vc in 0..ESCAPE_VC {
                let (free, first) = self.free_slots(self.l.slot0(o, vc), t, &mut soon);
                let better = match &best {
                    None => free > 0,
                    Some((bf, c)) => free > *bf || (free == *bf && free > 0 && t < c.start),
                };
                if better {
                    best = Some((
                        free,
                        Choice {
                            o,
                            vc,
                            slot: first,
                            start: t,
                        },
                    ));
                }
            }
        }
        if let Some((_, c)) = best {
            return Some(c);
        }
        // A packet is never routed at its destination (a sender sends
        // Deliver for the last hop); should a speculative state of the
        // optimistic engine ever get here, it stays blocked until rolled back.
        let e = self.m.topo.dimension_order(self.me, dst)?;
        let t = self.now.max(self.ws.get(self.l.busy(e)));
        let need = if from == Some((e, ESCAPE_VC)) { 1 } else { 2 };
        let (free, first) = self.free_slots(self.l.slot0(e, ESCAPE_VC), t, &mut soon);
        if free >= need {
            return Some(Choice {
                o: e,
                vc: ESCAPE_VC,
                slot: first,
                start: t,
            });
        }
        self.wake_need = self.wake_need.min(soon);
        self.failed = (productive, e);
        None
    }

    /// Counts the slots of one VC (first slot word at `base`) whose token is
    /// back by `t`; returns the count and the lowest such slot, and lowers
    /// `soon` to the earliest known later return.
    #[inline]
    fn free_slots(&self, base: usize, t: u64, soon: &mut u64) -> (usize, usize) {
        let (mut free, mut first) = (0usize, usize::MAX);
        for k in 0..self.l.slots {
            let f = self.ws.get(base + k);
            if f <= t {
                free += 1;
                first = first.min(k);
            } else if f != u64::MAX {
                *soon = (*soon).min(f);
            }
        }
        (free, first)
    }

    /// Forgets what source `src` waited for (its blocked packet left).
    fn unwait(&mut self, src: usize) {
        let bits = 1u64 << src | 1u64 << (32 + src);
        for o in 0..DIRS {
            let w = self.ws.get(WAIT + o);
            if w & bits != 0 {
                self.ws.set(WAIT + o, w & !bits);
            }
        }
    }

    /// Records that source `src` waits for what the last `route` lacked.
    fn wait(&mut self, src: usize) {
        let (mut bits, e) = self.failed;
        while bits != 0 {
            let o = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let w = self.ws.get(WAIT + o);
            self.ws.set(WAIT + o, w | 1 << src);
        }
        let w = self.ws.get(WAIT + e);
        self.ws.set(WAIT + e, w | 1 << (32 + src));
    }

    /// Takes the chosen slot's token and the link: the token comes back by
    /// itself (known time) when the next node is the packet's destination,
    /// since reception never blocks; otherwise by a Token event. A packet
    /// already blocked on this channel gets a wake-up for a self-credited
    /// return (no Token event will announce it).
    fn take(&mut self, c: &Choice, chunks: u32, last_hop: bool) {
        let ser = self.ser(chunks);
        let back = if last_hop {
            let w = self.ws.get(WAIT + c.o);
            let waiting = if c.vc == ESCAPE_VC {
                w >> 32
            } else {
                w & 0xffff_ffff
            };
            let back = c.start + 2 * self.m.lat_ps + ser;
            if waiting & self.ws.get(BLOCKED) != 0 {
                self.wake_need = self.wake_need.min(back);
            }
            back
        } else {
            u64::MAX
        };
        self.ws.set(self.l.slot0(c.o, c.vc) + c.slot, back);
        self.ws.set(self.l.busy(c.o), c.start + ser);
        if c.vc == ESCAPE_VC {
            self.ws.set(ESC_HOPS, self.ws.get(ESC_HOPS) + 1);
        }
    }

    /// Takes the resources of `c` for packet `p` and sends it on: its head
    /// reaches the next router one hop latency after it starts on the link;
    /// at the destination the event is its tail's arrival.
    fn launch(&mut self, p: TorusMsg, c: &Choice) {
        let next = self.m.topo.neighbor(self.me, c.o);
        let last = next == p.dst();
        self.take(c, p.chunks(), last);
        let lat = self.m.lat_ps;
        if last {
            let at = c.start + lat + self.ser(p.chunks());
            self.send(next, at, p.hop(Kind::Deliver, c.o, c.vc, c.slot));
        } else {
            self.send(next, c.start + lat, p.hop(Kind::Arrive, c.o, c.vc, c.slot));
        }
    }

    /// Forwards an in-transit packet and returns its input slot's token to
    /// the upstream router once its tail has left this node's buffer.
    fn forward(&mut self, p: TorusMsg, c: &Choice) {
        self.launch(p, c);
        let up = self.m.topo.neighbor(self.me, opposite(p.port()));
        let at = c.start + self.ser(p.chunks()) + self.m.lat_ps;
        self.send(
            up,
            at,
            TorusMsg::control(Kind::Token, p.port(), p.vc(), p.slot()),
        );
    }

    #[inline]
    fn set_blocked(&mut self, src: usize, on: bool) {
        let b = self.ws.get(BLOCKED);
        let v = if on { b | 1 << src } else { b & !(1 << src) };
        self.ws.set(BLOCKED, v);
    }

    /// A packet's head arrives: forward it at once if nothing is queued
    /// before it on its input VC and an output is available, else queue it.
    fn arrive(&mut self, p: TorusMsg) {
        let q = p.port() * VCS + p.vc();
        if self.ws.get(BLOCKED) >> q & 1 == 0 {
            if let Some(c) = self.route(p.dst(), Some((p.port(), p.vc()))) {
                self.forward(p, &c);
                return;
            }
            self.set_blocked(q, true);
            self.wait(q);
        }
        let l = self.l;
        self.ws.push(&l, q, p);
    }

    /// Injection FIFO `f` offers its next packet; on success the FIFO's
    /// next packet is due after the throttle gap, when this packet has left
    /// the FIFO, and not before its message is posted.
    fn inject(&mut self, f: usize) {
        let cur = self.ws.get(INJ + f);
        let (k, u) = ((cur >> 32) as usize, (cur & 0xffff_ffff) as u32);
        let mine: &[NetMsg] = self.m.sent_by(self.me);
        let idx = f + DIRS * k;
        let Some(&msg) = mine.get(idx) else {
            return; // FIFO exhausted (cannot happen for a consistent history)
        };
        let bytes = if u + 1 == msg.units {
            self.m.last_unit_bytes(&msg)
        } else {
            self.m.unit_bytes
        };
        let chunks = bytes.div_ceil(32).max(1) as u32;
        let Some(c) = self.route(msg.dst, None) else {
            self.set_blocked(QUEUES + f, true);
            self.wait(QUEUES + f);
            return;
        };
        let id = self.m.message_id(self.me, idx);
        self.launch(TorusMsg::packet(msg.dst, chunks, id, c.start), &c);
        let (k2, u2) = if u + 1 == msg.units {
            (k + 1, 0)
        } else {
            (k, u + 1)
        };
        self.ws.set(INJ + f, (k2 as u64) << 32 | u2 as u64);
        if self.ws.get(BLOCKED) >> (QUEUES + f) & 1 == 1 {
            self.set_blocked(QUEUES + f, false);
            self.unwait(QUEUES + f);
        }
        if let Some(next) = mine.get(f + DIRS * k2) {
            let at = (self.now + self.m.inject_gap_ps)
                .max(c.start + self.ser(chunks))
                .max(next.time_ps);
            self.send(self.me, at, TorusMsg::control(Kind::Inject, f, 0, 0));
        }
    }

    /// A packet's tail arrives at its destination (reception never blocks).
    fn deliver(&mut self, p: &TorusMsg) {
        let now = self.now;
        let count = self.ws.get(COUNT) + 1 + if p.escaped() { 1 << 32 } else { 0 };
        self.ws.set(COUNT, count);
        // Wrapping: a speculative (later cancelled) duplicate must not panic.
        self.ws.set(
            TRANSIT,
            self.ws.get(TRANSIT).wrapping_add(now.wrapping_sub(p.t)),
        );
        if now > self.ws.get(LAST) {
            self.ws.set(LAST, now);
        }
        let Some((k, posted)) = self.m.incoming(self.me, p.b) else {
            // Not one of this node's incoming messages: cannot happen (a
            // packet is delivered at its message's destination); ignored
            // rather than panicking on a speculative path.
            return;
        };
        let r = self.l.rem + k;
        let left = self.ws.get(r).wrapping_sub(1);
        self.ws.set(r, left);
        if left == 0 {
            self.ws.set(MSGS, self.ws.get(MSGS) + 1);
            let lat = now.wrapping_sub(posted);
            self.ws.set(MSG_LAT, self.ws.get(MSG_LAT).wrapping_add(lat));
        }
    }

    /// A token comes back from the downstream router.
    fn token(&mut self, t: &TorusMsg) {
        // (Under optimistic execution a speculative, later cancelled Token
        // may find the slot already back: harmless, it is rolled back.)
        let i = self.l.slot0(t.port(), t.vc()) + t.slot();
        self.ws.set(i, self.now);
    }

    /// Tokens of `(o, vc)` usable when link `o` is next free.
    fn tokens(&self, o: usize, vc: usize) -> usize {
        let t = self.now.max(self.ws.get(self.l.busy(o)));
        let base = self.l.slot0(o, vc);
        (0..self.l.slots)
            .filter(|&k| self.ws.get(base + k) <= t)
            .count()
    }

    /// Offers blocked queue heads and blocked injection FIFOs an output, in
    /// round-robin order: all of them after a wake-up, only those a
    /// returned token of `(o, vc)` can help after a Token event (resources
    /// change only at those two events). One pass suffices: routing only
    /// consumes tokens and link time, so a source that fails cannot succeed
    /// later in the same pass.
    fn retry(&mut self, freed: Option<(usize, usize)>) {
        let mut mask = self.ws.get(BLOCKED);
        if let Some((o, vc)) = freed {
            let w = self.ws.get(WAIT + o);
            if vc == ESCAPE_VC {
                mask &= w >> 32;
                if self.tokens(o, ESCAPE_VC) < 2 {
                    // Only a packet continuing on the escape ring of `o`
                    // can go with one free slot (bubble rule).
                    mask &= 1 << (o * VCS + ESCAPE_VC);
                }
            } else {
                mask &= w & 0xffff_ffff;
            }
        }
        if mask == 0 {
            return;
        }
        let rr = self.ws.get(RR) as usize;
        let l = self.l;
        let mut tried = false;
        for i in 0..SOURCES {
            let src = (rr + i) % SOURCES;
            if mask >> src & 1 == 0 {
                continue;
            }
            tried = true;
            if src >= QUEUES {
                self.inject(src - QUEUES);
                continue;
            }
            while let Some(p) = self.ws.front(&l, src) {
                let Some(c) = self.route(p.dst(), Some((p.port(), p.vc()))) else {
                    self.wait(src);
                    break;
                };
                let left = self.ws.pop(&l, src);
                self.unwait(src);
                self.forward(p, &c);
                if left == 0 {
                    self.set_blocked(src, false);
                }
            }
            // Nothing else changed since the blocked packets last failed:
            // once the returned token is taken again, the rest stay blocked.
            if let Some((o, vc)) = freed
                && self.tokens(o, vc) == 0
            {
                break;
            }
        }
        if tried {
            self.ws.set(RR, ((rr + 1) % SOURCES) as u64);
        }
    }

    /// Schedules a self wake-up for the earliest self-credited token a
    /// blocked packet waits for, unless one is already due by then. Tokens
    /// returned by Token events retry on their own.
    fn schedule_wake(&mut self) {
        if self.wake_need == u64::MAX {
            return;
        }
        let at = self.wake_need.max(self.now + self.m.lookahead_ps);
        let pending = self.ws.get(WAKE);
        if pending != 0 && pending >= self.now && pending <= at {
            return;
        }
        self.ws.set(WAKE, at);
        self.send(self.me, at, TorusMsg::control(Kind::Wake, 0, 0, 0));
    }
}
