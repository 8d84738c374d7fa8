//! The wake gate of a rank blocked in a wait for several requests
//! (`MPI_Waitall`): a message that leaves one of its receives incomplete
//! does not resume it. Without the gate, every message resumed the rank
//! to find that out itself: a rank waiting for its six neighbours' ghost
//! messages was suspended and resumed six times a step.
//!
//! Only a multi-request wait sets the gate ([`Engine::gate_on`]), and it
//! blocks as [`WAITALL`]: the delivery consults the gate only for a rank
//! blocked in that call, so blocking sends and receives and single waits
//! pay nothing for it (the call's name is read anyway, with the rank's
//! state; a name of another length differs at once).

use super::{Engine, Req};

/// The call a rank waiting behind the gate is blocked in (deadlock
/// reports name it).
pub const WAITALL: &str = "waitall";

/// The requests a rank blocked in a multi-request wait waits for all of.
#[derive(Default)]
pub(super) struct Gate {
    /// Their handles (empty: any message resumes the rank).
    handles: Vec<u32>,
    /// How many of `handles`, from the first, are known complete: a
    /// complete request stays so until the wait retires it, so each is
    /// looked at until it completes and never again.
    complete: usize,
}

impl Engine {
    /// Resumes this rank, blocked, only once every request of `handles`
    /// has completed, until [`Engine::gate_off`]; returns whether it set
    /// the gate. It does not (and any message resumes the rank, as
    /// before) if one is set already, by an enclosing wait; if `handles`
    /// holds fewer than two requests (a single wait is resumed by the
    /// message it waits for anyway); or if one of them is not a
    /// point-to-point receive or eager send of this rank's (a collective,
    /// a send by rendezvous: their progress is not a receive completing).
    pub fn gate_on(&mut self, handles: impl IntoIterator<Item = u32>) -> bool {
        if !self.gate.handles.is_empty() {
            return false;
        }
        self.gate.handles.extend(handles);
        self.gate.complete = 0;
        let named = |h: &u32| {
            matches!(
                self.reqs.get(*h as usize),
                Some(Some(Req::Recv(_) | Req::Sent(_)))
            )
        };
        if self.gate.handles.len() < 2 || !self.gate.handles.iter().all(named) {
            self.gate.handles.clear();
            return false;
        }
        true
    }

    /// Any message resumes this rank again, blocked (the default).
    pub fn gate_off(&mut self) {
        self.gate.handles.clear();
        self.gate.complete = 0;
    }

    /// Whether what was just taken in should resume this rank, blocked
    /// in [`WAITALL`]: yes, unless it waits behind the gate for receives
    /// of which one is still incomplete. A direct transfer in progress
    /// resumes it at every message, as without the gate.
    #[inline]
    pub fn wakes(&mut self) -> bool {
        self.gate.handles.is_empty() || self.gate_open()
    }

    /// [`Engine::wakes`] with the gate set.
    #[cold]
    fn gate_open(&mut self) -> bool {
        if self.transferring() {
            return true;
        }
        while let Some(&h) = self.gate.handles.get(self.gate.complete) {
            match self.reqs.get(h as usize) {
                Some(Some(Req::Recv(r))) if r.done.is_none() => return false,
                // Complete: an eager send, a receive done, or retired.
                Some(Some(Req::Sent(_) | Req::Recv(_)) | None) => {}
                // Not what the gate was set on (a handle reused).
                Some(Some(_)) | None => return true,
            }
            self.gate.complete += 1;
        }
        true
    }
}
