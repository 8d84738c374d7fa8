//! What the runtime knows of a grid (Koenig's thesis, chapters 5–7): the
//! cluster of every PE, which the load balancer sees; *border objects*,
//! the elements that send to another cluster, learned on each PE from the
//! destinations of their messages; border-object prioritization, which
//! serves messages for border objects from a grid queue before the local
//! queue so that cross-cluster messages leave early; and emulated PE speeds.
//!
//! The wide-area latency itself is not here: it is a transport layer
//! (`arts-grid`'s delay layer), so that the scheduler, the application and
//! the transport are the same with and without it.

use std::collections::HashSet;
use std::sync::Arc;

use crate::PeId;
use crate::envelope::{Body, Envelope, ObjId};
use crate::queue::PrioQueue;

/// A local-queue message runs after at most this many consecutive
/// grid-queue messages, unless configured otherwise.
pub const DEFAULT_STARVATION_LIMIT: u32 = 16;

/// Grid execution settings of a run.
#[derive(Clone, Debug)]
pub struct GridConfig {
    /// The cluster of every PE, indexed by PE.
    pub clusters: Arc<[u32]>,
    /// Serve messages for border objects from a grid queue first.
    pub priority: bool,
    /// Starvation guard of the grid queue: a local message runs after at
    /// most this many consecutive grid-queue messages (at least 1).
    pub starvation_limit: u32,
}

/// Emulated relative PE speeds: a PE with speed `s < 1` stretches every
/// entry method (and its speed calibration) to `1/s` times its length by
/// busy work, so balancers see it in measured loads.
#[derive(Clone, Debug)]
pub struct EmulatedSpeeds(pub Arc<[f64]>);

impl EmulatedSpeeds {
    /// The busy time added per ns of work on `pe` (`1/s − 1`; 0 at full speed).
    pub(crate) fn stretch(&self, pe: PeId) -> f64 {
        match self.0.get(pe as usize) {
            Some(&s) if s > 0.0 && s < 1.0 => 1.0 / s - 1.0,
            _ => 0.0,
        }
    }
}

/// Spins from raw clock reading `from` until `ns` nanoseconds have passed;
/// returns the raw reading at the end. The busy work of an emulated slow PE.
pub(crate) fn busy_for(clock: &quanta::Clock, from: u64, ns: u64) -> u64 {
    loop {
        let now = clock.raw();
        if clock.delta_as_nanos(from, now) >= ns {
            return now;
        }
        std::hint::spin_loop();
    }
}

/// One PE's grid scheduling state.
pub(crate) struct GridSched {
    cluster: u32,
    clusters: Arc<[u32]>,
    priority: bool,
    starvation_limit: u32,
    /// Local elements seen sending to another cluster since they arrived
    /// (or since the last load-balancing step).
    border: HashSet<ObjId>,
    /// Messages for border objects (when prioritizing).
    queue: PrioQueue<Envelope>,
    /// Consecutive grid-queue messages served.
    run: u32,
    /// Messages served from the grid queue.
    pub dispatches: u64,
}

impl GridSched {
    /// The state of PE `pe`.
    pub(crate) fn new(pe: PeId, config: &GridConfig) -> GridSched {
        GridSched {
            cluster: config.clusters.get(pe as usize).copied().unwrap_or(0),
            clusters: config.clusters.clone(),
            priority: config.priority,
            starvation_limit: config.starvation_limit.max(1),
            border: HashSet::new(),
            queue: PrioQueue::default(),
            run: 0,
            dispatches: 0,
        }
    }

    /// The cluster of PE `pe`.
    pub(crate) fn cluster_of(&self, pe: PeId) -> u32 {
        self.clusters.get(pe as usize).copied().unwrap_or(0)
    }

    /// Local element `from` sends to PE `dest`: it is a border object if
    /// `dest` is in another cluster.
    #[inline]
    pub(crate) fn note_send(&mut self, from: ObjId, dest: PeId) {
        if self.cluster_of(dest) != self.cluster && !self.border.contains(&from) {
            self.border.insert(from);
        }
    }

    /// `obj` left this PE (or its border status must be learned anew).
    pub(crate) fn forget(&mut self, obj: ObjId) {
        self.border.remove(&obj);
    }

