//! A counting global allocator, for measuring heap allocations per task.
//!
//! A binary or test opts in with
//! `#[global_allocator] static A: arts_dispatch::alloc_count::CountingAlloc = CountingAlloc;`.
//! Counting is off until [`start`] and costs one relaxed load of a read-only
//! flag per allocation when off, so it can stay installed in a whole program.
//! It covers the thread that called [`start`] and the executors' worker
//! threads, not other threads of the program (such as a test harness's,
//! which may allocate at any moment).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed};

static INSTALLED: AtomicBool = AtomicBool::new(false);
static ENABLED: AtomicBool = AtomicBool::new(false);
static COUNT: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicI64 = AtomicI64::new(0);
static PEAK: AtomicI64 = AtomicI64::new(0);

thread_local! {
    /// Whether this thread's allocations count (no destructor and a
    /// constant initializer: reading it never allocates).
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

/// Makes the calling thread's allocations count (done by [`start`] and by
/// every executor worker thread as it starts).
pub fn count_this_thread() {
    COUNTED.set(true);
}

/// Whether an allocation made now on this thread counts.
#[inline]
fn counting() -> bool {
    ENABLED.load(Relaxed) && COUNTED.get()
}

/// The system allocator plus a process-wide allocation counter.
pub struct CountingAlloc;

impl CountingAlloc {
    #[inline]
    fn note(&self, grow: i64) {
        if !INSTALLED.load(Relaxed) {
            INSTALLED.store(true, Relaxed);
        }
        if counting() {
            COUNT.fetch_add(1, Relaxed);
            let live = LIVE.fetch_add(grow, Relaxed) + grow;
            PEAK.fetch_max(live, Relaxed);
        }
    }
}

// SAFETY: every call is forwarded unchanged to `System`; the counter has no
// effect on the memory handed out.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.note(layout.size() as i64);
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.note(layout.size() as i64);
        // SAFETY: same contract as ours.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.note(new_size as i64 - layout.size() as i64);
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if counting() {
            LIVE.fetch_sub(layout.size() as i64, Relaxed);
        }
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// True once any allocation went through [`CountingAlloc`], i.e. it is the
/// global allocator of this program.
pub fn is_installed() -> bool {
    // Make sure at least one allocation happened.
    drop(std::hint::black_box(Box::new(0u8)));
    INSTALLED.load(Relaxed)
}

/// Starts counting on the calling thread and the executors' workers (and
/// resets the count and the live-bytes high-water mark).
pub fn start() {
    count_this_thread();
    COUNT.store(0, Relaxed);
    LIVE.store(0, Relaxed);
    PEAK.store(0, Relaxed);
    ENABLED.store(true, Relaxed);
}

/// Allocations counted since [`start`].
pub fn count() -> u64 {
    COUNT.load(Relaxed)
}

/// Stops counting; returns the count.
pub fn stop() -> u64 {
    ENABLED.store(false, Relaxed);
    COUNT.load(Relaxed)
}

/// Highest number of heap bytes allocated since [`start`] and not yet freed
/// (bytes freed that were allocated before `start` may lower it).
pub fn peak_live_bytes() -> u64 {
    PEAK.load(Relaxed).max(0) as u64
}
