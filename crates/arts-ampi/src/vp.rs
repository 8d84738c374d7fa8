//! A virtual processor: one MPI rank's coroutine and its [`Shared`] state,
//! and how they move when the rank's element migrates.
//!
//! Without isomalloc the element's `Serialize` parks the [`VpBox`] in a
//! process-global registry and writes its key and this process's id;
//! `Deserialize` takes it back on the new PE. Nothing is copied: the
//! coroutine's stack (an `mmap`ed region), every heap object and every
//! pointer into them stay where they are, and a key written by another
//! process is refused.
//!
//! With isomalloc (`crate::iso`) the rank's stack, its `Shared` state and
//! what its program allocates lie in its slot; when it leaves the process,
//! [`VpBox::leave`] serializes the slot's bytes and the coroutine's
//! ([`Leaving`]), and [`VpBox::arrive`] writes them back at the same
//! addresses in the process it goes to.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use std::mem::{ManuallyDrop, MaybeUninit};
use std::num::NonZeroUsize;

use corosensei::stack::{DefaultStack, Stack, StackPointer};
use corosensei::{Coroutine, CoroutineResult, Yielder};
use serde::{Deserialize, Deserializer, Serialize};

use crate::engine::{Engine, Net, Packet, Signal};
use crate::iso::{self, layout, slot::ImageMeta, slot::Slot};
use crate::rank_state::Checkpoints;

/// What the coroutine needs from the element running it: the network and
/// the load-balancing calls of its `Ctx`.
pub(crate) trait Host: Net {
    /// Joins the next load-balancing step (`Ctx::at_sync`).
    fn at_sync(&mut self);
    /// Allows or forbids migration (`Ctx::set_migratable`).
    fn set_migratable(&mut self, migratable: bool);
    /// Asks to move the rank's element to `pe` when the current resume
    /// ends (`Ctx::migrate_to`); `false` if refused.
    fn migrate_to(&mut self, pe: u32) -> bool;
    /// The PE running the rank now.
    fn pe(&self) -> u32;
    /// Number of PEs of the run (in every process).
    fn num_pes(&self) -> u32;
    /// Queues a message that resumes the rank after the messages already
    /// queued for it (a yield to the scheduler).
    fn wake_later(&mut self);
    /// A step of a busy wait: yields the core where PEs outnumber cores
    /// (`Ctx::relax`).
    fn relax(&self);
    /// The messages queued on the rank's PE, when that is all it has to
    /// run (`Ctx::pe_queued`).
    fn pe_queued(&self) -> Option<usize>;
    /// Waits off the CPU until a message reaches the rank's PE or `until`
    /// passes (`Ctx::pe_wait`).
    fn pe_wait(&self, until: std::time::Instant);
    /// Counts the rank's time into its measured load, or stops counting
    /// it (`Ctx::resume_load_measure`, `Ctx::pause_load_measure`).
    fn measure_load(&mut self, on: bool);
    /// Sets the rank's load for this balancing period (`Ctx::set_load`).
    fn set_load(&mut self, seconds: f64);
    /// Polls up to `polls` times for a packet or signal of the rank's own
    /// that arrived from another process while its PE has nothing else to
    /// do (`Ctx::poll_own`; see `Mpi::take_own`).
    fn poll_own(&mut self, polls: u32) -> Own;
    /// Whether `poll_own` can ever find anything in this run (`Ctx::offers`).
    fn offers(&self) -> bool;
}

/// What [`Host::poll_own`] found.
pub(crate) enum Own {
    /// A packet for the rank, handled by the PE's accounts: match it now.
    Packet(Packet),
    /// A rendezvous signal for the rank, likewise.
    Signal(Signal),
    /// Nothing arrived in the polls.
    Empty,
    /// The PE has other work (or may not be polled): suspend.
    Busy,
}

