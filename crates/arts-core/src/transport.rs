//! The boundary between PEs: every message from one PE (or a driver) to
//! another goes through a [`Transport`]. [`InProcess`] connects the PEs of one
//! process through their mailboxes; a multi-process transport (the MPI one in
//! `arts-mpi`) keeps mailboxes for its local PEs and serializes what goes to
//! other processes.

use std::borrow::Cow;
use std::ops::Range;

use crossbeam_utils::CachePadded;

use crate::PeId;
use crate::driver::DriverMsg;

pub use crate::bulk::{BulkBuffers, release};
pub use crate::direct::{Direct, Transfer};
pub use crate::envelope::{Envelope, Parcel};
pub use crate::mailbox::Mailbox;

/// Delivers envelopes between PEs and messages to drivers. Implementations
/// must keep messages from one sender to one destination in order
/// (per-pair FIFO): the location manager's forwarding protocol relies on it.
///
/// A transport sees envelopes only as opaque messages: it pushes one for a
/// PE of its own process into that PE's [`Mailbox`], turns one for another
/// process into a frame ([`Envelope::into_frame`]), and hands the frames it
/// receives to the PE as [`Arrival`]s, which the PE reads.
pub trait Transport: Send + Sync + 'static {
    /// Number of PEs in the whole job.
    fn num_pes(&self) -> u32;
    /// The PEs run by this process (a contiguous range).
    fn local_pes(&self) -> Range<PeId>;
    /// This process's number and the number of processes.
    fn process(&self) -> (u32, u32);
    /// Whether application payloads for `pe` must be serialized (it is in
    /// another process, or the transport serializes everything for testing).
    fn needs_wire(&self, pe: PeId) -> bool;
    /// Sends `env` to PE `to` (any process). When `needs_wire(to)`, the
    /// envelope's application payloads are already serialized, so that it
    /// can be framed.
    fn send(&self, to: PeId, env: Envelope);
    /// The mailbox of local PE `pe`.
    fn mailbox(&self, pe: PeId) -> &Mailbox;
    /// Delivers `msg` to the driver (main program) of process `process`.
    fn to_driver(&self, process: u32, msg: DriverMsg);
    /// Returns once the driver of every process has called it.
    fn driver_barrier(&self);

    /// Collective over the drivers: ns to add to this process's `now()`
    /// (ns since its run started) to read process 0's, measured by
    /// exchanging timestamps with process 0. 0 in one process.
    fn clock_offset(&self, now: &dyn Fn() -> u64) -> i64 {
        let _ = now;
        0
    }

    /// Called often by local PE `pe` on its own thread (when idle, and every
    /// few messages when busy): progress this thread's sends and hand the
    /// next message that arrived from another process for `pe`, if any, to
    /// `deliver` (at most one per call: the PE acts on it before it polls
    /// again). `deliver` may send. In-process transports need nothing.
    fn poll(&self, pe: PeId, deliver: &mut dyn FnMut(Arrival<'_>)) -> Progress {
        let _ = (pe, deliver);
        Progress::Idle
    }

    /// Called by local PE `pe` on its own thread from inside an entry
    /// method (an element waiting for a message of its own, see
    /// [`Ctx::poll_own`](crate::Ctx::poll_own)): polls up to `polls` times
    /// while nothing arrives and `pe`'s mailbox stays empty, and offers the
    /// frame of the first message from another process for `pe` to `take`,
    /// which returns whether it took it (it reads the frame only during the
    /// call). A message it does not take, or one that is not a single
    /// frame, stays first in line for the PE's next [`Transport::poll`].
    /// Polls that find nothing progress sends as `poll` does. Transports
    /// that are not polled offer nothing ([`Offer::Declined`]: the PE reads
    /// its mailbox).
    fn offer(&self, pe: PeId, polls: u32, take: &mut dyn FnMut(&[u8]) -> bool) -> Offer {
        let _ = (pe, polls, take);
        Offer::Declined
    }

    /// Whether [`Transport::offer`] can ever offer a message (the transport
    /// is polled); `false`: an element need not ask.
    fn offers(&self) -> bool {
        false
    }

    /// How long an idle PE may park before it must `poll` again; `None` when
    /// every message arrives through the mailbox (whose push wakes the PE).
    fn poll_interval(&self) -> Option<std::time::Duration> {
        None
    }

    /// A busy PE polls after every this many messages it handled; 0: never
    /// (every message arrives through the mailbox).
    fn poll_every(&self) -> u32 {
        if self.poll_interval().is_some() {
            DEFAULT_POLL_EVERY
        } else {
            0
        }
    }

    /// When the next message this transport holds back for local PE `pe`
    /// (a delayed one) is due, if any: an idle PE wakes up by then and polls.
    fn next_release(&self, pe: PeId) -> Option<std::time::Instant> {
        let _ = pe;
        None
    }

    /// Called by local PE `pe` on its own thread after it stopped: finish its
    /// outstanding sends. May block until every process's PEs have retired.
    fn retire(&self, pe: PeId) {
        let _ = pe;
    }

    /// Called by every process's driver after its PEs stopped, with their
    /// reports: returns the reports of all PEs of the job on process 0 and
    /// the local ones elsewhere.
    fn gather_reports(&self, local: Vec<crate::PeReport>) -> Vec<crate::PeReport> {
        local
    }

    /// Direct transfers between this process and the others (see
    /// [`Direct`]), if this transport can make them.
    fn direct(&self) -> Option<&dyn crate::direct::Direct> {
        None
    }

    /// Delivers `msg` to the driver of every process.
    fn to_all_drivers(&self, msg: DriverMsg) {
        let (_, n) = self.process();
        for p in 0..n {
            self.to_driver(p, msg.clone());
        }
    }
}

