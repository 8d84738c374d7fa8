//! A full trace's spans while the run goes on, as compact records in a
//! byte log: what a PE pays per event is a few bytes written into a
//! preallocated chunk. Entry methods are named by an id into a table of
//! this PE's `(array, method)` pairs, interned once (no `Arc` count
//! touched per event: an array's name is shared by every PE, and bumping
//! its count from several threads bounces its cache line between them).
//! Spans are rebuilt, names and all, once the run is over ([`Log::into_spans`]).
//!
//! A record is a head byte (its tag, and its id when below 63) and
//! varints: its start as the signed difference from the previous record's
//! end (zigzag), its duration (not for sends), its argument. A jacobi2d
//! entry takes 6–8 bytes, a send 4–5, against 32 for fixed records: what
//! a full trace costs a PE is mostly the first touch of its new memory
//! (each new page is a fault, and on a VM whose free memory the host took
//! back, a fault of the host too), so fewer bytes is fewer faults. The
//! chunks are ordinary pages, not huge ones: a huge page is one fault that
//! stalls the PE for milliseconds at once (measured on this project's VM,
//! 3–4 ms of system time per 2 MiB), which made a few steps of a traced
//! run very long.

use std::sync::Arc;

use crate::{Span, SpanKind};

/// Bytes per chunk: chunks are allocated whole and never moved, so a long
/// trace is never copied while it grows; their pages are touched as the
/// records fill them.
const CHUNK_BYTES: usize = 1 << 20;

/// Bytes of records ahead of the last one whose pages
/// [`Log::prefault`] touches.
const PREFAULT_AHEAD: usize = 64 << 10;

/// The most pages one [`Log::prefault`] touches (each a fault, a few µs
/// on a VM: an idle PE that gets work answers it at most this late).
const PREFAULT_PAGES: usize = 4;

/// The page size the prefaulting steps by (a larger one is touched more
/// than once, harmlessly).
const PAGE: usize = 4096;

/// The longest record: a head byte, an id and three varints.
const MAX_RECORD: usize = 1 + 5 + 3 * 10;

/// The id a head byte holds when the id follows as a varint.
const ID_ESCAPE: u32 = 63;

/// What a record is (the low 2 bits of its head byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    /// An entry method: `id` names it, `arg` is the element.
    Entry = 0,
    /// An idle period.
    Idle = 1,
    /// A send: `id` is the destination PE, `arg` the bytes (no duration).
    Send = 2,
    /// Any other kind (rare: migrations, LB steps, checkpoints, bin
    /// totals): `arg` indexes [`Log::rare`].
    Rare = 3,
}

/// Writes one record into a chunk's free room (at most [`MAX_RECORD`]
/// bytes, straight into the chunk: no copy).
struct Writer<'a> {
    free: &'a mut [std::mem::MaybeUninit<u8>],
    len: usize,
}

impl Writer<'_> {
    #[inline]
    fn byte(&mut self, b: u8) {
        self.free[self.len].write(b);
        self.len += 1;
    }

    /// A record's head: its tag and its id, the id as a varint after it
    /// unless below [`ID_ESCAPE`].
    #[inline]
    fn head(&mut self, tag: Tag, id: u32) {
        let small = id.min(ID_ESCAPE);
        self.byte(tag as u8 | (small as u8) << 2);
        if small == ID_ESCAPE {
            self.varint(u64::from(id));
        }
    }

    /// Appends `v` as a varint (7 bits a byte, low bits first).
    #[inline]
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.byte(v as u8 | 0x80);
            v >>= 7;
        }
        self.byte(v as u8);
    }
}

/// `t - from` as a varint's value: signed, zigzag-encoded (the clock may
/// be anywhere; differences wrap).
#[inline]
fn zigzag(t: u64, from: u64) -> u64 {
    let d = t.wrapping_sub(from) as i64;
    ((d << 1) ^ (d >> 63)) as u64
}

/// The time `z` (from [`zigzag`]) stands for after `from`.
#[inline]
fn unzigzag(z: u64, from: u64) -> u64 {
    let d = ((z >> 1) as i64) ^ -((z & 1) as i64);
    from.wrapping_add(d as u64)
}

/// Reads the records of a chunk back.
struct Decoder<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Decoder<'_> {
    /// The next varint (0 past the end: chunks hold whole records).
    fn varint(&mut self) -> u64 {
        let mut v = 0u64;
        let mut shift = 0;
        while let Some(&b) = self.bytes.get(self.at) {
            self.at += 1;
            if shift < 64 {
                v |= u64::from(b & 0x7f) << shift;
            }
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        v
    }
}