/// The element's host, passed to the coroutine at each resume; valid until
/// the coroutine suspends again.
#[derive(Clone, Copy)]
pub(crate) struct HostPtr(pub *mut (dyn Host + 'static));

/// Why the coroutine suspended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Suspend {
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
pub(crate) struct Shared {
    /// The MPI engine.
    pub engine: Engine,
    /// Where the rank is.
    pub state: VpState,
    /// Values the program recorded (`Mpi::record`).
    pub records: Vec<(String, f64)>,
    /// The code the program exited with (`Mpi::set_exit_code`).
    pub exit_code: i32,
    /// Its time is not counted into its load (`Mpi::measure_load`).
    pub load_paused: bool,
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
    /// Whether a blocked rank polls the transport itself in this run
    /// (`Host::offers`), once asked; forgotten when the rank arrives from
    /// another process or a checkpoint.
    pub offers: Option<bool>,
    /// The step of the `checkpoint_ranks` (or, `true`,
    /// `mem_checkpoint_ranks`) call this rank waits in.
    pub checkpoint_step: Option<(u64, bool)>,
    /// The directory that call named (`checkpoint_ranks_to`), if not the run's.
    pub checkpoint_to: Option<std::path::PathBuf>,
    /// How that checkpoint went, once the run has taken it.
    pub checkpointed: Option<Result<(), String>>,
}

impl Shared {
    /// Whether the rank may leave its process before a direct transfer into
    /// or out of its memory would end: it joined a balancing step, or waits
    /// in `migrate_to` or in a checkpoint of whole ranks.
    pub(crate) fn may_leave(&self) -> bool {
        self.sync_pending
            || self.checkpoint_step.is_some()
            || matches!(
                self.state,
                VpState::Syncing | VpState::Blocked("migrate_to")
            )
    }
}

/// Where a rank's coroutine runs: a stack of its own, or its isomalloc slot.
pub(crate) enum VpStack {
    /// An `mmap`ed stack with a guard page.
    Mapped(DefaultStack),
    /// The stack part of an isomalloc slot (its guard page included).
    Slot {
        /// Highest address.
        base: StackPointer,
        /// Lowest address, the guard page included.
        limit: StackPointer,
    },
}

// SAFETY: both kinds have a guard page below at least MIN_STACK_SIZE usable
// bytes (a slot's stack is at least `MIN_STACK_SIZE` of this crate, and its
// guard page is never made accessible); both addresses are page-aligned.
unsafe impl Stack for VpStack {
    fn base(&self) -> StackPointer {
        match self {
            VpStack::Mapped(s) => s.base(),
            VpStack::Slot { base, .. } => *base,
        }
    }
    fn limit(&self) -> StackPointer {
        match self {
            VpStack::Mapped(s) => s.limit(),
            VpStack::Slot { limit, .. } => *limit,
        }
    }
}

/// The coroutine type: resumed with the host, suspends with a reason,
/// returns the program's result (`Err`: the failure text).
pub(crate) type Co = Coroutine<HostPtr, Suspend, Result<(), String>, VpStack>;

/// The yielder the program's `Mpi` handle suspends through.
pub(crate) type VpYielder = Yielder<HostPtr, Suspend>;

/// Stack bytes below the one recorded at the last suspension that a copy
/// of the rank includes: the frames of the switch itself.
const STACK_MARGIN: usize = 64 * 1024;

/// A rank: its coroutine and shared state, boxed so that both stay put.
pub(crate) struct VpBox {
    /// Dropped first: unwinding a suspended coroutine may touch `shared`.
    co: Option<Co>,
    shared: *mut Shared,
    /// The rank's isomalloc slot, if it has one (then `shared` and the
    /// stack are in it).
    slot: Option<Slot>,
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
        if let Some(slot) = self.slot.take() {
            slot.close();
        }
    }
}

/// A rank leaving its process: it lives only in its slot, still open, and
/// serializes ([`Leaving::form`], read back as [`Arriving`]) straight from
/// the slot's memory; the slot is given back when this is dropped, once it
/// was written.
pub(crate) struct Leaving {
    slot: Slot,
    shared: u64,
    co: Vec<u8>,
    stack_from: usize,
}

impl Leaving {
    /// What to serialize.
    pub(crate) fn form(&self) -> Form<'_> {
        Form::of(&self.slot, self.shared, &self.co, self.stack_from)
    }
}

