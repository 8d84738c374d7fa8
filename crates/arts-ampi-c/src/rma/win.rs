//! A window as one rank holds it ([`Win`]), its memory as the target of
//! operations (the regions attached to a dynamic window included), and the
//! block of a shared-memory window.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_int;
use std::sync::{Arc, Mutex};

use arts_ampi::Comm;

use crate::abi::*;
use crate::p2p::buffers::RecvBuf;
use crate::state::fail::Fail;
use crate::state::request::CReq;
use crate::types::layout::TypeInfo;

/// One rank's side of a window.
pub(crate) struct Win {
    pub(crate) base: *mut u8,
    /// This rank in the window's communicator.
    pub(crate) me: usize,
    /// Every rank's window: (bytes, displacement unit).
    pub(crate) extents: Vec<(usize, usize)>,
    /// The address of each rank's window where this rank may reach it
    /// directly (`direct.rs`: in this process, both ranks staying there).
    pub(crate) direct: Vec<Option<usize>>,
    /// Whether any two ranks of the window reach each other directly (the
    /// same on every rank): then a fence ends with a barrier, so that no
    /// rank reads or writes a window directly before its owner applied the
    /// operations the fence brought it.
    pub(crate) direct_peers: bool,
    /// A private duplicate of the window's communicator: fence epochs,
    /// and the replies of targets under locks and access epochs.
    pub(crate) comm: Comm,
    /// A second one, active: operations to locked or started targets.
    pub(crate) active: Comm,
    /// Operations sent to each rank this epoch.
    pub(crate) sent: Vec<u32>,
    /// Gets waiting for their answers: (target, where the data goes).
    pub(crate) gets: Vec<(i32, RecvBuf, usize)>,
    /// The buffer a fence receives operations into.
    pub(crate) incoming: Vec<u8>,
    /// The receives of the answers of gets from locked or started targets,
    /// posted when the get starts (so they match in issue order), by
    /// target; completed by the next flush, unlock or complete.
    pub(crate) passive_gets: Vec<(usize, CReq)>,
    /// The lock this rank holds (or has asked for) on each rank:
    /// `Some(exclusive)`.
    pub(crate) locks: Vec<Option<bool>>,
    /// Per locked rank, what its next flush must wait for: `None`, nothing
    /// (no operation since the last completion); `Some(true)`, only the
    /// answer of the last operation, which came after all others;
    /// `Some(false)`, a `DONE`.
    pub(crate) unflushed: Vec<Option<bool>>,
    /// Whether the locks are `MPI_Win_lock_all`'s.
    pub(crate) all_locked: bool,
    /// The targets of this rank's `MPI_Win_start` epoch (`pscw.rs`).
    pub(crate) started: Vec<bool>,
    /// Whether an `MPI_Win_start` epoch is open (of an empty group too).
    pub(crate) start_epoch: bool,
    /// Whether the last fence opened an epoch (it did not assert
    /// `MPI_MODE_NOSUCCEED`) that no lock or start has ended since: then
    /// operations go to any rank, applied at the next fence.
    pub(crate) fence_epoch: bool,
    /// The origins of this rank's `MPI_Win_post` epoch that have not
    /// completed yet, or `None` outside one.
    pub(crate) exposed: Option<Vec<usize>>,
    pub(crate) epoch: i32,
    /// Memory of `MPI_Win_allocate`, freed with the window.
    pub(crate) owned: bool,
    /// The regions of a dynamic window (`MPI_Win_create_dynamic`).
    pub(crate) attached: Option<Attached>,
    /// The block of a shared-memory window (`shm.rs`).
    pub(crate) block: Option<Block>,
    /// What `MPI_Win_get_attr` points at (boxed: the table of windows may
    /// move, the program keeps the pointers).
    pub(crate) predefined: Box<Predefined>,
}

/// The values of a window's predefined attributes.
pub(crate) struct Predefined {
    /// `MPI_WIN_SIZE`.
    pub(crate) size: isize,
    /// `MPI_WIN_DISP_UNIT`, `MPI_WIN_CREATE_FLAVOR`, `MPI_WIN_MODEL`.
    pub(crate) ints: [c_int; 3],
}

/// The memory a rank attached to its dynamic window: (address, bytes)
/// regions, which do not overlap, shared with the window's passive target.
pub(crate) type Attached = Arc<Mutex<Vec<(usize, usize)>>>;

/// A window's memory on its rank, as the target of operations.
#[derive(Clone)]
pub(crate) struct Memory {
    pub(crate) base: *mut u8,
    /// Bytes.
    pub(crate) size: usize,
    /// Displacement unit in bytes.
    pub(crate) unit: usize,
    /// A dynamic window's regions: displacements are addresses in them.
    pub(crate) attached: Option<Attached>,
}

