//! A virtual processor: one MPI rank's coroutine and its [`Shared`] state,
//! and the process-global registry that carries them across PE threads
//! when the rank's element migrates.
//!
//! The element's `Serialize` parks the [`VpBox`] in the registry and writes
//! its key and this process's id; `Deserialize` takes it back on the new PE.
//! Nothing is copied: the coroutine's stack (an `mmap`ed region), every heap
//! object and every pointer into them stay where they are. A key written by
//! another process is refused: moving a stack between address spaces needs
//! isomalloc, which this crate does not implement.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use corosensei::stack::{DefaultStack, Stack};
use corosensei::{Coroutine, CoroutineResult, Yielder};
use serde::{Deserialize, Deserializer, Serialize};

use crate::checkpoint::Checkpoints;
use crate::engine::{Engine, Net};

/// What the coroutine needs from the element running it: the network and
/// the load-balancing calls of its `Ctx`.
pub trait Host: Net {
    /// Joins the next load-balancing step (`Ctx::at_sync`).
    fn at_sync(&mut self);
    /// Allows or forbids migration (`Ctx::set_migratable`).
    fn set_migratable(&mut self, migratable: bool);
    /// Asks to move the rank's element to `pe` when the current resume
    /// ends (`Ctx::migrate_to`); `false` if refused.
    fn migrate_to(&mut self, pe: u32) -> bool;
    /// The PE running the rank now.
    fn pe(&self) -> u32;
    /// Queues a message that resumes the rank after the messages already
    /// queued for it (a yield to the scheduler).
    fn wake_later(&mut self);
}

/// The element's host, passed to the coroutine at each resume; valid until
/// the coroutine suspends again.
#[derive(Clone, Copy)]
pub struct HostPtr(pub *mut (dyn Host + 'static));

/// Why the coroutine suspended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suspend {
    /// Blocked in an MPI call (named): resume when a message arrives.
    Blocked(&'static str),
    /// In `migrate()`: resume in `resume_from_sync`.
    Sync,
}

/// Where a rank is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum VpState {
    /// Created, not started.
    New,
    /// Running (inside a resume).
    Running,
    /// Suspended in the named MPI call.
    Blocked(&'static str),
    /// Suspended in `migrate()`.
    Syncing,
    /// The program returned.
    Done,
    /// The program returned an error or panicked.
    Failed(String),
}

/// `VpState` as read back from another process (a call's name owned).
#[derive(Deserialize)]
#[serde(rename = "VpState")]
enum StateRead {
    New,
    Running,
    Blocked(String),
    Syncing,
    Done,
    Failed(String),
}

impl<'de> Deserialize<'de> for VpState {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match StateRead::deserialize(d)? {
            StateRead::New => VpState::New,
            StateRead::Running => VpState::Running,
            StateRead::Blocked(call) => VpState::Blocked(interned(call)),
            StateRead::Syncing => VpState::Syncing,
            StateRead::Done => VpState::Done,
            StateRead::Failed(why) => VpState::Failed(why),
        })
    }
}

/// `name` as a `&'static str`: each distinct name is allocated once (MPI
/// calls are a few dozen).
fn interned(name: String) -> &'static str {
    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = names.iter().find(|n| **n == name) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.into_boxed_str());
    names.push(leaked);
    leaked
}

/// A rank's state beside its coroutine.
pub struct Shared {
    /// The MPI engine.
    pub engine: Engine,
    /// Where the rank is.
    pub state: VpState,
    /// Values the program recorded (`Mpi::record`).
    pub records: Vec<(String, f64)>,
    /// Heap bytes the program declared (`Mpi::declare_heap`), for the migration-size estimate.
    pub declared_heap: usize,
    /// Highest address of the coroutine's stack.
    pub stack_base: usize,
    /// Lowest address of its mapping (the guard page starts there).
    pub stack_limit: usize,
    /// Usable stack bytes.
    pub stack_size: usize,
    /// Stack bytes in use at the last suspension.
    pub stack_in_use: usize,
    /// PEs the rank ran on, in order of change (the first is its home).
    pub pes: Vec<u32>,
    /// Where `Mpi::checkpoint` writes and what `Mpi::restored` reads.
    pub checkpoints: Option<Arc<Checkpoints>>,
    /// An `async_migrate()` joined a balancing step that has not ended.
    pub sync_pending: bool,
}

/// The coroutine type: resumed with the host, suspends with a reason,
/// returns the program's result (`Err`: the failure text).
pub type Co = Coroutine<HostPtr, Suspend, Result<(), String>, DefaultStack>;

/// The yielder the program's `Mpi` handle suspends through.
pub type VpYielder = Yielder<HostPtr, Suspend>;

/// A rank: its coroutine and shared state, boxed so that both stay put.
pub struct VpBox {
    /// Dropped first: unwinding a suspended coroutine may touch `shared`.
    co: Option<Co>,
    shared: *mut Shared,
}

// SAFETY: a VpBox is used by one thread at a time: the PE thread running its
// element, or the registry while it migrates. The coroutine runs only inside
// `VpBox::resume` and its stack and heap are ordinary process memory, valid on
// any thread. The limit: a program must not hold a reference into a
// thread-local (or a `!Send` value tied to its thread) across a blocking MPI
// call or `migrate()`, since it may resume on another PE thread.
unsafe impl Send for VpBox {}

