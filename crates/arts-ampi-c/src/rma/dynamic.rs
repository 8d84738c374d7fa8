//! Dynamic windows: `MPI_Win_create_dynamic` makes a window without
//! memory; each rank then attaches regions of its own memory
//! (`MPI_Win_attach`) and detaches them (`MPI_Win_detach`). An operation's
//! displacement is an address at the target (`MPI_Get_address`, with a
//! displacement unit of 1); the target checks it lies in memory it has
//! attached, regions next to each other joined (`Memory::target`), as the
//! origin cannot.

use std::ffi::{c_int, c_void};

use crate::abi::*;
use crate::rma::win::Attached;
use crate::rma::window::{comm_of_win, create};
use crate::state::fail::{Fail, out};
use crate::state::{Vp, entry, win_of};

/// `MPI_Win_create_dynamic` (collective): a window of no memory over
/// `comm`. `info` is ignored.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_create_dynamic(
    _info: c_int,
    comm: c_int,
    win: *mut c_int,
) -> c_int {
    entry("MPI_Win_create_dynamic", comm, |vp| {
        let win = out(win, "win")?;
        *win = create(vp, std::ptr::null_mut(), 0, 1, comm, MPI_WIN_FLAVOR_DYNAMIC)?;
        Ok(())
    })
}

/// The regions of dynamic window `win`.
fn regions(vp: &mut Vp, win: c_int) -> Result<Attached, Fail> {
    win_of(vp, win)?.attached.clone().ok_or_else(|| {
        Fail::new(
            ERR_RMA_FLAVOR,
            "memory is attached only to a window of MPI_Win_create_dynamic",
        )
    })
}

/// `MPI_Win_attach` (local): `size` bytes at `base` become the target of
/// operations on this rank's part of `win`; regions may not overlap.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_attach(
    win: c_int,
    base: *mut c_void,
    size: isize,
) -> c_int {
    entry("MPI_Win_attach", comm_of_win(win), |vp| {
        let attached = regions(vp, win)?;
        let size = usize::try_from(size)
            .map_err(|_| Fail::new(ERR_SIZE, format!("size {size} is negative")))?;
        let at = base as usize;
        if size > 0 && at == 0 {
            return Err(Fail::new(
                ERR_RMA_ATTACH,
                "the memory's base is a null pointer",
            ));
        }
        let end = at.checked_add(size).ok_or_else(|| {
            Fail::new(ERR_RMA_ATTACH, "the memory wraps around the address space")
        })?;
        let mut regions = attached.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(a, len)) = regions.iter().find(|&&(a, len)| at < a + len && a < end) {
            return Err(Fail::new(
                ERR_RMA_ATTACH,
                format!(
                    "{size} bytes at {at:#x} overlap the {len} bytes at {a:#x} already attached"
                ),
            ));
        }
        regions.push((at, size));
        Ok(())
    })
}

/// `MPI_Win_detach` (local): the region attached at `base` is no longer
/// part of `win`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_detach(
    win: c_int,
    base: *const c_void,
) -> c_int {
    entry("MPI_Win_detach", comm_of_win(win), |vp| {
        let attached = regions(vp, win)?;
        let mut regions = attached.lock().unwrap_or_else(|e| e.into_inner());
        let at = base as usize;
        let i = regions.iter().position(|&(a, _)| a == at).ok_or_else(|| {
            Fail::new(
                ERR_RMA_RANGE,
                format!("no memory at {at:#x} is attached to the window"),
            )
        })?;
        regions.swap_remove(i);
        Ok(())
    })
}
