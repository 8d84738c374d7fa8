//! Errors of MPI calls ([`MpiError`]) and of whole AMPI runs ([`AmpiError`]).

/// Why an MPI call failed. Every variant names the call (`"recv"`, `"bcast"`, ...).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MpiError {
    /// A rank argument outside `0..size` of the communicator (or a wildcard where none is allowed).
    #[error("{call}: rank {rank} is not in the communicator of {size} ranks")]
    InvalidRank {
        /// The call.
        call: &'static str,
        /// The rank given.
        rank: i32,
        /// The communicator's size.
        size: u32,
    },
    /// A tag below 0 (other than `ANY_TAG` in a receive).
    #[error("{call}: tag {tag} is invalid (tags are 0..=i32::MAX; ANY_TAG only in receives)")]
    InvalidTag {
        /// The call.
        call: &'static str,
        /// The tag given.
        tag: i32,
    },
    /// A message longer than the receive buffer (it is not received).
    #[error(
        "{call}: a message of {bytes} bytes (from rank {sender}, tag {tag}) is truncated by a \
         buffer of {capacity} bytes"
    )]
    Truncated {
        /// The call.
        call: &'static str,
        /// The message's size.
        bytes: usize,
        /// The buffer's size.
        capacity: usize,
        /// The message's source, in the receive's communicator.
        sender: i32,
        /// The message's tag.
        tag: i32,
    },
    /// Buffers or counts that do not fit each other.
    #[error("{call}: {what}")]
    Count {
        /// The call.
        call: &'static str,
        /// What does not fit.
        what: String,
    },
    /// An intercommunicator where a call takes an intracommunicator, or
    /// the other way round.
    #[error("{call}: communicator {comm} is an {}communicator; this call takes an {}communicator", if *inter { "inter" } else { "intra" }, if *inter { "intra" } else { "inter" })]
    CommKind {
        /// The call.
        call: &'static str,
        /// The communicator's handle.
        comm: u32,
        /// Whether it is an intercommunicator.
        inter: bool,
    },
    /// A request or communicator handle that is not live.
    #[error("{call}: invalid handle {handle}")]
    InvalidHandle {
        /// The call.
        call: &'static str,
        /// The handle.
        handle: u32,
    },
    /// A datatype the operation is not defined for (e.g. `land` on `f64`).
    #[error("{call}: operation {op} is not defined for {kind}")]
    OpType {
        /// The call.
        call: &'static str,
        /// The operation.
        op: String,
        /// The datatype kind.
        kind: &'static str,
    },
    /// A checkpoint that could not be written or read back.
    #[error("{call}: {what}")]
    Checkpoint {
        /// The call.
        call: &'static str,
        /// What went wrong.
        what: String,
    },
    /// A PE that is not one of the run's, or is in another process
    /// (`migrate_to`: ranks move between the PEs of their process).
    #[error("{call}: PE {pe} is not a PE of this rank's process")]
    InvalidPe {
        /// The call.
        call: &'static str,
        /// The PE given.
        pe: u32,
    },
    /// A failure the program reports in its own words (a C program's
    /// fatal MPI error, or its `main` returning non-zero).
    #[error("{0}")]
    Program(String),
}

/// Why an AMPI run failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AmpiError {
    /// Bad options (zero ranks, unknown program, bad program parameters).
    #[error("{0}")]
    Usage(String),
    /// The runtime stopped the run (a PE failed, load balancing failed, ...).
    #[error("{0}")]
    Runtime(#[from] arts_core::RunError),
    /// One or more ranks failed: an MPI call returned an error the program
    /// passed on, or the rank panicked. The text names every failed rank.
    #[error("{0}")]
    RankFailed(String),
    /// Quiescence was reached while ranks were still blocked: names each
    /// stuck rank and the call it is blocked in.
    #[error("deadlock: {0}")]
    Deadlock(String),
}
