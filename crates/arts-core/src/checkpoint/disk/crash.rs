//! Crash points: the places in a checkpoint write where a test stops it as
//! a killed writer would stop — nothing after the point runs, no clean-up
//! either — to check that what is left on disk always holds a complete
//! checkpoint. A test arms the `n`-th point a write passes
//! ([`arm`]); the write panics there. Outside tests a point is nothing.

#[cfg(test)]
use std::cell::Cell;

#[cfg(test)]
thread_local! {
    /// Points passed since the last [`arm`], and the one to stop at.
    static STATE: Cell<(usize, Option<usize>)> = const { Cell::new((0, None)) };
}

/// A point of a write where a crash may strike (`what` is about to happen
/// or has just happened, for the test's message).
#[inline(always)]
pub(super) fn point(what: &'static str) {
    #[cfg(test)]
    STATE.with(|s| {
        let (passed, armed) = s.get();
        s.set((passed + 1, armed));
        if armed == Some(passed) {
            panic!("crash injected at point {passed}: {what}");
        }
    });
    let _ = what;
}

/// Stops the next write at its `n`-th point (from 0), or at none; returns
/// how many points were passed since the previous call.
#[cfg(test)]
pub(super) fn arm(n: Option<usize>) -> usize {
    STATE.with(|s| s.replace((0, n)).0)
}
