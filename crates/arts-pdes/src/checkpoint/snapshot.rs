//! What a checkpoint holds: every LP's committed state (its model state,
//! random-stream position and send counter) and every pending event, as
//! bytes ([`Snapshot`]), taken from an engine at the end of a segment and
//! given back to one at the start of the next ([`Resume`]).

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use parking_lot::RwLock;

use crate::event::Event;
use crate::exec::LpCore;
use crate::key::{Key, LpId};
use crate::model::Model;
use crate::rng::LpRng;

/// One LP in a snapshot; its state is `len` bytes at `at` in
/// [`Snapshot::bytes`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LpRecord {
    pub lp: LpId,
    pub draws: u64,
    pub seq: u64,
    at: u64,
    len: u32,
}

/// One pending event in a snapshot; its payload is `len` bytes at `at` in
/// [`Snapshot::bytes`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EventRecord {
    pub key: Key,
    pub dst: LpId,
    at: u64,
    len: u32,
}

/// LP states and pending events of a run stopped at a GVT (all of them, or
/// one process's part), independent of the engine and PE count. Records
/// are fixed-size; the states and payloads lie end to end in one buffer
/// (no allocation per record: a snapshot of a million LPs is a few large
/// blocks, given back whole when it is dropped).
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    pub(crate) lps: Vec<LpRecord>,
    pub(crate) events: Vec<EventRecord>,
    bytes: Vec<u8>,
}

/// Snapshots are equal when they hold the same records in the same order,
/// wherever their bytes lie in the buffer.
impl PartialEq for Snapshot {
    fn eq(&self, other: &Snapshot) -> bool {
        let lps = self.lps.iter().zip(&other.lps).all(|(a, b)| {
            (a.lp, a.draws, a.seq) == (b.lp, b.draws, b.seq) && self.state(a) == other.state(b)
        });
        let events = self
            .events
            .iter()
            .zip(&other.events)
            .all(|(a, b)| (a.key, a.dst) == (b.key, b.dst) && self.msg(a) == other.msg(b));
        self.lps.len() == other.lps.len()
            && self.events.len() == other.events.len()
            && lps
            && events
    }
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

    /// The state of LP record `r`.
    pub(crate) fn state(&self, r: &LpRecord) -> &[u8] {
        &self.bytes[r.at as usize..][..r.len as usize]
    }

    /// The payload of event record `e`.
    pub(crate) fn msg(&self, e: &EventRecord) -> &[u8] {
        &self.bytes[e.at as usize..][..e.len as usize]
    }

    /// Appends `fill`'s bytes to the buffer; where and how many.
    fn append(&mut self, fill: impl FnOnce(&mut Vec<u8>)) -> (u64, u32) {
        let at = self.bytes.len();
        fill(&mut self.bytes);
        (at as u64, (self.bytes.len() - at) as u32)
    }

    /// Adds LP `lp` (the model must have a state codec).
    pub(crate) fn add_lp<M: Model>(&mut self, model: &M, lp: LpId, core: &LpCore<M::State>) {
        let codec = model
            .state_codec()
            .expect("checkpointed runs are refused for models without a state codec");
        let (at, len) = self.append(|b| codec.put(&core.state, b));
        self.lps.push(LpRecord {
            lp,
            draws: core.rng.draws(),
            seq: core.seq,
            at,
            len,
        });
    }

    /// Adds a pending event (the model must have a message codec).
    pub(crate) fn add_event<M: Model>(&mut self, model: &M, ev: &Event<M::Msg>) {
        let codec = model
            .codec()
            .expect("checkpointed runs are refused for models without a message codec");
        let (at, len) = self.append(|b| {
            let from = b.len();
            b.resize(from + codec.bytes(), 0);
            codec.put(&ev.msg, &mut b[from..]);
        });
        self.events.push(EventRecord {
            key: ev.key,
            dst: ev.dst,
            at,
            len,
        });
    }

    /// Appends `other`'s LPs and events.
    pub fn merge(&mut self, other: Snapshot) {
        let shift = self.bytes.len() as u64;
        if self.bytes.is_empty() {
            self.bytes = other.bytes;
        } else {
            self.bytes.extend_from_slice(&other.bytes);
        }
        self.lps.extend(other.lps.into_iter().map(|r| LpRecord {
            at: r.at + shift,
            ..r
        }));
        self.events
            .extend(other.events.into_iter().map(|e| EventRecord {
                at: e.at + shift,
                ..e
            }));
    }

