//! A bounded per-thread pool of payload buffers: a message's bytes above
//! [`super::INLINE_BYTES`] go into a shared buffer ([`Bulk`]: a header and
//! the bytes, two allocations), which the receiver drops once it has
//! copied them out. Allocating and freeing them for every message cost
//! more than the copies at ~1 KB (above glibc's per-thread cache of 1,032
//! bytes every `malloc` and `free` goes to the arena, and the memory it
//! hands out is cold). So a buffer the receiver is done with goes into its
//! thread's pool ([`recycle`]), and the next message sent from that thread
//! takes it ([`bulk_of`]): the same few warm buffers, header and bytes,
//! serve every message of a given size class.
//!
//! Bounded: at most [`POOL_BUFFERS`] buffers a thread, none above
//! [`POOL_MAX_BYTES`], [`POOL_BYTES`] in all (1 MiB); a buffer
//! that does not fit (the pool full, a size it does not keep) is freed as
//! before. Buffers are sized in classes (multiples of 64 bytes up to 512,
//! then four per doubling: a buffer is at most a quarter larger than the
//! bytes it holds above 256), and a message takes only a buffer of its own
//! size class, so a small message never takes a large buffer a later large
//! one would have used.
//!
//! Safe to share between threads: a buffer is pooled only when no one else
//! holds it (`Bulk::get_mut`), so it is never handed out while a reader may
//! still see it; a buffer freed on another thread than the one that
//! allocated it goes into that other thread's pool (the system allocator
//! frees across threads). Never in a rank's isomalloc slot: the pool
//! refuses buffers that lie in one (a slot leaves with its rank), and its
//! new buffers are allocated outside (`iso::outside`).

use std::cell::RefCell;

use arts_core::Bulk;

/// The most buffers a thread's pool keeps.
pub(super) const POOL_BUFFERS: usize = 256;

/// The most bytes (buffers' capacities) a thread's pool keeps.
pub(super) const POOL_BYTES: usize = 1 << 20;

/// The largest buffer (its capacity, in bytes) a pool keeps.
pub(super) const POOL_MAX_BYTES: usize = 8192;

/// The smallest capacity of a pooled buffer.
const MIN_BYTES: usize = 64;

/// One thread's free buffers, the most recently given back last.
struct Pool {
    /// How many of `bufs` are there.
    len: usize,
    /// Their capacities, in all.
    bytes: usize,
    /// Each buffer's capacity (its size class), read without touching it.
    caps: [u32; POOL_BUFFERS],
    /// The buffers, each held by no one else.
    bufs: [Option<Bulk>; POOL_BUFFERS],
}

impl Pool {
    const fn new() -> Pool {
        Pool {
            len: 0,
            bytes: 0,
            caps: [0; POOL_BUFFERS],
            bufs: [const { None }; POOL_BUFFERS],
        }
    }

    /// The most recently given back buffer of capacity `class`, if any.
    #[inline]
    fn take(&mut self, class: usize) -> Option<Bulk> {
        let i = self.caps[..self.len]
            .iter()
            .rposition(|&c| c as usize == class)?;
        self.len -= 1;
        self.bytes -= class;
        let b = self.bufs[i].take();
        if i != self.len {
            self.bufs[i] = self.bufs[self.len].take();
            self.caps[i] = self.caps[self.len];
        }
        b
    }

    /// Keeps `b` (of capacity `class`) if there is room; else hands it back.
    #[inline]
    fn put(&mut self, b: Bulk, class: usize) -> Option<Bulk> {
        if self.len == POOL_BUFFERS || self.bytes + class > POOL_BYTES {
            return Some(b);
        }
        self.bytes += class;
        self.bufs[self.len] = Some(b);
        self.caps[self.len] = class as u32;
        self.len += 1;
        None
    }
}

thread_local! {
    static POOL: RefCell<Pool> = const { RefCell::new(Pool::new()) };
}

/// The capacity a new buffer for `len` bytes gets: its size class up to
/// [`POOL_MAX_BYTES`] (`len` rounded up to a multiple of 64 bytes or of an
/// eighth of the next power of two, whichever is larger: at most a quarter
/// more than `len` above 256 bytes), `len` itself above.
#[inline]
fn class_of(len: usize) -> usize {
    if len > POOL_MAX_BYTES {
        len
    } else {
        let step = (len.next_power_of_two() / 8).max(MIN_BYTES);
        len.max(MIN_BYTES).next_multiple_of(step)
    }
}

/// A shared buffer holding a copy of `data`: one of this thread's pool if
/// it has one of `data`'s size class, else a new one (allocated outside
/// any rank's slot).
// Out of line, like `iso::current`: a rank's coroutine may suspend on one
// thread and resume on another, and must not reuse a thread-local's
// address computed before.
#[inline(never)]
pub(super) fn bulk_of(data: &[u8]) -> Bulk {
    let class = class_of(data.len());
    let pooled = match class <= POOL_MAX_BYTES {
        true => POOL
            .try_with(|p| p.try_borrow_mut().ok()?.take(class))
            .ok()
            .flatten(),
        false => None,
    };
    match pooled {
        Some(mut b) => {
            let v = b.get_mut().expect("a pooled buffer is held by no one else");
            v.clear();
            // Within its capacity: no allocation.
            v.extend_from_slice(data);
            b
        }
        None => crate::iso::outside(|| {
            let mut v = Vec::with_capacity(class);
            v.extend_from_slice(data);
            Bulk::new(v)
        }),
    }
}

