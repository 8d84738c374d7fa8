//! A full trace's spans while the run goes on, as compact records in a
//! byte log: what a PE pays per event is a few bytes written into a
//! preallocated chunk. Entry methods are named by an id into a table of
//! this PE's `(array, method)` pairs, interned once (no `Arc` count
//! touched per event: an array's name is shared by every PE, and bumping
//! its count from several threads bounces its cache line between them).
//! Spans are rebuilt, names and all, once the run is over ([`Log::into_spans`]).
//!
//! Most records are one 8-byte word, written with one store: an entry
//! method whose id, start (the signed difference from the previous
//! record's end, zigzag), duration and element fit 6, 16, 20 and 19 bits
//! (a jacobi2d entry does), or a send whose destination PE, start and
//! bytes fit 14, 24 and 23 bits. Any other record is a 16-bit head — its
//! tag and, 3 bits each, the byte lengths of its four fields — then the
//! fields, little-endian, each in as few bytes as hold it (0 for a zero):
//! its id, its start, its duration, its argument. A record costs a PE
//! ~20 instructions (varints per byte took ~100 with the calls around
//! them, measured with callgrind on jacobi2d) and 8 bytes, against 32 for
//! fixed records of whole fields: what a full trace costs a PE is also the
//! first touch of its new memory (each new page is a fault, and on a VM
//! whose free memory the host took back, a fault of the host too), which
//! [`Log::prefault`] moves to the PE's idle time. The chunks are ordinary
//! pages, not huge ones: a huge page is one fault that stalls the PE for
//! milliseconds at once (measured on this project's VM, 3–4 ms of system
//! time per 2 MiB), which made a few steps of a traced run very long.

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

/// The room a record is written into: its head and four fields of at most
/// 8 bytes (each field is stored as a whole word, so the last one's word
/// ends at most here).
const MAX_RECORD: usize = 2 + 4 * 8;

/// The low 3 bits of a one-word entry record.
const WORD_ENTRY: u64 = 0;

/// The low 3 bits of a one-word send record.
const WORD_SEND: u64 = 1;

/// What a record of a 16-bit head is (the low 3 bits of its head, less
/// [`HEAD_TAGS`]).
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

/// What a 16-bit head's low 3 bits hold beyond its [`Tag`] (so that they
/// never read as a one-word record's).
const HEAD_TAGS: u16 = 4;

/// The 3-bit code of a field's length: its significant bytes (0 to 8),
/// 7 standing for 8 (a value of 7 significant bytes is stored in 8).
#[inline(always)]
fn code(v: u64) -> u16 {
    let n = (64 - v.leading_zeros() as u16).div_ceil(8);
    n - (n >> 3)
}

/// The bytes a field of length code `c` takes.
#[inline(always)]
fn bytes(c: u16) -> usize {
    usize::from(c + u16::from(c == 7))
}

/// `t - from` as a field's value: signed, zigzag-encoded (the clock may
/// be anywhere; differences wrap).
#[inline(always)]
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
    /// The next field, of length code `c` (0 past the end: chunks hold
    /// whole records).
    fn field(&mut self, c: u16) -> u64 {
        let n = bytes(c);
        let mut word = [0u8; 8];
        let end = (self.at + n).min(self.bytes.len());
        let got = &self.bytes[self.at.min(end)..end];
        word[..got.len()].copy_from_slice(got);
        self.at = end;
        u64::from_le_bytes(word)
    }
}

/// A PE's spans in the order they were recorded.
#[derive(Debug, Default)]
pub(crate) struct Log {
    /// Full chunks (each with room for [`CHUNK_BYTES`]; a record never
    /// straddles two, and a chunk with less than [`MAX_RECORD`] bytes of
    /// room is full).
    chunks: Vec<Vec<u8>>,
    /// The chunk being filled (none yet: no capacity).
    cur: Vec<u8>,
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
    /// Bytes of the chunk being filled (or, once it is nearly full, of
    /// `spare`) whose pages [`Log::prefault`] touched.
    touched: usize,
}

impl Log {
    /// Spans recorded.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Appends the one-word record `word` (see the module's doc), which
    /// ends at `end_ns`.
    #[inline(always)]
    fn word(&mut self, word: u64, end_ns: u64) {
        if self.cur.capacity() - self.cur.len() < MAX_RECORD {
            self.grow();
        }
        let len = self.cur.len();
        let free = self.cur.spare_capacity_mut()[..8]
            .as_mut_ptr()
            .cast::<[u8; 8]>();
        // SAFETY: `free` points to 8 bytes of the chunk's room (at least
        // `MAX_RECORD`), which the record fills.
        unsafe {
            free.write_unaligned(word.to_le_bytes());
            self.cur.set_len(len + 8);
        }
        self.cursor = end_ns;
        self.len += 1;
    }

