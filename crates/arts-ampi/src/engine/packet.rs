//! What travels between ranks ([`Packet`], [`Signal`]) and the one way an
//! engine reaches other ranks ([`Net`]).

use arts_core::Bulk;
use arts_core::transport::Direct;

pub use super::payload::Payload;
pub use super::rendezvous::{Large, Signal};

/// One message between two ranks: point-to-point or one step of a
/// collective. Written between processes as `packet_wire` says.
#[derive(Clone, Debug)]
pub struct Packet {
    /// Sender's rank in `WORLD`.
    pub src: u32,
    /// Per (sender, receiver) sequence number: restores send order when a
    /// migration lets a later message overtake an earlier one.
    pub seq: u64,
    /// Communication context (a communicator's point-to-point or collective context).
    pub ctx: u32,
    /// The tag (for collectives: the collective's sequence number on its communicator).
    pub tag: i32,
    /// The message's bytes, or a large message's announcement instead, when
    /// `large` (see `rendezvous`).
    pub data: Payload,
    /// Whether `data` is a large message's announcement ([`Large`]).
    pub large: bool,
}

impl Packet {
    /// A point-to-point message of `data` from `src`, its `seq`-th to its
    /// destination (built where the caller puts it: always inlined).
    #[inline(always)]
    pub fn eager((src, seq): (u32, u64), ctx: u32, tag: i32, data: &[u8]) -> Packet {
        Packet {
            src,
            seq,
            ctx,
            tag,
            data: Payload::new(data),
            large: false,
        }
    }

    /// The large message this packet announces, if it does.
    #[inline]
    pub fn announced(&self) -> Option<Large> {
        if self.large {
            Large::decode(&self.data)
        } else {
            None
        }
    }

    /// Makes this announcement an ordinary message carrying the announced
    /// bytes `data`; returns the announcement (`None`, and nothing
    /// changed, if this packet is not one).
    pub fn carry(&mut self, data: Bulk) -> Option<Large> {
        let large = self.announced()?;
        self.data = Payload::Shared(data);
        self.large = false;
        Some(large)
    }

    /// Bytes of the message (carried or announced).
    #[inline]
    pub fn bytes(&self) -> usize {
        match self.announced() {
            Some(l) => l.len as usize,
            None => self.data.len(),
        }
    }
}

/// Where an engine hands its outgoing packets and signals, and what it
/// knows of the process it runs in.
pub trait Net {
    /// Sends `packet` to the rank `dest` of `WORLD`.
    fn send(&mut self, dest: u32, packet: Packet);
    /// Sends the packet of `data` (an eager message: not large) from rank
    /// `src` with sequence number `seq`, context `ctx` and tag `tag` to
    /// the rank `dest` of `WORLD`: [`Net::send`] of that packet. Each
    /// message of a rank goes this way; a `Net` that overrides it builds
    /// the packet where it keeps it, from these values, instead of moving
    /// one built here (a store-forwarding stall each message).
    #[inline]
    fn send_bytes(&mut self, dest: u32, (src, seq): (u32, u64), ctx: u32, tag: i32, data: &[u8]) {
        self.send(dest, Packet::eager((src, seq), ctx, tag, data));
    }
    /// Sends a rendezvous `signal` to the rank `dest` of `WORLD`.
    fn signal(&mut self, dest: u32, signal: Signal);
    /// The process the rank runs in.
    fn process(&self) -> u32 {
        0
    }
    /// Direct transfers between processes, where the run's transport offers them.
    fn direct(&self) -> Option<&dyn Direct> {
        None
    }
}

/// A `Net` that keeps what was sent (for tests and for driving engines by
/// hand): packets, then signals.
#[derive(Default, Debug)]
pub struct Outbox(pub Vec<(u32, Packet)>, pub Vec<(u32, Signal)>);

impl Net for Outbox {
    fn send(&mut self, dest: u32, packet: Packet) {
        self.0.push((dest, packet));
    }
    fn signal(&mut self, dest: u32, signal: Signal) {
        self.1.push((dest, signal));
    }
}
