//! The wire format of messages between processes. A frame is
//! `[payload][header][header length: u32 LE]`; an application message's
//! serialized bytes are the payload, so the buffer they were serialized into
//! becomes the frame without a copy (it was allocated with room for the
//! header), and the bulk buffers of the payload travel beside the frame.
//!
//! Headers start with `prio` (i32 LE), `src` (u32 LE) and a kind byte:
//! - [`ENTRY`]: an element message ([`Entry`] with a message payload, the
//!   common case), in fixed fields: target array (u32), element (u64),
//!   hop count (u16) and recorded message id (u32), all LE. Read in place
//!   ([`decode`] of a borrowed frame): the payload stays in the frame.
//! - [`OTHER`]: every other body that may cross processes, serialized (a
//!   serde mirror of the body, below). Array creation and shutdown never
//!   leave their process.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::PeId;
use crate::bulk::BulkBuffers;
use crate::envelope::{
    ArrayId, BroadcastCall, BroadcastPayload, Call, Entry, Envelope, MessageBody, Migrant, ObjId,
    Parcel, Partial, Payload,
};
use crate::reduction::{Callback, RedValue, Reducer, Tag, lookup_custom};
use crate::wire::{WireError, WireMsg};

/// Header kind: an element message, in fixed fields.
const ENTRY: u8 = 0;
/// Header kind: any other body, serialized.
const OTHER: u8 = 1;

/// Length of an element message's header.
const ENTRY_LEN: usize = 27;

/// A call; a message's bytes are not in the header but in front of it.
#[derive(Serialize, Deserialize)]
enum WireCall {
    Msg,
    Reduction { tag: Tag, value: RedValue },
    ResumeFromSync,
}

#[derive(Serialize, Deserialize)]
enum WireReducer {
    Sum,
    Min,
    Max,
    Custom(String),
    Concat,
}

/// The serde mirror of a reduction partial (a custom reducer by its name).
#[derive(Serialize, Deserialize)]
struct WirePartial {
    value: RedValue,
    count: u64,
    reducer: WireReducer,
    callback: Callback,
}

impl From<Partial> for WirePartial {
    fn from(p: Partial) -> Self {
        let reducer = match p.reducer {
            Reducer::Sum => WireReducer::Sum,
            Reducer::Min => WireReducer::Min,
            Reducer::Max => WireReducer::Max,
            Reducer::Concat => WireReducer::Concat,
            Reducer::Custom(name, _) => WireReducer::Custom(name.to_string()),
        };
        WirePartial {
            value: p.value,
            count: p.count,
            reducer,
            callback: p.callback,
        }
    }
}

impl WirePartial {
    /// The partial, with its reducer looked up in this process.
    fn restore(self) -> Result<Partial, WireError> {
        let reducer = match self.reducer {
            WireReducer::Sum => Reducer::Sum,
            WireReducer::Concat => Reducer::Concat,
            WireReducer::Min => Reducer::Min,
            WireReducer::Max => Reducer::Max,
            WireReducer::Custom(name) => {
                lookup_custom(&name).map_err(|_| WireError::UnknownReducer(name))?
            }
        };
        Ok(Partial {
            value: self.value,
            count: self.count,
            reducer,
            callback: self.callback,
        })
    }
}

/// The serde mirror of every body but an element message's that may cross
/// processes (element calls other than messages included).
#[derive(Serialize, Deserialize)]
enum WireBody {
    Entry {
        to: ObjId,
        hops: u16,
        id: u32,
        call: WireCall,
    },
    Broadcast {
        array: ArrayId,
        call: WireCall,
    },
    ReductionPartial {
        array: ArrayId,
        red_no: u32,
        partial: WirePartial,
    },
    LocationUpdate {
        obj: ObjId,
        pe: PeId,
    },
    Migrate {
        obj: ObjId,
        migrant: Migrant,
    },
    Lb(crate::control::LbMsg),
    QdProbe {
        wave: u64,
    },
}

