//! What travels between PEs: a [`Parcel`] with a priority, the sending PE
//! and a body. Bodies are plain data; the only type-erased parts are
//! application payloads, which are moved as Rust values (within a process),
//! carried as serialized bytes (across processes, or when the runtime is
//! asked to serialize everything for testing), or borrowed from the frame
//! they arrived in (a message from another process that runs at once).
//!
//! An element message has one form, `Entry`: the body of an [`Envelope`]
//! in queues and mailboxes, what `frame` writes and reads between processes,
//! and what a store runs, whether its payload is owned or still in the
//! transport's receive buffer. Only [`Parcel`] (opaque) is seen by
//! transports: they turn it into a frame ([`Parcel::into_frame`]) and hand
//! frames they receive to the PE (`transport::Arrival`).

use std::any::Any;
use std::sync::Arc;

use crate::PeId;
use crate::control::LbMsg;
use crate::reduction::{RedValue, Tag};
use crate::wire::WireMsg;

pub(crate) use crate::ids::{ArrayId, ObjId};
pub(crate) use crate::reduction::Partial;

/// The sender id used for messages that come from the driver (the main program).
pub(crate) const DRIVER: PeId = PeId::MAX;

/// An application message: a Rust value moved between threads, or its
/// serialized bytes, owned or borrowed from the frame they arrived in.
pub(crate) enum Payload<'a> {
    /// A boxed `Chare::Msg` moved without serialization.
    Local(Box<dyn Any + Send>),
    /// The serialized form of a `Chare::Msg` (bincode, made with
    /// [`crate::wire::encode_message`]).
    Wire(WireMsg),
    /// The serialized form of a `Chare::Msg` without bulk buffers, still in
    /// the transport's receive buffer (see `Pe::accept`).
    InFrame(&'a [u8]),
}

impl Payload<'_> {
    /// The payload, owning its bytes (copied out of the frame if borrowed).
    pub(crate) fn into_owned(self) -> Payload<'static> {
        match self {
            Payload::Local(b) => Payload::Local(b),
            Payload::Wire(w) => Payload::Wire(w),
            Payload::InFrame(b) => Payload::Wire(WireMsg::new(b.to_vec(), Vec::new())),
        }
    }
}

/// Clones a boxed broadcast message (`Chare::Msg: Clone` is only required to broadcast).
pub(crate) type CloneFn = fn(&(dyn Any + Send)) -> Box<dyn Any + Send>;

/// Serializes a boxed message of the type the function was made for.
pub(crate) type EncodeFn = fn(&(dyn Any + Send)) -> WireMsg;

/// The [`CloneFn`] for messages of type `M`.
pub(crate) fn clone_boxed<M: Clone + Send + 'static>(b: &(dyn Any + Send)) -> Box<dyn Any + Send> {
    Box::new(
        b.downcast_ref::<M>()
            .expect("a boxed message has the type its functions were made for")
            .clone(),
    )
}

/// The [`EncodeFn`] for messages of type `M`.
pub(crate) fn encode_boxed<M: crate::Message>(b: &(dyn Any + Send)) -> WireMsg {
    crate::wire::encode_chare_message(
        b.downcast_ref::<M>()
            .expect("a boxed message has the type its functions were made for"),
    )
}

/// An application message broadcast to every element of an array.
pub(crate) enum BroadcastPayload {
    /// A Rust value, with how to copy it for each element and serialize it
    /// for other processes.
    Local {
        /// The message.
        msg: Box<dyn Any + Send>,
        /// Copies it.
        clone: CloneFn,
        /// Serializes it.
        encode: EncodeFn,
    },
    /// The serialized message (boxed to keep envelopes small; broadcasts
    /// are rare).
    Wire(Box<WireMsg>),
}

