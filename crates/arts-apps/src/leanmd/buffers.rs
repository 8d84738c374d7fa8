//! A per-thread free list of force and position vectors. A leanmd step
//! makes thousands of vectors of a few KiB (each pair's forces on its two
//! cells, each cell's positions) and frees each one in another object than
//! the one that made it, which the system allocator serves slowly (its
//! chunks of that size are split and merged on every free). A vector that
//! is done with goes back here; the next one this thread needs comes from
//! here.

use std::cell::RefCell;

/// Vectors kept per thread at most: a cell's 27 partial forces and a few
/// more.
const KEEP: usize = 64;

thread_local! {
    static FREE: RefCell<Vec<Vec<f64>>> = const { RefCell::new(Vec::new()) };
}

fn take() -> Vec<f64> {
    let mut v = FREE.with_borrow_mut(Vec::pop).unwrap_or_default();
    v.clear();
    v
}

/// `len` zeros.
pub fn zeros(len: usize) -> Vec<f64> {
    let mut v = take();
    v.resize(len, 0.0);
    v
}

/// A copy of `src`.
pub fn copy_of(src: &[f64]) -> Vec<f64> {
    let mut v = take();
    v.extend_from_slice(src);
    v
}

/// Gives `v` back, for this thread's next vector.
pub fn recycle(v: Vec<f64>) {
    FREE.with_borrow_mut(|free| {
        if free.len() < KEEP {
            free.push(v);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recycled_vector_comes_back_cleared_and_the_list_is_bounded() {
        let mut v = zeros(4);
        v[2] = 7.0;
        let at = v.as_ptr();
        recycle(v);
        let w = zeros(3);
        assert_eq!(w, [0.0; 3]);
        assert_eq!(w.as_ptr(), at, "the same allocation");
        let c = copy_of(&[1.0, 2.0]);
        assert_eq!(c, [1.0, 2.0]);
        for _ in 0..2 * KEEP {
            recycle(vec![1.0; 8]);
        }
        assert_eq!(FREE.with_borrow(Vec::len), KEEP);
    }
}
