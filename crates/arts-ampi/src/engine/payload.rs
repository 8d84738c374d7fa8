//! [`Payload`]: a packet's bytes. Small ones ride inside the packet, so that
//! the latency-bound messages of MPI codes (a few numbers, or none: a
//! barrier) cost no allocation to send or to receive; larger ones are a
//! shared [`Bulk`], moved between PEs of a process and sent to another
//! process from its own memory.

use std::ops::Deref;

use arts_core::Bulk;
use serde::{Deserialize, Serialize};

/// The most bytes a packet carries inline.
pub const INLINE_BYTES: usize = 16;

/// A packet's bytes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Payload {
    /// At most [`INLINE_BYTES`], here.
    Inline {
        /// How many of `bytes` are the payload's.
        len: u8,
        /// The bytes, zero past `len`.
        #[serde(with = "inline_bytes")]
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

/// An inline payload's bytes written as one byte string: an array would be
/// written and read one element at a time, which cost about a fifth of a
/// cross-process ping-pong's time (`BENCHMARKS.md`, "AMPI packets across
/// processes").
mod inline_bytes {
    use super::INLINE_BYTES;
    use serde::{Deserializer, Serializer, de};

    pub fn serialize<S: Serializer>(bytes: &[u8; INLINE_BYTES], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(bytes)
    }

    struct Visitor;

    impl de::Visitor<'_> for Visitor {
        type Value = [u8; INLINE_BYTES];

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{INLINE_BYTES} bytes")
        }

        fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Self::Value, E> {
            v.try_into().map_err(|_| E::invalid_length(v.len(), &self))
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; INLINE_BYTES], D::Error> {
        d.deserialize_bytes(Visitor)
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
            let back: Payload = arts_core::wire::decode(&arts_core::wire::encode(&p)).unwrap();
            assert_eq!(&back[..], &data[..]);
            assert_eq!(p.into_vec(), data);
        }
    }

    #[test]
    fn inline_bytes_of_the_wrong_length_are_an_error() {
        // An `Inline` payload (variant 0) whose byte string has 3 bytes.
        let mut bytes = 0u32.to_le_bytes().to_vec();
        bytes.push(3);
        bytes.extend(3u64.to_le_bytes());
        bytes.extend([1, 2, 3]);
        let err = arts_core::wire::decode::<Payload>(&bytes)
            .unwrap_err()
            .to_string();
        assert!(err.contains("16 bytes"), "{err}");
    }
}