/// A PE's spans in the order they were recorded.
#[derive(Debug, Default)]
pub(crate) struct Log {
    /// Full chunks and the one being filled (each with room for
    /// [`CHUNK_BYTES`]; a record never straddles two, and a chunk with
    /// less than [`MAX_RECORD`] bytes of room is full).
    chunks: Vec<Vec<u8>>,
    /// Entry methods seen on this PE, by id.
    names: Vec<(Arc<str>, &'static str)>,
    /// The id found last (a PE mostly runs one method after another).
    last: usize,
    /// The kinds of the rare records.
    rare: Vec<SpanKind>,
    /// The end of the last record (its start for a send), ns: the next
    /// record's start is written relative to it.
    cursor: u64,
    len: usize,
    /// The next chunk, allocated ahead by [`Log::prefault`].
    spare: Option<Vec<u8>>,
    /// Bytes of the last chunk (or, once it is nearly full, of `spare`)
    /// whose pages [`Log::prefault`] touched.
    touched: usize,
}

impl Log {
    /// Spans recorded.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Appends a record of `tag` and `id` for a span of `(start_ns,
    /// dur_ns)` with argument `arg` (a send has no duration, an idle
    /// period no argument).
    #[inline]
    fn put(&mut self, tag: Tag, id: u32, (start_ns, dur_ns): (u64, u64), arg: u64) {
        if (self.chunks.last()).is_none_or(|c| c.capacity() - c.len() < MAX_RECORD) {
            self.grow();
        }
        let cursor = self.cursor;
        if let Some(chunk) = self.chunks.last_mut() {
            let len = chunk.len();
            let mut w = Writer {
                free: &mut chunk.spare_capacity_mut()[..MAX_RECORD],
                len: 0,
            };
            w.head(tag, id);
            w.varint(zigzag(start_ns, cursor));
            if tag != Tag::Send {
                w.varint(dur_ns);
            }
            if tag != Tag::Idle {
                w.varint(arg);
            }
            let n = w.len;
            // SAFETY: the record's `n` bytes (at most `MAX_RECORD`, within
            // the capacity) were just written.
            unsafe { chunk.set_len(len + n) };
        }
        self.cursor = match tag {
            Tag::Send => start_ns,
            _ => start_ns.wrapping_add(dur_ns),
        };
        self.len += 1;
    }

