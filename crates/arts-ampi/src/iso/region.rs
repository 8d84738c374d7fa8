//! The reserved range and its slots: `SLOTS` slots of `SLOT_BYTES` at
//! `BASE`, the same addresses in every process. The range is reserved
//! inaccessible and without memory; a slot becomes accessible when a rank
//! claims it and is discarded (pages freed lazily, access removed) when the
//! rank leaves the process or ends.

use std::io;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// First address of the range (16 TiB: below where Linux puts programs,
/// their heap and their mappings, with or without address randomization).
pub const BASE: usize = 0x1000_0000_0000;
/// Bytes of one slot: its header, guard pages, stack and heap.
pub const SLOT_BYTES: usize = 1 << 31;
/// Number of slots: the most ranks a run with isomalloc may have.
pub const SLOTS: usize = 1 << 15;
/// One past the last address of the range (80 TiB).
pub const END: usize = BASE + SLOTS * SLOT_BYTES;

/// Which slots a rank of this process holds.
static LIVE: [AtomicBool; SLOTS] = [const { AtomicBool::new(false) }; SLOTS];
/// Whether the range is reserved (or why not).
static RESERVED: OnceLock<Result<(), String>> = OnceLock::new();

/// Reserves the range in this process (once).
pub fn reserve() -> Result<(), String> {
    RESERVED
        .get_or_init(|| {
            let len = END - BASE;
            // SAFETY: a new anonymous mapping; MAP_FIXED_NOREPLACE refuses an
            // address range already in use, so nothing mapped is replaced.
            let p = unsafe {
                libc::mmap(
                    BASE as *mut libc::c_void,
                    len,
                    libc::PROT_NONE,
                    libc::MAP_PRIVATE
                        | libc::MAP_ANONYMOUS
                        | libc::MAP_NORESERVE
                        | libc::MAP_FIXED_NOREPLACE,
                    -1,
                    0,
                )
            };
            if p == libc::MAP_FAILED {
                return Err(format!(
                    "cannot reserve the isomalloc range {BASE:#x}..{END:#x}: {}",
                    io::Error::last_os_error()
                ));
            }
            if p as usize != BASE {
                // An old kernel took the flag as a hint and mapped elsewhere.
                // SAFETY: unmapping the mapping just made, which nothing uses.
                unsafe { libc::munmap(p, len) };
                return Err(format!(
                    "cannot reserve the isomalloc range at {BASE:#x}: the kernel placed it at {p:p}"
                ));
            }
            IN_USE.store(true, Ordering::Relaxed);
            Ok(())
        })
        .clone()
}

/// Set once the range is reserved: read on every message's path, so a
/// plain flag rather than the `OnceLock`.
static IN_USE: AtomicBool = AtomicBool::new(false);

/// Whether the range is reserved in this process (isomalloc was used).
#[inline(always)]
pub fn reserved() -> bool {
    IN_USE.load(Ordering::Relaxed)
}

/// The slot holding `addr`, if it lies in the range.
#[inline]
pub fn slot_of(addr: usize) -> Option<usize> {
    if (BASE..END).contains(&addr) {
        Some((addr - BASE) / SLOT_BYTES)
    } else {
        None
    }
}

/// First address of slot `slot`.
#[inline]
pub fn start(slot: usize) -> usize {
    BASE + slot * SLOT_BYTES
}

/// Whether a rank of this process holds slot `slot`.
#[inline]
pub fn is_live(slot: usize) -> bool {
    LIVE[slot].load(Ordering::Acquire)
}

/// The page size.
pub fn page() -> usize {
    static PAGE: OnceLock<usize> = OnceLock::new();
    *PAGE.get_or_init(|| {
        // SAFETY: sysconf has no preconditions.
        let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if p > 0 { p as usize } else { 4096 }
    })
}

/// Claims slot `slot` and makes `ranges` of it (offsets from its start)
/// readable and writable; the rest stays inaccessible (guard pages).
pub fn claim(slot: usize, ranges: &[std::ops::Range<usize>]) -> Result<(), String> {
    reserve()?;
    if slot >= SLOTS {
        return Err(format!(
            "isomalloc has {SLOTS} slots; rank {slot} has none (use fewer ranks)"
        ));
    }
    if LIVE[slot]
        .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
        .is_err()
    {
        return Err(format!(
            "isomalloc slot {slot} is in use in this process (one isomalloc run per process at a time)"
        ));
    }
    for r in ranges {
        // SAFETY: the range lies inside the slot, which this process reserved
        // and which no one else uses (just claimed).
        let rc = unsafe {
            libc::mprotect(
                (start(slot) + r.start) as *mut libc::c_void,
                r.end - r.start,
                libc::PROT_READ | libc::PROT_WRITE,
            )
        };
        if rc != 0 {
            let e = io::Error::last_os_error();
            release(slot);
            return Err(format!("cannot map isomalloc slot {slot}: {e}"));
        }
    }
    Ok(())
}

/// Discards slot `slot`'s memory and gives the slot back.
pub fn release(slot: usize) {
    LIVE[slot].store(false, Ordering::Release);
    // SAFETY: the slot lies inside the reserved range and belongs to the
    // rank that leaves; nothing refers to it any more. Its pages are freed
    // lazily (MADV_FREE: reused without a fault if the slot is claimed
    // again first), and access is removed.
    unsafe {
        let at = start(slot) as *mut libc::c_void;
        libc::madvise(at, SLOT_BYTES, libc::MADV_FREE);
        libc::mprotect(at, SLOT_BYTES, libc::PROT_NONE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_map_to_their_slot_and_nothing_outside_does() {
        assert_eq!(slot_of(BASE), Some(0));
        assert_eq!(slot_of(BASE + SLOT_BYTES - 1), Some(0));
        assert_eq!(slot_of(BASE + 3 * SLOT_BYTES + 17), Some(3));
        assert_eq!(slot_of(END - 1), Some(SLOTS - 1));
        assert_eq!(slot_of(END), None);
        assert_eq!(slot_of(BASE - 1), None);
        assert_eq!(slot_of(0x7fff_0000_0000), None);
    }

    #[test]
    fn a_claimed_slot_is_writable_taken_once_and_given_back() {
        let slot = SLOTS - 2;
        let p = page();
        claim(slot, &[p..2 * p, 2 * p..3 * p]).unwrap();
        assert!(is_live(slot));
        // SAFETY: the page was just made writable.
        unsafe { *((start(slot) + p) as *mut u64) = 7 };
        let again = claim(slot, &[p..2 * p, 4 * p..5 * p]).unwrap_err();
        assert!(again.contains("in use"), "{again}");
        release(slot);
        assert!(!is_live(slot));
        claim(slot, &[p..2 * p, 4 * p..5 * p]).unwrap();
        // SAFETY: writable again (its old contents may or may not be there:
        // the pages were freed lazily).
        unsafe { *((start(slot) + 4 * p) as *mut u64) = 8 };
        release(slot);
        assert!(claim(SLOTS, &[]).unwrap_err().contains("slots"));
    }
}
