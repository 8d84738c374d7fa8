//! [`Payload`]: a packet's bytes. Small ones ride inside the packet, so that
//! the latency-bound messages of MPI codes (a few numbers, or none: a
//! barrier) cost no allocation to send or to receive; larger ones are a
//! shared [`Bulk`], moved between PEs of a process and sent to another
//! process from its own memory.

use std::ops::Deref;

use arts_core::Bulk;

/// The most bytes a packet carries inline.
pub const INLINE_BYTES: usize = 16;

/// A packet's bytes.
#[derive(Clone, Debug)]
pub enum Payload {
    /// At most [`INLINE_BYTES`], here.
    Inline {
        /// How many of `bytes` are the payload's.
        len: u8,
        /// The bytes, zero past `len`.
        bytes: [u8; INLINE_BYTES],
    },
    /// More, in a shared buffer (in system memory, never in a rank's slot).
    Shared(Bulk),
}

impl Payload {
    /// A copy of `data`: inline if it fits, else in a shared buffer (one
    /// of this thread's pool, `pool.rs`, or a new one).
    #[inline]
    pub fn new(data: &[u8]) -> Payload {
        if data.len() <= INLINE_BYTES {
            Payload::Inline {
                len: data.len() as u8,
                bytes: inline(data),
            }
        } else {
            Payload::Shared(super::pool::bulk_of(data))
        }
    }

    /// Ends the payload once its bytes were copied out: a shared buffer
    /// no one else holds goes back to this thread's pool for the next
    /// message sent from it.
    #[inline]
    pub fn recycle(self) {
        if let Payload::Shared(b) = self {
            super::pool::recycle(b);
        }
    }

    /// The bytes as a vector (a shared buffer's without a copy when no one
    /// else holds it).
    pub fn into_vec(self) -> Vec<u8> {
        match self {
            Payload::Inline { len, bytes } => bytes[..usize::from(len)].to_vec(),
            Payload::Shared(b) => b.into_vec(),
        }
    }

    /// The shared buffer, if the bytes are in one.
    pub fn shared(&self) -> Option<&Bulk> {
        match self {
            Payload::Inline { .. } => None,
            Payload::Shared(b) => Some(b),
        }
    }
}

/// `data` (at most [`INLINE_BYTES`]) zero-padded to [`INLINE_BYTES`],
/// put together in registers from a few fixed-size loads: a copy of a
/// variable length went through memory in pieces that the packet's
/// 16-byte moves then read back (a store-forwarding stall on every
/// message sent).
#[inline]
fn inline(data: &[u8]) -> [u8; INLINE_BYTES] {
    let n = data.len();
    debug_assert!(n <= INLINE_BYTES);
    let word = |at: usize| u64::from_le_bytes(data[at..at + 8].try_into().expect("8 bytes"));
    let half = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().expect("4 bytes"));
    let value: u128 = match n {
        // The last 8 bytes (overlapping the first 8) shifted down to
        // where bytes 8.. go.
        9..=16 => u128::from(word(0)) | u128::from(word(n - 8) >> (8 * (16 - n))) << 64,
        8 => u128::from(word(0)),
        // Two overlapping halves: the bytes they share are the same.
        4..=7 => u128::from(half(0)) | u128::from(half(n - 4)) << (8 * (n - 4)),
        1..=3 => {
            let byte = |i: usize| u128::from(data[i]) << (8 * i);
            byte(0) | byte(n / 2) | byte(n - 1)
        }
        _ => 0,
    };
    value.to_le_bytes()
}

impl Deref for Payload {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Payload::Inline { len, bytes } => &bytes[..usize::from(*len)],
            Payload::Shared(b) => b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_bytes_ride_inline_and_larger_ones_are_shared() {
        for n in [0, 1, INLINE_BYTES, INLINE_BYTES + 1, 5000] {
            let data: Vec<u8> = (0..n).map(|i| i as u8 ^ 0x5a).collect();
            let p = Payload::new(&data);
            assert_eq!(&p[..], &data[..]);
            assert_eq!(p.shared().is_some(), n > INLINE_BYTES, "{n} bytes");
            assert_eq!(p.into_vec(), data);
        }
    }

    #[test]
    fn every_inline_length_keeps_its_bytes_in_place_and_zeros_after() {
        for n in 0..=INLINE_BYTES {
            let data: Vec<u8> = (0..n).map(|i| 0xa0 ^ (i as u8 * 7 + 1)).collect();
            let Payload::Inline { len, bytes } = Payload::new(&data) else {
                panic!("{n} bytes are inline");
            };
            assert_eq!(usize::from(len), n);
            assert_eq!(&bytes[..n], &data[..], "{n} bytes");
            assert!(bytes[n..].iter().all(|&b| b == 0), "{n} bytes: {bytes:?}");
        }
    }
}