impl Drop for Leaving {
    fn drop(&mut self) {
        self.slot.close();
    }
}

/// A rank imaged for a checkpoint: it serializes like a [`Leaving`] one
/// (a restart [`arrive`](VpBox::arrive)s it), and stays in its slot and goes
/// on. Its checkpoint plan (this process's, not part of the image) is
/// attached again when this is dropped.
pub(crate) struct Imaged<'a> {
    vp: &'a mut VpBox,
    plan: Option<Arc<Checkpoints>>,
    co: Vec<u8>,
    stack_from: usize,
}

impl Imaged<'_> {
    /// What to serialize.
    pub(crate) fn form(&self) -> Form<'_> {
        let slot = self.vp.slot.as_ref().expect("an imaged rank has a slot");
        Form::of(slot, self.vp.shared as u64, &self.co, self.stack_from)
    }
}

impl Drop for Imaged<'_> {
    fn drop(&mut self) {
        self.vp.shared().checkpoints = self.plan.take();
    }
}

/// Bytes serialized as one byte string, from where they are.
struct Raw<'a>(&'a [u8]);

impl Serialize for Raw<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// A rank's serialized copy, field for field as [`Arriving`].
#[derive(Serialize)]
#[serde(rename = "Moved")]
pub(crate) struct Form<'a> {
    code: u64,
    meta: ImageMeta,
    shared: u64,
    co: Raw<'a>,
    header: Raw<'a>,
    stack: Raw<'a>,
    heap: Raw<'a>,
}

impl<'a> Form<'a> {
    fn of(slot: &'a Slot, shared: u64, co: &'a [u8], stack_from: usize) -> Form<'a> {
        let (meta, [header, stack, heap]) = slot.image(stack_from);
        Form {
            code: layout::code_marker(),
            meta,
            shared,
            co: Raw(co),
            header: Raw(header),
            stack: Raw(stack),
            heap: Raw(heap),
        }
    }
}

/// The bytes of a coroutine object, which stays where it is.
fn co_bytes(co: &Co) -> Vec<u8> {
    let at: *const Co = co;
    // SAFETY: reads the object's own bytes, which it does not own twice:
    // the copy only becomes a `Co` again where this one no longer runs.
    unsafe { std::slice::from_raw_parts(at.cast::<u8>(), std::mem::size_of::<Co>()) }.to_vec()
}

/// A rank arriving: what [`Leaving`] wrote, its bytes borrowed from the
/// message where the format allows.
#[derive(Deserialize)]
#[serde(rename = "Moved")]
pub(crate) struct Arriving<'a> {
    /// [`layout::code_marker`] of the process it left.
    code: u64,
    /// Where its bytes go.
    meta: ImageMeta,
    /// Address of its `Shared` (in the slot).
    shared: u64,
    /// The coroutine object's bytes (empty once the program returned).
    #[serde(borrow)]
    co: Cow<'a, [u8]>,
    /// The slot's header page.
    #[serde(borrow)]
    header: Cow<'a, [u8]>,
    /// The stack in use.
    #[serde(borrow)]
    stack: Cow<'a, [u8]>,
    /// The heap up to its high-water mark.
    #[serde(borrow)]
    heap: Cow<'a, [u8]>,
}

