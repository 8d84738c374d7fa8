//! Datatypes: their layout (blocks of bytes, packing) and the calls that
//! make and query them.

pub(crate) mod calls;
pub(crate) mod layout;
