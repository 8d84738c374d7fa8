//! Free blocks by size class, in front of a slot's first-fit heap.
//!
//! A first-fit list walks its holes on every allocation and every free,
//! and a program that keeps many small blocks alive leaves many holes (a
//! ring of 64 blocks of 16–1,024 bytes: 100–146 ns a `malloc`+`free` pair,
//! against 16–27 ns in the C library). So a freed block of up to [`MAX`]
//! bytes (alignment up to [`GRAIN`]) goes on the free list of its size
//! class, up to [`KEEP`] blocks and [`KEEP_BYTES`] a class, and the next
//! allocation of that class takes it back at once. Classes are multiples
//! of 16 bytes up to 256, then four per doubling (a block at most a
//! quarter larger than asked). Blocks of a class are allocated from the
//! heap at the class's size, so that one given back to the heap (its class
//! full) has the layout it was made with.
//!
//! The lists live in the slot's header and in the free blocks themselves
//! (each holds the address of the next), so a copy of the slot to the same
//! addresses in another process carries them.

use std::alloc::Layout;

/// The smallest class, the step of the classes up to [`LINEAR`], and the
/// alignment of every class.
const GRAIN: usize = 16;
/// Classes up to this size are multiples of [`GRAIN`].
const LINEAR: usize = 256;
/// The largest block kept by class.
const MAX: usize = 64 << 10;
/// Classes: `LINEAR / GRAIN`, then four per doubling up to [`MAX`].
const CLASSES: usize =
    LINEAR / GRAIN + 4 * (MAX.trailing_zeros() - LINEAR.trailing_zeros()) as usize;
/// The most free blocks a class keeps.
const KEEP: u16 = 256;
/// The most bytes a class keeps.
const KEEP_BYTES: usize = 256 << 10;

/// The free lists of one slot (in its header).
#[repr(C)]
pub(super) struct Bins {
    /// Each class's first free block (0: none).
    heads: [usize; CLASSES],
    /// Each class's number of free blocks.
    lens: [u16; CLASSES],
}

/// The class of `layout`, if its blocks are kept by class.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size().max(1);
    if size > MAX || layout.align() > GRAIN {
        return None;
    }
    if size <= LINEAR {
        return Some(size.div_ceil(GRAIN) - 1);
    }
    // Four classes between p / 2 and p, p the next power of two.
    let p = size.next_power_of_two();
    let step = p / 8;
    let doubling = (p.trailing_zeros() - LINEAR.trailing_zeros() - 1) as usize;
    Some(LINEAR / GRAIN + 4 * doubling + (size.next_multiple_of(step) - p / 2) / step - 1)
}

/// The size of blocks of class `c`.
fn class_size(c: usize) -> usize {
    match c.checked_sub(LINEAR / GRAIN) {
        None => (c + 1) * GRAIN,
        Some(k) => {
            let p = (2 * LINEAR) << (k / 4);
            p / 2 + (k % 4 + 1) * (p / 8)
        }
    }
}

/// The layout blocks of class `c` are made with.
fn class_layout(c: usize) -> Layout {
    Layout::from_size_align(class_size(c), GRAIN).expect("a class size is a valid layout")
}

impl Bins {
    /// No free blocks.
    pub(super) const fn new() -> Self {
        Bins {
            heads: [0; CLASSES],
            lens: [0; CLASSES],
        }
    }

    /// A kept block for `layout`, or the layout to allocate it from the
    /// heap with (its class's, or `layout` itself if it has none).
    ///
    /// # Safety
    /// Every kept block is a free block of this slot's heap (`give`).
    pub(super) unsafe fn take(&mut self, layout: Layout) -> Result<*mut u8, Layout> {
        let Some(c) = class_of(layout) else {
            return Err(layout);
        };
        let head = self.heads[c];
        if head == 0 {
            return Err(class_layout(c));
        }
        // SAFETY: a kept block holds the address of the next one.
        self.heads[c] = unsafe { *(head as *const usize) };
        self.lens[c] -= 1;
        Ok(head as *mut u8)
    }

