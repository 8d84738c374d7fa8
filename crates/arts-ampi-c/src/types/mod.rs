//! Datatypes: their layout (blocks of bytes, packing; a vector's blocks
//! kept as a tile and its repetition), the `"external32"`
//! representation, and the calls that make and query them.

pub(crate) mod blocks;
pub(crate) mod calls;
pub(crate) mod external32;
pub(crate) mod layout;