    /// Appends a record of `tag` and `id` for a span of `(start_ns,
    /// dur_ns)` with argument `arg`, with a 16-bit head (a send has no
    /// duration, an idle period no argument: both are zero, and take no
    /// byte).
    #[inline(never)]
    fn put(&mut self, tag: Tag, id: u32, (start_ns, dur_ns): (u64, u64), arg: u64) {
        if self.cur.capacity() - self.cur.len() < MAX_RECORD {
            self.grow();
        }
        let fields = [u64::from(id), zigzag(start_ns, self.cursor), dur_ns, arg];
        let codes = fields.map(code);
        let head = (tag as u16 + HEAD_TAGS)
            | codes[0] << 3
            | codes[1] << 6
            | codes[2] << 9
            | codes[3] << 12;
        let len = self.cur.len();
        let free = self.cur.spare_capacity_mut()[..MAX_RECORD]
            .as_mut_ptr()
            .cast::<u8>();
        let mut n = 2;
        // SAFETY: `free` has room for `MAX_RECORD` bytes: the head (2)
        // and four words at offsets of at most 2 + 3 × 8 end within it.
        unsafe {
            free.cast::<[u8; 2]>().write_unaligned(head.to_le_bytes());
            for (v, c) in fields.into_iter().zip(codes) {
                free.add(n)
                    .cast::<[u8; 8]>()
                    .write_unaligned(v.to_le_bytes());
                n += bytes(c);
            }
            // The record's `n` bytes (at most `MAX_RECORD`, within the
            // capacity) were just written.
            self.cur.set_len(len + n);
        }
        self.cursor = start_ns.wrapping_add(dur_ns);
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
        let full = std::mem::replace(&mut self.cur, chunk);
        if full.capacity() > 0 {
            self.chunks.push(full);
        }
    }