    /// Keeps `ptr` (a block allocated for `layout`), or returns it with the
    /// layout to give it back to the heap with.
    ///
    /// # Safety
    /// `ptr` was allocated for `layout` through [`Bins::take`]'s layout,
    /// and is no longer used.
    pub(super) unsafe fn give(&mut self, ptr: *mut u8, layout: Layout) -> Option<Layout> {
        let Some(c) = class_of(layout) else {
            return Some(layout);
        };
        if self.lens[c] >= KEEP || (usize::from(self.lens[c]) + 1) * class_size(c) > KEEP_BYTES {
            return Some(class_layout(c));
        }
        // SAFETY: the block has at least `GRAIN` bytes, aligned to it.
        unsafe { *(ptr as *mut usize) = self.heads[c] };
        self.heads[c] = ptr as usize;
        self.lens[c] += 1;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_small_layouts_and_leave_large_or_aligned_ones() {
        let l = |size, align| Layout::from_size_align(size, align).unwrap();
        assert_eq!(class_of(l(0, 1)), Some(0));
        assert_eq!(class_of(l(16, 8)), Some(0));
        assert_eq!(class_of(l(17, 8)), Some(1));
        assert_eq!(class_of(l(257, 8)).map(class_size), Some(320));
        assert_eq!(class_of(l(1040, 16)).map(class_size), Some(1280));
        assert_eq!(class_of(l(MAX, 16)), Some(CLASSES - 1));
        assert_eq!(class_of(l(MAX + 1, 8)), None);
        assert_eq!(class_of(l(64, 64)), None);
        let mut last = 0;
        for c in 0..CLASSES {
            let layout = class_layout(c);
            assert_eq!(class_of(layout), Some(c), "class {c}");
            assert!(layout.size() > last && layout.align() == GRAIN);
            last = layout.size();
        }
        assert_eq!(last, MAX);
        // Every size gets the smallest class that holds it, at most a
        // quarter larger above `LINEAR`.
        for size in 1..=MAX {
            let c = class_of(l(size, 8)).unwrap();
            assert!(class_size(c) >= size && (c == 0 || class_size(c - 1) < size));
            assert!(size <= LINEAR || class_size(c) * 4 <= size * 5, "{size}");
        }
    }

    #[test]
    fn a_freed_block_is_taken_again_last_in_first_out_up_to_the_bound() {
        let mut bins = Bins::new();
        let layout = Layout::from_size_align(40, 8).unwrap();
        let mut blocks: Vec<Box<[u128; 3]>> =
            (0..KEEP as usize + 1).map(|_| Box::new([0; 3])).collect();
        let ptrs: Vec<*mut u8> = blocks.iter_mut().map(|b| b.as_mut_ptr().cast()).collect();
        // SAFETY: each block has 48 bytes aligned to 16 and is not read
        // through its Box while kept.
        unsafe {
            assert_eq!(bins.take(layout), Err(class_layout(2)));
            for &p in &ptrs[..KEEP as usize] {
                assert_eq!(bins.give(p, layout), None);
            }
            assert_eq!(
                bins.give(ptrs[KEEP as usize], layout),
                Some(class_layout(2))
            );
            assert_eq!(bins.take(layout), Ok(ptrs[KEEP as usize - 1]));
            assert_eq!(bins.take(layout), Ok(ptrs[KEEP as usize - 2]));
            let large = Layout::from_size_align(MAX + 1, 8).unwrap();
            assert_eq!(bins.give(ptrs[0], large), Some(large));
        }
        // The largest class keeps KEEP_BYTES.
        let top = Layout::from_size_align(MAX, 16).unwrap();
        let mut big: Vec<Box<[u128; MAX / 16]>> = (0..5).map(|_| Box::new([0; MAX / 16])).collect();
        let kept = KEEP_BYTES / MAX;
        // SAFETY: each block has MAX bytes aligned to 16, unread while kept.
        unsafe {
            for (i, b) in big.iter_mut().enumerate() {
                let back = bins.give(b.as_mut_ptr().cast(), top);
                assert_eq!(back, (i >= kept).then_some(top), "block {i}");
            }
        }
    }
}
