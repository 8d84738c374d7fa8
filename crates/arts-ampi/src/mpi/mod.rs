//! [`Mpi`]: the handle a rank's program receives. Calls that must wait
//! (receives, waits, collectives, `migrate`) suspend only this rank's
//! coroutine; its PE runs other ranks meanwhile, and a message that arrives
//! for this rank resumes it to check again.

mod coll;
mod comm;
mod inter;
mod p2p;
mod rank_state;
mod request;

use std::cell::RefCell;
use std::time::{Duration, Instant};

pub use comm::UNDEFINED;
pub use inter::{PROC_NULL, ROOT};
pub use p2p::MatchedMessage;
pub use request::{Completion, Request};

use crate::engine::{Engine, Net};
use crate::error::MpiError;
use crate::vp::{Host, HostPtr, Own, Shared, Suspend, VpState, VpYielder};

/// A communicator handle (`WORLD` is handle 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Comm(pub u32);

/// All ranks.
pub const WORLD: Comm = Comm(crate::engine::WORLD);

/// The longest a sleeping rank's PE thread waits at once while nothing
/// else on the PE has work (`Mpi::sleep`): a message from another process,
/// which does not wake it, waits at most this long.
const SLEEP_SLICE: Duration = Duration::from_micros(200);

thread_local! {
    /// When each rank in `Mpi::sleep` on this PE thread wakes (a sleeping
    /// rank stays on its PE: only the rank itself asks to move).
    static SLEEPERS: RefCell<Vec<Instant>> = const { RefCell::new(Vec::new()) };
}

/// Empty polls a blocked rank makes itself (`Mpi::take_own`) before it
/// suspends: a few microseconds, about one reply's time across processes.
const OWN_POLLS: u32 = 64;

/// When a [`SwitchHook`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    /// The rank is about to suspend (on the PE thread it ran on).
    Out,
    /// The rank has resumed (possibly on another PE thread).
    In,
}

/// What a binding runs around each suspension of a rank: per-thread state
/// of the rank's own (a C program's thread-local variables, its Fortran
/// random-number state) saved and given back.
pub type SwitchHook = Box<dyn FnMut(Switch)>;

/// A rank's handle on MPI: passed to its program as `&mut Mpi`.
pub struct Mpi<'y> {
    yielder: &'y VpYielder,
    shared: *mut Shared,
    host: HostPtr,
    epoch: Instant,
    /// Times this rank was suspended and resumed.
    resumed: u64,
    /// Run around each suspension (`set_switch_hook`).
    hook: Option<SwitchHook>,
}

impl<'y> Mpi<'y> {
    /// The handle of the coroutine suspending through `yielder`.
    pub(crate) fn new(yielder: &'y VpYielder, shared: *mut Shared, host: HostPtr) -> Self {
        Mpi {
            yielder,
            shared,
            host,
            epoch: Instant::now(),
            resumed: 0,
            hook: None,
        }
    }

    fn shared(&mut self) -> &mut Shared {
        // SAFETY: the coroutine runs (this code runs on it), so the element
        // does not touch `Shared`; it outlives the coroutine (see `VpBox`).
        unsafe { &mut *self.shared }
    }

    fn engine(&mut self) -> &mut Engine {
        &mut self.shared().engine
    }

    /// The engine and the network, together.
    fn parts(&mut self) -> (&mut Engine, &mut dyn Net) {
        // SAFETY: as in `shared`; the host is valid until the next
        // suspension and is a different object.
        unsafe { (&mut (*self.shared).engine, &mut *self.host.0) }
    }

    fn host(&mut self) -> &mut dyn Host {
        // SAFETY: the host is valid until this coroutine suspends.
        unsafe { &mut *self.host.0 }
    }

    /// Suspends this rank for `why`; returns when its element resumes it.
    fn suspend(&mut self, why: Suspend) {
        let marker = 0u8;
        let sp = std::ptr::addr_of!(marker) as usize;
        let s = self.shared();
        s.stack_in_use = s.stack_base.saturating_sub(sp);
        s.state = match why {
            Suspend::Blocked(call) => VpState::Blocked(call),
            Suspend::Sync => VpState::Syncing,
        };
        // Whoever resumes this rank sets its own allocation mode; the rank
        // goes on in the one it suspended in (with isomalloc in use).
        let mode = crate::iso::in_use().then(crate::iso::current);
        if let Some(hook) = &mut self.hook {
            hook(Switch::Out);
        }
        self.host = self.yielder.suspend(why);
        self.resumed += 1;
        if let Some(mode) = mode {
            crate::iso::switch(mode);
        }
        if let Some(hook) = &mut self.hook {
            hook(Switch::In);
        }
    }

    /// Runs `hook` around each suspension of this rank from now on (`None`:
    /// nothing), replacing any hook set before.
    pub fn set_switch_hook(&mut self, hook: Option<SwitchHook>) {
        self.hook = hook;
    }

