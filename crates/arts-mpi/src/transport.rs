//! [`MpiTransport`]: PEs spread over MPI processes. See `README.md`.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use arts_core::bulk::BulkBuffers;
use arts_core::envelope::Envelope;
use arts_core::mailbox::Mailbox;
use arts_core::transport::{Progress, Transport};
use arts_core::{DriverMsg, PeId, PeReport, RunError};
use crossbeam_channel::{Receiver, Sender};
use crossbeam_utils::CachePadded;
use mpi::datatype::Equivalence;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::request::{Request, StaticScope};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

/// Most PEs one process may have: PE messages are tagged with the destination
/// PE's local index, bodies of large ones with `MAX_PES_PER_PROCESS` plus it,
/// and every tag stays below 32,768, the bound every MPI library accepts.
const MAX_PES_PER_PROCESS: u32 = 16_000;
/// Tag of messages for a process's driver.
const DRIVER_TAG: i32 = 32_000;
/// Tag of the PE reports gathered on process 0 at the end of a run.
const REPORT_TAG: i32 = 32_001;
/// How long an idle PE may park between two polls of MPI.
const POLL_INTERVAL: Duration = Duration::from_micros(200);
/// Size of each PE's pre-posted receive buffers: a message whose frame fits
/// (with its kind byte) arrives in one piece; a larger one as a header
/// followed by its body.
const EAGER_BYTES: usize = 16 << 10;
/// Receives each PE keeps posted: with two, the one just used is posted
/// again at the PE's next poll, off the path of the message it received.
const POSTED_RECEIVES: usize = 2;
/// Last byte of a message that carries its whole frame.
const WHOLE: u8 = 0;
/// Last byte of a header (after the number of bulk buffers, u32 LE): the
/// frame and the buffers follow on the body tag.
const HEADER: u8 = 1;

/// An MPI communicator shared by the threads of one process.
pub(crate) struct Comm(pub SimpleCommunicator);

// SAFETY: MPI is initialized with MPI_THREAD_MULTIPLE (checked in
// `Mpi::init`), so any thread may call MPI on a communicator at any time.
unsafe impl Send for Comm {}
// SAFETY: as above; the handle itself is never mutated after creation.
unsafe impl Sync for Comm {}

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
            SendBuffer::Owned(ptr, len, cap) => drop(unsafe { Vec::from_raw_parts(ptr, len, cap) }),
            SendBuffer::Shared(buffer) => drop(buffer),
        }
    }
}

/// A non-blocking send in progress and the buffer it reads from.
struct PendingSend {
    request: Request<'static, [u8]>,
    buffer: SendBuffer,
}

/// A pre-posted receive on a PE's tag and the buffer it fills (a leaked
/// `Box<[u8]>` of `EAGER_BYTES`).
struct PostedRecv {
    request: Request<'static, [u8]>,
    buffer: *mut [u8],
}

/// The MPI traffic of one PE thread.
struct PeLink {
    /// The PE's index within its process (its tag).
    local: usize,
    sends: Vec<PendingSend>,
    /// Posted receives, oldest first: MPI fills them in this order.
    posted: VecDeque<PostedRecv>,
    /// Buffers of completed receives, to post again.
    spare: Vec<*mut [u8]>,
}

thread_local! {
    /// Polls of the leader PE; driver messages are looked for every 8th.
    static DRIVER_POLLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// The calling PE thread's traffic (`None` on threads that are not PEs,
    /// which send with blocking calls instead).
    static LINK: RefCell<Option<PeLink>> = const { RefCell::new(None) };
}

/// Tests every send in progress of `link`, freeing the buffers of completed
/// ones. Returns whether none is left.
fn progress_sends(link: &mut PeLink) -> bool {
    if link.sends.is_empty() {
        return true;
    }
    let old = std::mem::take(&mut link.sends);
    for s in old {
        match s.request.test() {
            // SAFETY: the request completed.
            Ok(_) => unsafe { s.buffer.release() },
            Err(request) => link.sends.push(PendingSend {
                request,
                buffer: s.buffer,
            }),
        }
    }
    link.sends.is_empty()
}

/// Runs `f` on the calling PE thread's link, creating it (and posting its
/// receive) on the PE's first call.
fn with_link<R>(t: &MpiTransport, local: usize, f: impl FnOnce(&mut PeLink) -> R) -> R {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        let link = l.get_or_insert_with(|| PeLink {
            local,
            sends: Vec::new(),
            posted: (0..POSTED_RECEIVES)
                .map(|_| {
                    t.post(
                        local,
                        Box::into_raw(vec![0u8; EAGER_BYTES].into_boxed_slice()),
                    )
                })
                .collect(),
            spare: Vec::new(),
        });
        f(link)
    })
}

