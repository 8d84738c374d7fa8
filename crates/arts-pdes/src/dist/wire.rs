//! The bytes that cross processes: batches of events and anti-messages, a
//! process's totals and LP digests at the end of a run, and a committed
//! model error. Little-endian throughout; both ends run the same program.

use crate::engine::optimistic::control::Wire;
use crate::error::{EventError, EventFault};
use crate::event::Event;
use crate::key::{Key, LpId};
use crate::model::MsgCodec;

/// Bytes of one wire before its payload: kind, destination LP, key, uid.
const HEAD: usize = 1 + 4 + 8 + 8 + 4;
const EVENT: u8 = 0;
const ANTI: u8 = 1;

/// Appends `w` to a batch (`out` starts with the batch's wire count, which
/// the caller sets with [`set_count`]).
pub(crate) fn encode_wire<M>(out: &mut Vec<u8>, w: &Wire<M>, codec: &dyn MsgCodec<M>) {
    let (kind, dst, key, uid) = match w {
        Wire::Event(e) => (EVENT, e.dst, e.key, e.uid),
        Wire::Anti { dst, key, uid } => (ANTI, *dst, *key, *uid),
    };
    out.push(kind);
    out.extend_from_slice(&dst.to_le_bytes());
    out.extend_from_slice(&key.time_bits.to_le_bytes());
    out.extend_from_slice(&key.tie.to_le_bytes());
    out.extend_from_slice(&uid.to_le_bytes());
    let n = codec.bytes();
    let at = out.len();
    out.resize(at + n, 0);
    if let Wire::Event(e) = w {
        codec.put(&e.msg, &mut out[at..]);
    }
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"))
}

/// Reads a batch of wires, handing each to `f`; an error names what was
/// wrong (a batch cut short or of an unknown kind).
pub(crate) fn decode_batch<M>(
    bytes: &[u8],
    codec: &dyn MsgCodec<M>,
    mut f: impl FnMut(Wire<M>),
) -> Result<(), String> {
    let size = HEAD + codec.bytes();
    if !bytes.len().is_multiple_of(size) {
        return Err(format!(
            "a batch of {} bytes is not a whole number of {size}-byte wires",
            bytes.len()
        ));
    }
    for b in bytes.chunks_exact(size) {
        let dst = u32_at(b, 1);
        let key = Key {
            time_bits: u64_at(b, 5),
            tie: u64_at(b, 13),
        };
        let uid = u32_at(b, 21);
        match b[0] {
            EVENT => f(Wire::Event(Event {
                key,
                dst,
                uid,
                msg: codec.get(&b[HEAD..]),
            })),
            ANTI => f(Wire::Anti { dst, key, uid }),
            k => return Err(format!("unknown wire kind {k}")),
        }
    }
    Ok(())
}

/// One process's counters at the end of a run (summed over processes).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Totals {
    pub processed: u64,
    pub rolled_back: u64,
    pub anti_sent: u64,
    pub committed: u64,
    pub cross: u64,
    pub peak_live: u64,
    /// Bits of the largest committed timestamp (max over processes).
    pub final_time_bits: u64,
    /// Nanoseconds the process's leader spent in GVT rounds.
    pub gvt_ns: u64,
    /// Peak resident set size (0 if unknown).
    pub peak_rss: u64,
}

impl Totals {
    const WORDS: usize = 9;

    fn words(&self) -> [u64; Self::WORDS] {
        [
            self.processed,
            self.rolled_back,
            self.anti_sent,
            self.committed,
            self.cross,
            self.peak_live,
            self.final_time_bits,
            self.gvt_ns,
            self.peak_rss,
        ]
    }

    fn from_words(w: &[u64]) -> Totals {
        Totals {
            processed: w[0],
            rolled_back: w[1],
            anti_sent: w[2],
            committed: w[3],
            cross: w[4],
            peak_live: w[5],
            final_time_bits: w[6],
            gvt_ns: w[7],
            peak_rss: w[8],
        }
    }
}

/// One LP's contribution to the run summary: its hash and statistics.
#[derive(Clone, Debug)]
pub(crate) struct Digest {
    pub lp: LpId,
    pub hash: u64,
    pub stats: Vec<f64>,
}

/// A process's end-of-run message: totals, LP digests, and the committed
/// error it holds (if any).
pub(crate) fn encode_end(
    t: &Totals,
    digests: &[Digest],
    err: Option<&(Key, EventError)>,
) -> Vec<u8> {
    let mut out = Vec::new();
    for w in t.words() {
        out.extend_from_slice(&w.to_le_bytes());
    }
    let nstats = digests.first().map_or(0, |d| d.stats.len());
    out.extend_from_slice(&(digests.len() as u64).to_le_bytes());
    out.extend_from_slice(&(nstats as u64).to_le_bytes());
    for d in digests {
        out.extend_from_slice(&(d.lp as u64).to_le_bytes());
        out.extend_from_slice(&d.hash.to_le_bytes());
        for v in &d.stats {
            out.extend_from_slice(&v.to_bits().to_le_bytes());
        }
    }
    if let Some(e) = err {
        encode_error(&mut out, e);
    }
    out
}

