//! Collectives as message-driven state machines: a [`Plan`] is a list of
//! rounds, each sending some buffers, receiving others and then combining
//! them locally. A running plan (a [`Schedule`]) advances whenever one of its
//! receives is matched — on message arrival, while its rank computes or is
//! blocked in another call — and when its rank tests or waits on it.

use std::ops::Range;

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

/// A collective's plan for one rank.
#[derive(Debug, Default)]
pub struct Plan {
    /// The rounds, in order.
    pub rounds: Vec<Round>,
    /// Working buffers (inputs are placed here when the plan is built).
    pub bufs: Vec<Vec<u8>>,
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
        self.bufs.push(data);
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
                        op.apply(*dt, &l, &mut h);
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
                        self.plan.bufs[b] = Vec::new();
                    }
                    self.plan.bufs[into] = all;
                }
                Local::Slice { from, range, into } => {
                    let part = self.plan.bufs[from].get(range).map(<[u8]>::to_vec);
                    match part {
                        Some(p) => self.plan.bufs[into] = p,
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
