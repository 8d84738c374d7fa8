//! Overlapping a non-blocking collective with computation: each rank
//! times the collective alone, a computation of about the same length
//! alone (polling between chunks so the collective can progress), and the
//! two overlapped; the overlapped time is compared with the longer of the
//! two and with their sum.
//!
//! Within one process a collective is copies and arithmetic on the same
//! cores as the computation, so there is nothing to overlap once every
//! core computes. The paper's collectives spent their time on the network;
//! the last cases put the ranks on two clusters behind an emulated
//! wide-area link (`arts-grid`), where the collective's time is waiting.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arts_core::Config;
use arts_grid::{Emulation, Topology};

use super::{BenchReport, Scale};
use arts_ampi::Op;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, Request, WORLD};
use arts_ampi::{RunOptions, run};

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

/// Seconds on `clock` when every rank starts the next phase: rank 0 picks
/// an instant `margin` ahead and broadcasts it, and each rank polls until
/// then. A barrier would not do: its exits are skewed (a dissemination
/// barrier across a slow link lets some ranks out milliseconds before
/// others), and a rank let out early would time the others' lateness. The
/// bench runs in one process, so `clock` is one clock for every rank.
fn start_together(mpi: &mut Mpi<'_>, clock: Instant, margin: f64) -> Result<f64, MpiError> {
    let mut at = [clock.elapsed().as_secs_f64() + margin];
    mpi.bcast(&mut at, 0, WORLD)?;
    while clock.elapsed().as_secs_f64() < at[0] {
        mpi.poll();
    }
    Ok(at[0])
}

/// Seconds from a common start until the last rank is through `phase`.
fn timed(
    mpi: &mut Mpi<'_>,
    clock: Instant,
    margin: f64,
    phase: impl FnOnce(&mut Mpi<'_>) -> Result<(), MpiError>,
) -> Result<f64, MpiError> {
    let at = start_together(mpi, clock, margin)?;
    phase(mpi)?;
    slowest(mpi, clock.elapsed().as_secs_f64() - at)
}

/// Best-of-`reps` times (s) of the collective, the computation (sized to
/// last as long as the collective) and both.
fn program(kind: Kind, len: usize, reps: u32) -> Arc<arts_ampi::ProgramFn> {
    let clock = Instant::now();
    Arc::new(move |mpi| {
        let send: Vec<f64> = (0..len).map(|i| (i % 97) as f64).collect();
        let mut recv = vec![0.0f64; len];
        let mut buf = vec![1.0f64; CHUNK];
        // Ahead by many times a broadcast's longest path (a barrier's).
        let t = clock.elapsed().as_secs_f64();
        mpi.barrier(WORLD)?;
        let margin = 10.0 * slowest(mpi, clock.elapsed().as_secs_f64() - t)? + 1e-4;
        // The collective (if `coll`) overlapped with `chunks` of computation.
        let mut phase = |mpi: &mut Mpi<'_>, coll: bool, chunks: u32| {
            timed(mpi, clock, margin, |mpi| {
                let req = coll
                    .then(|| start(mpi, kind, &send, &mut recv))
                    .transpose()?;
                compute(mpi, &mut buf, chunks);
                req.map_or(Ok(()), |r| mpi.wait(r).map(drop))
            })
        };
        // Every rank sees the same times, so all size the computation alike.
        let mut chunks = 1u32;
        for _ in 0..3 {
            let c = phase(mpi, true, 0)?;
            let p = phase(mpi, false, chunks)?;
            chunks = (f64::from(chunks) * c / p).round().clamp(1.0, 1e6) as u32;
        }
        let mut best = [f64::INFINITY; 3];
        for _ in 0..reps {
            let times = [
                phase(mpi, true, 0)?,
                phase(mpi, false, chunks)?,
                phase(mpi, true, chunks)?,
            ];
            for (b, v) in best.iter_mut().zip(times) {
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

/// The one-way latency between the two clusters of the wide-area cases.
const WIDE_AREA_LATENCY: Duration = Duration::from_millis(1);

/// Adds the `collectives` figures: `iallreduce` and `ialltoall` on 8 VPs
/// over 2 PEs, of a small (latency-bound) and a large (copy-bound) vector,
/// then of the small one with the PEs in two clusters 1 ms apart.
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
    let topology = Topology::uniform(pes, 2, WIDE_AREA_LATENCY)
        .map_err(|e| AmpiError::Usage(e.to_string()))?;
    let wide_area = Emulation::new(topology).apply(Config {
        pes,
        ..Config::default()
    })?;
    let runs = [
        (RunOptions::new(vp, pes), ""),
        (
            RunOptions {
                runtime: wide_area,
                ..RunOptions::new(vp, pes)
            },
            " in 2 clusters 1 ms apart",
        ),
    ];
    let cases = (runs.iter().zip([&lens[..], &lens[..1]]))
        .flat_map(|(run, lens)| lens.iter().map(move |&len| (run, len)))
        .flat_map(|(run, len)| kinds.map(|(k, n)| (run, k, n, len)));
    for ((opts, grid), kind, name, len) in cases {
        let report = run(opts, program(kind, len, reps))?;
        let v = |k: &str| report.value(k).unwrap_or(f64::NAN) * 1e3;
        let (coll, comp, both) = (v("coll"), v("comp"), v("both"));
        let what = format!(
            "{name} of {} KiB per rank, {vp} VPs on {pes} PEs{grid}",
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
