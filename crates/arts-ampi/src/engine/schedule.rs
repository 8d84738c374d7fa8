//! Collectives as message-driven state machines: a [`Plan`] is a list of
//! rounds, each sending some buffers, receiving others and then combining
//! them locally. A running plan (a [`Schedule`]) advances whenever one of its
//! receives is matched — on message arrival, while its rank computes or is
//! blocked in another call — and when its rank tests or waits on it.

use std::ops::{Deref, Range};

use arts_core::Bulk;

use super::payload::{INLINE_BYTES, Payload};
use crate::datatype::Datatype;
use crate::error::MpiError;
use crate::op::Op;

/// A local step after a round's receives completed.
#[derive(Debug)]
pub enum Local {
    /// `bufs[into] = bufs[lower] ⊕ bufs[higher]` (`lower` from lower ranks,
    /// left as it was unless it is `into`).
    Combine {
        /// Lower ranks' contribution.
        lower: usize,
        /// Higher ranks' contribution.
        higher: usize,
        /// Where the result goes.
        into: usize,
    },
    /// `bufs[into]` = the concatenation of `parts`, each `(buffer, expected bytes)`.
    Concat {
        /// The parts in order.
        parts: Vec<(usize, usize)>,
        /// Where the result goes.
        into: usize,
    },
    /// `bufs[into] = bufs[from][range]`.
    Slice {
        /// Source buffer.
        from: usize,
        /// Bytes taken.
        range: Range<usize>,
        /// Where they go.
        into: usize,
    },
}

/// One round: sends (to communicator rank, buffer, byte range or all),
/// receives (from communicator rank into buffer), then local steps.
#[derive(Debug, Default)]
pub struct Round {
    /// Packets sent when the round starts.
    pub sends: Vec<(u32, usize, Option<Range<usize>>)>,
    /// Packets the round waits for; each replaces its buffer.
    pub recvs: Vec<(u32, usize)>,
    /// Local steps once every receive arrived.
    pub then: Vec<Local>,
}

/// A plan's working buffer: bytes it owns, or a message's shared bytes.
/// A buffer sent whole becomes shared, so that a broadcast's root and the
/// inner ranks of its tree send one buffer to all their children, and a
/// received one stays the sender's, so that an inner rank passes on what
/// it got: within a process no step copies it. A step that changes a
/// buffer copies it first only if it is still shared (`make_mut`).
#[derive(Clone, Debug)]
pub enum Buf {
    /// Bytes of this plan alone.
    Own(Vec<u8>),
    /// Bytes shared with messages (in system memory, never in a rank's slot).
    Shared(Bulk),
}

impl Default for Buf {
    fn default() -> Buf {
        Buf::Own(Vec::new())
    }
}

impl Deref for Buf {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Buf::Own(v) => v,
            Buf::Shared(b) => b,
        }
    }
}

impl From<Payload> for Buf {
    /// A received message's bytes, kept as they came (no copy).
    fn from(p: Payload) -> Buf {
        match p {
            Payload::Shared(b) => Buf::Shared(b),
            inline => Buf::Own(inline.to_vec()),
        }
    }
}

impl Buf {
    /// The bytes, mutable: copied first only if a message shares them.
    pub fn make_mut(&mut self) -> &mut Vec<u8> {
        match self {
            Buf::Own(v) => v,
            Buf::Shared(b) => b.make_mut(),
        }
    }

    /// The payload of a message carrying the whole buffer: more than
    /// [`INLINE_BYTES`] share it (the buffer becomes shared: no copy, if
    /// it lies outside every rank's isomalloc slot; else a copy, as a
    /// packet's bytes never lie in a slot); fewer ride inline.
    pub fn payload(&mut self) -> Payload {
        if let Buf::Own(v) = self
            && v.len() > INLINE_BYTES
            && !(crate::iso::in_use() && crate::iso::in_slot(v.as_ptr()))
        {
            let v = std::mem::take(v);
            *self = Buf::Shared(crate::iso::outside(|| Bulk::new(v)));
        }
        match self {
            Buf::Shared(b) => Payload::Shared(b.clone()),
            Buf::Own(v) => Payload::new(v),
        }
    }
}