/// How often a busy PE polls a transport that must be polled (see
/// [`Transport::poll_every`]), and how many messages it takes from it then.
pub const DEFAULT_POLL_EVERY: u32 = 32;

/// The sending PE written in a frame made by [`Envelope::into_frame`]
/// (`None`: it came from a driver, or the frame is not readable).
pub fn frame_source(frame: &[u8]) -> Option<PeId> {
    crate::frame::source(frame).filter(|&pe| pe != crate::envelope::DRIVER)
}

/// A message from another process, as [`Transport::poll`] received it: the
/// frame made by [`Envelope::into_frame`], still in the transport's receive
/// buffer when it fitted there (a small element message then runs straight
/// from it, see `Pe::accept`), and its bulk buffers.
pub struct Arrival<'a> {
    /// The envelope's frame.
    pub frame: Cow<'a, [u8]>,
    /// The bulk buffers that travelled beside it.
    pub bulk: BulkBuffers,
}

/// What a [`Transport::poll`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A message arrived (and was delivered): the PE has work.
    Arrived,
    /// Nothing arrived, but sends are still in progress: keep polling.
    Sending,
    /// Nothing to do: the PE may park until the next poll.
    Idle,
}

/// What a [`Transport::offer`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// A message arrived and `take` took it.
    Taken,
    /// A message is waiting that `take` did not take, the PE's mailbox
    /// has one, or the transport offers none: the PE has work of its own.
    Declined,
    /// Nothing arrived in all the polls.
    Empty,
}

/// All PEs in this process: sending is a push into the destination's mailbox.
pub struct InProcess {
    mailboxes: Box<[CachePadded<Mailbox>]>,
    serialize: bool,
    driver: crossbeam_channel::Sender<DriverMsg>,
}

impl InProcess {
    /// A transport for `pes` PEs. With `serialize`, application payloads
    /// between different PEs are serialized as if they crossed processes
    /// (for testing the wire path on one machine).
    pub fn new(pes: u32, serialize: bool, driver: crossbeam_channel::Sender<DriverMsg>) -> Self {
        InProcess {
            mailboxes: (0..pes)
                .map(|_| CachePadded::new(Mailbox::default()))
                .collect(),
            serialize,
            driver,
        }
    }
}

impl Transport for InProcess {
    fn num_pes(&self) -> u32 {
        self.mailboxes.len() as u32
    }

    fn local_pes(&self) -> Range<PeId> {
        0..self.num_pes()
    }

    fn process(&self) -> (u32, u32) {
        (0, 1)
    }

    fn needs_wire(&self, _pe: PeId) -> bool {
        self.serialize
    }

    #[inline]
    fn send(&self, to: PeId, env: Envelope) {
        if self.serialize && !env.body.stays_local() {
            // Exercise the same encoding a process boundary would.
            let (frame, bulk) = env.into_frame().expect("envelopes between PEs serialize");
            let env =
                crate::frame::decode(Cow::Owned(frame), bulk).expect("serialized envelopes decode");
            self.mailboxes[to as usize].push(env);
        } else {
            self.mailboxes[to as usize].push(env);
        }
    }

    fn mailbox(&self, pe: PeId) -> &Mailbox {
        &self.mailboxes[pe as usize]
    }

    fn to_driver(&self, _process: u32, msg: DriverMsg) {
        // The driver only goes away after every PE has stopped.
        let _ = self.driver.send(msg);
    }

    fn driver_barrier(&self) {}
}
