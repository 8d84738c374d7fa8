//! The loop every optimistic PE thread runs: take part in GVT rounds, receive,
//! execute the next event inside the optimism window, send, and sleep when idle.
//! The protocol (and why it neither loses messages nor deadlocks) is in README.md.

use std::time::Duration;

use crate::engine::ProgressFn;
use crate::key::Key;
use crate::model::Model;

use super::control::{Control, Wire};
use super::pe::TwPe;

/// Tuning of the worker loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    pub end_time: f64,
    pub window: f64,
    pub gvt_interval: u32,
    /// Events executed back to back between two loop tops (GVT check,
    /// inbox check): bounds how long a round waits for this PE's report and
    /// how late an arrival is noticed.
    pub batch: u32,
    /// Place outgoing wires after this many events even if few are buffered.
    pub flush_every: u32,
    /// Place outgoing wires as soon as this many are buffered.
    pub flush_batch: usize,
    /// Idle iterations spent spinning before yielding: long when every PE has
    /// a core of its own (waking a parked thread costs microseconds), short
    /// when PEs outnumber cores (a spinning PE steals the core of a busy one).
    pub spins: u32,
}

/// Idle iterations spent yielding before parking.
const YIELDS: u32 = 16;
/// Upper bound of one park; a safety net only (see README: wake-ups are not lost).
const PARK: Duration = Duration::from_millis(20);

pub(crate) fn run_pe<M: Model>(
    pe: &mut TwPe<'_, M>,
    ctl: &Control<M::Msg>,
    t: Tuning,
    progress: Option<ProgressFn<'_>>,
) {
    let me = pe.me;
    ctl.register(me);
    let mut inbuf: Vec<Wire<M::Msg>> = Vec::new();
    let mut seen_epoch = 0u64;
    let mut gvt = Key::MIN;
    let mut send_min = Key::MAX;
    let mut since_round = 0u32;
    let mut since_flush = 0u32;
    let mut idle_started = false;
    let mut idle = 0u32;
    loop {
        // ---- loop top: the GVT protocol's only reporting point.
        let e = ctl.epoch();
        if e != seen_epoch {
            let g = ctl.gvt();
            if g > gvt {
                gvt = g;
                pe.fossil_collect(gvt);
                if let Some((k, err)) = &pe.blocked
                    && gvt >= *k
                {
                    ctl.fail(*k, err.clone());
                }
                if me == 0
                    && let Some(p) = progress
                {
                    p(gvt.time().min(t.end_time));
                }
            }
            if gvt.time() >= t.end_time {
                break;
            }
            if e & 1 == 1 {
                // An empty `len` (read after the epoch) proves every placement
                // that precedes the round start has been taken already.
                if ctl.inboxes[me].has_items() {
                    receive_all(pe, ctl, &mut inbuf);
                }
                flush(pe, ctl, &mut send_min);
                ctl.report(me, e, pe.local_min().min(send_min));
            }
            seen_epoch = e;
        }
        send_min = Key::MAX;
        if ctl.stopped() {
            break;
        }

        // ---- receive.
        if ctl.inboxes[me].has_items() && receive_all(pe, ctl, &mut inbuf) {
            idle_started = false;
            idle = 0;
        }

        // ---- execute up to `batch` next events inside the window.
        let limit = t.end_time.min(gvt.time() + t.window);
        let mut done = 0u32;
        while done < t.batch {
            let next = pe.next_event().filter(|ev| {
                ev.key.time() < limit && pe.blocked.as_ref().is_none_or(|(k, _)| ev.key < *k)
            });
            let Some(ev) = next else { break };
            pe.process(ev);
            done += 1;
            if pe.out_count >= t.flush_batch {
                break;
            }
        }
        match done {
            1.. => {
                idle_started = false;
                idle = 0;
                since_round += done;
                since_flush += done;
                if pe.out_count >= t.flush_batch
                    || (pe.out_count > 0 && since_flush >= t.flush_every)
                {
                    flush(pe, ctl, &mut send_min);
                    since_flush = 0;
                }
                if since_round >= t.gvt_interval {
                    ctl.try_start_round();
                    since_round = 0;
                }
            }
            0 => {
                flush(pe, ctl, &mut send_min);
                if !idle_started && ctl.try_start_round() {
                    idle_started = true;
                }
                idle += 1;
                if idle <= t.spins {
                    std::hint::spin_loop();
                } else if idle <= t.spins + YIELDS {
                    std::thread::yield_now();
                } else {
                    ctl.sleep(me, seen_epoch, PARK);
                }
            }
        }
    }
    // GVT >= end time (or the run stopped): everything executed is committed.
    pe.fossil_collect(Key::MAX);
}

/// Moves everything in this PE's inbox into it. True if anything arrived.
fn receive_all<M: Model>(
    pe: &mut TwPe<'_, M>,
    ctl: &Control<M::Msg>,
    inbuf: &mut Vec<Wire<M::Msg>>,
) -> bool {
    ctl.inboxes[pe.me].take(inbuf);
    let any = !inbuf.is_empty();
    for w in inbuf.drain(..) {
        pe.receive(w);
    }
    any
}

/// Places every buffered wire into its destination's inbox, noting the
/// smallest key placed (the GVT report must cover it), and wakes sleepers.
fn flush<M: Model>(pe: &mut TwPe<'_, M>, ctl: &Control<M::Msg>, send_min: &mut Key) {
    if pe.out_count == 0 {
        return;
    }
    for dst in 0..pe.out.len() {
        let buf = &mut pe.out[dst];
        if buf.is_empty() {
            continue;
        }
        let m = buf.iter().map(Wire::key).min().unwrap_or(Key::MAX);
        if m < *send_min {
            *send_min = m;
        }
        ctl.inboxes[dst].put(buf);
        ctl.wake(dst);
    }
    pe.out_count = 0;
}
