//! What travels between PEs: an [`Envelope`] with a priority, the sending PE
//! and a [`Body`]. Bodies are plain data; the only type-erased parts are
//! application payloads, which are either moved as Rust values (within a
//! process) or carried as serialized bytes (across processes, or when the
//! runtime is asked to serialize everything for testing).

use std::any::Any;
use std::sync::Arc;

use crate::PeId;
use crate::reduction::{Callback, RedValue, Reducer};
use crate::store::ArrayFactory;

/// Identifies an object array within a run (creation order, same on every process).
pub type ArrayId = u32;

/// The global name of one array element: its array and row-major position.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct ObjId {
    /// The array.
    pub array: ArrayId,
    /// Row-major linear position of the element.
    pub linear: u64,
}

/// The sender id used for messages that come from the driver (the main program).
pub const DRIVER: PeId = PeId::MAX;

/// An application message: a Rust value moved between threads, or its
/// serialized bytes.
pub enum Payload {
    /// A boxed `Chare::Msg` moved without serialization.
    Local(Box<dyn Any + Send>),
    /// The serialized form of a `Chare::Msg` (bincode).
    Wire(Box<[u8]>),
}

/// Clones a boxed broadcast message (`Chare::Msg: Clone` is only required to broadcast).
pub type CloneFn = fn(&(dyn Any + Send)) -> Box<dyn Any + Send>;

/// Serializes a boxed message of the type the function was made for.
pub type EncodeFn = fn(&(dyn Any + Send)) -> Vec<u8>;

/// An application message broadcast to every element of an array.
pub struct BroadcastPayload {
    /// The message itself.
    pub payload: Payload,
    /// How to copy it for each element (for `Payload::Local`).
    pub clone: CloneFn,
    /// How to serialize it for PEs in other processes.
    pub encode: EncodeFn,
}

impl BroadcastPayload {
    /// A copy of the payload for one more recipient.
    pub fn copy(&self) -> Payload {
        match &self.payload {
            Payload::Local(b) => Payload::Local((self.clone)(b.as_ref())),
            Payload::Wire(bytes) => Payload::Wire(bytes.clone()),
        }
    }

    /// A copy for a recipient that needs `wire` (serialized) form or not.
    pub fn copy_for(&self, wire: bool) -> BroadcastPayload {
        let payload = match (&self.payload, wire) {
            (Payload::Local(b), true) => Payload::Wire((self.encode)(b.as_ref()).into()),
            _ => self.copy(),
        };
        BroadcastPayload {
            payload,
            clone: self.clone,
            encode: self.encode,
        }
    }
}

/// What an element is asked to do.
pub enum Call {
    /// Run `Chare::receive` with an application message.
    Msg(Payload),
    /// Run `Chare::reduction` with a reduction result.
    Reduction {
        /// The tag given to the callback.
        tag: u32,
        /// The reduced value (boxed: results are rare, envelopes small).
        value: Box<RedValue>,
    },
    /// Run `Chare::resume_from_sync` after a load-balancing step.
    ResumeFromSync,
}

/// What a broadcast asks every element of an array to do.
pub enum BroadcastCall {
    /// Run `Chare::receive` with a copy of the message.
    Msg(BroadcastPayload),
    /// Run `Chare::reduction` with a copy of the value.
    Reduction {
        /// The tag given to the callback.
        tag: u32,
        /// The reduced value.
        value: Box<RedValue>,
    },
    /// Run `Chare::resume_from_sync`.
    ResumeFromSync,
}

impl BroadcastCall {
    /// A copy of the call for another PE (`wire`: it is in another process).
    pub fn copy_for(&self, wire: bool) -> BroadcastCall {
        match self {
            BroadcastCall::Msg(p) => BroadcastCall::Msg(p.copy_for(wire)),
            BroadcastCall::Reduction { tag, value } => BroadcastCall::Reduction {
                tag: *tag,
                value: value.clone(),
            },
            BroadcastCall::ResumeFromSync => BroadcastCall::ResumeFromSync,
        }
    }
}

/// A contribution of one PE (or part of one) to reduction `red_no` of an array.
pub struct Partial {
    /// The combined value so far.
    pub value: RedValue,
    /// How many elements' contributions `value` combines.
    pub count: u64,
    /// How values are combined.
    pub reducer: Reducer,
    /// Where the result goes.
    pub callback: Callback,
}

/// A migrating element: its serialized state and runtime bookkeeping.
pub struct Migrant {
    /// The element's state, serialized with bincode.
    pub state: Vec<u8>,
    /// The next reduction number it will contribute to.
    pub red_no: u32,
    /// Whether it may be moved by the load balancer.
    pub migratable: bool,
    /// Whether it is waiting in `at_sync`.
    pub at_sync: bool,
    /// How many times it called `at_sync`.
    pub syncs: u32,
}

/// How to build one PE's share of a new array (opaque outside the runtime).
#[derive(Clone)]
pub struct ArrayCreation(pub(crate) Arc<dyn ArrayFactory>);

/// The body of an envelope.
pub enum Body {
    /// A call for one element, routed by the location manager.
    Entry {
        /// The element.
        to: ObjId,
        /// PEs that forwarded it so far (0 = sent straight to the right PE).
        hops: u16,
        /// What to run.
        call: Call,
    },
    /// A call for every element of `array` that lives on the receiving PE.
    Broadcast {
        /// The array.
        array: ArrayId,
        /// What to run.
        call: BroadcastCall,
    },
    /// A PE's contribution to a reduction, sent to the reduction root.
    ReductionPartial {
        /// The array.
        array: ArrayId,
        /// The reduction number.
        red_no: u32,
        /// The partial result.
        partial: Box<Partial>,
    },
    /// "Element `obj` now lives on `pe`": from the element's new PE to its
    /// home and to senders whose messages had to be forwarded.
    LocationUpdate {
        /// The element.
        obj: ObjId,
        /// Where it lives now.
        pe: PeId,
    },
    /// An element moving to the receiving PE.
    Migrate {
        /// The element.
        obj: ObjId,
        /// Its state.
        migrant: Migrant,
    },
    /// Create this PE's share of a new array (sent by the driver).
    CreateArray(ArrayCreation),
    /// Load-balancing control (see `lb`).
    Lb(crate::lb::LbMsg),
    /// Quiescence detection: report your counters for wave `wave`.
    QdProbe {
        /// Wave number.
        wave: u64,
    },
    /// Stop the scheduler loop.
    Shutdown,
}

impl Body {
    /// Whether quiescence detection counts this message (control traffic is not counted).
    pub fn counted(&self) -> bool {
        !matches!(self, Body::QdProbe { .. } | Body::Shutdown)
    }
}

/// A message between PEs.
pub struct Envelope {
    /// Priority (smaller first).
    pub prio: i32,
    /// The sending PE ([`DRIVER`] for the main program).
    pub src: PeId,
    /// What it carries.
    pub body: Body,
}

#[cfg(test)]
mod tests {
    /// Envelopes are moved through queues by value: keep them small.
    #[test]
    fn envelope_stays_small() {
        assert!(std::mem::size_of::<super::Envelope>() <= 64);
    }
}
