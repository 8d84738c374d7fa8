//! Passive-target one-sided communication: `MPI_Win_lock`,
//! `MPI_Win_unlock`, `MPI_Win_lock_all`, `MPI_Win_unlock_all`,
//! `MPI_Win_flush(_all)`, `MPI_Win_flush_local(_all)` and `MPI_Win_sync`.
//!
//! Each window's second private communicator is active
//! (`Mpi::set_active`): its messages go to the target's [`Target`] on
//! arrival, whether or not the target rank runs, so an origin's epoch
//! completes while the target waits in a barrier, a receive or a compute
//! loop that calls MPI. The target's side is a lock (one exclusive holder
//! or any number of shared ones; requests are granted in arrival order)
//! and the window's memory. The protocol, all messages in send order per
//! origin:
//!
//! | origin | target's engine |
//! |---|---|
//! | `LOCK_SHARED` / `LOCK_EXCLUSIVE`; returns at once (locking its own window, or one it may reach directly, `direct.rs`: once `GRANTED`) | grants it when compatible, answering `GRANTED`; until then it holds that origin's later messages |
//! | operations (`OPERATION`, `window.rs`'s encoding) | applies each in turn; a get's data goes back as `ANSWER` |
//! | `FLUSH` / `UNLOCK`, then takes its `ANSWER`s (and its `GRANTED`, if not yet) and waits for `DONE` | answers `DONE` (every earlier operation of that origin is applied by then); `UNLOCK` releases the lock and grants waiting requests |
//!
//! So a lock, an operation and an unlock cost one round trip, as MPI
//! allows (a lock may be taken lazily, except on the caller's own window,
//! whose memory it may then read and write directly, and on the windows
//! of its process, which its gets and puts then reach directly), and `MPI_Win_unlock`
//! and the flushes return once the origin's operations are applied at the
//! target (the local flushes do the same: a stronger completion than they
//! need). A flush whose last operation returns data waits for that answer
//! alone: the target answers in order. A target applies operations only
//! when its PE schedules the message: a rank that computes for long on a
//! PE without calling MPI delays the others' operations on the ranks of
//! that PE.

use std::collections::{HashMap, VecDeque};
use std::ffi::c_int;

use arts_ampi::engine::{Active, Replies};

use crate::abi::*;
use crate::p2p::requests::wait_req;
use crate::rma::win::Memory;
use crate::rma::window::{apply, comm_of_win};
use crate::state::fail::Fail;
use crate::state::{Vp, entry, win_of};

/// Message tags on a window's active communicator.
const LOCK_SHARED: i32 = 0;
const LOCK_EXCLUSIVE: i32 = 1;
const UNLOCK: i32 = 2;
const FLUSH: i32 = 3;
/// An operation (`window.rs`'s encoding).
pub(crate) const OPERATION: i32 = 4;

/// Reply tags on the window's first communicator, above any fence
/// epoch's (`window.rs`: below 2^30); `pscw.rs` uses the last two.
pub(crate) const GRANTED: i32 = 1 << 30;
const DONE: i32 = GRANTED + 1;
pub(crate) const ANSWER: i32 = GRANTED + 2;
pub(crate) const POSTED: i32 = GRANTED + 3;
pub(crate) const COMPLETED: i32 = GRANTED + 4;

/// `MPI_LOCK_EXCLUSIVE` and `MPI_LOCK_SHARED` (`mpi.h`).
const MPI_LOCK_EXCLUSIVE: c_int = 1;
const MPI_LOCK_SHARED: c_int = 2;

/// One rank's window as a passive target: its lock and memory.
pub(crate) struct Target {
    memory: Memory,
    /// This rank in `WORLD` (named in its reports).
    me: u32,
    /// The exclusive holder (a `WORLD` rank).
    exclusive: Option<u32>,
    /// Number of shared holders.
    shared: u32,
    /// Requests not yet granted: (`WORLD` rank, exclusive), in arrival order.
    waiting: VecDeque<(u32, bool)>,
    /// The messages of each origin in `waiting` that came after its
    /// request, in order.
    held: HashMap<u32, Vec<(i32, Vec<u8>)>>,
    /// Messages released by grants, to take in turn.
    released: VecDeque<(u32, i32, Vec<u8>)>,
}

