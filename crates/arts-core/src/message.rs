//! [`Message`]: what a chare's message type provides, and [`WireSize`], the
//! sizes it reports without serializing. Write `#[arts_core::message]` on
//! the message enum and both are generated:
//!
//! ```
//! use arts_core::{Message, message};
//!
//! #[message]
//! #[derive(Clone, Debug)]
//! enum Halo {
//!     Start,
//!     Ghost { iter: u32, data: Vec<f64> },
//! }
//!
//! let m = Halo::Ghost { iter: 3, data: vec![0.0; 10] };
//! assert_eq!(m.entry_name(), "ghost");
//! assert_eq!(m.size(), 1 + 4 + (8 + 80)); // variant, u32, length + 10 f64
//! assert_eq!(Halo::Start.entry_name(), "start");
//! ```

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::bulk::Bulk;
use crate::index::Index;

/// A message a chare receives: serializable (to cross processes and to
/// migrate with queued state), with the name of the entry method it invokes
/// and its size in bytes for the communication graph. `#[message]`
/// implements it; plain numbers implement it as `"receive"`.
pub trait Message: Serialize + DeserializeOwned + Send + 'static {
    /// The entry method this message invokes (for traces and errors).
    fn entry_name(&self) -> &'static str {
        "receive"
    }

    /// The message's size in bytes, for the communication graph.
    fn size(&self) -> usize {
        crate::wire::size(self)
    }

    /// Bytes of this message's compact form, if it has one: a hand-written
    /// form for another process that skips serde (AMPI's small packets, on
    /// the path of every cross-process ping-pong). `None` (the default):
    /// the message crosses processes in its serde form.
    #[inline]
    fn compact_len(&self) -> Option<usize> {
        None
    }

    /// Appends the compact form, of [`Message::compact_len`] bytes, to
    /// `out`. Called only when `compact_len` is `Some`. The form must be
    /// one that [`Message::decode_compact`] tells apart from the serde form
    /// (for an enum, a first byte no variant index starts with).
    fn write_compact(&self, out: &mut Vec<u8>) {
        let _ = out;
    }

    /// Reads a compact form: `None` when `bytes` are not one (they are then
    /// read as the serde form), else the message or why the form is damaged.
    #[inline]
    fn decode_compact(bytes: &[u8]) -> Option<Result<Self, crate::wire::WireError>>
    where
        Self: Sized,
    {
        let _ = bytes;
        None
    }
}

macro_rules! plain_messages {
    ($($t:ty),*) => {$(
        impl Message for $t {
            fn size(&self) -> usize {
                self.wire_size()
            }
        }
    )*};
}
plain_messages!((), bool, u8, u16, u32, u64, i32, i64, f32, f64);

/// The size of a value in serialized form, computed without serializing
/// (fixed-width numbers, an 8-byte length in front of sequences).
pub trait WireSize {
    /// Bytes of the value's serialized form.
    fn wire_size(&self) -> usize;
}

macro_rules! fixed_size {
    ($($t:ty),*) => {$(
        impl WireSize for $t {
            #[inline]
            fn wire_size(&self) -> usize {
                std::mem::size_of::<$t>()
            }
        }
    )*};
}
fixed_size!(
    (),
    bool,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    f32,
    f64,
    char
);

impl<T: WireSize> WireSize for Vec<T> {
    fn wire_size(&self) -> usize {
        8 + self.iter().map(WireSize::wire_size).sum::<usize>()
    }
}

impl<T: WireSize> WireSize for Box<T> {
    fn wire_size(&self) -> usize {
        (**self).wire_size()
    }
}

impl<T: WireSize> WireSize for Option<T> {
    fn wire_size(&self) -> usize {
        1 + self.as_ref().map_or(0, WireSize::wire_size)
    }
}

impl<A: WireSize, B: WireSize> WireSize for (A, B) {
    fn wire_size(&self) -> usize {
        self.0.wire_size() + self.1.wire_size()
    }
}

impl WireSize for String {
    fn wire_size(&self) -> usize {
        8 + self.len()
    }
}

impl WireSize for Bulk {
    fn wire_size(&self) -> usize {
        8 + self.len()
    }
}

impl WireSize for Index {
    fn wire_size(&self) -> usize {
        16
    }
}

impl<A> WireSize for crate::chare::Element<A> {
    fn wire_size(&self) -> usize {
        12
    }
}

/// What the `#[message]` expansion uses; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use serde;

    /// A field whose size is wanted.
    pub struct Sized<'a, T>(pub &'a T);

    /// Chosen first (autoref): the field's type has [`super::WireSize`].
    pub trait ByWireSize {
        /// The field's size.
        fn bytes(&self) -> usize;
    }
    impl<T: super::WireSize> ByWireSize for &Sized<'_, T> {
        #[inline]
        fn bytes(&self) -> usize {
            self.0.wire_size()
        }
    }

    /// The fallback: the field's serialized size.
    pub trait BySerde {
        /// The field's size.
        fn bytes(&self) -> usize;
    }
    impl<T: serde::Serialize> BySerde for Sized<'_, T> {
        fn bytes(&self) -> usize {
            crate::wire::size(self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    enum Side {
        North,
        South,
    }

    #[arts_core::message]
    #[derive(Debug, PartialEq)]
    enum Msg {
        Start,
        Ghost { side: Side, data: Vec<f64> },
        Payload(u64, Bulk),
        LongName(#[serde(with = "crate::wire::bytes")] Vec<u8>),
    }

    #[arts_core::message]
    struct Point {
        x: f64,
        y: f64,
    }

    #[test]
    fn entry_names_follow_variants() {
        assert_eq!(Msg::Start.entry_name(), "start");
        assert_eq!(Msg::LongName(vec![]).entry_name(), "long_name");
        assert_eq!(Point { x: 0.0, y: 1.0 }.entry_name(), "point");
        assert_eq!(5u64.entry_name(), "receive");
    }

    #[test]
    fn sizes_count_fields_without_serializing() {
        let ghost = Msg::Ghost {
            side: Side::South,
            data: vec![1.0; 4],
        };
        // variant byte + Side (no WireSize: its serialized size) + 8 + 4 * 8
        assert_eq!(ghost.size(), 1 + crate::wire::size(&Side::South) + 8 + 32);
        assert_eq!(
            Msg::Payload(1, Bulk::from(vec![0u8; 100])).size(),
            1 + 8 + 108
        );
        assert_eq!(Point { x: 0.0, y: 0.0 }.size(), 16);
        assert_eq!(7u32.size(), 4);
        assert_ne!(Side::North, Side::South);
    }

    #[test]
    fn messages_round_trip_through_serde() {
        let m = Msg::LongName(vec![1, 2, 3]);
        let bytes = crate::wire::encode(&m);
        let back: Msg = crate::wire::decode(&bytes).unwrap();
        assert_eq!(back, m);
    }
}
