//! [`Bulk`]: large byte buffers that cross processes without being copied
//! into or out of message frames (arts's "zero-copy" message payloads).
//!
//! Serializing a message for another process ([`crate::wire::encode_message`])
//! opens a *sink*: each `Bulk` in the message hands the sink a reference to
//! its buffer and writes only its index. The transport sends those buffers
//! as they are, beside the frame, and the receiver's buffers become the
//! decoded `Bulk`s ([`crate::wire::decode_message`] opens a *source*).
//! Anywhere else (migration, checkpoints, dumps) a `Bulk` serializes its
//! bytes inline like a `Vec<u8>`.

use std::cell::RefCell;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A shared, immutable-unless-unique byte buffer for large message payloads.
///
/// Within a process a message holding a `Bulk` moves as a Rust value (no
/// copy); to another process the buffer is sent by the transport directly
/// from this memory and received into the memory the receiver's `Bulk`
/// owns. Cloning shares the buffer; [`Bulk::make_mut`] copies only if it is
/// shared.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Bulk(Arc<Vec<u8>>);

impl Bulk {
    /// Wraps `bytes` (no copy).
    pub fn new(bytes: Vec<u8>) -> Bulk {
        Bulk(Arc::new(bytes))
    }

    /// The bytes, mutable: copied first only if another `Bulk` shares them.
    pub fn make_mut(&mut self) -> &mut Vec<u8> {
        Arc::make_mut(&mut self.0)
    }

    /// The bytes as a vector: no copy unless the buffer is shared.
    pub fn into_vec(self) -> Vec<u8> {
        Arc::try_unwrap(self.0).unwrap_or_else(|shared| (*shared).clone())
    }
}

impl From<Vec<u8>> for Bulk {
    fn from(bytes: Vec<u8>) -> Bulk {
        Bulk::new(bytes)
    }
}

impl Deref for Bulk {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for Bulk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bulk({} bytes)", self.0.len())
    }
}

/// Buffers handed over beside a serialized message, in order of appearance.
pub type BulkBuffers = Vec<Arc<Vec<u8>>>;

thread_local! {
    /// Open while a message is serialized for the wire.
    static SINK: RefCell<Option<BulkBuffers>> = const { RefCell::new(None) };
    /// Open while a message received from the wire is decoded.
    static SOURCE: RefCell<Option<BulkBuffers>> = const { RefCell::new(None) };
}

/// Restores a thread-local slot when dropped (also on panic).
struct Restore(
    &'static std::thread::LocalKey<RefCell<Option<BulkBuffers>>>,
    Option<BulkBuffers>,
);

impl Drop for Restore {
    fn drop(&mut self) {
        let outer = self.1.take();
        self.0.with(|slot| *slot.borrow_mut() = outer);
    }
}

/// Runs `f` with a sink open; returns its result and what the sink got.
pub(crate) fn collect<R>(f: impl FnOnce() -> R) -> (R, BulkBuffers) {
    let outer = SINK.with(|s| s.replace(Some(Vec::new())));
    let guard = Restore(&SINK, outer);
    let r = f();
    let got = SINK.with(|s| s.borrow_mut().take()).unwrap_or_default();
    drop(guard);
    (r, got)
}

/// Empties the open sink (after a sizing pass, before the real one).
pub(crate) fn forget_collected() {
    SINK.with(|s| {
        if let Some(buffers) = s.borrow_mut().as_mut() {
            buffers.clear();
        }
    });
}

/// Runs `f` with `buffers` as the source of the `Bulk`s it decodes.
pub(crate) fn provide<R>(buffers: &[Arc<Vec<u8>>], f: impl FnOnce() -> R) -> R {
    let outer = SOURCE.with(|s| s.replace(Some(buffers.to_vec())));
    let _guard = Restore(&SOURCE, outer);
    f()
}

/// The bytes of an inline `Bulk`, written as one byte string.
struct Inline<'a>(&'a [u8]);

impl Serialize for Inline<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

impl Serialize for Bulk {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let side = SINK.with(|sink| {
            sink.borrow_mut().as_mut().map(|buffers| {
                buffers.push(self.0.clone());
                (buffers.len() - 1) as u32
            })
        });
        match side {
            Some(index) => s.serialize_newtype_variant("Bulk", 1, "Side", &index),
            None => s.serialize_newtype_variant("Bulk", 0, "Inline", &Inline(&self.0)),
        }
    }
}

/// The two forms a `Bulk` is written in (variant order matters: it matches
/// the indices in `Serialize for Bulk`).
#[derive(Deserialize)]
#[serde(rename = "Bulk")]
enum Repr {
    Inline(#[serde(with = "crate::wire::bytes")] Vec<u8>),
    Side(u32),
}

impl<'de> Deserialize<'de> for Bulk {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bulk, D::Error> {
        match Repr::deserialize(d)? {
            Repr::Inline(bytes) => Ok(Bulk::new(bytes)),
            Repr::Side(index) => SOURCE
                .with(|source| {
                    source
                        .borrow()
                        .as_ref()
                        .and_then(|b| b.get(index as usize).cloned())
                })
                .map(Bulk)
                .ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "bulk buffer {index} is missing (a message that refers to buffers \
                         sent beside it was decoded without them)"
                    ))
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Msg {
        step: u32,
        data: Bulk,
        more: Bulk,
    }

    fn msg() -> Msg {
        Msg {
            step: 3,
            data: Bulk::new(vec![7; 5000]),
            more: Bulk::new(vec![1, 2, 3]),
        }
    }

    #[test]
    fn messages_carry_bulk_buffers_beside_their_bytes() {
        let m = msg();
        let data_ptr = m.data.as_ptr();
        let wire = wire::encode_message(&m);
        assert!(wire.bytes.len() < 64, "the buffers are not in the bytes");
        assert_eq!(wire.bulk.len(), 2);
        assert_eq!(
            wire.bulk[0].as_ptr(),
            data_ptr,
            "sent from the sender's memory"
        );
        drop(m);
        let back: Msg = wire::decode_message(&wire).unwrap();
        drop(wire);
        assert_eq!(back, msg());
        assert_eq!(back.data.as_ptr(), data_ptr, "received without a copy");
    }

    #[test]
    fn elsewhere_a_bulk_is_written_inline() {
        let bytes = wire::encode(&msg());
        assert!(bytes.len() > 5000);
        assert_eq!(wire::decode::<Msg>(&bytes).unwrap(), msg());
    }

    #[test]
    fn a_side_buffer_missing_is_an_error_not_a_panic() {
        let wire = wire::encode_message(&msg());
        let err = wire::decode::<Msg>(&wire.bytes).unwrap_err();
        assert!(err.contains("bulk buffer 0 is missing"), "{err}");
    }

    #[test]
    fn make_mut_copies_only_shared_buffers() {
        let mut a = Bulk::new(vec![1, 2]);
        a.make_mut().push(3);
        assert_eq!(&a[..], &[1, 2, 3]);
        let p = a.as_ptr();
        let b = a.clone();
        a.make_mut()[0] = 9;
        assert_eq!((a[0], b[0]), (9, 1));
        let v = b.into_vec();
        assert_eq!(v.as_ptr(), p, "a unique buffer is not copied");
    }
}
