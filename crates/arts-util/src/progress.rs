//! Progress of long runs, as a facade (the way the `log` crate does it):
//! libraries say how far a loop got, the binary decides whether and how to
//! show it. The `arts` binary installs a [`Sink`] that draws a bar with
//! steps/s and an ETA on a terminal; tests, library users and `--json`
//! runs install none, and a report then costs one atomic load.
//!
//! ```
//! let mut steps = arts_util::progress::Steps::begin("jacobi2d", 100);
//! for _ in 0..100 {
//!     // ... one step ...
//!     steps.step();
//! }
//! // Dropping `steps` ends the bar.
//! ```

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where progress reports go (installed once per process by the binary).
pub trait Sink: Send + Sync {
    /// A loop of `total` steps named `what` begins.
    fn begin(&self, what: &str, total: u64);
    /// `done` steps of the current loop are finished.
    fn advance(&self, done: u64);
    /// The current loop ended (finished, stopped early or failed).
    fn end(&self);
}

static SINK: OnceLock<Box<dyn Sink>> = OnceLock::new();

/// Steps finished by every loop of this process so far (whether or not a
/// sink draws them): the clock of `--trace-window`.
static FINISHED: AtomicU64 = AtomicU64::new(0);

/// Steps every loop of this process has finished so far (monotonic).
pub fn steps_finished() -> u64 {
    FINISHED.load(Ordering::Relaxed)
}

/// Installs the process's sink; false if one was installed already.
pub fn install(sink: Box<dyn Sink>) -> bool {
    SINK.set(sink).is_ok()
}

/// A loop's progress: begun by [`Steps::begin`], advanced by
/// [`Steps::step`], ended when dropped.
#[must_use = "the loop's progress ends when this is dropped"]
pub struct Steps {
    done: u64,
    sink: Option<&'static dyn Sink>,
}

impl Steps {
    /// A loop of `total` steps named `what` (the app or study) begins.
    pub fn begin(what: &str, total: u64) -> Steps {
        let sink = SINK.get().map(|s| &**s);
        if let Some(s) = sink {
            s.begin(what, total);
        }
        Steps { done: 0, sink }
    }

    /// One more step is finished.
    pub fn step(&mut self) {
        self.done += 1;
        FINISHED.fetch_add(1, Ordering::Relaxed);
        if let Some(s) = self.sink {
            s.advance(self.done);
        }
    }
}

impl Drop for Steps {
    fn drop(&mut self) {
        if let Some(s) = self.sink {
            s.end();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// What the sink was told.
    static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

    /// Records into [`SEEN`] (the one sink of the test process).
    struct Recorder;

    impl Sink for Recorder {
        fn begin(&self, what: &str, total: u64) {
            SEEN.lock().unwrap().push(format!("begin {what} {total}"));
        }
        fn advance(&self, done: u64) {
            SEEN.lock().unwrap().push(format!("at {done}"));
        }
        fn end(&self) {
            SEEN.lock().unwrap().push("end".into());
        }
    }

    #[test]
    fn a_loop_reports_its_steps_and_ends_when_dropped() {
        assert!(install(Box::new(Recorder)));
        assert!(!install(Box::new(Recorder)), "one sink per process");
        {
            let mut steps = Steps::begin("app", 2);
            steps.step();
            steps.step();
        }
        assert_eq!(
            *SEEN.lock().unwrap(),
            ["begin app 2", "at 1", "at 2", "end"]
        );
        assert!(steps_finished() >= 2, "the process-wide count went on");
    }
}