impl BroadcastPayload {
    /// A copy for a PE that needs `wire` (serialized) form or not.
    pub(crate) fn copy_for(&self, wire: bool) -> BroadcastPayload {
        match self {
            BroadcastPayload::Local { msg, encode, .. } if wire => {
                BroadcastPayload::Wire(Box::new(encode(msg.as_ref())))
            }
            BroadcastPayload::Local { msg, clone, encode } => BroadcastPayload::Local {
                msg: clone(msg.as_ref()),
                clone: *clone,
                encode: *encode,
            },
            BroadcastPayload::Wire(bytes) => BroadcastPayload::Wire(bytes.clone()),
        }
    }

    /// The payload itself, for the last recipient.
    pub(crate) fn into_payload(self) -> Payload<'static> {
        match self {
            BroadcastPayload::Local { msg, .. } => Payload::Local(msg),
            BroadcastPayload::Wire(bytes) => Payload::Wire(*bytes),
        }
    }
}

/// What an element is asked to do.
pub(crate) enum Call<'a> {
    /// Run `Chare::receive` with an application message.
    Msg(Payload<'a>),
    /// Run `Chare::reduction` with a reduction result.
    Reduction {
        /// The tag given to the callback.
        tag: Tag,
        /// The reduced value (boxed: results are rare, envelopes small).
        value: Box<RedValue>,
    },
    /// Run `Chare::resume_from_sync` after a load-balancing step.
    ResumeFromSync,
}

impl Call<'_> {
    /// The call, owning its payload.
    #[inline]
    pub(crate) fn into_owned(self) -> Call<'static> {
        match self {
            Call::Msg(p) => Call::Msg(p.into_owned()),
            Call::Reduction { tag, value } => Call::Reduction { tag, value },
            Call::ResumeFromSync => Call::ResumeFromSync,
        }
    }

    /// Whether its payload is borrowed from a frame.
    #[inline]
    pub(crate) fn in_frame(&self) -> bool {
        matches!(self, Call::Msg(Payload::InFrame(_)))
    }
}

/// What a broadcast asks every element of an array to do.
pub(crate) enum BroadcastCall {
    /// Run `Chare::receive` with a copy of the message.
    Msg(BroadcastPayload),
    /// Run `Chare::reduction` with a copy of the value.
    Reduction {
        /// The tag given to the callback.
        tag: Tag,
        /// The reduced value.
        value: Box<RedValue>,
    },
    /// Run `Chare::resume_from_sync`.
    ResumeFromSync,
}

impl BroadcastCall {
    /// The call for the one element that gets the original.
    pub(crate) fn into_call(self) -> Call<'static> {
        match self {
            BroadcastCall::Msg(p) => Call::Msg(p.into_payload()),
            BroadcastCall::Reduction { tag, value } => Call::Reduction { tag, value },
            BroadcastCall::ResumeFromSync => Call::ResumeFromSync,
        }
    }

    /// A copy of the call for another PE (`wire`: it is in another process).
    pub(crate) fn copy_for(&self, wire: bool) -> BroadcastCall {
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

/// A migrating element: its serialized state and runtime bookkeeping.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Migrant {
    /// The element's state, serialized with bincode.
    #[serde(with = "crate::wire::bytes")]
    pub state: Vec<u8>,
    /// The next reduction number it will contribute to.
    pub red_no: u32,
    /// Whether it may be moved by the load balancer.
    pub migratable: bool,
    /// Whether it is waiting in `at_sync`.
    pub at_sync: bool,
    /// How many times it called `at_sync`.
    pub syncs: u32,
    /// Whether it asked to move (`Ctx::migrate_to`) rather than being moved
    /// by a load-balancing step (which counts its arrivals).
    #[serde(default)]
    pub requested: bool,
}

/// How to build one PE's share of a new array, opaque here: the store makes
/// it and runs it (`store::creation`, `store::factory`); the envelope only
/// carries it from a driver to the PEs of its own process.
#[derive(Clone)]
pub(crate) struct ArrayCreation(pub(crate) Arc<dyn Any + Send + Sync>);

