//! Point-to-point communication: sends, receives and probes, their
//! completion (waits and tests), persistent and generalized requests.

pub(crate) mod buffers;
pub(crate) mod generalized;
pub(crate) mod grequests;
pub(crate) mod persistent;
pub(crate) mod requests;
pub(crate) mod send_recv;
