//! The boundary between PEs: every message from one PE (or the driver) to
//! another goes through a [`Transport`]. [`InProcess`] connects the PEs of one
//! process through their mailboxes; a multi-process transport (MPI) keeps the
//! same mailboxes for local PEs and serializes what goes to other processes.

use crossbeam_utils::CachePadded;

use crate::PeId;
use crate::driver::DriverMsg;
use crate::envelope::Envelope;
use crate::mailbox::Mailbox;

/// Delivers envelopes between PEs. Implementations must keep messages from
/// one sender to one destination in order (per-pair FIFO): the location
/// manager's forwarding protocol relies on it.
pub trait Transport: Send + Sync + 'static {
    /// Number of PEs in the whole job.
    fn num_pes(&self) -> u32;
    /// The PEs run by this process.
    fn local_pes(&self) -> std::ops::Range<PeId>;
    /// Whether application payloads for `pe` must be serialized.
    fn needs_wire(&self, pe: PeId) -> bool;
    /// Sends `env` to PE `to` (any process).
    fn send(&self, to: PeId, env: Envelope);
    /// The mailbox of local PE `pe`.
    fn mailbox(&self, pe: PeId) -> &Mailbox;
    /// Sends a message to the main program (driver) of this process.
    fn to_driver(&self, msg: DriverMsg);
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

    fn local_pes(&self) -> std::ops::Range<PeId> {
        0..self.num_pes()
    }

    fn needs_wire(&self, _pe: PeId) -> bool {
        self.serialize
    }

    #[inline]
    fn send(&self, to: PeId, env: Envelope) {
        self.mailboxes[to as usize].push(env);
    }

    fn mailbox(&self, pe: PeId) -> &Mailbox {
        &self.mailboxes[pe as usize]
    }

    fn to_driver(&self, msg: DriverMsg) {
        // The driver only goes away after every PE has stopped.
        let _ = self.driver.send(msg);
    }
}
