//! Detecting a process that stopped answering. A run over MPI waits on
//! every process: one that hangs (stopped by a signal, swapped out, stuck
//! in a system call) would hang the whole job forever. Each process runs a
//! heartbeat thread on its own duplicate of the world communicator: every
//! `timeout / 4` it sends one byte to every other process and reads what
//! arrived; a process not heard from for `timeout` is reported by name and
//! the job is ended with `MPI_Abort` (exit code 1).
//!
//! The thread is independent of the PEs, so a long entry method is not
//! mistaken for a hang. Stopping is collective: every process stops sending,
//! meets the others at a barrier on the heartbeat communicator, and drains
//! what is still in flight, so nothing is left unmatched at `MPI_Finalize`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mpi::request::{Request, StaticScope};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

/// The heartbeat communicator, moved to its thread.
struct OwnComm(SimpleCommunicator);

// SAFETY: MPI is initialized with MPI_THREAD_MULTIPLE (checked in
// `Mpi::init`), so a communicator may be used from any thread; this one is
// used by the heartbeat thread only.
unsafe impl Send for OwnComm {}

/// The heartbeat thread of this process; stopped (collectively) on drop.
pub struct Heartbeat {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Heartbeat {
    /// Starts heartbeats between all processes of `world`; a process
    /// silent for `timeout` ends the job. Collective.
    pub fn start(world: &SimpleCommunicator, timeout: Duration) -> Heartbeat {
        let comm = OwnComm(world.duplicate());
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name("arts-heartbeat".into())
            .spawn(move || {
                let comm = comm;
                beat(comm.0, timeout, &flag)
            })
            .expect("spawning the heartbeat thread");
        Heartbeat {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The period between heartbeats for a timeout: a quarter of it, at least
/// 10 ms and at most 5 s.
pub(crate) fn period(timeout: Duration) -> Duration {
    (timeout / 4).clamp(Duration::from_millis(10), Duration::from_secs(5))
}

/// The processes not heard from for longer than `timeout` at `now`.
pub(crate) fn silent(
    last_heard: &[Instant],
    me: usize,
    now: Instant,
    timeout: Duration,
) -> Vec<usize> {
    (0..last_heard.len())
        .filter(|&p| p != me && now.duration_since(last_heard[p]) > timeout)
        .collect()
}

/// The byte every heartbeat carries (static: sends are never waited for
/// while the job runs, since a stopped peer would block them).
static BEAT: u8 = 0;

fn beat(comm: SimpleCommunicator, timeout: Duration, stop: &AtomicBool) {
    let (me, n) = (comm.rank() as usize, comm.size() as usize);
    let mut last_heard = vec![Instant::now(); n];
    let mut sending: Vec<Request<'static, u8, StaticScope>> = Vec::new();
    let tick = period(timeout).min(Duration::from_millis(50));
    let mut next_send = Instant::now();
    while !stop.load(Ordering::Acquire) {
        let now = Instant::now();
        if now >= next_send {
            for p in (0..n).filter(|&p| p != me) {
                let to = comm.process_at_rank(p as i32);
                sending.push(to.immediate_send(StaticScope, &BEAT));
            }
            next_send = now + period(timeout);
        }
        sending = sending.into_iter().filter_map(|r| r.test().err()).collect();
        drain(&comm, &mut last_heard);
        if let Some(&p) = silent(&last_heard, me, Instant::now(), timeout).first() {
            eprintln!(
                "error: process {p} of {n} stopped answering (no heartbeat for {:.0} s); ending the job",
                timeout.as_secs_f64()
            );
            comm.abort(1);
        }
        std::thread::sleep(tick);
    }
    // Every process has stopped sending once all are here; the sends
    // still in flight are then received by their peers' final drain.
    let mut barrier = comm.immediate_barrier();
    while let Err(waiting) = barrier.test() {
        barrier = waiting;
        drain(&comm, &mut last_heard);
        std::thread::sleep(Duration::from_millis(1));
    }
    for r in sending {
        r.wait();
    }
    drain(&comm, &mut last_heard);
}

/// Receives every heartbeat that arrived, noting who sent it.
fn drain(comm: &SimpleCommunicator, last_heard: &mut [Instant]) {
    while let Some((msg, status)) = comm.any_process().immediate_matched_probe() {
        let (_, _): (u8, _) = msg.matched_receive();
        last_heard[status.source_rank() as usize] = Instant::now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silence_is_judged_per_process_against_the_timeout() {
        let t0 = Instant::now();
        let later = t0 + Duration::from_secs(10);
        let heard = [t0, later, t0];
        assert_eq!(silent(&heard, 0, later, Duration::from_secs(5)), vec![2]);
        assert!(silent(&heard, 0, later, Duration::from_secs(60)).is_empty());
        assert_eq!(period(Duration::from_secs(60)), Duration::from_secs(5));
        assert_eq!(period(Duration::from_millis(1)), Duration::from_millis(10));
    }
}
