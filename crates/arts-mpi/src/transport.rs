//! [`MpiTransport`]: PEs spread over MPI processes. See `README.md`.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arts_core::transport::{Arrival, BulkBuffers, Envelope, Mailbox, Offer, Progress, Transport};
use arts_core::{DriverMsg, PeId, PeReport, RunError};
use crossbeam_channel::{Receiver, Sender};
use crossbeam_utils::CachePadded;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::request::Request;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

use crate::direct::MpiDirect;
use crate::link::{self, Frame, MAX_PES_PER_PROCESS, PeLink};

/// Tag of the clock exchange of traced runs (`clock_offset`).
const CLOCK_TAG: i32 = 32_003;
/// Round trips per process of the clock exchange (the shortest one counts).
const CLOCK_ROUNDS: usize = 16;
/// Tag of messages for a process's driver.
const DRIVER_TAG: i32 = 32_000;
/// Tag of the PE reports gathered on process 0 at the end of a run.
const REPORT_TAG: i32 = 32_001;
/// Tag of the bulk buffers that follow a message for a process's driver.
const DRIVER_BODY_TAG: i32 = 32_002;
/// The leader PE probes for driver messages on every this many empty polls.
const DRIVER_PROBE_EVERY: u32 = 64;
/// How long an idle PE may park between two polls of MPI.
const POLL_INTERVAL: Duration = Duration::from_micros(200);

thread_local! {
    /// Empty polls of the leader PE; driver messages are looked for on
    /// every `DRIVER_PROBE_EVERY`th.
    static DRIVER_POLLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// An MPI communicator shared by the threads of one process.
pub(crate) struct Comm(pub SimpleCommunicator);

// SAFETY: MPI is initialized with MPI_THREAD_MULTIPLE (checked in
// `Mpi::init`), so any thread may call MPI on a communicator at any time.
unsafe impl Send for Comm {}
// SAFETY: as above; the handle itself is never mutated after creation.
unsafe impl Sync for Comm {}

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
    /// Held while sending a message for a driver and its bulk buffers.
    driver_send: Mutex<()>,
    /// Direct transfers, on a communicator of their own.
    direct: MpiDirect,
    /// Whether a waiting element may poll for itself ([`Transport::offers`]):
    /// only where every PE has a core, since its polls do not yield it.
    offers: bool,
}

