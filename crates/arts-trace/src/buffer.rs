//! A PE's trace while the run goes on, within bounds a long run can afford.
//!
//! - **Full** keeps every span, up to a number of events: past it, spans
//!   are counted as dropped, not kept (the file says how many).
//! - **Summary** keeps, per time bin of the PE, each entry method's busy
//!   time and calls, the idle time, and the messages and bytes sent to
//!   each PE — the way Projections' summary logs do. A bin becomes a few
//!   packed complete events (`EntryTotal`, idle) and instants (`SendTotal`),
//!   so every reader of full traces (the summary, the views' overview,
//!   time and usage profiles, communication) reads a summary trace as it
//!   is, at the bin's resolution. Memory grows with the run's length over
//!   the bin width, not with its events.
//!
//! Migrations, LB steps and checkpoints are rare and kept in both modes.
//!
//! Either mode can keep only a window of the last steps (`window`, a ring
//! of spans per PE bounded by steps, see [`crate::window`]).

use std::sync::Arc;

use crate::log::Log;
use crate::window::{Ring, TraceWindow};
use crate::{Span, SpanKind};

/// How much of a run a trace keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TraceMode {
    /// Every span.
    Full,
    /// Per-bin totals of `bin_ns` nanoseconds.
    Summary {
        /// Bin width, ns (at least 1).
        bin_ns: u64,
    },
}

/// A trace's mode and bound for a whole run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceOptions {
    /// Full or summary.
    pub mode: TraceMode,
    /// The most events kept over all PEs (each PE keeps its share); `None`:
    /// no bound.
    pub max_events: Option<u64>,
    /// Keep only the last steps (`--trace-window`); `None`: the whole run.
    pub window: Option<TraceWindow>,
    /// Hardware counters per entry method (`--counters`; empty: none).
    pub counters: crate::counters::CounterSet,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            mode: TraceMode::Full,
            max_events: None,
            window: None,
            counters: crate::counters::CounterSet::default(),
        }
    }
}

/// What a PE's trace kept when it finished.
#[derive(Debug, Default)]
pub struct Finished {
    /// The spans kept.
    pub spans: Vec<Span>,
    /// Spans not kept past the event bound (with a window: the oldest
    /// evicted).
    pub dropped: u64,
    /// Spans that fell out of the window (0 without one).
    pub outside: u64,
    /// With a window: the first step whose spans are all kept (0-based,
    /// counted from the run's start).
    pub first_step: Option<u64>,
    /// Hardware counter totals per entry method, if counted.
    pub counters: Option<crate::counters::PeCounts>,
}

/// The memory a full trace holds per event until it is written
/// (measured: 1,000 steps of jacobi2d's 64 blocks, 577,078 events, raised
/// the peak by 84 MB, 145 bytes each).
pub const BYTES_PER_EVENT: u64 = 160;

impl TraceOptions {
    /// These options with the window's steps counted by `clock`.
    pub fn counting(self, clock: crate::window::StepClock) -> TraceOptions {
        TraceOptions {
            window: self.window.map(|w| TraceWindow { clock, ..w }),
            ..self
        }
    }

    /// These options with their bound lowered, if need be, so that the
    /// events kept hold at most `bytes` ([`BYTES_PER_EVENT`] each; at least
    /// one event): a trace within a share of `--max-memory`. An explicit
    /// smaller bound stays.
    pub fn within_bytes(self, bytes: u64) -> TraceOptions {
        let cap = (bytes / BYTES_PER_EVENT).max(1);
        TraceOptions {
            max_events: Some(self.max_events.map_or(cap, |m| m.min(cap))),
            ..self
        }
    }
}

/// One PE's trace under [`TraceOptions`].
#[derive(Debug)]
pub struct TraceBuffer {
    pe: u32,
    store: Store,
    bins: Option<Bins>,
    counts: Option<crate::counters::EntryCounts>,
}

/// Where kept spans go: a compact log up to a bound, or a window's ring.
#[derive(Debug)]
struct Store {
    log: Log,
    /// The most spans this PE keeps.
    limit: usize,
    dropped: u64,
    ring: Option<Ring>,
}

