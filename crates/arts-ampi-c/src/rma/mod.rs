//! One-sided communication: windows and fences, passive target (locks),
//! post/start/complete/wait, shared-memory and dynamic windows.

pub(crate) mod dynamic;
pub(crate) mod passive;
pub(crate) mod pscw;
pub(crate) mod shm;
pub(crate) mod win;
pub(crate) mod window;
