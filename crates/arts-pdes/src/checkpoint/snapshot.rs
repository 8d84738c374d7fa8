//! What a checkpoint holds: every LP's committed state (its model state,
//! random-stream position and send counter) and every pending event, as
//! bytes ([`Snapshot`]), taken from an engine at the end of a segment and
//! given back to one at the start of the next ([`Resume`]).

use crate::event::Event;
use crate::exec::LpCore;
use crate::key::{Key, LpId};
use crate::model::Model;
use crate::rng::LpRng;

/// One LP in a snapshot.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LpRecord {
    pub lp: LpId,
    pub draws: u64,
    pub seq: u64,
    pub state: Vec<u8>,
}

/// One pending event in a snapshot.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EventRecord {
    pub key: Key,
    pub dst: LpId,
    pub msg: Vec<u8>,
}

/// LP states and pending events of a run stopped at a GVT (all of them, or
/// one process's part), independent of the engine and PE count.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    pub(crate) lps: Vec<LpRecord>,
    pub(crate) events: Vec<EventRecord>,
}

/// Magic at the start of a snapshot's bytes.
const MAGIC: &[u8; 8] = b"ARTSPDS2";

impl Snapshot {
    /// LPs held.
    pub fn lp_count(&self) -> usize {
        self.lps.len()
    }

    /// Pending events held.
    pub fn event_count(&self) -> usize {
        self.events.len()
    }

    /// Adds LP `lp` (the model must have a state codec).
    pub(crate) fn add_lp<M: Model>(&mut self, model: &M, lp: LpId, core: &LpCore<M::State>) {
        let codec = model
            .state_codec()
            .expect("checkpointed runs are refused for models without a state codec");
        let mut state = Vec::new();
        codec.put(&core.state, &mut state);
        self.lps.push(LpRecord {
            lp,
            draws: core.rng.draws(),
            seq: core.seq,
            state,
        });
    }

    /// Adds a pending event (the model must have a message codec).
    pub(crate) fn add_event<M: Model>(&mut self, model: &M, ev: &Event<M::Msg>) {
        let codec = model
            .codec()
            .expect("checkpointed runs are refused for models without a message codec");
        let mut msg = vec![0u8; codec.bytes()];
        codec.put(&ev.msg, &mut msg);
        self.events.push(EventRecord {
            key: ev.key,
            dst: ev.dst,
            msg,
        });
    }

    /// Appends `other`'s LPs and events.
    pub fn merge(&mut self, other: Snapshot) {
        self.lps.extend(other.lps);
        self.events.extend(other.events);
    }

    /// Puts LPs in id order and events in key order (the bytes of a
    /// snapshot then do not depend on which PE held what).
    pub fn sort(&mut self) {
        self.lps.sort_by_key(|r| r.lp);
        self.events.sort_by_key(|e| e.key);
    }

