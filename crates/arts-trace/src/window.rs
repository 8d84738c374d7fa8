//! `--trace-window STEPS`: a flight recorder. Each PE keeps the spans of
//! the last `STEPS` finished steps and of the step under way, in a ring
//! bounded by steps: when a step begins, the spans of the step that falls
//! out of the window are dropped (and counted). What a Projections user
//! asks of a long run is "what did the end look like" (the state the run
//! reached, after warm-up and after the balancer settled), so the window
//! keeps the newest steps, not the first ones.
//!
//! A step is what the run counts as one: an app's iteration
//! ([`StepClock::App`], the steps its progress reports), or a
//! load-balancing step ([`StepClock::Lb`], for AMPI programs, whose
//! iterations the runtime cannot see: each `AMPI_Migrate` that balanced).
//! A span belongs to the step under way when it was recorded (it ended).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::Span;

/// Load-balancing steps finished in this process (the clock of
/// [`StepClock::Lb`]).
static LB_STEPS: AtomicU64 = AtomicU64::new(0);

/// Counts a finished load-balancing step (called by the runtime).
pub fn lb_step_finished() {
    LB_STEPS.fetch_add(1, Ordering::Relaxed);
}

/// What counts as a step of the window.
#[derive(Clone, Copy, Debug)]
pub enum StepClock {
    /// The app's iterations (`arts_util::progress` steps).
    App,
    /// Load-balancing steps (AMPI's `AMPI_Migrate` that balanced).
    Lb,
    /// A counter of the caller's (tests, embedders).
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
    /// Steps finished so far.
    pub fn now(self) -> u64 {
        match self {
            StepClock::App => arts_util::progress::steps_finished(),
            StepClock::Lb => LB_STEPS.load(Ordering::Relaxed),
            StepClock::Counter(c) => c.load(Ordering::Relaxed),
        }
    }

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
        Ring {
            window,
            origin: window.clock.now(),
            spans: VecDeque::new(),
            steps: VecDeque::new(),
            limit,
            outside: 0,
            evicted: 0,
            partial: false,
        }
    }

    /// Keeps `span` in the step under way; drops the steps it leaves
    /// behind and, past the bound, the oldest span.
    pub(crate) fn push(&mut self, span: Span) {
        let step = self.window.clock.now();
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