/// Gives `b` back to this thread's pool once its holder is done with it:
/// kept if no one else holds it, it is of a size class the pool keeps, it
/// lies outside every rank's slot and the pool has room; else dropped.
#[inline(never)]
pub(super) fn recycle(mut b: Bulk) {
    let Some(v) = b.get_mut() else {
        return;
    };
    let class = v.capacity();
    if !(MIN_BYTES..=POOL_MAX_BYTES).contains(&class) || class_of(class) != class {
        return;
    }
    if crate::iso::in_use()
        && (crate::iso::in_slot(b.header_ptr()) || crate::iso::in_slot(b.as_ptr()))
    {
        return;
    }
    // Dropped here when the pool is full or in use (a free, as without a
    // pool: it allocates nothing, whatever slot the thread is in).
    let _ = POOL.try_with(|p| match p.try_borrow_mut() {
        Ok(mut p) => drop(p.put(b, class)),
        Err(_) => drop(b),
    });
}

/// How many buffers this thread's pool holds (for tests).
#[cfg(test)]
fn pooled() -> usize {
    POOL.with(|p| p.borrow().len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Empties this thread's pool (tests share threads with other tests).
    fn drain() {
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            while p.len > 0 {
                p.len -= 1;
                let n = p.len;
                p.bufs[n] = None;
            }
            p.bytes = 0;
        });
    }

    #[test]
    fn a_buffer_given_back_serves_the_next_message_of_its_size() {
        drain();
        let a = bulk_of(&[7; 1200]);
        assert_eq!(&a[..], &[7; 1200][..]);
        let (header, bytes) = (a.header_ptr(), a.as_ptr());
        recycle(a);
        assert_eq!(pooled(), 1);
        // Another size class does not take it.
        let small = bulk_of(&[1; 100]);
        assert_ne!(small.as_ptr(), bytes);
        assert_eq!(pooled(), 1);
        let b = bulk_of(&[9; 1250]);
        assert_eq!(&b[..], &[9; 1250][..], "the new bytes, all of them");
        assert_eq!(
            (b.header_ptr(), b.as_ptr()),
            (header, bytes),
            "header and bytes reused"
        );
        assert_eq!(pooled(), 0);
        drop((b, small));
    }

    #[test]
    fn a_class_is_at_most_a_quarter_above_its_bytes_and_is_its_own_class() {
        for len in 0..=POOL_MAX_BYTES {
            let c = class_of(len);
            assert!(c >= len.max(MIN_BYTES), "{len} -> {c}");
            assert!(len <= 256 || 4 * c <= 5 * len, "{len} -> {c}");
            assert_eq!(class_of(c), c, "{len} -> {c}");
        }
        assert_eq!(class_of(1200), class_of(1250), "one class");
    }

    #[test]
    fn a_shared_buffer_is_never_pooled() {
        drain();
        let a = bulk_of(&[3; 2000]);
        let reader = a.clone();
        recycle(a);
        assert_eq!(pooled(), 0, "another holder still reads it");
        let b = bulk_of(&[4; 2000]);
        assert_ne!(b.as_ptr(), reader.as_ptr());
        assert_eq!(&reader[..], &[3; 2000][..], "the reader's bytes unchanged");
        recycle(reader);
        assert_eq!(pooled(), 1, "pooled once its last holder gives it back");
        drop(b);
    }

    #[test]
    fn the_pool_is_bounded_by_count_and_size() {
        drain();
        let many: Vec<Bulk> = (0..POOL_BUFFERS + 8).map(|_| bulk_of(&[5; 1000])).collect();
        for b in many {
            recycle(b);
        }
        assert_eq!(pooled(), POOL_BUFFERS, "as many as it keeps");
        drain();
        let large: Vec<Bulk> = (0..POOL_BYTES / POOL_MAX_BYTES + 3)
            .map(|_| bulk_of(&[5; POOL_MAX_BYTES]))
            .collect();
        for b in large {
            recycle(b);
        }
        assert_eq!(
            pooled(),
            POOL_BYTES / POOL_MAX_BYTES,
            "as many bytes as it keeps"
        );
        drain();
        recycle(bulk_of(&vec![6; POOL_MAX_BYTES + 1]));
        assert_eq!(pooled(), 0, "too large to keep");
        recycle(Bulk::new(vec![6; 1000]));
        assert_eq!(pooled(), 0, "not one of the pool's size classes");
        recycle(bulk_of(&[6; POOL_MAX_BYTES]));
        assert_eq!(pooled(), 1);
        drain();
    }

    #[test]
    fn a_buffer_made_on_one_thread_is_reused_and_freed_on_another() {
        drain();
        let sent = std::thread::spawn(|| bulk_of(&[8; 3000])).join().unwrap();
        let bytes = sent.as_ptr();
        recycle(sent);
        assert_eq!(pooled(), 1);
        let again = bulk_of(&[2; 2900]);
        assert_eq!(again.as_ptr(), bytes, "reused on the receiving thread");
        // And its pool, with what it holds, is freed when its thread ends.
        std::thread::spawn(move || {
            recycle(again);
            assert_eq!(pooled(), 1);
        })
        .join()
        .unwrap();
        assert_eq!(pooled(), 0);
    }
}