impl Target {
    /// The passive side of a window over `memory` of `WORLD` rank `me`.
    pub(crate) fn new(memory: Memory, me: u32) -> Target {
        Target {
            memory,
            me,
            exclusive: None,
            shared: 0,
            waiting: VecDeque::new(),
            held: HashMap::new(),
            released: VecDeque::new(),
        }
    }

    /// Takes one message of `src`, or holds it while `src` waits for the lock.
    fn take(&mut self, src: u32, tag: i32, data: &[u8], replies: &mut Replies) {
        if let Some(held) = self.held.get_mut(&src) {
            held.push((tag, data.to_vec()));
            return;
        }
        match tag {
            LOCK_SHARED | LOCK_EXCLUSIVE => {
                self.waiting.push_back((src, tag == LOCK_EXCLUSIVE));
                self.held.insert(src, Vec::new());
                self.grant(replies);
            }
            UNLOCK => {
                if self.exclusive == Some(src) {
                    self.exclusive = None;
                } else {
                    self.shared = self.shared.saturating_sub(1);
                }
                replies.push((src, DONE, Vec::new()));
                self.grant(replies);
            }
            FLUSH => replies.push((src, DONE, Vec::new())),
            // The origin checked the operation against this window but
            // for a dynamic one's addresses, which this target checks: a
            // failure answers nothing (an origin waiting for a get's
            // answer is then reported as deadlocked) and is said here.
            _ => match apply(&self.memory, data) {
                Ok(Some(answer)) => replies.push((src, ANSWER, answer)),
                Ok(None) => {}
                Err(fail) => eprintln!(
                    "arts: rank {}: a one-sided operation from rank {src} is refused: {}",
                    self.me, fail.msg
                ),
            },
        }
    }

    /// Grants waiting requests in arrival order while the first one is
    /// compatible with the holders, releasing what their origins sent since.
    fn grant(&mut self, replies: &mut Replies) {
        while let Some(&(origin, exclusive)) = self.waiting.front() {
            let free = self.exclusive.is_none() && (!exclusive || self.shared == 0);
            if !free {
                break;
            }
            self.waiting.pop_front();
            if exclusive {
                self.exclusive = Some(origin);
            } else {
                self.shared += 1;
            }
            replies.push((origin, GRANTED, Vec::new()));
            let held = self.held.remove(&origin).unwrap_or_default();
            self.released
                .extend(held.into_iter().map(|(tag, data)| (origin, tag, data)));
        }
    }
}

impl Active for Target {
    fn arrived(&mut self, src: u32, tag: i32, data: &[u8], replies: &mut Replies) {
        self.take(src, tag, data, replies);
        while let Some((src, tag, data)) = self.released.pop_front() {
            self.take(src, tag, &data, replies);
        }
    }
}

/// The rank of `target` in window `win`, or `None` for `MPI_PROC_NULL`.
/// The rank of `target` in window `win`, or `None` for `MPI_PROC_NULL`.
fn rank_in(vp: &mut Vp, win: c_int, target: c_int) -> Result<Option<usize>, Fail> {
    let n = win_of(vp, win)?.size();
    if target == MPI_PROC_NULL {
        return Ok(None);
    }
    usize::try_from(target)
        .ok()
        .filter(|&t| t < n)
        .map(Some)
        .ok_or_else(|| {
            Fail::new(
                ERR_RANK,
                format!("rank {target} is not a rank of the window's {n}"),
            )
        })
}

