//! The PE side of load balancing: reporting measurements, migrating the
//! elements the manager moves, and telling it when arrivals are complete.

use super::{LbMsg, LbPeriod, ObjStats, PeStats};
use crate::envelope::{ArrayId, Body, BroadcastCall, Envelope};
use crate::instrument::{PeriodMark, thread_cpu_ns};
use crate::pe::Pe;
use crate::services::REDUCTION_ROOT as LB_ROOT;

/// Per-array LB bookkeeping on one PE.
#[derive(Default)]
pub(crate) struct LbLocal {
    /// Local elements of the array.
    pub local: u64,
    /// Local elements waiting in `at_sync`, not yet reported.
    pub waiting: u64,
    /// Local elements waiting in `at_sync`, already reported (they count
    /// where they are, so an element that arrives or leaves outside a
    /// step does not upset the count).
    pub reported: u64,
    /// Arrivals announced by the manager for the current step.
    pub expected: Option<u64>,
    /// Elements that arrived in the current step.
    pub arrived: u64,
    /// Serialized bytes sent in the current step.
    pub bytes_out: u64,
    /// The `at_sync` number of the next balancing step (`Auto` periods;
    /// `None` before the first).
    pub next_sync: Option<u32>,
    /// The step under way is a sync step: once its arrivals are complete,
    /// this PE resumes its elements itself (no global barrier).
    pub resume_on_arrival: bool,
}

impl LbLocal {
    /// The count to report as `Ready` once every local element waits in
    /// `at_sync` (and some were not yet reported); they are then reported.
    pub(crate) fn take_ready(&mut self) -> Option<u64> {
        if self.waiting > 0 && self.waiting + self.reported == self.local {
            let count = std::mem::take(&mut self.waiting);
            self.reported += count;
            return Some(count);
        }
        None
    }
}

fn to_root(pe: &mut Pe, msg: LbMsg) {
    let env = Envelope {
        prio: 0,
        src: pe.svc.pe,
        body: Body::Lb(msg),
    };
    pe.svc.post(LB_ROOT, env);
}

impl Pe {
    /// Handles a load-balancing message.
    pub(crate) fn handle_lb(&mut self, msg: LbMsg) {
        match msg {
            LbMsg::AtSync { array, count } => self.report_ready(array, count),
            LbMsg::Ready {
                array,
                count,
                stats,
            } => self
                .lb_root
                .ready(&mut self.svc, array, count, stats.map(|s| *s)),
            LbMsg::Collect { array } => {
                let stats = self.measure(array);
                to_root(self, LbMsg::Stats(Box::new(stats)));
            }
            LbMsg::Stats(stats) => self.lb_root.stats(&mut self.svc, *stats),
            LbMsg::Moves {
                array,
                moved,
                arrivals,
                next_sync,
                periodic,
            } => {
                let crate::control::Moved { departures, told } = *moved;
                if let Some(trace) = &mut self.svc.trace {
                    trace.step_finished(arts_trace::window::StepClock::Lb);
                }
                if !periodic {
                    self.svc.array_mut(array).lb.next_sync = Some(next_sync);
                }
                self.svc.array_mut(array).lb.resume_on_arrival = !periodic;
                if let Some(grid) = &mut self.svc.grid
                    && (!periodic || !departures.is_empty())
                {
                    grid.forget_array(array);
                }
                // Empty in a periodic step (the manager tells nothing there).
                self.moving(array, &told);
                for (linear, to) in departures {
                    let obj = crate::envelope::ObjId { array, linear };
                    if periodic && !self.may_leave_now(obj) {
                        let env = Envelope {
                            prio: 0,
                            src: self.svc.pe,
                            body: Body::Lb(LbMsg::Declined { array }),
                        };
                        self.svc.post(to, env);
                    } else {
                        self.emigrate(obj, to);
                    }
                }
                self.svc.array_mut(array).lb.expected = Some(arrivals);
                self.check_arrivals(array);
            }
            LbMsg::Declined { array } => {
                self.svc.array_mut(array).lb.arrived += 1;
                self.check_arrivals(array);
            }
            LbMsg::Done { array, bytes_out } => self.lb_root.done(&mut self.svc, array, bytes_out),
        }
    }