/// PEs `rank * per .. (rank + 1) * per` live in process `rank`.
pub struct MpiTransport {
    comm: Comm,
    driver_comm: Comm,
    rank: u32,
    size: u32,
    per: u32,
    mailboxes: Box<[CachePadded<Mailbox>]>,
    driver: Sender<DriverMsg>,
    retired: AtomicU32,
    all_retired: AtomicBool,
    /// Held while sending a header and its body, so that the bodies of one
    /// process to one PE go out in the order of their headers.
    large_send: Mutex<()>,
}

impl MpiTransport {
    /// A transport over `pes` PEs spread evenly over the processes of
    /// `world`, with private duplicates of it (so that runs never mix their
    /// messages), and the channel this process's driver receives on.
    pub(crate) fn new(
        world: &Comm,
        pes: u32,
    ) -> Result<(Arc<MpiTransport>, Receiver<DriverMsg>), RunError> {
        let size = world.0.size() as u32;
        if pes == 0 || !pes.is_multiple_of(size) {
            return Err(RunError::Config(format!(
                "{pes} PEs cannot be spread evenly over {size} processes"
            )));
        }
        let per = pes / size;
        if per > MAX_PES_PER_PROCESS {
            return Err(RunError::Config(format!(
                "at most {MAX_PES_PER_PROCESS} PEs per process are supported, not {per}"
            )));
        }
        let (tx, rx) = crossbeam_channel::unbounded();
        let t = MpiTransport {
            comm: Comm(world.0.duplicate()),
            driver_comm: Comm(world.0.duplicate()),
            rank: world.0.rank() as u32,
            size,
            per,
            mailboxes: (0..per)
                .map(|_| CachePadded::new(Mailbox::default()))
                .collect(),
            driver: tx,
            retired: AtomicU32::new(0),
            all_retired: AtomicBool::new(false),
            large_send: Mutex::new(()),
        };
        Ok((Arc::new(t), rx))
    }

    fn local(&self, pe: PeId) -> usize {
        (pe - self.rank * self.per) as usize
    }

    /// Sends `bytes` to `rank` with `tag`: non-blocking from PE threads
    /// (they progress their sends in `poll`), blocking from other threads.
    fn send_bytes(&self, rank: u32, tag: i32, bytes: Vec<u8>) {
        let to = self.comm.0.process_at_rank(rank as i32);
        LINK.with(|l| match l.borrow_mut().as_mut() {
            Some(link) => {
                let cap = bytes.capacity();
                let buffer: &'static mut [u8] = bytes.leak();
                let owned = SendBuffer::Owned(buffer.as_mut_ptr(), buffer.len(), cap);
                let request = to.immediate_send_with_tag(StaticScope, &*buffer, tag);
                link.sends.push(PendingSend {
                    request,
                    buffer: owned,
                });
            }
            None => to.send_with_tag(&bytes[..], tag),
        });
    }

    /// Sends a bulk buffer straight from its memory, like [`Self::send_bytes`].
    fn send_shared(&self, rank: u32, tag: i32, bytes: Arc<Vec<u8>>) {
        let to = self.comm.0.process_at_rank(rank as i32);
        LINK.with(|l| match l.borrow_mut().as_mut() {
            Some(link) => {
                // SAFETY: the `Arc` kept in the pending send keeps these bytes
                // alive and unchanged (a `Bulk` copies before mutating a
                // shared buffer) until the request completes.
                let view: &'static [u8] =
                    unsafe { std::slice::from_raw_parts(bytes.as_ptr(), bytes.len()) };
                let request = to.immediate_send_with_tag(StaticScope, view, tag);
                link.sends.push(PendingSend {
                    request,
                    buffer: SendBuffer::Shared(bytes),
                });
            }
            None => to.send_with_tag(&bytes[..], tag),
        });
    }

