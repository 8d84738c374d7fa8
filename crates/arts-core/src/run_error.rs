//! Why a run stopped early: the one error type of [`crate::run`] and of
//! everything a run does (checkpoints, load balancing, reductions). A leaf:
//! the subsystems that report it import nothing else of the runtime.

use crate::index::Index;

/// Why a run stopped early.
#[derive(Clone, Debug, PartialEq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum RunError {
    /// An entry method (or constructor) panicked.
    #[error(
        "entry method `{method}` of element {index} of array `{array}` panicked on PE {pe}: {message}"
    )]
    EntryPanic {
        /// Array name.
        array: String,
        /// Element index.
        index: Index,
        /// Entry method name.
        method: String,
        /// PE it ran on.
        pe: u32,
        /// The panic message.
        message: String,
    },
    /// Contributions to a reduction could not be combined.
    #[error("reduction over array `{array}` failed: {message}")]
    Reduction {
        /// Array name.
        array: String,
        /// What went wrong.
        message: String,
    },
    /// A load-balancing step failed.
    #[error("load balancing failed: {0}")]
    Lb(String),
    /// The configuration is invalid.
    #[error("invalid configuration: {0}")]
    Config(String),
    /// Data from another PE could not be read (a malformed frame, message
    /// or migrated element).
    #[error("PE {pe} could not read {what}: {error}")]
    Wire {
        /// The PE that received it.
        pe: u32,
        /// What it was.
        what: String,
        /// What was wrong with it.
        error: crate::wire::WireError,
    },
    /// A checkpoint could not be taken or restored.
    #[error("checkpoint: {0}")]
    Checkpoint(String),
    /// The main program waits for a callback result that can never come:
    /// the run is quiescent and no element contributed to it.
    #[error(
        "no result will come for callback {tag}: the run is quiescent and no reduction \
         or message is under way to it (did every element contribute with this tag?)"
    )]
    NoResult {
        /// The awaited tag, as the app wrote it (`{"Step":3}`).
        tag: String,
    },
    /// A callback's result is not of the type the main program waits for.
    #[error("the result for callback {tag} is {got}, not {expected}")]
    ResultType {
        /// The callback's tag, as the app wrote it.
        tag: String,
        /// What the elements contributed (`f64`, `vector of u64`, ...).
        got: String,
        /// The type the main program asked for.
        expected: String,
    },
    /// A runtime invariant broke (a bug in arts).
    #[error("internal runtime error: {0}")]
    Internal(String),
}