/// Asks for `exclusive` or shared locks at `targets`; waits for the grant
/// only of a lock on this rank's own window (the others are taken lazily).
fn lock(
    vp: &mut Vp,
    call: &'static str,
    win: c_int,
    targets: &[usize],
    exclusive: bool,
) -> Result<(), Fail> {
    let w = win_of(vp, win)?;
    if let Some(&t) = targets.iter().find(|&&t| w.locks[t].is_some()) {
        return Err(Fail::new(
            ERR_RMA_SYNC,
            format!("this rank already holds a lock on rank {t} of the window"),
        ));
    }
    if w.start_epoch {
        return Err(Fail::new(
            ERR_RMA_SYNC,
            "the window is in an access epoch of MPI_Win_start (MPI_Win_complete ends it)",
        ));
    }
    // A passive epoch ends the fence epoch (its operations would not wait
    // for the next fence).
    w.fence_epoch = false;
    let active = w.active;
    let tag = if exclusive {
        LOCK_EXCLUSIVE
    } else {
        LOCK_SHARED
    };
    for &t in targets {
        vp.mpi().bsend::<u8>(&[], t as i32, tag, active)?;
        win_of(vp, win)?.locks[t] = Some(exclusive);
    }
    // The program may use its own window's memory once this returns, and
    // this rank reach the windows of its process directly.
    crate::rma::direct::await_grants(vp, call, win, targets)
}

/// Sends `what` (`FLUSH` or `UNLOCK`) to each of `targets`, takes the
/// answers of their gets, and waits for each one's `DONE`.
fn complete(vp: &mut Vp, win: c_int, targets: &[usize], what: i32) -> Result<(), Fail> {
    let w = win_of(vp, win)?;
    if let Some(&t) = targets.iter().find(|&&t| w.locks[t].is_none()) {
        return Err(Fail::new(
            ERR_RMA_SYNC,
            format!("this rank holds no lock on rank {t} of the window"),
        ));
    }
    let (comm, active) = (w.comm, w.active);
    // What each target's completion waits for: a `DONE`, or (a flush after
    // an operation with an answer) that answer alone, or nothing.
    let mut done = Vec::with_capacity(targets.len());
    for &t in targets {
        let w = win_of(vp, win)?;
        let waits = !matches!((what, w.unflushed[t].take()), (FLUSH, None | Some(true)));
        if waits {
            vp.mpi().bsend::<u8>(&[], t as i32, what, active)?;
        }
        done.push(waits);
    }
    for (&t, done) in targets.iter().zip(done) {
        take_answers(vp, win, t)?;
        if what == UNLOCK {
            crate::rma::direct::take_grants(vp, win, &[t])?;
        }
        if done {
            vp.mpi().recv::<u8>(&mut [], t as i32, DONE, comm)?;
        }
        if what == UNLOCK {
            win_of(vp, win)?.locks[t] = None;
        }
    }
    Ok(())
}

/// Completes the receives of the answers of this rank's gets from target
/// `t`, in issue order (the target answers in arrival order).
pub(crate) fn take_answers(vp: &mut Vp, win: c_int, t: usize) -> Result<(), Fail> {
    let w = win_of(vp, win)?;
    let gets: Vec<_> = match w.passive_gets.iter().all(|g| g.0 == t) {
        true => std::mem::take(&mut w.passive_gets),
        false => w.passive_gets.extract_if(.., |g| g.0 == t).collect(),
    };
    for (_, answer) in gets {
        wait_req(vp, answer)?;
    }
    Ok(())
}

/// The targets this rank holds locks on.
fn locked(vp: &mut Vp, win: c_int) -> Result<Vec<usize>, Fail> {
    let w = win_of(vp, win)?;
    Ok((0..w.size()).filter(|&t| w.locks[t].is_some()).collect())
}