    /// Sends an envelope's frame and bulk buffers to PE `local` of process
    /// `rank`: a frame without buffers that fits the receiver's posted
    /// buffer goes whole, with a kind byte; otherwise a header on the PE's
    /// tag is followed by the frame and the buffers on its body tag.
    fn send_frame(&self, rank: u32, local: u32, mut frame: Vec<u8>, bulk: BulkBuffers) {
        if bulk.is_empty() && frame.len() < EAGER_BYTES {
            frame.push(WHOLE);
            self.send_bytes(rank, local as i32, frame);
            return;
        }
        let mut header = (bulk.len() as u32).to_le_bytes().to_vec();
        header.push(HEADER);
        let _order = self
            .large_send
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.send_bytes(rank, local as i32, header);
        self.send_bytes(rank, body_tag(local as usize), frame);
        for buffer in bulk {
            self.send_shared(rank, body_tag(local as usize), buffer);
        }
    }

    /// Posts PE `local`'s receive into `buffer`.
    fn post(&self, local: usize, buffer: *mut [u8]) -> PostedRecv {
        // SAFETY: `buffer` is the PE's leaked receive buffer; nothing else
        // reads or writes it until this request completes or is cancelled.
        let target: &'static mut [u8] = unsafe { &mut *buffer };
        let request = self.comm.0.any_process().immediate_receive_into_with_tag(
            StaticScope,
            target,
            local as i32,
        );
        PostedRecv { request, buffer }
    }

    /// Receives every message waiting for the link's PE, in order, and
    /// hands each frame and its bulk buffers to `f`. Returns whether any
    /// arrived.
    fn receive_frames(&self, link: &mut PeLink, mut f: impl FnMut(Vec<u8>, BulkBuffers)) -> bool {
        let mut got = false;
        loop {
            if got && link.posted.is_empty() || !got && !link.spare.is_empty() {
                for buffer in link.spare.drain(..) {
                    link.posted.push_back(self.post(link.local, buffer));
                }
            }
            let PostedRecv { request, buffer } = link.posted.pop_front().expect("a posted receive");
            let status = match request.test() {
                Ok(status) => status,
                Err(request) => {
                    link.posted.push_front(PostedRecv { request, buffer });
                    return got;
                }
            };
            let n = status.count(u8::equivalent_datatype()) as usize;
            // SAFETY: the receive completed, so MPI no longer writes the
            // buffer; it holds `n` received bytes.
            let message = unsafe { &(&*buffer)[..n] };
            let (frame, bulk) = match message.split_last() {
                Some((&WHOLE, frame)) => (frame.to_vec(), Vec::new()),
                Some((&HEADER, count)) if count.len() == 4 => {
                    let count = u32::from_le_bytes(count.try_into().expect("4 bytes"));
                    let from = self.comm.0.process_at_rank(status.source_rank());
                    let body = || from.receive_vec_with_tag::<u8>(body_tag(link.local)).0;
                    let frame = body();
                    (frame, (0..count).map(|_| Arc::new(body())).collect())
                }
                _ => panic!("malformed message of {n} bytes from another process"),
            };
            link.spare.push(buffer);
            f(frame, bulk);
            got = true;
        }
    }

    /// Receives every waiting message with `tag` (any size) and hands it to `f`.
    fn receive(&self, tag: i32, mut f: impl FnMut(Vec<u8>)) -> bool {
        let mut got = false;
        while let Some(probed) = self
            .comm
            .0
            .any_process()
            .immediate_matched_probe_with_tag(tag)
        {
            let (bytes, _) = probed.matched_receive_vec::<u8>();
            f(bytes);
            got = true;
        }
        got
    }

    fn deliver_driver_msgs(&self) {
        self.receive(DRIVER_TAG, |bytes| {
            let msg: DriverMsg = arts_core::wire::decode(&bytes)
                .unwrap_or_else(|e| panic!("undecodable driver message from another process: {e}"));
            // The driver outlives every PE.
            let _ = self.driver.send(msg);
        });
    }

    /// Receives and drops everything for the link's PE (after the run).
    fn discard(&self, link: &mut PeLink) {
        self.receive_frames(link, |_, _| ());
        if link.local == 0 {
            self.receive(DRIVER_TAG, drop);
        }
    }

    fn wait_barrier(&self, mut request: Request<'static, ()>, mut while_waiting: impl FnMut()) {
        loop {
            match request.test() {
                Ok(_) => return,
                Err(r) => request = r,
            }
            while_waiting();
        }
    }
}

/// Tag of the bodies of large messages for PE `local`.
fn body_tag(local: usize) -> i32 {
    (MAX_PES_PER_PROCESS as usize + local) as i32
}

impl Transport for MpiTransport {
    fn num_pes(&self) -> u32 {
        self.per * self.size
    }

