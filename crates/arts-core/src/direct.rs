//! [`Direct`]: large buffers moved straight from one process's memory into
//! another's, for protocols that agree on a transfer before it starts (AMPI's
//! rendezvous sends). A transport that spans processes and can do this (the
//! MPI one) offers it through [`Transport::direct`]; within one process memory
//! is shared and none is needed.
//!
//! The receiver posts first ([`Direct::post_receive`]) and tells the sender,
//! by an ordinary message, its process and the transfer's tag; the sender
//! then posts the matching [`Direct::post_send`]. Each side tests its own
//! transfer ([`Direct::test`]) until it completes. Neither buffer may move or
//! be touched meanwhile.
//!
//! [`Transport::direct`]: crate::transport::Transport::direct

/// One direct transfer in progress, as its transport tracks it.
#[derive(Debug)]
pub struct Transfer {
    /// The transport's handle of the transfer.
    pub handle: usize,
    /// For a receive, the tag it holds (its sender sends with it; the tag is
    /// free again once the receive completed); `None` for a send.
    pub tag: Option<i32>,
}

/// Moves byte buffers between processes without copying them into messages.
pub trait Direct: Send + Sync {
    /// Posts the receive of exactly `len` bytes into `buf` from whichever
    /// process sends with the returned transfer's tag. `None` when this
    /// process has as many receives in progress as it has tags (the caller
    /// then asks for the bytes as a message).
    ///
    /// # Safety
    /// `buf` must stay valid for writes of `len` bytes, and untouched by
    /// anything else, until [`Direct::test`] reports the transfer complete.
    unsafe fn post_receive(&self, buf: *mut u8, len: usize) -> Option<Transfer>;

    /// Posts the send of the `len` bytes at `buf` to the receive holding
    /// `tag` in process `process`.
    ///
    /// # Safety
    /// `buf` must stay valid for reads of `len` bytes, and unchanged, until
    /// [`Direct::test`] reports the transfer complete.
    unsafe fn post_send(&self, process: u32, tag: i32, buf: *const u8, len: usize) -> Transfer;

    /// Whether `transfer` completed. Once it has, the transfer is over: it
    /// must not be tested again.
    fn test(&self, transfer: &mut Transfer) -> bool;
}
