//! A node's state as one flat array of 64-bit words, and the undo record of
//! incremental state saving: every write goes through [`Words::set`], which
//! logs `(index, old value)`; a rollback writes the old values back, newest
//! first. Nothing else changes a node, so rollback is exact by construction,
//! and an event costs a few logged words instead of a copy of the ~2.6 KB
//! state. The log keeps six writes inline (most events write two to five)
//! and spills the rest (arbitration cascades) to a vector.
//!
//! Layout (`C` = buffer slots per virtual channel):
//!
//! ```text
//! 0 BLOCKED  bit q (0..18): input VC queue q is non-empty (its head is blocked)
//!            bit 18+f: injection FIFO f is blocked
//! 1 WAKE     time of the pending self wake-up (0 = none)
//! 2 RR       round-robin start of the next arbitration pass
//! 3 COUNT    delivered units (low 32 bits) | escaped units (high 32 bits)
//! 4 TRANSIT  sum of delivered units' transit times, ps
//! 5 LAST     latest delivery time, ps
//! 6 MSGS     messages delivered
//! 7 MSG_LAT  sum of delivered messages' latencies, ps
//! 8 ESC_HOPS hops taken on the escape channel from this node
//! 9..15      injection FIFO f: message ordinal (high 32) | units sent of it (low 32)
//! 15..21     WAIT[o]: sources (bits as in BLOCKED) whose blocked packet waits
//!            for an adaptive token of output o (low 32 bits) or an escape
//!            token of output o (high 32 bits)
//! 21..       per output direction o: BUSY (link free time), then the
//!            free times of C slots of VC 0, C of VC 1, C of VC 2
//!            (u64::MAX: the token is out until a Token event returns it)
//! QHDR       18 input-queue headers: head (low 32) | length (high 32)
//! QDATA      18 × C packets of 3 words
//! REM        per incoming message: packets still to arrive
//! ```

use super::msg::{TorusMsg, VCS};
use super::topology::DIRS;

pub(crate) const BLOCKED: usize = 0;
pub(crate) const WAKE: usize = 1;
pub(crate) const RR: usize = 2;
pub(crate) const COUNT: usize = 3;
pub(crate) const TRANSIT: usize = 4;
pub(crate) const LAST: usize = 5;
pub(crate) const MSGS: usize = 6;
pub(crate) const MSG_LAT: usize = 7;
pub(crate) const ESC_HOPS: usize = 8;
pub(crate) const INJ: usize = 9;
pub(crate) const WAIT: usize = INJ + DIRS;
const DIR_BASE: usize = WAIT + DIRS;

/// Input queues: one per input link and virtual channel.
pub(crate) const QUEUES: usize = DIRS * VCS;
/// Arbitration sources: the input queues, then the injection FIFOs.
pub(crate) const SOURCES: usize = QUEUES + DIRS;

/// Word offsets of a node's state for `slots` buffer slots per VC.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub slots: usize,
    dir_block: usize,
    qhdr: usize,
    qdata: usize,
    pub rem: usize,
}

impl Layout {
    pub(super) fn new(slots: usize) -> Layout {
        let dir_block = 1 + VCS * slots;
        let qhdr = DIR_BASE + DIRS * dir_block;
        let qdata = qhdr + QUEUES;
        Layout {
            slots,
            dir_block,
            qhdr,
            qdata,
            rem: qdata + QUEUES * slots * 3,
        }
    }

    /// Link free time of output `o`.
    #[inline]
    pub(super) fn busy(&self, o: usize) -> usize {
        DIR_BASE + o * self.dir_block
    }

    /// First slot of virtual channel `vc` of output `o`.
    #[inline]
    pub(super) fn slot0(&self, o: usize, vc: usize) -> usize {
        DIR_BASE + o * self.dir_block + 1 + vc * self.slots
    }

    /// Header of input queue `q`.
    #[inline]
    pub(super) fn qhdr(&self, q: usize) -> usize {
        self.qhdr + q
    }

    /// First word of entry `pos` of input queue `q`.
    #[inline]
    pub(super) fn qentry(&self, q: usize, pos: usize) -> usize {
        self.qdata + (q * self.slots + pos) * 3
    }

    /// Words of a node with `incoming` incoming messages.
    pub(super) fn words(&self, incoming: usize) -> usize {
        self.rem + incoming
    }
}

/// A node's state (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeState {
    pub(crate) w: Box<[u64]>,
}

/// A node's state in a checkpoint: its words, little-endian (queues,
/// tokens, counters and the per-message counts are all words, so this is
/// the whole state). A state of fewer than `min_words` words (the layout
/// without incoming messages) or not whole words is refused.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeCodec {
    pub min_words: usize,
}

impl crate::model::StateCodec<NodeState> for NodeCodec {
    fn put(&self, s: &NodeState, out: &mut Vec<u8>) {
        out.reserve(s.w.len() * 8);
        for w in s.w.iter() {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }

    fn get(&self, bytes: &[u8]) -> Option<NodeState> {
        if !bytes.len().is_multiple_of(8) || bytes.len() / 8 < self.min_words {
            return None;
        }
        let w = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        Some(NodeState { w })
    }
}

/// Writes kept inline in an undo record.
const INLINE: usize = 6;

/// The undo record of one event: the old values of every word it wrote.
#[derive(Clone, Debug, Default)]
pub struct TorusUndo {
    n: u32,
    idx: [u32; INLINE],
    old: [u64; INLINE],
    spill: Vec<(u32, u64)>,
}

impl TorusUndo {
    /// Forgets every logged write (the sequential engines reuse one record).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.n = 0;
        self.spill.clear();
    }