impl MpiTransport {
    /// A transport over `pes` PEs spread evenly over the processes of
    /// `world`, with private duplicates of it (so that runs never mix their
    /// messages), and the channel this process's driver receives on;
    /// `offers`: whether waiting elements may poll for themselves.
    pub(crate) fn new(
        world: &Comm,
        pes: u32,
        offers: bool,
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
            driver_send: Mutex::new(()),
            direct: MpiDirect::new(Comm(world.0.duplicate())),
            offers,
        };
        Ok((Arc::new(t), rx))
    }

    fn local(&self, pe: PeId) -> usize {
        (pe - self.rank * self.per) as usize
    }

    /// Sends a frame and its bulk buffers to PE `to` in another process.
    fn send_frame(&self, to: PeId, frame: Vec<u8>, bulk: BulkBuffers) {
        // One PE per process, the usual layout, needs no division.
        let (rank, local) = match self.per {
            1 => (to, 0),
            per => (to / per, to % per),
        };
        link::send_frame(&self.comm.0, &self.large_send, rank, local, frame, bulk);
    }

    /// Receives the next waiting message for this process's driver, with
    /// the bulk buffers sent beside it, if there is one. One that cannot be
    /// read becomes an abort, naming what was wrong.
    fn receive_driver_msg(&self) -> Option<DriverMsg> {
        let probed = self
            .comm
            .0
            .any_process()
            .immediate_matched_probe_with_tag(DRIVER_TAG)?;
        let (frame, status) = probed.matched_receive_vec::<u8>();
        let received =
            link::receive_driver_frame(&self.comm.0, status.source_rank(), DRIVER_BODY_TAG, frame);
        let msg = received
            .and_then(|msg| arts_core::wire::decode_message(&msg))
            .unwrap_or_else(|error| {
                DriverMsg::Abort(RunError::Wire {
                    pe: self.rank * self.per,
                    what: "a message for this process's driver".into(),
                    error,
                })
            });
        Some(msg)
    }

    fn deliver_driver_msgs(&self) {
        while let Some(msg) = self.receive_driver_msg() {
            // The driver outlives every PE.
            let _ = self.driver.send(msg);
        }
    }

    /// Receives and drops everything for the link's PE (after the run).
    fn discard(&self, link: &mut PeLink) {
        while link.receive_frame(&self.comm.0).is_some() {}
        if link.local == 0 {
            while self.receive_driver_msg().is_some() {}
        }
    }

    /// Driver messages are rare (a probe costs as much as a few polls):
    /// the leader PE looks for them on every `DRIVER_PROBE_EVERY`th poll
    /// that found nothing else, a few microseconds apart.
    #[inline]
    fn probe_driver(&self, local: usize) {
        if local == 0
            && DRIVER_POLLS
                .with(|n| n.replace(n.get().wrapping_add(1)))
                .is_multiple_of(DRIVER_PROBE_EVERY)
        {
            self.deliver_driver_msgs();
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
        // Not in `local_pes`, without a division.
        pe.wrapping_sub(self.rank * self.per) >= self.per
    }

    #[inline]
    fn send(&self, to: PeId, env: Envelope) {
        if self.needs_wire(to) {
            let (frame, bulk) = env
                .into_frame()
                .expect("the runtime serializes payloads before they leave the process");
            self.send_frame(to, frame, bulk);
        } else {
            self.mailboxes[self.local(to)].push(env);
        }
    }

    fn mailbox(&self, pe: PeId) -> &Mailbox {
        &self.mailboxes[self.local(pe)]
    }

    fn to_driver(&self, process: u32, msg: DriverMsg) {
        if process == self.rank {
            let _ = self.driver.send(msg);
        } else {
            let (frame, bulk) = arts_core::wire::encode_message(&msg).into_parts();
            let tags = (DRIVER_TAG, DRIVER_BODY_TAG);
            link::send_driver_frame(&self.comm.0, &self.driver_send, process, tags, frame, bulk);
        }
    }

    fn driver_barrier(&self) {
        let request = self.driver_comm.0.immediate_barrier();
        self.wait_barrier(request, || std::thread::sleep(Duration::from_micros(20)));
    }

    /// Cristian's algorithm: each process in turn sends process 0 its time,
    /// process 0 answers with its own; of `CLOCK_ROUNDS` round trips the
    /// shortest gives the offset (process 0's time at the trip's midpoint
    /// minus this process's), off by at most half that round trip.
    fn clock_offset(&self, now: &dyn Fn() -> u64) -> i64 {
        let comm = &self.driver_comm.0;
        if self.rank == 0 {
            for r in 1..self.size {
                let p = comm.process_at_rank(r as i32);
                for _ in 0..CLOCK_ROUNDS {
                    let _ = p.receive_with_tag::<u64>(CLOCK_TAG);
                    p.send_with_tag(&now(), CLOCK_TAG);
                }
            }
            return 0;
        }
        let root = comm.process_at_rank(0);
        let mut best = (u64::MAX, 0i64);
        for _ in 0..CLOCK_ROUNDS {
            let t0 = now();
            root.send_with_tag(&t0, CLOCK_TAG);
            let (theirs, _) = root.receive_with_tag::<u64>(CLOCK_TAG);
            let t1 = now();
            let trip = t1.saturating_sub(t0);
            if trip < best.0 {
                let mid = t0 + trip / 2;
                best = (trip, theirs as i64 - mid as i64);
            }
        }
        best.1
    }

    fn poll(&self, pe: PeId, deliver: &mut dyn FnMut(Arrival<'_>)) -> Progress {
        let local = self.local(pe);
        // Sends are progressed by the polls that find nothing, off the path
        // of an arriving message.
        let (received, sent) = link::with_link(&self.comm.0, local, |link| {
            match link.receive_frame(&self.comm.0) {
                Some(received) => (Some(received), false),
                None => (None, link.progress_sends()),
            }
        });
        if let Some((frame, bulk)) = received {
            let frame = match frame {
                // SAFETY: the buffer is posted again only by this PE's next
                // poll or offer; `deliver` does not poll, reads the frame
                // only until it has decoded the message (an entry method it
                // runs may then `offer`), and does not keep it.
                Frame::InBuffer(bytes) => Cow::Borrowed(unsafe { &*bytes }),
                Frame::Owned(bytes) => Cow::Owned(bytes),
            };
            deliver(Arrival { frame, bulk });
            return Progress::Arrived;
        }
        self.probe_driver(local);
        if sent {
            Progress::Idle
        } else {
            Progress::Sending
        }
    }

    fn offers(&self) -> bool {
        self.offers
    }

    fn offer(&self, pe: PeId, polls: u32, take: &mut dyn FnMut(&[u8]) -> bool) -> Offer {
        let local = self.local(pe);
        let mailbox = &self.mailboxes[local];
        link::with_link(&self.comm.0, local, |link| {
            for _ in 0..polls {
                match link.offer_frame(&self.comm.0, take) {
                    Some(true) => return Offer::Taken,
                    Some(false) => return Offer::Declined,
                    None => {}
                }
                link.progress_sends();
                self.probe_driver(local);
                if !mailbox.is_empty() {
                    return Offer::Declined;
                }
            }
            Offer::Empty
        })
    }

    fn poll_interval(&self) -> Option<Duration> {
        Some(POLL_INTERVAL)
    }

    fn retire(&self, pe: PeId) {
        link::with_link(&self.comm.0, self.local(pe), |link| {
            // 1. Finish this PE's sends; keep receiving meanwhile, so that
            //    peers blocked on their own large sends to us can finish too.
            while !link.progress_sends() {
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
        });
        link::close_link();
    }

    fn direct(&self) -> Option<&dyn arts_core::transport::Direct> {
        Some(&self.direct)
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