/// Frames a message and hands back the bulk buffers of its payload.
#[inline]
pub(crate) fn encode(env: Envelope) -> Result<(Vec<u8>, BulkBuffers), WireError> {
    match env.body {
        MessageBody::Entry(Entry {
            to,
            hops,
            id,
            call: Call::Msg(Payload::Wire(payload)),
        }) => {
            let (mut frame, bulk) = payload.into_parts();
            write_entry_header(env.prio, env.src, (to, hops, id), &mut frame);
            Ok((frame, bulk))
        }
        body => encode_other(env.prio, env.src, body),
    }
}

/// Appends the header of an element message and its length in one piece.
#[inline]
fn write_entry_header(prio: i32, src: PeId, (to, hops, id): (ObjId, u16, u32), out: &mut Vec<u8>) {
    let mut b = [0u8; ENTRY_LEN + 4];
    b[0..4].copy_from_slice(&prio.to_le_bytes());
    b[4..8].copy_from_slice(&src.to_le_bytes());
    b[8] = ENTRY;
    b[9..13].copy_from_slice(&to.array.to_le_bytes());
    b[13..21].copy_from_slice(&to.linear.to_le_bytes());
    b[21..23].copy_from_slice(&hops.to_le_bytes());
    b[23..27].copy_from_slice(&id.to_le_bytes());
    b[27..31].copy_from_slice(&(ENTRY_LEN as u32).to_le_bytes());
    out.extend_from_slice(&b);
}

/// [`encode`] for every message but an element message.
#[inline(never)]
fn encode_other(
    prio: i32,
    src: PeId,
    body: MessageBody<'static>,
) -> Result<(Vec<u8>, BulkBuffers), WireError> {
    let (body, payload) = mirror(body)?;
    let (mut frame, bulk) = payload.unwrap_or_default().into_parts();
    let start = frame.len();
    frame.extend_from_slice(&prio.to_le_bytes());
    frame.extend_from_slice(&src.to_le_bytes());
    frame.push(OTHER);
    crate::wire::encode_into(&body, &mut frame);
    let len = u32::try_from(frame.len() - start).map_err(|_| WireError::HeaderTooLarge)?;
    frame.extend_from_slice(&len.to_le_bytes());
    Ok((frame, bulk))
}

/// The serde mirror of a body and, for application messages, the payload.
fn mirror(body: MessageBody<'static>) -> Result<(WireBody, Option<WireMsg>), WireError> {
    let mut payload = None;
    let mut call = |c: Call<'static>| -> Result<WireCall, WireError> {
        Ok(match c {
            Call::Msg(Payload::Wire(b)) => {
                payload = Some(b);
                WireCall::Msg
            }
            Call::Msg(_) => return Err(WireError::LocalPayload),
            Call::Reduction { tag, value } => WireCall::Reduction { tag, value: *value },
            Call::ResumeFromSync => WireCall::ResumeFromSync,
        })
    };
    let body = match body {
        MessageBody::Entry(Entry {
            to,
            hops,
            id,
            call: c,
        }) => WireBody::Entry {
            to,
            hops,
            id,
            call: call(c)?,
        },
        MessageBody::Broadcast { array, call: c } => WireBody::Broadcast {
            array,
            call: call(c.into_call())?,
        },
        MessageBody::ReductionPartial {
            array,
            red_no,
            partial,
        } => WireBody::ReductionPartial {
            array,
            red_no,
            partial: WirePartial::from(*partial),
        },
        MessageBody::LocationUpdate { obj, pe } => WireBody::LocationUpdate { obj, pe },
        MessageBody::Migrate { obj, migrant } => WireBody::Migrate {
            obj,
            migrant: *migrant,
        },
        MessageBody::Lb(msg) => WireBody::Lb(msg),
        MessageBody::QdProbe { wave } => WireBody::QdProbe { wave },
        MessageBody::CreateArray(_) | MessageBody::Shutdown | MessageBody::Checkpoint { .. } => {
            return Err(WireError::StaysLocal);
        }
    };
    Ok((body, payload))
}

/// The header of a frame and where it starts.
#[inline]
fn header_of(frame: &[u8]) -> Result<(&[u8], usize), WireError> {
    let truncated = || WireError::Truncated { len: frame.len() };
    let len_at = frame.len().checked_sub(4).ok_or_else(truncated)?;
    let len = u32::from_le_bytes(frame[len_at..].try_into().expect("4 bytes")) as usize;
    let start = len_at.checked_sub(len).ok_or_else(truncated)?;
    match frame[start..len_at].first_chunk::<9>() {
        Some(fixed) if fixed[8] == ENTRY || fixed[8] == OTHER => Ok((&frame[start..len_at], start)),
        Some(fixed) => Err(WireError::UnknownKind(fixed[8])),
        None => Err(truncated()),
    }
}

