//! The sequential engine: one event list, events in key order. The oracle every
//! other engine must match.

use std::time::Instant;

use crate::checkpoint::Snapshot;
use crate::config::{RunConfig, SimReport, SyncMode};
use crate::engine::ProgressFn;
use crate::error::PdesError;
use crate::event::{Event, PendingSet};
use crate::exec::{Exec, LpCore};
use crate::key::Time;
use crate::model::Model;
use crate::partition::Partition;
use crate::summary::Summary;

/// Events between two progress reports.
const PROGRESS_EVERY: u64 = 1 << 18;

pub(crate) fn run<M: Model>(
    model: &M,
    cfg: &RunConfig,
    progress: Option<ProgressFn<'_>>,
) -> Result<SimReport, PdesError> {
    let start = Instant::now();
    let n = model.lp_count();
    let part = Partition::new(n, cfg.pes, cfg.mapping);
    let mut exec = Exec::new(model);
    let mut new: Vec<Event<M::Msg>> = Vec::new();
    let mut pending = PendingSet::new(cfg.queue);
    let mut lps: Vec<LpCore<M::State>> = Vec::with_capacity(n as usize);
    for lp in 0..n {
        lps.push(exec.start(lp, cfg, &mut new)?);
        for ev in new.drain(..) {
            pending.push(ev);
        }
    }

    let end = cfg.end_time;
    let mut undo = M::Undo::default();
    let mut committed = 0u64;
    let mut cross = 0u64;
    let mut final_time: Time = 0.0;
    while let Some(&ev) = pending.peek() {
        let now = ev.key.time();
        if now >= end {
            break;
        }
        let core = &mut lps[ev.dst as usize];
        exec.handle(core, &ev, &mut undo, &mut new)?;
        committed += 1;
        final_time = now;
        if cfg.pes > 1 && part.pe_of(ev.key.src()) != part.pe_of(ev.dst) {
            cross += 1;
        }
        let mut fresh = new.drain(..);
        match fresh.next() {
            Some(first) => {
                pending.replace_min(first);
                for e in fresh {
                    pending.push(e);
                }
            }
            None => {
                drop(fresh);
                pending.pop();
            }
        }
        if committed.is_multiple_of(PROGRESS_EVERY)
            && let Some(p) = progress
        {
            p(now);
        }
    }

    // Everything left is at or after the end time: with `keep`, the state
    // a checkpoint holds.
    let end_state = cfg.keep.then(|| {
        let mut snap = Snapshot::default();
        for (lp, core) in lps.iter().enumerate() {
            snap.add_lp(model, lp as u32, core);
        }
        while let Some(ev) = pending.pop() {
            snap.add_event(model, &ev);
        }
        std::sync::Arc::new(snap)
    });
    let mut sum = Summary::new(model);
    for (lp, core) in lps.iter().enumerate() {
        sum.add(model, lp as u32, core);
    }
    let (checksum, stats) = sum.finish(model);
    Ok(SimReport {
        sync: SyncMode::Sequential,
        pes: 1,
        committed_events: committed,
        processed_events: committed,
        rolled_back_events: 0,
        anti_messages: 0,
        cross_pe_events: cross,
        gvt_rounds: 0,
        peak_uncommitted_events: 0,
        checksum,
        stats,
        final_time,
        wall_s: start.elapsed().as_secs_f64(),
        processes: 1,
        gvt_s: None,
        end_state,
        peak_rss_per_process: Vec::new(),
    })
}
