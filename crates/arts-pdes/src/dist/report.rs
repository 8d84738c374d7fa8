//! The end of a run across processes: every process's counters, LP digests
//! and committed error are gathered and folded, in LP-id order, exactly as
//! the one-process engines fold LP states; every process gets the same
//! report (or the same error).

use std::time::Instant;

use super::Net;
use super::wire::{Digest, Totals, decode_end, encode_end};
use crate::config::{RunConfig, SimReport, SyncMode};
use crate::error::{EventError, PdesError};
use crate::exec::LpCore;
use crate::key::{Key, LpId};
use crate::model::Model;
use crate::summary::{Summary, lp_hash};

/// What one process brings to the final gather.
pub(crate) struct End<S> {
    pub sync: SyncMode,
    /// This process's counters (`peak_rss` is filled in here).
    pub totals: Totals,
    /// This process's LPs, in any order.
    pub lps: Vec<(LpId, LpCore<S>)>,
    /// The committed model error this process holds, if any.
    pub error: Option<(Key, EventError)>,
    /// GVT rounds or time windows (the same on every process).
    pub rounds: u64,
    pub start: Instant,
}

/// Gathers every process's [`End`] and folds them (collective).
pub(crate) fn gather_report<M: Model>(
    model: &M,
    cfg: &RunConfig,
    net: &dyn Net,
    end: End<M::State>,
) -> Result<SimReport, PdesError> {
    let End {
        sync,
        mut totals,
        mut lps,
        error,
        rounds,
        start,
    } = end;
    lps.sort_by_key(|(lp, _)| *lp);
    let nstats = model.stats().len();
    let mut scratch = vec![0.0; nstats];
    let digests: Vec<Digest> = lps
        .iter()
        .map(|(lp, core)| {
            model.finished(*lp, &core.state);
            scratch.iter_mut().for_each(|v| *v = 0.0);
            model.lp_stats(&core.state, &mut scratch);
            Digest {
                lp: *lp,
                hash: lp_hash(model, core),
                stats: scratch.clone(),
            }
        })
        .collect();
    drop(lps);
    if net.size() > 1 {
        // The run's memory (node states here, queues and logs in the PE
        // threads' arenas) is free now; without returning it, the gather
        // below (every LP's digest, in every process) adds to it.
        arts_util::host::release_free_memory();
    }
    totals.peak_rss = crate::mem::peak_rss_bytes().unwrap_or(0);
    let mine = encode_end(&totals, &digests, error.as_ref());
    drop(digests);
    let all = net.all_gather_bytes(&mine);
    drop(mine);
    let n = model.lp_count() as usize;
    let mut hashes = vec![0u64; n];
    let mut stats = vec![0.0f64; n * nstats];
    let mut sum = Totals::default();
    let mut rss = Vec::with_capacity(all.len());
    let mut first_err: Option<(Key, EventError)> = None;
    let mut gvt_ns0 = 0;
    for (rank, bytes) in all.iter().enumerate() {
        let (pt, ds, e) = decode_end(bytes, model.name());
        sum.processed += pt.processed;
        sum.rolled_back += pt.rolled_back;
        sum.anti_sent += pt.anti_sent;
        sum.committed += pt.committed;
        sum.cross += pt.cross;
        sum.peak_live += pt.peak_live;
        sum.final_time_bits = sum.final_time_bits.max(pt.final_time_bits);
        if rank == 0 {
            gvt_ns0 = pt.gvt_ns;
        }
        rss.push(pt.peak_rss);
        for d in ds {
            let lp = d.lp as usize;
            hashes[lp] = d.hash;
            stats[lp * nstats..(lp + 1) * nstats].copy_from_slice(&d.stats);
        }
        if let Some((k, e)) = e
            && first_err.as_ref().is_none_or(|(fk, _)| k < *fk)
        {
            first_err = Some((k, e));
        }
    }
    if let Some((_, e)) = first_err {
        return Err(e.into());
    }
    let mut summary = Summary::new(model);
    for lp in 0..n {
        summary.add_digest(
            model,
            lp as LpId,
            hashes[lp],
            &stats[lp * nstats..(lp + 1) * nstats],
        );
    }
    let (checksum, stats) = summary.finish(model);
    Ok(SimReport {
        sync,
        pes: cfg.pes,
        committed_events: sum.committed,
        processed_events: sum.processed,
        rolled_back_events: sum.rolled_back,
        anti_messages: sum.anti_sent,
        cross_pe_events: sum.cross,
        gvt_rounds: rounds,
        peak_uncommitted_events: sum.peak_live,
        checksum,
        stats,
        final_time: f64::from_bits(sum.final_time_bits),
        wall_s: start.elapsed().as_secs_f64(),
        processes: net.size(),
        gvt_s: (sync == SyncMode::Optimistic).then_some(gvt_ns0 as f64 * 1e-9),
        end_state: None,
        peak_rss_per_process: rss,
    })
}
