//! The optimistic (Time Warp) engine: PEs as threads executing speculatively,
//! rolling back on stragglers and anti-messages, committing below GVT, with an
//! optional optimism window (breathing time warp). See README.md for the GVT
//! and sleep protocols.

pub(crate) mod control;
mod dist;
mod log;
mod pe;
pub(crate) use dist::run as run_across;
#[cfg(test)]
mod tests;
mod worker;

use std::time::Instant;

use crate::checkpoint::Snapshot;
use crate::config::{RunConfig, SimReport, SyncMode};
use crate::engine::ProgressFn;
use crate::error::PdesError;
use crate::exec::LpCore;
use crate::key::{Key, LpId};
use crate::model::Model;
use crate::partition::Partition;
use crate::summary::summarize_parts;

use control::Control;
use pe::{PeStats, TwPe};
use worker::{Tuning, run_pe};

/// Stops every PE if the thread holding it unwinds.
struct StopOnPanic<'a, M>(&'a Control<M>);

impl<M> Drop for StopOnPanic<'_, M> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.abort();
        }
    }
}

/// At the end of a run (GVT at the end time, every PE stopped): places
/// the wires still buffered and takes every inbox (events at or after the
/// end time and their cancellations: nothing executed is rolled back, so
/// nothing new is sent), then gathers the LP states and pending events.
/// Each PE's GVT goes back from the `Key::MAX` of its last commit to the
/// end time, below none of those events.
fn settle_and_snapshot<M: Model>(
    pes: &mut [TwPe<'_, M>],
    ctl: &Control<M::Msg>,
    end_time: f64,
) -> Snapshot {
    for pe in pes.iter_mut() {
        pe.gvt = Key::new(end_time, 0, 0);
        for (dst, buf) in pe.out.iter_mut().enumerate() {
            if !buf.is_empty() {
                ctl.inboxes[dst].put(buf);
            }
        }
        pe.out_count = 0;
    }
    let mut inbuf = Vec::new();
    let mut snap = Snapshot::default();
    for pe in pes.iter_mut() {
        ctl.inboxes[pe.me].take(&mut inbuf);
        for w in inbuf.drain(..) {
            pe.receive(w);
        }
        debug_assert_eq!(pe.out_count, 0, "a settled PE sends nothing");
        pe.snapshot(&mut snap);
    }
    snap
}

/// What a PE thread hands back: the PE itself when the run keeps its end
/// state (settled and gathered once every PE has stopped), else its
/// statistics and LPs, the rest of it (logs, queues) freed on its own
/// thread, in parallel with the others.
enum Ended<'m, M: Model> {
    Kept(Box<TwPe<'m, M>>),
    Done(PeStats, Vec<(LpId, LpCore<M::State>)>),
}

pub(crate) fn run<M: Model>(
    model: &M,
    cfg: &RunConfig,
    progress: Option<ProgressFn<'_>>,
) -> Result<SimReport, PdesError> {
    let start = Instant::now();
    let part = Partition::new(model.lp_count(), cfg.pes, cfg.mapping);
    let ctl: Control<M::Msg> = Control::new(cfg.pes);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tuning = Tuning {
        end_time: cfg.end_time,
        window: cfg.window,
        gvt_interval: cfg.gvt_interval,
        batch: 16,
        flush_every: 16,
        flush_batch: 64,
        spins: if cfg.pes <= cores { 4096 } else { 64 },
    };
    let results: Vec<Option<Ended<'_, M>>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..cfg.pes)
            .map(|me| {
                let (ctl, part) = (&ctl, &part);
                s.spawn(move || {
                    // A panicking PE (a model bug) stops the others, which
                    // would otherwise wait for its GVT reports forever.
                    let _guard = StopOnPanic(ctl);
                    match TwPe::new(model, me, part, cfg.seed, cfg.queue, cfg.resume.as_deref()) {
                        Ok(mut pe) => {
                            run_pe(&mut pe, ctl, tuning, progress);
                            Some(match cfg.keep {
                                true => Ended::Kept(Box::new(pe)),
                                false => Ended::Done(pe.stats, pe.into_lps()),
                            })
                        }
                        Err((lp, err)) => {
                            ctl.fail(Key::new(0.0, lp, 0), err);
                            None
                        }
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("optimistic PE thread panicked"))
            .collect()
    });
    if let Some(err) = ctl.take_error() {
        return Err(err.into());
    }
    let mut total = PeStats::default();
    let mut parts = Vec::with_capacity(results.len());
    let mut add = |st: PeStats, lps| {
        total.processed += st.processed;
        total.rolled_back += st.rolled_back;
        total.anti_sent += st.anti_sent;
        total.committed += st.committed;
        total.cross += st.cross;
        total.peak_live += st.peak_live;
        total.final_time = total.final_time.max(st.final_time);
        parts.push(lps);
    };
    let mut kept = Vec::new();
    for ended in results.into_iter().flatten() {
        match ended {
            Ended::Kept(pe) => kept.push(*pe),
            Ended::Done(st, lps) => add(st, lps),
        }
    }
    let end_state = cfg
        .keep
        .then(|| std::sync::Arc::new(settle_and_snapshot(&mut kept, &ctl, cfg.end_time)));
    for pe in kept {
        add(pe.stats, pe.into_lps());
    }
    let (checksum, stats) = summarize_parts(model, parts);
    Ok(SimReport {
        sync: SyncMode::Optimistic,
        pes: cfg.pes,
        committed_events: total.committed,
        processed_events: total.processed,
        rolled_back_events: total.rolled_back,
        anti_messages: total.anti_sent,
        cross_pe_events: total.cross,
        gvt_rounds: ctl.rounds(),
        peak_uncommitted_events: total.peak_live,
        checksum,
        stats,
        final_time: total.final_time,
        wall_s: start.elapsed().as_secs_f64(),
        processes: 1,
        gvt_s: None,
        end_state,
        peak_rss_per_process: Vec::new(),
    })
}