    /// Puts LPs in id order and events in key order (the bytes of a
    /// snapshot then do not depend on which PE held what).
    pub fn sort(&mut self) {
        self.lps.sort_unstable_by_key(|r| r.lp);
        self.events.sort_unstable_by_key(|e| e.key);
    }

    /// Bytes of [`Snapshot::write_to`]'s output.
    pub fn byte_len(&self) -> u64 {
        let lps: u64 = self.lps.iter().map(|r| 24 + r.len as u64).sum();
        let events: u64 = self.events.iter().map(|e| 24 + e.len as u64).sum();
        8 + 8 + lps + 8 + events
    }

    /// Writes the snapshot: a magic, the LP records (id, stream position,
    /// send counter, state), then the event records (key, destination,
    /// payload), little-endian.
    pub fn write_to(&self, w: &mut impl Write) -> io::Result<()> {
        w.write_all(MAGIC)?;
        w.write_all(&(self.lps.len() as u64).to_le_bytes())?;
        for r in &self.lps {
            w.write_all(&r.lp.to_le_bytes())?;
            w.write_all(&r.draws.to_le_bytes())?;
            w.write_all(&r.seq.to_le_bytes())?;
            w.write_all(&r.len.to_le_bytes())?;
            w.write_all(self.state(r))?;
        }
        w.write_all(&(self.events.len() as u64).to_le_bytes())?;
        for e in &self.events {
            w.write_all(&e.key.time_bits.to_le_bytes())?;
            w.write_all(&e.key.tie.to_le_bytes())?;
            w.write_all(&e.dst.to_le_bytes())?;
            w.write_all(&e.len.to_le_bytes())?;
            w.write_all(self.msg(e))?;
        }
        Ok(())
    }

    /// Reads [`Snapshot::write_to`]'s output of `len` bytes from `r`,
    /// keeping only the LPs for which `keep` holds and the events for them;
    /// also returns how many LPs and events the bytes held in all. Bytes
    /// that are not a snapshot, or not `len` of them, are an
    /// [`io::ErrorKind::InvalidData`] error.
    pub fn read_from(
        r: &mut impl Read,
        len: u64,
        keep: impl Fn(LpId) -> bool,
    ) -> io::Result<(Snapshot, u64, u64)> {
        let mut r = Fields { r, left: len };
        let mut magic = [0u8; 8];
        r.fill(&mut magic)?;
        if &magic != MAGIC {
            return Err(not_a_snapshot());
        }
        let mut snap = Snapshot::default();
        let nlps = r.u64()?;
        for _ in 0..nlps {
            let lp = r.u32()?;
            let draws = r.u64()?;
            let seq = r.u64()?;
            let len = r.u32()?;
            if keep(lp) {
                let at = snap.bytes.len() as u64;
                r.append(&mut snap.bytes, len)?;
                snap.lps.push(LpRecord {
                    lp,
                    draws,
                    seq,
                    at,
                    len,
                });
            } else {
                r.skip(len)?;
            }
        }
        let nev = r.u64()?;
        for _ in 0..nev {
            let time_bits = r.u64()?;
            let tie = r.u64()?;
            let dst = r.u32()?;
            let len = r.u32()?;
            if keep(dst) {
                let at = snap.bytes.len() as u64;
                r.append(&mut snap.bytes, len)?;
                snap.events.push(EventRecord {
                    key: Key { time_bits, tie },
                    dst,
                    at,
                    len,
                });
            } else {
                r.skip(len)?;
            }
        }
        if r.left != 0 || r.r.read(&mut [0u8])? != 0 {
            return Err(not_a_snapshot());
        }
        Ok((snap, nlps, nev))
    }

