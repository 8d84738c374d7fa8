//! The location manager: where each element of an array lives, as far as
//! this PE knows. Every element has a home PE (its initial placement) that
//! always knows where it is; other PEs cache what they learn. See `README.md`.
//! [`Locations`] is one PE's table; `protocol` is how a PE forwards
//! messages, learns locations and moves elements.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::PeId;

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

/// One PE's knowledge of where the elements of one array live. Only
/// exceptions are stored: an element without an entry is assumed at home.
#[derive(Default)]
pub(crate) struct Locations {
    known: LinearMap<PeId>,
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
}