impl Drop for VpBox {
    fn drop(&mut self) {
        drop(self.co.take());
        // SAFETY: `shared` came from `Box::into_raw` and the coroutine,
        // the only other user, is gone.
        drop(unsafe { Box::from_raw(self.shared) });
    }
}

impl VpBox {
    /// A rank of `size` running `body` on a stack of `stack_size` bytes.
    pub fn new(
        rank: u32,
        size: u32,
        stack_size: usize,
        body: impl FnOnce(&VpYielder, *mut Shared, HostPtr) -> Result<(), String> + 'static,
    ) -> std::io::Result<VpBox> {
        let stack = DefaultStack::new(stack_size)?;
        let shared = Box::into_raw(Box::new(Shared {
            engine: Engine::new(rank, size),
            state: VpState::New,
            records: Vec::new(),
            declared_heap: 0,
            stack_base: stack.base().get(),
            stack_limit: stack.limit().get(),
            stack_size,
            stack_in_use: 0,
            pes: Vec::new(),
            checkpoints: None,
            sync_pending: false,
        }));
        let co = Co::with_stack(stack, move |y, host| body(y, shared, host));
        Ok(VpBox {
            co: Some(co),
            shared,
        })
    }

    /// The shared state (only while the coroutine is suspended).
    pub fn shared(&mut self) -> &mut Shared {
        // SAFETY: the coroutine is not running (we hold `&mut self`, and
        // resume is the only way in), so nothing else references it.
        unsafe { &mut *self.shared }
    }

    /// Runs the coroutine until it suspends or returns.
    pub fn resume(&mut self, host: &mut dyn Host) {
        let pe = host.pe();
        let shared = self.shared();
        if shared.pes.last() != Some(&pe) {
            shared.pes.push(pe);
        }
        shared.state = VpState::Running;
        let rank = shared.engine.world_rank();
        let _guard = crate::guard::enter(rank, shared.stack_limit, shared.stack_size);
        let Some(co) = self.co.as_mut() else {
            return;
        };
        // SAFETY: the pointer is used by the coroutine only until it
        // suspends, which happens before this function returns.
        let host: *mut (dyn Host + 'static) = unsafe { std::mem::transmute(host) };
        let state = match co.resume(HostPtr(host)) {
            CoroutineResult::Yield(Suspend::Blocked(call)) => VpState::Blocked(call),
            CoroutineResult::Yield(Suspend::Sync) => VpState::Syncing,
            CoroutineResult::Return(Ok(())) => VpState::Done,
            CoroutineResult::Return(Err(e)) => VpState::Failed(e),
        };
        if matches!(state, VpState::Done | VpState::Failed(_)) {
            self.co = None;
        }
        self.shared().state = state;
    }

    /// Bytes migrating this rank would move between processes: the stack in
    /// use, the heap the program declared and buffered messages. (Within a
    /// process nothing is copied.)
    pub fn footprint(&mut self) -> usize {
        let s = self.shared();
        s.stack_in_use + s.declared_heap + s.engine.buffered_bytes() + 4096
    }
}

static NEXT_KEY: AtomicU64 = AtomicU64::new(1);
static PARKED: Mutex<Option<HashMap<u64, Box<VpBox>>>> = Mutex::new(None);

/// Parks a migrating rank; returns its key.
pub fn park(vp: Box<VpBox>) -> u64 {
    let key = NEXT_KEY.fetch_add(1, Ordering::Relaxed);
    let mut parked = PARKED.lock().unwrap_or_else(|e| e.into_inner());
    parked.get_or_insert_with(HashMap::new).insert(key, vp);
    key
}

/// Takes back the rank parked under `key`.
pub fn unpark(key: u64) -> Option<Box<VpBox>> {
    let mut parked = PARKED.lock().unwrap_or_else(|e| e.into_inner());
    parked.as_mut()?.remove(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_footprint_counts_declared_heap_and_a_parked_rank_comes_back() {
        let mut vp = VpBox::new(0, 1, 64 * 1024, |_, _, _| Ok(())).unwrap();
        let base = vp.footprint();
        vp.shared().declared_heap = 1 << 20;
        assert_eq!(vp.footprint(), base + (1 << 20));
        let key = park(Box::new(vp));
        let mut back = unpark(key).expect("parked");
        assert_eq!(back.shared().declared_heap, 1 << 20);
        assert!(unpark(key).is_none(), "taken once");
    }

    #[test]
    fn states_read_back_from_another_process_are_equal_and_names_interned() {
        use arts_core::wire;
        let states = [
            VpState::New,
            VpState::Running,
            VpState::Blocked("recv"),
            VpState::Syncing,
            VpState::Done,
            VpState::Failed("panicked: boom".into()),
        ];
        for s in &states {
            assert_eq!(&wire::decode::<VpState>(&wire::encode(s)).unwrap(), s);
        }
        let name = |bytes: &[u8]| match wire::decode(bytes).unwrap() {
            VpState::Blocked(call) => call,
            other => panic!("{other:?}"),
        };
        let bytes = wire::encode(&VpState::Blocked("a call read twice"));
        assert!(std::ptr::eq(name(&bytes), name(&bytes)), "allocated once");
    }
}