impl Store {
    fn keep(&mut self, span: Span) {
        if let Some(ring) = &mut self.ring {
            ring.push(span);
        } else if self.log.len() < self.limit {
            self.log.span(span);
        } else {
            self.dropped += 1;
        }
    }

    /// Keeps an execution of `array::method` (no span built, no name
    /// cloned, unless a window's ring holds it).
    #[inline(always)]
    fn keep_entry(
        &mut self,
        pe: u32,
        span: (u64, u64),
        array: &Arc<str>,
        method: &'static str,
        element: u64,
    ) {
        if self.ring.is_none() && self.log.len() < self.limit {
            self.log.entry(span, array, method, element);
        } else {
            self.keep_entry_span(pe, span, array, method, element);
        }
    }

    /// [`Store::keep_entry`] into a window's ring, or past the bound.
    #[cold]
    #[inline(never)]
    fn keep_entry_span(
        &mut self,
        pe: u32,
        (start_ns, dur_ns): (u64, u64),
        array: &Arc<str>,
        method: &'static str,
        element: u64,
    ) {
        if let Some(ring) = &mut self.ring {
            let kind = SpanKind::Entry {
                array: array.clone(),
                method,
                element,
            };
            ring.push(Span {
                pe,
                start_ns,
                dur_ns,
                kind,
            });
        } else {
            self.dropped += 1;
        }
    }

    /// Keeps a message of `bytes` to PE `to_pe` sent at `at_ns`.
    #[inline(always)]
    fn keep_send(&mut self, pe: u32, at_ns: u64, to_pe: u32, bytes: u64) {
        if self.ring.is_none() && self.log.len() < self.limit {
            self.log.send(at_ns, to_pe, bytes);
        } else {
            self.keep_send_span(pe, at_ns, to_pe, bytes);
        }
    }

    /// [`Store::keep_send`] into a window's ring, or past the bound.
    #[cold]
    #[inline(never)]
    fn keep_send_span(&mut self, pe: u32, at_ns: u64, to_pe: u32, bytes: u64) {
        let kind = SpanKind::Send { to_pe, bytes };
        self.keep(Span {
            pe,
            start_ns: at_ns,
            dur_ns: 0,
            kind,
        });
    }
}

/// What a summary adds to its bin: an entry method's time, idle time, or
/// a message.
#[derive(Clone, Copy)]
enum Binned<'a> {
    Entry(&'a Arc<str>, &'static str),
    Idle,
    Send(u32, u64),
}

/// The bin under way of a summary trace.
#[derive(Debug)]
struct Bins {
    width: u64,
    /// The bin's number (start = number × width).
    at: u64,
    /// Its end, ns (`(at + 1) × width`): a span that starts before it
    /// adds to the bin under way with no division.
    end: u64,
    pe: u32,
    /// The entry method added to last (a PE mostly runs one method after
    /// another): its index in `entries`.
    last: usize,
    /// Entry methods: array, method, busy ns, calls.
    entries: Vec<(Arc<str>, &'static str, u64, u64)>,
    idle_ns: u64,
    /// Sends: destination PE, bytes, messages.
    sends: Vec<(u32, u64, u64)>,
}

impl TraceBuffer {
    /// PE `pe`'s buffer in a run of `pes` PEs.
    pub fn new(options: &TraceOptions, pe: u32, pes: u32) -> TraceBuffer {
        let limit = options.max_events.map_or(usize::MAX, |m| {
            usize::try_from(m / u64::from(pes.max(1))).unwrap_or(usize::MAX)
        });
        let bins = match options.mode {
            TraceMode::Full => None,
            TraceMode::Summary { bin_ns } => Some(Bins {
                width: bin_ns.max(1),
                at: 0,
                end: bin_ns.max(1),
                pe,
                last: 0,
                entries: Vec::new(),
                idle_ns: 0,
                sends: Vec::new(),
            }),
        };
        let ring = options.window.map(|w| Ring::new(w, limit));
        TraceBuffer {
            pe,
            store: Store {
                log: Log::default(),
                limit,
                dropped: 0,
                ring,
            },
            bins,
            counts: (!options.counters.is_empty())
                .then(|| crate::counters::EntryCounts::new(options.counters)),
        }
    }

