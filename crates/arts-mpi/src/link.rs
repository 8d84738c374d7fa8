//! One PE thread's MPI traffic: its non-blocking sends in progress, its
//! pre-posted receives, and the framing that fits any message through a
//! fixed-size posted buffer (whole, or a header followed by the frame and
//! the bulk buffers on a body tag). See `README.md`, "Receiving".

use std::cell::RefCell;
use std::mem::MaybeUninit;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use arts_core::transport::BulkBuffers;
use arts_core::wire::{WireError, WireMsg};
use mpi::Count;
use mpi::datatype::Equivalence;
use mpi::ffi;
use mpi::point_to_point::Status;
use mpi::raw::AsRaw;
use mpi::request::{Request, StaticScope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// Most PEs one process may have: PE messages are tagged with the destination
/// PE's local index, bodies of large ones with `MAX_PES_PER_PROCESS` plus it,
/// and every tag stays below 32,768, the bound every MPI library accepts.
pub(crate) const MAX_PES_PER_PROCESS: u32 = 16_000;
/// Size of each PE's pre-posted receive buffers: a message whose frame fits
/// (with its kind byte) arrives in one piece; a larger one as a header
/// followed by its body.
pub(crate) const EAGER_BYTES: usize = 16 << 10;
/// Receives each PE keeps posted: with two, the one just used is posted
/// again at the PE's next poll, off the path of the message it received.
pub(crate) const POSTED_RECEIVES: usize = 2;
/// Last byte of a message that carries its whole frame.
const WHOLE: u8 = 0;
/// Last byte of a header (after the number of bulk buffers, u32 LE): the
/// frame and the buffers follow on the body tag.
const HEADER: u8 = 1;

/// Tag of the bodies of large messages for PE `local`.
fn body_tag(local: usize) -> i32 {
    (MAX_PES_PER_PROCESS as usize + local) as i32
}

/// A received frame.
pub(crate) enum Frame {
    /// Still in the receive buffer it arrived in, which is posted again by
    /// the link's next `receive_frame` and stays untouched until then.
    InBuffer(*const [u8]),
    /// Received into its own vector (a large message's body).
    Owned(Vec<u8>),
}

/// What a non-blocking send reads from, kept alive until it completes.
enum SendBuffer {
    /// A leaked `Vec`: pointer, length, capacity.
    Owned(*mut u8, usize, usize),
    /// A bulk buffer, shared with the message's sender.
    Shared(Arc<Vec<u8>>),
}

impl SendBuffer {
    /// Frees the buffer (or drops this share of it).
    ///
    /// # Safety
    /// The send that read it must have completed.
    unsafe fn release(self) {
        match self {
            // SAFETY: `Owned` comes from `Vec::leak` in `send_bytes` with
            // this length and capacity, and MPI no longer reads it.
            SendBuffer::Owned(ptr, len, cap) => {
                arts_core::wire::recycle(unsafe { Vec::from_raw_parts(ptr, len, cap) })
            }
            SendBuffer::Shared(buffer) => drop(buffer),
        }
    }
}

/// A non-blocking send in progress and the buffer it reads from.
struct PendingSend {
    request: Request<'static, [u8]>,
    buffer: SendBuffer,
}

/// A pre-posted receive on a PE's tag: its raw request (rsmpi's `Request`
/// would be moved in and out of a queue on every poll) and the buffer it
/// fills, a leaked `Box<[u8]>` of `EAGER_BYTES`.
struct PostedRecv {
    request: ffi::MPI_Request,
    buffer: *mut [u8],
}

impl PostedRecv {
    /// A receive buffer, not posted yet.
    fn new() -> PostedRecv {
        PostedRecv {
            // SAFETY: reading an MPI constant.
            request: unsafe { ffi::RSMPI_REQUEST_NULL },
            buffer: Box::into_raw(vec![0u8; EAGER_BYTES].into_boxed_slice()),
        }
    }

    /// Posts the receive of PE `local`'s next message on `comm`.
    fn post(&mut self, comm: &SimpleCommunicator, local: usize) {
        // SAFETY: the buffer is this receive's own; nothing else reads or
        // writes it until the request completes or is cancelled.
        unsafe {
            ffi::MPI_Irecv(
                self.buffer.cast(),
                EAGER_BYTES as Count,
                u8::equivalent_datatype().as_raw(),
                ffi::RSMPI_ANY_SOURCE,
                local as i32,
                comm.as_raw(),
                &mut self.request,
            );
        }
    }

    /// Tests the posted receive: its status once it completed.
    fn test(&mut self) -> Option<Status> {
        let mut done = 0;
        let mut status = MaybeUninit::uninit();
        // SAFETY: the request is a posted receive of this job.
        unsafe { ffi::MPI_Test(&mut self.request, &mut done, status.as_mut_ptr()) };
        // SAFETY: MPI filled the status when the request completed.
        (done != 0).then(|| Status::from_raw(unsafe { status.assume_init() }))
    }

    /// Withdraws the receive, if posted (a message that matched it meanwhile
    /// is dropped), and frees its buffer.
    fn close(mut self) {
        // SAFETY: the request, if not null, is a posted receive of this job;
        // once it is cancelled and waited for, MPI no longer uses the
        // buffer, which came from `Box::into_raw` in `new`.
        unsafe {
            if self.request != ffi::RSMPI_REQUEST_NULL {
                ffi::MPI_Cancel(&mut self.request);
                ffi::MPI_Wait(&mut self.request, ffi::RSMPI_STATUS_IGNORE);
            }
            drop(Box::from_raw(self.buffer));
        }
    }
}

/// The MPI traffic of one PE thread.
pub(crate) struct PeLink {
    /// The PE's index within its process (its tag).
    pub local: usize,
    sends: Vec<PendingSend>,
    /// `sends`'s spare vector while they are tested: both keep their room,
    /// so that a send allocates nothing.
    tested: Vec<PendingSend>,
    /// The PE's receives, a ring in the order they were posted, which is
    /// the order MPI fills them in.
    posted: [PostedRecv; POSTED_RECEIVES],
    /// The ring's oldest posted receive.
    next: usize,
    /// Whether the receive before `next` completed and waits to be posted
    /// again (after the PE acted on its message).
    repost: bool,
    /// The status of the receive at `next` when it completed but its
    /// message was offered and not taken ([`PeLink::offer_frame`]): it is
    /// the next message `receive_frame` returns.
    held: Option<Status>,
}

thread_local! {
    /// The calling PE thread's link (`None` on threads that are not PEs,
    /// which send with blocking calls instead).
    static LINK: RefCell<Option<PeLink>> = const { RefCell::new(None) };
}

/// Runs `f` on the calling PE thread's link, creating it (and posting its
/// receives on `comm`) on the PE's first call.
pub(crate) fn with_link<R>(
    comm: &SimpleCommunicator,
    local: usize,
    f: impl FnOnce(&mut PeLink) -> R,
) -> R {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        let link = l.get_or_insert_with(|| {
            let mut posted = std::array::from_fn(|_| PostedRecv::new());
            for receive in &mut posted {
                receive.post(comm, local);
            }
            PeLink {
                local,
                sends: Vec::new(),
                tested: Vec::new(),
                posted,
                next: 0,
                repost: false,
                held: None,
            }
        });
        f(link)
    })
}

