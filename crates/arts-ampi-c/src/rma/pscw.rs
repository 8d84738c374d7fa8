//! Generalized active-target synchronization: `MPI_Win_post`,
//! `MPI_Win_start`, `MPI_Win_complete`, `MPI_Win_wait`, `MPI_Win_test`.
//!
//! A target exposes its window to a group of origins (`post`: a `POSTED`
//! message to each); an origin opens an access epoch to a group of targets
//! (`start`: it waits for each one's `POSTED`). Its operations then go on
//! the window's active communicator, where each target's engine applies
//! them on arrival (`passive.rs`), or, a get or put to a window of its
//! process, straight to the target's memory (`direct.rs`). `complete` takes the answers of its gets
//! and sends each target `COMPLETED` on the first communicator; a packet's
//! operations are applied before any later packet of the same origin is
//! taken in, so when `wait` has every origin's `COMPLETED`, every operation
//! of the epoch is applied.

use std::ffi::c_int;

use crate::abi::*;
use crate::rma::passive::{COMPLETED, POSTED, take_answers};
use crate::rma::window::comm_of_win;
use crate::state::fail::{Fail, out};
use crate::state::{Vp, entry, win_of};

/// The window ranks of group `group`'s members.
fn window_ranks(vp: &mut Vp, win: c_int, group: c_int) -> Result<Vec<usize>, Fail> {
    let comm = win_of(vp, win)?.comm;
    let members = vp.mpi().comm_members(comm)?;
    let world = vp.groups.get(group)?.to_vec();
    world
        .iter()
        .map(|w| {
            members.iter().position(|m| m == w).ok_or_else(|| {
                Fail::new(
                    ERR_GROUP,
                    format!("rank {w} of MPI_COMM_WORLD in the group is not in the window"),
                )
            })
        })
        .collect()
}

/// `MPI_Win_post`: exposes this rank's window to the ranks of `group`
/// until `MPI_Win_wait`. `assert` is ignored.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_post(
    group: c_int,
    _assert: c_int,
    win: c_int,
) -> c_int {
    entry("MPI_Win_post", comm_of_win(win), |vp| {
        let origins = window_ranks(vp, win, group)?;
        let w = win_of(vp, win)?;
        if w.exposed.is_some() {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "the window is already posted (MPI_Win_wait ends that epoch)",
            ));
        }
        let comm = w.comm;
        w.exposed = Some(origins.clone());
        for o in origins {
            vp.mpi().bsend::<u8>(&[], o as i32, POSTED, comm)?;
        }
        Ok(())
    })
}

/// `MPI_Win_start`: an access epoch to the ranks of `group`, once each has
/// posted. `assert` is ignored.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_start(
    group: c_int,
    _assert: c_int,
    win: c_int,
) -> c_int {
    entry("MPI_Win_start", comm_of_win(win), |vp| {
        let targets = window_ranks(vp, win, group)?;
        let w = win_of(vp, win)?;
        if w.start_epoch {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "an access epoch is already started (MPI_Win_complete ends it)",
            ));
        }
        if let Some(&t) = targets.iter().find(|&&t| w.locks[t].is_some()) {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                format!("rank {t} of the window is locked by this rank"),
            ));
        }
        (w.start_epoch, w.fence_epoch) = (true, false);
        let comm = w.comm;
        for &t in &targets {
            vp.mpi().recv::<u8>(&mut [], t as i32, POSTED, comm)?;
            win_of(vp, win)?.started[t] = true;
        }
        Ok(())
    })
}

/// `MPI_Win_complete`: ends the access epoch; its gets have their data.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_complete(win: c_int) -> c_int {
    entry("MPI_Win_complete", comm_of_win(win), |vp| {
        let w = win_of(vp, win)?;
        if !w.start_epoch {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "no access epoch is started (MPI_Win_start begins one)",
            ));
        }
        w.start_epoch = false;
        // (An epoch of an empty group has no targets: nothing to end.)
        let targets: Vec<usize> = (0..w.size()).filter(|&t| w.started[t]).collect();
        let comm = w.comm;
        for t in targets {
            take_answers(vp, win, t)?;
            vp.mpi().bsend::<u8>(&[], t as i32, COMPLETED, comm)?;
            let w = win_of(vp, win)?;
            (w.started[t], w.unflushed[t]) = (false, None);
        }
        Ok(())
    })
}

/// Takes the `COMPLETED` of every exposed origin that has sent it
/// (`block`: waits for all); whether all have.
fn completions(vp: &mut Vp, win: c_int, block: bool, call: &str) -> Result<bool, Fail> {
    let w = win_of(vp, win)?;
    let comm = w.comm;
    let Some(mut left) = w.exposed.take() else {
        return Err(Fail::new(
            ERR_RMA_SYNC,
            format!("{call}: the window is not posted (MPI_Win_post)"),
        ));
    };
    let mut i = 0;
    while i < left.len() {
        let o = left[i] as i32;
        if block || vp.mpi().iprobe(o, COMPLETED, comm)?.is_some() {
            vp.mpi().recv::<u8>(&mut [], o, COMPLETED, comm)?;
            left.swap_remove(i);
        } else {
            i += 1;
        }
    }
    let done = left.is_empty();
    if !done {
        win_of(vp, win)?.exposed = Some(left);
        // Let arrived messages in before the program asks again.
        vp.mpi().poll();
    }
    Ok(done)
}

/// `MPI_Win_wait`: ends the exposure epoch once every origin of the posted
/// group has completed; their operations are applied.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_wait(win: c_int) -> c_int {
    entry("MPI_Win_wait", comm_of_win(win), |vp| {
        completions(vp, win, true, "MPI_Win_wait").map(|_| ())
    })
}

/// `MPI_Win_test`: `MPI_Win_wait` if every origin has completed (`*flag`
/// true), else nothing (`*flag` false).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_test(win: c_int, flag: *mut c_int) -> c_int {
    entry("MPI_Win_test", comm_of_win(win), |vp| {
        let flag = out(flag, "flag")?;
        *flag = c_int::from(completions(vp, win, false, "MPI_Win_test")?);
        Ok(())
    })
}