    /// Records `span` (spans of one PE come in the order they end).
    pub fn push(&mut self, span: Span) {
        let binned = match &span.kind {
            SpanKind::Entry { array, method, .. } => Binned::Entry(array, method),
            SpanKind::Idle => Binned::Idle,
            &SpanKind::Send { to_pe, bytes } => Binned::Send(to_pe, bytes),
            _ => {
                self.keep(span);
                return;
            }
        };
        if self.bins.is_some() {
            self.bin(span.start_ns, span.dur_ns, binned);
        } else {
            self.keep(span);
        }
    }

    /// This PE finished a step of `clock` (called on its thread by the
    /// runtime): a window that counts such steps moves on for this PE
    /// alone. Without a window, or one of another clock, nothing happens.
    #[inline]
    pub fn step_finished(&mut self, clock: crate::window::StepClock) {
        if let Some(ring) = &mut self.store.ring {
            ring.step_finished(clock);
        }
    }

    /// This PE is about to wait for work: a full trace touches the pages
    /// its next records will go to (a few, see `Log::prefault`), so that
    /// the faults on new memory fall in idle time, not in entry methods.
    #[inline]
    pub fn idle(&mut self) {
        if self.bins.is_none()
            && self.store.ring.is_none()
            && self.store.log.len() < self.store.limit
        {
            self.store.log.prefault();
        }
    }

    /// An entry method begins on this PE's thread (reads the hardware
    /// counters, when counted).
    #[inline]
    pub fn entry_begins(&mut self) {
        if let Some(c) = &mut self.counts {
            c.begin();
        }
    }

    /// Records an execution of `array::method` on element `element` of
    /// this PE (what `push` of a `SpanKind::Entry` does, without cloning
    /// the array's name when a summary only adds to its bin's total).
    #[inline(always)]
    pub fn push_entry(
        &mut self,
        pe: u32,
        (start_ns, dur_ns): (u64, u64),
        array: &Arc<str>,
        method: &'static str,
        element: u64,
    ) {
        if let Some(c) = &mut self.counts {
            c.end(array, method);
        }
        if let Some(bins) = &mut self.bins {
            // Mostly an execution lies within the bin under way: its time
            // and one call are added to the method's total, nothing else.
            if start_ns >= bins.end - bins.width && start_ns.saturating_add(dur_ns) <= bins.end {
                bins.add_entry(array, method, dur_ns, 1);
            } else {
                self.bin(start_ns, dur_ns, Binned::Entry(array, method));
            }
        } else {
            (self.store).keep_entry(pe, (start_ns, dur_ns), array, method, element);
        }
    }

    /// Records a message of `bytes` that PE `pe` sends to PE `to_pe` now:
    /// `now` gives the time (ns since the run started). A summary adds the
    /// message to the bin under way without reading the clock (the bin of
    /// the PE's last span: exact at the bin's resolution, give or take the
    /// sending entry method's duration).
    #[inline(always)]
    pub fn push_send(&mut self, pe: u32, to_pe: u32, bytes: u64, now: impl FnOnce() -> u64) {
        match &mut self.bins {
            Some(bins) => bins.add_send(to_pe, bytes),
            None => self.store.keep_send(pe, now(), to_pe, bytes),
        }
    }

    /// Adds a span to the summary's bins, closing those it starts after
    /// (empty bins are skipped) and those it runs past.
    #[inline(never)]
    fn bin(&mut self, start_ns: u64, dur_ns: u64, what: Binned<'_>) {
        let Some(bins) = &mut self.bins else {
            return;
        };
        if start_ns >= bins.end {
            for s in bins.close() {
                self.store.keep(s);
            }
            bins.at = start_ns / bins.width;
            bins.end = (bins.at + 1) * bins.width;
        }
        let (mut start, end) = (start_ns, start_ns + dur_ns);
        loop {
            let bin_end = bins.end;
            let part = end
                .min(bin_end)
                .saturating_sub(start.max(bin_end - bins.width));
            let calls = u64::from(start == start_ns);
            match what {
                Binned::Entry(array, method) => bins.add_entry(array, method, part, calls),
                Binned::Idle => bins.idle_ns += part,
                Binned::Send(to_pe, bytes) => {
                    bins.add_send(to_pe, bytes);
                    return;
                }
            }
            if end <= bin_end {
                return;
            }
            for s in bins.close() {
                self.store.keep(s);
            }
            start = bin_end;
        }
    }

