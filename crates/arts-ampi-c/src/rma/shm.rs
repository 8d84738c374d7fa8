//! Shared-memory windows: `MPI_Win_allocate_shared` and
//! `MPI_Win_shared_query` (of any window, as MPI 4.1 has it).
//!
//! The ranks of one process share its address space, so a shared window is
//! one block of the process's memory (outside every rank's isomalloc slot),
//! each rank's segment after the previous one's, which every rank of the
//! window may load from and store to directly; one-sided calls work on it
//! as on any window. Its communicator must hold ranks of one process only
//! (`MPI_Comm_split_type` with `MPI_COMM_TYPE_SHARED` makes one). A rank in
//! an isomalloc slot, which could move to another process, is pinned (not
//! migrated) while it holds a shared window, and its whole-rank checkpoints
//! are refused: the block is not part of its slot.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::{c_int, c_void};

use crate::abi::*;
use crate::rma::win::{Block, Win};
use crate::rma::window::{comm_of_win, create, extent};
use crate::state::fail::{Fail, comm_of, out};
use crate::state::{Vp, entry, win_of};

/// Alignment of the block and of each segment.
const ALIGN: usize = 64;

/// Whether the running rank lives in an isomalloc slot (and could leave
/// its process).
pub(crate) fn may_leave_process(vp: &Vp) -> bool {
    arts_ampi::iso::in_slot((vp as *const Vp).cast())
}

/// Pins the rank in its process while it holds a shared window, and
/// lets it move again when it frees its last one (called at each).
pub(crate) fn pin(vp: &mut Vp) {
    if may_leave_process(vp) {
        let shared = vp.wins.iter().flatten().any(|w| w.block.is_some());
        vp.mpi().set_migratable(!shared);
    }
}

/// Refuses a whole-rank checkpoint while the rank holds a shared window:
/// the window's block is outside its slot, so a restart would lose it.
pub(crate) fn refuse_whole_checkpoint(vp: &Vp) -> Result<(), Fail> {
    match vp.wins.iter().flatten().any(|w| w.block.is_some()) {
        true => Err(Fail::new(
            ERR_OTHER,
            "a rank holding a shared-memory window (MPI_Win_allocate_shared) cannot be \
             checkpointed whole: free the window first",
        )),
        false => Ok(()),
    }
}

/// `MPI_Win_allocate_shared` (collective over ranks of one process): a
/// window of `size` new bytes at `*baseptr`, in a block the ranks share.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_allocate_shared(
    size: isize,
    disp_unit: c_int,
    _info: c_int,
    comm: c_int,
    baseptr: *mut c_void,
    win: *mut c_int,
) -> c_int {
    entry("MPI_Win_allocate_shared", comm, |vp| {
        let win = out(win, "win")?;
        let slot = out(baseptr.cast::<*mut c_void>(), "baseptr")?;
        // Checked before the block is allocated (`create` needs them too).
        let (bytes, unit) = extent(size, disp_unit)?;
        let c = comm_of(comm)?;
        let n = vp.mpi().comm_size(c)? as usize;
        let me = vp.mpi().comm_rank(c)? as usize;
        let process = vp.mpi().process();
        let mut all = vec![0u64; 3 * n];
        vp.mpi().allgather(
            &[bytes as u64, unit as u64, u64::from(process)],
            &mut all,
            c,
        )?;
        if all.chunks(3).any(|r| r[2] != u64::from(process)) {
            return Err(Fail::new(
                ERR_COMM,
                "the communicator holds ranks of several processes, which share no memory \
                 (make one with MPI_Comm_split_type and MPI_COMM_TYPE_SHARED)",
            ));
        }
        let mut segments = Vec::with_capacity(n);
        let mut end = 0usize;
        for r in all.chunks(3) {
            segments.push((end, r[0] as usize, r[1] as usize));
            end += (r[0] as usize).next_multiple_of(ALIGN);
        }
        let layout = Layout::from_size_align(end.max(ALIGN), ALIGN)
            .map_err(|_| Fail::new(ERR_SIZE, format!("a block of {end} bytes is too large")))?;
        // Rank 0 allocates the block from the process's memory (not from
        // its slot: `System`, not the global allocator) and tells the others.
        let mut at = [0u64];
        if me == 0 {
            // SAFETY: `layout` has a non-zero size.
            let p = unsafe { System.alloc_zeroed(layout) };
            at[0] = p as u64;
        }
        vp.mpi().bcast(&mut at, 0, c)?;
        if at[0] == 0 {
            return Err(Fail::new(
                ERR_OTHER,
                format!("{end} bytes of shared memory could not be allocated"),
            ));
        }
        let block = at[0] as *mut u8;
        let (offset, _, _) = segments[me];
        // SAFETY: inside the block of `end` bytes.
        let mine = unsafe { block.add(offset) };
        let h = create(vp, mine, size, disp_unit, comm, MPI_WIN_FLAVOR_CREATE)?;
        win_of(vp, h)?.shared(Block {
            base: block,
            layout,
            segments,
        });
        pin(vp);
        *win = h;
        *slot = mine.cast();
        Ok(())
    })
}