/// A collective's plan for one rank.
#[derive(Debug, Default)]
pub struct Plan {
    /// The rounds, in order.
    pub rounds: Vec<Round>,
    /// Working buffers (inputs are placed here when the plan is built).
    pub bufs: Vec<Buf>,
    /// The buffer holding the result at the end, if this rank gets one.
    pub out: Option<usize>,
    /// The reduction operation, for `Local::Combine`.
    pub op: Option<(Op, Datatype)>,
    /// A communicator whose context is the result (a little-endian `u32`),
    /// set when the plan finishes (`Mpi::comm_idup`).
    pub context_of: Option<u32>,
    /// Whether the plan is an intercommunicator's (its ranks from the
    /// local group's size on are the remote group's); a plan runs only on
    /// a communicator of its kind.
    pub inter: bool,
}

impl Plan {
    /// Adds a buffer, returning its index.
    pub fn buf(&mut self, data: Vec<u8>) -> usize {
        self.bufs.push(Buf::Own(data));
        self.bufs.len() - 1
    }

    /// Appends a round.
    pub fn round(&mut self, round: Round) {
        self.rounds.push(round);
    }
}

/// A plan being carried out.
pub struct Schedule {
    /// The plan.
    pub plan: Plan,
    /// The collective's name, for errors.
    pub call: &'static str,
    /// Communicator index in the engine's table.
    pub comm: u32,
    /// The collective's tag.
    pub tag: i32,
    /// Current round.
    pub round: usize,
    /// Whether the current round's sends went out and receives were posted.
    pub started: bool,
    /// Receives of the current round not yet matched.
    pub waiting: usize,
    /// The user's result buffer (pointer, bytes) — `None` once detached.
    pub out: Option<(*mut u8, usize)>,
    /// The first error found (reported when the collective completes).
    pub error: Option<MpiError>,
    /// Whether every round is done.
    pub finished: bool,
}

impl Schedule {
    /// Runs the current round's local steps.
    pub fn run_locals(&mut self) {
        let round = std::mem::take(&mut self.plan.rounds[self.round].then);
        for step in round {
            match step {
                Local::Combine {
                    lower,
                    higher,
                    into,
                } => {
                    let l = std::mem::take(&mut self.plan.bufs[lower]);
                    let mut h = std::mem::take(&mut self.plan.bufs[higher]);
                    if l.len() != h.len() {
                        self.fail(format!(
                            "contributions of {} and {} bytes differ",
                            l.len(),
                            h.len()
                        ));
                    } else if let Some((op, dt)) = &self.plan.op {
                        op.apply(*dt, &l, h.make_mut());
                    }
                    // `lower` keeps its bytes (an exclusive scan's result).
                    self.plan.bufs[lower] = l;
                    self.plan.bufs[into] = h;
                }
                Local::Concat { parts, into } => {
                    let mut all = Vec::with_capacity(parts.iter().map(|p| p.1).sum());
                    for (b, want) in parts {
                        let got = self.plan.bufs[b].len();
                        if got != want {
                            self.fail(format!("expected {want} bytes from a rank, got {got}"));
                        }
                        all.extend_from_slice(&self.plan.bufs[b]);
                        self.plan.bufs[b] = Buf::default();
                    }
                    self.plan.bufs[into] = Buf::Own(all);
                }
                Local::Slice { from, range, into } => {
                    let part = self.plan.bufs[from].get(range).map(<[u8]>::to_vec);
                    match part {
                        Some(p) => self.plan.bufs[into] = Buf::Own(p),
                        None => self.fail("a slice outside its buffer".into()),
                    }
                }
            }
        }
    }

    pub(super) fn fail(&mut self, what: String) {
        let call = self.call;
        self.error.get_or_insert(MpiError::Count { call, what });
    }

    /// Copies the result to the user's buffer (once every round is done).
    pub fn deliver(&mut self) -> Result<(), MpiError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if let (Some((ptr, len)), Some(b)) = (self.out.take(), self.plan.out) {
            let data = &self.plan.bufs[b];
            if data.len() != len {
                return Err(MpiError::Count {
                    call: self.call,
                    what: format!("a result of {} bytes for a buffer of {len}", data.len()),
                });
            }
            // SAFETY: `ptr` is the user's buffer of `len` bytes, borrowed
            // mutably by the request until it completes (see `Request`).
            unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr, len) };
        }
        Ok(())
    }
}