    /// Whether element `obj` may leave in a periodic step: it is here and
    /// not waiting in `at_sync` (its array turned out to balance at sync
    /// points after the manager collected its measurements).
    fn may_leave_now(&self, obj: crate::envelope::ObjId) -> bool {
        self.stores[obj.array as usize]
            .as_ref()
            .is_some_and(|s| s.contains(obj.linear) && !s.in_sync(obj.linear))
    }

    /// `count` more local elements of `array` wait in `at_sync`: tells the
    /// manager, with this PE's measurements when the step will balance
    /// (periods whose every reported sync balances: `EverySync`, `Steps`,
    /// `Auto`, `At`). The manager then needs no `Collect`/`Stats` round, which
    /// costs two wide-area crossings on a grid. Under `Seconds` periods a
    /// sync may be skipped, and its measurements must go on; they are
    /// collected as before.
    fn report_ready(&mut self, array: ArrayId, count: u64) {
        let along = self.svc.lb.as_ref().is_some_and(|l| {
            matches!(
                l.period,
                LbPeriod::EverySync | LbPeriod::Steps(_) | LbPeriod::Auto | LbPeriod::At(_)
            )
        });
        let stats = along.then(|| Box::new(self.measure(array)));
        to_root(
            self,
            LbMsg::Ready {
                array,
                count,
                stats,
            },
        );
    }

    /// This PE's measurements for `array` since its last report; starts a
    /// new period.
    fn measure(&mut self, array: ArrayId) -> PeStats {
        let mut objects = Vec::new();
        let mut comm = Vec::new();
        if let Some(store) = self.stores[array as usize].as_mut() {
            store.for_each_element(&mut |linear, meta, bytes| {
                let given = meta.load_asked.as_deref_mut().and_then(|a| a.set_s.take());
                objects.push(ObjStats {
                    linear,
                    given: given.is_some(),
                    load_s: given.unwrap_or(meta.load_ns as f64 * 1e-9),
                    migratable: meta.migratable,
                    bytes,
                });
                for (to, c) in meta.comm.entries() {
                    if to.array == array {
                        comm.push((linear, to.linear, c.messages, c.bytes));
                    }
                }
                meta.load_ns = 0;
                meta.comm.clear();
            });
        }
        let now = PeriodMark {
            raw: self.svc.clock.raw(),
            counters: self.svc.counters,
            cpu_ns: thread_cpu_ns(),
        };
        let mark = *self.svc.lb_marks.get(&array).unwrap_or(&self.svc.lb_start);
        let (c, m) = (now.counters, mark.counters);
        let s = |ns: u64| ns as f64 * 1e-9;
        let stats = PeStats {
            array,
            pe: self.svc.pe,
            speed: self.svc.speed,
            wall_s: s(self.svc.clock.delta_as_nanos(mark.raw, now.raw)),
            entry_s: s(c.entry_ns - m.entry_ns),
            idle_s: s(c.idle_ns - m.idle_ns),
            parked_s: s(c.parked_ns - m.parked_ns),
            cpu_s: s(now.cpu_ns.saturating_sub(mark.cpu_ns)),
            objects,
            comm,
        };
        self.svc.lb_marks.insert(array, now);
        stats
    }

    /// Once this PE's arrivals for `array` are complete: tells the manager
    /// and, in a sync step, resumes the elements here. Every element that
    /// moves in the step has left or arrived by then, so each is resumed
    /// once, where it stays; the other PEs need not be done (as in
    /// Charm++'s central balancers without `+LBSyncResume`): messages to an
    /// element still in flight follow it through the location protocol.
    pub(crate) fn check_arrivals(&mut self, array: ArrayId) {
        let lb = &mut self.svc.array_mut(array).lb;
        match lb.expected {
            Some(e) if lb.arrived >= e => {
                lb.arrived -= e;
                lb.expected = None;
                let bytes_out = std::mem::take(&mut lb.bytes_out);
                let resume = std::mem::take(&mut lb.resume_on_arrival);
                to_root(self, LbMsg::Done { array, bytes_out });
                if resume {
                    let env = Envelope {
                        prio: 0,
                        src: self.svc.pe,
                        body: Body::Broadcast {
                            array,
                            call: BroadcastCall::ResumeFromSync,
                        },
                    };
                    self.svc.post(self.svc.pe, env);
                }
            }
            _ => {}
        }
    }
}
