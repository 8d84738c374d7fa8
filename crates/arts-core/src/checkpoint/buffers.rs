//! Buffers that element images are serialized into, kept from one
//! checkpoint for the next within a run: the elements' images, the bytes a
//! process passes to its buddy and the copy it receives of its ward's.
//!
//! An image is as large as its elements' state, and serializing it into
//! freshly allocated memory costs a page fault per page: on the development
//! VM, imaging Jacobi2D 8192² (0.54 GB) took 0.32–0.36 s into fresh memory
//! and 0.09 s into memory already touched. Once an image is written, the
//! app hands it back ([`crate::ArrayImage::recycle`]) and the next
//! checkpoint's elements are serialized into its buffers. Only large
//! buffers are kept (small ones come warm from the allocator anyway), and
//! none outlive the run (`clear`, when a run ends).

use std::collections::BTreeMap;
use std::sync::Mutex;

/// Buffers smaller than this are neither kept nor taken from the pool.
const SMALLEST: usize = 64 << 10;

/// Kept buffers by capacity.
struct Pool(Mutex<BTreeMap<usize, Vec<Vec<u8>>>>);

/// The process's pool.
static POOL: Pool = Pool::new();

impl Pool {
    const fn new() -> Self {
        Pool(Mutex::new(BTreeMap::new()))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<usize, Vec<Vec<u8>>>> {
        // A panic while holding the lock leaves nothing half-changed.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn take(&self, bytes: usize) -> Vec<u8> {
        if bytes >= SMALLEST {
            let mut pool = self.lock();
            let found = pool.range_mut(bytes..).next().map(|(&c, v)| (c, v.pop()));
            if let Some((capacity, Some(buf))) = found {
                if pool.get(&capacity).is_some_and(Vec::is_empty) {
                    pool.remove(&capacity);
                }
                return buf;
            }
        }
        Vec::with_capacity(bytes)
    }

    fn keep(&self, mut buf: Vec<u8>) {
        if buf.capacity() >= SMALLEST {
            buf.clear();
            self.lock().entry(buf.capacity()).or_default().push(buf);
        }
    }

    fn clear(&self) {
        std::mem::take(&mut *self.lock());
    }
}

/// An empty buffer with room for `bytes`: the smallest kept one that is
/// large enough, or a new one.
pub fn take(bytes: usize) -> Vec<u8> {
    POOL.take(bytes)
}

/// Keeps `buf` for a later [`take`], if it is large (a checkpoint's
/// buffer that was written out).
pub fn keep(buf: Vec<u8>) {
    POOL.keep(buf)
}

/// Drops every kept buffer (a run ended).
pub(crate) fn clear() {
    POOL.clear()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_buffer_is_taken_again_when_large_enough() {
        let pool = Pool::new();
        let mut big = pool.take(1 << 20);
        assert!(big.capacity() >= 1 << 20);
        big.extend_from_slice(&[7; 100]);
        let at = big.as_ptr();
        pool.keep(big);
        // Too large a request gets a new buffer; a fitting one the kept one,
        // emptied.
        let larger = pool.take(2 << 20);
        assert_ne!(larger.as_ptr(), at);
        let again = pool.take(1000 << 10);
        assert_eq!((again.as_ptr(), again.len()), (at, 0));
        // Taken: not there twice.
        let other = pool.take(1000 << 10);
        assert_ne!(other.as_ptr(), at);
        assert!(pool.lock().is_empty());
    }

    #[test]
    fn small_buffers_are_not_kept_and_clear_drops_all() {
        let pool = Pool::new();
        pool.keep(Vec::with_capacity(100));
        assert!(pool.lock().is_empty());
        pool.keep(Vec::with_capacity(SMALLEST));
        pool.keep(Vec::with_capacity(SMALLEST));
        assert_eq!(pool.lock().values().map(Vec::len).sum::<usize>(), 2);
        pool.clear();
        assert!(pool.lock().is_empty());
    }
}
