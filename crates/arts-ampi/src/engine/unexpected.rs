//! Messages that arrived before any receive matched them, queued per
//! (context, sender) in arrival order. A receive that names its sender
//! searches that sender's queue alone — a collective step's receive finds
//! its message first in line however many later collectives' messages
//! wait behind or beside it — and a wildcard receive takes the earliest
//! arrival among every sender's first match, so MPI's matching order is
//! the one a single arrival-ordered list would give.

use std::collections::VecDeque;

use super::packet::Packet;
use super::{Posted, RankMap};

/// Queues kept when they empty (a sender that sent one unexpected message
/// is likely to send more); beyond this many, an emptied queue is dropped.
const KEEP_EMPTY: usize = 64;

/// Where a waiting message is: its queue and its place there.
#[derive(Clone, Copy, Debug)]
pub(super) struct At {
    key: (u32, u32),
    index: usize,
}

/// The unmatched messages of one rank.
#[derive(Default)]
pub(super) struct Unexpected {
    /// By (context, sender): (arrival number, message), oldest first.
    queues: RankMap<(u32, u32), VecDeque<(u64, Packet)>>,
    arrivals: u64,
    len: usize,
}

impl Unexpected {
    /// Adds a message that matched no posted receive.
    pub(super) fn push(&mut self, p: Packet) {
        self.arrivals += 1;
        self.len += 1;
        let q = self.queues.entry((p.ctx, p.src)).or_default();
        q.push_back((self.arrivals, p));
    }

    /// The earliest-arrived message `m` matches.
    pub(super) fn find(&self, m: &Posted) -> Option<At> {
        if self.len == 0 {
            return None;
        }
        let first = |key: (u32, u32), q: &VecDeque<(u64, Packet)>| {
            let index = q.iter().position(|(_, p)| m.matches(p))?;
            Some((q[index].0, At { key, index }))
        };
        match m.src {
            Some(src) => {
                let key = (m.ctx, src);
                first(key, self.queues.get(&key)?).map(|(_, at)| at)
            }
            None => self
                .queues
                .iter()
                .filter(|(key, q)| key.0 == m.ctx && !q.is_empty())
                .filter_map(|(key, q)| first(*key, q))
                .min_by_key(|(arrival, _)| *arrival)
                .map(|(_, at)| at),
        }
    }

    /// The message at `at` (from [`Unexpected::find`], nothing taken since).
    pub(super) fn get(&self, at: At) -> &Packet {
        &self.queues[&at.key][at.index].1
    }

    /// Takes the message at `at` (from [`Unexpected::find`], nothing taken since).
    pub(super) fn take(&mut self, at: At) -> Packet {
        let q = self.queues.get_mut(&at.key).expect("found queue");
        let (_, p) = q.remove(at.index).expect("found message");
        if q.is_empty() && self.queues.len() > KEEP_EMPTY {
            self.queues.remove(&at.key);
        }
        self.len -= 1;
        p
    }

    /// Takes the earliest-arrived message `m` matches.
    pub(super) fn take_matching(&mut self, m: &Posted) -> Option<Packet> {
        let at = self.find(m)?;
        Some(self.take(at))
    }

    /// Number of waiting messages.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Every waiting message (in no particular order).
    pub(super) fn iter(&self) -> impl Iterator<Item = &Packet> {
        self.queues.values().flatten().map(|(_, p)| p)
    }

    /// Every waiting message, to change in place (in no particular order).
    pub(super) fn iter_mut(&mut self) -> impl Iterator<Item = &mut Packet> {
        self.queues.values_mut().flatten().map(|(_, p)| p)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Payload, Target};
    use super::*;

    fn packet(ctx: u32, src: u32, tag: i32) -> Packet {
        Packet {
            src,
            seq: 0,
            ctx,
            tag,
            data: Payload::new(&[]),
            large: false,
        }
    }

    fn posted(ctx: u32, src: Option<u32>, tag: Option<i32>) -> Posted {
        Posted {
            ctx,
            src,
            tag,
            target: Target::User(0),
        }
    }

    #[test]
    fn a_named_sender_is_searched_alone_and_wildcards_take_the_earliest_arrival() {
        let mut u = Unexpected::default();
        for (src, tag) in [(1, 5), (2, 7), (1, 7), (3, 5), (2, 5)] {
            u.push(packet(4, src, tag));
        }
        u.push(packet(6, 1, 5)); // another context
        assert_eq!(u.len(), 6);
        let take = |u: &mut Unexpected, src, tag| {
            u.take_matching(&posted(4, src, tag))
                .map(|p| (p.src, p.tag))
        };
        assert_eq!(take(&mut u, Some(2), Some(5)), Some((2, 5)));
        assert_eq!(
            take(&mut u, None, Some(7)),
            Some((2, 7)),
            "arrived before (1, 7)"
        );
        assert_eq!(take(&mut u, None, None), Some((1, 5)));
        assert_eq!(take(&mut u, Some(3), None), Some((3, 5)));
        assert_eq!(take(&mut u, Some(3), None), None);
        assert_eq!(take(&mut u, None, None), Some((1, 7)));
        assert_eq!(take(&mut u, None, None), None, "context 6 is apart");
        assert_eq!(u.len(), 1);
        let at = u.find(&posted(6, None, Some(5))).expect("waiting");
        assert_eq!(u.get(at).ctx, 6);
        assert_eq!(u.iter().count(), 1);
    }

    #[test]
    fn emptied_queues_beyond_the_kept_number_are_dropped() {
        let mut u = Unexpected::default();
        let n = KEEP_EMPTY as u32 * 2;
        for src in 0..n {
            u.push(packet(0, src, 0));
        }
        for src in 0..n {
            assert!(u.take_matching(&posted(0, Some(src), None)).is_some());
        }
        assert_eq!(u.len(), 0);
        assert_eq!(u.queues.len(), KEEP_EMPTY);
        assert!(u.find(&posted(0, None, None)).is_none());
    }
}