    /// Blocks in `call` until the next message arrives for this rank (or,
    /// while a direct transfer of its is in progress, briefly: a transfer
    /// ends without a message).
    fn block(&mut self, call: &'static str) {
        if self.engine().transferring() {
            self.engine().progress();
            self.host().relax();
            self.host().wake_later();
        }
        // In one process (nothing to poll) this is all a block costs more.
        if self.shared().offers != Some(false) && self.take_own() {
            return;
        }
        self.suspend(Suspend::Blocked(call));
    }

    /// Blocking without a switch: while this rank's PE has nothing else to
    /// do, polls the transport itself (up to `OWN_POLLS` times) and takes
    /// in a packet or signal of its own from another process as its
    /// element would, without suspending; returns whether it took one (the
    /// caller checks again what it waits for). Everything else stays for
    /// the scheduler, in order, and the rank suspends (`false`).
    #[inline(never)]
    fn take_own(&mut self) -> bool {
        let offers = match self.shared().offers {
            Some(offers) => offers,
            None => {
                let offers = self.host().offers();
                self.shared().offers = Some(offers);
                offers
            }
        };
        if !offers {
            return false;
        }
        match self.host().poll_own(OWN_POLLS) {
            Own::Packet(p) => {
                let (e, net) = self.parts();
                e.on_packet(net, p);
            }
            Own::Signal(s) => self.engine().on_signal(s),
            Own::Empty | Own::Busy => return false,
        }
        self.move_large();
        true
    }

    /// Moves this rank's large messages forward (`Engine::rendezvous`)
    /// after it matched or took in something.
    fn move_large(&mut self) {
        let mobile = self.shared().may_leave();
        let (e, net) = self.parts();
        e.rendezvous(net, mobile);
    }

    /// Readies this rank for a balancing step, a `migrate_to` or a
    /// checkpoint of whole ranks (`engine/README.md`): waits as `call` for
    /// its direct transfers to end and, if it may leave its process (it
    /// has an isomalloc slot), pushes the bytes of its unmatched rendezvous
    /// sends to their receivers and waits for their answers.
    /// [`Mpi::large_as_messages`] follows once the rank is marked as
    /// waiting there.
    fn settle(&mut self, call: &'static str) {
        let may_leave = crate::iso::current().is_some();
        if may_leave {
            let (e, net) = self.parts();
            e.withdraw_large();
            e.rendezvous(net, false);
        }
        while self.engine().transferring() || (may_leave && self.engine().sending_large()) {
            self.block(call);
        }
    }

    /// Asks the large messages waiting for this rank, unmatched, to come as
    /// messages: their senders then go on (to the same balancing step or
    /// checkpoint), and the rank may leave its process.
    fn large_as_messages(&mut self) {
        let (e, net) = self.parts();
        e.rendezvous(net, true);
    }

    /// This rank in `WORLD`.
    pub fn rank(&self) -> i32 {
        // SAFETY: as in `shared` (read only).
        unsafe { (*self.shared).engine.world_rank() as i32 }
    }

    /// Number of ranks in `WORLD`.
    pub fn size(&self) -> i32 {
        // SAFETY: as in `shared` (read only).
        unsafe { (*self.shared).engine.world_size() as i32 }
    }

    /// How many times this rank has been suspended and resumed (possibly on
    /// another PE thread): a binding that keeps per-thread state for the
    /// running rank renews it only when this changed.
    #[inline]
    pub fn resumptions(&self) -> u64 {
        self.resumed
    }

    /// Seconds since this rank started (monotonic).
    pub fn wtime(&self) -> f64 {
        self.epoch.elapsed().as_secs_f64()
    }

    /// What this rank's matching holds and has passed so far.
    pub fn queues(&mut self) -> crate::Queues {
        self.engine().queues()
    }

    /// The PE running this rank now (changes when it migrates).
    pub fn pe(&mut self) -> u32 {
        self.host().pe()
    }

    /// The process running this rank now (0 in a one-process run; changes
    /// when it migrates to another process).
    pub fn process(&mut self) -> u32 {
        self.host().process()
    }

    /// Number of PEs of the run, in every process (`migrate_to` takes 0..this).
    pub fn num_pes(&mut self) -> u32 {
        self.host().num_pes()
    }

    /// AMPI's `MPI_Migrate`: a collective load-balancing point. Every rank
    /// must call it; the runtime may move this rank to another PE, and the
    /// call returns there. Locals, heap data and pointers are kept.
    pub fn migrate(&mut self) {
        self.end_pending_sync();
        self.settle("migrate");
        self.large_as_messages();
        self.host().at_sync();
        self.suspend(Suspend::Sync);
    }

    /// AMPI's `AMPI_Async_Migrate`: joins the next load-balancing step
    /// like [`migrate`](Self::migrate), collectively, but returns at once:
    /// the rank computes and communicates on while the step gathers the
    /// other ranks, and the balancer moves it (locals, heap and pointers
    /// kept) at whatever blocking call it waits in then. Every call is one
    /// step: a call (or `migrate()`) made before the previous step ended
    /// waits for it first.
    pub fn async_migrate(&mut self) {
        self.end_pending_sync();
        self.settle("async_migrate");
        self.shared().sync_pending = true;
        self.large_as_messages();
        self.host().at_sync();
    }

