//! Measurement: per-element load and communication, per-PE busy and idle
//! time. The load balancer reads these each period (the "LB database").

use crate::envelope::ObjId;

/// Messages and bytes one element sent to another during the current period.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CommCount {
    /// Number of messages.
    pub messages: u64,
    /// Total payload bytes.
    pub bytes: u64,
}

/// The outgoing communication of one element in the current period. Most
/// elements talk to a handful of neighbours, so a short list is scanned
/// first; large fan-outs spill into a hash map.
#[derive(Default)]
pub(crate) struct CommTable {
    few: Vec<(ObjId, CommCount)>,
    many: Option<std::collections::HashMap<ObjId, CommCount>>,
}

const FEW: usize = 16;

impl CommTable {
    /// Counts one message of `bytes` to `to`.
    #[inline]
    pub(crate) fn record(&mut self, to: ObjId, bytes: u64) {
        if self.many.is_none() {
            if let Some((_, c)) = self.few.iter_mut().find(|(o, _)| *o == to) {
                c.messages += 1;
                c.bytes += bytes;
                return;
            }
            if self.few.len() < FEW {
                self.few.push((to, CommCount { messages: 1, bytes }));
                return;
            }
            self.many = Some(self.few.drain(..).collect());
        }
        let c = self
            .many
            .as_mut()
            .expect("spilled above")
            .entry(to)
            .or_default();
        c.messages += 1;
        c.bytes += bytes;
    }

    /// Every destination with its counts.
    pub(crate) fn entries(&self) -> Vec<(ObjId, CommCount)> {
        match &self.many {
            Some(m) => m.iter().map(|(k, v)| (*k, *v)).collect(),
            None => self.few.clone(),
        }
    }

    /// Forgets the period's counts.
    pub(crate) fn clear(&mut self) {
        self.few.clear();
        self.many = None;
    }
}

/// Runtime bookkeeping kept with each element (it travels when the element migrates).
#[derive(Default)]
pub(crate) struct ElemMeta {
    /// CPU time in this element's entry methods this period, ns.
    pub load_ns: u64,
    /// What the element asked of its own load (`Ctx::pause_load_measure`,
    /// `Ctx::set_load`); boxed, so that elements that never ask keep a
    /// small slot (every entry method touches it).
    pub load_asked: Option<Box<LoadAsked>>,
    /// Outgoing messages this period.
    pub comm: CommTable,
    /// Next reduction number this element contributes to.
    pub red_no: u32,
    /// Whether the load balancer may move it.
    pub migratable: bool,
    /// Whether it is waiting in `at_sync`.
    pub at_sync: bool,
    /// How many times it called `at_sync`.
    pub syncs: u32,
}

/// What an element asked of its own load.
#[derive(Debug, Default)]
pub(crate) struct LoadAsked {
    /// Since when (the clock's raw time) the element's time is not
    /// counted in `load_ns`; `None`: counted.
    pub unmeasured_since: Option<u64>,
    /// Time of the running entry method not counted, ns.
    pub unmeasured_ns: u64,
    /// The load it gave itself this period, reported instead of the measured one.
    pub set_s: Option<f64>,
}

/// Time accounting of one PE.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PeCounters {
    /// Time in entry methods, ns.
    pub entry_ns: u64,
    /// Time idle (spinning or parked with nothing to do), ns.
    pub idle_ns: u64,
    /// Part of `idle_ns` spent parked (off the CPU), ns.
    pub parked_ns: u64,
    /// Messages handled.
    pub messages: u64,
    /// Messages served from the grid queue (border-object prioritization).
    #[serde(default)]
    pub grid_dispatches: u64,
    /// Border objects on the PE when it stopped (grid runs): elements seen
    /// sending to another cluster since the last load-balancing step.
    #[serde(default)]
    pub border_objects: u64,
}

/// CPU time consumed by the calling thread, ns (unlike wall time, it does
/// not grow while other processes hold the core).
pub(crate) fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant
    // every Linux kernel supports.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// One message between two elements of the same array, for communication
/// traces (`Config::comm_trace`): the input of the torus network model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CommRecord {
    /// When it was sent, ns since the run started.
    pub time_ns: u64,
    /// Sending element (linear index).
    pub source: u64,
    /// Receiving element (linear index).
    pub destination: u64,
    /// Payload bytes (`Chare::msg_bytes`).
    pub bytes: u64,
}

/// Where the current load-balancing period started on one PE.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PeriodMark {
    /// Clock (raw) at the start.
    pub raw: u64,
    /// Counters at the start.
    pub counters: PeCounters,
    /// Thread CPU time at the start, ns.
    pub cpu_ns: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_cpu_time_advances() {
        let a = thread_cpu_ns();
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread_cpu_ns() > a);
    }

    #[test]
    fn comm_table_spills_and_counts() {
        let mut t = CommTable::default();
        for round in 0..3 {
            for i in 0..40u64 {
                t.record(
                    ObjId {
                        array: 0,
                        linear: i,
                    },
                    10 + round,
                );
            }
        }
        let mut e = t.entries();
        e.sort_by_key(|(o, _)| o.linear);
        assert_eq!(e.len(), 40);
        assert_eq!(
            e[7].1,
            CommCount {
                messages: 3,
                bytes: 33
            }
        );
        t.clear();
        assert!(t.entries().is_empty());
    }
}
