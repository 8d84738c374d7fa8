//! Serialization of application data (messages, migrating elements) with
//! bincode: the "PUP" of arts.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::bulk::{self, BulkBuffers};

fn config() -> impl bincode::config::Config {
    bincode::config::legacy()
}

/// Serializes `value`.
pub fn encode<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    bincode::serde::encode_to_vec(value, config()).expect("serializing to memory cannot fail")
}

/// Room left after a serialized message for the header that frames it
/// when it crosses processes (`Envelope::into_frame`).
const FRAME_HEADROOM: usize = 96;

/// A bincode writer that appends to a vector.
struct Append<'a>(&'a mut Vec<u8>);

impl bincode::enc::write::Writer for Append<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), bincode::error::EncodeError> {
        self.0.extend_from_slice(bytes);
        Ok(())
    }
}

/// Appends the serialized `value` to `out`.
pub fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    bincode::serde::encode_into_writer(value, Append(out), config())
        .expect("serializing to memory cannot fail");
}

/// Most frame buffers a thread keeps for reuse.
const SPARE_BUFFERS: usize = 32;
/// Largest frame buffer kept for reuse, bytes.
const SPARE_CAPACITY: usize = 4096;

thread_local! {
    /// Buffers of this thread's sent frames, for its next messages: a PE
    /// frees the frames of its completed sends on its own thread.
    static SPARE: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// An empty buffer with room for `capacity` bytes, reused if one is spare.
fn frame_buffer(capacity: usize) -> Vec<u8> {
    match SPARE.with_borrow_mut(Vec::pop) {
        Some(mut b) if b.capacity() >= capacity => {
            b.clear();
            b
        }
        _ => Vec::with_capacity(capacity),
    }
}

/// Gives the buffer of a sent frame back for reuse by this thread's next
/// messages (small ones only; others are freed).
pub fn recycle(bytes: Vec<u8>) {
    if bytes.capacity() <= SPARE_CAPACITY {
        SPARE.with_borrow_mut(|spare| {
            if spare.len() < SPARE_BUFFERS {
                spare.push(bytes);
            }
        });
    }
}

/// A serialized application message: its bytes (with room left for a frame
/// header, so that sending it to another process copies nothing more) and
/// the [`crate::Bulk`] buffers that travel beside them. Small enough to sit
/// in an envelope without a box of its own.
#[derive(Clone, Debug, Default)]
pub struct WireMsg {
    /// The serialized message.
    pub bytes: Vec<u8>,
    /// Its bulk buffers, in the order the message refers to them (`None`
    /// when it has none, the common case).
    bulk: Option<Box<BulkBuffers>>,
}

impl WireMsg {
    /// A message of `bytes` with `bulk` buffers beside them.
    #[inline]
    pub fn new(bytes: Vec<u8>, bulk: BulkBuffers) -> WireMsg {
        let bulk = (!bulk.is_empty()).then(|| Box::new(bulk));
        WireMsg { bytes, bulk }
    }

    /// Its bulk buffers.
    pub fn bulk(&self) -> &[std::sync::Arc<Vec<u8>>] {
        self.bulk.as_deref().map_or(&[], Vec::as_slice)
    }

    /// Its bytes and bulk buffers.
    #[inline]
    pub fn into_parts(self) -> (Vec<u8>, BulkBuffers) {
        (self.bytes, self.bulk.map_or_else(Vec::new, |b| *b))
    }
}

/// Serializes an application message for another process: its
/// [`crate::Bulk`] fields are not copied but handed over beside the bytes.
pub fn encode_message<T: Serialize + ?Sized>(value: &T) -> WireMsg {
    let (bytes, buffers) = bulk::collect(|| {
        let n = size(value);
        bulk::forget_collected();
        let mut out = frame_buffer(n + FRAME_HEADROOM);
        encode_into(value, &mut out);
        out
    });
    WireMsg::new(bytes, buffers)
}

/// Serializes a chare message for another process: its compact form
/// ([`crate::Message::compact_len`]) if it has one, else as
/// [`encode_message`] does.
#[inline]
pub fn encode_chare_message<M: crate::Message>(msg: &M) -> WireMsg {
    match msg.compact_len() {
        Some(n) => {
            let mut out = frame_buffer(n + FRAME_HEADROOM);
            msg.write_compact(&mut out);
            WireMsg::new(out, Vec::new())
        }
        None => encode_message(msg),
    }
}

/// Reads a chare message that [`encode_chare_message`] wrote (its compact
/// form, or its serde form with `bulk` buffers beside it).
#[inline]
pub fn decode_chare_message<M: crate::Message>(
    bytes: &[u8],
    bulk: &[std::sync::Arc<Vec<u8>>],
) -> Result<M, WireError> {
    if let Some(compact) = M::decode_compact(bytes) {
        return compact;
    }
    match bulk {
        [] => decode(bytes),
        buffers => bulk::provide(buffers, || decode(bytes)),
    }
}

/// Why bytes from another PE could not be read: a frame (see `Envelope::into_frame`)
/// or a serialized value that is malformed, or a message that cannot be framed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum WireError {
    /// The serialized value (a message, header body or element state) is malformed.
    #[error("malformed serialized data: {0}")]
    Decode(String),
    /// The frame is shorter than its header says.
    #[error("truncated frame ({len} bytes)")]
    Truncated {
        /// The frame's length.
        len: usize,
    },
    /// The frame's header is of an unknown kind.
    #[error("unknown frame header kind {0}")]
    UnknownKind(u8),
    /// A fixed-size header has the wrong length.
    #[error("frame header of kind {kind} has {len} bytes")]
    HeaderLength {
        /// The header's kind.
        kind: u8,
        /// Its length.
        len: usize,
    },
    /// A header does not fit a frame (over 4 GiB).
    #[error("frame header too large")]
    HeaderTooLarge,
    /// A header names an application message the frame does not carry.
    #[error("the frame lacks the message its header names")]
    MissingPayload,
    /// A reduction partial names a custom reducer this process does not know.
    #[error("custom reducer `{0}` is not registered in this process")]
    UnknownReducer(String),
    /// An unserialized application message was to be framed (a runtime bug).
    #[error("an unserialized payload cannot leave its process")]
    LocalPayload,
    /// Array creation or shutdown was to be framed (a runtime bug).
    #[error("array creation and shutdown never leave their process")]
    StaysLocal,
}

