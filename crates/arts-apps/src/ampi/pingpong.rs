//! `pingpong` (ranks 0 and 1) and `multiping` (all pairs at once): one-way
//! latency from timed round trips of `--bytes`-byte messages.

use std::sync::Arc;

use super::{Built, Params};
use arts_ampi::Op;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Round trips when `--iters` is not given.
const DEFAULT_ROUND_TRIPS: u32 = 1000;

/// Timed round trips with `partner`; returns the one-way latency in seconds.
fn ping(
    mpi: &mut Mpi<'_>,
    partner: i32,
    leader: bool,
    buf: &mut [u8],
    trips: u32,
) -> Result<f64, MpiError> {
    let warmup = (trips / 10).max(1);
    let mut start = 0.0;
    for i in 0..warmup + trips {
        if i == warmup {
            start = mpi.wtime();
        }
        if leader {
            mpi.send(buf, partner, 0, WORLD)?;
            mpi.recv(buf, partner, 0, WORLD)?;
        } else {
            mpi.recv(buf, partner, 0, WORLD)?;
            mpi.send(buf, partner, 0, WORLD)?;
        }
    }
    Ok((mpi.wtime() - start) / (2.0 * trips as f64))
}

pub(super) fn build(params: &Params, vp: u32, all_pairs: bool) -> Result<Built, AmpiError> {
    if vp < 2 {
        return Err(AmpiError::Usage(format!(
            "{} needs at least 2 ranks (--vp), got {vp}",
            if all_pairs { "multiping" } else { "pingpong" }
        )));
    }
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
