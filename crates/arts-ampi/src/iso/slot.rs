//! One rank's slot: a header page (its heap's state), a guard page, the
//! coroutine stack, the heap, and a last guard page:
//!
//! ```text
//! start  header | guard | stack (grows down) ... base | heap ......... | guard  start + SLOT_BYTES
//! ```
//!
//! The heap is a first-fit free list (`linked_list_allocator`) behind free
//! lists of small blocks by size class (`bins.rs`), whose whole
//! state lives in the header and in the heap's own holes, so copying the
//! header, the stack in use and the heap up to its high-water mark to the
//! same addresses in another process moves the rank's memory intact.

use std::alloc::Layout;
use std::ops::Range;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering};

use linked_list_allocator::Heap;
use serde::{Deserialize, Serialize};

use super::bins::Bins;
use super::code;
use super::region::{self, SLOT_BYTES};

/// The smallest heap a slot leaves its rank.
const MIN_HEAP: usize = 1 << 20;
/// Bytes past the heap's high-water mark that a copy includes: the free
/// list's last node sits right after the last block handed out.
const HOLE_TAIL: usize = 64;

/// A slot's first page.
#[repr(C)]
struct Header {
    /// Taken while the heap is used (a rank's memory may be freed by
    /// another thread of the process).
    lock: AtomicBool,
    /// One past the highest byte the heap has handed out.
    high_water: usize,
    /// The heap's free list.
    heap: Heap,
    /// Small free blocks by size class, in front of `heap`.
    bins: Bins,
    /// Program code copied into the heap (a C rank's).
    code: code::Table,
}

/// A claimed slot of `stack_size` stack bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    index: usize,
    stack_size: usize,
}

/// What a copy of a slot needs besides its bytes.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct ImageMeta {
    /// The slot.
    pub index: u32,
    /// Its stack size.
    pub stack_size: u64,
    /// Lowest stack address copied.
    pub stack_from: u64,
    /// One past the last heap byte copied.
    pub heap_to: u64,
}

impl Slot {
    /// The accessible parts of a slot (offsets): all but the guard pages.
    fn ranges() -> [Range<usize>; 2] {
        let page = region::page();
        [0..page, 2 * page..SLOT_BYTES - page]
    }

    fn checked(index: usize, stack_size: usize) -> Result<Slot, String> {
        let page = region::page();
        let stack_size = stack_size.div_ceil(page) * page;
        if 3 * page + stack_size + MIN_HEAP > SLOT_BYTES {
            return Err(format!(
                "a stack of {stack_size} bytes leaves no heap in an isomalloc slot of {SLOT_BYTES} bytes"
            ));
        }
        Ok(Slot { index, stack_size })
    }

    /// Claims slot `index` with a fresh heap and a stack of `stack_size`
    /// bytes (rounded up to pages).
    pub fn open(index: usize, stack_size: usize) -> Result<Slot, String> {
        let slot = Slot::checked(index, stack_size)?;
        region::claim(index, &Slot::ranges())?;
        let (lo, hi) = (slot.heap_start(), slot.heap_end());
        // SAFETY: the header page was just made writable and belongs to this
        // slot; the heap range is writable and unused.
        unsafe {
            let h = slot.header();
            h.write(Header {
                lock: AtomicBool::new(false),
                high_water: lo,
                heap: Heap::empty(),
                bins: Bins::new(),
                code: code::Table::default(),
            });
            (*h).heap.init(lo as *mut u8, hi - lo);
        }
        Ok(slot)
    }

    /// The slot's number (the rank's).
    pub fn index(&self) -> usize {
        self.index
    }

    /// Lowest address of the stack's mapping, its guard page included.
    pub fn stack_limit(&self) -> usize {
        region::start(self.index) + region::page()
    }

    /// Highest address of the stack (where it starts).
    pub fn stack_base(&self) -> usize {
        self.stack_limit() + region::page() + self.stack_size
    }

    /// Usable stack bytes.
    pub fn stack_size(&self) -> usize {
        self.stack_size
    }

    fn heap_start(&self) -> usize {
        self.stack_base()
    }

    fn heap_end(&self) -> usize {
        region::start(self.index) + SLOT_BYTES - region::page()
    }