    /// The spans kept (a summary's last bin closed) and what was not.
    pub fn finish(mut self) -> Finished {
        let pe = self.pe;
        if let Some(bins) = &mut self.bins {
            let closed = bins.close();
            closed.into_iter().for_each(|s| self.store.keep(s));
        }
        let store = self.store;
        let counters = self.counts.and_then(crate::counters::EntryCounts::finish);
        match store.ring {
            None => Finished {
                spans: store.log.into_spans(pe),
                dropped: store.dropped,
                counters,
                ..Finished::default()
            },
            Some(ring) => {
                let (outside, evicted) = (ring.outside, ring.evicted);
                let (first, spans) = ring.finish();
                Finished {
                    spans,
                    dropped: evicted,
                    outside,
                    first_step: Some(first),
                    counters,
                }
            }
        }
    }

    fn keep(&mut self, span: Span) {
        self.store.keep(span);
    }
}

impl Bins {
    /// Adds `ns` of busy time and `calls` executions of `array::method`
    /// to the bin under way (the method added to last is tried first).
    #[inline(always)]
    fn add_entry(&mut self, array: &Arc<str>, method: &'static str, ns: u64, calls: u64) {
        let at = match self.entries.get(self.last) {
            Some(e) if Arc::ptr_eq(&e.0, array) && std::ptr::eq(e.1, method) => self.last,
            _ => self.find(array, method),
        };
        let e = &mut self.entries[at];
        (e.2, e.3) = (e.2 + ns, e.3 + calls);
    }

    /// The index in `entries` of `array::method` (added if new), now the
    /// last one added to.
    #[inline(never)]
    fn find(&mut self, array: &Arc<str>, method: &'static str) -> usize {
        let same = |e: &(Arc<str>, &'static str, u64, u64)| {
            Arc::ptr_eq(&e.0, array) && (std::ptr::eq(e.1, method) || e.1 == method)
        };
        let at = match self.entries.iter().position(same) {
            Some(at) => at,
            None => {
                self.entries.push((array.clone(), method, 0, 0));
                self.entries.len() - 1
            }
        };
        self.last = at;
        at
    }

    /// Adds a message of `bytes` to PE `to_pe` to the bin under way.
    #[inline]
    fn add_send(&mut self, to_pe: u32, bytes: u64) {
        match self.sends.iter_mut().find(|s| s.0 == to_pe) {
            Some(s) => (s.1, s.2) = (s.1 + bytes, s.2 + 1),
            None => self.sends.push((to_pe, bytes, 1)),
        }
    }

