//! A rank's `MPI_T` state ([`Tool`]): how many times it initialized the
//! interface, its control-variable handles, and its performance-variable
//! sessions with their handles. Handles are indices (a freed one is not
//! reused, so a stale handle stays invalid).

use std::ffi::c_int;

/// One rank's `MPI_T` state.
#[derive(Default)]
pub(crate) struct Tool {
    /// `MPI_T_init_thread` calls not yet matched by `MPI_T_finalize`.
    pub inits: u32,
    /// Control-variable handles: the variable's index (`None` once freed).
    pub cvars: Vec<Option<c_int>>,
    /// Sessions (`None` once freed).
    pub sessions: Vec<Option<Session>>,
}

impl Tool {
    /// Forgets every handle and session (the last `MPI_T_finalize`).
    pub(crate) fn clear(&mut self) {
        self.cvars.clear();
        self.sessions.clear();
    }
}

/// A performance-variable session: its handles (`None` once freed).
#[derive(Default)]
pub(crate) struct Session {
    pub handles: Vec<Option<PvarHandle>>,
}

/// A handle on a performance variable.
pub(crate) struct PvarHandle {
    /// The variable's index.
    pub pvar: c_int,
    /// What the handle counts, for a counter.
    pub counter: Counter,
}

/// A counter as one handle sees it: it counts the variable's growth while
/// started, from zero (MPI 3.1 §14.3.7: a counter's starting value).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counter {
    /// What it counted up to its last stop (or write, or reset).
    kept: u64,
    /// The variable's value when it was last started (`None`: stopped).
    since: Option<u64>,
}

impl Counter {
    /// Its value, the variable being `now`.
    pub(crate) fn value(&self, now: u64) -> u64 {
        self.kept + self.since.map_or(0, |s| now.wrapping_sub(s))
    }

    /// Starts counting (nothing if started).
    pub(crate) fn start(&mut self, now: u64) {
        self.since.get_or_insert(now);
    }

    /// Stops counting, keeping what it counted (nothing if stopped).
    pub(crate) fn stop(&mut self, now: u64) {
        if let Some(s) = self.since.take() {
            self.kept += now.wrapping_sub(s);
        }
    }

    /// Sets its value to `v` (it goes on counting from there if started).
    pub(crate) fn set(&mut self, v: u64, now: u64) {
        self.kept = v;
        if self.since.is_some() {
            self.since = Some(now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counter_counts_only_while_started_and_goes_on_from_a_written_value() {
        let mut c = Counter::default();
        assert_eq!(c.value(100), 0);
        c.start(100);
        c.start(104);
        assert_eq!(c.value(110), 10);
        c.stop(110);
        assert_eq!(c.value(500), 10, "stopped, it keeps its value");
        c.start(500);
        assert_eq!(c.value(503), 13);
        c.set(0, 503);
        assert_eq!(
            c.value(507),
            4,
            "reset while started: counts from the reset"
        );
        c.stop(507);
        c.set(42, 900);
        assert_eq!(c.value(1000), 42);
    }
}