    #[inline]
    fn log(&mut self, i: usize, old: u64) {
        let n = self.n as usize;
        if n < INLINE {
            self.idx[n] = i as u32;
            self.old[n] = old;
            self.n += 1;
        } else {
            self.spill.push((i as u32, old));
        }
    }

    /// Number of writes logged.
    pub fn len(&self) -> usize {
        self.n as usize + self.spill.len()
    }

    /// True if the event wrote nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes the old values back, newest first.
    pub(crate) fn undo(&self, w: &mut [u64]) {
        for &(i, old) in self.spill.iter().rev() {
            w[i as usize] = old;
        }
        for k in (0..self.n as usize).rev() {
            w[self.idx[k] as usize] = self.old[k];
        }
    }
}

/// Logged write access to a node's words.
pub(crate) struct Words<'a> {
    pub w: &'a mut [u64],
    undo: &'a mut TorusUndo,
}

impl<'a> Words<'a> {
    pub(super) fn new(w: &'a mut [u64], undo: &'a mut TorusUndo) -> Self {
        Words { w, undo }
    }

    /// Reads word `i`.
    #[inline]
    pub(super) fn get(&self, i: usize) -> u64 {
        self.w[i]
    }

    /// Writes word `i`, logging its old value (no log if unchanged).
    #[inline]
    pub(super) fn set(&mut self, i: usize, v: u64) {
        let old = self.w[i];
        if old != v {
            self.undo.log(i, old);
            self.w[i] = v;
        }
    }

    /// Appends packet `p` to input queue `q`. A packet only arrives on a
    /// slot its sender held a token for, so there is room; a speculative
    /// (later cancelled) extra packet of the optimistic engine overwrites
    /// modulo the capacity instead of panicking, and is rolled back.
    pub(super) fn push(&mut self, l: &Layout, q: usize, p: TorusMsg) {
        let h = self.get(l.qhdr(q));
        let (head, len) = ((h & 0xffff_ffff) as usize, (h >> 32) as usize);
        let pos = (head + len) % l.slots;
        let e = l.qentry(q, pos);
        for (k, word) in p.words().into_iter().enumerate() {
            self.set(e + k, word);
        }
        self.set(l.qhdr(q), head as u64 | ((len + 1) as u64) << 32);
    }

    /// The head packet of input queue `q`, if any.
    #[inline]
    pub(super) fn front(&self, l: &Layout, q: usize) -> Option<TorusMsg> {
        let h = self.get(l.qhdr(q));
        if h >> 32 == 0 {
            return None;
        }
        let e = l.qentry(q, (h & 0xffff_ffff) as usize);
        Some(TorusMsg::from_words([
            self.w[e],
            self.w[e + 1],
            self.w[e + 2],
        ]))
    }

    /// Removes the head of input queue `q`; returns the remaining length.
    pub(super) fn pop(&mut self, l: &Layout, q: usize) -> usize {
        let h = self.get(l.qhdr(q));
        let (head, len) = ((h & 0xffff_ffff) as usize, (h >> 32) as usize);
        debug_assert!(len > 0);
        let head = (head + 1) % l.slots;
        self.set(l.qhdr(q), head as u64 | ((len - 1) as u64) << 32);
        len - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_restores_every_write_including_spilled_ones() {
        let l = Layout::new(4);
        let mut w: Box<[u64]> = (0..l.words(3) as u64).collect();
        w[l.qhdr(5)] = 0;
        let before = w.clone();
        let mut undo = TorusUndo::default();
        {
            let mut ws = Words::new(&mut w, &mut undo);
            for i in 0..20 {
                ws.set(i * 3 % 40, 1000 + i as u64);
            }
            ws.push(&l, 5, TorusMsg::packet(3, 8, 9, 10));
            ws.push(&l, 5, TorusMsg::packet(4, 8, 9, 10));
            assert_eq!(ws.front(&l, 5).unwrap().dst(), 3);
            assert_eq!(ws.pop(&l, 5), 1);
            assert_eq!(ws.front(&l, 5).unwrap().dst(), 4);
        }
        assert!(undo.len() > INLINE);
        assert_ne!(w, before);
        undo.undo(&mut w);
        assert_eq!(w, before);
    }

    #[test]
    fn a_node_state_round_trips_through_its_codec() {
        use crate::model::StateCodec;
        let l = Layout::new(3);
        let codec = NodeCodec {
            min_words: l.words(0),
        };
        let s = NodeState {
            w: (0..l.words(2) as u64)
                .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                .collect(),
        };
        let mut b = Vec::new();
        codec.put(&s, &mut b);
        assert_eq!(b.len(), l.words(2) * 8);
        assert_eq!(codec.get(&b), Some(s));
        assert_eq!(codec.get(&b[..b.len() - 3]), None, "not whole words");
        assert_eq!(codec.get(&b[..8 * (l.words(0) - 1)]), None, "too short");
    }

    #[test]
    fn queues_wrap_around() {
        let l = Layout::new(2);
        let mut w: Box<[u64]> = vec![0; l.words(0)].into();
        let mut undo = TorusUndo::default();
        let mut ws = Words::new(&mut w, &mut undo);
        for i in 0..10u32 {
            ws.push(&l, 17, TorusMsg::packet(i, 1, 0, 0));
            assert_eq!(ws.front(&l, 17).unwrap().dst(), i);
            assert_eq!(ws.pop(&l, 17), 0);
            assert!(ws.front(&l, 17).is_none());
        }
    }
}
