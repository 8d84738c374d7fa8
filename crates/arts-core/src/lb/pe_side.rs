//! The PE side of load balancing: reporting measurements, migrating the
//! elements the manager moves, and telling it when arrivals are complete.

use super::{LbMsg, ObjStats, PeStats};
use crate::envelope::{ArrayId, Body, Envelope};
use crate::pe::Pe;
use crate::services::REDUCTION_ROOT as LB_ROOT;

/// Per-array LB bookkeeping on one PE.
#[derive(Default)]
pub(crate) struct LbLocal {
    /// Local elements of the array.
    pub local: u64,
    /// Local elements waiting in `at_sync`, not yet reported.
    pub waiting: u64,
    /// Arrivals announced by the manager for the current step.
    pub expected: Option<u64>,
    /// Elements that arrived in the current step.
    pub arrived: u64,
    /// Serialized bytes sent in the current step.
    pub bytes_out: u64,
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
            LbMsg::Ready { array, count } => self.lb_root.ready(&mut self.svc, array, count),
            LbMsg::Collect { array } => self.send_stats(array),
            LbMsg::Stats(stats) => self.lb_root.stats(&mut self.svc, *stats),
            LbMsg::Moves {
                array,
                departures,
                arrivals,
            } => {
                for (linear, to) in departures {
                    let obj = crate::envelope::ObjId { array, linear };
                    self.emigrate(obj, to);
                }
                self.svc.array_mut(array).lb.expected = Some(arrivals);
                self.check_arrivals(array);
            }
            LbMsg::Done { array, bytes_out } => self.lb_root.done(&mut self.svc, array, bytes_out),
        }
    }

    /// Reports this PE's measurements for `array` and starts a new period.
    fn send_stats(&mut self, array: ArrayId) {
        let mut objects = Vec::new();
        let mut comm = Vec::new();
        if let Some(store) = self.stores[array as usize].as_mut() {
            store.for_each_element(&mut |linear, meta, bytes| {
                objects.push(ObjStats {
                    linear,
                    load_s: meta.load_ns as f64 * 1e-9,
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
        let now = self.svc.clock.raw();
        let (mark, entry0, idle0) = self.svc.lb_mark;
        let c = self.svc.counters;
        let stats = PeStats {
            array,
            pe: self.svc.pe,
            speed: self.svc.speed,
            wall_s: self.svc.clock.delta_as_nanos(mark, now) as f64 * 1e-9,
            entry_s: (c.entry_ns - entry0) as f64 * 1e-9,
            idle_s: (c.idle_ns - idle0) as f64 * 1e-9,
            objects,
            comm,
        };
        self.svc.lb_mark = (now, c.entry_ns, c.idle_ns);
        to_root(self, LbMsg::Stats(Box::new(stats)));
    }

    /// Tells the manager once this PE's arrivals for `array` are complete.
    pub(crate) fn check_arrivals(&mut self, array: ArrayId) {
        let lb = &mut self.svc.array_mut(array).lb;
        match lb.expected {
            Some(e) if lb.arrived >= e => {
                lb.arrived -= e;
                lb.expected = None;
                let bytes_out = std::mem::take(&mut lb.bytes_out);
                to_root(self, LbMsg::Done { array, bytes_out });
            }
            _ => {}
        }
    }
}
