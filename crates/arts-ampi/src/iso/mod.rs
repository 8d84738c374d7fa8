//! Isomalloc (after AMPI's): every rank's memory — its coroutine stack, its
//! MPI state and whatever its program allocates — lies in a *slot* of one
//! address range reserved at the same place in every process, so that a
//! rank copied byte for byte into another process resumes there with every
//! pointer valid. `README.md` beside this file gives the protocol; in short:
//!
//! * [`region`]: the reserved range and its slots (claim, release);
//! * [`slot`]: one slot's layout, heap, and its copy ([`slot::Slot::image`],
//!   [`slot::Slot::restore`]);
//! * [`IsoAlloc`]: the global allocator. While a thread runs *for a rank*
//!   (its mode, [`with_slot`]), new allocations come from that rank's slot;
//!   a free goes wherever its address says.
//! * `code`: program code held in a slot (a C rank's copy of its
//!   program): executable, and known to the unwinder, wherever it is open;
//! * [`layout`]: the same code addresses in every process (address-space
//!   randomization off), without which a stack cannot move.

mod bins;
mod code;
pub mod layout;
pub mod region;
pub mod slot;

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

/// No slot: allocations go to the system allocator.
const SYSTEM: usize = usize::MAX;

thread_local! {
    /// The slot whose heap this thread allocates from (`SYSTEM`: none).
    static MODE: Cell<usize> = const { Cell::new(SYSTEM) };
}

/// The slot this thread allocates from now (for the allocator, whose calls
/// never span a suspension).
#[inline]
fn mode() -> usize {
    MODE.try_with(Cell::get).unwrap_or(SYSTEM)
}

// `current` and `switch` are never inlined: a rank's coroutine may suspend
// on one thread and resume on another, and a thread-local's address that
// the compiler computed before the suspension and reused after it would
// be the first thread's. Called out of line, they look it up afresh.

/// The slot this thread allocates from now (`None`: the system allocator).
#[inline(never)]
pub fn current() -> Option<usize> {
    Some(mode()).filter(|&m| m != SYSTEM)
}

/// Sets the slot this thread allocates from (`None`: the system
/// allocator); returns the previous setting, to switch back to.
#[inline(never)]
pub fn switch(slot: Option<usize>) -> Option<usize> {
    let before = current();
    let _ = MODE.try_with(|m| m.set(slot.unwrap_or(SYSTEM)));
    before
}

/// Whether any rank of this process has had a slot: until then every
/// thread allocates from the system, and the switches below cost one
/// relaxed load (they sit on every AMPI message's path).
#[inline(always)]
pub fn in_use() -> bool {
    region::reserved()
}

/// Runs `f` allocating from `slot`'s heap (`None`: from the system).
#[inline(always)]
pub fn with_slot<R>(slot: Option<usize>, f: impl FnOnce() -> R) -> R {
    if slot.is_none() && !in_use() {
        return f();
    }
    switched(slot, f)
}

/// [`with_slot`] when a switch may be needed.
#[inline(never)]
fn switched<R>(slot: Option<usize>, f: impl FnOnce() -> R) -> R {
    struct Back(Option<usize>);
    impl Drop for Back {
        fn drop(&mut self) {
            switch(self.0);
        }
    }
    let _back = Back(switch(slot));
    f()
}

/// Runs `f` allocating from the system allocator: for what outlives the
/// rank's stay in this process (messages, runtime state).
#[inline(always)]
pub fn outside<R>(f: impl FnOnce() -> R) -> R {
    if !in_use() || current().is_none() {
        return f();
    }
    switched(None, f)
}

/// Whether `addr` lies in a slot.
#[inline(always)]
pub fn in_slot(addr: *const u8) -> bool {
    region::slot_of(addr as usize).is_some()
}

/// The global allocator that makes isomalloc work: a program (or test
/// binary) that runs ranks with isomalloc declares
/// `#[global_allocator] static A: IsoAlloc<std::alloc::System> = IsoAlloc::new(std::alloc::System);`
/// (any inner allocator will do). Outside a rank's mode it costs one
/// thread-local read per allocation and one range check per free.
pub struct IsoAlloc<A> {
    inner: A,
}

