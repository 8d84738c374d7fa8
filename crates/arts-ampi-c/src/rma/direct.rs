//! Gets and puts that go straight to a target's memory: the ranks of one
//! process share its address space, so a rank in an access epoch on a
//! window of a rank in its process may read and write that window as the
//! target's engine would, without the two messages (operation, answer)
//! and the copies into and out of them.
//!
//! When: the target's window is in this process and stays there (neither
//! rank lives in an isomalloc slot, from which it could leave; not a
//! dynamic window, whose regions only the target knows), and the epoch
//! lets this rank at the memory now:
//! - under a lock, once it is granted. The target tells every origin
//!   `GRANTED` when it grants its lock (`passive.rs`); an origin that may
//!   reach the target directly waits for it in `MPI_Win_lock` (MPI lets a
//!   lock block; to the other targets a lock stays lazy, their `GRANTED`
//!   taken at the unlock);
//! - in a fence epoch: a fence returns only after every rank entered it
//!   (its reduce-scatter), so every target has called the fence that
//!   opened the epoch, and a target's closing fence returns only after
//!   this rank entered it, its direct operations done. Where ranks reach
//!   each other directly, and some rank sent operations as messages in
//!   the epoch (the reduce-scatter says so), a fence also ends with a
//!   barrier: without it a rank could read a target's window before the
//!   target had applied the accumulate the same fence brought it (seen
//!   once in 1,361 CI tests: `rma.c`'s `replace 0`). Without such
//!   operations no window changes inside a fence, and no barrier is needed;
//! - in an `MPI_Win_start` epoch: `start` returned once each target's
//!   `POSTED` came (`pscw.rs`), and a target's `MPI_Win_wait` returns only
//!   after this rank's `complete`, its direct operations done.
//!
//! Accumulates always go as messages: the target applies them one at a
//! time, which is what makes them atomic per element and ordered per
//! origin. A direct get or put is complete when it returns; MPI asks no
//! order between it and this rank's earlier gets and puts to the same
//! target (they would conflict).

use std::ffi::c_int;

use crate::p2p::buffers::RecvBuf;
use crate::rma::passive::GRANTED;
use crate::rma::win::Win;
use crate::state::fail::Fail;
use crate::state::{Vp, win_of};
use crate::types::layout::TypeInfo;

/// Whether this rank's window can be reached directly by the other ranks
/// of its process: its memory stays in the process (the rank is not in an
/// isomalloc slot) and is fixed (not a dynamic window).
pub(crate) fn reachable(vp: &Vp, dynamic: bool) -> bool {
    !dynamic && !crate::rma::shm::may_leave_process(vp)
}

/// The base of target `t`'s window if this rank may access it directly
/// now: reachable, and locked by this rank (so granted: [`awaited`]),
/// started (so posted) or in a fence epoch.
pub(crate) fn base(vp: &mut Vp, win: c_int, t: usize) -> Result<Option<*mut u8>, Fail> {
    let w = win_of(vp, win)?;
    let open = w.locks[t].is_some() || w.started[t] || w.fence_epoch;
    Ok(w.direct[t].filter(|_| open).map(|base| base as *mut u8))
}

/// Whether this rank's lock on `t` waits for its grant: a lock on its own
/// window or on one it may reach directly.
fn awaited(w: &Win, t: usize) -> bool {
    t == w.me || w.direct[t].is_some()
}

/// Waits in `call` for the grant of this rank's lock on each of `targets`
/// it [`awaited`].
pub(crate) fn await_grants(
    vp: &mut Vp,
    call: &'static str,
    win: c_int,
    targets: &[usize],
) -> Result<(), Fail> {
    let comm = win_of(vp, win)?.comm;
    for &t in targets {
        if awaited(win_of(vp, win)?, t) {
            // Named as the program's call in a deadlock report.
            let mut none = [0u8; 0];
            let grant = vp.mpi().irecv(&mut none, t as i32, GRANTED, comm)?;
            vp.mpi().wait_as(call, grant)?;
        }
    }
    Ok(())
}

/// Copies `tn` elements of target type `tt` at `at` (in a window [`base`]
/// opened, the range checked) into the origin buffer `rb`.
pub(crate) fn get(at: *const u8, (tn, tt): (usize, &TypeInfo), mut rb: RecvBuf) {
    let bytes = tn * tt.size;
    let into = rb.slice();
    if tt.is_contiguous() {
        // SAFETY: `at` holds `bytes` bytes of the window (checked by the
        // caller); `into` is the origin's buffer of as many.
        unsafe { std::ptr::copy(at, into.as_mut_ptr(), bytes) };
    } else {
        // SAFETY: as above, `tn` elements of `tt` at `at`.
        into.copy_from_slice(&unsafe { tt.pack(at, tn) });
    }
    rb.finish(bytes);
}

/// Writes `data` (elements of `tt`, packed) at `at` (in a window [`base`]
/// opened, the range checked).
pub(crate) fn put(at: *mut u8, tt: &TypeInfo, data: &[u8]) {
    // SAFETY: `at` holds the elements `data` packs (checked by the caller).
    unsafe { tt.unpack(data, at) };
}

/// Takes the `GRANTED` of each of `targets` whose lock did not wait for
/// it (it comes before the `DONE` an unlock waits for), so that none is
/// left for the next epoch.
pub(crate) fn take_grants(vp: &mut Vp, win: c_int, targets: &[usize]) -> Result<(), Fail> {
    let comm = win_of(vp, win)?.comm;
    for &t in targets {
        if !awaited(win_of(vp, win)?, t) {
            vp.mpi().recv::<u8>(&mut [], t as i32, GRANTED, comm)?;
        }
    }
    Ok(())
}
