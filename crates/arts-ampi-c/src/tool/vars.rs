//! What `MPI_T` shows of a rank: its control variables (read-only facts of
//! the run), its performance variables (where it runs, what its matching
//! holds, the messages it has passed), the one enumeration they use and
//! the categories that group them. Each variable is read from the rank's
//! own `Mpi` handle when a tool asks: nothing is counted for `MPI_T` on
//! the message path.

use std::ffi::c_int;

use arts_ampi::Mpi;
use arts_ampi::engine::RENDEZVOUS_MIN;

use crate::abi::datatype;

/// A handle's datatype of `MPI_UNSIGNED`.
pub(crate) const UNSIGNED: c_int = datatype("MPI_UNSIGNED");
/// Of `MPI_UNSIGNED_LONG_LONG`.
pub(crate) const UNSIGNED_LONG_LONG: c_int = datatype("MPI_UNSIGNED_LONG_LONG");
/// Of `MPI_INT`.
pub(crate) const INT: c_int = datatype("MPI_INT");

/// `MPI_T_VERBOSITY_USER_BASIC`.
const USER_BASIC: c_int = 0;
/// `MPI_T_VERBOSITY_TUNER_BASIC`.
const TUNER_BASIC: c_int = 3;
/// `MPI_T_VERBOSITY_TUNER_DETAIL`.
const TUNER_DETAIL: c_int = 4;
/// `MPI_T_SCOPE_CONSTANT`.
pub(crate) const SCOPE_CONSTANT: c_int = 0;
/// `MPI_T_PVAR_CLASS_LEVEL`.
const LEVEL: c_int = 1;
/// `MPI_T_PVAR_CLASS_SIZE`.
const SIZE: c_int = 2;
/// `MPI_T_PVAR_CLASS_COUNTER`.
pub(crate) const COUNTER: c_int = 6;
/// `MPI_T_PVAR_CLASS_GENERIC`.
const GENERIC: c_int = 9;
/// `MPI_T_ENUM_NULL`.
pub(crate) const ENUM_NULL: c_int = -1;

/// An enumeration: its name and (name, value) items.
pub(crate) struct Enum {
    pub name: &'static str,
    pub items: &'static [(&'static str, c_int)],
}

/// The enumerations (`MPI_T_enum` = index).
pub(crate) const ENUMS: &[Enum] = &[Enum {
    name: "arts_rank_memory",
    items: &[("system", 0), ("isomalloc", 1)],
}];