/// Withdraws the calling PE thread's posted receives (a message that
/// matched one meanwhile is dropped), frees its buffers and forgets the
/// link. Its sends must have completed.
pub(crate) fn close_link() {
    if let Some(link) = LINK.with(|l| l.borrow_mut().take()) {
        assert!(
            link.sends.is_empty(),
            "a PE left MPI with sends in progress"
        );
        for receive in link.posted {
            receive.close();
        }
    }
}

impl PeLink {
    /// Tests every send in progress, freeing the buffers of completed ones.
    /// Returns whether none is left.
    pub(crate) fn progress_sends(&mut self) -> bool {
        if self.sends.is_empty() {
            return true;
        }
        std::mem::swap(&mut self.sends, &mut self.tested);
        for s in self.tested.drain(..) {
            match s.request.test() {
                // SAFETY: the request completed.
                Ok(_) => unsafe { s.buffer.release() },
                Err(request) => self.sends.push(PendingSend {
                    request,
                    buffer: s.buffer,
                }),
            }
        }
        self.sends.is_empty()
    }

    /// Receives the next message waiting for this PE on `comm`, if any: its
    /// frame and bulk buffers. One per call, so that the PE acts on a message
    /// as soon as it arrived instead of first testing for the next one.
    pub(crate) fn receive_frame(
        &mut self,
        comm: &SimpleCommunicator,
    ) -> Option<(Frame, BulkBuffers)> {
        let status = self.next_completed(comm)?;
        let receive = &mut self.posted[self.next];
        let n = status.count(u8::equivalent_datatype()) as usize;
        // SAFETY: the receive completed, so MPI no longer writes the buffer;
        // it holds `n` received bytes.
        let message = unsafe { &(&*receive.buffer)[..n] };
        let received = match message.split_last() {
            Some((&WHOLE, frame)) => (Frame::InBuffer(frame), Vec::new()),
            _ => {
                let (frame, bulk) = self.receive_body(comm, status.source_rank(), message);
                (Frame::Owned(frame), bulk)
            }
        };
        self.next = (self.next + 1) % POSTED_RECEIVES;
        self.repost = true;
        Some(received)
    }

