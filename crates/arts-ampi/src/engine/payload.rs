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
    /// A copy of `data`: inline if it fits, else in a new shared buffer.
    #[inline]
    pub fn new(data: &[u8]) -> Payload {
        if data.len() <= INLINE_BYTES {
            let mut bytes = [0u8; INLINE_BYTES];
            bytes[..data.len()].copy_from_slice(data);
            Payload::Inline {
                len: data.len() as u8,
                bytes,
            }
        } else {
            Payload::Shared(crate::iso::outside(|| Bulk::new(data.to_vec())))
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
}
