//! A PE's events on their way out of it: to the other PEs of its process,
//! and in one batch per other process (counted). The earliest time among
//! them is kept: until their receivers take them they are in no pending
//! set, so the next window's start must count them.

use std::sync::atomic::Ordering::SeqCst;

use super::Shared;
use crate::dist::{Net, encode_wire};
use crate::engine::optimistic::control::Wire;
use crate::event::{Event, PendingSet};
use crate::model::MsgCodec;
use crate::partition::Partition;

pub(super) struct Outbox<M> {
    local: Vec<Vec<Event<M>>>,
    remote: Vec<Vec<u8>>,
    counts: Vec<u64>,
    /// The earliest event time (bits) handed out since the last [`Outbox::take_min`].
    min: u64,
}

impl<M: Copy> Outbox<M> {
    pub(super) fn new(sh: &Shared<M>) -> Self {
        Outbox {
            local: (0..sh.k).map(|_| Vec::new()).collect(),
            remote: vec![Vec::new(); sh.size],
            counts: vec![0; sh.size],
            min: u64::MAX,
        }
    }

    /// Hands `fresh` to their PEs: PE `me`'s pending set, a local PE's
    /// outbox, or the batch for another process (which needs `codec`).
    pub(super) fn route(
        &mut self,
        (sh, part, me): (&Shared<M>, &Partition, usize),
        codec: Option<&dyn MsgCodec<M>>,
        fresh: &mut Vec<Event<M>>,
        pending: &mut PendingSet<M>,
    ) {
        for ev in fresh.drain(..) {
            let pe = part.pe_of(ev.dst);
            if pe == me {
                pending.push(ev);
                continue;
            }
            self.min = self.min.min(ev.key.time_bits);
            if let Some(local) = pe.checked_sub(sh.first).filter(|&l| l < sh.k) {
                self.local[local].push(ev);
            } else {
                let codec =
                    codec.expect("validate() refuses models without a codec across processes");
                let p = pe / sh.k;
                if self.remote[p].is_empty() {
                    self.remote[p].extend_from_slice(&sh.epoch.load(SeqCst).to_le_bytes());
                }
                encode_wire(&mut self.remote[p], &Wire::Event(ev), codec);
                self.counts[p] += 1;
            }
        }
    }

    /// Places the local outboxes and sends the remote batches, counting them.
    pub(super) fn flush(&mut self, sh: &Shared<M>, net: &dyn Net) {
        for (pe, buf) in self.local.iter_mut().enumerate() {
            if !buf.is_empty() {
                sh.inboxes[pe].lock().append(buf);
            }
        }
        for p in 0..sh.size {
            if self.counts[p] > 0 {
                sh.sent_to[p].fetch_add(self.counts[p], SeqCst);
                self.counts[p] = 0;
                net.send(p as u32, std::mem::take(&mut self.remote[p]));
            }
        }
    }

    /// The earliest time (bits) handed out since the last call; resets it.
    pub(super) fn take_min(&mut self) -> u64 {
        std::mem::replace(&mut self.min, u64::MAX)
    }
}
