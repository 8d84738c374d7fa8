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

use std::cell::Cell;
use std::fmt;
use std::ops::Deref;
use std::ptr::NonNull;
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

    /// The bytes, mutable, if no other `Bulk` shares them (else `None`):
    /// for reusing a buffer whose last holder is done with it.
    #[inline]
    pub fn get_mut(&mut self) -> Option<&mut Vec<u8>> {
        Arc::get_mut(&mut self.0)
    }

    /// Where the buffer's shared header is allocated (not its bytes: an
    /// empty buffer has a header and no bytes). For code that must know
    /// which memory a `Bulk` occupies, like AMPI's isomalloc.
    pub fn header_ptr(&self) -> *const u8 {
        Arc::as_ptr(&self.0).cast()
    }

    /// The bytes as a vector if no other `Bulk` shares them (else `self`).
    pub fn try_into_vec(self) -> Result<Vec<u8>, Bulk> {
        Arc::try_unwrap(self.0).map_err(Bulk)
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

/// Drops `buffers`, without a call when they own nothing: the common case on
/// the path of every small message, where the out-of-line drop of an empty
/// vector costs more than the rest of the step it ends.
#[inline(always)]
pub fn release(buffers: BulkBuffers) {
    if buffers.capacity() == 0 {
        // A vector without capacity owns no memory and no elements.
        std::mem::forget(buffers);
    } else {
        drop(buffers);
    }
}

/// The buffers a received message was decoded with.
type Received = [Arc<Vec<u8>>];

thread_local! {
    /// While a message is serialized for the wire: where its buffers go.
    static SINK: Cell<Option<NonNull<BulkBuffers>>> = const { Cell::new(None) };
    /// While a message received from the wire is decoded: its buffers.
    static SOURCE: Cell<Option<NonNull<Received>>> = const { Cell::new(None) };
}

/// Puts a thread-local slot back as it was when dropped (also on panic).
struct Restore<T: Copy + 'static>(&'static std::thread::LocalKey<Cell<T>>, T);

impl<T: Copy + 'static> Drop for Restore<T> {
    fn drop(&mut self) {
        self.0.set(self.1);
    }
}

/// Runs `f` with a sink open; returns its result and what the sink got.
pub(crate) fn collect<R>(f: impl FnOnce() -> R) -> (R, BulkBuffers) {
    let mut got = BulkBuffers::new();
    // `got` outlives the guard, which closes the sink before `got` is
    // touched again; only this thread, within `f`, writes through it.
    let guard = Restore(&SINK, SINK.replace(Some(NonNull::from(&mut got))));
    let r = f();
    drop(guard);
    (r, got)
}

/// Empties the open sink (after a sizing pass, before the real one).
pub(crate) fn forget_collected() {
    if let Some(mut sink) = SINK.get() {
        // SAFETY: an open sink points to `collect`'s live buffer list, and
        // nothing else borrows it while `f` runs.
        unsafe { sink.as_mut() }.clear();
    }
}

/// Runs `f` with `buffers` as the source of the `Bulk`s it decodes.
pub(crate) fn provide<R>(buffers: &Received, f: impl FnOnce() -> R) -> R {
    let _guard = Restore(&SOURCE, SOURCE.replace(Some(NonNull::from(buffers))));
    f()
}

/// The bytes of an inline `Bulk`, written as one byte string.
struct Inline<'a>(&'a [u8]);

impl Serialize for Inline<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// The largest `Bulk` written inline even into a message for another
/// process: sending it beside the frame would cost a second MPI message,
/// more than copying it in and out (4 KiB is Open MPI's shared-memory
/// eager limit).
pub(crate) const INLINE_MAX: usize = 4096;

impl Serialize for Bulk {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let sink = SINK.get().filter(|_| self.0.len() > INLINE_MAX);
        let side = sink.map(|mut sink| {
            // SAFETY: see `forget_collected`.
            let buffers = unsafe { sink.as_mut() };
            buffers.push(self.0.clone());
            (buffers.len() - 1) as u32
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
                .get()
                // SAFETY: an open source points to the slice `provide` was
                // given, alive while it runs.
                .and_then(|source| unsafe { source.as_ref() }.get(index as usize).cloned())
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
        assert!(
            wire.bytes.len() < 64,
            "the large buffer is not in the bytes"
        );
        assert_eq!(wire.bulk().len(), 1, "the small one is");
        assert_eq!(
            wire.bulk()[0].as_ptr(),
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
        let err = wire::decode::<Msg>(&wire.bytes).unwrap_err().to_string();
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
        let shared = Bulk::new(v);
        let other = shared.clone();
        let shared = shared.try_into_vec().expect_err("shared");
        drop(other);
        let mut shared = shared;
        let other = shared.clone();
        assert!(
            shared.get_mut().is_none(),
            "get_mut refuses a shared buffer"
        );
        drop(other);
        shared.get_mut().expect("unique").push(4);
        shared.make_mut().pop();
        let unique = shared.try_into_vec().unwrap();
        assert_eq!(unique.as_ptr(), p, "then unique");
    }
}