// SAFETY: a window's memory belongs to its rank, which moves between PE
// threads as a whole; the memory is touched by one thread at a time (the
// rank's, or its engine's between the rank's turns).
unsafe impl Send for Memory {}

/// The byte offset of displacement `disp` (in units of `unit` bytes) for
/// `n` elements of `t`, if they fit a window of `size` bytes.
pub(crate) fn offset(disp: i64, unit: usize, n: usize, t: &TypeInfo, size: usize) -> Option<usize> {
    let start = usize::try_from(disp.checked_mul(unit as i64)?).ok()?;
    (start.checked_add(span(n, t)?)? <= size).then_some(start)
}

/// The bytes `n` elements of `t` reach from their start.
fn span(n: usize, t: &TypeInfo) -> Option<usize> {
    if n == 0 {
        return Some(0);
    }
    let last = t.blocks.bounds().map_or(0, |b| b.1);
    usize::try_from((n as isize - 1) * t.extent + last).ok()
}

/// Whether `bytes` bytes at address `at` lie in attached memory (one
/// region, or adjacent ones: an operation may span regions attached next
/// to each other).
fn inside(attached: &Attached, at: usize, bytes: usize) -> bool {
    if bytes == 0 {
        return true;
    }
    let regions = attached.lock().unwrap_or_else(|e| e.into_inner());
    let Some(end) = at.checked_add(bytes) else {
        return false;
    };
    let mut covered = at;
    while let Some(&(a, len)) = regions
        .iter()
        .find(|&&(a, len)| a <= covered && covered < a + len)
    {
        covered = a + len;
        if covered >= end {
            return true;
        }
    }
    false
}

impl Memory {
    /// The address of displacement `disp` for `n` elements of `t` (checked
    /// at the origin already).
    pub(crate) fn target(&self, disp: i64, n: usize, t: &TypeInfo) -> Result<*mut u8, Fail> {
        if let Some(attached) = &self.attached {
            let at = usize::try_from(disp).ok();
            return match (at, span(n, t)) {
                (Some(at), Some(bytes)) if inside(attached, at, bytes) => Ok(at as *mut u8),
                _ => Err(Fail::new(
                    ERR_RMA_RANGE,
                    format!("address {disp:#x} is not in memory attached to the dynamic window"),
                )),
            };
        }
        let at = offset(disp, self.unit, n, t, self.size).ok_or_else(|| {
            Fail::new(ERR_INTERN, "a one-sided operation falls outside the window")
        })?;
        // SAFETY: inside the window (checked).
        Ok(unsafe { self.base.add(at) })
    }
}

#[cfg(test)]
impl Memory {
    /// An empty window.
    pub(crate) fn for_tests() -> Memory {
        Memory {
            base: std::ptr::null_mut(),
            size: 0,
            unit: 1,
            attached: None,
        }
    }
}

impl Win {
    /// This rank's window memory.
    pub(crate) fn memory(&self) -> Memory {
        let (size, unit) = self.extents[self.me];
        Memory {
            base: self.base,
            size,
            unit,
            attached: self.attached.clone(),
        }
    }

    /// Number of ranks of the window.
    pub(crate) fn size(&self) -> usize {
        self.extents.len()
    }
}

impl Win {
    /// Marks it a shared-memory window (`MPI_Win_allocate_shared`).
    pub(crate) fn shared(&mut self, block: Block) {
        self.block = Some(block);
        self.predefined.ints[1] = MPI_WIN_FLAVOR_SHARED;
    }
}

/// A shared window's block and every rank's segment in it.
pub(crate) struct Block {
    /// The block (rank 0 of the window allocated it and frees it).
    pub(crate) base: *mut u8,
    pub(crate) layout: Layout,
    /// Each rank's segment: (offset in the block, bytes, displacement unit).
    pub(crate) segments: Vec<(usize, usize, usize)>,
}

impl Block {
    /// Frees the block (by rank 0 of the window, after the others are done).
    pub(crate) fn release(&self) {
        // SAFETY: allocated by `System` with this layout in
        // `ARTS_MPI_Win_allocate_shared`, freed once, here.
        unsafe { System.dealloc(self.base, self.layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_access_must_lie_in_attached_regions_adjacent_ones_joined() {
        let attached = Attached::default();
        attached
            .lock()
            .unwrap()
            .extend([(1000, 100), (1100, 50), (2000, 10)]);
        assert!(inside(&attached, 1000, 100));
        assert!(inside(&attached, 1050, 100), "across two adjacent regions");
        assert!(!inside(&attached, 1050, 101), "past their end");
        assert!(!inside(&attached, 999, 2), "before the first");
        assert!(!inside(&attached, 1140, 870), "across a gap");
        assert!(inside(&attached, 2000, 10));
        assert!(inside(&attached, 5, 0), "nothing accessed");
        assert!(!inside(&attached, usize::MAX, 2), "wraps around");
    }
}
