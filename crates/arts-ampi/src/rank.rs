//! The element that owns one rank: [`Rank`], a chare of the AMPI array. Its
//! entry methods feed arriving packets to the rank's engine and resume the
//! coroutine when it waits; `migrate()` maps onto `at_sync` /
//! `resume_from_sync`, and its serde form moves the coroutine between PE
//! threads through the registry of `vp.rs`.

use std::any::Any;
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use arts_core::{Callback, Chare, Ctx, Index, Message, Reducer};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::checkpoint::Checkpoints;
use crate::engine::{Net, Packet};
use crate::error::MpiError;
use crate::mpi::Mpi;
use crate::vp::{self, Host, VpBox, VpState};

/// A rank's program.
pub type ProgramFn = dyn Fn(&mut Mpi<'_>) -> Result<(), MpiError> + Send + Sync;

/// What every rank of a run shares: the program, the stack size, and where
/// ranks leave their outcome at the end.
pub struct Spec {
    /// The program every rank runs.
    pub program: Arc<ProgramFn>,
    /// Number of ranks.
    pub size: u32,
    /// Stack bytes per rank.
    pub stack_size: usize,
    /// Each rank's outcome, written when the driver asks.
    pub outcomes: Mutex<Vec<Option<RankOutcome>>>,
    /// Where the ranks checkpoint and what they restart from.
    pub checkpoints: Option<Arc<Checkpoints>>,
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
}

/// The messages of a rank's element.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum AmpiMsg {
    /// Start the program.
    Start,
    /// A packet from another rank (or itself).
    Data(Packet),
    /// Resume if blocked (sent to itself by `Mpi::poll`).
    Wake,
    /// Leave the outcome in `Spec::outcomes` and contribute to the `Report` barrier.
    Report,
}

impl Message for AmpiMsg {
    fn entry_name(&self) -> &'static str {
        match self {
            AmpiMsg::Start => "start",
            AmpiMsg::Data(_) => "data",
            AmpiMsg::Wake => "wake",
            AmpiMsg::Report => "report",
        }
    }

    fn size(&self) -> usize {
        match self {
            AmpiMsg::Data(p) => 32 + p.data.len(),
            _ => 4,
        }
    }
}

/// Callback tags of an AMPI run.
#[derive(Serialize)]
pub enum Tag {
    /// Every rank left its outcome.
    Report,
}

/// The element owning one rank. The `Cell` lets `Serialize` (which gets
/// `&self`) move the rank out into the migration registry.
pub struct Rank {
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

impl Net for CtxHost<'_, '_> {
    fn send(&mut self, dest: u32, packet: Packet) {
        let to = self.ctx.this_proxy().at(dest);
        self.ctx.send(to, AmpiMsg::Data(packet));
    }
}

impl Host for CtxHost<'_, '_> {
    fn at_sync(&mut self) {
        self.ctx.at_sync();
    }
    fn set_migratable(&mut self, migratable: bool) {
        self.ctx.set_migratable(migratable);
    }
    fn migrate_to(&mut self, pe: u32) -> bool {
        // A coroutine's stack cannot leave its address space.
        self.ctx.local_pes().contains(&pe) && self.ctx.migrate_to(pe)
    }
    fn pe(&self) -> u32 {
        self.ctx.pe()
    }
    fn wake_later(&mut self) {
        self.ctx.send_self(AmpiMsg::Wake);
    }
}

impl Rank {
    fn resume(&mut self, ctx: &mut Ctx<'_, Rank>) {
        if let Some(vp) = self.vp.get_mut() {
            vp.resume(&mut CtxHost { ctx });
        }
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
                }
            }
            (None, broken) => RankOutcome {
                state: VpState::Failed(broken.clone().unwrap_or_else(|| "lost".into())),
                records: Vec::new(),
                pes: Vec::new(),
            },
        }
    }
}

impl Chare for Rank {
    type Msg = AmpiMsg;
    type Init = Arc<Spec>;

    fn new(index: Index, spec: &Arc<Spec>) -> Self {
        let program = spec.program.clone();
        let body = move |y: &vp::VpYielder, shared, host| {
            let mut mpi = Mpi::new(y, shared, host);
            match catch_unwind(AssertUnwindSafe(|| program(&mut mpi))) {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(e.to_string()),
                Err(p) => Err(format!("panicked: {}", panic_text(p.as_ref()))),
            }
        };
        match VpBox::new(index.x(), spec.size, spec.stack_size, body) {
            Ok(mut vp) => Rank {
                vp: Cell::new(Some(Box::new({
                    vp.shared().checkpoints = spec.checkpoints.clone();
                    vp
                }))),
                broken: None,
            },
            Err(e) => Rank {
                vp: Cell::new(None),
                broken: Some(format!(
                    "cannot map a stack of {} bytes: {e}",
                    spec.stack_size
                )),
            },
        }
    }

    fn receive(&mut self, msg: AmpiMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            AmpiMsg::Start => self.resume(ctx),
            AmpiMsg::Data(p) => {
                if let Some(vp) = self.vp.get_mut() {
                    vp.shared().engine.on_packet(&mut CtxHost { ctx }, p);
                }
                if self.blocked() {
                    self.resume(ctx);
                }
            }
            AmpiMsg::Wake => {
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

/// The serialized form of a rank: where it is parked.
#[derive(Serialize, Deserialize)]
struct Parked {
    process: u32,
    key: u64,
    broken: Option<String>,
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let key = match self.vp.take() {
            Some(vp) => vp::park(vp),
            None => 0,
        };
        Parked {
            process: std::process::id(),
            key,
            broken: self.broken.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let p = Parked::deserialize(d)?;
        let me = std::process::id();
        if p.process != me {
            return Err(serde::de::Error::custom(format!(
                "an AMPI rank from process {} cannot be restored in process {me}: \
                 moving ranks between processes (isomalloc) is not implemented",
                p.process
            )));
        }
        let vp = match p.key {
            0 => None,
            key => Some(vp::unpark(key).ok_or_else(|| {
                serde::de::Error::custom(format!("no AMPI rank is parked under key {key}"))
            })?),
        };
        Ok(Rank {
            vp: Cell::new(vp),
            broken: p.broken,
        })
    }
}
