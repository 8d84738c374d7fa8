//! The `malloc` family of a C rank's copy of its program (`--isomalloc`,
//! see [`crate::loader::image`]), and C++'s global `operator new`/`delete` for the
//! whole process: blocks come from the running rank's slot, so they move
//! with it. A thread that is not a rank (one the program started), or any
//! code outside a rank, gets the C library's blocks; a free goes where the
//! block's address says.
//!
//! Each slot block carries a 16-byte header just below the address handed
//! out: the size asked for and the alignment, from which the block's
//! layout is found again at `free`.

use std::alloc::Layout;
use std::ffi::{c_char, c_int, c_void};

use arts_ampi::iso::{self, region, slot};

use super::heap_share as hs;

/// Bytes of the header below every block.
const HEADER: usize = 16;

/// A block's header.
#[repr(C)]
struct Head {
    size: usize,
    align: usize,
}

/// The block's layout for `size` bytes at `align` (at least the header's),
/// with the offset of the address handed out.
fn layout(size: usize, align: usize) -> Option<(Layout, usize)> {
    let align = align.max(HEADER);
    let offset = align;
    let layout = Layout::from_size_align(size.checked_add(offset)?, align).ok()?;
    Some((layout, offset))
}

/// `size` bytes aligned to `align` (a power of two): from the running
/// rank's slot, else from the C library.
pub(crate) fn allocate(size: usize, align: usize) -> *mut c_void {
    let Some(slot) = iso::current() else {
        return if align <= HEADER {
            // SAFETY: plain C allocation.
            unsafe { libc::malloc(size) }
        } else {
            let mut p = std::ptr::null_mut();
            // SAFETY: `align` is a power of two and a multiple of the
            // pointer size (at least 32 here).
            match unsafe { libc::posix_memalign(&mut p, align, size) } {
                0 => p,
                _ => std::ptr::null_mut(),
            }
        };
    };
    let Some((layout, offset)) = layout(size, align) else {
        return std::ptr::null_mut();
    };
    // SAFETY: the running rank's slot is open here.
    let block = unsafe { slot::alloc(slot, layout) };
    if block.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: `block` holds `offset + size` bytes; the header fits below the
    // address handed out, which is aligned to at least 16.
    unsafe {
        let p = block.add(offset);
        p.sub(HEADER).cast::<Head>().write(Head { size, align });
        p.cast()
    }
}

/// The live slot holding `p`, if `p` is in a slot at all: `Ok(None)`
/// means a block of a slot not open here (left with its rank).
fn slot_of(p: *mut c_void) -> Option<Option<usize>> {
    let s = region::slot_of(p as usize)?;
    Some(region::is_live(s).then_some(s))
}

/// The header of slot block `p`.
///
/// # Safety
/// `p` was handed out by [`allocate`] from a slot.
unsafe fn head(p: *mut c_void) -> Head {
    // SAFETY: the header sits just below every slot block.
    unsafe { p.cast::<u8>().sub(HEADER).cast::<Head>().read() }
}

/// Frees `p` (null, a slot block or a C library block).
pub(crate) fn release(p: *mut c_void) {
    match slot_of(p) {
        // SAFETY: not in a slot: the C library's block (or null).
        None => unsafe { libc::free(p) },
        Some(None) => {}
        Some(Some(s)) => {
            // SAFETY: a block of this open slot, with its header.
            unsafe {
                let h = head(p);
                let (layout, offset) = layout(h.size, h.align).expect("a block's layout was valid");
                slot::dealloc(s, p.cast::<u8>().sub(offset), layout);
            }
        }
    }
}

/// Usable bytes of a block (0 for null).
pub(crate) fn usable(p: *mut c_void) -> usize {
    match slot_of(p) {
        // SAFETY: the C library's block (or null).
        None => unsafe { libc::malloc_usable_size(p) },
        Some(None) => 0,
        // SAFETY: a block of an open slot, with its header.
        Some(Some(_)) => unsafe { head(p) }.size,
    }
}

/// `malloc`.
pub(crate) extern "C" fn rank_malloc(size: usize) -> *mut c_void {
    allocate(size, HEADER)
}

