//! `--trace-window STEPS`: a flight recorder. Each PE keeps the spans of
//! its own last `STEPS` finished steps and of the step under way, in a
//! ring bounded by steps: when a step begins, the spans of the step that
//! falls out of the window are dropped (and counted). What a Projections
//! user asks of a long run is "what did the end look like" (the state the
//! run reached, after warm-up and after the balancer settled), so the
//! window keeps the newest steps, not the first ones.
//!
//! Steps are counted **per PE**, on the PE's own thread, as it reaches
//! them (not when a driver on process 0 learns of them), so every PE of
//! every process keeps its own last steps:
//! - [`StepClock::App`]: an app's iteration, as the PE sees it end: its
//!   elements finished their part of a reduction the main program waits
//!   for (the result an app's driver counts a step by). An app that waits
//!   for several reductions per step (leanmd: three) has its PEs count
//!   each.
//! - [`StepClock::Lb`]: a load-balancing step (for AMPI programs, whose
//!   iterations the runtime cannot see: each `AMPI_Migrate` that
//!   balanced), counted when the PE gets its part of the step's moves.
//!
//! A span belongs to the PE's step under way when it was recorded (it
//! ended).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::Span;

/// What counts as a step of the window.
#[derive(Clone, Copy, Debug)]
pub enum StepClock {
    /// The app's iterations: reductions to the main program a PE's
    /// elements finished (counted per PE by the runtime, see
    /// [`crate::TraceBuffer::step_finished`]).
    App,
    /// Load-balancing steps (AMPI's `AMPI_Migrate` that balanced), counted
    /// per PE by the runtime.
    Lb,
    /// A counter of the caller's, shared by every PE (tests, embedders).
    Counter(&'static AtomicU64),
}

impl PartialEq for StepClock {
    fn eq(&self, other: &StepClock) -> bool {
        match (self, other) {
            (StepClock::Counter(a), StepClock::Counter(b)) => std::ptr::eq(*a, *b),
            (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
        }
    }
}

impl Eq for StepClock {}

impl StepClock {
    /// The unit's name in a trace's metadata (`steps` or `lb_steps`).
    pub fn unit(self) -> &'static str {
        match self {
            StepClock::Lb => "lb_steps",
            StepClock::App | StepClock::Counter(_) => "steps",
        }
    }
}

/// The window of a trace: the last `steps` steps of `clock`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceWindow {
    /// Finished steps kept besides the one under way (at least 1).
    pub steps: u64,
    /// What a step is.
    pub clock: StepClock,
}

/// One PE's ring of spans, bounded by steps (and by `limit` spans: past
/// it, the oldest go, as a flight recorder's would).
#[derive(Debug)]
pub(crate) struct Ring {
    window: TraceWindow,
    /// Steps this PE finished ([`StepClock::App`], [`StepClock::Lb`]).
    own: u64,
    /// Steps finished when this PE's trace began: its first step.
    origin: u64,
    spans: VecDeque<Span>,
    /// `(step, spans)` of each step in `spans`, oldest first.
    steps: VecDeque<(u64, usize)>,
    limit: usize,
    /// Spans that fell out of the window.
    pub(crate) outside: u64,
    /// Spans evicted by the event bound.
    pub(crate) evicted: u64,
    /// Whether the oldest step kept lost some of its spans to the bound.
    partial: bool,
}

impl Ring {
    /// An empty ring of `window` holding at most `limit` spans.
    pub(crate) fn new(window: TraceWindow, limit: usize) -> Ring {
        let mut ring = Ring {
            window,
            own: 0,
            origin: 0,
            spans: VecDeque::new(),
            steps: VecDeque::new(),
            limit,
            outside: 0,
            evicted: 0,
            partial: false,
        };
        ring.origin = ring.now();
        ring
    }

    /// This PE's steps finished so far.
    fn now(&self) -> u64 {
        match self.window.clock {
            StepClock::App | StepClock::Lb => self.own,
            StepClock::Counter(c) => c.load(Ordering::Relaxed),
        }
    }

    /// This PE finished a step of `clock` (ignored unless the window
    /// counts those).
    pub(crate) fn step_finished(&mut self, clock: StepClock) {
        if clock == self.window.clock {
            self.own += 1;
        }
    }