/// `MPI_Win_lock`: starts an epoch at `rank`'s window under its lock
/// (`MPI_LOCK_EXCLUSIVE` or `MPI_LOCK_SHARED`), taken lazily (held when
/// it returns if `rank` is this rank). `assert`
/// is ignored.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_lock(
    lock_type: c_int,
    rank: c_int,
    _assert: c_int,
    win: c_int,
) -> c_int {
    entry("MPI_Win_lock", comm_of_win(win), |vp| {
        let exclusive = match lock_type {
            MPI_LOCK_EXCLUSIVE => true,
            MPI_LOCK_SHARED => false,
            other => {
                return Err(Fail::new(
                    ERR_LOCKTYPE,
                    format!(
                        "lock type {other} is neither MPI_LOCK_EXCLUSIVE ({MPI_LOCK_EXCLUSIVE}) \
                         nor MPI_LOCK_SHARED ({MPI_LOCK_SHARED})"
                    ),
                ));
            }
        };
        if win_of(vp, win)?.all_locked {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "the window is locked by MPI_Win_lock_all",
            ));
        }
        match rank_in(vp, win, rank)? {
            Some(t) => lock(vp, "MPI_Win_lock", win, &[t], exclusive),
            None => Ok(()),
        }
    })
}

/// `MPI_Win_unlock`: ends the epoch at `rank`; its operations are applied
/// there when it returns.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_unlock(rank: c_int, win: c_int) -> c_int {
    entry("MPI_Win_unlock", comm_of_win(win), |vp| {
        if win_of(vp, win)?.all_locked {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "the window is locked by MPI_Win_lock_all (end it with MPI_Win_unlock_all)",
            ));
        }
        match rank_in(vp, win, rank)? {
            Some(t) => complete(vp, win, &[t], UNLOCK),
            None => Ok(()),
        }
    })
}

/// `MPI_Win_lock_all`: a shared lock on every rank of the window.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_lock_all(_assert: c_int, win: c_int) -> c_int {
    entry("MPI_Win_lock_all", comm_of_win(win), |vp| {
        let all: Vec<usize> = (0..win_of(vp, win)?.size()).collect();
        lock(vp, "MPI_Win_lock_all", win, &all, false)?;
        win_of(vp, win)?.all_locked = true;
        Ok(())
    })
}

/// `MPI_Win_unlock_all`: ends `MPI_Win_lock_all`'s epoch.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_unlock_all(win: c_int) -> c_int {
    entry("MPI_Win_unlock_all", comm_of_win(win), |vp| {
        if !win_of(vp, win)?.all_locked {
            return Err(Fail::new(
                ERR_RMA_SYNC,
                "the window is not locked by MPI_Win_lock_all",
            ));
        }
        let all: Vec<usize> = (0..win_of(vp, win)?.size()).collect();
        complete(vp, win, &all, UNLOCK)?;
        win_of(vp, win)?.all_locked = false;
        Ok(())
    })
}

/// Completes this rank's operations at `rank` (a locked target).
fn flush_one(vp: &mut Vp, win: c_int, rank: c_int) -> Result<(), Fail> {
    match rank_in(vp, win, rank)? {
        Some(t) => complete(vp, win, &[t], FLUSH),
        None => Ok(()),
    }
}

/// Completes this rank's operations at every locked target.
fn flush_all(vp: &mut Vp, win: c_int) -> Result<(), Fail> {
    let targets = locked(vp, win)?;
    complete(vp, win, &targets, FLUSH)
}

/// `MPI_Win_flush`: this rank's operations at `rank` are applied there
/// when it returns; the lock stays.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_flush(rank: c_int, win: c_int) -> c_int {
    entry("MPI_Win_flush", comm_of_win(win), |vp| {
        flush_one(vp, win, rank)
    })
}

/// `MPI_Win_flush_local`: as `MPI_Win_flush` (completing at the target
/// also completes locally).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_flush_local(rank: c_int, win: c_int) -> c_int {
    entry("MPI_Win_flush_local", comm_of_win(win), |vp| {
        flush_one(vp, win, rank)
    })
}

/// `MPI_Win_flush_all`: `MPI_Win_flush` at every locked target.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_flush_all(win: c_int) -> c_int {
    entry("MPI_Win_flush_all", comm_of_win(win), |vp| {
        flush_all(vp, win)
    })
}

/// `MPI_Win_flush_local_all`: as `MPI_Win_flush_all`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_flush_local_all(win: c_int) -> c_int {
    entry("MPI_Win_flush_local_all", comm_of_win(win), |vp| {
        flush_all(vp, win)
    })
}