/// The sending PE of a frame, read from its header in place.
pub(crate) fn source(frame: &[u8]) -> Option<PeId> {
    let (header, _) = header_of(frame).ok()?;
    Some(u32::from_le_bytes(le4(header, 4)))
}

fn le4(h: &[u8], at: usize) -> [u8; 4] {
    h[at..at + 4].try_into().expect("4 bytes")
}

/// Reads a frame made by [`encode`] and the bulk buffers that came with it.
/// An element message's payload stays where it is: borrowed from a borrowed
/// frame without bulk buffers (run in place), else the frame's own buffer.
#[inline(always)]
pub(crate) fn decode(frame: Cow<'_, [u8]>, bulk: BulkBuffers) -> Result<Parcel<'_>, WireError> {
    let (header, start) = header_of(&frame)?;
    let (prio, src) = (
        i32::from_le_bytes(le4(header, 0)),
        u32::from_le_bytes(le4(header, 4)),
    );
    if header[8] == OTHER {
        let body: WireBody = crate::wire::decode(&header[9..])?;
        let mut bytes = frame.into_owned();
        bytes.truncate(start);
        let body = restore(body, WireMsg::new(bytes, bulk))?;
        return Ok(Parcel { prio, src, body });
    }
    let h = <&[u8; ENTRY_LEN]>::try_from(header).map_err(|_| WireError::HeaderLength {
        kind: ENTRY,
        len: header.len(),
    })?;
    let to = ObjId {
        array: u32::from_le_bytes(le4(h, 9)),
        linear: u64::from_le_bytes(h[13..21].try_into().expect("8 bytes")),
    };
    let hops = u16::from_le_bytes([h[21], h[22]]);
    let id = u32::from_le_bytes(le4(h, 23));
    let payload = match frame {
        Cow::Borrowed(b) if bulk.is_empty() => {
            crate::bulk::release(bulk);
            Payload::InFrame(&b[..start])
        }
        frame => {
            let mut bytes = frame.into_owned();
            bytes.truncate(start);
            Payload::Wire(WireMsg::new(bytes, bulk))
        }
    };
    let call = Call::Msg(payload);
    let body = MessageBody::Entry(Entry { to, hops, id, call });
    Ok(Parcel { prio, src, body })
}

/// The body of a mirror read from a frame whose payload is `payload`.
#[inline(never)]
fn restore(body: WireBody, payload: WireMsg) -> Result<MessageBody<'static>, WireError> {
    let mut payload = Some(payload);
    let mut call = |c: WireCall| -> Result<Call<'static>, WireError> {
        Ok(match c {
            WireCall::Msg => Call::Msg(Payload::Wire(
                payload.take().ok_or(WireError::MissingPayload)?,
            )),
            WireCall::Reduction { tag, value } => Call::Reduction {
                tag,
                value: Box::new(value),
            },
            WireCall::ResumeFromSync => Call::ResumeFromSync,
        })
    };
    Ok(match body {
        WireBody::Entry {
            to,
            hops,
            id,
            call: c,
        } => MessageBody::Entry(Entry {
            to,
            hops,
            id,
            call: call(c)?,
        }),
        WireBody::Broadcast { array, call: c } => MessageBody::Broadcast {
            array,
            call: match call(c)? {
                Call::Msg(Payload::Wire(b)) => {
                    BroadcastCall::Msg(BroadcastPayload::Wire(Box::new(b)))
                }
                Call::Msg(_) => unreachable!("a frame's payload is serialized"),
                Call::Reduction { tag, value } => BroadcastCall::Reduction { tag, value },
                Call::ResumeFromSync => BroadcastCall::ResumeFromSync,
            },
        },
        WireBody::QdProbe { wave } => MessageBody::QdProbe { wave },
        WireBody::Lb(msg) => MessageBody::Lb(msg),
        WireBody::ReductionPartial {
            array,
            red_no,
            partial,
        } => MessageBody::ReductionPartial {
            array,
            red_no,
            partial: Box::new(partial.restore()?),
        },
        WireBody::LocationUpdate { obj, pe } => MessageBody::LocationUpdate { obj, pe },
        WireBody::Migrate { obj, migrant } => MessageBody::Migrate {
            obj,
            migrant: Box::new(migrant),
        },
    })
}

