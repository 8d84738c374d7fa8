//! Errors of a simulation run.

use crate::key::{LpId, Time};

/// What was wrong with an event a handler tried to schedule.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EventFault {
    /// The destination LP does not exist.
    #[error("destination LP {dst} out of range (the model has {lps} LPs)")]
    DstOutOfRange {
        /// Requested destination.
        dst: LpId,
        /// Number of LPs.
        lps: u32,
    },
    /// The delay is NaN or infinite.
    #[error("delay {delay} is not a finite number")]
    NotFinite {
        /// Requested delay.
        delay: Time,
    },
    /// The delay is smaller than the model's declared lookahead.
    #[error("delay {delay} is below the model's lookahead {lookahead}")]
    BelowLookahead {
        /// Requested delay.
        delay: Time,
        /// Declared lookahead.
        lookahead: Time,
    },
    /// The event would not be strictly in the future of its sender (delay `<= 0`,
    /// or too small to change the timestamp).
    #[error("delay {delay} schedules an event in the past or at the current time {now}")]
    NotInFuture {
        /// Requested delay.
        delay: Time,
        /// The sender's current time.
        now: Time,
    },
    /// The LP has sent as many events as a key can number.
    #[error("the LP has sent {limit} events, the most one LP may send in a run")]
    TooManySends {
        /// [`crate::key::MAX_SENDS_PER_LP`].
        limit: u64,
    },
}

/// A bad event: which model, which event was being handled, and what was wrong.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("model {model}: {phase} of LP {lp} at time {time} (event sent by LP {src}): {fault}")]
pub struct EventError {
    /// Model name.
    pub model: String,
    /// `"event"` or `"init"`.
    pub phase: &'static str,
    /// LP whose handler made the request.
    pub lp: LpId,
    /// Timestamp of the handled event.
    pub time: Time,
    /// Sender of the handled event.
    pub src: LpId,
    /// What was wrong.
    pub fault: EventFault,
}

/// Why a run did not complete.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PdesError {
    /// The run configuration is invalid for this model.
    #[error("{0}")]
    Config(String),
    /// A handler scheduled a bad event.
    #[error(transparent)]
    Event(#[from] EventError),
    /// A file the run writes (a checkpoint) could not be written.
    #[error("{0}")]
    Io(String),
}
