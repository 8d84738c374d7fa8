//! An in-process [`Net`]: several simulated processes (threads of one test)
//! exchanging messages through shared queues, each message held back for a
//! random number of the receiver's polls, so that messages overtake each
//! other and arrive late, as they may over a network. For tests of runs
//! across processes without MPI.

use std::sync::atomic::{AtomicU64, Ordering::SeqCst};
use std::sync::{Arc, Barrier, Mutex};

use super::{Net, Processes};
use crate::RunConfig;
use crate::rng::mix64;

/// Messages waiting for one receiver, each with the poll count that releases it.
type Queue = Mutex<Vec<(u64, Vec<u8>)>>;

struct Shared {
    size: u32,
    max_delay: u64,
    /// Per receiver: messages with the receiver poll count that releases them.
    queues: Vec<Queue>,
    polls: Vec<AtomicU64>,
    slots: Mutex<Vec<Vec<u8>>>,
    barrier: Barrier,
}

/// One simulated process of a [`mesh`].
struct MeshNet {
    shared: Arc<Shared>,
    rank: u32,
    draws: AtomicU64,
    seed: u64,
}

/// `size` simulated processes; each message waits for up to `max_delay`
/// polls of its receiver (chosen from `seed`). Hand element `r` to the run
/// of process `r`; the runs must go on concurrently (one thread each).
pub fn mesh(size: u32, max_delay: u64, seed: u64) -> Vec<Processes> {
    let shared = Arc::new(Shared {
        size,
        max_delay,
        queues: (0..size).map(|_| Mutex::new(Vec::new())).collect(),
        polls: (0..size).map(|_| AtomicU64::new(0)).collect(),
        slots: Mutex::new(vec![Vec::new(); size as usize]),
        barrier: Barrier::new(size as usize),
    });
    (0..size)
        .map(|rank| {
            Processes(Arc::new(MeshNet {
                shared: Arc::clone(&shared),
                rank,
                draws: AtomicU64::new(0),
                seed,
            }) as Arc<dyn Net>)
        })
        .collect()
}

/// Runs `run` once per process of `procs`, concurrently (one thread each),
/// with `cfg` as that process's configuration (`processes` set to it);
/// `run` gets the process's rank too. Every process's result, in rank
/// order.
pub fn on_each<T: Send>(
    procs: Vec<Processes>,
    cfg: &RunConfig,
    run: impl Fn(usize, RunConfig) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|s| {
        let run = &run;
        let handles: Vec<_> = (procs.into_iter().enumerate())
            .map(|(rank, p)| {
                let mut c = cfg.clone();
                c.processes = Some(p);
                s.spawn(move || run(rank, c))
            })
            .collect();
        (handles.into_iter())
            .map(|h| h.join().expect("a simulated process panicked"))
            .collect()
    })
}

impl Net for MeshNet {
    fn rank(&self) -> u32 {
        self.rank
    }

    fn size(&self) -> u32 {
        self.shared.size
    }

    fn send(&self, to: u32, bytes: Vec<u8>) {
        let s = &self.shared;
        let draw = self.draws.fetch_add(1, SeqCst);
        let delay = match s.max_delay {
            0 => 0,
            d => mix64(self.seed ^ mix64(draw ^ ((self.rank as u64) << 48))) % (d + 1),
        };
        let release = s.polls[to as usize].load(SeqCst) + delay;
        s.queues[to as usize]
            .lock()
            .expect("mesh queue")
            .push((release, bytes));
    }

    fn recv(&self) -> Option<Vec<u8>> {
        let s = &self.shared;
        let now = s.polls[self.rank as usize].fetch_add(1, SeqCst);
        let mut q = s.queues[self.rank as usize].lock().expect("mesh queue");
        let i = q.iter().position(|(release, _)| *release <= now)?;
        Some(q.remove(i).1)
    }

    fn all_gather_u64(&self, mine: &[u64]) -> Vec<u64> {
        let bytes: Vec<u8> = mine.iter().flat_map(|w| w.to_le_bytes()).collect();
        self.all_gather_bytes(&bytes)
            .concat()
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect()
    }

    fn all_gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        let s = &self.shared;
        s.slots.lock().expect("mesh slots")[self.rank as usize] = mine.to_vec();
        s.barrier.wait();
        let all = s.slots.lock().expect("mesh slots").clone();
        s.barrier.wait();
        all
    }
}

/// What a [`Tap`] shows: a message sent to another process, or a part
/// given to a gather.
#[cfg(test)]
pub(crate) enum Tapped<'a> {
    Sent(&'a [u8]),
    Gathered(&'a [u8]),
}

/// A [`Net`] for tests that shows `seen` what passes through it, then
/// passes it on to `inner`.
#[cfg(test)]
pub(crate) struct Tap {
    pub inner: Arc<dyn Net>,
    pub seen: Box<dyn Fn(Tapped<'_>) + Send + Sync>,
}

#[cfg(test)]
impl Net for Tap {
    fn rank(&self) -> u32 {
        self.inner.rank()
    }
    fn size(&self) -> u32 {
        self.inner.size()
    }
    fn send(&self, to: u32, bytes: Vec<u8>) {
        (self.seen)(Tapped::Sent(&bytes));
        self.inner.send(to, bytes)
    }
    fn recv(&self) -> Option<Vec<u8>> {
        self.inner.recv()
    }
    fn all_gather_u64(&self, mine: &[u64]) -> Vec<u64> {
        self.inner.all_gather_u64(mine)
    }
    fn all_gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        self.inner.all_gather_bytes(mine)
    }
    fn gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        (self.seen)(Tapped::Gathered(mine));
        self.inner.gather_bytes(mine)
    }
}