/// `calloc`, also outside slots: `arts-mpicc` links programs with
/// `--wrap=calloc`, so their `calloc` is this function (through
/// `__wrap_calloc`, `crate::loader::heap_share`). Its zeros are written now, in a slot
/// or in a block of the C library. glibc's `calloc` hands out a large
/// block as untouched zero pages: the program's first write to each page
/// then takes a copy-on-write fault, and in a process whose PE threads
/// share the address space every such fault interrupts the other PEs to
/// flush their TLBs (an IPI per page). Written now, a page takes one plain
/// fault.
pub(crate) extern "C" fn rank_calloc(n: usize, size: usize) -> *mut c_void {
    let Some(total) = n.checked_mul(size) else {
        return std::ptr::null_mut();
    };
    let p = allocate(total, HEADER);
    if !p.is_null() {
        // SAFETY: `p` holds `total` writable bytes.
        unsafe { p.cast::<u8>().write_bytes(0, total) };
    }
    p
}

/// `free`.
pub(crate) extern "C" fn rank_free(p: *mut c_void) {
    release(p);
}

/// `realloc`: a slot block stays in its slot; a C library block stays there.
pub(crate) extern "C" fn rank_realloc(p: *mut c_void, size: usize) -> *mut c_void {
    match slot_of(p) {
        // SAFETY: the C library's block (or null, then a new block there or
        // in the slot: `malloc`'s choice).
        None if !p.is_null() => unsafe { libc::realloc(p, size) },
        None => allocate(size, HEADER),
        Some(None) => std::ptr::null_mut(),
        Some(Some(s)) => {
            if size == 0 {
                release(p);
                return std::ptr::null_mut();
            }
            let old = usable(p);
            let q = iso::with_slot(Some(s), || allocate(size, HEADER));
            if !q.is_null() {
                // SAFETY: both blocks hold at least `min(old, size)` bytes.
                unsafe { std::ptr::copy_nonoverlapping(p.cast::<u8>(), q.cast(), old.min(size)) };
                release(p);
            }
            q
        }
    }
}

/// `posix_memalign`.
pub(crate) extern "C" fn rank_posix_memalign(
    out: *mut *mut c_void,
    align: usize,
    size: usize,
) -> c_int {
    if !align.is_power_of_two() || !align.is_multiple_of(size_of::<usize>()) {
        return libc::EINVAL;
    }
    let p = allocate(size, align);
    if p.is_null() {
        return libc::ENOMEM;
    }
    // SAFETY: the caller passes a writable pointer, as for posix_memalign.
    unsafe { out.write(p) };
    0
}

/// `aligned_alloc` and `memalign`.
pub(crate) extern "C" fn rank_aligned_alloc(align: usize, size: usize) -> *mut c_void {
    if !align.is_power_of_two() {
        return std::ptr::null_mut();
    }
    allocate(size, align)
}

/// `valloc`.
pub(crate) extern "C" fn rank_valloc(size: usize) -> *mut c_void {
    allocate(size, region::page())
}

/// `malloc_usable_size`.
extern "C" fn rank_malloc_usable_size(p: *mut c_void) -> usize {
    usable(p)
}

/// `strdup`.
pub(crate) extern "C" fn rank_strdup(s: *const c_char) -> *mut c_char {
    // SAFETY: the caller passes a C string, as for strdup.
    rank_strndup(s, unsafe { libc::strlen(s) })
}

/// `strndup`.
pub(crate) extern "C" fn rank_strndup(s: *const c_char, n: usize) -> *mut c_char {
    // SAFETY: the caller passes a C string, as for strndup; the copy holds
    // `len + 1` bytes.
    unsafe {
        let len = libc::strnlen(s, n);
        let p = allocate(len + 1, HEADER).cast::<c_char>();
        if !p.is_null() {
            std::ptr::copy_nonoverlapping(s, p, len);
            p.add(len).write(0);
        }
        p
    }
}

/// C++'s global `operator new`, for the whole process: C++ lets a program
/// replace it, and the `arts` binary exports it, so the C++ library that a
/// loaded program brings allocates through it too (a `std::string` it
/// builds for a running rank is in the rank's slot, and moves with it).
/// The library's `new[]` calls it. Counted against a rank's share as its
/// `malloc` is (`crate::loader::heap_share`: past it, the rank ends). A
/// block, or the end of the process with one line (`operator new` may not
/// return null).
#[unsafe(export_name = "_Znwm")]
pub(crate) extern "C-unwind" fn cxx_new(size: usize) -> *mut c_void {
    let p = hs::__wrap_malloc(size.max(1));
    if p.is_null() {
        eprintln!("error: operator new: out of memory ({size} bytes)");
        std::process::abort();
    }
    p
}

