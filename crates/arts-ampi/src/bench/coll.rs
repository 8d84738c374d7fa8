//! Overlapping a non-blocking collective with computation: each rank
//! times the collective alone, a computation of about the same length
//! alone (polling between chunks so the collective can progress), and the
//! two overlapped; the overlapped time is compared with the longer of the
//! two and with their sum.

use std::sync::Arc;

use super::{BenchReport, Scale};
use crate::error::{AmpiError, MpiError};
use crate::mpi::{Mpi, Request, WORLD};
use crate::op::Op;
use crate::runner::{RunOptions, run};

/// Elements of one computation chunk (between polls).
const CHUNK: usize = 4096;

/// Which collective overlaps the computation.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Allreduce,
    Alltoall,
}

fn start<'a>(
    mpi: &mut Mpi<'_>,
    kind: Kind,
    send: &[f64],
    recv: &'a mut [f64],
) -> Result<Request<'a>, MpiError> {
    match kind {
        Kind::Allreduce => mpi.iallreduce(send, recv, &Op::Sum, WORLD),
        Kind::Alltoall => mpi.ialltoall(send, recv, WORLD),
    }
}

/// `chunks` chunks of arithmetic on `buf`, polling after each.
fn compute(mpi: &mut Mpi<'_>, buf: &mut [f64], chunks: u32) {
    for _ in 0..chunks {
        for x in buf.iter_mut() {
            *x = *x * 0.999_9 + 1e-4;
        }
        mpi.poll();
    }
}

/// The largest of every rank's `t`.
fn slowest(mpi: &mut Mpi<'_>, t: f64) -> Result<f64, MpiError> {
    let mut m = [0.0];
    mpi.allreduce(&[t], &mut m, &Op::Max, WORLD)?;
    Ok(m[0])
}

/// Best-of-`reps` times (s) of the collective, the computation and both.
fn program(kind: Kind, len: usize, per_pe: u32, reps: u32) -> Arc<crate::ProgramFn> {
    Arc::new(move |mpi| {
        let send: Vec<f64> = (0..len).map(|i| (i % 97) as f64).collect();
        let mut recv = vec![0.0f64; len];
        let mut buf = vec![1.0f64; CHUNK];
        let mut best = [f64::INFINITY; 3];
        let mut chunks = 1;
        for rep in 0..reps {
            mpi.barrier(WORLD)?;
            let t = mpi.wtime();
            let req = start(mpi, kind, &send, &mut recv)?;
            mpi.wait(req)?;
            let coll = slowest(mpi, mpi.wtime() - t)?;
            if rep == 0 {
                let t = mpi.wtime();
                for x in buf.iter_mut() {
                    *x = *x * 0.999_9 + 1e-4;
                }
                let one = (mpi.wtime() - t).max(1e-9) * f64::from(per_pe);
                let mine = [(coll / one).round().max(1.0) as u64];
                let mut all = [0u64];
                mpi.allreduce(&mine, &mut all, &Op::Max, WORLD)?;
                chunks = all[0] as u32;
            }
            mpi.barrier(WORLD)?;
            let t = mpi.wtime();
            compute(mpi, &mut buf, chunks);
            let comp = slowest(mpi, mpi.wtime() - t)?;
            mpi.barrier(WORLD)?;
            let t = mpi.wtime();
            let req = start(mpi, kind, &send, &mut recv)?;
            compute(mpi, &mut buf, chunks);
            mpi.wait(req)?;
            let both = slowest(mpi, mpi.wtime() - t)?;
            for (b, v) in best.iter_mut().zip([coll, comp, both]) {
                *b = b.min(v);
            }
        }
        if mpi.rank() == 0 {
            for (name, v) in ["coll", "comp", "both"].iter().zip(best) {
                mpi.record(name, v);
            }
            mpi.record("check", buf[0] + recv[0]);
        }
        Ok(())
    })
}

/// Adds the `collectives` figures: `iallreduce` and `ialltoall` on 8 VPs
/// over 2 PEs, of a small (latency-bound) and a large (copy-bound) vector.
pub(super) fn measure(scale: Scale, r: &mut BenchReport) -> Result<(), AmpiError> {
    let (lens, reps): ([usize; 2], u32) = match scale {
        Scale::Full => ([1 << 13, 1 << 18], 7),
        Scale::Quick => ([1 << 8, 1 << 12], 2),
    };
    let (vp, pes) = (8, 2);
    let s = "collectives";
    let kinds = [
        (Kind::Allreduce, "iallreduce"),
        (Kind::Alltoall, "ialltoall"),
    ];
    let cases = lens.iter().flat_map(|&len| kinds.map(|(k, n)| (k, n, len)));
    for (kind, name, len) in cases {
        let report = run(
            &RunOptions::new(vp, pes),
            program(kind, len, vp / pes, reps),
        )?;
        let v = |k: &str| report.value(k).unwrap_or(f64::NAN) * 1e3;
        let (coll, comp, both) = (v("coll"), v("comp"), v("both"));
        let what = format!(
            "{name} of {} KiB per rank, {vp} VPs on {pes} PEs",
            len * 8 / 1024
        );
        r.add(s, format!("{what}: collective alone"), coll, "ms");
        r.add(s, format!("{what}: computation alone"), comp, "ms");
        r.add(s, format!("{what}: overlapped"), both, "ms");
        r.check(
            s,
            format!("{what}: overlapped / max(compute, collective)"),
            (both / coll.max(comp), "x"),
            true,
            1.1,
        );
        r.add(
            s,
            format!("{what}: overlapped / (compute + collective)"),
            both / (coll + comp),
            "x",
        );
    }
    Ok(())
}
