//! The element that owns one rank: [`Rank`], a chare of the AMPI array. Its
//! entry methods feed arriving packets to the rank's engine and resume the
//! coroutine when it waits; `migrate()` maps onto `at_sync` /
//! `resume_from_sync`, and its serde form moves the coroutine between PE
//! threads through the registry of `vp.rs` or, with isomalloc, as a copy
//! of its slot.

use std::any::Any;
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use arts_core::{Callback, Chare, Ctx, Index, Message, OwnPoll, Reducer};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::{Engine, Net, Packet, Signal};
use crate::error::MpiError;
use crate::iso;
use crate::mpi::Mpi;
use crate::rank_state::Checkpoints;
use crate::vp::{self, Arriving, Host, Own, VpBox, VpState};

/// A rank's program: a function of its `Mpi` handle that can be copied,
/// so that with isomalloc each rank runs its own copy, made in its slot.
/// Every `Clone` closure of the right type is one.
pub trait Program: Fn(&mut Mpi<'_>) -> Result<(), MpiError> + Send + Sync + 'static {
    /// A copy of this program, allocated where allocations go now.
    fn boxed_copy(&self) -> Box<ProgramFn>;
}

impl<F> Program for F
where
    F: Fn(&mut Mpi<'_>) -> Result<(), MpiError> + Clone + Send + Sync + 'static,
{
    fn boxed_copy(&self) -> Box<ProgramFn> {
        Box::new(self.clone())
    }
}

/// A rank's program, as the runner holds it.
pub type ProgramFn = dyn Program;

/// What every rank of a run shares: the program, the stack size, and where
/// ranks leave their outcome at the end.
pub(crate) struct Spec {
    /// The program every rank runs.
    pub program: Arc<ProgramFn>,
    /// Number of ranks.
    pub size: u32,
    /// Stack bytes per rank.
    pub stack_size: usize,
    /// Ranks live in isomalloc slots and may move between processes.
    pub isomalloc: bool,
    /// Each rank's outcome, written when the driver asks.
    pub outcomes: Mutex<Vec<Option<RankOutcome>>>,
    /// Where the ranks checkpoint and what they restart from.
    pub checkpoints: Option<Arc<Checkpoints>>,
    /// The directory the ranks of this process named for the checkpoint of
    /// whole ranks they wait in (`Mpi::checkpoint_ranks_to`).
    pub checkpoint_to: Mutex<Option<std::path::PathBuf>>,
}

/// How a rank ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankOutcome {
    /// Its state at the end.
    pub state: VpState,
    /// What it recorded.
    pub records: Vec<(String, f64)>,
    /// The PEs it ran on, in order.
    pub pes: Vec<u32>,
    /// The code its program exited with (0: none given).
    pub exit_code: i32,
}

/// The messages of a rank's element.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) enum AmpiMsg {
    /// Start the program.
    Start,
    /// A packet from another rank (or itself).
    Data(Packet),
    /// A rendezvous signal from another rank, about a large message.
    Signal(Signal),
    /// Resume if blocked (sent to itself by `Mpi::poll`).
    Wake,
    /// Leave the outcome in `Spec::outcomes` and contribute to the `Report` barrier.
    Report,
    /// Contribute whether the rank waits in `checkpoint_ranks`, and its step.
    Poll,
    /// The checkpoint of whole ranks was taken (or why not): the ranks
    /// waiting in `checkpoint_ranks` go on.
    Checkpointed(Result<(), String>),
}

impl Message for AmpiMsg {
    fn entry_name(&self) -> &'static str {
        match self {
            AmpiMsg::Start => "start",
            AmpiMsg::Data(_) => "data",
            AmpiMsg::Signal(_) => "signal",
            AmpiMsg::Wake => "wake",
            AmpiMsg::Report => "report",
            AmpiMsg::Poll => "poll",
            AmpiMsg::Checkpointed(_) => "checkpointed",
        }
    }

    fn size(&self) -> usize {
        match self {
            AmpiMsg::Data(p) => 32 + p.data.len(),
            AmpiMsg::Signal(Signal::Payload { data, .. }) => 16 + data.len(),
            _ => 4,
        }
    }

    // A packet with an inline payload (every message of at most 16 bytes)
    // crosses processes as `COMPACT_DATA` and its byte string, without
    // serde: the path of a cross-process ping-pong.
    #[inline]
    fn compact_len(&self) -> Option<usize> {
        match self {
            AmpiMsg::Data(p) => p.compact_len().map(|n| n + 1),
            _ => None,
        }
    }

    #[inline]
    fn write_compact(&self, out: &mut Vec<u8>) {
        if let AmpiMsg::Data(p) = self {
            out.push(COMPACT_DATA);
            p.write_compact(out);
        }
    }

    #[inline]
    fn decode_compact(bytes: &[u8]) -> Option<Result<Self, arts_core::wire::WireError>> {
        match bytes.split_first() {
            Some((&COMPACT_DATA, packet)) => Some(
                Packet::read_compact(packet)
                    .map(AmpiMsg::Data)
                    .map_err(arts_core::wire::WireError::Decode),
            ),
            _ => None,
        }
    }
}

