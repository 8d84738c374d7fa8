//! A full trace's spans while the run goes on, as compact fixed-size
//! records: what a PE pays per event is a 32-byte copy into a
//! preallocated chunk. Entry methods are named by an id into a table of
//! this PE's `(array, method)` pairs, interned once (no `Arc` count
//! touched per event: an array's name is shared by every PE, and bumping
//! its count from several threads bounces its cache line between them).
//! Spans are rebuilt, names and all, once the run is over ([`Log::into_spans`]).

use std::sync::Arc;

use crate::{Span, SpanKind};

/// Records per chunk (2 MiB): chunks are allocated whole and never moved,
/// so a long trace is never copied while it grows.
const CHUNK: usize = 1 << 16;

/// A chunk's bytes: one huge page (see [`Chunk`]).
const CHUNK_BYTES: usize = CHUNK * std::mem::size_of::<Record>();

/// What a record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    /// An entry method: `id` names it, `arg` is the element.
    Entry,
    /// An idle period.
    Idle,
    /// A send: `id` is the destination PE, `arg` the bytes.
    Send,
    /// Any other kind (rare: migrations, LB steps, checkpoints, bin
    /// totals): `arg` indexes [`Log::rare`].
    Rare,
}

/// One span of a PE, 32 bytes.
#[derive(Clone, Copy, Debug)]
struct Record {
    start_ns: u64,
    dur_ns: u64,
    arg: u64,
    id: u32,
    tag: Tag,
}

/// Room for [`CHUNK`] records, aligned to its size and, on Linux, asked
/// to be one transparent huge page: filling it costs one page fault, not
/// 512 (the faults on new record memory were most of what a full trace
/// cost a PE).
struct Chunk {
    records: std::ptr::NonNull<Record>,
    len: usize,
}

// SAFETY: a chunk owns its records (plain data), as a `Vec` would.
unsafe impl Send for Chunk {}
// SAFETY: shared access only reads the records.
unsafe impl Sync for Chunk {}

impl Chunk {
    fn layout() -> std::alloc::Layout {
        std::alloc::Layout::from_size_align(CHUNK_BYTES, CHUNK_BYTES).expect("a chunk's layout")
    }

    /// An empty chunk.
    fn new() -> Chunk {
        let layout = Chunk::layout();
        // SAFETY: the layout's size is not zero.
        let raw = unsafe { std::alloc::alloc(layout) };
        let Some(records) = std::ptr::NonNull::new(raw.cast::<Record>()) else {
            std::alloc::handle_alloc_error(layout)
        };
        advise_huge_page(raw);
        Chunk { records, len: 0 }
    }

    #[inline]
    fn is_full(&self) -> bool {
        self.len == CHUNK
    }

    /// Appends `record` (the chunk is not full).
    #[inline]
    fn push(&mut self, record: Record) {
        assert!(self.len < CHUNK, "a full chunk");
        // SAFETY: `len < CHUNK`: within the allocation.
        unsafe { self.records.as_ptr().add(self.len).write(record) };
        self.len += 1;
    }

    /// The records written.
    fn records(&self) -> &[Record] {
        // SAFETY: the first `len` records were written.
        unsafe { std::slice::from_raw_parts(self.records.as_ptr(), self.len) }
    }
}

/// Asks the kernel to back the chunk at `raw` with one huge page.
#[cfg(target_os = "linux")]
fn advise_huge_page(raw: *mut u8) {
    // SAFETY: advice on memory the chunk owns; a refusal changes nothing.
    unsafe {
        libc::madvise(raw.cast(), CHUNK_BYTES, libc::MADV_HUGEPAGE);
    }
}

/// Huge pages are asked for on Linux only.
#[cfg(not(target_os = "linux"))]
fn advise_huge_page(_raw: *mut u8) {}

impl Drop for Chunk {
    fn drop(&mut self) {
        // SAFETY: allocated by `Chunk::new` with this layout (records
        // need no drop).
        unsafe { std::alloc::dealloc(self.records.as_ptr().cast(), Chunk::layout()) };
    }
}