    /// Waits for the end of the step an `async_migrate()` joined, if it has
    /// not ended (its `resume_from_sync` resumes this rank).
    fn end_pending_sync(&mut self) {
        if self.shared().sync_pending {
            self.suspend(Suspend::Sync);
        }
    }

    /// Moves this rank to PE `pe` (not collective) and returns there, locals,
    /// heap data and pointers kept; returns the PE it runs on afterwards.
    /// Refused with an error if `pe` is not a PE of the run; a no-op if it
    /// is the current PE. Not while other ranks may be inside `migrate()`.
    pub fn migrate_to(&mut self, pe: u32) -> Result<u32, MpiError> {
        self.end_pending_sync();
        let here = self.pe();
        if pe == here {
            return Ok(here);
        }
        self.settle("migrate_to");
        self.large_as_messages();
        if !self.host().migrate_to(pe) {
            return Err(MpiError::InvalidPe {
                call: "migrate_to",
                pe,
            });
        }
        // The element leaves when this resume ends; the wake follows it and
        // resumes the rank on `pe` (so may any message that arrives first).
        self.host().wake_later();
        self.block("migrate_to");
        Ok(self.pe())
    }

    /// Allows (default) or forbids the load balancer to move this rank.
    pub fn set_migratable(&mut self, migratable: bool) {
        self.host().set_migratable(migratable);
    }

    /// Declares `bytes` of heap data this rank owns, for the load balancer's
    /// estimate of its migration cost (between processes).
    pub fn declare_heap(&mut self, bytes: usize) {
        self.shared().declared_heap = bytes;
    }

    /// Records a named result value (reported by the run, in rank order).
    pub fn record(&mut self, name: &str, value: f64) {
        self.shared().records.push((name.to_string(), value));
    }

    /// Counts this rank's time into the load the balancer sees (`on`,
    /// the default) or stops counting it (AMPI's `AMPI_Load_start_measure`
    /// and `AMPI_Load_stop_measure`): work the balancer should not move
    /// ranks for. It stays so when the rank moves.
    pub fn measure_load(&mut self, on: bool) {
        self.shared().load_paused = !on;
        self.host().measure_load(on);
    }

    /// Sets this rank's load for the current balancing period to `seconds`,
    /// reported instead of its measured time (AMPI's `AMPI_Load_set_value`).
    pub fn set_load(&mut self, seconds: f64) {
        self.host().set_load(seconds);
    }

    /// Sets the code this rank's program exited with (a C program's
    /// `exit(n)` after `MPI_Finalize`): the run's exit code is the largest
    /// of its ranks' ([`AmpiReport::exit_code`](crate::AmpiReport::exit_code)).
    pub fn set_exit_code(&mut self, code: i32) {
        self.shared().exit_code = code;
    }

    /// Sleeps `d` (a program's `sleep`, `usleep` or `nanosleep`): the other
    /// ranks of this rank's PE run meanwhile, as other processes do while
    /// one sleeps. The rank yields to its PE's other work (a broadcast
    /// being delivered to the PE's elements included) and, when all the PE
    /// then has queued is the other sleepers' wake-ups, the PE thread
    /// waits off the CPU: until a message reaches the PE, the first
    /// sleeper's time, or at most `SLEEP_SLICE` (a message from another
    /// process does not wake it).
    pub fn sleep(&mut self, d: Duration) {
        let until = Instant::now() + d;
        SLEEPERS.with(|s| s.borrow_mut().push(until));
        loop {
            self.poll();
            let now = Instant::now();
            if now >= until {
                break;
            }
            // The others of this PE's thread are suspended, a wake-up each.
            let (others, first) = SLEEPERS.with(|s| {
                let s = s.borrow();
                (s.len() - 1, s.iter().min().copied().unwrap_or(until))
            });
            if self.host().pe_queued().is_some_and(|q| q <= others) {
                self.host().pe_wait(first.min(now + SLEEP_SLICE));
            }
        }
        SLEEPERS.with(|s| {
            let mut s = s.borrow_mut();
            if let Some(i) = s.iter().position(|&t| t == until) {
                s.swap_remove(i);
            }
        });
    }

    /// Lets this rank's element take in arrived messages (a yield to the
    /// scheduler): non-blocking collectives progress meanwhile. A program
    /// calls it where it waits busily (a test that found nothing), so
    /// where the PEs outnumber the cores the PE also yields its core.
    pub fn poll(&mut self) {
        self.host().relax();
        self.host().wake_later();
        self.block("poll");
    }
}

/// Checks that a root argument names a rank of a communicator of `n`.
fn check_root(call: &'static str, root: i32, n: u32) -> Result<u32, MpiError> {
    if root < 0 || root as u32 >= n {
        return Err(MpiError::InvalidRank {
            call,
            rank: root,
            size: n,
        });
    }
    Ok(root as u32)
}
