//! Periodic, asynchronous balancing (`LbPeriod::Periodic`, `--lb-mode
//! periodic`): the clock on PE 0 that starts a step every period, and the
//! broadcast rule that keeps broadcasts exactly-once while elements move at
//! any time. The protocol and why it is safe are in `README.md`
//! ("Periodic mode").

use std::time::{Duration, Instant};

use super::LbPeriod;
use crate::envelope::{ArrayId, BroadcastCall, Entry};
use crate::pe::Pe;
use crate::services::REDUCTION_ROOT as LB_ROOT;

/// When the next periodic step is due (kept on PE 0 only).
pub(crate) struct PeriodicClock {
    every: Duration,
    next: Instant,
}

impl PeriodicClock {
    /// The clock of PE `pe` under `period`: `None` unless it is the
    /// manager's PE and the period is periodic.
    pub(crate) fn of(pe: crate::PeId, period: Option<LbPeriod>) -> Option<Self> {
        match period {
            Some(LbPeriod::Periodic(s)) if pe == LB_ROOT => {
                let every = Duration::from_secs_f64(s.max(1e-4));
                Some(PeriodicClock {
                    every,
                    next: Instant::now() + every,
                })
            }
            _ => None,
        }
    }

    /// When the next step is due (a deadline for idle waits).
    pub(crate) fn deadline(&self) -> Instant {
        self.next
    }

    /// Whether a step is due now; if so, the next one is a period later.
    fn due(&mut self) -> bool {
        let now = Instant::now();
        if now < self.next {
            return false;
        }
        self.next = now + self.every;
        true
    }
}

impl Pe {
    /// Starts the periodic steps that are due (PE 0 in periodic mode; a
    /// no-op elsewhere). Runs between messages, never inside an entry method.
    #[inline]
    pub(crate) fn periodic_tick(&mut self) {
        if self.periodic.as_mut().is_some_and(PeriodicClock::due) {
            self.lb_root.tick(&mut self.svc);
        }
    }

    /// Whether broadcasts go element by element from the elements' homes
    /// (periodic mode, where elements migrate at any time).
    pub(crate) fn broadcasts_via_homes(&self) -> bool {
        matches!(
            self.svc.lb.as_ref().map(|l| l.period),
            Some(LbPeriod::Periodic(_))
        )
    }

    /// Delivers broadcast `call` of `array` (from `src`, priority `prio`)
    /// to every element whose *home* is this PE, as an element message
    /// through the location protocol: run here if the element is here,
    /// else forwarded to where it went. Every element has one home, so it
    /// gets the broadcast exactly once, wherever it is or moves to.
    pub(crate) fn broadcast_via_homes(
        &mut self,
        prio: i32,
        src: crate::PeId,
        array: ArrayId,
        call: BroadcastCall,
    ) {
        let (me, num_pes) = (self.svc.pe, self.svc.num_pes);
        let info = self.svc.array(array);
        let homes: Vec<u64> = (0..info.shape.len())
            .filter(|&linear| info.home(linear, num_pes) == me)
            .collect();
        for linear in homes {
            let entry = Entry {
                to: crate::envelope::ObjId { array, linear },
                hops: 0,
                id: 0,
                call: call.copy_for(false).into_call(),
            };
            self.deliver(prio, src, entry);
        }
    }
}