    /// The snapshot as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::new();
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&(self.lps.len() as u64).to_le_bytes());
        for r in &self.lps {
            b.extend_from_slice(&r.lp.to_le_bytes());
            b.extend_from_slice(&r.draws.to_le_bytes());
            b.extend_from_slice(&r.seq.to_le_bytes());
            b.extend_from_slice(&(r.state.len() as u32).to_le_bytes());
            b.extend_from_slice(&r.state);
        }
        b.extend_from_slice(&(self.events.len() as u64).to_le_bytes());
        for e in &self.events {
            b.extend_from_slice(&e.key.time_bits.to_le_bytes());
            b.extend_from_slice(&e.key.tie.to_le_bytes());
            b.extend_from_slice(&e.dst.to_le_bytes());
            b.extend_from_slice(&(e.msg.len() as u32).to_le_bytes());
            b.extend_from_slice(&e.msg);
        }
        b
    }

    /// Reads [`Snapshot::to_bytes`]' output; `None` when the bytes are not one.
    pub fn from_bytes(bytes: &[u8]) -> Option<Snapshot> {
        let mut r = Reader { bytes, at: 0 };
        (r.take(8)? == MAGIC).then_some(())?;
        let nlps = r.u64()?;
        // Every record takes at least 24 bytes: a bad count cannot allocate.
        let mut lps = Vec::with_capacity((nlps as usize).min(bytes.len() / 24));
        for _ in 0..nlps {
            let lp = r.u32()?;
            let draws = r.u64()?;
            let seq = r.u64()?;
            let len = r.u32()? as usize;
            let state = r.take(len)?.to_vec();
            lps.push(LpRecord {
                lp,
                draws,
                seq,
                state,
            });
        }
        let nev = r.u64()?;
        let mut events = Vec::with_capacity((nev as usize).min(bytes.len() / 24));
        for _ in 0..nev {
            let time_bits = r.u64()?;
            let tie = r.u64()?;
            let dst = r.u32()?;
            let len = r.u32()? as usize;
            let msg = r.take(len)?.to_vec();
            events.push(EventRecord {
                key: Key { time_bits, tie },
                dst,
                msg,
            });
        }
        (r.at == bytes.len()).then_some(Snapshot { lps, events })
    }

    /// Checks that this (whole) snapshot fits `model` and time `time`: every
    /// LP once, every state and payload readable, every event for an LP of
    /// the model at or after `time`. The error names the first problem.
    pub fn check<M: Model>(&self, model: &M, time: f64) -> Result<(), String> {
        let n = model.lp_count();
        let (Some(states), Some(msgs)) = (model.state_codec(), model.codec()) else {
            return Err(format!("model {} cannot be checkpointed", model.name()));
        };
        if self.lps.len() != n as usize {
            return Err(format!(
                "it holds {} LPs; the model has {n}",
                self.lps.len()
            ));
        }
        let mut seen = vec![false; n as usize];
        for r in &self.lps {
            let slot = seen
                .get_mut(r.lp as usize)
                .ok_or(format!("LP {} out of range", r.lp))?;
            if std::mem::replace(slot, true) {
                return Err(format!("LP {} appears twice", r.lp));
            }
            if states.get(&r.state).is_none() {
                return Err(format!(
                    "the state of LP {} is not a {} state",
                    r.lp,
                    model.name()
                ));
            }
        }
        for e in &self.events {
            let t = f64::from_bits(e.key.time_bits);
            if e.dst >= n || e.msg.len() != msgs.bytes() || !t.is_finite() || t < time {
                return Err(format!(
                    "an event for LP {} at time {t} does not fit the model at time {time}",
                    e.dst
                ));
            }
        }
        Ok(())
    }
}

/// Reads little-endian fields from bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

/// A snapshot an engine starts from: each LP's record and its pending
/// events, found by LP id. It may hold more LPs than the process owns (a
/// whole checkpoint read on every process): each takes only its own.
#[derive(Debug)]
pub struct Resume {
    snap: Snapshot,
    /// Index in `snap.lps` by LP id (`u32::MAX`: not held).
    at: Vec<u32>,
    /// Events of LP `i`: `snap.events[first[i]..first[i + 1]]` (events sorted by LP).
    first: Vec<u32>,
}

impl Resume {
    /// Indexes `snap` for a model of `lps` LPs.
    pub fn new(mut snap: Snapshot, lps: u32) -> Resume {
        snap.events.sort_by_key(|e| (e.dst, e.key));
        let mut at = vec![u32::MAX; lps as usize];
        for (i, r) in snap.lps.iter().enumerate() {
            if let Some(slot) = at.get_mut(r.lp as usize) {
                *slot = i as u32;
            }
        }
        let mut first = vec![0u32; lps as usize + 1];
        for e in &snap.events {
            if (e.dst as usize) < lps as usize {
                first[e.dst as usize + 1] += 1;
            }
        }
        for i in 0..lps as usize {
            first[i + 1] += first[i];
        }
        Resume { snap, at, first }
    }

    /// LP `lp` as it was, its pending events appended to `new`. The
    /// snapshot was checked ([`Snapshot::check`]) or made by an engine.
    pub(crate) fn restore<M: Model>(
        &self,
        model: &M,
        lp: LpId,
        seed: u64,
        new: &mut Vec<Event<M::Msg>>,
    ) -> LpCore<M::State> {
        let r = &self.snap.lps[self.at[lp as usize] as usize];
        let codec = model
            .state_codec()
            .expect("checked: the model has a state codec");
        let state = codec
            .get(&r.state)
            .expect("checked: every state reads back");
        let mut rng = LpRng::new(seed, lp);
        rng.set_draws(r.draws);
        let msgs = model
            .codec()
            .expect("checked: the model has a message codec");
        let (a, b) = (self.first[lp as usize], self.first[lp as usize + 1]);
        for e in &self.snap.events[a as usize..b as usize] {
            new.push(Event {
                key: e.key,
                dst: e.dst,
                uid: 0,
                msg: msgs.get(&e.msg),
            });
        }
        LpCore {
            state,
            rng,
            seq: r.seq,
        }
    }
}
