//! Control messages between the runtime's own parts, as plain data that
//! the envelope carries and the frame serializes: load balancing
//! ([`LbMsg`], with a PE's measurements, [`PeStats`]). The subsystem that
//! sends and handles them (`lb_manager`) sits above; this module imports
//! only ids.

use crate::PeId;
use crate::ids::ArrayId;

/// One element's measurements for an LB step.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct ObjStats {
    pub linear: u64,
    pub load_s: f64,
    /// `load_s` is the element's own (`Ctx::set_load`), not a measured
    /// wall-clock time to turn into CPU time.
    pub given: bool,
    pub migratable: bool,
    pub bytes: u64,
}

/// The elements a load-balancing step moves, as one PE's `Moves` gives them.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Moved {
    /// (linear index, destination PE) of each element departing from the PE.
    pub departures: Vec<(u64, PeId)>,
    /// Where elements that move in this step go, as far as the PE needs
    /// to know (empty in a periodic step, whose departures may be
    /// declined): (linear index, destination) of the elements that arrive
    /// there and of those that elements there (after the step) sent
    /// messages to. The location updates of Charm++'s central balancers,
    /// sent with the decision.
    pub told: Vec<(u64, PeId)>,
}

/// Load-balancing messages between PEs and the manager on PE 0.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum LbMsg {
    /// `count` more elements of `array` on this PE are waiting in
    /// `at_sync` (an element to its own PE, which then reports [`LbMsg::Ready`]).
    AtSync {
        /// The array.
        array: ArrayId,
        /// Elements newly at sync.
        count: u64,
    },
    /// `count` elements of `array` on the sender are waiting in `at_sync`;
    /// with the sender's measurements when the step will balance (so the
    /// manager need not ask for them: one wide-area crossing instead of three).
    Ready {
        /// The array.
        array: ArrayId,
        /// Elements newly at sync.
        count: u64,
        /// The sender's measurements since its last report, if sent along.
        stats: Option<Box<PeStats>>,
    },
    /// Manager to every PE: send your measurements for `array`.
    Collect {
        /// The array.
        array: ArrayId,
    },
    /// A PE's measurements.
    Stats(Box<PeStats>),
    /// Manager to one PE: migrate these elements; expect `arrivals` elements.
    /// In a periodic step (`periodic`) a departure whose element waits in
    /// `at_sync` is declined instead ([`LbMsg::Declined`]).
    Moves {
        /// The array.
        array: ArrayId,
        /// The elements that move: the departures from this PE and what
        /// it is told of the others (boxed: envelopes stay small).
        moved: Box<Moved>,
        /// How many elements will arrive here.
        arrivals: u64,
        /// The `at_sync` number of the next balancing step (`Auto` periods).
        next_sync: u32,
        /// A periodic step (elements are not waiting in `at_sync`).
        periodic: bool,
    },
    /// A PE to the destination of a periodic departure it declined (the
    /// element had entered `at_sync` meanwhile): counts as its arrival.
    Declined {
        /// The array.
        array: ArrayId,
    },
    /// A PE sent its departures and received all its arrivals.
    Done {
        /// The array.
        array: ArrayId,
        /// Serialized bytes it sent.
        bytes_out: u64,
    },
}

/// One PE's measurements since the previous step.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct PeStats {
    pub(crate) array: ArrayId,
    pub(crate) pe: PeId,
    pub(crate) speed: f64,
    pub(crate) wall_s: f64,
    pub(crate) entry_s: f64,
    pub(crate) idle_s: f64,
    /// Part of `idle_s` spent parked (off the CPU).
    pub(crate) parked_s: f64,
    /// CPU time the PE's thread got.
    pub(crate) cpu_s: f64,
    pub(crate) objects: Vec<ObjStats>,
    /// (from linear, to linear, messages, bytes) within the array.
    pub(crate) comm: Vec<(u64, u64, u64, u64)>,
}