    /// Starts a new chunk (the one made ahead, if any).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let chunk = match self.spare.take() {
            Some(spare) => spare,
            None => {
                self.touched = 0;
                Vec::with_capacity(CHUNK_BYTES)
            }
        };
        self.chunks.push(chunk);
    }

    /// Touches the pages that the next [`PREFAULT_AHEAD`] bytes of records
    /// will go to (allocating the next chunk when the last one is nearly
    /// full), at most [`PREFAULT_PAGES`] of them: called while the PE is
    /// idle, so that the faults on new memory happen then and not while
    /// it runs entry methods.
    pub(crate) fn prefault(&mut self) {
        let Some(last) = self.chunks.last_mut() else {
            return;
        };
        let room = last.capacity() - last.len();
        let (chunk, want) = if room >= PREFAULT_AHEAD {
            let want = last.len() + PREFAULT_AHEAD;
            (last, want)
        } else {
            if self.spare.is_none() {
                self.touched = 0;
            }
            let spare = self
                .spare
                .get_or_insert_with(|| Vec::with_capacity(CHUNK_BYTES));
            (spare, PREFAULT_AHEAD - room)
        };
        let len = chunk.len();
        let from = self.touched.max(len);
        let to = want.min(chunk.capacity()).min(from + PREFAULT_PAGES * PAGE);
        let free = chunk.spare_capacity_mut();
        let mut at = from;
        while at < to {
            // A byte past the records: overwritten when records reach it.
            free[at - len].write(0);
            at = (at / PAGE + 1) * PAGE;
        }
        self.touched = self.touched.max(to);
    }

    /// The id of `array::method`, interned the first time it is seen.
    #[inline]
    fn id(&mut self, array: &Arc<str>, method: &'static str) -> u32 {
        let same =
            |n: &(Arc<str>, &'static str)| Arc::ptr_eq(&n.0, array) && std::ptr::eq(n.1, method);
        if self.names.get(self.last).is_some_and(same) {
            return self.last as u32;
        }
        let at = match self.names.iter().position(same) {
            Some(at) => at,
            None => {
                self.names.push((array.clone(), method));
                self.names.len() - 1
            }
        };
        self.last = at;
        at as u32
    }

    /// Records an execution of `array::method` on `element`.
    #[inline]
    pub(crate) fn entry(
        &mut self,
        span: (u64, u64),
        array: &Arc<str>,
        method: &'static str,
        element: u64,
    ) {
        let id = self.id(array, method);
        self.put(Tag::Entry, id, span, element);
    }

    /// Records a message of `bytes` sent to PE `to_pe` at `at_ns`.
    #[inline]
    pub(crate) fn send(&mut self, at_ns: u64, to_pe: u32, bytes: u64) {
        self.put(Tag::Send, to_pe, (at_ns, 0), bytes);
    }

    /// Records `span` (its PE is the log's).
    pub(crate) fn span(&mut self, span: Span) {
        let Span {
            start_ns,
            dur_ns,
            kind,
            ..
        } = span;
        match kind {
            SpanKind::Entry {
                array,
                method,
                element,
            } => self.entry((start_ns, dur_ns), &array, method, element),
            SpanKind::Send { to_pe, bytes } => self.send(start_ns, to_pe, bytes),
            SpanKind::Idle => self.put(Tag::Idle, 0, (start_ns, dur_ns), 0),
            kind => {
                self.rare.push(kind);
                let at = (self.rare.len() - 1) as u64;
                self.put(Tag::Rare, 0, (start_ns, dur_ns), at);
            }
        }
    }

    /// The spans of PE `pe`, in the order they were recorded (each chunk
    /// freed once read).
    pub(crate) fn into_spans(self, pe: u32) -> Vec<Span> {
        let Log {
            chunks,
            names,
            rare,
            len,
            ..
        } = self;
        let mut rare: Vec<Option<SpanKind>> = rare.into_iter().map(Some).collect();
        let mut spans = Vec::with_capacity(len);
        let mut cursor = 0u64;
        for chunk in chunks {
            let mut d = Decoder {
                bytes: &chunk,
                at: 0,
            };
            while d.at < chunk.len() {
                let head = chunk[d.at];
                d.at += 1;
                let mut id = u32::from(head >> 2);
                if id == ID_ESCAPE {
                    id = d.varint() as u32;
                }
                let start_ns = unzigzag(d.varint(), cursor);
                let tag = head & 3;
                let dur_ns = if tag == Tag::Send as u8 {
                    0
                } else {
                    d.varint()
                };
                let arg = if tag == Tag::Idle as u8 {
                    0
                } else {
                    d.varint()
                };
                cursor = start_ns.wrapping_add(dur_ns);
                let kind = match tag {
                    0 => {
                        let (array, method) = &names[id as usize];
                        SpanKind::Entry {
                            array: array.clone(),
                            method,
                            element: arg,
                        }
                    }
                    1 => SpanKind::Idle,
                    2 => SpanKind::Send {
                        to_pe: id,
                        bytes: arg,
                    },
                    _ => (rare.get_mut(arg as usize).and_then(Option::take))
                        .unwrap_or(SpanKind::Idle),
                };
                spans.push(Span {
                    pe,
                    start_ns,
                    dur_ns,
                    kind,
                });
            }
        }
        spans
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(
        array: &Arc<str>,
        method: &'static str,
        start_ns: u64,
        dur_ns: u64,
        element: u64,
    ) -> Span {
        Span {
            pe: 3,
            start_ns,
            dur_ns,
            kind: SpanKind::Entry {
                array: array.clone(),
                method,
                element,
            },
        }
    }

    #[test]
    fn a_jacobi_step_takes_a_few_bytes_an_event() {
        // Entries of a few hundred ns, each sending one 145-byte message
        // inside it, 512 elements: as jacobi2d's PEs record them.
        let a: Arc<str> = "jacobi2d".into();
        let mut log = Log::default();
        let mut t = 1_000_000_000u64;
        for i in 0..10_000u64 {
            log.send(t + 120, 1, 145);
            log.entry((t, 250), &a, "ghost", i % 512);
            t += 270;
        }
        let bytes: usize = log.chunks.iter().map(Vec::len).sum();
        assert_eq!(log.len(), 20_000);
        assert!(bytes <= 20_000 * 6, "{bytes} bytes for 20,000 events");
    }

    #[test]
    fn prefaulting_ahead_changes_no_record_and_hands_on_its_chunk() {
        let a: Arc<str> = "a".into();
        let mut log = Log::default();
        log.prefault(); // nothing recorded yet: nothing to do
        let mut expected = Vec::new();
        let mut i = 0u64;
        let mut spare_seen = false;
        while log.chunks.len() < 2 {
            log.entry((i * 300, 250), &a, "x", i % 512);
            expected.push(entry(&a, "x", i * 300, 250, i % 512));
            if i.is_multiple_of(500) {
                log.prefault();
                spare_seen |= log.spare.is_some();
                if log.spare.is_none() {
                    let last = &log.chunks[log.chunks.len() - 1];
                    assert!(
                        log.touched > last.len(),
                        "pages ahead of the records touched"
                    );
                    assert!(log.touched <= last.len() + PREFAULT_AHEAD);
                }
            }
            i += 1;
        }
        assert!(
            spare_seen,
            "a nearly full chunk had its successor made ahead"
        );
        assert!(log.spare.is_none(), "the spare became the new chunk");
        assert!(log.chunks.iter().all(|c| c.capacity() == CHUNK_BYTES));
        assert!(
            log.into_spans(3) == expected,
            "the spans differ from those recorded"
        );
    }

    #[test]
    fn any_values_come_back() {
        let a: Arc<str> = "a".into();
        let mut log = Log::default();
        let mut expected = Vec::new();
        let extremes = [
            0,
            1,
            62,
            63,
            64,
            127,
            128,
            u64::from(u32::MAX),
            u64::MAX - 1,
            u64::MAX,
        ];
        for (i, &v) in extremes.iter().enumerate() {
            let w = extremes[(i * 7 + 3) % extremes.len()];
            log.entry((v, w), &a, "x", w);
            expected.push(entry(&a, "x", v, w, w));
            log.send(w, v as u32, v);
            expected.push(Span {
                pe: 3,
                start_ns: w,
                dur_ns: 0,
                kind: SpanKind::Send {
                    to_pe: v as u32,
                    bytes: v,
                },
            });
            let idle = Span {
                pe: 3,
                start_ns: v,
                dur_ns: w,
                kind: SpanKind::Idle,
            };
            log.span(idle.clone());
            expected.push(idle);
        }
        // More methods than a head byte names.
        let methods: Vec<&'static str> = (0..100)
            .map(|i| &*Box::leak(format!("m{i}").into_boxed_str()))
            .collect();
        for (i, m) in methods.iter().enumerate() {
            log.entry((i as u64, 1), &a, m, 0);
            expected.push(entry(&a, m, i as u64, 1, 0));
        }
        assert_eq!(log.len(), expected.len());
        assert!(
            log.into_spans(3) == expected,
            "the spans differ from those recorded"
        );
    }

    #[test]
    fn spans_come_back_as_recorded_across_chunks() {
        let a: Arc<str> = "a".into();
        let b: Arc<str> = "b".into();
        let mut log = Log::default();
        let n = CHUNK_BYTES as u64 / 4;
        let mut expected = Vec::new();
        for i in 0..n {
            let (array, method) = if i % 3 == 0 { (&a, "x") } else { (&b, "y") };
            log.entry((i * 10, 5), array, method, i);
            expected.push(entry(array, method, i * 10, 5, i));
            if i % 1000 == 0 {
                let kind = SpanKind::Checkpoint { array: a.clone() };
                let span = Span {
                    pe: 3,
                    start_ns: i * 10 + 6,
                    dur_ns: 1,
                    kind,
                };
                log.span(span.clone());
                expected.push(span);
                log.send(i * 10 + 7, 1, 145);
                expected.push(Span {
                    pe: 3,
                    start_ns: i * 10 + 7,
                    dur_ns: 0,
                    kind: SpanKind::Send {
                        to_pe: 1,
                        bytes: 145,
                    },
                });
                let idle = Span {
                    pe: 3,
                    start_ns: i * 10 + 8,
                    dur_ns: 2,
                    kind: SpanKind::Idle,
                };
                log.span(idle.clone());
                expected.push(idle);
            }
        }
        assert_eq!(log.len(), expected.len());
        assert_eq!(log.names.len(), 2, "each method interned once");
        assert!(log.chunks.len() >= 2, "{} chunks", log.chunks.len());
        assert!(
            log.chunks.iter().all(|c| c.capacity() == CHUNK_BYTES),
            "no chunk grew"
        );
        let spans = log.into_spans(3);
        assert!(spans == expected, "the spans differ from those recorded");
    }
}