/// An element message: a call for one element, routed by the location
/// manager. The one form of an element message (see the module doc).
pub(crate) struct Entry<'a> {
    /// The element.
    pub to: ObjId,
    /// PEs that forwarded it so far (0 = sent straight to the right PE).
    pub hops: u16,
    /// Its number on the sending PE, plus one, in recorded runs (0: not
    /// recorded; see `record`).
    pub id: u32,
    /// What to run.
    pub call: Call<'a>,
}

/// The body of a message.
pub(crate) enum MessageBody<'a> {
    /// A call for one element.
    Entry(Entry<'a>),
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
        /// Its state (boxed: migrations are rare, envelopes many).
        migrant: Box<Migrant>,
    },
    /// Create this PE's share of a new array (sent by the driver).
    CreateArray(ArrayCreation),
    /// Load-balancing control (see `lb_manager`; plain data, `control`).
    Lb(LbMsg),
    /// Send the images of this PE's elements of `array` to the driver of
    /// its process (sent by each driver to its own PEs, at quiescence).
    Checkpoint {
        /// The array.
        array: ArrayId,
    },
    /// Quiescence detection: report your counters for wave `wave`.
    QdProbe {
        /// Wave number.
        wave: u64,
    },
    /// Stop the scheduler loop.
    Shutdown,
}

/// The body of an [`Envelope`] (owning its payload).
pub(crate) type Body = MessageBody<'static>;

impl MessageBody<'_> {
    /// The body, owning its payload (only an element message's may be borrowed).
    #[inline]
    pub(crate) fn into_owned(self) -> Body {
        use MessageBody as B;
        match self {
            B::Entry(Entry { to, hops, id, call }) => B::Entry(Entry {
                to,
                hops,
                id,
                call: call.into_owned(),
            }),
            B::Broadcast { array, call } => B::Broadcast { array, call },
            B::ReductionPartial {
                array,
                red_no,
                partial,
            } => B::ReductionPartial {
                array,
                red_no,
                partial,
            },
            B::LocationUpdate { obj, pe } => B::LocationUpdate { obj, pe },
            B::Migrate { obj, migrant } => B::Migrate { obj, migrant },
            B::CreateArray(c) => B::CreateArray(c),
            B::Lb(m) => B::Lb(m),
            B::Checkpoint { array } => B::Checkpoint { array },
            B::QdProbe { wave } => B::QdProbe { wave },
            B::Shutdown => B::Shutdown,
        }
    }

    /// Whether quiescence detection counts this message (control traffic is not counted).
    pub(crate) fn counted(&self) -> bool {
        !matches!(self, MessageBody::QdProbe { .. } | MessageBody::Shutdown)
    }

    /// Whether this message only ever goes from a driver to the PEs of its own
    /// process (it has no serialized form).
    pub(crate) fn stays_local(&self) -> bool {
        matches!(
            self,
            MessageBody::CreateArray(_) | MessageBody::Shutdown | MessageBody::Checkpoint { .. }
        )
    }
}

/// A message between PEs, opaque outside the runtime: a transport moves it
/// within its process or turns it into a frame ([`Parcel::into_frame`]).
/// `'a` is the frame an arrived element message's payload still lies in
/// (`'static`, an [`Envelope`], for every message that is sent or queued).
pub struct Parcel<'a> {
    /// Priority (smaller first).
    pub(crate) prio: i32,
    /// The sending PE ([`DRIVER`] for the main program).
    pub(crate) src: PeId,
    /// What it carries.
    pub(crate) body: MessageBody<'a>,
}

/// A message that owns its payload: what is sent, queued and put in mailboxes.
pub type Envelope = Parcel<'static>;

impl Parcel<'_> {
    /// The message, owning its payload (copied out of its frame if borrowed).
    #[inline]
    pub(crate) fn into_owned(self) -> Envelope {
        Parcel {
            prio: self.prio,
            src: self.src,
            body: self.body.into_owned(),
        }
    }
}

impl Envelope {
    /// The PE that sent the message (`None`: the driver, the main program).
    pub fn source(&self) -> Option<PeId> {
        (self.src != DRIVER).then_some(self.src)
    }

    // `Envelope::into_frame` is in `frame`, which serializes envelopes.
}
