//! Point-to-point calls. Sends are eager: the data is copied once into the
//! message and the send completes at once; a receive copies it once into
//! the user's buffer (in process the message itself is moved, not copied).
//! A blocking send of a large message goes by rendezvous instead: it waits
//! until the receiver took the bytes straight from the send buffer
//! (`engine/README.md`).

use super::{Comm, Mpi, Request};
use crate::datatype::{MpiType, bytes_of, bytes_of_mut};
use crate::engine::{Claimed, Status};
use crate::error::MpiError;

/// A message taken out of matching by [`Mpi::mprobe`] or [`Mpi::improbe`]:
/// no other receive can match it; [`Mpi::mrecv`] or [`Mpi::imrecv`]
/// receives it. Dropping it unreceived loses the message.
#[must_use = "a matched message is received only by mrecv or imrecv"]
#[derive(Debug)]
pub struct MatchedMessage(Claimed);

impl Mpi<'_> {
    #[inline]
    fn send_bytes(
        &mut self,
        call: &'static str,
        data: &[u8],
        dest: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<(), MpiError> {
        let (e, net) = self.parts();
        e.send(net, call, comm.0, dest, tag, data)
    }

    /// Sends `data` as blocking send `call`: by rendezvous if it is large
    /// or `synchronous` (returns once the receiver took the bytes), else
    /// eagerly.
    #[inline]
    fn send_blocking(
        &mut self,
        call: &'static str,
        data: &[u8],
        (dest, tag, comm): (i32, i32, Comm),
        synchronous: bool,
    ) -> Result<(), MpiError> {
        let large = data.len() >= crate::engine::RENDEZVOUS_MIN;
        if (large || synchronous) && !self.shared().may_leave() {
            let (e, net) = self.parts();
            if let Some(h) = e.send_large(net, call, comm.0, dest, tag, data)? {
                return self.wait_as(call, Request::new(h, self.shared)).map(drop);
            }
        }
        self.send_bytes(call, data, dest, tag, comm)
    }

    /// Sends `buf` to rank `dest` of `comm` with `tag` (≥ 0). A large
    /// message (64 KiB or more) waits for its receive, as MPI allows:
    /// programs that send to each other before receiving use
    /// [`Mpi::bsend`] or [`Mpi::isend`].
    pub fn send<T: MpiType>(
        &mut self,
        buf: &[T],
        dest: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<(), MpiError> {
        self.send_blocking("send", bytes_of(buf), (dest, tag, comm), false)
    }

    /// Sends `buf` synchronously (MPI's `ssend`): returns once the receive
    /// has taken it, whatever its size. A send to this rank itself, or one
    /// made before the step an `async_migrate()` joined has ended, goes
    /// eagerly instead.
    pub fn ssend<T: MpiType>(
        &mut self,
        buf: &[T],
        dest: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<(), MpiError> {
        self.send_blocking("ssend", bytes_of(buf), (dest, tag, comm), true)
    }

    /// Sends `buf` buffered (MPI's `bsend`): copied into the message, the
    /// call returns at once whatever its size.
    pub fn bsend<T: MpiType>(
        &mut self,
        buf: &[T],
        dest: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<(), MpiError> {
        self.send_bytes("bsend", bytes_of(buf), dest, tag, comm)
    }

    /// Starts a send of `buf` (complete at once: the data is copied).
    pub fn isend<T: MpiType>(
        &mut self,
        buf: &[T],
        dest: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<Request<'static>, MpiError> {
        let n = buf.len();
        self.send_bytes("isend", bytes_of(buf), dest, tag, comm)?;
        let h = self.engine().sent_request(n);
        Ok(Request::new(h, self.shared))
    }

    /// Starts a send of `data` that may read it in place until it
    /// completes, as MPI's `MPI_Isend` may: a large message (64 KiB or
    /// more) goes by rendezvous, and its receiver copies it once, straight
    /// from `data`; the request of such a send is returned. (If the rank
    /// moves to another process first, the bytes go as a message before it
    /// leaves.) Anything else, and a send made before the step an
    /// `async_migrate()` joined has ended, is copied into the message at
    /// once (`None`: the send is complete), as [`Mpi::bsend`] does.
    ///
    /// # Safety
    /// `data` must stay valid and unchanged until the request completes
    /// (`wait`/`test`), or, if the request is dropped before, until the
    /// program knows by other means that the receive has the message.
    pub unsafe fn isend_in_place(
        &mut self,
        data: &[u8],
        dest: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<Option<Request<'static>>, MpiError> {
        let large = data.len() >= crate::engine::RENDEZVOUS_MIN;
        // SAFETY: the caller's contract.
        unsafe { self.start_in_place("isend", data, (dest, tag, comm), large) }
    }

    /// Starts a send of `data`, which it takes: a large message (64 KiB or
    /// more) goes by rendezvous, read by its receiver straight from `data`
    /// (no copy into a message); anything else is copied at once. The send
    /// frees `data` when it is done, even if its request was dropped
    /// before. `synchronous`: by rendezvous whatever its size (MPI's
    /// `issend`, complete once the receive has the message).
    pub fn isend_owned(
        &mut self,
        data: Vec<u8>,
        dest: i32,
        tag: i32,
        comm: Comm,
        synchronous: bool,
    ) -> Result<Request<'static>, MpiError> {
        let call = if synchronous { "issend" } else { "isend" };
        let rendezvous = synchronous || data.len() >= crate::engine::RENDEZVOUS_MIN;
        // SAFETY: `data` is kept by the send until it is done.
        let started = unsafe { self.start_in_place(call, &data, (dest, tag, comm), rendezvous) }?;
        Ok(match started {
            Some(req) => {
                let h = req.handle().expect("a request just started");
                self.engine().keep_bytes(h, data);
                req
            }
            None => {
                let h = self.engine().sent_request(data.len());
                Request::new(h, self.shared)
            }
        })
    }

    /// [`Mpi::isend_in_place`] of a synchronous send (MPI's `issend`): by
    /// rendezvous whatever its size, so its request completes once the
    /// receive has the message. A send to this rank itself, or one made
    /// before the step an `async_migrate()` joined has ended, is copied at
    /// once instead (`None`).
    ///
    /// # Safety
    /// As for [`Mpi::isend_in_place`].
    pub unsafe fn issend_in_place(
        &mut self,
        data: &[u8],
        dest: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<Option<Request<'static>>, MpiError> {
        // SAFETY: the caller's contract.
        unsafe { self.start_in_place("issend", data, (dest, tag, comm), true) }
    }

    /// Starts send `call` of `data` by rendezvous if `rendezvous` (and the
    /// rank is not in a balancing step), else copies it at once (`None`).
    ///
    /// # Safety
    /// As for [`Mpi::isend_in_place`].
    unsafe fn start_in_place(
        &mut self,
        call: &'static str,
        data: &[u8],
        (dest, tag, comm): (i32, i32, Comm),
        rendezvous: bool,
    ) -> Result<Option<Request<'static>>, MpiError> {
        if rendezvous && !self.shared().may_leave() {
            let (e, net) = self.parts();
            if let Some(h) = e.send_large(net, call, comm.0, dest, tag, data)? {
                return Ok(Some(Request::new(h, self.shared)));
            }
        }
        self.send_bytes(call, data, dest, tag, comm).map(|()| None)
    }

    /// Waits as `call` until every send of this rank by rendezvous has
    /// been taken by its receiver (those whose requests were dropped
    /// included): a rank ends only then, since the receivers read its
    /// buffers.
    pub fn complete_sends(&mut self, call: &'static str) {
        while self.engine().sending_large() {
            self.block(call);
        }
    }

    /// Starts a receive into `buf` from `src` (or `ANY_SOURCE`) with `tag`
    /// (or `ANY_TAG`). The buffer stays borrowed until the request completes.
    pub fn irecv<'a, T: MpiType>(
        &mut self,
        buf: &'a mut [T],
        src: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        self.irecv_named("irecv", buf, src, tag, comm)
    }

    fn irecv_named<'a, T: MpiType>(
        &mut self,
        call: &'static str,
        buf: &'a mut [T],
        src: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<Request<'a>, MpiError> {
        let bytes = bytes_of_mut(buf);
        let (ptr, cap) = (bytes.as_mut_ptr(), bytes.len());
        // SAFETY: `buf` is borrowed for 'a by the returned request, which
        // completes or cancels the receive before it ends (wait/test/drop).
        let h = unsafe {
            self.engine()
                .irecv(call, comm.0, src, tag, ptr, cap, T::DATATYPE.size)?
        };
        Ok(self.pull_matched(h))
    }

    /// The request of receive `h`, whose large message, if it matched one,
    /// is asked for now.
    fn pull_matched<'a>(&mut self, h: u32) -> Request<'a> {
        self.move_large();
        Request::new(h, self.shared)
    }

    /// Receives into `buf` from `src` (or `ANY_SOURCE`) with `tag` (or
    /// `ANY_TAG`); a longer message is an error (`Truncated`).
    pub fn recv<T: MpiType>(
        &mut self,
        buf: &mut [T],
        src: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<Status, MpiError> {
        let req = self.irecv_named("recv", buf, src, tag, comm)?;
        self.wait_as("recv", req)
    }

    /// Sends `send` to `dest` and receives into `recv` from `src`, without
    /// deadlocking against a partner doing the same.
    #[allow(clippy::too_many_arguments)]
    pub fn sendrecv<T: MpiType, U: MpiType>(
        &mut self,
        send: &[T],
        dest: i32,
        send_tag: i32,
        recv: &mut [U],
        src: i32,
        recv_tag: i32,
        comm: Comm,
    ) -> Result<Status, MpiError> {
        let req = self.irecv_named("sendrecv", recv, src, recv_tag, comm)?;
        let to = (dest, send_tag, comm);
        self.send_blocking("sendrecv", bytes_of(send), to, false)?;
        self.wait_as("sendrecv", req)
    }

    /// The status of a waiting message matching `src`/`tag` (count in
    /// bytes), without receiving it.
    pub fn iprobe(&mut self, src: i32, tag: i32, comm: Comm) -> Result<Option<Status>, MpiError> {
        self.engine().iprobe("iprobe", comm.0, src, tag)
    }

    /// Waits until a message matching `src`/`tag` is waiting; its status (count in bytes).
    pub fn probe(&mut self, src: i32, tag: i32, comm: Comm) -> Result<Status, MpiError> {
        loop {
            if let Some(s) = self.engine().iprobe("probe", comm.0, src, tag)? {
                return Ok(s);
            }
            self.block("probe");
        }
    }

    /// Takes a waiting message matching `src`/`tag` out of matching (MPI's
    /// matched probe): its status (count in bytes) and the [`MatchedMessage`] that
    /// [`Mpi::mrecv`] receives. `None` if none is waiting (it yields once
    /// to take in arrived messages then).
    pub fn improbe(
        &mut self,
        src: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<Option<(MatchedMessage, Status)>, MpiError> {
        let mut found = self.engine().improbe("improbe", comm.0, src, tag)?;
        if found.is_none() {
            self.poll();
            found = self.engine().improbe("improbe", comm.0, src, tag)?;
        }
        Ok(found.map(|(m, s)| (MatchedMessage(m), s)))
    }

    /// Waits for a message matching `src`/`tag` and takes it out of
    /// matching, as [`Mpi::improbe`].
    pub fn mprobe(
        &mut self,
        src: i32,
        tag: i32,
        comm: Comm,
    ) -> Result<(MatchedMessage, Status), MpiError> {
        loop {
            if let Some((m, s)) = self.engine().improbe("mprobe", comm.0, src, tag)? {
                return Ok((MatchedMessage(m), s));
            }
            self.block("mprobe");
        }
    }

    /// Starts the receive of matched message `msg` into `buf` (a longer
    /// message is an error, `Truncated`, and is lost).
    pub fn imrecv<'a, T: MpiType>(
        &mut self,
        msg: MatchedMessage,
        buf: &'a mut [T],
    ) -> Result<Request<'a>, MpiError> {
        self.imrecv_named("imrecv", msg, bytes_of_mut(buf), T::DATATYPE.size)
    }

    /// Receives matched message `msg` into `buf`.
    pub fn mrecv<T: MpiType>(
        &mut self,
        msg: MatchedMessage,
        buf: &mut [T],
    ) -> Result<Status, MpiError> {
        let req = self.imrecv_named("mrecv", msg, bytes_of_mut(buf), T::DATATYPE.size)?;
        self.wait_as("mrecv", req)
    }

    /// Starts the receive of `msg` into `bytes` (of `elem`-byte elements)
    /// as `call`.
    fn imrecv_named<'a>(
        &mut self,
        call: &'static str,
        msg: MatchedMessage,
        bytes: &'a mut [u8],
        elem: usize,
    ) -> Result<Request<'a>, MpiError> {
        let (ptr, cap) = (bytes.as_mut_ptr(), bytes.len());
        // SAFETY: `bytes` is borrowed for 'a by the returned request, which
        // completes or cancels the receive before it ends (wait/test/drop).
        let h = unsafe { self.engine().mrecv(call, msg.0, ptr, cap, elem)? };
        Ok(self.pull_matched(h))
    }
}