/// `MPI_Win_sync`: the window's memory and its copy are one here; a full
/// memory fence orders this rank's loads and stores of a shared-memory
/// window (`shm.rs`) against other ranks' on other PE threads.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_sync(win: c_int) -> c_int {
    entry("MPI_Win_sync", comm_of_win(win), |vp| {
        win_of(vp, win)?;
        std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The target's side of rank 9's window.
    fn target() -> Target {
        Target::new(Memory::for_tests(), 9)
    }

    /// The replies but the grants (`every_origin_is_told_...` has those).
    fn tags(r: &Replies) -> Vec<(u32, i32)> {
        r.iter()
            .filter(|(_, tag, _)| *tag != GRANTED)
            .map(|(to, tag, _)| (*to, *tag))
            .collect()
    }

    #[test]
    fn shared_locks_are_granted_together_and_an_exclusive_one_waits_for_them() {
        let (mut t, mut r) = (target(), Replies::new());
        t.arrived(1, LOCK_SHARED, &[], &mut r);
        t.arrived(2, LOCK_SHARED, &[], &mut r);
        t.arrived(3, LOCK_EXCLUSIVE, &[], &mut r);
        t.arrived(3, FLUSH, &[], &mut r);
        t.arrived(4, LOCK_SHARED, &[], &mut r);
        t.arrived(4, FLUSH, &[], &mut r);
        // 3's flush waits for its lock, 4's behind 3's: granted in arrival order.
        assert!(tags(&r).is_empty());
        t.arrived(1, UNLOCK, &[], &mut r);
        assert_eq!(tags(&r), [(1, DONE)]);
        r.clear();
        t.arrived(2, UNLOCK, &[], &mut r);
        assert_eq!(tags(&r), [(2, DONE), (3, DONE)]);
        r.clear();
        t.arrived(3, UNLOCK, &[], &mut r);
        assert_eq!(tags(&r), [(3, DONE), (4, DONE)]);
    }

    #[test]
    fn held_messages_are_taken_in_order_and_a_second_lock_waits_again() {
        let (mut t, mut r) = (target(), Replies::new());
        t.arrived(0, LOCK_EXCLUSIVE, &[], &mut r);
        // 1 locks, unlocks and locks again before 0 lets go.
        for tag in [LOCK_EXCLUSIVE, FLUSH, UNLOCK, LOCK_EXCLUSIVE, FLUSH] {
            t.arrived(1, tag, &[], &mut r);
        }
        t.arrived(2, LOCK_SHARED, &[], &mut r);
        t.arrived(2, FLUSH, &[], &mut r);
        assert!(tags(&r).is_empty());
        t.arrived(0, UNLOCK, &[], &mut r);
        // 1's first epoch, then 2 (which asked before 1's second request
        // arrived here), whose shared lock keeps 1's second request waiting.
        assert_eq!(tags(&r), [(0, DONE), (1, DONE), (1, DONE), (2, DONE)]);
        r.clear();
        t.arrived(2, UNLOCK, &[], &mut r);
        assert_eq!(tags(&r), [(2, DONE), (1, DONE)]);
    }

    #[test]
    fn every_origin_is_told_when_its_lock_is_granted() {
        let (mut t, mut r) = (target(), Replies::new());
        t.arrived(1, LOCK_EXCLUSIVE, &[], &mut r);
        t.arrived(9, LOCK_SHARED, &[], &mut r);
        let all = |r: &Replies| r.iter().map(|(to, tag, _)| (*to, *tag)).collect::<Vec<_>>();
        assert_eq!(all(&r), [(1, GRANTED)]);
        t.arrived(1, UNLOCK, &[], &mut r);
        assert_eq!(all(&r), [(1, GRANTED), (1, DONE), (9, GRANTED)]);
    }

    #[test]
    fn a_damaged_operation_is_ignored_rather_than_applied() {
        let (mut t, mut r) = (target(), Replies::new());
        t.arrived(0, OPERATION, &[1, 2, 3], &mut r);
        assert!(r.is_empty());
    }
}