/// First byte of an `AmpiMsg::Data` in its compact form. The serde form of
/// an `AmpiMsg` starts with its variant's index, a little-endian `u32`
/// below 7, so its first byte is never this one.
const COMPACT_DATA: u8 = 0xA7;

/// Callback tags of an AMPI run.
#[derive(Serialize)]
pub(crate) enum Tag {
    /// Every rank left its outcome.
    Report,
    /// `[1 if every rank waits in checkpoint_ranks else 0, its step]`.
    Poll,
}

/// The element owning one rank. The `Cell` lets `Serialize` (which gets
/// `&self`) move the rank out into the migration registry.
pub(crate) struct Rank {
    vp: Cell<Option<Box<VpBox>>>,
    /// Why the rank could not be created (its stack could not be mapped).
    broken: Option<String>,
}

fn panic_text(p: &(dyn Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(non-string panic payload)".into())
}

/// The element's `Ctx` as the coroutine's host.
struct CtxHost<'c, 'a> {
    ctx: &'c mut Ctx<'a, Rank>,
}

// The runtime's calls allocate what outlives the rank's stay on this PE
// (messages, queues): from the system, never from the rank's slot.
impl Net for CtxHost<'_, '_> {
    fn send(&mut self, dest: u32, packet: Packet) {
        iso::outside(|| {
            let to = self.ctx.this_proxy().at(dest);
            self.ctx.send(to, AmpiMsg::Data(packet));
        })
    }
    #[inline]
    fn send_bytes(&mut self, dest: u32, (src, seq): (u32, u64), ctx: u32, tag: i32, data: &[u8]) {
        iso::outside(|| {
            let to = self.ctx.this_proxy().at(dest);
            let packet = Packet::eager((src, seq), ctx, tag, data);
            self.ctx.send(to, AmpiMsg::Data(packet));
        })
    }
    fn signal(&mut self, dest: u32, signal: Signal) {
        iso::outside(|| {
            let to = self.ctx.this_proxy().at(dest);
            self.ctx.send(to, AmpiMsg::Signal(signal));
        })
    }
    fn process(&self) -> u32 {
        self.ctx.process()
    }
    fn direct(&self) -> Option<&dyn arts_core::transport::Direct> {
        self.ctx.direct()
    }
}

impl Host for CtxHost<'_, '_> {
    fn at_sync(&mut self) {
        iso::outside(|| self.ctx.at_sync())
    }
    fn set_migratable(&mut self, migratable: bool) {
        iso::outside(|| self.ctx.set_migratable(migratable))
    }
    fn migrate_to(&mut self, pe: u32) -> bool {
        // Without isomalloc a coroutine's stack cannot leave its process.
        let reachable = self.ctx.init().isomalloc || self.ctx.local_pes().contains(&pe);
        reachable && iso::outside(|| self.ctx.migrate_to(pe))
    }
    fn pe(&self) -> u32 {
        self.ctx.pe()
    }
    fn num_pes(&self) -> u32 {
        self.ctx.num_pes()
    }
    fn wake_later(&mut self) {
        iso::outside(|| self.ctx.send_self(AmpiMsg::Wake))
    }
    fn relax(&self) {
        self.ctx.relax()
    }
    fn pe_queued(&self) -> Option<usize> {
        self.ctx.pe_queued()
    }
    fn pe_wait(&self, until: std::time::Instant) {
        self.ctx.pe_wait(until)
    }
    fn measure_load(&mut self, on: bool) {
        match on {
            true => self.ctx.resume_load_measure(),
            false => self.ctx.pause_load_measure(),
        }
    }
    fn set_load(&mut self, seconds: f64) {
        self.ctx.set_load(seconds)
    }
    #[inline]
    fn poll_own(&mut self, polls: u32) -> Own {
        let wanted = |m: &AmpiMsg| matches!(m, AmpiMsg::Data(_) | AmpiMsg::Signal(_));
        match iso::outside(|| self.ctx.poll_own(polls, wanted)) {
            OwnPoll::Took(AmpiMsg::Data(p)) => Own::Packet(p),
            OwnPoll::Took(AmpiMsg::Signal(s)) => Own::Signal(s),
            OwnPoll::Empty => Own::Empty,
            OwnPoll::Took(_) | OwnPoll::Busy => Own::Busy,
        }
    }
    fn offers(&self) -> bool {
        self.ctx.offers()
    }
}

impl Rank {
    fn resume(&mut self, ctx: &mut Ctx<'_, Rank>) {
        if let Some(vp) = self.vp.get_mut() {
            // A rank that arrived from another process gets this one's plan.
            if vp.slot().is_some() && vp.shared().checkpoints.is_none() {
                vp.shared().checkpoints = ctx.init().checkpoints.clone();
                vp.shared().offers = None;
            }
            // A rank that arrived paused stays paused (its element's
            // measurements start afresh wherever it lands).
            if vp.shared().load_paused {
                ctx.pause_load_measure();
            }
            vp.resume(&mut CtxHost { ctx });
        }
    }

    /// Feeds the rank's engine what arrived (`take`: a packet or a signal)
    /// in the rank's allocation mode, moves its large messages forward, and
    /// resumes the rank if it waits.
    #[inline]
    fn take_in(&mut self, ctx: &mut Ctx<'_, Rank>, take: impl FnOnce(&mut Engine, &mut CtxHost)) {
        if let Some(vp) = self.vp.get_mut() {
            let mode = vp.slot();
            let mobile = vp.shared().may_leave();
            let engine = &mut vp.shared().engine;
            iso::with_slot(mode, || {
                let host = &mut CtxHost { ctx };
                take(engine, host);
                engine.rendezvous(host, mobile);
            });
        }
        if self.blocked_woken() {
            self.resume(ctx);
        }
    }

    /// Whether the rank is blocked and what arrived resumes it: a rank
    /// blocked in `waitall` waits for all its receives (`engine/gate.rs`).
    #[inline]
    fn blocked_woken(&mut self) -> bool {
        self.vp.get_mut().as_mut().is_some_and(|vp| {
            let s = vp.shared();
            match s.state {
                VpState::Blocked(call) => call != crate::engine::WAITALL || s.engine.wakes(),
                _ => false,
            }
        })
    }

    fn blocked(&mut self) -> bool {
        self.vp
            .get_mut()
            .as_mut()
            .is_some_and(|vp| matches!(vp.shared().state, VpState::Blocked(_)))
    }

    fn outcome(&mut self) -> RankOutcome {
        match (self.vp.get_mut(), &self.broken) {
            (Some(vp), _) => {
                let s = vp.shared();
                RankOutcome {
                    state: s.state.clone(),
                    records: s.records.clone(),
                    pes: s.pes.clone(),
                    exit_code: s.exit_code,
                }
            }
            (None, broken) => RankOutcome {
                state: VpState::Failed(broken.clone().unwrap_or_else(|| "lost".into())),
                records: Vec::new(),
                pes: Vec::new(),
                exit_code: 0,
            },
        }
    }
}

impl Chare for Rank {
    type Msg = AmpiMsg;
    type Init = Arc<Spec>;

    fn new(index: Index, spec: &Arc<Spec>) -> Self {
        let program = spec.program.clone();
        let isomalloc = spec.isomalloc;
        let body = move |y: &vp::VpYielder, shared, host| {
            // In a slot, the rank runs its own copy of the program (its
            // captured values included), so that nothing it reads through
            // the program stays behind in this process when it moves.
            let program: Arc<ProgramFn> = if isomalloc {
                let own = Arc::from(program.boxed_copy());
                drop(program);
                own
            } else {
                program
            };
            let mut mpi = Mpi::new(y, shared, host);
            let run = || -> Result<(), MpiError> {
                program(&mut mpi)?;
                mpi.complete_sends("the end of its program");
                Ok(())
            };
            match catch_unwind(AssertUnwindSafe(run)) {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(e.to_string()),
                Err(p) => Err(format!("panicked: {}", panic_text(p.as_ref()))),
            }
        };
        match VpBox::new(index.x(), spec.size, spec.stack_size, isomalloc, body) {
            Ok(mut vp) => Rank {
                vp: Cell::new(Some(Box::new({
                    vp.shared().checkpoints = spec.checkpoints.clone();
                    vp
                }))),
                broken: None,
            },
            Err(e) => Rank {
                vp: Cell::new(None),
                broken: Some(e),
            },
        }
    }

    fn receive(&mut self, msg: AmpiMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            AmpiMsg::Start => self.resume(ctx),
            AmpiMsg::Data(p) => self.take_in(ctx, |engine, host| engine.on_packet(host, p)),
            AmpiMsg::Signal(signal) => self.take_in(ctx, |engine, _| engine.on_signal(signal)),
            AmpiMsg::Wake => {
                if self.blocked() {
                    self.resume(ctx);
                }
            }
            AmpiMsg::Poll => {
                let step = self.vp.get_mut().as_mut().and_then(|vp| {
                    let s = vp.shared();
                    let to = s.checkpoint_to.clone();
                    s.checkpoint_step
                        .filter(|_| s.state == VpState::Blocked("checkpoint_ranks"))
                        .map(|(step, memory)| (step, memory, to))
                });
                // Waiting, at which step, in memory, into which directory:
                // the same on every rank (the reduction takes the minimum of
                // each; of the directory's hash and of its complement, which
                // are each other's complement only if every rank named one).
                let said = match step {
                    Some((step, memory, to)) => {
                        let h = crate::rank_state::dir_hash(to.as_deref());
                        if let Some(to) = to {
                            *ctx.init()
                                .checkpoint_to
                                .lock()
                                .unwrap_or_else(|e| e.into_inner()) = Some(to);
                        }
                        vec![1, step, u64::from(memory), h, !h]
                    }
                    None => vec![0, 0, 0, 0, 0],
                };
                ctx.contribute(said, Reducer::Min, Callback::main(Tag::Poll));
            }
            AmpiMsg::Checkpointed(result) => {
                if let Some(vp) = self.vp.get_mut() {
                    let mode = vp.slot();
                    let s = vp.shared();
                    s.checkpoint_step = None;
                    // Copied into the slot (the message's text is not).
                    iso::with_slot(mode, || s.checkpointed = Some(result.clone()));
                }
                if self.blocked() {
                    self.resume(ctx);
                }
            }
            AmpiMsg::Report => {
                let outcome = self.outcome();
                let spec = ctx.init().clone();
                let mut all = spec.outcomes.lock().unwrap_or_else(|e| e.into_inner());
                all[ctx.index().x() as usize] = Some(outcome);
                drop(all);
                ctx.contribute((), Reducer::Sum, Callback::main(Tag::Report));
            }
        }
    }

    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        // A rank in `migrate()` waits for this; one that went on after
        // `async_migrate()` is not resumed, only told the step is over.
        let syncing = self.vp.get_mut().as_mut().is_some_and(|vp| {
            let shared = vp.shared();
            shared.sync_pending = false;
            shared.state == VpState::Syncing
        });
        if syncing {
            self.resume(ctx);
        }
    }

    /// An estimate: the stack in use, the declared heap and buffered
    /// messages (what moving the rank to another process would copy).
    fn pup_size(&self) -> usize {
        let mut vp = self.vp.take();
        let size = vp.as_mut().map_or(0, |v| v.footprint());
        self.vp.set(vp);
        size
    }
}