    /// Checks that this snapshot, filtered to the LPs some process owns
    /// (all of them in one process), fits `model` and time `time`: each of
    /// the `owned` LPs once (the filter kept only owned LPs), every state and
    /// payload readable, every event at or after `time`. Puts the LPs in id
    /// order. The error names the first problem.
    pub fn check<M: Model>(&mut self, model: &M, time: f64, owned: u64) -> Result<(), String> {
        let n = model.lp_count();
        let (Some(states), Some(msgs)) = (model.state_codec(), model.codec()) else {
            return Err(format!("model {} cannot be checkpointed", model.name()));
        };
        self.lps.sort_by_key(|r| r.lp);
        if let Some(w) = self.lps.windows(2).find(|w| w[0].lp == w[1].lp) {
            return Err(format!("LP {} appears twice", w[0].lp));
        }
        if let Some(r) = self.lps.iter().find(|r| r.lp >= n) {
            return Err(format!("LP {} out of range", r.lp));
        }
        if self.lps.len() as u64 != owned {
            let want = if owned == n as u64 {
                format!("the model has {n}")
            } else {
                format!("{owned} were expected")
            };
            return Err(format!("it holds {} LPs; {want}", self.lps.len()));
        }
        if let Some(r) = self
            .lps
            .iter()
            .find(|r| states.get(self.state(r)).is_none())
        {
            return Err(format!(
                "the state of LP {} is not a {} state",
                r.lp,
                model.name()
            ));
        }
        for e in &self.events {
            let t = f64::from_bits(e.key.time_bits);
            if e.dst >= n || e.len as usize != msgs.bytes() || !t.is_finite() || t < time {
                return Err(format!(
                    "an event for LP {} at time {t} does not fit the model at time {time}",
                    e.dst
                ));
            }
        }
        Ok(())
    }
}

fn not_a_snapshot() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "not a PDES snapshot")
}

/// Reads little-endian fields from a stream of `left` more bytes; a
/// length beyond them is refused before anything is allocated for it.
struct Fields<'a, R> {
    r: &'a mut R,
    left: u64,
}