/// C++'s global `operator delete`, for the whole process (the library's
/// `delete[]` and sized deletes call it).
#[unsafe(export_name = "_ZdlPv")]
pub(crate) extern "C-unwind" fn cxx_delete(p: *mut c_void) {
    hs::__wrap_free(p);
}

/// The library functions a copy of a program calls here instead, by name:
/// those that allocate or free through `crate::loader::heap_share` (the
/// functions a program linked by `arts-mpicc` calls by their `__wrap_`
/// names), which counts the rank's blocks when the run bounds them.
pub(crate) const REPLACEMENTS: &[(&str, *const ())] = &[
    ("malloc", hs::__wrap_malloc as *const ()),
    ("calloc", hs::__wrap_calloc as *const ()),
    ("realloc", hs::__wrap_realloc as *const ()),
    ("reallocarray", hs::__wrap_reallocarray as *const ()),
    ("free", hs::__wrap_free as *const ()),
    ("cfree", hs::__wrap_free as *const ()),
    ("posix_memalign", hs::__wrap_posix_memalign as *const ()),
    ("aligned_alloc", hs::__wrap_aligned_alloc as *const ()),
    ("memalign", hs::__wrap_memalign as *const ()),
    ("valloc", hs::__wrap_valloc as *const ()),
    ("malloc_usable_size", rank_malloc_usable_size as *const ()),
    ("strdup", hs::__wrap_strdup as *const ()),
    ("strndup", hs::__wrap_strndup as *const ()),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_a_rank_blocks_are_the_c_librarys() {
        let p = rank_malloc(100);
        assert!(!p.is_null() && !iso::in_slot(p.cast()));
        assert!(rank_malloc_usable_size(p) >= 100);
        let q = rank_realloc(p, 10_000);
        assert!(!q.is_null());
        rank_free(q);
        let mut a = std::ptr::null_mut();
        assert_eq!(rank_posix_memalign(&mut a, 64, 10), 0);
        assert_eq!(a as usize % 64, 0);
        rank_free(a);
        assert_eq!(rank_posix_memalign(&mut a, 3, 10), libc::EINVAL);
        rank_free(std::ptr::null_mut());
    }

    #[test]
    fn in_a_ranks_mode_blocks_come_from_its_slot_and_go_back() {
        let s = slot::Slot::open(region::SLOTS - 30, 64 * 1024).unwrap();
        iso::with_slot(Some(s.index()), || {
            let p = rank_malloc(1000);
            assert!(iso::in_slot(p.cast()) && (p as usize).is_multiple_of(16));
            assert_eq!(rank_malloc_usable_size(p), 1000);
            rank_free(p);
            assert_eq!(rank_malloc(1000), p, "the freed block is reused");
            // SAFETY: `p` holds 1000 bytes.
            unsafe { p.cast::<u8>().write_bytes(7, 1000) };
            let q = rank_realloc(p, 100_000);
            assert!(iso::in_slot(q.cast()));
            // SAFETY: `q` holds the first 1000 bytes of `p`.
            assert!((0..1000).all(|i| unsafe { *q.cast::<u8>().add(i) } == 7));
            let z = rank_calloc(10, 100);
            // SAFETY: `z` holds 1000 bytes.
            assert!((0..1000).all(|i| unsafe { *z.cast::<u8>().add(i) } == 0));
            let mut a = std::ptr::null_mut();
            assert_eq!(rank_posix_memalign(&mut a, 4096, 10), 0);
            assert!(iso::in_slot(a.cast()) && (a as usize).is_multiple_of(4096));
            let d = rank_strdup(c"copied".as_ptr());
            // SAFETY: a C string just made.
            assert_eq!(unsafe { std::ffi::CStr::from_ptr(d) }, c"copied");
            assert!(rank_calloc(usize::MAX, 2).is_null(), "overflow");
            for b in [q, z, a, d.cast()] {
                rank_free(b);
            }
        });
        // A block of the C library freed in a rank's mode goes back there.
        let c = rank_malloc(10);
        iso::with_slot(Some(s.index()), || rank_free(c));
        s.close();
    }
}