    /// The bin under way as packed spans; the next bin begins.
    fn close(&mut self) -> Vec<Span> {
        let mut t = self.at * self.width;
        let pe = self.pe;
        let mut spans = Vec::with_capacity(self.entries.len() + self.sends.len() + 1);
        for (array, method, ns, calls) in self.entries.drain(..) {
            let kind = SpanKind::EntryTotal {
                array,
                method,
                calls,
            };
            spans.push(Span {
                pe,
                start_ns: t,
                dur_ns: ns,
                kind,
            });
            t += ns;
        }
        if self.idle_ns > 0 {
            let dur_ns = std::mem::take(&mut self.idle_ns);
            spans.push(Span {
                pe,
                start_ns: t,
                dur_ns,
                kind: SpanKind::Idle,
            });
        }
        let at = self.at * self.width;
        for (to_pe, bytes, count) in self.sends.drain(..) {
            let kind = SpanKind::SendTotal {
                to_pe,
                bytes,
                count,
            };
            spans.push(Span {
                pe,
                start_ns: at,
                dur_ns: 0,
                kind,
            });
        }
        self.at += 1;
        self.end += self.width;
        spans
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(array: &Arc<str>, start_ns: u64, dur_ns: u64) -> Span {
        let kind = SpanKind::Entry {
            array: array.clone(),
            method: "step",
            element: 0,
        };
        Span {
            pe: 1,
            start_ns,
            dur_ns,
            kind,
        }
    }

    #[test]
    fn a_memory_share_lowers_the_bound_and_keeps_a_smaller_one() {
        let full = TraceOptions::default();
        assert_eq!(
            full.within_bytes(BYTES_PER_EVENT * 1000).max_events,
            Some(1000)
        );
        assert_eq!(full.within_bytes(10).max_events, Some(1), "at least one");
        let small = TraceOptions {
            max_events: Some(5),
            ..full
        };
        assert_eq!(
            small.within_bytes(BYTES_PER_EVENT * 1000).max_events,
            Some(5)
        );
        let mut b = TraceBuffer::new(&full.within_bytes(BYTES_PER_EVENT * 4), 0, 2);
        let a: Arc<str> = "a".into();
        for i in 0..5 {
            b.push(entry(&a, i * 10, 5));
        }
        let f = b.finish();
        assert_eq!((f.spans.len(), f.dropped), (2, 3), "its share of 4 events");
    }

    #[test]
    fn full_mode_keeps_its_share_and_counts_the_rest() {
        let opts = TraceOptions {
            mode: TraceMode::Full,
            max_events: Some(6),
            ..TraceOptions::default()
        };
        let mut b = TraceBuffer::new(&opts, 1, 2);
        let a: Arc<str> = "a".into();
        for i in 0..5 {
            b.push(entry(&a, i * 10, 5));
        }
        let f = b.finish();
        assert_eq!((f.spans.len(), f.dropped, f.first_step), (3, 2, None));
    }

    #[test]
    fn summary_mode_totals_each_bin_and_splits_spans_across_bins() {
        let opts = TraceOptions {
            mode: TraceMode::Summary { bin_ns: 100 },
            ..TraceOptions::default()
        };
        let mut b = TraceBuffer::new(&opts, 1, 2);
        let a: Arc<str> = "a".into();
        b.push(entry(&a, 10, 20));
        b.push(Span {
            pe: 1,
            start_ns: 30,
            dur_ns: 40,
            kind: SpanKind::Idle,
        });
        b.push(entry(&a, 70, 60)); // 30 ns in bin 0, 30 in bin 1
        for _ in 0..3 {
            b.push(Span {
                pe: 1,
                start_ns: 130,
                dur_ns: 0,
                kind: SpanKind::Send { to_pe: 0, bytes: 8 },
            });
        }
        b.push(entry(&a, 450, 10)); // bins 2 and 3 stay empty
        let crate::Finished { spans, dropped, .. } = b.finish();
        assert_eq!(dropped, 0);
        let total = |s: &Span| match &s.kind {
            SpanKind::EntryTotal { calls, .. } => Some((s.start_ns, s.dur_ns, *calls)),
            _ => None,
        };
        let totals: Vec<_> = spans.iter().filter_map(total).collect();
        assert_eq!(totals, [(0, 50, 2), (100, 30, 0), (400, 10, 1)]);
        let idle: Vec<_> = spans
            .iter()
            .filter(|s| s.kind == SpanKind::Idle)
            .map(|s| (s.start_ns, s.dur_ns))
            .collect();
        assert_eq!(idle, [(50, 40)], "packed after the bin's entries");
        let sends: Vec<_> = spans
            .iter()
            .filter_map(|s| match s.kind {
                SpanKind::SendTotal {
                    to_pe,
                    bytes,
                    count,
                } => Some((s.start_ns, to_pe, bytes, count)),
                _ => None,
            })
            .collect();
        assert_eq!(sends, [(100, 0, 24, 3)]);
    }

    #[test]
    fn sends_read_the_clock_in_full_mode_only() {
        let a: Arc<str> = "a".into();
        let full = TraceOptions::default();
        let mut b = TraceBuffer::new(&full, 1, 2);
        b.push_send(1, 0, 8, || 42);
        b.push_entry(1, (40, 5), &a, "step", 3);
        let f = b.finish();
        let kinds: Vec<_> = f
            .spans
            .iter()
            .map(|s| (s.start_ns, s.kind.clone()))
            .collect();
        let entry = SpanKind::Entry {
            array: a.clone(),
            method: "step",
            element: 3,
        };
        let send = SpanKind::Send { to_pe: 0, bytes: 8 };
        assert_eq!(kinds, [(42, send), (40, entry)]);
        let summary = TraceOptions {
            mode: TraceMode::Summary { bin_ns: 100 },
            ..full
        };
        let mut b = TraceBuffer::new(&summary, 1, 2);
        b.push_entry(1, (150, 10), &a, "step", 0);
        b.push_send(1, 0, 8, || unreachable!("a summary reads no clock"));
        b.push_send(1, 0, 8, || unreachable!("a summary reads no clock"));
        let sends: Vec<_> = (b.finish().spans.iter())
            .filter_map(|s| match s.kind {
                SpanKind::SendTotal { bytes, count, .. } => Some((s.start_ns, bytes, count)),
                _ => None,
            })
            .collect();
        assert_eq!(sends, [(100, 16, 2)], "in the bin under way");
    }

    #[test]
    fn a_window_keeps_the_last_steps_of_a_summary_too() {
        use crate::window::StepClock;
        use std::sync::atomic::{AtomicU64, Ordering};
        static STEP: AtomicU64 = AtomicU64::new(0);
        let opts = TraceOptions {
            mode: TraceMode::Summary { bin_ns: 100 },
            max_events: None,
            window: Some(TraceWindow {
                steps: 1,
                clock: StepClock::Counter(&STEP),
            }),
            ..TraceOptions::default()
        };
        let mut b = TraceBuffer::new(&opts, 0, 1);
        let a: Arc<str> = "a".into();
        for step in 0..4u64 {
            STEP.store(step, Ordering::Relaxed);
            b.push(entry(&a, step * 100 + 10, 20));
        }
        // Each push closes the previous step's bin into the step under way.
        let f = b.finish();
        assert_eq!(f.first_step, Some(2));
        let starts: Vec<u64> = f.spans.iter().map(|s| s.start_ns).collect();
        assert_eq!(starts, [100, 200, 300], "bins closed in steps 2 and 3");
        assert_eq!((f.outside, f.dropped), (1, 0));
    }

    /// What recording costs a PE per event, as jacobi2d's PEs record them
    /// (an entry of 250 ns that sent a 145-byte message, idle every 2,000
    /// events): `cargo test --release -p arts-trace --lib record_path --
    /// --ignored --nocapture` prints ns per event, full and summary.
    #[test]
    #[ignore = "a timing, run by hand"]
    fn record_path_cost() {
        let a: Arc<str> = "jacobi2d".into();
        let n = 4_000_000u64;
        for mode in [TraceMode::Full, TraceMode::Summary { bin_ns: 10_000_000 }] {
            let opts = TraceOptions {
                mode,
                ..TraceOptions::default()
            };
            let mut best = f64::MAX;
            for _ in 0..3 {
                let mut b = TraceBuffer::new(&opts, 0, 2);
                let began = std::time::Instant::now();
                let mut t = 1_000_000u64;
                for i in 0..n {
                    let sent = t + 120;
                    b.push_send(0, 1, 145, || std::hint::black_box(sent));
                    b.push_entry(0, (t, 250), &a, "ghost", i % 512);
                    t += 270 + (i & 7);
                    if i % 1000 == 0 {
                        b.idle();
                    }
                }
                let ns = began.elapsed().as_nanos() as f64 / (2 * n) as f64;
                best = best.min(ns);
                let f = b.finish();
                assert_eq!(f.dropped, 0);
                if mode == TraceMode::Full {
                    assert_eq!(f.spans.len() as u64, 2 * n);
                }
            }
            println!("{mode:?}: {best:.2} ns an event (best of 3)");
        }
    }
}