    /// Keeps `span` in the step under way; drops the steps it leaves
    /// behind and, past the bound, the oldest span.
    pub(crate) fn push(&mut self, span: Span) {
        let step = self.now();
        match self.steps.back_mut() {
            Some((s, n)) if *s == step => *n += 1,
            _ => self.steps.push_back((step, 1)),
        }
        self.spans.push_back(span);
        // Keep steps `step - window.steps ..= step`.
        while let Some(&(s, n)) = self.steps.front() {
            if s.saturating_add(self.window.steps) >= step {
                break;
            }
            self.steps.pop_front();
            self.spans.drain(..n);
            self.outside += n as u64;
            self.partial = false;
        }
        while self.spans.len() > self.limit {
            self.spans.pop_front();
            self.evicted += 1;
            if let Some(front) = self.steps.front_mut() {
                front.1 -= 1;
                self.partial = front.1 > 0;
                if front.1 == 0 {
                    self.steps.pop_front();
                }
            }
        }
    }

    /// The first step whose spans are all kept (relative to the run's
    /// first, 0-based), and the spans.
    pub(crate) fn finish(self) -> (u64, Vec<Span>) {
        let first = if self.outside > 0 || self.evicted > 0 {
            let front = self.steps.front().map_or(self.origin, |s| s.0);
            front + u64::from(self.partial)
        } else {
            self.origin
        };
        (first.saturating_sub(self.origin), self.spans.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SpanKind;

    fn idle(start_ns: u64) -> Span {
        Span {
            pe: 0,
            start_ns,
            dur_ns: 1,
            kind: SpanKind::Idle,
        }
    }

    #[test]
    fn the_ring_keeps_the_last_steps_and_counts_the_rest() {
        static STEP: AtomicU64 = AtomicU64::new(0);
        let window = TraceWindow {
            steps: 2,
            clock: StepClock::Counter(&STEP),
        };
        let mut ring = Ring::new(window, usize::MAX);
        for step in 0..6u64 {
            STEP.store(step, Ordering::Relaxed);
            for i in 0..3 {
                ring.push(idle(step * 10 + i));
            }
        }
        assert_eq!(ring.outside, 9, "steps 0..=2 fell out");
        let (first, spans) = ring.finish();
        assert_eq!(first, 3);
        let starts: Vec<u64> = spans.iter().map(|s| s.start_ns).collect();
        assert_eq!(starts, [30, 31, 32, 40, 41, 42, 50, 51, 52]);
    }

    #[test]
    fn each_pe_keeps_its_own_last_steps() {
        let window = TraceWindow {
            steps: 1,
            clock: StepClock::App,
        };
        // PE 0 is three steps ahead of PE 1 (as elements run ahead of the
        // step a driver has counted).
        let (mut ahead, mut behind) =
            (Ring::new(window, usize::MAX), Ring::new(window, usize::MAX));
        for step in 0..6u64 {
            ahead.push(idle(step * 10));
            ahead.step_finished(StepClock::App);
            if step < 3 {
                behind.push(idle(step * 10));
                behind.step_finished(StepClock::App);
            }
        }
        ahead.step_finished(StepClock::Lb); // another clock: not a step here
        ahead.push(idle(99));
        behind.push(idle(99));
        let (first, spans) = ahead.finish();
        let starts: Vec<u64> = spans.iter().map(|s| s.start_ns).collect();
        assert_eq!((first, starts), (5, vec![50, 99]), "its steps 5 and 6");
        let (first, spans) = behind.finish();
        let starts: Vec<u64> = spans.iter().map(|s| s.start_ns).collect();
        assert_eq!((first, starts), (2, vec![20, 99]), "its steps 2 and 3");
    }

    #[test]
    fn the_event_bound_evicts_the_oldest() {
        static STEP: AtomicU64 = AtomicU64::new(0);
        let window = TraceWindow {
            steps: 10,
            clock: StepClock::Counter(&STEP),
        };
        let mut ring = Ring::new(window, 4);
        for step in 0..3u64 {
            STEP.store(step, Ordering::Relaxed);
            ring.push(idle(step * 10));
            ring.push(idle(step * 10 + 1));
        }
        assert_eq!((ring.outside, ring.evicted), (0, 2));
        let (first, spans) = ring.finish();
        assert_eq!(first, 1, "step 1 is whole, step 0 went");
        assert_eq!(spans.first().map(|s| s.start_ns), Some(10));
        assert_eq!(spans.len(), 4);
    }
}
