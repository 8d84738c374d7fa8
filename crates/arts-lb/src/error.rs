//! The one error type of the load-balancing crate.

use thiserror::Error;

/// Everything that can go wrong validating an input, running a strategy or
/// reading a dump. Every message names the offending value and what is accepted.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum LbError {
    /// The input has no PE.
    #[error("the input has no PE (at least 1 is needed)")]
    NoPes,
    /// A PE field is out of range (speed in 1e-6..=1e6, times in 0..=1e12 s).
    #[error("PE {pe}: {field} = {value} is invalid ({accepted})")]
    BadPe {
        /// PE index.
        pe: usize,
        /// Field name as in the dump format.
        field: &'static str,
        /// The rejected value.
        value: f64,
        /// What is accepted.
        accepted: &'static str,
    },
    /// An object's load is negative, NaN or above 1e12 s.
    #[error("object {index} (id {id}): load_s = {value} is invalid (0 ..= 1e12 seconds accepted)")]
    BadLoad {
        /// Object index.
        index: usize,
        /// Object id.
        id: u64,
        /// The rejected value.
        value: f64,
    },
    /// A byte or message count above `MAX_COUNT`.
    #[error("{what} of entry {index} = {value} is invalid (0 ..= 2^40 accepted)")]
    BadCount {
        /// Which count ("object bytes", "edge bytes", "edge messages").
        what: &'static str,
        /// Object or edge index.
        index: usize,
        /// The rejected value.
        value: u64,
    },
    /// The counts of one kind add up to more than a `u64` holds.
    #[error("the {what} of the input add up to more than 2^64")]
    TotalOverflow {
        /// Which count.
        what: &'static str,
    },
    /// An object sits on a PE that does not exist.
    #[error("object {index} (id {id}) is on PE {pe}, but the input has {pes} PEs (0..{pes})")]
    ObjectPeOutOfRange {
        /// Object index.
        index: usize,
        /// Object id.
        id: u64,
        /// The PE named by the object.
        pe: usize,
        /// Number of PEs.
        pes: usize,
    },
    /// Two objects share an id.
    #[error("object id {id} appears more than once (ids must be unique)")]
    DuplicateId {
        /// The repeated id.
        id: u64,
    },
    /// A communication edge names an object that does not exist.
    #[error(
        "comm edge {index} ({from} -> {to}) names an object out of range (0..{objects} accepted)"
    )]
    EdgeOutOfRange {
        /// Edge index.
        index: usize,
        /// Source object index.
        from: usize,
        /// Destination object index.
        to: usize,
        /// Number of objects.
        objects: usize,
    },
    /// A strategy returned a mapping of the wrong length.
    #[error("strategy {strategy} mapped {got} objects, the input has {expected}")]
    MappingLength {
        /// Strategy name.
        strategy: String,
        /// Objects in the mapping.
        got: usize,
        /// Objects in the input.
        expected: usize,
    },
    /// A strategy mapped an object to a PE that does not exist.
    #[error("strategy {strategy} mapped object {index} to PE {pe}, but there are {pes} PEs")]
    MappingPeOutOfRange {
        /// Strategy name.
        strategy: String,
        /// Object index.
        index: usize,
        /// The PE chosen.
        pe: usize,
        /// Number of PEs.
        pes: usize,
    },
    /// A strategy tried to move an object marked non-migratable.
    #[error(
        "strategy {strategy} tried to move non-migratable object {index} (id {id}) from PE {from} to PE {to}"
    )]
    MovedPinned {
        /// Strategy name.
        strategy: String,
        /// Object index.
        index: usize,
        /// Object id.
        id: u64,
        /// Its current PE.
        from: usize,
        /// The PE the strategy chose.
        to: usize,
    },
    /// No strategy has this name.
    #[error("unknown strategy '{name}' (accepted: {accepted})")]
    UnknownStrategy {
        /// The name asked for.
        name: String,
        /// The accepted names, comma separated.
        accepted: String,
    },
    /// A strategy cannot handle this input (too large for METIS' 32-bit indices, ...).
    #[error("strategy {strategy}: {reason}")]
    Unsupported {
        /// Strategy name.
        strategy: String,
        /// Why.
        reason: String,
    },
    /// A strategy option is out of range.
    #[error("{option} {value} is invalid ({accepted} accepted)")]
    BadOption {
        /// The option, as a flag.
        option: &'static str,
        /// The rejected value.
        value: String,
        /// What is accepted.
        accepted: &'static str,
    },
    /// The METIS library returned an error.
    #[error("METIS failed: {0}")]
    Metis(String),
    /// Re-targeting a dump to another PE count failed.
    #[error("cannot re-target to {pes} PEs: {reason}")]
    Retarget {
        /// The requested PE count.
        pes: usize,
        /// Why.
        reason: String,
    },
}