    /// Posts the buffer of the previous message again, now that the PE
    /// has acted on that message, and returns the status of the receive at
    /// `next` if it completed (or completed earlier and was held).
    #[inline]
    fn next_completed(&mut self, comm: &SimpleCommunicator) -> Option<Status> {
        if self.repost {
            let last = (self.next + POSTED_RECEIVES - 1) % POSTED_RECEIVES;
            self.posted[last].post(comm, self.local);
            self.repost = false;
        }
        match self.held.take() {
            Some(status) => Some(status),
            None => self.posted[self.next].test(),
        }
    }

    /// Offers the next message waiting for this PE on `comm`, if it is a
    /// whole frame, to `take` (which reads it only during the call): taken,
    /// it is consumed as `receive_frame` would; otherwise it stays first in
    /// line for `receive_frame`. `None`: nothing arrived.
    pub(crate) fn offer_frame(
        &mut self,
        comm: &SimpleCommunicator,
        take: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Option<bool> {
        let status = self.next_completed(comm)?;
        let n = status.count(u8::equivalent_datatype()) as usize;
        // SAFETY: as in `receive_frame`.
        let message = unsafe { &(&*self.posted[self.next].buffer)[..n] };
        let taken = match message.split_last() {
            Some((&WHOLE, frame)) => take(frame),
            _ => false,
        };
        if taken {
            self.next = (self.next + 1) % POSTED_RECEIVES;
            self.repost = true;
        } else {
            self.held = Some(status);
        }
        Some(taken)
    }

    /// Receives the frame and bulk buffers of a large message from `source`,
    /// given its `header` (off the path of small messages).
    #[cold]
    #[inline(never)]
    fn receive_body(
        &self,
        comm: &SimpleCommunicator,
        source: i32,
        header: &[u8],
    ) -> (Vec<u8>, BulkBuffers) {
        let count = match header.split_last() {
            Some((&HEADER, count)) => <[u8; 4]>::try_from(count).ok(),
            _ => None,
        };
        let Some(count) = count else {
            panic!(
                "malformed message of {} bytes from another process",
                header.len()
            );
        };
        let from = comm.process_at_rank(source);
        let body = || from.receive_vec_with_tag::<u8>(body_tag(self.local)).0;
        let frame = body();
        (
            frame,
            (0..u32::from_le_bytes(count))
                .map(|_| Arc::new(body()))
                .collect(),
        )
    }
}

/// Starts sending `bytes` to `rank` with `tag` on `comm`.
///
/// Calls `MPI_Isend` itself: rsmpi's `process_at_rank` asks MPI for the
/// communicator's size first, on the path of every message.
fn isend(
    comm: &SimpleCommunicator,
    rank: u32,
    tag: i32,
    bytes: &'static [u8],
) -> Request<'static, [u8]> {
    let count = Count::try_from(bytes.len()).expect("a send buffer below 2 GiB");
    let mut request = MaybeUninit::uninit();
    // SAFETY: `bytes` is valid for the whole send (it is kept alive and
    // unchanged until the request completes, see `SendBuffer`), and the
    // communicator, datatype and rank are valid handles of this job.
    unsafe {
        mpi::ffi::MPI_Isend(
            bytes.as_ptr().cast(),
            count,
            u8::equivalent_datatype().as_raw(),
            rank as i32,
            tag,
            comm.as_raw(),
            request.as_mut_ptr(),
        );
        Request::from_raw(request.assume_init(), bytes, StaticScope)
    }
}

