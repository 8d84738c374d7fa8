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
/// when it crosses processes (`Envelope::into_wire`).
const FRAME_HEADROOM: usize = 96;

/// Appends the serialized `value` to `out`.
pub fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    bincode::serde::encode_into_std_write(value, out, config())
        .expect("serializing to memory cannot fail");
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
    pub fn new(bytes: Vec<u8>, bulk: BulkBuffers) -> WireMsg {
        let bulk = (!bulk.is_empty()).then(|| Box::new(bulk));
        WireMsg { bytes, bulk }
    }

    /// Its bulk buffers.
    pub fn bulk(&self) -> &[std::sync::Arc<Vec<u8>>] {
        self.bulk.as_deref().map_or(&[], Vec::as_slice)
    }

    /// Its bytes and bulk buffers.
    pub fn into_parts(self) -> (Vec<u8>, BulkBuffers) {
        (self.bytes, self.bulk.map_or_else(Vec::new, |b| *b))
    }
}

/// Serializes an application message for another process: its
/// [`crate::Bulk`] fields are not copied but handed over beside the bytes.
pub fn encode_message<T: Serialize + ?Sized>(value: &T) -> WireMsg {
    let (bytes, buffers) = bulk::collect(|| {
        let mut out = Vec::with_capacity(size(value) + FRAME_HEADROOM);
        bulk::forget_collected();
        encode_into(value, &mut out);
        out
    });
    WireMsg::new(bytes, buffers)
}

/// Deserializes a message made by [`encode_message`]; its `Bulk` fields
/// take the received buffers without copying them.
pub fn decode_message<T: DeserializeOwned>(msg: &WireMsg) -> Result<T, String> {
    match msg.bulk() {
        // Without buffers the message refers to none.
        [] => decode(&msg.bytes),
        buffers => bulk::provide(buffers, || decode(&msg.bytes)),
    }
}

/// Deserializes a value; the error names what was wrong with the bytes.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    bincode::serde::decode_from_slice(bytes, config())
        .map(|(v, _)| v)
        .map_err(|e| e.to_string())
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
    fn byte_fields_round_trip() {
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct B(#[serde(with = "super::bytes")] Vec<u8>);
        let v = B((0..=255).collect());
        let back: B = decode(&encode(&v)).unwrap();
        assert_eq!(back, v);
        assert_eq!(size(&v), 8 + 256);
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
