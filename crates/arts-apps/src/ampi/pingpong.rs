//! `pingpong` (ranks 0 and 1) and `pingpong-pairs` (all pairs at once):
//! one-way latency from timed round trips of `--bytes`-byte messages; and
//! the AMPI paper's `multiping` (its Fig. 9): rank 0 sends a burst of
//! pings that rank 1 answers with one short pong once all arrived, which
//! fills the pipeline, timed beside the ping-pong of the same size.

use std::sync::Arc;

use super::{Built, Params};
use arts_ampi::Op;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Round trips when `--iters` is not given.
const DEFAULT_ROUND_TRIPS: u32 = 1000;

/// Seconds `rounds` calls of `round` take, after a tenth as many (at least
/// one) untimed to warm up.
fn timed(
    mpi: &mut Mpi<'_>,
    rounds: u32,
    mut round: impl FnMut(&mut Mpi<'_>) -> Result<(), MpiError>,
) -> Result<f64, MpiError> {
    for _ in 0..(rounds / 10).max(1) {
        round(mpi)?;
    }
    let start = mpi.wtime();
    for _ in 0..rounds {
        round(mpi)?;
    }
    Ok(mpi.wtime() - start)
}

/// Timed round trips with `partner`; returns the one-way latency in seconds.
fn ping(
    mpi: &mut Mpi<'_>,
    partner: i32,
    leader: bool,
    buf: &mut [u8],
    trips: u32,
) -> Result<f64, MpiError> {
    let total = timed(mpi, trips, |mpi| {
        if leader {
            mpi.send(buf, partner, 0, WORLD)?;
            mpi.recv(buf, partner, 0, WORLD).map(drop)
        } else {
            mpi.recv(buf, partner, 0, WORLD)?;
            mpi.send(buf, partner, 0, WORLD)
        }
    })?;
    Ok(total / (2.0 * trips as f64))
}

/// Pings per burst of `multiping`.
const BURST: u32 = 32;

/// Bursts of `multiping` when `--iters` is not given.
const DEFAULT_BURSTS: u32 = 100;

/// Timed bursts of [`BURST`] pings to `partner`, each answered by one
/// 1-byte pong; returns the time per ping in seconds.
fn multi_ping(
    mpi: &mut Mpi<'_>,
    partner: i32,
    leader: bool,
    buf: &mut [u8],
    bursts: u32,
) -> Result<f64, MpiError> {
    let mut pong = [0u8];
    let total = timed(mpi, bursts, |mpi| {
        if leader {
            for _ in 0..BURST {
                mpi.send(buf, partner, 1, WORLD)?;
            }
            mpi.recv(&mut pong, partner, 2, WORLD).map(drop)
        } else {
            for _ in 0..BURST {
                mpi.recv(buf, partner, 1, WORLD)?;
            }
            mpi.send(&pong, partner, 2, WORLD)
        }
    })?;
    Ok(total / f64::from(bursts * BURST))
}

/// Refuses a run of `program` on fewer than two ranks.
fn two_ranks(program: &str, vp: u32) -> Result<(), AmpiError> {
    if vp < 2 {
        return Err(AmpiError::Usage(format!(
            "{program} needs at least 2 ranks (--vp), got {vp}"
        )));
    }
    Ok(())
}

/// `multiping`: ranks 0 and 1 time the ping-pong and the multi-ping of
/// `--bytes`-byte messages; the other ranks wait.
pub(super) fn build_multi(params: &Params, vp: u32) -> Result<Built, AmpiError> {
    two_ranks("multiping", vp)?;
    let bytes = params.bytes;
    let bursts = params.iters.unwrap_or(DEFAULT_BURSTS);
    let program = move |mpi: &mut Mpi<'_>| -> Result<(), MpiError> {
        let r = mpi.rank();
        if r < 2 {
            let mut buf = vec![r as u8; bytes];
            let one_way = ping(mpi, r ^ 1, r == 0, &mut buf, bursts * BURST / 2)?;
            let per_ping = multi_ping(mpi, r ^ 1, r == 0, &mut buf, bursts)?;
            if r == 0 {
                mpi.record("pingpong_us", one_way * 1e6);
                mpi.record("multiping_us", per_ping * 1e6);
                mpi.record("burst", f64::from(BURST));
                mpi.record("bandwidth_mb_s", bytes as f64 / per_ping / 1e6);
            }
        }
        mpi.barrier(WORLD)
    };
    Ok(Built {
        program: Arc::new(program),
        memory_bytes: (vp as u64 + u64::from(BURST) * 2) * bytes as u64,
    })
}

pub(super) fn build(params: &Params, vp: u32, all_pairs: bool) -> Result<Built, AmpiError> {
    two_ranks(
        if all_pairs {
            "pingpong-pairs"
        } else {
            "pingpong"
        },
        vp,
    )?;
    let (bytes, trips) = (params.bytes, params.iters.unwrap_or(DEFAULT_ROUND_TRIPS));
    let program = move |mpi: &mut Mpi<'_>| -> Result<(), MpiError> {
        let r = mpi.rank();
        let partner = r ^ 1;
        let active = if all_pairs {
            partner < mpi.size()
        } else {
            r < 2
        };
        let mut buf = vec![r as u8; bytes];
        let latency = if active {
            ping(mpi, partner, r % 2 == 0, &mut buf, trips)?
        } else {
            0.0
        };
        // Mean over the pairs (each pair's leader contributes).
        let leader = active && r % 2 == 0;
        let mine = [
            if leader { latency } else { 0.0 },
            f64::from(u8::from(leader)),
        ];
        let mut sum = [0.0; 2];
        mpi.reduce(&mine, &mut sum, &Op::Sum, 0, WORLD)?;
        if r == 0 {
            let mean = sum[0] / sum[1];
            mpi.record("latency_us", mean * 1e6);
            mpi.record("bandwidth_mb_s", bytes as f64 / mean / 1e6);
            mpi.record("pairs", sum[1]);
        }
        Ok(())
    };
    Ok(Built {
        program: Arc::new(program),
        memory_bytes: vp as u64 * bytes as u64 * 3,
    })
}
