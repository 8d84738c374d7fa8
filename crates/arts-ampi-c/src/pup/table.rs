//! A rank's registered PUP routines ([`PupTable`], held in its state):
//! what `AMPI_Register_pup` records. When arts calls them, and the calls
//! themselves, are `super::registry`'s.
//!
//! A leaf: the table knows nothing of the running rank, so the rank's
//! state holds it without an import circle.

use std::ffi::c_void;

/// A C PUP routine: `void fn(pup_er p, void *data)`.
pub(crate) type PupFn = unsafe extern "C-unwind" fn(*mut c_void, *mut c_void);

/// One `AMPI_Register_pup`.
pub(crate) struct Registration {
    /// The routine.
    pub(super) f: PupFn,
    /// What the routine is called with.
    pub(super) data: *mut c_void,
}

/// A rank's registered PUP routines.
#[derive(Default)]
pub(crate) struct PupTable {
    /// The registrations, by index.
    pub(super) regs: Vec<Registration>,
    /// The parts of the record the run restarted from, once read (at the
    /// first registration): `Some(vec![])` when there is none.
    pub(super) restored: Option<Vec<Vec<u8>>>,
}