    fn header(&self) -> *mut Header {
        region::start(self.index) as *mut Header
    }

    /// Bytes a copy of the slot takes with its stack copied from `stack_from`.
    pub fn image_len(&self, stack_from: usize) -> usize {
        self.image(stack_from).1.iter().map(|p| p.len()).sum()
    }

    fn heap_to(&self) -> usize {
        // SAFETY: the header is initialized while the slot is open; reading a
        // word of it (the rank does not run while it is copied).
        let hw = unsafe { (*self.header()).high_water };
        (hw + HOLE_TAIL).min(self.heap_end())
    }

    /// Where the three parts of a copy go (address, length): the header
    /// page, the stack from `stack_from` to its base, the heap to `heap_to`.
    fn parts(&self, stack_from: usize, heap_to: usize) -> [(usize, usize); 3] {
        [
            (region::start(self.index), region::page()),
            (stack_from, self.stack_base() - stack_from),
            (self.heap_start(), heap_to - self.heap_start()),
        ]
    }

    /// The slot's bytes that a copy needs, in place: the header page, the
    /// stack from `stack_from` (rounded down to 16 bytes, within the stack)
    /// to its base, and the heap up to its high-water mark. Valid while the
    /// slot is open and its rank does not run.
    pub fn image(&self, stack_from: usize) -> (ImageMeta, [&[u8]; 3]) {
        let lowest = self.stack_limit() + region::page();
        let stack_from = (stack_from & !15).clamp(lowest, self.stack_base());
        let heap_to = self.heap_to();
        let meta = ImageMeta {
            index: self.index as u32,
            stack_size: self.stack_size as u64,
            stack_from: stack_from as u64,
            heap_to: heap_to as u64,
        };
        // SAFETY: each part lies in an accessible range of this open slot.
        let parts = self
            .parts(stack_from, heap_to)
            .map(|(at, len)| unsafe { std::slice::from_raw_parts(at as *const u8, len) });
        (meta, parts)
    }

    /// Claims the slot `meta` names in this process and writes `parts` (an
    /// [`image`](Slot::image) of it, from this process or another) back to
    /// their addresses.
    pub fn restore(meta: &ImageMeta, parts: [&[u8]; 3]) -> Result<Slot, String> {
        let slot = Slot::checked(meta.index as usize, meta.stack_size as usize)?;
        let (from, heap_to) = (meta.stack_from as usize, meta.heap_to as usize);
        let fits = (slot.stack_limit() + region::page()..=slot.stack_base()).contains(&from)
            && (slot.heap_start()..=slot.heap_end()).contains(&heap_to);
        let places = slot.parts(from, heap_to);
        if !fits || places.iter().zip(&parts).any(|(p, b)| p.1 != b.len()) {
            return Err(format!(
                "a rank's isomalloc image for slot {} does not fit its slot",
                meta.index
            ));
        }
        region::claim(slot.index, &Slot::ranges())?;
        for ((to, len), bytes) in places.into_iter().zip(parts) {
            // SAFETY: each destination lies in an accessible range of the slot
            // just claimed, and `bytes` holds exactly `len` bytes (checked).
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), to as *mut u8, len) };
        }
        // SAFETY: the slot is open and its bytes, code included, in place.
        if let Err(e) = unsafe { (*slot.header()).code.activate() } {
            region::release(slot.index);
            return Err(e);
        }
        Ok(slot)
    }

    /// Discards the slot's memory and gives it back.
    pub fn close(self) {
        // SAFETY: the slot is open here, so its code was activated here.
        unsafe { (*self.header()).code.deactivate() };
        region::release(self.index);
    }
}

/// Holds a header's lock.
struct Locked<'a>(&'a AtomicBool);

