//! Each C rank's share of `--max-memory` for its program's heap, enforced
//! while the program runs.
//!
//! `arts-mpicc` links programs with `--wrap` for the `malloc` family
//! (`malloc`, `calloc`, `realloc`, `reallocarray`, `free`,
//! `posix_memalign`, `aligned_alloc`, `memalign`, `valloc`, `strdup`,
//! `strndup`), so their calls reach the `__wrap_*` functions here, which
//! the `arts` binary exports; a program copied into a slot (`--isomalloc`)
//! that was linked without them has the same names pointed here
//! (`crate::loader::malloc::REPLACEMENTS`). Each serves the block as
//! `crate::loader::malloc` does (the rank's slot, else the C library) and,
//! when the run has a [`HeapLimit`], keeps the running rank's live bytes
//! (each block's usable size) in its state (`Heap`, a leaf:
//! `super::heap_account`). An allocation that would take the rank past its
//! share ends the rank instead, unwinding its `main` as a fatal MPI error
//! does (returning null would not stop a program that does not check): the
//! run fails with exit 1 and one line naming the rank, and the process
//! never holds more than the shares. C++'s global `operator new`/`delete`
//! (exported by the binary, `crate::loader::malloc`) come here too.
//!
//! Not counted: blocks the C library allocates for itself (`fopen`'s
//! buffer, `asprintf`, `getline`) and allocations
//! outside a rank (constructors of a program not in a slot, threads the
//! program starts). A block freed by another rank than the one that
//! allocated it is taken off the freeing rank's count (never below zero).
//! Without a limit nothing is counted: the wrappers only pass the call on.

use std::ffi::{c_char, c_int, c_void};

use arts_core::limits::human_bytes;

use super::heap_account::Heap;
pub use super::heap_account::HeapLimit;
use super::malloc;
use crate::state::{Fatal, current};

/// The running rank's account when the run bounds heaps.
#[inline]
fn account() -> Option<&'static mut Heap> {
    let vp = current();
    if vp.is_null() {
        return None;
    }
    // SAFETY: `vp` is the running rank's state, used by this thread only
    // while the rank runs; no MPI call of it is in progress here (the
    // program itself is allocating), and the reference ends before the
    // program continues.
    let vp = unsafe { &mut *vp };
    vp.heap.limit.is_some().then_some(&mut vp.heap)
}

/// Ends the rank: `more` bytes on top of `live` would pass its share.
#[cold]
fn exceeded(heap: &Heap, more: usize) -> ! {
    let limit = heap.limit.as_deref().expect("bounded");
    let why = format!(
        "exceeded its memory share ({} of {}): it held {} in blocks and asked for {} more; \
         free what it no longer needs, run fewer ranks or raise --max-memory",
        human_bytes(limit.bytes),
        limit.source,
        human_bytes(heap.live),
        human_bytes(more as u64)
    );
    // What the rank printed reaches its destination, as at a process's exit.
    // SAFETY: flushing every C stream is always allowed.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    std::panic::resume_unwind(Box::new(Fatal(why)))
}

/// Checks that `more` bytes fit beside the `freed` ones the call gives back.
#[inline]
fn check(acc: &mut Option<&'static mut Heap>, more: usize, freed: u64) {
    if let Some(heap) = acc {
        let limit = heap.limit.as_deref().map_or(u64::MAX, |l| l.bytes);
        if heap.live.saturating_sub(freed).saturating_add(more as u64) > limit {
            exceeded(heap, more);
        }
    }
}

/// Counts block `p` (null: nothing) as the rank's.
#[inline]
fn add(acc: &mut Option<&'static mut Heap>, p: *mut c_void) {
    if let Some(heap) = acc
        && !p.is_null()
    {
        heap.live += malloc::usable(p) as u64;
    }
}

/// Takes `bytes` off the rank's count.
#[inline]
fn sub(acc: &mut Option<&'static mut Heap>, bytes: u64) {
    if let Some(heap) = acc {
        heap.live = heap.live.saturating_sub(bytes);
    }
}

/// The usable bytes of `p` when counting (0 otherwise, or for null).
#[inline]
fn size_of_block(acc: &Option<&'static mut Heap>, p: *mut c_void) -> u64 {
    match acc {
        Some(_) if !p.is_null() => malloc::usable(p) as u64,
        _ => 0,
    }
}

/// Serves an allocation of `size` bytes with `alloc`, counted.
#[inline]
fn counted(size: usize, alloc: impl FnOnce() -> *mut c_void) -> *mut c_void {
    let mut acc = account();
    check(&mut acc, size, 0);
    let p = alloc();
    add(&mut acc, p);
    p
}

/// The program's `malloc`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_malloc(size: usize) -> *mut c_void {
    counted(size, || malloc::rank_malloc(size))
}

/// The program's `calloc` (zeros written at once: `malloc::rank_calloc`).
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_calloc(n: usize, size: usize) -> *mut c_void {
    counted(n.saturating_mul(size), || malloc::rank_calloc(n, size))
}

/// The program's `free`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_free(p: *mut c_void) {
    let mut acc = account();
    let old = size_of_block(&acc, p);
    sub(&mut acc, old);
    malloc::rank_free(p);
}

/// The program's `realloc`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_realloc(p: *mut c_void, size: usize) -> *mut c_void {
    let mut acc = account();
    let old = size_of_block(&acc, p);
    check(&mut acc, size, old);
    let q = malloc::rank_realloc(p, size);
    if !q.is_null() || size == 0 {
        // The old block is gone (moved, or freed by `realloc(p, 0)`).
        sub(&mut acc, old);
        add(&mut acc, q);
    }
    q
}

/// The program's `reallocarray`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_reallocarray(
    p: *mut c_void,
    n: usize,
    size: usize,
) -> *mut c_void {
    match n.checked_mul(size) {
        Some(total) => __wrap_realloc(p, total),
        None => std::ptr::null_mut(),
    }
}

/// The program's `posix_memalign`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_posix_memalign(
    out: *mut *mut c_void,
    align: usize,
    size: usize,
) -> c_int {
    let mut acc = account();
    check(&mut acc, size, 0);
    let rc = malloc::rank_posix_memalign(out, align, size);
    if rc == 0 {
        // SAFETY: written by the call that just succeeded.
        add(&mut acc, unsafe { out.read() });
    }
    rc
}

/// The program's `aligned_alloc`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_aligned_alloc(align: usize, size: usize) -> *mut c_void {
    counted(size, || malloc::rank_aligned_alloc(align, size))
}

/// The program's `memalign`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_memalign(align: usize, size: usize) -> *mut c_void {
    __wrap_aligned_alloc(align, size)
}

/// The program's `valloc`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_valloc(size: usize) -> *mut c_void {
    counted(size, || malloc::rank_valloc(size))
}

/// The program's `strdup`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn __wrap_strdup(s: *const c_char) -> *mut c_char {
    // SAFETY: the caller passes a C string, as for strdup.
    let len = unsafe { libc::strlen(s) };
    counted(len + 1, || malloc::rank_strdup(s).cast()).cast()
}

/// The program's `strndup`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn __wrap_strndup(s: *const c_char, n: usize) -> *mut c_char {
    // SAFETY: the caller passes a C string, as for strndup.
    let len = unsafe { libc::strnlen(s, n) };
    counted(len + 1, || malloc::rank_strndup(s, n).cast()).cast()
}