impl std::fmt::Debug for Chunk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chunk({} records)", self.len)
    }
}

/// A PE's spans in the order they were recorded.
#[derive(Debug, Default)]
pub(crate) struct Log {
    chunks: Vec<Chunk>,
    /// Entry methods seen on this PE, by id.
    names: Vec<(Arc<str>, &'static str)>,
    /// The id found last (a PE mostly runs one method after another).
    last: usize,
    /// The kinds of the rare records.
    rare: Vec<SpanKind>,
    len: usize,
}

impl Log {
    /// Spans recorded.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn put(&mut self, record: Record) {
        match self.chunks.last_mut() {
            Some(chunk) if !chunk.is_full() => chunk.push(record),
            _ => self.grow(record),
        }
        self.len += 1;
    }

    /// Starts a new chunk with `record`.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, record: Record) {
        let mut chunk = Chunk::new();
        chunk.push(record);
        self.chunks.push(chunk);
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
        (start_ns, dur_ns): (u64, u64),
        array: &Arc<str>,
        method: &'static str,
        element: u64,
    ) {
        let id = self.id(array, method);
        self.put(Record {
            start_ns,
            dur_ns,
            arg: element,
            id,
            tag: Tag::Entry,
        });
    }

    /// Records a message of `bytes` sent to PE `to_pe` at `at_ns`.
    #[inline]
    pub(crate) fn send(&mut self, at_ns: u64, to_pe: u32, bytes: u64) {
        self.put(Record {
            start_ns: at_ns,
            dur_ns: 0,
            arg: bytes,
            id: to_pe,
            tag: Tag::Send,
        });
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
            SpanKind::Idle => self.put(Record {
                start_ns,
                dur_ns,
                arg: 0,
                id: 0,
                tag: Tag::Idle,
            }),
            kind => {
                self.rare.push(kind);
                self.put(Record {
                    start_ns,
                    dur_ns,
                    arg: (self.rare.len() - 1) as u64,
                    id: 0,
                    tag: Tag::Rare,
                });
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
        for chunk in chunks {
            spans.extend(chunk.records().iter().map(|r| {
                let kind = match r.tag {
                    Tag::Entry => {
                        let (array, method) = &names[r.id as usize];
                        SpanKind::Entry {
                            array: array.clone(),
                            method,
                            element: r.arg,
                        }
                    }
                    Tag::Idle => SpanKind::Idle,
                    Tag::Send => SpanKind::Send {
                        to_pe: r.id,
                        bytes: r.arg,
                    },
                    Tag::Rare => (rare[r.arg as usize].take()).unwrap_or(SpanKind::Idle),
                };
                Span {
                    pe,
                    start_ns: r.start_ns,
                    dur_ns: r.dur_ns,
                    kind,
                }
            }));
        }
        spans
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_small() {
        assert_eq!(std::mem::size_of::<Record>(), 32);
    }

    #[test]
    fn chunks_are_aligned_to_a_huge_page() {
        let chunk = Chunk::new();
        assert_eq!(CHUNK_BYTES, 2 << 20);
        assert_eq!(chunk.records.as_ptr() as usize % CHUNK_BYTES, 0);
        assert!(chunk.records().is_empty());
    }

    #[test]
    fn spans_come_back_as_recorded_across_chunks() {
        let a: Arc<str> = "a".into();
        let b: Arc<str> = "b".into();
        let mut log = Log::default();
        let n = CHUNK as u64 + 10;
        let mut expected = Vec::new();
        for i in 0..n {
            let (array, method) = if i % 3 == 0 { (&a, "x") } else { (&b, "y") };
            log.entry((i * 10, 5), array, method, i);
            expected.push(Span {
                pe: 3,
                start_ns: i * 10,
                dur_ns: 5,
                kind: SpanKind::Entry {
                    array: array.clone(),
                    method,
                    element: i,
                },
            });
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
        assert_eq!(log.chunks.len(), 2);
        let spans = log.into_spans(3);
        assert!(spans == expected, "the spans differ from those recorded");
    }
}