impl<'a> Locked<'a> {
    fn take(lock: &'a AtomicBool) -> Self {
        while lock
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            std::hint::spin_loop();
        }
        Locked(lock)
    }
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// Allocates `layout` from slot `slot`'s heap; null (after one line on
/// stderr) when the heap is full.
///
/// # Safety
/// The slot must be open in this process.
pub unsafe fn alloc(slot: usize, layout: Layout) -> *mut u8 {
    let h = region::start(slot) as *mut Header;
    // SAFETY: an open slot's header is initialized; its lock serializes
    // every use of the heap.
    unsafe {
        let _held = Locked::take(&(*h).lock);
        let layout = match (*h).bins.take(layout) {
            Ok(kept) => return kept,
            Err(layout) => layout,
        };
        match (*h).heap.allocate_first_fit(layout) {
            Ok(p) => {
                let end = p.as_ptr() as usize + layout.size();
                if end > (*h).high_water {
                    (*h).high_water = end;
                }
                p.as_ptr()
            }
            Err(()) => {
                report_full(slot, layout.size());
                std::ptr::null_mut()
            }
        }
    }
}

/// Frees `ptr` (of `layout`) into slot `slot`'s heap.
///
/// # Safety
/// The slot must be open in this process and `ptr` a block of its heap.
pub unsafe fn dealloc(slot: usize, ptr: *mut u8, layout: Layout) {
    let h = region::start(slot) as *mut Header;
    // SAFETY: as in `alloc`; the caller guarantees the block.
    unsafe {
        let _held = Locked::take(&(*h).lock);
        if let Some(layout) = (*h).bins.give(ptr, layout) {
            (*h).heap.deallocate(NonNull::new_unchecked(ptr), layout);
        }
    }
}

/// Records program code copied into slot `slot`'s heap at `text` (whole
/// pages), with its unwind table at `eh_frame` (0: none): the pages become
/// executable and the table known to the unwinder, here and wherever the
/// slot's bytes are restored.
///
/// # Safety
/// The slot is open here and the code's bytes are in place, in blocks of
/// its heap that stay allocated while the slot lives.
pub unsafe fn add_code(slot: usize, text: Range<usize>, eh_frame: usize) -> Result<(), String> {
    let h = region::start(slot) as *mut Header;
    // SAFETY: an open slot's header is initialized; its lock serializes it.
    unsafe {
        let _held = Locked::take(&(*h).lock);
        code::add(&mut (*h).code, slot, text, eh_frame)
    }
}

