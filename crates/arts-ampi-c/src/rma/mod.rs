//! One-sided communication: windows and fences, passive target (locks),
//! post/start/complete/wait, shared-memory and dynamic windows, and the
//! direct gets and puts of ranks of one process.

pub(crate) mod direct;
pub(crate) mod dynamic;
pub(crate) mod passive;
pub(crate) mod pscw;
pub(crate) mod shm;
pub(crate) mod win;
pub(crate) mod window;
