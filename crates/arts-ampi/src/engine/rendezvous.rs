//! Large messages by rendezvous: a blocking send announces the message
//! ([`Large`]) instead of copying it, and its receiver takes the bytes
//! straight from the sender's buffer once the message is matched. The
//! protocol, and why it is safe with migration, is in `README.md`.

use std::mem::take;

use arts_core::Bulk;
use arts_core::transport::{Direct, Transfer};
use serde::{Deserialize, Serialize};

use super::{Engine, Net, Packet, Payload, Req, Status};
use crate::error::MpiError;

/// A blocking send of at least this many bytes goes by rendezvous (below
/// it, two copies cost less than the handshake).
pub const RENDEZVOUS_MIN: usize = 64 << 10;

/// A large message's announcement, carried by its packet (as its data, so
/// that packets stay small) instead of the bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Large {
    /// The sender's process when it sent.
    pub process: u32,
    /// Where the bytes are in that process (the sender waits in its send
    /// until they are taken).
    pub addr: u64,
    /// How many bytes.
    pub len: u64,
    /// The sender's request.
    pub req: u32,
}

impl Large {
    /// Bytes of the encoded form.
    const ENCODED: usize = 24;

    /// The announcement as a packet's data.
    fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(Self::ENCODED);
        b.extend_from_slice(&self.process.to_le_bytes());
        b.extend_from_slice(&self.addr.to_le_bytes());
        b.extend_from_slice(&self.len.to_le_bytes());
        b.extend_from_slice(&self.req.to_le_bytes());
        b
    }

    /// The announcement in a packet's data (`None` if it is not one).
    pub(super) fn decode(b: &[u8]) -> Option<Large> {
        let b: &[u8; Self::ENCODED] = b.try_into().ok()?;
        let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
        let half = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"));
        Some(Large {
            process: half(0),
            addr: word(4),
            len: word(12),
            req: half(20),
        })
    }
}

/// The control messages of a rendezvous, between a large message's two ranks.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Signal {
    /// To the sender of request `req`: its message is matched. `to`: send
    /// the bytes directly to the receive holding this tag in this process;
    /// `None`: send them as a message ([`Signal::Payload`]).
    Clear {
        /// The sender's request.
        req: u32,
        /// The receiving process and the tag of its direct receive.
        to: Option<(u32, i32)>,
    },
    /// To the receiver: the bytes of large message `seq` from `src`.
    Payload {
        /// The sender's rank.
        src: u32,
        /// The message's sequence number from `src`.
        seq: u64,
        /// The bytes.
        data: Bulk,
    },
    /// To the sender of request `req`: the receiver copied the bytes (in
    /// the sender's process) or refused them (its receive was too short).
    Done {
        /// The sender's request.
        req: u32,
    },
}

/// A send by rendezvous: a blocking one of a large message, or a
/// non-blocking one whose buffer the program keeps until it completes.
pub(super) struct LargeSend {
    addr: u64,
    len: usize,
    dest: u32,
    seq: u64,
    state: SendState,
    /// Freed by the program before it completed: released once it does.
    pub(super) detached: bool,
    /// The bytes, when the send owns them ([`Engine::keep_bytes`]).
    keep: Vec<u8>,
}

impl LargeSend {
    /// Its bytes as a message from `me`.
    fn payload(&self, me: u32) -> Signal {
        // SAFETY: the bytes stay where the send announced them until it is
        // done (the sender waits, or keeps its buffer and its process).
        let bytes = unsafe { std::slice::from_raw_parts(self.addr as *const u8, self.len) };
        Signal::Payload {
            src: me,
            seq: self.seq,
            data: crate::iso::outside(|| Bulk::new(bytes.to_vec())),
        }
    }

    /// The send's status once the receiver took the bytes (sent by `me`).
    pub(super) fn completed(&self, me: u32) -> Option<Status> {
        matches!(self.state, SendState::Done).then_some(Status {
            source: me as i32,
            tag: 0,
            count: self.len,
            bytes: self.len,
        })
    }
}

