//! What travels between PEs: an [`Envelope`] with a priority, the sending PE
//! and a [`Body`]. Bodies are plain data; the only type-erased parts are
//! application payloads, which are either moved as Rust values (within a
//! process) or carried as serialized bytes (across processes, or when the
//! runtime is asked to serialize everything for testing).

use std::any::Any;
use std::sync::Arc;

use crate::PeId;
use crate::bulk::BulkBuffers;
use crate::reduction::{Callback, RedValue, Reducer, Tag};
use crate::store::ArrayFactory;
use crate::transport::Arrival;
use crate::wire::WireMsg;

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
    /// The serialized form of a `Chare::Msg` (bincode, made with
    /// [`crate::wire::encode_message`]).
    Wire(WireMsg),
}

/// Clones a boxed broadcast message (`Chare::Msg: Clone` is only required to broadcast).
pub type CloneFn = fn(&(dyn Any + Send)) -> Box<dyn Any + Send>;

/// Serializes a boxed message of the type the function was made for.
pub type EncodeFn = fn(&(dyn Any + Send)) -> WireMsg;

/// The [`CloneFn`] for messages of type `M`.
pub(crate) fn clone_boxed<M: Clone + Send + 'static>(b: &(dyn Any + Send)) -> Box<dyn Any + Send> {
    Box::new(
        b.downcast_ref::<M>()
            .expect("a boxed message has the type its functions were made for")
            .clone(),
    )
}

/// The [`EncodeFn`] for messages of type `M`.
pub(crate) fn encode_boxed<M: serde::Serialize + 'static>(b: &(dyn Any + Send)) -> WireMsg {
    crate::wire::encode_message(
        b.downcast_ref::<M>()
            .expect("a boxed message has the type its functions were made for"),
    )
}

/// An application message broadcast to every element of an array.
pub enum BroadcastPayload {
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
    /// A copy of the payload for one more recipient.
    pub fn copy(&self) -> Payload {
        match self {
            BroadcastPayload::Local { msg, clone, .. } => Payload::Local(clone(msg.as_ref())),
            BroadcastPayload::Wire(bytes) => Payload::Wire((**bytes).clone()),
        }
    }

