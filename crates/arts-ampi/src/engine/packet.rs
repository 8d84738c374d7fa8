//! What travels between ranks ([`Packet`]) and the one way an engine sends ([`Net`]).

use arts_core::Bulk;
use serde::{Deserialize, Serialize};

/// One message between two ranks: point-to-point or one step of a collective.
#[derive(Clone, Debug, Serialize, Deserialize)]
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
    /// The payload: moved between PEs of a process, and sent to another
    /// process from this memory, beside the message's frame.
    pub data: Bulk,
}

/// Where an engine hands its outgoing packets.
pub trait Net {
    /// Sends `packet` to the rank `dest` of `WORLD`.
    fn send(&mut self, dest: u32, packet: Packet);
}

/// A `Net` that keeps what was sent (for tests and for driving engines by hand).
#[derive(Default, Debug)]
pub struct Outbox(pub Vec<(u32, Packet)>);

impl Net for Outbox {
    fn send(&mut self, dest: u32, packet: Packet) {
        self.0.push((dest, packet));
    }
}