enum SendState {
    /// Announced; the receiver has not matched it yet.
    Announced,
    /// Its bytes were pushed to the receiver as a message before the rank
    /// may leave its process ([`Engine::withdraw_large`]); the receiver's
    /// one answer is still to come.
    Pushed,
    /// Moving by a direct transfer.
    Sending(Transfer),
    /// Taken.
    Done,
}

/// How the bytes of a matched large message reach its receive.
pub(super) enum Pull {
    /// By a direct transfer into the receive's buffer.
    Direct(Transfer),
    /// As a `Payload` signal, asked for.
    Payload { src: u32, seq: u64 },
}

/// A large message matched to a user receive, not yet pulled.
pub(super) struct Matched {
    h: u32,
    src: u32,
    seq: u64,
    large: Large,
    status: Status,
}

/// The rendezvous state of an engine.
#[derive(Default)]
pub(super) struct Rendezvous {
    /// Matched large messages, to pull.
    matched: Vec<Matched>,
    /// Large sends cleared for a direct transfer: request, process, tag.
    cleared: Vec<(u32, u32, i32)>,
    /// Signals to send: destination rank, signal.
    signals: Vec<(u32, Signal)>,
    /// Requests with a direct transfer in progress.
    in_flight: Vec<u32>,
    /// Unmatched large messages whose bytes were asked for: sender, seq.
    asked: Vec<(u32, u64)>,
    /// Pushed bytes that overtook their announcement: sender, seq, bytes.
    pub(super) early: Vec<(u32, u64, Bulk)>,
    /// The transport's direct transfers, while any is in progress.
    direct: Option<&'static dyn Direct>,
}