/// A control variable: an `MPI_INT` bound to no object, the same for the
/// whole run (`MPI_T_SCOPE_CONSTANT`).
pub(crate) struct Cvar {
    pub name: &'static str,
    pub desc: &'static str,
    pub verbosity: c_int,
    pub enumtype: c_int,
    pub read: fn(&mut Mpi<'static>) -> c_int,
}

/// The control variables (index = place).
pub(crate) const CVARS: &[Cvar] = &[
    Cvar {
        name: "arts_pes",
        desc: "PEs of the run, in all its processes",
        verbosity: USER_BASIC,
        enumtype: ENUM_NULL,
        read: |m| m.num_pes() as c_int,
    },
    Cvar {
        name: "arts_rank_memory",
        desc: "where the rank's heap and stack live: system memory, or an isomalloc slot \
               that lets it move between processes (--isomalloc)",
        verbosity: USER_BASIC,
        enumtype: 0,
        read: |_| c_int::from(arts_ampi::iso::current().is_some()),
    },
    Cvar {
        name: "arts_rendezvous_min_bytes",
        desc: "messages of at least this many bytes go by rendezvous: the receiver takes \
               them from the sender's buffer once a receive matched",
        verbosity: TUNER_BASIC,
        enumtype: ENUM_NULL,
        read: |_| RENDEZVOUS_MIN as c_int,
    },
];

/// A performance variable bound to no object. A counter (the only class
/// that may be started, stopped, written and reset, per handle) counts
/// from zero while its handle is started; the others are read as they
/// are, continuously.
pub(crate) struct Pvar {
    pub name: &'static str,
    pub desc: &'static str,
    pub verbosity: c_int,
    pub class: c_int,
    pub datatype: c_int,
    pub read: fn(&mut Mpi<'static>) -> u64,
}

impl Pvar {
    /// Whether its handles are always active (everything but counters).
    pub(crate) fn continuous(&self) -> bool {
        self.class != COUNTER
    }
}

/// The performance variables (index = place).
pub(crate) const PVARS: &[Pvar] = &[
    Pvar {
        name: "arts_pe",
        desc: "the PE this rank runs on now (it changes when the rank migrates)",
        verbosity: USER_BASIC,
        class: GENERIC,
        datatype: UNSIGNED,
        read: |m| u64::from(m.pe()),
    },
    Pvar {
        name: "arts_process",
        desc: "the process this rank runs in now (0 in a one-process run)",
        verbosity: USER_BASIC,
        class: GENERIC,
        datatype: UNSIGNED,
        read: |m| u64::from(m.process()),
    },
    Pvar {
        name: "arts_resumptions",
        desc: "times this rank was suspended (blocked in a call, or moving) and resumed",
        verbosity: TUNER_BASIC,
        class: COUNTER,
        datatype: UNSIGNED_LONG_LONG,
        read: |m| m.resumptions(),
    },
    Pvar {
        name: "arts_unexpected_recvq_length",
        desc: "messages arrived at this rank that no receive has matched yet",
        verbosity: TUNER_BASIC,
        class: LEVEL,
        datatype: UNSIGNED,
        read: |m| m.queues().unexpected as u64,
    },
    Pvar {
        name: "arts_posted_recvq_length",
        desc: "receives this rank posted that no message has matched yet",
        verbosity: TUNER_BASIC,
        class: LEVEL,
        datatype: UNSIGNED,
        read: |m| m.queues().posted as u64,
    },
    Pvar {
        name: "arts_unexpected_bytes",
        desc: "bytes of the messages this rank holds unmatched or out of order",
        verbosity: TUNER_DETAIL,
        class: SIZE,
        datatype: UNSIGNED_LONG_LONG,
        read: |m| m.queues().buffered_bytes as u64,
    },
    Pvar {
        name: "arts_messages_sent",
        desc: "messages this rank sent to other ranks (those of collectives included)",
        verbosity: TUNER_BASIC,
        class: COUNTER,
        datatype: UNSIGNED_LONG_LONG,
        read: |m| m.queues().sent,
    },
    Pvar {
        name: "arts_messages_received",
        desc: "messages from other ranks this rank took in, matched or not \
               (those of collectives included)",
        verbosity: TUNER_BASIC,
        class: COUNTER,
        datatype: UNSIGNED_LONG_LONG,
        read: |m| m.queues().received,
    },
];

/// A category: its variables and sub-categories, by index.
pub(crate) struct Category {
    pub name: &'static str,
    pub desc: &'static str,
    pub cvars: &'static [c_int],
    pub pvars: &'static [c_int],
    pub categories: &'static [c_int],
}

/// The categories (index = place); they never change.
pub(crate) const CATEGORIES: &[Category] = &[
    Category {
        name: "arts",
        desc: "arts' Adaptive MPI: where a rank runs, and what its matching holds",
        cvars: &[],
        pvars: &[],
        categories: &[1, 2],
    },
    Category {
        name: "arts_placement",
        desc: "where a rank runs and how often it was suspended",
        cvars: &[0, 1],
        pvars: &[0, 1, 2],
        categories: &[],
    },
    Category {
        name: "arts_matching",
        desc: "a rank's point-to-point matching: its queues and the messages it passed",
        cvars: &[2],
        pvars: &[3, 4, 5, 6, 7],
        categories: &[],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variable_sits_in_one_category_and_names_are_unique() {
        let mut cvars: Vec<c_int> = CATEGORIES.iter().flat_map(|c| c.cvars).copied().collect();
        let mut pvars: Vec<c_int> = CATEGORIES.iter().flat_map(|c| c.pvars).copied().collect();
        cvars.sort();
        pvars.sort();
        assert_eq!(cvars, (0..CVARS.len() as c_int).collect::<Vec<_>>());
        assert_eq!(pvars, (0..PVARS.len() as c_int).collect::<Vec<_>>());
        let mut names: Vec<&str> = CVARS.iter().map(|v| v.name).collect();
        names.extend(PVARS.iter().map(|v| v.name));
        names.extend(CATEGORIES.iter().map(|c| c.name));
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
        assert!(
            CVARS
                .iter()
                .all(|v| v.enumtype == ENUM_NULL || (v.enumtype as usize) < ENUMS.len())
        );
    }
}
