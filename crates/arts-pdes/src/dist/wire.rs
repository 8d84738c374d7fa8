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

/// A process's end-of-run header: its totals and the committed error it
/// holds (if any). The LPs' digests follow apart ([`encode_digest`]).
pub(crate) fn encode_end(t: &Totals, err: Option<&(Key, EventError)>) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 * (Totals::WORDS + ERROR_WORDS));
    for w in t.words() {
        out.extend_from_slice(&w.to_le_bytes());
    }
    if let Some(e) = err {
        encode_error(&mut out, e);
    }
    out
}

/// Reads [`encode_end`]'s message; `model` names the model in the error.
pub(crate) fn decode_end(b: &[u8], model: &str) -> (Totals, Option<(Key, EventError)>) {
    let words: Vec<u64> = (0..Totals::WORDS).map(|i| u64_at(b, 8 * i)).collect();
    let at = 8 * Totals::WORDS;
    let err = (at < b.len()).then(|| decode_error(&b[at..], model));
    (Totals::from_words(&words), err)
}

/// Bytes of one LP's digest with `nstats` statistics.
pub(crate) fn digest_bytes(nstats: usize) -> usize {
    8 * (2 + nstats)
}

/// Appends one LP's digest: its id, its hash ([`crate::summary::lp_hash`])
/// and its statistics.
pub(crate) fn encode_digest(out: &mut Vec<u8>, lp: LpId, hash: u64, stats: &[f64]) {
    out.extend_from_slice(&(lp as u64).to_le_bytes());
    out.extend_from_slice(&hash.to_le_bytes());
    for v in stats {
        out.extend_from_slice(&v.to_bits().to_le_bytes());
    }
}

/// Reads digests of `nstats` statistics written by [`encode_digest`],
/// handing each `(lp, hash, stats)` to `f`.
pub(crate) fn decode_digests(b: &[u8], nstats: usize, mut f: impl FnMut(LpId, u64, &[f64])) {
    let mut stats = vec![0.0; nstats];
    for d in b.chunks_exact(digest_bytes(nstats)) {
        for (i, v) in stats.iter_mut().enumerate() {
            *v = f64::from_bits(u64_at(d, 16 + 8 * i));
        }
        f(u64_at(d, 0) as LpId, u64_at(d, 8), &stats);
    }
}

/// Words of an encoded error.
const ERROR_WORDS: usize = 9;

/// Appends a committed model error and the key it was committed at.
pub(crate) fn encode_error(out: &mut Vec<u8>, (key, e): &(Key, EventError)) {
    let (tag, x, y): (u64, u64, u64) = match e.fault {
        EventFault::DstOutOfRange { dst, lps } => (0, dst as u64, lps as u64),
        EventFault::NotFinite { delay } => (1, delay.to_bits(), 0),
        EventFault::BelowLookahead { delay, lookahead } => {
            (2, delay.to_bits(), lookahead.to_bits())
        }
        EventFault::NotInFuture { delay, now } => (3, delay.to_bits(), now.to_bits()),
        EventFault::TooManySends { limit } => (4, limit, 0),
    };
    let words: [u64; ERROR_WORDS] = [
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
        3 => EventFault::NotInFuture {
            delay: f(7),
            now: f(8),
        },
        _ => EventFault::TooManySends { limit: w(7) },
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
        let bytes = encode_end(&t, Some(&(Key::new(1.5, 2, 0), err.clone())));
        let (t2, e2) = decode_end(&bytes, "m");
        assert_eq!((t2.committed, t2.final_time_bits), (42, 3.0f64.to_bits()));
        assert_eq!(e2, Some((Key::new(1.5, 2, 0), err.clone())));
        assert_eq!(decode_end(&encode_end(&t, None), "m").1, None);
        let many = EventError {
            fault: EventFault::TooManySends { limit: 1 << 36 },
            ..err
        };
        let bytes = encode_end(&t, Some(&(Key::new(2.0, 1, 3), many.clone())));
        assert_eq!(decode_end(&bytes, "m").1, Some((Key::new(2.0, 1, 3), many)));

        let mut b = Vec::new();
        encode_digest(&mut b, 5, 77, &[1.5, -2.0]);
        encode_digest(&mut b, 9, 78, &[0.0, f64::INFINITY]);
        assert_eq!(b.len(), 2 * digest_bytes(2));
        let mut got = Vec::new();
        decode_digests(&b, 2, |lp, h, s| got.push((lp, h, s.to_vec())));
        assert_eq!(
            got,
            vec![(5, 77, vec![1.5, -2.0]), (9, 78, vec![0.0, f64::INFINITY])]
        );
    }
}
