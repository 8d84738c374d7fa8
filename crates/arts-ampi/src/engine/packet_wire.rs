//! How a [`Packet`] is written when it leaves its process: its fields and
//! its inline bytes as one byte string, and its shared payload, if it has
//! one, beside it. Written field by field, a packet cost serde one call per
//! field each way, about a third more than one byte string
//! (`BENCHMARKS.md`, "AMPI packets as one byte string").
//!
//! The byte string: `src` (4 bytes), `seq` (8), `ctx` (4), `tag` (4),
//! `large` (1), the inline length (1; [`SHARED`] when the payload is
//! shared), then the inline bytes; integers little-endian.
//!
//! A packet with an inline payload is also written without serde, as this
//! byte string alone ([`Packet::write_compact`]): the compact form its
//! rank's message crosses processes in (`rank.rs`, `Message::compact_len`),
//! which saves the serde calls of a small message's two ends.

use std::fmt;

use arts_core::Bulk;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::{Deserialize, Serialize};

use super::packet::Packet;
use super::payload::{INLINE_BYTES, Payload};

/// Bytes before the inline payload.
const HEAD: usize = 22;

/// The inline length that marks a shared payload.
const SHARED: u8 = u8::MAX;

/// A byte slice written as one byte string.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

impl Serialize for Packet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut head = [0u8; HEAD + INLINE_BYTES];
        head[0..4].copy_from_slice(&self.src.to_le_bytes());
        head[4..12].copy_from_slice(&self.seq.to_le_bytes());
        head[12..16].copy_from_slice(&self.ctx.to_le_bytes());
        head[16..20].copy_from_slice(&self.tag.to_le_bytes());
        head[20] = u8::from(self.large);
        let (n, shared) = match &self.data {
            Payload::Inline { len, bytes } => {
                let len = usize::from(*len);
                head[21] = len as u8;
                head[HEAD..HEAD + len].copy_from_slice(&bytes[..len]);
                (HEAD + len, None)
            }
            Payload::Shared(b) => {
                head[21] = SHARED;
                (HEAD, Some(b))
            }
        };
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&Bytes(&head[..n]))?;
        t.serialize_element(&shared)?;
        t.end()
    }
}

impl Packet {
    /// Bytes of this packet's byte string when its payload is inline (the
    /// packet is then written whole, without serde: its compact form);
    /// `None` for a shared payload.
    #[inline]
    pub fn compact_len(&self) -> Option<usize> {
        match &self.data {
            Payload::Inline { len, .. } => Some(HEAD + usize::from(*len)),
            Payload::Shared(_) => None,
        }
    }

    /// Appends the byte string of this packet, whose payload is inline
    /// ([`Packet::compact_len`]), to `out`.
    #[inline]
    pub fn write_compact(&self, out: &mut Vec<u8>) {
        let Payload::Inline { len, bytes } = &self.data else {
            debug_assert!(false, "only a packet with an inline payload is compact");
            return;
        };
        out.extend_from_slice(&self.src.to_le_bytes());
        out.extend_from_slice(&self.seq.to_le_bytes());
        out.extend_from_slice(&self.ctx.to_le_bytes());
        out.extend_from_slice(&self.tag.to_le_bytes());
        out.push(u8::from(self.large));
        out.push(*len);
        out.extend_from_slice(&bytes[..usize::from(*len)]);
    }

    /// Reads a byte string that [`Packet::write_compact`] wrote.
    pub fn read_compact(b: &[u8]) -> Result<Packet, String> {
        let inline = usize::from(*b.get(21).unwrap_or(&0));
        if b.len() < HEAD || inline > INLINE_BYTES || b.len() != HEAD + inline {
            return Err(format!(
                "a compact packet of {} bytes whose payload length byte is {:?}: \
                 not one of {HEAD} bytes and that many inline bytes (at most {INLINE_BYTES})",
                b.len(),
                b.get(21)
            ));
        }
        let word = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"));
        let mut bytes = [0u8; INLINE_BYTES];
        bytes[..inline].copy_from_slice(&b[HEAD..]);
        Ok(Packet {
            src: word(0),
            seq: u64::from_le_bytes(b[4..12].try_into().expect("8 bytes")),
            ctx: word(12),
            tag: word(16) as i32,
            data: Payload::Inline {
                len: inline as u8,
                bytes,
            },
            large: b[20] != 0,
        })
    }
}

/// The byte string of a packet, read into a fixed buffer.
struct Head {
    bytes: [u8; HEAD + INLINE_BYTES],
    len: usize,
}

impl<'de> Deserialize<'de> for Head {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Head, D::Error> {
        struct HeadVisitor;
        impl Visitor<'_> for HeadVisitor {
            type Value = Head;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a packet of {HEAD} to {} bytes", HEAD + INLINE_BYTES)
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Head, E> {
                if !(HEAD..=HEAD + INLINE_BYTES).contains(&v.len()) {
                    return Err(E::invalid_length(v.len(), &self));
                }
                let mut bytes = [0u8; HEAD + INLINE_BYTES];
                bytes[..v.len()].copy_from_slice(v);
                Ok(Head {
                    bytes,
                    len: v.len(),
                })
            }
        }
        d.deserialize_bytes(HeadVisitor)
    }
}