/// `MPI_Win_shared_query`: rank `rank`'s segment of shared window `win`
/// (`MPI_PROC_NULL`: the first non-empty one): its size, displacement
/// unit and address in this rank's memory (null for an empty segment);
/// of a window of another flavor, as `other_flavor` says.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_shared_query(
    win: c_int,
    rank: c_int,
    size: *mut isize,
    disp_unit: *mut c_int,
    baseptr: *mut c_void,
) -> c_int {
    entry("MPI_Win_shared_query", comm_of_win(win), |vp| {
        let w = win_of(vp, win)?;
        let Some(block) = &w.block else {
            return other_flavor(w, rank, (size, disp_unit, baseptr));
        };
        let r = if rank == MPI_PROC_NULL {
            block.segments.iter().position(|s| s.1 > 0).unwrap_or(0)
        } else {
            window_rank(rank, block.segments.len())?
        };
        let (offset, bytes, unit) = block.segments[r];
        // An empty segment has no address (MPICH gives NULL too; Open MPI
        // the next segment's).
        let at = if bytes == 0 {
            std::ptr::null_mut()
        } else {
            // SAFETY: inside the block.
            unsafe { block.base.add(offset) }
        };
        answer((size, disp_unit, baseptr), (bytes, unit, at.cast()))
    })
}

/// `MPI_Win_shared_query` of a window of another flavor (MPI 4.1): the
/// memory of a rank this rank reaches directly (`direct.rs`: in its
/// process, neither able to leave), else size 0 and no address.
fn other_flavor(
    w: &Win,
    rank: c_int,
    (size, disp_unit, baseptr): (*mut isize, *mut c_int, *mut c_void),
) -> Result<(), Fail> {
    let reached = |r: usize| w.direct[r].filter(|_| w.extents[r].0 > 0);
    let r = if rank == MPI_PROC_NULL {
        (0..w.size()).find(|&r| reached(r).is_some())
    } else {
        Some(window_rank(rank, w.size())?)
    };
    let found = match r.and_then(|r| Some((r, reached(r)?))) {
        Some((r, base)) => (w.extents[r].0, w.extents[r].1, base as *mut c_void),
        None => (0, r.map_or(1, |r| w.extents[r].1), std::ptr::null_mut()),
    };
    answer((size, disp_unit, baseptr), found)
}

/// Rank `rank` of a window of `n` ranks.
fn window_rank(rank: c_int, n: usize) -> Result<usize, Fail> {
    usize::try_from(rank)
        .ok()
        .filter(|&r| r < n)
        .ok_or_else(|| {
            Fail::new(
                ERR_RANK,
                format!("rank {rank} is not a rank of the window's {n}"),
            )
        })
}

/// Writes a query's answer: a segment's bytes, displacement unit and address.
fn answer(
    (size, disp_unit, baseptr): (*mut isize, *mut c_int, *mut c_void),
    (bytes, unit, at): (usize, usize, *mut c_void),
) -> Result<(), Fail> {
    *out(size, "size")? = bytes as isize;
    *out(disp_unit, "disp_unit")? = unit as c_int;
    *out(baseptr.cast::<*mut c_void>(), "baseptr")? = at;
    Ok(())
}