impl VpBox {
    /// A rank of `size` running `body` on a stack of `stack_size` bytes:
    /// its own mapping, or with `isomalloc` its slot (number `rank`), where
    /// its state is allocated too.
    pub(crate) fn new(
        rank: u32,
        size: u32,
        stack_size: usize,
        isomalloc: bool,
        body: impl FnOnce(&VpYielder, *mut Shared, HostPtr) -> Result<(), String> + 'static,
    ) -> Result<VpBox, String> {
        let (stack, slot) = if isomalloc {
            let slot = Slot::open(rank as usize, stack_size)?;
            if !iso::serves(slot.index()) {
                slot.close();
                return Err("isomalloc needs arts_ampi::iso::IsoAlloc as the program's \
                            #[global_allocator]"
                    .into());
            }
            let at = |a: usize| NonZeroUsize::new(a).expect("a slot is never at address 0");
            let stack = VpStack::Slot {
                base: at(slot.stack_base()),
                limit: at(slot.stack_limit()),
            };
            (stack, Some(slot))
        } else {
            let stack = DefaultStack::new(stack_size)
                .map_err(|e| format!("cannot map a stack of {stack_size} bytes: {e}"))?;
            (VpStack::Mapped(stack), None)
        };
        iso::with_slot(slot.map(|s| s.index()), || {
            let shared = Box::into_raw(Box::new(Shared {
                engine: Engine::new(rank, size),
                state: VpState::New,
                records: Vec::new(),
                exit_code: 0,
                load_paused: false,
                declared_heap: 0,
                stack_base: stack.base().get(),
                stack_limit: stack.limit().get(),
                stack_size,
                stack_in_use: 0,
                pes: Vec::new(),
                checkpoints: None,
                sync_pending: false,
                offers: None,
                checkpoint_step: None,
                checkpoint_to: None,
                checkpointed: None,
            }));
            let co = Co::with_stack(stack, move |y, host| body(y, shared, host));
            Ok(VpBox {
                co: Some(co),
                shared,
                slot,
            })
        })
    }

    /// The shared state (only while the coroutine is suspended).
    pub(crate) fn shared(&mut self) -> &mut Shared {
        // SAFETY: the coroutine is not running (we hold `&mut self`, and
        // resume is the only way in), so nothing else references it.
        unsafe { &mut *self.shared }
    }

    /// The rank's isomalloc slot number, if it has a slot.
    pub(crate) fn slot(&self) -> Option<usize> {
        self.slot.map(|s| s.index())
    }

    /// Runs the coroutine until it suspends or returns.
    pub(crate) fn resume(&mut self, host: &mut dyn Host) {
        let pe = host.pe();
        let mode = self.slot();
        let shared = self.shared();
        if shared.pes.last() != Some(&pe) {
            iso::with_slot(mode, || shared.pes.push(pe));
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
        let outcome = iso::with_slot(mode, || co.resume(HostPtr(host)));
        let state = match outcome {
            CoroutineResult::Yield(Suspend::Blocked(call)) => VpState::Blocked(call),
            CoroutineResult::Yield(Suspend::Sync) => VpState::Syncing,
            CoroutineResult::Return(Ok(())) => VpState::Done,
            CoroutineResult::Return(Err(e)) => VpState::Failed(e),
        };
        // A rank that failed with sends still read in place by their
        // receivers (`Mpi::isend_in_place`) keeps its stack, where their
        // buffers may be, until it is dropped at the end of the run.
        let ended = matches!(state, VpState::Done | VpState::Failed(_));
        if ended && !self.shared().engine.sending_large() {
            self.co = None;
        }
        self.shared().state = state;
    }

    /// Bytes migrating this rank moves between processes: with isomalloc
    /// exactly its copy; without, an estimate (the stack in use, the heap
    /// the program declared and buffered messages; within a process
    /// nothing is copied).
    pub(crate) fn footprint(&mut self) -> usize {
        if let Some(slot) = self.slot {
            let from = self.stack_from();
            return slot.image_len(from) + std::mem::size_of::<Co>();
        }
        let s = self.shared();
        s.stack_in_use + s.declared_heap + s.engine.buffered_bytes() + 4096
    }

    /// Lowest stack address a copy of the rank includes.
    fn stack_from(&mut self) -> usize {
        let s = self.shared();
        (s.stack_base - s.stack_in_use).saturating_sub(STACK_MARGIN)
    }

    /// Readies a rank with a slot to be copied: the messages its engine
    /// holds are copied into the slot, and its checkpoint plan (this
    /// process's, not part of a copy) is taken out and returned with the
    /// slot and the lowest stack address the copy includes.
    fn ready_to_copy(&mut self) -> (Slot, Option<Arc<Checkpoints>>, usize) {
        let slot = self.slot.expect("a rank copied out of its slot has one");
        let engine = &self.shared().engine;
        assert!(
            !engine.transferring() && !engine.sending_large(),
            "a rank left its process with a direct transfer or a rendezvous send in progress"
        );
        iso::with_slot(Some(slot.index()), || self.shared().engine.rehome());
        let plan = self.shared().checkpoints.take();
        (slot, plan, self.stack_from())
    }

    /// Takes a rank with a slot out of this process (its checkpoint plan
    /// is attached again where it arrives). The rank now lives only in the
    /// returned [`Leaving`], which serializes it.
    pub(crate) fn leave(mut self) -> Leaving {
        let (slot, _plan, stack_from) = self.ready_to_copy();
        // Never dropped here: its stack is copied and resumes elsewhere.
        let co = self.co.take().map(ManuallyDrop::new);
        let co = co.as_deref().map_or_else(Vec::new, co_bytes);
        let shared = self.shared as u64;
        // Its state and stack stay in the slot, for `Leaving` to copy.
        let _kept = ManuallyDrop::new(self);
        Leaving {
            slot,
            shared,
            co,
            stack_from,
        }
    }

    /// Images a rank with a slot for a checkpoint; it goes on afterwards.
    pub(crate) fn image(&mut self) -> Imaged<'_> {
        let (_, plan, stack_from) = self.ready_to_copy();
        let co = self.co.as_ref().map_or_else(Vec::new, co_bytes);
        Imaged {
            vp: self,
            plan,
            co,
            stack_from,
        }
    }