impl<A> IsoAlloc<A> {
    /// Slots first, then `inner` for everything else.
    pub const fn new(inner: A) -> Self {
        IsoAlloc { inner }
    }
}

// SAFETY: blocks come from the slot heap of the current mode or from
// `inner`, and each goes back to where its address says it came from: slot
// addresses (a fixed range) are never handed out by `inner`.
unsafe impl<A: GlobalAlloc> GlobalAlloc for IsoAlloc<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match mode() {
            // SAFETY: the caller's contract on `layout`, passed on.
            SYSTEM => unsafe { self.inner.alloc(layout) },
            // SAFETY: a thread is in a slot's mode only while that slot is
            // open (its rank is here and runs on this thread).
            slot => unsafe { slot::alloc(slot, layout) },
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match mode() {
            // SAFETY: as in `alloc`.
            SYSTEM => unsafe { self.inner.alloc_zeroed(layout) },
            // SAFETY: as in `alloc`; a non-null block holds `layout.size()`
            // writable bytes (a reused slot page is not zero by itself).
            slot => unsafe {
                let p = slot::alloc(slot, layout);
                if !p.is_null() {
                    p.write_bytes(0, layout.size());
                }
                p
            },
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match region::slot_of(ptr as usize) {
            // SAFETY: not a slot address, so `inner` handed it out.
            None => unsafe { self.inner.dealloc(ptr, layout) },
            // SAFETY: a block of this open slot's heap (only its heap hands
            // out addresses in it).
            Some(slot) if region::is_live(slot) => unsafe { slot::dealloc(slot, ptr, layout) },
            // A block of a slot that left this process (held by a stray
            // system object) is not ours to free: it is left alone.
            Some(_) => {}
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Some(slot) = region::slot_of(ptr as usize) else {
            // SAFETY: as in `dealloc`; the caller's contract on the sizes.
            return unsafe { self.inner.realloc(ptr, layout, new_size) };
        };
        // A block stays in the slot it belongs to, whatever the mode.
        // SAFETY: the caller guarantees `new_size`, rounded up to `align`,
        // does not overflow.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: `ptr` is a live block of `layout` in this slot, whose rank
        // is here (it is being resized); the new block does not overlap it.
        unsafe {
            let p = slot::alloc(slot, new_layout);
            if !p.is_null() {
                std::ptr::copy_nonoverlapping(ptr, p, layout.size().min(new_size));
                slot::dealloc(slot, ptr, layout);
            }
            p
        }
    }
}

/// Whether [`IsoAlloc`] is this program's global allocator and slot
/// `slot` (open) serves allocations made in its mode.
pub fn serves(slot: usize) -> bool {
    with_slot(Some(slot), || {
        let probe = Box::new(0u64);
        region::slot_of(&*probe as *const u64 as usize) == Some(slot)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use slot::Slot;

    #[test]
    fn allocations_follow_the_mode_and_frees_follow_the_address() {
        let s = Slot::open(region::SLOTS - 10, 64 * 1024).unwrap();
        assert!(serves(s.index()), "the test binary declares IsoAlloc");
        let (inside, grown) = with_slot(Some(s.index()), || {
            let mut v: Vec<u64> = (0..1000).collect();
            let inside = v.as_ptr() as *const u8;
            let nested = outside(|| Box::new(5u8));
            assert!(!in_slot(&*nested), "outside() allocates from the system");
            v.extend(0..100_000);
            (inside, v)
        });
        assert!(in_slot(inside));
        assert!(in_slot(grown.as_ptr().cast()), "grown in its slot");
        let system = Box::new([1u8; 100]);
        assert!(!in_slot(system.as_ptr()));
        let mut g = grown;
        g.extend(0..10);
        assert!(
            in_slot(g.as_ptr().cast()),
            "realloc in system mode stays in the slot"
        );
        drop(g);
        assert_eq!(switch(None), None);
        s.close();
    }
}