/// Sends `bytes`, which `buffer` keeps alive, to `rank` with `tag` on
/// `comm`: non-blocking from PE threads (they progress their sends when
/// they poll), blocking from other threads (see [`wait_politely`]).
#[inline]
fn send(comm: &SimpleCommunicator, rank: u32, tag: i32, bytes: &'static [u8], buffer: SendBuffer) {
    let request = isend(comm, rank, tag, bytes);
    LINK.with(|l| match l.borrow_mut().as_mut() {
        Some(link) => link.sends.push(PendingSend { request, buffer }),
        None => {
            wait_politely(request);
            // SAFETY: the send has completed.
            unsafe { buffer.release() }
        }
    });
}

/// Waits for `request` to complete, testing it with growing pauses (up to
/// 50 µs) instead of spinning inside MPI: a thread off the PEs (a driver
/// sending a buddy's checkpoint copy, say) then leaves the CPU to the
/// threads that do the work, the receiver's among them on a shared node.
/// A small eager send completes at the first test, without a pause.
fn wait_politely(mut request: Request<'static, [u8]>) {
    let mut pause = Duration::from_micros(1);
    loop {
        match request.test() {
            Ok(_) => return,
            Err(r) => request = r,
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_micros(50));
    }
}

/// Sends `bytes` to `rank` with `tag` on `comm` (see [`send`]).
#[inline]
pub(crate) fn send_bytes(comm: &SimpleCommunicator, rank: u32, tag: i32, bytes: Vec<u8>) {
    let cap = bytes.capacity();
    let view: &'static mut [u8] = bytes.leak();
    let buffer = SendBuffer::Owned(view.as_mut_ptr(), view.len(), cap);
    send(comm, rank, tag, view, buffer);
}

/// Sends a bulk buffer straight from its memory (see [`send`]).
fn send_shared(comm: &SimpleCommunicator, rank: u32, tag: i32, bytes: Arc<Vec<u8>>) {
    // SAFETY: the `Arc` kept in the pending send keeps these bytes alive
    // and unchanged (a `Bulk` copies before mutating a shared buffer) until
    // the request completes.
    let view: &'static [u8] = unsafe { std::slice::from_raw_parts(bytes.as_ptr(), bytes.len()) };
    send(comm, rank, tag, view, SendBuffer::Shared(bytes));
}

