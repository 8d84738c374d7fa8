//! The model API: what a simulation model implements and what its handlers see.
//!
//! A model owns `lp_count` logical processes. Each LP has a `State`; events carry
//! a small `Msg` by value. A handler reads and changes its LP's state and schedules
//! new events through [`EventCtx::send`] with a delay of at least the model's lookahead
//! (and strictly positive). Handlers must be deterministic functions of the state,
//! the message and the LP's random stream ([`EventCtx::rng`]); the engines then give
//! identical committed results on every engine and PE count.
//!
//! Rollback (optimistic engine only): before an event, the engine calls
//! [`Model::save`], lets the handler also write into that undo record, and on
//! rollback hands the record back to [`Model::rollback`]. Copy state saving is
//! `save = clone`, `rollback = assign`; incremental saving stores only what the
//! message will touch; reverse computation stores nothing (or a few bits the
//! handler sets) and undoes the handler's arithmetic. The engine itself restores
//! the LP's random stream and send counter, so reverse handlers never un-draw.

use crate::key::{LpId, Time};
use crate::rng::LpRng;

/// How the engine folds one statistic over all LPs (always in LP-id order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatKind {
    /// Sum over LPs.
    Sum,
    /// Maximum over LPs.
    Max,
    /// Minimum over LPs.
    Min,
}

/// A statistic a model declares: its name and how per-LP values combine.
#[derive(Clone, Copy, Debug)]
pub struct StatSpec {
    /// Name as printed and used as JSON key.
    pub name: &'static str,
    /// How per-LP values are combined.
    pub kind: StatKind,
}

/// A simulation model. See the module documentation.
pub trait Model: Sync {
    /// Per-LP state.
    type State: Send;
    /// Event payload, copied by value (keep it small).
    type Msg: Copy + Send;
    /// Per-event rollback record (see the module documentation).
    type Undo: Send + Default;

    /// Model name used in error messages.
    fn name(&self) -> &str;

    /// Number of LPs.
    fn lp_count(&self) -> u32;

    /// Smallest delay any handler uses (`>= 0`); the conservative engine needs it `> 0`.
    fn lookahead(&self) -> Time;

    /// Creates LP `lp`'s initial state and schedules its initial events (at time
    /// `0 + delay`, `delay >= 0`).
    fn init(&self, lp: LpId, ctx: &mut EventCtx<'_, Self::Msg>) -> Self::State;

    /// Handles one event at `ctx.now()` on LP `ctx.lp()`.
    fn handle(
        &self,
        state: &mut Self::State,
        msg: &Self::Msg,
        undo: &mut Self::Undo,
        ctx: &mut EventCtx<'_, Self::Msg>,
    );

    /// Saves what is needed to undo the next `handle` of `msg` (optimistic engine).
    fn save(&self, state: &Self::State, msg: &Self::Msg) -> Self::Undo;

    /// Undoes one `handle` of `msg`, given the undo record that `save` and
    /// `handle` produced. Called newest event first.
    fn rollback(&self, state: &mut Self::State, msg: &Self::Msg, undo: Self::Undo);

    /// Statistics the model reports (values come from [`Model::lp_stats`]).
    fn stats(&self) -> &[StatSpec] {
        &[]
    }

    /// Writes this LP's value of each declared statistic into `out`.
    fn lp_stats(&self, _state: &Self::State, _out: &mut [f64]) {}

    /// A hash of the LP's state, folded into the run checksum.
    fn checksum(&self, state: &Self::State) -> u64;

    /// Sees LP `lp`'s final committed state once, after the run, in LP-id
    /// order on every engine (for models that report more than statistics).
    /// A run across processes calls it in the process that owns the LP.
    fn finished(&self, _lp: LpId, _state: &Self::State) {}

    /// How an event payload crosses processes (runs over several processes,
    /// `crate::dist`); `None` (the default): this model runs in one process only.
    fn codec(&self) -> Option<&dyn MsgCodec<Self::Msg>> {
        None
    }

    /// How an LP's state is written into a checkpoint and read back
    /// (`crate::checkpoint`); `None` (the default): this model's runs cannot
    /// be checkpointed.
    fn state_codec(&self) -> Option<&dyn StateCodec<Self::State>> {
        None
    }
}

/// Writes LP states as bytes and reads them back, for checkpoints.
pub trait StateCodec<S>: Sync {
    /// Appends `state` to `out`.
    fn put(&self, state: &S, out: &mut Vec<u8>);
    /// Reads a state `put` wrote (`None`: the bytes are not one).
    fn get(&self, bytes: &[u8]) -> Option<S>;
}

/// Writes event payloads as bytes and reads them back, for events that cross
/// processes. Every payload takes the same number of bytes.
pub trait MsgCodec<M>: Sync {
    /// Bytes of one payload.
    fn bytes(&self) -> usize;
    /// Writes `msg` into `out` (exactly `bytes()` long).
    fn put(&self, msg: &M, out: &mut [u8]);
    /// Reads a payload `put` wrote into `bytes` (exactly `bytes()` long).
    fn get(&self, bytes: &[u8]) -> M;
}

/// The codec of payloads that carry nothing (`()`, PHOLD's).
pub struct UnitCodec;

impl MsgCodec<()> for UnitCodec {
    fn bytes(&self) -> usize {
        0
    }
    fn put(&self, _msg: &(), _out: &mut [u8]) {}
    fn get(&self, _bytes: &[u8]) {}
}

/// A new event requested by a handler (validated by the engine afterwards).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outgoing<M> {
    pub dst: LpId,
    pub delay: Time,
    pub msg: M,
}

/// What a handler sees besides its state and message: the clock, its LP id, its
/// random stream and the way to schedule events.
pub struct EventCtx<'a, M> {
    pub(crate) now: Time,
    pub(crate) lp: LpId,
    pub(crate) src: LpId,
    pub(crate) lps: u32,
    pub(crate) rng: &'a mut LpRng,
    pub(crate) out: &'a mut Vec<Outgoing<M>>,
}

impl<M> EventCtx<'_, M> {
    /// Current simulation time (the event's timestamp; 0 during `init`).
    #[inline]
    pub fn now(&self) -> Time {
        self.now
    }

    /// The LP handling the event.
    #[inline]
    pub fn lp(&self) -> LpId {
        self.lp
    }

    /// The LP that sent the event (the LP itself during `init`).
    #[inline]
    pub fn sender(&self) -> LpId {
        self.src
    }

    /// Total number of LPs.
    #[inline]
    pub fn lp_count(&self) -> u32 {
        self.lps
    }

    /// This LP's random stream (rolled back with the LP).
    #[inline]
    pub fn rng(&mut self) -> &mut LpRng {
        self.rng
    }

    /// Schedules `msg` for LP `dst` at `now + delay`. The engine checks the
    /// request after the handler returns (LP in range, `delay >= lookahead`,
    /// timestamp strictly later than now) and stops the run with an error naming
    /// the model and event if it is bad.
    #[inline]
    pub fn send(&mut self, dst: LpId, delay: Time, msg: M) {
        self.out.push(Outgoing { dst, delay, msg });
    }
}