/// How a rank travels: parked in this process, or (with isomalloc, to
/// another process or into a checkpoint) its copy. `FormOut` and `FormIn`
/// are the two sides of one serialized form.
#[derive(Serialize)]
#[serde(rename = "Form")]
enum FormOut<'a> {
    Parked { process: u32, key: u64 },
    Moved(vp::Form<'a>),
    None,
}

#[derive(Deserialize)]
#[serde(rename = "Form")]
enum FormIn<'a> {
    Parked {
        process: u32,
        key: u64,
    },
    #[serde(borrow)]
    Moved(Arriving<'a>),
    None,
}

#[derive(Serialize)]
#[serde(rename = "Rank")]
struct RankOut<'a> {
    form: FormOut<'a>,
    broken: &'a Option<String>,
}

#[derive(Deserialize)]
#[serde(rename = "Rank")]
struct RankIn<'a> {
    #[serde(borrow)]
    form: FormIn<'a>,
    broken: Option<String>,
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use arts_core::migration::{imaging, within_process};
        let broken = &self.broken;
        let out = |form: FormOut<'_>, s: S| RankOut { form, broken }.serialize(s);
        match self.vp.take() {
            // Imaged for a checkpoint, a rank in a slot stays and goes on.
            Some(mut vp) if vp.slot().is_some() && imaging() => {
                let written = out(FormOut::Moved(vp.image().form()), s);
                self.vp.set(Some(vp));
                written
            }
            // It is copied only when it leaves the process.
            Some(vp) if vp.slot().is_some() && !within_process() => {
                out(FormOut::Moved(vp.leave().form()), s)
            }
            Some(vp) => {
                let process = std::process::id();
                out(
                    FormOut::Parked {
                        process,
                        key: vp::park(vp),
                    },
                    s,
                )
            }
            None => out(FormOut::None, s),
        }
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let p = RankIn::deserialize(d)?;
        let vp = match p.form {
            FormIn::None => None,
            FormIn::Moved(a) => Some(VpBox::arrive(a).map_err(serde::de::Error::custom)?),
            FormIn::Parked { process, key } => {
                let me = std::process::id();
                if process != me {
                    return Err(serde::de::Error::custom(format!(
                        "an AMPI rank from process {process} cannot be restored in process {me}: \
                         ranks move between processes only with isomalloc (--isomalloc)"
                    )));
                }
                Some(vp::unpark(key).ok_or_else(|| {
                    serde::de::Error::custom(format!("no AMPI rank is parked under key {key}"))
                })?)
            }
        };
        Ok(Rank {
            vp: Cell::new(vp),
            broken: p.broken,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_core::wire::{decode_chare_message, encode_chare_message};

    fn data(bytes: &[u8]) -> AmpiMsg {
        AmpiMsg::Data(Packet::eager((3, 41), 2, 9, bytes))
    }

    /// Encodes `msg` for another process and reads it back.
    fn across(msg: &AmpiMsg) -> (Vec<u8>, AmpiMsg) {
        let (bytes, bulk) = encode_chare_message(msg).into_parts();
        let back = decode_chare_message(&bytes, &bulk).expect("decodes");
        (bytes, back)
    }

    #[test]
    fn small_packets_cross_in_their_compact_form_and_other_messages_by_serde() {
        let large = vec![5u8; 100];
        for payload in [&[][..], &[1, 2, 3], &[7; 16], &large] {
            let (bytes, back) = across(&data(payload));
            let compact = payload.len() <= crate::engine::INLINE_BYTES;
            assert_eq!(bytes[0] == COMPACT_DATA, compact, "{} bytes", payload.len());
            if compact {
                assert_eq!(bytes.len(), 1 + 22 + payload.len());
            }
            let AmpiMsg::Data(p) = back else {
                panic!("a packet came back as {back:?}")
            };
            assert_eq!((p.src, p.seq, p.ctx, p.tag, p.large), (3, 41, 2, 9, false));
            assert_eq!(&p.data[..], payload);
        }
        // Every other message goes by serde, whose first byte is never the
        // compact form's.
        for msg in [
            AmpiMsg::Start,
            AmpiMsg::Wake,
            AmpiMsg::Checkpointed(Err("no room".into())),
        ] {
            let (bytes, back) = across(&msg);
            assert_ne!(bytes[0], COMPACT_DATA);
            assert_eq!(back.entry_name(), msg.entry_name());
        }
    }

    #[test]
    fn a_damaged_compact_packet_is_an_error_not_a_panic() {
        let (mut bytes, _) = across(&data(&[1, 2, 3]));
        bytes.pop();
        let err = decode_chare_message::<AmpiMsg>(&bytes, &[]).unwrap_err();
        assert!(
            err.to_string().contains("compact packet of 24 bytes"),
            "{err}"
        );
        assert!(decode_chare_message::<AmpiMsg>(&[COMPACT_DATA], &[]).is_err());
    }
}