/// Sends an envelope's frame and bulk buffers to PE `local` of process
/// `rank`: a frame without buffers that fits the receiver's posted buffer
/// goes whole, with a kind byte; otherwise a header on the PE's tag is
/// followed by the frame and the buffers on its body tag, all under
/// `order` (one lock per process), so that the bodies of one process to
/// one PE go out in the order of their headers.
pub(crate) fn send_frame(
    comm: &SimpleCommunicator,
    order: &Mutex<()>,
    rank: u32,
    local: u32,
    mut frame: Vec<u8>,
    bulk: BulkBuffers,
) {
    if bulk.is_empty() && frame.len() < EAGER_BYTES {
        arts_core::transport::release(bulk);
        frame.push(WHOLE);
        send_bytes(comm, rank, local as i32, frame);
    } else {
        send_large(comm, order, rank, local, frame, bulk);
    }
}

/// Sends a message for the driver of process `rank`: its frame, ending in
/// the number of its bulk buffers (u32 LE), on the first of `tags`, then
/// the buffers on the second. A frame with buffers goes under `order`, so
/// that one process's buffers follow their frames in order. The buffers go
/// from their own memory, not copied into the frame.
pub(crate) fn send_driver_frame(
    comm: &SimpleCommunicator,
    order: &Mutex<()>,
    rank: u32,
    (tag, body): (i32, i32),
    mut frame: Vec<u8>,
    bulk: BulkBuffers,
) {
    frame.extend_from_slice(&(bulk.len() as u32).to_le_bytes());
    if bulk.is_empty() {
        return send_bytes(comm, rank, tag, frame);
    }
    let _order = order.lock().unwrap_or_else(PoisonError::into_inner);
    send_bytes(comm, rank, tag, frame);
    for buffer in bulk {
        send_shared(comm, rank, body, buffer);
    }
}

/// The most bulk buffers a message for a driver may announce.
const MAX_DRIVER_BUFFERS: u32 = 1 << 16;

/// Reads a `frame` that [`send_driver_frame`] sent from `source` and
/// receives the bulk buffers it announces on tag `body`.
pub(crate) fn receive_driver_frame(
    comm: &SimpleCommunicator,
    source: i32,
    body: i32,
    mut frame: Vec<u8>,
) -> Result<WireMsg, WireError> {
    let len = frame.len();
    let at = len.checked_sub(4).ok_or(WireError::Truncated { len })?;
    let count = u32::from_le_bytes(frame[at..].try_into().expect("four bytes"));
    if count > MAX_DRIVER_BUFFERS {
        return Err(WireError::Decode(format!(
            "a driver frame announces {count} bulk buffers, at most {MAX_DRIVER_BUFFERS} are accepted"
        )));
    }
    frame.truncate(at);
    let from = comm.process_at_rank(source);
    let buffers = (0..count)
        .map(|_| {
            // Into a kept checkpoint buffer when one is large enough: a
            // buddy's copy is received at every checkpoint (see
            // `arts_core::checkpoint::buffers`).
            let (message, status) = from.matched_probe_with_tag(body);
            let len = status.count(u8::equivalent_datatype()) as usize;
            let mut buffer = arts_core::checkpoint::buffers::take(len);
            buffer.resize(len, 0);
            message.matched_receive_into(&mut buffer[..]);
            Arc::new(buffer)
        })
        .collect();
    Ok(WireMsg::new(frame, buffers))
}

/// [`send_frame`] for a frame with bulk buffers or too large to go whole.
#[cold]
#[inline(never)]
fn send_large(
    comm: &SimpleCommunicator,
    order: &Mutex<()>,
    rank: u32,
    local: u32,
    frame: Vec<u8>,
    bulk: BulkBuffers,
) {
    let mut header = (bulk.len() as u32).to_le_bytes().to_vec();
    header.push(HEADER);
    let _order = order.lock().unwrap_or_else(PoisonError::into_inner);
    let body = body_tag(local as usize);
    send_bytes(comm, rank, local as i32, header);
    send_bytes(comm, rank, body, frame);
    for buffer in bulk {
        send_shared(comm, rank, body, buffer);
    }
}