/// Deserializes a message made by [`encode_message`]; its `Bulk` fields
/// take the received buffers without copying them.
pub fn decode_message<T: DeserializeOwned>(msg: &WireMsg) -> Result<T, WireError> {
    match msg.bulk() {
        // Without buffers the message refers to none.
        [] => decode(&msg.bytes),
        buffers => bulk::provide(buffers, || decode(&msg.bytes)),
    }
}

/// Deserializes a value; the error names what was wrong with the bytes.
///
/// Length prefixes are trusted only so far: the memory a decode may claim
/// for its containers is capped at 16 times the input's size class (16 MiB
/// for up to 1 MiB of input, then ×16 per class), so damaged or crafted
/// bytes cannot make it allocate without bound.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, WireError> {
    const MIB: usize = 1 << 20;
    let decoded = match bytes.len() {
        n if n <= MIB => decode_within(
            bytes,
            bincode::config::legacy().with_limit::<{ 16 * MIB }>(),
        ),
        n if n <= 16 * MIB => decode_within(
            bytes,
            bincode::config::legacy().with_limit::<{ 256 * MIB }>(),
        ),
        n if n <= 256 * MIB => decode_within(
            bytes,
            bincode::config::legacy().with_limit::<{ 4096 * MIB }>(),
        ),
        _ => decode_within(
            bytes,
            bincode::config::legacy().with_limit::<{ 65536 * MIB }>(),
        ),
    };
    decoded.map_err(|e| match e {
        bincode::error::DecodeError::LimitExceeded => WireError::Decode(format!(
            "a length prefix claims far more memory than {} bytes can hold",
            bytes.len()
        )),
        e => WireError::Decode(e.to_string()),
    })
}