    /// A copy for a PE that needs `wire` (serialized) form or not.
    pub fn copy_for(&self, wire: bool) -> BroadcastPayload {
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
    pub fn into_payload(self) -> Payload {
        match self {
            BroadcastPayload::Local { msg, .. } => Payload::Local(msg),
            BroadcastPayload::Wire(bytes) => Payload::Wire(*bytes),
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
        tag: Tag,
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
        tag: Tag,
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
#[derive(Debug)]
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
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Migrant {
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
        /// Its state (boxed: migrations are rare, envelopes many).
        migrant: Box<Migrant>,
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

    /// Whether this message only ever goes from a driver to the PEs of its own
    /// process (it has no serialized form).
    pub fn stays_local(&self) -> bool {
        matches!(self, Body::CreateArray(_) | Body::Shutdown)
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

/// Envelopes between processes: the serde mirror of [`Envelope`] for every
/// body that may cross a process boundary (application payloads already
/// serialized). Array creation and shutdown never leave their process.
mod wire_form {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::reduction::lookup_custom;

    /// An element call; a message's bytes are not in the header but in
    /// front of it in the frame.
    #[derive(Serialize, Deserialize)]
    pub(super) enum WireCall {
        Msg,
        Reduction { tag: Tag, value: RedValue },
        ResumeFromSync,
    }

    #[derive(Serialize, Deserialize)]
    pub(super) enum WireReducer {
        Sum,
        Min,
        Max,
        Custom(String),
    }

    #[derive(Serialize, Deserialize)]
    pub(super) enum WireBody {
        Entry {
            to: ObjId,
            hops: u16,
            call: WireCall,
        },
        Broadcast {
            array: ArrayId,
            call: WireCall,
        },
        ReductionPartial {
            array: ArrayId,
            red_no: u32,
            value: RedValue,
            count: u64,
            reducer: WireReducer,
            callback: Callback,
        },
        LocationUpdate {
            obj: ObjId,
            pe: PeId,
        },
        Migrate {
            obj: ObjId,
            migrant: Migrant,
        },
        Lb(crate::lb::LbMsg),
        QdProbe {
            wave: u64,
        },
    }

    pub(super) struct WireEnvelope {
        pub prio: i32,
        pub src: PeId,
        pub body: WireBody,
    }

    /// Header kind: an element message, in fixed fields.
    const ENTRY_MSG: u8 = 0;
    /// Header kind: any other body, serialized.
    const OTHER: u8 = 1;

    /// Length of an element message's header.
    const ENTRY_MSG_LEN: usize = 23;

    /// Appends the header of an element message, the common case, and its
    /// length (u32 LE) in one piece: `prio` and `src`, `ENTRY_MSG`, then
    /// the target array (u32), element (u64) and hop count (u16), all LE.
    fn write_entry_msg_header(prio: i32, src: PeId, to: ObjId, hops: u16, out: &mut Vec<u8>) {
        let mut b = [0u8; ENTRY_MSG_LEN + 4];
        b[0..4].copy_from_slice(&prio.to_le_bytes());
        b[4..8].copy_from_slice(&src.to_le_bytes());
        b[8] = ENTRY_MSG;
        b[9..13].copy_from_slice(&to.array.to_le_bytes());
        b[13..21].copy_from_slice(&to.linear.to_le_bytes());
        b[21..23].copy_from_slice(&hops.to_le_bytes());
        b[23..27].copy_from_slice(&(ENTRY_MSG_LEN as u32).to_le_bytes());
        out.extend_from_slice(&b);
    }

    /// Reads a header written by [`write_entry_msg_header`]: `prio`, `src`,
    /// target and hop count.
    fn read_entry_msg_header(h: &[u8; ENTRY_MSG_LEN]) -> (i32, PeId, ObjId, u16) {
        let le4 = |at: usize| -> [u8; 4] { h[at..at + 4].try_into().expect("4 bytes") };
        let to = ObjId {
            array: u32::from_le_bytes(le4(9)),
            linear: u64::from_le_bytes(h[13..21].try_into().expect("8 bytes")),
        };
        let hops = u16::from_le_bytes([h[21], h[22]]);
        (
            i32::from_le_bytes(le4(0)),
            u32::from_le_bytes(le4(4)),
            to,
            hops,
        )
    }

    /// Appends the header of any other envelope and its length (u32 LE):
    /// `prio` and `src` (LE), `OTHER`, then the serialized body.
    fn write_other_header(h: &WireEnvelope, out: &mut Vec<u8>) -> Result<(), String> {
        let start = out.len();
        out.extend_from_slice(&h.prio.to_le_bytes());
        out.extend_from_slice(&h.src.to_le_bytes());
        out.push(OTHER);
        crate::wire::encode_into(&h.body, out);
        let len = u32::try_from(out.len() - start).map_err(|_| "header too large".to_string())?;
        out.extend_from_slice(&len.to_le_bytes());
        Ok(())
    }

    /// Reads a header written by [`write_other_header`].
    fn read_other_header(h: &[u8]) -> Result<WireEnvelope, String> {
        let (fixed, body) = h.split_first_chunk::<9>().ok_or("malformed frame header")?;
        match fixed[8] {
            OTHER => {}
            kind => return Err(format!("unknown frame header kind {kind}")),
        }
        let le4 = |at: usize| -> [u8; 4] { fixed[at..at + 4].try_into().expect("4 bytes") };
        Ok(WireEnvelope {
            prio: i32::from_le_bytes(le4(0)),
            src: u32::from_le_bytes(le4(4)),
            body: crate::wire::decode(body)?,
        })
    }

    fn payload_bytes(p: Payload) -> Result<WireMsg, String> {
        match p {
            Payload::Wire(b) => Ok(b),
            Payload::Local(_) => Err("an unserialized payload cannot leave its process".into()),
        }
    }

    /// The header and, for application messages, the payload bytes.
    fn split(env: Envelope) -> Result<(WireEnvelope, Option<WireMsg>), String> {
        let mut payload = None;
        let mut call = |c: Call| -> Result<WireCall, String> {
            Ok(match c {
                Call::Msg(p) => {
                    payload = Some(payload_bytes(p)?);
                    WireCall::Msg
                }
                Call::Reduction { tag, value } => WireCall::Reduction { tag, value: *value },
                Call::ResumeFromSync => WireCall::ResumeFromSync,
            })
        };
        let body = match env.body {
            Body::Entry { to, hops, call: c } => WireBody::Entry {
                to,
                hops,
                call: call(c)?,
            },
            Body::Broadcast { array, call: c } => WireBody::Broadcast {
                array,
                call: call(match c {
                    BroadcastCall::Msg(p) => Call::Msg(p.into_payload()),
                    BroadcastCall::Reduction { tag, value } => Call::Reduction { tag, value },
                    BroadcastCall::ResumeFromSync => Call::ResumeFromSync,
                })?,
            },
            Body::ReductionPartial {
                array,
                red_no,
                partial,
            } => {
                let Partial {
                    value,
                    count,
                    reducer,
                    callback,
                } = *partial;
                let reducer = match reducer {
                    Reducer::Sum => WireReducer::Sum,
                    Reducer::Min => WireReducer::Min,
                    Reducer::Max => WireReducer::Max,
                    Reducer::Custom(name, _) => WireReducer::Custom(name.to_string()),
                };
                WireBody::ReductionPartial {
                    array,
                    red_no,
                    value,
                    count,
                    reducer,
                    callback,
                }
            }
            Body::LocationUpdate { obj, pe } => WireBody::LocationUpdate { obj, pe },
            Body::Migrate { obj, migrant } => WireBody::Migrate {
                obj,
                migrant: *migrant,
            },
            Body::Lb(msg) => WireBody::Lb(msg),
            Body::QdProbe { wave } => WireBody::QdProbe { wave },
            Body::CreateArray(_) | Body::Shutdown => {
                return Err("array creation and shutdown never leave their process".into());
            }
        };
        let header = WireEnvelope {
            prio: env.prio,
            src: env.src,
            body,
        };
        Ok((header, payload))
    }

    /// Frames an envelope: `[payload][header][header length: u32 LE]`, and
    /// the payload's bulk buffers. The payload vector becomes the frame, so
    /// its bytes are not copied (it was allocated with room for the header).
    pub(super) fn to_frame(env: Envelope) -> Result<(Vec<u8>, BulkBuffers), String> {
        match env.body {
            Body::Entry {
                to,
                hops,
                call: Call::Msg(Payload::Wire(payload)),
            } => Ok(entry_frame(EntryMsg {
                prio: env.prio,
                src: env.src,
                to,
                hops,
                payload,
            })),
            body => other_frame(env.prio, env.src, body),
        }
    }

    /// Frames an element message: its payload's buffer gets the header.
    pub(super) fn entry_frame(m: EntryMsg<WireMsg>) -> (Vec<u8>, BulkBuffers) {
        let (mut frame, bulk) = m.payload.into_parts();
        write_entry_msg_header(m.prio, m.src, m.to, m.hops, &mut frame);
        (frame, bulk)
    }

    /// [`to_frame`] for every envelope but an element message.
    #[inline(never)]
    fn other_frame(prio: i32, src: PeId, body: Body) -> Result<(Vec<u8>, BulkBuffers), String> {
        let (header, payload) = split(Envelope { prio, src, body })?;
        let (mut frame, bulk) = payload.unwrap_or_default().into_parts();
        write_other_header(&header, &mut frame)?;
        Ok((frame, bulk))
    }

    /// The header of a frame made by [`to_frame`] and where it starts.
    fn header_of(frame: &[u8]) -> Result<(&[u8], usize), String> {
        let len_at = frame.len().checked_sub(4).ok_or("truncated frame")?;
        let len = u32::from_le_bytes(frame[len_at..].try_into().expect("4 bytes")) as usize;
        let start = len_at.checked_sub(len).ok_or("truncated frame header")?;
        Ok((&frame[start..len_at], start))
    }

    /// The element message in a frame made by [`to_frame`], read in place
    /// (`None` for any other envelope).
    pub(super) fn entry_in_frame(frame: &[u8]) -> Option<EntryMsg<&[u8]>> {
        let (header, start) = header_of(frame).ok()?;
        let h = <&[u8; ENTRY_MSG_LEN]>::try_from(header).ok()?;
        (h[8] == ENTRY_MSG).then(|| {
            let (prio, src, to, hops) = read_entry_msg_header(h);
            EntryMsg {
                prio,
                src,
                to,
                hops,
                payload: &frame[..start],
            }
        })
    }

    /// Reads a frame made by [`to_frame`] and its bulk buffers; the payload
    /// keeps the frame's buffer.
    pub(super) fn from_frame(mut frame: Vec<u8>, bulk: BulkBuffers) -> Result<Envelope, String> {
        if let Some(m) = entry_in_frame(&frame) {
            let (prio, src, to, hops) = (m.prio, m.src, m.to, m.hops);
            frame.truncate(m.payload.len());
            let payload = WireMsg::new(frame, bulk);
            return Ok(EntryMsg {
                prio,
                src,
                to,
                hops,
                payload,
            }
            .into_envelope());
        }
        let (header, start) = header_of(&frame)?;
        let w = read_other_header(header)?;
        frame.truncate(start);
        let mut payload = Some(WireMsg::new(frame, bulk));
        let mut call = |c: WireCall| -> Result<Call, String> {
            Ok(match c {
                WireCall::Msg => {
                    Call::Msg(Payload::Wire(payload.take().ok_or("payload used twice")?))
                }
                WireCall::Reduction { tag, value } => Call::Reduction {
                    tag,
                    value: Box::new(value),
                },
                WireCall::ResumeFromSync => Call::ResumeFromSync,
            })
        };
        let body = match w.body {
            WireBody::Entry { to, hops, call: c } => Body::Entry {
                to,
                hops,
                call: call(c)?,
            },
            WireBody::Broadcast { array, call: c } => Body::Broadcast {
                array,
                call: match call(c)? {
                    Call::Msg(Payload::Wire(b)) => {
                        BroadcastCall::Msg(BroadcastPayload::Wire(Box::new(b)))
                    }
                    Call::Msg(Payload::Local(_)) => {
                        unreachable!("frames carry serialized payloads")
                    }
                    Call::Reduction { tag, value } => BroadcastCall::Reduction { tag, value },
                    Call::ResumeFromSync => BroadcastCall::ResumeFromSync,
                },
            },
            WireBody::ReductionPartial {
                array,
                red_no,
                value,
                count,
                reducer,
                callback,
            } => {
                let reducer = match reducer {
                    WireReducer::Sum => Reducer::Sum,
                    WireReducer::Min => Reducer::Min,
                    WireReducer::Max => Reducer::Max,
                    WireReducer::Custom(name) => lookup_custom(&name)?,
                };
                Body::ReductionPartial {
                    array,
                    red_no,
                    partial: Box::new(Partial {
                        value,
                        count,
                        reducer,
                        callback,
                    }),
                }
            }
            WireBody::LocationUpdate { obj, pe } => Body::LocationUpdate { obj, pe },
            WireBody::Migrate { obj, migrant } => Body::Migrate {
                obj,
                migrant: Box::new(migrant),
            },
            WireBody::Lb(msg) => Body::Lb(msg),
            WireBody::QdProbe { wave } => Body::QdProbe { wave },
        };
        Ok(Envelope {
            prio: w.prio,
            src: w.src,
            body,
        })
    }
}

impl Envelope {
    /// Serializes an envelope for another process: the frame, and the bulk
    /// buffers of its payload, to be sent beside it. Application payloads
    /// must already be serialized (`Payload::Wire`); their buffer becomes
    /// the frame, without a copy.
    pub fn into_wire(self) -> Result<(Vec<u8>, BulkBuffers), String> {
        wire_form::to_frame(self)
    }

    /// Restores an envelope serialized by [`Envelope::into_wire`].
    pub fn from_wire(frame: Vec<u8>, bulk: BulkBuffers) -> Result<Envelope, String> {
        wire_form::from_frame(frame, bulk)
    }

    /// Restores the envelope of a message from another process (copying
    /// its frame out of the transport's buffer if it is still there).
    pub fn from_arrival(a: Arrival<'_>) -> Result<Envelope, String> {
        wire_form::from_frame(a.frame.into_owned(), a.bulk)
    }
}

/// An element message outside an envelope, for the paths that carry it
/// between processes without building one: its serialized payload is a
/// [`WireMsg`] when sent, and borrowed bytes when read in place from the
/// frame it arrived in.
pub struct EntryMsg<P> {
    /// Priority (smaller first).
    pub prio: i32,
    /// The sending PE.
    pub src: PeId,
    /// The target element.
    pub to: ObjId,
    /// Forwarding hops so far.
    pub hops: u16,
    /// The serialized message.
    pub payload: P,
}

impl EntryMsg<WireMsg> {
    /// The message in an envelope.
    pub fn into_envelope(self) -> Envelope {
        let EntryMsg {
            prio,
            src,
            to,
            hops,
            payload,
        } = self;
        let call = Call::Msg(Payload::Wire(payload));
        let body = Body::Entry { to, hops, call };
        Envelope { prio, src, body }
    }

    /// The frame and bulk buffers of its envelope ([`Envelope::into_wire`]).
    pub fn into_wire(self) -> (Vec<u8>, BulkBuffers) {
        wire_form::entry_frame(self)
    }
}

impl<'a> EntryMsg<&'a [u8]> {
    /// The element message in `frame` (made by [`Envelope::into_wire`]), if
    /// it holds one.
    pub(crate) fn read(frame: &'a [u8]) -> Option<Self> {
        wire_form::entry_in_frame(frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Envelopes are moved through queues by value: keep them small.
    #[test]
    fn envelope_stays_small() {
        assert!(std::mem::size_of::<Envelope>() <= 64);
    }

    #[test]
    fn frames_round_trip_without_copying_the_payload() {
        let payload = crate::wire::encode_message(&vec![7u8; 1000]);
        let ptr = payload.bytes.as_ptr();
        let env = Envelope {
            prio: -3,
            src: 5,
            body: Body::Entry {
                to: ObjId {
                    array: 1,
                    linear: 42,
                },
                hops: 2,
                call: Call::Msg(Payload::Wire(payload)),
            },
        };
        let (frame, bulk) = env.into_wire().unwrap();
        assert_eq!(frame.as_ptr(), ptr, "the payload's buffer became the frame");
        let back = Envelope::from_wire(frame, bulk).unwrap();
        assert_eq!((back.prio, back.src), (-3, 5));
        let Body::Entry {
            to,
            hops,
            call: Call::Msg(Payload::Wire(bytes)),
        } = back.body
        else {
            panic!("wrong body")
        };
        assert_eq!((to.linear, hops), (42, 2));
        let v: Vec<u8> = crate::wire::decode_message(&bytes).unwrap();
        assert_eq!(v, vec![7u8; 1000]);
        assert!(Envelope::from_wire(vec![1, 2], Vec::new()).is_err());
    }

    #[test]
    fn element_messages_are_framed_and_read_in_place() {
        let to = ObjId {
            array: 2,
            linear: 1 << 40,
        };
        let msg = |payload| EntryMsg {
            prio: 7,
            src: 3,
            to,
            hops: 1,
            payload,
        };
        let wire = || crate::wire::encode_message(&(11u32, 2.5f64));
        let (frame, bulk) = msg(wire()).into_wire();
        assert!(bulk.is_empty());
        let (same, _) = msg(wire()).into_envelope().into_wire().unwrap();
        assert_eq!(frame, same, "framed without an envelope as with one");
        let m = EntryMsg::read(&frame).expect("an element message");
        assert_eq!((m.prio, m.src, m.to, m.hops), (7, 3, to, 1));
        let v: (u32, f64) = crate::wire::decode(m.payload).unwrap();
        assert_eq!(v, (11, 2.5));
        let update = Envelope {
            prio: 0,
            src: 1,
            body: Body::LocationUpdate { obj: m.to, pe: 4 },
        };
        let (other, _) = update.into_wire().unwrap();
        assert!(EntryMsg::read(&other).is_none());
        assert!(EntryMsg::read(&frame[..3]).is_none());
        assert!(EntryMsg::read(&frame[frame.len() - 4..]).is_none());
    }

    #[test]
    fn other_bodies_round_trip_and_bad_headers_are_errors() {
        let env = Envelope {
            prio: 4,
            src: 9,
            body: Body::LocationUpdate {
                obj: ObjId {
                    array: 3,
                    linear: 77,
                },
                pe: 2,
            },
        };
        let (frame, bulk) = env.into_wire().unwrap();
        let back = Envelope::from_wire(frame.clone(), bulk).unwrap();
        assert_eq!((back.prio, back.src), (4, 9));
        assert!(matches!(
            back.body,
            Body::LocationUpdate { obj, pe: 2 } if obj.linear == 77 && obj.array == 3
        ));
        // The header's kind byte follows prio and src; its length is last.
        let len = u32::from_le_bytes(frame[frame.len() - 4..].try_into().unwrap()) as usize;
        let kind_at = frame.len() - 4 - len + 8;
        let mut bad = frame.clone();
        bad[kind_at] = 7;
        let err = Envelope::from_wire(bad, Vec::new()).err().unwrap();
        assert!(err.contains("kind 7"), "{err}");
        let mut short = frame[..frame.len() - 4 - len + 5].to_vec();
        short.extend_from_slice(&5u32.to_le_bytes());
        assert!(Envelope::from_wire(short, Vec::new()).is_err());
    }
}