    /// Forgets every border object of `array`: after a load-balancing step
    /// the neighbours may have moved, and the next sends tell again.
    pub(crate) fn forget_array(&mut self, array: crate::envelope::ArrayId) {
        self.border.retain(|o| o.array != array);
    }

    /// Number of local border objects.
    pub(crate) fn border_objects(&self) -> usize {
        self.border.len()
    }

    /// Queues `env` in the grid queue if it is for a border object and
    /// prioritization is on; otherwise hands it back.
    #[inline]
    pub(crate) fn offer(&mut self, prio: i32, env: Envelope) -> Option<Envelope> {
        match &env.body {
            Body::Entry(e) if self.priority && self.border.contains(&e.to) => {
                self.queue.push(prio, env);
                None
            }
            _ => Some(env),
        }
    }

    /// The next message: from the grid queue unless it served
    /// `starvation_limit` in a row while local messages wait.
    #[inline]
    pub(crate) fn pop(&mut self, local: &mut PrioQueue<Envelope>) -> Option<Envelope> {
        if !self.queue.is_empty() && (self.run < self.starvation_limit || local.is_empty()) {
            self.run += 1;
            self.dispatches += 1;
            return self.queue.pop();
        }
        self.run = 0;
        local.pop()
    }

    /// Whether the grid queue is empty.
    pub(crate) fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::{Call, Entry, Payload};

    fn entry(linear: u64) -> Envelope {
        let to = ObjId { array: 0, linear };
        let call = Call::Msg(Payload::Local(Box::new(linear)));
        Envelope {
            prio: 0,
            src: 0,
            body: Body::Entry(Entry {
                to,
                hops: 0,
                id: 0,
                call,
            }),
        }
    }

    fn target(env: &Envelope) -> u64 {
        match &env.body {
            Body::Entry(e) => e.to.linear,
            _ => unreachable!(),
        }
    }

    fn sched(priority: bool, limit: u32) -> GridSched {
        let config = GridConfig {
            clusters: Arc::from(vec![0, 0, 1, 1]),
            priority,
            starvation_limit: limit,
        };
        GridSched::new(1, &config)
    }

    #[test]
    fn border_objects_are_learned_from_destinations() {
        let mut g = sched(true, 4);
        let a = ObjId {
            array: 0,
            linear: 1,
        };
        g.note_send(a, 0);
        assert_eq!(g.border_objects(), 0, "PE 0 is in the same cluster");
        g.note_send(a, 3);
        g.note_send(a, 2);
        assert_eq!(g.border_objects(), 1);
        g.forget(a);
        assert_eq!(g.border_objects(), 0);
    }

    #[test]
    fn border_messages_run_first_with_a_starvation_guard() {
        let mut g = sched(true, 2);
        for b in [10, 11, 12] {
            g.note_send(
                ObjId {
                    array: 0,
                    linear: b,
                },
                2,
            );
        }
        let mut local = PrioQueue::default();
        for n in [1, 10, 2, 11, 3, 12] {
            if let Some(env) = g.offer(0, entry(n)) {
                local.push(0, env);
            }
        }
        let order: Vec<u64> = std::iter::from_fn(|| g.pop(&mut local))
            .map(|e| target(&e))
            .collect();
        // Two grid messages, then a local one (the guard), then the rest.
        assert_eq!(order, vec![10, 11, 1, 12, 2, 3]);
        assert_eq!(g.dispatches, 3);
    }

    #[test]
    fn without_priority_everything_stays_local() {
        let mut g = sched(false, 2);
        g.note_send(
            ObjId {
                array: 0,
                linear: 10,
            },
            2,
        );
        assert!(g.offer(0, entry(10)).is_some());
        assert!(g.is_empty());
    }

    #[test]
    fn speeds_stretch_slow_pes_only() {
        let s = EmulatedSpeeds(Arc::from(vec![1.0, 0.5, 0.25]));
        assert_eq!(s.stretch(0), 0.0);
        assert_eq!(s.stretch(1), 1.0);
        assert_eq!(s.stretch(2), 3.0);
        assert_eq!(s.stretch(7), 0.0);
    }
}
