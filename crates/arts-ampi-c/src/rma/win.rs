//! A window as one rank holds it ([`Win`]), its memory as the target of
//! operations, and the block of a shared-memory window.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_int;

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
    /// A private duplicate of the window's communicator: fence epochs,
    /// and the replies of targets under locks and access epochs.
    pub(crate) comm: Comm,
    /// A second one, active: operations to locked or started targets.
    pub(crate) active: Comm,
    /// Operations sent to each rank this epoch.
    pub(crate) sent: Vec<u32>,
    /// Gets waiting for their answers: (target, where the data goes).
    pub(crate) gets: Vec<(i32, RecvBuf, usize)>,
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
    /// The origins of this rank's `MPI_Win_post` epoch that have not
    /// completed yet, or `None` outside one.
    pub(crate) exposed: Option<Vec<usize>>,
    pub(crate) epoch: i32,
    /// Memory of `MPI_Win_allocate`, freed with the window.
    pub(crate) owned: bool,
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

/// A window's memory on its rank, as the target of operations.
#[derive(Clone, Copy)]
pub(crate) struct Memory {
    pub(crate) base: *mut u8,
    /// Bytes.
    pub(crate) size: usize,
    /// Displacement unit in bytes.
    pub(crate) unit: usize,
}

// SAFETY: a window's memory belongs to its rank, which moves between PE
// threads as a whole; the memory is touched by one thread at a time (the
// rank's, or its engine's between the rank's turns).
unsafe impl Send for Memory {}

/// The byte offset of displacement `disp` (in units of `unit` bytes) for
/// `n` elements of `t`, if they fit a window of `size` bytes.
pub(crate) fn offset(disp: i64, unit: usize, n: usize, t: &TypeInfo, size: usize) -> Option<usize> {
    let start = usize::try_from(disp.checked_mul(unit as i64)?).ok()?;
    let span = if n == 0 {
        0
    } else {
        let last = t
            .blocks
            .iter()
            .map(|b| b.0 + b.1 as isize)
            .max()
            .unwrap_or(0);
        usize::try_from((n as isize - 1) * t.extent + last).ok()?
    };
    (start.checked_add(span)? <= size).then_some(start)
}

impl Memory {
    /// The address of displacement `disp` for `n` elements of `t` (checked
    /// at the origin already).
    pub(crate) fn target(&self, disp: i64, n: usize, t: &TypeInfo) -> Result<*mut u8, Fail> {
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