    /// Writes a rank that left this process or another back into its slot;
    /// refused if that process's program is loaded at another address, or
    /// the slot is taken here.
    pub(crate) fn arrive(a: Arriving<'_>) -> Result<Box<VpBox>, String> {
        let rank = a.meta.index;
        if a.code != layout::code_marker() {
            return Err(format!(
                "rank {rank} comes from a process whose program (or a library its C program \
                 calls) is loaded at another address (address-space randomization on; \
                 `arts ampi run --isomalloc` turns it off)"
            ));
        }
        if !(a.co.is_empty() || a.co.len() == std::mem::size_of::<Co>()) {
            return Err(format!("rank {rank}: a coroutine of another build"));
        }
        let slot = Slot::restore(&a.meta, [&a.header, &a.stack, &a.heap])?;
        let co = (!a.co.is_empty()).then(|| {
            let mut co = MaybeUninit::<Co>::uninit();
            // SAFETY: the bytes are a `Co` of this same program (code marker
            // and size checked) whose stack, and everything it points to,
            // was just written back at the same addresses.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    a.co.as_ptr(),
                    co.as_mut_ptr().cast::<u8>(),
                    a.co.len(),
                );
                co.assume_init()
            }
        });
        Ok(Box::new(VpBox {
            co,
            shared: a.shared as *mut Shared,
            slot: Some(slot),
        }))
    }
}

static NEXT_KEY: AtomicU64 = AtomicU64::new(1);
static PARKED: Mutex<Option<HashMap<u64, Box<VpBox>>>> = Mutex::new(None);

/// Parks a migrating rank; returns its key.
pub(crate) fn park(vp: Box<VpBox>) -> u64 {
    let key = NEXT_KEY.fetch_add(1, Ordering::Relaxed);
    let mut parked = PARKED.lock().unwrap_or_else(|e| e.into_inner());
    parked.get_or_insert_with(HashMap::new).insert(key, vp);
    key
}

