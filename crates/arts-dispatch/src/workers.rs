//! Starting and joining the persistent worker threads of an executor.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::error::{DispatchError, panic_message};
use crate::task::WorkerId;

/// Runs `body(w)` on `threads` scoped threads named `{name}-{w}` and returns
/// what each returned (the tasks it executed). A thread that cannot be
/// spawned, or that panics, is reported through `fail` (which must make the
/// running workers stop) and counts 0 tasks.
pub(crate) fn run_workers(
    name: &str,
    threads: usize,
    body: impl Fn(usize) -> u64 + Sync,
    fail: impl Fn(DispatchError),
) -> Vec<u64> {
    let mut tasks = vec![0u64; threads];
    std::thread::scope(|scope| {
        let body = &body;
        let mut handles = Vec::with_capacity(threads);
        for w in 0..threads {
            let spawned = std::thread::Builder::new()
                .name(format!("{name}-{w}"))
                .spawn_scoped(scope, move || {
                    crate::alloc_count::count_this_thread();
                    body(w)
                });
            match spawned {
                Ok(h) => handles.push(h),
                Err(e) => {
                    fail(DispatchError::Spawn(e.to_string()));
                    break;
                }
            }
        }
        for (w, h) in handles.into_iter().enumerate() {
            match h.join() {
                Ok(n) => tasks[w] = n,
                Err(p) => fail(DispatchError::TaskPanicked {
                    step: 0,
                    worker: w,
                    message: panic_message(p.as_ref()),
                }),
            }
        }
    });
    tasks
}

/// The start of worker `w`'s thread: pins it to its `w`-th allowed CPU if asked, then builds
/// its scratch state with `init`. A panicking `init` is reported through
/// `fail` as [`DispatchError::InitPanicked`] and gives `None`.
pub(crate) fn start_worker<S>(
    w: usize,
    pin: bool,
    init: impl FnOnce(WorkerId) -> S,
    fail: impl FnOnce(DispatchError),
) -> Option<S> {
    if pin {
        arts_util::affinity::pin_current_thread(w);
    }
    match catch_unwind(AssertUnwindSafe(|| init(WorkerId(w)))) {
        Ok(s) => Some(s),
        Err(p) => {
            fail(DispatchError::InitPanicked {
                worker: w,
                message: panic_message(p.as_ref()),
            });
            None
        }
    }
}