impl<R: Read> Fields<'_, R> {
    fn fill(&mut self, b: &mut [u8]) -> io::Result<()> {
        if b.len() as u64 > self.left {
            return Err(not_a_snapshot());
        }
        self.left -= b.len() as u64;
        self.r.read_exact(b).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => not_a_snapshot(),
            _ => e,
        })
    }
    /// Appends the next `n` bytes to `b`.
    fn append(&mut self, b: &mut Vec<u8>, n: u32) -> io::Result<()> {
        if n as u64 > self.left {
            return Err(not_a_snapshot());
        }
        let from = b.len();
        b.resize(from + n as usize, 0);
        self.fill(&mut b[from..])
    }
    /// Passes over the next `n` bytes.
    fn skip(&mut self, n: u32) -> io::Result<()> {
        if n as u64 > self.left {
            return Err(not_a_snapshot());
        }
        self.left -= n as u64;
        let skipped = io::copy(&mut self.r.by_ref().take(n as u64), &mut io::sink())?;
        match skipped == n as u64 {
            true => Ok(()),
            false => Err(not_a_snapshot()),
        }
    }
    fn u32(&mut self) -> io::Result<u32> {
        let mut b = [0u8; 4];
        self.fill(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> io::Result<u64> {
        let mut b = [0u8; 8];
        self.fill(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
}

/// A snapshot an engine starts from: each LP's record and its pending
/// events, found by LP id (a binary search: no table of every LP of the
/// model, which a process across processes does not hold). The engines
/// restore each LP of the snapshot once; the last restore frees it, so a
/// run does not hold its starting state beside its live one.
#[derive(Debug)]
pub struct Resume {
    /// LPs in id order, events in (destination, key) order.
    snap: RwLock<Snapshot>,
    /// LPs not restored yet.
    left: AtomicUsize,
}

impl Resume {
    /// Indexes `snap`.
    pub fn new(mut snap: Snapshot) -> Resume {
        snap.lps.sort_unstable_by_key(|r| r.lp);
        snap.events.sort_unstable_by_key(|e| (e.dst, e.key));
        Resume {
            left: AtomicUsize::new(snap.lps.len()),
            snap: RwLock::new(snap),
        }
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
        let snap = self.snap.read();
        let lps = &snap.lps;
        let r = lps.get(lps.partition_point(|r| r.lp < lp));
        let r = r
            .filter(|r| r.lp == lp)
            .expect("checked: each LP of this process is held, and restored once");
        let codec = model
            .state_codec()
            .expect("checked: the model has a state codec");
        let state = codec
            .get(snap.state(r))
            .expect("checked: every state reads back");
        let mut rng = LpRng::new(seed, lp);
        rng.set_draws(r.draws);
        let msgs = model
            .codec()
            .expect("checked: the model has a message codec");
        let events = &snap.events;
        let a = events.partition_point(|e| e.dst < lp);
        let b = a + events[a..].partition_point(|e| e.dst == lp);
        for e in &events[a..b] {
            new.push(Event {
                key: e.key,
                dst: e.dst,
                uid: 0,
                msg: msgs.get(snap.msg(e)),
            });
        }
        let core = LpCore {
            state,
            rng,
            seq: r.seq,
        };
        drop(snap);
        if self.left.fetch_sub(1, Ordering::AcqRel) == 1 {
            *self.snap.write() = Snapshot::default();
        }
        core
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::models::phold::{Phold, PholdParams};
    use crate::{RunConfig, SyncMode, run};

    /// A PHOLD run's state at time 5 (two snapshots merged, as the engines'
    /// PEs hand theirs in).
    fn taken() -> (Phold, Snapshot) {
        let model = Phold::new(PholdParams {
            lps: 50,
            events_per_lp: 2,
            mean_delay: 1.0,
            lookahead: 0.1,
            remote: 0.5,
        })
        .unwrap();
        let mut cfg = RunConfig::new(SyncMode::Optimistic, 2, 5.0, 9);
        cfg.keep = true;
        let snap = run(&model, &cfg, None).unwrap().end_state.unwrap();
        (model, Arc::unwrap_or_clone(snap))
    }

    #[test]
    fn a_snapshot_streams_back_whole_or_filtered() {
        let (_, mut snap) = taken();
        snap.sort();
        assert_eq!(snap.lp_count(), 50);
        assert!(snap.event_count() > 50);
        let mut bytes = Vec::new();
        snap.write_to(&mut bytes).unwrap();
        assert_eq!(bytes.len() as u64, snap.byte_len());
        let (whole, lps, events) =
            Snapshot::read_from(&mut &bytes[..], snap.byte_len(), |_| true).unwrap();
        assert_eq!(whole, snap);
        assert_eq!((lps, events), (50, snap.event_count() as u64));
        let (odd, ..) =
            Snapshot::read_from(&mut &bytes[..], snap.byte_len(), |lp| lp % 2 == 1).unwrap();
        assert_eq!(odd.lp_count(), 25);
        assert!(
            odd.lps
                .iter()
                .all(|r| r.lp % 2 == 1 && odd.state(r) == snap.state(&snap.lps[r.lp as usize]))
        );
        let odd_events = snap.events.iter().filter(|e| e.dst % 2 == 1).count();
        assert_eq!(odd.event_count(), odd_events);
        // Truncated, or a length past the end: refused, not misread.
        for len in [bytes.len() - 1, bytes.len() + 1] {
            let mut b = bytes.clone();
            b.resize(len, 0);
            let e = Snapshot::read_from(&mut &b[..], len as u64, |_| true).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidData, "{len} bytes");
        }
        let mut b = bytes.clone();
        b[16 + 20..16 + 24].copy_from_slice(&u32::MAX.to_le_bytes());
        let e = Snapshot::read_from(&mut &b[..], b.len() as u64, |_| true).unwrap_err();
        assert_eq!(
            e.kind(),
            io::ErrorKind::InvalidData,
            "a state longer than the bytes"
        );
    }

    #[test]
    fn a_resume_frees_its_snapshot_once_every_lp_is_restored() {
        let (model, snap) = taken();
        let events = snap.event_count();
        let resume = Resume::new(snap);
        let mut new = Vec::new();
        for lp in (0..50).rev() {
            assert!(resume.left.load(Ordering::Relaxed) > 0);
            let core = resume.restore(&model, lp, 9, &mut new);
            assert!(core.seq > 0, "LP {lp} had sent events by time 5");
        }
        assert_eq!(new.len(), events);
        assert_eq!(resume.left.load(Ordering::Relaxed), 0);
        assert_eq!(resume.snap.read().bytes.capacity(), 0, "freed");
        assert_eq!(resume.snap.read().lps.capacity(), 0, "freed");
    }
}