    fn local_pes(&self) -> std::ops::Range<PeId> {
        self.rank * self.per..(self.rank + 1) * self.per
    }

    fn process(&self) -> (u32, u32) {
        (self.rank, self.size)
    }

    fn needs_wire(&self, pe: PeId) -> bool {
        pe / self.per != self.rank
    }

    fn send(&self, to: PeId, env: Envelope) {
        let rank = to / self.per;
        if rank == self.rank {
            self.mailboxes[self.local(to)].push(env);
        } else {
            let (frame, bulk) = env
                .into_wire()
                .expect("the runtime serializes payloads before they leave the process");
            self.send_frame(rank, to % self.per, frame, bulk);
        }
    }

    fn mailbox(&self, pe: PeId) -> &Mailbox {
        &self.mailboxes[self.local(pe)]
    }

    fn to_driver(&self, process: u32, msg: DriverMsg) {
        if process == self.rank {
            let _ = self.driver.send(msg);
        } else {
            self.send_bytes(process, DRIVER_TAG, arts_core::wire::encode(&msg));
        }
    }

    fn driver_barrier(&self) {
        let request = self.driver_comm.0.immediate_barrier();
        self.wait_barrier(request, || std::thread::sleep(Duration::from_micros(20)));
    }

    fn poll(&self, pe: PeId) -> Progress {
        let local = self.local(pe);
        let (got, sent) = with_link(self, local, |link| {
            let sent = progress_sends(link);
            let got = self.receive_frames(link, |frame, bulk| {
                let env = Envelope::from_wire(frame, bulk)
                    .unwrap_or_else(|e| panic!("undecodable message from another process: {e}"));
                self.mailboxes[local].push(env);
            });
            (got, sent)
        });
        if local == 0
            && DRIVER_POLLS
                .with(|n| n.replace(n.get().wrapping_add(1)))
                .is_multiple_of(8)
        {
            self.deliver_driver_msgs();
        }
        match (got, sent) {
            (true, _) => Progress::Arrived,
            (false, false) => Progress::Sending,
            (false, true) => Progress::Idle,
        }
    }

    fn poll_interval(&self) -> Option<Duration> {
        Some(POLL_INTERVAL)
    }

    fn retire(&self, pe: PeId) {
        let local = self.local(pe);
        with_link(self, local, |link| {
            // 1. Finish this PE's sends; keep receiving meanwhile, so that
            //    peers blocked on their own large sends to us can finish too.
            while !progress_sends(link) {
                self.discard(link);
                std::thread::yield_now();
            }
            // 2. Once every PE of every process has finished its sends, no
            //    body is in flight and MPI can be left.
            if self.retired.fetch_add(1, Ordering::AcqRel) + 1 == self.per {
                let request = self.driver_comm.0.immediate_barrier();
                self.wait_barrier(request, || {
                    self.discard(link);
                    std::thread::yield_now();
                });
                self.all_retired.store(true, Ordering::Release);
            } else {
                while !self.all_retired.load(Ordering::Acquire) {
                    self.discard(link);
                    std::thread::yield_now();
                }
            }
            // 3. Withdraw the posted receives (a message that matched one
            //    meanwhile is dropped) and free the buffers.
            for PostedRecv { request, buffer } in link.posted.drain(..) {
                request.cancel();
                request.wait();
                link.spare.push(buffer);
            }
            for buffer in link.spare.drain(..) {
                // SAFETY: no request uses the buffer any more; it came from
                // `Box::into_raw` in `with_link`.
                drop(unsafe { Box::from_raw(buffer) });
            }
        });
        LINK.with(|l| *l.borrow_mut() = None);
    }

    fn gather_reports(&self, local: Vec<PeReport>) -> Vec<PeReport> {
        let comm = &self.driver_comm.0;
        if self.rank != 0 {
            let bytes = arts_core::wire::encode(&local);
            comm.process_at_rank(0)
                .send_with_tag(&bytes[..], REPORT_TAG);
            return local;
        }
        let mut all = local;
        for r in 1..self.size {
            let (bytes, _) = comm
                .process_at_rank(r as i32)
                .receive_vec_with_tag::<u8>(REPORT_TAG);
            let reports: Vec<PeReport> = arts_core::wire::decode(&bytes)
                .unwrap_or_else(|e| panic!("undecodable PE reports from rank {r}: {e}"));
            all.extend(reports);
        }
        all.sort_by_key(|p| p.pe);
        all
    }
}