    /// Touches the pages that the next [`PREFAULT_AHEAD`] bytes of records
    /// will go to (allocating the next chunk when the last one is nearly
    /// full), at most [`PREFAULT_PAGES`] of them: called while the PE is
    /// idle, so that the faults on new memory happen then and not while
    /// it runs entry methods.
    pub(crate) fn prefault(&mut self) {
        let last = &mut self.cur;
        if last.capacity() == 0 {
            return;
        }
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
    #[inline(always)]
    fn id(&mut self, array: &Arc<str>, method: &'static str) -> u32 {
        let same =
            |n: &(Arc<str>, &'static str)| Arc::ptr_eq(&n.0, array) && std::ptr::eq(n.1, method);
        if self.names.get(self.last).is_some_and(same) {
            return self.last as u32;
        }
        self.find(array, method)
    }

    /// [`Log::id`] when it is not the last one found.
    #[inline(never)]
    fn find(&mut self, array: &Arc<str>, method: &'static str) -> u32 {
        let same =
            |n: &(Arc<str>, &'static str)| Arc::ptr_eq(&n.0, array) && std::ptr::eq(n.1, method);
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
    #[inline(always)]
    pub(crate) fn entry(
        &mut self,
        span: (u64, u64),
        array: &Arc<str>,
        method: &'static str,
        element: u64,
    ) {
        let id = self.id(array, method);
        let (start_ns, dur_ns) = span;
        let z = zigzag(start_ns, self.cursor);
        if u64::from(id) >> 6 | z >> 16 | dur_ns >> 20 | element >> 19 == 0 {
            let word = WORD_ENTRY | u64::from(id) << 3 | z << 9 | dur_ns << 25 | element << 45;
            self.word(word, start_ns.wrapping_add(dur_ns));
        } else {
            self.put(Tag::Entry, id, span, element);
        }
    }

    /// Records a message of `bytes` sent to PE `to_pe` at `at_ns`.
    #[inline(always)]
    pub(crate) fn send(&mut self, at_ns: u64, to_pe: u32, bytes: u64) {
        let z = zigzag(at_ns, self.cursor);
        if to_pe >> 14 == 0 && z >> 24 | bytes >> 23 == 0 {
            self.word(
                WORD_SEND | u64::from(to_pe) << 3 | z << 17 | bytes << 41,
                at_ns,
            );
        } else {
            self.put(Tag::Send, to_pe, (at_ns, 0), bytes);
        }
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
            mut chunks,
            cur,
            names,
            rare,
            len,
            ..
        } = self;
        chunks.push(cur);
        let mut rare: Vec<Option<SpanKind>> = rare.into_iter().map(Some).collect();
        let mut spans = Vec::with_capacity(len);
        let mut cursor = 0u64;
        for chunk in chunks {
            let mut d = Decoder {
                bytes: &chunk,
                at: 0,
            };
            while d.at + 2 <= chunk.len() {
                let first = chunk[d.at];
                let (tag, id, start, dur_ns, arg) = if u16::from(first & 7) < HEAD_TAGS {
                    let w = d.field(7);
                    let bits = |at: u32, n: u32| (w >> at) & ((1 << n) - 1);
                    match u64::from(first & 7) {
                        WORD_ENTRY => (0, bits(3, 6), bits(9, 16), bits(25, 20), bits(45, 19)),
                        _ => (2, bits(3, 14), bits(17, 24), 0, bits(41, 23)),
                    }
                } else {
                    let head = u16::from_le_bytes([first, chunk[d.at + 1]]);
                    d.at += 2;
                    let c = |shift: u16| (head >> shift) & 7;
                    let tag = (head & 7) - HEAD_TAGS;
                    (
                        tag,
                        d.field(c(3)),
                        d.field(c(6)),
                        d.field(c(9)),
                        d.field(c(12)),
                    )
                };
                let id = id as u32;
                let start_ns = unzigzag(start, cursor);
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

    impl Log {
        /// The full chunks and the one being filled.
        fn all_chunks(&self) -> impl Iterator<Item = &Vec<u8>> {
            self.chunks.iter().chain(Some(&self.cur))
        }
    }

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
    fn a_jacobi_step_takes_one_word_an_event() {
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
        let bytes: usize = log.all_chunks().map(Vec::len).sum();
        assert_eq!(log.len(), 20_000);
        assert_eq!(bytes, 20_000 * 8, "one word each");
        let back = log.into_spans(3);
        assert_eq!(back[2].start_ns, 1_000_000_270 + 120);
        assert_eq!(back[3], entry(&a, "ghost", 1_000_000_270, 250, 1));
    }

    #[test]
    fn fields_at_the_one_word_limits_come_back() {
        let a: Arc<str> = "a".into();
        let mut log = Log::default();
        let mut expected = Vec::new();
        let mut t = 1u64 << 40;
        let mut words = 0;
        // (start after the previous end, duration, element; whether one word)
        let entries = [
            (0, (1 << 20) - 1, (1 << 19) - 1, true),
            (0, 1 << 20, 0, false),
            (0, 5, 1 << 19, false),
            ((1 << 15) - 1, 5, 0, true), // zigzag 2^16 - 2
            (1 << 15, 5, 0, false),
        ];
        for (gap, dur, element) in entries.iter().map(|e| (e.0, e.1, e.2)) {
            t += gap;
            log.entry((t, dur), &a, "x", element);
            expected.push(entry(&a, "x", t, dur, element));
            t += dur;
        }
        words += entries.iter().filter(|e| e.3).count();
        // 1 ns before the previous end: zigzag 1.
        log.entry((t - 1, 1), &a, "x", 0);
        expected.push(entry(&a, "x", t - 1, 1, 0));
        words += 1;
        let sends = [
            ((1 << 14) - 1, (1 << 23) - 1, (1 << 23) - 1, true),
            (1 << 14, 0, 0, false),
            (0, 1 << 23, 0, false),
            (0, 0, 1 << 23, false),
        ];
        for &(to_pe, gap, bytes, _) in &sends {
            t += gap;
            log.send(t, to_pe, bytes);
            expected.push(Span {
                pe: 3,
                start_ns: t,
                dur_ns: 0,
                kind: SpanKind::Send { to_pe, bytes },
            });
        }
        words += sends.iter().filter(|e| e.3).count();
        let bytes: usize = log.all_chunks().map(Vec::len).sum();
        assert!(bytes > words * 8, "the others take a head");
        assert_eq!(log.len(), expected.len());
        let back = log.into_spans(3);
        assert!(back == expected, "{back:?}");
    }

    #[test]
    fn prefaulting_ahead_changes_no_record_and_hands_on_its_chunk() {
        let a: Arc<str> = "a".into();
        let mut log = Log::default();
        log.prefault(); // nothing recorded yet: nothing to do
        let mut expected = Vec::new();
        let mut i = 0u64;
        let mut spare_seen = false;
        while log.chunks.is_empty() {
            log.entry((i * 300, 250), &a, "x", i % 512);
            expected.push(entry(&a, "x", i * 300, 250, i % 512));
            if i.is_multiple_of(500) {
                log.prefault();
                spare_seen |= log.spare.is_some();
                if log.spare.is_none() {
                    let last = &log.cur;
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
        assert!(log.all_chunks().all(|c| c.capacity() == CHUNK_BYTES));
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
        assert!(
            log.all_chunks().count() >= 2,
            "{} chunks",
            log.all_chunks().count()
        );
        assert!(
            log.all_chunks().all(|c| c.capacity() == CHUNK_BYTES),
            "no chunk grew"
        );
        let spans = log.into_spans(3);
        assert!(spans == expected, "the spans differ from those recorded");
    }
}