impl Rendezvous {
    fn keep(&mut self, direct: &dyn Direct) {
        // SAFETY: the transport outlives every rank of its run, and the
        // reference is dropped when the last transfer ends, before the rank
        // could leave the process (`Engine::transferring` is checked then).
        self.direct =
            Some(unsafe { std::mem::transmute::<&dyn Direct, &'static dyn Direct>(direct) });
    }
}

impl Engine {
    /// Starts a send of `data` by rendezvous (the caller decides which:
    /// large ones, synchronous ones); `None` for a send to this rank
    /// itself, which goes eagerly.
    ///
    /// The send's request completes once the receiver took the bytes; until
    /// then `data` must stay where it is, unchanged, and the rank must not
    /// leave its process without [`Engine::withdraw_large`] first.
    pub fn send_large(
        &mut self,
        net: &mut dyn Net,
        call: &'static str,
        comm: u32,
        dest: i32,
        tag: i32,
        data: &[u8],
    ) -> Result<Option<u32>, MpiError> {
        let (to, ctx) = self.route(call, comm, dest, tag)?;
        if to == self.me {
            return Ok(None);
        }
        let seq = self.take_seq(to);
        let (addr, len) = (data.as_ptr() as u64, data.len());
        let h = self.alloc(Req::Large(Box::new(LargeSend {
            addr,
            len,
            dest: to,
            seq,
            state: SendState::Announced,
            detached: false,
            keep: Vec::new(),
        })));
        let large = Large {
            process: net.process(),
            addr,
            len: len as u64,
            req: h,
        };
        let packet = Packet {
            src: self.me,
            seq,
            ctx,
            tag,
            data: Payload::new(&large.encode()),
            large: true,
        };
        net.send(to, packet);
        Ok(Some(h))
    }

    /// Gives rendezvous send `h` the vector its bytes are in (the ones it
    /// was started with), to keep until it is done, freed or not.
    pub fn keep_bytes(&mut self, h: u32, bytes: Vec<u8>) {
        if let Some(Some(Req::Large(s))) = self.reqs.get_mut(h as usize) {
            debug_assert_eq!(bytes.as_ptr() as u64, s.addr, "the send's own bytes");
            s.keep = bytes;
        }
    }

    /// Large message `p`, matched to user receive `h` (its buffer large
    /// enough), is pulled by the next [`Engine::rendezvous`].
    pub(super) fn matched_large(&mut self, h: u32, p: &Packet, large: Large, status: Status) {
        self.rdv.matched.push(Matched {
            h,
            src: p.src,
            seq: p.seq,
            large,
            status,
        });
    }

    /// Large message `p` was refused (its receive is too short): its sender
    /// is done.
    pub(super) fn refused_large(&mut self, p: &Packet, large: Large) {
        if !self.was_asked(p.src, p.seq) {
            self.rdv
                .signals
                .push((p.src, Signal::Done { req: large.req }));
        }
    }

    /// Whether large message `seq` from `src` was asked to come as a
    /// message (its sender is done; no other signal may follow). Forgets it.
    fn was_asked(&mut self, src: u32, seq: u64) -> bool {
        let asked = self.rdv.asked.iter().position(|&k| k == (src, seq));
        asked.map(|i| self.rdv.asked.swap_remove(i)).is_some()
    }

    /// Whether a direct transfer of this rank is in progress (it must not
    /// leave its process then).
    pub fn transferring(&self) -> bool {
        !self.rdv.in_flight.is_empty()
    }

    /// Whether a send of this rank by rendezvous waits for its receiver
    /// (freed ones included): its bytes must stay where they are.
    pub fn sending_large(&self) -> bool {
        self.reqs
            .iter()
            .any(|r| matches!(r, Some(Req::Large(s)) if s.completed(self.me).is_none()))
    }

    /// Rendezvous send `h` is complete: the receiver has the bytes (or
    /// refused them). A send the program freed meanwhile is released.
    fn large_sent(&mut self, h: u32) {
        let Some(Some(Req::Large(s))) = self.reqs.get_mut(h as usize) else {
            return;
        };
        s.state = SendState::Done;
        s.keep = Vec::new();
        if s.detached {
            self.release(h);
        }
    }

    /// Moves every large message forward: posts the direct sends the
    /// receivers cleared, pulls the matched messages (copied at once from a
    /// sender in this process; by a direct transfer from another, or as a
    /// message when the rank is `mobile`, i.e. may leave its process before
    /// a transfer would end), asks a `mobile` rank's unmatched large
    /// messages to come as messages, and sends the signals this produced.
    /// Call it after anything that may match or signal.
    #[inline]
    pub fn rendezvous(&mut self, net: &mut dyn Net, mobile: bool) {
        let r = &self.rdv;
        if r.matched.is_empty() && r.cleared.is_empty() && r.signals.is_empty() && !mobile {
            return;
        }
        self.rendezvous_slow(net, mobile);
    }

    #[inline(never)]
    fn rendezvous_slow(&mut self, net: &mut dyn Net, mobile: bool) {
        for (h, process, tag) in take(&mut self.rdv.cleared) {
            let Some(Some(Req::Large(s))) = self.reqs.get_mut(h as usize) else {
                continue;
            };
            let direct = net
                .direct()
                .expect("a send is cleared for a direct transfer only where the run offers them");
            // SAFETY: the sender waits in its blocking send until the
            // request completes, with its bytes where it announced them.
            let t = crate::iso::outside(|| unsafe {
                direct.post_send(process, tag, s.addr as *const u8, s.len)
            });
            s.state = SendState::Sending(t);
            self.rdv.in_flight.push(h);
            self.rdv.keep(direct);
        }
        for m in take(&mut self.rdv.matched) {
            self.pull(net, m, mobile);
        }
        if mobile {
            self.ask_unmatched();
        }
        for (dest, signal) in take(&mut self.rdv.signals) {
            net.signal(dest, signal);
        }
    }

    /// Pulls matched large message `m` into its receive.
    fn pull(&mut self, net: &mut dyn Net, m: Matched, mobile: bool) {
        let asked = self.was_asked(m.src, m.seq);
        let Some(Some(Req::Recv(r))) = self.reqs.get_mut(m.h as usize) else {
            // Withdrawn meanwhile: the sender is done.
            if !asked {
                let done = Signal::Done { req: m.large.req };
                self.rdv.signals.push((m.src, done));
            }
            return;
        };
        let (src, seq) = (m.src, m.seq);
        if asked {
            // Its bytes are on their way as a message.
            r.pull = Some(Box::new((Pull::Payload { src, seq }, m.status)));
            return;
        }
        let len = m.large.len as usize;
        if m.large.process == net.process() {
            // SAFETY: the sender is in this process, waiting in its send
            // (with its bytes where it announced them) until told `Done`;
            // the receive's buffer holds `len` bytes (checked at matching).
            unsafe { std::ptr::copy_nonoverlapping(m.large.addr as *const u8, r.buf, len) };
            r.done = Some(Ok(m.status));
            self.rdv
                .signals
                .push((m.src, Signal::Done { req: m.large.req }));
            return;
        }
        let direct = net.direct().filter(|_| !mobile);
        // SAFETY: the receive's buffer stays valid and untouched until the
        // request completes (`irecv`'s contract), and cancelling it waits
        // for a direct transfer to end.
        let posted = direct.and_then(|d| {
            crate::iso::outside(|| unsafe { d.post_receive(r.buf, len) }).map(|t| (d, t))
        });
        let to = match posted {
            Some((direct, t)) => {
                let tag = t.tag.expect("a receive holds a tag");
                r.pull = Some(Box::new((Pull::Direct(t), m.status)));
                self.rdv.in_flight.push(m.h);
                self.rdv.keep(direct);
                Some((net.process(), tag))
            }
            None => {
                r.pull = Some(Box::new((Pull::Payload { src, seq }, m.status)));
                None
            }
        };
        let req = m.large.req;
        self.rdv.signals.push((src, Signal::Clear { req, to }));
    }

    /// Asks every unmatched large message not asked yet to come as a message.
    fn ask_unmatched(&mut self) {
        let claimed = self.claimed.values().map(|(_, p)| p);
        let waiting = self.unexpected.iter().chain(self.held.values());
        for p in waiting.chain(claimed) {
            let Some(l) = p.announced() else { continue };
            if !self.rdv.asked.contains(&(p.src, p.seq)) {
                self.rdv.asked.push((p.src, p.seq));
                let clear = Signal::Clear {
                    req: l.req,
                    to: None,
                };
                self.rdv.signals.push((p.src, clear));
            }
        }
    }

    /// Takes in a rendezvous signal (follow with [`Engine::rendezvous`]).
    pub fn on_signal(&mut self, signal: Signal) {
        match signal {
            Signal::Clear {
                req,
                to: Some((process, tag)),
            } => self.rdv.cleared.push((req, process, tag)),
            Signal::Clear { req, to: None } => {
                let Some(Some(Req::Large(s))) = self.reqs.get_mut(req as usize) else {
                    return;
                };
                // Pushed already: that was the message it asks for.
                if matches!(s.state, SendState::Announced) {
                    let payload = s.payload(self.me);
                    self.rdv.signals.push((s.dest, payload));
                }
                self.large_sent(req);
            }
            Signal::Done { req } => self.large_sent(req),
            Signal::Payload { src, seq, data } => self.take_payload(src, seq, data),
        }
    }

    /// The bytes of large message `seq` from `src`, asked for: into the
    /// receive that matched it, or into the message while it waits.
    fn take_payload(&mut self, src: u32, seq: u64, data: Bulk) {
        for req in self.reqs.iter_mut().flatten() {
            let Req::Recv(r) = req else { continue };
            if let Some((Pull::Payload { src: s, seq: q }, status)) = r.pull.as_deref()
                && (*s, *q) == (src, seq)
            {
                // SAFETY: the receive's buffer holds the message's bytes
                // (checked at matching) and stays valid until it completes.
                unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), r.buf, data.len()) };
                r.done = Some(Ok(*status));
                r.pull = None;
                return;
            }
        }
        let asked = self.was_asked(src, seq);
        let claimed = self.claimed.values_mut().map(|(_, p)| p);
        let waiting = self.unexpected.iter_mut().chain(self.held.values_mut());
        let mut waiting = waiting.chain(claimed);
        if let Some(p) = waiting.find(|p| (p.src, p.seq) == (src, seq)) {
            let (len, was) = (data.len(), p.data.len());
            let Some(large) = p.carry(data) else {
                return;
            };
            self.buffered = self.buffered + len - was;
            // Pushed by its sender before it may leave: it waits for this.
            if !asked {
                let done = Signal::Done { req: large.req };
                self.rdv.signals.push((src, done));
            }
        } else if seq >= self.expect_seq.get(src) {
            // Pushed, and here before its announcement.
            self.buffered += data.len();
            self.rdv.early.push((src, seq, data));
        }
        // Otherwise the message was matched (pulled, refused or withdrawn,
        // and answered) before these pushed bytes came: they are dropped.
    }

    /// Gives announcement `p` the bytes its sender pushed ahead of it, if
    /// they came first (and answers the sender). Before matching.
    pub(super) fn take_early(&mut self, p: &mut Packet) {
        let early = &mut self.rdv.early;
        let Some(i) = early.iter().position(|e| (e.0, e.1) == (p.src, p.seq)) else {
            return;
        };
        let (src, _, data) = early.swap_remove(i);
        self.buffered -= data.len();
        let large = p
            .carry(data)
            .expect("only announcements are given early bytes");
        let done = Signal::Done { req: large.req };
        self.rdv.signals.push((src, done));
    }

    /// Before this rank may leave its process (a rank in an isomalloc
    /// slot): pushes the bytes of every rendezvous send still unmatched to
    /// its receiver as a message. The receiver then answers each send once
    /// as always (`Done`, or `Clear`, after which a direct transfer still
    /// runs from here); follow with waiting until none is in progress.
    pub fn withdraw_large(&mut self) {
        let me = self.me;
        for req in self.reqs.iter_mut().flatten() {
            if let Req::Large(s) = req
                && matches!(s.state, SendState::Announced)
            {
                self.rdv.signals.push((s.dest, s.payload(me)));
                s.state = SendState::Pushed;
            }
        }
    }

    /// Tests the direct transfers in progress, completing the requests of
    /// those that ended; whether any is still in progress.
    pub fn progress(&mut self) -> bool {
        let Some(direct) = self.rdv.direct else {
            return false;
        };
        let reqs = &mut self.reqs;
        let mut sent = Vec::new();
        self.rdv
            .in_flight
            .retain(|&h| match reqs.get_mut(h as usize) {
                Some(Some(Req::Recv(r))) => {
                    let Some((Pull::Direct(t), status)) = r.pull.as_deref_mut() else {
                        return false;
                    };
                    if !direct.test(t) {
                        return true;
                    }
                    r.done = Some(Ok(*status));
                    r.pull = None;
                    false
                }
                Some(Some(Req::Large(s))) => {
                    let SendState::Sending(t) = &mut s.state else {
                        return false;
                    };
                    if !direct.test(t) {
                        return true;
                    }
                    sent.push(h);
                    false
                }
                _ => false,
            });
        for h in sent {
            self.large_sent(h);
        }
        if self.rdv.in_flight.is_empty() {
            self.rdv.direct = None;
        }
        !self.rdv.in_flight.is_empty()
    }

    /// Waits for the direct transfer into user receive `h`, if one is in
    /// progress (before the receive is withdrawn: its buffer is the user's
    /// again afterwards). The sender's side needs nothing of this rank.
    pub(super) fn end_transfer(&mut self, h: u32) {
        while self.rdv.in_flight.contains(&h) {
            self.progress();
            std::hint::spin_loop();
        }
    }
}

#[cfg(test)]
#[path = "rendezvous_tests.rs"]
mod tests;
