//! The event payload of the torus model: 24 bytes, `Copy`, no pointers.
//!
//! Word `a` packs the kind and the routing fields; `b` is the global message
//! id of a packet; `t` is the time (ps) the packet started on its first link.
//!
//! ```text
//! a: kind 0..3 | port 3..6 | vc 6..8 | escaped 8 | slot 9..16 | chunks 16..32 | dst 32..56
//! ```

/// What an event asks the node to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Injection FIFO `port` may inject its next packet.
    Inject = 0,
    /// A packet's head arrives on input link `port`, virtual channel `vc`.
    Arrive = 1,
    /// A packet's tail arrives at its destination.
    Deliver = 2,
    /// A token for buffer `slot` of `vc` on output link `port` comes back.
    Token = 3,
    /// Re-arbitrate blocked packets (a self-credited token is back).
    Wake = 4,
}

/// Virtual channel used by the dimension-order escape route.
pub(super) const ESCAPE_VC: usize = 2;
/// Virtual channels per link (two adaptive, one escape).
pub(super) const VCS: usize = 3;
/// Largest number of buffer slots per virtual channel.
pub(super) const MAX_SLOTS: u32 = 64;

/// One event payload (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TorusMsg {
    a: u64,
    /// Global message id (packets only).
    pub b: u64,
    /// Start time on the first link, ps (packets only).
    pub t: u64,
}

/// The torus payload on the wire: its three words, little-endian.
pub(super) struct TorusCodec;

impl crate::model::MsgCodec<TorusMsg> for TorusCodec {
    fn bytes(&self) -> usize {
        24
    }
    fn put(&self, m: &TorusMsg, out: &mut [u8]) {
        out[0..8].copy_from_slice(&m.a.to_le_bytes());
        out[8..16].copy_from_slice(&m.b.to_le_bytes());
        out[16..24].copy_from_slice(&m.t.to_le_bytes());
    }
    fn get(&self, b: &[u8]) -> TorusMsg {
        let word = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        TorusMsg {
            a: word(0),
            b: word(8),
            t: word(16),
        }
    }
}

impl TorusMsg {
    /// A control event (`Inject`, `Token`, `Wake`).
    #[inline]
    pub fn control(kind: Kind, port: usize, vc: usize, slot: usize) -> TorusMsg {
        TorusMsg {
            a: kind as u64 | (port as u64) << 3 | (vc as u64) << 6 | (slot as u64) << 9,
            b: 0,
            t: 0,
        }
    }

    /// A packet of `chunks` 32-byte chunks for node `dst`, message `id`, that
    /// started on its first link at `t`.
    #[inline]
    pub fn packet(dst: u32, chunks: u32, id: u32, t: u64) -> TorusMsg {
        debug_assert!(chunks > 0 && chunks < 1 << 16 && dst < 1 << 24);
        TorusMsg {
            a: (chunks as u64) << 16 | (dst as u64) << 32,
            b: id as u64,
            t,
        }
    }

    /// The same packet as an event of `kind` arriving on `port`/`vc`/`slot`
    /// (the escaped flag is kept and set if `vc` is the escape channel).
    #[inline]
    pub fn hop(self, kind: Kind, port: usize, vc: usize, slot: usize) -> TorusMsg {
        let keep = self.a & 0xffff_ffff_ffff_0100;
        let esc = if vc == ESCAPE_VC { 1 << 8 } else { 0 };
        TorusMsg {
            a: keep
                | esc
                | kind as u64
                | (port as u64) << 3
                | (vc as u64) << 6
                | (slot as u64) << 9,
            ..self
        }
    }

    /// The event kind.
    #[inline]
    pub fn kind(&self) -> Kind {
        match self.a & 7 {
            0 => Kind::Inject,
            1 => Kind::Arrive,
            2 => Kind::Deliver,
            3 => Kind::Token,
            _ => Kind::Wake,
        }
    }

    /// Link direction (input link of a packet, output link of a token, FIFO of an injection).
    #[inline]
    pub fn port(&self) -> usize {
        (self.a >> 3 & 7) as usize
    }

    /// Virtual channel.
    #[inline]
    pub fn vc(&self) -> usize {
        (self.a >> 6 & 3) as usize
    }

    /// Buffer slot (token) the packet occupies on its current input VC.
    #[inline]
    pub fn slot(&self) -> usize {
        (self.a >> 9 & 127) as usize
    }

    /// True if the packet used the escape channel on some hop.
    #[inline]
    pub fn escaped(&self) -> bool {
        self.a >> 8 & 1 == 1
    }

    /// Length in 32-byte chunks.
    #[inline]
    pub fn chunks(&self) -> u32 {
        (self.a >> 16 & 0xffff) as u32
    }

    /// Destination node.
    #[inline]
    pub fn dst(&self) -> u32 {
        (self.a >> 32 & 0xff_ffff) as u32
    }

    /// The three words (for storing a packet in an input queue).
    #[inline]
    pub fn words(&self) -> [u64; 3] {
        [self.a, self.b, self.t]
    }

    /// Rebuilds a payload from [`TorusMsg::words`].
    #[inline]
    pub fn from_words(w: [u64; 3]) -> TorusMsg {
        TorusMsg {
            a: w[0],
            b: w[1],
            t: w[2],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let p = TorusMsg::packet(0xab_cdef, 8, 77, 123_456);
        assert_eq!((p.dst(), p.chunks(), p.b, p.t), (0xab_cdef, 8, 77, 123_456));
        assert!(!p.escaped());
        let h = p.hop(Kind::Arrive, 5, ESCAPE_VC, 63);
        assert_eq!(h.kind(), Kind::Arrive);
        assert_eq!((h.port(), h.vc(), h.slot()), (5, 2, 63));
        assert!(h.escaped());
        let h2 = h.hop(Kind::Deliver, 1, 0, 3);
        assert!(h2.escaped(), "the escaped flag sticks");
        assert_eq!(
            (h2.kind(), h2.port(), h2.vc(), h2.slot()),
            (Kind::Deliver, 1, 0, 3)
        );
        assert_eq!(h2.dst(), 0xab_cdef);
        assert_eq!(h2.chunks(), 8);
        assert_eq!(TorusMsg::from_words(h2.words()), h2);
        let c = TorusMsg::control(Kind::Token, 4, 1, 2);
        assert_eq!(
            (c.kind(), c.port(), c.vc(), c.slot()),
            (Kind::Token, 4, 1, 2)
        );
        assert_eq!(TorusMsg::control(Kind::Wake, 0, 0, 0).kind(), Kind::Wake);
        assert_eq!(std::mem::size_of::<TorusMsg>(), 24);
    }
}
