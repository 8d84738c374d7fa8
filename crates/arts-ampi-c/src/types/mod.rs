//! Datatypes: their layout (blocks of bytes, packing), the `"external32"`
//! representation, and the calls that make and query them.

pub(crate) mod calls;
pub(crate) mod external32;
pub(crate) mod layout;
