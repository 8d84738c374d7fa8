//! An MPI object that calls name by handle: a communicator, window,
//! datatype or file. Attributes (`comm/attrs.rs`), names (`comm/names.rs`)
//! and hints (`comm/info.rs`) are kept per object, and every call on one checks its
//! handle the same way and reports through the same error handler.

use std::ffi::c_int;

use crate::abi::*;
use crate::state::errhandler::{file_key, win_key};

/// An object, by kind and handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Object {
    /// A communicator.
    Comm(c_int),
    /// A window.
    Win(c_int),
    /// A datatype.
    Type(c_int),
    /// An open file.
    File(c_int),
}

impl Object {
    /// Its handle.
    pub(crate) fn handle(self) -> c_int {
        match self {
            Object::Comm(h) | Object::Win(h) | Object::Type(h) | Object::File(h) => h,
        }
    }

    /// Its kind, as the calls on it name it (`MPI_Win_...`).
    pub(crate) fn kind(self) -> &'static str {
        match self {
            Object::Comm(_) => "Comm",
            Object::Win(_) => "Win",
            Object::Type(_) => "Type",
            Object::File(_) => "File",
        }
    }

    /// The same kind of object with handle `h`.
    pub(crate) fn with(self, h: c_int) -> Object {
        match self {
            Object::Comm(_) => Object::Comm(h),
            Object::Win(_) => Object::Win(h),
            Object::Type(_) => Object::Type(h),
            Object::File(_) => Object::File(h),
        }
    }

    /// Whose error handler a failed call on it calls (a datatype has
    /// none: `MPI_COMM_WORLD`'s).
    pub(crate) fn handler_key(self) -> c_int {
        match self {
            Object::Comm(c) => c,
            Object::Win(w) => win_key(w),
            Object::Type(_) => MPI_COMM_WORLD,
            Object::File(f) => file_key(f),
        }
    }
}