/// Takes back the rank parked under `key`.
pub(crate) fn unpark(key: u64) -> Option<Box<VpBox>> {
    let mut parked = PARKED.lock().unwrap_or_else(|e| e.into_inner());
    parked.as_mut()?.remove(&key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_core::wire;

    #[test]
    fn the_footprint_counts_declared_heap_and_a_parked_rank_comes_back() {
        let mut vp = VpBox::new(0, 1, 64 * 1024, false, |_, _, _| Ok(())).unwrap();
        let base = vp.footprint();
        vp.shared().declared_heap = 1 << 20;
        assert_eq!(vp.footprint(), base + (1 << 20));
        let key = park(Box::new(vp));
        let mut back = unpark(key).expect("parked");
        assert_eq!(back.shared().declared_heap, 1 << 20);
        assert!(unpark(key).is_none(), "taken once");
    }

    /// A host for driving a rank by hand: nothing to send, no balancer.
    struct Bare(u32);

    impl Net for Bare {
        fn send(&mut self, _: u32, _: crate::engine::Packet) {}
        fn signal(&mut self, _: u32, _: crate::engine::Signal) {}
    }

    impl Host for Bare {
        fn at_sync(&mut self) {}
        fn set_migratable(&mut self, _: bool) {}
        fn migrate_to(&mut self, _: u32) -> bool {
            false
        }
        fn pe(&self) -> u32 {
            self.0
        }
        fn num_pes(&self) -> u32 {
            2
        }
        fn wake_later(&mut self) {}
        fn relax(&self) {}
        fn pe_queued(&self) -> Option<usize> {
            Some(0)
        }
        fn pe_wait(&self, until: std::time::Instant) {
            std::thread::sleep(until.saturating_duration_since(std::time::Instant::now()));
        }
        fn measure_load(&mut self, _: bool) {}
        fn set_load(&mut self, _: f64) {}
        fn poll_own(&mut self, _: u32) -> Own {
            Own::Busy
        }
        fn offers(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_rank_copied_out_of_its_slot_resumes_from_the_copy_intact() {
        let rank = iso::region::SLOTS as u32 - 20;
        let body = |y: &VpYielder, shared, host| {
            let mut mpi = crate::Mpi::new(y, shared, host);
            let heap: Vec<u64> = (0..20_000).collect();
            let inner: *const u64 = &heap[500];
            let local = std::hint::black_box([3u8; 300]);
            let fresh = || Box::new(1u8);
            if !(iso::in_slot(heap.as_ptr().cast()) && iso::in_slot(&*fresh())) {
                return Err("not allocated in the slot".to_string());
            }
            mpi.poll();
            // SAFETY: `inner` points into `heap`, alive and unmoved.
            let intact = heap.iter().enumerate().all(|(i, v)| *v == i as u64)
                && unsafe { *inner } == 500
                && local == [3u8; 300]
                && iso::in_slot(&*fresh());
            if intact {
                Ok(())
            } else {
                Err("changed by the move".to_string())
            }
        };
        let mut vp = Box::new(VpBox::new(rank, rank + 1, 64 * 1024, true, body).unwrap());
        vp.resume(&mut Bare(0));
        assert_eq!(vp.shared().state, VpState::Blocked("poll"));
        let size = vp.footprint();
        let leaving = vp.leave();
        // The wire format, which lends the bytes to the arriving rank.
        let bytes = wire::encode(&leaving.form());
        drop(leaving);
        assert!(
            !iso::region::is_live(rank as usize),
            "the slot is given back"
        );
        let config = bincode::config::legacy();
        let arriving = || {
            let decoded = bincode::serde::borrow_decode_from_slice::<Arriving, _>(&bytes, config);
            let (a, _) = decoded.unwrap();
            assert!(matches!(a.heap, Cow::Borrowed(_)), "lent, not copied");
            a
        };
        let a = arriving();
        let copied = a.header.len() + a.stack.len() + a.heap.len() + a.co.len();
        assert!(copied <= size, "{copied} > {size}");
        assert!(a.heap.len() > 160_000, "the heap is in the copy");
        let foreign = Arriving {
            code: a.code + 16,
            ..a
        };
        let e = VpBox::arrive(foreign).err().unwrap();
        assert!(e.contains("loaded at another address"), "{e}");
        assert!(
            !iso::region::is_live(rank as usize),
            "a refused rank claims nothing"
        );
        let mut back = VpBox::arrive(arriving()).unwrap();
        back.resume(&mut Bare(1));
        assert_eq!(back.shared().state, VpState::Done);
        assert_eq!(back.shared().pes, vec![0, 1]);
        drop(back);
        assert!(!iso::region::is_live(rank as usize));
    }

    #[test]
    fn states_read_back_from_another_process_are_equal_and_names_interned() {
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