/// Reads [`encode_end`]'s message; `model` names the model in the error.
pub(crate) fn decode_end(
    b: &[u8],
    model: &str,
) -> (Totals, Vec<Digest>, Option<(Key, EventError)>) {
    let words: Vec<u64> = (0..Totals::WORDS).map(|i| u64_at(b, 8 * i)).collect();
    let t = Totals::from_words(&words);
    let mut at = 8 * Totals::WORDS;
    let n = u64_at(b, at) as usize;
    let nstats = u64_at(b, at + 8) as usize;
    at += 16;
    let mut digests = Vec::with_capacity(n);
    for _ in 0..n {
        let lp = u64_at(b, at) as LpId;
        let hash = u64_at(b, at + 8);
        at += 16;
        let stats = (0..nstats)
            .map(|i| f64::from_bits(u64_at(b, at + 8 * i)))
            .collect();
        at += 8 * nstats;
        digests.push(Digest { lp, hash, stats });
    }
    let err = (at < b.len()).then(|| decode_error(&b[at..], model));
    (t, digests, err)
}

/// Appends a committed model error and the key it was committed at.
pub(crate) fn encode_error(out: &mut Vec<u8>, (key, e): &(Key, EventError)) {
    let (tag, x, y): (u64, u64, u64) = match e.fault {
        EventFault::DstOutOfRange { dst, lps } => (0, dst as u64, lps as u64),
        EventFault::NotFinite { delay } => (1, delay.to_bits(), 0),
        EventFault::BelowLookahead { delay, lookahead } => {
            (2, delay.to_bits(), lookahead.to_bits())
        }
        EventFault::NotInFuture { delay, now } => (3, delay.to_bits(), now.to_bits()),
    };
    let words = [
        key.time_bits,
        key.tie,
        (e.phase == "init") as u64,
        e.lp as u64,
        e.time.to_bits(),
        e.src as u64,
        tag,
        x,
        y,
    ];
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
}

/// Reads [`encode_error`]'s bytes.
pub(crate) fn decode_error(b: &[u8], model: &str) -> (Key, EventError) {
    let w = |i: usize| u64_at(b, 8 * i);
    let f = |i: usize| f64::from_bits(w(i));
    let fault = match w(6) {
        0 => EventFault::DstOutOfRange {
            dst: w(7) as LpId,
            lps: w(8) as u32,
        },
        1 => EventFault::NotFinite { delay: f(7) },
        2 => EventFault::BelowLookahead {
            delay: f(7),
            lookahead: f(8),
        },
        _ => EventFault::NotInFuture {
            delay: f(7),
            now: f(8),
        },
    };
    let key = Key {
        time_bits: w(0),
        tie: w(1),
    };
    let err = EventError {
        model: model.to_string(),
        phase: if w(2) == 1 { "init" } else { "event" },
        lp: w(3) as LpId,
        time: f(4),
        src: w(5) as LpId,
        fault,
    };
    (key, err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::UnitCodec;

    #[test]
    fn wires_errors_and_ends_round_trip() {
        let ev = Wire::Event(Event {
            key: Key::new(2.5, 7, 3),
            dst: 11,
            uid: 9,
            msg: (),
        });
        let anti: Wire<()> = Wire::Anti {
            dst: 4,
            key: Key::new(1.0, 2, 1),
            uid: 5,
        };
        let mut b = Vec::new();
        encode_wire(&mut b, &ev, &UnitCodec);
        encode_wire(&mut b, &anti, &UnitCodec);
        let mut got = Vec::new();
        decode_batch(&b, &UnitCodec, |w| got.push(w)).unwrap();
        assert!(
            matches!(got[0], Wire::Event(e) if e.key == Key::new(2.5, 7, 3) && e.dst == 11 && e.uid == 9)
        );
        assert!(matches!(got[1], Wire::Anti { dst: 4, uid: 5, key } if key == Key::new(1.0, 2, 1)));
        assert!(decode_batch(&b[1..], &UnitCodec, |_| ()).is_err());

        let err = EventError {
            model: "m".into(),
            phase: "event",
            lp: 3,
            time: 1.5,
            src: 2,
            fault: EventFault::BelowLookahead {
                delay: 0.1,
                lookahead: 1.0,
            },
        };
        let t = Totals {
            committed: 42,
            final_time_bits: 3.0f64.to_bits(),
            ..Totals::default()
        };
        let d = vec![Digest {
            lp: 5,
            hash: 77,
            stats: vec![1.5, -2.0],
        }];
        let bytes = encode_end(&t, &d, Some(&(Key::new(1.5, 2, 0), err.clone())));
        let (t2, d2, e2) = decode_end(&bytes, "m");
        assert_eq!((t2.committed, t2.final_time_bits), (42, 3.0f64.to_bits()));
        assert_eq!(
            (d2[0].lp, d2[0].hash, d2[0].stats.clone()),
            (5, 77, vec![1.5, -2.0])
        );
        assert_eq!(e2, Some((Key::new(1.5, 2, 0), err)));
    }
}