/// One line on stderr, without allocating: the rank's heap is full.
fn report_full(slot: usize, bytes: usize) {
    let text = format_args!(
        "error: rank {slot} is out of isomalloc heap (asked for {bytes} bytes; a slot holds {SLOT_BYTES})\n"
    );
    let mut buf = [0u8; 160];
    let mut w = std::io::Cursor::new(&mut buf[..]);
    let _ = std::io::Write::write_fmt(&mut w, text);
    let n = w.position() as usize;
    // SAFETY: writes `n` initialized bytes of `buf` to stderr, with the
    // system call itself: the C ABI interposes `write` for the ranks'
    // output, which allocates (this runs where the heap is exhausted).
    unsafe { libc::syscall(libc::SYS_write, 2, buf.as_ptr(), n) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_heap_hands_out_blocks_inside_it_and_takes_them_back() {
        let slot = Slot::open(region::SLOTS - 5, 64 * 1024).unwrap();
        let layout = Layout::from_size_align(1000, 64).unwrap();
        // SAFETY: the slot is open; blocks are freed with their layout.
        unsafe {
            let a = alloc(slot.index(), layout);
            let b = alloc(slot.index(), layout);
            assert!(!a.is_null() && !b.is_null() && a != b);
            for p in [a, b] {
                assert_eq!(region::slot_of(p as usize), Some(slot.index()));
                assert!(p as usize >= slot.stack_base());
                assert_eq!(p as usize % 64, 0);
            }
            dealloc(slot.index(), a, layout);
            assert_eq!(alloc(slot.index(), layout), a, "first fit reuses the hole");
        }
        slot.close();
    }

    #[test]
    fn an_image_restores_the_same_bytes_at_the_same_addresses() {
        let slot = Slot::open(region::SLOTS - 6, 32 * 1024).unwrap();
        let layout = Layout::from_size_align(300_000, 8).unwrap();
        // SAFETY: the slot is open; the block and the stack word are its own.
        let (block, word) = unsafe {
            let p = alloc(slot.index(), layout);
            for i in 0..layout.size() {
                *p.add(i) = (i % 251) as u8;
            }
            let word = (slot.stack_base() - 64) as *mut u64;
            *word = 0xfeed;
            (p, word)
        };
        let from = slot.stack_base() - 4096;
        let (meta, parts) = slot.image(from);
        let copy: Vec<Vec<u8>> = parts.iter().map(|p| p.to_vec()).collect();
        assert_eq!(
            copy.iter().map(Vec::len).sum::<usize>(),
            slot.image_len(from)
        );
        assert_eq!(copy[1].len(), 4096);
        slot.close();
        let parts = [&copy[0][..], &copy[1][..], &copy[2][..]];
        let back = Slot::restore(&meta, parts).unwrap();
        assert_eq!(back, slot);
        // SAFETY: the slot is open again with the same contents.
        unsafe {
            assert_eq!(*word, 0xfeed);
            assert!((0..layout.size()).all(|i| *block.add(i) == (i % 251) as u8));
            dealloc(back.index(), block, layout);
            let again = alloc(back.index(), layout);
            assert_eq!(again, block, "the heap's free list came along");
        }
        back.close();
        let mut bad = meta;
        bad.heap_to += 8;
        let e = Slot::restore(&bad, parts).unwrap_err();
        assert!(e.contains("does not fit"), "{e}");
        assert!(
            !region::is_live(slot.index()),
            "a refused image claims nothing"
        );
    }

    #[test]
    fn small_blocks_freed_before_a_copy_are_handed_out_again_after_it() {
        let slot = Slot::open(region::SLOTS - 11, 32 * 1024).unwrap();
        let small = Layout::from_size_align(40, 8).unwrap();
        // SAFETY: the slot is open; blocks are freed with their layout.
        let freed = unsafe {
            let blocks: Vec<*mut u8> = (0..8).map(|_| alloc(slot.index(), small)).collect();
            for &p in &blocks {
                assert_eq!(region::slot_of(p as usize), Some(slot.index()));
                assert_eq!(p as usize % 16, 0);
            }
            for &p in &blocks[2..] {
                dealloc(slot.index(), p, small);
            }
            blocks[2..].to_vec()
        };
        let (meta, parts) = slot.image(slot.stack_base());
        let copy: Vec<Vec<u8>> = parts.iter().map(|p| p.to_vec()).collect();
        slot.close();
        let back = Slot::restore(&meta, [&copy[0][..], &copy[1][..], &copy[2][..]]).unwrap();
        // SAFETY: the slot is open again with the same contents.
        let again: Vec<*mut u8> = (0..freed.len())
            .map(|_| unsafe { alloc(back.index(), small) })
            .collect();
        assert_eq!(again, freed.iter().rev().copied().collect::<Vec<_>>());
        back.close();
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn code_in_a_slot_runs_and_runs_again_where_the_slot_is_restored() {
        let slot = Slot::open(region::SLOTS - 8, 32 * 1024).unwrap();
        let page = region::page();
        let layout = Layout::from_size_align(page, page).unwrap();
        // SAFETY: the slot is open; the block is a page of its heap, written
        // with `mov eax, 42; ret` before it is made executable, then called
        // as the function it is.
        let code = unsafe {
            let p = alloc(slot.index(), layout);
            std::ptr::copy_nonoverlapping([0xb8, 42, 0, 0, 0, 0xc3].as_ptr(), p, 6);
            let bad = add_code(slot.index(), p as usize + 8..p as usize + page, 0);
            assert!(bad.unwrap_err().contains("not whole pages"));
            add_code(slot.index(), p as usize..p as usize + page, 0).unwrap();
            std::mem::transmute::<*mut u8, extern "C" fn() -> i32>(p)
        };
        assert_eq!(code(), 42);
        let (meta, parts) = slot.image(slot.stack_base());
        let copy: Vec<Vec<u8>> = parts.iter().map(|p| p.to_vec()).collect();
        slot.close();
        let back = Slot::restore(&meta, [&copy[0], &copy[1], &copy[2]]).unwrap();
        assert_eq!(code(), 42, "executable again after the restore");
        back.close();
    }

    #[test]
    fn a_stack_too_large_for_a_slot_is_refused() {
        let e = Slot::open(region::SLOTS - 7, SLOT_BYTES).unwrap_err();
        assert!(e.contains("leaves no heap"), "{e}");
    }
}
