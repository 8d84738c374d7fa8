//! The end of a run across processes: every process's counters and
//! committed error are gathered everywhere; the LPs' digests go to process 0
//! a window of LP ids at a time and are folded there in LP-id order, exactly
//! as the one-process engines fold LP states, so no process ever holds more
//! than its own LPs and one window; process 0's checksum and statistics then
//! go to every process, which all return the same report (or the same error).

use std::time::Instant;

use super::Net;
use super::wire::{Totals, decode_digests, decode_end, digest_bytes, encode_digest, encode_end};
use crate::config::{RunConfig, SimReport, SyncMode};
use crate::error::{EventError, PdesError};
use crate::exec::LpCore;
use crate::key::{Key, LpId};
use crate::model::Model;
use crate::summary::{Summary, lp_hash};

/// Bytes of digests gathered at once (a window of LP ids). Unit tests use
/// windows of a few LPs, so that every run across processes in them folds
/// many windows.
#[cfg(not(test))]
const WINDOW_BYTES: usize = 4 << 20;
#[cfg(test)]
const WINDOW_BYTES: usize = 200;

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
    if net.size() > 1 {
        // The run's memory (node states here, queues and logs in the PE
        // threads' arenas) is free now: return it before the gathers.
        arts_util::host::release_free_memory();
    }
    totals.peak_rss = crate::mem::peak_rss_bytes().unwrap_or(0);
    let all = net.all_gather_bytes(&encode_end(&totals, error.as_ref()));
    let mut sum = Totals::default();
    let mut rss = Vec::with_capacity(all.len());
    let mut first_err: Option<(Key, EventError)> = None;
    let mut gvt_ns0 = 0;
    for (rank, bytes) in all.iter().enumerate() {
        let (pt, e) = decode_end(bytes, model.name());
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
        if let Some((k, e)) = e
            && first_err.as_ref().is_none_or(|(fk, _)| k < *fk)
        {
            first_err = Some((k, e));
        }
    }
    if let Some((_, e)) = first_err {
        return Err(e.into());
    }
    let (checksum, stats) = fold_digests(model, net, &lps);
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

/// The run's checksum and statistics on every process: each window of LP
/// ids gathers its LPs' digests on process 0, which folds them in order;
/// process 0's result is then shared. `lps` are this process's, sorted.
fn fold_digests<M: Model>(
    model: &M,
    net: &dyn Net,
    lps: &[(LpId, LpCore<M::State>)],
) -> (u64, Vec<(&'static str, f64)>) {
    let n = model.lp_count() as usize;
    let nstats = model.stats().len();
    let width = (WINDOW_BYTES / digest_bytes(nstats)).max(1);
    let root = net.rank() == 0;
    let mut summary = Summary::new(model);
    let (mut hashes, mut stats) = (Vec::new(), Vec::new());
    let mut scratch = vec![0.0; nstats];
    let mut mine = Vec::new();
    let mut next = lps.iter().peekable();
    for lo in (0..n).step_by(width) {
        let hi = (lo + width).min(n);
        mine.clear();
        while let Some((lp, core)) = next.next_if(|(lp, _)| (*lp as usize) < hi) {
            model.finished(*lp, &core.state);
            scratch.iter_mut().for_each(|v| *v = 0.0);
            model.lp_stats(&core.state, &mut scratch);
            encode_digest(&mut mine, *lp, lp_hash(model, core), &scratch);
        }
        let parts = net.gather_bytes(&mine);
        if !root {
            continue;
        }
        hashes.clear();
        hashes.resize(hi - lo, 0u64);
        stats.clear();
        stats.resize((hi - lo) * nstats, 0.0);
        for part in &parts {
            decode_digests(part, nstats, |lp, h, s| {
                let i = lp as usize - lo;
                hashes[i] = h;
                stats[i * nstats..(i + 1) * nstats].copy_from_slice(s);
            });
        }
        for (i, h) in hashes.iter().enumerate() {
            let s = &stats[i * nstats..(i + 1) * nstats];
            summary.add_digest(model, (lo + i) as LpId, *h, s);
        }
    }
    let (checksum, values) = summary.finish(model);
    // Process 0's words, the same length everywhere, reach every process.
    let mut words = vec![0u64; 1 + nstats];
    if root {
        words[0] = checksum;
        for (w, (_, v)) in words[1..].iter_mut().zip(&values) {
            *w = v.to_bits();
        }
    }
    let all = net.all_gather_u64(&words);
    let stats = model
        .stats()
        .iter()
        .zip(&all[1..1 + nstats])
        .map(|(s, bits)| (s.name, f64::from_bits(*bits)))
        .collect();
    (all[0], stats)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering::SeqCst};

    use super::WINDOW_BYTES;
    use crate::config::LpMapping;
    use crate::dist::{Processes, Tap, Tapped, mesh};
    use crate::models::phold::{Phold, PholdParams};
    use crate::{RunConfig, SyncMode, run};

    #[test]
    fn digests_fold_window_by_window_into_the_sequential_checksum_and_statistics() {
        let model = Phold::new(PholdParams {
            lps: 300,
            events_per_lp: 2,
            mean_delay: 1.0,
            lookahead: 0.5,
            remote: 0.3,
        })
        .unwrap();
        let mut cfg = RunConfig::new(SyncMode::Sequential, 1, 30.0, 5);
        let oracle = run(&model, &cfg, None).unwrap();
        cfg.pes = 3;
        cfg.mapping = LpMapping::RoundRobin;
        for sync in [SyncMode::Optimistic, SyncMode::Conservative] {
            cfg.sync = sync;
            let gathered = Arc::new(AtomicU64::new(0));
            let reports: Vec<_> = std::thread::scope(|s| {
                let runs: Vec<_> = mesh(3, 2, 9)
                    .into_iter()
                    .map(|p| {
                        let mut c = cfg.clone();
                        let largest = Arc::clone(&gathered);
                        let net = Tap {
                            inner: p.0,
                            seen: Box::new(move |t| {
                                if let Tapped::Gathered(part) = t {
                                    largest.fetch_max(part.len() as u64, SeqCst);
                                }
                            }),
                        };
                        c.processes = Some(Processes(Arc::new(net)));
                        let model = &model;
                        s.spawn(move || run(model, &c, None).unwrap())
                    })
                    .collect();
                runs.into_iter().map(|h| h.join().unwrap()).collect()
            });
            for r in &reports {
                assert_eq!(r.committed_events, oracle.committed_events, "{sync:?}");
                assert_eq!(r.checksum, oracle.checksum, "{sync:?}");
                assert_eq!(r.stats, oracle.stats, "{sync:?}");
            }
            // Each process sent at most a window's digests at once (a third
            // of them, round robin), never its 100 LPs' together.
            let most = gathered.load(SeqCst) as usize;
            assert!(most > 0 && most <= WINDOW_BYTES, "{most} bytes");
        }
    }
}
