//! The location manager: where each element of an array lives, as far as
//! this PE knows. Every element has a home PE (its initial placement) that
//! always knows where it is; other PEs cache what they learn. See `README.md`.
//! [`Locations`] is one PE's table; `protocol` is how a PE forwards
//! messages, learns locations and moves elements.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::PeId;
use crate::envelope::Entry;

mod protocol;

/// Hasher for dense integer keys: the key is the hash.
#[derive(Default)]
pub(crate) struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        // Spread the bits so that hashbrown's top-7-bit tags differ for
        // consecutive keys.
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A hash map keyed by linear element positions.
pub(crate) type LinearMap<V> = HashMap<u64, V, BuildHasherDefault<IdentityHasher>>;

/// A message held for an element announced to arrive here: its priority,
/// its original sender, the message.
pub(crate) type Held = (i32, PeId, Entry<'static>);

/// One PE's knowledge of where the elements of one array live. Only
/// exceptions are stored: an element without an entry is assumed at home.
#[derive(Default)]
pub(crate) struct Locations {
    known: LinearMap<PeId>,
    /// Elements a load-balancing step moves here that have not arrived
    /// yet, with the messages that reached this PE before them (rule 6 of
    /// `README.md`).
    arriving: LinearMap<Vec<Held>>,
}

impl Locations {
    /// Where to send a message for `linear`: the known location, else `home`.
    #[inline]
    pub(crate) fn lookup(&self, linear: u64, home: PeId) -> PeId {
        if self.known.is_empty() {
            return home;
        }
        self.known.get(&linear).copied().unwrap_or(home)
    }

    /// Records that `linear` lives on `pe` (an entry equal to home is dropped).
    pub(crate) fn set(&mut self, linear: u64, pe: PeId, home: PeId) {
        if pe == home {
            self.known.remove(&linear);
        } else {
            self.known.insert(linear, pe);
        }
    }

    /// `linear` will arrive here (a load-balancing step moves it here):
    /// messages for it wait for it instead of being forwarded.
    pub(crate) fn expect(&mut self, linear: u64) {
        self.arriving.entry(linear).or_default();
    }

    /// Holds `msg` for `linear` if it is expected here; else gives it back.
    #[inline]
    pub(crate) fn hold(&mut self, linear: u64, msg: Held) -> Option<Held> {
        match self.arriving.get_mut(&linear) {
            Some(held) => {
                held.push(msg);
                None
            }
            None => Some(msg),
        }
    }

    /// `linear` arrived: the messages held for it, in arrival order.
    #[inline]
    pub(crate) fn arrived(&mut self, linear: u64) -> Vec<Held> {
        if self.arriving.is_empty() {
            return Vec::new();
        }
        self.arriving.remove(&linear).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_to_home_and_records_exceptions() {
        let mut l = Locations::default();
        assert_eq!(l.lookup(5, 2), 2);
        l.set(5, 3, 2);
        assert_eq!(l.lookup(5, 2), 3);
        l.set(5, 2, 2);
        assert_eq!(l.lookup(5, 2), 2);
        assert!(l.known.is_empty());
    }

    #[test]
    fn messages_for_an_expected_element_are_held_until_it_arrives() {
        use crate::pe::testing::entry;
        let mut l = Locations::default();
        assert!(l.hold(4, (0, 1, entry(4, 0, 7))).is_some(), "not expected");
        l.expect(4);
        assert!(l.hold(4, (0, 1, entry(4, 0, 7))).is_none());
        assert!(l.hold(4, (3, 2, entry(4, 0, 8))).is_none());
        let held: Vec<(i32, PeId)> = l.arrived(4).iter().map(|h| (h.0, h.1)).collect();
        assert_eq!(
            held,
            vec![(0, 1), (3, 2)],
            "in order, sender and priority kept"
        );
        assert!(l.arrived(4).is_empty());
        assert!(
            l.hold(4, (0, 1, entry(4, 0, 9))).is_some(),
            "no longer expected"
        );
    }
}