fn decode_within<T: DeserializeOwned>(
    bytes: &[u8],
    config: impl bincode::config::Config,
) -> Result<T, bincode::error::DecodeError> {
    bincode::serde::decode_from_slice(bytes, config).map(|(v, _)| v)
}

/// The number of bytes `value` serializes to, without allocating.
pub fn size<T: Serialize + ?Sized>(value: &T) -> usize {
    let mut w = bincode::enc::write::SizeWriter::default();
    bincode::serde::encode_into_writer(value, &mut w, config())
        .expect("serializing to a counter cannot fail");
    w.bytes_written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_length_prefix_is_an_error_not_an_allocation() {
        // A string claiming u64::MAX / 2 bytes, followed by 3 bytes.
        let mut bytes = (u64::MAX / 2).to_le_bytes().to_vec();
        bytes.extend_from_slice(b"abc");
        let e = decode::<String>(&bytes).unwrap_err().to_string();
        assert!(e.contains("length prefix"), "{e}");
        assert!(decode::<Vec<u64>>(&bytes).is_err());
        // Large honest values still decode.
        let big = vec![7u8; 3 << 20];
        assert_eq!(decode::<Vec<u8>>(&encode(&big)).unwrap(), big);
    }

    #[test]
    fn byte_fields_round_trip() {
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct B(#[serde(with = "super::bytes")] Vec<u8>);
        let v = B((0..=255).collect());
        let back: B = decode(&encode(&v)).unwrap();
        assert_eq!(back, v);
        assert_eq!(size(&v), 8 + 256);
    }

    #[test]
    fn sent_frame_buffers_are_reused_when_large_enough() {
        let first = encode_message(&5u64);
        let ptr = first.bytes.as_ptr();
        recycle(first.into_parts().0);
        let again = encode_message(&6u64);
        assert_eq!(again.bytes.as_ptr(), ptr, "the recycled buffer was reused");
        assert_eq!(decode::<u64>(&again.bytes).unwrap(), 6);
        recycle(Vec::with_capacity(4));
        let big = encode_message(&vec![1u8; 64]);
        assert!(big.bytes.capacity() >= 72 + FRAME_HEADROOM);
        assert_eq!(decode::<Vec<u8>>(&big.bytes).unwrap(), vec![1u8; 64]);
        recycle(Vec::with_capacity(SPARE_CAPACITY + 1));
        assert!(SPARE.with_borrow(Vec::is_empty), "large buffers are freed");
    }

    #[test]
    fn round_trip_and_size() {
        let v = (7u32, vec![1.5f64, 2.5], String::from("x"));
        let bytes = encode(&v);
        assert_eq!(size(&v), bytes.len());
        let back: (u32, Vec<f64>, String) = decode(&bytes).unwrap();
        assert_eq!(back, v);
        assert!(decode::<(u32, Vec<f64>, String)>(&bytes[..5]).is_err());
    }
}

/// `#[serde(with = "arts_core::wire::bytes")]` for `Vec<u8>` fields: written
/// as one byte string (like `serde_bytes`) and read back with a single copy
/// out of the received buffer (bincode's owned path would zero a buffer and
/// then copy into it).
pub mod bytes {
    use serde::{Deserializer, Serializer};

    /// Serializes the bytes as one byte string.
    pub fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }

    struct Visitor;

    impl<'de> serde::de::Visitor<'de> for Visitor {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a byte string")
        }

        fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }

        fn visit_bytes<E>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }

        fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
            while let Some(b) = seq.next_element()? {
                out.push(b);
            }
            Ok(out)
        }
    }

    /// Deserializes a byte string.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_bytes(Visitor)
    }
}