impl<'de> Deserialize<'de> for Packet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Packet, D::Error> {
        struct PacketVisitor;
        impl<'de> Visitor<'de> for PacketVisitor {
            type Value = Packet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a packet: its byte string and its shared payload, if any")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Packet, A::Error> {
                let head: Head = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let shared: Option<Bulk> = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                let b = &head.bytes;
                let word = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
                let inline = usize::from(b[21]);
                let data = match (b[21], shared) {
                    (SHARED, Some(bulk)) if head.len == HEAD => Payload::Shared(bulk),
                    (_, None) if inline <= INLINE_BYTES && head.len == HEAD + inline => {
                        let mut bytes = [0u8; INLINE_BYTES];
                        bytes[..inline].copy_from_slice(&b[HEAD..HEAD + inline]);
                        Payload::Inline { len: b[21], bytes }
                    }
                    _ => {
                        return Err(de::Error::custom(format!(
                            "a packet of {} bytes whose payload length byte is {}: \
                             not an inline payload of that length, nor a shared one",
                            head.len, b[21]
                        )));
                    }
                };
                Ok(Packet {
                    src: word(0),
                    seq: u64::from_le_bytes(b[4..12].try_into().unwrap()),
                    ctx: word(12),
                    tag: word(16) as i32,
                    data,
                    large: b[20] != 0,
                })
            }
        }
        d.deserialize_tuple(2, PacketVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_core::wire;

    fn packet(data: &[u8], large: bool) -> Packet {
        Packet {
            src: 7,
            seq: u64::MAX - 3,
            ctx: 0x1234_5678,
            tag: -2,
            data: Payload::new(data),
            large,
        }
    }

    #[test]
    fn packets_round_trip_with_inline_and_shared_payloads() {
        for n in [0, 1, INLINE_BYTES, INLINE_BYTES + 1, 5000] {
            let data: Vec<u8> = (0..n).map(|i| i as u8 ^ 0x5a).collect();
            for large in [false, true] {
                let p = packet(&data, large);
                let back: Packet = wire::decode(&wire::encode(&p)).unwrap();
                assert_eq!(
                    (back.src, back.seq, back.ctx, back.tag),
                    (7, u64::MAX - 3, 0x1234_5678, -2)
                );
                assert_eq!(back.large, large);
                assert_eq!(&back.data[..], &data[..], "{n} bytes");
                assert_eq!(back.data.shared().is_some(), n > INLINE_BYTES);
            }
        }
    }

    #[test]
    fn inline_packets_round_trip_in_their_compact_form() {
        for n in [0, 1, INLINE_BYTES] {
            let data: Vec<u8> = (0..n).map(|i| i as u8 ^ 0x3c).collect();
            for large in [false, true] {
                let p = packet(&data, large);
                let len = p.compact_len().expect("an inline payload is compact");
                let mut out = vec![9];
                p.write_compact(&mut out);
                assert_eq!(out.len(), 1 + len);
                let back = Packet::read_compact(&out[1..]).unwrap();
                assert_eq!(
                    (back.src, back.seq, back.ctx, back.tag, back.large),
                    (7, u64::MAX - 3, 0x1234_5678, -2, large)
                );
                assert_eq!(&back.data[..], &data[..]);
                // Cut short, or one byte too long: an error naming the length.
                assert!(Packet::read_compact(&out[1..len]).is_err());
                out.push(0);
                let err = Packet::read_compact(&out[1..]).unwrap_err();
                assert!(err.contains(&format!("{} bytes", len + 1)), "{err}");
            }
        }
        assert_eq!(packet(&[0; INLINE_BYTES + 1], false).compact_len(), None);
    }

    #[test]
    fn a_damaged_packet_is_an_error_not_a_panic() {
        let good = wire::encode(&packet(&[1, 2, 3], false));
        // The length byte says 9 inline bytes, the string holds 3.
        let mut wrong_len = good.clone();
        wrong_len[8 + 21] = 9;
        // The length byte says shared, and no shared payload follows.
        let mut no_shared = good.clone();
        no_shared[8 + 21] = SHARED;
        for bytes in [
            &good[..5],
            &good[..good.len() - 1],
            &wrong_len[..],
            &no_shared[..],
        ] {
            assert!(wire::decode::<Packet>(bytes).is_err());
        }
        // A byte string too short to be a packet.
        let short = wire::encode(&(Bytes(&[0u8; 4]), Option::<Bulk>::None));
        let err = wire::decode::<Packet>(&short).unwrap_err().to_string();
        assert!(err.contains("a packet of 22 to 38 bytes"), "{err}");
    }
}
