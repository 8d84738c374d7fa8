//! The cost of switching to a VP and back: a bare coroutine
//! suspend+resume (what a blocking call costs a rank), a yield through the
//! scheduler (`Mpi::poll`: a message to itself, then the switch), and, as
//! the baseline, handing control between two OS threads.

use std::sync::Arc;
use std::sync::mpsc::sync_channel;
use std::time::Instant;

use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, Yielder};

use super::{BenchReport, Scale};
use arts_ampi::AmpiError;
use arts_ampi::{RunOptions, run};

/// Nanoseconds per resume+suspend of a coroutine on a VP-sized stack.
fn coroutine_ns(n: u32) -> Result<f64, AmpiError> {
    let stack = DefaultStack::new(64 * 1024).map_err(|e| AmpiError::Usage(e.to_string()))?;
    let mut co: Coroutine<(), (), (), DefaultStack> =
        Coroutine::with_stack(stack, |y: &Yielder<(), ()>, ()| {
            loop {
                y.suspend(());
            }
        });
    for _ in 0..n / 10 {
        co.resume(());
    }
    let t = Instant::now();
    for _ in 0..n {
        co.resume(());
    }
    Ok(t.elapsed().as_nanos() as f64 / f64::from(n))
}

/// Nanoseconds for one hand-off between two OS threads (a rendezvous
/// channel ping-pong, one way).
fn thread_handoff_ns(n: u32) -> f64 {
    let (to_b, from_a) = sync_channel::<u32>(0);
    let (to_a, from_b) = sync_channel::<u32>(0);
    let echo = std::thread::spawn(move || {
        while let Ok(x) = from_a.recv() {
            if to_a.send(x).is_err() {
                break;
            }
        }
    });
    let t = Instant::now();
    for i in 0..n {
        let _ = to_b.send(i);
        let _ = from_b.recv();
    }
    let ns = t.elapsed().as_nanos() as f64 / (2.0 * f64::from(n));
    drop(to_b);
    let _ = echo.join();
    ns
}

/// Nanoseconds per `Mpi::poll` of one rank alone on one PE.
fn poll_ns(n: u32) -> Result<f64, AmpiError> {
    let report = run(
        &RunOptions::new(1, 1),
        Arc::new(move |mpi| {
            let t = mpi.wtime();
            for _ in 0..n {
                mpi.poll();
            }
            let ns = (mpi.wtime() - t) * 1e9 / f64::from(n);
            mpi.record("poll_ns", ns);
            Ok(())
        }),
    )?;
    Ok(report.value("poll_ns").unwrap_or(f64::NAN))
}

/// Adds the `switch` figures.
pub(super) fn measure(scale: Scale, r: &mut BenchReport) -> Result<(), AmpiError> {
    let n = match scale {
        Scale::Full => 2_000_000,
        Scale::Quick => 20_000,
    };
    let s = "switch";
    r.check(
        s,
        "VP context switch (coroutine suspend+resume)",
        (coroutine_ns(n)?, "ns"),
        true,
        50.0,
    );
    r.add(
        s,
        "VP yield through the scheduler (Mpi::poll)",
        poll_ns(n / 10)?,
        "ns",
    );
    r.add(
        s,
        "baseline: OS thread hand-off (one way)",
        thread_handoff_ns(n / 100),
        "ns",
    );
    Ok(())
}