impl Envelope {
    /// Serializes the message for another process: the frame (see the
    /// module doc), and the bulk buffers of its payload, to be sent beside
    /// it. Application payloads must already be serialized (the runtime does
    /// so for PEs that `Transport::needs_wire`); their buffer becomes the
    /// frame, without a copy.
    #[inline]
    pub fn into_frame(self) -> Result<(Vec<u8>, BulkBuffers), WireError> {
        encode(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::Body;
    use crate::reduction::Tag;

    fn entry(payload: WireMsg) -> Envelope {
        let to = ObjId {
            array: 2,
            linear: 1 << 40,
        };
        let call = Call::Msg(Payload::Wire(payload));
        let body = Body::Entry(Entry {
            to,
            hops: 1,
            id: 9,
            call,
        });
        Parcel {
            prio: -3,
            src: 5,
            body,
        }
    }

    /// Envelopes are moved through queues by value: keep them small.
    #[test]
    fn envelope_stays_small() {
        assert!(std::mem::size_of::<Envelope>() <= 64);
    }

    #[test]
    fn element_messages_round_trip_without_copying_the_payload() {
        let payload = crate::wire::encode_message(&vec![7u8; 1000]);
        let ptr = payload.bytes.as_ptr();
        let (frame, bulk) = encode(entry(payload)).unwrap();
        assert_eq!(frame.as_ptr(), ptr, "the payload's buffer became the frame");
        let back = decode(Cow::Owned(frame), bulk).unwrap();
        assert_eq!((back.prio, back.src), (-3, 5));
        let MessageBody::Entry(Entry {
            to,
            hops,
            id,
            call: Call::Msg(Payload::Wire(bytes)),
        }) = back.body
        else {
            panic!("wrong body")
        };
        assert_eq!((to.linear, to.array, hops, id), (1 << 40, 2, 1, 9));
        assert_eq!(bytes.bytes.as_ptr(), ptr, "the frame became the payload");
        let v: Vec<u8> = crate::wire::decode_message(&bytes).unwrap();
        assert_eq!(v, vec![7u8; 1000]);
    }

    #[test]
    fn a_borrowed_element_message_is_read_in_place() {
        let (frame, bulk) = encode(entry(crate::wire::encode_message(&(11u32, 2.5f64)))).unwrap();
        assert!(bulk.is_empty());
        let m = decode(Cow::Borrowed(&frame), bulk).unwrap();
        let MessageBody::Entry(Entry {
            call: Call::Msg(Payload::InFrame(bytes)),
            ..
        }) = m.body
        else {
            panic!("not read in place")
        };
        assert_eq!(bytes.as_ptr(), frame.as_ptr());
        let v: (u32, f64) = crate::wire::decode(bytes).unwrap();
        assert_eq!(v, (11, 2.5));
    }

    #[test]
    fn other_bodies_round_trip_even_from_a_borrowed_frame() {
        let obj = ObjId {
            array: 3,
            linear: 77,
        };
        let env = Parcel {
            prio: 4,
            src: 9,
            body: Body::LocationUpdate { obj, pe: 2 },
        };
        let (frame, bulk) = encode(env).unwrap();
        let back = decode(Cow::Borrowed(&frame), bulk).unwrap();
        assert_eq!((back.prio, back.src), (4, 9));
        assert!(matches!(back.body, MessageBody::LocationUpdate { obj: o, pe: 2 } if o == obj));
        let call = Call::Reduction {
            tag: Tag::new(&3u32),
            value: Box::new(RedValue::U64(8)),
        };
        let body = Body::Entry(Entry {
            to: obj,
            hops: 0,
            id: 0,
            call,
        });
        let (frame, bulk) = encode(Parcel {
            prio: 0,
            src: 1,
            body,
        })
        .unwrap();
        let back = decode(Cow::Owned(frame), bulk).unwrap();
        assert!(matches!(
            back.body,
            MessageBody::Entry(Entry { call: Call::Reduction { tag, value }, .. })
                if tag == Tag::new(&3u32) && *value == RedValue::U64(8)
        ));
    }

    fn partial_of(reducer: Reducer) -> Envelope {
        let partial = Box::new(Partial {
            value: RedValue::F64(1.5),
            count: 3,
            reducer,
            callback: Callback::main(4u32),
        });
        let body = Body::ReductionPartial {
            array: 1,
            red_no: 9,
            partial,
        };
        Parcel {
            prio: 0,
            src: 2,
            body,
        }
    }

    #[test]
    fn partials_round_trip_and_unknown_custom_reducers_are_errors() {
        let (frame, bulk) = encode(partial_of(Reducer::Max)).unwrap();
        let back = decode(Cow::Owned(frame), bulk).unwrap();
        let MessageBody::ReductionPartial {
            array: 1,
            red_no: 9,
            partial,
        } = back.body
        else {
            panic!("wrong body")
        };
        assert_eq!((partial.value, partial.count), (RedValue::F64(1.5), 3));
        assert!(matches!(partial.reducer, Reducer::Max));
        assert_eq!(partial.callback, Callback::main(4u32));
        fn keep(_: &mut RedValue, _: RedValue) -> Result<(), String> {
            Ok(())
        }
        let custom = Reducer::Custom("frame-test-unregistered", keep);
        let (frame, bulk) = encode(partial_of(custom)).unwrap();
        let err = decode(Cow::Owned(frame), bulk).err().unwrap();
        let name = "frame-test-unregistered".to_string();
        assert_eq!(err, WireError::UnknownReducer(name));
    }

    #[test]
    fn bad_frames_are_errors_naming_what_was_wrong() {
        let obj = ObjId {
            array: 0,
            linear: 1,
        };
        let body = Body::LocationUpdate { obj, pe: 0 };
        let (frame, _) = encode(Parcel {
            prio: 0,
            src: 1,
            body,
        })
        .unwrap();
        let len = u32::from_le_bytes(frame[frame.len() - 4..].try_into().unwrap()) as usize;
        let kind_at = frame.len() - 4 - len + 8;
        let mut bad = frame.clone();
        bad[kind_at] = 7;
        let err = decode(Cow::Owned(bad), Vec::new()).err().unwrap();
        assert_eq!(err, WireError::UnknownKind(7));
        assert!(err.to_string().contains("kind 7"), "{err}");
        let short = decode(Cow::Borrowed(&[1, 2][..]), Vec::new())
            .err()
            .unwrap();
        assert_eq!(short, WireError::Truncated { len: 2 });
        let mut garbled = frame[..kind_at + 1].to_vec();
        garbled.push(200);
        let hlen = (garbled.len() - (frame.len() - 4 - len)) as u32;
        garbled.extend_from_slice(&hlen.to_le_bytes());
        let err = decode(Cow::Owned(garbled), Vec::new()).err().unwrap();
        assert!(matches!(err, WireError::Decode(_)), "{err}");
        let mut wrong_len = encode(entry(WireMsg::default())).unwrap().0;
        let n = wrong_len.len();
        wrong_len[n - 4..].copy_from_slice(&9u32.to_le_bytes());
        let err = decode(Cow::Owned(wrong_len), Vec::new()).err().unwrap();
        assert_eq!(
            err,
            WireError::HeaderLength {
                kind: ENTRY,
                len: 9
            }
        );
    }

    #[test]
    fn local_payloads_and_local_bodies_do_not_leave_their_process() {
        let mut env = entry(WireMsg::default());
        let MessageBody::Entry(e) = &mut env.body else {
            unreachable!()
        };
        e.call = Call::Msg(Payload::Local(Box::new(1u8)));
        assert_eq!(encode(env).err(), Some(WireError::LocalPayload));
        let shutdown = Parcel {
            prio: 0,
            src: 0,
            body: Body::Shutdown,
        };
        assert_eq!(encode(shutdown).err(), Some(WireError::StaysLocal));
    }
}
